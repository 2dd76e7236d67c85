"""Tonight's evening in a big club (club.md "Speed": one new file re-indexed and the
standings printed at most twice its ``settle --json``): what a new file of the club's usual
players leaves alone, it does not work out again, and what it shows is what a fresh
archive shows."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import whistscore

ROOT = Path(__file__).resolve().parent.parent


def _evening(folder: Path, day: str, players: list[str], kind: str = "preferans") -> None:
    deal = {"preferans": "pass 4/2/4", "whist": "NS 8"}[kind]
    g = whistscore.new(kind, players)
    g = g.add(deal, at=f"2026-10-{day}T20:00:00+02:00").end(f"2026-10-{day}T23:00:00+02:00")
    g.save(folder / f"2026-10-{day}-{kind}.json")


def _club(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    code = ("import sys, runpy; sys.argv = ['whistscore', 'club', *sys.argv[1:]]; "
            "from whistscore.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('LOADED', sorted(m for m in ('confusable_homoglyphs', 'tabulate', 'orjson') "
            "if m in sys.modules), file=sys.stderr)")
    return subprocess.run([sys.executable, "-c", code, str(folder), *args],
                          capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def _loaded(done: subprocess.CompletedProcess[str]) -> str:
    return done.stderr.strip().splitlines()[-1]


def test_a_new_evening_of_known_names_loads_no_table_of_confusables(tmp_path):
    """The look-alike check (issue 32) runs when a game changed; each name's skeleton is
    kept in the archive, so the table of confusables (a library import and ~50 ms) is
    loaded only for a name never seen; the warning is the same either way."""
    _evening(tmp_path, "02", ["Anna", "Boris", "Vera"])
    _evening(tmp_path, "09", ["\u0410nna", "Boris", "Gleb"])  # a Cyrillic «А»
    first = _club(tmp_path)
    assert "confusable_homoglyphs" in _loaded(first)
    assert "orjson" not in _loaded(first)  # two files: the standard library's encoder
    assert "--alias" in first.stderr, first.stderr
    _evening(tmp_path, "16", ["Anna", "Boris", "Vera"])  # tonight: every name known
    again = _club(tmp_path)
    assert "confusable_homoglyphs" not in _loaded(again)
    assert "orjson" not in _loaded(again)
    assert again.stderr.splitlines()[:-1] == first.stderr.splitlines()[:-1]
    _evening(tmp_path, "23", ["Anna", "Boris", "Dasha"])  # a new name: worked out
    assert "confusable_homoglyphs" in _loaded(_club(tmp_path))
    # the kept skeletons are the library's own
    from whistscore.club.lookalike import skeleton

    club = whistscore.club(tmp_path)
    names = ["Anna", "\u0410nna", "Boris", "Vera", "Gleb", "Dasha"]
    assert club.archive.skeletons(names) == {n: skeleton(n) for n in names}
    club.close()


def test_another_whistscore_works_the_skeletons_out_again(tmp_path):
    """A skeleton depends on Unicode's data, which another whistscore may ship otherwise:
    the kept ones are dropped when the archive is read by another version."""
    import sqlite3

    _evening(tmp_path, "02", ["Anna", "Boris", "Vera"])
    _club(tmp_path)
    conn = sqlite3.connect(tmp_path / "club.sqlite")
    kept = conn.execute("SELECT count(*) FROM meta WHERE key LIKE 'skeleton:%'").fetchone()
    assert kept == (3,)
    conn.execute("UPDATE meta SET value = 'skeleton:Anna' WHERE key = 'skeleton:Anna'")
    conn.execute("UPDATE meta SET value = '0.0.1' WHERE key = 'checked_with'")
    conn.commit()
    conn.close()
    assert "confusable_homoglyphs" in _loaded(_club(tmp_path))
    conn = sqlite3.connect(tmp_path / "club.sqlite")
    assert conn.execute("SELECT value FROM meta WHERE key = 'skeleton:Anna'").fetchone() \
        == ("Anna",)
    conn.close()


def test_the_other_kinds_tables_are_not_drawn_again(tmp_path, monkeypatch, capsys):
    """Tonight's Preferans evening draws the Preferans table again; the Whist table's text
    is the one kept, and the whole text is the one a fresh archive prints."""
    from whistscore.cli import main
    import whistscore.club.cli as club_cli

    for day in ("02", "09"):
        _evening(tmp_path, day, ["Anna", "Boris", "Vera"])
        _evening(tmp_path, day, ["Anna", "Boris", "Vera", "Gleb"], "whist")
    drawn: list[list[str]] = []
    table = club_cli._table

    def counted(rows, headers):
        drawn.append([row[1] for row in rows])
        return table(rows, headers)

    monkeypatch.setattr(club_cli, "_table", counted)

    def printed() -> str:
        try:
            main(["club", str(tmp_path)])
        except SystemExit:
            pass
        return capsys.readouterr().out

    printed()
    assert len(drawn) == 2
    drawn.clear()
    _evening(tmp_path, "16", ["Anna", "Boris", "Vera"])
    tonight = printed()
    assert len(drawn) == 1 and sorted(drawn[0]) == ["Anna", "Boris", "Vera"]
    drawn.clear()
    printed()
    assert drawn == []  # nothing changed: every text kept
    os.remove(tmp_path / "club.sqlite")
    assert printed() == tonight
    assert len(drawn) == 2


def test_an_archive_of_an_older_whistscore_gets_the_new_index_and_keeps_its_rows(tmp_path):
    """The index of first deals (schema.INDEXES_ADDED) is added to an archive of the same
    schema made before it, when this whistscore first writes it: nothing is rebuilt."""
    import sqlite3

    _evening(tmp_path, "02", ["Anna", "Boris", "Vera"])
    whistscore.club(tmp_path).standings()
    conn = sqlite3.connect(tmp_path / "club.sqlite")
    conn.execute("DROP INDEX deal_rows_first")
    conn.execute("UPDATE meta SET value = '0.0.1' WHERE key = 'checked_with'")
    conn.execute("UPDATE games SET title = 'kept, not rebuilt'")
    conn.commit()
    conn.close()
    whistscore.club(tmp_path).standings()
    conn = sqlite3.connect(tmp_path / "club.sqlite")
    assert conn.execute("SELECT name FROM sqlite_master WHERE name = 'deal_rows_first'"
                        ).fetchone() == ("deal_rows_first",)
    assert conn.execute("SELECT title FROM games").fetchall() == [("kept, not rebuilt",)]
    plan = " ".join(str(r) for r in conn.execute(
        "EXPLAIN QUERY PLAN SELECT first FROM deal_rows WHERE first IS NOT NULL GROUP BY first"))
    conn.close()
    assert "deal_rows_first" in plan


def test_a_big_refresh_writes_with_orjson_the_texts_the_standard_library_writes(
        tmp_path, monkeypatch):
    """From refresh.FAST_JSON_FILES files to read, the JSON columns are written by orjson
    (facts.fast_json; fewer, as tonight's evening, by the standard library's encoder, whose
    import costs nothing): the archive's rows are the same texts either way."""
    import shutil
    import sqlite3

    from whistscore.club import facts
    from whistscore.club.archive import refresh

    big, small = tmp_path / "big", tmp_path / "small"
    big.mkdir()
    names = ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor"]
    for n in range(refresh.FAST_JSON_FILES):
        kind = ("preferans", "whist")[n % 2]
        seats = [names[(n + i) % 6] for i in range(3 + n % 2)]
        g = whistscore.new(kind, seats)
        day = f"2026-10-{n % 28 + 1:02d}"
        a, b, c = seats[:3]
        for k, deal in enumerate(("pass 4/2/4", f"{a} 7S {b}:w {c}:p 7/3/0")
                                 if kind == "preferans" else ("NS 8", "EW 9")):
            g = g.add(deal, at=f"{day}T2{k}:00:00+02:00")
        g.end(f"{day}T23:00:00+02:00").save(big / f"{n:02d}-{kind}.json")
    shutil.copytree(big, small)
    files = refresh.FAST_JSON_FILES
    assert "orjson" in _loaded(_club(big))
    monkeypatch.setattr(refresh, "FAST_JSON_FILES", 10**9)
    monkeypatch.setattr(facts, "dumps", facts.standard_dumps)
    club = whistscore.club(small)
    club.refresh()
    club.close()
    rows = []
    for folder in (big, small):
        conn = sqlite3.connect(folder / "club.sqlite")
        rows.append(conn.execute("SELECT file, first, rows, deals FROM deal_rows "
                                 "ORDER BY file").fetchall())
        conn.close()
    assert len(rows[0]) == files
    assert rows[0] == rows[1]
