"""A player's statistics per game kind and who beats whom (club.md "Statistics").

Read from the archive's rows, nothing replayed: what every game has (evenings, wins,
win rate, average place, streaks) is counted here from the evenings; what a game has of
its own (contracts by level and suit, misères, whists, all-passes, solos, honours...)
each game counts from its deals' rows through its :class:`~whistscore.game.ClubFacts`
(``stats`` and ``stats_json``), so this module names no game.  docs/club.md defines each
number and the readings chosen.
"""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from typing import Any, Sequence

from ..game import Counts, StatDeal, rate
from .archive import Archive
from .period import Evening, club_facts, exact, exact_text
from .standings import CENT

__all__ = ["statistics", "streak", "pairs_of", "every_pair"]


def streak(points: Sequence[int | Fraction]) -> dict[str, int]:
    """Evenings in the plus in a row (a result above 0; level or below ends a run), in
    date order: the run that ends with the last evening (``current``, 0 when the last was
    not in the plus) and the longest of the period."""
    current = longest = 0
    for p in points:
        current = current + 1 if p > 0 else 0
        longest = max(longest, current)
    return {"current": current, "longest": longest}


def _common(club: str, mine: list[Evening]) -> dict[str, Any]:
    """What every game has: evenings, deals, wins, win rate, average place, streaks."""
    seats = [e.seats[club] for e in mine]
    wins = sum(s.place == 1 for s in seats)
    return {"evenings": len(mine), "deals": sum(e.deals for e in mine), "wins": wins,
            "win_rate": rate(wins, len(mine)),
            "average_place": rate(sum(s.place for s in seats), len(mine)),
            "streak": streak([s.points for s in seats])}


def _counts(archive: Archive, club: str, kind: str, mine: list[Evening]) -> Counts:
    """The game's own counts of every deal of ``mine`` (the deals' rows of the archive)."""
    stats = club_facts(kind).stats
    me = {e.file: e.seats[club].typed for e in mine}
    seats: dict[str, list[str]] = {}
    for file, player in archive.rows(
            "SELECT s.file, s.player FROM seats s JOIN games g ON g.file = s.file "
            "WHERE g.game = ? AND s.file IN (SELECT file FROM seats WHERE club_player = ?) "
            "ORDER BY s.file, s.seat", (kind, club)):
        if file in me:
            seats.setdefault(file, []).append(player)
    counts: Counts = {}
    for file, kept, forms in archive.rows(
            "SELECT d.file, d.rows, d.deals FROM deal_rows d JOIN games g ON g.file = d.file "
            "WHERE g.game = ? AND d.file IN (SELECT file FROM seats WHERE club_player = ?) "
            "ORDER BY d.file", (kind, club)):
        typed = me.get(file)
        if typed is None:
            continue
        at_table = tuple(seats[file])
        # each deal's columns (facts.ROW): dealer 2, kind 5, made 7, height 8, short 13,
        # written 14; and its file form
        for r, deal in zip(json.loads(kept), json.loads(forms)):
            short, written = r[13], r[14]
            stats(StatDeal(deal, r[5], r[8], r[7], typed, at_table, r[2],
                           tuple(short) if short else (),
                           {p: exact(v) for p, v in written.items()} if written else {}),
                  counts)
    return counts


def statistics(archive: Archive, club: str, kind: str, mine: list[Evening]) -> dict[str, Any]:
    """The player's statistics of one game kind over ``mine``, his evenings of it."""
    deals = sum(e.deals for e in mine)
    return {**_common(club, mine),
            **club_facts(kind).stats_json(_counts(archive, club, kind, mine), deals)}


def pairs_of(archive: Archive, club: str, mine: list[Evening]) -> list[dict[str, Any]]:
    """Who beats whom, from ``club``'s side: one row per opponent he met in ``mine`` (one
    game kind), the best first.  ``points`` and ``money`` are what he won from that
    opponent where the game settles pair by pair (Preferans: the vists written on each
    other, netted; ``measure`` ``won_from``); otherwise the sum of the differences of
    their results (his minus the opponent's; ``measure`` ``difference``)."""
    paired: dict[tuple[str, str], int | Fraction] = {}
    for file, other, points in archive.rows(
            "SELECT p.file, sb.club_player, p.points FROM pairs p "
            "JOIN seats sa ON sa.file = p.file AND sa.player = p.player "
            "JOIN seats sb ON sb.file = p.file AND sb.player = p.other "
            "WHERE sa.club_player = ?", (club,)):
        paired[(file, other)] = exact(points)
    rows: dict[str, dict[str, Any]] = {}
    for e in mine:
        me = e.seats[club]
        for other, them in e.seats.items():
            if other == club:
                continue
            row = rows.setdefault(other, {"opponent": other, "evenings": 0, "ahead": 0,
                                          "behind": 0, "level": 0, "points": Fraction(0),
                                          "money": {}, "pairwise": 0})
            row["evenings"] += 1
            row["ahead" if me.place < them.place else
                "behind" if me.place > them.place else "level"] += 1
            cur = e.currency or ""
            won = paired.get((e.file, other))
            if won is not None:
                row["pairwise"] += 1
                row["points"] += won
                if e.stake is not None:  # each evening to the cent, as head-to-head adds it
                    w = Fraction(won)
                    money = (Decimal(w.numerator) * e.stake / w.denominator).quantize(CENT)
                    row["money"][cur] = row["money"].get(cur, Decimal(0)) + money
            else:
                row["points"] += me.points - them.points
                if me.money is not None and them.money is not None:
                    row["money"][cur] = row["money"].get(cur, Decimal(0)) + me.money - them.money
    out = []
    for row in rows.values():
        pairwise = row.pop("pairwise")
        row["measure"] = "won_from" if pairwise == row["evenings"] else \
            "difference" if pairwise == 0 else "mixed"
        out.append(row)
    out.sort(key=lambda r: (-r["points"], r["opponent"]))
    for row in out:
        row["points"] = exact_text(row["points"])
        row["money"] = {c: str(v) for c, v in sorted(row["money"].items())}
    return out


def every_pair(archive: Archive, rows: list[Evening]) -> dict[str, list[dict[str, Any]]]:
    """Who beats whom over the whole club, per game kind: each pair of players who met in
    ``rows`` once, the one who won the points first (``winner``, ``loser``, and
    :func:`pairs_of`'s numbers from the winner's side), the biggest win first."""
    from .period import kinds

    out: dict[str, list[dict[str, Any]]] = {}
    for kind in kinds(rows):
        mine = [e for e in rows if e.game == kind]
        players = sorted({p for e in mine for p in e.seats})
        listed = []
        for player in players:
            for row in pairs_of(archive, player, [e for e in mine if player in e.seats]):
                won = Fraction(row["points"])
                other = row["opponent"]
                if won > 0 or (won == 0 and player < other):
                    listed.append({"winner": player, "loser": other,
                                   **{k: v for k, v in row.items() if k != "opponent"}})
        listed.sort(key=lambda r: (-Fraction(r["points"]), r["winner"], r["loser"]))
        out[kind] = listed
    return out
