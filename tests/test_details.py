"""An entry's detail is data, said by the game's own words (issue 22, "Where the words live").

Each game writes the arithmetic behind a number as a label of its own ``labels`` with the
numbers as arguments; ``i18n.text`` says it in the reader's language, counts agreeing with
their numbers (``{0|взятка|взятки|взяток}``).  No module outside a game's package
translates a game's detail: a game registered from outside (``tests/tallygame.py``'s
shape) writes labels of its own and they are said.

For every game of the registry: every rule key its scoring code names is written by some
entry of its samples, of its test generator (``tests/gen_<game>.py``) or of the few extra
deals below, and every such entry's detail reads in English and in Russian, with no Latin
word in Russian but the players' names and the sheet's symbols, no brace and no label key.
"""

from __future__ import annotations

import ast
import re
import sys
import warnings
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest

import whistscore
from whistscore import files, i18n, journal
from whistscore.game import GameType
from whistscore.games import declared, get_game
from whistscore.i18n import detail_text, explain, text
from whistscore.language import CORE, Catalogue
from whistscore.layout import Label, Phrase
from whistscore.ledger import Entry
from whistscore.replay import replay

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
SAMPLES = sorted((ROOT / "samples").glob("*.json"))
#: the sheet's symbols, written as on paper in both languages (whist's sides, twist's nota)
SYMBOLS = {"NS", "EW", "X", "O"}
#: deals a generator draws too rarely to rely on: game -> (rules, players, [(notation,
#: dealer)])
EXTRA: dict[str, list[tuple[dict[str, Any], list[str], list[tuple[str, str | None]]]]] = {
    "preferans": [
        # both pass under both_pass = play-6-7 (played «на своих»: made, down), a concession
        # consoled
        ({"preset": "sochi", "both_pass": "play-6-7", "concede": "consolation"},
         ["Аня", "Боря", "Вера"],
         [("Аня 6S Боря:p Вера:p 6/2/2", None), ("Боря 7H Аня:p Вера:p 3/5/2", None),
          ("Вера 7S concede", None)]),
        # four players, the dealer takes the whist both defenders declined (§3.8.8)
        ({"preset": "sochi"}, ["Аня", "Боря", "Вера", "Глеб"],
         [("Аня 8S Боря:p Вера:p Глеб:w 7/2/1/-", "Глеб")]),
    ],
}


def _rule_keys_named(kind: GameType[Any, Any]) -> set[str]:
    """The rule keys the game's scoring code names as a literal (a key it builds from parts,
    as "misere_" + "made", is not counted: the entries show those anyway)."""
    module = sys.modules[kind.score.__module__]
    tree = ast.parse(Path(module.__file__ or "").read_text("utf-8"))
    said = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
            and isinstance(n.value, str)}
    return set(kind.rule_texts) & said


def _generated(name: str, files_wanted: int = 80) -> list[dict[str, Any]]:
    """Game files drawn by the game's own test generator (a fixed seed: the same each run)."""
    from hypothesis import HealthCheck, Phase, given, seed, settings

    module = __import__(f"gen_{name}")
    found: list[dict[str, Any]] = []

    @seed(22)
    @settings(max_examples=files_wanted, database=None, phases=[Phase.generate],
              deadline=None, suppress_health_check=list(HealthCheck))
    @given(module.game_files())
    def collect(file: dict[str, Any]) -> None:
        found.append(file)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        collect()
    return found


def _entries(name: str) -> tuple[list[tuple[Entry, tuple[str, ...]]], int]:
    """Every entry of the game's samples, generated files and extra deals, with the names
    its game's players and sides go by; and how many games they came from."""
    kind = get_game(name)
    out: list[tuple[Entry, tuple[str, ...]]] = []
    games = 0
    for path in SAMPLES:
        game = files.load(path)
        if game.kind is kind:
            games += 1
            out += [(e, game.players) for e in replay(game).entries()]
    assert (TESTS / f"gen_{name}.py").exists(), f"{name}: no tests/gen_{name}.py to draw from"
    for data in _generated(name):
        game = journal.from_json(data)
        games += 1
        out += [(e, game.players) for e in replay(game).entries()]
    for rules, players, deals in EXTRA.get(name, []):
        g = whistscore.new(name, players, rules=rules)
        for deal, dealer in deals:
            g = g.add(deal, dealer=dealer)
        games += 1
        out += [(e, g.game.players) for e in g.replay.entries()]
    return out, games


def _latin_left(said: str, names: tuple[str, ...]) -> list[str]:
    for name in sorted(names, key=len, reverse=True):
        said = said.replace(name, " ")
    return [w for w in re.findall(r"[A-Za-z]+", said) if w not in SYMBOLS]


@pytest.mark.parametrize("name", sorted(declared()))
def test_every_rule_a_game_writes_has_a_detail_said_in_both_languages(name: str) -> None:
    kind = get_game(name)
    entries, games = _entries(name)
    assert games >= 20 and entries
    seen: dict[str, set[Any]] = {}
    for e, players in entries:
        assert e.rule in kind.rule_texts, (name, e.rule)
        assert isinstance(e.detail, (Label, Phrase)), (name, e.rule, e.detail)
        seen.setdefault(e.rule, set()).add(e.detail)
    missing = _rule_keys_named(kind) - set(seen)
    assert not missing, f"{name}: rules its scoring names that no entry wrote: {missing}"
    keys = set(kind.words.keys()) | set(CORE.keys())
    for e, players in entries:
        if e.detail not in seen[e.rule]:
            continue
        seen[e.rule].discard(e.detail)
        names = players + ("NS", "EW")
        en = detail_text(e.detail, kind, "en")
        ru = detail_text(e.detail, kind, "ru")
        for said in (en, ru):
            assert said and "{" not in said and "}" not in said, (name, e.rule, said)
            assert not any(k in said for k in keys if "." in k), (name, e.rule, said)
        assert not _latin_left(ru, names), (name, e.rule, ru)
        assert not re.search(r"\d x \d|\bx\d", ru), (name, e.rule, ru)  # × in Russian
        line = explain(e, kind, "ru")
        assert ru in line and not _latin_left(line.split(": ", 1)[1], names), line


def test_counts_agree_in_both_languages() -> None:
    """{0|trick|tricks} in English, {0|взятка|взятки|взяток} in Russian (numbers by hand:
    1 взятка, 2-4 взятки, 5-20 взяток, 21 взятка, 22 взятки, 111 взяток)."""
    kind = get_game("twist")
    ru = {n: text(Label("twist.d.tricks", (n,)), kind, "ru") for n in
          (0, 1, 2, 4, 5, 11, 12, 14, 20, 21, 22, 25, 101, 111, 112)}
    assert ru == {0: "0 взяток", 1: "1 взятка", 2: "2 взятки", 4: "4 взятки", 5: "5 взяток",
                  11: "11 взяток", 12: "12 взяток", 14: "14 взяток", 20: "20 взяток",
                  21: "21 взятка", 22: "22 взятки", 25: "25 взяток", 101: "101 взятка",
                  111: "111 взяток", 112: "112 взяток"}
    assert [text(Label("twist.d.tricks", (n,)), kind, "en") for n in (0, 1, 2, 21)] == \
        ["0 tricks", "1 trick", "2 tricks", "21 tricks"]
    # a number that is not whole takes the genitive singular in Russian, the plural in English
    custom = {"t.v": ("{0} {0|vist|vists}", "{0} {0|вист|виста|вистов}")}
    fake = _Kind(custom)
    assert text(Label("t.v", (Fraction(1, 2),)), fake, "ru") == "1/2 виста"
    assert text(Label("t.v", (Fraction(1, 2),)), fake, "en") == "1/2 vists"
    assert text(Label("t.v", (Fraction(4, 2),)), fake, "ru") == "2 виста"
    assert text(Label("t.v", (1,)), fake, "en") == "1 vist"
    assert text(Label("t.v", (5,)), fake, "ru") == "5 вистов"


def test_the_ordinal_and_the_cases_in_one_label() -> None:
    fake = _Kind({"t.o": ("{0@ordinal} all-pass, help from {1}",
                          "{0}-й распас, помощь от {1@genitive}")})
    said = [text(Label("t.o", (n, "Дима")), fake, "en") for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)]
    assert [s.split()[0] for s in said] == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th",
                                            "21st", "22nd", "101st", "111th"]
    assert text(Label("t.o", (2, "Дима")), fake, "ru") == "2-й распас, помощь от Димы"


class _Kind:
    """Only what i18n reads of a game: its words (here in memory, key -> (en, ru))."""

    def __init__(self, labels: dict[str, tuple[str, str]]) -> None:
        self.words = Catalogue(None, "fake", texts={
            "en": {k: v[0] for k, v in labels.items()},
            "ru": {k: v[1] for k, v in labels.items()}})


def test_a_game_from_outside_writes_and_says_its_own_details() -> None:
    """The fake third-party game (tests/tallygame.py) writes its detail as its own label;
    i18n says it in both languages with nothing of it in the core."""
    import tallygame

    whistscore.register(tallygame.GAME)
    g = whistscore.new("tally", ["Аня", "Боря", "Вера"]).add("Аня 3").add("Боря 1")
    details = [e.detail for e in g.replay.entries()]
    assert all(isinstance(d, Label) and d.key.startswith("tally.") for d in details)
    assert not any(d.key in CORE for d in details)
    kind = g.game.kind
    # Аня 3: on Боря and on Вера; Боря 1: on Аня and on Вера (style single: x 1)
    assert [detail_text(d, kind, "en") for d in details] == ["3 x 1", "3 x 1", "1 x 1", "1 x 1"]
    assert [detail_text(d, kind, "ru") for d in details] == ["3 × 1", "3 × 1", "1 × 1", "1 × 1"]
    assert explain(list(g.replay.entries())[2], kind, "ru").startswith(
        "сдача 2: Боря пишет 1 на Аню (очки): 1 × 1, выигранная сдача")
    # and a plural form of its own words agrees like the core's
    plural = attrs.evolve(kind, words=kind.words.with_texts({
        "en": {"tally.d.times": "{0} {0|point|points} x {1}"},
        "ru": {"tally.d.times": "{0} {0|очко|очка|очков} × {1}"}}))
    assert [detail_text(d, plural, "ru") for d in details] == \
        ["3 очка × 1", "3 очка × 1", "1 очко × 1", "1 очко × 1"]
    assert detail_text(details[2], plural, "en") == "1 point x 1"


def test_no_module_outside_a_game_translates_a_detail() -> None:
    """The regex machinery that turned English details into Russian is gone from i18n."""
    source = (ROOT / "whistscore" / "i18n.py").read_text("utf-8")
    for gone in ("_DETAIL_RU", "_detail_ru", "_VIST_RU", "_TRICK_RU", "by cards", "all-pass"):
        assert gone not in source
