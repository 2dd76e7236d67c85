"""Reading a workbook someone hands us: its zip and its XML, every part bounded.

A workbook comes from outside (an e-mail, a shared folder), so nothing it
declares is believed: the zip's directory is measured and its records counted
before :mod:`zipfile` reads it (a directory of a million records behind a
declared count of 24 made :mod:`zipfile` build a million entries), each part is
unpacked in 64 KB chunks against a size budget, and the XML goes through expat
with no DTD (so no entity expansion, no external entity), a bounded depth, a
bounded number of elements, no text longer than a cell can hold, and no token
(a tag with its attributes, a name, a comment) longer than :data:`MAX_TOKEN_BYTES`:
expat re-reads an unfinished token from its start with every chunk, so one
127 MB attribute cost 82 s; it is now refused after about a megabyte.
openpyxl is not used here: it would load a million empty rows if asked.
"""

from __future__ import annotations

import io
import os
import struct
import zipfile
from pathlib import Path
from typing import Callable, NoReturn

import pyexpat

from .. import files, journal
from ..errors import InputError

#: the largest workbook file read
MAX_BOOK_BYTES = journal.MAX_FILE_BYTES
#: the most one part of the zip may hold uncompressed, and all parts read together
MAX_PART_BYTES = 2 * journal.MAX_FILE_BYTES
MAX_TOTAL_BYTES = 3 * journal.MAX_FILE_BYTES
#: the most entries the zip may list (whistscore writes about 20, a spreadsheet
#: program that re-saves the workbook a few more)
MAX_ENTRIES = 1000
#: the most bytes the zip's directory may take (a record is 46 bytes and its names)
MAX_DIRECTORY_BYTES = 1024 * 1024
#: XML elements read in all (each costs a few microseconds: the budget keeps a
#: refusal under a second): the game sheet of the largest game file has about
#: 25,000 (ASCII-escaped text, 3 times as long, about 60,000); a workbook re-saved
#: by a spreadsheet program adds two per shared string
MAX_ELEMENTS = 100_000
#: how deep elements may nest (a cell's text is 6 deep)
MAX_DEPTH = 64
#: the longest text between two tags, in characters: what a cell can hold
MAX_TEXT_CHARS = 32_767
#: the longest tag (with its attributes), name or comment, in bytes
MAX_TOKEN_BYTES = 1024 * 1024
_CHUNK_BYTES = 1 << 16


class Damaged(Exception):
    """Inside the reader: why the workbook cannot be read (one sentence)."""


class Stop(Exception):
    """Raised by a handler: everything needed from a part has been read."""


class Budget:
    """What has been read so far of one workbook: bytes unpacked and XML elements."""

    def __init__(self) -> None:
        self.bytes = 0
        self.elements = 0

    def count(self) -> None:
        self.elements += 1
        if self.elements > MAX_ELEMENTS:
            raise Damaged(f"it holds more than {MAX_ELEMENTS:,} XML elements, far more than "
                          "a whistscore workbook")


def _check_directory(data: bytes) -> None:
    """Measure the zip's directory and count its records before :mod:`zipfile` reads it."""
    eocd = data.rfind(b"PK\x05\x06", max(0, len(data) - (65535 + 22)))
    if eocd < 0 or eocd + 22 > len(data):
        raise Damaged("it is not a zip archive (an .xlsx workbook is one)")
    declared: int
    size: int
    declared, size = struct.unpack("<HI", data[eocd + 10:eocd + 16])
    end = eocd
    locator = eocd - 20
    if locator >= 0 and data[locator:locator + 4] == b"PK\x06\x07":  # a zip64 directory
        record = locator - 56
        if record < 0 or data[record:record + 4] != b"PK\x06\x06":
            raise Damaged("its zip64 directory record is missing")
        declared, size = struct.unpack("<QQ", data[record + 32:record + 48])
        end = record
    if declared > MAX_ENTRIES:
        raise Damaged(f"its zip lists {declared:,} parts, more than a whistscore workbook has")
    if size > MAX_DIRECTORY_BYTES:
        raise Damaged(f"its zip directory takes {size:,} bytes, more than "
                      f"{MAX_DIRECTORY_BYTES:,} (a whistscore workbook needs a few kB)")
    at = end - size
    if at < 0:
        raise Damaged("its zip directory starts before the file")
    records = 0
    while at < end:
        if data[at:at + 4] != b"PK\x01\x02" or at + 46 > end:
            raise Damaged("its zip directory is damaged")
        name, extra, comment = struct.unpack("<HHH", data[at + 28:at + 34])
        at += 46 + name + extra + comment
        records += 1
        if records > MAX_ENTRIES:
            raise Damaged(f"its zip directory holds more than {MAX_ENTRIES:,} parts, more than "
                          "a whistscore workbook has")
    if records != declared:
        raise Damaged(f"its zip directory holds {records:,} parts but declares {declared:,}")


def open_zip(path: Path, field: str) -> zipfile.ZipFile:
    """The workbook at ``path`` as a zip, its size and directory checked first.

    :raises InputError: ``path`` cannot be read or is larger than :data:`MAX_BOOK_BYTES`.
    :raises Damaged: it is not a zip, or its directory is larger than a workbook's.
    """
    data = files.read_bytes(path, field=field, what="workbook", limit=MAX_BOOK_BYTES)
    _check_directory(data)
    try:
        return zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, OSError, EOFError, NotImplementedError) as exc:
        raise Damaged(f"its zip cannot be read ({exc})") from None


def is_workbook(path: str | os.PathLike[str], field: str = "out") -> bool:
    """Whether ``path`` is a plain file that is a workbook: a zip (its first bytes are a
    zip's local header) naming ``[Content_Types].xml`` and ``xl/workbook.xml``, the two
    parts every .xlsx has.  An export asks this before it replaces a file even with
    --force: a game file, a letter or a link is never turned into a workbook.  The file
    is read without following a link (a link is no workbook here), at most
    :data:`MAX_BOOK_BYTES`; anything unreadable is simply not one."""
    try:
        data = files.read_bytes(path, field=field, what="workbook", limit=MAX_BOOK_BYTES,
                                follow=False)
    except InputError:
        return False
    return data[:4] == b"PK\x03\x04" and b"[Content_Types].xml" in data \
        and b"xl/workbook.xml" in data


def _no_dtd(*_args: object) -> NoReturn:
    raise Damaged("it holds an XML document type declaration (a DTD); whistscore never "
                  "writes one")


def parse_part(book: zipfile.ZipFile, name: str, budget: Budget,
               start: Callable[[str, dict[str, str]], None],
               end: Callable[[str], None] | None = None,
               text: Callable[[str], None] | None = None) -> None:
    """Stream the part ``name`` through expat with the handlers given, every bound
    above checked as it goes (a handler may raise :class:`Stop` to end early).

    :raises Damaged: the part is missing, too large, not well-formed, or beyond a bound.
    """
    try:
        info = book.getinfo(name)
    except KeyError:
        raise Damaged(f"the part {name} is missing") from None
    if info.file_size > MAX_PART_BYTES or budget.bytes + info.file_size > MAX_TOTAL_BYTES:
        raise Damaged(f"the part {name} declares {info.file_size:,} bytes, more than "
                      "whistscore reads")
    parser = pyexpat.ParserCreate()
    parser.buffer_text = True
    parser.StartDoctypeDeclHandler = _no_dtd
    parser.EntityDeclHandler = _no_dtd
    parser.ExternalEntityRefHandler = _no_dtd
    depth = 0
    run = 0  # characters of text since the last tag

    def on_start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal depth, run
        depth += 1
        run = 0
        if depth > MAX_DEPTH:
            raise Damaged(f"the part {name} nests elements more than {MAX_DEPTH} deep")
        budget.count()
        start(tag, attrs)

    def on_end(tag: str) -> None:
        nonlocal depth, run
        depth -= 1
        run = 0
        if end is not None:
            end(tag)

    def on_text(data: str) -> None:
        nonlocal run
        run += len(data)
        if run > MAX_TEXT_CHARS:
            raise Damaged(f"the part {name} holds a text longer than {MAX_TEXT_CHARS:,} "
                          "characters, more than a cell holds")
        if text is not None:
            text(data)

    def on_other(*_args: object) -> None:  # a comment or a processing instruction
        budget.count()

    parser.StartElementHandler = on_start
    parser.EndElementHandler = on_end
    parser.CharacterDataHandler = on_text
    parser.CommentHandler = on_other
    parser.ProcessingInstructionHandler = on_other
    fed = 0
    try:
        with book.open(info) as stream:
            while True:
                chunk = stream.read(_CHUNK_BYTES)
                if not chunk:
                    break
                fed += len(chunk)
                budget.bytes += len(chunk)
                if budget.bytes > MAX_TOTAL_BYTES or fed > MAX_PART_BYTES:
                    raise Damaged(f"the part {name} is larger than whistscore reads")
                parser.Parse(chunk, False)
                # expat keeps an unfinished token and reads it again with the next
                # chunk: the distance to its last event is that token's length so far
                if fed - max(parser.CurrentByteIndex, 0) > MAX_TOKEN_BYTES:
                    raise Damaged(f"the part {name} holds an XML tag or comment longer than "
                                  f"{MAX_TOKEN_BYTES:,} bytes")
            parser.Parse(b"", True)
    except Stop:
        return
    except pyexpat.ExpatError as exc:
        raise Damaged(f"the part {name} is not well-formed XML ({exc})") from None
    except (zipfile.BadZipFile, OSError, EOFError, NotImplementedError, RuntimeError,
            ValueError) as exc:
        raise Damaged(f"the part {name} cannot be unpacked ({exc})") from None


def local(tag: str) -> str:
    """An element's name without its namespace prefix."""
    return tag.rsplit(":", 1)[-1]


def attribute(attrs: dict[str, str], name: str) -> str | None:
    """The attribute ``name`` in any namespace (``r:id``)."""
    for key, value in attrs.items():
        if key == name or key.endswith(":" + name):
            return value
    return None
