"""Several live nota symbols of one kind: option ``same_kind`` (issue 11).

Seed 000 «нота» А–Г: the symbol «записывается» each time a bomb or dil, a dazin or an operet is
made, with no exception for a player who already holds one.  Spec twist.md, Nota: under
``same_kind = one`` (the default) a contract uses the holder's oldest live X (or O) and crosses
that one only, and two live dazin (operet) windows of one pair double a deal once; under
``all`` every live symbol of the kind doubles and all are crossed.  Symbols of different kinds
multiply under both.  Every number below is worked by hand in the comments.
"""

import pytest

from gen_twist import deal_entries, play, settle_by_hand, sheet
from whistscore.errors import RuleError
from whistscore.games.twist import GAME
from whistscore.i18n import text as i18n_text
from whistscore.layout import Label


def T(a, b, c, d):
    return {"A": a, "B": b, "C": c, "D": d}


#: A's simple bomb worth 1, made with no trick: X for A, O for B, C and D
BOMB = {"bomb": "simple", "value": 1, "declarer": "A", "tricks": T(0, 4, 4, 4)}
#: A 8H with 5 + 4 = 9 tricks: made, one over, v = 6
EIGHT = {"declarer": "A", "contract": "8H", "tricks": T(5, 2, 4, 1)}


def own(rp, number):
    """{(player, column, on): amount} of one deal."""
    return {(e.player, e.column, e.against): e.amount for e in deal_entries(rp, number)}


def test_the_default_is_one():
    assert GAME.rulebook.resolve({}).values["same_kind"] == "one"


def test_an_unknown_same_kind_is_refused():
    with pytest.raises(RuleError) as err:
        GAME.rulebook.resolve({"same_kind": "some"})
    assert "rules.same_kind" in str(err.value) and '"some"' in str(err.value)


# -- X: two made bombs, then the soloist declares ----------------------------------------------

def test_two_x_one_uses_the_oldest_and_keeps_the_other():
    # seed «нота» А: «Игрок, имеющий у себя такой значок, засчитывает все очки вдвойне, когда
    # поставит контракт; после постановки контракта ... значок зачеркивается».  same_kind = one:
    # deal 3 uses X of deal 1 only: A's remark 10 x 6 x 2 = 120, gora -5 x 2 = -10; the
    # others single: C remark 6, gora -4, 4 x 6 = 24 on A; B 6, -2, 12; D 6, -1, 6.
    rp = play([BOMB, BOMB, EIGHT])
    assert own(rp, 3) == {("A", "remark", None): 120, ("A", "gora", None): -10,
                          ("C", "remark", None): 6, ("C", "gora", None): -4, ("C", "vists", "A"): 24,
                          ("B", "remark", None): 6, ("B", "gora", None): -2, ("B", "vists", "A"): 12,
                          ("D", "remark", None): 6, ("D", "gora", None): -1, ("D", "vists", "A"): 6}
    s = sheet(rp)
    assert s["A"]["nota"] == ["X(crossed d3)", "X"]
    assert s["B"]["nota"] == s["C"]["nota"] == s["D"]["nota"] == ["O", "O"]
    # the sheet: each bomb: A writes 10 x 4 = 40 on each; B, C, D gora +4, remark -40
    # A gora 30 - 10 = 20, remark 120; B 38 - 2 = 36, -74; C 38 - 4 = 34, -74; D 37, -74
    assert {p: (v["gora"], v["remark"]) for p, v in s.items()} == \
        {"A": (20, 120), "B": (36, -74), "C": (34, -74), "D": (37, -74)}
    # settled: step 1 A -80, B -434, C -414, D -444 -> A 2302, B -796, C -624, D -882
    expected = {"A": 2302, "B": -796, "C": -624, "D": -882}
    assert rp.balance() == expected
    vists = {("A", q): 80 for q in "BCD"} | {("B", "A"): 12, ("C", "A"): 24, ("D", "A"): 6}
    assert settle_by_hand({p: v["gora"] for p, v in s.items()},
                          {p: v["remark"] for p, v in s.items()}, vists) == expected


def test_two_x_one_the_second_x_serves_the_next_contract():
    # deal 4, the same 8H: the X of deal 2 doubles it again and is crossed in its turn
    rp = play([BOMB, BOMB, EIGHT, EIGHT])
    assert own(rp, 4)[("A", "remark", None)] == 120
    assert sheet(rp)["A"]["nota"] == ["X(crossed d3)", "X(crossed d4)"]
    # deal 5: no X is left, single again
    rp = play([BOMB, BOMB, EIGHT, EIGHT, EIGHT])
    assert own(rp, 5)[("A", "remark", None)] == 60


def test_two_x_all_double_twice_and_both_are_crossed():
    # same_kind = all: both X double A (x 4): remark 240, gora -20; the others as under one.
    rp = play([BOMB, BOMB, EIGHT], same_kind="all")
    e = own(rp, 3)
    assert (e[("A", "remark", None)], e[("A", "gora", None)]) == (240, -20)
    assert e[("C", "vists", "A")] == 24 and e[("C", "remark", None)] == 6
    assert sheet(rp)["A"]["nota"] == ["X(crossed d3)", "X(crossed d3)"]
    # A gora 10, remark 240: step 1 A 140, B -434, C -414, D -444 (sum -1152):
    # A 2(560 + 1152) + 240 - 42 = 3622; B 2(-1736 + 1152) + 12 - 80 = -1236;
    # C 2(-1656 + 1152) + 24 - 80 = -1064; D 2(-1776 + 1152) + 6 - 80 = -1322
    assert rp.balance() == {"A": 3622, "B": -1236, "C": -1064, "D": -1322}
    # deal 4: nothing is left to use
    rp = play([BOMB, BOMB, EIGHT, EIGHT], same_kind="all")
    assert own(rp, 4)[("A", "remark", None)] == 60


# -- O: two bombs against B, then B declares --------------------------------------------------

B_EIGHT = {"declarer": "B", "contract": "8S", "tricks": T(2, 5, 2, 3)}  # 5 + 3: made, v = 6


def test_two_o_one_doubles_the_other_pair_once():
    # seed «нота» Б: «все очки противников в этой сдаче считаются вдвойне».  one: A and C x 2:
    # remark 6 x 2 = 12, gora -2 x 2 = -4, 2 x 6 x 2 = 24 on B each; B remark 60, gora -5; D
    # (partner) remark 6, gora -3, 3 x 6 = 18 on B.  One O is crossed, the other stays.
    rp = play([BOMB, BOMB, B_EIGHT])
    assert own(rp, 3) == {("B", "remark", None): 60, ("B", "gora", None): -5,
                          ("D", "remark", None): 6, ("D", "gora", None): -3, ("D", "vists", "B"): 18,
                          ("A", "remark", None): 12, ("A", "gora", None): -4, ("A", "vists", "B"): 24,
                          ("C", "remark", None): 12, ("C", "gora", None): -4, ("C", "vists", "B"): 24}
    assert sheet(rp)["B"]["nota"] == ["O(crossed d3)", "O"]


def test_two_o_all_doubles_the_other_pair_twice():
    # all: A and C x 4: remark 24, gora -8, 48 on B each; both of B's O crossed
    rp = play([BOMB, BOMB, B_EIGHT], same_kind="all")
    e = own(rp, 3)
    assert (e[("A", "remark", None)], e[("A", "gora", None)], e[("A", "vists", "B")]) == (24, -8, 48)
    assert (e[("C", "remark", None)], e[("C", "gora", None)], e[("C", "vists", "B")]) == (24, -8, 48)
    assert e[("D", "vists", "B")] == 18
    assert sheet(rp)["B"]["nota"] == ["O(crossed d3)", "O(crossed d3)"]


# -- dazin and operet windows that overlap --------------------------------------------------------

DAZIN_A = {"declarer": "A", "contract": "12NT", "tricks": T(7, 0, 5, 0)}
DAZIN_C = {"declarer": "C", "contract": "12NT", "tricks": T(5, 0, 7, 0)}
OPERET_C = {"declarer": "C", "contract": "11NT", "tricks": T(5, 1, 6, 0)}


def test_two_dazin_windows_one_double_a_deal_once():
    # seed «нота» В: a made 12 writes the dazin for the pair, even beside a live one (spec).
    # Deal 3 is in both windows (dazin of deal 1 with one bar, of deal 2 with none); one:
    # the pair doubles once: A remark 120, gora -10; C remark 12, gora -8, 4 x 6 x 2 = 48 on A;
    # B and D single.
    rp = play([DAZIN_A, DAZIN_C, EIGHT])
    assert own(rp, 3) == {("A", "remark", None): 120, ("A", "gora", None): -10,
                          ("C", "remark", None): 12, ("C", "gora", None): -8, ("C", "vists", "A"): 48,
                          ("B", "remark", None): 6, ("B", "gora", None): -2, ("B", "vists", "A"): 12,
                          ("D", "remark", None): 6, ("D", "gora", None): -1, ("D", "vists", "A"): 6}
    # after deal 3 the first dazin has its two bars (spent), the second one bar
    assert sheet(rp)["A"]["nota"] == ["dazin||", "dazin|"]
    assert sheet(rp)["C"]["nota"] == ["dazin||", "dazin|"]


def test_two_dazin_windows_all_double_twice():
    rp = play([DAZIN_A, DAZIN_C, EIGHT], same_kind="all")
    e = own(rp, 3)
    assert (e[("A", "remark", None)], e[("A", "gora", None)]) == (240, -20)
    assert (e[("C", "remark", None)], e[("C", "gora", None)], e[("C", "vists", "A")]) == (24, -16, 96)
    assert e[("B", "vists", "A")] == 12


def test_the_second_dazin_alone_doubles_after_the_first_is_spent():
    # deal 4, A's 8H again: the first dazin was spent by deal 3's bar; the second (one bar)
    # still doubles the pair once (A remark 120) and is spent by deal 4's bar.
    rp = play([DAZIN_A, DAZIN_C, EIGHT, EIGHT])
    assert own(rp, 4)[("A", "remark", None)] == 120
    assert sheet(rp)["A"]["nota"] == ["dazin||", "dazin||"]


def test_a_dazin_and_an_operet_are_two_kinds_and_multiply_under_one():
    # spec: «Symbols of different kinds still multiply».  Deal 2: C's 11NT is doubled by the
    # dazin (C remark 90 x 2 = 180) and writes the operet.  Deal 3: A's 8H is in the dazin's
    # window and the operet's: x 4: remark 240, gora -20; C x 4: remark 24, gora -16, 96 on A.
    rp = play([DAZIN_A, OPERET_C, EIGHT])
    assert own(rp, 2)[("C", "remark", None)] == 180
    e = own(rp, 3)
    assert (e[("A", "remark", None)], e[("A", "gora", None)]) == (240, -20)
    assert (e[("C", "remark", None)], e[("C", "gora", None)], e[("C", "vists", "A")]) == (24, -16, 96)
    assert sheet(rp)["A"]["nota"] == ["dazin||", "operet|"]


# -- the sheet shows every symbol ---------------------------------------------------------------

def test_the_nota_table_lists_every_symbol_crossed_or_live():
    rp = play([BOMB, BOMB, EIGHT])
    nota = GAME.sheet_tables(rp)[2]
    # a symbol is a Label (said in the sheet's language); in English as on paper
    rows = [(r[0].value, i18n_text(r[1].value, GAME), r[2].value, r[3].value) for r in nota.rows]
    a = [r for r in rows if r[0] == "A"]
    assert a == [("A", "X(crossed d3)", 1, Label("twist.crossed", (3,))),
                 ("A", "X", 2, Label("twist.active"))]
    assert [r[1:3] for r in rows if r[0] == "B"] == [("O", 1), ("O", 2)]
    text = i18n_text(GAME.sheet_tables(rp)[0].rows[0][-1].value, GAME)
    assert text == "X(crossed d3) X"


def test_the_option_is_saved_with_the_game():
    from whistscore import journal

    rp = play([BOMB, BOMB, EIGHT], same_kind="all")
    again = journal.loads(journal.dumps(rp.game))
    assert again.rules["same_kind"] == "all"
    assert journal.dumps(again).count('"same_kind": "all"') == 1
