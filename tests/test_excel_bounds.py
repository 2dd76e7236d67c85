"""Workbook import bounds that a crafted workbook cannot walk around (issue 21, class 7).

A hostile review sent a 145 KB workbook holding one 127 MB attribute (82 s, 438 MB,
then accepted: expat re-reads an unfinished token with every chunk) and one whose zip
directory held 1,150,000 records behind a declared count of 24 (5 s, 609 MB). Each
workbook of ``crafted_books.py`` is refused here with a one-line message, having
unpacked and held little: the behaviour is asserted (what was read, what was held),
never the clock; ``benchmarks/crafted_books.py`` measures time and memory at the
review's sizes.  ``export`` reads a workbook it would replace with the same reader.
That the bounds leave room for real workbooks (16,000-character parts, JSON-escaped
text, a 1,200-deal game) is the round trips of ``test_excel.py``.
"""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

import crafted_books
from clirun import run
from whistscore import excel
from whistscore.errors import GameFileError
from whistscore.excel import backup, reading

CASES = 7


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, Path, str]]:
    folder = tmp_path_factory.mktemp("bounds")
    out = []
    for i, (what, data, expect) in enumerate(crafted_books.crafted(folder)):
        path = folder / f"crafted{i}.xlsx"
        path.write_bytes(data)
        out.append((what, path, expect))
    return out


class _Counted(reading.Budget):
    """A budget that remembers itself, to say how much a refusal had unpacked."""

    made: list["_Counted"] = []

    def __init__(self) -> None:
        super().__init__()
        _Counted.made.append(self)


@pytest.mark.parametrize("index", range(CASES))
def test_crafted_workbook_is_refused_having_read_little(index, books, monkeypatch):
    assert len(books) == CASES
    what, path, expect = books[index]
    _Counted.made.clear()
    monkeypatch.setattr(backup, "Budget", _Counted)
    tracemalloc.start()
    try:
        with pytest.raises(GameFileError) as refused:
            excel.import_text(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    message = str(refused.value)
    assert expect in message, (what, message)
    assert "\n" not in message and len(message) < 400, (what, message)
    unpacked = sum(b.bytes for b in _Counted.made)
    # refused within the first few chunks past the bound (a token of at most 1 MB, a text
    # of 32,767 characters), not after unpacking the rest (8 MB to 100 MB)
    assert unpacked <= reading.MAX_TOKEN_BYTES + 4 * 65536, (what, unpacked)
    # what was held: the file itself (read whole, at most MAX_BOOK_BYTES) and a few MB more
    # (before: 438 MB for the attribute, 609 MB for the directory)
    assert peak < 2 * path.stat().st_size + 16 * crafted_books.MB, (what, peak)


@pytest.mark.parametrize("index", range(CASES))
def test_crafted_workbook_is_refused_by_the_command_line(index, books, tmp_path):
    what, path, expect = books[index]
    target = tmp_path / "game.json"
    status, out, err = run(["import", path, target])
    assert status == 1, (what, status, err)
    assert expect in err and len(err.strip().splitlines()) == 1, (what, err)
    assert "Traceback" not in err
    assert not target.exists()


def test_export_reads_the_workbook_it_would_replace_with_the_same_bounds(books, tmp_path,
                                                                        monkeypatch):
    """``export`` asks whether the file in the way is a workbook it wrote (its sheet list):
    through the same reader, so the crafted zips are not (refused without --force, the
    file untouched; with --force replaced), and nothing is unpacked past a bound."""
    monkeypatch.setattr(backup, "Budget", _Counted)
    for what, path, _ in books:
        _Counted.made.clear()
        tracemalloc.start()
        try:
            ours = excel.written_by_whistscore(path)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        assert sum(b.bytes for b in _Counted.made) <= reading.MAX_TOKEN_BYTES, what
        assert peak < 2 * path.stat().st_size + 16 * crafted_books.MB, (what, peak)
        assert ours == ("directory" not in what and "parts" not in what), what
    game = crafted_books.ROOT / "samples" / "preferans-sochi.json"
    what, path, _ = books[-1]  # the directory of 200,000 records
    before = path.read_bytes()
    status, out, err = run(["export", game, path])
    assert status == 1, err
    assert "not a workbook whistscore wrote" in err and len(err.strip().splitlines()) == 1
    assert path.read_bytes() == before
    status, out, err = run(["export", game, path, "--force"])
    assert status == 0, err
    assert excel.written_by_whistscore(path)
