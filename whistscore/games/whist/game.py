"""The Whist game: the table of this package's functions that the journal, the replay,
the sheets and the scorepad call (:class:`whistscore.game.GameType`).

English short whist, the 1864 Laws and American whist: two sides, games and rubbers.

The entry point ``whist`` of the group ``whistscore.games`` (pyproject.toml) names
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
    wired(name="whist", title="Whist", player_counts=(4,), unit="point",
          labels={**rules.LABELS, **rules.DETAIL_LABELS, **rules.SAID_LABELS},
          rules=rules, deals=deals, notation=notation, scoring=scoring, sheet=sheet,
          fields=fields, club=club),
    # the trick score starts again at 0 after a game is won
    running_restarts=sheet.running_restarts)
