"""What the club archive reads of a Whist deal (docs/club.md; :class:`ClubFacts`): no
declarer, a deal voided by a revoke, and the two sides that share a place."""

from __future__ import annotations

from ...game import ClubFacts, DealParts, JSONObject

__all__ = ["CLUB"]


def parts(deal: JSONObject) -> DealParts:
    revoke = deal.get("revoke")
    void = isinstance(revoke, dict) and "tricks" not in deal
    return DealParts(None, None, "void" if void else "deal")


def sides(players: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """whist.md: players[0] and [2] are North-South, [1] and [3] East-West."""
    return (players[0], players[2]), (players[1], players[3])


CLUB = ClubFacts(
    parts=parts,
    made=frozenset({"res.made", "res.made_over"}),
    failed=frozenset({"res.down", "res.caught", "res.lost_with", "res.lost"}),
    sides=sides,
    records=("all_honours",),
)
