"""Refusals in the reader's words (issue 22: "Found" 4, "Right words").

Every error a player can cause by a deal, its notation, the rules, the stake, the players
or the game file carries a ``key``; its sentence (``err.<key>``) is written in English and
Russian by the game's package (its catalogue) or, for the core's errors, in the core words.
Checked two ways, for every game the registry declares (a fifth game is checked too):

- on the source: every error raised in a game's package and in the core modules a user's
  input reaches names a key that has words in both languages (and a rule option's kind
  names its own);
- on a corpus of bad inputs per game (tests/corpus/<game>.json, bad rule values made from
  each option, bad stakes, players and game files): each refusal is said by its own
  sentence -- not the fallback "check the field" -- that ends as a sentence, keeps no
  placeholder, and in Russian has no Latin word but the players' names, what was typed and
  the code it quotes («gh», «true»).  Its technical text (the CLI's message, the page's
  "details") names no seed file and no spec page.
"""

from __future__ import annotations

import ast
import copy
import importlib
import json
import re
from pathlib import Path
from typing import Any, Iterator

import pytest

import whistscore
from whistscore import errors, files, journal, recording
from whistscore.errors import InputError
from whistscore.game import DealRecord
from whistscore.games import declared, get_game
from whistscore.i18n import error_message
from whistscore.language import CORE
from whistscore.replay import replay
from whistscore.rules import parse_stake

from clirun import run
from test_bad_input import bad_files

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "whistscore"
#: every game installed (its entry point): a game added is checked too
GAME_NAMES = list(declared())
#: the core modules a user's input reaches (below the CLI and the web layer)
CORE_MODULES = ("checks.py", "textrules.py", "strictjson.py", "repair.py", "journal.py", "rules.py", "scored.py", "replay.py",
                "recording.py", "game.py", "games/__init__.py", "settlement.py", "files.py")
#: the constructors of the errors a user sees (``error`` is the class a check was handed)
ERRORS = {n for n in errors.__all__ if isinstance(getattr(errors, n), type)
          and issubclass(getattr(errors, n), InputError)} | {"error", "NotAFile", "LinkMoved"}
#: the sheet's symbols, written as on paper in both languages (whist's sides)
SYMBOLS = {"NS", "EW"}
#: the program's own name, a name in any language
NAMES = {"whistscore"}
#: the fallbacks a refusal with no sentence of its own gets
FALLBACKS = ("err.field", "err.any")


def package_of(name: str) -> Path:
    module = declared()[name].split(":")[0]
    return Path(importlib.import_module(module).__file__ or "").parent


def words_for(key: str, name: str | None) -> tuple[str, str] | None:
    """The (English, Russian) sentence of ``err.<key>``, the game's or the core's."""
    for catalogue in ((get_game(name).words,) if name is not None else ()) + (CORE,):
        en = catalogue.get(f"err.{key}", "en")
        if en is not None:
            return en, catalogue.get(f"err.{key}", "ru") or en
    return None


# -- on the source: every raise names its sentence ------------------------------------

def raise_sites(path: Path) -> Iterator[tuple[int, str | None, ast.expr | None, int | None]]:
    """(line, key or None, the key's expression, how many arguments) of each error made."""
    tree = ast.parse(path.read_text("utf-8"))
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id in ERRORS:
            kw = {k.arg: k.value for k in node.keywords}
            key = kw.get("key")
            args = kw.get("args")
            count = len(args.elts) if isinstance(args, ast.Tuple) else None if args else 0
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                yield node.lineno, key.value, key, count
            else:
                yield node.lineno, None, key, count
        elif node.func.id == "fail":  # Danish notation: the failure that got furthest
            key = node.args[4] if len(node.args) > 4 else None
            count = len(node.args[5].elts) if len(node.args) > 5 and isinstance(
                node.args[5], ast.Tuple) else 0
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                yield node.lineno, key.value, key, count
            else:
                yield node.lineno, None, key, count


def _passed_on(key: ast.expr | None) -> bool:
    """``key=exc.key`` (an error rebuilt from another) or ``key=key`` (a failure read back)."""
    return (isinstance(key, ast.Attribute) and key.attr == "key") or isinstance(key, ast.Name)


def _placeholders(said: str) -> int:
    found = [int(n) for n in re.findall(r"\{(\d)[}@#]", said)]
    return max(found) + 1 if found else 0


def _check_sites(paths: list[Path], name: str | None) -> list[str]:
    bad = []
    for path in paths:
        where = path.relative_to(ROOT)
        for line, key, expr, count in raise_sites(path):
            if key is None:
                if not _passed_on(expr):
                    bad.append(f"{where}:{line}: no key")
                continue
            pair = words_for(key, name)
            if pair is None or not all(pair):
                bad.append(f"{where}:{line}: err.{key} has no words in English and Russian")
                continue
            if count is not None and any(_placeholders(s) > count for s in pair):
                bad.append(f"{where}:{line}: err.{key} needs more arguments than {count}")
    return bad


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_error_a_game_raises_has_its_sentence(name: str) -> None:
    paths = sorted(package_of(name).glob("*.py"))
    sites = [s for p in paths for s in raise_sites(p)]
    assert len(sites) >= 10, "the game's deal checks were found"
    assert _check_sites(paths, name) == []


def test_every_error_of_the_core_a_user_meets_has_its_sentence() -> None:
    assert _check_sites([PACKAGE / m for m in CORE_MODULES], None) == []


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_option_kind_names_its_sentence(name: str) -> None:
    kind = get_game(name)
    for option in kind.rulebook.options:
        key, args = option.kind.said()
        pair = words_for(key, name)
        assert pair is not None and all(pair), (option.name, key)
        assert all(_placeholders(s) <= 1 + len(args) for s in pair), (option.name, key)


# -- on a corpus of bad inputs: each said by its own sentence --------------------------

def _strings(value: object) -> Iterator[str]:
    """What was typed: its text, its words, keys and string values."""
    if isinstance(value, str):
        yield value
        yield from value.split()
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def unquoted(said: str) -> str:
    """Without what the sentence quotes as code («gh», «true», «7Z»: typed, or to type)."""
    return re.sub(r"«[^»А-Яа-яЁё]*»", "«»", said)


def latin_left(said: str, allowed: set[str]) -> list[str]:
    text = unquoted(said)
    for phrase in sorted(allowed | NAMES, key=len, reverse=True):
        if phrase:
            text = text.replace(phrase, " ")
    return [w for w in re.findall(r"[A-Za-z]+", text) if w not in SYMBOLS]


def judged(exc: InputError, name: str | None, allowed: set[str]) -> list[str]:
    """What is wrong with a refusal's sentences (an empty list: nothing)."""
    kinds = [get_game(name)] if name else []
    wrong = []
    if not exc.key or words_for(exc.key, name) is None:
        wrong.append(f"no sentence of its own: {exc}")
        return wrong
    for lang in ("en", "ru"):
        said = error_message(exc, kinds, lang)
        fallbacks = {str(CORE.get(k, lang)).split("{")[0]
                     for k in FALLBACKS}
        if any(said.startswith(f) for f in fallbacks):
            wrong.append(f"{lang}: the fallback: {said}")
        if not said.endswith((".", "?", "!")):
            wrong.append(f"{lang}: not a sentence: {said}")
        if "{" in said or "}" in said or "this field" in said or "это поле" in said:
            wrong.append(f"{lang}: a placeholder left: {said}")
        if len(said) > 160:
            wrong.append(f"{lang}: too long: {said}")
        if lang == "ru" and latin_left(said, allowed):
            wrong.append(f"ru: Latin {latin_left(said, allowed)}: {said}")
    if _cites_a_file(str(exc)):
        wrong.append(f"the technical text cites a file: {exc}")
    return wrong


def corpus(name: str) -> dict[str, Any]:
    return json.loads((ROOT / "tests" / "corpus" / f"{name}.json").read_text("utf-8"))


def deal_refusals(name: str) -> Iterator[tuple[whistscore.Game, object, InputError]]:
    data = corpus(name)
    cases = [(data["game_file"], bad) for bad in data["bad_deals"]]
    for other in data.get("other_files", []):
        cases += [(other["game_file"], bad) for bad in other["bad_deals"]]
    for game_file, bad in cases:
        g = journal.from_json(game_file)
        deal = bad["deal"]
        try:
            if isinstance(deal, str):
                record = DealRecord(g.kind.parse_notation(deal, g.players, g.rules))
            else:
                record = journal.deal_from_json(g.kind, deal, g.players, g.rules)
            replay(g).extend(record)
        except InputError as exc:
            yield g, deal, exc
        else:
            raise AssertionError(f"accepted: {deal!r}")


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_bad_deal_of_the_corpus_is_said_by_its_own_sentence(name: str) -> None:
    assert (ROOT / "tests" / "corpus" / f"{name}.json").exists(), "each game has its corpus"
    bad, seen = [], 0
    for g, deal, exc in deal_refusals(name):
        seen += 1
        bad += judged(exc, name, {*g.players, *_strings(deal)})
    assert seen >= 40 and bad == []


#: values no option of any game takes
BAD_VALUES = ("zzz", "-5", "99999999999999", "1/2/x", "{", "x:y", "1" * 3000)


def rule_refusals(name: str) -> Iterator[tuple[str, InputError]]:
    book = get_game(name).rulebook
    typed = [f"{o.name}={v}" for o in book.options for v in BAD_VALUES]
    for item in (*typed, "colour=1", "pulya", "=3"):
        try:
            book.from_cli(None, [item])
        except InputError as exc:
            yield item, exc
    for preset in ("nope", 5):
        try:
            book.resolve({"preset": preset})
        except InputError as exc:
            yield str(preset), exc
        else:
            raise AssertionError(preset)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_bad_rule_is_said_by_its_own_sentence(name: str) -> None:
    bad, seen = [], 0
    for item, exc in rule_refusals(name):
        seen += 1
        bad += judged(exc, name, {*_strings(item), *item.split("=")})
    assert seen >= 3 * len(get_game(name).rulebook.options) and bad == []


def test_a_bad_stake_is_said_by_its_own_sentence() -> None:
    bad = []
    for stake in ("abc", "-1", "1e400", 0.1, "0.1234567", "2000000", "NaN", "1" * 50, "Infinity",
                  "1E-999999999", None):
        with pytest.raises(InputError) as caught:
            parse_stake(stake)
        bad += judged(caught.value, None, set(_strings(str(stake))))
    assert bad == []


def test_bad_players_are_said_by_their_own_sentence() -> None:
    bad = []
    for players in (["Аня"], "Аня Боря Вера", ["", "Боря", "Вера"], [" Аня", "Боря", "Вера"],
                    ["А" * 100, "Боря", "Вера"], ["Аня", "аня", "Вера"], ["Аня", 5, "Вера"],
                    ["Аня\u200b", "Боря", "Вера"]):
        with pytest.raises(InputError) as caught:
            whistscore.new("preferans", players)  # type: ignore[arg-type]
        bad += judged(caught.value, None, set(_strings(players)))
    assert bad == []


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_damaged_game_file_is_said_by_its_own_sentence(name: str, tmp_path: Path) -> None:
    data = corpus(name)["game_file"]
    bad, seen = [], 0
    for what, make, _ in bad_files(data):
        path = tmp_path / "game.json"
        path.write_bytes(make())
        try:
            files.load(path)
        except InputError as exc:
            seen += 1
            typed = {"colour", "bridge", "nope", "x" * 40, *data["players"]}
            bad += [f"{what}: {w}" for w in judged(exc, name, typed)]
    assert seen >= 30 and bad == []


def test_what_the_table_does_with_a_game_is_said_by_its_own_sentence(tmp_path: Path) -> None:
    """Recording, undoing, ending and reopening: what a phone or the CLI can be refused."""
    path = tmp_path / "game.json"
    files.dump(whistscore.new("preferans", ["Аня", "Боря", "Вера"]).game, path)
    refusals = []
    for act in (lambda: recording.drop_last(path), lambda: recording.end(path),
                lambda: recording.end(path, reopen=True),
                lambda: recording.record(path, "Аня 7S Боря:w Вера:p 7/3/0", expect=3),
                lambda: recording.record(path, "", expect=0),
                lambda: recording.record(path, "Аня 7S Боря:w Вера:p 7/3/0", id="x" * 100),
                lambda: recording.replace(path, 4, "pass 4/2/4")):
        with pytest.raises(InputError) as caught:
            act()
        refusals.append(caught.value)
    recording.record(path, "Аня 7S Боря:w Вера:p 7/3/0", id="a1")
    with pytest.raises(InputError) as caught:
        recording.record(path, "Аня 7S Боря:w Вера:p 7/3/0", expect=0)
    refusals.append(caught.value)
    said = error_message(caught.value, [], "ru")
    assert "1 сдача" in said, said  # the count agrees with its noun
    bad = [w for exc in refusals for w in judged(exc, "preferans", {"x", "id"})]
    assert bad == []


def test_the_half_whist_refusal_cites_the_code_by_its_name() -> None:
    """The issue's example: the sentence for the reader; the CLI's text cites the Preferans
    Code, not a seed file."""
    g = whistscore.new("preferans", ["Аня", "Боря", "Вера"])
    with pytest.raises(InputError) as caught:
        g.add("Аня 6S Боря:h Вера:p")
    kind = get_game("preferans")
    assert error_message(caught.value, [kind], "ru") == \
        "Полвиста может сказать только второй вистующий."
    assert error_message(caught.value, [kind], "en") == \
        "Only the second defender may go for a half-whist."
    assert str(caught.value).endswith("(half_whist_by = second; greedy whist, "
                                      "the Preferans Code §3.8.7)")


def test_a_sentence_declines_the_name_and_quotes_what_was_typed() -> None:
    g = whistscore.new("preferans", ["Аня", "Боря", "Вера"])
    kind = get_game("preferans")
    with pytest.raises(InputError) as caught:
        g.add({"declarer": "Аня", "contract": "7S", "whist": {"Боря": "whist", "Вера": "pass"},
               "tricks": {"Аня": 7, "Боря": 3}})
    assert error_message(caught.value, [kind], "ru") == "Сколько взяток у Веры?"
    with pytest.raises(InputError) as caught:
        g.add("Аня 7Z Боря:в Вера:п 7/3/0")
    assert error_message(caught.value, [kind], "ru") == \
        "«7Z» — нет такой масти: П, Т, Б, Ч или БК."
    with pytest.raises(InputError) as caught:
        g.add("Аня 7S Боря:в Вера:п 7/3")
    assert error_message(caught.value, [kind], "ru") == \
        "Нужно 3 числа взяток: разыгрывающего, затем по порядку записи."


# -- the technical text and the command line cite sources by their names ---------------

def _preset_names() -> set[str]:
    """The presets' own names (typed after --preset, e.g. Twist's "seed"): identifiers kept
    by the files, not citations."""
    return {p for n in GAME_NAMES for p in get_game(n).rulebook.presets}


def _cites_a_file(text: str) -> list[str]:
    presets = _preset_names()
    found = []
    for m in re.finditer(r"\bseed\b[^\n]{0,20}|\bspec [a-z][^\n]{0,20}", text, re.IGNORECASE):
        line = text[text.rfind("\n", 0, m.start()) + 1:text.find("\n", m.start())]
        if m.group().lower().startswith("seed") and "seed" in presets and re.search(
                r"(^|\s)seed(\s\(default\)|:\s|\s|$)", line) and "seed 0" not in line:
            continue  # the preset's name
        found.append(line)
    return found


def test_no_command_line_output_cites_a_seed_or_a_spec(tmp_path: Path) -> None:
    out = []
    for name in GAME_NAMES:
        for argv in (["rules", name], ["notation", name]):
            status, text, err = run(argv)
            assert status == 0, err
            out.append(text)
    for sample in sorted((ROOT / "samples").glob("*.json")):
        for lang in ("en", "ru"):
            for argv in (["show", sample, "--explain", "--deals", "--lang", lang],
                         ["settle", sample, "--lang", lang]):
                status, text, err = run(argv)
                assert status == 0, err
                out.append(text)
    for name in GAME_NAMES:
        for g, deal, exc in deal_refusals(name):
            out.append(str(exc))
        out += [str(exc) for _, exc in rule_refusals(name)]
    assert [line for text in out for line in _cites_a_file(text)] == []


def test_the_command_line_says_its_status_in_the_language_asked(tmp_path: Path) -> None:
    """``add --id`` twice: the retry's line in Russian with ``--lang ru``; undo, end and
    reopen too (the words are the core's, not the CLI's)."""
    path = tmp_path / "g.json"
    assert run(["new", "preferans", path, "--players", "Аня", "Боря", "Вера"])[0] == 0
    deal = "Аня 7S Боря:w Вера:p 7/3/0"
    assert run(["add", path, deal, "--id", "k1", "--lang", "ru"])[0] == 0
    status, text, _ = run(["add", path, deal, "--id", "k1", "--lang", "ru"])
    assert status == 0 and text.strip() == "сдача 1 уже записана (id 'k1'); ничего не записано"
    status, text, _ = run(["add", path, deal, "--id", "k1"])
    assert text.strip() == "deal 1 already recorded with id 'k1'; nothing written"
    status, text, _ = run(["end", path, "--lang", "ru"])
    assert status == 0 and text.startswith(f"партия {path} закончена в ") and \
        "после 1 сдачи; расчёт как есть: " in text, text
    status, text, _ = run(["end", path, "--reopen", "--lang", "ru"])
    assert status == 0 and text.strip() == f"партия {path} продолжается: 1 сдача"
    status, text, _ = run(["undo", path, "--lang", "ru"])
    assert status == 0 and text.startswith("сдача 1 отменена: Аня 7S"), text
    status, text, _ = run(["new", "twist", tmp_path / "t.json", "--players", "A", "B", "C", "D",
                           "--lang", "ru"])
    assert status == 0 and text.strip() == (f"создан файл {tmp_path / 't.json'}: Твист, "
                                             "игроки A, B, C, D, правила «по правилам»")
    # a refusal: its sentence in the language asked, the technical text after it
    before = path.read_bytes()
    status, _, err = run(["add", path, "Аня 6S Боря:h Вера:p", "--lang", "ru"])
    assert status == 1 and path.read_bytes() == before
    assert err.startswith("whistscore add: Полвиста может сказать только второй вистующий. "
                          "(deal 1, field 'whist.Боря', value \"half\": "), err
    assert err.rstrip().endswith("the Preferans Code §3.8.7))") and err.count("\n") == 1


# -- the new-game form: each game's own example of its options --------------------------

@pytest.mark.parametrize("name", GAME_NAMES)
def test_each_game_says_its_own_options_example(name: str) -> None:
    """The example the new-game form shows in the options box is the game's (a word of its
    package), names one of its own options, and is in both languages."""
    kind = get_game(name)
    en, ru = kind.words.get("rules.hint", "en"), kind.words.get("rules.hint", "ru")
    options = {o.name for o in kind.rulebook.options}
    for said in (en, ru):
        typed = re.findall(r"([a-z_]+)=(\S+)", said)
        assert typed and typed[0][0] in options, said
        name_, value = typed[0]
        kind.rulebook.from_cli(None, [f"{name_}={value}"])  # the example is a valid rule
    assert re.search("[а-я]", ru)


def test_the_new_game_form_shows_the_chosen_games_example(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from whistscore.web.app import create_app

    c = TestClient(create_app(tmp_path, "tok-" + "s" * 20), base_url="http://127.0.0.1:8000",
                   client=("127.0.0.1", 50000))
    for lang in ("en", "ru"):
        page = c.get(f"/?lang={lang}").text
        presets = json.loads(re.search(r'<script type="application/json" id="presets">(.*?)'
                                       r"</script>", page, re.S).group(1))
        first = next(iter(presets))
        for name in GAME_NAMES:
            said = presets[name]["hint"]
            assert said == get_game(name).words.get("rules.hint", lang)
        box = re.search(r'<textarea name="rules" id="ng-rules"[^>]*>', page).group()
        assert f'placeholder="{presets[first]["hint"]}"' in box.replace("&#34;", '"')
        assert "pulya=30" not in page
    static = (PACKAGE / "web" / "static" / "games.js").read_text("utf-8")
    assert '$("ng-rules").placeholder = g.hint' in static


def test_copy_does_not_keep_a_sentence_from_another_error() -> None:
    """An error located by an outer layer keeps its sentence (the journal adds the deal)."""
    exc = errors.DealError("x", field="tricks", key="tricks_total", args=(10, 11))
    again = copy.copy(exc.located(deal=3, prefix="deal"))
    assert (again.key, again.args_said, again.deal) == ("tricks_total", (10, 11), 3)
