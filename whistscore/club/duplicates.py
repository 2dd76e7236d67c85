"""One evening however many files hold it: the archive's copies of an evening found.

Sync tools leave conflict copies beside the file they could not merge
("evening (conflicted copy 2026-11-30).json", "evening.sync-conflict-20261130-
123456-ABCDEF.json"), and a copy taken mid-evening holds its first deals.  Each
counted as an evening took a player from one evening to two, money and ratings
doubled, with no notice.  Here the archive's rows say which files are copies of
another; :meth:`whistscore.club.archive.Archive._players` leaves them out, each
listed with the file that counts.
"""

from __future__ import annotations

import json
import re
import sqlite3
from typing import Any

__all__ = ["SERVED_NAME", "copies", "counted_first"]

#: a list of names as one JSON text (a statement's one parameter, read by ``json_each``)
_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode

#: the names the scorepad serves (``whistscore/web/store.py``'s rule, with ``.json``)
SERVED_NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}\.json")


def counted_first(file: str, deals: int) -> tuple[int, bool, int, str]:
    """The order in which copies of one evening are preferred: the most deals, then a
    name the scorepad serves (a conflict copy's spaces are not), then the shortest name
    (the copy's is the original's and more), then by name."""
    return -deals, not SERVED_NAME.fullmatch(file), len(file), file


def _one_evening(short: list[tuple[Any, ...]], long: list[tuple[Any, ...]]) -> bool:
    """Whether the deals ``short`` (every one timed) are the first deals of ``long``."""
    if len(short) > len(long) or long[:len(short)] != short:
        return False
    return all(at is not None for at, _, _ in short)


def copies(conn: sqlite3.Connection) -> dict[str, str]:
    """File -> why it is left out (the file that counts named), for every file of the
    archive that holds an evening another file holds too."""
    # two copies begin with the same first deal (its at, dealer and deal: facts.first_json);
    # SQLite finds the files whose first deal another file shares, and only they are read
    # (a club of 2,000 evenings has none, or a few: tonight's evening reads no other game)
    firsts = conn.execute(
        "SELECT file, first FROM deal_rows WHERE first IN (SELECT first FROM deal_rows "
        "WHERE first IS NOT NULL GROUP BY first HAVING count(*) > 1)").fetchall()
    if len(firsts) < 2:
        return {}
    candidates = _dumps(sorted(file for file, _ in firsts))
    games: dict[str, tuple[str, str, int, str]] = {
        file: (kind, rules, deals, digest) for file, kind, rules, deals, digest in conn.execute(
            "SELECT file, game, rules, deals, sha256 FROM games WHERE deals > 0 AND file IN "
            "(SELECT value FROM json_each(?))", (candidates,))}
    seats: dict[str, list[str]] = {}
    for file, player in conn.execute(
            "SELECT file, player FROM seats WHERE file IN (SELECT value FROM json_each(?)) "
            "ORDER BY file, seat", (candidates,)):
        seats.setdefault(file, []).append(player)
    groups: dict[tuple[Any, ...], list[str]] = {}
    for file, first in firsts:
        if file in games:
            kind, rules, _, _ = games[file]
            key = (kind, rules, tuple(seats.get(file, ())), first)
            groups.setdefault(key, []).append(file)
    from .words import own_words

    en = own_words("en")  # kept in English, said in the reader's language (words.said_again)
    out: dict[str, str] = {}
    for group in groups.values():
        if len(group) < 2:
            continue
        read: dict[str, list[tuple[Any, ...]]] = {}

        def deals(file: str) -> list[tuple[Any, ...]]:
            """A file's deals, read only when its bytes are not another's (most copies):
            each deal's at, dealer and its file form as JSON text (compared as text)."""
            if file not in read:
                kept = conn.execute("SELECT rows, deals FROM deal_rows WHERE file = ?",
                                    (file,)).fetchone()
                read[file] = [] if kept is None else [  # facts.ROW: at 1, dealer 2
                    (r[1], r[2], json.dumps(deal, ensure_ascii=False, separators=(",", ":")))
                    for r, deal in zip(json.loads(kept[0]), json.loads(kept[1]))]
            return read[file]

        counted: list[str] = []
        for file in sorted(group, key=lambda f: counted_first(f, games[f][2])):
            for kept in counted:
                same = games[file][3] == games[kept][3]
                if same or _one_evening(deals(file), deals(kept)):
                    shorter = games[file][2] < games[kept][2]
                    out[file] = en.say("left.copy_first" if shorter else "left.copy", kept)
                    break
            else:
                counted.append(file)
    return out
