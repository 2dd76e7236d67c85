"""The one module that talks to the workbook library: openpyxl, through its public API.

Everything else in :mod:`whistscore.excel` describes a workbook in the plain
values defined here: a :class:`Sheet` is a grid of cells (a value, a
:class:`Look`, a number format), comments, column widths, row heights,
merged title rows, frozen panes, a :class:`PrintSetup`, perhaps a
:class:`Chart`; :func:`write` turns a list of sheets and the document
:class:`Properties` into the bytes of an ``.xlsx``.  A tab-maker (the game's
tabs here, a club's standings elsewhere) fills sheets and never sees
openpyxl; a different library would replace only this module.

The sheets are written in openpyxl's write-only mode (``Workbook(write_only=True)``),
which streams each row into the sheet's XML as it is appended: a long game
(40,000 cells, 7,000 comments) never exists as openpyxl cell objects.  Giving
a cell its style through openpyxl's style setters hashes the font, fill,
border and alignment objects each time (a third of the export for a long
game), so every look gets one styled :func:`~openpyxl.cell.WriteOnlyCell` per
sheet, and each row is appended as a generator that sets that cell's value
just before openpyxl writes it; openpyxl's own write-only rows reuse one cell
object the same way (``WriteOnlyWorksheet._values_to_row``), and
``tests/test_excel.py`` reads every cell back.

Two choices keep what is written exact: a float is handed to openpyxl as its
shortest text (``repr``) marked as a number, because openpyxl writes numbers
with 16 significant digits, which does not always read back as the same
double (``-61/3``); and text is always marked as text, never read as a formula
whatever it starts with.
"""

from __future__ import annotations

import functools
import io
from typing import Any, Iterator, NamedTuple, Sequence, Union

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import Cell as XlCell
from openpyxl.chart import BarChart, Reference, ScatterChart, Series
from openpyxl.chart.axis import NumericAxis
from openpyxl.chart.series import SeriesLabel
from openpyxl.comments import Comment
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.cell_range import CellRange
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet

__all__ = ["Bars", "Look", "Formula", "Sheet", "PrintSetup", "Chart", "Line", "Properties", "write",
           "PLAIN"]


class Look(NamedTuple):
    """How a cell looks: its font, fill, lines and alignment (colours as ``RRGGBB``).

    A field left at its default is not set at all, so the spreadsheet's own
    default applies (the font's name and size, the alignment of a number).
    """

    bold: bool = False
    italic: bool = False
    strike: bool = False
    size: float | None = None
    color: str | None = None
    fill: str | None = None  # a solid background
    line_above: bool = False  # a thin grey line
    line_below: bool = False
    align: str | None = None  # "left", "right", "center"
    indent: int = 0
    vertical: str | None = None  # "top", "center"
    wrap: bool = False


#: a cell without a look of its own
PLAIN = Look()


class Formula(NamedTuple):
    """A cell's formula, without the ``=`` (``SUM(E2:E14)``)."""

    text: str


#: what a cell holds: a number, text (always text), a formula, or nothing (a styled blank)
Value = Union[int, float, str, Formula, None]
#: a cell as a sheet keeps it: (value, look, number format, quote prefix)
_Cell = tuple[Value, Look, Union[str, None], bool]


class PrintSetup(NamedTuple):
    """How a sheet prints: landscape A4, one page wide, as many pages tall as needed,
    ``title_rows`` (``"1:2"``) repeated on each page, the tab's name in the header
    and "page / pages" in the footer (Excel's codes ``&A``, ``&P``, ``&N``)."""

    title_rows: str | None = None
    header: str = "&A"
    footer: str = "&P / &N"


class Line(NamedTuple):
    """One line of a chart: y over x, both columns of sheet ``sheet`` in rows
    ``first_row`` to ``last_row``; ``name`` is a literal legend name."""

    name: str
    sheet: str
    x_column: int
    y_column: int
    first_row: int
    last_row: int


class Chart(NamedTuple):
    """A scatter chart with straight lines over a numeric x axis from 0 to ``x_max``
    (labels every ``x_step``), the legend at the bottom; ``markers``: a circle at
    each point. ``width`` and ``height`` in centimetres."""

    title: str
    x_title: str
    y_title: str
    x_max: int
    x_step: int
    lines: Sequence[Line]
    markers: bool
    width: int = 27
    height: int = 16


class Bars(NamedTuple):
    """Horizontal bars stacked, one bar per row of this sheet (``first_row`` to
    ``last_row``), labelled by the text of ``label_column``; each of ``series`` (legend
    name, column) one part of every bar, in its order (made, then failed); drawn with
    its top left corner at ``anchor`` ("G4"), ``width`` and ``height`` in centimetres."""

    title: str
    label_column: int
    first_row: int
    last_row: int
    series: Sequence[tuple[str, int]]
    anchor: str
    width: float = 12
    height: float = 6


class Properties(NamedTuple):
    """The document's properties (File > Properties)."""

    title: str
    subject: str
    creator: str
    keywords: str
    category: str
    language: str
    description: str


class Sheet:
    """One tab: cells by row and column (1-based), and how the tab is shown and printed.

    Set everything before :func:`write`; nothing here is written until then.
    """

    def __init__(self, title: str) -> None:
        self.title = title
        self.rows: dict[int, dict[int, _Cell]] = {}
        #: (row, column) -> (text, width and height of its box in pixels)
        self.comments: dict[tuple[int, int], tuple[str, int, int]] = {}
        self.widths: dict[int, float] = {}  # column -> width in characters
        self.heights: dict[int, float] = {}  # row -> height in points
        self.merged: list[tuple[int, int, int, int]] = []  # first row, col, last row, col
        self.freeze: str | None = None  # the first cell that scrolls ("B2")
        self.print_setup: PrintSetup | None = None
        self.chart: Chart | None = None  # drawn at A1
        self.bars: list[Bars] = []  # drawn beside the cells, each at its anchor
        self.hidden = False
        self.protected = False  # locked against editing, without a password

    def put(self, row: int, col: int, value: Value, look: Look = PLAIN,
            number_format: str | None = None, quote: bool = False) -> None:
        """Set one cell; ``quote``: Excel's quote prefix (retyping it keeps it text)."""
        cells = self.rows.get(row)
        if cells is None:
            cells = self.rows[row] = {}
        cells[col] = (value, look, number_format, quote)

    def comment(self, row: int, col: int, text: str, width: int = 420, height: int = 80) -> None:
        self.comments[row, col] = (text, width, height)


# -- writing ------------------------------------------------------------------------

_AUTHOR = "whistscore"


def _font(look: Look) -> Font | None:
    kwargs: dict[str, Any] = {}
    if look.bold:
        kwargs["bold"] = True
    if look.italic:
        kwargs["italic"] = True
    if look.strike:
        kwargs["strike"] = True
    if look.size is not None:
        kwargs["size"] = look.size
    if look.color is not None:
        kwargs["color"] = look.color
    return Font(**kwargs) if kwargs else None


def _alignment(look: Look) -> Alignment | None:
    kwargs: dict[str, Any] = {}
    if look.align is not None:
        kwargs["horizontal"] = look.align
    if look.vertical is not None:
        kwargs["vertical"] = look.vertical
    if look.wrap:
        kwargs["wrap_text"] = True
    if look.indent:
        kwargs["indent"] = look.indent
    return Alignment(**kwargs) if kwargs else None


_THIN = Side(style="thin", color="808080")


@functools.lru_cache(maxsize=256)
def _style(look: Look) -> tuple[Font | None, PatternFill | None, Border | None, Alignment | None]:
    """The openpyxl style objects of a look, made once (openpyxl never changes a style
    object it is given: a workbook keeps each in its own list of styles)."""
    fill = PatternFill("solid", fgColor=look.fill) if look.fill is not None else None
    border = (Border(top=_THIN if look.line_above else None,
                     bottom=_THIN if look.line_below else None)
              if look.line_above or look.line_below else None)
    return _font(look), fill, border, _alignment(look)


def _styled(ws: Worksheet, look: Look, number_format: str | None, quote: bool) -> XlCell:
    """The cell that carries one look of one sheet (its style registered once)."""
    cell = WriteOnlyCell(ws)
    font, fill, border, alignment = _style(look)
    if font is not None:
        cell.font = font
    if fill is not None:
        cell.fill = fill
    if border is not None:
        cell.border = border
    if alignment is not None:
        cell.alignment = alignment
    if number_format is not None:
        cell.number_format = number_format
    if quote:
        cell.quotePrefix = True
    return cell


def _row(ws: Worksheet, cells: dict[int, _Cell], notes: dict[int, tuple[str, int, int]] | None,
         styled: dict[tuple[Look, str | None, bool], XlCell]) -> Iterator[XlCell | None]:
    """The cells of one row for ``append``: the styled cell of each look, given the
    cell's value (and comment, ``notes`` by column) just before openpyxl writes it and
    asks for the next."""
    col = 0
    for c in sorted(cells):
        while col + 1 < c:
            col += 1
            yield None  # an empty column
        col = c
        value, look, number_format, quote = cells[c]
        key = (look, number_format, quote)
        cell = styled.get(key)
        if cell is None:
            cell = _styled(ws, look, number_format, quote)
            if cell.has_style:
                styled[key] = cell
            # openpyxl's row loop keeps an unstyled cell as its own and types the next
            # value with it: a cell without a style is never shared
        if type(value) is int:  # the common case first
            cell.value = value
        elif isinstance(value, float):
            cell.value = repr(value)  # the shortest text that reads back as this double
            cell.data_type = "n"
        elif isinstance(value, str):
            cell.value = value
            cell.data_type = "s"  # text, whatever it starts with
        elif isinstance(value, Formula):
            cell.value = "=" + value.text
        else:
            cell.value = value
        note = notes.get(c) if notes is not None else None
        if note is not None:
            cell.comment = Comment(note[0], _AUTHOR, height=note[2], width=note[1])
        yield cell
        if note is not None:
            cell.comment = None


def _print(ws: Worksheet, setup: PrintSetup) -> None:
    ws.page_setup.orientation = "landscape"
    ws.page_setup.paperSize = Worksheet.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    if ws.sheet_properties.pageSetUpPr is None:
        ws.sheet_properties.pageSetUpPr = PageSetupProperties()
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    if setup.title_rows:
        ws.print_title_rows = setup.title_rows
    for item, words in ((ws.oddHeader, setup.header), (ws.oddFooter, setup.footer)):
        if item is not None:  # openpyxl makes both with every sheet
            item.center.text = words


def _chart(ws: Worksheet, chart: Chart, sheets: dict[str, Worksheet]) -> None:
    drawn = ScatterChart()
    drawn.scatterStyle = "lineMarker"
    drawn.title = chart.title
    drawn.y_axis.title = chart.y_title
    drawn.x_axis.title = chart.x_title
    drawn.x_axis.delete = False  # openpyxl 3.1 hides both axes unless told
    drawn.y_axis.delete = False
    drawn.x_axis.tickLblPos = "low"  # x labels under the plot, not on the zero line
    drawn.x_axis.scaling.min = 0
    drawn.x_axis.scaling.max = chart.x_max
    assert isinstance(drawn.x_axis, NumericAxis)  # a scatter chart's x axis is numeric
    drawn.x_axis.majorUnit = chart.x_step
    if drawn.legend is not None:  # a new chart has one
        drawn.legend.position = "b"
    for line in chart.lines:
        source = sheets[line.sheet]
        xs = Reference(source, min_col=line.x_column, min_row=line.first_row,
                       max_row=line.last_row)
        ys = Reference(source, min_col=line.y_column, min_row=line.first_row,
                       max_row=line.last_row)
        series = Series(ys, xs)
        series.tx = SeriesLabel(v=line.name)
        series.smooth = False
        series.marker.symbol = "circle" if chart.markers else "none"
        drawn.series.append(series)
    drawn.width = chart.width
    drawn.height = chart.height
    ws.add_chart(drawn, "A1")


def _bars(ws: Worksheet, bars: Bars) -> None:
    drawn = BarChart()
    drawn.type = "bar"  # horizontal: a contract's label reads on its left
    drawn.grouping = "stacked"
    drawn.overlap = 100
    if bars.title:  # none: the table beside says what the bars are
        drawn.title = bars.title
    drawn.x_axis.delete = False  # openpyxl 3.1 hides both axes unless told
    drawn.y_axis.delete = False
    drawn.y_axis.majorUnit = 1  # counts: whole numbers
    drawn.x_axis.scaling.orientation = "maxMin"  # the first row on top, as in the table
    labels = Reference(ws, min_col=bars.label_column, min_row=bars.first_row,
                       max_row=bars.last_row)
    for name, column in bars.series:
        values = Reference(ws, min_col=column, min_row=bars.first_row, max_row=bars.last_row)
        series = Series(values, title=name)
        drawn.series.append(series)
    drawn.set_categories(labels)
    if drawn.legend is not None:
        drawn.legend.position = "b"
    drawn.width = bars.width  # type: ignore[assignment]  # openpyxl's stubs say int; cm
    drawn.height = bars.height
    ws.add_chart(drawn, bars.anchor)


def write(sheets: Sequence[Sheet], properties: Properties, active: int = 0) -> bytes:
    """The ``.xlsx`` file of ``sheets`` (in this order; ``active``: the tab it opens at)."""
    wb = Workbook(write_only=True)
    made: dict[str, Worksheet] = {}
    for sheet in sheets:
        ws = wb.create_sheet(sheet.title)
        made[sheet.title] = ws
    for sheet in sheets:
        ws = made[sheet.title]
        # a write-only sheet writes its columns and panes with its first row
        for col, width in sorted(sheet.widths.items()):
            ws.column_dimensions[get_column_letter(col)].width = width
        if sheet.freeze is not None:
            ws.freeze_panes = sheet.freeze
        if sheet.print_setup is not None:
            _print(ws, sheet.print_setup)
        if sheet.hidden:
            ws.sheet_state = "hidden"
        if sheet.protected:
            ws.protection.sheet = True
        for first_row, first_col, last_row, last_col in sheet.merged:
            ws.merged_cells.add(CellRange(min_row=first_row, min_col=first_col,
                                          max_row=last_row, max_col=last_col))
        for row, height in sheet.heights.items():
            if height:
                ws.row_dimensions[row].height = height
        if sheet.chart is not None:
            _chart(ws, sheet.chart, made)
        for bars in sheet.bars:
            _bars(ws, bars)
        styled: dict[tuple[Look, str | None, bool], XlCell] = {}
        rows = sheet.rows
        for row, col in sheet.comments:  # a comment needs a cell to hang on
            if col not in rows.get(row, {}):
                sheet.put(row, col, None)
        notes: dict[int, dict[int, tuple[str, int, int]]] = {}
        for (row, col), note in sheet.comments.items():
            notes.setdefault(row, {})[col] = note
        last = max(rows, default=0)
        for row in range(1, last + 1):
            cells = rows.get(row)
            # a generator, written cell by cell as it yields (openpyxl's stubs name only
            # the generator type itself)
            lazy: Any = _row(ws, cells, notes.get(row), styled) if cells else []
            ws.append(lazy)
    props = wb.properties
    props.title = properties.title
    props.subject = properties.subject
    props.creator = properties.creator
    props.keywords = properties.keywords
    props.category = properties.category
    props.language = properties.language
    props.description = properties.description
    wb.active = active
    buffer = io.BytesIO()
    wb.save(buffer)
    return buffer.getvalue()
