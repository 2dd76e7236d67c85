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

The package's modules, one job each: :mod:`.schema` (the file: schema, opening, a foreign
file set aside), :mod:`.refresh` (scanning and writing a game's rows), :mod:`.pool`
(replaying many files in forked processes), :mod:`.history` (the past does not move),
:mod:`.identity` (who is who) and :mod:`.answers` (the answer cache).  :class:`Archive`
holds the connection and the state of one refresh; its methods are those modules'
functions, each taking the archive.
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..settings import Settings
from . import answers, history, identity, refresh as refreshing, schema
from .history import Recomputed
from .refresh import PROGRESS, Problem
from .schema import (APPLICATION_ID, ARCHIVE, BUSY_TIMEOUT, SCHEMA, SCHEMA_VERSION, cause,
                     cause_key, damaged)

__all__ = ["ARCHIVE", "SCHEMA_VERSION", "APPLICATION_ID", "SCHEMA", "Archive", "Problem",
           "Recomputed", "PROGRESS", "BUSY_TIMEOUT", "cause", "cause_key", "damaged"]


class Archive:
    """The open ``club.sqlite`` of a club folder."""

    # the state of one refresh (refresh.py ``update``), set as it starts
    #: a rebuild's finished games whose kept result this version may not compute (file
    #: -> its sha256 and the version that computed it), their rows copied aside
    _carried: dict[str, tuple[str, str]]
    #: game kind -> the rating-order key of its earliest game that changed
    _since: dict[str, tuple[str, str, str]]
    #: the game kinds whose name the archive keeps (``name.KIND`` in meta)
    _named: set[str]
    #: ``--accept-recomputed`` cleared the list of games changed after they finished
    _cleared: bool
    #: an archive indexing every file afresh keeps the rows of many files and writes each
    #: table's at once (refresh.py ``_Batch``); None: each file's rows are written at once
    _batch: "refreshing._Batch | None" = None

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

    # -- opening (schema.py: the file itself) --------------------------------------------
    def _open(self) -> sqlite3.Connection:
        """The archive's connection.  Only a file that is positively not this archive is set
        aside (:func:`schema.set_aside_file`) and made again; an error of the moment (a read-only
        folder, a full disk, a lock held too long) changes nothing on disk: the club is
        then read from a copy in memory (:meth:`_to_memory`).  A folder or a symlink named
        like the archive is the user's: never opened, never followed, left as it is; the
        club is read from the game files, and says so (:meth:`_odd_to_memory`)."""
        if schema.odd(self.path):
            return self._odd_to_memory()
        conn: sqlite3.Connection | None = None
        try:
            conn = schema.connect(self.path)
            why = schema.foreign(conn)
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
            aside = schema.set_aside_file(self.folder)
        except OSError as exc:
            return self._to_memory(exc, None, why)
        self._notice("notice.set_aside", why, aside)
        self.set_aside.append(aside)
        conn = None
        try:
            conn = schema.connect(self.path)
            schema.create(conn)
        except sqlite3.DatabaseError as exc:
            if conn is not None:
                conn.close()
            return self._to_memory(exc, None)
        return conn

    def _odd_to_memory(self) -> sqlite3.Connection:
        """``club.sqlite`` is a folder or a symlink: the club answers from an archive in
        memory, made from the game files, with a notice; the link is not followed (not even
        to read), the folder not entered, nothing on disk changed."""
        mem = sqlite3.connect(":memory:", isolation_level=None)
        schema.create(mem)
        self.in_memory = True
        self.could_not_keep = "it is a folder or a symlink"
        self._notice("notice.odd")
        return mem

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
                    copied = schema.copy_into(self.path, mem, source)
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
            schema.create(mem)
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
        from ..words import own_words

        w = own_words("en")
        self.notices.append(w[key].format(*(w[a] if a.startswith("cause.") else a
                                             for a in args)))
        self.said[self.notices[-1]] = (key, args)

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


    def problems(self) -> list[Problem]:
        out = [Problem(f, e) for f, e in self.conn.execute(
            "SELECT file, error FROM files WHERE error IS NOT NULL ORDER BY file")]
        out += [Problem(f, e) for f, e in self.conn.execute(
            "SELECT file, excluded FROM games WHERE excluded IS NOT NULL ORDER BY file")]
        return sorted(out, key=lambda p: p.file)

    def rows(self, sql: str, params: Iterable[Any] = ()) -> Iterator[tuple[Any, ...]]:
        return iter(self.conn.execute(sql, tuple(params)).fetchall())

    # -- bringing it up to date (refresh.py) ------------------------------------------
    _refresh = refreshing.refresh_once
    _scan = refreshing.scan
    _known = refreshing.known
    _meta = refreshing.meta
    _stale = refreshing.stale
    _update = refreshing.update
    _clear = refreshing.clear
    _set_meta = refreshing.set_meta
    _file_row = refreshing.file_row
    _touch = refreshing.touch
    _redate = refreshing.redate
    _moved = refreshing.moved
    _forget = refreshing.forget
    _insert = refreshing.insert
    _write = refreshing.write

    # -- the past does not move (history.py) ------------------------------------------
    _finished_result = history.finished_result
    _changed_after = history.changed_after
    changed_after_finish = history.changed_after_finish
    _kept = history.kept
    _set_aside = history.set_aside
    _carry = history.carry
    _results = history.results
    _keep_carried = history.keep_carried
    _recheck = history.recheck
    _accept = history.accept
    undated = history.undated
    recomputed = history.recomputed

    # -- who is who (identity.py) -------------------------------------------------------
    _players = identity.players
    _copies = identity.copies
    _after_all = identity.after_all

    # -- reading (answers.py) -------------------------------------------------------------
    generation = answers.generation
    _new_generation = answers.new_generation
    answer = answers.answer
    text = answers.text
    game_names = answers.game_names
    skeletons = answers.skeletons
    _forget_skeletons = answers.forget_skeletons
