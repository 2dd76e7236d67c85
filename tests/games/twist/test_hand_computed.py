"""Twist games scored by hand (an independent audit of the scoring): every game below was
computed by hand from shared/spec/twist.md (readings the spec leaves open follow docs/), then
checked against `whistscore settle FILE --json`.  Each case holds the game file inline, the
expected balances and sheet, and a comment with the arithmetic and the rule it checks.

Twist settlement (spec, End of the game and settlement): step 1 remark -= 10 x gora; step 2 each
pair, the larger remark writes 2 x the difference on the other; step 3 net the vists pair by pair.
The balances below are those three steps applied to the hand-computed sheet.
"""

import json
from fractions import Fraction

import pytest

from clirun import run  # one way to drive the CLI


def settle_json(tmp_path, game):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    code, out, err = run(["settle", str(path), "--json"])
    assert code == 0, err
    return json.loads(out)


def twist_game(deals, **rules):
    return {"format": "whistscore", "version": 1, "game": "twist", "players": ["A", "B", "C", "D"],
            "rules": {"preset": "seed", **rules}, "deals": deals}


# -- Twist ----------------------------------------------------------------------------------
# Each case: (rules, deals, {player: (gora, remark, {target: vists written})}, finished, balance)

TWIST = {
    # 5H made with pair 4+4=8 (R = max(5,7) = 7, v = 5). Spec 'Made': declarer's remark += 10v
    # (50), others += v (5); gora -= own tricks (26,28,26,28); partner and opponents write v x own
    # tricks on the declarer: B 10, C 20, D 10. (A twist round is now due; the game stands
    # unfinished.)
    't01_below_septet_made': (
        {},
        [{'declarer': 'A', 'contract': '5H', 'tricks': {'A': 4, 'B': 2, 'C': 4, 'D': 2}}],
        {'A': (26, 50, {}), 'B': (28, 5, {'A': 10}), 'C': (26, 5, {'A': 20}), 'D': (28, 5, {'A': 10})},
        False,
        {'A': '310', 'B': '-160', 'C': '10', 'D': '-160'}),
    # 6S, pair 3+3=6 < R=7: k=1, v=5. Spec 'Failed': A gora +5 (35), C gora +k (31), B,D -3 (27);
    # A,C remark -5, B,D +5; B,D write 5x3=15 on A; A,B,D write v x k = 5 on C.
    't02_below_septet_failed': (
        {},
        [{'declarer': 'A', 'contract': '6S', 'tricks': {'A': 3, 'B': 3, 'C': 3, 'D': 3}}],
        {'A': (35, -5, {'C': 5}), 'B': (27, 5, {'A': 15, 'C': 5}), 'C': (31, -5, {}), 'D': (27, 5, {'A': 15, 'C': 5})},
        False,
        {'A': '-465', 'B': '300', 'C': '-135', 'D': '300'}),
    # 9NT opened, 6+3=9 made, v=7. Remarks 70/7/7/7; goras 24,28,27,29; vists on A: B 14, C 21 + 7
    # view ('the partner writes 1 vist ... worth v') = 28, D 7.
    't03_opened_made': (
        {},
        [{'declarer': 'A', 'contract': '9NT', 'tricks': {'A': 6, 'B': 2, 'C': 3, 'D': 1}, 'opened': True}],
        {'A': (24, 70, {}), 'B': (28, 7, {'A': 14}), 'C': (27, 7, {'A': 28}), 'D': (29, 7, {'A': 7})},
        False,
        {'A': '569', 'B': '-192', 'C': '-98', 'D': '-279'}),
    # 9H, C passed: pair 4+3=7 counted as A's, k=2, v=7. A gora +7 (37), remark -14; C has no
    # entry but the view vist 7 on A and nothing is written on him; B,D gora -3/-2, remark +7,
    # write 21 and 14 on A.
    't04_passed_failed': (
        {},
        [{'declarer': 'A', 'contract': '9H', 'tricks': {'A': 4, 'B': 3, 'C': 3, 'D': 2}, 'partner_passed': True}],
        {'A': (37, -14, {}), 'B': (27, 7, {'A': 21}), 'C': (30, 0, {'A': 7}), 'D': (28, 7, {'A': 14})},
        False,
        {'A': '-674', 'B': '357', 'C': '47', 'D': '270'}),
    # 8S with B and D twisting, pair 3+4=7: k=1, v=6. 'contract failed: every entry of his counts
    # double': B gora -6 (24), remark +12, 36 on A, 12 on C; D gora -4 (26), remark +12, 24 on A,
    # 12 on C; A gora +6, remark -6, 6 on C; C gora +1, remark -6.
    't05_twist_both_failed': (
        {},
        [{'declarer': 'A', 'contract': '8S', 'tricks': {'A': 3, 'B': 3, 'C': 4, 'D': 2}, 'twist': ['B', 'D']}],
        {'A': (36, -6, {'C': 6}), 'B': (24, 12, {'A': 36, 'C': 12}), 'C': (31, -6, {}), 'D': (26, 12, {'A': 24, 'C': 12})},
        False,
        {'A': '-666', 'B': '540', 'C': '-242', 'D': '368'}),
    # 8H, C passed, B twists; pair 5+3=8 made exactly, v=6. A remark 60, gora -8 (22); B: remark
    # -2v=-12, gora -2+2 (30), no vists; only A writes 2v=12 on B (partner passed); D remark +6,
    # gora 28, 12 on A; C only the view vist 6 on A.
    't06_twist_made_exact_passed': (
        {},
        [{'declarer': 'A', 'contract': '8H', 'tricks': {'A': 5, 'B': 2, 'C': 3, 'D': 2}, 'partner_passed': True, 'twist': ['B']}],
        {'A': (22, 60, {'B': 12}), 'B': (30, -12, {}), 'C': (30, 0, {'A': 6}), 'D': (28, 6, {'A': 12})},
        False,
        {'A': '806', 'B': '-416', 'C': '-302', 'D': '-88'}),
    # C declares 9D, A's cards opened, D twists; pair 6+4=10, one over, v=7. C remark 70, gora 24;
    # A remark 7, gora 26, 28 + 7 (view) = 35 on C, and 3v=21 on D; B remark 7, gora 29, 7 on C; D
    # remark -3v=-21, gora 30-1+3=32, no vists; C writes 21 on D.
    't07_twist_made_over_opened': (
        {},
        [{'declarer': 'C', 'contract': '9D', 'tricks': {'A': 4, 'B': 1, 'C': 6, 'D': 1}, 'opened': True, 'twist': ['D']}],
        {'A': (26, 7, {'C': 35, 'D': 21}), 'B': (29, 7, {'C': 7}), 'C': (24, 70, {'D': 21}), 'D': (32, -21, {})},
        False,
        {'A': '126', 'B': '-163', 'C': '713', 'D': '-676'}),
    # Simple bomb worth 2 made (soloist 2 <= 2), tricks 2/3/3/4. gora += v t: 34,36,36,38; remark
    # -= 10v t: -40,-60,-60,-80; 10v per trick of difference on those who took more: A->B 20, A->C
    # 20, A->D 40, B->D 20, C->D 20.
    't08_bomb_simple_made': (
        {},
        [{'bomb': 'simple', 'value': 2, 'declarer': 'A', 'tricks': {'A': 2, 'B': 3, 'C': 3, 'D': 4}}],
        {'A': (34, -40, {'B': 20, 'C': 20, 'D': 40}), 'B': (36, -60, {'D': 20}), 'C': (36, -60, {'D': 20}), 'D': (38, -80, {})},
        False,
        {'A': '400', 'B': '0', 'C': '0', 'D': '-400'}),
    # Clean bomb worth 4 failed by o=1 (tricks 1/4/4/3). Soloist gora +4 (34); each opponent gora
    # -4 'once, not per overtrick' (26); every remark -10v o = -40; each opponent writes 40 on A.
    't09_bomb_clean_failed': (
        {},
        [{'bomb': 'clean', 'value': 4, 'declarer': 'A', 'tricks': {'A': 1, 'B': 4, 'C': 4, 'D': 3}}],
        {'A': (34, -40, {}), 'B': (26, -40, {'A': 40}), 'C': (26, -40, {'A': 40}), 'D': (26, -40, {'A': 40})},
        False,
        {'A': '-600', 'B': '200', 'C': '200', 'D': '200'}),
    # 'all' bomb worth 1 made with 0 (0/4/4/4): B,C,D gora +4, remark -40; A writes 10 x 4 = 40 on
    # each.
    't10_bomb_all_made': (
        {},
        [{'bomb': 'all', 'value': 1, 'declarer': 'A', 'tricks': {'A': 0, 'B': 4, 'C': 4, 'D': 4}}],
        {'A': (30, 0, {'B': 40, 'C': 40, 'D': 40}), 'B': (34, -40, {}), 'C': (34, -40, {}), 'D': (34, -40, {})},
        False,
        {'A': '600', 'B': '-200', 'C': '-200', 'D': '-200'}),
    # Clean dil worth 4 made with 6 (6/2/2/2): gora -= 4t: 6,22,22,22; remark += 40t:
    # 240,80,80,80; A writes 40 x 4 = 160 on each.
    't11_dil_clean_made': (
        {},
        [{'dil': 'clean', 'value': 4, 'declarer': 'A', 'tricks': {'A': 6, 'B': 2, 'C': 2, 'D': 2}}],
        {'A': (6, 240, {'B': 160, 'C': 160, 'D': 160}), 'B': (22, 80, {}), 'C': (22, 80, {}), 'D': (22, 80, {})},
        False,
        {'A': '2400', 'B': '-800', 'C': '-800', 'D': '-800'}),
    # 'all' dil worth 2 failed by u=1 (5/3/2/2), scaled: A gora +2 (32), remark -20; B: gora
    # -2(3+1) (22), remark +80, 80 on A; C,D: gora -6 (24), remark +60, 60 on A; opponents on each
    # other 20 per trick: B->C 20, B->D 20.
    't12_dil_all_failed_scaled': (
        {},
        [{'dil': 'all', 'value': 2, 'declarer': 'A', 'tricks': {'A': 5, 'B': 3, 'C': 2, 'D': 2}}],
        {'A': (32, -20, {}), 'B': (22, 80, {'A': 80, 'C': 20, 'D': 20}), 'C': (24, 60, {'A': 60}), 'D': (24, 60, {'A': 60})},
        False,
        {'A': '-1240', 'B': '680', 'C': '280', 'D': '280'}),
    # Same under dil_failure=literal: A gora +v u = +2, remark -10 u = -10; B gora -10(3+1) = -10,
    # remark +40, 40 on A; C,D gora -30 (0), remark +30, 30 on A; B->C, B->D stay 20. Goras reach
    # 0: finished.
    't13_dil_all_failed_literal': (
        {'dil_failure': 'literal'},
        [{'dil': 'all', 'value': 2, 'declarer': 'A', 'tricks': {'A': 5, 'B': 3, 'C': 2, 'D': 2}}],
        {'A': (32, -10, {}), 'B': (-10, 40, {'A': 40, 'C': 20, 'D': 20}), 'C': (0, 30, {'A': 30}), 'D': (0, 30, {'A': 30})},
        True,
        {'A': '-2480', 'B': '1460', 'C': '510', 'D': '510'}),
    # 4S made with 4+4=8 (below septet, 7..10) -> twist round; no deal before it -> value 5, price
    # 10. Round 2/5/3/2: B writes 30 on A, 20 on C, 30 on D; C writes 10 on A and D. Plus deal 1
    # (v=5): B 10, C 20, D 10 on A.
    't14_round_default_price': (
        {},
        [{'declarer': 'A', 'contract': '4S', 'tricks': {'A': 4, 'B': 2, 'C': 4, 'D': 2}},
         {'twist_round': True, 'tricks': {'A': 2, 'B': 5, 'C': 3, 'D': 2}}],
        {'A': (26, 50, {}), 'B': (28, 5, {'A': 40, 'C': 20, 'D': 30}), 'C': (26, 5, {'A': 30, 'D': 10}), 'D': (28, 5, {'A': 10})},
        False,
        {'A': '270', 'B': '-80', 'C': '10', 'D': '-200'}),
    # D1 D's double bomb worth 3 (4/3/4/1): goras +12,+9,+12,+3, remarks -120,-90,-120,-30, D->A
    # 90, D->B 60, D->C 90, B->A 30, B->C 30; A,B,C get O. D2 A 3NT made 5+4=9 (v=5), A's O
    # doubles B and D: A remark 50, gora -5; C +5, -4, 20 on A; B +10, -2, 10 on A; D +10, -4, 20
    # on A. D3 round at 2 x 3 = 6 (4/3/3 vs A 2): B->A 12, B->C 6, B->D 6, C->A 6, D->A 6.
    't15_round_after_bomb_with_O': (
        {},
        [{'bomb': 'double', 'value': 3, 'declarer': 'D', 'tricks': {'A': 4, 'B': 3, 'C': 4, 'D': 1}},
         {'declarer': 'A', 'contract': '3NT', 'tricks': {'A': 5, 'B': 1, 'C': 4, 'D': 2}},
         {'twist_round': True, 'tricks': {'A': 2, 'B': 4, 'C': 3, 'D': 3}}],
        {'A': (37, -70, {}), 'B': (37, -80, {'A': 52, 'C': 36, 'D': 6}), 'C': (38, -115, {'A': 26}), 'D': (29, -20, {'A': 116, 'B': 60, 'C': 90})},
        False,
        {'A': '-324', 'B': '-176', 'C': '-670', 'D': '1170'}),
    # D1 A 5H made (8) -> D2 round (3/3/3/3, nothing). D3 B 5S made (8): round due, the deal
    # before it was a twist round -> 5 -> price 10. D4 round 6/2/2/2: A writes 40 on each.
    't16_round_after_round': (
        {},
        [{'declarer': 'A', 'contract': '5H', 'tricks': {'A': 4, 'B': 2, 'C': 4, 'D': 2}},
         {'twist_round': True, 'tricks': {'A': 3, 'B': 3, 'C': 3, 'D': 3}},
         {'declarer': 'B', 'contract': '5S', 'tricks': {'A': 2, 'B': 4, 'C': 2, 'D': 4}},
         {'twist_round': True, 'tricks': {'A': 6, 'B': 2, 'C': 2, 'D': 2}}],
        {'A': (24, 55, {'B': 50, 'C': 40, 'D': 40}), 'B': (24, 55, {'A': 10}), 'C': (24, 10, {'A': 20, 'B': 10}), 'D': (24, 10, {'A': 10, 'B': 20})},
        False,
        {'A': '270', 'B': '110', 'C': '-190', 'D': '-190'}),
    # D1 A 9H failed by 2 (v=7, 'whether its contract was made or failed'). D2 B 4D made (5+3=8,
    # v=5). D3 round at 2 x 7 = 14 (1/5/3/3): B->A 56, B->C 28, B->D 28, C->A 28, D->A 28.
    't17_round_after_failed': (
        {},
        [{'declarer': 'A', 'contract': '9H', 'tricks': {'A': 3, 'B': 3, 'C': 4, 'D': 2}},
         {'declarer': 'B', 'contract': '4D', 'tricks': {'A': 2, 'B': 5, 'C': 2, 'D': 3}},
         {'twist_round': True, 'tricks': {'A': 1, 'B': 5, 'C': 3, 'D': 3}}],
        {'A': (35, -9, {'B': 10, 'C': 14}), 'B': (22, 57, {'A': 77, 'C': 42, 'D': 28}), 'C': (30, -9, {'A': 28, 'B': 10}), 'D': (25, 12, {'A': 42, 'B': 15, 'C': 14})},
        False,
        {'A': '-857', 'B': '946', 'C': '-366', 'D': '277'}),
    # Two made bombs by A: X written each time (spec twist.md, Nota, issue 11: seed «нота»
    # «записывается» each time; same_kind = one). D3 A 8H made exactly (v=6): the oldest X is
    # used and crossed: A's entries double: remark 120, gora -10; others single. D4 the same
    # contract uses the second X: doubled again (remark 120, gora -10). A gora 30-10-10 = 10,
    # remark 240. Step 1: A 240-100 = 140, B,D -68-340 = -408, C -68-320 = -388 (sum -1064).
    # A 2(560+1064) + 240 - 84 = 3404; B,D 2(-1632+1064) + 24 - 80 = -1192; C 2(-1552+1064) + 36
    # - 80 = -1020.  (Before issue 11 the second X was not written and D4 was single.)
    't18_X_written_each_time': (
        {},
        [{'bomb': 'simple', 'value': 1, 'declarer': 'A', 'tricks': {'A': 0, 'B': 4, 'C': 4, 'D': 4}},
         {'bomb': 'simple', 'value': 1, 'declarer': 'A', 'tricks': {'A': 0, 'B': 4, 'C': 4, 'D': 4}},
         {'declarer': 'A', 'contract': '8H', 'tricks': {'A': 5, 'B': 2, 'C': 3, 'D': 2}},
         {'declarer': 'A', 'contract': '8H', 'tricks': {'A': 5, 'B': 2, 'C': 3, 'D': 2}}],
        {'A': (10, 240, {'B': 80, 'C': 80, 'D': 80}), 'B': (34, -68, {'A': 24}), 'C': (32, -68, {'A': 36}), 'D': (34, -68, {'A': 24})},
        False,
        {'A': '3404', 'B': '-1192', 'C': '-1020', 'D': '-1192'}),
    # D1 A's simple dil worth 1 made (4/3/3/2): A X; B,C,D O. D2 B 8S fails by 2 (v=6) with A
    # twisting; B's O doubles A and C; A's entries x4 ('a failed twist with O x4'): A gora -16,
    # remark +24, 96 on B, 48 on D; C x2: gora -4, remark +12, 24 on B, 24 on D.
    't19_O_failed_twist_x4': (
        {},
        [{'dil': 'simple', 'value': 1, 'declarer': 'A', 'tricks': {'A': 4, 'B': 3, 'C': 3, 'D': 2}},
         {'declarer': 'B', 'contract': '8S', 'tricks': {'A': 4, 'B': 3, 'C': 2, 'D': 3}, 'twist': ['A']}],
        {'A': (10, 64, {'B': 106, 'C': 10, 'D': 68}), 'B': (33, 18, {'D': 22}), 'C': (23, 42, {'B': 24, 'D': 34}), 'D': (30, 8, {})},
        False,
        {'A': '1552', 'B': '-948', 'C': '200', 'D': '-804'}),
    # D1 A's bomb worth 1 (0/4/4/4). D2 B (holding O) 8S made exactly, C twists: C's replaced
    # entries doubled by O: remark -24, gora -4+4 = 0; A x2: remark +12, gora -4, 24 on B; B and D
    # each write 2v=12 on C.
    't20_O_made_twist': (
        {},
        [{'bomb': 'simple', 'value': 1, 'declarer': 'A', 'tricks': {'A': 0, 'B': 4, 'C': 4, 'D': 4}},
         {'declarer': 'B', 'contract': '8S', 'tricks': {'A': 2, 'B': 5, 'C': 2, 'D': 3}, 'twist': ['C']}],
        {'A': (26, 12, {'B': 64, 'C': 40, 'D': 40}), 'B': (29, 20, {'C': 12}), 'C': (34, -64, {}), 'D': (31, -34, {'B': 18, 'C': 12})},
        False,
        {'A': '692', 'B': '302', 'C': '-764', 'D': '-230'}),
    # D1 A 11NT made exactly (v=9): operet for A,C. D2 C 8D made: pair doubled (C remark 120, gora
    # -10; A remark 12, gora -6, 36 on C). D3 B 8S: second bar, operet spent. D4 A 8H: single.
    't21_operet_two_deals': (
        {},
        [{'declarer': 'A', 'contract': '11NT', 'tricks': {'A': 6, 'B': 1, 'C': 5, 'D': 0}},
         {'declarer': 'C', 'contract': '8D', 'tricks': {'A': 3, 'B': 2, 'C': 5, 'D': 2}},
         {'declarer': 'B', 'contract': '8S', 'tricks': {'A': 2, 'B': 5, 'C': 2, 'D': 3}},
         {'declarer': 'A', 'contract': '8H', 'tricks': {'A': 5, 'B': 2, 'C': 3, 'D': 2}}],
        {'A': (11, 168, {'C': 36, 'B': 12}), 'B': (20, 81, {'A': 21, 'C': 12}), 'C': (10, 141, {'A': 63, 'B': 12}), 'D': (23, 27, {'A': 12, 'B': 18, 'C': 12})},
        False,
        {'A': '862', 'B': '-515', 'C': '789', 'D': '-1136'}),
    # D1 A's bomb (A X; B,C,D O). D2 B's simple dil made (B X; A O). D3 A 8H made exactly (v=6): X
    # doubles A (remark 120, gora -10), O doubles B and D (remark +12, gora -4, 24 on A each); C
    # single (18 on A).
    't22_X_and_O_together': (
        {},
        [{'bomb': 'simple', 'value': 1, 'declarer': 'A', 'tricks': {'A': 0, 'B': 4, 'C': 4, 'D': 4}},
         {'dil': 'simple', 'value': 1, 'declarer': 'B', 'tricks': {'A': 2, 'B': 4, 'C': 3, 'D': 3}},
         {'declarer': 'A', 'contract': '8H', 'tricks': {'A': 5, 'B': 2, 'C': 3, 'D': 2}}],
        {'A': (18, 140, {'B': 40, 'C': 40, 'D': 40}), 'B': (26, 12, {'A': 44, 'C': 10, 'D': 10}), 'C': (28, -4, {'A': 28}), 'D': (27, 2, {'A': 34})},
        False,
        {'A': '1374', 'B': '-280', 'C': '-614', 'D': '-480'}),
    # gora 8. D1 A 8H (5+4) made: A 3, B 6, C 4, D 7. D2 C 9NT 9+1=10 made (v=7): C gora 4-9 = -5:
    # the game ends; step 1 adds 50 to C's remark.
    't23_end_negative_gora': (
        {'gora': 8},
        [{'declarer': 'A', 'contract': '8H', 'tricks': {'A': 5, 'B': 2, 'C': 4, 'D': 1}},
         {'declarer': 'C', 'contract': '9NT', 'tricks': {'A': 1, 'B': 1, 'C': 9, 'D': 1}}],
        {'A': (2, 67, {'C': 7}), 'B': (5, 13, {'A': 12, 'C': 7}), 'C': (-5, 76, {'A': 24}), 'D': (6, 13, {'A': 6, 'C': 7})},
        True,
        {'A': '163', 'B': '-455', 'C': '833', 'D': '-541'}),
    # X on a failed contract ('whatever the result'): A 8H 3+3=6, k=2, v=6: A gora +12, remark
    # -24, 24 on C (doubled); C gora +2, remark -12; B,D -3, +6, 18 on A, 12 on C.
    't24_X_on_failed': (
        {},
        [{'bomb': 'simple', 'value': 1, 'declarer': 'A', 'tricks': {'A': 0, 'B': 4, 'C': 4, 'D': 4}},
         {'declarer': 'A', 'contract': '8H', 'tricks': {'A': 3, 'B': 3, 'C': 3, 'D': 3}}],
        {'A': (42, -24, {'B': 40, 'C': 64, 'D': 40}), 'B': (31, -34, {'A': 18, 'C': 12}), 'C': (36, -52, {}), 'D': (31, -34, {'A': 18, 'C': 12})},
        False,
        {'A': '-356', 'B': '326', 'C': '-296', 'D': '326'}),
    # 12NT failed (6+5=11, k=1, v=10): no dazin ('a made contract of level 12'); the next 8D by C
    # is single.
    't25_dazin_failed_no_symbol': (
        {},
        [{'declarer': 'A', 'contract': '12NT', 'tricks': {'A': 6, 'B': 1, 'C': 5, 'D': 0}},
         {'declarer': 'C', 'contract': '8D', 'tricks': {'A': 3, 'B': 2, 'C': 5, 'D': 2}}],
        {'A': (37, -4, {'C': 28}), 'B': (27, 16, {'A': 10, 'C': 22}), 'C': (26, 50, {}), 'D': (28, 16, {'C': 22})},
        False,
        {'A': '-770', 'B': '204', 'C': '452', 'D': '114'}),
    # Double bomb worth 2 made with 1 (1/1/5/5): gora +2,+2,+10,+10; remark -20,-20,-100,-100; A
    # and B tie (nothing between them), each writes 80 on C and D.
    't26_bomb_double_ties': (
        {},
        [{'bomb': 'double', 'value': 2, 'declarer': 'A', 'tricks': {'A': 1, 'B': 1, 'C': 5, 'D': 5}}],
        {'A': (32, -20, {'C': 80, 'D': 80}), 'B': (32, -20, {'C': 80, 'D': 80}), 'C': (40, -100, {}), 'D': (40, -100, {})},
        False,
        {'A': '800', 'B': '800', 'C': '-800', 'D': '-800'}),
    # gora 4: A 5H made (4+4) writes A and C down to 0: the game ends after that deal, even though
    # a twist round would be due.
    't27_end_with_round_due': (
        {'gora': 4},
        [{'declarer': 'A', 'contract': '5H', 'tricks': {'A': 4, 'B': 2, 'C': 4, 'D': 2}}],
        {'A': (0, 50, {}), 'B': (2, 5, {'A': 10}), 'C': (0, 5, {'A': 20}), 'D': (2, 5, {'A': 10})},
        True,
        {'A': '310', 'B': '-160', 'C': '10', 'D': '-160'}),
    # 8H, C passed, B twists; 4+3=7: k=1, v=6. B doubled: gora -6, remark +12, 36 on A; no vists
    # on the passed partner; D gora -2, remark +6, 12 on A; A gora +6, remark -6; C 6 on A (view).
    't28_passed_failed_twist': (
        {},
        [{'declarer': 'A', 'contract': '8H', 'tricks': {'A': 4, 'B': 3, 'C': 3, 'D': 2}, 'partner_passed': True, 'twist': ['B']}],
        {'A': (36, -6, {}), 'B': (24, 12, {'A': 36}), 'C': (30, 0, {'A': 6}), 'D': (28, 6, {'A': 12})},
        False,
        {'A': '-646', 'B': '548', 'C': '-58', 'D': '156'}),
    # 7NT, C passed, B and D twist; 5+4=9, over 2, v=5: B,D remark -15, gora +3 after the write-
    # off (31, 32), no vists; A writes 15 on each; A remark 50, gora 30-9 = 21; C view 5.
    't29_passed_made_over_both_twist': (
        {},
        [{'declarer': 'A', 'contract': '7NT', 'tricks': {'A': 5, 'B': 2, 'C': 4, 'D': 1}, 'partner_passed': True, 'twist': ['B', 'D']}],
        {'A': (21, 50, {'B': 15, 'D': 15}), 'B': (31, -15, {}), 'C': (30, 0, {'A': 5}), 'D': (32, -15, {})},
        False,
        {'A': '985', 'B': '-375', 'C': '-155', 'D': '-455'}),
    # D1 A 11NT made (operet). D2 C 9S failed 3+3=6, k=3, v=7, pair doubled: C gora +14, remark
    # -42, 42 on A; A gora +6, remark -42; B,D single: -3, +7, 21 on C, 21 on A.
    't30_operet_failed': (
        {},
        [{'declarer': 'A', 'contract': '11NT', 'tricks': {'A': 6, 'B': 1, 'C': 5, 'D': 0}},
         {'declarer': 'C', 'contract': '9S', 'tricks': {'A': 3, 'B': 3, 'C': 3, 'D': 3}}],
        {'A': (30, 48, {}), 'B': (26, 16, {'A': 30, 'C': 21}), 'C': (39, -33, {'A': 87}), 'D': (27, 16, {'A': 21, 'C': 21})},
        False,
        {'A': '192', 'B': '445', 'C': '-993', 'D': '356'}),
    # 2C made with 6+4=10 (the upper bound of 7..10): twist round due; price 10, all 3s: nothing
    # written.
    't31_round_boundary_T10': (
        {},
        [{'declarer': 'A', 'contract': '2C', 'tricks': {'A': 6, 'B': 1, 'C': 4, 'D': 1}},
         {'twist_round': True, 'tricks': {'A': 3, 'B': 3, 'C': 3, 'D': 3}}],
        {'A': (24, 50, {}), 'B': (29, 5, {'A': 5}), 'C': (26, 5, {'A': 20}), 'D': (29, 5, {'A': 5})},
        False,
        {'A': '480', 'B': '-245', 'C': '10', 'D': '-245'}),
    # 7H made with 8 is not below septet: no twist round; the next normal deal is accepted. D2 B
    # 8S failed by 2 (v=6).
    't32_no_round_after_7': (
        {},
        [{'declarer': 'A', 'contract': '7H', 'tricks': {'A': 4, 'B': 2, 'C': 4, 'D': 2}},
         {'declarer': 'B', 'contract': '8S', 'tricks': {'A': 3, 'B': 3, 'C': 3, 'D': 3}}],
        {'A': (23, 56, {'B': 18, 'D': 12}), 'B': (34, -7, {'A': 10, 'D': 12}), 'C': (23, 11, {'A': 20, 'B': 18, 'D': 12}), 'D': (30, -7, {'A': 10})},
        False,
        {'A': '692', 'B': '-696', 'C': '392', 'D': '-388'}),
    # D1 B's bomb: A,C,D get O. D2 A 8H: A's O doubles B,D; C's O untouched. D3 C 8D: C's own O
    # doubles B,D.
    't33_partner_O_not_used': (
        {},
        [{'bomb': 'simple', 'value': 1, 'declarer': 'B', 'tricks': {'A': 4, 'B': 0, 'C': 4, 'D': 4}},
         {'declarer': 'A', 'contract': '8H', 'tricks': {'A': 5, 'B': 2, 'C': 3, 'D': 2}},
         {'declarer': 'C', 'contract': '8D', 'tricks': {'A': 3, 'B': 2, 'C': 5, 'D': 2}}],
        {'A': (26, 26, {'C': 18}), 'B': (22, 24, {'A': 64, 'C': 64, 'D': 40}), 'C': (26, 26, {'A': 18}), 'D': (26, -16, {'A': 24, 'C': 24})},
        False,
        {'A': '-80', 'B': '480', 'C': '-80', 'D': '-320'}),
    # D1 A 12NT made (v=10): dazin. D2 C 4D made (8): first following deal, pair doubled (C remark
    # 100, gora -8; A remark 10, gora -8, 40 on C). D3 twist round price 2 x 10 = 20 (second bar,
    # not doubled). D4 A 8H single.
    't34_dazin_bars_round': (
        {},
        [{'declarer': 'A', 'contract': '12NT', 'tricks': {'A': 7, 'B': 0, 'C': 5, 'D': 0}},
         {'declarer': 'C', 'contract': '4D', 'tricks': {'A': 4, 'B': 2, 'C': 4, 'D': 2}},
         {'twist_round': True, 'tricks': {'A': 3, 'B': 4, 'C': 2, 'D': 3}},
         {'declarer': 'A', 'contract': '8H', 'tricks': {'A': 5, 'B': 2, 'C': 3, 'D': 2}}],
        {'A': (10, 170, {'C': 60}), 'B': (26, 21, {'A': 32, 'C': 50, 'D': 20}), 'C': (14, 116, {'A': 68}), 'D': (26, 21, {'A': 12, 'C': 30})},
        False,
        {'A': '1372', 'B': '-946', 'C': '600', 'D': '-1026'}),
    # D1 A 11NT (operet). D2 C 11NT made: doubled (C remark 180, gora -12; A remark 18, gora -10,
    # 90 on C); a second operet is written for A and C (spec twist.md, Nota, issue 11). D3 B 8S:
    # the first operet is spent, the second has one bar. D4 A 8H (v=6) doubled once by the
    # second: A remark 120, gora -10; C remark 12, gora -6, 36 on A. Totals A (2, 234), C (5, 207,
    # on A 45+36 = 81). Step 1: 214, -126, 157, -220 (sum 25): A 2(856-25) + 102 - 114 = 1650;
    # B 2(-504-25) + 30 - 42 = -1070; C 2(628-25) + 93 - 99 = 1200; D 2(-880-25) + 30 = -1780.
    't35_operet_written_again': (
        {},
        [{'declarer': 'A', 'contract': '11NT', 'tricks': {'A': 6, 'B': 1, 'C': 5, 'D': 0}},
         {'declarer': 'C', 'contract': '11NT', 'tricks': {'A': 5, 'B': 1, 'C': 6, 'D': 0}},
         {'declarer': 'B', 'contract': '8S', 'tricks': {'A': 2, 'B': 5, 'C': 2, 'D': 3}},
         {'declarer': 'A', 'contract': '8H', 'tricks': {'A': 5, 'B': 2, 'C': 3, 'D': 2}}],
        {'A': (2, 234, {'C': 90, 'B': 12}), 'B': (21, 84, {'A': 21, 'C': 9}), 'C': (5, 207, {'A': 81, 'B': 12}), 'D': (25, 30, {'B': 18, 'A': 12})},
        False,
        {'A': '1650', 'B': '-1070', 'C': '1200', 'D': '-1780'}),
    # D1 A 12NT made (dazin A,C). D2 A's bomb (B,C,D get O; dazin bar 1). D3 B 8S made exactly
    # (v=6): B's O doubles A and C (remark 12, gora -4, 24 on B each); the dazin does not (the
    # pair did not declare).
    't36_O_against_live_dazin': (
        {},
        [{'declarer': 'A', 'contract': '12NT', 'tricks': {'A': 7, 'B': 0, 'C': 5, 'D': 0}},
         {'bomb': 'simple', 'value': 1, 'declarer': 'A', 'tricks': {'A': 0, 'B': 4, 'C': 4, 'D': 4}},
         {'declarer': 'B', 'contract': '8S', 'tricks': {'A': 2, 'B': 5, 'C': 2, 'D': 3}}],
        {'A': (19, 112, {'B': 64, 'C': 40, 'D': 40}), 'B': (29, 30, {}), 'C': (25, -18, {'A': 50, 'B': 24}), 'D': (31, -24, {'B': 18})},
        False,
        {'A': '1350', 'B': '-306', 'C': '-230', 'D': '-814'}),
    # gora 2: A's simple bomb worth 2 fails by 1 (3 tricks): A gora +2 (4); each opponent -2 (0):
    # the game ends; remarks -20 each; B,C,D write 20 on A.
    't37_end_on_failed_bomb': (
        {'gora': 2},
        [{'bomb': 'simple', 'value': 2, 'declarer': 'A', 'tricks': {'A': 3, 'B': 3, 'C': 3, 'D': 3}}],
        {'A': (4, -20, {}), 'B': (0, -20, {'A': 20}), 'C': (0, -20, {'A': 20}), 'D': (0, -20, {'A': 20})},
        True,
        {'A': '-300', 'B': '100', 'C': '100', 'D': '100'}),
}


@pytest.mark.parametrize("name", list(TWIST))
def test_twist_hand_computed(tmp_path, name):
    rules, deals, sheet, finished, balance = TWIST[name]
    got = settle_json(tmp_path, twist_game(deals, **rules))
    assert {p: Fraction(v) for p, v in got["balance"].items()} == \
        {p: Fraction(v) for p, v in balance.items()}
    assert sum(Fraction(v) for v in got["balance"].values()) == 0
    assert got["finished"] is finished
    for p, (gora, remark, vists) in sheet.items():
        assert got["sheet"][p]["gora"] == gora, (p, "gora")
        assert got["sheet"][p]["remark"] == remark, (p, "remark")
        assert {q: v for q, v in got["sheet"][p]["vists"].items() if v} == vists, (p, "vists")


# Nota as drawn after the games above (spec, Nota: crossed and spent symbols stay on the sheet).
NOTA = {
    "t18_X_written_each_time": {"A": ["X(crossed d3)", "X(crossed d4)"], "B": ["O", "O"],
                                "C": ["O", "O"], "D": ["O", "O"]},
    "t35_operet_written_again": {"A": ["operet||", "operet||"], "B": [],
                                 "C": ["operet||", "operet||"], "D": []},
    "t21_operet_two_deals": {"A": ["operet||"], "B": [], "C": ["operet||"], "D": []},
    "t22_X_and_O_together": {"A": ["X(crossed d3)", "O(crossed d3)"], "B": ["O", "X"],
                             "C": ["O", "O"], "D": ["O", "O"]},
    "t13_dil_all_failed_literal": {"A": [], "B": ["O"], "C": ["O"], "D": ["O"]},
    "t30_operet_failed": {"A": ["operet|"], "B": [], "C": ["operet|"], "D": []},
}


@pytest.mark.parametrize("name", list(NOTA))
def test_twist_nota(tmp_path, name):
    rules, deals, *_ = TWIST[name]
    got = settle_json(tmp_path, twist_game(deals, **rules))
    assert {p: sorted(v["nota"]) for p, v in got["sheet"].items()} == \
        {p: sorted(v) for p, v in NOTA[name].items()}


def T(a, b, c, d):
    return {"A": a, "B": b, "C": c, "D": d}


# Invalid deals (spec, Twist, Deals: "Invalid: ..."), each refused with exit status 1.
REFUSED = {
    "round not due after a failed low contract": (30, [{"declarer": "A", "contract": "6S", "tricks": T(3, 3, 3, 3)}, {"twist_round": True, "tricks": T(3, 3, 3, 3)}]),
    "round not due when the pair took 11": (30, [{"declarer": "A", "contract": "6S", "tricks": T(6, 0, 5, 1)}, {"twist_round": True, "tricks": T(3, 3, 3, 3)}]),
    "normal deal when a round is due": (30, [{"declarer": "A", "contract": "5S", "tricks": T(4, 2, 4, 2)}, {"declarer": "B", "contract": "8S", "tricks": T(3, 3, 3, 3)}]),
    "bomb when a round is due": (30, [{"declarer": "A", "contract": "5S", "tricks": T(4, 2, 4, 2)}, {"bomb": "simple", "value": 1, "declarer": "B", "tricks": T(4, 1, 4, 3)}]),
    "twist below level 7": (30, [{"declarer": "A", "contract": "6S", "tricks": T(3, 3, 3, 3), "twist": ["B"]}]),
    "twist by the partner": (30, [{"declarer": "A", "contract": "8S", "tricks": T(3, 3, 3, 3), "twist": ["C"]}]),
    "deal after the end": (5, [{"declarer": "A", "contract": "8H", "tricks": T(5, 2, 4, 1)}, {"declarer": "B", "contract": "8H", "tricks": T(3, 3, 3, 3)}]),
    "round after the end": (4, [{"declarer": "A", "contract": "5H", "tricks": T(4, 2, 4, 2)}, {"twist_round": True, "tricks": T(3, 3, 3, 3)}]),
    "clean bomb worth 3": (30, [{"bomb": "clean", "value": 3, "declarer": "A", "tricks": T(0, 4, 4, 4)}]),
    "tricks summing to 11": (30, [{"declarer": "A", "contract": "8H", "tricks": T(5, 2, 3, 1)}]),
}


@pytest.mark.parametrize("name", list(REFUSED))
def test_twist_refused(tmp_path, name):
    gora, deals = REFUSED[name]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(twist_game(deals, gora=gora)), encoding="utf-8")
    code, out, err = run(["settle", str(path), "--json"])
    assert code == 1
    assert "Traceback" not in err


def test_twist_money_rounding(tmp_path):
    # Spec public example (A +442, B -176, C -4, D -262) at 0.333 a vist: 147.186, -58.608, -1.332,
    # -87.246; floors 147.18, -58.61, -1.34, -87.25 sum to -0.02; the two largest remainders
    # (C 0.008, A 0.006) get a cent: 147.19, -58.61, -1.33, -87.25 (largest-remainder method).
    game = twist_game([{"declarer": "A", "contract": "8H", "tricks": T(5, 2, 4, 1)}])
    game["stake"] = "0.333"
    got = settle_json(tmp_path, game)
    assert got["money"] == {"A": "147.19", "B": "-58.61", "C": "-1.33", "D": "-87.25"}
