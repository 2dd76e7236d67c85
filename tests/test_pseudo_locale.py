"""A fourth language is its catalogues and nothing else (issue 35): a pseudo-language built
here, every text of English wrapped in ⟦ ⟧ and a made-up plural rule of three forms, is
registered only by the folder named in WHISTSCORE_LOCALE_PATH, and every page and command
then speaks it, with no English left in the texts they say (names, notation and the
technical details aside)."""

from __future__ import annotations

import json
import re
import shutil
import struct
from pathlib import Path

import pytest
from starlette.testclient import TestClient

import whistscore
from whistscore import language
from whistscore.games import declared, get_game
from whistscore.language import CORE, LOCALE_PATH_VARIABLE

from clirun import run
from test_words import SYMBOLS, Visible, as_written

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(ROOT.glob("samples/*.json"))
LANG = "xq"
TOKEN = "tok-" + "q" * 20
#: the made-up rule: three forms, the first for 1, the second for numbers ending in 2, the
#: third for the rest
PLURAL = "nplurals=3; plural=(n==1 ? 0 : n%10==2 ? 1 : 2);"
_FIELD = re.compile(r"\{[^{}]*\}")
_WORD = re.compile(r"[^{}|—]+")


def pseudo(key: str, text: str) -> str:
    """``text`` with every run of words wrapped in ⟦ ⟧, its fields kept as they are and a
    plural field's two forms made three."""
    if key.startswith("grammar."):
        return {"grammar.language": "Pseudo", "grammar.decimal": "٫", "grammar.date": "{y}/{m_}/{d_}",
                "grammar.fraction_form": "2", "grammar.ordinals": ""}.get(key, text)
    out, at = [], 0
    for m in _FIELD.finditer(text):
        out.append(_wrapped(text[at:m.start()]))
        field = m.group()
        if "|" in field:
            head, *forms = field[1:-1].split("|")
            forms = [f"⟦{f}⟧" for f in forms]
            if len(forms) == 2:
                forms = [forms[0], forms[1] + "²", forms[1]]
            field = "{" + "|".join([head, *forms]) + "}"
        out.append(field)
        at = m.end()
    out.append(_wrapped(text[at:]))
    return "".join(out)


def _wrapped(part: str) -> str:
    # a term's forms ("gora|goras — ...") are cut at "|" and " — ": each piece wrapped alone
    return _WORD.sub(lambda m: f"⟦{m.group()}⟧" if m.group().strip() else m.group(), part)


def write_mo(path: Path, texts: dict[str, str], plural: str) -> None:
    """A GNU .mo file (the format gettext reads), written with the standard library."""
    header = f"Content-Type: text/plain; charset=UTF-8\nPlural-Forms: {plural}\n"
    items = sorted({"": header, **texts}.items())
    ids = b"".join(k.encode() + b"\0" for k, _ in items)
    strs = b"".join(v.encode() + b"\0" for _, v in items)
    n = len(items)
    start = 7 * 4 + 16 * n
    offsets, at = [], 0
    for k, _ in items:
        offsets += [len(k.encode()), start + at]
        at += len(k.encode()) + 1
    str_offsets, at = [], 0
    for _, v in items:
        str_offsets += [len(v.encode()), start + len(ids) + at]
        at += len(v.encode()) + 1
    out = struct.pack("Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + 8 * n, 0, 0)
    out += struct.pack(f"{2 * n}i", *offsets) + struct.pack(f"{2 * n}i", *str_offsets)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out + ids + strs)


@pytest.fixture(scope="module")
def pseudo_path(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("locale")
    write_mo(folder / f"{LANG}.mo", {k: pseudo(k, v) for k, v in CORE.texts("en").items()},
             PLURAL)
    for name in declared():
        words = get_game(name).words
        if words is not None and words.folder is not None:
            write_mo(folder / words.name / f"{LANG}.mo",
                     {k: pseudo(k, v) for k, v in words.texts("en").items()}, PLURAL)
    mp = pytest.MonkeyPatch()
    mp.setenv(LOCALE_PATH_VARIABLE, str(folder))
    yield folder
    mp.undo()
    language.forget()


def test_pseudo_texts_keep_their_fields() -> None:
    assert pseudo("x", "{0} {0|deal|deals} on {1@accusative}") == \
        "{0} {0|⟦deal⟧|⟦deals⟧²|⟦deals⟧}⟦ on ⟧{1@accusative}"


def test_the_language_is_found_by_its_folder_alone(pseudo_path: Path) -> None:
    assert LANG in language.langs()
    assert language.grammar(LANG).nplurals == 3
    # the made-up plural rule: 1 -> first, 2, 12 -> second, the rest -> third
    assert [whistscore.i18n.count_deals(n, LANG) for n in (1, 2, 12, 5)] == [
        "1 ⟦deal⟧", "2 ⟦deals⟧²", "12 ⟦deals⟧²", "5 ⟦deals⟧"]


def _left(texts: list[str], allowed: set[str]) -> list[str]:
    """The Latin words a text says outside ⟦ ⟧ and outside what the players wrote."""
    left = []
    for t in texts:
        t = re.sub(r"⟦[^⟧]*⟧", " ", t)
        t = re.sub(r"https?://\S+", " ", t)
        for phrase in sorted(allowed, key=len, reverse=True):
            t = t.replace(phrase, " ")
        left += [w for w in re.findall(r"[A-Za-z]+", t) if w not in SYMBOLS | {"whistscore"}]
    return left


def test_every_page_speaks_the_pseudo_language(pseudo_path: Path, tmp_path: Path) -> None:
    from whistscore.web.app import create_app

    for p in SAMPLES:
        shutil.copy(p, tmp_path / p.name)
    c = TestClient(create_app(tmp_path, TOKEN), base_url="http://127.0.0.1:8000",
                   client=("127.0.0.1", 50000))
    written = {p.stem: as_written(p) for p in SAMPLES}
    names = {name for _, name in whistscore.web.words.languages()}
    # a game another test registered (tests/tallygame.py) names itself in English only
    others = {whistscore.get_game(n).title for n in whistscore.GAMES
              if not declared().get(n, "").startswith("whistscore.games.")}
    pages = {"/": set().union(*written.values(), others)}
    for stem, allowed in written.items():
        for url in (f"/g/{stem}", f"/g/{stem}?all=1", f"/g/{stem}/settle"):
            pages[url] = allowed
    bad = {}
    for url, allowed in pages.items():
        r = c.get(url + ("&" if "?" in url else "?") + f"lang={LANG}")
        assert r.status_code == 200, url
        v = Visible()
        v.feed(r.text)
        said = " ".join(v.said)
        assert "⟦" in said, url
        if left := _left(v.said, allowed | names):
            bad[url] = sorted(set(left))
    assert bad == {}
    # the deal form's words come from the server in the page's language too
    page = c.get(f"/g/{SAMPLES[0].stem}?lang={LANG}").text
    assert f'lang="{LANG}"' in page or f'data-lang="{LANG}"' in page


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_every_command_speaks_the_pseudo_language(pseudo_path: Path, sample: Path) -> None:
    allowed = as_written(sample) | {sample.name, str(sample)}
    for command in (["show", "--explain"], ["settle"], ["check"]):
        status, out, err = run([*command, str(sample), "--lang", LANG])
        assert status == 0, (command, err)
        assert "⟦" in out, command
        # the table's own rows hold the deals as written (notation) and numbers
        lines = [line for line in out.splitlines() if line.strip() and "-----" not in line]
        assert not _left(lines, allowed | _notations(sample)), (command, _left(lines, allowed))


def _notations(sample: Path) -> set[str]:
    data = json.loads(sample.read_text("utf-8"))
    game = whistscore.files.load(sample)
    words = set()
    for d in game.deals:
        words |= set(re.findall(r"[A-Za-z_]+", game.notation(d)))
    return words | {data.get("currency") or ""} - {""}


def test_the_workbook_speaks_the_pseudo_language(pseudo_path: Path, tmp_path: Path) -> None:
    import openpyxl
    sample = ROOT / "samples" / "danish-evening-4.json"
    out = tmp_path / "g.xlsx"
    status, _, err = run(["export", str(sample), str(out), "--lang", LANG])
    assert status == 0, err
    book = openpyxl.load_workbook(out)
    assert all("⟦" in ws.title or ws.sheet_state != "visible" for ws in book.worksheets)
