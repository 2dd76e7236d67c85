"""The Twist sample games, settled by hand deal by deal (independent arithmetic).

Each deal's gora, remark and vists below were worked out on paper from the seed
and the spec; the test adds them up, applies the three settlement steps written
out again here, and compares with what the program computes.
"""

from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from gen_twist import settle_by_hand
from whistscore import files, journal
from whistscore.replay import replay
from whistscore.settlement import settle

SAMPLES = Path(__file__).resolve().parents[3] / "samples"

# -- samples/twist-bombs-and-twist-round.json (gora 15) -----------------------------------
# Oleg & Pavel against Irina & Sveta.
BOMBS = {
    "file": "twist-bombs-and-twist-round.json",
    "deals": [
        # 1: Oleg 8H made +1, v = 6
        dict(gora={"Oleg": -5, "Irina": -2, "Pavel": -4, "Sveta": -1},
             remark={"Oleg": 60, "Irina": 6, "Pavel": 6, "Sveta": 6},
             vists={("Pavel", "Oleg"): 24, ("Irina", "Oleg"): 12, ("Sveta", "Oleg"): 6}),
        # 2: Irina's simple bomb worth 2, made with 1 trick (10v = 20 per trick);
        #    X for Irina, O for the other three
        dict(gora={"Oleg": 8, "Irina": 2, "Pavel": 8, "Sveta": 6},
             remark={"Oleg": -80, "Irina": -20, "Pavel": -80, "Sveta": -60},
             vists={("Irina", "Oleg"): 60, ("Irina", "Pavel"): 60, ("Irina", "Sveta"): 40,
                    ("Sveta", "Oleg"): 20, ("Sveta", "Pavel"): 20}),
        # 3: Pavel 5S opened, pair 7: made at v = 5; Pavel's O doubles Irina and Sveta;
        #    a twist round is due at 2 x 2 (the bomb before) = 4
        dict(gora={"Pavel": -4, "Oleg": -3, "Irina": -6, "Sveta": -4},
             remark={"Pavel": 50, "Oleg": 5, "Irina": 10, "Sveta": 10},
             vists={("Oleg", "Pavel"): 15 + 5, ("Irina", "Pavel"): 30, ("Sveta", "Pavel"): 20}),
        # 4: twist round at 4 per trick: 2 / 5 / 3 / 2
        dict(gora={}, remark={},
             vists={("Irina", "Oleg"): 12, ("Irina", "Pavel"): 8, ("Irina", "Sveta"): 12,
                    ("Pavel", "Oleg"): 4, ("Pavel", "Sveta"): 4}),
        # 5: Sveta 9NT under Oleg's twist, pair 8: one down, v = 7; Sveta's O doubles Oleg
        #    and Pavel, the failed twist doubles Oleg again (x4)
        dict(gora={"Sveta": 7, "Irina": 1, "Oleg": -12, "Pavel": -2},
             remark={"Sveta": -7, "Irina": -7, "Oleg": 28, "Pavel": 14},
             vists={("Sveta", "Irina"): 7, ("Oleg", "Sveta"): 84, ("Oleg", "Irina"): 28,
                    ("Pavel", "Sveta"): 14, ("Pavel", "Irina"): 14}),
        # 6: Pavel's double bomb worth 2 fails by one over
        dict(gora={"Pavel": 2, "Oleg": -2, "Irina": -2, "Sveta": -2},
             remark={"Oleg": -20, "Irina": -20, "Pavel": -20, "Sveta": -20},
             vists={("Oleg", "Pavel"): 20, ("Irina", "Pavel"): 20, ("Sveta", "Pavel"): 20}),
        # 7: Oleg's double dil worth 3 made with 5 tricks (30 per trick); his gora -> -14
        dict(gora={"Oleg": -15, "Irina": -6, "Pavel": -9, "Sveta": -6},
             remark={"Oleg": 150, "Irina": 60, "Pavel": 90, "Sveta": 60},
             vists={("Oleg", "Irina"): 90, ("Oleg", "Pavel"): 60, ("Oleg", "Sveta"): 90,
                    ("Pavel", "Irina"): 30, ("Pavel", "Sveta"): 30}),
    ],
    "gora": {"Oleg": -14, "Irina": 2, "Pavel": 6, "Sveta": 15},
    "remark": {"Oleg": 143, "Irina": 29, "Pavel": 60, "Sveta": -11},
    # step 1: 283, 9, 0, -161 (sum 131); step 2: 2002, -190, -262, -1550;
    # step 3: +254, +85, -158, -181
    "balance": {"Oleg": 2256, "Irina": -105, "Pavel": -420, "Sveta": -1731},
    "money": {"Oleg": "22.56", "Irina": "-1.05", "Pavel": "-4.20", "Sveta": "-17.31"},
    # every bomb or dil writes its symbols again beside live ones (spec twist.md, Nota; issue 11):
    # Oleg O d2, O d6, X d7; Irina X d2, O d6, O d7; Sveta O d2 (crossed d5), O d6, O d7
    "nota": {"Oleg": ["O", "O", "X"], "Irina": ["X", "O", "O"], "Pavel": ["O(crossed d3)", "O"],
             "Sveta": ["O(crossed d5)", "O", "O"]},
}

# -- samples/twist-dazin-and-pass.json (gora 20) --------------------------------------------
# Anna & Vera against Boris & Gleb.
DAZIN = {
    "file": "twist-dazin-and-pass.json",
    "deals": [
        # 1: Boris 12NT made, v = 10: dazin for Boris and Gleb
        dict(gora={"Boris": -7, "Gleb": -5}, remark={"Boris": 100, "Gleb": 10, "Anna": 10,
                                                     "Vera": 10},
             vists={("Gleb", "Boris"): 50}),
        # 2: Gleb 8S made exactly under Anna's twist, v = 6; the dazin doubles Gleb and Boris
        dict(gora={"Gleb": -8, "Boris": -8, "Anna": -2 + 2, "Vera": -2},
             remark={"Gleb": 120, "Boris": 12, "Anna": -12, "Vera": 6},
             vists={("Boris", "Gleb"): 48, ("Gleb", "Anna"): 24, ("Boris", "Anna"): 24,
                    ("Vera", "Gleb"): 12}),
        # 3: Vera 7H, Anna passed (Vera plays both hands), made with 6 + 1, v = 5;
        #    the dazin gets its second bar (the pair did not declare)
        dict(gora={"Vera": -7, "Boris": -3, "Gleb": -2},
             remark={"Vera": 50, "Boris": 5, "Gleb": 5},
             vists={("Anna", "Vera"): 5, ("Boris", "Vera"): 15, ("Gleb", "Vera"): 10}),
        # 4: Anna's simple bomb worth 1 made with 2 tricks: X for Anna, O for the others
        dict(gora={"Anna": 2, "Boris": 4, "Vera": 3, "Gleb": 3},
             remark={"Anna": -20, "Boris": -40, "Vera": -30, "Gleb": -30},
             vists={("Anna", "Boris"): 20, ("Anna", "Vera"): 10, ("Anna", "Gleb"): 10,
                    ("Vera", "Boris"): 10, ("Gleb", "Boris"): 10}),
        # 5: Anna 10D opened, made exactly, v = 8; her X doubles her own entries
        dict(gora={"Anna": -10, "Vera": -5, "Boris": -1, "Gleb": -1},
             remark={"Anna": 160, "Vera": 8, "Boris": 8, "Gleb": 8},
             vists={("Vera", "Anna"): 40 + 8, ("Boris", "Anna"): 8, ("Gleb", "Anna"): 8}),
        # 6: Boris 6C, pair 8: made at v = 5; his O doubles Anna and Vera;
        #    a twist round is due at 2 x 8 = 16
        dict(gora={"Boris": -4, "Gleb": -4, "Anna": -4, "Vera": -4},
             remark={"Boris": 50, "Gleb": 5, "Anna": 10, "Vera": 10},
             vists={("Gleb", "Boris"): 20, ("Anna", "Boris"): 20, ("Vera", "Boris"): 20}),
        # 7: twist round at 16: 4 / 2 / 3 / 3
        dict(gora={}, remark={},
             vists={("Anna", "Boris"): 32, ("Anna", "Vera"): 16, ("Anna", "Gleb"): 16,
                    ("Vera", "Boris"): 16, ("Gleb", "Boris"): 16}),
        # 8: Gleb 9H made +1 under Vera's twist (threefold), v = 7; Gleb's O doubles Anna
        #    and Vera; Boris and Gleb end below 0
        dict(gora={"Gleb": -6, "Boris": -4, "Anna": -2, "Vera": -2 + 6},
             remark={"Gleb": 70, "Boris": 7, "Anna": 14, "Vera": -42},
             vists={("Boris", "Gleb"): 28, ("Boris", "Vera"): 21, ("Gleb", "Vera"): 21,
                    ("Anna", "Gleb"): 14}),
    ],
    "gora": {"Anna": 6, "Boris": -3, "Vera": 9, "Gleb": -3},
    "remark": {"Anna": 162, "Boris": 142, "Vera": 12, "Gleb": 188},
    # step 1: 102, 172, -78, 218 (sum 414); step 2: -12, 548, -1452, 916;
    # step 3: +31, -70, +8, +31
    "balance": {"Anna": 19, "Boris": 478, "Vera": -1444, "Gleb": 947},
    "money": {"Anna": "0.95", "Boris": "23.90", "Vera": "-72.20", "Gleb": "47.35"},
    "nota": {"Anna": ["X(crossed d5)"], "Boris": ["dazin||", "O(crossed d6)"], "Vera": ["O"],
             "Gleb": ["dazin||", "O(crossed d8)"]},
}


@pytest.mark.parametrize("sample", [BOMBS, DAZIN], ids=lambda s: s["file"])
def test_sample_settles_as_worked_by_hand(sample):
    game = files.load(SAMPLES / sample["file"])
    start = game.rules["gora"]
    gora = Counter({p: start for p in game.players})
    remark = Counter({p: 0 for p in game.players})
    vists: Counter = Counter()
    for deal in sample["deals"]:
        gora.update(deal["gora"])
        remark.update(deal["remark"])
        vists.update(deal["vists"])
    assert dict(gora) == sample["gora"]
    assert dict(remark) == sample["remark"]
    by_hand = settle_by_hand(dict(gora), dict(remark), dict(vists))
    assert by_hand == sample["balance"]
    assert sum(by_hand.values()) == 0

    rp = replay(game)
    assert rp.finished
    assert rp.balance() == {p: Fraction(v) for p, v in sample["balance"].items()}
    s = settle(rp).to_json()
    assert s["finished"] is True and s["unit"] == "vist"
    assert s["balance"] == {p: str(v) for p, v in sample["balance"].items()}
    assert s["money"] == sample["money"]
    for p in game.players:
        sheet = s["sheet"][p]
        assert sheet["gora"] == sample["gora"][p]
        assert sheet["remark"] == sample["remark"][p]
        assert sheet["vists"] == {q: vists[p, q] for q in game.players if q != p}
        assert sheet["nota"] == sample["nota"][p]


@pytest.mark.parametrize("sample", [BOMBS, DAZIN], ids=lambda s: s["file"])
def test_sample_deal_by_deal(sample):
    rp = replay(files.load(SAMPLES / sample["file"]))
    for result, deal in zip(rp.results, sample["deals"]):
        gora, remark, vists = Counter(), Counter(), Counter()
        for e in result.outcome.entries:
            if e.column == "gora":
                gora[e.player] += e.amount
            elif e.column == "remark":
                remark[e.player] += e.amount
            else:
                vists[e.player, e.against] += e.amount
        assert {k: v for k, v in gora.items() if v} == {k: v for k, v in deal["gora"].items()
                                                        if v}, result.number
        assert dict(remark) == deal["remark"], result.number
        assert dict(vists) == deal["vists"], result.number


def test_sample_files_are_in_the_journal_format():
    for path in sorted(SAMPLES.glob("twist-*.json")):
        text = path.read_text("utf-8")
        game = journal.loads(text)
        assert journal.dumps(game) == text
        assert any(r.note for r in game.deals)
