"""Each game's declared deal fields (whistscore/fields.py): well formed, and the
notation help's examples read back with the game's own parser at every table size."""

from __future__ import annotations

import pytest

import whistscore
from whistscore.fields import DealFields, Field, choices

TABLES = {"preferans": (("Anna", "Boris", "Vera"), ("Anna", "Boris", "Vera", "Gleb")),
          "twist": (("Anna", "Boris", "Carl", "Dora"),),
          "whist": (("Nell", "Ed", "Sue", "Walt"),),
          "danish": (("Anna", "Boris", "Carl", "Dora"), ("Anna", "Boris", "Carl", "Dora", "Eve"))}


@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_game_declares_its_deal_fields(game):
    kind = whistscore.get_game(game)
    fields = kind.deal_fields
    assert isinstance(fields, DealFields) and fields.fields
    data = fields.to_json()
    assert [f["key"] for f in data["fields"]] == [f.key for f in fields.fields]
    for f in fields.fields:
        assert f.en and f.ru
        for c in f.choices + f.suits + f.dealer_choices:
            assert c.en and c.ru
        if f.kind == "tricks":
            assert f.total in (10, 12, 13)


@pytest.mark.parametrize("game, players", [(g, p) for g, ts in TABLES.items() for p in ts])
def test_the_notation_help_reads_back(game, players):
    kind = whistscore.get_game(game)
    rules = kind.rulebook.resolve({})
    examples = kind.deal_fields.examples(len(players))
    assert len(examples) >= 3
    for text, en, ru in examples:
        line = text.format(*players)
        deal = kind.parse_notation(line, players, rules)
        assert kind.parse_notation(kind.format_notation(deal, players, rules), players,
                                   rules) == deal


def test_a_condition_on_a_later_field_is_refused():
    with pytest.raises(AssertionError, match="depends on contract"):
        DealFields((Field("declarer", "player", "Declarer", "Играющий",
                          when=({"contract": ("7S",)},)),
                    Field("contract", "contract", "Contract", "Контракт")))
    with pytest.raises(AssertionError, match="twice"):
        DealFields((Field("x", "flag", "X", "X"), Field("x", "flag", "X", "X")))
    with pytest.raises(ValueError):
        Field("x", "slider", "X", "X")


def test_a_choice_that_shapes_the_deal_carries_its_json():
    (c,) = choices(("misere", "misère", "мизер", {"contract": "misere"}))
    assert c.to_json() == {"value": "misere", "en": "misère", "ru": "мизер",
                           "json": {"contract": "misere"}}
