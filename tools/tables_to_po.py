"""One-shot: today's (en, ru) tables -> gettext .po catalogues (issue 35 item 1).

Reads the tables from the live modules (i18n.CORE_LABELS, web/words.WORDS,
club/words.WORDS, each game's labels and RULE_TEXTS) and writes
whistscore/locale/{en,ru,da}.po and whistscore/games/<game>/locale/{en,ru,da}.po.
Danish comes from /work/notes/da.jsonl (keyed by the (en, ru) pair).
"""
from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DA: dict[tuple[str, str], str] = {}
_da = Path("/work/notes/da.jsonl")
if _da.exists():
    for line in _da.read_text(encoding="utf-8").splitlines():
        if line.strip():
            d = json.loads(line)
            if d.get("da"):
                DA[d["en"], d["ru"]] = d["da"]
MISSING_DA: list[tuple[str, str, str]] = []

#: words that are not (en, ru) tables today but hard-coded sentences in i18n.py
EXTRA_CORE = {
    "explain.on": ("deal {0}: {1} writes {2} on {3}", "сдача {0}: {1} пишет {2} на {3@accusative}"),
    "explain.into": ("deal {0}: {1} writes {2} into {3}", "сдача {0}: {1} пишет {2} в {3}"),
    "pays.verb": (" pays ", " платит "),
    "pays.undeclined": (" → ", " → "),
    "count.deals": ("{0} {0|deal|deals}", "{0} {0|сдача|сдачи|сдач}"),
}
#: the grammar (docs/languages.md): reserved keys of the core catalogue
GRAMMAR = {
    "grammar.language": ("English", "Русский", "Dansk"),
    "grammar.fraction_form": ("1", "1", "1"),
    "grammar.decimal": (".", ",", ","),
    "grammar.money": ("", "", "{0} kr."),
    "grammar.currencies": ("", "₽=руб,руб.,р,р.,rub,rub.,rur,₽", "kr.=kr,kr.,dkk,kroner"),
    "grammar.date": ("", "{d}.{m}.{y}", "{d_}.{m_}.{y}"),
    "grammar.ordinals": ("en", "", "da"),
    "grammar.name_cases": ("", "ru", ""),
}


def tables() -> dict[str, dict[str, tuple[str, str]]]:
    from whistscore import i18n
    from whistscore.club import words as club_words
    from whistscore.games import GAMES, get_game
    from whistscore.web import words as web_words

    core: dict[str, tuple[str, str]] = {}
    core.update(CORE_LABELS := dict(i18n.CORE_LABELS))
    core.update(EXTRA_CORE)
    for k, v in web_words.WORDS.items():
        core[f"web.{k}"] = v
    for k, v in club_words.WORDS.items():
        core[f"club.{k}"] = v
    out = {"core": core}
    for name in GAMES:
        kind = get_game(name)
        own: dict[str, tuple[str, str]] = dict(kind.labels)
        for key, rt in kind.rule_texts.items():
            own[f"rule.{key}"] = (rt.en, rt.ru.replace(" x ", " × "))
            if rt.source:
                own[f"rule.{key}.source"] = (rt.source.en, rt.source.ru)
        out[name] = own
    return out


HEADER = ("# whistscore's words ({what}) in the language {lang}: msgid is the key, msgstr the text.\n"
          "# docs/languages.md says how to add a language; tools/catalogues.py compiles.")


def write(path: Path, lang: str, table: dict[str, tuple[str, str]], grammar: bool, what: str) -> None:
    import datetime
    when = datetime.datetime(2026, 12, 7, tzinfo=datetime.timezone.utc)
    cat = Catalog(locale=lang, project="whistscore", version="", copyright_holder="",
                  msgid_bugs_address="", charset="utf-8", fuzzy=False,
                  header_comment=HEADER.format(what=what, lang=lang),
                  creation_date=when, revision_date=when,
                  last_translator="whistscore", language_team=lang)
    i = {"en": 0, "ru": 1}.get(lang)
    for key, pair in table.items():
        assert len(pair) == 2 and all(isinstance(p, str) for p in pair), (key, pair)
        if i is not None:
            said = pair[i]
        else:
            said = DA.get(pair)
            if said is None:
                MISSING_DA.append((key, *pair))
                said = pair[0]
        comments = [] if lang == "en" else [f"en: {pair[0]}"]
        cat.add(key, said, auto_comments=comments)
    if grammar:
        for key, texts in GRAMMAR.items():
            said = texts[{"en": 0, "ru": 1, "da": 2}[lang]]
            cat.add(key, said, auto_comments=[] if lang == "en" else [f"en: {texts[0]}"])
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as fh:
        write_po(fh, cat, width=0, omit_header=False, sort_output=False, no_location=True)


def main() -> None:
    langs = sys.argv[1:] or ["en", "ru"]
    for name, table in tables().items():
        folder = ROOT / "whistscore" / "locale" if name == "core" else (
            ROOT / "whistscore" / "games" / name / "locale")
        for lang in langs:
            write(folder / f"{lang}.po", lang, table, name == "core",
                  "the core" if name == "core" else f"the game {name}")
    if MISSING_DA:
        Path("/tmp/missing_da.jsonl").write_text("".join(
            json.dumps({"key": k, "en": en, "ru": ru}, ensure_ascii=False) + "\n"
            for k, en, ru in MISSING_DA), encoding="utf-8")
        print(f"{len(MISSING_DA)} without Danish: /tmp/missing_da.jsonl", file=sys.stderr)


if __name__ == "__main__":
    main()
