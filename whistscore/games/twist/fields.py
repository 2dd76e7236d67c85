"""Twist deal fields for the scorepad's form (spec twist.md, "Deals (JSON)").

``_kind`` is the form's own switch between a contract, a bomb, a dil and the
twist round; the bomb and dil categories and values are the seed's.
"""

from __future__ import annotations

from ...fields import DealFields, Field, choices
from .deals import SOLO_VALUES

__all__ = ["FIELDS"]

_CATEGORIES = choices(("simple",), ("double",),
                      ("clean",), ("all",))
_SOLO = ("bomb", "dil")


FIELDS = DealFields(
    fields=(
        Field("_kind", "choice", default="contract", choices=choices(
            ("contract",), ("bomb",),
            ("dil",), ("round",
                                     {"twist_round": True}))),
        Field("bomb", "choice", choices=_CATEGORIES, when=({"_kind": ("bomb",)},)),
        Field("dil", "choice", choices=_CATEGORIES, when=({"_kind": ("dil",)},)),
        # a category's own values (twist.md): a double is worth 2, 3 or 4, so it has no
        # usual value to start at and is tapped; a clean one is worth 4 and needs no tap
        Field("value", "count", low=1, high=4, default=1,
              when=({"_kind": _SOLO},),
              only=tuple(({kind: (category,)}, values) for kind in _SOLO
                         for category, values in SOLO_VALUES.items())),
        Field("declarer", "player", among="all",
              when=({"_kind": ("contract",) + _SOLO},)),
        Field("contract", "contract", levels=tuple(range(2, 13)),
              suits=choices(("S",), ("C",), ("D",),
                            ("H",), ("NT",)),
              when=({"_kind": ("contract",)},)),
        Field("opened", "flag",
              when=({"_kind": ("contract",)},)),
        Field("partner_passed", "flag",
              when=({"_kind": ("contract",)},)),
        Field("twist", "players", among="opponents",
              when=({"_kind": ("contract",)},)),
        Field("tricks", "tricks", among="all", total=12),
    ),
    notation=(
        ("{0} 8H 5/2/4/1",),
        ("{0} 7S 4/2/3/3 twist {1}",),
        ("{0} bomb double 3 1/4/3/4",),
        ("round 3/3/3/3",),
    ),
    # partners sit opposite (deals.py); the names are the seats' pairs, never shown (no
    # field lists the sides): the form reads them for the twist's opponents
    sides=(("NS", (0, 2)), ("EW", (1, 3))),
)
