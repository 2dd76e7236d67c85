"""The Danish short notation: one line per deal, as it is called at the table.

``Anna 9 good Carl 10`` is Anna's 9 good with Carl, who held the called ace,
and 10 tricks.  A line is read every way its words allow (a player may be
called "good" or "alone"); exactly one deal must come out, else the line is
refused as ambiguous.  The canonical line is the one that reads back as the
same deal.
"""

from __future__ import annotations

import re
from typing import Any, Callable

import attrs

from ...checks import notation_text
from ...errors import DealError, NotationError
from ...game import NotationForm
from ...rules import Rules
from .deals import ATTACHMENT_NAMES, ATTACHMENTS, Deal, deal_from_json
from .rules import NEGATIVE_NAMES

__all__ = ["NOTATION_FORMS", "NOTATION_PLAYERS", "parse_notation", "format_notation"]

#: negative contracts, keyed by their words (one or two) in lower case
_NEGATIVE_WORDS: dict[tuple[str, ...], str] = {
    tuple(words.split()): name for words, name in NEGATIVE_NAMES.items()}
_ALONE_WORDS = ("alone", "alene")
_SEAT = re.compile(r"#([1-9])")
_NUMBER = re.compile(r"[+-]?\d{1,6}")

_SHAPE = ("write DECLARER BID [ATTACHMENT] PARTNER|alone TRICKS "
          "or DECLARER solo|nolo|open_solo|open_nolo TRICKS")

#: every form of the short notation (``whistscore notation danish`` and docs/danish.md)
NOTATION_FORMS = (
    NotationForm("DECLARER BID [ATTACHMENT] PARTNER TRICKS", "Anna 9 good Carl 10",
                 "Anna bid 9 good, Carl held the called ace, they took 10"),
    NotationForm("DECLARER BID ATTACHMENT PARTNER TRICKS", "Bo 7 vip Dina 8",
                 "7 tournee (vip) with Dina, 8 tricks"),
    NotationForm("DECLARER BID [ATTACHMENT] alone TRICKS", "Anna 8 alone 7",
                 "Anna bid 8 and played alone (the ace in the cat or her own), took 7"),
    NotationForm("DECLARER BID DECLARER TRICKS", "Anna 8 Anna 7",
                 "the same: she called her own ace"),
    NotationForm("DECLARER NEGATIVE TRICKS", "Bo nolo 0",
                 "Bo's nolo (ren sol), made; solo, open_solo, open_nolo alike"),
    NotationForm("DECLARER NEGATIVE TRICKS", "Bo ren sol 1",
                 "the same contract in Danish words, caught with one trick"),
    NotationForm("DECLARER NEGATIVE TRICKS", "Carl bordlægger 1", "open solo, made"),
    NotationForm("DECLARER NEGATIVE TRICKS", "Dina ren bordlægger 0", "open nolo, made"),
)
#: the seats the examples are read with
NOTATION_PLAYERS = ("Anna", "Bo", "Carl", "Dina")

#: the failure that got furthest: (depth, field, value, reason)
#: (depth, field, value, reason, the sentence's key, its arguments)
_Failure = tuple[int, str, Any, str, str, tuple[Any, ...]]


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def _names(tokens: list[str], players: tuple[str, ...]) -> list[str]:
    """The player the tokens name: ``#seat`` first (so every player can always be
    written by seat, even beside a player really called "#2", who is then written
    by his own seat), else exactly, else by a unique case-insensitive match."""
    joined = " ".join(tokens)
    seat = _SEAT.fullmatch(joined)
    if seat and int(seat.group(1)) <= len(players):
        return [players[int(seat.group(1)) - 1]]
    exact = [p for p in players if " ".join(p.split()) == joined]
    if exact:
        return exact
    folded = joined.casefold()
    loose = [p for p in players if _norm(p) == folded]
    if len(loose) == 1:
        return loose
    return []


def _readings(body: list[str], players: tuple[str, ...]) -> tuple[list[dict[str, Any]], _Failure]:
    """Every reading of ``DECLARER CONTRACT [ATTACHMENT] [PARTNER]``, and the failure
    that got furthest (depth, field, value, reason) to report when none reads."""
    found: list[dict[str, Any]] = []
    worst: _Failure = (0, "declarer", body[0],
                       f"the line starts with the declarer, a player ({', '.join(players)})",
                       "danish.start", ())

    def fail(depth: int, field: str, value: Any, reason: str, key: str,
             args: tuple[Any, ...] = ()) -> None:
        nonlocal worst
        if depth > worst[0]:
            worst = (depth, field, value, reason, key, args)

    for i in range(1, len(body)):
        for declarer in _names(body[:i], players):
            rest = body[i:]
            words = tuple(w.casefold() for w in rest)
            for n in (1, 2):
                neg = _NEGATIVE_WORDS.get(words[:n]) if len(words) >= n else None
                if neg is None:
                    continue
                if len(rest) == n:
                    found.append({"declarer": declarer, "bid": neg})
                elif words[n] in ATTACHMENT_NAMES:
                    fail(3, "attachment", rest[n], f"a negative contract ({neg}) "
                         "takes no attachment", "danish.negative_attachment")
                else:
                    fail(2, "partner", " ".join(rest[n:]), f"a negative contract ({neg}) "
                         "is played alone: write DECLARER " + neg + " TRICKS", "danish.negative_alone")
            if not _NUMBER.fullmatch(rest[0]):
                if not any(words[:n] in _NEGATIVE_WORDS for n in (1, 2)):
                    fail(1, "bid", rest[0], "after the declarer comes the bid: 7..13, "
                         "solo, nolo, open_solo or open_nolo", "danish.after_declarer")
                continue
            bid = int(rest[0])
            after = rest[1:]
            choices: list[tuple[str | None, list[str]]] = []
            if after and after[0].casefold() in ATTACHMENT_NAMES:
                choices.append((ATTACHMENT_NAMES[after[0].casefold()], after[1:]))
            choices.append((None, after))
            for attachment, tail in choices:
                if not tail:
                    fail(2, "partner", " ".join(body), "the partner is missing: after the bid "
                         "[and attachment] write the partner (a player) or 'alone'", "danish.no_partner")
                    continue
                partners: list[str | None] = []
                if len(tail) == 1 and tail[0].casefold() in _ALONE_WORDS:
                    partners.append(None)
                partners.extend(_names(tail, players))
                if not partners:
                    if attachment is None and len(tail) > 1 and not _names(tail[:1], players) and (
                            _names(tail[1:], players) or tail[1].casefold() in _ALONE_WORDS):
                        fail(3, "attachment", tail[0], "unknown attachment (known: "
                             f"{', '.join(ATTACHMENTS)}; vip, gode, halve, stærke)", "danish.attachment")
                    else:
                        fail(2, "partner", " ".join(tail), "the partner is a player "
                             f"({', '.join(players)}) or 'alone'", "danish.partner_unknown",
                             (" ".join(tail),))
                for partner in partners:
                    obj: dict[str, Any] = {"declarer": declarer, "bid": bid, "partner": partner}
                    if attachment is not None:
                        obj["attachment"] = attachment
                    found.append(obj)
    return found, worst


def parse_notation(text: str, players: tuple[str, ...], rules: Rules) -> Deal:
    """Read one line of short notation.

    :raises NotationError: the line cannot be read as one deal (field ``notation``),
        or one part of it is wrong (that part's field: ``tricks``, ``bid`` ...).
    """
    return _parse(notation_text(text, players, field="notation"), players, rules)


def _parse(text: Any, players: tuple[str, ...], rules: Rules) -> Deal:
    if not isinstance(text, str):
        raise NotationError("the short notation is one line of text", field="notation",
                            value=text, key="notation_text")
    tokens = text.split()
    if len(tokens) < 3:
        raise NotationError(_SHAPE, field="notation", value=text, key="danish.shape")
    if not _NUMBER.fullmatch(tokens[-1]):
        raise NotationError("the line ends with the tricks taken (a number 0..13)",
                            field="tricks", value=tokens[-1], key="danish.tricks_last")
    tricks = int(tokens[-1])
    readings, worst = _readings(tokens[:-1], players)
    deals: list[Deal] = []
    first_error: DealError | None = None
    for obj in readings:
        obj["tricks"] = tricks
        try:
            deal = deal_from_json(obj, players, rules)
        except DealError as exc:
            first_error = first_error or exc
            continue
        if deal not in deals:
            deals.append(deal)
    if len(deals) == 1:
        return deals[0]
    if len(deals) > 1:
        raise NotationError("ambiguous: the words can be read as more than one deal "
                            "(name players by seat as #1, #2...)", field="notation", value=text,
                                key="danish.ambiguous")
    attachments = [w for w in tokens[2:-1] if w.casefold() in ATTACHMENT_NAMES]
    if len(attachments) > 1:
        raise NotationError("a contract has one attachment; this line gives "
                            f"{len(attachments)}: {' '.join(attachments)}",
                            field="attachment", value=" ".join(attachments),
                                key="danish.attachments")
    if first_error is not None:
        raise first_error
    _, field, value, reason, key, args = worst
    raise NotationError(reason, field=field, value=value, key=key, args=args)


def _plain(deal: Deal, name_of: Callable[[str], str]) -> str:
    words = [name_of(deal.declarer), str(deal.bid)]
    if not deal.negative:
        if deal.attachment is not None:
            words.append(deal.attachment)
        words.append("alone" if deal.partner is None else name_of(deal.partner))
    words.append(str(deal.tricks))
    return " ".join(words)


def format_notation(deal: Deal, players: tuple[str, ...], rules: Rules) -> str:
    """The canonical line.

    Names that would make the line ambiguous (a player called "alone" or
    "good", say) are written by seat (#2); the declarer and the partner are
    each tried by name, then by seat, and the first spelling that reads back
    as the same deal is used.
    """
    plain = {p: " ".join(p.split()) for p in players}
    seat = {p: f"#{i}" for i, p in enumerate(players, 1)}
    variants = [deal]
    if not deal.negative and deal.partner is None:
        # "alone" may itself be a player's name: the declarer's own seat means alone too
        variants.append(attrs.evolve(deal, partner=deal.declarer))
    candidates = []
    for variant in variants:
        for first in (plain, seat):
            for second in (plain, seat):
                def name_of(p: str, _d: str = variant.declarer, _a: dict[str, str] = first,
                            _b: dict[str, str] = second) -> str:
                    return _a[p] if p == _d else _b[p]
                candidates.append(_plain(variant, name_of))
    for text in candidates:
        try:
            if _parse(text, players, rules) == deal:
                return text
        except DealError:
            continue
    return candidates[0]  # pragma: no cover - only for names built to defeat every spelling
