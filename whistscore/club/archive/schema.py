"""The archive's file: its schema, how it is opened, and how a file that is not it is
told and set aside (never deleted: it may be somebody's).  An error of the moment
(:func:`cause`) is told from damage (:func:`damaged`): only damage sets a file aside."""

from __future__ import annotations

import datetime
import os
import sqlite3
from pathlib import Path

from ...errors import InputError

ARCHIVE = "club.sqlite"
#: ``PRAGMA user_version`` of the schema below; an archive of another version is rebuilt
SCHEMA_VERSION = 3
#: ``PRAGMA application_id``: "WSCL", so a foreign SQLite file is told from ours
APPLICATION_ID = 0x5753434C
#: how long a second process waits for the one indexing (milliseconds)
BUSY_TIMEOUT = 60_000

#: indexes added to the schema since its version: an archive of the same version made by an
#: older whistscore gets them when this one first writes it (refresh.py ``update``); the
#: tables are as they were, so no archive is rebuilt for them
INDEXES_ADDED = (
    # two copies of an evening begin with one first deal (club/duplicates.py): the files
    # sharing one are found in the index, not by reading every game's row
    "CREATE INDEX IF NOT EXISTS deal_rows_first ON deal_rows (first)",
)

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
""" + "".join(f"{index};\n" for index in INDEXES_ADDED)
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
    from ..words import own_words

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



def connect(path: Path) -> sqlite3.Connection:
    """A connection to the archive file, waiting :data:`BUSY_TIMEOUT` for another writer."""
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT / 1000, isolation_level=None)
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT}")
    except BaseException:
        conn.close()
        raise
    # with WAL, NORMAL still commits whole or not at all; only the last commit may be
    # lost to a power cut, and the archive is derived (the files are re-indexed)
    conn.execute("PRAGMA synchronous = NORMAL")
    return conn


def foreign(conn: sqlite3.Connection) -> str | None:
    """Why the file cannot be used as the archive (None: it can, or it is new)."""
    app = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if app == 0 and version == 0 and tables == 0:
        create(conn)
        return None
    if app != APPLICATION_ID:
        return "it is another program's database"
    if version != SCHEMA_VERSION:
        return f"it was written with archive schema {version}, this is {SCHEMA_VERSION}"
    return None


def create(conn: sqlite3.Connection) -> None:
    # 16 KiB pages (before WAL, which fixes the size): a game's deals are one row of
    # about 20 KB (deal_rows), which 4 KiB pages chain over five overflow pages; a
    # rebuild's writes cost a fifth less (docs/club.md "Speed").  An older archive keeps
    # its 4 KiB pages: the same contents
    conn.execute("PRAGMA page_size = 16384")
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


def odd(path: Path) -> bool:
    """Whether the archive's name is a folder or a symlink (dangling or not)."""
    return os.path.islink(path) or os.path.isdir(path)


def refuse_odd(path: Path) -> None:
    """A folder or a symlink named like the archive is the user's: refused, untouched
    (one swapped in while the archive was being set aside)."""
    if odd(path):
        raise InputError(f"{ARCHIVE} in the club folder is a folder or a symlink, not the "
                         "club's archive; move it away", field=ARCHIVE, value=str(path),
                         key="club.archive_odd")


def set_aside_file(folder: Path) -> str:
    """Rename the archive (and its ``-wal``, ``-shm``, ``-journal``) beside it with the
    time, ``club.sqlite.set-aside-20261207-014200``: never deleted, since a file that is
    not this archive may be somebody's.  Returns the new name.

    :raises OSError: the folder cannot be written (nothing was renamed)."""
    from .pool import _ctrl_c_held

    path = folder / ARCHIVE
    refuse_odd(path)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    base = f"{ARCHIVE}.set-aside-{stamp}"
    name, n = base, 1
    while any(os.path.lexists(folder / f"{name}{s}") for s in _SIDE_FILES):
        n += 1
        name = f"{base}-{n}"
    with _ctrl_c_held():  # a Ctrl-C between them would part the file from its log
        try:
            os.rename(path, folder / name)
        except FileNotFoundError:  # another process set it aside first
            pass
        for suffix in _SIDE_FILES[1:]:
            try:
                os.rename(f"{path}{suffix}", folder / f"{name}{suffix}")
            except FileNotFoundError:
                pass
    return name


def copy_into(path: Path, mem: sqlite3.Connection, source: sqlite3.Connection | str | None
              ) -> bool:
    """Copy the archive at ``path`` into ``mem`` from the open ``source`` connection, or
    opened read-only (``"ro"``), or as a file nobody changes (``"immutable"``: a read-only
    folder, where SQLite cannot make the files a reader of WAL needs).  False: not this
    archive's schema, or no file."""
    if source is None or not os.path.isfile(path):
        return False
    if isinstance(source, str):
        from urllib.parse import quote

        uri = f"file:{quote(str(path.absolute()))}?mode=ro"
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
