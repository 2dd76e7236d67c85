"""The games the tests loop over, read from the game registry, and what each game declares
that a test needs (issue 35, "Tests over the registry"): a fifth game, installed or
registered, is tested by the same loops with no table in a test to extend.

- :func:`installed`: the games declared as entry points (whistscore's own four and any
  installed package's), in the order they are listed;
- :func:`games`: every game the registry knows that declares its notation (the text a
  deal is written in, with examples): the installed ones, then any registered by code
  for the run (tests/fifthgame.py under ``WHISTSCORE_FIFTH_GAME=1``).  The tests' tally
  game (conftest.py) declares none and has tests of its own;
- :func:`seats`: players for a game, the names its notation examples are read with
  (``GameType.notation_players``), as many as asked;
- :func:`seatings`: (game, players) for each player count the game allows;
- :func:`example`: the game's first notation example and the players it is read with;
- :func:`samples`: the shipped sample files of a game (the ``game`` each file names).
"""

from __future__ import annotations

import json
from pathlib import Path

from whistscore.games import GAMES, declared, get_game

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
#: the names a seat gets past those a game's notation examples use
_MORE = ("Eve", "Fay", "Gus", "Hal", "Ivy", "Jon")


def installed() -> list[str]:
    return list(declared())


def games() -> list[str]:
    return [name for name in GAMES if get_game(name).notation_forms]


def seats(name: str, count: int | None = None) -> tuple[str, ...]:
    """``count`` players of ``name`` (its fewest when None): the names of its notation
    examples first."""
    kind = get_game(name)
    count = count or min(kind.player_counts)
    names = tuple(kind.notation_players) + tuple(n for n in _MORE
                                                 if n not in kind.notation_players)
    return names[:count]


def seatings(names: list[str] | None = None) -> list[tuple[str, tuple[str, ...]]]:
    """(game, players) for every player count each game allows."""
    return [(n, seats(n, c)) for n in (games() if names is None else names)
            for c in get_game(n).player_counts]


def example(name: str) -> tuple[tuple[str, ...], str]:
    """(players, notation) of the game's first notation example."""
    kind = get_game(name)
    form = kind.notation_forms[0]
    return tuple(form.players or kind.notation_players), form.example


def samples(name: str) -> list[Path]:
    """The shipped sample games of ``name`` (the club's folder too)."""
    return [p for p in sorted(SAMPLES.rglob("*.json")) if p.name != "club.json"
            and json.loads(p.read_text(encoding="utf-8")).get("game") == name]


def sample_games(folder: Path) -> set[str]:
    """The game kinds of the game files of ``folder``."""
    return {json.loads(p.read_text(encoding="utf-8")).get("game")
            for p in folder.glob("*.json") if p.name != "club.json"}
