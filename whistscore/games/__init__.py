"""The game registry: a game is a package that declares itself in the entry-point group
``whistscore.games``.

whistscore's own pyproject.toml declares its four games exactly as another package
declares one of its own::

    [project.entry-points."whistscore.games"]
    preferans = "whistscore.games.preferans:GAME"

so a game installed with pip is known to the files, the command line and the scorepad
like the built-ins (docs/architecture.md, "Adding a game").  ``register`` adds a game
from code (a test's own game) for this process only.

Nothing is read on ``import whistscore``: the entry points are read on the first
question about a game, and a game's package is imported only when it is asked for, so
a broken game cannot stop the others from loading.  They are read from the
``entry_points.txt`` of each distribution on ``sys.path`` (the first distribution of a
name wins, as for :mod:`importlib.metadata`): importing :mod:`importlib.metadata` costs
about 17 ms (email, zipfile, csv), more than Python's own start, and every command asks
for its game.  Where no whistscore distribution is found that way (an installation
laid out otherwise) :func:`importlib.metadata.entry_points` is asked instead;
tests/test_registry.py checks that the two readings agree.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import TYPE_CHECKING, Any, Iterator, Mapping

from ..errors import InputError

if TYPE_CHECKING:  # the game contract is loaded with the first game, not with the names
    from ..game import GameType

__all__ = ["GAMES", "GROUP", "declared", "get_game", "read_entry_points", "register"]

#: the entry-point group every game is declared in
GROUP = "whistscore.games"
#: what ``GAMES`` says of a game given to :func:`register` rather than declared
REGISTERED = "register()"
#: the order games are listed in (the new-game form, error messages): entry points carry
#: none, so these first, in the order of the spec, then every other game by name
LISTED_FIRST = ("preferans", "twist", "whist", "danish")

_loaded: dict[str, GameType[Any, Any]] = {}
_registered: dict[str, str] = {}
_declared: dict[str, str] | None = None


def _group_lines(text: str, group: str) -> Iterator[tuple[str, str]]:
    """The ``name = value`` lines of ``[group]`` in an ``entry_points.txt`` (INI)."""
    inside = False
    for line in text.splitlines():
        line = line.strip()
        if not line or line[0] in "#;":
            continue
        if line[0] == "[":
            inside = line == f"[{group}]"
        elif inside:
            name, eq, value = line.partition("=")
            if eq:
                yield name.strip(), value.strip()


def read_entry_points(path: list[str] | None = None, group: str = GROUP) -> dict[str, str]:
    """name -> value of every entry point in ``group`` of the distributions in the folders
    of ``path`` (``sys.path``); the first distribution of a name wins, and in it the first
    entry point of a name.  Falls back to :mod:`importlib.metadata` when no whistscore
    distribution is found this way."""
    found: dict[str, str] = {}
    seen: set[str] = set()
    for folder in sys.path if path is None else path:
        try:
            items = sorted(os.listdir(folder or "."))
        except OSError:
            continue
        for item in items:
            stem, _, suffix = item.rpartition(".")
            if suffix not in ("dist-info", "egg-info"):
                continue
            dist = stem.partition("-")[0].lower().replace("-", "_").replace(".", "_")
            if dist in seen:
                continue
            seen.add(dist)
            try:
                with open(os.path.join(folder or ".", item, "entry_points.txt"),
                          encoding="utf-8") as f:
                    text = f.read()
            except OSError:
                continue
            for name, value in _group_lines(text, group):
                found.setdefault(name, value)
    if "whistscore" not in seen:
        from importlib.metadata import entry_points

        for ep in entry_points(group=group):
            found.setdefault(ep.name, ep.value)
    return found


def _listed(games: dict[str, str]) -> dict[str, str]:
    """``games`` in the order they are listed in (:data:`LISTED_FIRST`)."""
    order = sorted(games, key=lambda n: (LISTED_FIRST.index(n) if n in LISTED_FIRST
                                         else len(LISTED_FIRST), n))
    return {n: games[n] for n in order}


def _declared_map() -> dict[str, str]:
    global _declared
    found = _declared
    if found is None:
        found = _declared = _listed(read_entry_points())
    return found


def declared() -> dict[str, str]:
    """The games declared as entry points (installed), name -> value, in the order they
    are listed; those given to :func:`register` are not among them."""
    return dict(_declared_map())


class _Games(Mapping[str, str]):
    """The known games' names, each with where it is declared (an entry point's value,
    or ``register()``): the declared ones in their entry points' order, then those
    registered.  Read-only; the entry points are read on first use."""

    def _all(self) -> dict[str, str]:
        return {**_declared_map(), **_registered}

    def __getitem__(self, name: str) -> str:
        return self._all()[name]

    def __contains__(self, name: object) -> bool:
        return name in _registered or name in _declared_map()

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __repr__(self) -> str:
        return f"GAMES({self._all()!r})"


#: the known games: name -> where it is declared (a read-only mapping)
GAMES: Mapping[str, str] = _Games()


def register(game: GameType[Any, Any]) -> GameType[Any, Any]:
    """Make ``game`` known by its name in this process (tests and code that builds a game
    use this; an installed package declares its game as an entry point instead)."""
    _loaded[game.name] = game
    _registered[game.name] = REGISTERED
    return game


def _load(name: str, value: str) -> GameType[Any, Any]:
    """The GameType an entry point's value (``module:attribute``) names."""
    from ..game import GameType

    module, _, attribute = value.split("[", 1)[0].strip().partition(":")
    obj: Any = importlib.import_module(module.strip())
    for part in attribute.strip().split(".") if attribute.strip() else ():
        obj = getattr(obj, part)
    if not isinstance(obj, GameType) or obj.name != name:
        raise TypeError(f"the entry point {name} = {value} of {GROUP} names "
                        f"{obj!r}, not the GameType of a game called {name!r}")
    return obj


def get_game(name: object, field: str = "game") -> GameType[Any, Any]:
    """The game called ``name`` (its package imported on first use).

    :raises InputError: ``name`` is not the name of a known game.
    """
    kind = _loaded.get(name) if isinstance(name, str) else None
    if kind is not None:
        return kind
    if not isinstance(name, str) or name not in GAMES:
        known = ", ".join(GAMES)
        if not known:
            known = (f"none: no package declares the entry points {GROUP}; install whistscore "
                     "(pip install -e . in a checkout) so that its own are read")
        raise InputError(f"unknown game (known: {known})", field=field, value=name,
            key="game_unknown", args=(str(name)[:40],))
    kind = _loaded[name] = _load(name, _declared_map()[name])
    return kind
