"""Preferans scoring, rule by rule, with the numbers worked by hand from the rule texts.

Seat order is Anna -> Boris -> Vera (clockwise) unless a test says otherwise, so
when Anna declares Boris is the first defender and Vera the second.  Sochi
prices on 6/7/8/9/10: game 2/4/6/8/10, trick 2/4/6/8/10, remiz and consolation
2/4/6/8/10.
"""

from fractions import Fraction

import attrs
import pytest

from gen_preferans import allpass, build, contract, deal_entries, misere, sheet
from whistscore.i18n import text
from whistscore.errors import GameOverError
from whistscore.games.preferans import GAME
from whistscore.i18n import explain
from whistscore.journal import loads
from whistscore.replay import replay
from whistscore.settlement import settle

W, P, H, GH = "whist", "pass", "half", "gone-half"


def owed(rep, number):
    """Every entry of a deal as {(player, column, against): amount}."""
    out = {}
    for player, column, amount, against, _ in deal_entries(rep, number):
        out[player, column, against] = out.get((player, column, against), 0) + amount
    return out


# -- spec journal.md: the example game file -------------------------------------------

JOURNAL_EXAMPLE = """{
  "format": "whistscore",
  "version": 1,
  "game": "preferans",
  "players": ["Anna", "Boris", "Vera"],
  "rules": {"preset": "sochi", "pulya": 20},
  "stake": "0.10",
  "currency": "EUR",
  "deals": [
    {"declarer": "Anna", "contract": "7S", "whist": {"Boris": "whist", "Vera": "pass"},
     "tricks": {"Anna": 7, "Boris": 3, "Vera": 0}},
    {"contract": "allpass", "tricks": {"Anna": 4, "Boris": 2, "Vera": 4}}
  ]
}"""


def test_journal_md_settle_json_example_verbatim():
    result = settle(replay(loads(JOURNAL_EXAMPLE))).to_json()
    assert result == {
        "game": "preferans",
        "players": ["Anna", "Boris", "Vera"],
        "deals": 2,
        "finished": False,
        "unit": "vist",
        "sheet": {"Anna": {"pulya": 4, "gora": 4, "vists": {"Boris": 0, "Vera": 0}},
                  "Boris": {"pulya": 0, "gora": 2, "vists": {"Anna": 12, "Vera": 0}},
                  "Vera": {"pulya": 0, "gora": 4, "vists": {"Anna": 0, "Boris": 0}}},
        "balance": {"Anna": "8", "Boris": "12", "Vera": "-20"},
        "money": {"Anna": "0.80", "Boris": "1.20", "Vera": "-2.00"},
        "transfers": [{"from": "Vera", "to": "Boris", "amount": "1.20"},
                      {"from": "Vera", "to": "Anna", "amount": "0.80"}],
    }


def test_explain_line_names_arithmetic_and_rule():
    rep = replay(loads(JOURNAL_EXAMPLE))
    lines = [explain(e, GAME) for e in rep.entries()]
    assert "deal 1: Boris writes 12 on Anna: 3 tricks x 4, greedy whist (the Preferans Code §3.8.13)" in lines
    assert "deal 1: Anna writes 4 into pulya: 7 game = 4, contract made" in lines[0]
    ru = explain(rep.results[0].entries[1], GAME, "ru")
    assert ru.startswith("сдача 1: Boris пишет 12 на Anna: 3 взятки × 4, жлобский вист")


# -- seed 003 (encyclopedia) -------------------------------------------------------------

def test_seed003_six_down_two_both_whist():
    # seed 003: 6 down two; the whister with 3 tricks writes 3x2 + 2x2 = 10, the
    # declarer 2 x 20 = 40 into gora; the other whister also took 3: 10 as well.
    rep = build([contract("Anna", "6S", {"Boris": W, "Vera": W},
                          {"Anna": 4, "Boris": 3, "Vera": 3})], preset="encyclopedia")
    assert owed(rep, 1) == {("Anna", "gora", None): 40, ("Boris", "vists", "Anna"): 10,
                            ("Vera", "vists", "Anna"): 10}


def test_seed003_values_and_overtricks():
    # seed 003: 6 = 20 ... 10 = 100 into the pulya; overtricks add nothing.  A 10 is whisted by
    # both under this preset (seed 003 «тотус», totus_both_whist), so it is played: 10/0/0
    rep = build([contract("Anna", "6C", {"Boris": P, "Vera": W}, {"Anna": 8, "Boris": 1, "Vera": 1}),
                 contract("Boris", "10NT", {"Vera": W, "Anna": W}, {"Boris": 10, "Vera": 0, "Anna": 0}),
                 misere("Vera", {"Vera": 0})], preset="encyclopedia")
    s = sheet(rep)
    assert (s["Anna"]["pulya"], s["Boris"]["pulya"], s["Vera"]["pulya"]) == (20, 100, 100)
    assert s["Vera"]["vists"]["Anna"] == 2 * 2  # greedy: the lone whister writes the defence


# -- seed 002 3.8.6: two whisters ------------------------------------------------------------

def test_3_8_6_six_first_two_second_one_second_owes_one():
    rep = build([contract("Anna", "6S", {"Boris": W, "Vera": W},
                          {"Anna": 7, "Boris": 2, "Vera": 1})])
    assert owed(rep, 1) == {("Anna", "pulya", None): 2, ("Boris", "vists", "Anna"): 4,
                            ("Vera", "vists", "Anna"): 2, ("Vera", "gora", None): 2}
    assert [e.rule for e in rep.results[0].entries][-1] == "responsible_whist"


def test_3_8_6_six_declarer_nine_one_owes_one_other_owes_two():
    rep = build([contract("Anna", "6S", {"Boris": W, "Vera": W},
                          {"Anna": 9, "Boris": 1, "Vera": 0})])
    assert owed(rep, 1) == {("Anna", "pulya", None): 2, ("Boris", "vists", "Anna"): 2,
                            ("Boris", "gora", None): 2, ("Vera", "gora", None): 4}


def test_3_8_6_eight_declarer_ten_second_whister_owes():
    # Vera declares; clockwise from her Anna speaks first, Boris second, whatever
    # the order of the keys in the JSON.
    rep = build([contract("Vera", "8H", {"Boris": W, "Anna": W},
                          {"Vera": 10, "Anna": 0, "Boris": 0})])
    assert owed(rep, 1) == {("Vera", "pulya", None): 6, ("Boris", "gora", None): 6}


def test_3_8_6_parlett_three_and_none_on_a_six():
    rep = build([contract("Anna", "6S", {"Boris": W, "Vera": W},
                          {"Anna": 7, "Boris": 3, "Vera": 0})])
    assert owed(rep, 1)[("Vera", "gora", None)] == 2
    assert ("Boris", "gora", None) not in owed(rep, 1)


def test_3_8_6_pair_took_enough_nobody_owes():
    rep = build([contract("Anna", "6S", {"Boris": W, "Vera": W},
                          {"Anna": 6, "Boris": 4, "Vera": 0})])
    assert owed(rep, 1) == {("Anna", "pulya", None): 2, ("Boris", "vists", "Anna"): 8}


def test_3_8_6_seven_both_short_each_owes_his_half():
    # 7: obligation 2, each answers for 1; both took 0: each owes one at 4
    rep = build([contract("Anna", "7S", {"Boris": W, "Vera": W},
                          {"Anna": 10, "Boris": 0, "Vera": 0})])
    assert owed(rep, 1) == {("Anna", "pulya", None): 4, ("Boris", "gora", None): 4,
                            ("Vera", "gora", None): 4}


def test_odd_obligation_second_carries_the_odd_trick():
    # our reading: obligation 3 on a six gives shares 1 (first) and 2 (second)
    rep = build([contract("Anna", "6S", {"Boris": W, "Vera": W},
                          {"Anna": 8, "Boris": 1, "Vera": 1})],
                obligation=[3, 2, 1, 1, 1])
    assert owed(rep, 1)[("Vera", "gora", None)] == 2
    assert ("Boris", "gora", None) not in owed(rep, 1)


def test_encyclopedia_eight_obligation_two_and_ten_obligation_zero():
    rep = build([contract("Anna", "8S", {"Boris": W, "Vera": W},
                          {"Anna": 9, "Boris": 1, "Vera": 0}),
                 contract("Boris", "10S", {"Vera": W, "Anna": W},
                          {"Boris": 10, "Vera": 0, "Anna": 0})], preset="encyclopedia")
    # 8: shares 1 and 1; Boris has his, Vera owes the pair's shortfall 2 - 1 = 1 at 60
    assert owed(rep, 1)[("Vera", "gora", None)] == 60
    # 10: obligation 0, nobody owes anything
    assert owed(rep, 2) == {("Boris", "pulya", None): 100}


# -- seed 002 3.8.5 / 3.8.13: one whister --------------------------------------------------

def test_3_8_5_lone_whister_owes_alone_passer_tricks_count():
    # 6, Boris whists alone (obligation 4), the defence took 3 (passer's 1 counts): 1 short
    rep = build([contract("Anna", "6S", {"Boris": W, "Vera": P},
                          {"Anna": 7, "Boris": 2, "Vera": 1})])
    assert owed(rep, 1) == {("Anna", "pulya", None): 2, ("Boris", "vists", "Anna"): 6,
                            ("Boris", "gora", None): 2}


def test_obligation_alone_option_is_the_lone_whisters_table():
    rep = build([contract("Anna", "6S", {"Boris": W, "Vera": P},
                          {"Anna": 7, "Boris": 2, "Vera": 1})],
                obligation_alone=[3, 2, 1, 1, 1])
    assert ("Boris", "gora", None) not in owed(rep, 1)


def test_3_8_13_greedy_remiz_whister_writes_the_defence_passer_consoles():
    rep = build([contract("Anna", "6S", {"Boris": W, "Vera": P},
                          {"Anna": 4, "Boris": 5, "Vera": 1})])
    # down 2: gora 2x2; Boris 6 tricks x 2 = 12 + consolation 2x2; Vera consolation 4
    assert owed(rep, 1) == {("Anna", "gora", None): 4, ("Boris", "vists", "Anna"): 16,
                            ("Vera", "vists", "Anna"): 4}


def test_3_8_13_two_whisters_each_for_himself_on_a_remiz():
    rep = build([contract("Anna", "7S", {"Boris": W, "Vera": W},
                          {"Anna": 5, "Boris": 4, "Vera": 1})])
    # down 2 on a seven: gora 8; Boris 4x4 + 2x4 = 24, Vera 1x4 + 8 = 12
    assert owed(rep, 1) == {("Anna", "gora", None): 8, ("Boris", "vists", "Anna"): 24,
                            ("Vera", "vists", "Anna"): 12}


def test_3_8_14_gentleman_remiz_vists_halved_between_whister_and_passer():
    rep = build([contract("Anna", "6S", {"Boris": W, "Vera": P},
                          {"Anna": 4, "Boris": 5, "Vera": 1})], preset="rostov")
    # 6 tricks x 2 = 12, half each; consolation 4 each
    assert owed(rep, 1) == {("Anna", "gora", None): 4, ("Boris", "vists", "Anna"): 10,
                            ("Vera", "vists", "Anna"): 10}


def test_3_8_14_gentleman_made_whister_writes_all():
    rep = build([contract("Anna", "6S", {"Boris": P, "Vera": W},
                          {"Anna": 6, "Boris": 3, "Vera": 1})], preset="leningrad")
    assert owed(rep, 1) == {("Anna", "pulya", None): 2, ("Vera", "vists", "Anna"): 16}


def test_gentleman_odd_split_is_exact():
    rep = build([contract("Anna", "6S", {"Boris": W, "Vera": P},
                          {"Anna": 5, "Boris": 4, "Vera": 1})],
                whist_style="gentleman", trick_price=[1, 3, 5, 7, 9])
    # 5 tricks x 1 = 5, halved: 5/2 each, + consolation 2
    assert owed(rep, 1)[("Boris", "vists", "Anna")] == Fraction(9, 2)
    assert sheet(rep)["Boris"]["vists"]["Anna"] == "9/2"
    assert sum(rep.balance().values()) == 0


def test_leningrad_four_players_spec_example():
    # spec: A plays 6 and takes 5; B whists and takes all 5; C passes; D deals:
    # A's gora += 4; B writes 14 ((4 x 5) / 2 + 4), C 14, D 4.
    rep = build([contract("A", "6S", {"B": W, "C": P}, {"A": 5, "B": 5, "C": 0})],
                players=("A", "B", "C", "D"), preset="leningrad", dealers=["D"])
    assert owed(rep, 1) == {("A", "gora", None): 4, ("B", "vists", "A"): 14,
                            ("C", "vists", "A"): 14, ("D", "vists", "A"): 4}


def test_consolation_by_defenders_leaves_out_the_dealer():
    rep = build([contract("A", "6S", {"B": W, "C": P}, {"A": 5, "B": 5, "C": 0})],
                players=("A", "B", "C", "D"), preset="leningrad", dealers=["D"],
                consolation_by="defenders")
    assert ("D", "vists", "A") not in owed(rep, 1)
    assert owed(rep, 1)[("C", "vists", "A")] == 14


# -- responsibility (3.8.11, 3.8.12) -------------------------------------------------------

SHORT_SIX = [contract("Anna", "6S", {"Boris": W, "Vera": P}, {"Anna": 7, "Boris": 2, "Vera": 1})]


@pytest.mark.parametrize("preset,mode,gora,rule", [
    ("sochi", None, 2, "responsible_whist"),            # 3.8.11: full remiz price 2
    ("leningrad", None, 2, "half_responsible_whist"),   # 3.8.12: half of 4
    ("rostov", None, 1, "half_responsible_whist"),      # half of 2
    ("classic", None, 1, "half_responsible_whist"),     # pulya open: half
    ("sochi", "none", 0, None),
    ("sochi", "half", 1, "half_responsible_whist"),
])
def test_whister_short_by_responsibility(preset, mode, gora, rule):
    opts = {"responsibility": mode} if mode else {}
    rep = build(SHORT_SIX, preset=preset, **opts)
    assert sheet(rep)["Boris"]["gora"] == gora
    rules = [r for *_, r in deal_entries(rep, 1) if r.endswith("responsible_whist")]
    assert rules == ([rule] if rule else [])


def test_half_responsibility_of_an_odd_price_is_exact():
    rep = build(SHORT_SIX, responsibility="half", remiz_price=[3, 5, 7, 9, 11])
    assert sheet(rep)["Boris"]["gora"] == "3/2"


def test_3_8_11_classic_full_once_the_whisters_pulya_is_closed():
    # pulya 2: Boris closes his with a six, then whists short on Anna's six: full
    rep = build([contract("Boris", "6S", {"Vera": P, "Anna": P}), *SHORT_SIX],
                preset="classic", pulya=2)
    assert owed(rep, 2)[("Boris", "gora", None)] == 2


def test_classic_judges_the_whisters_pulya_before_the_deal():
    # pulya 4. Anna closes hers (7 passed); Boris 2 (6 passed); Anna's 7 then
    # overflows: help 2 to Boris (closing his) and 2 to Vera.  Boris whisted
    # alone and the defence took 1 of 2: before the deal his pulya was open, so half.
    rep = build([contract("Anna", "7S", {"Boris": P, "Vera": P}),
                 contract("Boris", "6S", {"Vera": P, "Anna": P}),
                 contract("Anna", "7S", {"Boris": W, "Vera": P}, {"Anna": 9, "Boris": 1, "Vera": 0})],
                preset="classic", pulya=4)
    o = owed(rep, 3)
    assert o[("Boris", "pulya", None)] == 2 and o[("Vera", "pulya", None)] == 2
    assert o[("Boris", "gora", None)] == 2  # half of 1 trick x 4


# -- half-whist (3.8.7, 3.8.8, 3.8.14) ------------------------------------------------------

def test_3_8_7_half_whist_on_six_and_seven():
    rep = build([contract("Anna", "6H", {"Boris": P, "Vera": H}),
                 contract("Boris", "7D", {"Vera": P, "Anna": H})])
    assert owed(rep, 1) == {("Anna", "pulya", None): 2, ("Vera", "vists", "Anna"): 4}
    assert owed(rep, 2) == {("Boris", "pulya", None): 4, ("Anna", "vists", "Boris"): 4}


def test_3_8_14_gentleman_first_defender_may_go_half():
    rep = build([contract("Anna", "6H", {"Boris": H, "Vera": P})], preset="leningrad")
    assert owed(rep, 1) == {("Anna", "pulya", None): 2, ("Boris", "vists", "Anna"): 8}


def test_encyclopedia_half_whist_on_eight():
    rep = build([contract("Anna", "8H", {"Boris": P, "Vera": H})], preset="encyclopedia")
    assert owed(rep, 1) == {("Anna", "pulya", None): 60, ("Vera", "vists", "Anna"): 6}


def test_3_8_8_gone_half_greedy_is_a_passer():
    # Vera went half, Boris returned the whist; Anna down 1 on a six
    rep = build([contract("Anna", "6S", {"Boris": W, "Vera": GH},
                          {"Anna": 5, "Boris": 4, "Vera": 1})])
    assert owed(rep, 1) == {("Anna", "gora", None): 2, ("Boris", "vists", "Anna"): 12,
                            ("Vera", "vists", "Anna"): 2}


def test_3_8_14_gone_half_gentleman_writes_nothing_on_a_remiz():
    rep = build([contract("Anna", "6S", {"Boris": W, "Vera": GH},
                          {"Anna": 5, "Boris": 4, "Vera": 1})], preset="leningrad")
    # the whister writes all 5 tricks x 4 = 20 + consolation 4; Vera nothing
    assert owed(rep, 1) == {("Anna", "gora", None): 4, ("Boris", "vists", "Anna"): 24}


def test_both_pass_declarer_writes_the_game():
    rep = build([contract("Anna", "8NT", {"Boris": P, "Vera": P})])
    assert owed(rep, 1) == {("Anna", "pulya", None): 6}


# -- misère ----------------------------------------------------------------------------

@pytest.mark.parametrize("preset,n,column,amount", [
    ("sochi", 0, "pulya", 10), ("sochi", 2, "gora", 20),
    ("leningrad", 2, "gora", 40), ("encyclopedia", 1, "gora", 100),
])
def test_misere(preset, n, column, amount):
    rep = build([misere("Vera", {"Vera": n})], preset=preset)
    assert owed(rep, 1) == {("Vera", column, None): amount}


def test_misere_option_alone():
    rep = build([misere("Vera", {"Vera": 3, "Anna": 3, "Boris": 4})], misere="10;7")
    assert owed(rep, 1) == {("Vera", "gora", None): 21}


# -- all-pass ---------------------------------------------------------------------------

def test_allpass_progression_repeats_the_last_price_and_resets():
    t = {"Anna": 4, "Boris": 2, "Vera": 4}
    rep = build([allpass(t), allpass(t), allpass(t), allpass(t),
                 contract("Anna", "6S", {"Boris": P, "Vera": P}), allpass(t)])
    assert [owed(rep, n)[("Boris", "gora", None)] for n in (1, 2, 3, 4, 6)] == [2, 4, 6, 6, 2]
    assert [text(GAME.describe_result(r.record.deal, r.outcome, r.context), GAME)
            for r in rep.results] == ["first all-pass", "second all-pass", "third all-pass",
                                      "fourth all-pass", "both pass", "first all-pass"]


def test_allpass_zero_tricks_goes_into_the_pulya():
    rep = build([allpass({"Anna": 0, "Boris": 4, "Vera": 6}),
                 allpass({"Anna": 0, "Boris": 4, "Vera": 6})])
    assert owed(rep, 1) == {("Anna", "pulya", None): 1, ("Boris", "gora", None): 4,
                            ("Vera", "gora", None): 6}
    assert owed(rep, 2) == {("Anna", "pulya", None): 2, ("Boris", "gora", None): 8,
                            ("Vera", "gora", None): 12}


def test_allpass_amnesty_subtracts_the_smallest_count_without_a_bonus():
    rep = build([allpass({"Anna": 2, "Boris": 3, "Vera": 5})], allpass_amnesty=True)
    assert owed(rep, 1) == {("Boris", "gora", None): 1, ("Vera", "gora", None): 3}


def test_leningrad_allpass_prices():
    rep = build([allpass({"Anna": 1, "Boris": 4, "Vera": 5})] * 2, preset="leningrad")
    assert owed(rep, 2) == {("Anna", "gora", None): 4, ("Boris", "gora", None): 16,
                            ("Vera", "gora", None): 20}


def test_rostov_allpass_fewest_write_on_the_others_by_their_tricks():
    rep = build([allpass({"Anna": 1, "Boris": 4, "Vera": 5}),
                 allpass({"Anna": 2, "Boris": 2, "Vera": 6}),
                 allpass({"Anna": 0, "Boris": 4, "Vera": 6})], preset="rostov")
    assert owed(rep, 1) == {("Anna", "vists", "Boris"): 20, ("Anna", "vists", "Vera"): 25}
    assert owed(rep, 2) == {("Anna", "vists", "Vera"): 30, ("Boris", "vists", "Vera"): 30}
    assert owed(rep, 3) == {("Anna", "vists", "Boris"): 20, ("Anna", "vists", "Vera"): 30,
                            ("Anna", "pulya", None): 1}


def test_rostov_allpass_on_a_sochi_game():
    rep = build([allpass({"Anna": 1, "Boris": 4, "Vera": 5})], allpass="rostov",
                rostov_vists=3)
    assert owed(rep, 1) == {("Anna", "vists", "Boris"): 12, ("Anna", "vists", "Vera"): 15}


# -- four players -------------------------------------------------------------------------

def test_four_players_dealer_sits_out_and_rotates():
    players = ("Anna", "Boris", "Vera", "Gleb")
    rep = build([allpass({"Boris": 3, "Vera": 3, "Gleb": 4}),       # Anna deals
                 allpass({"Anna": 3, "Vera": 3, "Gleb": 4}),        # Boris deals
                 contract("Gleb", "6S", {"Anna": W, "Boris": P},    # Vera deals
                          {"Gleb": 5, "Anna": 4, "Boris": 1})], players=players)
    assert [r.dealer for r in rep.results] == ["Anna", "Boris", "Vera"]
    assert owed(rep, 2)[("Anna", "gora", None)] == 6
    # Gleb down 1: gora 2; Anna writes 5 x 2 + 2 = 12; Boris 2; Vera (dealer) consoles 2
    assert owed(rep, 3) == {("Gleb", "gora", None): 2, ("Anna", "vists", "Gleb"): 12,
                            ("Boris", "vists", "Gleb"): 2, ("Vera", "vists", "Gleb"): 2}
    assert sum(rep.balance().values()) == 0
    assert len(rep.balance()) == 4


def test_four_players_whisting_order_skips_the_dealer():
    # Boris deals; Vera declares; clockwise: Gleb first, (Boris out), Anna second
    players = ("Anna", "Boris", "Vera", "Gleb")
    rep = build([contract("Vera", "8S", {"Anna": W, "Gleb": W},
                          {"Vera": 10, "Anna": 0, "Gleb": 0})],
                players=players, dealers=["Boris"])
    assert owed(rep, 1)[("Anna", "gora", None)] == 6


# -- closing the pulya and help ----------------------------------------------------------------

def test_help_goes_to_the_fullest_open_pulya_at_P_vists_a_point():
    # pulya 10: Vera 6, Boris 4 (both passed games), Anna 8; then Anna's 8 (6 points):
    # 2 close her own, 4 close Vera's (the fullest), Anna writes 4 x 10 = 40 on Vera
    rep = build([contract("Vera", "7S", {"Anna": P, "Boris": P}),
                 contract("Vera", "6S", {"Anna": P, "Boris": P}),
                 contract("Boris", "7S", {"Vera": P, "Anna": P}),
                 contract("Anna", "9S", {"Boris": P, "Vera": P}),
                 contract("Anna", "8S", {"Boris": P, "Vera": P})], pulya=10)
    assert owed(rep, 5) == {("Anna", "pulya", None): 2, ("Vera", "pulya", None): 4,
                            ("Anna", "vists", "Vera"): 40}
    assert [r for *_, r in deal_entries(rep, 5)] == ["game_passed",
                                                     "help_pulya", "help_vists"]


def test_help_ties_go_clockwise_from_the_giver_then_the_rest_off_the_gora():
    # pulya 4: Anna closes (7 passed); Vera's 10 (10 points): Boris and Anna? Anna is
    # closed; from Vera clockwise Anna then Boris: only Boris open: 4 to Boris, 40 vists;
    # the remaining 2 come off Vera's gora at 10/10 = 2.
    rep = build([contract("Anna", "7S", {"Boris": P, "Vera": P}),
                 contract("Vera", "10S", {"Anna": P, "Boris": P})], pulya=4)
    assert owed(rep, 2) == {("Vera", "pulya", None): 4, ("Boris", "pulya", None): 4,
                            ("Vera", "vists", "Boris"): 40, ("Vera", "gora", None): -2}
    assert rep.finished


def test_help_tie_nearest_clockwise():
    # pulya 4, everybody at 0; Vera's 8 (6 points): 4 her own, 2 to the nearest
    # clockwise of Anna and Boris (tied at 0): Anna
    rep = build([contract("Vera", "8S", {"Anna": P, "Boris": P})], pulya=4)
    assert owed(rep, 1) == {("Vera", "pulya", None): 4, ("Anna", "pulya", None): 2,
                            ("Vera", "vists", "Anna"): 20}


def test_help_rate_leningrad_and_gora_at_P_over_G():
    rep = build([contract("Anna", "7S", {"Boris": P, "Vera": P}),
                 contract("Boris", "7S", {"Vera": P, "Anna": P}),
                 contract("Vera", "10S", {"Anna": P, "Boris": P})],
                preset="leningrad", pulya=4)
    # everybody's pulya 4 after Vera's first 4 points: 6 left x 20/10 = 12 off her gora
    assert owed(rep, 3) == {("Vera", "pulya", None): 4, ("Vera", "gora", None): -12}


def test_help_off_the_gora_can_be_fractional():
    rep = build([contract("Anna", "7S", {"Boris": P, "Vera": P}),
                 contract("Boris", "7S", {"Vera": P, "Anna": P}),
                 contract("Vera", "7S", {"Anna": P, "Boris": P})],
                pulya=3, pulya_points=10, gora_points=4)
    assert owed(rep, 3)[("Vera", "gora", None)] == Fraction(-15, 2)  # 3 points x 10/4


def test_zero_trick_bonus_overflows_as_help():
    rep = build([contract("Anna", "7S", {"Boris": P, "Vera": P}),
                 allpass({"Anna": 0, "Boris": 5, "Vera": 5})], pulya=4)
    # Anna's pulya is closed: her 1 point is help to the fullest open pulya; tie
    # Boris/Vera at 0 -> Boris (clockwise from Anna)
    assert owed(rep, 2)[("Boris", "pulya", None)] == 1
    assert owed(rep, 2)[("Anna", "vists", "Boris")] == 10


def test_the_pulka_ends_when_every_pulya_is_closed_and_refuses_more():
    deals = [contract("Anna", "6S", {"Boris": P, "Vera": P}),
             contract("Boris", "6S", {"Vera": P, "Anna": P}),
             contract("Vera", "6S", {"Anna": P, "Boris": P})]
    rep = build(deals, pulya=2)
    assert rep.finished
    record = rep.game.deals[0]
    with pytest.raises(GameOverError) as err:
        rep.extend(record)
    assert "deal 4" in str(err.value)


def test_the_pulka_is_not_finished_while_one_pulya_is_open():
    rep = build([contract("Anna", "6S", {"Boris": P, "Vera": P}),
                 contract("Boris", "6S", {"Vera": P, "Anna": P})], pulya=2)
    assert not rep.finished


# -- settlement --------------------------------------------------------------------------

def test_spec_paper_settlement_example():
    # goras 42/96/132, vists A->B 170, B->A 64, A->V 60, V->A 88, B->V 178, V->B 95
    rules = GAME.rulebook.resolve({"preset": "sochi"})
    players = ("A", "B", "V")
    state = GAME.initial_state(players, rules)
    vists = (0, 170, 60,
             64, 0, 178,
             88, 95, 0)
    state = state._replace(pulya=(20, 20, 20), gora=(42, 96, 132), vists=vists)
    assert GAME.balance(state, rules) == {"A": 558, "B": -83, "V": -475}


def test_balance_is_exact_in_thirds():
    rep = build([allpass({"Anna": 4, "Boris": 3, "Vera": 3})])
    # gora 4/3/3, mean 10/3: Anna -10 x (4 - 10/3) = -20/3
    b = rep.balance()
    assert b == {"Anna": Fraction(-20, 3), "Boris": Fraction(10, 3), "Vera": Fraction(10, 3)}
    assert all(isinstance(v, Fraction) for v in b.values())


def test_four_player_balance_includes_the_dealer():
    players = ("Anna", "Boris", "Vera", "Gleb")
    rep = build([contract("Boris", "6S", {"Vera": W, "Gleb": P},
                          {"Boris": 6, "Vera": 4, "Gleb": 0})], players=players)
    # Boris pulya 2 (mean 1/2): +10 x 3/2 = 15 - 8 vists; others -5; Vera +8
    assert rep.balance() == {"Anna": -5, "Boris": 7, "Vera": 3, "Gleb": -5}


# -- describe_result -----------------------------------------------------------------------

def test_describe_result_words():
    rep = build([contract("Anna", "6S", {"Boris": W, "Vera": P}, {"Anna": 6, "Boris": 4, "Vera": 0}),
                 contract("Boris", "7S", {"Vera": W, "Anna": W}, {"Boris": 5, "Vera": 3, "Anna": 2}),
                 contract("Vera", "6S", {"Anna": P, "Boris": P}),
                 contract("Anna", "6S", {"Boris": P, "Vera": H}),
                 misere("Boris", {"Boris": 0}),
                 misere("Vera", {"Vera": 2}),
                 contract("Anna", "6S", {"Boris": W, "Vera": P}, {"Anna": 7, "Boris": 2, "Vera": 1}),
                 contract("Anna", "6S", {"Boris": W, "Vera": GH}, {"Anna": 6, "Boris": 4, "Vera": 0})])
    words = [text(GAME.describe_result(r.record.deal, r.outcome, r.context), GAME)
             for r in rep.results]
    assert words == ["made", "down 2", "both pass", "half-whist", "misère made",
                     "misère caught with 2", "made; Boris short on whist", "made (whist returned)"]


# -- seed 002 3.8, the remaining sentences ---------------------------------------------------

def test_3_8_1_1_each_trick_is_worth_the_agreed_vists_by_level():
    # 3.8.1.1: a whister writes the agreed price per trick; Sochi 2/4/6/8/10
    for level, price in zip(range(6, 11), (2, 4, 6, 8, 10)):
        taken = level
        rep = build([contract("Anna", f"{level}S", {"Boris": W, "Vera": W},
                              {"Anna": taken, "Boris": 10 - taken, "Vera": 0})],
                    responsibility="none")
        assert owed(rep, 1).get(("Boris", "vists", "Anna"), 0) == price * (10 - taken)


def test_3_8_1_2_consolation_is_written_by_all_including_the_dealer():
    players = ("Anna", "Boris", "Vera", "Gleb")
    rep = build([contract("Boris", "8S", {"Vera": P, "Gleb": P, }, None),
                 contract("Vera", "8S", {"Gleb": W, "Anna": P}, {"Vera": 6, "Gleb": 3, "Anna": 1})],
                players=players)
    # deal 2: Boris deals; Vera down 2 on an eight: every one of Gleb, Anna, Boris writes 6 x 2
    o = owed(rep, 2)
    assert o[("Anna", "vists", "Vera")] == 12 and o[("Boris", "vists", "Vera")] == 12
    assert o[("Gleb", "vists", "Vera")] == 4 * 6 + 12  # greedy: the defence's 4 tricks + his 12
    assert o[("Vera", "gora", None)] == 12


def test_3_8_1_3_a_short_whister_writes_vists_for_his_tricks_and_gora_for_the_rest():
    rep = build([contract("Anna", "7S", {"Boris": W, "Vera": P}, {"Anna": 9, "Boris": 1, "Vera": 0})])
    assert owed(rep, 1) == {("Anna", "pulya", None): 4, ("Boris", "vists", "Anna"): 4,
                            ("Boris", "gora", None): 4}


def test_3_8_2_obligations_and_no_obligation_on_misere():
    rules = GAME.rulebook.resolve({})
    assert rules["obligation"] == (4, 2, 1, 1, 1)
    rep = build([misere("Anna", {"Anna": 0, "Boris": 10, "Vera": 0})])
    assert owed(rep, 1) == {("Anna", "pulya", None): 10}  # nobody owes on a misère


def test_3_8_3_the_second_defender_decides_independently():
    rep = build([contract("Anna", "7S", {"Boris": P, "Vera": W}, {"Anna": 7, "Boris": 1, "Vera": 2})])
    assert owed(rep, 1) == {("Anna", "pulya", None): 4, ("Vera", "vists", "Anna"): 12}


def test_3_8_4_two_whisters_owe_the_obligation_together():
    # 7: the pair took 2 (0 + 2): enough together, nobody owes though Boris took none
    rep = build([contract("Anna", "7S", {"Boris": W, "Vera": W}, {"Anna": 8, "Boris": 0, "Vera": 2})])
    assert ("Boris", "gora", None) not in owed(rep, 1)
