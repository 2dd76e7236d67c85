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
        assert e.rule in GAME.rule_texts and GAME.words.get(f"rule.{e.rule}.source", "en")
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


def test_the_memo_of_the_sums_only_writer_tells_apart_what_the_doublings_read():
    """The sums-only writer repeats a contract from its memo by the deal, the X and O the
    declarer uses and the pair's dazin/operet: the same contract played again with one O,
    two O (``same_kind`` all: both double), an X, or a live dazin must not be taken for the
    first one.  A random game seldom repeats a deal under another nota, so this one does."""
    from whistscore.game import DealContext
    from whistscore.i18n import text

    made = {"declarer": "Anna", "contract": "8H", "opened": False, "partner_passed": False,
            "twist": [], "tricks": {"Anna": 5, "Boris": 2, "Vera": 4, "Gleb": 1}}
    failed = dict(made, tricks={"Anna": 3, "Boris": 4, "Vera": 2, "Gleb": 3}, twist=["Gleb"])
    # made by Boris: an X for him, an O for Anna, Vera and Gleb
    bomb = {"bomb": "simple", "value": 2, "declarer": "Boris",
            "tricks": {"Anna": 4, "Boris": 1, "Vera": 4, "Gleb": 3}}
    # made by Anna: an X for her, an O for the others
    anna_bomb = dict(bomb, declarer="Anna", tricks={"Anna": 1, "Boris": 4, "Vera": 4, "Gleb": 3})
    dazin = {"declarer": "Anna", "contract": "12NT", "opened": False, "partner_passed": False,
             "twist": [], "tricks": {"Anna": 7, "Boris": 0, "Vera": 5, "Gleb": 0}}
    deals = [made, failed, bomb, made, failed, bomb, bomb, made, failed, anna_bomb, made,
             anna_bomb, bomb, failed, made, dazin, made, failed, made, made, failed]
    for same_kind in ("one", "all"):
        data = {"format": "whistscore", "version": 1, "game": "twist",
                "players": ["Anna", "Boris", "Vera", "Gleb"],
                "rules": {"preset": "seed", "gora": 500, "same_kind": same_kind},
                "deals": deals}
        game = journal.from_json(data)
        players, rules = game.players, game.rules
        kept = bare = GAME.initial_state(players, rules)
        doubled = 0
        for number, record in enumerate(game.deals, 1):
            args = (number, players[(number - 1) % 4], players, players, rules)
            outcome = GAME.score(kept, record.deal, DealContext(*args))
            doubled += any(" x2 " in str(text(e.detail, GAME, "en")) for e in outcome.entries)
            kept = outcome.state
            bare = GAME.score(bare, record.deal, DealContext(*args, keep=False)).state
            assert bare == kept, (same_kind, number)
        assert doubled >= 8  # the repeated contracts were doubled in several ways
