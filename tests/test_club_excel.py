"""The club's season workbook (``whistscore club FOLDER --export season.xlsx``, docs/club.md).

Its numbers are the club's answers, exact (the same as ``club --json``); a
sheet per player, the records, a chart of running money per game kind with a
line per player; text never a formula, tab names as a spreadsheet allows
them; printed by LibreOffice with the game workbook's print rules (landscape
A4, the tab's name on top, "page / pages" below), in English and Russian.
LibreOffice and poppler are needed: without them these tests fail, never skip.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import zipfile
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
import system_tools

import whistscore
from clirun import run

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = ["=SUM(A1:A3)", "Ann [A]*?", "'Boris"]


def _club(folder: Path) -> Path:
    shutil.copytree(ROOT / "samples" / "club", folder)
    return folder


def _hostile(folder: Path) -> Path:
    folder.mkdir()
    t = "2026-10-02T20:{:02d}:00+02:00"
    game = whistscore.new("preferans", HOSTILE, stake="0.10", currency="EUR",
                          title="<b>t</b> & \"q\"")
    game = game.add("Ann_[A]*? 7S 'Boris:w =SUM(A1:A3):p 7/3/0", at=t.format(5))
    game.end(t.format(30)).save(folder / "g.json")
    return folder


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    """{lang or "hostile": (xlsx path, [page text, ...])}, printed in one LibreOffice call."""
    system_tools.require("soffice", "pdftotext")
    tmp = tmp_path_factory.mktemp("clubbook")
    club = _club(tmp / "club")
    out = {}
    for lang in ("en", "ru"):
        book = tmp / f"season-{lang}.xlsx"
        status, said, err = run(["club", club, "--export", book, "--lang", lang])
        assert status == 0, err
        assert said.strip() == (f"{book}: 4 players, 6 evenings" if lang == "en" else
                                f"{book}: 4 игрока, 6 вечеров")
        out[lang] = book
    hostile = tmp / "hostile.xlsx"
    status, _, err = run(["club", _hostile(tmp / "hostile"), "--export", hostile])
    assert status == 0, err
    out["hostile"] = hostile
    done = subprocess.run([shutil.which("soffice"), f"-env:UserInstallation=file://{tmp}/profile",
                           "--headless", "--convert-to", "pdf", "--outdir", str(tmp / "pdf"),
                           *map(str, out.values())], capture_output=True, text=True, timeout=600)
    printed = {}
    for key, book in out.items():
        pdf = tmp / "pdf" / (book.stem + ".pdf")
        assert pdf.exists(), done.stderr[-2000:]
        layout = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                                text=True, check=True).stdout
        printed[key] = (book, [p for p in layout.split("\f") if p.strip()], club)
    return printed


def _sheets(book: Path) -> dict[str, list[list[object]]]:
    from openpyxl import load_workbook

    wb = load_workbook(book)
    return {ws.title: [[c.value for c in row] for row in ws.iter_rows()] for ws in wb.worksheets}


def test_the_tabs_in_order(books):
    en = list(_sheets(books["en"][0]))
    assert en == ["Standings", "Preferans EUR", "Twist EUR", "Whist EUR", "Danish whist EUR",
                  "Records", "Alexei", "Alexei · Statistics", "Pavel", "Pavel · Statistics",
                  "Nina", "Nina · Statistics", "Marina", "Marina · Statistics"]
    ru = list(_sheets(books["ru"][0]))
    assert ru[:2] == ["Турнирная таблица", "Преферанс EUR"] and ru[5] == "Рекорды"


def test_the_standings_are_the_clubs_numbers_exact(books):
    book, _, club = books["en"]
    data = json.loads(run(["club", club, "--json"])[1])
    rows = _sheets(book)["Standings"]
    from openpyxl import load_workbook

    ws = load_workbook(book)["Standings"]
    for kind, block in data["games"].items():
        for r in block["table"]:
            [row] = [i for i, cells in enumerate(rows, 1)
                     if cells[1] == r["player"] and cells[3] == r["deals"]
                     and Fraction(str(cells[6])).limit_denominator(1000) == Fraction(r["points"])]
            money = ws.cell(row, 8)
            assert Decimal(repr(money.value)) == Decimal(r["money"]["EUR"])
            assert money.number_format == "0.00"
            points = ws.cell(row, 7)
            if Fraction(r["points"]).denominator == 3:
                assert points.number_format == "# ?/3"
            # best and worst evening (club.md "Standings"), exact, before the rating
            for col, key in ((10, "best"), (11, "worst")):
                cell = ws.cell(row, col)
                assert Fraction(str(cell.value)).limit_denominator(1000) == \
                    Fraction(r[key]["points"])
                if Fraction(r[key]["points"]).denominator == 3:
                    assert cell.number_format == "# ?/3"
            assert ws.cell(row, 12).value == r["rating"]
    assert [ws.cell(5, c).value for c in (10, 11, 12)] == ["Best", "Worst", "Rating"]
    assert ws.print_title_rows == "$1:$2"


def test_a_sheet_per_player_with_running_money(books):
    book, _, club = books["en"]
    page = json.loads(run(["club", club, "--player", "Marina", "--json"])[1])
    rows = _sheets(book)["Marina"]
    running = [r[8] for r in rows if len(r) > 8 and isinstance(r[8], (int, float))
               and isinstance(r[0], int)]
    expected = [Decimal(p["money"]) for block in page["games"].values()
                for p in block["running_money"]]
    assert [Decimal(repr(v)) for v in running] == expected


def test_the_chart_draws_a_line_per_player_from_their_sheets(books):
    book = books["en"][0]
    with zipfile.ZipFile(book) as z:
        charts = sorted((n for n in z.namelist() if re.fullmatch(r"xl/charts/chart\d+\.xml", n)),
                        key=lambda n: int(re.sub(r"\D", "", n)))
        lines = [n for n in charts if b"scatterChart" in z.read(n)]
        assert len(lines) == 4  # one per game kind played (the others: statistics' bars)
        first = z.read(lines[0]).decode()
    for name in ("Alexei", "Pavel", "Nina", "Marina"):
        assert f"'{name}'!$I$" in first or f"{name}!$I$" in first


def test_text_is_never_a_formula_and_tab_names_are_allowed(books):
    book = books["hostile"][0]
    sheets = _sheets(book)
    assert "Ann  A" in " ".join(sheets) and not any(set(t) & set("[]:*?/\\") for t in sheets)
    cells = [c for rows in sheets.values() for row in rows for c in row if isinstance(c, str)]
    assert "=SUM(A1:A3)" in cells  # kept as text
    with zipfile.ZipFile(book) as z:
        assert not any(b"<f>" in z.read(n) for n in z.namelist() if n.startswith("xl/worksheets"))


def test_printed_in_english(books):
    _, pages, _ = books["en"]
    assert len(pages) >= 10
    for i, page in enumerate(pages, 1):
        assert f"{i} / {len(pages)}" in page  # the footer on every page
    standings = pages[0]
    assert standings.strip().splitlines()[0].strip() == "Standings"
    assert "Friday pulka: Standings" in standings
    # Alexei's best evening 406/3 (2026-10-16), his worst -30 (2026-10-02), then his rating
    assert re.search(r"1 Alexei +3 +36 +2 +1\.67 +224 +11\.21 +3\.74 +135 1/3 +-30 +146 +\+146 "
                     r"+3 1 1", standings)
    assert "-48 2/3" in standings and "-113 1/3" in standings
    assert any("Running money EUR · Preferans" in p for p in pages)
    records = " ".join(p for p in pages if p.strip().splitlines()[0].strip() == "Records")
    assert "most remizes in one evening (contracts gone down)" in records  # whole
    assert re.search(r"biggest evening win \(money\) +6\.77 EUR +Alexei", records)
    # each record names the game file it is read from
    assert re.search(r"biggest evening win \(money\).*2026-10-16-pulka\.json", records)


def test_printed_in_russian(books):
    _, pages, _ = books["ru"]
    text = " ".join(pages)
    for english in ("Standings", "Records", "Running money", "evening", "Player", "Deal"):
        assert english not in text
    assert "Турнирная таблица" in text and "Деньги нарастающим итогом EUR" in text
    assert "крупнейший выигрыш вечера (деньги)" in text
    # the count agrees with its noun: 3 вечера, 1 вечер (club words' plural forms)
    assert "Преферанс · висты · 3 вечера" in text and "Твист · висты · 1 вечер" in text
    assert "Валюта" in text and "Файл" in text  # the headed currency and file columns


def test_bad_export_questions(tmp_path):
    club = _club(tmp_path / "club")
    status, _, err = run(["club", club, "--export", tmp_path / "s.xlsx", "--player", "Marina"])
    assert status == 2 and "--export" in err and "--player" in err  # wrong usage
    status, _, err = run(["club", club, "--export", tmp_path / "no" / "s.xlsx"])
    assert status == 1 and "Traceback" not in err and err.count("\n") == 1
    old = tmp_path / "old.xlsx"
    old.write_bytes(b"old")
    # a file that is no workbook at all is never replaced, --force or not (issue 32 #2)
    status, _, err = run(["club", club, "--export", old, "--force"])
    assert status == 1 and "not a workbook" in err and old.read_bytes() == b"old"
    import openpyxl

    theirs = openpyxl.Workbook()
    theirs.active["A1"] = "their own sheet"
    theirs.save(old)
    before = old.read_bytes()
    status, _, err = run(["club", club, "--export", old, "--season", "Spring", "--force"])
    assert status == 1 and "no such season" in err and old.read_bytes() == before
    # a workbook that is not a club workbook whistscore wrote is someone's: only with --force
    status, _, err = run(["club", club, "--export", old])
    assert status == 1 and "use --force" in err and old.read_bytes() == before
    status, _, err = run(["club", club, "--export", old, "--force"])
    assert status == 0 and zipfile.is_zipfile(old) and old.read_bytes() != before
    status, _, err = run(["club", club, "--export", old])  # its own workbook: written again
    assert status == 0, err


def test_the_export_never_replaces_the_clubs_own_files(tmp_path):
    """A game file, club.json or club.sqlite named as the workbook by mistake stays as it
    was (the review found each replaced by a workbook, exit 0), with or without --force;
    so does a game's own workbook (it carries the game's backup)."""
    club = _club(tmp_path / "club")
    assert run(["club", club])[0] == 0  # club.sqlite made
    for name in ("2026-10-02-pulka.json", "club.json", "club.sqlite"):
        before = (club / name).read_bytes()
        for force in ([], ["--force"]):
            status, out, err = run(["club", club, "--export", club / name, *force])
            assert (status, out) == (1, "") and "ends in .xlsx" in err, err
            assert (club / name).read_bytes() == before
    game_book = tmp_path / "pulka.xlsx"
    assert run(["export", club / "2026-10-02-pulka.json", game_book])[0] == 0
    before = game_book.read_bytes()
    status, _, err = run(["club", club, "--export", game_book])
    assert status == 1 and "not a club workbook whistscore wrote" in err
    assert game_book.read_bytes() == before
