"""The Preferans short notation: the documented examples, the spellings it accepts, round trips."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gen_preferans import game_files
from whistscore.games.preferans import GAME
from whistscore.games.preferans.deals import AllPass, Contract, Misere
from whistscore.errors import DealError
from whistscore.journal import from_json

ABV = ("Anna", "Boris", "Vera")
ABVG = ("Anna", "Boris", "Vera", "Gleb")
SOCHI = GAME.rulebook.resolve({"preset": "sochi"})
LENINGRAD = GAME.rulebook.resolve({"preset": "leningrad"})


def read(text, players=ABV, rules=SOCHI):
    return GAME.parse_notation(text, players, rules)


def test_issue_examples():
    assert read("Anna 7S Boris:w Vera:p 7/3/0") == GAME.deal_from_json(
        {"declarer": "Anna", "contract": "7S", "whist": {"Boris": "whist", "Vera": "pass"},
         "tricks": {"Anna": 7, "Boris": 3, "Vera": 0}}, ABV, SOCHI)
    assert read("Vera misere 0") == Misere("Vera", (("Vera", 0),))
    assert read("pass 4/2/4") == AllPass((("Anna", 4), ("Boris", 2), ("Vera", 4)))


def test_tricks_follow_the_names_as_written():
    # declarer first, then the defenders in the order they are written
    a = read("Boris 6S Anna:p Vera:w 6/1/3")
    b = read("Boris 6S Vera:w Anna:p 6/3/1")
    assert a == b
    assert dict(a.tricks) == {"Boris": 6, "Vera": 3, "Anna": 1}
    assert a.whist == (("Vera", "whist"), ("Anna", "pass"))  # whisting order, clockwise


@pytest.mark.parametrize("text", [
    "Anna 7♠ Boris:whist Vera:pass 7/3/0",
    "anna 7s boris:W vera:P 7/3/0",
    "Anna 7S Vera:p Boris:w Anna:7 Vera:0 Boris:3",
    "Anna 7♤ Boris:вист Vera:пас 7/3/0",
    "  Anna   7S  Boris:w  Vera:p  7/3/0 ",
])
def test_spellings(text):
    assert read(text) == read("Anna 7S Boris:w Vera:p 7/3/0")


@pytest.mark.parametrize("symbol,suit", [("♠", "S"), ("♣", "C"), ("♦", "D"), ("♥", "H"),
                                         ("NT", "NT"), ("nt", "NT"), ("h", "H")])
def test_suits(symbol, suit):
    assert read(f"Anna 8{symbol} Boris:p Vera:p").suit == suit


def test_half_whist_gone_half_both_pass():
    assert read("Anna 6H Boris:p Vera:h").whist == (("Boris", "pass"), ("Vera", "half"))
    assert read("Anna 6H Boris:w Vera:gh 5/4/1").whist == (("Boris", "whist"), ("Vera", "gone-half"))
    assert read("Anna 8NT Boris:p Vera:p").tricks is None
    assert read("Anna 6H Boris:h Vera:p", rules=LENINGRAD).whist[0] == ("Boris", "half")


def test_misere_with_every_count():
    deal = read("Vera misere Anna:4 Boris:5 Vera:1")
    assert deal == Misere("Vera", (("Anna", 4), ("Boris", 5), ("Vera", 1)))
    assert GAME.format_notation(deal, ABV, SOCHI) == "Vera misere Anna:4 Boris:5 Vera:1"
    assert read("Vera мизер 2") == Misere("Vera", (("Vera", 2),))


def test_four_players_allpass_dash_for_the_dealer():
    deal = read("pass 4/2/-/4", ABVG)
    assert deal == AllPass((("Anna", 4), ("Boris", 2), ("Gleb", 4)))
    assert GAME.format_notation(deal, ABVG, SOCHI) == "pass 4/2/-/4"
    assert read("allpass Gleb:4 Anna:4 Boris:2", ABVG) == deal


def test_names_with_spaces_are_typed_with_underscores():
    players = ("Olga Petrova", "Boris", "Vera")
    deal = read("Olga_Petrova 7S Boris:w Vera:p 7/3/0", players)
    assert deal.declarer == "Olga Petrova"
    assert GAME.format_notation(deal, players, SOCHI) == "Olga_Petrova 7S Boris:w Vera:p 7/3/0"


def test_a_player_called_pass():
    players = ("pass", "Boris", "Vera")
    assert isinstance(read("pass 7S Boris:w Vera:p 7/3/0", players), Contract)
    assert isinstance(read("pass 4/2/4", players), AllPass)


def test_format_examples():
    fmt = lambda text: GAME.format_notation(read(text), ABV, SOCHI)  # noqa: E731
    assert fmt("Anna 7♠ Vera:pass Boris:whist 7/0/3") == "Anna 7S Boris:w Vera:p 7/3/0"
    assert fmt("allpass Anna:4 Vera:4 Boris:2") == "pass 4/2/4"
    assert fmt("Boris 10nt Vera:p Anna:p") == "Boris 10NT Vera:p Anna:p"


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(game_files())
def test_every_legal_deal_round_trips_through_the_notation(data):
    g = from_json(data)
    for record in g.deals:
        text = g.notation(record)
        assert "\n" not in text and "{" not in text and '"' not in text
        assert GAME.parse_notation(text, g.players, g.rules) == record.deal
        assert GAME.deal_from_json(GAME.deal_to_json(record.deal), g.players, g.rules) == record.deal


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40) | st.lists(st.sampled_from(
    ["Anna", "Boris", "Vera", "7S", "6NT", "misere", "pass", "w", "p", ":", "/", "7/3/0",
     "Boris:w", "Vera:p", "x", "99", "-1", " "]), max_size=8).map(" ".join))
def test_garbage_is_refused_cleanly(text):
    """Any text is either a deal that writes back to itself, or a DealError that
    names its field in one line; never another exception."""
    from whistscore.errors import DealError

    try:
        deal = read(text)
    except DealError as exc:  # NotationError, or a deal of the wrong shape
        assert exc.field and f"field '{exc.field}'" in str(exc), exc  # names the field
        assert exc.reason and "\n" not in str(exc), exc
        return
    record = type(GAME.deal_from_json(GAME.deal_to_json(deal), ABV, SOCHI))
    assert isinstance(deal, record)
    assert read(GAME.format_notation(deal, ABV, SOCHI)) == deal  # it reads back as itself


# -- Russian suit letters (issue 22): пики, трефы, бубны, червы, без козыря --------------

@pytest.mark.parametrize("typed, latin", [
    ("Аня 6П Боря:w Вера:w 6/2/2", "Аня 6S Боря:w Вера:w 6/2/2"),
    ("Аня 7Т Боря:w Вера:p 7/3/0", "Аня 7C Боря:w Вера:p 7/3/0"),
    ("Аня 8б Боря:p Вера:p", "Аня 8D Боря:p Вера:p"),
    ("Аня 9Ч Боря:w Вера:p 9/1/0", "Аня 9H Боря:w Вера:p 9/1/0"),
    ("Аня 10БК Боря:w Вера:w 10/0/0", "Аня 10NT Боря:w Вера:w 10/0/0"),
    ("Аня 6бк Боря:p Вера:h", "Аня 6NT Боря:p Вера:h"),
    ("Аня 7П concede", "Аня 7S concede"),
])
def test_russian_suits_read_as_the_latin_letters_and_round_trip(typed, latin):
    players = ("Аня", "Боря", "Вера")
    deal = read(typed, players)
    assert deal == read(latin, players)
    written = GAME.format_notation(deal, players, SOCHI)
    assert read(written, players) == deal


@pytest.mark.parametrize("typed", ["Аня 7Ж Боря:w Вера:p 7/3/0", "Аня 11П Боря:w Вера:p 7/3/0"])
def test_a_russian_suit_that_is_none_is_refused(typed):
    with pytest.raises(DealError, match="suit|level"):
        read(typed, ("Аня", "Боря", "Вера"))
