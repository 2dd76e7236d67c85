"""Preferans for three, or four with the dealer sitting out.

:data:`GAME` is the table the journal, the replay, the sheets and the scorepad call, named
by the entry point ``preferans`` (pyproject.toml).  What every game wires
alike is :func:`whistscore.wiring.wired`'s; what only this one has is added here.
"""

from __future__ import annotations

import attrs

from ...language import Catalogue
from ...wiring import wired
from . import club, deals, fields, notation, rules, scoring, sheet

__all__ = ["GAME"]

GAME = attrs.evolve(
    wired(name="preferans", title="Preferans (pulya, gora, vists)", player_counts=(3, 4), unit="vist",
          words=Catalogue.beside(__file__, "preferans"),
          rules=rules, deals=deals, notation=notation, scoring=scoring, sheet=sheet,
          fields=fields, club=club),
    # with four at the table the dealer sits the deal out; the vists are written on a player
    active_players=scoring.active_players, written_on="vists")
