"""The game registry: a game is one package here (games/<game>/), registered by name.

Packages are imported on first use, so ``import whistscore`` stays cheap and a
broken game module cannot stop the others from loading.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..errors import InputError
from ..game import GameType

__all__ = ["GAMES", "get_game", "register"]

#: game name -> module path (each module defines ``GAME``, a GameType instance)
GAMES: dict[str, str] = {
    "preferans": "whistscore.games.preferans",
    "twist": "whistscore.games.twist",
    "whist": "whistscore.games.whist",
    "danish": "whistscore.games.danish",
}

_loaded: dict[str, GameType[Any, Any]] = {}


def register(game: GameType[Any, Any]) -> GameType[Any, Any]:
    """Register a game instance directly (tests and plug-ins use this)."""
    _loaded[game.name] = game
    GAMES.setdefault(game.name, type(game).__module__)
    return game


def get_game(name: object, field: str = "game") -> GameType[Any, Any]:
    """The registered game called ``name`` (its module imported on first use).

    :raises InputError: ``name`` is not the name of a registered game.
    """
    if not isinstance(name, str) or name not in GAMES:
        raise InputError(f"unknown game (known: {', '.join(GAMES)})", field=field, value=name)
    if name not in _loaded:
        module = importlib.import_module(GAMES[name])
        game: GameType[Any, Any] = module.GAME
        _loaded[name] = game
    return _loaded[name]
