"""Bad Danish deals named in issue 6 ("Bad input") and spec danish.md (Deals), one by one:
the exception type, the field and the value in the message."""

import pytest

from whistscore import journal
from whistscore.errors import DealError
from whistscore.games.danish import GAME
from whistscore.games.danish.deals import Deal as DanishDeal
from whistscore.replay import replay

P4 = ("Anna", "Bo", "Carl", "Dina")
P5 = P4 + ("Erik",)


def parse(obj, players=P4):
    return GAME.deal_from_json(obj, players, None)


@pytest.mark.parametrize("obj, field, shown", [
    # bid outside 7..13
    ({"declarer": "Anna", "bid": 6, "partner": "Bo", "tricks": 6}, "bid", "6"),
    ({"declarer": "Anna", "bid": 14, "partner": "Bo", "tricks": 6}, "bid", "14"),
    # tricks outside 0..13
    ({"declarer": "Anna", "bid": 7, "partner": "Bo", "tricks": -1}, "tricks", "-1"),
    ({"declarer": "Anna", "bid": 7, "partner": "Bo", "tricks": 14}, "tricks", "14"),
    ({"declarer": "Anna", "bid": "nolo", "tricks": 14}, "tricks", "14"),
    # an attachment on a negative contract
    ({"declarer": "Anna", "bid": "nolo", "attachment": "sans", "tricks": 0}, "attachment", "sans"),
    # a partner on a negative contract
    ({"declarer": "Anna", "bid": "open_solo", "partner": "Bo", "tricks": 1}, "partner", "Bo"),
    # a partner who is not a player
    ({"declarer": "Anna", "bid": 8, "partner": "Zed", "tricks": 8}, "partner", "Zed"),
    # an unknown attachment
    ({"declarer": "Anna", "bid": 8, "attachment": "hearts", "partner": "Bo", "tricks": 8},
     "attachment", "hearts"),
    # shapes
    ({"declarer": "Anna", "bid": True, "partner": "Bo", "tricks": 8}, "bid", "true"),
    ({"declarer": "Anna", "bid": 8, "partner": "Bo", "tricks": False}, "tricks", "false"),
    ({"declarer": "Anna", "bid": 8, "partner": "Bo", "tricks": 8, "extra": 1}, "extra", "1"),
    ({"declarer": "Zed", "bid": 8, "partner": "Bo", "tricks": 8}, "declarer", "Zed"),
])
def test_bad_deal(obj, field, shown):
    with pytest.raises(DealError) as err:
        parse(obj)
    assert err.value.field == field
    assert shown in str(err.value) and field in str(err.value)


def test_partner_who_is_the_sitting_out_dealer():
    game = journal.from_json({"format": "whistscore", "version": 1, "game": "danish",
                              "players": list(P5), "deals": [
                                  {"declarer": "Bo", "bid": 8, "partner": "Anna", "tricks": 8}]})
    with pytest.raises(DealError) as err:
        replay(game)
    assert err.value.field == "partner" and err.value.deal == 1
    assert '"Anna"' in str(err.value) and "sits out" in str(err.value)


def test_missing_partner_is_not_read_as_alone():
    with pytest.raises(DealError) as err:
        parse({"declarer": "Anna", "bid": 8, "tricks": 8})
    assert err.value.field == "partner"


def test_null_partner_and_null_attachment_are_fine():
    assert parse({"declarer": "Anna", "bid": 8, "attachment": None, "partner": None,
                  "tricks": 8}) == DanishDeal("Anna", 8, 8)
    assert parse({"declarer": "Anna", "bid": "solo", "partner": None, "tricks": 1}) == \
        DanishDeal("Anna", "solo", 1)


def test_danish_words_accepted_in_json_and_written_back_in_english():
    deal = parse({"declarer": "anna", "bid": "ren bordlægger", "tricks": 0})
    assert GAME.deal_to_json(deal) == {"declarer": "Anna", "bid": "open_nolo", "tricks": 0}
    deal = parse({"declarer": "Anna", "bid": 9, "attachment": "Gode", "partner": "Bo",
                  "tricks": 9})
    assert GAME.deal_to_json(deal) == {"declarer": "Anna", "bid": 9, "attachment": "good",
                                       "partner": "Bo", "tricks": 9}


def test_deal_json_key_order_is_the_spec_order():
    deal = parse({"tricks": 10, "partner": "Carl", "attachment": "good", "bid": 9,
                  "declarer": "Anna"})
    assert list(GAME.deal_to_json(deal)) == ["declarer", "bid", "attachment", "partner", "tricks"]
