"""Small checks every game's deal parser makes, worded the same way in every game.

A player typed at the table is found by his exact name, else by a unique
case-insensitive match ("anna" for "Anna"); two players whose names differ only
in case must be typed exactly.  A count is a whole number in its range; a bool
is not a number here, although Python counts it as one.
"""

from __future__ import annotations

from typing import Any, Sequence

from .errors import DealError

__all__ = ["match_player", "player", "whole"]


def match_player(text: str, players: Sequence[str]) -> str | None:
    """The player ``text`` names, or None when it names nobody (or two players)."""
    if text in players:
        return text
    folded = text.casefold()
    found = [p for p in players if p.casefold() == folded]
    return found[0] if len(found) == 1 else None


def player(value: Any, players: Sequence[str], field: str, *,
           error: type[DealError] = DealError) -> str:
    """A player's name from a deal; the error names the field, the value and the players."""
    if not isinstance(value, str):
        raise error("a player is named by text", field=field, value=value)
    found = match_player(value, players)
    if found is None:
        raise error(f"not a player of this game (players: {', '.join(players)})",
                    field=field, value=value)
    return found


def whole(value: Any, field: str, lo: int, hi: int, what: str, *,
          error: type[DealError] = DealError) -> int:
    """A whole number lo..hi (``what`` names it in the message: "a trick count")."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{what} must be a whole number {lo}..{hi}", field=field, value=value)
    if not lo <= value <= hi:
        raise error(f"{what} must be {lo}..{hi}", field=field, value=value)
    return value
