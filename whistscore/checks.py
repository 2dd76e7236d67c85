"""Small checks every game's deal parser makes, worded the same way in every game.

A player typed at the table is found by his exact name, else by a unique
case-insensitive match ("anna" for "Anna"); two players whose names differ only
in case must be typed exactly.  A count is a whole number in its range; a bool
is not a number here, although Python counts it as one.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Sequence, overload

from .errors import DealError, NotationError
# the names and lines of a game file (journal.md) and of club.json: one rule each, in
# textrules.py (at the bottom, with the errors); named here too, where they were first
from .textrules import MAX_LINE, MAX_NAME, check_line, check_players

__all__ = ["latin_contract", "match_player", "player", "whole", "notation_text", "MAX_NOTATION_DIGITS",
           "MAX_NOTATION_CHARS", "MAX_NAME", "MAX_LINE", "check_players", "check_line"]

#: the longest number a deal typed at the table may hold; a longer one is refused
#: before int() sees it (a 5,000-digit count would otherwise hit Python's
#: int-string limit, an internal error, not a message).  Shorter numbers reach
#: the game's own range check, whose message names the field.
MAX_NOTATION_DIGITS = 50
#: the longest deal in short notation
MAX_NOTATION_CHARS = 2000
_LONG_NUMBER = re.compile(r"\d{%d,}" % (MAX_NOTATION_DIGITS + 1))


@overload
def notation_text(text: str, players: Sequence[str] = (), *, field: str = "deal",
                  error: type[DealError] = NotationError) -> str: ...


@overload
def notation_text(text: object, players: Sequence[str] = (), *, field: str = "deal",
                  error: type[DealError] = NotationError) -> object: ...


def notation_text(text: object, players: Sequence[str] = (), *, field: str = "deal",
                  error: type[DealError] = NotationError) -> object:
    """A deal typed in short notation, refused if it is too long or holds a number
    too long to be a deal; in Unicode NFC when the players' names are (a name
    typed decomposed, as some keyboards do, is then the stored name).  A file
    written before names were normalized keeps its names, and the text as typed.

    Every game's ``parse_notation`` calls this first, so the bound holds for
    the command line and the library alike.

    :raises NotationError: (or ``error``) a number longer than MAX_NOTATION_DIGITS
        digits, or a line longer than MAX_NOTATION_CHARS characters.
    """
    if not isinstance(text, str):
        return text  # each game words its own refusal of a non-text deal
    match = _LONG_NUMBER.search(text)
    if match:
        raise error(f"a number of {len(match.group())} digits is longer than any count "
                    f"(at most {MAX_NOTATION_DIGITS} digits are read)", field=field,
                    value=match.group(), key="long_number")
    if len(text) > MAX_NOTATION_CHARS:
        raise error(f"a deal in short notation is at most {MAX_NOTATION_CHARS} characters",
                    field=field, value=text, key="long_deal", args=(MAX_NOTATION_CHARS,))
    if text.isascii() or unicodedata.is_normalized("NFC", text):
        return text
    if all(unicodedata.is_normalized("NFC", p) for p in players):
        return unicodedata.normalize("NFC", text)
    return text


def match_player(text: str, players: Sequence[str]) -> str | None:
    """The player ``text`` names, or None when it names nobody (or two players)."""
    if text in players:
        return text
    folded = unicodedata.normalize("NFC", text).casefold()
    found = [p for p in players if unicodedata.normalize("NFC", p).casefold() == folded]
    return found[0] if len(found) == 1 else None


def player(value: object, players: Sequence[str], field: str, *,
           error: type[DealError] = DealError) -> str:
    """A player's name from a deal; the error names the field, the value and the players.

    :raises DealError: (or ``error``) ``value`` is not text, or names no player (or two).
    """
    if not isinstance(value, str):
        raise error("a player is named by text", field=field, value=value, key="player_text")
    found = match_player(value, players)
    if found is None:
        raise error(f"not a player of this game (players: {', '.join(players)})",
                    field=field, value=value, key="not_a_player", args=(value,))
    return found


def whole(value: object, field: str, lo: int, hi: int, what: str, *,
          error: type[DealError] = DealError) -> int:
    """A whole number lo..hi (``what`` names it in the message: "a trick count").

    :raises DealError: (or ``error``) ``value`` is not a whole number (a bool is not one),
        or is outside lo..hi.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{what} must be a whole number {lo}..{hi}", field=field, value=value,
            key="count", args=(lo, hi))
    if not lo <= value <= hi:
        raise error(f"{what} must be {lo}..{hi}", field=field, value=value,
            key="count", args=(lo, hi))
    return value


#: the suits as Russian players write them: пики, трефы, бубны, червы, без козыря
#: ("6П 7Т 8Б 9Ч 10БК"); the Latin letter the deal keeps
_RUSSIAN_SUITS = {"П": "S", "Т": "C", "Б": "D", "Ч": "H", "БК": "NT"}
_RUSSIAN_CONTRACT = re.compile(r"^(\d{1,2})(БК|П|Т|Б|Ч)$", re.IGNORECASE)


def latin_contract(token: str) -> str:
    """A contract typed with a Russian suit letter, in the deal's own letters ("7П" -> "7S");
    anything else as typed (the deal's check says what is wrong with it).  Shared by the
    games whose contracts name a suit (Preferans, Twist), so both read Russian alike."""
    m = _RUSSIAN_CONTRACT.match(token)
    return f"{m.group(1)}{_RUSSIAN_SUITS[m.group(2).upper()]}" if m else token
