"""Each game's ``ClubFacts.balance_counts`` (issue 37, docs/club.md "Speed"): the archive
takes each deal's move from the game's own counts of its balance, in place of a
``balance()`` a deal.  The counts are the balance exactly: by hand for each game, and
over generated games of all four, deal by deal; the archive's rows made from them are
the rows made from each deal's ``balance()``."""

from __future__ import annotations

from fractions import Fraction

import attrs
from hypothesis import HealthCheck, given, settings, strategies as st

from whistscore.club import facts as club_facts
from whistscore.journal import from_json
from whistscore.replay import replay

import gen_danish
import gen_preferans
import gen_twist
import gen_whist


def _empty(kind: str, players: list[str]):
    """A game of ``kind`` with no deal yet: its first state, and its rules."""
    game = from_json({"format": "whistscore", "version": 1, "game": kind, "players": players,
                      "deals": []})
    return replay(game).state, game.rules


def test_preferans_counts_by_hand():
    """n = 3, P = 2 (a point of pulya), G = 10 (of gora): A wrote 6 on B, C wrote 2 on A;
    A has 10 in pulya, B 4 in gora.  shared = 10 x 4 - 2 x 10 = 20; A's net 6 - 2 = 4:
    3 x (4 + 2 x 10) + 20 = 92; B's net -6: 3 x (-6 - 10 x 4) + 20 = -118; C's net 2:
    3 x 2 + 20 = 26 (over 3; 92 - 118 + 26 = 0)."""
    from whistscore.games.preferans import club, scoring

    state = scoring.State(players=("A", "B", "C"), pulya=(10, 0, 0), gora=(0, 4, 0),
                          vists=(0, 6, 0, 0, 0, 0, 2, 0, 0))
    rules = {"pulya_points": 2, "gora_points": 10}
    assert club.balance_counts(state, rules) == ((92, -118, 26), 3)
    assert scoring.balance(state, rules) == {"A": Fraction(92, 3), "B": Fraction(-118, 3),
                                             "C": Fraction(26, 3)}
    # a gora in halves (a Fraction of the game's own numbers) stays exact
    half = state._replace(gora=(0, Fraction(7, 2), 0))
    counts, per = club.balance_counts(half, rules)
    # shared 10 x 7/2 - 2 x 10 = 15: A 3 x 24 + 15, B 3 x (-6 - 35) + 15, C 3 x 2 + 15
    assert (counts, per) == ((87, -108, 21), 3)
    assert {p: Fraction(c) / per for p, c in zip(half.players, counts)} \
        == scoring.balance(half, rules)


def test_twist_counts_by_hand():
    """Gora (1, 0, 0, 0), remarks (0, 5, 0, 0), player 1 wrote 3 vists on player 2:
    finals -10, 5, 0, 0 (total -5); 2 x (4 x final - total) + written - received:
    -70 + 3 = -67, 50 - 3 = 47, 10, 10."""
    from whistscore.games.twist import club, scoring

    state, rules = _empty("twist", ["A", "B", "C", "D"])
    vists = [0] * 16
    vists[0 * 4 + 1] = 3
    state = state._replace(numbers=(1, 0, 0, 0, 0, 5, 0, 0, *vists))
    assert club.balance_counts(state, rules) == ((-67, 47, 10, 10), 1)
    assert scoring.balance(state, rules) == {"A": -67, "B": 47, "C": 10, "D": 10}


def test_whist_and_danish_counts_by_hand():
    from whistscore.games.danish import club as danish_club, scoring as danish
    from whistscore.games.whist import club as whist_club, scoring as whist

    state, rules = _empty("whist", ["N", "E", "S", "W"])
    state = attrs.evolve(state, totals=(30, 10)) if attrs.has(type(state)) \
        else state._replace(totals=(30, 10))
    assert whist_club.balance_counts(state, rules) == ((20, -20, 20, -20), 1)  # NS net 20
    assert whist.balance(state, rules) == {"N": 20, "E": -20, "S": 20, "W": -20}
    points = danish.State(("A", "B", "C", "D"), (5, Fraction(-11, 2), Fraction(1, 2), 0))
    assert danish_club.balance_counts(points, None) == ((5, Fraction(-11, 2), Fraction(1, 2),
                                                         0), 1)
    assert danish.balance(points, None) == {"A": 5, "B": Fraction(-11, 2),
                                            "C": Fraction(1, 2), "D": 0}


def _without_counts(game):
    """The same game of a kind that gives no counts: the archive then counts each deal's
    ``balance()``, as before issue 37's pass."""
    kind = game.kind
    plain = attrs.evolve(kind, club=attrs.evolve(kind.club, balance_counts=None))
    return attrs.evolve(game, kind=plain)


GAMES = st.one_of(gen_preferans.game_files(max_deals=20), gen_whist.game_files(max_deals=15),
                  gen_danish.game_files(max_deals=15), gen_twist.game_files())


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(GAMES)
def test_the_counts_are_each_deals_balance_and_give_the_same_rows(data):
    game = from_json({k: v for k, v in data.items() if k != "_file"})
    counts_of = game.kind.club.balance_counts
    assert counts_of is not None
    rp = replay(game, history=True)
    for result in rp.results:
        counts, per = counts_of(result.outcome.state, game.rules)
        assert {p: Fraction(c) / per for p, c in zip(game.players, counts)} == result.balance
    plain = _without_counts(game)
    assert plain.kind.club.balance_counts is None
    assert club_facts.deal_rows(replay(game)) \
        == club_facts.deal_rows(replay(plain, history=True))
