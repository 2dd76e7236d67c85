"""The Danish short notation (docs/danish.md, "Short notation"); issue 6 item 5."""

import pytest

from whistscore.errors import DealError, InputError, NotationError
from whistscore.games.danish import GAME
from whistscore.games.danish.deals import Deal as DanishDeal

P = ("Anna", "Bo", "Carl", "Dina")


def parse(text, players=P):
    return GAME.parse_notation(text, players, None)


def fmt(deal, players=P):
    return GAME.format_notation(deal, players, None)


@pytest.mark.parametrize("text, deal", [
    ("Anna 9 good Carl 10", DanishDeal("Anna", 9, 10, "Carl", "good")),
    ("Anna 8 alone 7", DanishDeal("Anna", 8, 7)),
    ("Bo nolo 0", DanishDeal("Bo", "nolo", 0)),
    ("Bo solo 1", DanishDeal("Bo", "solo", 1)),
    ("Bo open_solo 2", DanishDeal("Bo", "open_solo", 2)),
    ("Bo open_nolo 0", DanishDeal("Bo", "open_nolo", 0)),
    ("Dina 13 sans Bo 13", DanishDeal("Dina", 13, 13, "Bo", "sans")),
    ("Carl 7 Dina 5", DanishDeal("Carl", 7, 5, "Dina")),
])
def test_canonical_lines(text, deal):
    assert parse(text) == deal
    assert fmt(deal) == text


@pytest.mark.parametrize("text, canonical", [
    ("Anna 7 vip Bo 8", "Anna 7 tournee Bo 8"),
    ("Anna 9 gode Carl 10", "Anna 9 good Carl 10"),
    ("Anna 9 halve Carl 9", "Anna 9 half Carl 9"),
    ("Anna 9 stærke Carl 9", "Anna 9 strong Carl 9"),
    ("Anna 9 staerke Carl 9", "Anna 9 strong Carl 9"),
    ("Anna 9 STÆRKE Carl 9", "Anna 9 strong Carl 9"),
    ("Bo sol 1", "Bo solo 1"),
    ("Bo ren sol 0", "Bo nolo 0"),
    ("Bo Ren Sol 0", "Bo nolo 0"),
    ("Bo bordlægger 1", "Bo open_solo 1"),
    ("Bo bordlaegger 1", "Bo open_solo 1"),
    ("Bo ren bordlægger 0", "Bo open_nolo 0"),
    ("Bo open solo 1", "Bo open_solo 1"),
    ("Bo open nolo 0", "Bo open_nolo 0"),
    ("Anna 8 alene 7", "Anna 8 alone 7"),
    ("Anna 8 ALONE 7", "Anna 8 alone 7"),
    ("Anna 8 Anna 7", "Anna 8 alone 7"),          # own ace called = alone
    ("anna 9 GOOD carl 10", "Anna 9 good Carl 10"),  # unique case-insensitive names
    ("  Anna   9 good  Carl 10 ", "Anna 9 good Carl 10"),
    ("#1 9 good #3 10", "Anna 9 good Carl 10"),    # players by seat
])
def test_aliases_and_spellings(text, canonical):
    assert fmt(parse(text)) == canonical


def test_names_with_spaces_and_keyword_names():
    players = ("Anna Maria", "Bo", "good", "alone")
    deal = parse("Anna Maria 9 good Bo 10", players)
    assert deal == DanishDeal("Anna Maria", 9, 10, "Bo", "good")
    # a player called "good" as the partner, no attachment
    assert parse("Bo 8 good 8", players) == DanishDeal("Bo", 8, 8, "good")
    # a player called "alone": the keyword and the name collide, the formatter uses seats
    alone = DanishDeal("Bo", 8, 8)
    with_alone_player = DanishDeal("Bo", 8, 8, "alone")
    for deal in (alone, with_alone_player, DanishDeal("good", 9, 9, "Bo", "good")):
        assert parse(fmt(deal, players), players) == deal


def test_exact_case_wins_over_case_insensitive():
    players = ("Anna", "anna", "Bo", "Carl")
    assert parse("anna 8 Anna 8", players) == DanishDeal("anna", 8, 8, "Anna")
    with pytest.raises(NotationError) as err:
        parse("ANNA 8 Bo 8", players)
    assert err.value.field == "declarer"


def test_ambiguous_line_is_refused():
    players = ("Anna", "good", "good Bo", "Bo")
    # attachment good + partner "Bo", or partner "good Bo" without attachment
    with pytest.raises(NotationError) as err:
        parse("Anna 9 good Bo 9", players)
    assert err.value.field == "notation" and "ambiguous" in str(err.value)
    for deal in (DanishDeal("Anna", 9, 9, "Bo", "good"), DanishDeal("Anna", 9, 9, "good Bo")):
        assert parse(fmt(deal, players), players) == deal


@pytest.mark.parametrize("text, field, value", [
    ("", "notation", ""),
    ("Anna 9", "notation", "Anna 9"),
    ("Xavier 9 Bo 9", "declarer", "Xavier"),
    ("Anna nine Bo 9", "bid", "nine"),
    ("Anna 6 Bo 6", "bid", "6"),
    ("Anna 14 Bo 7", "bid", "14"),
    ("Anna 9 Bo 14", "tricks", "14"),
    ("Anna 9 Bo -1", "tricks", "-1"),
    ("Anna 9 Bo x", "tricks", "x"),
    ("Anna 9 Bo 99999999999", "tricks", "99999999999"),
    ("Anna 9 blue Bo 9", "attachment", "blue"),
    ("Anna 9 good Xavier 9", "partner", "Xavier"),
    ("Anna 9 good 10", "partner", "Anna 9 good"),
    ("Anna solo Bo 1", "partner", "Bo"),
    ("Anna nolo good 0", "attachment", "good"),
    ("Anna ren Bo 0", "bid", "ren"),
])
def test_bad_lines(text, field, value):
    with pytest.raises(InputError) as err:
        parse(text)
    assert err.value.field == field
    assert value in str(err.value)


def test_range_errors_come_from_the_deal_checks():
    with pytest.raises(DealError) as err:
        parse("Anna 14 Bo 7")
    assert "bid" in str(err.value) and "14" in str(err.value)


def test_not_text():
    with pytest.raises(NotationError) as err:
        parse(None)
    assert err.value.field == "notation"


def test_every_line_of_the_docs_notation_table_reads():
    import re
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[3] / "docs" / "danish.md").read_text("utf-8")
    section = doc.split("## Short notation", 1)[1].split("## The sheet", 1)[0]
    lines = re.findall(r"^\| `[^`]+` \| `([^`]+)` \|", section, re.M)  # the example column
    assert len(lines) >= 8
    for line in lines:
        deal = parse(line)
        assert parse(fmt(deal)) == deal


def test_partner_named_like_a_keyword_next_to_a_player_named_like_a_seat():
    # found by the property tests: "#2" is a player's name, so Carl cannot be
    # written "#2"; the partner "alone" must be written by seat (#4).
    from whistscore import journal
    game = journal.new_game("danish", ["Bo", "Carl", "#2", "alone", "x8Ëy"])
    rec = journal.deal_from_json(game.kind, {"declarer": "Carl", "bid": 12,
                                             "attachment": "tournee", "partner": "alone",
                                             "tricks": 7}, game.players, game.rules)
    text = game.notation(rec)
    assert text == "Carl 12 tournee #4 7"
    assert game.kind.parse_notation(text, game.players, game.rules) == rec.deal


def test_a_seat_number_always_means_the_seat():
    # found by the property tests: players "alone" (seat 2) and "#2" (seat 4); the
    # partner "alone" can only be written by seat, so "#2" must mean seat 2.
    from whistscore import journal
    game = journal.new_game("danish", ["Anna", "alone", "Bo", "#2"])
    rec = journal.deal_from_json(game.kind, {"declarer": "Anna", "bid": 7, "partner": "alone",
                                             "tricks": 3}, game.players, game.rules)
    text = game.notation(rec)
    assert text == "Anna 7 #2 3"
    assert game.kind.parse_notation(text, game.players, game.rules) == rec.deal
    assert game.kind.parse_notation("#4 7 Anna 3", game.players, game.rules).declarer == "#2"
