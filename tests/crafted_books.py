"""Workbooks crafted to walk around the import's bounds (issue 21, class 7).

Each starts from a real export (``samples/preferans-sochi.json``) and changes one
thing, built with :mod:`zipfile` here: one huge attribute, one huge text, one huge
comment, elements nested deep, a part of spaces that packs into kilobytes (a zip
bomb), many parts, and a zip directory holding far more records than it declares.
Every one is otherwise a workbook ``whistscore import`` accepted before the bound
existed (except the many parts, refused before too).  ``tests/test_excel_bounds.py``
imports them; ``benchmarks/crafted_books.py`` measures them at the sizes the review
used (a 127 MB attribute, 1,150,000 directory records).
"""

from __future__ import annotations

import io
import re
import struct
import zipfile
from pathlib import Path
from typing import Callable, Iterator

ROOT = Path(__file__).resolve().parent.parent
MB = 1024 * 1024


def exported_parts(folder: Path) -> tuple[dict[str, bytes], str]:
    """The parts of a real exported workbook, and the zip path of its game sheet."""
    from whistscore import excel, files

    book = folder / "source.xlsx"
    excel.export(files.load(ROOT / "samples" / "preferans-sochi.json"), book)
    with zipfile.ZipFile(book) as z:
        parts = {name: z.read(name) for name in z.namelist()}
    rid = re.search(rb'<sheet [^>]*name="whistscore"[^>]*r:id="(rId\d+)"', parts["xl/workbook.xml"])
    assert rid is not None
    rels = parts["xl/_rels/workbook.xml.rels"]
    target = re.search(rb'<Relationship[^>]*Id="' + rid.group(1) + rb'"[^>]*/>', rels)
    assert target is not None
    path = re.search(rb'Target="/?(?:xl/)?([^"]+)"', target.group(0))
    assert path is not None
    return parts, "xl/" + path.group(1).decode()


def _zip(parts: dict[str, bytes], streamed: dict[str, Callable[[], Iterator[bytes]]] | None = None
         ) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            if streamed and name in streamed:
                with z.open(name, "w", force_zip64=False) as out:  # packed as it is made
                    for chunk in streamed[name]():
                        out.write(chunk)
            else:
                z.writestr(name, data)
    return buffer.getvalue()


def _in_sheet(parts: dict[str, bytes], sheet: str, before: bytes, fill: bytes, size: int,
              after: bytes) -> bytes:
    """The workbook with ``before + fill * (size / len(fill)) + after`` at the start
    of the game sheet's cells (an element no reader looks at), packed as it is made."""
    head, tail = parts[sheet].split(b"<sheetData>", 1)

    def stream() -> Iterator[bytes]:
        yield head + b"<sheetData>" + before
        block = fill * (MB // len(fill))
        for _ in range(size // len(block)):
            yield block
        yield fill * ((size % len(block)) // len(fill))
        yield after + tail

    return _zip(parts, {sheet: stream})


def _many_directory_records(parts: dict[str, bytes], records: int) -> bytes:
    """The workbook whose zip directory holds ``records`` more records (of no name),
    while its end record still declares the real number of parts."""
    data = _zip(parts)
    eocd = data.rfind(b"PK\x05\x06")
    count, size, offset = struct.unpack("<HII", data[eocd + 10:eocd + 20])
    directory = data[offset:offset + size]
    # the first record without its name (46 bytes), repeated: zipfile reads each
    unnamed = directory[:28] + struct.pack("<HHH", 0, 0, 0) + directory[34:46]
    grown = unnamed * records + directory
    end = (data[eocd:eocd + 12] + struct.pack("<II", len(grown), offset)
           + data[eocd + 20:])
    return data[:offset] + grown + end


def _many_parts(parts: dict[str, bytes], count: int) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as z:
        for name, data in parts.items():
            z.writestr(name, data)
        for i in range(count):
            z.writestr(f"x/{i}", b"")
    return buffer.getvalue()


def crafted(folder: Path, attribute: int = 8 * MB, directory: int = 200_000,
            bomb: int = 100 * MB) -> list[tuple[str, bytes, str]]:
    """(what, the workbook's bytes, a piece of the one-line refusal)."""
    parts, sheet = exported_parts(folder)
    depth = 50_000  # under the element budget: only the depth bound refuses it
    return [
        (f"one attribute of {attribute // MB} MB",
         _in_sheet(parts, sheet, b'<extra a="', b"a", attribute, b'"/>'), "XML tag"),
        ("one text of 8 MB", _in_sheet(parts, sheet, b"<extra>", b"x", 8 * MB, b"</extra>"),
         "text longer"),
        ("one XML comment of 8 MB", _in_sheet(parts, sheet, b"<!--", b"c", 8 * MB, b"-->"),
         "XML tag or comment"),
        (f"elements nested {depth:,} deep",
         _in_sheet(parts, sheet, b"", b"<x>", depth * 3, b"</x>" * depth), "deep"),
        (f"a part of {bomb // MB} MB of spaces (a zip bomb)",
         _in_sheet(parts, sheet, b"", b" ", bomb, b""), "text longer"),
        ("1,001 parts", _many_parts(parts, 1001 - len(parts)), "parts"),
        (f"a zip directory of {directory:,} records declared as {len(parts)}",
         _many_directory_records(parts, directory), "zip directory"),
    ]
