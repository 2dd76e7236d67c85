"""Replaying a game file (whistscore/replay.py): deal by deal, the dealer's rotation, the end of
the game, and the lean replay that keeps no per-deal results."""

import json

import pytest

from whistscore import journal
from whistscore.errors import GameOverError
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
