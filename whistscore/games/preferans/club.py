"""What the club archive reads of a Preferans deal (docs/club.md; :class:`ClubFacts`).

The parts come from the deal's file form (preferans.md "Deals (JSON)"); whether a
deal was made is what this game's own words for it say (``sheet.describe_result``),
and a short whister is the one the scoring wrote a responsible whist for.
"""

from __future__ import annotations

from fractions import Fraction
from operator import attrgetter
from typing import Iterator, Sequence

from ...game import (ClubFacts, ClubRecord, Counts, DealParts, JSONObject, PlayDeal, PlayPart,
                     RecordDeal, RecordFound, StatDeal, bid_height, bid_text, contracts_json,
                     count, declarer_of, exact_text, highest_made, most_in_evening, rate)
from ...ledger import Amount, Entry
from ...rules import Rules
from .scoring import State

__all__ = ["CLUB"]

#: a whister short of his tricks (preferans.md "responsible whist")
_SHORT_RULES = frozenset({"responsible_whist", "half_responsible_whist"})
_rule_of = attrgetter("rule")


def parts(deal: JSONObject) -> DealParts:
    declarer = declarer_of(deal)
    contract = deal.get("contract")
    whist = deal.get("whist")
    whisters = tuple([p for p, s in whist.items() if s in ("whist", "half")]) \
        if isinstance(whist, dict) else ()
    if contract == "allpass":
        return DealParts(None, None, "allpass", None, whisters)
    if contract == "misere":
        return DealParts(declarer, "misere", "misere", None, whisters)
    return DealParts(declarer, contract, "concede" if deal.get("concede") else "contract",
                     bid_height(contract), whisters)


def short(entries: Sequence[Entry]) -> tuple[str, ...]:
    """The short whisters, sorted; most deals have no responsible whist, seen at once by
    their rules alone (no set of players made)."""
    if _SHORT_RULES.isdisjoint(map(_rule_of, entries)):
        return ()
    return tuple(sorted({e.player for e in entries if e.rule in _SHORT_RULES}))


def written(entries: Sequence[Entry]) -> dict[str, Amount]:
    """The vists each player wrote in the deal (every entry of his ``vists`` column: for
    his whisted tricks, a half-whist, the consolation for a declarer's undertricks)."""
    out: dict[str, Amount] = {}
    for e in entries:
        if e.column == "vists":
            out[e.player] = out.get(e.player, 0) + e.amount
    return out


#: a defender's word in a deal's ``whist`` -> what his statistics count: ``gone-half``
#: went for half-whist and was returned the whist, so he passes (preferans.md)
_ANSWERS = {"whist": "whist", "pass": "pass", "half": "half", "gone-half": "pass"}


def stats(d: StatDeal, counts: Counts) -> None:
    """One deal's part of a player's statistics (docs/club.md "Statistics", Preferans)."""
    deal, me = d.deal, d.me
    if d.kind == "allpass":
        tricks = deal.get("tricks")
        if isinstance(tricks, dict) and me in tricks:  # he played it (not the idle dealer)
            count(counts, ("allpass", "deals"))
            count(counts, ("allpass", "tricks"), int(tricks[me]))
    elif deal.get("declarer") == me:
        if d.kind == "misere":
            count(counts, ("misere", "played"))
            if d.made is not None:
                count(counts, ("misere", "made" if d.made else "caught"))
        elif d.height is not None:
            count(counts, ("contract", d.height, "played"))
            if d.made == 1:
                count(counts, ("contract", d.height, "made"))
    else:
        said = deal.get("whist")
        answer = _ANSWERS.get(str(said.get(me))) if isinstance(said, dict) else None
        if answer == "pass" and len(d.players) == 4 and me == d.dealer:
            answer = None  # the sitting-out dealer's pass is no answer (preferans.md)
        if answer is not None:
            count(counts, ("defence", answer))
            if me in d.short:
                count(counts, ("defence", "whist_failed"))
    if me in d.written:
        count(counts, ("vists",), d.written[me])


def stats_json(counts: Counts, deals: int) -> JSONObject:
    vists = Fraction(counts.get(("vists",), 0))
    return {
        "contracts": contracts_json(counts),
        "misere": {k: counts.get(("misere", k), 0) for k in ("played", "made", "caught")},
        "defence": {k: counts.get(("defence", k), 0)
                    for k in ("whist", "pass", "half", "whist_failed")},
        "allpass": {k: counts.get(("allpass", k), 0) for k in ("deals", "tricks")},
        "vists": exact_text(vists),
        "vists_per_deal": rate(vists, deals),
    }


def balance_counts(state: State, rules: Rules) -> tuple[tuple[Amount, ...], int]:
    """:func:`~.scoring.balance` as counts of thirds (quarters at four), in seat order:
    each player's ``n x (net - G x gora + P x pulya) + shared``, over ``n``.

    The formula of :func:`~.scoring.balance`, written again on purpose: each runs after
    every deal (a replay with history; the club's refresh), and :func:`~.scoring.balance`
    made from these counts cost a replay with history 8-9 % more.
    tests/test_club_balance_counts.py holds the two equal deal by deal."""
    P = rules["pulya_points"]
    G = rules["gora_points"]
    n = len(state.players)
    vists = state.vists
    gora = state.gora
    pulya = state.pulya
    if n == 3:  # the usual table, written out: row i is what i wrote, column i of him
        v00, v01, v02, v10, v11, v12, v20, v21, v22 = vists
        g0, g1, g2 = gora
        p0, p1, p2 = pulya
        shared = G * (g0 + g1 + g2) - P * (p0 + p1 + p2)
        return ((3 * (v01 + v02 - v10 - v20 - G * g0 + P * p0) + shared,
                 3 * (v10 + v12 - v01 - v21 - G * g1 + P * p1) + shared,
                 3 * (v20 + v21 - v02 - v12 - G * g2 + P * p2) + shared), 3)
    shared = G * sum(gora) - P * sum(pulya)
    return tuple([n * (sum(vists[i * n:(i + 1) * n]) - sum(vists[i::n]) - G * gora[i]
                       + P * pulya[i]) + shared for i in range(n)]), n


def _longest_allpass(deals: Sequence[RecordDeal], own: int | None) -> Iterator[RecordFound]:
    """Every all-pass series of the evening as it grows, named by its first deal."""
    run, start = 0, None
    for d in deals:
        if d.kind == "allpass":
            run += 1
            start = d.number if run == 1 else start
            yield RecordFound(run, run, None, start)
        else:
            run = 0


#: the club's records of Preferans beyond every game's (club.md "Records")
RECORDS = (
    highest_made("highest_contract", bid_text),
    most_in_evening("most_miseres", lambda d: d.kind == "misere" and d.made == 1),
    most_in_evening("most_remizes", lambda d: d.kind in ("contract", "concede") and d.made == 0),
    ClubRecord("longest_allpass", _longest_allpass),
)


def _miseres(d: PlayDeal, me: "set[str] | frozenset[str]") -> Sequence[str]:
    """His misères, made or caught."""
    if d.kind == "misere" and d.declarer in me:
        return ("made",) if d.made == 1 else ("caught",)
    return ()


def _whists(d: PlayDeal, me: "set[str] | frozenset[str]") -> Sequence[str]:
    """The deals he whisted, and those he was short of his tricks in."""
    if me.isdisjoint(d.whisters):
        return ()
    return ("whisted",) if me.isdisjoint(d.short) else ("whisted", "short")


#: the lines of a player's play beyond his contracts by level (club.md "A player's page")
PLAY = (PlayPart("misere", ("made", "caught"), _miseres),
        PlayPart("whists", ("whisted", "short"), _whists))


CLUB = ClubFacts(
    parts=parts,
    made=frozenset({"res.made", "res.made_over", "pref.res.misere_made", "pref.res.both_pass",
                    "pref.res.half"}),
    failed=frozenset({"res.down", "res.caught", "res.lost_with", "res.lost",
                      "pref.res.misere_caught", "pref.res.conceded"}),
    short=short,
    records=RECORDS,
    play=PLAY,
    written=written,
    stats=stats,
    stats_json=stats_json,
    balance_counts=balance_counts,
)
