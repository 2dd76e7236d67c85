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

from .errors import (
    ConflictError,
    DealError,
    GameFileError,
    GameOverError,
    InputError,
    NotationError,
    RuleError,
    WhistscoreError,
)
from .game import DealRecord, Game, GameType
from .games import GAMES, get_game, register
from .files import dump, load
from .journal import dumps, loads, new_game
from .ledger import Entry
from .recording import Change, change_settings, drop_last, record, replace
from .replay import Replay, replay
from .scored import ScoredGame, new
from .settlement import Settlement, settle

__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    """``whistscore.club``, loaded on first use: ``import whistscore`` imports neither
    sqlite3 nor openskill (the club's archive and rating)."""
    if name == "club":
        import importlib

        return importlib.import_module(".club", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
