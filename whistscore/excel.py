"""The score-sheet workbook: what a card club prints, keeps and checks.

The workbook is drawn from the same :class:`~whistscore.layout.Table` values
as ``whistscore show`` (the game's ``sheet_tables``), so the terminal and the
workbook cannot disagree; the Deals and Settlement sheets come from the
replay with history and from :func:`~whistscore.settlement.settle`.  The game
file's exact text travels in a hidden sheet, so a workbook is also a backup
(``whistscore import``).

Numbers are written as values, never formulas (except the optional check
rows).  Exact results stay exact on screen: a whole number is an integer
cell; a fraction whose decimal expansion ends within six places (``41/2``,
``3/8``) is a number shown with exactly its decimal places; any other
fraction (thirds are common with three players) is a number shown with a
fixed-denominator fraction format (``20 1/3``), so charts and sums still work
and no ``20.333333`` is ever shown.  Only what a double cannot show exactly
(a denominator above 9999, a value beyond 10**9, an integer beyond 10**15;
no game produces one) falls back to text such as ``"61/10007"``.

Text is never trusted: every string cell is written as a string (a name like
``=HYPERLINK(...)`` can never become a formula) and one starting with
``= + - @``, a tab or a carriage return also gets Excel's quote prefix, so
editing the cell in Excel keeps it text.  This is the only module that
imports openpyxl; ``import whistscore`` does not load it.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterable, Sequence

import openpyxl
from openpyxl.chart import LineChart, Reference
from openpyxl.chart.series import SeriesLabel
from openpyxl.comments import Comment
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter

from . import journal
from .errors import GameFileError, InputError
from .game import Game
from .i18n import LANGS, explain, text
from .layout import Cell, Label, Phrase, Table
from .ledger import Entry, plain_number
from .replay import Replay, replay
from .running import running_table
from .settlement import Settlement, settle

__all__ = ["export", "import_text", "GAME_SHEET", "number_cell"]

#: the hidden sheet holding the game file (its name is the same in every language)
GAME_SHEET = "whistscore"
_MARKER = "whistscore game file"
_LAYOUT_VERSION = 1
#: code points per chunk of the game text: at most 32,000 UTF-16 units even if
#: every character is outside the BMP, under Excel's 32,767 per cell
_CHUNK = 16_000
_MAX_CELL_UNITS = 32_767
_MAX_COMMENT_ENTRIES = 12  # of a running total, the latest
_MAX_DEAL_ENTRIES = 60  # a deal's own entries on the Deals tab
_MAX_WIDTH = 50
_MIN_WIDTH = 6
_HEADER_WRAP = 8  # a header longer than this wraps at its spaces
_NOTE_WIDTH = 40

#: characters XML 1.0 cannot carry (a note may hold them; the sheet shows U+FFFD)
_UNSAFE_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
#: first characters a spreadsheet would read as the start of a formula
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

_INT = "0"
_SIGNED_INT = "+0;-0;0"
_THIN = Side(style="thin", color="808080")
_HEADER_FONT = Font(bold=True)
_HEADER_FILL = PatternFill("solid", fgColor="DCE6F1")
_HEADER_BORDER = Border(bottom=_THIN)
_HEADER_ALIGN = Alignment(horizontal="center", vertical="center", wrap_text=True)
_TITLE_FONT = Font(bold=True, size=13)
_WRAP = Alignment(wrap_text=True, vertical="top")
_NOTE_FONT = Font(italic=True, color="595959")
_TOTAL_BORDER = Border(top=_THIN)
_STYLE_FONTS = {
    "total": Font(bold=True),
    "crossed": Font(strike=True, color="808080"),
    "spent": Font(italic=True, color="808080"),
    "note": Font(italic=True),
}


# -- numbers and text -----------------------------------------------------------

def _decimal_places(denominator: int) -> int | None:
    """Digits after the point of p/denominator, or None if the expansion never ends."""
    twos = fives = 0
    while denominator % 2 == 0:
        denominator //= 2
        twos += 1
    while denominator % 5 == 0:
        denominator //= 5
        fives += 1
    return max(twos, fives) if denominator == 1 else None


def _decimal_format(places: int, signed: bool) -> str:
    body = "0." + "0" * places if places else "0"
    return f"+{body};-{body};0" if signed else body


def _fraction_format(denominator: int, signed: bool) -> str:
    digits = "?" * len(str(denominator))
    body = f"# {digits}/{denominator}"
    return f"+{body};-{body};0" if signed else body


def number_cell(value: Any, signed: bool = False) -> tuple[Any, str | None]:
    """What a cell holds for an exact number, and the number format that shows it exactly.

    Returns ``(value, format)``; a value that cannot be shown exactly as a
    number comes back as text with format ``None``.
    """
    if isinstance(value, Decimal):
        places = max(0, -value.as_tuple().exponent) if value.is_finite() else 0
        return float(value), _decimal_format(places, signed)
    value = plain_number(value)
    if isinstance(value, int):
        if abs(value) >= 10 ** 15:  # beyond a double's exact digits
            return str(value), None
        return value, _SIGNED_INT if signed else _INT
    places = _decimal_places(value.denominator)
    if places is not None and places <= 6 and abs(value) < 10 ** 9:
        return float(value), _decimal_format(places, signed)
    if value.denominator < 10_000 and abs(value) < 10 ** 9:
        return float(value), _fraction_format(value.denominator, signed)
    return str(value), None


def _utf16_units(s: str) -> int:
    return len(s) + sum(1 for ch in s if ord(ch) > 0xFFFF)


def _safe_text(s: str, cut_note: str = "…") -> str:
    s = _UNSAFE_XML.sub("\ufffd", s)
    if len(s) > _MAX_CELL_UNITS // 2 and _utf16_units(s) > _MAX_CELL_UNITS:
        keep = _MAX_CELL_UNITS // 2 - len(cut_note) - 2
        s = s[:keep] + " " + cut_note
    return s


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, Fraction, Decimal)) and not isinstance(value, bool)


class _Writer:
    """Writes cells of one worksheet, remembering how wide each column must be."""

    def __init__(self, ws, kind: Any, lang: str) -> None:
        self.ws = ws
        self.kind = kind
        self.lang = lang
        self.widths: dict[int, int] = {}
        self.headers: list[tuple[int, int, list[str]]] = []
        self._cut = text(Label("xl.cut"), kind, lang)

    def put(self, row: int, col: int, value: Any, *, signed: bool = False,
            measure: bool = True):
        """Write one value: a number, a label, text or nothing."""
        cell = self.ws.cell(row=row, column=col)
        if isinstance(value, (Label, Phrase)):
            value = text(value, self.kind, self.lang)
        if value is None:
            return cell
        if _is_number(value):
            number, fmt = number_cell(value, signed)
            if fmt is None:
                self._text(cell, number)
                cell.alignment = Alignment(horizontal="right")
            else:
                cell.value = number
                cell.number_format = fmt
            shown = _shown_number(value, signed)
        else:
            shown = self._text(cell, value if isinstance(value, str) else str(value))
        if measure:
            longest = max((len(part) for part in shown.split("\n")), default=0)
            if longest > self.widths.get(col, 0):
                self.widths[col] = longest
        return cell

    def _text(self, cell, s: str) -> str:
        s = _safe_text(s, self._cut)
        cell.value = s
        cell.data_type = "s"  # never a formula, whatever the text starts with
        if s.startswith(_FORMULA_START):
            cell.quotePrefix = True
        return s

    def header(self, row: int, values: Sequence[Any], first_col: int = 1) -> None:
        """A header row; a long header wraps onto a second line rather than widen its column."""
        for i, value in enumerate(values):
            col = first_col + i
            cell = self.put(row, col, value, measure=False)
            cell.font = _HEADER_FONT
            cell.fill = _HEADER_FILL
            cell.border = _HEADER_BORDER
            cell.alignment = _HEADER_ALIGN
            words = str(cell.value or "").split()
            if words:
                need = max(min(len(" ".join(words)), _HEADER_WRAP), max(map(len, words)))
                self.widths[col] = max(self.widths.get(col, 0), need)
                self.headers.append((row, col, words))

    def title(self, row: int, value: Any) -> None:
        cell = self.put(row, 1, value, measure=False)
        cell.font = _TITLE_FONT

    def fit_columns(self) -> None:
        final = {}
        for col, width in self.widths.items():
            final[col] = max(_MIN_WIDTH, min(_MAX_WIDTH, width + 2))
            self.ws.column_dimensions[get_column_letter(col)].width = final[col]
        lines: dict[int, int] = {}
        for row, col, words in self.headers:
            lines[row] = max(lines.get(row, 1), _wrapped_lines(words, final[col] - 1))
        for row, count in lines.items():
            if count > 1:
                self.ws.row_dimensions[row].height = 15 * count


def _wrapped_lines(words: Sequence[str], width: int) -> int:
    count, used = 1, 0
    for word in words:
        if used and used + 1 + len(word) > width:
            count, used = count + 1, len(word)
        else:
            used += len(word) + (1 if used else 0)
    return count


def _shown_number(value: Any, signed: bool) -> str:
    if isinstance(value, Decimal):
        shown = str(value)
    else:
        value = plain_number(value)
        if isinstance(value, int):
            shown = str(value)
        else:
            places = _decimal_places(value.denominator)
            if places is not None and places <= 6:
                shown = f"{float(value):.{places}f}"
            else:  # "20 1/3" takes about as much room as "61/3" plus the whole part
                shown = f"{abs(value.numerator) // value.denominator} {value}"
    if signed and not shown.startswith("-"):
        shown = "+" + shown
    return shown


def _comment_text(entries: Sequence[Entry], kind: Any, lang: str, limit: int) -> str:
    """The entries behind a number; of a long running total, the latest ones."""
    shown = entries[-limit:]
    lines = [explain(e, kind, lang) for e in shown]
    earlier = entries[:-limit]
    if earlier:
        lines.insert(0, text(Label("xl.more", (len(earlier), earlier[0].deal, earlier[-1].deal)),
                             kind, lang))
    return _UNSAFE_XML.sub("\ufffd", "\n".join(lines))


def _comment(entries: Sequence[Entry], kind: Any, lang: str,
             limit: int = _MAX_COMMENT_ENTRIES) -> Comment:
    body = _comment_text(entries, kind, lang, limit)
    lines = body.count("\n") + 1
    comment = Comment(body, "whistscore")
    comment.width = 420
    comment.height = min(480, 24 + 16 * lines + 8 * (len(body) // 70))
    return comment


def _unsigned(total_cell) -> str:
    """The total's format without the plus: a float sum a hair above zero must not show "+0"."""
    return total_cell.number_format.replace("+", "")


def _print_setup(ws, title_rows: str | None) -> None:
    ws.page_setup.orientation = "landscape"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    if title_rows:
        ws.print_title_rows = title_rows
    ws.oddFooter.center.text = "&P / &N"
    ws.oddHeader.center.text = "&A"


# -- the sheets -------------------------------------------------------------------

def _sheet(ws, tables: Iterable[Table], kind: Any, lang: str) -> None:
    """The game's own score sheet: each table under the last, titled, with comments."""
    w = _Writer(ws, kind, lang)
    row = 1
    first_header = None
    for table in tables:
        if table.title is not None:
            w.title(row, table.title)
            row += 1
        w.header(row, table.header)
        first_header = first_header or row
        row += 1
        for cells in table.rows:
            explained: list[tuple] = []  # the same entries are explained once per row
            for col, cell in enumerate(cells, 1):
                value = cell.value if isinstance(cell, Cell) else cell
                out = w.put(row, col, value)
                if not isinstance(cell, Cell):
                    continue
                if cell.style in _STYLE_FONTS:
                    out.font = _STYLE_FONTS[cell.style]
                if cell.sources and not _seen(cell.sources, explained):
                    explained.append(cell.sources)
                    out.comment = _comment(cell.sources, kind, lang)
            row += 1
        row += 1  # a blank row between tables
    w.fit_columns()
    first_header = first_header or 1
    ws.freeze_panes = f"B{first_header + 1}"
    _print_setup(ws, f"1:{first_header}")


def _plain_cells(table: Table) -> Table:
    """The table without its comments: a row of the by-deal tab is one deal, whose
    entries the Deals tab already explains (a comment per changed cell would double
    the export's time)."""
    rows = tuple(tuple(Cell(c.value, (), c.style) for c in row) for row in table.rows)
    return Table(table.title, table.header, rows, table.key)


def _seen(sources: tuple, explained: list[tuple]) -> bool:
    # tuple equality checks identity first, so this stays cheap for long running totals
    return any(len(e) == len(sources) and e == sources for e in explained)


def _deals(ws, rp: Replay, s: Settlement, kind: Any, lang: str, check: bool) -> tuple[int, int]:
    """One row per deal; returns (first running-balance column, number of deals)."""
    game = rp.game
    players = game.players
    n = len(players)
    w = _Writer(ws, kind, lang)
    header: list[Any] = [Label("deal"), Label("dealer"), Label("notation"), Label("result")]
    header += [Label("change", (p,)) for p in players]
    header += [Label("running", (p,)) for p in players]
    header.append(Label("note"))
    timed = any(record.at is not None for record in game.deals)
    if timed:
        header.append(Label("xl.at"))
    w.header(1, header)
    first_change = 5
    first_running = first_change + n
    note_col = first_running + n
    previous = {p: Fraction(0) for p in players}
    row = 1
    for result in rp.results:
        row += 1
        w.put(row, 1, result.number)
        w.put(row, 2, result.dealer)
        notation = w.put(row, 3, game.notation(result.record))
        if result.entries:
            notation.comment = _comment(result.entries, kind, lang, _MAX_DEAL_ENTRIES)
        w.put(row, 4, kind.describe_result(result.record.deal, result.outcome, result.context)
              or None)
        after = result.balance or {}
        for i, p in enumerate(players):
            now = Fraction(after.get(p, 0))
            w.put(row, first_change + i, now - previous[p], signed=True)
            w.put(row, first_running + i, now, signed=True)
            previous[p] = now
        if timed and result.record.at is not None:
            w.put(row, note_col + 1, result.record.at.replace("T", " "))
        if result.record.note:
            note = w.put(row, note_col, result.record.note)
            note.font = _NOTE_FONT
            note.alignment = _WRAP
            lines = _wrapped_lines(str(note.value).split(), _NOTE_WIDTH)
            if lines > 1:
                ws.row_dimensions[row].height = 15 * min(lines, 20)
    last = row
    row += 1
    total = w.put(row, 1, Label("total"), measure=False)
    total.font = _STYLE_FONTS["total"]
    for i, p in enumerate(players):
        cell = w.put(row, first_change + i, s.balance[p], signed=True)
        cell.font = _STYLE_FONTS["total"]
        cell.border = _TOTAL_BORDER
    if check and last >= 2:
        row += 1
        w.put(row, 1, Label("check"), measure=False).font = _NOTE_FONT
        for col in range(first_change, first_change + n):
            letter = get_column_letter(col)
            cell = ws.cell(row=row, column=col, value=f"=SUM({letter}2:{letter}{last})")
            cell.number_format = _unsigned(ws.cell(row=row - 1, column=col))
            cell.font = _NOTE_FONT
    w.widths[note_col] = min(w.widths.get(note_col, 0), _NOTE_WIDTH)
    w.fit_columns()
    ws.freeze_panes = "B2"
    _print_setup(ws, "1:1")
    return first_running, len(rp.results)


def _pairwise(rp: Replay, balance: dict[str, Fraction]) -> dict[tuple[str, str], Fraction]:
    """What each player wins (+) or loses (-) against each other one.

    A game may say how its paper settles pair by pair (an optional
    ``pairwise_settlement(replay)`` method returning ``{(row, column): amount}``);
    otherwise every pair settles its share (b_i - b_j) / N, which adds up to
    each player's balance.
    """
    own = rp.game.kind.pairwise_settlement(rp)
    if own is not None:
        return {pair: Fraction(v) for pair, v in own.items()}
    players = rp.game.players
    n = len(players)
    return {(a, b): Fraction(balance[a] - balance[b], n)
            for a in players for b in players if a != b}


def _settlement(ws, rp: Replay, s: Settlement, kind: Any, lang: str, check: bool) -> None:
    players = s.players
    w = _Writer(ws, kind, lang)
    unit = text(Label(f"unit.{s.unit}"), kind, lang)
    w.title(1, f"{kind.title}: {', '.join(players)}")
    state = text(Label("finished" if s.finished else "unfinished"), kind, lang)
    summary = text(Label("xl.summary", (s.deals, state, unit)), kind, lang)
    if s.stake is not None:
        stake = f"{s.stake} {s.currency}" if s.currency else str(s.stake)
        summary += "; " + text(Label("xl.stake", (stake,)), kind, lang)
    w.put(2, 1, summary, measure=False)

    # balances (and money)
    header: list[Any] = [Label("player"), Label("xl.balance_in", (unit,))]
    if s.money is not None:
        header.append(Label("xl.money_in", (s.currency,)) if s.currency else Label("money"))
    w.header(4, header)
    row = 4
    for p in players:
        row += 1
        w.put(row, 1, p)
        w.put(row, 2, s.balance[p], signed=True)
        if s.money is not None:
            w.put(row, 3, s.money[p], signed=True)
    row += 1
    w.put(row, 1, Label("total")).font = _STYLE_FONTS["total"]
    cols = 3 if s.money is not None else 2
    totals = [sum(s.balance.values(), Fraction(0))]
    if s.money is not None:
        totals.append(sum(s.money.values(), Decimal(0)))
    for col, value in enumerate(totals, 2):
        cell = w.put(row, col, value, signed=True)
        cell.font = _STYLE_FONTS["total"]
        cell.border = _TOTAL_BORDER
    if check:
        row += 1
        w.put(row, 1, Label("check")).font = _NOTE_FONT
        for col in range(2, cols + 1):
            letter = get_column_letter(col)
            cell = ws.cell(row=row, column=col, value=f"=SUM({letter}5:{letter}{4 + len(players)})")
            cell.number_format = _unsigned(ws.cell(row=row - 1, column=col))
            cell.font = _NOTE_FONT

    # each with each
    row += 2
    w.title(row, Label("xl.pairwise", (unit,)))
    row += 1
    w.header(row, [Label("player"), *players, Label("total")])
    pairs = _pairwise(rp, dict(s.balance))
    for p in players:
        row += 1
        w.put(row, 1, p)
        for j, q in enumerate(players, 2):
            if p != q:
                w.put(row, j, pairs.get((p, q), Fraction(0)), signed=True)
        cell = w.put(row, len(players) + 2, sum((pairs.get((p, q), 0) for q in players
                                                  if q != p), Fraction(0)), signed=True)
        cell.font = _STYLE_FONTS["total"]

    # transfers
    row += 2
    w.title(row, Label("transfers"))
    row += 1
    amount = text(Label("amount"), kind, lang)
    amount_unit = s.currency if s.money is not None else unit
    w.header(row, [Label("from"), Label("to"),
                   f"{amount} ({amount_unit})" if amount_unit else amount])
    if not s.transfers:
        row += 1
        w.put(row, 1, Label("xl.no_transfers"), measure=False).font = _NOTE_FONT
    for t in s.transfers:
        row += 1
        w.put(row, 1, t.payer)
        w.put(row, 2, t.payee)
        w.put(row, 3, t.amount)
    row += 2
    played = rp.game.played_on()
    w.put(row, 1, Label("dates", (played,)) if played else Label("xl.no_date"),
          measure=False).font = _NOTE_FONT
    w.fit_columns()
    ws.freeze_panes = "A5"
    _print_setup(ws, "1:2")


def _chart(wb, deals_ws, first_running: int, count: int, players: Sequence[str],
           kind: Any, lang: str, title: str, unit: str) -> None:
    chart = LineChart()
    chart.title = text(Label("chart"), kind, lang)
    chart.y_axis.title = unit
    chart.x_axis.title = text(Label("deal"), kind, lang)
    chart.x_axis.delete = False  # openpyxl 3.1 hides both axes unless told
    chart.y_axis.delete = False
    chart.x_axis.tickLblPos = "low"  # deal numbers under the plot, not on the zero line
    chart.legend.position = "b"
    if count:
        for i, name in enumerate(players):
            data = Reference(deals_ws, min_col=first_running + i, min_row=2, max_row=count + 1)
            chart.add_data(data)
            chart.series[-1].tx = SeriesLabel(v=_UNSAFE_XML.sub("\ufffd", name))
        chart.set_categories(Reference(deals_ws, min_col=1, min_row=2, max_row=count + 1))
        if count > 30:
            chart.x_axis.tickLblSkip = max(1, count // 20)
            chart.x_axis.tickMarkSkip = max(1, count // 20)
        for series in chart.series:
            series.smooth = False
            series.marker.symbol = "none" if count > 40 else "circle"
    # A worksheet holding only the chart rather than an Excel chartsheet:
    # LibreOffice does not show an openpyxl chartsheet, while this prints anywhere.
    sheet = wb.create_sheet(title)
    chart.width = 27  # cm: a landscape A4 page
    chart.height = 16
    sheet.add_chart(chart, "A1")
    _print_setup(sheet, None)


def _game_sheet(wb, game_text: str) -> None:
    """The game file's exact text, in chunks; escaped only if XML cannot carry it raw."""
    ws = wb.create_sheet(GAME_SHEET)
    ws.sheet_state = "hidden"
    encoding = "raw"
    stored = game_text
    if _UNSAFE_XML.search(stored) or "\r" in stored:
        encoding = "json"
        stored = json.dumps(game_text, ensure_ascii=True)
    chunks = [stored[i:i + _CHUNK] for i in range(0, len(stored), _CHUNK)] or [""]
    digest = hashlib.sha256(game_text.encode("utf-8", "surrogatepass")).hexdigest()
    head = [("marker", _MARKER), ("layout", _LAYOUT_VERSION), ("encoding", encoding),
            ("characters", len(game_text)), ("sha256", digest), ("chunks", len(chunks))]
    for r, (key, value) in enumerate(head, 1):
        ws.cell(row=r, column=1, value=key)
        ws.cell(row=r, column=2, value=value)
    for i, chunk in enumerate(chunks):
        cell = ws.cell(row=len(head) + 1 + i, column=2)
        cell.value = chunk
        cell.data_type = "s"
        ws.cell(row=len(head) + 1 + i, column=1, value=f"part {i + 1}")
    ws.protection.sheet = True


def _properties(wb, game: Game, s: Settlement, kind: Any, lang: str) -> None:
    props = wb.properties
    players = ", ".join(game.players)
    named = f"{game.title}: " if game.title else ""
    props.title = _UNSAFE_XML.sub("\ufffd", f"{named}{kind.title}: {players}")
    props.subject = kind.title
    props.creator = "whistscore"
    props.keywords = _UNSAFE_XML.sub("\ufffd", players)
    props.category = "whistscore"
    state = text(Label("finished" if s.finished else "unfinished"), kind, lang)
    unit = text(Label(f"unit.{s.unit}"), kind, lang)
    played = game.played_on()
    dated = Label("dates", (played,)) if played else Label("xl.no_date")
    props.description = _UNSAFE_XML.sub(
        "\ufffd", f"{text(Label('xl.summary', (s.deals, state, unit)), kind, lang)}. "
                  f"{text(dated, kind, lang)}")


def _tab(key: str, kind: Any, lang: str) -> str:
    name = re.sub(r"[\[\]:*?/\\]", " ", str(text(Label(key), kind, lang)))[:31]
    return name


# -- the public calls ---------------------------------------------------------------

def export(game: Game, out_path: str | os.PathLike, *, lang: str = "en",
           check_formulas: bool = False) -> None:
    """Write the workbook of ``game`` to ``out_path`` (replaced atomically)."""
    if lang not in LANGS:
        raise InputError(f"unknown language (known: {', '.join(LANGS)})", field="lang",
                         value=lang)
    kind = game.kind
    rp = replay(game, history=True)
    s = settle(rp)
    unit = text(Label(f"unit.{s.unit}"), kind, lang)

    wb = openpyxl.Workbook()
    sheet_ws = wb.active
    sheet_ws.title = _tab("xl.tab.sheet", kind, lang)
    _sheet(sheet_ws, kind.sheet_tables(rp), kind, lang)
    deals_ws = wb.create_sheet(_tab("xl.tab.deals", kind, lang))
    first_running, count = _deals(deals_ws, rp, s, kind, lang, check_formulas)
    settle_ws = wb.create_sheet(_tab("xl.tab.settlement", kind, lang))
    _settlement(settle_ws, rp, s, kind, lang, check_formulas)
    _chart(wb, deals_ws, first_running, count, game.players, kind, lang,
           _tab("xl.tab.chart", kind, lang), unit)
    by_deal_ws = wb.create_sheet(_tab("xl.tab.by_deal", kind, lang))
    _sheet(by_deal_ws, [_plain_cells(running_table(rp))], kind, lang)
    _game_sheet(wb, journal.dumps(game))
    _properties(wb, game, s, kind, lang)
    wb.active = 0
    _save_atomic(wb, Path(out_path))


def _save_atomic(wb, path: Path) -> None:
    """The workbook is built in memory, then written by one plain write: a full
    disk fails that write (the temporary file is removed, the old file stays),
    and no half-closed zip is left to complain from its finalizer."""
    import io

    buffer = io.BytesIO()
    wb.save(buffer)
    data = buffer.getbuffer()
    with journal.replacing(path, field="out") as tmp:
        with open(tmp, "wb") as handle:
            handle.write(data)
            handle.flush()


# -- reading the game back ------------------------------------------------------------
#
# Only four parts of the zip are read (the workbook's sheet list, its
# relationships, the hidden game sheet and the shared strings), each through a
# streaming XML parser that refuses any DTD (so no entity expansion, no external
# entity) and counts bytes and elements against fixed budgets; openpyxl is not
# used here, so a crafted workbook cannot make it load a million empty rows.

#: the largest workbook file imported
MAX_BOOK_BYTES = journal.MAX_FILE_BYTES
#: the most one part of the zip may hold uncompressed, and all parts read together
MAX_PART_BYTES = 2 * journal.MAX_FILE_BYTES
MAX_TOTAL_BYTES = 3 * journal.MAX_FILE_BYTES
#: the most entries the zip may list (whistscore writes about 20)
MAX_ENTRIES = 1000
#: XML elements read in all (each costs a few microseconds: the budget keeps a
#: refusal under a second): the game sheet of the largest game file has about
#: 25,000 (ASCII-escaped text, 3 times as long, about 60,000); a workbook re-saved
#: by a spreadsheet program adds two per shared string
MAX_ELEMENTS = 100_000
#: the highest shared string the game sheet may use (whistscore writes none; a
#: spreadsheet program that re-saves the workbook moves all text there, about two
#: strings per deal)
MAX_SHARED_INDEX = 20_000
#: rows of the hidden sheet: the header and the parts of the longest game file
MAX_GAME_ROWS = 6 + (3 * journal.MAX_FILE_BYTES) // _CHUNK + 1


class _Damaged(Exception):
    """Inside the reader: why the workbook cannot be imported."""


class _Budget:
    def __init__(self) -> None:
        self.bytes = 0
        self.elements = 0

    def over(self) -> None:
        raise _Damaged(f"it holds more than {MAX_ELEMENTS:,} XML elements, far more than "
                       "a whistscore workbook")


def _zip_entries(data: bytes) -> int | None:
    """The number of entries the zip's end record declares (None: no end record)."""
    import struct

    tail = data[-(65535 + 22):]
    at = tail.rfind(b"PK\x05\x06")
    if at < 0 or at + 22 > len(tail):
        return None
    return struct.unpack("<H", tail[at + 10:at + 12])[0]


def _open_zip(path: Path, field: str):
    import io
    import zipfile

    data = journal.read_bytes(path, field=field, what="workbook", limit=MAX_BOOK_BYTES)
    entries = _zip_entries(data)
    if entries is None:
        raise _Damaged("it is not a zip archive (an .xlsx workbook is one)")
    if entries > MAX_ENTRIES:
        raise _Damaged(f"its zip lists {entries} parts, more than a whistscore workbook has")
    try:
        return zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, OSError, EOFError, NotImplementedError) as exc:
        raise _Damaged(f"its zip cannot be read ({exc})") from None


def _parse_part(book, name: str, budget: _Budget, start, end=None, text=None) -> None:
    """Stream one part through expat with the handlers given; no DTD, bounded size."""
    import pyexpat
    import zipfile

    try:
        info = book.getinfo(name)
    except KeyError:
        raise _Damaged(f"the part {name} is missing") from None
    if info.file_size > MAX_PART_BYTES or budget.bytes + info.file_size > MAX_TOTAL_BYTES:
        raise _Damaged(f"the part {name} declares {info.file_size:,} bytes, more than "
                       "whistscore reads")
    parser = pyexpat.ParserCreate()
    parser.buffer_text = True

    def no_dtd(*_args) -> None:
        raise _Damaged("it holds an XML document type declaration (a DTD); "
                       "whistscore never writes one")

    parser.StartDoctypeDeclHandler = no_dtd
    parser.EntityDeclHandler = no_dtd
    parser.ExternalEntityRefHandler = no_dtd

    parser.StartElementHandler = start  # each counts budget.elements itself (speed)
    if end is not None:
        parser.EndElementHandler = end
    if text is not None:
        parser.CharacterDataHandler = text
    try:
        with book.open(info) as stream:
            while True:
                chunk = stream.read(1 << 16)
                if not chunk:
                    break
                budget.bytes += len(chunk)
                if budget.bytes > MAX_TOTAL_BYTES or stream.tell() > MAX_PART_BYTES:
                    raise _Damaged(f"the part {name} is larger than whistscore reads")
                parser.Parse(chunk, False)
            parser.Parse(b"", True)
    except _Stop:
        return
    except pyexpat.ExpatError as exc:
        raise _Damaged(f"the part {name} is not well-formed XML ({exc})") from None
    except (zipfile.BadZipFile, OSError, EOFError, NotImplementedError, RuntimeError,
            ValueError) as exc:
        raise _Damaged(f"the part {name} cannot be unpacked ({exc})") from None


class _Stop(Exception):
    """Everything needed from a part has been read."""


def _local(tag: str) -> str:
    return tag.rsplit(":", 1)[-1]


def _attr(attrs: dict, name: str) -> str | None:
    for key, value in attrs.items():
        if key == name or key.endswith(":" + name):
            return value
    return None


def _game_sheet_part(book, budget: _Budget) -> str | None:
    """The zip path of the sheet named GAME_SHEET (None: the workbook has none)."""
    found: dict = {}

    def sheet(tag, attrs) -> None:
        budget.elements += 1
        if budget.elements > MAX_ELEMENTS:
            budget.over()
        if _local(tag) == "sheet" and attrs.get("name") == GAME_SHEET:
            found["id"] = _attr(attrs, "id")
            raise _Stop

    _parse_part(book, "xl/workbook.xml", budget, sheet)
    if "id" not in found:
        return None
    targets = _relations(book, budget)
    target = targets.get(found["id"])
    if target is None:
        raise _Damaged(f"the sheet '{GAME_SHEET}' has no part")
    return target


def _relations(book, budget: _Budget) -> dict[str, str]:
    """The workbook's relationships: id -> zip path (and "sharedStrings" -> its path)."""
    import posixpath

    targets: dict[str, str] = {}

    def rel(tag, attrs) -> None:
        budget.elements += 1
        if budget.elements > MAX_ELEMENTS:
            budget.over()
        if _local(tag) != "Relationship":
            return
        target = attrs.get("Target", "")
        path = target[1:] if target.startswith("/") else posixpath.normpath(
            posixpath.join("xl", target))
        targets[attrs.get("Id", "")] = path
        if attrs.get("Type", "").endswith("/sharedStrings"):
            targets["sharedStrings"] = path

    _parse_part(book, "xl/_rels/workbook.xml.rels", budget, rel)
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


def _sheet_cells(book, part: str, budget: _Budget) -> list[list]:
    """Columns A and B of each row of the game sheet, as (type, text) pairs."""
    rows: list[list] = []
    state: dict = {"col": 0, "cell": None, "in": None, "buf": []}

    def start(tag, attrs) -> None:
        budget.elements += 1
        if budget.elements > MAX_ELEMENTS:
            budget.over()
        name = _local(tag)
        if name == "row":
            if len(rows) >= MAX_GAME_ROWS:
                raise _Damaged(f"the game sheet has more than {MAX_GAME_ROWS:,} rows")
            rows.append([None, None])
            state["col"] = 0
        elif name == "c" and rows:
            col = _column(attrs.get("r"))
            state["col"] = col if col is not None else state["col"] + 1
            state["cell"] = [attrs.get("t", "n"), None] if state["col"] <= 2 else None
        elif name in ("v", "t") and state["cell"] is not None:
            state["in"] = name
            state["buf"] = []

    def end(tag) -> None:
        name = _local(tag)
        if name in ("v", "t") and state["in"] == name and state["cell"] is not None:
            got = "".join(state["buf"])
            cell = state["cell"]
            cell[1] = got if cell[1] is None else cell[1] + got
            state["in"] = None
        elif name == "c" and state["cell"] is not None:
            rows[-1][state["col"] - 1] = tuple(state["cell"])
            state["cell"] = None

    def text(data) -> None:
        if state["in"] is not None:
            state["buf"].append(data)

    _parse_part(book, part, budget, start, end, text)
    return rows


def _shared_strings(book, part: str, wanted: set[int], budget: _Budget) -> dict[int, str]:
    """Only the shared strings the game sheet uses; reading stops after the last."""
    out: dict[int, str] = {}
    last = max(wanted) if wanted else -1
    state: dict = {"index": -1, "depth": 0, "in_t": False, "buf": None, "skip": 0}

    def start(tag, attrs) -> None:
        budget.elements += 1
        if budget.elements > MAX_ELEMENTS:
            budget.over()
        name = _local(tag)
        if name == "si":
            if state["index"] >= last:
                raise _Stop
            state["index"] += 1
            state["buf"] = [] if state["index"] in wanted else None
        elif name == "rPh":  # a phonetic reading is not the cell's text
            state["skip"] += 1
        elif name == "t" and state["buf"] is not None and not state["skip"]:
            state["in_t"] = True

    def end(tag) -> None:
        name = _local(tag)
        if name == "t":
            state["in_t"] = False
        elif name == "rPh":
            state["skip"] -= 1
        elif name == "si" and state["buf"] is not None:
            out[state["index"]] = "".join(state["buf"])
            state["buf"] = None

    def text(data) -> None:
        if state["in_t"]:
            state["buf"].append(data)

    if wanted:
        _parse_part(book, part, budget, start, end, text)
    return out


def _cell_value(cell, strings: dict[int, str]):
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


def written_by_whistscore(path: str | os.PathLike) -> bool:
    """Whether ``path`` is a workbook carrying a whistscore game sheet (export may
    replace it without --force)."""
    try:
        book = _open_zip(Path(path), "out")
        with book:
            return _game_sheet_part(book, _Budget()) is not None
    except (_Damaged, InputError):
        return False


def import_text(book_path: str | os.PathLike) -> str:
    """The exact game file text an exported workbook carries.

    Refused with a :class:`GameFileError` naming the workbook: a file that is
    not a workbook, one without the hidden game sheet, and any workbook larger
    than the budgets above (checked from the zip's declared sizes first, then
    while reading), within a fraction of a second and in memory a small
    multiple of the game file.
    """
    name = journal._path_arg(book_path, "book")
    path = Path(name)

    def damaged(why: str) -> GameFileError:
        return GameFileError(f"not an Excel workbook, or a damaged one: {why}",
                             field="book", value=name)

    budget = _Budget()
    try:
        book = _open_zip(path, "book")
        with book:
            part = _game_sheet_part(book, budget)
            if part is None:
                raise GameFileError(f"the workbook carries no game file (no hidden sheet "
                                    f"'{GAME_SHEET}'; was it exported by whistscore?)",
                                    field="book", value=name)
            cells = _sheet_cells(book, part, budget)
            wanted = set()
            for row in cells:
                for cell in row:
                    if cell is not None and cell[0] == "s" and cell[1] is not None:
                        if not re.fullmatch(r"[0-9]{1,9}", cell[1].strip()):
                            raise _Damaged("a cell of the game sheet points at no text")
                        wanted.add(int(cell[1]))
            if wanted and max(wanted) > MAX_SHARED_INDEX:
                raise _Damaged(f"the game sheet uses shared strings past the first "
                               f"{MAX_SHARED_INDEX:,}")
            strings = _shared_strings(book, _relations(book, budget).get(
                "sharedStrings", "xl/sharedStrings.xml"), wanted, budget) if wanted else {}
    except _Damaged as exc:
        raise damaged(str(exc)) from None
    rows = [tuple(_cell_value(c, strings) for c in row) for row in cells]
    if not rows or rows[0][:2] != ("marker", _MARKER):
        raise GameFileError(f"the workbook carries no game file (the sheet '{GAME_SHEET}' "
                            "does not start with whistscore's marker)", field="book", value=name)
    return _decode(rows, path)


def _decode(rows: list[tuple], path: Path) -> str:
    def damaged(why: str) -> GameFileError:
        return GameFileError(f"the game file in the workbook is damaged: {why}",
                             field="book", value=str(path))

    head = {}
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
