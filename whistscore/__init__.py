"""whistscore: score sheets and settlements for the whist family of card games.

A game is a list of deals; the sheet is what replaying them under the rules
writes, and the settlement is computed from the sheet.  The public API (the
test suite runs these lines in an empty folder; docs/api.md has the rest)::

    >>> import whistscore
    >>> g = whistscore.new("preferans", ["Anna", "Boris", "Vera"], stake="0.10")
    >>> g2 = g.add("Anna 7S Boris:w Vera:p 7/3/0")    # a new game; g itself is unchanged
    >>> len(g.deals), len(g2.deals)
    (0, 1)
    >>> g2.save("evening.json")                       # atomic save
    >>> change = whistscore.record("evening.json", "pass 4/2/4")   # append, under its lock
    >>> change.number, change.result.dealer
    (2, 'Boris')
    >>> game = whistscore.load("evening.json")        # read and check a game file
    >>> rp = whistscore.replay(game)                  # every deal scored
    >>> s = whistscore.settle(rp, stake="0.10")       # balances, money, transfers
    >>> s.to_json()["money"]
    {'Anna': '0.80', 'Boris': '1.20', 'Vera': '-2.00'}
    >>> whistscore.dump(game, "evening.json")         # atomic save

``import whistscore`` does not import openpyxl; the Excel export loads it.
"""

import sys as _sys
import types as _types

__version__ = "0.1.0"

#: each public name and the module it comes from: loaded on first use (PEP 562), so a
#: command that needs a few modules (``whistscore club`` on an archive that is up to
#: date reads SQLite and replays nothing) does not import the engines, the journal and
#: the recording first; ``import whistscore`` stays cheap and the names stay the same
_FROM = {
    "ConflictError": "errors", "DealError": "errors", "GameFileError": "errors",
    "GameOverError": "errors", "InputError": "errors", "NotationError": "errors",
    "NotFoundError": "errors",
    "RuleError": "errors", "WhistscoreError": "errors",
    "DealRecord": "game", "Game": "game", "GameType": "game",
    "GAMES": "games", "get_game": "games", "register": "games",
    "dump": "files", "load": "files",
    "dumps": "journal", "loads": "journal", "new_game": "journal",
    "Entry": "ledger",
    "Change": "recording", "change_settings": "recording", "drop_last": "recording",
    "record": "recording", "replace": "recording",
    "Replay": "replay", "replay": "replay",
    "ScoredGame": "scored", "new": "scored",
    "Settlement": "settlement", "settle": "settlement",
}


def __getattr__(name: str) -> object:
    """A public name, from its module on first use; ``whistscore.club`` (the club's
    archive: ``import whistscore`` imports neither sqlite3 nor openskill) and any other
    submodule the same way."""
    import importlib
    import importlib.util

    module = _FROM.get(name)
    if module is not None:
        value = getattr(importlib.import_module(f".{module}", __name__), name)
        globals()[name] = value
        return value
    if name == "club" or (not name.startswith("_") and importlib.util.find_spec(
            f"{__name__}.{name}") is not None):
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


class _Package(_types.ModuleType):
    """The package, whose public ``replay`` is the function even once the submodule
    ``whistscore.replay`` is loaded: the import system names a loaded submodule on its
    package, which the eager ``from .replay import replay`` used to undo."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in _FROM and isinstance(value, _types.ModuleType) and hasattr(value, name):
            value = getattr(value, name)
        super().__setattr__(name, value)


_sys.modules[__name__].__class__ = _Package


__all__ = [
    "Change",
    "ConflictError",
    "DealError",
    "DealRecord",
    "Entry",
    "GAMES",
    "Game",
    "GameFileError",
    "GameOverError",
    "GameType",
    "InputError",
    "NotationError",
    "NotFoundError",
    "Replay",
    "RuleError",
    "ScoredGame",
    "Settlement",
    "WhistscoreError",
    "change_settings",
    "club",
    "drop_last",
    "dump",
    "dumps",
    "get_game",
    "load",
    "loads",
    "new",
    "new_game",
    "record",
    "register",
    "replace",
    "replay",
    "settle",
]
