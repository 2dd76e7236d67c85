"""A game file mended on its text: what ``undo`` does to a file that no longer reads.

A deal typed by hand into a file (or a file written by an older whistscore that a newer
one scores otherwise) can leave the game unreadable or unscorable; the players still
need to take the last deal back.  Here the file is worked on as text: the last deal is
cut out of the top-level ``"deals"`` list and everything before it is kept byte for
byte, so nothing the players wrote is rewritten.  Only :func:`whistscore.recording.repair`
writes what this makes (under the file's lock, atomically); the journal's
:func:`~whistscore.journal.drop_last_deal` is the same cut within a game file's bounds.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable

from .errors import GameFileError, InputError
from .strictjson import key_line, parse, refuse_constant, skip

__all__ = ["drop_last_deal"]


def drop_last_deal(text: str, read: Callable[[str], Any] = parse
                   ) -> tuple[str, Any, int]:
    """The file's text without its last deal, the dropped deal's JSON and its number.

    Undo works on the text, not on the scored game, so a last deal that no
    longer reads or scores (a hand edit) can still be dropped; everything
    before it is kept byte for byte.

    ``read``: the strict reader of the whole text (:func:`whistscore.strictjson.parse`; the
    journal passes its own, bounded as a game file is).

    :raises GameFileError: the text is not JSON, not an object, or its deals not a list.
    :raises InputError: the game has no deal to drop.
    """
    data = read(text)
    if not isinstance(data, dict):
        raise GameFileError("a game file is a JSON object", value=data, line=1, key="file.object")
    deals = data.get("deals")
    if not isinstance(deals, list):
        raise GameFileError("deals must be a list", field="deals", value=deals,
                            line=key_line(text, "deals"), key="file.field", args=("deals",))
    if not deals:
        raise InputError("the game has no deal to undo", field="deals", key="no_undo")
    spans = _deal_spans(text)
    if len(spans) != len(deals):  # cannot happen for text json read; be sure anyway
        raise GameFileError("the deals could not be found in the text", field="deals",
            key="file.field", args=("deals",))
    if len(spans) == 1:  # the list becomes "[]", as a new game's file has it
        cut_from = _array_open(text) + 1
        cut_to = skip(re.compile(r"\s*"), text, spans[-1][1])
    else:
        cut_from, cut_to = spans[-2][1], spans[-1][1]
    return text[:cut_from] + text[cut_to:], deals[-1], len(deals)


def _array_open(text: str) -> int:
    """Where the top-level "deals" list opens: the top object's keys are walked."""
    decoder = json.JSONDecoder(parse_constant=refuse_constant)
    ws = re.compile(r"\s*")
    pos = skip(ws, text, 0)
    if text.startswith("\ufeff", pos):
        pos = skip(ws, text, pos + 1)
    pos += 1  # the "{"
    while True:
        pos = skip(ws, text, pos)
        key, pos = decoder.raw_decode(text, pos)
        pos = skip(ws, text, pos) + 1  # the ":"
        pos = skip(ws, text, pos)
        if key == "deals":
            return pos
        _, pos = decoder.raw_decode(text, pos)
        pos = skip(ws, text, pos) + 1  # the "," (never the "}": deals is there)


def _deal_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each deal of the top-level "deals" list, in one linear pass."""
    decoder = json.JSONDecoder(parse_constant=refuse_constant)
    ws = re.compile(r"[\s,]*")
    pos = _array_open(text) + 1
    spans: list[tuple[int, int]] = []
    while True:
        pos = skip(ws, text, pos)
        if pos >= len(text) or text[pos] == "]":
            return spans
        _, end = decoder.raw_decode(text, pos)
        spans.append((pos, end))
        pos = end
