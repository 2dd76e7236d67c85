"""Properties every game must keep (issue 8), on random legal games of every game.

Each game's ``tests/gen_<game>.py`` gives ``game_files()``, a hypothesis strategy
for a legal game file (a JSON-ready dict).  On every such file:

- the balances sum to exactly zero, and so does the money after rounding;
- saving and loading gives the identical text and the same sheet;
- ``whistscore add`` then ``whistscore undo`` restores the file byte for byte;
- replaying is deterministic.

The core's own test game (tests/tallygame.py) runs through the same checks so
that they are exercised even before a game module exists.
"""

from __future__ import annotations

import importlib
import json
import tempfile
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from whistscore import files, journal
from whistscore.games import declared
from whistscore.replay import replay
from whistscore.settlement import settle

TESTS = Path(__file__).resolve().parent
#: every game installed (its entry point): a game added is checked too
GAME_NAMES = list(declared())

#: bounded so the whole suite stays within a few minutes on two cores
FAST = settings(max_examples=30, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SLOW = settings(max_examples=12, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def tally_files(draw) -> dict:
    """Legal games of the core's test game (2..4 players, never a deal after the end)."""
    players = draw(st.lists(st.sampled_from(["Anna", "Boris", "Vera", "Gleb", "Зоя", "O'Neil"]),
                            min_size=2, max_size=4, unique=True))
    preset = draw(st.sampled_from(["plain", "doubled"]))
    target = draw(st.integers(5, 200))
    factor = 2 if preset == "doubled" else 1
    totals = dict.fromkeys(players, 0)
    deals = []
    for _ in range(draw(st.integers(0, 25))):
        if max(totals.values()) >= target:
            break
        winner = draw(st.sampled_from(players))
        points = draw(st.integers(0, 6))
        deal: dict = {"winner": winner, "points": points}
        if draw(st.integers(0, 7)) == 0:
            deal["note"] = "late, «поздно»"
        deals.append(deal)
        for p in players:
            if p != winner:
                totals[winner] += points * factor
                totals[p] -= points * factor
    out = {"format": "whistscore", "version": 1, "game": "tally", "players": players,
           "rules": {"preset": preset, "target": target}}
    if draw(st.booleans()):
        out["stake"] = draw(st.sampled_from(["0.10", "1", "0.33"]))
    out["deals"] = deals
    return out


def game_strategy(name: str):
    """The game's ``game_files()`` (every game must have its generator)."""
    if name == "tally":
        return tally_files()
    gen = TESTS / f"gen_{name}.py"
    assert gen.exists(), f"every game has a generator: tests/gen_{name}.py"
    module = importlib.import_module(f"gen_{name}")
    return module.game_files()


ALL = pytest.mark.parametrize("name", GAME_NAMES + ["tally"])

stakes = st.sampled_from(["0.10", "0.01", "1", "0.33", "2.5", "0.07"])


def _canonical(data: dict) -> str:
    return journal.dumps(journal.loads(json.dumps(data, ensure_ascii=False)))


@ALL
@FAST
@given(data=st.data())
def test_zero_sum_money_and_determinism(name, data):
    file = data.draw(game_strategy(name), label="game file")
    game = journal.loads(json.dumps(file, ensure_ascii=False))
    first = replay(game)
    balance = first.balance()
    assert set(balance) <= set(game.players)
    assert sum(balance.values()) == 0, balance
    for value in balance.values():
        assert isinstance(value, (int, Fraction)) and not isinstance(value, bool)

    # replay is deterministic: a second replay (and one keeping history) agrees entry by entry
    second = replay(journal.loads(json.dumps(file, ensure_ascii=False)), history=True)
    assert [r.outcome.entries for r in first.results] == \
        [r.outcome.entries for r in second.results]
    assert [r.dealer for r in first.results] == [r.dealer for r in second.results]
    assert second.balance() == balance
    assert first.finished == second.finished
    kind = game.kind
    assert kind.sheet_json(first.state, game.rules) == kind.sheet_json(second.state, game.rules)
    for result in second.results:
        assert sum(result.balance.values()) == 0, (result.number, result.balance)
    if second.results:
        assert second.results[-1].balance == balance

    # money after rounding sums to zero, and the transfers pay it exactly
    stake = data.draw(stakes, label="stake")
    places = data.draw(st.integers(0, 3), label="places")
    s = settle(first, stake, places)
    assert sum(s.money.values()) == 0, s.money
    for p, m in s.money.items():
        assert abs(Fraction(m) - Fraction(s.balance[p]) * Fraction(Decimal(stake))) \
            < Fraction(1, 10 ** places)
    paid = dict.fromkeys(game.players, Decimal(0))
    for t in s.transfers:
        assert t.amount > 0
        paid[t.payer] -= t.amount
        paid[t.payee] += t.amount
    assert paid == {p: s.money[p] for p in game.players}
    assert len(s.transfers) <= len(game.players) - 1
    json.dumps(s.to_json())  # the settlement is plain JSON


@ALL
@FAST
@given(data=st.data())
def test_save_load_round_trip(name, data):
    file = data.draw(game_strategy(name), label="game file")
    text = _canonical(file)
    game = journal.loads(text)
    assert journal.dumps(game) == text
    assert len(game.deals) == len(file["deals"])
    # the same game written by hand with another layout reads back to the same text
    assert journal.dumps(journal.loads(json.dumps(file, indent=3))) == text
    rp1, rp2 = replay(journal.loads(json.dumps(file))), replay(game)
    kind = game.kind
    assert kind.sheet_json(rp1.state, game.rules) == kind.sheet_json(rp2.state, game.rules)
    assert settle(rp1).to_json() == settle(rp2).to_json()
    # the short notation reads back to the same deal (what `show` prints can be typed again)
    for record in game.deals:
        line = game.notation(record)
        assert "\n" not in line
        assert kind.parse_notation(line, game.players, game.rules) == record.deal, line
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        files.dump(game, path)
        assert path.read_bytes() == text.encode("utf-8")
        assert journal.dumps(files.load(path)) == text


from clirun import run as _run  # noqa: E402  (one way to drive the CLI)

from whistscore.scored import ScoredGame  # noqa: E402


@ALL
@SLOW
@given(data=st.data())
def test_cli_add_then_undo_restores_the_file(name, data):
    file = data.draw(game_strategy(name).filter(lambda f: f["deals"]), label="game file")
    full = _canonical(file)
    before = _canonical({**file, "deals": file["deals"][:-1]})
    game = journal.loads(full)
    last = game.deals[-1]
    if data.draw(st.booleans(), label="as notation"):
        # options as --name=value and the deal after "--", so a note or a name
        # starting with "-" is not read as an option (docs/cli.md)
        deal = []
        if last.dealer is not None:
            deal += [f"--dealer={last.dealer}"]
        if last.note is not None:
            deal += [f"--note={last.note}"]
        deal += ["--", game.notation(last)]
    else:
        deal = [json.dumps(journal.deal_to_json(game.kind, last), ensure_ascii=False)]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_text(before, encoding="utf-8")
        status, out, err = _run(["add", str(path), "--no-time", *deal])
        assert status == 0, err
        assert f"deal {len(game.deals)}" in out
        # add writes what the file would be, signed with its result when the deal finishes it
        # (journal.md `result`: written by the one writer in the same save)
        signed = journal.dumps(ScoredGame.of(game).signed().game)
        assert path.read_text(encoding="utf-8") == signed
        status, out, err = _run(["undo", str(path)])
        assert status == 0, err
        assert f"dropped deal {len(game.deals)}" in out
        assert path.read_bytes() == before.encode("utf-8")
        leftovers = sorted(p.name for p in Path(folder).iterdir())
        assert leftovers == ["game.json"], leftovers  # no lock file, no temporary file
