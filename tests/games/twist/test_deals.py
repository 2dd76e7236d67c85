"""Twist: bad input named by field and value, the short notation, and random games.

The bad-input cases of the issue («Bad input») each have a test here; the larger
corpus is in tests/corpus/twist.json.
"""

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from gen_twist import PLAYERS, game_file, game_files, play
from whistscore import journal
from whistscore.errors import DealError, GameOverError, InputError, NotationError
from whistscore.games.twist import GAME
from whistscore.replay import replay
from whistscore.settlement import settle

P = tuple(PLAYERS)


def T(a, b, c, d):
    return {"A": a, "B": b, "C": c, "D": d}


def parse(obj):
    return GAME.deal_from_json(obj, P, None)


def refused(obj, field, value_text, exc=DealError):
    with pytest.raises(exc) as err:
        parse(obj) if not isinstance(obj, str) else GAME.parse_notation(obj, P, None)
    text = str(err.value)
    assert f"field '{field}" in text, text
    assert value_text in text, text
    return err.value


# -- the bad input ------------------------------------------------------------

def test_bad_tricks_not_summing_to_12():
    refused({"declarer": "A", "contract": "8H", "tricks": T(5, 2, 4, 2)}, "tricks", "13")
    refused("A 8H 3/3/3/2", "tricks", "11", NotationError)


def test_bad_twist_below_level_7():
    refused({"declarer": "A", "contract": "6NT", "tricks": T(5, 2, 4, 1), "twist": ["B"]},
            "twist", '["B"]')


def test_bad_twist_by_the_declaring_pair():
    refused({"declarer": "A", "contract": "8H", "tricks": T(5, 2, 4, 1), "twist": ["C"]},
            "twist[0]", '"C"')
    refused({"declarer": "A", "contract": "8H", "tricks": T(5, 2, 4, 1), "twist": ["A"]},
            "twist[0]", '"A"')


def test_bad_partner_passed_with_a_twist_by_the_partner():
    err = refused({"declarer": "B", "contract": "9S", "tricks": T(2, 5, 1, 4),
                   "partner_passed": True, "twist": ["D"]}, "twist[0]", '"D"')
    assert "passed" in err.reason


@pytest.mark.parametrize("kind, category, value", [("bomb", "simple", 3), ("bomb", "double", 1),
                                                   ("bomb", "clean", 3), ("dil", "all", 0),
                                                   ("dil", "double", 5)])
def test_bad_solo_value_outside_its_category(kind, category, value):
    refused({kind: category, "value": value, "declarer": "A", "tricks": T(1, 4, 3, 4)},
            "value", str(value))


def test_bad_normal_deal_when_a_twist_round_is_due():
    with pytest.raises(DealError) as err:
        play(["A 5S 4/3/3/2", "B bomb simple 1 4/1/3/4"])
    assert err.value.field == "twist_round" and err.value.deal == 2


def test_bad_twist_round_when_none_is_due():
    with pytest.raises(DealError) as err:
        play(["A 8H 5/2/4/1", "round 3/3/3/3"])
    assert err.value.field == "twist_round" and "true" in str(err.value)


def test_bad_any_deal_after_the_game_ended():
    with pytest.raises(GameOverError):
        play(["A 8H 5/2/4/1", "B 8H 2/5/1/4"], gora=5)
    with pytest.raises(GameOverError):
        play(["A dil simple 2 5/2/3/2", "round 3/3/3/3"], gora=10)


def test_bad_unknown_fields():
    refused({"declarer": "A", "contract": "8H", "tricks": T(5, 2, 4, 1), "redouble": True},
            "redouble", "true")
    refused({"twist_round": True, "tricks": T(3, 3, 3, 3), "price": 10}, "price", "10")
    refused({"dil": "simple", "value": 1, "declarer": "A", "tricks": T(5, 2, 3, 2),
             "opened": True}, "opened", "true")


def test_bad_unknown_player_names():
    refused({"declarer": "Zed", "contract": "8H", "tricks": T(5, 2, 4, 1)}, "declarer", '"Zed"')
    refused({"declarer": "A", "contract": "8H", "tricks": {"A": 5, "B": 2, "C": 4, "Zed": 1}},
            "tricks.Zed", '"Zed"')


def test_bad_bool_is_not_an_int():
    refused({"declarer": "A", "contract": "8H", "tricks": T(5, 2, 4, True)}, "tricks.D", "true")
    refused({"bomb": "simple", "value": True, "declarer": "A", "tricks": T(1, 4, 3, 4)},
            "value", "true")


def test_bad_game_file_rules():
    from whistscore.errors import RuleError
    with pytest.raises(RuleError) as err:
        journal.from_json(game_file([], gora=0))
    assert "rules.gora" in str(err.value)
    with pytest.raises(RuleError) as err:
        journal.from_json(game_file([], dil_failure="printed"))
    assert "rules.dil_failure" in str(err.value) and "printed" in str(err.value)


def test_bad_deal_numbered_by_the_journal():
    data = game_file([{"declarer": "A", "contract": "8H", "tricks": T(5, 2, 4, 1)},
                      {"declarer": "A", "contract": "8H", "tricks": T(5, 2, 4, 2)}])
    with pytest.raises(InputError) as err:
        journal.loads(json.dumps(data))
    assert err.value.deal == 2 and err.value.field == "tricks"


# -- names: exact or a unique case-insensitive match ------------------------------------

def test_names_case_insensitive_when_unique():
    deal = GAME.deal_from_json({"declarer": "a", "contract": "8h", "tricks": {"a": 5, "b": 2, "C": 4,
                                                                         "d": 1}}, P, None)
    assert deal == parse({"declarer": "A", "contract": "8H", "tricks": T(5, 2, 4, 1)})
    players = ("anna", "Anna", "Boris", "Vera")
    with pytest.raises(DealError):
        GAME.deal_from_json({"declarer": "ANNA", "contract": "8H",
                         "tricks": dict(zip(players, (5, 2, 4, 1)))}, players, None)


# -- short notation ----------------------------------------------------------------------

@pytest.mark.parametrize("text, obj", [
    ("A 8H 5/2/4/1", {"declarer": "A", "contract": "8H", "tricks": T(5, 2, 4, 1)}),
    ("C 5S 4/3/3/2 open", {"declarer": "C", "contract": "5S", "tricks": T(4, 3, 3, 2),
                           "opened": True}),
    ("b 9nt 2/5/1/4 pass twist a", {"declarer": "B", "contract": "9NT", "tricks": T(2, 5, 1, 4),
                                    "opened": True, "partner_passed": True, "twist": ["A"]}),
    ("A 8H 4/3/3/2 twist D B", {"declarer": "A", "contract": "8H", "tricks": T(4, 3, 3, 2),
                                "twist": ["B", "D"]}),
    ("A bomb double 3 1/4/3/4", {"bomb": "double", "value": 3, "declarer": "A",
                                 "tricks": T(1, 4, 3, 4)}),
    ("D dil simple 2 2/3/2/5", {"dil": "simple", "value": 2, "declarer": "D",
                                "tricks": T(2, 3, 2, 5)}),
    ("round 3/4/2/3", {"twist_round": True, "tricks": T(3, 4, 2, 3)}),
    ("  A   12♠  7,0,5,0 ", {"declarer": "A", "contract": "12S", "tricks": T(7, 0, 5, 0)}),
])
def test_notation_examples(text, obj):
    deal = GAME.parse_notation(text, P, None)
    assert deal == parse(obj)
    written = GAME.format_notation(deal, P, None)
    assert not set(written) & set('{}"\'\n')
    assert GAME.parse_notation(GAME.format_notation(deal, P, None), P, None) == deal


def test_notation_with_names_holding_spaces():
    players = ("Ann", "Ann Lee", "Oliver Twist", "round")
    deal = GAME.parse_notation("Ann Lee 8H 2/5/1/4 twist Ann Oliver Twist", players, None)
    assert deal.declarer == "Ann Lee" and deal.twist == ("Ann", "Oliver Twist")
    deal = GAME.parse_notation("round 5S 4/3/3/2", players, None)
    assert deal.declarer == "round"


@st.composite
def legal_deals(draw):
    from gen_twist import deal_object, names
    players = tuple(draw(names))
    obj = draw(deal_object(players, draw(st.booleans())))
    return players, GAME.deal_from_json(obj, players, None)


@settings(max_examples=300, deadline=None)
@given(legal_deals())
def test_notation_round_trips(case):
    players, deal = case
    text = GAME.format_notation(deal, players, None)
    assert "\n" not in text
    assert GAME.parse_notation(text, players, None) == deal
    assert GAME.deal_from_json(GAME.deal_to_json(deal), players, None) == deal


# -- random legal games -------------------------------------------------------------------

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
