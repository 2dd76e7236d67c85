"""English short whist, the 1864 Laws and American whist: two sides, games and rubbers.

:data:`GAME` is the table the journal, the replay, the sheets and the scorepad call, named
by the entry point ``whist`` (pyproject.toml).  What every game wires
alike is :func:`whistscore.wiring.wired`'s; what only this one has is added here.
"""

from __future__ import annotations

import attrs

from ...language import Catalogue
from ...wiring import wired
from . import club, deals, fields, notation, rules, scoring, sheet

__all__ = ["GAME"]

GAME = attrs.evolve(
    wired(name="whist", title="Whist", player_counts=(4,), unit="point",
          words=Catalogue.beside(__file__, "whist"),
          rules=rules, deals=deals, notation=notation, scoring=scoring, sheet=sheet,
          fields=fields, club=club),
    # the trick score starts again at 0 after a game is won
    running_restarts=sheet.running_restarts)
