"""The text a game file holds from people: one rule for each kind, for every door.

A note, a title, a place, a currency, a player's name and a deal's client id reach a
game file through the command line, the scorepad's page, the library and the file
itself (typed by hand).  Each is checked here, by one rule, whichever door it came in
by, so a text the page refuses is refused by the command line and the file reader too,
and a file one front end wrote is read by every other (docs/texts.md):

- a **note** is free text: any characters, line breaks and tabs included (a player
  writes two lines under a deal as on paper), bounded only by the file's size; it must
  be text that can be saved as UTF-8;
- a **title** or a **place** is one line of at most :data:`MAX_LINE` characters, not
  empty, with no control character;
- a **currency** is at most :data:`MAX_CURRENCY` characters with no control, invisible
  format or line-separator character;
- a **player's name** is non-empty text of at most :data:`MAX_NAME` characters, with no
  control or invisible format character, not starting or ending with a space, no two
  names alike after Unicode NFC and case-folding;
- a **deal's id** is 1 to :data:`MAX_ID` printable characters.

Text from a command line that is not UTF-8 arrives as lone surrogates; :func:`typed`
refuses it before any rule reads it.  This module is at the bottom, with the errors, so
the club's settings are checked without loading the journal and the engines.
"""

from __future__ import annotations

import unicodedata

from .errors import DealError, GameFileError, InputError

__all__ = ["MAX_NAME", "MAX_LINE", "MAX_CURRENCY", "MAX_ID", "typed", "check_note",
           "check_line", "check_currency", "check_players", "check_id"]

#: the longest player's name (a name is shown in every column header)
MAX_NAME = 64
#: a title, a place: one short line
MAX_LINE = 200
#: a currency is a short mark ("EUR", "₽", "kr.")
MAX_CURRENCY = 20
#: the longest client id a deal may carry (spec journal.md)
MAX_ID = 64
#: what a name or a currency may not hold: controls, invisible format marks
#: (zero-width, bidi overrides), line separators, lone surrogates, private use
_BAD_NAME_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co"})


def typed(text: object, field: str, error: type[InputError] = DealError,
          deal: int | None = None) -> str:
    """Text from outside: a str that can be saved as UTF-8 (bytes of a command line that
    are not UTF-8 arrive as lone surrogates).

    :raises DealError: (or ``error``) it is not text, or not UTF-8 text."""
    if not isinstance(text, str):
        raise error("must be text", field=field, value=text, key="not_text", deal=deal)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise error("holds bytes that are not UTF-8 text", field=field, deal=deal,
                    value=text.encode("utf-8", "backslashreplace").decode("ascii"),
                    key="not_text") from None
    return text


def check_note(note: object, error: type[InputError] = DealError) -> str:
    """A deal's note: free text (line breaks and tabs too) that can be saved as UTF-8.

    :raises DealError: (or ``error``) it is not text."""
    if not isinstance(note, str):
        raise error("a note is text", field="note", value=note, key="note_text")
    return typed(note, "note", error)


def check_line(text: object, field: str, error: type[InputError] = GameFileError) -> str:
    """A title or a place: one line of text, short enough for a sheet's heading.

    :raises GameFileError: (or ``error``) ``text`` is not non-empty text of one line of
        at most 200 characters.
    """
    if not isinstance(text, str) or not text.strip():
        raise error("must be non-empty text", field=field, value=text, key="line.empty")
    if len(text) > MAX_LINE or any(ord(c) < 32 or c == "\x7f" for c in text):
        raise error(f"must be one line of at most {MAX_LINE} characters", field=field,
                    value=text, key="line.long", args=(MAX_LINE,))
    return text


def check_currency(currency: object, error: type[InputError] = GameFileError) -> str:
    """A currency: short text, display only.

    :raises GameFileError: (or ``error``) it is not text of at most 20 characters free of
        control and invisible characters."""
    if not isinstance(currency, str) or len(currency) > MAX_CURRENCY \
            or not currency.isprintable() and any(unicodedata.category(c) in _BAD_NAME_CATEGORIES
                                                  for c in currency):
        raise error("currency is short text (at most 20 characters, no control "
                    "characters)", field="currency", value=currency, key="currency")
    return currency


def check_id(ident: object, error: type[InputError] = DealError, field: str = "id") -> str:
    """A deal's client id: text of 1 to 64 printable characters.

    :raises DealError: (or ``error``) it is not."""
    if not isinstance(ident, str) or not 0 < len(ident) <= MAX_ID \
            or any(not c.isprintable() for c in ident):
        raise error(f"a deal's id is text of 1 to {MAX_ID} printable characters",
                    field=field, value=ident if not isinstance(ident, str) else ident[:80],
                    key="id", args=(MAX_ID,))
    return ident


def _name_key(name: str) -> str:
    """Two names with the same key look alike at the table (José / José / JOSÉ)."""
    return unicodedata.normalize("NFC", name).casefold()


def check_players(players: object, counts: tuple[int, ...] | None = None,
                  game: str | None = None, *,
                  error: type[InputError] = GameFileError) -> tuple[str, ...]:
    """The one check of player names, for files, ``new``, the page and the library alike.

    A name is non-empty text without control or format characters (a
    zero-width space or a bidi mark would make two names look the same), at
    most MAX_NAME characters, not starting or ending with spaces; no two names
    may be equal after Unicode NFC normalization and case-folding, or the
    settlement could say "José pays José".

    :raises GameFileError: (or ``error``) ``players`` is not a list of names, a name is
        not such text, two names look alike, or ``counts`` does not allow so many.
    """
    if isinstance(players, (str, bytes)) or not isinstance(players, (list, tuple)):
        raise error("players must be a list of names", field="players",
                    value=players if isinstance(players, (str, list)) else type(players).__name__,
                    key="players.list")
    seen: dict[str, int] = {}
    for i, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise error("a player's name must be non-empty text",
                        field=f"players[{i}]", value=name, key="players.empty")
        # a printable name holds none of the bad categories (all are "Other" or
        # "Separator"): only another name is looked at character by character
        if name != name.strip() or not name.isprintable() and any(
                unicodedata.category(c) in _BAD_NAME_CATEGORIES for c in name):
            raise error("a player's name may not start or end with spaces or hold "
                        "control or invisible format characters",
                        field=f"players[{i}]", value=name.encode("ascii", "backslashreplace")
                        .decode("ascii"), key="players.spaces")
        if len(name) > MAX_NAME:
            raise error(f"a player's name is at most {MAX_NAME} characters",
                        field=f"players[{i}]", value=name, key="players.long", args=(MAX_NAME,))
        key = _name_key(name)
        if key in seen:
            first = players[seen[key]]
            how = "named twice" if first == name else f"named like player {first!r}"
            raise error(f"a player is {how} (names must differ by more than letter case "
                        "or Unicode encoding)", field=f"players[{i}]", value=name,
                        key="players.alike", args=(name,))
        seen[key] = i
    if counts is not None and len(players) not in counts:
        counts_text = " or ".join(map(str, counts))
        reason = f"{game} is played by {counts_text} players, not {len(players)}"
        if len(counts) == 1:
            raise error(reason, field="players", value=list(players), key="players.count",
                        args=(counts[0], len(players)))
        raise error(reason, field="players", value=list(players), key="players.counts",
                    args=(min(counts), max(counts), len(players)))
    return tuple(players)
