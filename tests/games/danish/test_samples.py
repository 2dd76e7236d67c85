"""The Danish sample evenings, settled by hand.

Each row below is one deal worked out on paper from spec danish.md (Scoring) and
seed 004 «Подсчет очков» (7 = 10 … 13 = 640, overtrick = the bid again, attachment x 2,
alone x 3, solo 50 / nolo 100 / open solo 150 / open nolo 200, a lost one paid double;
a failed contract costs double per undertrick).  The test sums the rows itself.
"""

from decimal import Decimal
from pathlib import Path

import pytest

from whistscore import files, journal
from whistscore.replay import replay
from whistscore.settlement import settle

SAMPLES = Path(__file__).resolve().parents[3] / "samples"

#        Mette  Lars Søren Kirsten
FOUR = [
    (-20, 20, 20, -20),      # 1  Lars 7 + Søren, 8: 10 x 2
    (40, -40, -40, 40),      # 2  Kirsten 8 good + Mette, 8: 40
    (80, -80, -80, 80),      # 3  Søren 9 + Lars, 8: 40 x 2 x 1 down
    (150, -50, -50, -50),    # 4  Mette solo made
    (-40, 120, -40, -40),    # 5  Lars 7 tournee alone, 8: 20 x 2 = 40; x 3
    (-40, -40, 40, 40),      # 6  Kirsten 8 + Søren, 9: 20 x 2
    (-100, -100, 300, -100),  # 7  Søren nolo made
    (160, -160, -160, 160),  # 8  Mette 9 half + Kirsten, 10: 80 x 2
    (-40, -40, 40, 40),      # 9  Lars 8 + Mette, 7: 20 x 2 x 1
    (200, 200, 200, -600),   # 10 Kirsten nolo lost: 6 x 100
    (-30, -30, 30, 30),      # 11 Søren 7 + Kirsten, 9: 10 x 3
    (160, 160, -160, -160),  # 12 Mette 10 strong + Lars, 10: 160
    (80, -240, 80, 80),      # 13 Lars 8 alone (own ace), 6: 20 x 2 x 2 = 80; x 3
    (80, -80, 80, -80),      # 14 Søren 8 sans + Mette, 9: 40 x 2
    (-150, -150, -150, 450),  # 15 Kirsten open solo made
    (10, -10, 10, -10),      # 16 Mette 7 + Søren, 7
    (160, -160, 160, -160),  # 17 Lars 9 good + Kirsten, 8: 80 x 2 x 1
    (-80, 80, 80, -80),      # 18 Søren 8 + Lars, 11: 20 x 4
    (40, -40, -40, 40),      # 19 Kirsten 9 + Mette, 9
    (-300, 100, 100, 100),   # 20 Mette solo, 2 tricks: lost, 6 x 50
    (-80, 80, 80, -80),      # 21 Lars 10 + Søren, 10
    (-80, -80, -80, 240),    # 22 Kirsten 8 good alone, 9: 40 x 2 = 80; x 3
]

#        Jens Birgit Henrik Lone Poul     (the dealer, in brackets, sits out)
FIVE = [
    (0, 40, -40, 40, -40),        # 1  [Jens] Birgit 8 + Lone, 9: 20 x 2
    (-20, 0, 20, -20, 20),        # 2  [Birgit] Henrik 7 good + Poul, 7: 20
    (-50, -50, 0, 150, -50),      # 3  [Henrik] Lone solo made
    (-80, 80, 80, 0, -80),        # 4  [Lone] Poul 9 + Jens, 8: 40 x 2 x 1
    (60, -20, -20, -20, 0),       # 5  [Poul] Jens 8 alone, 8: 20 x 3
    (0, 300, -100, -100, -100),   # 6  [Jens] Birgit nolo made
    (160, 0, -160, -160, 160),    # 7  [Birgit] Henrik 10 + Lone, 9: 80 x 2 x 1
    (120, -120, 0, 120, -120),    # 8  [Henrik] Lone 8 half + Jens, 10: 40 x 3
    (-200, -200, -200, 0, 600),   # 9  [Lone] Poul open nolo made
    (40, -40, 40, -40, 0),        # 10 [Poul] Jens 9 + Henrik, 9
    (0, 10, -10, -10, 10),        # 11 [Jens] Birgit 7 + Poul, 7
    (100, 0, -300, 100, 100),     # 12 [Birgit] Henrik solo, 0 tricks: lost, 6 x 50
    (160, 160, 0, -480, 160),     # 13 [Henrik] Lone 9 sans alone, 8: 80 x 2 = 160; x 3
    (40, 40, -40, 0, -40),        # 14 [Lone] Jens 8 + Birgit, 9: 20 x 2
    (-160, 160, 160, -160, 0),    # 15 [Poul] Birgit 11 + Henrik, 11: 160
    (0, -40, -40, 40, 40),        # 16 [Jens] Poul 8 good + Lone, 8: 40
    (20, -20, 0, 20, -20),        # 17 [Henrik, the deal passed] Jens 7 + Lone, 8: 10 x 2
    (-50, 150, -50, 0, -50),      # 18 [Lone] Birgit solo made
]


@pytest.mark.parametrize("name, rows, totals, money", [
    ("danish-evening-4.json", FOUR, [200, -540, 420, -80],
     ["10.00", "-27.00", "21.00", "-4.00"]),
    ("danish-evening-5.json", FIVE, [140, 450, -660, -520, 590],
     ["14.00", "45.00", "-66.00", "-52.00", "59.00"]),
])
def test_sample_evening(name, rows, totals, money):
    game = files.load(SAMPLES / name)
    assert len(game.deals) == len(rows) >= 18
    assert all(sum(row) == 0 for row in rows)
    by_hand = [sum(column) for column in zip(*rows)]
    assert by_hand == totals
    result = replay(game)
    for res, row in zip(result.results, rows):
        got = [sum(e.amount for e in res.entries if e.player == p) for p in game.players]
        assert got == list(row), f"deal {res.number}"
    assert result.balance() == dict(zip(game.players, totals))
    s = settle(result)
    assert [str(s.money[p]) for p in game.players] == money
    assert sum(Decimal(m) for m in money) == 0
    assert s.to_json()["sheet"] == {p: {"points": t} for p, t in zip(game.players, totals)}


def test_samples_are_in_the_canonical_file_format():
    for path in sorted(SAMPLES.glob("danish-*.json")):
        text = path.read_text("utf-8")
        assert journal.dumps(journal.loads(text)) == text
        assert any('"note"' in line for line in text.splitlines())


def test_five_player_evening_follows_the_rotation():
    result = replay(files.load(SAMPLES / "danish-evening-5.json"))
    dealers = [res.dealer for res in result.results]
    assert dealers[:16] == ["Jens", "Birgit", "Henrik", "Lone", "Poul"] * 3 + ["Jens"]
    assert dealers[16:] == ["Henrik", "Lone"]
