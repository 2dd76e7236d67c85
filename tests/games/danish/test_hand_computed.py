"""Danish whist games scored BY HAND from the spec (an independent audit of the scoring).

Every expected balance below was computed on paper from spec/danish.md and spec/journal.md (and
docs/*.md for the readings the spec leaves open), before looking at the program's output; each test
carries its arithmetic and the spec sentence it checks. The program is run as a user runs it:
``whistscore settle FILE --json``.

Bad input of the kinds the spec lists must be refused with exit status 1, the file untouched.
"""

from __future__ import annotations

import hashlib
import json
from fractions import Fraction

import pytest



from clirun import run  # noqa: E402  (one way to drive the CLI)


def settle(tmp_path, game):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    code, out, err = run(["settle", str(path), "--json"])
    assert code == 0, err
    return json.loads(out)


def check(tmp_path, game, balance, finished=None):
    result = settle(tmp_path, game)
    got = {p: Fraction(v) for p, v in result["balance"].items()}
    assert got == {p: Fraction(v) for p, v in balance.items()}
    assert sum(got.values()) == 0
    if finished is not None:
        assert result["finished"] is finished


def DK(players, rules, deals):
    return {"format": "whistscore", "version": 1, "game": "danish", "players": players,
            "rules": rules, "deals": deals}


def test_danish_attachment_plain_failed(tmp_path):
    # Anna 8 strong with Carl, 9: 20*2=40, +1 over -> 80: A,C +80, B,D -80. Bo 11 with Dina, 11: 160.
    # Carl 9 with Anna, 6: 40*2*3=-240. Anna 80-160-240=-320; Bo -80+160+240=320; Carl
    # 80-160-240=-320; Dina 320.
    game = DK(['Anna', 'Bo', 'Carl', 'Dina'], {},
                [{'declarer': 'Anna', 'bid': 8, 'attachment': 'strong', 'partner': 'Carl', 'tricks': 9},
                 {'declarer': 'Bo', 'bid': 11, 'partner': 'Dina', 'tricks': 11},
                 {'declarer': 'Carl', 'bid': 9, 'partner': 'Anna', 'tricks': 6}])
    check(tmp_path, game, {'Anna': '-320', 'Bo': '320', 'Carl': '-320', 'Dina': '320'})


def test_danish_alone_attachment_failed(tmp_path):
    # Dina 9 tournee alone 7: 40*2=80, down 2 double: A=-320; Dina -960, others +320. spec: 'Alone:
    # declarer +3A, each of the three others -A'
    game = DK(['Anna', 'Bo', 'Carl', 'Dina'], {},
                [{'declarer': 'Dina', 'bid': 9, 'attachment': 'tournee', 'partner': None, 'tricks': 7}])
    check(tmp_path, game, {'Anna': '320', 'Bo': '320', 'Carl': '320', 'Dina': '-960'})


def test_danish_negative_contracts(tmp_path):
    # Anna solo 0 lost: -300/+100; Bo open_nolo 1 lost: -1200/+400; Carl nolo 0 made +300/-100; Dina
    # open_solo 1 made +450/-150. Anna -300+400-100-150=-150; Bo 100-1200-100-150=-1350; Carl
    # 100+400+300-150=650; Dina 100+400-100+450=850.
    game = DK(['Anna', 'Bo', 'Carl', 'Dina'], {},
                [{'declarer': 'Anna', 'bid': 'solo', 'tricks': 0},
                 {'declarer': 'Bo', 'bid': 'open_nolo', 'tricks': 1},
                 {'declarer': 'Carl', 'bid': 'nolo', 'tricks': 0},
                 {'declarer': 'Dina', 'bid': 'open_solo', 'tricks': 1}])
    check(tmp_path, game, {'Anna': '-150', 'Bo': '-1350', 'Carl': '650', 'Dina': '850'})


def test_danish_five_players(tmp_path):
    # Five players, dealer rotates from Anna and sits out: d1 (Anna deals) Bo 7 w Carl 7: +10 B,C; -10
    # D,E. d2 (Bo) Anna nolo 0: +300, -100 C,D,E. d3 (Carl) Dina 10 alone 10: +240, -80 A,B,E. d4
    # (Dina) Erik 8 half w Anna 6: 40 down 2 -> -160 E,A; +160 B,C. d5 (Erik) Anna solo 1: +150; -50
    # B,C,D. Anna 300-80-160+150=210; Bo 10-80+160-50=40; Carl 10-100+160-50=20; Dina
    # -10-100+240-50=80; Erik -10-100-80-160=-350.
    game = DK(['Anna', 'Bo', 'Carl', 'Dina', 'Erik'], {},
                [{'declarer': 'Bo', 'bid': 7, 'partner': 'Carl', 'tricks': 7},
                 {'declarer': 'Anna', 'bid': 'nolo', 'tricks': 0},
                 {'declarer': 'Dina', 'bid': 10, 'partner': None, 'tricks': 10},
                 {'declarer': 'Erik', 'bid': 8, 'attachment': 'half', 'partner': 'Anna', 'tricks': 6},
                 {'declarer': 'Anna', 'bid': 'solo', 'tricks': 1}])
    check(tmp_path, game, {'Anna': '210', 'Bo': '40', 'Carl': '20', 'Dina': '80', 'Erik': '-350'})


def test_danish_overtricks_none_failed_factor_3(tmp_path):
    # overtricks=none, failed_factor=3: Anna 7 good alone 10: 20, no overtricks -> +60/-20. Bo 8 with
    # Carl 6: 20*3*2=-120. Anna 60+120=180; Bo -20-120=-140; Carl -140; Dina -20+120=100.
    game = DK(['Anna', 'Bo', 'Carl', 'Dina'], {'overtricks': 'none', 'failed_factor': 3},
                [{'declarer': 'Anna', 'bid': 7, 'attachment': 'good', 'partner': None, 'tricks': 10},
                 {'declarer': 'Bo', 'bid': 8, 'partner': 'Carl', 'tricks': 6}])
    check(tmp_path, game, {'Anna': '180', 'Bo': '-140', 'Carl': '-140', 'Dina': '100'})


def test_danish_failed_factor_1(tmp_path):
    # failed_factor=1: Carl 10 with Bo, 7 tricks: 80*1*3=-240 for Carl and Bo, +240 Anna, Dina.
    game = DK(['Anna', 'Bo', 'Carl', 'Dina'], {'failed_factor': 1},
                [{'declarer': 'Carl', 'bid': 10, 'partner': 'Bo', 'tricks': 7}])
    check(tmp_path, game, {'Anna': '240', 'Bo': '-240', 'Carl': '-240', 'Dina': '240'})


def test_danish_alone_factor_2_thirds(tmp_path):
    # alone_factor=2: Anna 8 alone 9: A=40; Anna +80, each other -80/3.
    game = DK(['Anna', 'Bo', 'Carl', 'Dina'], {'alone_factor': 2},
                [{'declarer': 'Anna', 'bid': 8, 'partner': None, 'tricks': 9}])
    check(tmp_path, game, {'Anna': '80', 'Bo': '-80/3', 'Carl': '-80/3', 'Dina': '-80/3'})


def test_danish_nolo_values_alone_factor_no_effect(tmp_path):
    # nolo_values 10/20/30/40, alone_factor 6: Anna open_solo 1 -> +90/-30; Bo solo 2 lost ->
    # -6*10=-60/+20. Anna 90+20=110; Bo -30-60=-90; Carl -30+20=-10; Dina -10.
    game = DK(['Anna', 'Bo', 'Carl', 'Dina'], {'alone_factor': 6, 'nolo_values': {'solo': 10, 'nolo': 20, 'open_solo': 30, 'open_nolo': 40}},
                [{'declarer': 'Anna', 'bid': 'open_solo', 'tricks': 1},
                 {'declarer': 'Bo', 'bid': 'solo', 'tricks': 2}])
    check(tmp_path, game, {'Anna': '110', 'Bo': '-90', 'Carl': '-10', 'Dina': '-10'})


def test_danish_base_13_sans(tmp_path):
    # base 5: Carl 13 sans with Dina 13: 5*64*2=640. Carl, Dina +640; Anna, Bo -640.
    game = DK(['Anna', 'Bo', 'Carl', 'Dina'], {'base': 5},
                [{'declarer': 'Carl', 'bid': 13, 'attachment': 'sans', 'partner': 'Dina', 'tricks': 13}])
    check(tmp_path, game, {'Anna': '-640', 'Bo': '-640', 'Carl': '640', 'Dina': '640'})


def test_danish_own_ace_is_alone(tmp_path):
    # Bo 7 partner Bo (own ace) 9: A=10*3=30; Bo +90, others -30.
    game = DK(['Anna', 'Bo', 'Carl', 'Dina'], {},
                [{'declarer': 'Bo', 'bid': 7, 'partner': 'Bo', 'tricks': 9}])
    check(tmp_path, game, {'Anna': '-30', 'Bo': '90', 'Carl': '-30', 'Dina': '-30'})


def test_danish_lost_negatives_edge_tricks(tmp_path):
    # open_solo with 0 tricks lost: -900/+300 (Anna); nolo with 1 trick lost: -600/+200 (Bo). Anna
    # -900+200=-700; Bo 300-600=-300; Carl 500; Dina 500.
    game = DK(['Anna', 'Bo', 'Carl', 'Dina'], {},
                [{'declarer': 'Anna', 'bid': 'open_solo', 'tricks': 0},
                 {'declarer': 'Bo', 'bid': 'nolo', 'tricks': 1}])
    check(tmp_path, game, {'Anna': '-700', 'Bo': '-300', 'Carl': '500', 'Dina': '500'})


def test_danish_five_players_dealer_override(tmp_path):
    # 5 players: d1 dealer Carl (given): Anna 7 with Bo 8: 10*2=20: A,B +20, D,E -20, Carl 0. d2
    # dealer Dina (continues): Erik nolo 0: +300, -100 A,B,C. Anna 20-100=-80; Bo -80; Carl -100; Dina
    # -20; Erik -20+300=280.
    game = DK(['Anna', 'Bo', 'Carl', 'Dina', 'Erik'], {},
                [{'dealer': 'Carl', 'declarer': 'Anna', 'bid': 7, 'partner': 'Bo', 'tricks': 8},
                 {'declarer': 'Erik', 'bid': 'nolo', 'tricks': 0}])
    check(tmp_path, game, {'Anna': '-80', 'Bo': '-80', 'Carl': '-100', 'Dina': '-20', 'Erik': '280'})


def test_danish_danish_words_in_file(tmp_path):
    # file uses 'gode' (= good): Anna 9 gode with Bo, 9 tricks: 40*2=80: A, B +80; C, D -80.
    game = DK(['Anna', 'Bo', 'Carl', 'Dina'], {},
                [{'declarer': 'Anna', 'bid': 9, 'attachment': 'gode', 'partner': 'Bo', 'tricks': 9}])
    check(tmp_path, game, {'Anna': '80', 'Bo': '80', 'Carl': '-80', 'Dina': '-80'})



# Bad input the spec lists (journal.md, danish.md Deals/Options):
# settle and check must exit 1 with no traceback, and the file must be left as it was.
BAD = {
    'dk_bid_14':
        {'format': 'whistscore',
         'version': 1,
         'game': 'danish',
         'players': ['Anna', 'Bo', 'Carl', 'Dina'],
         'rules': {},
         'deals': [{'declarer': 'Anna', 'bid': 14, 'partner': 'Bo', 'tricks': 13}]},
    'dk_bid_6':
        {'format': 'whistscore',
         'version': 1,
         'game': 'danish',
         'players': ['Anna', 'Bo', 'Carl', 'Dina'],
         'rules': {},
         'deals': [{'declarer': 'Anna', 'bid': 6, 'partner': 'Bo', 'tricks': 7}]},
    'dk_tricks_14':
        {'format': 'whistscore',
         'version': 1,
         'game': 'danish',
         'players': ['Anna', 'Bo', 'Carl', 'Dina'],
         'rules': {},
         'deals': [{'declarer': 'Anna', 'bid': 8, 'partner': 'Bo', 'tricks': 14}]},
    'dk_negative_with_partner':
        {'format': 'whistscore',
         'version': 1,
         'game': 'danish',
         'players': ['Anna', 'Bo', 'Carl', 'Dina'],
         'rules': {},
         'deals': [{'declarer': 'Anna', 'bid': 'solo', 'partner': 'Bo', 'tricks': 1}]},
    'dk_missing_partner':
        {'format': 'whistscore',
         'version': 1,
         'game': 'danish',
         'players': ['Anna', 'Bo', 'Carl', 'Dina'],
         'rules': {},
         'deals': [{'declarer': 'Anna', 'bid': 8, 'tricks': 8}]},
    'dk_bad_attachment':
        {'format': 'whistscore',
         'version': 1,
         'game': 'danish',
         'players': ['Anna', 'Bo', 'Carl', 'Dina'],
         'rules': {},
         'deals': [{'declarer': 'Anna',
                    'bid': 8,
                    'attachment': 'super',
                    'partner': 'Bo',
                    'tricks': 8}]},
    'dk_attachment_on_nolo':
        {'format': 'whistscore',
         'version': 1,
         'game': 'danish',
         'players': ['Anna', 'Bo', 'Carl', 'Dina'],
         'rules': {},
         'deals': [{'declarer': 'Anna', 'bid': 'nolo', 'attachment': 'good', 'tricks': 0}]},
    'dk_dealer_declares_5p':
        {'format': 'whistscore',
         'version': 1,
         'game': 'danish',
         'players': ['Anna', 'Bo', 'Carl', 'Dina', 'Erik'],
         'rules': {},
         'deals': [{'declarer': 'Anna', 'bid': 8, 'partner': 'Bo', 'tricks': 8}]},
    'dk_dealer_partner_5p':
        {'format': 'whistscore',
         'version': 1,
         'game': 'danish',
         'players': ['Anna', 'Bo', 'Carl', 'Dina', 'Erik'],
         'rules': {},
         'deals': [{'declarer': 'Bo', 'bid': 8, 'partner': 'Anna', 'tricks': 8}]},
    'dk_three_players':
        {'format': 'whistscore',
         'version': 1,
         'game': 'danish',
         'players': ['A', 'B', 'C'],
         'rules': {},
         'deals': []},
    'dk_six_players':
        {'format': 'whistscore',
         'version': 1,
         'game': 'danish',
         'players': ['A', 'B', 'C', 'D', 'E', 'F'],
         'rules': {},
         'deals': []},
    'dk_unknown_option':
        {'format': 'whistscore',
         'version': 1,
         'game': 'danish',
         'players': ['Anna', 'Bo', 'Carl', 'Dina'],
         'rules': {'bonus': 3},
         'deals': []},
    'dk_nolo_values_incomplete':
        {'format': 'whistscore',
         'version': 1,
         'game': 'danish',
         'players': ['Anna', 'Bo', 'Carl', 'Dina'],
         'rules': {'nolo_values': {'solo': 50}},
         'deals': []},
    'dk_unknown_player':
        {'format': 'whistscore',
         'version': 1,
         'game': 'danish',
         'players': ['Anna', 'Bo', 'Carl', 'Dina'],
         'rules': {},
         'deals': [{'declarer': 'Zed', 'bid': 8, 'partner': 'Bo', 'tricks': 8}]},
    'dk_bad_overtricks':
        {'format': 'whistscore',
         'version': 1,
         'game': 'danish',
         'players': ['Anna', 'Bo', 'Carl', 'Dina'],
         'rules': {'overtricks': 'some'},
         'deals': []},
    'dk_failed_factor_0':
        {'format': 'whistscore',
         'version': 1,
         'game': 'danish',
         'players': ['Anna', 'Bo', 'Carl', 'Dina'],
         'rules': {'failed_factor': 0},
         'deals': []},
    'dk_bid_string_number':
        {'format': 'whistscore',
         'version': 1,
         'game': 'danish',
         'players': ['Anna', 'Bo', 'Carl', 'Dina'],
         'rules': {},
         'deals': [{'declarer': 'Anna', 'bid': '8x', 'partner': 'Bo', 'tricks': 8}]},
    'dk_float_tricks':
        {'format': 'whistscore',
         'version': 1,
         'game': 'danish',
         'players': ['Anna', 'Bo', 'Carl', 'Dina'],
         'rules': {},
         'deals': [{'declarer': 'Anna', 'bid': 8, 'partner': 'Bo', 'tricks': 8.0}]},
    'dk_bool_tricks':
        {'format': 'whistscore',
         'version': 1,
         'game': 'danish',
         'players': ['Anna', 'Bo', 'Carl', 'Dina'],
         'rules': {},
         'deals': [{'declarer': 'Anna', 'bid': 8, 'partner': 'Bo', 'tricks': True}]},
}


@pytest.mark.parametrize("name", sorted(BAD))
@pytest.mark.parametrize("command", ["settle", "check"])
def test_bad_input_refused(tmp_path, name, command):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(BAD[name], ensure_ascii=False), encoding="utf-8")
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    code, out, err = run([command, str(path)] + (["--json"] if command == "settle" else []))
    assert code == 1, (out, err)
    assert "Traceback" not in out + err
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
