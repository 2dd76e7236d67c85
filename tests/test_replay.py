"""Replaying a game file (whistscore/replay.py): deal by deal, the dealer's rotation, the end of
the game, and the lean replay that keeps no per-deal results."""

import json

import pytest

import whistscore
from whistscore import journal
from whistscore.errors import DealError, GameOverError
from whistscore.game import DealRecord
from whistscore.replay import replay

BASE = {
    "format": "whistscore", "version": 1, "game": "tally",
    "players": ["Anna", "Boris", "Vera"], "rules": {"preset": "plain"},
    "deals": [{"winner": "Anna", "points": 2}, {"winner": "Vera", "points": 1, "note": "late"}],
}


def text_of(data):
    return json.dumps(data, ensure_ascii=False)


def test_dealer_rotates_clockwise_from_first_player():
    game = journal.loads(text_of({**BASE, "deals": [{"winner": "Anna", "points": 0}] * 4}))
    assert [r.dealer for r in replay(game).results] == ["Anna", "Boris", "Vera", "Anna"]


def test_replay_stops_after_game_end():
    data = {**BASE, "deals": [{"winner": "Anna", "points": 5}, {"winner": "Boris", "points": 1}]}
    with pytest.raises(GameOverError) as info:
        replay(journal.loads(text_of(data)))
    assert info.value.deal == 2


def test_replay_without_results_settles_the_same_and_knows_the_next_dealer():
    from whistscore.settlement import settle
    deals = [{"winner": "Anna", "points": 1}, {"winner": "Vera", "points": 2, "dealer": "Vera"}]
    game = journal.loads(text_of({**BASE, "deals": deals}))
    full, lean = replay(game), replay(game, keep=False)
    assert lean.results == () and lean.state == full.state
    assert settle(lean).to_json() == settle(full).to_json()
    assert lean.next_dealer() == full.next_dealer() == "Anna"
    rec = game.deals[0]
    assert lean.extend(rec).state == full.extend(rec).state


def test_a_named_dealer_is_checked_in_one_place_and_said_alike():
    # the file, a typed --dealer and a hand-built Game all refuse a stranger as dealer
    # with the one message of game.check_dealer, and the replay adds the deal's number
    import attrs

    data = {**BASE, "deals": [{"winner": "Anna", "points": 1, "dealer": "Gleb"}]}
    with pytest.raises(DealError) as from_file:
        journal.loads(text_of(data))
    game = journal.loads(text_of({**BASE, "deals": [{"winner": "Anna", "points": 1}]}))
    with pytest.raises(DealError) as typed:
        whistscore.ScoredGame.of(game.without_last()).add('{"winner": "Anna", "points": 1}',
                                                          dealer="Gleb")
    built = attrs.evolve(game, deals=(DealRecord(game.deals[0].deal, dealer="Gleb"),))
    with pytest.raises(DealError) as replayed:
        replay(built)
    reason = "the dealer must be one of the players (Anna, Boris, Vera)"
    for info in (from_file, typed, replayed):
        assert (info.value.reason, info.value.field, info.value.value, info.value.deal) == \
            (reason, "dealer", "Gleb", 1)
    assert [p.deal for p in journal.check_text(text_of(data))] == [1]
