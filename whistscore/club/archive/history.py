"""The past does not move: a finished game's result is kept with the version that
computed it.  A newer whistscore that settles the same bytes otherwise lists the game in
``recomputed`` with both results, and the old one stays, through a rebuild too
(:func:`carry`, :func:`keep_carried`), until the reader accepts the new one
(:func:`accept`).  A finished game whose file changed is listed as changed after it
finished (:func:`changed_after`).

The functions taking the archive (``a``) are :class:`~whistscore.club.archive.Archive`'s
methods."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from ...errors import InputError
from ..settings import Settings
from . import refresh
from .refresh import (UNDATED, _CHANGED, _EN, _dumps, _Entry, _mtime_date, _read, _result,
                      _sha256, _text)
from .schema import _GAME_TABLES

if TYPE_CHECKING:
    from . import Archive


@attrs.frozen
class Recomputed:
    """A finished game this whistscore would settle otherwise than the archive keeps."""

    file: str
    old: dict[str, Any]
    new: dict[str, Any]
    old_version: str
    new_version: str

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "old": self.old, "new": self.new,
                "old_version": self.old_version, "new_version": self.new_version}



def finished_result(a: Archive, file: str) -> dict[str, Any] | None:
    """The result the archive keeps of ``file`` when its game is finished (or ended)."""
    row = a.conn.execute("SELECT finished, ended FROM games WHERE file = ?",
                            (file,)).fetchone()
    if row is None or not (row[0] or row[1]):
        return None
    return a._kept(file)

def changed_after(a: Archive, file: str, old: dict[str, Any], new: dict[str, Any]) -> None:
    """A finished game whose file changed (an undo, an edit, a stake set afterwards):
    kept in ``meta`` with the result it first finished on, and listed by every read
    as "changed after it finished" (:meth:`changed_after_finish`) until it settles the
    same again or ``--accept-recomputed`` takes it."""
    key = _CHANGED + file
    row = a.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    first = json.loads(row[0])["old"] if row is not None else old
    if first == new:
        a.conn.execute("DELETE FROM meta WHERE key = ?", (key,))
    else:
        a._set_meta(key, _dumps({"old": first, "new": new}))

def changed_after_finish(a: Archive) -> list[dict[str, Any]]:
    """The finished games changed afterwards, each with its first and its new result."""
    return [{"file": key[len(_CHANGED):], **json.loads(value)} for key, value in
            a.conn.execute("SELECT key, value FROM meta WHERE substr(key, 1, ?) = ? "
                              "ORDER BY key", (len(_CHANGED), _CHANGED))]

def kept(a: Archive, file: str) -> dict[str, Any]:
    return _result(a._results("results", _dumps([file])).get(file, []))

def set_aside(a: Archive, file: str, old: dict[str, Any], new: dict[str, Any],
               indexed_with: str, version: str) -> None:
    """Keep the old result of ``file``, this version's other one listed beside it."""
    a.conn.execute("INSERT OR REPLACE INTO recomputed (file, old, new, old_version, "
                      "new_version) VALUES (?, ?, ?, ?, ?)",
                      (file, _dumps(old), _dumps(new), indexed_with, version))
    a.conn.execute("UPDATE games SET checked_with = ? WHERE file = ?", (version, file))

def carry(a: Archive, version: str) -> dict[str, tuple[str, str]]:
    """The finished games a rebuild compares before it takes their new rows, their rows
    copied aside (``temp.kept_*``): those set aside, and those this version has not
    settled yet (an archive of an older one).  A game this version indexed or checked,
    and did not set aside, has its kept result from this version (a version settles
    the same bytes the same way): its new rows are taken as they come, and the rebuild
    of an archive up to date costs what one from an empty folder does."""
    carried = {file: (digest, indexed_with) for file, digest, indexed_with in
               a.conn.execute("SELECT file, sha256, indexed_with FROM games WHERE "
                                 "finished = 1 AND (checked_with != ? OR file IN "
                                 "(SELECT file FROM recomputed))", (version,))}
    if carried:
        files = _dumps(sorted(carried))
        for table in _GAME_TABLES:  # gone with the transaction if it is rolled back
            a.conn.execute(f"DROP TABLE IF EXISTS temp.kept_{table}")
            a.conn.execute(f"CREATE TEMP TABLE kept_{table} AS SELECT * FROM main.{table}"
                              " WHERE file IN (SELECT value FROM json_each(?)) ORDER BY rowid",
                              (files,))
    return carried

def results(a: Archive, table: str, files: str) -> dict[str, list[tuple[str, str, str | None]]]:
    """The player, points and money of each result in ``table`` of the ``files`` (a JSON
    list), each game's in the order they were written."""
    out: dict[str, list[tuple[str, str, str | None]]] = {}
    for file, player, points, money in a.conn.execute(
            f"SELECT file, player, points, money FROM {table} WHERE file IN (SELECT value "
            "FROM json_each(?)) ORDER BY rowid", (files,)):
        out.setdefault(file, []).append((player, points, money))
    return out

def keep_carried(a: Archive, scan: list[_Entry], version: str) -> None:
    """After a rebuild indexed every file: a carried game (:meth:`_carry`) whose file has
    the bytes the archive knew and that this version settled otherwise (or refused)
    gets its kept rows back in place of the new ones, and is set aside as a refresh
    sets it (:meth:`_recheck`), until ``--accept-recomputed``.  A file whose content
    changed, or gone, keeps what the rebuild made of it."""
    conn = a.conn
    carried = _dumps(sorted(a._carried))
    now = {file: (digest, error) for file, digest, error in conn.execute(
        "SELECT file, sha256, error FROM files WHERE file IN (SELECT value FROM "
        "json_each(?))", (carried,))}
    old = a._results("temp.kept_results", carried)
    new = a._results("main.results", carried)
    differ = {}
    for file, (digest, indexed_with) in a._carried.items():
        if file not in now or now[file][0] != digest:
            continue
        error = now[file][1]
        result = _result(new.get(file, [])) if error is None else {"error": error}
        kept = _result(old.get(file, []))
        if result != kept:
            differ[file] = (kept, result, indexed_with)
    if differ:
        files = _dumps(sorted(differ))
        for table in _GAME_TABLES:
            conn.execute(f"DELETE FROM main.{table} WHERE file IN (SELECT value FROM "
                         "json_each(?))", (files,))
            conn.execute(f"INSERT INTO main.{table} SELECT * FROM temp.kept_{table} WHERE "
                         "file IN (SELECT value FROM json_each(?)) ORDER BY rowid", (files,))
        conn.execute("UPDATE files SET error = NULL WHERE file IN (SELECT value FROM "
                     "json_each(?))", (files,))
        for e in scan:
            if e.file in differ:
                a._set_aside(e.file, *differ[e.file], version)
                a._touch(e.file)  # rated with the others, from its kept result
                a._redate(e)  # as a refresh dates a file touched
    for table in _GAME_TABLES:
        conn.execute(f"DROP TABLE temp.kept_{table}")

def recheck(a: Archive, version: str) -> bool:
    """Finished games indexed by another version: settled again from the same bytes;
    an unchanged result is marked checked, another one is set aside in ``recomputed``."""
    changed = False
    rows = a.conn.execute("SELECT file, sha256, indexed_with, finished, date FROM games "
                             "WHERE checked_with != ?", (version,)).fetchall()
    for file, digest, indexed_with, finished, date in rows:
        try:
            data = _read(a.folder / file)
            if _sha256(data) != digest:
                continue  # changed meanwhile: the next refresh re-indexes it
            new = refresh.facts(refresh.loads(_text(data)))
        except (InputError, RecursionError) as exc:
            new_json: dict[str, Any] = {"error": str(exc)}
        else:
            new_json = new.results_json()
            if not finished:  # a game still played has no past to keep: indexed again
                a._touch(file)
                for table in _GAME_TABLES:
                    a.conn.execute(f"DELETE FROM {table} WHERE file = ?", (file,))
                a._insert(file, digest, date, new, version)
                changed = True
                continue
        old = a._kept(file)
        if new_json == old:
            a.conn.execute("UPDATE games SET checked_with = ? WHERE file = ?",
                              (version, file))
            continue
        changed = True
        a._set_aside(file, old, new_json, indexed_with, version)
    return changed

def accept(a: Archive, version: str) -> bool:
    """``--accept-recomputed``: the games set aside are indexed again with this version."""
    a._cleared = bool(a.changed_after_finish())
    a.conn.execute("DELETE FROM meta WHERE substr(key, 1, ?) = ?",
                      (len(_CHANGED), _CHANGED))
    rows = a.conn.execute("SELECT file FROM recomputed").fetchall()
    for (file,) in rows:
        _accept_in_file(a.folder / file)
        a._forget(file)
        a.conn.execute("DELETE FROM files WHERE file = ?", (file,))
    if rows:  # indexed again by the scan, as new files
        path_scan = [e for e in a._scan(Settings())
                     if e.file in {r[0] for r in rows}]
        for e in path_scan:
            try:
                data = _read(a.folder / e.file)
                digest = _sha256(data)
                game_facts = refresh.facts(refresh.loads(_text(data)))
            except (InputError, RecursionError) as exc:
                a._file_row(e, None, str(exc))
                continue
            a._file_row(e, digest, None)
            a._insert(e.file, digest, _mtime_date(e.mtime_ns), game_facts, version)
        # said, as every change of a kept result is: the old ones are gone now
        shown = ", ".join(sorted(f for (f,) in rows)[:5]) + (" ..." if len(rows) > 5 else "")
        a.notices.append(_EN.say("notice.took_results", version, len(rows), shown))
    return bool(rows)

def undated(a: Archive) -> list[str]:
    """The games dated neither by a deal's time nor by the file's ``created``: listed,
    never dated by the file's modification time."""
    return [f for (f,) in a.conn.execute(
        "SELECT file FROM games WHERE date = ? ORDER BY file", (UNDATED,))]

def recomputed(a: Archive) -> list[Recomputed]:
    return [Recomputed(f, json.loads(o), json.loads(n), ov, nv) for f, o, n, ov, nv in
            a.conn.execute("SELECT file, old, new, old_version, new_version "
                              "FROM recomputed ORDER BY file")]


def _accept_in_file(path: Path) -> None:
    """``--accept-recomputed`` of a game whose file records its result (journal.md
    ``result``): this version's result written into the file, as ``whistscore accept``
    writes it (under the file's lock, atomically).  A file that cannot be written now is
    left as it is: its recorded result stands, and is listed again."""
    from ... import recording

    with contextlib.suppress(InputError, OSError):
        if b'"result"' in _read(path):
            recording.accept(path)
