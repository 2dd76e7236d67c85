"""Errors that reach a user.

Every error a user can cause by what he types or by the file he hands us is an
:class:`InputError` (also a :class:`ValueError`, so library callers may catch
either).  Its message names where the problem is -- the file line, the deal
number, the field -- and the offending value, because at a card table the
person reading it has to find the mistake on paper.
"""

from __future__ import annotations

import json

__all__ = [
    "WhistscoreError",
    "InputError",
    "DealError",
    "NotationError",
    "GameOverError",
    "RuleError",
    "GameFileError",
    "ConflictError",
    "NotFoundError",
    "UsageError",
    "show_value",
]

#: the largest game file read or written (a 200-deal evening is ~20 KB; 64 MB
#: holds about 800,000 deals).  Past it a file is refused before it is read whole.
#: Here, at the bottom, so that the file layer bounds a read without loading the
#: journal (``whistscore.journal.MAX_FILE_BYTES`` is this one).
MAX_FILE_BYTES = 64 * 1024 * 1024

#: "no value given"; an error rebuilt from another passes its ``value`` on as is, this too
_NOTHING = object()
_MAX_SHOWN = 60


#: the kinds of characters a terminal must never receive raw from a name: controls (C0, DEL,
#: C1: ESC clears the screen, a newline forges a line), format characters (bidi overrides
#: turn a line around), line and paragraph separators, surrogates and private use
_UNSHOWN = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co"})


def terminal_text(text: object) -> str:
    """``text`` safe to print on a terminal as part of one line: every character of the
    kinds of :data:`_UNSHOWN` is written as its escape (``\\x1b``, ``\\n``, ``\\u202e``),
    and a byte of a file name that is not UTF-8 (a lone surrogate, Python's way of
    keeping it) as ``\\xNN``.  File names and player names from outside reach the
    terminal only through here (issue 32 #7: a name could clear the screen or forge a
    line of the standings)."""
    import unicodedata

    text = str(text)
    if text.isprintable():
        return text
    out = []
    for c in text:
        if c.isprintable() or unicodedata.category(c) not in _UNSHOWN:
            out.append(c)
        elif 0xDC80 <= ord(c) <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
            out.append(f"\\x{ord(c) - 0xDC00:02x}")
        elif c in "\n\r\t":
            out.append({"\n": "\\n", "\r": "\\r", "\t": "\\t"}[c])
        elif ord(c) < 0x100:
            out.append(f"\\x{ord(c):02x}")
        elif ord(c) < 0x10000:
            out.append(f"\\u{ord(c):04x}")
        else:
            out.append(f"\\U{ord(c):08x}")
    return "".join(out)


def show_value(value: object) -> str:
    """A short, safe rendering of a bad value (a 10 MB string stays one line)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    text = terminal_text(text)
    if len(text) > _MAX_SHOWN:
        text = f"{text[:_MAX_SHOWN]}... ({len(text)} characters)"
    return text


def _show_field(field: str) -> str:
    """A field name as one short line (an unknown key may be 10 MB or hold newlines)."""
    text = terminal_text(field)
    if len(text) > _MAX_SHOWN:
        text = f"{text[:_MAX_SHOWN]}... ({len(text)} characters)"
    return text


class WhistscoreError(Exception):
    """Base of every error raised on purpose by whistscore."""


class InputError(WhistscoreError, ValueError):
    """Bad input: a deal, a rule, a file.  Nothing was changed when it is raised."""

    def __init__(
        self,
        reason: str,
        *,
        deal: int | None = None,
        field: str | None = None,
        value: object = _NOTHING,
        line: int | None = None,
        key: str | None = None,
        args: tuple[object, ...] = (),
    ) -> None:
        # ``key`` names the short sentence a person reads (the page's language, from the
        # game's words: ``err.<key>`` in its LABELS, formatted with ``args``); ``reason``
        # stays the technical text the CLI prints and the page keeps behind "details"
        self.key = key
        self.args_said = tuple(args)
        self.reason = reason
        self.deal = deal
        self.field = field
        self.value = value
        self.line = line
        super().__init__(self._compose())

    @property
    def has_value(self) -> bool:
        return self.value is not _NOTHING

    def _compose(self) -> str:
        where = []
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.deal is not None:
            where.append(f"deal {self.deal}")
        if self.field is not None:
            where.append(f"field '{_show_field(self.field)}'")
        if self.has_value:
            where.append(f"value {show_value(self.value)}")
        return f"{', '.join(where)}: {self.reason}" if where else self.reason

    def located(
        self,
        *,
        deal: int | None = None,
        line: int | None = None,
        prefix: str | None = None,
    ) -> "InputError":
        """The same error with its place filled in by an outer layer.

        A game's deal parser knows the field, the journal knows the deal
        number and the line; each adds what it knows without losing the rest.
        """
        field = self.field
        if prefix is not None:
            field = prefix if field is None else f"{prefix}.{field}"
        return type(self)(self.reason,
                          deal=self.deal if self.deal is not None else deal,
                          field=field,
                          value=self.value,
                          line=self.line if self.line is not None else line,
                          key=self.key, args=self.args_said)

    def __reduce__(self) -> tuple[object, ...]:  # pickling/copying with keyword-only args
        return (_rebuild, (type(self), self.reason, self.deal, self.field, self.value,
                           self.line, self.key, self.args_said))


def _rebuild(cls: type[InputError], reason: str, deal: int | None, field: str | None,
             value: object, line: int | None, key: str | None = None,
             args: tuple[object, ...] = ()) -> InputError:
    return cls(reason, deal=deal, field=field, value=value, line=line, key=key, args=args)


class DealError(InputError):
    """A deal that cannot happen (bad totals, unknown player, contradictory flags)."""


class NotationError(DealError):
    """A short-notation line that cannot be read."""


class GameOverError(DealError):
    """A deal after the game (pulka, gora) has ended."""


class RuleError(InputError):
    """An unknown rule option, preset or option value."""


class GameFileError(InputError):
    """A game file that is damaged, hand-edited wrongly, or of a newer version."""


class NotFoundError(InputError):
    """What was asked for is not there: no such player in the club, no such game in the
    folder (the scorepad answers 404, not 400: the question was well put)."""


class ConflictError(InputError):
    """The game file changed between reading it and changing it (another phone recorded)."""


class UsageError(InputError):
    """A command given options that contradict each other (``--season`` with ``--from``):
    wrong usage, which the CLI answers with status 2 as argparse does for its own usage
    errors, not 1 (bad input), so a script can tell a mistyped command from a bad file."""
