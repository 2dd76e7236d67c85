"""What the club archive reads of a Twist deal and game (docs/club.md; :class:`ClubFacts`).

The parts come from the deal's file form (twist.md "Deals (JSON)"); whether a deal
was made is what this game's own words for it say (``sheet.describe_result``); the
nota symbols of a game are those its sheet shows.
"""

from __future__ import annotations

from fractions import Fraction
import json
from typing import Iterator, Sequence

from ...game import (ClubFacts, ClubRecord, Counts, DealParts, JSONObject, RecordDeal,
                     RecordFound, StatDeal, bid_height, bid_text, contracts_json, count,
                     declarer_of, exact_text, highest_made, rate)
from ...ledger import Amount, Entry
from ...rules import Rules
from .scoring import State

__all__ = ["CLUB"]


def parts(deal: JSONObject) -> DealParts:
    declarer = declarer_of(deal)
    if deal.get("twist_round"):
        return DealParts(None, None, "twist_round")
    for solo in ("bomb", "dil"):
        if solo in deal:
            return DealParts(declarer, f"{solo} {deal[solo]} {deal.get('value')}", solo)
    return DealParts(declarer, deal.get("contract"), "contract", bid_height(deal.get("contract")))


def symbols(state: State, rules: Rules) -> int:
    """The nota symbols written in the game: the sheet's ``nota`` of every column, one a
    mark (``sheet.sheet_json``), counted without writing the sheet."""
    return sum(len(state.marks(i)) for i in range(len(state.players)))


#: the solos of twist.md, and their categories in the order the rules list them
_SOLOS = ("bomb", "dil")
_CATEGORIES = ("simple", "double", "clean", "all")


def written(entries: Sequence[Entry]) -> dict[str, Amount]:
    """The vists each player wrote in the deal (his ``vists`` column, twist.md)."""
    out: dict[str, Amount] = {}
    for e in entries:
        if e.column == "vists":
            out[e.player] = out.get(e.player, 0) + e.amount
    return out


def stats(d: StatDeal, counts: Counts) -> None:
    """One deal's part of a player's statistics (docs/club.md "Statistics", Twist)."""
    deal, me = d.deal, d.me
    tricks = deal.get("tricks")
    mine = tricks.get(me) if isinstance(tricks, dict) else None
    if isinstance(mine, int):
        count(counts, ("tricks", "deals"))
        count(counts, ("tricks", "taken"), mine)
    if d.kind == "twist_round":
        count(counts, ("twist_round", "deals"))
        if isinstance(mine, int):
            count(counts, ("twist_round", "tricks"), mine)
        return
    if deal.get("declarer") == me:
        if d.kind in _SOLOS:
            key = ("solo", d.kind, str(deal.get(d.kind)))
            count(counts, key + ("played",))
            if d.made == 1:
                count(counts, key + ("made",))
        elif d.height is not None:
            count(counts, ("contract", d.height, "played"))
            if d.made == 1:
                count(counts, ("contract", d.height, "made"))
            if deal.get("opened"):
                count(counts, ("opened", "played"))
                if d.made == 1:
                    count(counts, ("opened", "made"))
    if me in d.written:
        count(counts, ("vists",), d.written[me])
    twisted = deal.get("twist")
    if isinstance(twisted, list) and me in twisted:
        count(counts, ("twist", "announced"))
        if d.made == 0:  # the contract he twisted failed
            count(counts, ("twist", "won"))


def stats_json(counts: Counts, deals: int) -> JSONObject:
    solos = sorted({k[1:3] for k in counts if k[0] == "solo"},
                   key=lambda s: (_SOLOS.index(s[0]),
                                  _CATEGORIES.index(s[1]) if s[1] in _CATEGORIES else 9, s[1]))
    return {
        "contracts": contracts_json(counts),
        "opened": {k: counts.get(("opened", k), 0) for k in ("played", "made")},
        "solos": [{"solo": s, "category": c, "played": counts.get(("solo", s, c, "played"), 0),
                   "made": counts.get(("solo", s, c, "made"), 0)} for s, c in solos],
        "twist": {k: counts.get(("twist", k), 0) for k in ("announced", "won")},
        "twist_round": {k: counts.get(("twist_round", k), 0) for k in ("deals", "tricks")},
        "tricks_per_deal": rate(counts.get(("tricks", "taken"), 0),
                                counts.get(("tricks", "deals"), 0)),
        "vists": exact_text(Fraction(counts.get(("vists",), 0))),
        "vists_per_deal": rate(counts.get(("vists",), 0), deals),
    }


def balance_counts(state: State, rules: Rules) -> tuple[tuple[Amount, ...], int]:
    """:func:`~.scoring.balance` as whole vists, in seat order: twice each remark
    (less 10 x gora) against the table's, plus the vists written less those received.

    Written out for Twist's four seats (``deals.SEATS``; the club's refresh counts it after
    every deal): row ``i`` of the vists is what seat ``i`` wrote, column ``i`` what he
    received."""
    (g0, g1, g2, g3, r0, r1, r2, r3, a0, a1, a2, a3, b0, b1, b2, b3, c0, c1, c2, c3,
     d0, d1, d2, d3) = state.numbers
    f0 = r0 - 10 * g0
    f1 = r1 - 10 * g1
    f2 = r2 - 10 * g2
    f3 = r3 - 10 * g3
    total = f0 + f1 + f2 + f3
    return ((2 * (4 * f0 - total) + a0 + a1 + a2 + a3 - a0 - b0 - c0 - d0,
             2 * (4 * f1 - total) + b0 + b1 + b2 + b3 - a1 - b1 - c1 - d1,
             2 * (4 * f2 - total) + c0 + c1 + c2 + c3 - a2 - b2 - c2 - d2,
             2 * (4 * f3 - total) + d0 + d1 + d2 + d3 - a3 - b3 - c3 - d3), 1)


def _most_symbols(deals: Sequence[RecordDeal], own: int | None) -> Iterator[RecordFound]:
    """The game's nota symbols (its own count), where it wrote any."""
    if own:
        yield RecordFound(own, own)


def _best_twist_round(deals: Sequence[RecordDeal], own: int | None) -> Iterator[RecordFound]:
    """Each twist round's best result, named by the player who had it."""
    for d in deals:
        if d.kind == "twist_round":
            values = {p: Fraction(v) for p, v in json.loads(d.moved).items()}
            winner = max(values, key=lambda p: values[p])
            yield RecordFound(values[winner], exact_text(values[winner]), winner, d.number)


#: the club's records of Twist beyond every game's (club.md "Records")
RECORDS = (
    highest_made("highest_contract", bid_text),
    ClubRecord("most_symbols", _most_symbols),
    ClubRecord("best_twist_round", _best_twist_round),
)


CLUB = ClubFacts(
    parts=parts,
    made=frozenset({"res.made", "res.made_over"}),
    failed=frozenset({"res.down", "res.caught", "res.lost_with", "res.lost",
                      "twist.res.failed_over", "twist.res.failed_under"}),
    symbols=symbols,
    records=RECORDS,
    written=written,
    stats=stats,
    stats_json=stats_json,
    balance_counts=balance_counts,
)
