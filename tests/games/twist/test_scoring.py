"""Twist scoring, rule by rule, with numbers worked by hand from the seed and the spec.

Seed 000 is the only public description of Twist; the spec (twist.md) fixes the
reading of each unclear sentence.  Players A & C sit against B & D.  Each test
names the seed paragraph («счет и запись» ¶N counts the paragraphs of that
section from its first line) or the spec section it checks.
"""

from fractions import Fraction

import pytest

from gen_twist import column, deal_entries, play, settle_by_hand, sheet, written
from whistscore.i18n import text
from whistscore.errors import DealError, GameOverError
from whistscore.games.twist import GAME
from whistscore.games.twist.scoring import contract_value


def T(a, b, c, d):
    return {"A": a, "B": b, "C": c, "D": d}


def contract(declarer, level, tricks, **flags):
    return {"declarer": declarer, "contract": level, "tricks": tricks, **flags}


# -- spec, Public example ------------------------------------------------------------

def test_spec_public_example():
    rp = play([contract("A", "8H", T(5, 2, 4, 1))])
    assert column(rp, "remark") == {"A": 60, "B": 6, "C": 6, "D": 6}
    assert column(rp, "gora") == {"A": 25, "B": 28, "C": 26, "D": 29}
    assert written(rp) == {("C", "A"): 24, ("B", "A"): 12, ("D", "A"): 6}
    assert rp.balance() == {"A": 442, "B": -176, "C": -4, "D": -262}
    assert not rp.finished


def test_spec_public_example_in_notation():
    rp = play(["A 8H 5/2/4/1"])
    assert rp.balance() == {"A": Fraction(442), "B": Fraction(-176), "C": Fraction(-4),
                            "D": Fraction(-262)}


# -- «счет и запись» ¶3: the value of contracts -----------------------------------------

@pytest.mark.parametrize("level, value", [(2, 5), (4, 5), (6, 5), (7, 5), (8, 6), (9, 7),
                                          (10, 8), (11, 9), (12, 10)])
def test_seed_score_p3_contract_values(level, value):
    # «семь (септ) и ниже — 5: восемь — 6; девять — 7; десять — 8; одиннадцать — 9; двенадцать — 10»
    assert contract_value(level) == value


def test_seed_score_p3_below_septet_must_take_seven():
    # «если разыгрывается контракт ниже септа, то стоимость идет на уровне семи взяток»:
    # 4H with the pair taking 6 fails by 1 at the septet's value 5
    rp = play([contract("A", "4H", T(3, 4, 3, 2))])
    assert column(rp, "gora") == {"A": 35, "B": 26, "C": 31, "D": 28}
    assert column(rp, "remark") == {"A": -5, "B": 5, "C": -5, "D": 5}
    assert written(rp) == {("B", "A"): 20, ("D", "A"): 10,
                           ("A", "C"): 5, ("B", "C"): 5, ("D", "C"): 5}


# -- «счет и запись» ¶4: a made contract --------------------------------------------------

def test_seed_score_p4_made_below_septet():
    # 5S, pair 4 + 3 = 7 (made at the septet's value 5)
    rp = play([contract("A", "5S", T(4, 3, 3, 2))])
    assert column(rp, "remark") == {"A": 50, "B": 5, "C": 5, "D": 5}
    assert column(rp, "gora") == {"A": 26, "B": 27, "C": 27, "D": 28}
    assert written(rp) == {("C", "A"): 15, ("B", "A"): 15, ("D", "A"): 10}


def test_seed_score_p4_made_every_entry_has_its_rule():
    rp = play([contract("A", "8H", T(5, 2, 4, 1))])
    rules = {(e.player, e.column, e.rule) for e in deal_entries(rp, 1)}
    assert ("A", "remark", "made_remark_declarer") in rules
    assert ("B", "remark", "made_remark_other") in rules
    assert ("C", "vists", "made_vists") in rules
    for e in deal_entries(rp, 1):
        assert e.deal == 1 and e.rule in GAME.rule_texts
        assert "the Twist rules" in GAME.words.get(f"rule.{e.rule}.source", "en")


# -- «счет и запись» ¶5: a failed contract -----------------------------------------------

def test_seed_score_p5_failed():
    # 9S, pair 4 + 3 = 7: two under, v = 7
    rp = play([contract("A", "9S", T(4, 3, 3, 2))])
    assert column(rp, "gora") == {"A": 37, "B": 27, "C": 32, "D": 28}
    assert column(rp, "remark") == {"A": -14, "B": 7, "C": -14, "D": 7}
    assert written(rp) == {("B", "A"): 21, ("D", "A"): 14,
                           ("A", "C"): 14, ("B", "C"): 14, ("D", "C"): 14}


# -- «счет и запись» ¶2 and «разыгрывание»: the view vist (spec: worth v) ----------------

def test_seed_score_p2_view_vist_made_is_worth_v():
    # «партнер разыгрывающего, карты к-рого открыли, записывает на последнего 1 вист»;
    # spec: like every contract vist it is worth v (= 6 for 8H)
    rp = play([contract("A", "8H", T(5, 2, 4, 1), opened=True)])
    assert written(rp)[("C", "A")] == 24 + 6
    view = [e for e in deal_entries(rp, 1) if e.rule == "view_vist"]
    assert [(e.player, e.against, e.amount) for e in view] == [("C", "A", 6)]


def test_seed_score_p2_view_vist_whatever_the_result():
    # 10H failed by 3 (v = 8): the view vist is still written
    rp = play([contract("A", "10H", T(3, 3, 4, 2), opened=True)])
    assert column(rp, "gora") == {"A": 38, "B": 27, "C": 33, "D": 28}
    assert column(rp, "remark") == {"A": -24, "B": 8, "C": -24, "D": 8}
    assert written(rp) == {("B", "A"): 24, ("D", "A"): 16, ("C", "A"): 8,
                           ("A", "C"): 24, ("B", "C"): 24, ("D", "C"): 24}


# -- «разыгрывание»: the partner passed before play --------------------------------------

def test_seed_play_partner_passed_made():
    # spec: the declarer plays both hands; the partner writes only the view vist
    rp = play([contract("A", "8H", T(5, 2, 4, 1), partner_passed=True)])
    assert column(rp, "remark") == {"A": 60, "B": 6, "C": 0, "D": 6}
    assert column(rp, "gora") == {"A": 21, "B": 28, "C": 30, "D": 29}
    assert written(rp) == {("C", "A"): 6, ("B", "A"): 12, ("D", "A"): 6}


def test_seed_play_partner_passed_failed():
    # «при подсаде он не пишет гору и не списывает с ремарка»
    rp = play([contract("A", "9S", T(4, 3, 3, 2), partner_passed=True)])
    assert column(rp, "gora") == {"A": 37, "B": 27, "C": 30, "D": 28}
    assert column(rp, "remark") == {"A": -14, "B": 7, "C": 0, "D": 7}
    assert written(rp) == {("B", "A"): 21, ("D", "A"): 14, ("C", "A"): 7}


def test_partner_passed_implies_opened():
    rp = play([contract("A", "8H", T(5, 2, 4, 1), partner_passed=True)])
    assert rp.results[0].record.deal.opened is True


# -- «твист» -------------------------------------------------------------------------------

def test_seed_twist_failed_doubles_the_twisters_entries():
    # 8H with twist by B, pair 7: one under, v = 6; B's entries count double
    rp = play([contract("A", "8H", T(4, 3, 3, 2), twist=["B"])])
    assert column(rp, "gora") == {"A": 36, "B": 24, "C": 31, "D": 28}
    assert column(rp, "remark") == {"A": -6, "B": 12, "C": -6, "D": 6}
    assert written(rp) == {("B", "A"): 36, ("D", "A"): 12,
                           ("A", "C"): 6, ("B", "C"): 12, ("D", "C"): 6}


def test_seed_twist_made_exactly_twice():
    # «записывает в гору 2 очка за твист, списывает с ремарка удвоенную стоимость игры и
    # лишается счета за висты; разыгрывающие же записывают на него двойную стоимость»
    rp = play([contract("A", "8H", T(5, 2, 3, 2), twist=["B"])])
    assert column(rp, "remark") == {"A": 60, "B": -12, "C": 6, "D": 6}
    assert column(rp, "gora") == {"A": 25, "B": 30, "C": 27, "D": 28}
    assert written(rp) == {("C", "A"): 18, ("D", "A"): 12, ("A", "B"): 12, ("C", "B"): 12}


def test_seed_twist_made_with_overtricks_threefold_and_partner_joined():
    # «При наличии оверов — втройне»; «Партнер твистирующего может присоединиться к твисту»
    rp = play([contract("A", "8H", T(6, 2, 3, 1), twist=["B", "D"])])
    assert column(rp, "remark") == {"A": 60, "B": -18, "C": 6, "D": -18}
    assert column(rp, "gora") == {"A": 24, "B": 31, "C": 27, "D": 32}
    assert written(rp) == {("C", "A"): 18, ("A", "B"): 18, ("C", "B"): 18,
                           ("A", "D"): 18, ("C", "D"): 18}


def test_seed_twist_does_not_touch_the_twisters_partner():
    # «в противном случае твистирование не влияет на него»: D is scored as without twist
    rp = play([contract("A", "8H", T(4, 3, 3, 2), twist=["B"])])
    d = [(e.column, e.amount, e.against) for e in deal_entries(rp, 1) if e.player == "D"]
    assert sorted(d, key=str) == sorted([("gora", -2, None), ("remark", 6, None),
                                         ("vists", 12, "A"), ("vists", 6, "C")], key=str)


def test_twist_made_with_partner_passed():
    # the passed partner writes no twist vists (spec, Partner passed)
    rp = play([contract("A", "8H", T(5, 2, 3, 2), partner_passed=True, twist=["B"])])
    assert column(rp, "remark") == {"A": 60, "B": -12, "C": 0, "D": 6}
    assert column(rp, "gora") == {"A": 22, "B": 30, "C": 30, "D": 28}
    assert written(rp) == {("C", "A"): 6, ("D", "A"): 12, ("A", "B"): 12}


# -- «счет и запись» ¶6-9 and «бомба и дил» -------------------------------------------

def test_seed_score_p6_bomb_made():
    # double bomb worth 3: the soloist may take at most 1
    rp = play([{"bomb": "double", "value": 3, "declarer": "A", "tricks": T(1, 4, 3, 4)}])
    assert column(rp, "gora") == {"A": 33, "B": 42, "C": 39, "D": 42}
    assert column(rp, "remark") == {"A": -30, "B": -120, "C": -90, "D": -120}
    assert written(rp) == {("A", "B"): 90, ("A", "C"): 60, ("A", "D"): 90,
                           ("C", "B"): 30, ("C", "D"): 30}


def test_seed_score_p7_bomb_failed():
    # simple bomb worth 2, soloist took 4: two over
    rp = play([{"bomb": "simple", "value": 2, "declarer": "A", "tricks": T(4, 3, 3, 2)}])
    assert column(rp, "gora") == {"A": 34, "B": 28, "C": 28, "D": 28}
    assert column(rp, "remark") == {"A": -40, "B": -40, "C": -40, "D": -40}
    assert written(rp) == {("B", "A"): 40, ("C", "A"): 40, ("D", "A"): 40}


def test_seed_score_p8_dil_made():
    rp = play([{"dil": "simple", "value": 2, "declarer": "A", "tricks": T(5, 2, 3, 2)}])
    assert column(rp, "gora") == {"A": 20, "B": 26, "C": 24, "D": 26}
    assert column(rp, "remark") == {"A": 100, "B": 40, "C": 60, "D": 40}
    assert written(rp) == {("A", "B"): 60, ("A", "C"): 40, ("A", "D"): 60,
                           ("C", "B"): 20, ("C", "D"): 20}


def test_seed_score_p9_dil_failed_scaled():
    # double dil worth 3, soloist took 3: two under (spec's default reading 'scaled')
    rp = play([{"dil": "double", "value": 3, "declarer": "A", "tricks": T(3, 4, 3, 2)}])
    assert column(rp, "gora") == {"A": 36, "B": 12, "C": 15, "D": 18}
    assert column(rp, "remark") == {"A": -60, "B": 180, "C": 150, "D": 120}
    assert written(rp) == {("B", "A"): 180, ("C", "A"): 150, ("D", "A"): 120,
                           ("B", "C"): 30, ("B", "D"): 60, ("C", "D"): 30}
    assert not rp.finished


def test_seed_score_p9_dil_failed_literal():
    # the printed numbers: 10 (not v or 10v) for the soloist's remark and the opponents'
    # gora, remark and vists on the soloist
    rp = play([{"dil": "double", "value": 3, "declarer": "A", "tricks": T(3, 4, 3, 2)}],
              dil_failure="literal")
    assert column(rp, "gora") == {"A": 36, "B": -30, "C": -20, "D": -10}
    assert column(rp, "remark") == {"A": -20, "B": 60, "C": 50, "D": 40}
    assert written(rp) == {("B", "A"): 60, ("C", "A"): 50, ("D", "A"): 40,
                           ("B", "C"): 30, ("B", "D"): 60, ("C", "D"): 30}
    assert rp.finished


@pytest.mark.parametrize("kind, category, soloist, made", [
    ("bomb", "simple", 2, True), ("bomb", "simple", 3, False),
    ("bomb", "double", 1, True), ("bomb", "double", 2, False),
    ("bomb", "clean", 0, True), ("bomb", "clean", 1, False),
    ("bomb", "all", 0, True), ("bomb", "all", 1, False),
    ("dil", "simple", 4, True), ("dil", "simple", 3, False),
    ("dil", "double", 5, True), ("dil", "double", 4, False),
    ("dil", "clean", 6, True), ("dil", "clean", 5, False),
    ("dil", "all", 6, True), ("dil", "all", 5, False),
])
def test_seed_bomb_and_dil_categories(kind, category, soloist, made):
    # «При “простой” бомбе солист может взять не более двух взяток, при “двойной” — не более
    # одной, при “чистой” нельзя брать ни одной... При простом диле необходимо взять по
    # крайней мере 4 взятки, при двойном — 5, при “чистом” — 6; при “на всех картах”— тоже 6»
    value = {"simple": 1, "double": 2, "clean": 4, "all": 1}[category]
    rest = 12 - soloist
    tricks = T(soloist, rest - 2 * (rest // 3), rest // 3, rest // 3)
    rp = play([{kind: category, "value": value, "declarer": "A", "tricks": tricks}])
    nota = sheet(rp)["A"]["nota"]
    assert (nota == ["X"]) is made
    assert text(GAME.describe_result(rp.results[0].record.deal, rp.results[0].outcome,
                                     rp.results[0].context), GAME).startswith("made") is made


@pytest.mark.parametrize("category, good, bad", [
    ("simple", [1, 2], [0, 3]), ("double", [2, 3, 4], [1, 5]), ("clean", [4], [3, 5]),
    ("all", [1, 2, 3, 4], [0, 5]),
])
def test_seed_bomb_and_dil_value_ranges(category, good, bad):
    # «простые бочка и дил могут стоить 1 и 2 очка, двойные — 2, 3 и 4, чистые — 4»;
    # spec: «на всех картах» 1–4 (it only outbids, it does not raise the cost)
    for kind in ("bomb", "dil"):
        for value in good:
            GAME.deal_from_json({kind: category, "value": value, "declarer": "A",
                             "tricks": T(3, 3, 3, 3)}, ("A", "B", "C", "D"), None)
        for value in bad:
            with pytest.raises(DealError) as err:
                GAME.deal_from_json({kind: category, "value": value, "declarer": "A",
                                 "tricks": T(3, 3, 3, 3)}, ("A", "B", "C", "D"), None)
            assert "value" in str(err.value) and str(value) in str(err.value)


# -- «розыгрыш твиста» -------------------------------------------------------------------

def test_seed_twist_round_due_and_priced_from_the_deal_before_last():
    # deal 1: 8H made (v = 6); deal 2: 5S made with the pair at 8 -> a twist round at 2 x 6
    rp = play([contract("A", "8H", T(5, 2, 4, 1)), contract("B", "5S", T(2, 4, 2, 4))])
    assert rp.state.round_price == 12
    before = dict(written(rp))
    rp = play([contract("A", "8H", T(5, 2, 4, 1)), contract("B", "5S", T(2, 4, 2, 4)),
               {"twist_round": True, "tricks": T(3, 4, 2, 3)}])
    after = written(rp)
    delta = {k: after.get(k, 0) - before.get(k, 0) for k in set(after) | set(before)}
    delta = {k: v for k, v in delta.items() if v}
    # «имеющий большее число записывает в висты на имеющего меньшее составившую разницу»
    assert delta == {("B", "A"): 12, ("B", "C"): 24, ("B", "D"): 12,
                     ("A", "C"): 12, ("D", "C"): 12}
    # nothing but vists is written in a twist round
    assert {e.column for e in deal_entries(rp, 3)} == {"vists"}
    assert rp.state.round_price is None


def test_seed_twist_round_price_5_when_no_deal_before():
    rp = play([contract("A", "5S", T(4, 3, 3, 2))])
    assert rp.state.round_price == 10


def test_twist_round_priced_from_a_bomb_value():
    rp = play([{"bomb": "double", "value": 3, "declarer": "B", "tricks": T(4, 1, 4, 3)},
               contract("A", "5S", T(4, 3, 3, 2))])
    assert rp.state.round_price == 6


def test_twist_round_priced_from_a_failed_contract_value():
    rp = play([contract("A", "10H", T(3, 3, 4, 2)), contract("B", "6S", T(2, 4, 2, 4))])
    assert rp.state.round_price == 16


def test_twist_round_after_a_twist_round_uses_5():
    rp = play([contract("A", "9S", T(6, 2, 3, 1)), contract("B", "5S", T(2, 4, 2, 4)),
               {"twist_round": True, "tricks": T(3, 3, 3, 3)},
               contract("C", "6D", T(4, 2, 4, 2))])
    assert rp.state.round_price == 10


@pytest.mark.parametrize("deal", [
    contract("A", "5S", T(6, 0, 5, 1)),     # the pair took 11
    contract("A", "4S", T(3, 3, 3, 3)),     # failed below septet
    contract("A", "7S", T(4, 2, 4, 2)),     # septet itself
])
def test_seed_twist_round_not_due(deal):
    rp = play([deal])
    assert rp.state.round_price is None
    with pytest.raises(DealError) as err:
        rp.extend(rp.game.deals[0].__class__(GAME.parse_notation("round 3/3/3/3",
                                                                 rp.game.players, None)))
    assert "twist_round" in str(err.value) and "deal 2" in str(err.value)


def test_seed_twist_round_due_refuses_a_normal_deal():
    rp = play([contract("A", "5S", T(4, 3, 3, 2))])
    with pytest.raises(DealError) as err:
        play([contract("A", "5S", T(4, 3, 3, 2)), contract("B", "8H", T(2, 5, 1, 4))])
    assert "twist_round" in str(err.value) and "false" in str(err.value)
    assert rp.state.round_price == 10


def test_no_twist_round_after_the_last_deal():
    # the game ends when a gora reaches 0: no twist round follows
    rp = play([contract("A", "5S", T(4, 3, 3, 2))], gora=4)
    assert rp.finished
    with pytest.raises(GameOverError):
        play([contract("A", "5S", T(4, 3, 3, 2)), {"twist_round": True, "tricks": T(3, 3, 3, 3)}],
             gora=4)


# -- «нота» А: X ---------------------------------------------------------------------------

BOMB_A = {"bomb": "simple", "value": 1, "declarer": "A", "tricks": T(1, 4, 3, 4)}
BOMB_A_FAILED = {"bomb": "simple", "value": 1, "declarer": "A", "tricks": T(3, 3, 3, 3)}


def test_seed_nota_a_x_doubles_the_soloist_when_he_next_declares():
    # «Игрок, имеющий у себя такой значок, засчитывает все очки вдвойне, когда поставит
    # контракт; после постановки контракта, независимо от его исхода, значок зачеркивается»
    base = play([BOMB_A])
    rp = play([BOMB_A, contract("B", "8H", T(2, 4, 2, 4)), contract("A", "8H", T(5, 2, 4, 1))])
    assert sheet(rp)["A"]["nota"] == ["X(crossed d3)"]
    a = {(e.column, e.against): e.amount for e in deal_entries(rp, 3) if e.player == "A"}
    assert a == {("remark", None): 120, ("gora", None): -10}
    c = {(e.column, e.against): e.amount for e in deal_entries(rp, 3) if e.player == "C"}
    assert c == {("remark", None): 6, ("gora", None): -4, ("vists", "A"): 24}
    # deal 2 (B declares) did not use A's X
    assert sheet(play([BOMB_A, contract("B", "8H", T(2, 4, 2, 4))]))["A"]["nota"] == ["X"]
    assert sheet(base)["A"]["nota"] == ["X"]


def test_seed_nota_a_x_crossed_out_even_when_the_contract_fails():
    rp = play([BOMB_A, contract("A", "9S", T(4, 3, 3, 2)), contract("A", "9S", T(4, 3, 3, 2))])
    assert sheet(rp)["A"]["nota"] == ["X(crossed d2)"]
    a2 = {(e.column, e.against): e.amount for e in deal_entries(rp, 2) if e.player == "A"}
    a3 = {(e.column, e.against): e.amount for e in deal_entries(rp, 3) if e.player == "A"}
    assert a2 == {("gora", None): 14, ("remark", None): -28, ("vists", "C"): 28}
    assert a3 == {("gora", None): 7, ("remark", None): -14, ("vists", "C"): 14}


def test_what_a_doubling_covers_vists_written_on_the_holder_are_not_his():
    # spec: a player's entries are his remark and gora changes and the vists HE writes;
    # the vists B and D write on A (X holder) stay single
    rp = play([BOMB_A, contract("A", "9S", T(4, 3, 3, 2))])
    on_a = {e.player: e.amount for e in deal_entries(rp, 2) if e.against == "A"}
    assert on_a == {"B": 21, "D": 14}


def test_no_x_for_a_failed_bomb():
    rp = play([BOMB_A_FAILED])
    assert sheet(rp)["A"]["nota"] == []


# -- «нота» Б: O -----------------------------------------------------------------------------

@pytest.mark.parametrize("solo", [BOMB_A, BOMB_A_FAILED,
                                  {"dil": "simple", "value": 1, "declarer": "A",
                                   "tricks": T(5, 2, 3, 2)},
                                  {"dil": "simple", "value": 1, "declarer": "A",
                                   "tricks": T(2, 4, 3, 3)}])
def test_seed_nota_b_o_after_any_bomb_or_dil(solo):
    # spec: O for each of the three who played against a bomb or dil, made or not
    # («игрок играл против игрока, игравшего бомбу или дил»)
    rp = play([solo])
    s = sheet(rp)
    assert [s[p]["nota"] for p in "BCD"] == [["O"], ["O"], ["O"]]


def test_seed_nota_b_o_doubles_the_other_pair_when_he_declares():
    # «Когда игрок, имеющий у себя такой значок, поставит контракт, все очки противников
    # в этой сдаче считаются вдвойне»: B declares 8H (made, +1); A and C count double
    rp = play([BOMB_A_FAILED, contract("B", "8H", T(1, 5, 2, 4))])
    e = {(x.player, x.column, x.against): x.amount for x in deal_entries(rp, 2)}
    assert e == {("B", "remark", None): 60, ("B", "gora", None): -5,
                 ("D", "remark", None): 6, ("D", "gora", None): -4, ("D", "vists", "B"): 24,
                 ("A", "remark", None): 12, ("A", "gora", None): -2, ("A", "vists", "B"): 12,
                 ("C", "remark", None): 12, ("C", "gora", None): -4, ("C", "vists", "B"): 24}
    s = sheet(rp)
    assert s["B"]["nota"] == ["O(crossed d2)"]
    assert s["C"]["nota"] == ["O"] and s["D"]["nota"] == ["O"]


# -- spec: every symbol is written; same_kind one | all (issue 11) ---------------------------

def test_spec_every_symbol_is_written_each_time():
    # spec twist.md, Nota: «every made bomb or dil writes a new X for its soloist and a new O for
    # each of the three others ... even when a live symbol of the same kind is already there»
    rp = play([BOMB_A, BOMB_A, BOMB_A_FAILED])
    s = sheet(rp)
    assert s["A"]["nota"] == ["X", "X"]                     # the failed bomb writes no X
    assert s["B"]["nota"] == ["O", "O", "O"] and s["C"]["nota"] == ["O", "O", "O"]
    # same_kind = one: a contract uses the oldest X only: A's remark for 8H made is 10 x 6 x 2
    rp = play([BOMB_A, BOMB_A, contract("A", "8H", T(5, 2, 4, 1))])
    assert [e.amount for e in deal_entries(rp, 3) if e.player == "A" and e.column == "remark"] \
        == [120]
    assert sheet(rp)["A"]["nota"] == ["X(crossed d3)", "X"]
    # after it is crossed out a new X can be written
    rp = play([BOMB_A, contract("A", "8H", T(5, 2, 4, 1)), BOMB_A])
    assert sheet(rp)["A"]["nota"] == ["X(crossed d2)", "X"]


def test_spec_x_and_o_held_together():
    # A makes a bomb (X), then plays against B's bomb (O): both active, both used at once
    bomb_b = {"bomb": "simple", "value": 1, "declarer": "B", "tricks": T(4, 1, 3, 4)}
    rp = play([BOMB_A, bomb_b])
    assert sheet(rp)["A"]["nota"] == ["X", "O"]
    rp = play([BOMB_A, bomb_b, contract("A", "8H", T(5, 2, 4, 1))])
    e = {(x.player, x.column, x.against): x.amount for x in deal_entries(rp, 3)}
    assert e[("A", "remark", None)] == 120            # X doubles A
    assert e[("B", "vists", "A")] == 24               # O doubles B and D
    assert e[("C", "vists", "A")] == 24               # C is single
    assert sheet(rp)["A"]["nota"] == ["X(crossed d3)", "O(crossed d3)"]


# -- «нота» В, Г and «дазин и оперет» ----------------------------------------------------

DAZIN = contract("A", "12NT", T(7, 0, 5, 0))


def test_seed_nota_v_dazin_doubles_the_pair_in_the_next_two_deals():
    # «Если пара, имеющая этот знак, назначит игру в течение двух последующих сдач, то счет
    # за нее будет идти в двойном размере (противников это не касается)»
    rp = play([DAZIN, contract("C", "8H", T(4, 2, 5, 1))])
    e = {(x.player, x.column, x.against): x.amount for x in deal_entries(rp, 2)}
    assert e == {("C", "remark", None): 120, ("C", "gora", None): -10,
                 ("A", "remark", None): 12, ("A", "gora", None): -8, ("A", "vists", "C"): 48,
                 ("B", "remark", None): 6, ("B", "gora", None): -2, ("B", "vists", "C"): 12,
                 ("D", "remark", None): 6, ("D", "gora", None): -1, ("D", "vists", "C"): 6}
    assert sheet(rp)["A"]["nota"] == ["dazin|"] and sheet(rp)["C"]["nota"] == ["dazin|"]


def test_seed_nota_v_dazin_bars_whatever_is_played_and_spent_after_two():
    # «этот знак перечеркивается вертикальными чертами в последующие две сдачи — по одной
    # черте за сдачу»: a bomb by B gives the first bar, the pair's deal 3 is still doubled
    bomb_b = {"bomb": "simple", "value": 1, "declarer": "B", "tricks": T(4, 1, 3, 4)}
    rp = play([DAZIN, bomb_b, contract("A", "8H", T(5, 2, 4, 1))])
    a3 = [x.amount for x in deal_entries(rp, 3) if x.player == "A" and x.column == "remark"]
    assert a3 == [120]
    assert sheet(rp)["A"]["nota"][0] == "dazin||"
    rp = play([DAZIN, bomb_b, contract("D", "8H", T(1, 5, 2, 4)), contract("A", "8H",
                                                                          T(5, 2, 4, 1))])
    a4 = [x.amount for x in deal_entries(rp, 4) if x.player == "A" and x.column == "remark"]
    assert a4 == [60]                      # spent: single again
    nota = [s for s in rp.state.nota(0) if s.kind == "dazin"]
    assert nota[0].bars == 2 and nota[0].ended == 3


def test_seed_nota_v_dazin_does_not_double_the_opponents():
    rp = play([DAZIN, contract("B", "8H", T(2, 5, 1, 4))])
    e = {(x.player, x.column, x.against): x.amount for x in deal_entries(rp, 2)}
    assert e[("B", "remark", None)] == 60 and e[("A", "remark", None)] == 6


def test_seed_nota_g_operet():
    # «Все сказанное в п. В распространяется и сюда»: operet for a made 11
    rp = play([contract("A", "11S", T(6, 1, 5, 0)), contract("C", "7D", T(3, 2, 4, 3))])
    s = sheet(rp)
    assert s["A"]["nota"] == ["operet|"] and s["C"]["nota"] == ["operet|"]
    assert s["B"]["nota"] == []
    e = {(x.player, x.column): x.amount for x in deal_entries(rp, 2) if x.against is None}
    assert e[("C", "remark")] == 100 and e[("A", "remark")] == 10


def test_failed_dazin_writes_no_symbol():
    rp = play([contract("A", "12NT", T(7, 1, 4, 0))])
    assert all(v["nota"] == [] for v in sheet(rp).values())


# -- spec: doublings multiply ------------------------------------------------------------

def test_spec_x_with_dazin_is_fourfold():
    rp = play([DAZIN, BOMB_A, contract("A", "8H", T(5, 2, 4, 1))])
    e = {(x.player, x.column, x.against): x.amount for x in deal_entries(rp, 3)}
    assert e[("A", "remark", None)] == 240       # 10 x 6 x 2 (X) x 2 (dazin)
    assert e[("A", "gora", None)] == -20
    assert e[("C", "remark", None)] == 12        # dazin only
    assert e[("C", "vists", "A")] == 48
    assert e[("B", "remark", None)] == 6


def test_spec_failed_twist_with_o_is_fourfold():
    # A played against B's bomb (O); B declares 8H and fails by 1 under A's twist: A x4
    bomb_b = {"bomb": "simple", "value": 1, "declarer": "B", "tricks": T(4, 1, 3, 4)}
    rp = play([bomb_b, BOMB_A_FAILED, contract("B", "8H", T(3, 4, 2, 3), twist=["A"])])
    # B holds O from A's bomb of deal 2: it doubles A and C in deal 3
    e = {(x.player, x.column, x.against): x.amount for x in deal_entries(rp, 3)}
    assert e[("A", "remark", None)] == 24        # 6 x 2 (O) x 2 (twist)
    assert e[("A", "gora", None)] == -12
    assert e[("A", "vists", "B")] == 72          # 3 tricks x 6 x 4
    assert e[("A", "vists", "D")] == 24          # 1 under x 6 x 4
    assert e[("C", "remark", None)] == 12        # O only
    assert e[("C", "vists", "B")] == 24


def test_spec_made_twist_replaced_entries_doubled_by_o():
    # B holds O (A's bomb); B makes 8H exactly under A's twist: A's -2v and +2 double
    rp = play([BOMB_A_FAILED, contract("B", "8H", T(2, 5, 2, 3), twist=["A"])])
    e = {(x.player, x.column, x.against, x.rule): x.amount for x in deal_entries(rp, 2)}
    assert e[("A", "remark", None, "twist_made_remark")] == -24
    assert e[("A", "gora", None, "twist_made_gora")] == 4
    assert e[("A", "gora", None, "made_gora")] == -4
    # the vists B and D write on A are theirs, not doubled by B's O
    assert e[("B", "vists", "A", "twist_made_vists")] == 12
    assert e[("D", "vists", "A", "twist_made_vists")] == 12


def test_bomb_and_dil_neither_use_nor_cross_a_symbol():
    rp = play([BOMB_A, BOMB_A, {"dil": "simple", "value": 1, "declarer": "A",
                                "tricks": T(5, 2, 3, 2)}])
    assert sheet(rp)["A"]["nota"] == ["X", "X", "X"]  # the made dil writes its own X too
    dil = [x.amount for x in deal_entries(rp, 3) if x.player == "A" and x.column == "remark"]
    assert dil == [50]


def test_partner_of_the_declarer_does_not_use_his_x():
    rp = play([BOMB_A, contract("C", "8H", T(4, 2, 5, 1))])
    assert sheet(rp)["A"]["nota"] == ["X"]
    a = [x.amount for x in deal_entries(rp, 2) if x.player == "A" and x.column == "remark"]
    assert a == [6]


# -- «завершение партии и взаиморасчеты» ---------------------------------------------------

def test_seed_end_game_ends_when_a_gora_reaches_zero():
    # «Как только один из игроков спишет всю свою гору, партия заканчивается»
    rp = play([contract("A", "8H", T(5, 2, 4, 1))], gora=5)
    assert rp.finished
    with pytest.raises(GameOverError):
        play([contract("A", "8H", T(5, 2, 4, 1)), contract("B", "8H", T(2, 5, 1, 4))], gora=5)


def test_seed_end_step_1_a_gora_below_zero_adds_to_the_remark():
    # «если у победителя гора перед списанием оказалась меньше стоимости игры, то он
    # умножает остаток на 10 и прибавляет к ремарку»: gora 3, A writes off 5 -> -2
    rp = play([contract("A", "8H", T(5, 2, 4, 1))], gora=3)
    assert column(rp, "gora") == {"A": -2, "B": 1, "C": -1, "D": 2}
    # step 1 by hand: A 60 + 20 = 80, B 6 - 10 = -4, C 6 + 10 = 16, D 6 - 20 = -14
    # step 2: A: 2(84 + 64 + 94) = 484, B: 2(-84 - 20 + 10) = -188, C: 2(-64 + 20 + 30) = -28,
    #         D: 2(-94 - 10 - 30) = -268;  step 3: vists on A: B 12, C 24, D 6
    assert rp.balance() == {"A": 484 - 42, "B": -188 + 12, "C": -28 + 24, "D": -268 + 6}


def test_seed_end_steps_against_independent_arithmetic():
    rp = play([contract("A", "9S", T(4, 3, 3, 2)), BOMB_A,
               contract("B", "8H", T(1, 5, 2, 4), opened=True)])
    s = sheet(rp)
    expect = settle_by_hand({p: s[p]["gora"] for p in s}, {p: s[p]["remark"] for p in s},
                            written(rp))
    assert rp.balance() == expect
    assert sum(rp.balance().values()) == 0


def test_seed_end_unfinished_game_settles_as_it_stands():
    rp = play([contract("A", "9S", T(4, 3, 3, 2))])
    assert not rp.finished
    # remarks after step 1: A -14 - 370 = -384, B 7 - 270 = -263, C -14 - 320 = -334,
    # D 7 - 280 = -273; sum -1254; step 2 = 2 x (4 R - sum)
    step2 = {"A": 2 * (-1536 + 1254), "B": 2 * (-1052 + 1254), "C": 2 * (-1336 + 1254),
             "D": 2 * (-1092 + 1254)}
    vists = {"A": 14 - 35, "B": 35, "C": -42, "D": 28}
    assert rp.balance() == {p: step2[p] + vists[p] for p in "ABCD"}


def test_sheet_json_shape():
    rp = play([BOMB_A])
    s = sheet(rp)
    assert s["A"] == {"gora": 31, "remark": -10, "vists": {"B": 30, "C": 20, "D": 30},
                      "nota": ["X"]}
    assert set(s) == {"A", "B", "C", "D"}


def test_unit_and_players():
    assert GAME.unit == "vist" and GAME.player_counts == (4,)
    assert GAME.rulebook.default_preset == "seed"
    assert GAME.rulebook.presets["seed"] == {"gora": 30, "dil_failure": "scaled",
                                             "same_kind": "one"}


# -- more paragraphs cited one by one ------------------------------------------------------

def test_seed_score_p1_sheet_has_gora_remark_vists_and_nota():
    # «вместо нее присутствует поле ремарк, куда заносятся премии; в графу с именами игроков,
    # называемую здесь нотой, заносятся определенные символы»
    from whistscore.text import render_tables
    rp = play([BOMB_A, contract("A", "8H", T(5, 2, 4, 1))])
    tables = GAME.sheet_tables(rp)
    assert [t.key for t in tables] == ["sheet", "running", "nota"]
    text = render_tables(tables, GAME)
    assert "remark" in text and "gora" in text and "vists on B" in text
    assert "X(crossed d2)" in text and "crossed out in deal 2" in text
    ru = render_tables(tables, GAME, "ru")
    assert "ремарк" in ru and "зачеркнут в сдаче 2" in ru
    nota = tables[2]
    assert [c.style for c in nota.rows[0]][1] == "crossed"
    # every number of the sheet table carries the entries behind it
    sheet_row = tables[0].rows[0]
    assert sum(e.amount for e in sheet_row[2].sources) == sheet_row[2].value == 120 - 10


def test_seed_dazin_and_operet_symbols_only_for_made_12_and_11():
    # «После того как был выполнен контракт на 12 взяток, называемый дазином ... То же самое
    # происходит и после того, как сыгран контракт на 11 взяток, называемый оперетом»
    assert all(v["nota"] == [] for v in sheet(play([contract("A", "12NT",
                                                            T(7, 1, 4, 0))])).values())
    assert sheet(play([contract("A", "11NT", T(6, 1, 4, 1))]))["C"]["nota"] == []
    assert sheet(play([contract("A", "10NT", T(7, 0, 5, 0))]))["A"]["nota"] == []
    assert sheet(play([DAZIN]))["C"]["nota"] == ["dazin"]
    assert sheet(play([contract("B", "11H", T(0, 6, 1, 5))]))["D"]["nota"] == ["operet"]


def test_dazin_with_the_partner_passed_written_for_both():
    # spec: written for the declarer and the partner (a symbol is not an entry)
    rp = play([contract("A", "12NT", T(7, 0, 5, 0), partner_passed=True),
               contract("C", "8H", T(4, 2, 5, 1))])
    e = {(x.player, x.column): x.amount for x in deal_entries(rp, 2) if x.against is None}
    assert e[("C", "remark")] == 120 and e[("A", "remark")] == 12


def test_dazin_and_operet_live_together_multiply():
    # an operet (deal 1) still live when the pair makes a dazin (deal 2): deal 3 counts x4
    rp = play([contract("A", "11S", T(6, 1, 5, 0)), contract("C", "12S", T(6, 0, 6, 0)),
               contract("A", "8H", T(5, 2, 4, 1))])
    a3 = [x.amount for x in deal_entries(rp, 3) if x.player == "A" and x.column == "remark"]
    assert a3 == [240]
    c2 = [x.amount for x in deal_entries(rp, 2) if x.player == "C" and x.column == "remark"]
    assert c2 == [200]                      # the dazin deal itself doubled by the operet


def test_seed_end_step_2_twice_the_remark_difference():
    # «имеющий больший ремарк записывает в висты на соответствующего противника удвоенную
    # разницу очков в ремарке»: with equal goras only the remarks count
    rp = play([contract("A", "7H", T(4, 3, 3, 2), twist=["B"])])   # gora A 26 B 27 C 27 D 28
    s = sheet(rp)
    final = {p: s[p]["remark"] - 10 * s[p]["gora"] for p in s}
    step2 = {p: sum(2 * (final[p] - final[q]) for q in s if q != p) for p in s}
    net = {p: sum(s[p]["vists"].values()) - sum(s[q]["vists"].get(p, 0) for q in s) for p in s}
    assert rp.balance() == {p: step2[p] + net[p] for p in s}


def test_seed_end_step_3_vists_netted_pair_by_pair():
    # «Каждый игрок производит взаиморасчет по вистам с каждым противником в отдельности»:
    # a twist round writes only vists, so it moves the balances by exactly the net vists
    deals = [contract("A", "5S", T(4, 3, 3, 2))]
    before = play(deals).balance()
    after = play(deals + [{"twist_round": True, "tricks": T(6, 2, 3, 1)}]).balance()
    # price 10: A writes 40 on B, 30 on C, 50 on D; C writes 10 on B, 20 on D; B 10 on D:
    # A +120; B 10 - 40 - 10 = -40; C 30 - 30 = 0; D -50 - 20 - 10 = -80
    assert {p: after[p] - before[p] for p in "ABCD"} == {"A": 120, "B": -40, "C": 0, "D": -80}
