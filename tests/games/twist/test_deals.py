"""Twist: bad input named by field and value (the short notation is in test_notation.py, random
games in test_properties.py).

The bad-input cases of the issue («Bad input») each have a test here; the larger
corpus is in tests/corpus/twist.json.
"""

import json

import pytest

from gen_twist import PLAYERS, game_file, play
from whistscore import journal
from whistscore.errors import DealError, GameOverError, InputError, NotationError
from whistscore.games.twist import GAME

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
