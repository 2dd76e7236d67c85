"""Properties of Twist over random legal games: settlements sum to zero in exact fractions, the
file round-trips, the sheet's sums are the entries' sums, and every entry cites its rule."""

from fractions import Fraction

from hypothesis import given, settings

from gen_twist import game_files
from whistscore import journal
from whistscore.games.twist import GAME
from whistscore.replay import replay
from whistscore.settlement import settle


@settings(max_examples=60, deadline=None)
@given(game_files())
def test_random_games_settle_to_zero_and_round_trip(data):
    game = journal.from_json(data)
    rp = replay(game)
    balance = rp.balance()
    assert sum(balance.values()) == 0
    assert all(isinstance(b, Fraction) for b in balance.values())
    again = journal.loads(journal.dumps(game))
    assert replay(again).balance() == balance
    assert again.deals == game.deals
    s = settle(rp)
    assert s.to_json()["sheet"] == GAME.sheet_json(rp.state, game.rules)
    # the sheet's sums are the entries' sums
    totals = rp.totals()
    for i, p in enumerate(game.players):
        assert totals.get(p, "gora") + game.rules["gora"] == rp.state.gora[i]
        assert totals.get(p, "remark") == rp.state.remark[i]
    # every entry names a rule of the catalogue, with its seed source (for --explain)
    for e in rp.entries():
        assert e.rule in GAME.rule_texts and GAME.rule_texts[e.rule].source
        assert e.amount != 0 and isinstance(e.amount, int)
    # only the last deal may end the game
    assert all(not r.outcome.state.finished for r in rp.results[:-1])


@settings(max_examples=150, deadline=None)
@given(game_files())
def test_settling_without_entries_moves_the_state_as_the_writer(data):
    """``settle`` replays with ``keep=False``: the same rules write through the sums-only
    writer, which works each deal's numbers out once and then adds them from its memo;
    after every deal its state is the entry writer's, with every house rule, nota symbol
    and twist round."""
    from whistscore.game import DealContext

    game = journal.from_json(data)
    players, rules = game.players, game.rules
    kept = bare = GAME.initial_state(players, rules)
    for number, record in enumerate(game.deals, 1):
        args = (number, players[(number - 1) % 4], players, players, rules)
        kept = GAME.score(kept, record.deal, DealContext(*args)).state
        outcome = GAME.score(bare, record.deal, DealContext(*args, keep=False))
        bare = outcome.state
        assert outcome.entries == ()
        assert bare == kept
        assert [bare.marks(i) for i in range(4)] == [kept.marks(i) for i in range(4)]
    assert settle(replay(game, keep=False)).to_json() == settle(replay(game)).to_json()
