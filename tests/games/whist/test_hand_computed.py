"""Whist games scored by hand (an independent audit of the scoring): every game below was
computed by hand from shared/spec/whist.md (readings the spec leaves open follow docs/), then
checked against `whistscore settle FILE --json`.  Each case holds the game file inline, the
expected balances and sheet, and a comment with the arithmetic and the rule it checks.
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


def whist_game(deals, rules):
    return {"format": "whistscore", "version": 1, "game": "whist",
            "players": ["N", "E", "S", "Wp"], "rules": rules, "deals": deals}


# -- Whist ----------------------------------------------------------------------------------
# Players N, E, S, Wp: NS = N & S, EW = E & Wp.  Each case: (rules, deals, NS balance, sheet parts)

WHIST = {
    # NS 8 tricks = 2 by cards, then four honours 4 -> 6 >= 5 with a trick point (need-trick
    # satisfied): game; EW 0 -> treble 3.
    'w01_eng_honours_out_with_trick': (
        {'preset': 'english'},
        [{'tricks': {'NS': 8}, 'honours': {'NS': 4}}],
        3, {'NS': {'games': [3], 'score': 0}}),
    # EW odd trick (1), NS three honours (3). EW 10 (4) -> 5: game. Losers NS 3 minus their 3
    # honour points = 0 -> treble 3 (losers_honours = drop).
    'w02_eng_drop': (
        {'preset': 'english'},
        [{'tricks': {'EW': 7}, 'honours': {'NS': 3}},
         {'tricks': {'EW': 10}}],
        -3, {'EW': {'games': [3]}}),
    # Same deals with losers_honours = count: NS 3 -> single 1.
    'w03_eng_count': (
        {'preset': 'english', 'losers_honours': 'count'},
        [{'tricks': {'EW': 7}, 'honours': {'NS': 3}},
         {'tricks': {'EW': 10}}],
        -1, {'EW': {'games': [1]}}),
    # NS 3; EW odd trick, NS four honours: no trick point -> NS stop at 4 (1 honour point scored).
    # EW 11 (5) -> game; losers 4 - 1 = 3 -> single 1.
    'w04_eng_needtrick_drop_actual': (
        {'preset': 'english'},
        [{'tricks': {'NS': 9}},
         {'tricks': {'EW': 7}, 'honours': {'NS': 4}},
         {'tricks': {'EW': 11}}],
        -1, {'EW': {'games': [1]}}),
    # laws1864: NS 4; EW odd trick, NS four honours: 'a side at target - 1 when the deal begins
    # scores no honours' -> 4-1; NS 7 -> 5: double 2.
    'w05_laws_at_four': (
        {'preset': 'laws1864'},
        [{'tricks': {'NS': 10}},
         {'tricks': {'EW': 7}, 'honours': {'NS': 4}},
         {'tricks': {'NS': 7}}],
        2, {'NS': {'games': [2]}}),
    # laws1864 (no need-trick): NS 2; EW 2 by cards (2), NS four honours 4 -> 6: NS game; EW 2 ->
    # double 2.
    'w06_laws_honours_out': (
        {'preset': 'laws1864'},
        [{'tricks': {'NS': 8}},
         {'tricks': {'EW': 8}, 'honours': {'NS': 4}}],
        2, {'NS': {'games': [2]}}),
    # 4-4; EW odd trick scores first -> 5, game; NS's four honours do not count; NS 4 -> single 1.
    'w07_eng_precedence_44': (
        {'preset': 'english'},
        [{'tricks': {'NS': 10}},
         {'tricks': {'EW': 10}},
         {'tricks': {'EW': 7}, 'honours': {'NS': 4}}],
        -1, {'EW': {'games': [1]}, 'NS': {'score': 0}}),
    # EW 3; NS revoke, EW add 3 -> 6: game before tricks; NS's 13 tricks never count; NS 0 ->
    # treble 3.
    'w08_eng_revoke_add_first': (
        {'preset': 'english'},
        [{'tricks': {'EW': 9}},
         {'tricks': {'NS': 13}, 'revoke': {'by': 'NS', 'penalty': 'add'}}],
        -3, {'EW': {'games': [3]}}),
    # NS 2; NS revoke, deduct: 2-3 -> 0 (never below 0); NS 13 tricks = 7 but a revoking side
    # stops at 4.
    'w09_eng_deduct_cap': (
        {'preset': 'english'},
        [{'tricks': {'NS': 8}},
         {'tricks': {'NS': 13}, 'revoke': {'by': 'NS'}}],
        0, {'NS': {'score': 4}, 'EW': {'score': 0}}),
    # As w09, then EW 12 (6) -> game; NS 4 -> single 1.
    'w10_eng_deduct_cap_then': (
        {'preset': 'english'},
        [{'tricks': {'NS': 8}},
         {'tricks': {'NS': 13}, 'revoke': {'by': 'NS'}},
         {'tricks': {'EW': 12}}],
        -1, {'EW': {'games': [1]}}),
    # american: NS 1; NS revoke transfer 2: NS 0, EW +2, EW odd trick 3; NS 13 -> 7: game, 7 - 3 =
    # 4.
    'w11_am_transfer': (
        {'preset': 'american'},
        [{'tricks': {'NS': 8}},
         {'tricks': {'EW': 7}, 'revoke': {'by': 'NS'}},
         {'tricks': {'NS': 13}}],
        4, {'NS': {'games': [4]}}),
    # american: EW 5; NS revoke transfer -> EW 7: game first, NS 0 -> 7; NS 9 (3) in the next game
    # (no value).
    'w12_am_revoke_wins': (
        {'preset': 'american'},
        [{'tricks': {'EW': 11}},
         {'tricks': {'NS': 13}, 'revoke': {'by': 'NS'}},
         {'tricks': {'NS': 9}}],
        -7, {'EW': {'games': [7]}, 'NS': {'score': 3}}),
    # NS treble 3, treble 3: rubber 2-0 (no third game) = 3+3+2 = 8; next rubber EW 3 then 8 ->
    # treble 3 (unfinished rubber counts its game). NS 8 - 3 = 5.
    'w13_eng_rubber_20_then_open': (
        {'preset': 'english'},
        [{'tricks': {'NS': 11}},
         {'tricks': {'NS': 12}},
         {'tricks': {'EW': 9}},
         {'tricks': {'EW': 11}}],
        5, {'NS': {'rubbers': [8], 'games': []}, 'EW': {'rubbers': [-8], 'games': [3]}}),
    # EW treble 3; NS 4 then 5: treble 3; NS 2, EW 6: double 2. Rubber EW 3+2+2-3 = 4.
    'w14_laws_rubber_21': (
        {'preset': 'laws1864'},
        [{'tricks': {'EW': 11}},
         {'tricks': {'NS': 10}},
         {'tricks': {'NS': 7}},
         {'tricks': {'NS': 8}},
         {'tricks': {'EW': 12}}],
        -4, {'EW': {'rubbers': [4]}, 'NS': {'rubbers': [-4]}}),
    # NS 3; both revoke: void; NS 2 -> 5: treble 3.
    'w15_eng_void': (
        {'preset': 'english'},
        [{'tricks': {'NS': 9}},
         {'revoke': {'by': 'both'}},
         {'tricks': {'NS': 8}}],
        3, {'NS': {'games': [3]}}),
    # EW 2 by cards + own three honours 3 = 5 with a trick point: game, NS 0 -> treble 3.
    'w16_eng_honours_with_trick_exact': (
        {'preset': 'english'},
        [{'tricks': {'EW': 8}, 'honours': {'EW': 3}}],
        -3, {'EW': {'games': [3]}}),
    # american: NS 6; NS revoke transfer: NS 4, EW 2; NS 13 tricks -> capped at 6.
    'w17_am_revoke_cap': (
        {'preset': 'american'},
        [{'tricks': {'NS': 12}},
         {'tricks': {'NS': 13}, 'revoke': {'by': 'NS'}}],
        0, {'NS': {'score': 6}, 'EW': {'score': 2}}),
    # Spec public example: claimants at 2 add 3 -> 5: treble, whatever the revokers took in tricks
    # and honours.
    'w18_laws_revoke_public': (
        {'preset': 'laws1864'},
        [{'tricks': {'NS': 8}},
         {'tricks': {'EW': 13}, 'honours': {'EW': 4}, 'revoke': {'by': 'EW'}}],
        3, {}),
    # NS 0 revoke transfer: NS stays 0, EW get the full 3 ('a transfer still gives the opponents
    # the full points') + 1 = 4.
    'w19_eng_transfer_from0': (
        {'preset': 'english'},
        [{'tricks': {'EW': 7}, 'revoke': {'by': 'NS', 'penalty': 'transfer'}}],
        0, {'EW': {'score': 4}, 'NS': {'score': 0}}),
    # NS treble 3; NS 2 then EW 5: double 2. Rubber 1-1 unfinished: 3 - 2 = 1.
    'w20_eng_unfinished_11': (
        {'preset': 'english'},
        [{'tricks': {'NS': 11}},
         {'tricks': {'NS': 8}},
         {'tricks': {'EW': 11}}],
        1, {'NS': {'games': [3], 'rubbers': []}, 'EW': {'games': [2]}}),
    # american: NS 13 tricks = 7: game, 7 - 0 = 7.
    'w21_am_grand_slam': (
        {'preset': 'american'},
        [{'tricks': {'NS': 13}}],
        7, {'NS': {'games': [7]}}),
    # english with honours_bar=none: NS 3; EW 1; NS three honours -> 6: game; EW 1 -> double 2.
    'w22_eng_bar_none': (
        {'preset': 'english', 'honours_bar': 'none'},
        [{'tricks': {'NS': 9}},
         {'tricks': {'EW': 7}, 'honours': {'NS': 3}}],
        2, {'NS': {'games': [2]}}),
    # american + honours 4/3 + drop: EW 1+4 = 5; NS 13 -> 7; EW 5-4 = 1 -> 7-1 = 6.
    'w23_am_honours_drop': (
        {'preset': 'american', 'honours': [4, 3], 'losers_honours': 'drop'},
        [{'tricks': {'EW': 7}, 'honours': {'EW': 4}},
         {'tricks': {'NS': 13}}],
        6, {'NS': {'games': [6]}}),
    # laws1864: NS 4; EW revoke, NS add 3 -> 7 before EW's tricks and honours; EW 0 -> treble 3.
    'w24_laws_revoke_by_opp': (
        {'preset': 'laws1864'},
        [{'tricks': {'NS': 10}},
         {'tricks': {'EW': 13}, 'honours': {'EW': 4}, 'revoke': {'by': 'EW'}}],
        3, {'NS': {'games': [3]}}),
    # laws1864: NS 4, EW 2; NS revoke transfer: NS 1, EW 5 game; losers' score after the penalty 1
    # -> double 2.
    'w25_laws_transfer_losers_after_penalty': (
        {'preset': 'laws1864'},
        [{'tricks': {'NS': 10}},
         {'tricks': {'EW': 8}},
         {'tricks': {'NS': 7}, 'revoke': {'by': 'NS', 'penalty': 'transfer'}}],
        -2, {'EW': {'games': [2]}}),
    # EW 1, NS 3 (honours); NS revoke deduct -> 0, EW 4 by cards -> 5 game; NS 0 (drop, not below
    # 0) -> treble 3.
    'w26_eng_deduct_then_drop': (
        {'preset': 'english'},
        [{'tricks': {'EW': 7}, 'honours': {'NS': 3}},
         {'tricks': {'EW': 10}, 'revoke': {'by': 'NS'}}],
        -3, {'EW': {'games': [3]}}),
    # laws1864: NS 4; NS revoke deduct -> 1; EW 1; NS's four honours not scored (at four when the
    # deal began).
    'w27_laws_at_four_after_deduct': (
        {'preset': 'laws1864'},
        [{'tricks': {'NS': 10}},
         {'tricks': {'EW': 7}, 'honours': {'NS': 4}, 'revoke': {'by': 'NS', 'penalty': 'deduct'}}],
        0, {'NS': {'score': 1}, 'EW': {'score': 1}}),
    # Game 1: NS 3 honours dropped -> treble 3 to EW. Game 2: NS 3 by cards -> single 1. Rubber EW
    # 2-0: 3+1+2 = 6.
    'w28_eng_drop_per_game_rubber': (
        {'preset': 'english'},
        [{'tricks': {'EW': 7}, 'honours': {'NS': 3}},
         {'tricks': {'EW': 10}},
         {'tricks': {'NS': 9}},
         {'tricks': {'EW': 11}}],
        -6, {'EW': {'rubbers': [6]}}),
    # Sides named by players: EW 7/NS 6, S (NS) four honours, Wp (EW) revokes (deduct): EW 0 then
    # 1; NS no trick point -> 4 (below target anyway).
    'w29_names_both_tricks': (
        {'preset': 'english'},
        [{'tricks': {'NS': 6, 'EW': 7}, 'honours': {'S': 4}, 'revoke': {'by': 'Wp'}}],
        0, {'NS': {'score': 4}, 'EW': {'score': 1}}),
}


@pytest.mark.parametrize("name", list(WHIST))
def test_whist_hand_computed(tmp_path, name):
    rules, deals, ns, parts = WHIST[name]
    got = settle_json(tmp_path, whist_game(deals, rules))
    # spec, Balance: each member of a side gets that side's net.
    assert {p: Fraction(v) for p, v in got["balance"].items()} == \
        {"N": ns, "S": ns, "E": -ns, "Wp": -ns}
    for side, fields in parts.items():
        for key, value in fields.items():
            assert got["sheet"][side][key] == value, (side, key)
