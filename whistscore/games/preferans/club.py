"""What the club archive reads of a Preferans deal (docs/club.md; :class:`ClubFacts`).

The parts come from the deal's file form (preferans.md "Deals (JSON)"); whether a
deal was made is what this game's own words for it say (``sheet.describe_result``),
and a short whister is the one the scoring wrote a responsible whist for.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Sequence

from ...game import ClubFacts, DealParts, JSONObject, bid_height, bid_text, declarer_of
from ...ledger import Entry

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


CLUB = ClubFacts(
    parts=parts,
    made=frozenset({"res.made", "res.made_over", "pref.res.misere_made", "pref.res.both_pass",
                    "pref.res.half"}),
    failed=frozenset({"res.down", "res.caught", "res.lost_with", "res.lost",
                      "pref.res.misere_caught", "pref.res.conceded"}),
    short=short,
    height_text=bid_text,
    records=("highest_contract", "most_miseres", "most_remizes", "longest_allpass"),
    play=("misere", "whists"),
)
