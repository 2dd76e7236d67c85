"""The phone's games kept safe: delete with undo, one backup file, restore, import, links.

Pure folder work under the games folder the worker mounts on the browser's storage
(``/games``), so it runs and is tested under CPython as it runs in Pyodide.  Nothing
here writes a word for a person: a refusal is an :class:`InputError` whose ``key``
names its sentence (``pocket.*`` in web/words.py, read by :mod:`.pages`).

* **Delete** moves ``NAME.json`` into ``.deleted/`` (a folder the games list never
  reads), under a name that says when; **undo** moves it back (beside a game of the same
  name that appeared since, never over it).  A deleted game is kept :data:`KEEP_DELETED`
  seconds, then the next delete or listing removes it.
* **Backup** is one zip of every game file, byte for byte, at the zip's top: unzipped it is
  a club folder ``whistscore club`` reads.  **Restore** takes such a zip (or any zip of game
  files), checks every file as ``whistscore check`` does before storing any, and skips a
  file that is here already, byte for byte (a backup restored twice is the same games).
* **A link** carries a game file compressed (raw deflate, base64url) in the address's
  fragment; :func:`unpack` bounds both the link and what it inflates to.
* **Adopt** stores a game file that came by import or link: the same bytes already here
  are that game, not a second one; so is a file whose deals (by their ids, with the same
  game and players) a game here already holds, with maybe more.  A file that holds every
  deal of a game here and more is that evening gone on elsewhere ("continue here" on
  another phone, handed back): it takes the game's name, and the shorter one goes among
  the deleted games (undo brings it back).  So one evening is one game, and the club
  counts it once.
"""

from __future__ import annotations

import base64
import io
import os
import re
import time
import zipfile
import zlib
from pathlib import Path

from .. import journal
from ..errors import MAX_FILE_BYTES, InputError

__all__ = ["KEEP_DELETED", "MAX_LINK", "adopt", "backup", "delete", "deleted", "pack",
           "restore", "same", "stored", "undo", "unpack"]

#: how long a deleted game can be brought back (seconds): a week
KEEP_DELETED = 7 * 24 * 3600
#: the longest link data taken (characters): far above one QR code's 2953 bytes, far
#: below what would make inflating it long work
MAX_LINK = 64 * 1024
#: a backup's bounds: its size, its number of files, the bytes it may inflate to
MAX_ZIP = 64 * 1024 * 1024
MAX_ZIP_FILES = 5000
MAX_ZIP_TOTAL = 256 * 1024 * 1024
TRASH = ".deleted"
_NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}")
_ENTRY = re.compile(r"(\d{1,15})-([A-Za-z0-9_-][A-Za-z0-9._-]{0,99})\.json")


def _games(root: Path) -> list[Path]:
    """The game files of the folder, as the games list reads them (club.json is none)."""
    return sorted((p for p in root.glob("*.json")
                   if p.is_file() and not p.is_symlink() and p.name != "club.json"
                   and _NAME.fullmatch(p.name[:-5])), key=lambda p: p.name.casefold())


def _free_name(root: Path, stem: str) -> str:
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", stem).lstrip(".-")[:90] or "game"
    name, n = stem, 2
    while (root / f"{name}.json").exists():
        name, n = f"{stem}-{n}", n + 1
    return name


def same(root: Path, data: bytes) -> str | None:
    """The game here whose file is ``data`` byte for byte, if any."""
    for p in _games(root):
        if p.stat().st_size == len(data) and p.read_bytes() == data:
            return p.name[:-5]
    return None


def _check(text: str, what: str | None = None) -> None:
    """``text`` is a game file ``whistscore`` reads: the journal's own refusal if not, or,
    for a file ``what`` of a zip, one that names that file (the journal's behind it)."""
    try:
        journal.loads(text)
    except InputError as exc:
        if what is None:
            raise
        raise InputError(f"{what}: {exc}", field="file", value=what, key="pocket.zip_bad_file",
                         args=(what,)) from None


def adopt(root: str | os.PathLike[str], stem: str, data: bytes) -> tuple[str, bool]:
    """Store a game file that came from elsewhere; ``(its name, was it here already)``.

    The same bytes already stored are that game (a link opened twice, a file imported
    twice); anything else gets a new name (``stem``, made a valid one, ``-2``…): an
    import never replaces a game.
    """
    folder = Path(root)
    if len(data) > MAX_FILE_BYTES:
        raise InputError(f"a game file is at most {MAX_FILE_BYTES // (1024 * 1024)} MB",
                         field="file", value=f"{len(data)} bytes", key="file.large",
                         args=(MAX_FILE_BYTES // (1024 * 1024),))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"a game file is UTF-8 text ({exc.reason})", field="file",
                         value=stem, key="pocket.not_text") from None
    _check(text)
    here = same(folder, data)
    if here is not None:
        return here, True
    older, newer = _same_evening(folder, text)
    if older is not None:   # this phone has the evening with these deals and more
        return older, True
    if newer is not None:   # the evening went on elsewhere: the longer one takes its place
        delete(folder, newer)   # and the shorter is kept among the deleted (undo)
        name = newer
    else:
        name = _free_name(folder, stem[:-5] if stem.lower().endswith(".json") else stem)
    from .. import recording  # the one writer of a game file

    recording.restore(folder / f"{name}.json", recording.Restore(text, scored=False))
    return name, False


def _evening(text: str) -> tuple[str, tuple[str, ...], tuple[str, ...]] | None:
    """(game, players, deal ids) of a game file whose every deal has an id, else None:
    what says two files are one evening, whatever else differs (a note, an end)."""
    import json

    try:
        data = json.loads(text)
        ids = tuple(d["id"] for d in data["deals"])
        if not ids or not all(isinstance(i, str) for i in ids):
            return None
        return str(data["game"]), tuple(data["players"]), ids
    except (ValueError, KeyError, TypeError):
        return None


def _same_evening(folder: Path, text: str) -> tuple[str | None, str | None]:
    """(a game here that holds every deal of ``text`` and maybe more, a game here whose
    deals ``text`` holds and more): the same evening by its deals' ids."""
    mine = _evening(text)
    if mine is None:
        return None, None
    longer = shorter = None
    for p in _games(folder):
        try:
            theirs = _evening(p.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            continue
        if theirs is None or theirs[:2] != mine[:2]:
            continue
        if theirs[2][:len(mine[2])] == mine[2]:
            longer = longer or p.name[:-5]
        elif mine[2][:len(theirs[2])] == theirs[2]:
            shorter = shorter or p.name[:-5]
    return longer, shorter


def stored(root: str | os.PathLike[str]) -> list[tuple[str, int]]:
    """Every game file here with its size in bytes."""
    return [(p.name[:-5], p.stat().st_size) for p in _games(Path(root))]


# -- delete, with undo for a while --------------------------------------------------------
def delete(root: str | os.PathLike[str], name: str, now: float | None = None) -> str:
    """Move game ``name`` aside; the entry that :func:`undo` takes back."""
    folder = Path(root)
    if not _NAME.fullmatch(name) or not (folder / f"{name}.json").is_file():
        raise InputError("no game of that name", field="name", value=name, key="pocket.no_game")
    moment = time.time() if now is None else now
    trash = folder / TRASH
    trash.mkdir(exist_ok=True)
    entry = f"{int(moment * 1000)}-{name}.json"
    os.replace(folder / f"{name}.json", trash / entry)
    deleted(folder, moment)  # and forget what is older than KEEP_DELETED
    return entry


def deleted(root: str | os.PathLike[str], now: float | None = None) -> list[tuple[str, str, float]]:
    """The deleted games still kept, newest first: ``(entry, name, when)``; older ones go."""
    trash = Path(root) / TRASH
    moment = time.time() if now is None else now
    out = []
    for p in trash.glob("*.json") if trash.is_dir() else ():
        m = _ENTRY.fullmatch(p.name)
        if not m:
            continue
        when = int(m.group(1)) / 1000
        if moment - when > KEEP_DELETED:
            p.unlink(missing_ok=True)
        else:
            out.append((p.name, m.group(2), when))
    return sorted(out, key=lambda e: -e[2])


def undo(root: str | os.PathLike[str], entry: str) -> str:
    """Bring a deleted game back; its name (``-2``… if its name was taken since)."""
    folder = Path(root)
    m = _ENTRY.fullmatch(entry)
    if not m or not (folder / TRASH / entry).is_file():
        raise InputError("that game is no longer kept", field="entry", value=entry,
                         key="pocket.gone")
    name = _free_name(folder, m.group(2))
    os.replace(folder / TRASH / entry, folder / f"{name}.json")
    return name


# -- backup and restore -------------------------------------------------------------------
_STAMP = (2000, 1, 1, 0, 0, 0)


def backup(root: str | os.PathLike[str]) -> bytes:
    """Every game file in one zip, at its top, byte for byte: a club folder once unzipped."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for p in _games(Path(root)):
            info = zipfile.ZipInfo(p.name, _STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, p.read_bytes())
    return out.getvalue()


def restore(root: str | os.PathLike[str], data: bytes) -> list[tuple[str, str, bool]]:
    """The games of a backup zip stored here: ``(file in the zip, name here, was here)``.

    Every game file of the zip (``*.json`` but ``club.json``, at any depth) is checked
    before any is stored: one that is no game file refuses the whole zip, nothing stored.
    """
    folder = Path(root)
    if len(data) > MAX_ZIP:
        raise InputError(f"a backup is at most {MAX_ZIP // (1024 * 1024)} MB", field="file",
                         value=f"{len(data)} bytes", key="pocket.zip_large")
    try:
        z = zipfile.ZipFile(io.BytesIO(data))
        members = [i for i in z.infolist() if not i.is_dir()
                   and i.filename.lower().endswith(".json")
                   and i.filename.rsplit("/", 1)[-1] != "club.json"
                   and not i.filename.rsplit("/", 1)[-1].startswith(".")]
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise InputError(f"not a zip file ({exc})", field="file", key="pocket.not_zip") from None
    if not members:
        raise InputError("the zip holds no game file", field="file", key="pocket.zip_empty")
    if len(members) > MAX_ZIP_FILES or sum(i.file_size for i in members) > MAX_ZIP_TOTAL:
        raise InputError("the zip holds too much", field="file", key="pocket.zip_large")
    found: list[tuple[str, bytes]] = []
    for info in sorted(members, key=lambda i: i.filename):
        if info.file_size > MAX_FILE_BYTES:
            raise InputError("a game file is too large", field="file", value=info.filename,
                             key="pocket.zip_large")
        try:
            raw = z.read(info)
        except (zipfile.BadZipFile, OSError, ValueError, zlib.error) as exc:
            raise InputError(f"not a zip file ({exc})", field="file",
                             key="pocket.not_zip") from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError("a game file is UTF-8 text", field="file", value=info.filename,
                             key="pocket.not_text") from None
        _check(text, info.filename)
        found.append((info.filename, raw))
    out = []
    for filename, raw in found:
        stem = filename.rsplit("/", 1)[-1][:-5]
        name, was = adopt(folder, stem, raw)
        out.append((filename, name, was))
    return out


# -- a game as a link ---------------------------------------------------------------------
def pack(data: bytes) -> str:
    """A game file as link data: raw deflate (level 9), base64url without padding."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    return base64.urlsafe_b64encode(c.compress(data) + c.flush()).rstrip(b"=").decode("ascii")


def unpack(text: str) -> bytes:
    """The game file a link carries; bounded in the link's length and in what it inflates
    to (a small link cannot make the phone inflate gigabytes)."""
    if len(text) > MAX_LINK or not re.fullmatch(r"[A-Za-z0-9_-]*", text):
        raise InputError("not a game's link", field="link", value=text[:40],
                         key="pocket.bad_link")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        d = zlib.decompressobj(-15)
        out = d.decompress(raw, MAX_FILE_BYTES + 1)
    except (ValueError, zlib.error):
        raise InputError("not a game's link", field="link", value=text[:40],
                         key="pocket.bad_link") from None
    if len(out) > MAX_FILE_BYTES or not d.eof:
        raise InputError("not a game's link", field="link", value=text[:40],
                         key="pocket.bad_link")
    return out
