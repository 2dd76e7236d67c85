"""The Danish game: the table of this package's functions that the journal, the replay,
the sheets and the scorepad call (:class:`whistscore.game.GameType`).

Danish call-ace whist, scored in points settled deal by deal.

The entry point ``danish`` of the group ``whistscore.games`` (pyproject.toml) names
:data:`GAME`; what every game wires alike is :func:`whistscore.wiring.wired`'s, and
mypy checks every function of the modules against the contract with this game's
``Deal`` and ``State``.
"""

from __future__ import annotations

import attrs

from ...game import GameType
from ...wiring import wired
from . import club, deals, fields, notation, rules, scoring, sheet
from .deals import Deal
from .scoring import State

__all__ = ["GAME"]

GAME: GameType[Deal, State] = attrs.evolve(
    wired(name="danish", title="Danish whist (Esmakker)", player_counts=(4, 5), unit="point",
          labels={**rules.LABELS, **rules.DETAIL_LABELS, **rules.SAID_LABELS},
          rules=rules, deals=deals, notation=notation, scoring=scoring, sheet=sheet,
          fields=fields, club=club),
    # the dealer of five sits the deal out
    active_players=scoring.active_players, next_deal=scoring.next_deal)
