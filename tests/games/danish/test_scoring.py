"""Danish whist scoring, every rule with numbers worked by hand.

Sources: seed 004 «Подсчет очков» (the simple system: 7 = 10 … 13 = 640, each overtrick
the bid again, attachment x 2, alone x 3, solo 50 / nolo 100 / open solo 150 /
open nolo 200, a lost nolo-type contract paid double) and spec danish.md (Scoring,
Options, Public example).
"""

from fractions import Fraction

import pytest

from whistscore.i18n import detail_text, text as say
from whistscore import journal
from whistscore.errors import DealError, RuleError
from whistscore.games import get_game
from whistscore.games.danish import GAME
from whistscore.games.danish.scoring import contract_value
from whistscore.replay import replay
from whistscore.settlement import settle

P4 = ["Anna", "Bo", "Carl", "Dina"]
P5 = ["Anna", "Bo", "Carl", "Dina", "Erik"]


def play(deals, players=P4, **rules):
    game = journal.from_json({"format": "whistscore", "version": 1, "game": "danish",
                              "players": players, "rules": rules, "deals": deals})
    return replay(game)


def points(deals, players=P4, **rules):
    return {p: b for p, b in play(deals, players, **rules).balance().items()}


def one(players=P4, **rules):
    """Points of a single deal, as a list in seat order."""
    def run(deal):
        bal = points([deal], players, **rules)
        return [bal[p] for p in players]
    return run


# -- the public example of spec danish.md, verbatim ----------------------------------

def test_spec_public_example():
    deals = [
        {"declarer": "P1", "bid": 9, "attachment": "good", "partner": "P3", "tricks": 10},
        {"declarer": "P2", "bid": 8, "partner": None, "tricks": 7},
        {"declarer": "P3", "bid": "solo", "tricks": 1},
        {"declarer": "P4", "bid": "nolo", "tricks": 1},
    ]
    players = ["P1", "P2", "P3", "P4"]
    r = play(deals, players)
    per_deal = [[sum(e.amount for e in res.entries if e.player == p) for p in players]
                for res in r.results]
    assert per_deal == [[160, -160, 160, -160], [40, -120, 40, 40],
                        [-50, -50, 150, -50], [200, 200, 200, -600]]
    assert r.balance() == {"P1": 350, "P2": -130, "P3": 550, "P4": -770}
    assert settle(r).to_json()["sheet"] == {"P1": {"points": 350}, "P2": {"points": -130},
                                            "P3": {"points": 550}, "P4": {"points": -770}}


# -- seed 004 «Подсчет очков»: the value table and its own example ----------------------

@pytest.mark.parametrize("bid, value", [(7, 10), (8, 20), (9, 40), (10, 80), (11, 160),
                                        (12, 320), (13, 640)])
def test_seed_004_value_table(bid, value):
    rules = GAME.rulebook.resolve({})
    assert contract_value(bid, None, rules) == value
    # made exactly with a partner: each of the side wins the value, each defender pays it
    assert one()({"declarer": "Anna", "bid": bid, "partner": "Carl", "tricks": bid}) == \
        [value, -value, value, -value]


def test_seed_004_example_bid_8_ten_tricks_is_60():
    # «вызов "8" и взятие 10 взяток приносит 60 очков»: 20 + 20 + 20
    assert one()({"declarer": "Bo", "bid": 8, "partner": "Dina", "tricks": 10}) == \
        [-60, 60, -60, 60]


@pytest.mark.parametrize("attachment", ["tournee", "good", "half", "strong", "sans"])
def test_seed_004_each_attachment_doubles(attachment):
    # «Каждое вложение = х 2»: 10 good = 160; 1 overtrick: 160 x 2 = 320
    deal = {"declarer": "Anna", "bid": 10, "attachment": attachment, "partner": "Bo",
            "tricks": 11}
    assert one()(deal) == [320, 320, -320, -320]


def test_seed_004_overtricks_with_attachment_count_the_doubled_value():
    # 7 half = 20; 13 tricks = 6 overtricks: 20 x 7 = 140
    assert one()({"declarer": "Carl", "bid": 7, "attachment": "half", "partner": "Anna",
                  "tricks": 13}) == [140, -140, 140, -140]


# -- failed contracts (spec danish.md, Options: failed_factor 2) ---------------------------

def test_failed_with_partner_costs_double_per_undertrick():
    # 10 = 80, two down: 80 x 2 x 2 = 320 for each of the side
    assert one()({"declarer": "Anna", "bid": 10, "partner": "Dina", "tricks": 8}) == \
        [-320, 320, 320, -320]


def test_failed_with_attachment():
    # 9 strong = 80, one down: 80 x 2 x 1 = 160
    assert one()({"declarer": "Bo", "bid": 9, "attachment": "strong", "partner": "Carl",
                  "tricks": 8}) == [160, -160, -160, 160]


def test_failed_factor_one_is_single():
    assert one(failed_factor=1)({"declarer": "Anna", "bid": 10, "partner": "Dina",
                                 "tricks": 8}) == [-160, 160, 160, -160]


def test_failed_zero_tricks():
    # 13 = 640, 13 down: 640 x 2 x 13 = 16640
    assert one()({"declarer": "Anna", "bid": 13, "partner": "Bo", "tricks": 0}) == \
        [-16640, -16640, 16640, 16640]


# -- overtricks option ---------------------------------------------------------------------

def test_overtricks_none_pays_only_the_bid():
    assert one(overtricks="none")({"declarer": "Bo", "bid": 8, "partner": "Dina",
                                   "tricks": 10}) == [-20, 20, -20, 20]


def test_overtricks_none_does_not_touch_failures():
    assert one(overtricks="none")({"declarer": "Bo", "bid": 8, "partner": "Dina",
                                   "tricks": 6}) == [80, -80, 80, -80]


# -- alone (seed: «Игра в одиночку = x 3»; spec: declarer +3A, each other -A) --------------

def test_alone_made():
    # 7 alone, made: A = 10; declarer +30, each other -10
    assert one()({"declarer": "Carl", "bid": 7, "partner": None, "tricks": 7}) == \
        [-10, -10, 30, -10]


def test_alone_made_with_overtricks_and_attachment():
    # 8 sans = 40, 1 overtrick: A = 80; declarer +240, each other -80
    assert one()({"declarer": "Dina", "bid": 8, "attachment": "sans", "partner": None,
                  "tricks": 9}) == [-80, -80, -80, 240]


def test_alone_failed():
    # spec example deal 2: 8 alone, 7 tricks: A = -40; declarer -120, each other +40
    assert one()({"declarer": "Bo", "bid": 8, "partner": None, "tricks": 7}) == \
        [40, -120, 40, 40]


def test_own_ace_called_is_alone():
    own = {"declarer": "Bo", "bid": 8, "partner": "Bo", "tricks": 7}
    assert one()(own) == [40, -120, 40, 40]
    assert GAME.deal_to_json(GAME.deal_from_json(own, tuple(P4), None))["partner"] is None


def test_alone_factor_six_doubles_what_each_other_pays():
    # alone_factor 6: declarer +6A, the three share it: each -2A (A = 10)
    assert one(alone_factor=6)({"declarer": "Anna", "bid": 7, "partner": None,
                                "tricks": 7}) == [60, -20, -20, -20]


def test_alone_factor_not_a_multiple_of_three_gives_exact_thirds():
    # alone_factor 1: declarer +A = +10, each other -10/3
    bal = one(alone_factor=1)({"declarer": "Anna", "bid": 7, "partner": None, "tricks": 7})
    assert bal == [10, Fraction(-10, 3), Fraction(-10, 3), Fraction(-10, 3)]
    assert sum(bal) == 0


def test_alone_factor_does_not_touch_partnership_deals():
    assert one(alone_factor=6)({"declarer": "Anna", "bid": 7, "partner": "Bo",
                                "tricks": 7}) == [10, 10, -10, -10]


# -- negative contracts (seed: solo 50, nolo 100, open solo 150, open nolo 200; lost x 2) ---

@pytest.mark.parametrize("bid, tricks, made, v", [
    ("solo", 1, True, 50), ("solo", 0, False, 50), ("solo", 2, False, 50),
    ("nolo", 0, True, 100), ("nolo", 1, False, 100), ("nolo", 13, False, 100),
    ("open_solo", 1, True, 150), ("open_solo", 3, False, 150),
    ("open_nolo", 0, True, 200), ("open_nolo", 2, False, 200),
])
def test_negative_contracts(bid, tricks, made, v):
    got = one()({"declarer": "Bo", "bid": bid, "tricks": tricks})
    if made:  # soloist +3V, each other -V
        assert got == [-v, 3 * v, -v, -v]
    else:     # soloist -6V, each other +2V
        assert got == [2 * v, -6 * v, 2 * v, 2 * v]


def test_negative_contract_values_are_per_opponent():
    # spec example deal 3: solo made: -50 / -50 / +150 / -50
    assert one()({"declarer": "Carl", "bid": "solo", "tricks": 1}) == [-50, -50, 150, -50]


def test_nolo_values_option():
    values = "solo:30,nolo:60,open_solo:90,open_nolo:120"
    assert one(nolo_values=values)({"declarer": "Anna", "bid": "open_solo", "tricks": 1}) == \
        [270, -90, -90, -90]
    assert one(nolo_values={"solo": 5, "nolo": 7, "open_solo": 9, "open_nolo": 11})(
        {"declarer": "Anna", "bid": "nolo", "tricks": 2}) == [-42, 14, 14, 14]


@pytest.mark.parametrize("factor, each", [(1, 100), (2, 200), (3, 300)])
def test_nolo_failed_factor(factor, each):
    assert one(nolo_failed_factor=factor)({"declarer": "Dina", "bid": "nolo", "tricks": 1}) == \
        [each, each, each, -3 * each]


def test_alone_factor_does_not_touch_negative_contracts():
    assert one(alone_factor=6)({"declarer": "Dina", "bid": "solo", "tricks": 1}) == \
        [-50, -50, -50, 150]


def test_base_and_attachment_factor_options():
    # base 1: 9 = 4; attachment_factor 3: 9 good = 12; made exactly
    assert one(base=1, attachment_factor=3)({"declarer": "Anna", "bid": 9, "attachment": "good",
                                             "partner": "Bo", "tricks": 9}) == [12, 12, -12, -12]


# -- five players: the dealer sits out (spec danish.md, Table; journal.md rotation) ---------

def test_five_players_dealer_sits_out_and_scores_nothing():
    # deal 1: Anna deals and sits out; Bo 9 good with Dina, 10 tricks: A = 160
    r = play([{"declarer": "Bo", "bid": 9, "attachment": "good", "partner": "Dina",
               "tricks": 10}], P5)
    assert r.balance() == {"Anna": 0, "Bo": 160, "Carl": -160, "Dina": 160, "Erik": -160}
    assert {e.player for e in r.results[0].entries} == {"Bo", "Carl", "Dina", "Erik"}


def test_five_players_rotation():
    # dealers: Anna, Bo, Carl, Dina, Erik, Anna; each deal Erik/Anna plays solo made
    deals = [{"declarer": "Erik", "bid": "solo", "tricks": 1}] * 4 + \
            [{"declarer": "Anna", "bid": "solo", "tricks": 1},
             {"declarer": "Bo", "bid": "solo", "tricks": 1}]
    r = play(deals, P5)
    assert [res.dealer for res in r.results] == ["Anna", "Bo", "Carl", "Dina", "Erik", "Anna"]
    #            Anna  Bo  Carl Dina Erik   (dealer sits out)
    # 1 Anna d:     0  -50  -50  -50  150
    # 2 Bo d:     -50    0  -50  -50  150
    # 3 Carl d:   -50  -50    0  -50  150
    # 4 Dina d:   -50  -50  -50    0  150
    # 5 Erik d:   150  -50  -50  -50    0
    # 6 Anna d:     0  150  -50  -50  -50
    assert r.balance() == {"Anna": 0, "Bo": -50, "Carl": -250, "Dina": -250, "Erik": 550}


def test_five_players_dealer_key_overrides_rotation():
    r = play([{"dealer": "Carl", "declarer": "Anna", "bid": "nolo", "tricks": 0},
              {"declarer": "Anna", "bid": "nolo", "tricks": 0}], P5)
    assert [res.dealer for res in r.results] == ["Carl", "Dina"]
    assert r.balance() == {"Anna": 600, "Bo": -200, "Carl": -100, "Dina": -100, "Erik": -200}


def test_five_players_declarer_who_sits_out_is_refused():
    with pytest.raises(DealError) as err:
        play([{"declarer": "Anna", "bid": 8, "partner": "Bo", "tricks": 8}], P5)
    assert err.value.field == "declarer" and "Anna" in str(err.value)
    assert err.value.deal == 1


def test_five_players_partner_who_sits_out_is_refused():
    with pytest.raises(DealError) as err:
        play([{"declarer": "Carl", "bid": 8, "partner": "Bo", "tricks": 8},    # Anna deals
              {"declarer": "Anna", "bid": 8, "partner": "Bo", "tricks": 8}], P5)  # Bo deals
    assert err.value.field == "partner" and "Bo" in str(err.value)
    assert err.value.deal == 2


def test_four_players_dealer_plays():
    assert points([{"declarer": "Anna", "bid": "solo", "tricks": 1}]) == \
        {"Anna": 150, "Bo": -50, "Carl": -50, "Dina": -50}


# -- entries, sheet, settlement --------------------------------------------------------------

def test_entries_name_their_rule_and_column():
    r = play([{"declarer": "Anna", "bid": 9, "partner": "Bo", "tricks": 9},
              {"declarer": "Anna", "bid": 9, "partner": "Bo", "tricks": 8},
              {"declarer": "Anna", "bid": 9, "partner": None, "tricks": 9},
              {"declarer": "Anna", "bid": 9, "partner": None, "tricks": 8},
              {"declarer": "Anna", "bid": "solo", "tricks": 1},
              {"declarer": "Anna", "bid": "solo", "tricks": 0}])
    rules = [{e.rule for e in res.entries} for res in r.results]
    assert rules == [{"made"}, {"failed"}, {"alone_made"}, {"alone_failed"},
                     {"negative_made"}, {"negative_failed"}]
    for res in r.results:
        for e in res.entries:
            assert e.column == "points" and e.against is None and e.deal == res.number
            assert e.rule in GAME.rule_texts and e.detail
    for key in GAME.rule_texts:
        assert GAME.words.get(f"rule.{key}", "en") and GAME.words.get(f"rule.{key}", "ru")
        source = GAME.words.get(f"rule.{key}.source", "en") or ""
        assert "call-ace whist" in source or "house rule" in source


def test_detail_words():
    r = play([{"declarer": "Bo", "bid": 8, "partner": None, "tricks": 7}])
    detail = r.results[0].entries[0].detail
    assert detail_text(detail, GAME) == \
        "8 = 20, down 1: 20 x 2 x 1 = 40; alone x 3 = 120, 40 from each of 3"
    assert detail_text(detail, GAME, "ru") == \
        "8 = 20, без 1: 20 × 2 × 1 = 40; в одиночку × 3 = 120, по 40 с каждого из 3"


def test_settlement_and_sheet_json():
    r = play([{"declarer": "Anna", "bid": 7, "partner": None, "tricks": 7}], P4, alone_factor=1)
    data = settle(r).to_json()
    assert data["unit"] == "point" and data["finished"] is False
    assert data["sheet"]["Anna"] == {"points": 10}
    assert data["sheet"]["Bo"] == {"points": "-10/3"}
    assert data["balance"]["Bo"] == "-10/3"


def test_never_finished():
    r = play([{"declarer": "Anna", "bid": 13, "partner": "Bo", "tricks": 13}] * 50)
    assert not r.finished
    assert r.balance()["Anna"] == 50 * 640


def test_sheet_tables_one_row_per_deal_with_running_totals():
    r = play([{"declarer": "Bo", "bid": 9, "attachment": "good", "partner": "Dina", "tricks": 10},
              {"declarer": "Carl", "bid": "solo", "tricks": 1}], P5)
    (table,) = GAME.sheet_tables(r)
    assert len(table.header) == 4 + 2 * 5
    assert len(table.rows) == 3
    first, second, total = table.rows
    assert first[2].value == "Bo 9 good Dina 10"
    assert [c.value for c in first[4:9]] == [None, 160, -160, 160, -160]  # Anna deals, sits out
    assert [c.value for c in second[4:9]] == [-50, None, 150, -50, -50]    # Bo deals
    assert [c.value for c in second[9:]] == [-50, 160, -10, 110, -210]
    assert [c.value for c in total[9:]] == [-50, 160, -10, 110, -210]
    assert first[5].sources and first[5].sources[0].rule == "made"


def test_describe_result():
    r = play([{"declarer": "Bo", "bid": 9, "partner": "Dina", "tricks": 11},
              {"declarer": "Bo", "bid": 9, "partner": None, "tricks": 6},
              {"declarer": "Bo", "bid": "nolo", "tricks": 0},
              {"declarer": "Bo", "bid": "open_solo", "tricks": 0}])
    words = [say(GAME.describe_result(res.record.deal, res.outcome, res.context), GAME)
             for res in r.results]
    assert words == ["made +2", "alone, down 3", "made", "lost with 0"]


def test_registry_and_class_facts():
    assert get_game("danish") is GAME
    assert GAME.player_counts == (4, 5) and GAME.unit == "point"
    assert GAME.rulebook.default_preset == "simple"


# -- rule options ------------------------------------------------------------------------------

def test_simple_preset_values():
    rules = GAME.rulebook.resolve({})
    assert rules["base"] == 10 and rules["attachment_factor"] == 2
    assert rules["overtricks"] == "per-bid" and rules["failed_factor"] == 2
    assert rules["alone_factor"] == 3 and rules["nolo_failed_factor"] == 2
    assert rules["nolo_values"] == (50, 100, 150, 200)


@pytest.mark.parametrize("raw", [
    "solo:50,nolo:100,open_solo:150,open_nolo:200",
    '{"solo": 50, "nolo": 100, "open_solo": 150, "open_nolo": 200}',
    {"solo": 50, "nolo": 100, "open_solo": 150, "open_nolo": 200},
    {"open_nolo": "200", "open_solo": 150, "nolo": 100, "solo": 50},
])
def test_nolo_values_spellings(raw):
    assert GAME.rulebook.resolve({"nolo_values": raw})["nolo_values"] == (50, 100, 150, 200)


def test_nolo_values_written_back_as_object():
    rules = GAME.rulebook.from_cli(None, ["nolo_values=solo:1,nolo:2,open_solo:3,open_nolo:4"])
    assert rules.to_json() == {"preset": "simple",
                               "nolo_values": {"solo": 1, "nolo": 2, "open_solo": 3,
                                               "open_nolo": 4}}
    assert GAME.rulebook.show("nolo_values", rules["nolo_values"]) == \
        "solo:1,nolo:2,open_solo:3,open_nolo:4"


@pytest.mark.parametrize("raw, words", [
    ("solo:50,nolo:100", "missing open_solo"),
    ("solo:50,nolo:100,open_solo:150,open_nolo:0", "at least 1"),
    ("solo:50,nolo:100,open_solo:150,bomb:200", "unknown contract"),
    ({"solo": True, "nolo": 1, "open_solo": 1, "open_nolo": 1}, "whole number"),
    ("solo=50", "written like"),
    ("{oops", "readable"),
    (50, "map"),
])
def test_nolo_values_bad(raw, words):
    with pytest.raises(RuleError) as err:
        GAME.rulebook.resolve({"nolo_values": raw})
    assert "rules.nolo_values" in str(err.value) and words in str(err.value)


@pytest.mark.parametrize("name, raw", [("base", 0), ("alone_factor", 0), ("failed_factor", -1),
                                       ("overtricks", "some"), ("attachment_factor", True),
                                       ("nolo_failed_factor", "x")])
def test_bad_option_values(name, raw):
    with pytest.raises(RuleError) as err:
        GAME.rulebook.resolve({name: raw})
    assert f"rules.{name}" in str(err.value)


def test_unknown_option_and_preset():
    with pytest.raises(RuleError, match="rules.pulya"):
        GAME.rulebook.resolve({"pulya": 20})
    with pytest.raises(RuleError, match="rules.preset"):
        GAME.rulebook.resolve({"preset": "sochi"})
