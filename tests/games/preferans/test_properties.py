"""Properties of Preferans over random legal pulkas: every settlement sums to exactly zero, a
saved game replays to the same sheet, and a pulka played to its end under every preset settles."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gen_preferans import game_files, legal_deal
from whistscore.games.preferans import GAME
from whistscore.journal import dumps, from_json, loads
from whistscore.replay import replay
from whistscore.settlement import settle

BOOK = GAME.rulebook  # its presets are the spec's table (test_rules.py)


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(game_files())
def test_random_legal_pulkas_settle_to_exactly_zero(data):
    rep = replay(from_json(data))
    balance = rep.balance()
    assert sum(balance.values()) == 0
    s = settle(rep)
    assert s.finished == rep.finished
    # a pulka that ended has every pulya closed
    if rep.finished:
        assert all(v["pulya"] == rep.game.rules["pulya"] for v in s.sheet.values())
    for entry in rep.entries():
        assert entry.rule in GAME.rule_texts
        assert not isinstance(entry.amount, float)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(game_files())
def test_replaying_a_saved_game_gives_the_same_sheet(data):
    game = from_json(data)
    rep = replay(game)
    again = replay(loads(dumps(game)))
    assert GAME.sheet_json(again.state, again.game.rules) == GAME.sheet_json(rep.state, game.rules)
    assert list(again.entries()) == list(rep.entries())
    assert again.balance() == rep.balance()
    GAME.sheet_tables(again)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(sorted(BOOK.presets)), st.data())
def test_finished_pulkas_under_every_preset_settle_to_zero(preset, data):
    """Play random legal deals until every pulya closes (small pulya), under each preset."""
    from whistscore.game import DealContext

    players = ("Anna", "Boris", "Vera")
    scale = 10 if preset == "encyclopedia" else 1
    rules = BOOK.resolve({"preset": preset, "pulya": 6 * scale})
    state = GAME.initial_state(players, rules)
    number = 0
    while not GAME.is_finished(state) and number < 400:
        number += 1
        dealer = players[(number - 1) % 3]
        deal = GAME.deal_from_json(data.draw(legal_deal(players, players, rules)), players, rules)
        state = GAME.score(state, deal, DealContext(number, dealer, players, players, rules)).state
    assert sum(GAME.balance(state, rules).values()) == 0
