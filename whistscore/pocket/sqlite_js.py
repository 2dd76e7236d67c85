"""``sqlite3`` for the pocket site's Python: the part of the DB-API the club uses, over
sql.js (SQLite compiled to WebAssembly, from the npm registry).

Pyodide builds ``sqlite3`` as a package of its own (``sqlite3-1.0.0-cp313-…wasm32.whl``,
named in ``pyodide-lock.json``), but the npm registry's ``pyodide`` package ships only
the core files, not that wheel, and a build may fetch nothing else.  sql.js is the same
SQLite, on the npm registry; the worker loads it (``worker.js``) and this module, put
in ``sys.modules["sqlite3"]`` by the runtime when Python has no ``sqlite3`` of its own,
lets ``whistscore.club`` run unchanged: the club pages on the phone are the club's own.

What differs from CPython's sqlite3, and why it does not matter to the club:

* **The archive lives in memory**, one database per path for the worker's life, never
  written to the phone's storage: the club's archive is a cache of the game files
  (docs/club.md), rebuilt from them when the worker starts again.  ``close`` keeps it.
* **Numbers** cross as SQLite has them: an INTEGER as a BigInt (exact to 64 bits), a
  REAL as a float.
* **Transactions** are followed by the statements run (``BEGIN``, ``COMMIT``,
  ``ROLLBACK``), as ``in_transaction`` tells; statements run as given
  (``isolation_level=None``, the club's way).
"""

from __future__ import annotations

import contextlib
import re
from typing import Any, Iterable, Iterator, Sequence

__all__ = ["connect", "Connection", "Cursor", "Error", "DatabaseError", "OperationalError",
           "IntegrityError", "ProgrammingError", "InterfaceError", "available"]

apilevel = "2.0"
paramstyle = "qmark"
threadsafety = 1


class Error(Exception):
    pass


class InterfaceError(Error):
    pass


class DatabaseError(Error):
    pass


class OperationalError(DatabaseError):
    pass


class IntegrityError(DatabaseError):
    pass


class ProgrammingError(DatabaseError):
    pass


_DATABASES: dict[str, Any] = {}
_OPEN: dict[str, bool] = {}   # the path's database is inside a transaction
_BEGIN = re.compile(r"\s*BEGIN\b", re.I)
_END = re.compile(r"\s*(COMMIT|END|ROLLBACK)\b(?!\s+TO\b)", re.I)


def _sql() -> Any:
    """sql.js as the worker loaded it, read with ``run_js``: on the start that makes the
    snapshot, what the ``js`` module gives is wrapped, and an sql.js database made through it
    has no handle ("out of memory"; docs/pocket.md, "SQLite for the club")."""
    try:
        from pyodide.code import run_js  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise OperationalError("sql.js runs only in the browser (Pyodide)") from None
    found = run_js("self.whistscoreSQL")
    if found is None:
        raise OperationalError("sql.js is not loaded in this worker")
    return found


_ROW: Any = None


def _row(stmt: Any) -> tuple[Any, ...]:
    """The statement's current row: integers as BigInt (exact past 2**53), and a REAL as
    a ``float`` even when it is integral (JavaScript has one kind of number)."""
    global _ROW
    if _ROW is None:
        from pyodide.code import run_js  # type: ignore[import-not-found,unused-ignore]

        # NULL as undefined: Pyodide makes that None (null would be its JsNull)
        _ROW = run_js("(stmt) => { const v = stmt.get(null, {useBigInt: true});"
                      " return [v.map((x) => x === null ? undefined : x),"
                      " v.map((x) => typeof x).join(',')]; }")
    values, kinds = _ROW(stmt)
    return tuple(float(v) if k == "number" else _py(v)
                 for v, k in zip(values, str(kinds).split(",")))


def available() -> bool:
    """sql.js is loaded in this worker (the site's ``sqljs/`` files)."""
    try:
        _sql()
    except OperationalError:
        return False
    return True


def _error(exc: BaseException) -> DatabaseError:
    text = str(exc)
    if "constraint" in text.lower():
        return IntegrityError(text)
    return OperationalError(text)


def _py(value: Any) -> Any:
    if value is None or isinstance(value, (int, float, str)):
        return value
    if hasattr(value, "to_bytes"):   # a Uint8Array: a BLOB
        return value.to_bytes()
    return value


def _js(params: Sequence[Any]) -> Any:
    from pyodide.ffi import to_js  # type: ignore[import-not-found,unused-ignore]

    out = []
    for p in params:
        if isinstance(p, bool):
            p = int(p)
        elif isinstance(p, int) and abs(p) > 2 ** 53:
            if abs(p) >= 2 ** 63:
                raise OverflowError("Python int too large to convert to SQLite INTEGER")
            # sql.js binds a BigInt as a 64-bit INTEGER
            from js import BigInt  # type: ignore[import-not-found,unused-ignore]

            p = BigInt(str(p))
        elif not (p is None or isinstance(p, (int, float, str, bytes))):
            raise InterfaceError(f"cannot bind a {type(p).__name__}")
        out.append(p)
    global _NULLS
    if _NULLS is None:   # Pyodide turns None into undefined, which sql.js refuses to bind
        from pyodide.code import run_js  # type: ignore[import-not-found,unused-ignore]

        _NULLS = run_js("(a) => a.map((x) => x === undefined ? null : x)")
    return _NULLS(to_js(out))


_NULLS: Any = None


def connect(database: Any, timeout: float = 5.0, isolation_level: str | None = None,
            **options: Any) -> "Connection":
    """The database of ``database`` (a path, or ":memory:" for a new one each time)."""
    key = str(database)
    db = _DATABASES.get(key)
    if db is None or key == ":memory:":
        try:
            db = _sql().Database.new()
        except OperationalError:
            raise
        except Exception as exc:  # noqa: BLE001 - sql.js's own failure
            raise _error(exc) from None
        if key != ":memory:":
            _DATABASES[key] = db
        _OPEN[key] = False
    return Connection(key, db)


def forget(database: Any) -> None:
    """Drop the database kept for ``database`` (the archive removed: the next connect
    starts an empty one, as a deleted file would)."""
    db = _DATABASES.pop(str(database), None)
    if db is not None:
        db.close()


class Connection:
    def __init__(self, key: str, db: Any) -> None:
        self._key = key
        self._db = db
        self._closed = False

    @property
    def in_transaction(self) -> bool:
        return _OPEN.get(self._key, False)

    def _check(self) -> Any:
        if self._closed:
            raise ProgrammingError("Cannot operate on a closed database.")
        return self._db

    def _follow(self, sql: str) -> None:
        if _BEGIN.match(sql):
            _OPEN[self._key] = True
        elif _END.match(sql):
            _OPEN[self._key] = False

    def cursor(self) -> "Cursor":
        return Cursor(self)

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> "Cursor":
        return Cursor(self).execute(sql, parameters)

    def executemany(self, sql: str, seq: Iterable[Sequence[Any]]) -> "Cursor":
        return Cursor(self).executemany(sql, seq)

    def executescript(self, script: str) -> "Cursor":
        # the club's scripts hold no trigger: its statements end at each ";"
        for statement in script.split(";"):
            if statement.strip():
                Cursor(self).execute(statement)
        return Cursor(self)

    def commit(self) -> None:
        if self.in_transaction:
            self.execute("COMMIT")

    def rollback(self) -> None:
        if self.in_transaction:
            self.execute("ROLLBACK")

    def close(self) -> None:
        self._closed = True   # the database itself stays: the worker's cache

    def __enter__(self) -> "Connection":
        return self

    def __exit__(self, kind: Any, value: Any, tb: Any) -> None:
        if kind is None:
            self.commit()
        else:
            self.rollback()


@contextlib.contextmanager
def _prepared(db: Any, sql: str) -> Iterator[Any]:
    """sql.js's statement for ``sql``, freed after use; its errors (preparing it or stepping
    it) raised as the ``sqlite3`` module raises them, our own ``InterfaceError`` as it is."""
    try:
        stmt = db.prepare(sql)
    except Exception as exc:  # noqa: BLE001 - sql.js's error for the statement
        raise _error(exc) from None
    try:
        yield stmt
    except InterfaceError:
        raise
    except Exception as exc:  # noqa: BLE001
        raise _error(exc) from None
    finally:
        stmt.free()


class Cursor:
    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self._rows: list[tuple[Any, ...]] = []
        self.description: tuple[tuple[str, None, None, None, None, None, None], ...] | None = None
        self.rowcount = -1

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> "Cursor":
        db = self.connection._check()
        with _prepared(db, sql) as stmt:
            if parameters:
                stmt.bind(_js(list(parameters)))
            rows = []
            while stmt.step():
                rows.append(_row(stmt))
            names = list(stmt.getColumnNames())
        self.connection._follow(sql)
        self._rows = rows
        self.description = tuple((n, None, None, None, None, None, None) for n in names) \
            if names else None
        self.rowcount = int(db.getRowsModified()) if not names else -1
        return self

    def executemany(self, sql: str, seq: Iterable[Sequence[Any]]) -> "Cursor":
        db = self.connection._check()
        count = 0
        with _prepared(db, sql) as stmt:
            for parameters in seq:
                stmt.bind(_js(list(parameters)))
                while stmt.step():
                    pass
                stmt.reset()
                count += int(db.getRowsModified())
        self._rows = []
        self.rowcount = count
        return self

    def fetchone(self) -> tuple[Any, ...] | None:
        return self._rows.pop(0) if self._rows else None

    def fetchall(self) -> list[tuple[Any, ...]]:
        rows, self._rows = self._rows, []
        return rows

    def fetchmany(self, size: int = 1) -> list[tuple[Any, ...]]:
        rows, self._rows = self._rows[:size], self._rows[size:]
        return rows

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        while self._rows:
            yield self._rows.pop(0)

    def close(self) -> None:
        self._rows = []
