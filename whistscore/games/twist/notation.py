"""The Twist short notation: one typed line per deal, read and written back.

::

    <declarer> <level><denomination> <tricks> [open | pass] [twist <name> [<name>]]
    <soloist> bomb|dil <category> <value> <tricks>
    round <tricks>

Tricks are four numbers in seating order (``5/2/4/1``).  Names may hold
spaces, so a line is read by position, not by splitting blindly: the declarer
is the longest player name the line starts with, and the twisting opponents
are whatever follows the word ``twist``.  The line is turned into the JSON
object of the deal and checked by the same ``deal_from_json`` as a game file.
"""

from __future__ import annotations

import re
from typing import Any

from ...checks import latin_contract, match_player, notation_text
from ...errors import DealError, NotationError
from ...game import NotationForm
from ...rules import Rules
from .deals import CONTRACT_RE, Deal, Solo, TwistRound, deal_from_json

__all__ = ["NOTATION_FORMS", "NOTATION_PLAYERS", "parse_notation", "format_notation"]

#: every form of the short notation (``whistscore notation twist`` and docs/twist.md)
NOTATION_FORMS: tuple[NotationForm, ...] = (
    NotationForm("DECLARER CONTRACT TRICKS", "Oleg 8H 5/2/4/1",
                 "Oleg plays eight hearts; tricks in seat order: Oleg 5, Irina 2, Pavel 4, "
                 "Sveta 1"),
    NotationForm("DECLARER CONTRACT TRICKS open", "Pavel 5S 3/3/4/2 open",
                 "five spades; Pavel opened his partner Oleg's cards"),
    NotationForm("DECLARER CONTRACT TRICKS pass", "Sveta 7H 1/3/6/2 pass",
                 "seven hearts; the partner Irina passed before play (implies open)"),
    NotationForm("DECLARER CONTRACT TRICKS twist NAME", "Sveta 9NT 3/4/1/4 twist Oleg",
                 "nine no-trump; Oleg announced twist"),
    NotationForm("DECLARER CONTRACT TRICKS twist NAME NAME", "Irina 8S 2/4/2/4 twist Oleg Pavel",
                 "both opponents twist"),
    NotationForm("SOLOIST bomb CATEGORY VALUE TRICKS", "Irina bomb simple 2 4/1/4/3",
                 "Irina's simple bomb worth 2"),
    NotationForm("SOLOIST dil CATEGORY VALUE TRICKS", "Oleg dil double 3 5/2/3/2",
                 "Oleg's double dil worth 3"),
    NotationForm("round TRICKS", "round 2/5/3/2", "the twist round, everyone for himself"),
)

#: the seats the examples are read with
NOTATION_PLAYERS = ("Oleg", "Irina", "Pavel", "Sveta")

_TRICKS_RE = re.compile(r"^\d+(?:[/,]\d+){3}$")
_ROUND_WORDS = ("round", "twist-round", "tr")
_OPEN_WORDS = ("open", "opened", "view")
_PASS_WORDS = ("pass", "passed")



def format_notation(deal: Deal, players: tuple[str, ...], rules: Rules) -> str:
    """The deal as one line that :func:`parse_notation` reads back equal."""
    tricks = "/".join(str(n) for _, n in deal.tricks)
    if isinstance(deal, TwistRound):
        return f"round {tricks}"
    if isinstance(deal, Solo):
        return f"{deal.declarer} {deal.kind} {deal.category} {deal.value} {tricks}"
    text = f"{deal.declarer} {deal.contract} {tricks}"
    if deal.partner_passed:
        text += " pass"
    elif deal.opened:
        text += " open"
    if deal.twist:
        text += " twist " + " ".join(deal.twist)
    return text


def parse_notation(text: str, players: tuple[str, ...], rules: Rules) -> Deal:
    """Read one typed deal; the value is checked by the file form's own :func:`deal_from_json`.

    :raises NotationError: the line cannot be read (naming the part and its value).
    """
    text = notation_text(text, players, field="notation")
    if not isinstance(text, str) or not text.strip():
        raise NotationError("a deal in short notation, e.g. 'Anna 8H 5/2/4/1'",
                            field="notation", value=text, key="notation_empty")
    line = text.strip()
    words = line.split()
    if len(words) == 2 and words[0].lower() in _ROUND_WORDS:
        return _deal({"twist_round": True, "tricks": _tricks(words[1], players)}, players, rules)
    first_error: NotationError | None = None
    for name in _leading_names(line, players):
        try:
            return _after_name(line, name, players, rules)
        except NotationError as exc:
            first_error = first_error or exc
    if first_error is not None:
        raise first_error
    raise NotationError(f"a deal starts with the declarer's name ({', '.join(players)}) "
                        "or 'round'", field="declarer", value=words[0], key="twist.start")


def _after_name(line: str, name: str, players: tuple[str, ...], rules: Rules) -> Deal:
    rest = line[len(name):]
    spans = [(m.start(), m.end(), m.group()) for m in re.finditer(r"\S+", rest)]
    words = [w for _, _, w in spans]
    if not words:
        raise NotationError("the contract is missing after the declarer",
                            field="contract", value="", key="twist.no_contract")
    words[0] = latin_contract(words[0])
    head = words[0].lower()
    if head in ("bomb", "dil"):
        if len(words) != 4:
            raise NotationError(f"a {head} is written '<name> {head} <category> <value> "
                                "<tricks>'", field="notation", value=line,
                                    key="twist.solo_form", args=(head,))
        value = words[2]
        if not value.isdigit() or len(value) > 6:
            raise NotationError("the value is a whole number", field="value", value=value,
                key="twist.value")
        return _deal({head: words[1], "value": int(value), "declarer": name,
                      "tricks": _tricks(words[3], players)}, players, rules)
    if not CONTRACT_RE.match(words[0]):
        raise NotationError("a contract is a level 2..12 and S, C, D, H or NT (e.g. 8H), "
                            "or 'bomb' / 'dil'", field="contract", value=words[0],
                                key="twist.contract")
    if len(words) < 2:
        raise NotationError("the tricks are missing (e.g. 5/2/4/1 in seating order)",
                            field="tricks", value=rest.strip(), key="twist.no_tricks")
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
                                field="notation", value=words[i],
                                    key="twist.after_tricks", args=(words[i],))
    return _deal(obj, players, rules)


def _deal(obj: dict[str, Any], players: tuple[str, ...], rules: Rules) -> Deal:
    """The deal through the game file's own checks; their errors become notation errors."""
    try:
        return deal_from_json(obj, players, rules)
    except NotationError:
        raise
    except DealError as exc:
        if exc.has_value:
            raise NotationError(exc.reason, field=exc.field, value=exc.value, key=exc.key,
                                args=exc.args_said) from None
        raise NotationError(exc.reason, field=exc.field, key=exc.key,
                            args=exc.args_said) from None


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
                            field="tricks", value=word, key="twist.tricks_form")
    return dict(zip(players, (int(x) for x in re.split(r"[/,]", word))))


def _twisters(rest: str, players: tuple[str, ...]) -> list[str]:
    """One name, or two names separated by a space (either may hold spaces itself)."""
    if not rest:
        raise NotationError("twist names the opponent(s) who announced it",
                            field="twist", value=rest, key="twist.twisters")
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
                        field="twist", value=rest, key="twist.twister_unknown", args=(rest,))
