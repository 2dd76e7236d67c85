"""The Preferans game: the table of this package's functions that the journal, the replay,
the sheets and the scorepad call (:class:`whistscore.game.GameType`).

Preferans for three, or four with the dealer sitting out.

The entry point ``preferans`` of the group ``whistscore.games`` (pyproject.toml) names
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
    wired(name="preferans", title="Preferans (pulya, gora, vists)", player_counts=(3, 4), unit="vist",
          labels={**rules.LABELS, **rules.DETAIL_LABELS},
          rules=rules, deals=deals, notation=notation, scoring=scoring, sheet=sheet,
          fields=fields, club=club),
    # with four at the table the dealer sits the deal out; the vists are written on a player
    active_players=scoring.active_players, written_on="vists")
