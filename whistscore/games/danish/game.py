"""Danish call-ace whist, scored in points settled deal by deal.

:data:`GAME` is the table the journal, the replay, the sheets and the scorepad call, named
by the entry point ``danish`` (pyproject.toml).  What every game wires
alike is :func:`whistscore.wiring.wired`'s; what only this one has is added here.
"""

from __future__ import annotations

import attrs

from ...language import Catalogue
from ...wiring import wired
from . import club, deals, fields, notation, rules, scoring, sheet

__all__ = ["GAME"]

GAME = attrs.evolve(
    wired(name="danish", title="Danish whist (Esmakker)", player_counts=(4, 5), unit="point",
          words=Catalogue.beside(__file__, "danish"),
          rules=rules, deals=deals, notation=notation, scoring=scoring, sheet=sheet,
          fields=fields, club=club),
    # the dealer of five sits the deal out
    active_players=scoring.active_players, next_deal=scoring.next_deal)
