"""Each game's declared deal fields (whistscore/fields.py): well formed, and the
notation help's examples read back with the game's own parser at every table size."""

from __future__ import annotations

import pytest

import whistscore
from whistscore.fields import DealFields, Field, choices
from whistscore.i18n import lookup
from whistscore.language import langs

from registry_support import games, seatings

#: every game of the registry at every table size it allows (tests/registry_support.py)
TABLES = seatings()


@pytest.mark.parametrize("game", games())
def test_every_game_declares_its_deal_fields(game):
    kind = whistscore.get_game(game)
    fields = kind.deal_fields
    assert isinstance(fields, DealFields) and fields.fields
    data = fields.to_json()
    assert [f["key"] for f in data["fields"]] == [f.key for f in fields.fields]
    for lang in langs():
        # every field and every worded button has its words in every language (a choice
        # with none is its value: 7); the notation help's lines too
        said = fields.to_json(4, lambda key: lookup(key, kind, lang))
        for f, d in zip(fields.fields, said["fields"]):
            assert kind.words.get(f"form.{f.key}", lang) == d["word"], (f.key, lang)
            for dc in d.get("choices", []) + d.get("suits", []) + d.get("dealer_choices", []):
                assert dc["word"], (f.key, dc, lang)
        assert all(n["word"] for n in said["notation"]), lang
    for f in fields.fields:
        if f.kind == "tricks":
            assert f.total in (10, 12, 13)


@pytest.mark.parametrize("game, players", TABLES)
def test_the_notation_help_reads_back(game, players):
    kind = whistscore.get_game(game)
    rules = kind.rulebook.resolve({})
    examples = kind.deal_fields.examples(len(players))
    assert len(examples) >= 3
    for text in examples:
        line = text.format(*players)
        deal = kind.parse_notation(line, players, rules)
        assert kind.parse_notation(kind.format_notation(deal, players, rules), players,
                                   rules) == deal


def test_a_condition_on_a_later_field_is_refused():
    with pytest.raises(AssertionError, match="depends on contract"):
        DealFields((Field("declarer", "player", when=({"contract": ("7S",)},)),
                    Field("contract", "contract")))
    with pytest.raises(AssertionError, match="twice"):
        DealFields((Field("x", "flag"), Field("x", "flag")))
    with pytest.raises(ValueError):
        Field("x", "slider")


def test_a_choice_that_shapes_the_deal_carries_its_json():
    (c,) = choices(("misere", {"contract": "misere"}))
    words = {"form._kind.misere": "мизер"}
    assert c.to_json(words.get, "form._kind") == {"value": "misere", "word": "мизер",
                                                 "json": {"contract": "misere"}}


# -- what the game offers (issue 36): only what can be recorded, decided by the game -------

def _offer(players, preset="sochi", rules=None, deals=()):
    sg = whistscore.ScoredGame.of(whistscore.new_game(
        "preferans", list(players), rules={"preset": preset, **(rules or {})}))
    for line in deals:
        sg = sg.add(line)
    rp = sg.replay
    return sg.kind.deal_fields.offer(sg.game.rules, sg.players, rp.next_dealer(), rp.state)


def _statuses(offer, declarer, contract):
    w = offer["whist"]
    return w["sets"][w["index"][f"{declarer}|{contract}"]]


def _said(combos, player):
    return {c[player] for c in combos}


def test_no_half_whist_for_the_first_defender_nor_above_seven_in_sochi():
    offer = _offer(("Anna", "Boris", "Vera"))
    # Anna declares: Boris whists first, Vera second (clockwise)
    six = _statuses(offer, "Anna", "6S")
    assert _said(six, "Boris") == {"whist", "pass"}   # never half (nor gone half) himself
    assert _said(six, "Vera") == {"whist", "pass", "half", "gone-half"}
    assert {"Boris": "pass", "Vera": "half"} in six
    assert {"Boris": "whist", "Vera": "half"} not in six            # half needs a pass
    eight = _statuses(offer, "Anna", "8NT")
    assert _said(eight, "Vera") == {"whist", "pass"} == _said(eight, "Boris")
    assert eight[0] == {"Boris": "whist", "Vera": "whist"}           # the usual first


def test_either_defender_may_go_half_in_the_encyclopedia_and_a_ten_is_whisted():
    offer = _offer(("Anna", "Boris", "Vera"), "encyclopedia")
    assert "half" in _said(_statuses(offer, "Anna", "9H"), "Boris")
    assert _statuses(offer, "Anna", "10S") == [{"Boris": "whist", "Vera": "whist"}]
    assert offer["concede"] == {"values": []}                       # concede = off


def test_the_sitting_out_dealer_whists_only_where_the_rules_let_him():
    offer = _offer(("Anna", "Boris", "Vera", "Gleb"))   # Anna deals and sits out
    eight = _statuses(offer, "Boris", "8S")
    whists = [c for c in eight if c["Anna"] == "whist"]
    assert whists == [{"Vera": "pass", "Gleb": "pass", "Anna": "whist"}]
    six = _statuses(offer, "Boris", "6S")   # on a half-whist level: only after a half
    assert [c for c in six if c["Anna"] == "whist"] == [
        {"Vera": "pass", "Gleb": "gone-half", "Anna": "whist"}]
    stalingrad = _offer(("Anna", "Boris", "Vera", "Gleb"), rules={"stalingrad": True})
    assert _statuses(stalingrad, "Boris", "6S") == [
        {"Vera": "whist", "Gleb": "whist", "Anna": "pass"}]


def test_after_all_passes_only_the_contracts_allowed_are_offered():
    made8 = {"allpass_exit": "made-8"}
    players = ("Anna", "Boris", "Vera")
    assert _offer(players, rules=made8)["contract"] == {"values": [6, 7, 8, 9, 10]}
    assert _offer(players, rules=made8, deals=["pass 4/2/4"])["contract"] == {
        "values": [7, 8, 9, 10]}
    assert _offer(players, rules=made8, deals=["pass 4/2/4", "pass 4/2/4"])["contract"] == {
        "values": [8, 9, 10]}
    assert _offer(players, deals=["pass 4/2/4"])["contract"] == {"values": [6, 7, 8, 9, 10]}
    assert "allpass" not in _offer(("Anna", "Boris", "Vera"),
                                   rules={"allpass": "off"})["_kind"]["values"]


def test_a_twist_solo_offers_its_category_values_only():
    value = next(f for f in whistscore.get_game("twist").deal_fields.fields
                 if f.key == "value")
    only = {(tuple(cond)[0], cond[tuple(cond)[0]][0]): vals for cond, vals in value.only}
    assert only[("dil", "double")] == (2, 3, 4) and value.default not in only[("dil", "double")]
    assert only[("bomb", "clean")] == (4,)
    assert "dil" in value.depends() and "bomb" in value.depends()
