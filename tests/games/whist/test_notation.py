"""The whist short notation (docs/whist.md, "Short notation"): examples and round trips."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from whistscore.games.whist import GAME
from whistscore.games.whist.deals import Deal

from gen_whist import deal_values, players_st
from whist_support import PLAYERS

RULES = GAME.rulebook.resolve({})
AMERICAN = GAME.rulebook.resolve({"preset": "american"})


EXAMPLES = [
    ("NS 8 H:NS4", Deal(8, "NS", 4), "NS 8 H:NS4"),
    ("EW 7 R:NS/transfer", Deal(6, None, 0, "NS", "transfer"), "EW 7 R:NS/transfer"),
    ("void", Deal(None, revoke="both"), "void"),
    ("R:both", Deal(None, revoke="both"), "void"),
    ("NS 6", Deal(6), "EW 7"),
    ("ns 10 h:ew3", Deal(10, "EW", 3), "NS 10 H:EW3"),
    ("Anna 9 H:Boris4 R:Gleb", Deal(9, "EW", 4, "EW"), "NS 9 H:EW4 R:EW"),
    ("H:NS3 NS 7", Deal(7, "NS", 3), "NS 7 H:NS3"),
    ("EW 13", Deal(0), "EW 13"),
    ("NS 0", Deal(0), "EW 13"),
    ("NS 7 R:EW/a", Deal(7, None, 0, "EW", "add"), "NS 7 R:EW/add"),
    ("NS 7 R:EW/D", Deal(7, None, 0, "EW", "deduct"), "NS 7 R:EW/deduct"),
    ("NS 7 H:NS/4", Deal(7, "NS", 4), "NS 7 H:NS4"),
    ("  VOID  ", Deal(None, revoke="both"), "void"),
    ("vera 8", Deal(8), "NS 8"),
]


@pytest.mark.parametrize("text,deal,canonical", EXAMPLES)
def test_notation_examples(text, deal, canonical):
    parsed = GAME.parse_notation(text, PLAYERS, RULES)
    assert parsed == deal
    assert GAME.format_notation(parsed, PLAYERS, RULES) == canonical


def test_names_with_spaces_in_the_tricks_part():
    players = ("Anna Maria", "Boris", "Vera", "Gleb")
    assert GAME.parse_notation("Anna Maria 8", players, RULES) == Deal(8)


def test_player_name_ending_in_a_digit_in_honours():
    players = ("Anna", "Bob3", "Vera", "Gleb")
    assert GAME.parse_notation("NS 7 H:Bob34", players, RULES) == Deal(7, "EW", 4)


@settings(max_examples=300, deadline=None)
@given(deal_values())
def test_notation_round_trip(deal):
    text = GAME.format_notation(deal, PLAYERS, RULES)
    assert GAME.parse_notation(text, PLAYERS, RULES) == deal
    assert "{" not in text and '"' not in text and "\n" not in text


@settings(max_examples=200, deadline=None)
@given(deal_values(honours=False), players_st)
def test_notation_round_trip_american_any_players(deal, players):
    text = GAME.format_notation(deal, players, AMERICAN)
    assert GAME.parse_notation(text, players, AMERICAN) == deal


@settings(max_examples=300, deadline=None)
@given(deal_values())
def test_json_round_trip(deal):
    assert GAME.deal_from_json(GAME.deal_to_json(deal), PLAYERS, RULES) == deal
