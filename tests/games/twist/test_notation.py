"""The Twist short notation (docs/twist.md, "Short notation"): the examples, names holding
spaces, and round trips of random legal deals."""

import pytest
from hypothesis import given, settings, strategies as st

from gen_twist import PLAYERS
from whistscore.games.twist import GAME

P = tuple(PLAYERS)


def T(a, b, c, d):
    return {"A": a, "B": b, "C": c, "D": d}


def parse(obj):
    return GAME.deal_from_json(obj, P, None)


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


@pytest.mark.parametrize("typed, latin", [("A 8Ч 5/2/4/1", "A 8H 5/2/4/1"),
                                          ("A 5п 4/3/3/2 open", "A 5S 4/3/3/2 open"),
                                          ("A 9БК 2/5/1/4", "A 9NT 2/5/1/4"),
                                          ("A 7т 4/3/3/2", "A 7C 4/3/3/2"),
                                          ("A 6Б 4/3/3/2", "A 6D 4/3/3/2")])
def test_russian_suits_read_as_the_latin_letters_and_round_trip(typed, latin):
    """пики П, трефы Т, бубны Б, червы Ч, без козыря БК (issue 22)."""
    deal = GAME.parse_notation(typed, P, None)
    assert deal == GAME.parse_notation(latin, P, None)
    assert GAME.parse_notation(GAME.format_notation(deal, P, None), P, None) == deal
