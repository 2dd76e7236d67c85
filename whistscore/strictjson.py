"""A strict reader of JSON from outside: a game file, a deal typed as JSON.

Python's ``json`` takes a repeated key (the last wins), ``NaN`` and ``Infinity``, a
lone surrogate escape that can never be written as UTF-8 again, and a number of any
length up to its own limit.  A score file holds none of those: each is refused here
with the line it is on, so a file mended by hand is mended in the right place.  The
reader also bounds the objects it builds (``most``), so a huge file is refused after
reading a fraction of it.  It knows JSON only; what the objects mean is the journal's
(:mod:`whistscore.journal`, which reads every game file through :func:`parse`).
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any, Callable

from .errors import GameFileError, InputError
from .game import paused_gc

__all__ = ["MAX_DIGITS", "parse", "line_at", "skip"]

#: digits of the longest number a game file may hold: Python's own int-string
#: limit, reported here as a damaged file (shorter numbers reach each field's
#: range check, whose message names the field)
MAX_DIGITS = 4300


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):  # only then look for the key (the dict is built in C)
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return out


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


class _TooMany(Exception):
    """More objects than the bound: the parse stops where it is."""


def _counting_hook(most: int) -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    """:func:`_no_duplicates`, stopping the parse after ``most`` objects."""
    left = [most]

    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        left[0] -= 1
        if left[0] < 0:
            raise _TooMany
        return _no_duplicates(pairs)

    return hook


def _bad_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a score file may hold")


#: the strict reader, made once (``json.loads`` with hooks builds a decoder per call);
#: it keeps no state between reads, so threads may share it as they share json's own
_DECODER = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_constant=_bad_constant)


def _int_limit_holds() -> bool:
    """Python's own int-string limit refuses a number longer than MAX_DIGITS before
    converting it (``json`` meets it first); a program that lifted the limit
    (``sys.set_int_max_str_digits(0)``) gets the same bound from a scan of the text."""
    limit = getattr(sys, "get_int_max_str_digits", lambda: 0)()
    return 0 < limit <= MAX_DIGITS


def parse(text: str, error: type[InputError] = GameFileError, field: str | None = None, *,
          most: int | None = None,
          too_many: Callable[[type[InputError]], InputError] | None = None) -> Any:
    """Parse JSON strictly (no duplicate keys, no NaN, no lone surrogate, no number longer
    than :data:`MAX_DIGITS` digits, no deeper nesting than Python's own); errors name the
    line.

    ``field`` is set when the text is one value typed by a user (a deal on the command
    line) rather than a file: the error then names the field, not a line.  ``most``
    bounds the JSON objects built: a text long enough to hold more is parsed counting
    them, and refused with ``too_many(error)`` as soon as it holds one more.

    :raises InputError: (``error``, a :class:`GameFileError` by default) the text is not
        such JSON; its ``key`` is ``file.json`` or ``file.unicode``.
    """
    try:
        if not _int_limit_holds():
            if _long_number_line(text) is not None:
                raise ValueError("a number too long")
        with paused_gc():
            if most is not None and len(text) > 2 * most:
                # long enough to hold more objects than the bound (an object takes two
                # bytes at least): counted while it is parsed
                data = json.loads(text, object_pairs_hook=_counting_hook(most),
                                  parse_constant=_bad_constant)
            elif text.startswith("\ufeff"):  # json.loads words the byte order mark
                data = json.loads(text, object_pairs_hook=_no_duplicates,
                                  parse_constant=_bad_constant)
            else:
                data = _DECODER.decode(text)
        _check_unicode(text, data, error, field)
        return data
    except _TooMany:
        if too_many is None:  # cannot happen: only a bound counts
            raise error("the JSON holds too many objects", field=field,
                        key="file.json") from None
        raise too_many(error) from None
    except json.JSONDecodeError as exc:
        raise error(f"not valid JSON: {exc.msg} (column {exc.colno})",
                    line=None if field else exc.lineno, field=field, key="file.json") from None
    except _DuplicateKey as exc:
        line, deal = _locate_duplicate(text, exc.key)
        raise error("a key appears twice in one object",
                    field=f"{field}.{exc.key}" if field else exc.key,
                    line=None if field else line, deal=deal, key="file.json") from None
    except InputError:
        raise
    except RecursionError:
        raise error("the JSON is nested too deeply to be a game file",
                    line=None if field else _deep_line(text), field=field, key="file.json") from None
    except ValueError as exc:  # NaN / Infinity, or a number too long for int()
        long_line = _long_number_line(text)
        if long_line is not None:
            raise error(f"a number longer than {MAX_DIGITS} digits cannot be in a game file "
                        "(no count or score comes close)",
                        line=None if field else long_line, field=field, key="file.json") from None
        raise error(str(exc), line=None if field else _constant_line(text),
                    field=field, key="file.json") from None


_LONE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _check_unicode(text: str, data: Any, error: type[InputError], field: str | None) -> None:
    """Refuse lone surrogates: such a string could never be saved as UTF-8 again."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise error("the text holds a character that is not valid Unicode (a lone surrogate)",
                    line=None if field else text.count("\n", 0, exc.start) + 1,
                    field=field, key="file.unicode") from None
    if "\\" in text and "\\u" in text:  # one character is found by memchr, two are not
        match = _LONE_ESCAPE.search(text)
        if match is None:
            return
        try:
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise error("an escape \\uD800..\\uDFFF without its pair is not text",
                        line=None if field else text.count("\n", 0, match.start()) + 1,
                        field=field, key="file.unicode") from None


# Only used to explain an error: strings (which may hold brackets) are skipped whole.
# A string's body is written unrolled and its closing quote is optional, so an
# unterminated string is one match to the end of the text: every pattern here
# consumes what it matched and the scans stay linear (a pattern that could fail
# after scanning to the end, then retry at the next quote, was quadratic).
_STRING = r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)'
_TOKEN = re.compile(_STRING + r'(\s*:)?|[\[\]{}]', re.DOTALL)
_CONSTANT = re.compile(_STRING + r'|NaN|-?Infinity', re.DOTALL)
_LONG_NUMBER = re.compile(_STRING + r'|[-+]?[0-9][0-9.eE+-]*', re.DOTALL)
_DEEP = 200


def line_at(text: str, pos: int) -> int:
    """The line (from 1) of position ``pos`` of ``text``."""
    return text.count("\n", 0, pos) + 1


def _deep_line(text: str) -> int | None:
    """The line on which the brackets nest deeper than any game file does."""
    depth = 0
    for m in _TOKEN.finditer(text):
        c = m.group()[0]
        if c in "[{":
            depth += 1
            if depth > _DEEP:
                return line_at(text, m.start())
        elif c in "]}":
            depth -= 1
    return None


def _constant_line(text: str) -> int | None:
    """The line of the first NaN / Infinity outside a string."""
    for m in _CONSTANT.finditer(text):
        if m.group()[0] != '"':
            return line_at(text, m.start())
    return None


def _long_number_line(text: str) -> int | None:
    """The line of the first number (outside a string) longer than MAX_DIGITS."""
    for m in _LONG_NUMBER.finditer(text):
        if m.group()[0] != '"' and len(m.group()) > MAX_DIGITS:
            return line_at(text, m.start())
    return None


def _locate_duplicate(text: str, wanted: str) -> tuple[int | None, int | None]:
    """The line (and the deal number, when inside a deal) of the repeated key."""
    stack: list[Any] = []  # a set of keys per open object, None per list, "deals" for deals
    deal = 0
    last_key = None
    for m in _TOKEN.finditer(text):
        token = m.group()
        c = token[0]
        if c == "{":
            if stack and stack[-1] == "deals":
                deal += 1
            stack.append(set())
        elif c == "[":
            stack.append("deals" if len(stack) == 1 and last_key == "deals" else None)
        elif c in "]}":
            if stack:
                stack.pop()
        elif m.group(1):  # an object key
            try:
                key = json.loads(token[: m.start(1) - m.start()])
            except ValueError:
                key = None
            top = stack[-1] if stack else None
            if isinstance(top, set):
                if key in top and key == wanted:
                    in_deal = len(stack) >= 3 and stack[1] == "deals"
                    return line_at(text, m.start()), deal if in_deal else None
                top.add(key)
            last_key = key
            continue
        last_key = None
    return None, None


def skip(pattern: re.Pattern[str], text: str, pos: int) -> int:
    """Where a run of ``pattern`` (blanks, commas: it also matches nothing) from ``pos``
    ends (to walk a text whose JSON has been read)."""
    match = pattern.match(text, pos)
    return match.end() if match else pos


def refuse_constant(name: str) -> Any:
    """``parse_constant`` of a decoder walking a text :func:`parse` read: NaN and
    Infinity are no numbers of a score file."""
    return _bad_constant(name)


def key_line(text: str, key: str) -> int | None:
    """The line of the first ``"key":`` of ``text`` (to place an error of a top-level
    field), or None when it is not there."""
    match = re.search(re.escape(json.dumps(key)) + r"\s*:", text)
    return text.count("\n", 0, match.start()) + 1 if match else None
