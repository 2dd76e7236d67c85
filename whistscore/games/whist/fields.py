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
        Field("revoke", "choice", "Revoke", "Ренонс", default="none", choices=choices(
            ("none", "none", "нет", {}),
            ("NS", "by NS", "у NS", {"revoke": {"by": "NS"}}),
            ("EW", "by EW", "у EW", {"revoke": {"by": "EW"}}),
            ("both", "both (void)", "у обеих (пересдача)", {"revoke": {"by": "both"}}))),
        Field("tricks", "tricks", "Tricks", "Взятки", among="sides", total=13,
              when=({"revoke": ("none", "NS", "EW")},)),
        Field("honours", "choice", "Honours", "Онеры", default="none", choices=choices(
            ("none", "two and two", "два на два", {}),
            ("NS4", "NS four", "NS четыре", {"honours": {"NS": 4}}),
            ("NS3", "NS three", "NS три", {"honours": {"NS": 3}}),
            ("EW4", "EW four", "EW четыре", {"honours": {"EW": 4}}),
            ("EW3", "EW three", "EW три", {"honours": {"EW": 3}})),
              when=({"revoke": ("none", "NS", "EW")},)),
    ),
    notation=(
        ("NS 8", "NS took 8 tricks", "NS взяли 8 взяток"),
        ("EW 9 H:EW4", "EW took 9, four honours", "EW взяли 9, четыре онера"),
        ("NS 7 R:EW", "a revoke by EW", "ренонс у EW"),
        ("void", "both sides revoked: nothing scored", "ренонс у обеих: не считается"),
    ),
    sides=((SIDES[0], (0, 2)), (SIDES[1], (1, 3))),
)
