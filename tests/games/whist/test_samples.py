"""The whist sample sessions settle as worked out by hand, deal by deal (english preset
scores per seed 001 «Ведение счета»; laws1864 and american per spec whist.md)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from whistscore.files import load
from whistscore.replay import replay
from whistscore.settlement import settle

SAMPLES = Path(__file__).resolve().parents[3] / "samples"


def _settle(name: str):
    return settle(replay(load(SAMPLES / name)))


def test_english_session_of_three_rubbers_and_a_bit():
    # NS = Margaret & Henry, EW = Edward & Catherine; below the line NS-EW.
    # Rubber 1.  d1 NS 2 by cards + 3 honours = 5: game, EW 0 -> treble 3.
    #   d2 EW 3.  d3 NS 1; EW's four honours without a trick stop at 4 (3+1).
    #   d4 EW 1 by cards -> 5: game, NS at 1 -> double 2.
    #   d5 EW revoke (deduct, EW have 0 to lose); NS 3.  d6 NS 2 -> 5: treble 3
    #   (EW's honours come too late).  Rubber NS: 3 + 3 + 2 - 2 = +6.
    # Rubber 2.  d7 EW 4 + 4 honours: treble 3.  d8 void.  d9 NS 1 + 4: treble 3.
    #   d10 EW 2.  d11 NS 3; EW 3 honours, no trick: 2 -> 4 (2 of honours).
    #   d12 NS 2 -> 5; EW 4 less 2 honours = 2 -> double 2.  NS: 3 + 2 + 2 - 3 = +4.
    # Rubber 3.  d13 EW 3.  d14 NS revoke, transfer: EW 3 + 3 = 6: treble 3.
    #   d15 NS 1 + 3 = 4.  d16 EW 1 + 4 = 5; NS 4 less 3 honours = 1 -> double 2.
    #   EW: 3 + 2 + 2 = +7.
    # Rubber 4 (unfinished).  d17 NS 4.  d18 EW 1; NS honours stop at 4 (+0).
    #   d19 NS 1 -> 5; EW 1 -> double 2.  d20 EW 2, NS 3 honours: in play, counts 0.
    # NS net: 6 + 4 - 7 + 2 = 5.
    s = _settle("whist-english-session.json")
    assert s.balance == {"Margaret": 5, "Edward": -5, "Henry": 5, "Catherine": -5}
    assert s.money == {"Margaret": Decimal("2.50"), "Edward": Decimal("-2.50"),
                       "Henry": Decimal("2.50"), "Catherine": Decimal("-2.50")}
    sheet = s.sheet
    assert sheet["NS"]["rubbers"] == [6, 4, -7] and sheet["EW"]["rubbers"] == [-6, -4, 7]
    assert sheet["NS"]["games"] == [2] and sheet["EW"]["games"] == []
    assert (sheet["NS"]["score"], sheet["EW"]["score"]) == (3, 2)
    assert not s.finished


def test_laws1864_rubber():
    # NS = Charles & Arthur, EW = Frederick & George; 1864 Laws: honours 4/2,
    # none at the score of four, revoke adds 3 to the claimants.
    # d1 NS 3 + 2 honours = 5: treble 3.
    # d2 EW 2; NS four honours 4 (honours need no trick here).  4-2.
    # d3 EW 1 -> 3; NS at four score no honours.  4-3.
    # d4 NS revoke: EW add 3 -> 6: game, NS 4 -> single 1.
    # d5 EW 1 + 2 honours = 3.  d6 NS 4; EW's four honours 3 + 4 = 7: game,
    #   NS 4 -> single 1.  Rubber EW: 1 + 1 + 2 - 3 = +1.
    # d7 NS 2 in a new rubber: counts nothing.
    s = _settle("whist-laws1864-rubber.json")
    assert s.balance == {"Charles": -1, "Frederick": 1, "Arthur": -1, "George": 1}
    assert s.sheet["EW"]["rubbers"] == [1]


def test_american_session():
    # NS = Ben & Tom, EW = Mary & Ruth; 7-point games worth 7 - losers, revoke 2.
    # d1 NS 3.  d2 EW 2.  d3 NS 3 + 4 = 7: game, 7 - 2 = 5.
    # d4 NS revoke: transfer (NS have 0), EW 2 + 1 = 3.  d5 NS 5.
    # d6 EW 3 + 4 = 7: game, 7 - 5 = 2.  d7 EW 7: game, 7 - 0 = 7.
    # d8 EW revoke, add: NS 2 + 2 = 4.  d9 void.  d10 NS 4 + 3 = 7: 7 - 0 = 7.
    # d11 EW 3, in play.  NS 5 + 7 = 12, EW 2 + 7 = 9: NS +3.
    s = _settle("whist-american-session.json")
    assert s.balance == {"Ben": 3, "Mary": -3, "Tom": 3, "Ruth": -3}
    assert s.sheet["NS"]["games"] == [5, 7] and s.sheet["EW"]["games"] == [2, 7]
    assert s.money["Ben"] == Decimal("0.75")
    assert all(isinstance(Fraction(b), Fraction) for b in s.balance.values())
