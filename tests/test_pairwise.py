"""The pair-by-pair settlement each game shows on paper (the workbook's each-with-each table).

Every game's pairs must add up to each player's balance, and be antisymmetric.
"""

from pathlib import Path

import pytest

from whistscore import files, journal
from whistscore.replay import replay

SAMPLES = sorted((Path(__file__).resolve().parent.parent / "samples").glob("*.json"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_pairs_add_up_to_balances(path):
    rp = replay(files.load(path))
    pairs = rp.game.kind.pairwise_settlement(rp)
    balance = rp.balance()
    for a in rp.game.players:
        assert sum(pairs[a, b] for b in rp.game.players if b != a) == balance[a]
        for b in rp.game.players:
            if a != b:
                assert pairs[a, b] == -pairs[b, a]


def test_preferans_paper_settlement_pairs():
    # spec preferans.md, public example "Paper settlement": goras 42/96/132, vists
    # A->B 170, B->A 64, A->V 60, V->A 88, B->V 178, V->B 95, G = 10, N = 3.
    # A-B: 170 - 64 + 10 x (96 - 42) / 3 = 106 + 180 = 286
    # A-V: 60 - 88 + 10 x (132 - 42) / 3 = -28 + 300 = 272  -> A +558
    # B-V: 178 - 95 + 10 x (132 - 96) / 3 = 83 + 120 = 203  -> B -286 + 203 = -83
    from whistscore.games.preferans import GAME
    from whistscore.games.preferans.scoring import State

    class FakeReplay:
        pass

    rp = FakeReplay()
    rp.game = journal.new_game("preferans", ["A", "B", "V"])
    rp.state = State(("A", "B", "V"), (20, 20, 20), (42, 96, 132),
                     (0, 170, 60, 64, 0, 178, 88, 95, 0))
    pairs = GAME.pairwise_settlement(rp)
    assert pairs["A", "B"] == 286 and pairs["A", "V"] == 272 and pairs["B", "V"] == 203
    assert GAME.balance(rp.state, rp.game.rules) == {"A": 558, "B": -83, "V": -475}


def test_danish_losers_pay_winners():
    # spec danish.md example deal 1: P1 bids 9 good with P3, takes 10: +160/-160/+160/-160
    # -> each defender pays each of the pair 80.
    game = journal.new_game("danish", ["P1", "P2", "P3", "P4"])
    rec = journal.deal_from_json(game.kind, {"declarer": "P1", "bid": 9, "attachment": "good",
                                             "partner": "P3", "tricks": 10},
                                 game.players, game.rules)
    rp = replay(game.with_deal(rec))
    pairs = game.kind.pairwise_settlement(rp)
    assert pairs["P1", "P2"] == 80 and pairs["P3", "P4"] == 80 and pairs["P1", "P3"] == 0
