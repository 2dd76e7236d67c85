"""The Preferans short notation: one line per deal, typed at the table.

::

    Anna 7S Boris:w Vera:p 7/3/0      a played contract; tricks declarer/defenders as written
    Anna 6H Boris:h Vera:p            a half-whist (not played: no tricks)
    Anna 8NT Boris:p Vera:p           both pass
    Anna 6S Boris:w Vera:gh 5/4/1     Vera went for half-whist, Boris returned the whist
    Anna 8S Boris:p Vera:p Gleb:w 7/2/1/-   four players: Gleb deals and takes the whist
    Anna 7H concede                   the declarer gives the contract up «без трёх»
    Vera misere 0                     misère made (only the declarer's count)
    Vera misere blind 0               a misère without the talon
    Vera misere Anna:4 Boris:5 Vera:1 misère with every count
    pass 4/2/4                        all-pass, tricks in seat order
    pass 4/2/-/4                      all-pass with four players: '-' is the sitting-out dealer

Keywords are case-insensitive; ``NAME:N`` gives one player's tricks in any
form.  The reading builds the deal's file form and hands it to
:func:`.deals.deal_from_json`, so the notation and the file can never accept
different deals.  A line that cannot be read as a whole is refused with the
field ``notation``; a bad part names the file form's field (``tricks``,
``whist.Vera``...).
"""

from __future__ import annotations

import re
from typing import Any

from ...checks import latin_contract, notation_text
from ...errors import NotationError
from ...game import NotationForm
from ...rules import Rules
from .deals import AllPass, Concede, Contract, Deal, deal_from_json

__all__ = ["NOTATION_FORMS", "NOTATION_PLAYERS", "parse_notation", "format_notation",
           "STATUS_WORDS", "ALLPASS_WORDS"]

#: every form of the short notation (``whistscore notation preferans`` and docs/preferans.md)
NOTATION_FORMS = (
    NotationForm("DECLARER CONTRACT DEF:STATUS DEF:STATUS TRICKS", "Anna 7S Boris:w Vera:p 7/3/0",
                 "Anna plays 7♠; Boris whists and takes 3, Vera passes; Anna takes 7"),
    NotationForm("DECLARER CONTRACT DEF:STATUS DEF:STATUS TRICKS", "Boris 6H Vera:w Anna:p 6/3/1",
                 "Boris 6♥; Vera takes 3, Anna 1: the counts follow the names as written"),
    NotationForm("DECLARER CONTRACT DEF:w DEF:gh TRICKS", "Anna 6S Boris:w Vera:gh 5/4/1",
                 "Vera went for half, Boris returned the whist; Anna down one"),
    NotationForm("DECLARER CONTRACT DEF:STATUS DEF:STATUS NAME:N ...",
                 "Anna 7S Boris:w Vera:p Anna:7 Boris:3 Vera:0",
                 "the tricks as NAME:N in any order instead of a/b/c"),
    NotationForm("DECLARER CONTRACT DEF:STATUS DEF:STATUS DEALER:STATUS TRICKS",
                 "Anna 8S Boris:p Vera:p Gleb:w 7/2/1/-",
                 "four players, Gleb deals: two passes, the dealer whists; Anna takes 7, "
                 "'-' for the dealer's tricks", ("Anna", "Boris", "Vera", "Gleb")),
    NotationForm("DECLARER CONTRACT DEF:STATUS DEF:STATUS DEALER:STATUS TRICKS",
                 "Anna 6S Boris:p Vera:gh Gleb:w 5/3/2/-",
                 "Vera went for half, the dealer returned the whist",
                 ("Anna", "Boris", "Vera", "Gleb")),
    NotationForm("DECLARER CONTRACT DEF:p DEF:h", "Anna 6♥ Boris:p Vera:h",
                 "half-whist: not played (suits as S C D H NT, ♠ ♣ ♦ ♥ or П Т Б Ч БК)"),
    NotationForm("DECLARER CONTRACT DEF:p DEF:p", "Anna 8NT Boris:p Vera:p",
                 "both pass: not played"),
    NotationForm("DECLARER CONTRACT concede", "Anna 7H concede",
                 "Anna gives up 7♥ «без трёх» (also conceded, без3)"),
    NotationForm("DECLARER misere N", "Vera misere 0",
                 "misère made (Vera misere 2: caught with two tricks)"),
    NotationForm("DECLARER misere blind N", "Vera misere blind 0",
                 "a blind misère (played without the talon), made"),
    NotationForm("DECLARER misere NAME:N NAME:N NAME:N", "Vera misere Anna:4 Boris:5 Vera:1",
                 "a misère with every player's tricks"),
    NotationForm("pass TRICKS", "pass 4/2/4",
                 "all-pass, every player's tricks in seat order: Anna 4, Boris 2, Vera 4"),
    NotationForm("pass TRICKS", "pass 4/2/-/4",
                 "all-pass with four players: '-' for the dealer, who sits out (Vera)",
                 ("Anna", "Boris", "Vera", "Gleb")),
)

#: the seats the examples are read with (unless a form names its own)
NOTATION_PLAYERS = ("Anna", "Boris", "Vera")

STATUS_WORDS = {
    "w": "whist", "whist": "whist", "v": "whist", "вист": "whist", "в": "whist",
    "p": "pass", "pass": "pass", "пас": "pass", "п": "pass",
    "h": "half", "half": "half", "пол": "half", "полвиста": "half",
    "gh": "gone-half", "gone": "gone-half", "gone-half": "gone-half", "gonehalf": "gone-half",
}
STATUS_SHORT = {"whist": "w", "pass": "p", "half": "h", "gone-half": "gh"}
ALLPASS_WORDS = ("pass", "allpass", "all-pass", "ap", "raspasy", "распасы")
_LIST_RE = re.compile(r"^(\d+|-)(/(\d+|-))*$")
_CONTRACT_LIKE = re.compile(r"^\d+\S*$")
_SPACE = re.compile(r"\s")



def _key(name: str) -> str:
    return _SPACE.sub("_", name)


def _name(token: str, players: tuple[str, ...], field: str) -> str:
    """A player named by a token: exact, spaces typed as ``_``, or a unique case-insensitive match."""
    if token in players:
        return token
    for p in players:
        if _key(p) == token:
            return p
    folded = token.casefold()
    hits = [p for p in players if _key(p).casefold() == folded]
    if len(hits) == 1:
        return hits[0]
    raise NotationError(f"not a player of this game (players: {', '.join(players)})",
                        field=field, value=token, key="not_a_player", args=(token,))


def _is_player(token: str, players: tuple[str, ...]) -> bool:
    try:
        _name(token, players, "declarer")
    except NotationError:
        return False
    return True


def _is_contract(token: str) -> bool:
    if _LIST_RE.match(token) or ":" in token:
        return False
    return token.lower() in ("misere", "misère", "мизер") or bool(_CONTRACT_LIKE.match(token))


def parse_notation(text: str, players: tuple[str, ...], rules: Rules) -> Deal:
    """Read one line of short notation (a NotationError or DealError names what is wrong)."""
    text = notation_text(text, players, field="notation")
    if not isinstance(text, str):
        raise NotationError("a deal in short notation is one line of text", field="notation",
                            value=text, key="notation_text")
    tokens = text.split()
    if not tokens:
        raise NotationError("an empty deal (e.g. Anna 7S Boris:w Vera:p 7/3/0, "
                            "Vera misere 0, pass 4/2/4)", field="notation", value=text,
                                key="notation_empty")
    head = tokens[0]
    second = tokens[1] if len(tokens) > 1 else ""
    is_allpass_word = head.lower() in ALLPASS_WORDS
    if _is_player(head, players) and not (is_allpass_word and not _is_contract(second)):
        return _contract(tokens, players, rules, text)
    if is_allpass_word:
        return _allpass(tokens[1:], players, rules)
    raise NotationError("a deal starts with the declarer's name, or with pass for an all-pass",
                        field="declarer", value=head, key="pref.start")


def _rest(tokens: list[str],
          players: tuple[str, ...]) -> tuple[dict[str, str], dict[str, int], list[str] | None]:
    """The tokens after the contract: statuses, NAME:N counts and at most one slash list."""
    statuses: dict[str, str] = {}
    counts: dict[str, int] = {}
    listed: list[str] | None = None
    for token in tokens:
        if _LIST_RE.match(token):
            if listed is not None:
                raise NotationError("give the tricks once", field="tricks", value=token, key="twice")
            listed = token.split("/")
            continue
        if ":" not in token:
            raise NotationError("expected NAME:w|p|h|gh, NAME:tricks or tricks a/b/c",
                                field="notation", value=token, key="pref.token", args=(token,))
        who, word = token.rsplit(":", 1)
        if word.isdigit() and word.isascii():
            name = _name(who, players, f"tricks.{who}")
            if name in counts:
                raise NotationError("a player's tricks are given twice", field=f"tricks.{name}",
                                    value=token, key="twice")
            counts[name] = int(word)
            continue
        name = _name(who, players, f"whist.{who}")
        status = STATUS_WORDS.get(word.lower())
        if status is None:
            raise NotationError("a defender says w (whist), p (pass), h (half) or gh "
                                "(gone-half)", field=f"whist.{name}", value=word,
                                    key="pref.status_word", args=(word,))
        if name in statuses:
            raise NotationError("a defender is named twice", field=f"whist.{name}", value=token,
                key="twice")
        statuses[name] = status
    if listed is not None and counts:
        raise NotationError("give the tricks either as a/b/c or as NAME:N, not both",
                            field="tricks", value="/".join(listed), key="pref.tricks_both")
    return statuses, counts, listed


def _number(item: str, field: str) -> int:
    if item == "-":
        raise NotationError("'-' marks only a sitting-out dealer (an all-pass, or a deal with the dealer's status)",
                            field=field, value=item, key="pref.dash")
    return int(item)


CONCEDE_WORDS = ("concede", "conceded", "без3", "без-трёх", "без-трех")
BLIND_WORDS = ("blind", "втёмную", "втемную", "бп")


def _contract(tokens: list[str], players: tuple[str, ...], rules: Rules, text: str) -> Deal:
    declarer = _name(tokens[0], players, "declarer")
    if len(tokens) < 2:
        raise NotationError("the contract is missing (7S, 8NT, misere...)", field="contract",
                            value=text, key="pref.no_contract")
    contract = latin_contract(tokens[1])
    rest = tokens[2:]
    is_misere = contract.lower() in ("misere", "misère", "мизер")
    obj: dict[str, Any] = {"declarer": declarer, "contract": contract}
    if rest and rest[0].lower() in CONCEDE_WORDS:
        if len(rest) > 1:
            raise NotationError("a conceded contract is not played: nothing follows 'concede'",
                                field="notation", value=rest[1], key="pref.concede_alone")
        obj["concede"] = True
        return deal_from_json(obj, players, rules)
    if is_misere and rest and rest[0].lower() in BLIND_WORDS:
        obj["blind"] = True
        rest = rest[1:]
    statuses, counts, listed = _rest(rest, players)
    if is_misere:
        if statuses:
            obj["whist"] = statuses
        if listed is not None:
            if len(listed) != 1:
                raise NotationError("a misère takes the declarer's trick count (Vera misere 1) "
                                    "or NAME:N for each player", field="tricks",
                                    value="/".join(listed), key="pref.misere_count")
            counts = {declarer: _number(listed[0], f"tricks.{declarer}")}
        if counts:
            obj["tricks"] = counts
        return deal_from_json(obj, players, rules)
    obj["whist"] = statuses
    if listed is not None:
        order = [declarer, *statuses]
        if len(statuses) < 2:
            return deal_from_json(obj, players, rules)  # reports the missing defender
        if len(listed) != len(order):
            dash = ", '-' for the sitting-out dealer" if len(statuses) == 3 else ""
            raise NotationError(f"{len(order)} trick counts expected (declarer, then the "
                                f"players as written{dash})", field="tricks",
                                value="/".join(listed), key="pref.counts", args=(len(order),))
        dashes = listed.count("-")
        if len(statuses) == 3 and dashes != 1:
            raise NotationError("with the dealer's status written, give '-' for his tricks "
                                "(he sits out), e.g. 7/2/1/-", field="tricks",
                                value="/".join(listed), key="pref.dash_dealer")
        counts = {}
        for name, item in zip(order, listed):
            if item == "-" and len(statuses) == 3 and name != declarer:
                continue
            counts[name] = _number(item, f"tricks.{name}")
    if counts:
        obj["tricks"] = counts
    return deal_from_json(obj, players, rules)


def _allpass(tokens: list[str], players: tuple[str, ...], rules: Rules) -> Deal:
    statuses, counts, listed = _rest(tokens, players)
    if statuses:
        name = next(iter(statuses))
        raise NotationError("nobody whists on an all-pass", field=f"whist.{name}",
                            value=statuses[name], key="pref.allpass_whist")
    if listed is not None:
        if len(listed) != len(players):
            hint = " ('-' for the sitting-out dealer)" if len(players) == 4 else ""
            raise NotationError(f"{len(players)} trick counts expected in seat order{hint}",
                                field="tricks", value="/".join(listed),
                                    key="pref.counts_seats", args=(len(players),))
        dashes = listed.count("-")
        if len(players) == 3 and dashes:
            raise NotationError("with three players everybody plays: no '-'", field="tricks",
                                value="/".join(listed), key="pref.no_dash")
        if len(players) == 4 and dashes != 1:
            raise NotationError("with four players write '-' for the sitting-out dealer, "
                                "e.g. 4/2/-/4", field="tricks", value="/".join(listed),
                                    key="pref.dash_four")
        counts = {p: int(item) for p, item in zip(players, listed) if item != "-"}
    obj: dict[str, Any] = {"contract": "allpass"}
    if counts or listed is not None:
        obj["tricks"] = counts
    return deal_from_json(obj, players, rules)


def format_notation(deal: Deal, players: tuple[str, ...], rules: Rules) -> str:
    """The deal in short notation; :func:`parse_notation` reads it back equal."""
    if isinstance(deal, Contract):
        parts = [_key(deal.declarer), f"{deal.level}{deal.suit}"]
        parts += [f"{_key(name)}:{STATUS_SHORT[status]}" for name, status in deal.whist]
        if deal.tricks is not None:
            t = dict(deal.tricks)
            parts.append("/".join(str(t[name]) if name in t else "-"
                                  for name in (deal.declarer, *(n for n, _ in deal.whist))))
        return " ".join(parts)
    if isinstance(deal, Concede):
        return f"{_key(deal.declarer)} {deal.level}{deal.suit} concede"
    if isinstance(deal, AllPass):
        t = dict(deal.tricks)
        return "pass " + "/".join(str(t[p]) if p in t else "-" for p in players)
    head = f"{_key(deal.declarer)} misere" + (" blind" if deal.blind else "")
    if len(deal.tricks) == 1:
        return f"{head} {deal.tricks[0][1]}"
    counts = " ".join(f"{_key(p)}:{n}" for p, n in deal.tricks)
    return f"{head} {counts}"
