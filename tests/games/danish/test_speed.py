"""The Danish shortcuts taken for speed (issue 16) change nothing a user can see.

- ``settle`` (``replay(keep=False)``) looks up what each distinct deal pays each
  seat in a memo of the last game scored: the final points equal those of a replay
  that writes every entry, with five players (the dealer who sits out is part of
  the key), with any rules, and when games are scored turn about, deal by deal
  (also the same seats under other rules), so that the memo is thrown away at every deal;
- the memo is keyed by seats and goes on across games under equal rules: games of the
  same deals seated otherwise, each under rules of its own objects, pay every deal (or
  refuse it) as working each deal out afresh does;
- ``deal_from_json`` reads a deal written as the file writes it through exact
  lookups, and every other spelling through the full checks: both give the same
  deal or the same refusal.
"""

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gen_danish import game_files
from whistscore import journal
from whistscore.errors import DealError
from whistscore.games.danish import GAME
from whistscore.games.danish import scoring
from whistscore.games.danish.deals import Deal
from whistscore.replay import replay

SETTINGS = settings(max_examples=80, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
PLAYERS = ("Anna", "Bo", "Carl", "Dina")


@SETTINGS
@given(game_files(max_deals=60))
def test_settle_without_entries_scores_as_with_them(data):
    game = journal.from_json(data)
    kept, bare = replay(game), replay(game, keep=False)
    assert bare.state == kept.state
    assert bare.balance() == kept.balance()
    # again: now every deal comes from the memo the first replay filled
    assert replay(game, keep=False).state == kept.state


@SETTINGS
@given(st.lists(game_files(max_deals=30), min_size=2, max_size=3))
def test_games_scored_turn_about_never_mix(files):
    games = [journal.from_json(data) for data in files]
    # the same seats (the very tuple) under other rules: only the rules tell them apart
    games.append(attrs.evolve(games[0], rules=GAME.rulebook.resolve(
        {"base": 7, "alone_factor": 2, "overtricks": "none"})))
    kept = [replay(game) for game in games]
    states = [GAME.initial_state(game.players, game.rules) for game in games]
    longest = max(len(game.deals) for game in games)
    for i in range(longest):
        for g, game in enumerate(games):
            if i < len(game.deals):
                result = kept[g].results[i]
                ctx = result.context._replace(keep=False)
                states[g] = GAME.score(states[g], result.record.deal, ctx).state
    assert states == [r.state for r in kept]


def _shown(game):
    try:
        shown = replay(game, history=True)
    except DealError as exc:
        return "refused", str(exc), exc.deal, exc.field
    return shown.to_json(), [r.balance for r in shown.results]


@SETTINGS
@given(st.lists(game_files(max_deals=30), min_size=1, max_size=3), st.randoms())
def test_the_memo_by_seats_pays_as_each_deal_worked_out(files, rnd):
    games = [journal.from_json(data) for data in files]
    for game in list(games):  # the same deals seated otherwise, under equal rules anew
        seated = list(game.players)
        rnd.shuffle(seated)
        games.append(attrs.evolve(game, players=tuple(seated), rules=attrs.evolve(game.rules)))
    memo = [_shown(game) for game in games]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(scoring, "_paid", scoring._worked)
        fresh = [_shown(game) for game in games]
    assert memo == fresh


def test_a_dealer_who_sits_out_is_refused_from_the_memo_too():
    data = {"format": "whistscore", "version": 1, "game": "danish",
            "players": ["Anna", "Bo", "Carl", "Dina", "Erik"],
            "deals": [{"declarer": "Bo", "bid": 8, "partner": "Carl", "tricks": 8}] * 5}
    game = journal.from_json(data)
    with pytest.raises(DealError) as err:  # deal 2: Bo deals and sits out
        replay(game, keep=False)
    assert err.value.deal == 2 and err.value.field == "declarer"
    one = journal.from_json(dict(data, deals=data["deals"][:1]))
    assert replay(one, keep=False).state == replay(one).state
    with pytest.raises(DealError) as err:
        replay(game, keep=False)
    assert err.value.deal == 2 and err.value.field == "declarer"


@pytest.mark.parametrize("obj, deal", [
    ({"declarer": "Anna", "bid": 9, "attachment": "good", "partner": "Carl", "tricks": 10},
     Deal("Anna", 9, 10, "Carl", "good")),
    ({"declarer": "anna", "bid": 9, "attachment": " Gode ", "partner": "carl", "tricks": 10},
     Deal("Anna", 9, 10, "Carl", "good")),
    ({"declarer": "Anna", "bid": "Ren  Sol", "tricks": 0}, Deal("Anna", "nolo", 0)),
    ({"declarer": "Anna", "bid": 8, "partner": "Anna", "tricks": 7}, Deal("Anna", 8, 7)),
    ({"declarer": "Anna", "bid": 8, "partner": None, "attachment": None, "tricks": 7},
     Deal("Anna", 8, 7)),
])
def test_other_spellings_read_as_the_file_form(obj, deal):
    assert GAME.deal_from_json(obj, PLAYERS, None) == deal


@pytest.mark.parametrize("obj, field", [
    ({"declarer": "Anna", "bid": True, "partner": "Bo", "tricks": 8}, "bid"),
    ({"declarer": "Anna", "bid": 8.0, "partner": "Bo", "tricks": 8}, "bid"),
    ({"declarer": "Anna", "bid": 14, "partner": "Bo", "tricks": 8}, "bid"),
    ({"declarer": "Anna", "bid": 8, "partner": "Bo", "tricks": True}, "tricks"),
    ({"declarer": "Anna", "bid": 8, "partner": "Bo", "tricks": 14}, "tricks"),
    ({"declarer": ["Anna"], "bid": 8, "partner": "Bo", "tricks": 8}, "declarer"),
    ({"declarer": "Anna", "bid": 8, "partner": ["Bo"], "tricks": 8}, "partner"),
    ({"declarer": "Anna", "bid": 8, "attachment": ["good"], "partner": "Bo", "tricks": 8},
     "attachment"),
    ({"declarer": "Anna", "bid": 8, "tricks": 8}, "partner"),
    ({"declarer": "Anna", "bid": 8, "partner": "Bo", "tricks": 8, "note2": 1}, "note2"),
])
def test_refusals_name_the_same_field(obj, field):
    with pytest.raises(DealError) as err:
        GAME.deal_from_json(obj, PLAYERS, None)
    assert err.value.field == field
