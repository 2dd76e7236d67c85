"""``club.sqlite``: the archive of every game in the club folder, kept true.

The game files are the only source of truth; the archive is what replaying
them gives, kept so that the standings of a hundred evenings are read and not
recomputed.  Before every read it is brought up to date: a file whose size or
modification time changed is hashed, and replayed only when its sha256 did;
a removed file is dropped.  All of it happens in one transaction (a crash
leaves the old archive or the new one), one writer at a time (SQLite WAL and a
busy timeout: a second process waits, then finds nothing left to do).

The past does not move: a finished game's result is kept with the version
that computed it.  When a newer whistscore would compute another result from
the same file, the game is listed in ``recomputed`` with both, and the old
result stays, through a rebuild too, until the reader accepts the new one.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import sqlite3
import stat
import sys
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

import attrs

from ..errors import InputError
from .settings import FILE as SETTINGS_FILE, Settings, name_key
from .words import own_words

if TYPE_CHECKING:
    from .facts import GameFacts

__all__ = ["ARCHIVE", "SCHEMA_VERSION", "APPLICATION_ID", "SCHEMA", "Archive", "Problem",
           "Recomputed"]

ARCHIVE = "club.sqlite"
#: ``PRAGMA user_version`` of the schema below; an archive of another version is rebuilt
SCHEMA_VERSION = 3
#: ``PRAGMA application_id``: "WSCL", so a foreign SQLite file is told from ours
APPLICATION_ID = 0x5753434C
#: how long a second process waits for the one indexing (milliseconds)
BUSY_TIMEOUT = 60_000

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE files (
  file TEXT PRIMARY KEY, size INTEGER, mtime_ns INTEGER, sha256 TEXT,
  error TEXT);
CREATE TABLE games (
  file TEXT PRIMARY KEY, sha256 TEXT NOT NULL, game TEXT NOT NULL, title TEXT, place TEXT,
  date TEXT NOT NULL, first_at TEXT, last_at TEXT, deals INTEGER NOT NULL,
  finished INTEGER NOT NULL, ended TEXT, preset TEXT NOT NULL, rules TEXT NOT NULL,
  stake TEXT, currency TEXT, unit TEXT NOT NULL, symbols INTEGER,
  indexed_with TEXT NOT NULL, checked_with TEXT NOT NULL, excluded TEXT);
CREATE TABLE seats (
  file TEXT NOT NULL, seat INTEGER NOT NULL, player TEXT NOT NULL, club_player TEXT,
  side INTEGER NOT NULL, PRIMARY KEY (file, seat));
CREATE TABLE results (
  file TEXT NOT NULL, player TEXT NOT NULL, points TEXT NOT NULL, points_real REAL NOT NULL,
  money TEXT, place INTEGER NOT NULL, PRIMARY KEY (file, player));
CREATE TABLE deal_rows (
  file TEXT PRIMARY KEY, first TEXT, rows TEXT NOT NULL, deals TEXT NOT NULL);
CREATE VIEW deals AS SELECT d.file AS file,
  json_extract(j.value, '$[0]') AS number, json_extract(j.value, '$[1]') AS at,
  json_extract(j.value, '$[2]') AS dealer, json_extract(j.value, '$[3]') AS declarer,
  json_extract(j.value, '$[4]') AS contract, json_extract(j.value, '$[5]') AS kind,
  json_extract(j.value, '$[6]') AS outcome, json_extract(j.value, '$[7]') AS made,
  json_extract(j.value, '$[8]') AS height,
  nullif(json_quote(json_extract(j.value, '$[9]')), 'null') AS tricks,
  json_extract(j.value, '$[10]') AS moved, json_extract(j.value, '$[11]') AS swing,
  nullif(json_quote(json_extract(j.value, '$[12]')), 'null') AS whisters,
  nullif(json_quote(json_extract(j.value, '$[13]')), 'null') AS short,
  json_extract(d.deals, '$[' || j.key || ']') AS deal,
  nullif(json_quote(json_extract(j.value, '$[14]')), 'null') AS written
  FROM deal_rows d, json_each(d.rows) j;
CREATE TABLE transfers (
  file TEXT NOT NULL, payer TEXT NOT NULL, payee TEXT NOT NULL, amount TEXT NOT NULL);
CREATE TABLE pairs (
  file TEXT NOT NULL, player TEXT NOT NULL, other TEXT NOT NULL, points TEXT NOT NULL,
  PRIMARY KEY (file, player, other));
CREATE TABLE ratings (
  player TEXT NOT NULL, game TEXT NOT NULL, after_file TEXT NOT NULL, date TEXT NOT NULL,
  seq INTEGER NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL, shown INTEGER NOT NULL,
  PRIMARY KEY (player, game, after_file));
CREATE TABLE recomputed (
  file TEXT PRIMARY KEY, old TEXT NOT NULL, new TEXT NOT NULL, old_version TEXT NOT NULL,
  new_version TEXT NOT NULL);
CREATE TABLE answers (
  key TEXT PRIMARY KEY, generation INTEGER NOT NULL, value TEXT NOT NULL);
CREATE INDEX seats_club ON seats (club_player);
CREATE INDEX games_date ON games (game, date);
"""
_GAME_TABLES = ("games", "seats", "results", "deal_rows", "transfers", "pairs")


#: the archive's file and the files SQLite keeps beside it
_SIDE_FILES = ("", "-wal", "-shm", "-journal")
#: SQLite's primary result codes that say positively that a file is not (or no longer) a
#: database: SQLITE_CORRUPT and SQLITE_NOTADB.  Every other error is one of the moment.
_DAMAGE_CODES = (11, 26)
#: the cause of an error of the moment (its word in club/words.py), by SQLite's primary
#: result code
_CAUSES = {13: "cause.full", 8: "cause.read_only", 5: "cause.busy", 6: "cause.locked",
           14: "cause.cannot_open", 3: "cause.permission", 10: "cause.io"}


def damaged(exc: BaseException) -> bool:
    """Whether ``exc`` says the archive file is positively not a (sound) database."""
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in _DAMAGE_CODES
    text = str(exc)
    return isinstance(exc, sqlite3.DatabaseError) and not isinstance(
        exc, sqlite3.OperationalError) and ("not a database" in text or "malformed" in text)


def cause(exc: BaseException, folder: Path | None = None, lang: str = "en") -> str:
    """The cause of an error of the moment, in a few words (the disk full named as such,
    not as the "cannot rollback" that may follow it, nor as the "disk I/O error" SQLite
    says when it cannot grow its shared-memory file on a full disk)."""
    from .words import own_words

    return own_words(lang)[cause_key(exc, folder)]


def cause_key(exc: BaseException, folder: Path | None = None) -> str:
    """The word (club/words.py) of :func:`cause`."""
    import errno

    if folder is not None and _full(folder):
        return _CAUSES[13]
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int) and code & 0xFF in _CAUSES:
        return _CAUSES[code & 0xFF]
    if isinstance(exc, OSError):
        if exc.errno == errno.ENOSPC:
            return _CAUSES[13]
        if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            return "cause.folder_read_only"
    if "locked" in str(exc):
        return _CAUSES[5]
    return "cause.other"


def _full(folder: Path) -> bool:
    """Whether the disk of ``folder`` has no block left for SQLite to write."""
    try:
        st = os.statvfs(folder)
    except (OSError, AttributeError):  # not POSIX: the error's own code says it
        return False
    return st.f_bavail * st.f_frsize < 64 * 1024


def _version() -> str:
    from .. import __version__

    return __version__


@attrs.frozen
class Problem:
    """A file in the folder that is left out, and why (one line)."""

    file: str
    error: str

    def to_json(self) -> dict[str, str]:
        return {"file": self.file, "error": self.error}


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
    if stat.S_ISLNK(mode):
        return "a symlink: the club reads only plain files in its folder"
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder, not a game file"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO), not a game file"
    return "not a regular file"


class Archive:
    """The open ``club.sqlite`` of a club folder."""

    def __init__(self, folder: Path, *, rebuild: bool = False) -> None:
        self.folder = folder
        self.path = folder / ARCHIVE
        #: one-line notices for the reader (an archive rebuilt, and why)
        self.notices: list[str] = []
        #: every file indexed again at the next refresh, inside its one transaction (so
        #: that a rebuild interrupted leaves the archive as it was, not empty); a finished
        #: game's result this version would settle otherwise is kept (:meth:`_carry`)
        self.rebuilding = rebuild
        #: each notice of this archive (English) -> its word and arguments (:meth:`_notice`)
        self.said: dict[str, tuple[str, tuple[str, ...]]] = {}
        #: the names the files that were not this archive were set aside under
        self.set_aside: list[str] = []
        #: the archive could not be kept (an error of the moment): read from memory
        self.in_memory = False
        #: why it could not be kept (one phrase), or None
        self.could_not_keep: str | None = None
        self.conn = self._open()

    # -- opening ----------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT / 1000, isolation_level=None)
        try:
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT}")
        except BaseException:
            conn.close()
            raise
        # with WAL, NORMAL still commits whole or not at all; only the last commit may be
        # lost to a power cut, and the archive is derived (the files are re-indexed)
        conn.execute("PRAGMA synchronous = NORMAL")
        return conn

    def _open(self) -> sqlite3.Connection:
        """The archive's connection.  Only a file that is positively not this archive is set
        aside (:meth:`_set_aside_file`) and made again; an error of the moment (a read-only
        folder, a full disk, a lock held too long) changes nothing on disk: the club is
        then read from a copy in memory (:meth:`_to_memory`).  A folder or a symlink named
        like the archive is the user's: never opened, never followed, left as it is; the
        club is read from the game files, and says so (:meth:`_odd_to_memory`)."""
        if self._odd():
            return self._odd_to_memory()
        conn: sqlite3.Connection | None = None
        try:
            conn = self._connect()
            why = self._foreign(conn)
        except sqlite3.DatabaseError as exc:
            if conn is not None:
                conn.close()
            if not damaged(exc):
                return self._to_memory(exc, None)
            why = f"it is not an SQLite archive ({exc})"
            conn = None
        if why is None:
            assert conn is not None
            return conn
        if conn is not None:
            conn.close()
        return self._made_again(why)

    def _made_again(self, why: str) -> sqlite3.Connection:
        """The file is not this archive (``why``): renamed beside it, the archive started
        again from the game files, with a notice.  A folder that cannot be written (the
        rename, or the new file, refused) leaves everything as it was: read in memory."""
        try:
            aside = self._set_aside_file()
        except OSError as exc:
            return self._to_memory(exc, None, why)
        self._notice("notice.set_aside", why, aside)
        self.set_aside.append(aside)
        conn = None
        try:
            conn = self._connect()
            self._create(conn)
        except sqlite3.DatabaseError as exc:
            if conn is not None:
                conn.close()
            return self._to_memory(exc, None)
        return conn

    def _foreign(self, conn: sqlite3.Connection) -> str | None:
        """Why the file cannot be used as the archive (None: it can, or it is new)."""
        app = conn.execute("PRAGMA application_id").fetchone()[0]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if app == 0 and version == 0 and tables == 0:
            self._create(conn)
            return None
        if app != APPLICATION_ID:
            return "it is another program's database"
        if version != SCHEMA_VERSION:
            return f"it was written with archive schema {version}, this is {SCHEMA_VERSION}"
        return None

    def _create(self, conn: sqlite3.Connection) -> None:
        conn.execute("PRAGMA journal_mode = WAL")
        try:  # one transaction: another process creating it at the same time waits
            conn.executescript("BEGIN IMMEDIATE;" + SCHEMA
                               + f"PRAGMA application_id = {APPLICATION_ID};"
                               f"PRAGMA user_version = {SCHEMA_VERSION};COMMIT;")
        except sqlite3.OperationalError:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            app = conn.execute("PRAGMA application_id").fetchone()[0]
            if app != APPLICATION_ID:  # not the other process's schema: a real failure
                raise

    def _odd(self) -> bool:
        """Whether the archive's name is a folder or a symlink (dangling or not)."""
        return os.path.islink(self.path) or os.path.isdir(self.path)

    def _odd_to_memory(self) -> sqlite3.Connection:
        """``club.sqlite`` is a folder or a symlink: the club answers from an archive in
        memory, made from the game files, with a notice; the link is not followed (not even
        to read), the folder not entered, nothing on disk changed."""
        mem = sqlite3.connect(":memory:", isolation_level=None)
        self._create(mem)
        self.in_memory = True
        self.could_not_keep = "it is a folder or a symlink"
        self._notice("notice.odd")
        return mem

    def _refuse_odd(self) -> None:
        """A folder or a symlink named like the archive is the user's: refused, untouched
        (one swapped in while the archive was being set aside)."""
        if self._odd():
            raise InputError(f"{ARCHIVE} in the club folder is a folder or a symlink, not the "
                             "club's archive; move it away", field=ARCHIVE, value=str(self.path),
                             key="club.archive_odd")

    def _set_aside_file(self) -> str:
        """Rename the archive (and its ``-wal``, ``-shm``, ``-journal``) beside it with the
        time, ``club.sqlite.set-aside-20261207-014200``: never deleted, since a file that is
        not this archive may be somebody's.  Returns the new name.

        :raises OSError: the folder cannot be written (nothing was renamed)."""
        self._refuse_odd()
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        base = f"{ARCHIVE}.set-aside-{stamp}"
        name, n = base, 1
        while any(os.path.lexists(self.folder / f"{name}{s}") for s in _SIDE_FILES):
            n += 1
            name = f"{base}-{n}"
        with _ctrl_c_held():  # a Ctrl-C between them would part the file from its log
            try:
                os.rename(self.path, self.folder / name)
            except FileNotFoundError:  # another process set it aside first
                pass
            for suffix in _SIDE_FILES[1:]:
                try:
                    os.rename(f"{self.path}{suffix}", self.folder / f"{name}{suffix}")
                except FileNotFoundError:
                    pass
        return name

    def _to_memory(self, exc: BaseException, conn: sqlite3.Connection | None,
                   why: str | None = None) -> sqlite3.Connection:
        """An error of the moment (``exc``): nothing on disk is changed; the club goes on
        with a copy of the archive in memory (or an empty one, when even reading it fails,
        or when it is not this archive: ``why``), which the refresh then brings up to date
        from the game files.  Said in one sentence, naming the cause."""
        mem = sqlite3.connect(":memory:", isolation_level=None)
        copied = False
        if why is None:
            for source in (conn, "ro", "immutable"):
                try:
                    copied = self._copy_into(mem, source)
                except sqlite3.Error:
                    copied = False
                if copied:
                    break
        if conn is not None:
            with contextlib.suppress(sqlite3.Error):
                conn.close()
        if not copied:
            mem.close()
            mem = sqlite3.connect(":memory:", isolation_level=None)
            self._create(mem)
        self.in_memory = True
        key = cause_key(exc, self.folder)
        self.could_not_keep = cause(exc, self.folder)
        if why is None:
            self._notice("notice.not_kept", key, str(exc))
        else:
            self._notice("notice.not_kept_foreign", key, str(exc), why)
        return mem

    def _notice(self, key: str, *args: str) -> None:
        """A notice in English (``notices``), kept with its word and arguments (``said``)
        so that a reader says it in its own language; an argument that is a word's key
        (``cause.*``) is said in that language too."""
        from .words import own_words

        w = own_words("en")
        self.notices.append(w[key].format(*(w[a] if a.startswith("cause.") else a
                                             for a in args)))
        self.said[self.notices[-1]] = (key, args)

    def _copy_into(self, mem: sqlite3.Connection, source: sqlite3.Connection | str | None
                   ) -> bool:
        """Copy the archive into ``mem`` from the open ``source`` connection, or opened
        read-only (``"ro"``), or as a file nobody changes (``"immutable"``: a read-only
        folder, where SQLite cannot make the files a reader of WAL needs).  False: not
        this archive's schema, or no file."""
        if source is None or not os.path.isfile(self.path):
            return False
        if isinstance(source, str):
            from urllib.parse import quote

            uri = f"file:{quote(str(self.path.absolute()))}?mode=ro"
            if source == "immutable":
                uri += "&immutable=1"
            src = sqlite3.connect(uri, uri=True, timeout=1)
        else:
            src = source
            if src.in_transaction:
                src.execute("ROLLBACK")
        try:
            src.backup(mem)
        finally:
            if src is not source:
                src.close()
        app = mem.execute("PRAGMA application_id").fetchone()[0]
        version = mem.execute("PRAGMA user_version").fetchone()[0]
        return bool(app == APPLICATION_ID and version == SCHEMA_VERSION)

    def close(self) -> None:
        self.conn.close()

    def rebuild_after(self, exc: sqlite3.DatabaseError) -> None:
        """A read failed.  The archive is damaged (a page SQLite finds malformed): it is set
        aside and started again from the files.  Any other failure is an error of the
        moment: the club is read from memory, the archive left as it is."""
        if not damaged(exc) or self.in_memory:
            if self.in_memory:
                raise exc
            self.conn = self._to_memory(exc, self.conn)
            return
        self.conn.close()
        self.rebuilding = False
        self.conn = self._made_again(f"it is damaged ({exc})")

    # -- scanning -----------------------------------------------------------------
    def _scan(self, settings: Settings) -> list[_Entry]:
        out = []
        excluded = set(settings.exclude)
        with os.scandir(self.folder) as entries:
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

    def _known(self) -> dict[str, tuple[int, int, str | None, str | None]]:
        return {row[0]: (row[1], row[2], row[3], row[4]) for row in
                self.conn.execute("SELECT file, size, mtime_ns, sha256, error FROM files")}

    def _meta(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def _stale(self, scan: list[_Entry], settings: Settings, accept: bool) -> bool:
        known = self._known()
        if len(known) != len(scan) or self._meta("settings") != (settings.digest or ""):
            return True
        if self._meta("checked_with") != _version():
            return True
        if accept and (self.conn.execute("SELECT 1 FROM recomputed LIMIT 1").fetchone()
                       or self.changed_after_finish()):
            return True
        for e in scan:
            k = known.get(e.file)
            if k is None or k[0] != e.size or k[1] != e.mtime_ns:
                return True
        return False

    # -- bringing it up to date -------------------------------------------------------

    def refresh(self, settings: Settings, *, accept_recomputed: bool = False) -> bool:
        """Bring the archive up to date with the folder; True when anything changed.

        Nothing is replayed when nothing changed (one ``lstat`` per file and one query).
        An error of the moment while the archive is written (a full disk, a read-only
        file, a lock held past the busy timeout) leaves it as it was: the club goes on in
        memory (:meth:`_to_memory`), brought up to date there.
        """
        try:
            return self._refresh(settings, accept_recomputed)
        except sqlite3.DatabaseError as exc:
            if self.in_memory or damaged(exc):
                raise
            self.conn = self._to_memory(exc, self.conn)
        return self._refresh(settings, accept_recomputed)

    def _refresh(self, settings: Settings, accept_recomputed: bool) -> bool:
        scan = self._scan(settings)
        if self._meta("dating") != _DATING:  # dated by mtime once: every game again
            self.rebuilding = True
        if not self.rebuilding and not self._stale(scan, settings, accept_recomputed):
            return False
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")  # one writer; a second process waits here
        try:
            with _paused_gc():  # a rebuild makes millions of objects, none in a cycle
                # the listing made before the lock: a file changed since is seen changed by
                # the next read (its size or time then differ from those kept here)
                changed = self._update(scan, settings, accept_recomputed)
            conn.execute("COMMIT")
        except BaseException:
            # SQLite may have rolled back already (a full disk does): a second error from
            # the rollback would hide the first, which names the cause
            if conn.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
            raise
        self.rebuilding = False
        return changed

    def _update(self, scan: list[_Entry], settings: Settings, accept: bool) -> bool:
        conn = self.conn
        version = _version()
        #: a rebuild's finished games whose kept result this version may not compute (file
        #: -> its sha256 and the version that computed it), their rows copied aside
        self._carried: dict[str, tuple[str, str]] = \
            self._carry(version) if self.rebuilding and not accept else {}
        if self.rebuilding:  # every file indexed again: the archive knows none (below)
            conn.execute("DELETE FROM files")
        known = self._known()
        fresh = not known
        if fresh:
            self._clear()
        #: game kind -> the rating-order key of its earliest game that changed
        self._since: dict[str, tuple[str, str, str]] = {}
        #: the game kinds whose name the archive keeps (``name.KIND`` in meta)
        self._named = set(self.game_names())
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
                    self._forget(e.file)
                self._file_row(e, None, e.odd)
                continue
            jobs.append((e, k[2] if k is not None else None))
        for e, (what, digest, value) in zip((e for e, _ in jobs),
                                             _told(_looked(self.folder, jobs, version),
                                                   len(jobs))):
            if what == "same":  # touched, same content: nothing to replay
                error = known[e.file][3]
                self._file_row(e, digest, error)
                if error is None:
                    self._redate(e)
                continue
            if e.file in unsettled:
                changed, added = True, None
            was = None if fresh else self._finished_result(e.file)
            if not fresh:
                self._forget(e.file)
            if what == "error":
                self._file_row(e, digest, value)
                continue
            self._file_row(e, digest, None)
            self._write(e.file, value)
            if was is not None:
                self._changed_after(e.file, was, _result(
                    [(r[1], r[2], r[4]) for r in value[2]]))
            if added is not None:
                added.add(e.file)
        if self._carried:
            self._keep_carried(scan, version)
        for file in known:
            if file not in seen:
                changed = True
                added = None
                self._forget(file)
                conn.execute("DELETE FROM meta WHERE key = ?", (_CHANGED + file,))
                conn.execute("DELETE FROM files WHERE file = ?", (file,))
        if self._meta("checked_with") != version:
            # another whistscore: its kept answers (and texts) are that version's, so none
            # is kept over, whatever the recheck finds (a new word, a new column)
            added = None
            if self._recheck(version):
                changed = True
        if accept and (self._accept(version) or self._cleared):
            changed, added = True, None
        if self._meta("settings") != (settings.digest or ""):
            added = None
        if changed or added is None:
            renamed = self._players(settings, None if fresh else added)
            # games only added, no seat renamed: the other kinds' games are as they were
            self._new_generation(None if renamed or added is None else set(self._since))
            from .ratings import compute

            compute(conn, None if renamed else self._since)
        self._set_meta("settings", settings.digest or "")
        self._set_meta("checked_with", version)
        self._set_meta("dating", _DATING)
        self._set_meta("updated", datetime.datetime.now().astimezone().isoformat())
        return True

    def _clear(self) -> None:
        """An archive that knows no file keeps no game (a game's rows go with its file's
        row): one delete a table clears what a hand-edited one might, and no file is
        forgotten one by one (a rebuild's eight statements a file).  The games' names stay
        while a rebuild carries games: a game kept may be of a kind no file now names."""
        for table in _GAME_TABLES + ("recomputed", "ratings", "answers"):
            self.conn.execute(f"DELETE FROM {table}")
        if not self._carried:
            self.conn.execute("DELETE FROM meta WHERE key LIKE 'name.%'")

    def _set_meta(self, key: str, value: str) -> None:
        self.conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    def _file_row(self, e: _Entry, digest: str | None, error: str | None) -> None:
        """The file as indexed.  A modification time within :data:`RECENT_NS` of now is
        kept as :data:`_UNSETTLED`: a same-size write in the same tick of the clock (a FAT
        stick counts in 2 s) would leave size and time as they are, so such a file is
        hashed again at the next read (its sha256 says whether it changed), until its
        time is old enough to tell."""
        mtime = e.mtime_ns if abs(_now_ns() - e.mtime_ns) > RECENT_NS else _UNSETTLED
        self.conn.execute("INSERT OR REPLACE INTO files (file, size, mtime_ns, sha256, error) "
                          "VALUES (?, ?, ?, ?, ?)", (e.file, e.size, mtime, digest, error))

    def _touch(self, file: str) -> None:
        """Note where a game stands in its kind's rating order before it changes: the
        ratings from there on are worked out again (the earlier ones cannot change)."""
        row = self.conn.execute("SELECT game, date, coalesce(first_at, ''), file FROM games "
                                "WHERE file = ?", (file,)).fetchone()
        if row is not None:
            self._moved(row[0], tuple(row[1:]))

    def _redate(self, e: _Entry) -> None:
        """Nothing: a game is never dated by its file's modification time (journal.md
        ``created``: a copy of the folder would move last autumn's evenings into this
        season).  An archive that an older whistscore dated so is rebuilt once
        (:data:`_DATING`)."""

    def _moved(self, kind: str, key: tuple[str, str, str]) -> None:
        """The ratings of ``kind`` change from the game of rating order ``key`` on."""
        if kind not in self._since or key < self._since[kind]:
            self._since[kind] = key

    def _forget(self, file: str) -> None:
        self._touch(file)
        for table in _GAME_TABLES + ("recomputed",):
            self.conn.execute(f"DELETE FROM {table} WHERE file = ?", (file,))

    def _insert(self, file: str, digest: str, mtime_date: str, f: "GameFacts",
                version: str) -> None:
        self._write(file, game_rows(file, digest, mtime_date, f, version))

    def _write(self, file: str, rows: "_Rows") -> None:
        """One game's rows (:func:`game_rows`) into the archive."""
        conn = self.conn
        game, seats, results, transfers, deals, pairs, recomputed = rows
        kind = game[2]
        if kind not in self._named:  # the game's name, said by the game (loaded
            from ..games import get_game  # now: it was replayed), kept for the text
            from ..i18n import game_name
            from ..language import langs

            for lang in langs():
                self._set_meta(_name_key(kind, lang), game_name(get_game(kind), lang))
            self._named.add(kind)
        conn.execute(
            "INSERT INTO games (file, sha256, game, title, place, date, first_at, last_at, deals,"
            " finished, ended, preset, rules, stake, currency, unit, symbols, indexed_with,"
            " checked_with) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", game)
        self._moved(kind, (game[5], game[6] or "", file))  # what _touch would read back
        conn.executemany("INSERT INTO seats (file, seat, player, side) VALUES (?, ?, ?, ?)", seats)
        conn.executemany(
            "INSERT INTO results (file, player, points, points_real, money, place)"
            " VALUES (?, ?, ?, ?, ?, ?)", results)
        conn.executemany("INSERT INTO transfers (file, payer, payee, amount) VALUES (?, ?, ?, ?)",
                         transfers)
        # the deals (most of what the archive keeps) in one row, two JSON texts of them all
        # (facts.rows_json): SQLite costs about 3 µs a row, whatever the row holds
        conn.execute("INSERT INTO deal_rows (file, first, rows, deals) VALUES (?, ?, ?, ?)",
                     deals)
        conn.executemany("INSERT INTO pairs (file, player, other, points) VALUES (?, ?, ?, ?)",
                         pairs)
        if recomputed is not None:  # the file's own result stands: listed with the new one
            conn.execute("INSERT OR REPLACE INTO recomputed (file, old, new, old_version, "
                         "new_version) VALUES (?, ?, ?, ?, ?)", recomputed)

    # -- the past does not move -----------------------------------------------------------
    def _finished_result(self, file: str) -> dict[str, Any] | None:
        """The result the archive keeps of ``file`` when its game is finished (or ended)."""
        row = self.conn.execute("SELECT finished, ended FROM games WHERE file = ?",
                                (file,)).fetchone()
        if row is None or not (row[0] or row[1]):
            return None
        return self._kept(file)

    def _changed_after(self, file: str, old: dict[str, Any], new: dict[str, Any]) -> None:
        """A finished game whose file changed (an undo, an edit, a stake set afterwards):
        kept in ``meta`` with the result it first finished on, and listed by every read
        as "changed after it finished" (:meth:`changed_after_finish`) until it settles the
        same again or ``--accept-recomputed`` takes it."""
        key = _CHANGED + file
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        first = json.loads(row[0])["old"] if row is not None else old
        if first == new:
            self.conn.execute("DELETE FROM meta WHERE key = ?", (key,))
        else:
            self._set_meta(key, _dumps({"old": first, "new": new}))

    def changed_after_finish(self) -> list[dict[str, Any]]:
        """The finished games changed afterwards, each with its first and its new result."""
        return [{"file": key[len(_CHANGED):], **json.loads(value)} for key, value in
                self.conn.execute("SELECT key, value FROM meta WHERE substr(key, 1, ?) = ? "
                                  "ORDER BY key", (len(_CHANGED), _CHANGED))]

    def _kept(self, file: str) -> dict[str, Any]:
        return _result(self._results("results", _dumps([file])).get(file, []))

    def _set_aside(self, file: str, old: dict[str, Any], new: dict[str, Any],
                   indexed_with: str, version: str) -> None:
        """Keep the old result of ``file``, this version's other one listed beside it."""
        self.conn.execute("INSERT OR REPLACE INTO recomputed (file, old, new, old_version, "
                          "new_version) VALUES (?, ?, ?, ?, ?)",
                          (file, _dumps(old), _dumps(new), indexed_with, version))
        self.conn.execute("UPDATE games SET checked_with = ? WHERE file = ?", (version, file))

    def _carry(self, version: str) -> dict[str, tuple[str, str]]:
        """The finished games a rebuild compares before it takes their new rows, their rows
        copied aside (``temp.kept_*``): those set aside, and those this version has not
        settled yet (an archive of an older one).  A game this version indexed or checked,
        and did not set aside, has its kept result from this version (a version settles
        the same bytes the same way): its new rows are taken as they come, and the rebuild
        of an archive up to date costs what one from an empty folder does."""
        carried = {file: (digest, indexed_with) for file, digest, indexed_with in
                   self.conn.execute("SELECT file, sha256, indexed_with FROM games WHERE "
                                     "finished = 1 AND (checked_with != ? OR file IN "
                                     "(SELECT file FROM recomputed))", (version,))}
        if carried:
            files = _dumps(sorted(carried))
            for table in _GAME_TABLES:  # gone with the transaction if it is rolled back
                self.conn.execute(f"DROP TABLE IF EXISTS temp.kept_{table}")
                self.conn.execute(f"CREATE TEMP TABLE kept_{table} AS SELECT * FROM main.{table}"
                                  " WHERE file IN (SELECT value FROM json_each(?)) ORDER BY rowid",
                                  (files,))
        return carried

    def _results(self, table: str, files: str) -> dict[str, list[tuple[str, str, str | None]]]:
        """The player, points and money of each result in ``table`` of the ``files`` (a JSON
        list), each game's in the order they were written."""
        out: dict[str, list[tuple[str, str, str | None]]] = {}
        for file, player, points, money in self.conn.execute(
                f"SELECT file, player, points, money FROM {table} WHERE file IN (SELECT value "
                "FROM json_each(?)) ORDER BY rowid", (files,)):
            out.setdefault(file, []).append((player, points, money))
        return out

    def _keep_carried(self, scan: list[_Entry], version: str) -> None:
        """After a rebuild indexed every file: a carried game (:meth:`_carry`) whose file has
        the bytes the archive knew and that this version settled otherwise (or refused)
        gets its kept rows back in place of the new ones, and is set aside as a refresh
        sets it (:meth:`_recheck`), until ``--accept-recomputed``.  A file whose content
        changed, or gone, keeps what the rebuild made of it."""
        conn = self.conn
        carried = _dumps(sorted(self._carried))
        now = {file: (digest, error) for file, digest, error in conn.execute(
            "SELECT file, sha256, error FROM files WHERE file IN (SELECT value FROM "
            "json_each(?))", (carried,))}
        old = self._results("temp.kept_results", carried)
        new = self._results("main.results", carried)
        differ = {}
        for file, (digest, indexed_with) in self._carried.items():
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
                    self._set_aside(e.file, *differ[e.file], version)
                    self._touch(e.file)  # rated with the others, from its kept result
                    self._redate(e)  # as a refresh dates a file touched
        for table in _GAME_TABLES:
            conn.execute(f"DROP TABLE temp.kept_{table}")

    def _recheck(self, version: str) -> bool:
        """Finished games indexed by another version: settled again from the same bytes;
        an unchanged result is marked checked, another one is set aside in ``recomputed``."""
        changed = False
        rows = self.conn.execute("SELECT file, sha256, indexed_with, finished, date FROM games "
                                 "WHERE checked_with != ?", (version,)).fetchall()
        for file, digest, indexed_with, finished, date in rows:
            try:
                data = _read(self.folder / file)
                if _sha256(data) != digest:
                    continue  # changed meanwhile: the next refresh re-indexes it
                new = facts(loads(_text(data)))
            except (InputError, RecursionError) as exc:
                new_json: dict[str, Any] = {"error": str(exc)}
            else:
                new_json = new.results_json()
                if not finished:  # a game still played has no past to keep: indexed again
                    self._touch(file)
                    for table in _GAME_TABLES:
                        self.conn.execute(f"DELETE FROM {table} WHERE file = ?", (file,))
                    self._insert(file, digest, date, new, version)
                    changed = True
                    continue
            old = self._kept(file)
            if new_json == old:
                self.conn.execute("UPDATE games SET checked_with = ? WHERE file = ?",
                                  (version, file))
                continue
            changed = True
            self._set_aside(file, old, new_json, indexed_with, version)
        return changed

    def _accept(self, version: str) -> bool:
        """``--accept-recomputed``: the games set aside are indexed again with this version."""
        self._cleared = bool(self.changed_after_finish())
        self.conn.execute("DELETE FROM meta WHERE substr(key, 1, ?) = ?",
                          (len(_CHANGED), _CHANGED))
        rows = self.conn.execute("SELECT file FROM recomputed").fetchall()
        for (file,) in rows:
            _accept_in_file(self.folder / file)
            self._forget(file)
            self.conn.execute("DELETE FROM files WHERE file = ?", (file,))
        if rows:  # indexed again by the scan, as new files
            path_scan = [e for e in self._scan(Settings())
                         if e.file in {r[0] for r in rows}]
            for e in path_scan:
                try:
                    data = _read(self.folder / e.file)
                    digest = _sha256(data)
                    game_facts = facts(loads(_text(data)))
                except (InputError, RecursionError) as exc:
                    self._file_row(e, None, str(exc))
                    continue
                self._file_row(e, digest, None)
                self._insert(e.file, digest, _mtime_date(e.mtime_ns), game_facts, version)
            # said, as every change of a kept result is: the old ones are gone now
            shown = ", ".join(sorted(f for (f,) in rows)[:5]) + (" ..." if len(rows) > 5 else "")
            self.notices.append(_EN.say("notice.took_results", version, len(rows), shown))
        return bool(rows)

    def undated(self) -> list[str]:
        """The games dated neither by a deal's time nor by the file's ``created``: listed,
        never dated by the file's modification time."""
        return [f for (f,) in self.conn.execute(
            "SELECT file FROM games WHERE date = ? ORDER BY file", (UNDATED,))]

    def recomputed(self) -> list[Recomputed]:
        return [Recomputed(f, json.loads(o), json.loads(n), ov, nv) for f, o, n, ov, nv in
                self.conn.execute("SELECT file, old, new, old_version, new_version "
                                  "FROM recomputed ORDER BY file")]

    # -- who is who ---------------------------------------------------------------------
    def _players(self, settings: Settings, added: set[str] | None = None) -> bool:
        """Each seat's club player: the name club.json gives the spelling, else the
        spelling of the player's earliest game; a game in which two seats are one club
        player is left out (``games.excluded``).  True when a seat already named changed
        its club player or a game its exclusion (every rating is then worked out again).

        ``added``: the games this refresh added, when it did nothing else.  If all of them
        come after every game kept before (tonight's evening), no earlier seat can change
        its club player: only the new seats are named, each spelling as the seats already
        named spell that player, and only the new games can be left out."""
        conn = self.conn
        aliases = settings.aliases()
        first: dict[str, str] = {}
        only = None
        copies = self._copies()  # an evening held by two files counts once (issue 32)
        if added and not copies and self._after_all(added):
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

    def _copies(self) -> dict[str, str]:
        """Each file that holds an evening another file holds too, and why (naming the file
        that counts): a sync tool's conflict copy ("evening (conflicted copy ...).json",
        "evening.sync-conflict-....json") or any copy made by hand counted an evening twice.

        Two files hold one evening when their bytes are the same, or when they are of one
        game, players and rules and the deals of one, every one with its time, are the
        first deals of the other (the same or a prefix: a copy taken mid-evening).  Deals
        without times are not matched by content alone: two evenings may well begin with
        the same all-pass.  Of such files the one with the most deals counts, then the one
        whose name the scorepad serves, then the shortest name, then the first by name."""
        from .duplicates import copies

        return copies(self.conn)

    def _after_all(self, added: set[str]) -> bool:
        """Whether every game of ``added`` comes after every other game in the order of
        :meth:`_players` (date, first deal's time with none first, file)."""
        files = _dumps(sorted(added))
        last = self.conn.execute(
            "SELECT date, first_at, file FROM games WHERE file NOT IN (SELECT value FROM "
            "json_each(?)) ORDER BY date DESC, first_at DESC, file DESC LIMIT 1",
            (files,)).fetchone()
        earliest = self.conn.execute(
            "SELECT date, first_at, file FROM games WHERE file IN (SELECT value FROM "
            "json_each(?)) ORDER BY date, first_at, file LIMIT 1", (files,)).fetchone()
        if last is None or earliest is None:
            return True

        def order(row: tuple[str, str | None, str]) -> tuple[str, bool, str, str]:
            return row[0], row[1] is not None, row[1] or "", row[2]

        return order(earliest) > order(last)

    # -- reading ------------------------------------------------------------------------
    def generation(self) -> int:
        """How many times the archive has changed: an answer is kept for one generation."""
        value = self._meta("generation")
        return int(value) if value else 0

    def _new_generation(self, changed: set[str] | None) -> None:
        """A new generation: every answer kept for the old one is stale, but those of a
        game kind not in ``changed`` (None: every kind changed), which are kept for the new
        one.  ``changed`` holds every kind whose games this refresh added, changed or
        removed (:meth:`_moved`), and it is given only when no seat of an earlier game
        changed its club player and no game its exclusion: a kind left out then has the
        same games, seats, results and ratings, the whole of what its answers are made of."""
        generation = self.generation()
        self._set_meta("generation", str(generation + 1))
        if changed is None:
            self.conn.execute("DELETE FROM answers")
            return
        self.conn.execute("DELETE FROM answers WHERE generation != ? OR substr(key, 1, ?) != ?",
                          (generation, len(_OF_KIND), _OF_KIND))
        for kind in changed:
            start = _of_kind(kind)
            self.conn.execute("DELETE FROM answers WHERE substr(key, 1, ?) = ?",
                              (len(start), start))
        self.conn.execute("UPDATE answers SET generation = ?", (generation + 1,))

    def answer(self, key: str, compute: Callable[[], dict[str, Any]],
               kind: str | None = None) -> dict[str, Any]:
        """``compute()``, or the same answer kept from an earlier read of this generation
        (the standings of an archive that did not change are read, not recomputed).  A
        reader that cannot write at once (another process indexing, a read-only folder)
        just does not keep it.

        ``kind``: the answer is made of that game kind's games alone (its standings
        table), and is kept over the generations that change no game of that kind
        (:meth:`_new_generation`): tonight's Preferans evening leaves the Twist table
        kept."""
        if kind is not None:
            key = _of_kind(kind) + key
        generation = self.generation()
        row = self.conn.execute("SELECT value FROM answers WHERE key = ? AND generation = ?",
                                (key, generation)).fetchone()
        if row is not None:
            kept: dict[str, Any] = json.loads(row[0])
            return kept
        value = compute()
        self.conn.execute("PRAGMA busy_timeout = 0")
        try:
            self.conn.execute("INSERT OR REPLACE INTO answers (key, generation, value) "
                              "VALUES (?, ?, ?)", (key, generation, _dumps(value)))
        except sqlite3.OperationalError:
            pass
        finally:
            self.conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT}")
        return value

    def text(self, answer: dict[str, Any], render: Callable[[], str], lang: str = "en") -> str:
        """``render()``, the text the CLI prints for ``answer`` in ``lang``, or the same text
        kept from an earlier read: the key is the whole answer and the language, so the text
        is the one ``render`` gives for them, and printing the standings of an archive that
        did not change loads neither the table library nor a game."""
        return str(self.answer(f"text:{lang}:" + _dumps(answer),
                               lambda: {"text": render()})["text"])

    def game_names(self, lang: str = "en") -> dict[str, str]:
        """Each game kind's short name in ``lang``, as the game said it when its first file
        was indexed: the text of the standings names the games without loading them.  (An
        archive of an older whistscore kept only the English names: a kind missing here is
        named by its game, loaded then.)"""
        start = _name_key("", lang)
        return {key[len(start):]: value for key, value in self.conn.execute(
            "SELECT key, value FROM meta WHERE substr(key, 1, ?) = ?", (len(start), start))
            if "." not in key[len(start):]}

    def problems(self) -> list[Problem]:
        out = [Problem(f, e) for f, e in self.conn.execute(
            "SELECT file, error FROM files WHERE error IS NOT NULL ORDER BY file")]
        out += [Problem(f, e) for f, e in self.conn.execute(
            "SELECT file, excluded FROM games WHERE excluded IS NOT NULL ORDER BY file")]
        return sorted(out, key=lambda p: p.file)

    def rows(self, sql: str, params: Iterable[Any] = ()) -> Iterator[tuple[Any, ...]]:
        return iter(self.conn.execute(sql, tuple(params)).fetchall())


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
    from .facts import exact_text, first_json, rows_json  # once a game, not once a number

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


#: a changed file looked at: ("same", digest, None) its content is what the archive has,
#: ("error", digest or None, the one-line error), or ("rows", digest, its rows)
_Looked = tuple[str, "str | None", Any]


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


#: a refresh with at least this many files to replay shares them among processes
POOL_FILES = 100
#: the most processes a refresh uses (one per core the process may run on, up to this)
POOL_MOST = 8


def _looked(folder: Path, jobs: list[tuple[_Entry, str | None]], version: str
            ) -> Iterator[_Looked]:
    """:func:`_look` of every job, in order.

    A full rebuild replays every file, and replaying is CPU work that needs nothing
    but the file: with :data:`POOL_FILES` files or more and several cores, forked
    processes replay them (each result a tuple of plain values, sent back in order)
    while this process writes the rows.  The CPU is about what one process spends; the
    rebuild's time is shared among the cores (docs/club.md "Speed" has the figures).
    """
    workers = _workers(len(jobs))
    done = 0
    if workers > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool

        _preload()  # imported once here, not once in every process
        chunk = max(1, min(16, len(jobs) // (workers * 8)))
        pool = None
        try:
            with _ctrl_c_held():  # the processes start deaf to Ctrl-C (_worker_start)
                pool = ProcessPoolExecutor(workers,
                                           mp_context=multiprocessing.get_context("fork"),
                                           initializer=_worker_start,
                                           initargs=(os.getpid(),))
                looked = pool.map(_look_job, [(folder, e, k, version) for e, k in jobs],
                                  chunksize=chunk)
            for one in looked:
                yield one
                done += 1
        except BrokenProcessPool:  # a process was killed (out of memory, a signal): the
            pass  # files it had not sent back are replayed here, as without processes
        finally:  # stopped early (Ctrl-C, a failed write): the files not begun are dropped
            if pool is not None:
                pool.shutdown(wait=done == len(jobs), cancel_futures=True)
    for e, known_digest in jobs[done:]:
        yield _look(folder, e, known_digest, version)


def _workers(jobs: int) -> int:
    """How many processes replay ``jobs`` files: one below :data:`POOL_FILES`, on a
    single core, where processes cannot be forked (Windows, the browser's Pyodide), and
    in a process running other threads (the scorepad): a fork copies only the calling
    thread, and a lock another thread held would stay held in the copy for ever."""
    import threading

    if jobs < POOL_FILES or threading.active_count() > 1 or sys.platform == "emscripten":
        return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    if cores < 2:
        return 1
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return min(cores, POOL_MOST)


def _preload() -> None:
    """Import what replaying a file needs, every game included, before the processes
    are forked, so that each of them starts with it."""
    import hashlib  # noqa: F401

    from .. import files, journal  # noqa: F401
    from ..games import GAMES, get_game
    from . import facts as _facts  # noqa: F401

    for name in GAMES:
        try:
            get_game(name)
        except Exception:  # a broken plugin: its files' errors are reported when read
            pass


@contextlib.contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) back while the processes are forked: a process forked with it
    pending would die of it before it can ignore it, and the pool would then be broken
    rather than stopped.  Held back, it is delivered here as soon as they are started."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _worker_start(parent: int) -> None:
    """A replaying process leaves Ctrl-C to the one that started it (which stops them
    and rolls the archive back): a worker of its own would print a traceback.  It was
    forked with Ctrl-C held back (:func:`_ctrl_c_held`); ignored, it is let through.

    It also dies with ``parent``: a rebuild killed outright (``kill -9``, the OOM killer)
    cannot stop its processes, which would wait for ever on a pipe that the others still
    hold open (the review found them alive long after).  Linux says so with
    PR_SET_PDEATHSIG; a parent already gone before it was asked is checked by its pid."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):  # no prctl: only the check below
            pass
    if os.getppid() != parent:
        os._exit(1)


#: prctl(2)'s option: the signal a process gets when the thread that forked it ends
_PR_SET_PDEATHSIG = 1


def _look_job(job: tuple[Path, _Entry, str | None, str]) -> _Looked:
    """The pool's callable: a module-level function (sent by name to the processes) that
    looks :func:`_look` up when it runs."""
    return _look(*job)


def _paused_gc() -> Any:
    from ..game import paused_gc

    return paused_gc()


def _accept_in_file(path: Path) -> None:
    """``--accept-recomputed`` of a game whose file records its result (journal.md
    ``result``): this version's result written into the file, as ``whistscore accept``
    writes it (under the file's lock, atomically).  A file that cannot be written now is
    left as it is: its recorded result stands, and is listed again."""
    from .. import recording

    with contextlib.suppress(InputError, OSError):
        if b'"result"' in _read(path):
            recording.accept(path)


def _read(path: Path) -> bytes:
    """A game file's bytes, bounded as the journal bounds them (the file layer is loaded
    only when a file is read: an archive that is up to date reads none)."""
    from .. import files
    from ..journal import MAX_FILE_BYTES

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


#: the start of the key of every answer of one game kind (:meth:`Archive.answer`)
_OF_KIND = "kind:"


def _of_kind(kind: str) -> str:
    """The start of the keys of ``kind``'s answers (the kind as JSON: no kind's start is
    another's)."""
    return f"{_OF_KIND}{_dumps(kind)}:"


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
    from .facts import facts as of

    return of(game)


def loads(text: str) -> Any:
    from ..journal import loads as read

    return read(text)
