"""The typed game contract, checked by mypy on code that must fail (issue 23; the model is
attrs' tests/test_mypy.yml).

Each case below is a small module: one game table that is right (the control, which must
pass clean) and the same table with one thing wrong.  Every line that must fail carries
``# E: [code] words``: mypy (strict, as CI runs it) must report exactly those errors, on
those lines, with that code and those words in the message, and nothing else.  All the
cases are checked in one mypy run.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from unittest import mock

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: a whole game that type-checks; each case adds to it or swaps one of its functions
GAME_PARTS = '''
from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

import attrs

from whistscore.game import DealContext, GameType, JSONObject, Outcome, Played
from whistscore.layout import Table
from whistscore.rules import RuleBook, Rules


@attrs.frozen
class Hand:
    stake: int


@attrs.frozen
class Other:
    name: str


@attrs.frozen
class State:
    points: int


def deal_from_json(obj: Mapping[str, Any], players: tuple[str, ...], rules: Rules) -> Hand:
    return Hand(1)


def deal_to_json(deal: Hand) -> JSONObject:
    return {"stake": deal.stake}


def parse_notation(text: str, players: tuple[str, ...], rules: Rules) -> Hand:
    return Hand(int(text))


def format_notation(deal: Hand, players: tuple[str, ...], rules: Rules) -> str:
    return str(deal.stake)


def initial_state(players: tuple[str, ...], rules: Rules) -> State:
    return State(0)


def score(state: State, deal: Hand, ctx: DealContext) -> Outcome[State]:
    return Outcome((), State(state.points + deal.stake))


def is_finished(state: State) -> bool:
    return state.points > 10


def balance(state: State, rules: Rules) -> dict[str, Fraction]:
    return {}


def sheet_json(state: State, rules: Rules) -> JSONObject:
    return {"points": state.points}


def sheet_tables(replay: Played[State]) -> list[Table]:
    return []


RULEBOOK = RuleBook(game="hand", options=(), presets={"plain": {}}, default_preset="plain")
PARTS: dict[str, Any] = {}
'''

#: the table, with ``SCORE`` and ``READER`` for the functions a case gives instead
TABLE = '''
GAME = GameType[Hand, State](
    name="hand", title="Hand", player_counts=(2,), unit="point", rulebook=RULEBOOK,
    rule_texts={},
    deal_from_json=READER,
    deal_to_json=deal_to_json,
    parse_notation=parse_notation, format_notation=format_notation,
    initial_state=initial_state,
    score=SCORE,
    is_finished=is_finished, balance=balance, sheet_json=sheet_json,
    sheet_tables=sheet_tables)
'''


def table(score: str = "score", deal_from_json: str = "deal_from_json") -> str:
    return TABLE.replace("SCORE", score).replace("READER", deal_from_json)


CASES: dict[str, str] = {
    # the control: a right game has no error (so the other cases fail for their reason)
    "right_game": table() + '''
reveal: Outcome[State] = GAME.score(GAME.initial_state(("A", "B"), RULEBOOK.resolve({})),
                                    Hand(2), DealContext(1, "A", ("A", "B"), ("A", "B"),
                                                         RULEBOOK.resolve({})))
''',
    # score takes a deal of another type than the game's Deal
    "score_takes_the_wrong_deal": '''
def other_score(state: State, deal: Other, ctx: DealContext) -> Outcome[State]:
    return Outcome((), state)
''' + table(score="other_score").replace(
        "    score=other_score,",
        "    score=other_score,  # E: [arg-type] \"Callable[[State, Hand, DealContext], "
        "Outcome[State]]\""),
    # score returns an Outcome of another state
    "score_returns_the_wrong_state": '''
def int_score(state: State, deal: Hand, ctx: DealContext) -> Outcome[int]:
    return Outcome((), 0)
''' + table(score="int_score").replace(
        "    score=int_score,",
        "    score=int_score,  # E: [arg-type] expected \"Callable[[State, Hand, DealContext], "
        "Outcome[State]]\""),
    # the file reader builds another deal than the one score takes
    "reader_builds_another_deal": '''
def read_other(obj: Mapping[str, Any], players: tuple[str, ...], rules: Rules) -> Other:
    return Other("x")
''' + table(deal_from_json="read_other").replace(
        "deal_from_json=read_other,",
        "deal_from_json=read_other,  # E: [arg-type] "
        "\"Callable[[Mapping[str, Any], tuple[str, ...], Rules], Hand]\""),
    # a game whose table lacks one of the functions every game has
    "a_function_missing": '''
GAME = GameType[Hand, State](  # E: [call-arg] Missing named argument "score"
    name="hand", title="Hand", player_counts=(2,), unit="point", rulebook=RULEBOOK,
    rule_texts={}, deal_from_json=deal_from_json, deal_to_json=deal_to_json,
    parse_notation=parse_notation, format_notation=format_notation,
    initial_state=initial_state,
    is_finished=is_finished, balance=balance, sheet_json=sheet_json,
    sheet_tables=sheet_tables)
''',
    # the values a replay makes are frozen: the game table, the context, the outcome, an entry
    "frozen_values_mutated": table() + '''
from whistscore.game import DealRecord
from whistscore.ledger import Entry

GAME.score = score  # E: [misc] Property "score" defined in "GameType" is read-only
ctx = DealContext(1, "A", ("A", "B"), ("A", "B"), RULEBOOK.resolve({}))
ctx.keep = False  # E: [misc] Property "keep" defined in "DealContext" is read-only
outcome = GAME.score(State(0), Hand(1), ctx)
outcome.state = State(3)  # E: [misc] Property "state" defined in "Outcome" is read-only
entry = Entry(1, "A", "points", 3)
entry.amount = 4  # E: [misc] Property "amount" defined in "Entry" is read-only
DealRecord(Hand(1)).dealer = "B"  # E: [misc] Property "dealer" defined in "DealRecord" is read-only
''',
    # a built-in game's score takes only that game's deals and states
    "a_builtin_game_takes_its_own_deals": '''
from whistscore.games.twist.game import GAME as TWIST
from whistscore.games.whist.deals import Deal as WhistDeal
from whistscore.games.whist.game import GAME as WHIST

rules = WHIST.rulebook.resolve({})
ctx = DealContext(1, "A", ("A", "B", "C", "D"), ("A", "B", "C", "D"), rules)
state = WHIST.initial_state(("A", "B", "C", "D"), rules)
WHIST.score(state, WhistDeal(7), ctx)
twist_state = TWIST.initial_state(("A", "B", "C", "D"), TWIST.rulebook.resolve({}))
TWIST.score(twist_state, WhistDeal(7), ctx)  # E: [arg-type] Argument 2 has incompatible type "Deal"
''',
}

MARK = re.compile(r"# E: \[([\w-]+)\] (.*)$")
REPORT = re.compile(r"^(?P<file>[^:]+\.py):(?P<line>\d+): error: (?P<message>.*?)  "
                    r"\[(?P<code>[\w-]+)\]$")


@pytest.fixture(scope="module")
def reported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[tuple[int, str, str]]]:
    """Every case's errors as mypy reports them: {case: [(line, code, message)]}."""
    from mypy import api

    folder = tmp_path_factory.mktemp("typing")
    paths = []
    for name, body in CASES.items():
        path = folder / f"case_{name}.py"
        path.write_text(GAME_PARTS + body, encoding="utf-8")
        paths.append(str(path))
    # this checkout's whistscore, wherever pytest was started from
    with mock.patch.dict(os.environ, {"MYPYPATH": str(ROOT)}):
        out, err, _ = api.run(["--strict", "--no-error-summary", "--show-error-codes",
                               "--no-pretty", "--hide-error-context", "--cache-dir",
                               str(ROOT / ".mypy_cache"), *paths])
    assert not err, err
    found: dict[str, list[tuple[int, str, str]]] = {name: [] for name in CASES}
    for line in out.splitlines():
        if ": note: " in line:  # where a named thing is defined, said after its error
            continue
        m = REPORT.match(line)
        assert m, f"mypy said: {line}"
        name = Path(m["file"]).stem.removeprefix("case_")
        found[name].append((int(m["line"]), m["code"], m["message"]))
    return found


def expected(name: str) -> list[tuple[int, str, str]]:
    lines = (GAME_PARTS + CASES[name]).splitlines()
    return [(number, m[1], m[2]) for number, line in enumerate(lines, 1)
            if (m := MARK.search(line))]


@pytest.mark.parametrize("name", CASES)
def test_mypy_reports_exactly_the_marked_errors(name: str, reported) -> None:
    got = reported[name]
    want = expected(name)
    assert [(line, code) for line, code, _ in got] == [(line, code) for line, code, _ in want], \
        f"mypy on case {name}: {got}"
    for (_, _, message), (_, _, words) in zip(got, want):
        assert words in message, f"{name}: {message!r} does not say {words!r}"


def test_every_failing_case_fails() -> None:
    """The cases that show a mistake each mark one at least (a case without marks would
    pass on any typing)."""
    assert [name for name in CASES if not expected(name)] == ["right_game"]
