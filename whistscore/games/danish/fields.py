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
        Field("declarer", "player"),
        Field("bid", "choice", choices=choices(
            *((n,) for n in _NUMBERS),
            ("solo",), ("nolo",),
            ("open_solo",),
            ("open_nolo",))),
        Field("attachment", "choice", default="", choices=choices(
            ("", {}), ("tournee",), ("good",),
            ("half",), ("strong",), ("sans",)),
              when=({"bid": _NUMBERS},)),
        Field("partner", "player", among="others",
              choices=choices((None,)), when=({"bid": _NUMBERS},)),
        Field("tricks", "count", low=0, high=MAX_TRICKS, default=7,
              # a negative contract made: the soloist's one trick, the nolo's none (danish.md)
              start_at=(("solo", 1), ("open_solo", 1))),
    ),
    notation=(
        ("{0} 9 good {2} 10",),
        ("{0} 8 alone 7",),
        ("{1} nolo 0",),
    ),
)
