"""Who is who: each seat's club player (club.json's aliases, else the spelling of the
player's earliest game), the games in which two seats are one player left out, and an
evening held by two files (a sync tool's conflict copy) counted once.

The functions taking the archive (``a``) are :class:`~whistscore.club.archive.Archive`'s
methods."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..settings import Settings, name_key
from .refresh import _EN, _dumps

if TYPE_CHECKING:
    from . import Archive


def players(a: Archive, settings: Settings, added: set[str] | None = None) -> bool:
    """Each seat's club player: the name club.json gives the spelling, else the
    spelling of the player's earliest game; a game in which two seats are one club
    player is left out (``games.excluded``).  True when a seat already named changed
    its club player or a game its exclusion (every rating is then worked out again).

    ``added``: the games this refresh added, when it did nothing else.  If all of them
    come after every game kept before (tonight's evening), no earlier seat can change
    its club player: only the new seats are named, each spelling as the seats already
    named spell that player, and only the new games can be left out."""
    conn = a.conn
    aliases = settings.aliases()
    first: dict[str, str] = {}
    only = None
    copies = a._copies()  # an evening held by two files counts once (issue 32)
    if added and not copies and a._after_all(added):
        only = _dumps(sorted(added))
        for typed, club in conn.execute("SELECT DISTINCT player, club_player FROM seats "
                                        "WHERE club_player IS NOT NULL"):
            key = name_key(typed)
            if key not in aliases:
                first.setdefault(key, club)
    updates = []
    renamed = False
    by_file: dict[str, dict[str, str]] = {}
    before_excluded = conn.execute("SELECT file, excluded FROM games WHERE excluded IS NOT "
                                   "NULL ORDER BY file").fetchall()
    seats_sql = ("SELECT s.file, s.seat, s.player, s.club_player FROM seats s JOIN games g "
                 "USING (file)" + ("" if only is None else
                                   " WHERE s.file IN (SELECT value FROM json_each(?))")
                 + " ORDER BY g.date, g.first_at, s.file, s.seat")
    for file, seat, typed, was in conn.execute(seats_sql,
                                               () if only is None else (only,)).fetchall():
        key = name_key(typed)
        club = aliases.get(key) or first.setdefault(key, typed)
        if was != club:
            updates.append((club, file, seat))
            renamed |= was is not None
        seats = by_file.setdefault(file, {})
        if club in seats:
            seats["\0conflict"] = _EN.say("left.same_player", repr(seats[club]),
                                           repr(typed), repr(club))
        seats[club] = typed
    conn.executemany("UPDATE seats SET club_player = ? WHERE file = ? AND seat = ?", updates)
    excluded = sorted((file, seats["\0conflict"]) for file, seats in by_file.items()
                      if "\0conflict" in seats)
    if copies:
        conflicted = {file for file, _ in excluded}
        excluded = sorted(excluded + [(file, why) for file, why in copies.items()
                                      if file not in conflicted])
    if only is not None:  # the earlier games' exclusions stand
        if excluded:
            conn.executemany("UPDATE games SET excluded = ? WHERE file = ?",
                             [(why, file) for file, why in excluded])
            renamed = True
        return renamed
    if excluded != [tuple(row) for row in before_excluded]:
        conn.execute("UPDATE games SET excluded = NULL")
        conn.executemany("UPDATE games SET excluded = ? WHERE file = ?",
                         [(why, file) for file, why in excluded])
        renamed = True
    return renamed

def copies(a: Archive) -> dict[str, str]:
    """Each file that holds an evening another file holds too, and why (naming the file
    that counts): a sync tool's conflict copy ("evening (conflicted copy ...).json",
    "evening.sync-conflict-....json") or any copy made by hand counted an evening twice.

    Two files hold one evening when their bytes are the same, or when they are of one
    game, players and rules and the deals of one, every one with its time, are the
    first deals of the other (the same or a prefix: a copy taken mid-evening).  Deals
    without times are not matched by content alone: two evenings may well begin with
    the same all-pass.  Of such files the one with the most deals counts, then the one
    whose name the scorepad serves, then the shortest name, then the first by name."""
    from ..duplicates import copies as found

    return found(a.conn)

def after_all(a: Archive, added: set[str]) -> bool:
    """Whether every game of ``added`` comes after every other game in the order of
    :meth:`_players` (date, first deal's time with none first, file)."""
    files = _dumps(sorted(added))
    last = a.conn.execute(
        "SELECT date, first_at, file FROM games WHERE file NOT IN (SELECT value FROM "
        "json_each(?)) ORDER BY date DESC, first_at DESC, file DESC LIMIT 1",
        (files,)).fetchone()
    earliest = a.conn.execute(
        "SELECT date, first_at, file FROM games WHERE file IN (SELECT value FROM "
        "json_each(?)) ORDER BY date, first_at, file LIMIT 1", (files,)).fetchone()
    if last is None or earliest is None:
        return True

    def order(row: tuple[str, str | None, str]) -> tuple[str, bool, str, str]:
        return row[0], row[1] is not None, row[1] or "", row[2]

    return order(earliest) > order(last)

