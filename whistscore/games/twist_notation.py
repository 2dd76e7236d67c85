"""The Twist short notation: one typed line per deal, read and written back.

::

    <declarer> <level><denomination> <tricks> [open | pass] [twist <name> [<name>]]
    <soloist> bomb|dil <category> <value> <tricks>
    round <tricks>

Tricks are four numbers in seating order (``5/2/4/1``).  Names may hold
spaces, so a line is read by position, not by splitting blindly: the declarer
is the longest player name the line starts with, and the twisting opponents
are whatever follows the word ``twist``.  The line is turned into the JSON
object of the deal and checked by the same ``parse_deal`` as a game file.
"""

from __future__ import annotations

import re
from typing import Any

from ..checks import match_player
from ..errors import DealError, NotationError

_CONTRACT_RE = re.compile(r"^(1[0-2]|[2-9])(NT|S|C|D|H|♠|♣|♦|♥)$", re.IGNORECASE)
_TRICKS_RE = re.compile(r"^\d+(?:[/,]\d+){3}$")
_ROUND_WORDS = ("round", "twist-round", "tr")
_OPEN_WORDS = ("open", "opened", "view")
_PASS_WORDS = ("pass", "passed")


def format_deal(deal: Any) -> str:
    tricks = "/".join(str(n) for _, n in deal.tricks)
    kind = type(deal).__name__
    if kind == "TwistRound":
        return f"round {tricks}"
    if kind == "Solo":
        return f"{deal.declarer} {deal.kind} {deal.category} {deal.value} {tricks}"
    text = f"{deal.declarer} {deal.contract} {tricks}"
    if deal.partner_passed:
        text += " pass"
    elif deal.opened:
        text += " open"
    if deal.twist:
        text += " twist " + " ".join(deal.twist)
    return text


def parse_line(game: Any, text: Any, players: tuple[str, ...]) -> Any:
    if not isinstance(text, str) or not text.strip():
        raise NotationError("a deal in short notation, e.g. 'Anna 8H 5/2/4/1'",
                            field="notation", value=text)
    line = text.strip()
    words = line.split()
    if len(words) == 2 and words[0].lower() in _ROUND_WORDS:
        return _deal(game, {"twist_round": True, "tricks": _tricks(words[1], players)}, players)
    first_error: NotationError | None = None
    for name in _leading_names(line, players):
        try:
            return _after_name(game, name, line[len(name):], players)
        except NotationError as exc:
            first_error = first_error or exc
    if first_error is not None:
        raise first_error
    raise NotationError(f"a deal starts with the declarer's name ({', '.join(players)}) "
                        "or 'round'", field="declarer", value=words[0])


def _after_name(game: Any, name: str, rest: str, players: tuple[str, ...]) -> Any:
    spans = [(m.start(), m.end(), m.group()) for m in re.finditer(r"\S+", rest)]
    words = [w for _, _, w in spans]
    if not words:
        raise NotationError("the contract is missing after the declarer",
                            field="contract", value="")
    head = words[0].lower()
    if head in ("bomb", "dil"):
        if len(words) != 4:
            raise NotationError(f"a {head} is written '<name> {head} <category> <value> "
                                "<tricks>'", field="notation", value=rest.strip())
        value = words[2]
        if not value.isdigit() or len(value) > 6:
            raise NotationError("the value is a whole number", field="value", value=value)
        return _deal(game, {head: words[1], "value": int(value), "declarer": name,
                            "tricks": _tricks(words[3], players)}, players)
    if not _CONTRACT_RE.match(words[0]):
        raise NotationError("a contract is a level 2..12 and S, C, D, H or NT (e.g. 8H), "
                            "or 'bomb' / 'dil'", field="contract", value=words[0])
    if len(words) < 2:
        raise NotationError("the tricks are missing (e.g. 5/2/4/1 in seating order)",
                            field="tricks", value=rest.strip())
    obj: dict[str, Any] = {"declarer": name, "contract": words[0],
                           "tricks": _tricks(words[1], players)}
    for i in range(2, len(words)):
        word = words[i].lower()
        if word in _OPEN_WORDS:
            obj["opened"] = True
        elif word in _PASS_WORDS:
            obj["partner_passed"] = True
        elif word == "twist":
            obj["twist"] = _twisters(rest[spans[i][1]:].strip(), players)
            break
        else:
            raise NotationError("after the tricks come 'open', 'pass' and 'twist NAME...'",
                                field="notation", value=words[i])
    return _deal(game, obj, players)


def _deal(game: Any, obj: dict, players: tuple[str, ...]) -> Any:
    """The deal through the game file's own checks; their errors become notation errors."""
    try:
        return game.deal_from_json(obj, players, None)
    except NotationError:
        raise
    except DealError as exc:
        raise NotationError(exc.reason, field=exc.field,
                            **({"value": exc.value} if exc.has_value else {})) from None


def _leading_names(line: str, players: tuple[str, ...]) -> list[str]:
    """Players whose name starts the line (followed by a space), longest first."""
    exact = [p for p in players if line.startswith(p) and line[len(p):len(p) + 1].isspace()]
    if exact:
        return sorted(exact, key=len, reverse=True)
    folded = line.casefold()
    found = [p for p in players
             if folded.startswith(p.casefold()) and line[len(p):len(p) + 1].isspace()]
    return sorted(found, key=len, reverse=True)


def _tricks(word: str, players: tuple[str, ...]) -> dict[str, int]:
    if len(word) > 40 or not _TRICKS_RE.match(word):
        raise NotationError("tricks are four numbers in seating order, e.g. 5/2/4/1",
                            field="tricks", value=word)
    return dict(zip(players, (int(x) for x in re.split(r"[/,]", word))))


def _twisters(rest: str, players: tuple[str, ...]) -> list[str]:
    """One name, or two names separated by a space (either may hold spaces itself)."""
    if not rest:
        raise NotationError("twist names the opponent(s) who announced it",
                            field="twist", value=rest)
    one = match_player(rest, players)
    if one is not None:
        return [one]
    for first in sorted(players, key=len, reverse=True):
        head = rest[:len(first)]
        if (head == first or head.casefold() == first.casefold()) \
                and rest[len(first):len(first) + 1].isspace():
            second = match_player(rest[len(first):].strip(), players)
            if second is not None:
                return [first, second]
    raise NotationError(f"unknown player after 'twist' (players: {', '.join(players)})",
                        field="twist", value=rest)
