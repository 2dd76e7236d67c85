"""Danish deal fields for the scorepad's form (spec danish.md, "Deals (JSON)").

The bid buttons hold the JSON values themselves (7..13 as numbers, the
negative contracts as words); attachment and partner show only for a number.
"""

from __future__ import annotations

from ...fields import DealFields, Field, choices
from .deals import HIGH_BID, LOW_BID, MAX_TRICKS

__all__ = ["FIELDS"]

_NUMBERS = tuple(range(LOW_BID, HIGH_BID + 1))

FIELDS = DealFields(
    fields=(
        Field("declarer", "player", "Declarer", "Играющий"),
        Field("bid", "choice", "Bid", "Заявка", choices=choices(
            *((n, str(n), str(n)) for n in _NUMBERS),
            ("solo", "solo", "соло"), ("nolo", "nolo", "ноло"),
            ("open_solo", "open solo", "открытое соло"),
            ("open_nolo", "open nolo", "открытое ноло"))),
        Field("attachment", "choice", "Attachment", "Добавка", default="", choices=choices(
            ("", "none", "нет", {}), ("tournee", "tournée", "вип"), ("good", "good", "годе"),
            ("half", "half", "халве"), ("strong", "strong", "стерке"), ("sans", "sans", "санс")),
              when=({"bid": _NUMBERS},)),
        Field("partner", "player", "Partner (called ace)", "Партнёр (туз)", among="others",
              choices=choices((None, "alone", "один")), when=({"bid": _NUMBERS},)),
        Field("tricks", "count", "Tricks", "Взятки", low=0, high=MAX_TRICKS, default=7,
              # a negative contract made: the soloist's one trick, the nolo's none (danish.md)
              start_at=(("solo", 1), ("open_solo", 1))),
    ),
    notation=(
        ("{0} 9 good {2} 10", "9 good with the called ace's holder, 10 tricks",
         "9 годе с партнёром, 10 взяток"),
        ("{0} 8 alone 7", "8 alone, 7 tricks", "8 в одиночку, 7 взяток"),
        ("{1} nolo 0", "a nolo, no trick", "ноло, ни одной взятки"),
    ),
)
