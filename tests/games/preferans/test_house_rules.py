"""Issue 11: the dealer's whist with four players, who may go half, totus, and the house rules.

Every number is worked by hand in the comments from the rule text it cites: seed 002 (the
Preferans Code, 3.8), seed 003 (Mendelev's encyclopedia) and spec preferans.md (the options
table, "What a deal writes", "Invalid").  Settlement: balance_i = vists written − vists
received − G (gora_i − mean gora) + P (pulya_i − mean pulya).
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from gen_preferans import ABV, allpass, build, contract, deal_entries, misere, sheet
from whistscore import journal
from whistscore.errors import DealError, NotationError, RuleError
from whistscore.game import DealRecord
from whistscore.games.preferans import GAME
from whistscore.games.preferans.deals import Concede, Contract, Misere
from whistscore.replay import replay

ABVG = ("Anna", "Boris", "Vera", "Gleb")
W, P, H, GH = "whist", "pass", "half", "gone-half"


def entries(rep, number):
    """{(player, column, against): amount} of one deal (amounts of a key summed)."""
    out: dict = {}
    for player, column, amount, against, _ in deal_entries(rep, number):
        out[player, column, against] = out.get((player, column, against), 0) + amount
    return out


def rules_of(rep, number):
    return [e.rule for e in rep.results[number - 1].entries]


def gleb_deals(*deals):
    """Four players; Gleb deals every deal (so Anna declares, Boris and Vera defend)."""
    return list(deals), ["Gleb"] * len(deals)


def refused(deals, players=ABV, dealers=None, preset="sochi", **options):
    """The error the last deal gets (read, then scored after the others)."""
    *before, last = deals
    rep = build(before, players, preset, dealers=dealers[:-1] if dealers else None, **options)
    dealer = dealers[-1] if dealers else None
    with pytest.raises((DealError, NotationError)) as err:
        if isinstance(last, str):
            deal = GAME.parse_notation(last, rep.game.players, rep.game.rules)
        else:
            deal = GAME.deal_from_json(last, rep.game.players, rep.game.rules)
        rep.extend(DealRecord(deal, dealer))
    return str(err.value)


# == 1. the dealer's whist with four players (seed 002 §3.8.8, §3.8.8.1) =====================

def test_dealer_whists_an_eight_after_two_passes_and_the_declarer_fails():
    # seed 002 3.8.8.1: «На восьмерной и более старших играх после двух пасов право завистовать
    # сохраняется только у сдатчика».  Sochi 8: t = r = c = 6.  Anna takes 7 (down one): her gora
    # 6.  Gleb, the one whister, writes the whole defence 6 x (2 + 1) = 18 and consoles once 6;
    # the passers Boris and Vera write only consolation, 6 each.
    deals, dealers = gleb_deals(contract("Anna", "8S", {"Boris": P, "Vera": P, "Gleb": W},
                                         {"Anna": 7, "Boris": 2, "Vera": 1}))
    rep = build(deals, ABVG, dealers=dealers)
    assert entries(rep, 1) == {("Anna", "gora", None): 6, ("Gleb", "vists", "Anna"): 24,
                               ("Boris", "vists", "Anna"): 6, ("Vera", "vists", "Anna"): 6}
    assert rules_of(rep, 1) == ["remiz", "dealer_whist", "consolation", "consolation",
                                "consolation"]
    # N = 4, mean gora 6/4: Anna −36 − 10 (6 − 3/2) = −81; Boris, Vera 6 + 15 = 21; Gleb 24 + 15
    assert rep.balance() == {"Anna": -81, "Boris": 21, "Vera": 21, "Gleb": 39}


def test_dealer_whists_alone_and_owes_obligation_alone():
    # spec: the dealer «owes obligation_alone − d when short».  Anna makes 10 of 8 (pulya 6); the
    # defence took none: Gleb owes 1 − 0 = 1 trick, full responsibility (Sochi): 6 into his gora.
    deals, dealers = gleb_deals(contract("Anna", "8S", {"Boris": P, "Vera": P, "Gleb": W},
                                         {"Anna": 10, "Boris": 0, "Vera": 0}))
    rep = build(deals, ABVG, dealers=dealers)
    assert entries(rep, 1) == {("Anna", "pulya", None): 6, ("Gleb", "gora", None): 6}
    assert rules_of(rep, 1) == ["game_made", "responsible_whist"]
    # means 6/4: Anna 10 (6 − 3/2) + 15 = 60; Gleb −45 − 15 = −60; Boris, Vera 15 − 15 = 0
    assert rep.balance() == {"Anna": 60, "Boris": 0, "Vera": 0, "Gleb": -60}


def test_dealer_returns_the_whist_after_pass_half_pass_greedy():
    # seed 002 3.8.8: «один говорит "пас", второй говорит "полвиста", первый снова говорит "пас"
    # и только тогда спрашивают у сдатчика».  Sochi six, t = r = c = 2; Vera (second) went half
    # and is gone-half; under greedy whist she is a passer and consoles.  Anna takes 5: gora 2;
    # Gleb 2 x 5 = 10 + consolation 2 = 12; Boris 2; Vera 2.
    deals, dealers = gleb_deals(contract("Anna", "6S", {"Boris": P, "Vera": GH, "Gleb": W},
                                         {"Anna": 5, "Boris": 3, "Vera": 2}))
    rep = build(deals, ABVG, dealers=dealers)
    assert entries(rep, 1) == {("Anna", "gora", None): 2, ("Gleb", "vists", "Anna"): 12,
                               ("Boris", "vists", "Anna"): 2, ("Vera", "vists", "Anna"): 2}


def test_dealer_returns_the_whist_gentleman_the_half_goer_writes_nothing():
    # seed 002 3.8.8.2 and 3.8.14: «уходивший за полвиста вистов при ремизе разыгрывающего не
    # пишет».  Leningrad six: t = r = c = 4, whole trick vists to the dealer (both styles, spec).
    # Anna takes 5: gora 4; Gleb 4 x 5 = 20 + 4 = 24; Boris consoles 4; Vera nothing.
    deals, dealers = gleb_deals(contract("Anna", "6S", {"Boris": P, "Vera": GH, "Gleb": W},
                                         {"Anna": 5, "Boris": 3, "Vera": 2}))
    rep = build(deals, ABVG, "leningrad", dealers=dealers)
    assert entries(rep, 1) == {("Anna", "gora", None): 4, ("Gleb", "vists", "Anna"): 24,
                               ("Boris", "vists", "Anna"): 4}
    # mean gora 1: Anna −28 − 30 = −58; Boris 4 + 10; Vera 10; Gleb 24 + 10
    assert rep.balance() == {"Anna": -58, "Boris": 14, "Vera": 10, "Gleb": 34}
    assert GAME.describe_result(rep.results[0].record.deal, rep.results[0].outcome,
                                rep.results[0].context).parts[1].key == "pref.res.dealer_whist"


def test_dealer_whist_on_a_six_short_half_responsibility():
    # Leningrad (responsibility half): Anna makes 7 of 6 (pulya 2); the defence took 3 of the
    # lone whister's 4: Gleb writes 4 x 3 = 12 and owes one trick at r/2 = 4/2 = 2.
    deals, dealers = gleb_deals(contract("Anna", "6S", {"Boris": P, "Vera": GH, "Gleb": W},
                                         {"Anna": 7, "Boris": 2, "Vera": 1}))
    rep = build(deals, ABVG, "leningrad", dealers=dealers)
    assert entries(rep, 1) == {("Anna", "pulya", None): 2, ("Gleb", "vists", "Anna"): 12,
                               ("Gleb", "gora", None): 2}
    assert rules_of(rep, 1)[-1] == "half_responsible_whist"


def test_dealer_whist_consoles_once_also_when_only_defenders_console():
    # seed 002 3.8.1.2: «При ремизе разыгрывающего вистующий пишет дополнительно консоляцию»:
    # the dealer is the whister, so he consoles under consolation_by = defenders too (once).
    deals, dealers = gleb_deals(contract("Anna", "8S", {"Boris": P, "Vera": P, "Gleb": W},
                                         {"Anna": 7, "Boris": 2, "Vera": 1}))
    rep = build(deals, ABVG, dealers=dealers, consolation_by="defenders")
    assert entries(rep, 1)[("Gleb", "vists", "Anna")] == 18 + 6


def test_dealer_status_pass_is_the_same_as_omitted():
    # spec: «Without a dealer's whist the dealer's status may be omitted or pass».
    three = contract("Anna", "7S", {"Boris": W, "Vera": P, "Gleb": P},
                     {"Anna": 7, "Boris": 3, "Vera": 0})
    two = contract("Anna", "7S", {"Boris": W, "Vera": P}, {"Anna": 7, "Boris": 3, "Vera": 0})
    a = build([three], ABVG, dealers=["Gleb"])
    b = build([two], ABVG, dealers=["Gleb"])
    assert entries(a, 1) == entries(b, 1) == {("Anna", "pulya", None): 4,
                                              ("Boris", "vists", "Anna"): 12}
    # not played: the dealer's pass beside a half-whist (who defends is known when scored)
    half = build([contract("Anna", "6S", {"Boris": P, "Vera": H, "Gleb": P})], ABVG,
                 dealers=["Gleb"])
    assert entries(half, 1) == {("Anna", "pulya", None): 2, ("Vera", "vists", "Anna"): 4}


@pytest.mark.parametrize("why,deal,dealer,field,shown", [
    ("the dealer whists though a defender whisted (3.8.8: only the declined whist)",
     contract("Anna", "8S", {"Boris": W, "Vera": P, "Gleb": W}, {"Anna": 8, "Boris": 1, "Vera": 1}),
     "Gleb", "whist.Gleb", '"whist"'),
    ("the dealer whists a six after two plain passes (3.8.8: after pass, half, pass only)",
     contract("Anna", "6S", {"Boris": P, "Vera": P, "Gleb": W}, {"Anna": 6, "Boris": 2, "Vera": 2}),
     "Gleb", "whist.Gleb", '"whist"'),
    ("the half-goer still at half after the dealer returned the whist (3.8.8.2)",
     contract("Anna", "6S", {"Boris": P, "Vera": H, "Gleb": W}, {"Anna": 6, "Boris": 2, "Vera": 2}),
     "Gleb", "whist.Vera", '"half"'),
    ("the dealer says half", contract("Anna", "6S", {"Boris": P, "Vera": P, "Gleb": H}),
     "Gleb", "whist.Gleb", '"half"'),
    ("the dealer holding tricks", contract("Anna", "8S", {"Boris": P, "Vera": P, "Gleb": W},
                                           {"Anna": 7, "Boris": 2, "Gleb": 1}),
     "Gleb", "tricks.Gleb", None),
    ("the dealer named as a defender (two statuses)",
     contract("Anna", "8S", {"Boris": P, "Gleb": W}, {"Anna": 7, "Boris": 2, "Gleb": 1}),
     "Gleb", "whist.Gleb", None),
    ("gone-half with nobody returning the whist",
     contract("Anna", "6S", {"Boris": P, "Vera": GH, "Gleb": P}, {"Anna": 6, "Boris": 2, "Vera": 2}),
     "Gleb", "whist.Vera", '"gone-half"'),
])
def test_dealer_whist_invalid(why, deal, dealer, field, shown):
    message = refused([deal], ABVG, [dealer])
    assert f"field '{field}'" in message, message
    if shown:
        assert shown in message, message


def test_no_dealer_whist_with_three_players():
    # with three players the dealer plays: the only third name a whist object could hold is the
    # declarer's own, which is refused
    message = refused([contract("Anna", "8S", {"Boris": P, "Vera": P, "Anna": W},
                                {"Anna": 7, "Boris": 2, "Vera": 1})])
    assert "field 'whist.Anna'" in message


# == 2. who may go half: half_whist_by (seed 002 3.8.7, 3.8.14; seed 003) ======================

def test_encyclopedia_first_defender_says_svoi():
    # seed 003: «Если первый вистующий сказал: «Вист», а второй спасовал, первый может сказать:
    # «Свои» и записать себе висты за две взятки.  При этом считается, что играющий выполнил
    # свое обязательство».  Six: Anna pulya 20; Boris 2 tricks x 2 = 4 vists on her.
    rep = build([contract("Anna", "6S", {"Boris": H, "Vera": P})], preset="encyclopedia")
    assert entries(rep, 1) == {("Anna", "pulya", None): 20, ("Boris", "vists", "Anna"): 4}
    # P = G = 1: Anna −4 + 20 − 20/3 = 28/3; Boris 4 − 20/3 = −8/3; Vera −20/3
    assert rep.balance() == {"Anna": Fraction(28, 3), "Boris": Fraction(-8, 3),
                             "Vera": Fraction(-20, 3)}


def test_encyclopedia_second_defender_za_odnoy_on_an_eight():
    # seed 003: «Если спасовал первый, то второй может ... сказать: «За одной» ... и без игры
    # признать победу играющего».  Eight: Anna pulya 60; Vera 1 trick x 6 = 6.
    rep = build([contract("Anna", "8S", {"Boris": P, "Vera": H})], preset="encyclopedia")
    assert entries(rep, 1) == {("Anna", "pulya", None): 60, ("Vera", "vists", "Anna"): 6}


@pytest.mark.parametrize("preset,by,first_ok,second_ok", [
    ("sochi", "style", False, True),        # greedy: the second only (3.8.7)
    ("leningrad", "style", True, True),     # gentleman: either (3.8.14)
    ("sochi", "either", True, True),
    ("sochi", "first", True, False),
    ("leningrad", "second", False, True),
    ("encyclopedia", "style", True, True),  # the preset sets either
])
def test_half_whist_by(preset, by, first_ok, second_ok):
    options = {} if preset == "encyclopedia" else {"half_whist_by": by}
    for name, ok, whist in (("Boris", first_ok, {"Boris": H, "Vera": P}),
                            ("Vera", second_ok, {"Boris": P, "Vera": H})):
        deal = contract("Anna", "6S", whist)
        if ok:
            assert entries(build([deal], preset=preset, **options), 1)[(name, "vists", "Anna")] > 0
        else:
            message = refused([deal], preset=preset, **options)
            assert f"field 'whist.{name}'" in message and "half_whist_by" in message, message


# == 3. totus: a 10 whisted by both (seed 003) ================================================

def test_totus_a_ten_passed_by_a_defender_is_refused():
    # seed 003: «Если играется «тотус», вистуют оба противника»
    message = refused([contract("Anna", "10NT", {"Boris": W, "Vera": P},
                                {"Anna": 10, "Boris": 0, "Vera": 0})], preset="encyclopedia")
    assert "field 'whist.Vera'" in message and '"pass"' in message and "totus" in message


def test_totus_the_whisters_owe_no_shortfall():
    # seed 003: «но они не штрафуются, если ни одной взятки им не достанется».  Sochi 10 with
    # the obligation of 1: both take none; without totus the second whister (Vera) owes one
    # trick, r = 10 into her gora; with totus nobody owes: only Anna's pulya 10.
    deal = contract("Anna", "10NT", {"Boris": W, "Vera": W}, {"Anna": 10, "Boris": 0, "Vera": 0})
    assert entries(build([deal]), 1) == {("Anna", "pulya", None): 10, ("Vera", "gora", None): 10}
    assert entries(build([deal], totus_both_whist=True), 1) == {("Anna", "pulya", None): 10}


# == 4. house rules ============================================================================

def test_stalingrad_six_spades_both_whist():
    # spec: «6♠ must be whisted by both defenders»; otherwise a two-whister six: Anna 6 of 6
    # (pulya 2), Boris 2 x 2 = 4, Vera 2 x 2 = 4 (the pair took its 4).
    deal = contract("Anna", "6S", {"Boris": W, "Vera": W}, {"Anna": 6, "Boris": 2, "Vera": 2})
    assert entries(build([deal], stalingrad=True), 1) == {
        ("Anna", "pulya", None): 2, ("Boris", "vists", "Anna"): 4, ("Vera", "vists", "Anna"): 4}
    # another six is free
    other = contract("Anna", "6H", {"Boris": P, "Vera": P})
    assert entries(build([other], stalingrad=True), 1) == {("Anna", "pulya", None): 2}


@pytest.mark.parametrize("whist,field,shown", [
    ({"Boris": W, "Vera": P}, "whist.Vera", '"pass"'),
    ({"Boris": P, "Vera": H}, "whist.Boris", '"pass"'),
    ({"Boris": P, "Vera": P}, "whist.Boris", '"pass"'),
])
def test_stalingrad_a_pass_is_refused(whist, field, shown):
    deal = contract("Anna", "6♠", whist)
    if "whist" in whist.values():
        deal["tricks"] = {"Anna": 6, "Boris": 4, "Vera": 0}
    message = refused([deal], stalingrad=True)
    assert f"field '{field}'" in message and shown in message and "Stalingrad" in message


def test_concede_gora_only():
    # spec, Conceded: «the declarer's gora += 3 × r».  Sochi 7: r = 4: gora 12, nobody writes.
    # Balances: Anna −10 (12 − 4) = −80; Boris, Vera +40.
    rep = build([{"declarer": "Anna", "contract": "7H", "concede": True}])
    assert entries(rep, 1) == {("Anna", "gora", None): 12}
    assert rules_of(rep, 1) == ["concede"]
    assert rep.balance() == {"Anna": -80, "Boris": 40, "Vera": 40}


def test_concede_consolation_every_consoler_writes_three():
    # concede = consolation: «every consoler also writes 3 × c».  Four players, Gleb deals:
    # consolers Boris, Vera and (consolation_by = all) Gleb, 3 x 4 = 12 each.  Anna −36 − 10 ×
    # (12 − 3) = −126; the others 12 + 30 = 42.
    deals, dealers = gleb_deals({"declarer": "Anna", "contract": "7H", "concede": True})
    rep = build(deals, ABVG, dealers=dealers, concede="consolation")
    assert entries(rep, 1) == {("Anna", "gora", None): 12, ("Boris", "vists", "Anna"): 12,
                               ("Vera", "vists", "Anna"): 12, ("Gleb", "vists", "Anna"): 12}
    assert rep.balance() == {"Anna": -126, "Boris": 42, "Vera": 42, "Gleb": 42}
    # consolation_by = defenders: the dealer does not console
    rep = build(deals, ABVG, dealers=dealers, concede="consolation", consolation_by="defenders")
    assert ("Gleb", "vists", "Anna") not in entries(rep, 1)


@pytest.mark.parametrize("deal,options,field,shown", [
    ({"declarer": "Anna", "contract": "7H", "concede": True}, {"preset": "encyclopedia"},
     "concede", "true"),
    ({"declarer": "Anna", "contract": "misere", "concede": True, "tricks": {"Anna": 0}}, {},
     "concede", "true"),
    ({"declarer": "Anna", "contract": "7H", "concede": True, "whist": {"Boris": P, "Vera": P}},
     {}, "whist", None),
    ({"declarer": "Anna", "contract": "7H", "concede": True,
      "tricks": {"Anna": 4, "Boris": 3, "Vera": 3}}, {}, "tricks", None),
    ({"declarer": "Anna", "contract": "7H", "concede": "yes"}, {}, "concede", '"yes"'),
    ({"contract": "allpass", "concede": True, "tricks": {"Anna": 4, "Boris": 2, "Vera": 4}}, {},
     "concede", "true"),
])
def test_concede_invalid(deal, options, field, shown):
    preset = options.pop("preset", "sochi")
    message = refused([deal], preset=preset, **options)
    assert f"field '{field}'" in message, message
    if shown:
        assert shown in message, message


def test_both_pass_play_6_7_played_on_their_own():
    # spec both_pass = play-6-7: «made → the game, failed → the ordinary remiz into gora, no
    # vists and no consolation; 8, 9, 10 are not played».  Anna's 6S made 6/2/2: pulya 2.
    # Boris's 7S 5 of 7: gora 4 x 2 = 8.  Vera's 8S both pass: not played, pulya 6.
    rep = build([contract("Anna", "6S", {"Boris": P, "Vera": P}, {"Anna": 6, "Boris": 2, "Vera": 2}),
                 contract("Boris", "7S", {"Vera": P, "Anna": P}, {"Boris": 5, "Vera": 3, "Anna": 2}),
                 contract("Vera", "8S", {"Anna": P, "Boris": P})], both_pass="play-6-7")
    assert entries(rep, 1) == {("Anna", "pulya", None): 2}
    assert entries(rep, 2) == {("Boris", "gora", None): 8}
    assert entries(rep, 3) == {("Vera", "pulya", None): 6}
    assert [rules_of(rep, n) for n in (1, 2, 3)] == [["both_pass_made"], ["both_pass_remiz"],
                                                     ["game_passed"]]


@pytest.mark.parametrize("deal,field", [
    (contract("Anna", "6S", {"Boris": P, "Vera": P}), "tricks"),
    (contract("Anna", "8S", {"Boris": P, "Vera": P}, {"Anna": 8, "Boris": 1, "Vera": 1}), "tricks"),
])
def test_both_pass_play_6_7_invalid(deal, field):
    assert f"field '{field}'" in refused([deal], both_pass="play-6-7")


def test_blind_misere_multiplied():
    # spec misere_blind: «worth this multiple of the misère value and of its price per caught
    # trick».  Sochi misère 10;10, misere_blind 2: made 10 x 2 = 20 into Vera's pulya; caught
    # with 2 tricks: 10 x 2 x 2 = 40 into Boris's gora.
    rep = build([misere("Vera", {"Vera": 0}) | {"blind": True},
                 misere("Boris", {"Boris": 2}) | {"blind": True}], misere_blind=2, pulya=30)
    assert entries(rep, 1) == {("Vera", "pulya", None): 20}
    assert entries(rep, 2) == {("Boris", "gora", None): 40}
    assert rules_of(rep, 1) == ["misere_blind_made"]
    # the default multiple 1 scores it as a misère, still recorded blind
    plain = build([misere("Vera", {"Vera": 0}) | {"blind": True}])
    assert entries(plain, 1) == {("Vera", "pulya", None): 10}
    assert plain.game.deals[0].deal == Misere("Vera", (("Vera", 0),), True)


@pytest.mark.parametrize("deal,field,shown", [
    (contract("Anna", "7S", {"Boris": P, "Vera": P}) | {"blind": True}, "blind", "true"),
    (misere("Vera", {"Vera": 0}) | {"blind": "yes"}, "blind", '"yes"'),
    (allpass({"Anna": 4, "Boris": 2, "Vera": 4}) | {"blind": True}, "blind", "true"),
])
def test_blind_invalid(deal, field, shown):
    message = refused([deal])
    assert f"field '{field}'" in message and shown in message, message


def test_allpass_exit_made_8_the_series_runs_until_a_made_eight():
    # spec allpass_exit = made-8: «the series and its price stay until a contract of 8+ or a
    # misère is made».  Sochi prices 1, 2, 3.  D1 all-pass 4/2/4 x 1.  D2 Anna's 7 (both pass,
    # made, pulya 4) is below 8: the series runs.  D3 all-pass 3/3/4 is the 2nd: x 2 = 6, 6, 8.
    # D4 Boris's 8 both pass: made, the series ends (pulya 6).  D5 all-pass 4/2/4 x 1 again.
    deals = [allpass({"Anna": 4, "Boris": 2, "Vera": 4}),
             contract("Anna", "7S", {"Boris": P, "Vera": P}),
             allpass({"Anna": 3, "Boris": 3, "Vera": 4}),
             contract("Boris", "8S", {"Vera": P, "Anna": P}),
             allpass({"Anna": 4, "Boris": 2, "Vera": 4})]
    rep = build(deals, allpass_exit="made-8")
    assert entries(rep, 3) == {("Anna", "gora", None): 6, ("Boris", "gora", None): 6,
                               ("Vera", "gora", None): 8}
    assert entries(rep, 5) == {("Anna", "gora", None): 4, ("Boris", "gora", None): 2,
                               ("Vera", "gora", None): 4}
    s = sheet(rep)
    assert [(s[p]["pulya"], s[p]["gora"]) for p in ABV] == [(4, 14), (6, 10), (0, 16)]
    # under any-deal the 7 ends the series: D3 is priced x 1
    assert entries(build(deals), 3) == {("Anna", "gora", None): 3, ("Boris", "gora", None): 3,
                                        ("Vera", "gora", None): 4}


def test_allpass_exit_made_8_failed_eight_concede_and_caught_misere_leave_it_running():
    # a failed 8 (Anna 7 of 8 with Boris whisting), a concede and a caught misère leave the
    # series running: the next all-pass is the 3rd, x 3; a made misère then ends it.
    deals = [allpass({"Anna": 4, "Boris": 2, "Vera": 4}),
             allpass({"Anna": 4, "Boris": 2, "Vera": 4}),
             contract("Anna", "8S", {"Boris": W, "Vera": P}, {"Anna": 7, "Boris": 3, "Vera": 0}),
             {"declarer": "Boris", "contract": "9S", "concede": True},
             misere("Vera", {"Vera": 1}),
             allpass({"Anna": 4, "Boris": 2, "Vera": 4}),
             misere("Vera", {"Vera": 0}),
             allpass({"Anna": 4, "Boris": 2, "Vera": 4})]
    rep = build(deals, allpass_exit="made-8")
    assert entries(rep, 6) == {("Anna", "gora", None): 12, ("Boris", "gora", None): 6,
                               ("Vera", "gora", None): 12}
    assert entries(rep, 8) == {("Anna", "gora", None): 4, ("Boris", "gora", None): 2,
                               ("Vera", "gora", None): 4}


def test_allpass_exit_made_8_half_whisted_eight_ends_it():
    # «passed or half-whisted and so written as made»: encyclopedia allows half on 8
    deals = [allpass({"Anna": 4, "Boris": 2, "Vera": 4}),
             contract("Anna", "8S", {"Boris": P, "Vera": H}),
             allpass({"Anna": 4, "Boris": 2, "Vera": 4})]
    rep = build(deals, preset="encyclopedia", allpass_exit="made-8")
    assert entries(rep, 3)[("Anna", "gora", None)] == 4 * 10  # the 1st price again


@pytest.mark.parametrize("passes,deal,least", [
    (1, contract("Anna", "6S", {"Boris": P, "Vera": P}), 7),
    (2, contract("Anna", "7S", {"Boris": W, "Vera": P}, {"Anna": 7, "Boris": 3, "Vera": 0}), 8),
    (3, {"declarer": "Anna", "contract": "7S", "concede": True}, 8),
])
def test_allpass_exit_made_8_a_low_contract_is_refused(passes, deal, least):
    deals = [allpass({"Anna": 4, "Boris": 2, "Vera": 4})] * passes + [deal]
    message = refused(deals, allpass_exit="made-8")
    assert message.startswith(f"deal {passes + 1}, field 'contract'"), message
    assert f"smallest contract is {least}" in message and deal["contract"] in message


# == 5. short notation for every new form, round-tripped ======================================

@pytest.mark.parametrize("line,players,options,expected", [
    ("Anna 8S Boris:p Vera:p Gleb:w 7/2/1/-", ABVG, {},
     Contract("Anna", 8, "S", (("Boris", P), ("Vera", P), ("Gleb", W)),
              (("Anna", 7), ("Boris", 2), ("Vera", 1)))),
    ("Anna 6S Boris:p Vera:gh Gleb:w 5/3/2/-", ABVG, {},
     Contract("Anna", 6, "S", (("Boris", P), ("Vera", GH), ("Gleb", W)),
              (("Anna", 5), ("Boris", 3), ("Vera", 2)))),
    ("Anna 6S Boris:p Vera:h Gleb:p", ABVG, {},
     Contract("Anna", 6, "S", (("Boris", P), ("Vera", H), ("Gleb", P)))),
    ("Anna 7H concede", ABV, {}, Concede("Anna", 7, "H")),
    ("Vera misere blind 0", ABV, {}, Misere("Vera", (("Vera", 0),), True)),
    ("Vera misere blind Anna:4 Boris:5 Vera:1", ABV, {},
     Misere("Vera", (("Anna", 4), ("Boris", 5), ("Vera", 1)), True)),
    ("Anna 6S Boris:p Vera:p 5/3/2", ABV, {"both_pass": "play-6-7"},
     Contract("Anna", 6, "S", (("Boris", P), ("Vera", P)),
              (("Anna", 5), ("Boris", 3), ("Vera", 2)))),
])
def test_notation_new_forms_round_trip(line, players, options, expected):
    rules = GAME.rulebook.resolve({"preset": "sochi", **options})
    deal = GAME.parse_notation(line, players, rules)
    assert deal == expected
    assert GAME.format_notation(deal, players, rules) == line
    assert GAME.deal_from_json(GAME.deal_to_json(deal), players, rules) == deal


def test_notation_other_spellings_read_the_same():
    rules = GAME.rulebook.resolve({})
    a = GAME.parse_notation("Anna 8S Gleb:w Vera:p Boris:p Anna:7 Boris:2 Vera:1", ABVG, rules)
    assert GAME.format_notation(a, ABVG, rules) == "Anna 8S Boris:p Vera:p Gleb:w 7/2/1/-"
    assert GAME.parse_notation("anna 7♥ conceded", ABV, rules) == Concede("Anna", 7, "H")


@pytest.mark.parametrize("line,field", [
    ("Anna 8S Boris:p Vera:p Gleb:w 7/2/1", "tricks"),      # four counts with the dealer's
    ("Anna 8S Boris:p Vera:p Gleb:w 7/2/1/0", "tricks"),    # no '-' for the dealer
    ("Anna 7S Boris:w Vera:p 7/-/3", "tricks.Boris"),         # '-' without a dealer
    ("Anna 7H concede 7/3/0", "notation"),
])
def test_notation_new_forms_invalid(line, field):
    rules = GAME.rulebook.resolve({})
    with pytest.raises((NotationError, DealError)) as err:
        GAME.parse_notation(line, ABVG if "Gleb" in line else ABV, rules)
    assert f"field '{field}'" in str(err.value), str(err.value)


# == the CLI: every refusal leaves the file untouched; the rules listing ======================

from clirun import run as _run  # noqa: E402  (one way to drive the CLI)


REFUSALS = [
    # (players, rules, deals before, the deal (JSON or notation), field, value shown)
    (ABVG, {}, [], {"dealer": "Gleb", "declarer": "Anna", "contract": "8S",
                    "whist": {"Boris": W, "Vera": P, "Gleb": W},
                    "tricks": {"Anna": 8, "Boris": 1, "Vera": 1}}, "whist.Gleb", '"whist"'),
    (ABVG, {}, [], {"dealer": "Gleb", "declarer": "Anna", "contract": "6S",
                    "whist": {"Boris": P, "Vera": P, "Gleb": W},
                    "tricks": {"Anna": 6, "Boris": 2, "Vera": 2}}, "whist.Gleb", '"whist"'),
    (ABVG, {}, [], "--dealer=Gleb -- Anna 6S Boris:p Vera:h Gleb:w 6/2/2/-", "whist.Vera",
     '"half"'),
    (ABVG, {}, [], {"dealer": "Gleb", "declarer": "Anna", "contract": "8S",
                    "whist": {"Boris": P, "Vera": P, "Gleb": W},
                    "tricks": {"Anna": 7, "Boris": 2, "Gleb": 1}}, "tricks.Gleb", '"Gleb"'),
    (ABV, {}, [], {"declarer": "Anna", "contract": "8S", "whist": {"Boris": P, "Vera": P, "Anna": W},
                   "tricks": {"Anna": 8, "Boris": 1, "Vera": 1}}, "whist.Anna", '"Anna"'),
    (ABV, {"half_whist_by": "second"}, [], "Anna 6S Boris:h Vera:p", "whist.Boris", '"half"'),
    (ABV, {"stalingrad": True}, [], "Anna 6S Boris:w Vera:p 6/4/0", "whist.Vera", '"pass"'),
    (ABV, {"totus_both_whist": True}, [], "Anna 10NT Boris:p Vera:p", "whist.Boris", '"pass"'),
    (ABV, {"concede": "off"}, [], "Anna 7H concede", "concede", "true"),
    (ABV, {"both_pass": "play-6-7"}, [], "Anna 7S Boris:p Vera:p", "tricks", None),
    (ABV, {}, [], "Anna 7S Boris:p Vera:p blind", "notation", '"blind"'),
    (ABV, {"allpass_exit": "made-8"}, [allpass({"Anna": 4, "Boris": 2, "Vera": 4})],
     "Anna 6S Boris:p Vera:p", "contract", '"6S"'),
]


@pytest.mark.parametrize("players,rules,before,deal,field,shown", REFUSALS)
def test_cli_add_refuses_and_leaves_the_file_untouched(tmp_path, players, rules, before, deal,
                                                       field, shown):
    path = tmp_path / "pulka.json"
    text = journal.dumps(journal.from_json({
        "format": "whistscore", "version": 1, "game": "preferans", "players": list(players),
        "rules": {"preset": "sochi", **rules}, "deals": before}))
    path.write_text(text, encoding="utf-8")
    args = deal.split(" -- ", 1) if isinstance(deal, str) and " -- " in deal else None
    if args:
        argv = ["add", str(path), args[0], "--", args[1]]
    else:
        argv = ["add", str(path), deal if isinstance(deal, str) else json.dumps(deal)]
    status, out, err = _run(argv)
    assert status != 0, out
    assert path.read_text(encoding="utf-8") == text
    assert f"deal {len(before) + 1}" in err and f"field '{field}'" in err, err
    if shown:
        assert shown in err, err
    assert "Traceback" not in err


NEW_OPTIONS = {
    "half_whist_by": "the Preferans Code §3.8.7", "totus_both_whist": "Mendelev's Encyclopedia",
    "stalingrad": "house rule", "concede": "house rule",
    "both_pass": "the Preferans Code §3.8.9", "misere_blind": "Mendelev's Encyclopedia",
    "allpass_exit": "made-8",
}


def test_rules_preferans_lists_the_new_options_with_their_citations():
    status, out, _ = _run(["rules", "preferans"])
    assert status == 0
    for name, cite in NEW_OPTIONS.items():
        line = next(l for l in out.splitlines() if l.strip().startswith(f"{name} ("))
        assert cite in line, line
    table = [l for l in out.splitlines() if l.startswith("totus_both_whist")]
    assert table[0].split() == ["totus_both_whist", "false", "false", "false", "false", "true"]


@pytest.mark.parametrize("option,bad", [
    ("half_whist_by", "third"), ("totus_both_whist", "maybe"), ("stalingrad", "2"),
    ("concede", "always"), ("both_pass", "play-8"), ("misere_blind", "0"),
    ("allpass_exit", "made-9"),
])
def test_new_options_refuse_bad_values(option, bad):
    with pytest.raises(RuleError) as err:
        GAME.rulebook.resolve({option: bad})
    assert f"rules.{option}" in str(err.value) and bad in str(err.value)


def test_defaults_change_no_existing_game():
    # every new option is off or neutral in the four presets that had no word on it
    for preset in ("sochi", "leningrad", "rostov", "classic"):
        values = GAME.rulebook.resolve({"preset": preset}).values
        assert (values["half_whist_by"], values["totus_both_whist"], values["stalingrad"],
                values["both_pass"], values["misere_blind"], values["allpass_exit"]) == \
            ("style", False, False, "not-played", 1, "any-deal")
    ency = GAME.rulebook.resolve({"preset": "encyclopedia"}).values
    assert (ency["half_whist_by"], ency["totus_both_whist"], ency["concede"]) == \
        ("either", True, "off")


def test_replay_of_a_saved_game_with_every_new_form():
    game = {"format": "whistscore", "version": 1, "game": "preferans", "players": list(ABVG),
            "rules": {"preset": "sochi", "misere_blind": 2, "concede": "consolation"},
            "deals": [{"dealer": "Gleb", "declarer": "Anna", "contract": "8S",
                       "whist": {"Boris": P, "Vera": P, "Gleb": W},
                       "tricks": {"Anna": 7, "Boris": 2, "Vera": 1}},
                      {"dealer": "Anna", "declarer": "Boris", "contract": "7H", "concede": True},
                      {"declarer": "Vera", "contract": "misere", "blind": True,
                       "tricks": {"Vera": 0}}]}
    text = journal.dumps(journal.from_json(game))
    again = journal.loads(text)
    assert journal.dumps(again) == text
    rep = replay(again)
    assert sum(rep.balance().values()) == 0
    assert [again.notation(r) for r in again.deals] == [
        "Anna 8S Boris:p Vera:p Gleb:w 7/2/1/-", "Boris 7H concede", "Vera misere blind 0"]
