"""whistscore: score sheets and settlements for the whist family of card games.

A game is a list of deals; the sheet is what replaying them under the rules
writes, and the settlement is computed from the sheet.  The public API::

    import whistscore
    game = whistscore.load("evening.json")       # read and check a game file
    rp = whistscore.replay(game)                  # every deal scored
    s = whistscore.settle(rp, stake="0.10")       # balances, money, transfers
    whistscore.dump(game, "evening.json")         # atomic save

``import whistscore`` does not import openpyxl; the Excel export loads it.
"""

from .errors import (
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
from .journal import dump, dumps, load, loads, new_game
from .ledger import Entry
from .replay import Replay, replay
from .settlement import Settlement, settle

__version__ = "0.1.0"

__all__ = [
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
    "Settlement",
    "WhistscoreError",
    "dump",
    "dumps",
    "get_game",
    "load",
    "loads",
    "new_game",
    "register",
    "replay",
    "settle",
]
