"""The hidden backup sheet: the game file's exact text in the workbook, and reading it back.

The sheet ``whistscore`` (hidden, protected, the same name in every language)
holds a small header (layout version, encoding, length, SHA-256) and the text
in parts of 16,000 characters (at most 32,000 UTF-16 units, under Excel's
32,767 per cell), so a game of thousands of deals fits.  Only four parts of
the zip are read back (the workbook's sheet list, its relationships, the hidden
game sheet and the shared strings), through :mod:`whistscore.excel.reading`,
which bounds everything a crafted workbook could inflate.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import zipfile
from pathlib import Path
from typing import Union

from .. import files, journal
from ..errors import GameFileError, InputError
from . import formats
from .book import Sheet
from .reading import Budget, Damaged, Stop, attribute, local, open_zip, parse_part

__all__ = ["GAME_SHEET", "game_sheet", "import_text", "written_by_whistscore"]

#: the hidden sheet holding the game file (its name is the same in every language)
GAME_SHEET = "whistscore"
_MARKER = "whistscore game file"
_LAYOUT_VERSION = 1
#: code points per chunk of the game text: at most 32,000 UTF-16 units even if
#: every character is outside the BMP, under Excel's 32,767 per cell
_CHUNK = 16_000
#: the highest shared string the game sheet may use (whistscore writes none; a
#: spreadsheet program that re-saves the workbook moves all text there, about two
#: strings per deal)
MAX_SHARED_INDEX = 20_000
#: rows of the hidden sheet: the header and the parts of the longest game file
MAX_GAME_ROWS = 6 + (3 * journal.MAX_FILE_BYTES) // _CHUNK + 1

#: a cell of the hidden game sheet as read from its XML: (type, text)
_RawCell = tuple[str, Union[str, None]]
#: a value of the hidden game sheet as a spreadsheet program would give it
_GameValue = Union[str, int, None]


def game_sheet(game_text: str) -> Sheet:
    """The game file's exact text, in chunks; escaped only if XML cannot carry it raw."""
    sheet = Sheet(GAME_SHEET)
    sheet.hidden = True
    sheet.protected = True
    encoding = "raw"
    stored = game_text
    if formats.UNSAFE_XML.search(stored) or "\r" in stored:
        encoding = "json"
        stored = json.dumps(game_text, ensure_ascii=True)
    chunks = [stored[i:i + _CHUNK] for i in range(0, len(stored), _CHUNK)] or [""]
    digest = hashlib.sha256(game_text.encode("utf-8", "surrogatepass")).hexdigest()
    head: list[tuple[str, str | int]] = [
        ("marker", _MARKER), ("layout", _LAYOUT_VERSION), ("encoding", encoding),
        ("characters", len(game_text)), ("sha256", digest), ("chunks", len(chunks))]
    for r, (key, value) in enumerate(head, 1):
        sheet.put(r, 1, key)
        sheet.put(r, 2, value)
    for i, chunk in enumerate(chunks):
        sheet.put(len(head) + 1 + i, 1, f"part {i + 1}")
        sheet.put(len(head) + 1 + i, 2, chunk)  # text, even if it starts with "="
    return sheet


def _game_sheet_part(book: zipfile.ZipFile, budget: Budget) -> str | None:
    """The zip path of the sheet named GAME_SHEET (None: the workbook has none)."""
    found: dict[str, str | None] = {}

    def sheet(tag: str, attrs: dict[str, str]) -> None:
        if local(tag) == "sheet" and attrs.get("name") == GAME_SHEET:
            found["id"] = attribute(attrs, "id")
            raise Stop

    parse_part(book, "xl/workbook.xml", budget, sheet)
    if "id" not in found:
        return None
    targets = _relations(book, budget)
    sheet_id = found["id"]
    target = targets.get(sheet_id) if sheet_id is not None else None
    if target is None:
        raise Damaged(f"the sheet '{GAME_SHEET}' has no part")
    return target


def _relations(book: zipfile.ZipFile, budget: Budget) -> dict[str, str]:
    """The workbook's relationships: id -> zip path (and "sharedStrings" -> its path)."""
    import posixpath

    targets: dict[str, str] = {}

    def rel(tag: str, attrs: dict[str, str]) -> None:
        if local(tag) != "Relationship":
            return
        target = attrs.get("Target", "")
        path = target[1:] if target.startswith("/") else posixpath.normpath(
            posixpath.join("xl", target))
        targets[attrs.get("Id", "")] = path
        if attrs.get("Type", "").endswith("/sharedStrings"):
            targets["sharedStrings"] = path

    parse_part(book, "xl/_rels/workbook.xml.rels", budget, rel)
    return targets


def _column(ref: str | None) -> int | None:
    if not ref:
        return None
    letters = ref.rstrip("0123456789")
    col = 0
    for ch in letters.upper():
        if not "A" <= ch <= "Z":
            return None
        col = col * 26 + ord(ch) - 64
        if col > 16384:
            return None
    return col


def _sheet_cells(book: zipfile.ZipFile, part: str,
                 budget: Budget) -> list[list[_RawCell | None]]:
    """Columns A and B of each row of the game sheet, as (type, text) pairs."""
    rows: list[list[_RawCell | None]] = []
    col = 0  # the column of the cell being read
    cell: tuple[str, list[str]] | None = None  # its type and text so far (A or B only)
    inside: str | None = None  # the text element being read ("v" or "t")
    buf: list[str] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal col, cell, inside, buf
        name = local(tag)
        if name == "row":
            if len(rows) >= MAX_GAME_ROWS:
                raise Damaged(f"the game sheet has more than {MAX_GAME_ROWS:,} rows")
            rows.append([None, None])
            col = 0
        elif name == "c" and rows:
            found = _column(attrs.get("r"))
            col = found if found is not None else col + 1
            cell = (attrs.get("t", "n"), []) if col <= 2 else None
        elif name in ("v", "t") and cell is not None:
            inside = name
            buf = []

    def end(tag: str) -> None:
        nonlocal cell, inside
        name = local(tag)
        if name in ("v", "t") and inside == name and cell is not None:
            cell[1].append("".join(buf))
            inside = None
        elif name == "c" and cell is not None:
            kind, parts = cell
            rows[-1][col - 1] = (kind, "".join(parts) if parts else None)
            cell = None

    def text(data: str) -> None:
        if inside is not None:
            buf.append(data)

    parse_part(book, part, budget, start, end, text)
    return rows


def _shared_strings(book: zipfile.ZipFile, part: str, wanted: set[int],
                    budget: Budget) -> dict[int, str]:
    """Only the shared strings the game sheet uses; reading stops after the last."""
    out: dict[int, str] = {}
    last = max(wanted) if wanted else -1
    index = -1  # of the string being read
    in_t = False
    buf: list[str] | None = None  # its text so far, when it is wanted
    skip = 0  # depth inside phonetic readings

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal index, in_t, buf, skip
        name = local(tag)
        if name == "si":
            if index >= last:
                raise Stop
            index += 1
            buf = [] if index in wanted else None
        elif name == "rPh":  # a phonetic reading is not the cell's text
            skip += 1
        elif name == "t" and buf is not None and not skip:
            in_t = True

    def end(tag: str) -> None:
        nonlocal in_t, buf, skip
        name = local(tag)
        if name == "t":
            in_t = False
        elif name == "rPh":
            skip -= 1
        elif name == "si" and buf is not None:
            out[index] = "".join(buf)
            buf = None

    def text(data: str) -> None:
        if in_t and buf is not None:
            buf.append(data)

    if wanted:
        parse_part(book, part, budget, start, end, text)
    return out


def _cell_value(cell: _RawCell | None, strings: dict[int, str]) -> _GameValue:
    """A cell of the game sheet as openpyxl would give it: str, int, or None."""
    if cell is None:
        return None
    kind, raw = cell
    if raw is None:
        return None
    if kind == "s":
        return strings.get(int(raw))
    if kind in ("str", "inlineStr"):
        return raw
    if kind == "n":
        raw = raw.strip()
        if re.fullmatch(r"-?[0-9]{1,15}", raw):
            return int(raw)
        if re.fullmatch(r"-?[0-9]{1,15}\.0*", raw):
            return int(raw.split(".")[0])
        return raw  # not a whole number: the header check says the workbook is damaged
    return raw


def written_by_whistscore(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a workbook carrying a whistscore game sheet (export may
    replace it without --force); anything unreadable is simply not one, never an error."""
    try:
        book = open_zip(Path(path), "out")
        with book:
            return _game_sheet_part(book, Budget()) is not None
    except (Damaged, InputError):
        return False


def import_text(book_path: str | os.PathLike[str]) -> str:
    """The exact game file text an exported workbook carries.

    Refused with a :class:`GameFileError` naming the workbook: a file that is
    not a workbook, one without the hidden game sheet, and any workbook larger
    than the budgets above (checked from the zip's declared sizes first, then
    while reading), within a fraction of a second and in memory a small
    multiple of the game file.

    :raises InputError: ``book_path`` is no path, no such file, not a regular file, cannot
        be read, or is larger than :data:`MAX_BOOK_BYTES`.
    :raises GameFileError: the file is not a workbook, carries no game file, or its game
        file is damaged or of a newer whistscore.
    """
    name = files.check_path(book_path, "book")
    path = Path(name)

    def damaged(why: str) -> GameFileError:
        return GameFileError(f"not an Excel workbook, or a damaged one: {why}",
                             field="book", value=name)

    budget = Budget()
    try:
        book = open_zip(path, "book")
        with book:
            part = _game_sheet_part(book, budget)
            if part is None:
                raise GameFileError(f"the workbook carries no game file (no hidden sheet "
                                    f"'{GAME_SHEET}'; was it exported by whistscore?)",
                                    field="book", value=name)
            cells = _sheet_cells(book, part, budget)
            wanted: set[int] = set()
            for row in cells:
                for cell in row:
                    if cell is not None and cell[0] == "s" and cell[1] is not None:
                        if not re.fullmatch(r"[0-9]{1,9}", cell[1].strip()):
                            raise Damaged("a cell of the game sheet points at no text")
                        wanted.add(int(cell[1]))
            if wanted and max(wanted) > MAX_SHARED_INDEX:
                raise Damaged(f"the game sheet uses shared strings past the first "
                               f"{MAX_SHARED_INDEX:,}")
            strings = _shared_strings(book, _relations(book, budget).get(
                "sharedStrings", "xl/sharedStrings.xml"), wanted, budget) if wanted else {}
    except Damaged as exc:
        raise damaged(str(exc)) from None
    rows = [tuple(_cell_value(c, strings) for c in row) for row in cells]
    if not rows or rows[0][:2] != ("marker", _MARKER):
        raise GameFileError(f"the workbook carries no game file (the sheet '{GAME_SHEET}' "
                            "does not start with whistscore's marker)", field="book", value=name)
    return _decode(rows, path)


def _decode(rows: list[tuple[_GameValue, ...]], path: Path) -> str:
    def damaged(why: str) -> GameFileError:
        return GameFileError(f"the game file in the workbook is damaged: {why}",
                             field="book", value=str(path))

    head: dict[_GameValue, _GameValue] = {}
    for row in rows[:6]:
        if len(row) >= 2:
            head[row[0]] = row[1]
    layout = head.get("layout")
    if isinstance(layout, int) and layout > _LAYOUT_VERSION:
        raise GameFileError("the workbook was written by a newer whistscore: upgrade whistscore",
                            field="book", value=str(path))
    chunks = head.get("chunks")
    characters = head.get("characters")
    digest = head.get("sha256")
    encoding = head.get("encoding")
    if not (isinstance(chunks, int) and isinstance(characters, int) and isinstance(digest, str)
            and isinstance(encoding, str)):
        raise damaged("its header is missing or changed")
    if not 0 <= characters <= journal.MAX_FILE_BYTES or not 0 <= chunks <= MAX_GAME_ROWS:
        raise damaged("its header declares a game larger than whistscore reads")
    parts = rows[6:6 + chunks]
    if len(parts) != chunks:
        raise damaged(f"{chunks} parts expected, {len(parts)} found")
    stored = "".join("" if r[1] is None else str(r[1]) for r in parts)
    if encoding == "json":
        try:
            game_text = json.loads(stored)
        except (ValueError, RecursionError):
            raise damaged("the escaped text does not read back") from None
        if not isinstance(game_text, str):
            raise damaged("the escaped text is not text")
    elif encoding == "raw":
        game_text = stored
    else:
        raise damaged(f"unknown encoding {encoding[:40]!r}")
    if len(game_text) != characters:
        raise damaged(f"{characters} characters expected, {len(game_text)} found")
    if hashlib.sha256(game_text.encode("utf-8", "surrogatepass")).hexdigest() != digest:
        raise damaged("its checksum does not match (was the hidden sheet edited?)")
    return game_text
