"""The sample pulkas in samples/: their sheets and settlements, tallied by hand.

Each deal's changes were worked out on paper from the rules of its preset and
are written below in a small shorthand: ``A:p2`` (A's pulya +2), ``A:g-4``
(A's gora -4), ``M>A:8`` (M writes 8 vists on A).  The test adds them up, checks
the program's sheet against the sums, then settles the sums with the spec's
formula (independently of the game module) and checks the program's balance.
"""

from fractions import Fraction
from pathlib import Path

import pytest

from whistscore.games.preferans import GAME
from whistscore.files import load
from whistscore.replay import replay
from whistscore.settlement import settle

SAMPLES = Path(__file__).resolve().parents[3] / "samples"

TALLIES = {
    # Sochi, pulya 10: games 2/4/6/8/10, vists/remiz/consolation 2/4/6/8/10, all-pass 1,2,3
    "preferans-sochi.json": ({"A": "Alexei", "M": "Marina", "P": "Pavel"}, [
        "A:p2 M>A:8",                       # 6 made; M alone, greedy: 4 tricks x 2
        "A:g3 M:g4 P:g3",                   # all-pass x1
        "A:g4 M:g4 P:g12",                  # all-pass x2
        "M:p4 P>M:12",                      # 7 made; P writes 3 x 4
        "P:p6",                             # 8NT, both pass
        "A:g4 M>A:16 P>A:8",                # 7 down 1: M 3x4+4, P 1x4+4
        "P:p2 A>P:2 M>P:2 A:g2 M:g2",       # 6 made, both whisters below 2 of 4: each owes 1
        "A:g1 M:g5 P:g4",                   # all-pass x1 (series reset)
        "A:p2 M:g12 P:g8",                  # all-pass x2, Alexei's zero into the pulya
        "M:p6 P:p2 M>P:20 A:p2 M>A:20",     # misère 10: 6 close, 2 to Pavel (fullest), 2 to Alexei
        "A:p2 P>A:4",                       # half-whist on a six: 2 tricks x 2
        "A:g8 M>A:28 P>A:8",                # 7 down 2: M greedy 5x4 + 2x4, P consoles 8
        "A:p2 A:g-4",                       # 8 made: 2 close, 4 over every pulya off the gora
    ], {"Alexei": -30, "Marina": 52, "Pavel": -22}),
    # Leningrad, pulya 10: vists/remiz/consolation 4/8/12/16/20, half-responsible,
    # gentleman, all-pass 2,4,6, misère 10;20, P = 20, G = 10
    "preferans-leningrad.json": ({"I": "Igor", "L": "Lena", "S": "Sasha"}, [
        "I:p2 L>I:12 L:g2",                 # 6 made; L 3x4; defence 3 of 4: half of 4
        "I:g8 L:g6 S:g6",                   # all-pass x2
        "L:g8 S>L:24 I>L:24",               # 7 down 1: 4 tricks x 8 halved = 16 each, + 8
        "S:p2 I>S:8",                       # half-whist from the first hand: 2 x 4
        "I:g20",                            # misère caught 1 x 20
        "L:p6 S>L:12 I>L:12",               # 8 made, two whisters 1 x 12 each
        "S:p4 I>S:24",                      # 7 made, whist returned: I writes 3 x 8
        "I:g4 L:g4 S:g12",                  # all-pass x2 (series reset)
        "I:p4 L:g16 S:g24",                 # all-pass x4, Igor's zero into the pulya
        "I:p4",                             # 7 both pass
        "L:p4 S:p4 L>S:80 L:g-4",           # misère: 4 close, 4 help x 20, 2 x 20/10 off
    ], {"Igor": Fraction(268, 3), "Lena": Fraction(160, 3), "Sasha": Fraction(-428, 3)}),
    # Rostov, pulya 10: Sochi prices, gentleman, half-responsible, Rostov all-pass 5 a trick
    "preferans-rostov.json": ({"D": "Dmitry", "O": "Olga", "K": "Kostya"}, [
        "D:p2 O>D:8",
        "D>O:20 D>K:25",                    # D (1 trick) writes 5 x 4 on O, 5 x 5 on K
        "O:p4 K>O:4 D>O:8",
        "K:g2 D>K:7 O>K:7",                 # 6 down 1: 5 tricks x 2 halved, + 2 each
        "D>K:20 O>K:20",                    # D and O tied on 3: each 5 x 4 on K
        "D:p6",
        "K:p10",
        "O:p2 D>O:8",
        "D>O:25 D>K:25 D:p1",               # D without a trick: 5 x 5 on each, 1 into pulya
        "O:p4 K>O:8",
        "D:p1 D:g-1 O>D:8",                 # 6 made: 1 closes, 1 over every pulya off the gora
    ], {"Dmitry": Fraction(406, 3), "Olga": Fraction(-80, 3), "Kostya": Fraction(-326, 3)}),
    # classic, pulya 10: Sochi prices, greedy, half-responsible until the pulya is closed
    "preferans-classic.json": ({"N": "Nikolai", "T": "Tanya", "Y": "Yura"}, [
        "N:p2 T>N:4 T:g2",                  # defence 2 of 4, T's pulya open: half of 2 x 2
        "T:p4",
        "Y:g4 N>Y:10 T>Y:10",               # seed 003 style: 3x2 + 2x2 each
        "N:g3 T:g3 Y:g4",
        "N:p6",
        "T:p4 Y>T:12",
        "Y:g20",                            # misère caught 2 x 10
        "T:p2",                             # Tanya's pulya closes
        "N:p2 Y:p2 N>Y:20 T>N:4 T:g4",      # 7: 2 help to Yura; T short 1, pulya closed: full 4
        "Y:p6",
        "N:g4 T:g4 Y:g2",
        "Y:p2 T>Y:4",
    ], {"Nikolai": Fraction(356, 3), "Tanya": Fraction(140, 3), "Yura": Fraction(-496, 3)}),
    # encyclopedia (seed 003), pulya 100: games 20..100, vists 2..10, remiz 20..100,
    # defenders console, obligations 4/2/2/2/0 (alone 4/2/1/1/0), all-pass 10,20,30, P = G = 1
    "preferans-encyclopedia.json": ({"F": "Fyodor", "G": "Galina", "R": "Roman"}, [
        "F:g40 G>F:10 R>F:10",              # the seed's 6 down two: 3x2 + 2x2 each
        "G:p40 R>G:12",
        "R:p60 G>R:6",                      # half-whist on an eight: 1 trick x 6
        "F:g50 G:g30 R:g20",
        "R:g20 F>R:8 G>R:6",                # 6 down 1: F 3x2+2, G 2x2+2
        "F:g40 G:g40 R:g20",
        "F:g60 G:p20 R:g140",               # all-pass x20, Galina's zero into the pulya
        "F:p80",
        "R:p20 F>R:6 F:g20",                # F alone short 1 of 4: full 20
        "G:p40 R:p20 G>R:20 F:p20 G>F:20 G:g-20",  # misère 100: tie F/R at 80 -> Roman first
    ], {"Fyodor": Fraction(-248, 3), "Galina": Fraction(460, 3), "Roman": Fraction(-212, 3)}),
    # Sochi with four players, pulya 10: the dealer sits out and consoles
    "preferans-sochi-4players.json": ({"A": "Anna", "B": "Boris", "V": "Vera", "G": "Gleb"}, [
        "B:p2 V>B:8",
        "A:g8 V>A:24 G>A:12 B>A:8",         # 7 down 2: V 4x4+8, G 1x4+8, dealer Boris 8
        "A:g3 B:g3 G:g4",
        "V:p6",
        "G:p10",
        "A:g2 V:g4 G:g4",
        "A:p2 B:g12 G:g8",
        "A:p2 V>A:4",
        "B:p4 V>B:12",
        "V:p4 G>V:12",
        "A:p6",
        "B:p4 V>B:12",
    ], {"Anna": -58, "Boris": -54, "Vera": 128, "Gleb": -16}),
}


def tally(short: dict, deals: list[str]):
    pulya = {name: 0 for name in short.values()}
    gora = dict(pulya)
    vists = {(a, b): 0 for a in pulya for b in pulya if a != b}
    for line in deals:
        for item in line.split():
            who, rest = item.split(":")
            if ">" in who:
                a, b = who.split(">")
                vists[short[a], short[b]] += int(rest)
            elif rest[0] == "p":
                pulya[short[who]] += int(rest[1:])
            else:
                assert rest[0] == "g", item
                gora[short[who]] += int(rest[1:])
    return pulya, gora, vists


def formula_balance(pulya, gora, vists, P, G):
    """spec preferans.md, Settlement, computed here on its own."""
    n = len(pulya)
    gbar = Fraction(sum(gora.values()), n)
    pbar = Fraction(sum(pulya.values()), n)
    out = {}
    for i in pulya:
        written = sum(v for (a, _), v in vists.items() if a == i)
        received = sum(v for (_, b), v in vists.items() if b == i)
        out[i] = written - received - G * (gora[i] - gbar) + P * (pulya[i] - pbar)
    return out


@pytest.mark.parametrize("name", sorted(TALLIES))
def test_sample_sheet_and_settlement(name):
    short, deals, expected = TALLIES[name]
    game = load(SAMPLES / name)
    rep = replay(game)
    assert rep.finished
    assert len(deals) == len(game.deals)
    pulya, gora, vists = tally(short, deals)
    assert all(v == game.rules["pulya"] for v in pulya.values())
    sheet = GAME.sheet_json(rep.state, game.rules)
    for p in pulya:
        assert sheet[p]["pulya"] == pulya[p], p
        assert sheet[p]["gora"] == gora[p], p
        for q, amount in sheet[p]["vists"].items():
            assert amount == vists[p, q], (p, q)
    balance = formula_balance(pulya, gora, vists, game.rules["pulya_points"],
                              game.rules["gora_points"])
    assert balance == expected
    assert rep.balance() == expected
    assert sum(expected.values()) == 0


@pytest.mark.parametrize("name", sorted(TALLIES))
def test_sample_settles_to_money(name):
    game = load(SAMPLES / name)
    s = settle(replay(game))
    assert s.money is not None and sum(s.money.values()) == 0
    assert len(s.transfers) <= len(game.players) - 1


def test_every_sample_is_listed():
    assert sorted(p.name for p in SAMPLES.glob("preferans-*.json")) == sorted(TALLIES)


def test_sample_sheet_tables_show_running_sequences():
    game = load(SAMPLES / "preferans-sochi.json")
    tables = GAME.sheet_tables(replay(game))
    pulka = tables[0]
    rows = {row[0].value: row for row in pulka.rows}
    # Alexei's pulya: 2, 4 (all-pass zero), 6 (help), 8 (half-whist), 10
    assert rows["Alexei"][1].value == "2.4.6.8.10"
    # his gora: 3.7.11.13.14.22.18 (the last: 4 over every pulya written off)
    assert rows["Alexei"][2].value == "3.7.11.13.14.22.18"
    # Marina's vists on Alexei: 8.24.44.72
    assert rows["Marina"][3].value == "8.24.44.72"
    assert all(e.player == "Marina" and e.against == "Alexei" for e in rows["Marina"][3].sources)
