"""Whist deal fields for the scorepad's form (spec whist.md, "Deals (JSON)").

Sides are NS (seats 1 and 3) and EW (seats 2 and 4).  Honours and a revoke are
one tap each; a revoke's penalty other than the rules' default goes in the
notation box (``R:NS/transfer``).
"""

from __future__ import annotations

from ...fields import DealFields, Field, choices
from .deals import SIDES

__all__ = ["FIELDS"]

FIELDS = DealFields(
    fields=(
        Field("revoke", "choice", default="none", choices=choices(
            ("none", {}),
            ("NS", {"revoke": {"by": "NS"}}),
            ("EW", {"revoke": {"by": "EW"}}),
            ("both", {"revoke": {"by": "both"}}))),
        Field("tricks", "tricks", among="sides", total=13,
              when=({"revoke": ("none", "NS", "EW")},)),
        Field("honours", "choice", default="none", choices=choices(
            ("none", {}),
            ("NS4", {"honours": {"NS": 4}}),
            ("NS3", {"honours": {"NS": 3}}),
            ("EW4", {"honours": {"EW": 4}}),
            ("EW3", {"honours": {"EW": 3}})),
              when=({"revoke": ("none", "NS", "EW")},)),
    ),
    notation=(
        ("NS 8",),
        ("EW 9 H:EW4",),
        ("NS 7 R:EW",),
        ("void",),
    ),
    sides=((SIDES[0], (0, 2)), (SIDES[1], (1, 3))),
)
