"""The answer cache: what a read computed (the standings, the text the CLI prints for
them) kept for one generation of the archive, so that an archive that did not change is
read, not recomputed; a game kind's answers are kept over the generations that change
none of its games.

The functions taking the archive (``a``) are :class:`~whistscore.club.archive.Archive`'s
methods."""

from __future__ import annotations

import json
import sqlite3
from typing import TYPE_CHECKING, Any, Callable, Iterable

from . import schema
from .refresh import _dumps, _name_key

if TYPE_CHECKING:
    from . import Archive


def generation(a: Archive) -> int:
    """How many times the archive has changed: an answer is kept for one generation."""
    value = a._meta("generation")
    return int(value) if value else 0

def new_generation(a: Archive, changed: set[str] | None) -> None:
    """A new generation: every answer kept for the old one is stale, but those of a
    game kind not in ``changed`` (None: every kind changed), which are kept for the new
    one.  ``changed`` holds every kind whose games this refresh added, changed or
    removed (:meth:`_moved`), and it is given only when no seat of an earlier game
    changed its club player and no game its exclusion: a kind left out then has the
    same games, seats, results and ratings, the whole of what its answers are made of."""
    generation = a.generation()
    a._set_meta("generation", str(generation + 1))
    if changed is None:
        a.conn.execute("DELETE FROM answers")
        return
    a.conn.execute("DELETE FROM answers WHERE generation != ? OR substr(key, 1, ?) != ?",
                      (generation, len(_OF_KIND), _OF_KIND))
    for kind in changed:
        start = _of_kind(kind)
        a.conn.execute("DELETE FROM answers WHERE substr(key, 1, ?) = ?",
                          (len(start), start))
    a.conn.execute("UPDATE answers SET generation = ?", (generation + 1,))

def answer(a: Archive, key: str, compute: Callable[[], dict[str, Any]],
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
    generation = a.generation()
    row = a.conn.execute("SELECT value FROM answers WHERE key = ? AND generation = ?",
                            (key, generation)).fetchone()
    if row is not None:
        kept: dict[str, Any] = json.loads(row[0])
        return kept
    value = compute()
    a.conn.execute("PRAGMA busy_timeout = 0")
    try:
        a.conn.execute("INSERT OR REPLACE INTO answers (key, generation, value) "
                          "VALUES (?, ?, ?)", (key, generation, _dumps(value)))
    except sqlite3.OperationalError:
        pass
    finally:
        a.conn.execute(f"PRAGMA busy_timeout = {schema.BUSY_TIMEOUT}")
    return value

def skeletons(a: Archive, names: Iterable[str]) -> dict[str, str]:
    """Each of ``names``' look-alike skeleton (:func:`whistscore.club.lookalike.skeleton`),
    kept in ``meta`` once worked out.  The table of confusables costs a library import and
    about 50 ms to set up, and the look-alike check runs whenever a game changed: kept
    here, tonight's evening of the club's usual players loads none of it, and only a new
    name is worked out.  A skeleton depends on the name and Unicode's data alone; the
    kept ones are dropped when another whistscore reads the archive (:func:`forget_skeletons`),
    which may ship other data.  Kept as answers are: a reader that cannot write at once
    just does not keep them."""
    wanted = list(dict.fromkeys(names))
    kept = {key[len(_SKELETON):]: value for key, value in a.conn.execute(
        "SELECT key, value FROM meta WHERE substr(key, 1, ?) = ?",
        (len(_SKELETON), _SKELETON))}
    missing = [name for name in wanted if name not in kept]
    if missing:
        from ..lookalike import skeleton

        new = {name: skeleton(name) for name in missing}
        kept.update(new)
        a.conn.execute("PRAGMA busy_timeout = 0")
        try:
            a.conn.executemany("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                               [(_SKELETON + name, value) for name, value in new.items()])
        except sqlite3.OperationalError:
            pass
        finally:
            a.conn.execute(f"PRAGMA busy_timeout = {schema.BUSY_TIMEOUT}")
    return {name: kept[name] for name in wanted}

def forget_skeletons(a: Archive) -> None:
    """Drop the kept skeletons (:func:`skeletons`): another whistscore reads the archive."""
    a.conn.execute("DELETE FROM meta WHERE substr(key, 1, ?) = ?", (len(_SKELETON), _SKELETON))

def text(a: Archive, answer: dict[str, Any], render: Callable[[], str], lang: str = "en",
         kind: str | None = None) -> str:
    """``render()``, the text the CLI prints for ``answer`` in ``lang``, or the same text
    kept from an earlier read: the key is the whole answer and the language, so the text
    is the one ``render`` gives for them, and printing the standings of an archive that
    did not change loads neither the table library nor a game.  ``kind``: the text is of
    that game kind's answer alone, kept over the changes of other kinds (:func:`answer`)."""
    return str(a.answer(f"text:{lang}:" + _dumps(answer),
                           lambda: {"text": render()}, kind)["text"])

def game_names(a: Archive, lang: str = "en") -> dict[str, str]:
    """Each game kind's short name in ``lang``, as the game said it when its first file
    was indexed: the text of the standings names the games without loading them.  (An
    archive of an older whistscore kept only the English names: a kind missing here is
    named by its game, loaded then.)"""
    start = _name_key("", lang)
    return {key[len(start):]: value for key, value in a.conn.execute(
        "SELECT key, value FROM meta WHERE substr(key, 1, ?) = ?", (len(start), start))
        if "." not in key[len(start):]}


#: the start of the ``meta`` key of a name's look-alike skeleton (:func:`skeletons`)
_SKELETON = "skeleton:"
#: the start of the key of every answer of one game kind (:meth:`Archive.answer`)
_OF_KIND = "kind:"


def _of_kind(kind: str) -> str:
    """The start of the keys of ``kind``'s answers (the kind as JSON: no kind's start is
    another's)."""
    return f"{_OF_KIND}{_dumps(kind)}:"

