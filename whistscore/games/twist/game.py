"""Twist for four: gora, remark, vists and the nota.

:data:`GAME` is the table the journal, the replay, the sheets and the scorepad call, named
by the entry point ``twist`` (pyproject.toml).  What every game wires
alike is :func:`whistscore.wiring.wired`'s; what only this one has is added here.
"""

from __future__ import annotations

import attrs

from ...language import Catalogue
from ...wiring import wired
from . import club, deals, fields, notation, rules, scoring, sheet

__all__ = ["GAME"]

GAME = attrs.evolve(
    wired(name="twist", title="Twist", player_counts=(4,), unit="vist",
          words=Catalogue.beside(__file__, "twist"),
          rules=rules, deals=deals, notation=notation, scoring=scoring, sheet=sheet,
          fields=fields, club=club),
    # the twist round due after a made contract; the gora starts at the agreed size; the
    # vists are written on a player
    next_deal=scoring.next_deal, opening_values=sheet.opening_values, written_on="vists")
