"""The Twist game: the table of this package's functions that the journal, the replay,
the sheets and the scorepad call (:class:`whistscore.game.GameType`).

Twist for four: gora, remark, vists and the nota.

The entry point ``twist`` of the group ``whistscore.games`` (pyproject.toml) names
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
    wired(name="twist", title="Twist", player_counts=(4,), unit="vist",
          labels={**rules.LABELS, **rules.DETAIL_LABELS, **rules.SAID_LABELS},
          rules=rules, deals=deals, notation=notation, scoring=scoring, sheet=sheet,
          fields=fields, club=club),
    # the twist round due after a made contract; the gora starts at the agreed size; the
    # vists are written on a player
    next_deal=scoring.next_deal, opening_values=sheet.opening_values, written_on="vists")
