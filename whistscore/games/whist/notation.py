"""Whist's short notation: ``NS 8 H:EW4 R:NS/transfer``, or ``void``.

One side's tricks (the other took the rest of 13), then honours and a revoke
when there were any; a player's name stands for his side, as the table says it.
"""

from __future__ import annotations

from ...checks import notation_text
from ...errors import NotationError
from ...game import NotationForm
from ...rules import Rules
from .deals import BOTH, Deal, check_rules, side_of
from .rules import PENALTIES

__all__ = ["NOTATION_FORMS", "NOTATION_PLAYERS", "parse_notation", "format_notation"]

_PENALTY_SHORT = {"d": "deduct", "t": "transfer", "a": "add"}

#: every form of the short notation (``whistscore notation whist`` and docs/whist.md)
NOTATION_FORMS = (
    NotationForm("SIDE N", "NS 8", "NS took 8 tricks (2 by cards)"),
    NotationForm("SIDE N", "NS 6", "NS took 6, so EW took 7"),
    NotationForm("SIDE N H:SIDE C", "NS 8 H:NS4",
                 "NS 8 tricks and four honours (C is 3 or 4; two-and-two: leave honours out)"),
    NotationForm("SIDE N R:SIDE/PENALTY", "EW 7 R:NS/transfer",
                 "EW 7 tricks; NS revoked and EW take the transfer (deduct, transfer, add)"),
    NotationForm("NAME N H:NAME C R:NAME", "Anna 9 H:Boris3 R:Gleb",
                 "players' names for their sides: NS 9, EW three honours, EW revoked"),
    NotationForm("void", "void", "both sides revoked: the deal is thrown in (also R:both)"),
)
#: the seats the examples are read with (Anna & Vera NS, Boris & Gleb EW)
NOTATION_PLAYERS = ("Anna", "Boris", "Vera", "Gleb")


def parse_notation(text: str, players: tuple[str, ...], rules: Rules) -> Deal:
    """Read one deal in short notation.

    :raises NotationError: naming the part that cannot be read (``notation`` for the
        line as a whole).
    """
    text = notation_text(text, players, field="notation")
    if not isinstance(text, str) or not text.strip():
        raise NotationError("an empty deal; write e.g. NS 8 H:NS4", field="notation",
                            value=text, key="whist.empty")
    tokens = text.split()
    if len(tokens) == 1 and tokens[0].lower() in ("void", "r:both"):
        return Deal(None, revoke=BOTH)
    honours: tuple[str, int] | None = None
    revoke: tuple[str, str | None] | None = None
    rest: list[str] = []
    for token in tokens:
        head = token[:2].lower()
        if head == "h:":
            if honours is not None:
                raise NotationError("honours are written once", field="honours", value=token,
                    key="twice")
            honours = _honours(token, players)
        elif head == "r:":
            if revoke is not None:
                raise NotationError("a revoke is written once (both sides: void)",
                                    field="revoke", value=token, key="whist.revoke_once")
            revoke = _revoke(token, players)
        elif token.lower() == "void":
            raise NotationError("void stands alone (the deal is thrown in)",
                                field="notation", value=text, key="whist.void_alone")
        else:
            rest.append(token)
    if revoke is not None and revoke[0] == BOTH:
        raise NotationError("both sides revoked: the deal is void and stands alone "
                            "(write void)", field="revoke", value=text, key="whist.void_alone")
    if len(rest) < 2:
        raise NotationError("write the side and its tricks, e.g. NS 8",
                            field="tricks", value=text, key="whist.side_tricks")
    if sum(1 for t in rest if t.isdigit()) > 1:
        raise NotationError("only one side's tricks are written (the other side took the "
                            "rest of 13), e.g. NS 8", field="tricks", value=" ".join(rest),
                                key="whist.one_side")
    number = rest[-1]
    if not number.isdigit() or not number.isascii():
        raise NotationError("the tricks are a number after the side, e.g. NS 8",
                            field="tricks", value=number, key="whist.side_tricks")
    count = int(number)
    side = side_of(" ".join(rest[:-1]), players, "tricks", NotationError)
    if count > 13:
        raise NotationError("tricks must be 0..13", field=f"tricks.{side}", value=count,
            key="count", args=(0, 13))
    deal = Deal(count if side == "NS" else 13 - count,
                honours[0] if honours else None, honours[1] if honours else 0,
                revoke[0] if revoke else None, revoke[1] if revoke else None)
    check_rules(deal, rules, "honours", NotationError)
    return deal


def _honours(token: str, players: tuple[str, ...]) -> tuple[str, int]:
    body = token[2:]
    if body[-1:] == "2":
        raise NotationError("honours split two and two score nothing: leave honours out",
                            field="honours", value=token, key="whist.honours_split")
    if len(body) < 2 or body[-1] not in "34":
        raise NotationError("honours are written H:<side><3 or 4>, e.g. H:NS4",
                            field="honours", value=token, key="whist.honours_form")
    side_text = body[:-1]
    if side_text.endswith("/"):
        side_text = side_text[:-1]
    return side_of(side_text, players, "honours", NotationError), int(body[-1])


def _revoke(token: str, players: tuple[str, ...]) -> tuple[str, str | None]:
    body = token[2:]
    side_text, slash, penalty = body.partition("/")
    if side_text.lower() == BOTH:
        return BOTH, None
    side = side_of(side_text, players, "revoke", NotationError)
    if not slash:
        return side, None
    penalty = penalty.lower()
    penalty = _PENALTY_SHORT.get(penalty, penalty)
    if penalty not in PENALTIES:
        raise NotationError(f"the penalty is one of {', '.join(PENALTIES)}",
                            field="revoke.penalty", value=token, key="whist.penalty")
    return side, penalty


def format_notation(deal: Deal, players: tuple[str, ...], rules: Rules) -> str:
    """The deal in short notation, the winning side's tricks first; reads back equal."""
    t = deal.tricks
    if deal.void or t is None:
        return "void"
    parts = [f"NS {t}" if t >= 7 else f"EW {13 - t}"]
    if deal.honours_side is not None:
        parts.append(f"H:{deal.honours_side}{deal.honours}")
    if deal.revoke is not None:
        parts.append(f"R:{deal.revoke}" + (f"/{deal.penalty}" if deal.penalty else ""))
    return " ".join(parts)
