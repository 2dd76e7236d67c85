"""The workbook (issue 7): reload every export with openpyxl and check what it holds.

Covered: the sheet names, the Sheet tab against the game's own ``sheet_tables``
(the tables ``show`` prints), the comments behind its numbers, the Deals and
Settlement values, the chart, frozen panes and print setup, the exact round
trip through the hidden sheet (also for a game of 1,200 deals whose text spans
several cells), formula injection, damaged workbooks, the CLI commands, and
that ``import whistscore`` does not load openpyxl.  Every sample in samples/
is exported in both languages.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings

from whistscore import excel, files, journal
from whistscore.errors import GameFileError, InputError
from whistscore.games import declared
from whistscore.i18n import explain, text
from whistscore.language import CORE
from whistscore.layout import Cell, Label, Phrase
from whistscore.replay import replay
from whistscore.settlement import settle

from clirun import run  # one way to drive the CLI

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(ROOT.glob("samples/*.json"))
TABS = {lang: [CORE.get(f"xl.tab.{k}", lang) for k in ("sheet", "deals", "settlement", "chart", "by_deal")]
        for lang in ("en", "ru")}


def tally_game(n: int = 12, players=("Anna", "Boris", "Vera"), notes=None, stake="0.10"):
    deals = []
    for i in range(n):
        deal = {"winner": players[(i * 7 // 3) % len(players)], "points": (i * 5) % 4}
        if notes and i in notes:
            deal["note"] = notes[i]
        deals.append(deal)
    data = {"format": "whistscore", "version": 1, "game": "tally", "players": list(players),
            "rules": {"target": 1000}, "deals": deals}
    if stake is not None:
        data["stake"] = stake
        data["currency"] = "EUR"
    return journal.loads(json.dumps(data, ensure_ascii=False))


def shown(value, kind, lang):
    """What the workbook must hold for a layout value."""
    value = value.value if isinstance(value, Cell) else value
    if isinstance(value, (Label, Phrase)):
        return text(value, kind, lang)
    if isinstance(value, (int, Fraction, Decimal)) and not isinstance(value, bool):
        return excel.number_cell(value)[0]
    if value == "":
        return None  # an empty text is an empty cell
    return value if value is None or isinstance(value, str) else str(value)


def same(got, want) -> bool:
    if isinstance(want, float) or isinstance(got, float):
        return isinstance(got, (int, float)) and abs(got - want) < 1e-9 * max(1, abs(want))
    return got == want


def check_workbook(path: Path, game, lang: str = "en", check_formulas: bool = False) -> None:
    """Everything the issue asks of a workbook, for any game."""
    kind = game.kind
    rp = replay(game, history=True)
    s = settle(rp)
    wb = openpyxl.load_workbook(path)
    sheet_tab, deals_tab, settle_tab, chart_tab, by_deal_tab = TABS[lang]
    assert wb.sheetnames == [sheet_tab, deals_tab, settle_tab, chart_tab, by_deal_tab,
                             excel.GAME_SHEET]
    assert wb[excel.GAME_SHEET].sheet_state == "hidden"
    assert all(wb[n].sheet_state == "visible" for n in TABS[lang])

    # Sheet: the game's tables one under the other, comments behind the numbers
    ws = wb[sheet_tab]
    tables = kind.sheet_tables(rp)
    first_header = 2 if tables and tables[0].title is not None else 1
    assert ws.freeze_panes == f"B{first_header + 1}"
    assert ws.print_title_rows == f"$1:${first_header}"
    row = 1
    for table in tables:
        if table.title is not None:
            assert ws.cell(row, 1).value == shown(table.title, kind, lang)
            row += 1
        for col, head in enumerate(table.header, 1):
            assert ws.cell(row, col).value == shown(head, kind, lang)
            assert ws.cell(row, col).font.bold
        row += 1
        for cells in table.rows:
            explained = []  # the same entries are explained once per row
            for col, cell in enumerate(cells, 1):
                got = ws.cell(row, col)
                want = shown(cell, kind, lang)
                if isinstance(want, str) and len(want) > 16_000:
                    assert got.value.startswith(want[:1000])
                elif isinstance(got.value, str) and got.value.startswith("…"):
                    # a long running sequence: its tail with the total, the whole in the comment
                    assert want.endswith(got.value[1:]) and want in got.comment.text
                elif isinstance(got.value, str) and got.value.endswith("…") and got.value != want:
                    # other text longer than its column: its start, the whole in the comment
                    assert want.startswith(got.value[:-1]) and want in got.comment.text
                else:
                    assert same(got.value, want), (row, col, got.value, want)
                if isinstance(cell, Cell) and cell.sources and cell.sources not in explained:
                    explained.append(cell.sources)
                    assert got.comment is not None, (row, col)
                    assert explain(cell.sources[-1], kind, lang) in got.comment.text
                elif not (isinstance(cell, Cell) and cell.sources):
                    # only a cut text or a fraction (exact value) has a comment of its own
                    assert got.comment is None or "/" in got.number_format \
                        or "…" in str(got.value), (row, col)
            row += 1
        row += 1

    # Deals: one row per deal, changes adding up to the final balance
    ws = wb[deals_tab]
    assert ws.freeze_panes == "B2"
    players = game.players
    n = len(players)
    assert ws.cell(1, 5).value == text(Label("change", (players[0],)), kind, lang)
    assert ws.cell(1, 5 + n).value == text(Label("running", (players[0],)), kind, lang)
    for result in rp.results:
        r = result.number + 1
        assert ws.cell(r, 1).value == result.number
        assert ws.cell(r, 2).value == result.dealer
        assert ws.cell(r, 3).value == game.notation(result.record)
        if result.entries:
            comment = ws.cell(r, 3).comment.text
            assert all(explain(e, kind, lang) in comment for e in result.entries[-60:])
        for i, p in enumerate(players):
            assert same(ws.cell(r, 5 + n + i).value, excel.number_cell(result.balance[p])[0])
    total_row = len(rp.results) + 2
    for i, p in enumerate(players):
        total = ws.cell(total_row, 5 + i).value
        assert same(total, excel.number_cell(s.balance[p])[0])
        changes = [ws.cell(r, 5 + i).value for r in range(2, total_row)]
        assert abs(sum(changes) - total) < 1e-6
        if rp.results:
            assert same(ws.cell(total_row - 1, 5 + n + i).value, total)
    check_cell = ws.cell(total_row + 1, 5)
    if check_formulas and rp.results:
        assert check_cell.data_type == "f"
        assert check_cell.value == f"=SUM(E2:E{total_row - 1})"
    else:
        assert check_cell.value is None

    # Settlement: balances, money, each with each, transfers
    ws = wb[settle_tab]
    assert ws.freeze_panes == "A5"
    for i, p in enumerate(players):
        assert ws.cell(5 + i, 1).value == p
        assert same(ws.cell(5 + i, 2).value, excel.number_cell(s.balance[p])[0])
        if s.money is not None:
            assert same(ws.cell(5 + i, 3).value, float(s.money[p]))
    values = [c for row in ws.iter_rows(values_only=True) for c in row]
    assert text(Label("transfers"), kind, lang) in values
    for t in s.transfers:
        assert t.payer in values and t.payee in values
    pair_title = text(Label("xl.pairwise_title", (text(Label(f"unit.{s.unit}"), kind, lang),)),
                      kind, lang)
    assert pair_title in values
    formulas = [c for row in ws.iter_rows() for c in row if c.data_type == "f"]
    assert bool(formulas) == check_formulas

    # the chart of the running balances, on its own sheet
    charts = wb[chart_tab]._charts
    assert len(charts) == 1
    # one line per player, or per side whose partners' balances coincide (whist)
    lines = {tuple(r.balance.get(p, 0) for r in rp.results) for p in players}
    assert len(charts[0].series) == (len(lines) if rp.results else 0)

    # finish: print setup, number formats, properties
    for name in TABS[lang]:
        ws = wb[name]
        assert ws.page_setup.orientation == "landscape"
        assert ws.page_setup.fitToWidth == 1 and ws.sheet_properties.pageSetUpPr.fitToPage
        for row in ws.iter_rows():
            for c in row:
                if isinstance(c.value, float):  # never 12.000001 under "General"
                    assert c.number_format != "General", (name, c.coordinate)
    assert wb[deals_tab].print_title_rows == "$1:$1"
    assert wb.properties.creator == "whistscore"
    assert all(p in wb.properties.title for p in players)
    assert str(len(game.deals)) in wb.properties.description

    # the round trip
    assert excel.import_text(path) == journal.dumps(game)


# -- the tally game ---------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("check_formulas", [False, True])
def test_tally_workbook(tmp_path, lang, check_formulas):
    game = tally_game(12, notes={2: "late arrival", 5: "Вера сдала заново"})
    out = tmp_path / "t.xlsx"
    excel.export(game, out, lang=lang, check_formulas=check_formulas)
    check_workbook(out, game, lang, check_formulas)


def test_empty_game(tmp_path):
    game = tally_game(0, stake=None)
    out = tmp_path / "empty.xlsx"
    excel.export(game, out, check_formulas=True)
    check_workbook(out, game, "en", check_formulas=True)


def test_check_formulas_equal_written_totals(tmp_path):
    game = tally_game(9)
    out = tmp_path / "t.xlsx"
    excel.export(game, out, check_formulas=True)
    ws = openpyxl.load_workbook(out)["Deals"]
    total_row = 11
    for col in range(5, 8):
        letter = openpyxl.utils.get_column_letter(col)
        formula = ws.cell(total_row + 1, col).value
        assert formula == f"=SUM({letter}2:{letter}10)"
        assert sum(ws.cell(r, col).value for r in range(2, 11)) == ws.cell(total_row, col).value
    ws = openpyxl.load_workbook(out)["Settlement"]
    assert ws["A9"].value == "Check (formulas)" and ws["B9"].value == "=SUM(B5:B7)"
    assert ws["C9"].value == "=SUM(C5:C7)"


def test_labels_are_russian(tmp_path):
    out = tmp_path / "ru.xlsx"
    excel.export(tally_game(3), out, lang="ru")
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames[:4] == ["Запись", "Сдачи", "Расчёт", "График"]
    assert wb["Сдачи"]["A1"].value == "Сдача"
    assert wb["Сдачи"]["E1"].value == "Изменение Anna"
    assert "сдача 1:" in wb["Сдачи"]["C2"].comment.text
    assert wb["Расчёт"]["A4"].value == "Игрок"


def test_unknown_language_is_refused(tmp_path):
    with pytest.raises(InputError, match="lang"):
        excel.export(tally_game(1), tmp_path / "x.xlsx", lang="fr")


# -- exact numbers ------------------------------------------------------------------------

def test_number_formats_show_exact_values():
    assert excel.number_cell(12) == (12, "0")
    assert excel.number_cell(Fraction(24, 2), signed=True) == (12, "+0;-0;0")
    assert excel.number_cell(Fraction(41, 2)) == (20.5, "0.0")
    assert excel.number_cell(Fraction(-3, 8), signed=True) == (-0.375, "+0.000;-0.000;0.000")
    value, fmt = excel.number_cell(Fraction(-61, 3), signed=True)
    assert value == -61 / 3 and fmt == "+# ?/3;-# ?/3;0"
    # a proper fraction has no whole part, so no space after its sign: "-2/3", not "- 2/3"
    assert excel.number_cell(Fraction(-2, 3), signed=True) == (-2 / 3, "+?/3;-?/3;0")
    assert excel.number_cell(Fraction(5, 12))[1] == "?/12"
    assert excel.number_cell(Fraction(29, 12))[1] == "# ?/12"
    assert excel.number_cell(Fraction(1, 10007)) == ("1/10007", None)
    # money keeps its decimals, also at zero (a money total reads "0.00")
    assert excel.number_cell(Decimal("-2.50"), signed=True) == (-2.5, "+0.00;-0.00;0.00")
    assert excel.number_cell(Decimal("0.00"), signed=True)[1] == "+0.00;-0.00;0.00"
    assert excel.number_cell(10 ** 16) == (str(10 ** 16), None)


def test_fractions_in_the_workbook(tmp_path):
    """Balances in thirds: numbers with a fraction format, never 20.333333."""
    import attrs
    import tallygame

    def thirds(state, rules):
        return {p: Fraction(v, 3) for p, v in tallygame.balance(state, rules).items()}

    kind = attrs.evolve(tallygame.GAME, balance=thirds)
    game = attrs.evolve(tally_game(2), kind=kind)  # Vera +2/3, the others -1/3
    out = tmp_path / "thirds.xlsx"
    excel.export(game, out)
    check_workbook(out, game)
    ws = openpyxl.load_workbook(out)["Settlement"]
    fmts = {ws.cell(r, 2).number_format for r in range(5, 8)}
    assert any("/3" in f for f in fmts)


# -- the round trip -----------------------------------------------------------------------

def test_round_trip_of_a_long_game(tmp_path):
    notes = {i: f"deal {i}: 🂡 ♠ ß Ж " * (3 + i % 5) for i in range(0, 1200, 3)}
    notes[7] = "x" * 40_000  # longer than a cell may hold: shown cut, kept whole
    game = tally_game(1200, players=("Anna", "Boris", "Vera", "Gleb"), notes=notes)
    game_text = journal.dumps(game)
    assert len(game_text) > 3 * 32_767
    out = tmp_path / "long.xlsx"
    excel.export(game, out)
    assert excel.import_text(out) == game_text
    wb = openpyxl.load_workbook(out)
    hidden = wb[excel.GAME_SHEET]
    parts = [c.value for c in hidden["B"][6:] if c.value is not None]
    assert len(parts) > 3
    for part in parts:
        assert len(part.encode("utf-16-le")) // 2 <= 32_767
    note_cell = wb["Deals"].cell(9, 5 + 8)
    assert len(note_cell.value.encode("utf-16-le")) // 2 <= 32_767
    assert note_cell.value.startswith("xxxx")


def test_round_trip_of_text_xml_cannot_carry(tmp_path):
    # a control character is legal JSON text but not legal XML: the workbook
    # still carries the game file exactly (lone surrogates are refused by the
    # journal itself, see test_cli)
    text_in = json.dumps({"format": "whistscore", "version": 1, "game": "tally",
                          "players": ["A", "B"], "deals": [{"winner": "A", "points": 1}]})
    text_in = text_in.replace('"points": 1}', '"points": 1, "note": "bell \\u0007 \\uffff"}')
    game = journal.loads(text_in)
    assert "\uffff" in journal.dumps(game)  # written raw by the journal, illegal in XML
    out = tmp_path / "odd.xlsx"
    excel.export(game, out)
    assert excel.import_text(out) == journal.dumps(game)
    assert "\ufffd" in openpyxl.load_workbook(out)["Deals"]["I2"].value


def test_import_refuses_what_is_not_an_export(tmp_path):
    with pytest.raises(InputError, match="no such workbook"):
        excel.import_text(tmp_path / "missing.xlsx")
    junk = tmp_path / "junk.xlsx"
    junk.write_text("this is not a workbook")
    with pytest.raises(GameFileError, match="not an Excel workbook"):
        excel.import_text(junk)
    plain = tmp_path / "plain.xlsx"
    openpyxl.Workbook().save(plain)
    with pytest.raises(GameFileError, match="carries no game file"):
        excel.import_text(plain)


def test_import_detects_an_edited_game_sheet(tmp_path):
    out = tmp_path / "t.xlsx"
    excel.export(tally_game(4), out)
    wb = openpyxl.load_workbook(out)
    ws = wb[excel.GAME_SHEET]
    ws["B7"].value = ws["B7"].value.replace('"points": 1', '"points": 3')
    wb.save(out)
    with pytest.raises(GameFileError, match="checksum"):
        excel.import_text(out)
    ws["B6"].value = 99
    wb.save(out)
    with pytest.raises(GameFileError, match="damaged"):
        excel.import_text(out)


# -- security -------------------------------------------------------------------------------

def test_formula_injection_is_written_as_text(tmp_path):
    evil = '=HYPERLINK("http://x","y")'
    players = (evil, "+Boris", "@Vera", "-Gleb")
    notes = {0: "=1+2", 1: "\tTab", 2: "\rreturn", 3: "-5 minus", 4: "@SUM(A1)"}
    game = tally_game(6, players=players, notes=notes)
    out = tmp_path / "evil.xlsx"
    excel.export(game, out)
    wb = openpyxl.load_workbook(out)
    assert wb["Sheet"]["A3"].value == evil
    assert wb["Sheet"]["A3"].data_type == "s"
    starts = ("=", "+", "-", "@", "\t", "\r")
    seen = 0
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for c in row:
                assert c.data_type != "f", (ws.title, c.coordinate, c.value)
                if isinstance(c.value, str) and c.value.startswith(starts):
                    assert c.data_type == "s"
                    if ws.title != excel.GAME_SHEET:
                        assert c.quotePrefix, (ws.title, c.coordinate)
                    seen += 1
    assert seen > 20
    deals = wb["Deals"]
    assert deals["B2"].value == evil and deals["B2"].data_type == "s"
    assert deals["M2"].value == "=1+2" and deals["M2"].data_type == "s"
    assert excel.import_text(out) == journal.dumps(game)


# -- every sample, every game ---------------------------------------------------------------

@pytest.mark.parametrize("sample", SAMPLES, ids=[p.name for p in SAMPLES])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_sample_workbooks(tmp_path, sample, lang):
    game = files.load(sample)
    out = tmp_path / "sample.xlsx"
    excel.export(game, out, lang=lang, check_formulas=(lang == "ru"))
    check_workbook(out, game, lang, check_formulas=(lang == "ru"))
    assert excel.import_text(out) == sample.read_text(encoding="utf-8") or \
        journal.loads(excel.import_text(out)) == files.load(sample)


def _generators():
    out = []
    # every game installed has its generator (tests/gen_<game>.py): a missing one fails
    return [pytest.param(name, id=name) for name in declared()]


@pytest.mark.parametrize("name", _generators())
def test_random_games_export_and_round_trip(tmp_path, name):
    gen = importlib.import_module(f"gen_{name}")

    @settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
    @given(gen.game_files())
    def run(data):
        game = journal.from_json(data)
        out = tmp_path / "random.xlsx"
        excel.export(game, out, check_formulas=True)
        check_workbook(out, game, "en", check_formulas=True)

    run()


# -- the command line and the import boundary ------------------------------------------------

def test_cli_export_and_import(tmp_path):
    src = tmp_path / "g.json"
    files.dump(tally_game(7, notes={1: "=cmd"}), src)
    book = tmp_path / "g.xlsx"
    status, out, _ = run(["export", str(src), str(book), "--lang", "ru", "--check-formulas"])
    assert status == 0
    assert out.strip() == f"записан файл {book}"  # the status line in the language asked
    assert openpyxl.load_workbook(book).sheetnames[0] == "Запись"
    back = tmp_path / "back.json"
    status, out, _ = run(["import", str(book), str(back)])
    assert status == 0
    assert "7 deals" in out
    assert back.read_bytes() == src.read_bytes()
    status, _, err = run(["import", str(book), str(back)])
    assert status == 1
    assert "--force" in err
    assert run(["import", str(book), str(back), "--force"])[0] == 0
    junk = tmp_path / "junk.xlsx"
    junk.write_bytes(b"PK\x03\x04 broken")
    status, _, err = run(["import", str(junk), str(tmp_path / "x.json")])
    assert status == 1
    assert "not an Excel workbook" in err and "Traceback" not in err
    assert not (tmp_path / "x.json").exists()


def test_import_whistscore_does_not_load_openpyxl():
    code = ("import sys, whistscore, whistscore.cli, whistscore.text; "
            "sys.exit(1 if 'openpyxl' in sys.modules else 0)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_each_with_each_adds_up_and_a_game_may_give_its_own(tmp_path):
    import attrs
    import tallygame

    game = tally_game(8)
    out = tmp_path / "pairs.xlsx"
    excel.export(game, out)
    ws = openpyxl.load_workbook(out)["Settlement"]
    # under the balances: the title, what + and - mean, the header, then one row a player
    rows = {r[0]: r for r in ws.iter_rows(min_row=13, max_row=15, values_only=True)}
    balance = settle(replay(game)).balance
    for i, p in enumerate(game.players):
        row = rows[p]
        assert row[1 + i] is None
        assert abs(sum(v for v in row[1:4] if v is not None) - balance[p]) < 1e-9
        assert row[4] == balance[p]

    def own_pairs(rp):
        return {("Anna", "Boris"): 7, ("Boris", "Anna"): -7}

    def untitled(rp):  # a table without a title
        return [attrs.evolve(t, title=None) for t in tallygame.sheet_tables(rp)]

    kind = attrs.evolve(tallygame.GAME, pairwise_settlement=own_pairs, sheet_tables=untitled)
    game = attrs.evolve(game, kind=kind)
    excel.export(game, out)
    wb = openpyxl.load_workbook(out)
    ws = wb["Settlement"]
    assert ws["C13"].value == 7 and ws["B14"].value == -7 and ws["D13"].value == 0
    assert wb["Sheet"].freeze_panes == "B2" and wb["Sheet"]["A1"].value == "Player"
    check_workbook(out, game)


def test_stake_without_currency(tmp_path):
    import attrs

    game = attrs.evolve(tally_game(5), currency=None)
    out = tmp_path / "nocur.xlsx"
    excel.export(game, out)
    check_workbook(out, game)
    ws = openpyxl.load_workbook(out)["Settlement"]
    assert ws["C4"].value == "Money"
    assert "stake 0.10 per unit" in ws["A2"].value


# -- the Russian workbook speaks Russian (issue 15) -----------------------------------------

def _latin_left(value: str, allowed: list[str]) -> list[str]:
    """The Latin words of ``value`` once player names, notation, notes and citations are out."""
    import re

    for phrase in allowed:
        value = value.replace(phrase, " ")
    return re.findall(r"[A-Za-z]+", value)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_russian_workbook_has_no_english_words(tmp_path, sample):
    game = files.load(sample)
    kind = game.kind
    out = tmp_path / "ru.xlsx"
    excel.export(game, out, lang="ru")
    wb = openpyxl.load_workbook(out)
    # what stays as written: names, the deals' notation and notes, the currency's code,
    # the whist sides and nota symbols (the citations are Russian too: the sources' Russian names)
    allowed = sorted({*game.players, *(game.notation(d) for d in game.deals),
                      *(str(d.note) for d in game.deals if d.note),
                      *([game.currency] if game.currency else [])}, key=len, reverse=True)
    symbols = {"NS", "EW", "X", "O"}
    said: list[tuple[str, str]] = []
    for ws in wb.worksheets:
        if ws.title == excel.GAME_SHEET:
            continue
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, str):
                    said.append((f"{ws.title}!{cell.coordinate}", cell.value))
                if cell.comment is not None:
                    said.append((f"{ws.title}!{cell.coordinate} comment", cell.comment.text))
        for chart in ws._charts:
            said.append(("chart title", "".join(r.t for p in chart.title.tx.rich.p
                                                for r in (p.r or []))))
            for series in chart.series:
                said.append(("chart series", series.tx.v))
    props = wb.properties
    said += [("title", props.title), ("subject", props.subject),
             ("description", props.description)]
    # a long note is cut in its cell ("Lena went half, Igor…"), whole in the comment
    said = [(where, value) for where, value in said
            if not (value.endswith("…") and any(a.startswith(value[:-1]) for a in allowed))]
    bad = [(where, words) for where, value in said
           if (words := [w for w in _latin_left(value, allowed) if w not in symbols])]
    assert not bad, bad[:10]


def test_the_book_module_writes_what_a_tab_maker_gives_it(tmp_path):
    """whistscore/excel/book.py, the interface another tab-maker (a club's standings) uses:
    many cells of one look stay distinct cells (one styled cell per look is reused as openpyxl
    streams the row), a double reads back exactly (openpyxl alone writes 16 digits:
    -61/3 would come back as another double), text is never a formula, a comment may hang on
    an empty cell, and the sheet's setup comes through."""
    from whistscore.excel import book

    sheet = book.Sheet("Standings")
    look = book.Look(bold=True, align="right")
    for row in range(1, 201):
        sheet.put(row, 1, row, look, "0")
        sheet.put(row, 2, float(Fraction(-61, 3)) * row, look, "# ?/3")
        sheet.put(row, 3, f"=HYPERLINK(\"x\",\"{row}\")", book.Look(align="left"), None, True)
    sheet.put(201, 2, book.Formula("SUM(B1:B200)"), look, "0")
    sheet.comment(5, 4, "on an empty cell")
    sheet.comment(6, 1, "on a number")
    sheet.widths = {1: 8, 2: 12}
    sheet.freeze = "B2"
    sheet.merged.append((202, 1, 202, 3))
    sheet.put(202, 1, "a title over three columns")
    sheet.print_setup = book.PrintSetup(title_rows="1:1")
    hidden = book.Sheet("kept")
    hidden.hidden = hidden.protected = True
    hidden.put(1, 1, "=not a formula")
    data = book.write([sheet, hidden], book.Properties("t", "s", "c", "k", "cat", "en", "d"))
    out = tmp_path / "standings.xlsx"
    out.write_bytes(data)
    wb = openpyxl.load_workbook(out)
    ws = wb["Standings"]
    for row in range(1, 201):
        assert ws.cell(row, 1).value == row
        assert ws.cell(row, 2).value == float(Fraction(-61, 3)) * row  # exactly
        assert ws.cell(row, 2).number_format == "# ?/3" and ws.cell(row, 2).font.bold
        text = ws.cell(row, 3)
        assert text.value == f"=HYPERLINK(\"x\",\"{row}\")" and text.data_type == "s"
        assert text.quotePrefix and not text.font.bold
    assert ws.cell(201, 2).value == "=SUM(B1:B200)"
    assert ws.cell(5, 4).comment.text == "on an empty cell" and ws.cell(5, 4).value is None
    assert ws.cell(6, 1).comment.text == "on a number" and ws.cell(6, 1).value == 6
    assert ws.column_dimensions["B"].width == 12 and ws.freeze_panes == "B2"
    assert [str(r) for r in ws.merged_cells.ranges] == ["A202:C202"]
    assert ws.print_title_rows == "$1:$1" and ws.page_setup.orientation == "landscape"
    assert ws.oddFooter.center.text == "&P / &N"
    kept = wb["kept"]
    assert kept.sheet_state == "hidden" and kept.protection.sheet
    assert kept["A1"].value == "=not a formula" and kept["A1"].data_type == "s"
