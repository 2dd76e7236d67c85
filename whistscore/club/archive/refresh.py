"""Bringing the archive up to date: the folder scanned (one ``lstat`` a file), each changed
file looked at (hashed, and replayed into its rows only when its content changed:
:func:`_look`, the pool's unit of work), and the rows written in one transaction.

The functions taking the archive (``a``) are :class:`~whistscore.club.archive.Archive`'s
methods; they call each other through it, so that one method patched is the one called.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import sqlite3
import stat
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

import attrs

from ...errors import InputError
from ...files import not_regular
from ..settings import FILE as SETTINGS_FILE, Settings
from ..words import own_words
from . import pool
from .pool import _Looked
from .schema import _GAME_TABLES, INDEXES_ADDED

if TYPE_CHECKING:
    from ..facts import GameFacts
    from . import Archive


def _version() -> str:
    from ... import __version__

    return __version__



@attrs.frozen
class Problem:
    """A file in the folder that is left out, and why (one line)."""

    file: str
    error: str

    def to_json(self) -> dict[str, str]:
        return {"file": self.file, "error": self.error}



@attrs.frozen
class _Entry:
    """One name of the folder that could be a game file, as ``lstat`` sees it."""

    file: str
    size: int
    mtime_ns: int
    #: why it is not read at all (a symlink, a FIFO...), or None
    odd: str | None


#: why a file whose name is not UTF-8 is left out (it is listed under :func:`_safe_name`)
_NOT_UTF8 = ("its name is not UTF-8 text (shown escaped; an old zip or a Windows share): "
             "rename it to count it")


def _safe_name(name: str) -> str:
    """``name`` as the archive, the terminal and a page can hold it: a name the folder
    gave with bytes that are not UTF-8 (Python's surrogate escapes) shown as ``\\xcf``."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return os.fsencode(name).decode("utf-8", "backslashreplace")
    return name


def _odd(mode: int) -> str | None:
    """Why a name in the club's folder is not read as a game (None: a plain file): a link is
    never followed; any other kind is said as the files layer says it (files.py)."""
    if stat.S_ISLNK(mode):
        return "a symlink: the club reads only plain files in its folder"
    why = not_regular(mode)
    return None if why is None else why.removeprefix("is ")


def scan(a: Archive, settings: Settings) -> list[_Entry]:
    out = []
    excluded = set(settings.exclude)
    with os.scandir(a.folder) as entries:
        for entry in entries:
            name = entry.name
            if not name.endswith(".json") or name.startswith(".") \
                    or name == SETTINGS_FILE or name in excluded:
                continue
            try:
                st = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            odd = _odd(st.st_mode)
            safe = _safe_name(name)
            if safe != name:  # bytes that are no UTF-8 (an old zip, a Windows share)
                name, odd = safe, _NOT_UTF8
            out.append(_Entry(name, st.st_size, st.st_mtime_ns, odd))
    out.sort(key=lambda e: e.file)
    return out

def known(a: Archive) -> dict[str, tuple[int, int, str | None, str | None]]:
    return {row[0]: (row[1], row[2], row[3], row[4]) for row in
            a.conn.execute("SELECT file, size, mtime_ns, sha256, error FROM files")}

def meta(a: Archive, key: str) -> str | None:
    row = a.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return None if row is None else str(row[0])

def stale(a: Archive, scan: list[_Entry], settings: Settings, accept: bool) -> bool:
    known = a._known()
    if len(known) != len(scan) or a._meta("settings") != (settings.digest or ""):
        return True
    if a._meta("checked_with") != _version():
        return True
    if accept and (a.conn.execute("SELECT 1 FROM recomputed LIMIT 1").fetchone()
                   or a.changed_after_finish()):
        return True
    for e in scan:
        k = known.get(e.file)
        if k is None or k[0] != e.size or k[1] != e.mtime_ns:
            return True
    return False


def refresh_once(a: Archive, settings: Settings, accept_recomputed: bool) -> bool:
    """One try of :meth:`Archive.refresh`: the changed files written in one transaction."""
    scan = a._scan(settings)
    if a._meta("dating") != _DATING:  # dated by mtime once: every game again
        a.rebuilding = True
    if not a.rebuilding and not a._stale(scan, settings, accept_recomputed):
        return False
    conn = a.conn
    conn.execute("BEGIN IMMEDIATE")  # one writer; a second process waits here
    try:
        with _paused_gc():  # a rebuild makes millions of objects, none in a cycle
            # the listing made before the lock: a file changed since is seen changed by
            # the next read (its size or time then differ from those kept here)
            changed = a._update(scan, settings, accept_recomputed)
        conn.execute("COMMIT")
    except BaseException:
        # SQLite may have rolled back already (a full disk does): a second error from
        # the rollback would hide the first, which names the cause
        if conn.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
        raise
    a.rebuilding = False
    return changed


def update(a: Archive, scan: list[_Entry], settings: Settings, accept: bool) -> bool:
    """Write what changed of ``scan`` into the archive (inside :func:`refresh_once`'s
    transaction); True: something did."""
    conn = a.conn
    version = _version()
    a._carried = a._carry(version) if a.rebuilding and not accept else {}
    if a.rebuilding:  # every file indexed again: the archive knows none (below)
        conn.execute("DELETE FROM files")
    known = a._known()
    fresh = not known
    if fresh:
        a._clear()
    a._since = {}
    a._named = set(a.game_names())
    changed = False
    seen = set()
    jobs: list[tuple[_Entry, str | None]] = []
    #: files kept with a time too recent to tell (:meth:`_file_row`), of the same size
    unsettled: set[str] = set()
    #: the files of games this refresh added, while it only added games (None: it did more)
    added: set[str] | None = set()
    for e in scan:
        seen.add(e.file)
        k = known.get(e.file)
        if k is not None and k[0] == e.size and k[1] == e.mtime_ns:
            continue
        if k is not None and k[0] == e.size and k[1] == _UNSETTLED and e.odd is None:
            unsettled.add(e.file)  # hashed again: a change only if its content did
        else:
            changed = True
            if k is not None:
                added = None
        if e.odd is not None:
            if not fresh:
                a._forget(e.file)
            a._file_row(e, None, e.odd)
            continue
        jobs.append((e, k[2] if k is not None else None))
    if len(jobs) >= FAST_JSON_FILES:  # before the pool forks: its processes write so too
        from ..facts import fast_json

        fast_json()
    # an archive that knows no file reads none of its rows while it indexes: each table's
    # rows are kept for a few hundred files and written by one statement (a statement a
    # file and a table cost a rebuild more than its rows did)
    a._batch = _Batch() if fresh else None
    try:
        for e, (what, digest, value) in zip((e for e, _ in jobs),
                                             _told(pool._looked(a.folder, jobs, version, _look),
                                                   len(jobs))):
            if what == "same":  # touched, same content: nothing to replay
                error = known[e.file][3]
                a._file_row(e, digest, error)
                if error is None:
                    a._redate(e)
                continue
            if e.file in unsettled:
                changed, added = True, None
            was = None if fresh else a._finished_result(e.file)
            if not fresh:
                a._forget(e.file)
            if what == "error":
                a._file_row(e, digest, value)
                continue
            a._file_row(e, digest, None)
            a._write(e.file, value)
            if was is not None:
                a._changed_after(e.file, was, _result(
                    [(r[1], r[2], r[4]) for r in value[2]]))
            if added is not None:
                added.add(e.file)
            if a._batch is not None and len(a._batch) >= _BATCH:
                a._batch.flush(conn)
        if a._batch is not None:
            a._batch.flush(conn)
    finally:
        a._batch = None
    if a._carried:
        a._keep_carried(scan, version)
    for file in known:
        if file not in seen:
            changed = True
            added = None
            a._forget(file)
            conn.execute("DELETE FROM meta WHERE key = ?", (_CHANGED + file,))
            conn.execute("DELETE FROM files WHERE file = ?", (file,))
    if a._meta("checked_with") != version:
        for index in INDEXES_ADDED:  # an archive made by an older whistscore
            conn.execute(index)
        # another whistscore: its kept answers (and texts) are that version's, so none
        # is kept over, whatever the recheck finds (a new word, a new column)
        added = None
        a._forget_skeletons()
        if a._recheck(version):
            changed = True
    if accept and (a._accept(version) or a._cleared):
        changed, added = True, None
    if a._meta("settings") != (settings.digest or ""):
        added = None
    if changed or added is None:
        renamed = a._players(settings, None if fresh else added)
        # games only added, no seat renamed: the other kinds' games are as they were
        a._new_generation(None if renamed or added is None else set(a._since))
        from ..ratings import compute

        compute(conn, None if renamed else a._since)
    a._set_meta("settings", settings.digest or "")
    a._set_meta("checked_with", version)
    a._set_meta("dating", _DATING)
    a._set_meta("updated", datetime.datetime.now().astimezone().isoformat())
    return True

def clear(a: Archive) -> None:
    """An archive that knows no file keeps no game (a game's rows go with its file's
    row): one delete a table clears what a hand-edited one might, and no file is
    forgotten one by one (a rebuild's eight statements a file).  The games' names stay
    while a rebuild carries games: a game kept may be of a kind no file now names."""
    for table in _GAME_TABLES + ("recomputed", "ratings", "answers"):
        a.conn.execute(f"DELETE FROM {table}")
    if not a._carried:
        a.conn.execute("DELETE FROM meta WHERE key LIKE 'name.%'")

def set_meta(a: Archive, key: str, value: str) -> None:
    a.conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

def file_row(a: Archive, e: _Entry, digest: str | None, error: str | None) -> None:
    """The file as indexed.  A modification time within :data:`RECENT_NS` of now is
    kept as :data:`_UNSETTLED`: a same-size write in the same tick of the clock (a FAT
    stick counts in 2 s) would leave size and time as they are, so such a file is
    hashed again at the next read (its sha256 says whether it changed), until its
    time is old enough to tell."""
    mtime = e.mtime_ns if abs(_now_ns() - e.mtime_ns) > RECENT_NS else _UNSETTLED
    row = (e.file, e.size, mtime, digest, error)
    if a._batch is not None:
        a._batch.files.append(row)
        return
    a.conn.execute(_INSERT_FILE, row)

def touch(a: Archive, file: str) -> None:
    """Note where a game stands in its kind's rating order before it changes: the
    ratings from there on are worked out again (the earlier ones cannot change)."""
    row = a.conn.execute("SELECT game, date, coalesce(first_at, ''), file FROM games "
                            "WHERE file = ?", (file,)).fetchone()
    if row is not None:
        a._moved(row[0], tuple(row[1:]))

def redate(a: Archive, e: _Entry) -> None:
    """Nothing: a game is never dated by its file's modification time (journal.md
    ``created``: a copy of the folder would move last autumn's evenings into this
    season).  An archive that an older whistscore dated so is rebuilt once
    (:data:`_DATING`)."""

def moved(a: Archive, kind: str, key: tuple[str, str, str]) -> None:
    """The ratings of ``kind`` change from the game of rating order ``key`` on."""
    if kind not in a._since or key < a._since[kind]:
        a._since[kind] = key

def forget(a: Archive, file: str) -> None:
    a._touch(file)
    for table in _GAME_TABLES + ("recomputed",):
        a.conn.execute(f"DELETE FROM {table} WHERE file = ?", (file,))

def insert(a: Archive, file: str, digest: str, mtime_date: str, f: "GameFacts",
            version: str) -> None:
    a._write(file, game_rows(file, digest, mtime_date, f, version))

def write(a: Archive, file: str, rows: "_Rows") -> None:
    """One game's rows (:func:`game_rows`) into the archive."""
    conn = a.conn
    game, seats, results, transfers, deals, pairs, recomputed = rows
    kind = game[2]
    batch = a._batch
    if kind not in a._named:  # the game's name, said by the game (loaded
        from ...games import get_game  # now: it was replayed), kept for the text
        from ...i18n import game_name
        from ...language import langs

        for lang in langs():
            a._set_meta(_name_key(kind, lang), game_name(get_game(kind), lang))
        a._named.add(kind)
    a._moved(kind, (game[5], game[6] or "", file))  # what _touch would read back
    if batch is not None:
        batch.add(rows)
        return
    conn.execute(_INSERT["games"], game)
    conn.executemany(_INSERT["seats"], seats)
    conn.executemany(_INSERT["results"], results)
    conn.executemany(_INSERT["transfers"], transfers)
    # the deals (most of what the archive keeps) in one row, two JSON texts of them all
    # (facts.rows_json): SQLite costs about 3 µs a row, whatever the row holds
    conn.execute(_INSERT["deal_rows"], deals)
    conn.executemany(_INSERT["pairs"], pairs)
    if recomputed is not None:  # the file's own result stands: listed with the new one
        conn.execute(_INSERT["recomputed"], recomputed)


#: each game table's statement of one row (:func:`write`, :class:`_Batch`)
_INSERT = {
    "games": "INSERT INTO games (file, sha256, game, title, place, date, first_at, last_at, "
             "deals, finished, ended, preset, rules, stake, currency, unit, symbols, "
             "indexed_with, checked_with) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
             "?, ?, ?, ?)",
    "seats": "INSERT INTO seats (file, seat, player, side) VALUES (?, ?, ?, ?)",
    "results": "INSERT INTO results (file, player, points, points_real, money, place) "
               "VALUES (?, ?, ?, ?, ?, ?)",
    "transfers": "INSERT INTO transfers (file, payer, payee, amount) VALUES (?, ?, ?, ?)",
    "deal_rows": "INSERT INTO deal_rows (file, first, rows, deals) VALUES (?, ?, ?, ?)",
    "pairs": "INSERT INTO pairs (file, player, other, points) VALUES (?, ?, ?, ?)",
    # the file's own result stands: listed with the new one
    "recomputed": "INSERT OR REPLACE INTO recomputed (file, old, new, old_version, "
                  "new_version) VALUES (?, ?, ?, ?, ?)",
}
_INSERT_FILE = ("INSERT OR REPLACE INTO files (file, size, mtime_ns, sha256, error) "
                "VALUES (?, ?, ?, ?, ?)")
#: a refresh with at least this many files to read writes the JSON columns with orjson
#: (club/facts.py ``fast_json``: its import costs what a few dozen files' encoding saves)
FAST_JSON_FILES = 32
#: how many files' rows a fresh index keeps before it writes them (:class:`_Batch`): the
#: statements' cost is paid once for them, and a rebuild's memory stays flat
_BATCH = 200


class _Batch:
    """The rows of the files a fresh index has read and not yet written, by table."""

    def __init__(self) -> None:
        self.files: list[tuple[Any, ...]] = []
        self.tables: dict[str, list[tuple[Any, ...]]] = {t: [] for t in _INSERT}
        self.games = 0

    def __len__(self) -> int:
        return max(self.games, len(self.files))

    def add(self, rows: "_Rows") -> None:
        game, seats, results, transfers, deals, pairs, recomputed = rows
        t = self.tables
        t["games"].append(game)
        t["seats"] += seats
        t["results"] += results
        t["transfers"] += transfers
        t["deal_rows"].append(deals)
        t["pairs"] += pairs
        if recomputed is not None:
            t["recomputed"].append(recomputed)
        self.games += 1

    def flush(self, conn: sqlite3.Connection) -> None:
        """Write the rows kept, each table's by one statement, in the order :func:`write`
        writes one game's."""
        if self.files:
            conn.executemany(_INSERT_FILE, self.files)
        for table, rows in self.tables.items():
            if rows:
                conn.executemany(_INSERT[table], rows)
            rows.clear()
        self.files.clear()
        self.games = 0



#: one game's rows: games, seats, results, transfers, its deals' one row (``deal_rows``),
#: pairs (plain values), and its ``recomputed`` row when the file records a result this
#: version settles otherwise
_Rows = tuple[tuple[Any, ...], list[tuple[Any, ...]], list[tuple[Any, ...]],
              list[tuple[Any, ...]], tuple[str, "str | None", str, str], list[tuple[Any, ...]],
              "tuple[Any, ...] | None"]
#: ``games.date`` of a game whose deals carry no time and whose file no ``created``
UNDATED = ""
#: the club's words in English: the archive keeps its notices and reasons in English
#: (``said_again`` says them in the reader's language)
_EN = own_words("en")
#: a file modified this recently (ns) is hashed again at the next read (:meth:`_file_row`)
RECENT_NS = 3 * 10**9
#: ``files.mtime_ns`` of a file whose time was too recent to tell a change by
_UNSETTLED = -1


def _now_ns() -> int:
    import time

    return time.time_ns()


#: the start of the ``meta`` key of a finished game changed afterwards
_CHANGED = "changed:"
#: ``meta.dating``: how the archive dates a game without deal times (an older archive,
#: without it, dated them by the file's modification time, and is rebuilt once)
_DATING = "created"


def game_rows(file: str, digest: str, mtime_date: str, f: "GameFacts", version: str) -> _Rows:
    """The rows the archive keeps of one game (what :meth:`Archive._write` inserts)."""
    from ..facts import exact_text, first_json, rows_json  # once a game, not once a number

    side_of = {p: i for i, side in enumerate(f.sides) for p in side}
    # a game is dated by its deals, else by its file's ``created``; never by the file's
    # modification time (a copy of the folder would move it): else it is undated ("")
    date = f.first_at[:10] if f.first_at else f.created[:10] if f.created else UNDATED
    game = (file, digest, f.game, f.title, f.place, date,
            f.first_at, f.last_at, f.deals, int(f.finished), f.ended, f.preset,
            _rules_json(f.rules),
            None if f.stake is None else str(f.stake), f.currency, f.unit, f.symbols,
            version, version)
    seats = [(file, i, p, side_of[p]) for i, p in enumerate(f.players)]
    results = [(file, p, exact_text(b), float(b),
                None if f.money is None else str(f.money[p]), f.places[p])
               for p, b in f.balance.items()]
    transfers = [(file, a, b, str(m)) for a, b, m in f.transfers]
    deals = (file, first_json(f.deal_rows), *rows_json(f.deal_rows))
    pairs = [] if f.pairs is None else [(file, a, b, exact_text(v)) for (a, b), v in
                                        f.pairs.items()]
    recomputed = None if f.recorded is None else (
        file, _dumps(f.recorded[0]), _dumps(f.recorded[1]), f.recorded[2].removeprefix(
            "whistscore "), version)
    return game, seats, results, transfers, deals, pairs, recomputed


def _result(rows: list[tuple[str, str, str | None]]) -> dict[str, Any]:
    """A game's result as ``recomputed`` reports it (``GameFacts.results_json``) from its
    ``results`` rows' player, points and money."""
    out: dict[str, Any] = {"balance": {p: b for p, b, _ in rows}}
    if rows and rows[0][2] is not None:
        out["money"] = {p: m for p, _, m in rows}
    return out


def _look(folder: Path, e: _Entry, known_digest: str | None, version: str) -> _Looked:
    """Read one changed file and, when its content changed, replay it into its rows (no
    archive is touched here: the writes are :meth:`Archive._write`'s)."""
    try:
        data = _read(folder / e.file)
    except InputError as exc:
        return "error", None, exc.reason
    digest = _sha256(data)
    if digest == known_digest:
        return "same", digest, None
    try:
        game_facts = facts(loads(_text(data)))
    except InputError as exc:
        return "error", digest, str(exc)
    except RecursionError:
        return "error", digest, "the file is nested too deeply to be a game file"
    return "rows", digest, game_rows(e.file, digest, _mtime_date(e.mtime_ns), game_facts,
                                     version)


#: told ``(done, total)`` as a refresh replays its files: the command line's progress
#: on a terminal (whistscore/console.py) sets it for the command's time; None tells nobody
PROGRESS: ContextVar[Callable[[int, int], object] | None] = ContextVar(
    "whistscore_club_progress", default=None)


def _told(looked: Iterator[_Looked], total: int) -> Iterator[_Looked]:
    """``looked``, with :data:`PROGRESS` told as each file's result comes (before it is
    written: the caller's zip stops before resuming this after the last one)."""
    tell = PROGRESS.get()
    for done, one in enumerate(looked, 1):
        if tell is not None:
            tell(done, total)
        yield one



def _paused_gc() -> Any:
    from ...game import paused_gc

    return paused_gc()


def _read(path: Path) -> bytes:
    """A game file's bytes, bounded as the journal bounds them (the file layer is loaded
    only when a file is read: an archive that is up to date reads none)."""
    from ... import files
    from ...journal import MAX_FILE_BYTES

    return files.read_bytes(path, limit=MAX_FILE_BYTES)


def _text(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"the file is not UTF-8 text (byte {exc.start + 1})") from None


def _name_key(kind: str, lang: str) -> str:
    """The meta key of a game kind's name in ``lang`` (``name.KIND``, ``name.ru.KIND``:
    the English one as older archives kept it)."""
    return f"name.{kind}" if lang == "en" else f"name.{lang}.{kind}"


def _mtime_date(mtime_ns: int) -> str:
    return datetime.date.fromtimestamp(mtime_ns / 1e9).isoformat()


#: JSON for a column: compact, UTF-8 kept, keys in their order (one encoder, built once)
_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
#: ``games.rules``: ``json.dumps(rules, ensure_ascii=False)``'s text (its separators, as the
#: archive has always written it), from one encoder built once
_rules_json = json.JSONEncoder(ensure_ascii=False).encode


def _sha256(data: bytes) -> str:
    """The file's digest (hashlib, loaded when a file is read: OpenSSL's start-up is not
    paid by a read of an archive that is up to date)."""
    import hashlib

    return hashlib.sha256(data).hexdigest()


def facts(game: Any) -> "GameFacts":
    """One game's rows (:func:`whistscore.club.facts.facts`), imported only when a file is
    indexed: reading an archive that is up to date replays nothing and loads no engine."""
    from ..facts import facts as of

    return of(game)


def loads(text: str) -> Any:
    from ...journal import loads as read

    return read(text)
