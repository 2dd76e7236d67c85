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
fraction (thirds are common with three players) is the nearest double shown
with a fixed-denominator fraction format (``20 1/3``, ``-2/3``) and the exact
fraction in the cell's comment, so charts and sums still work and no
``20.333333`` is ever shown.  Only what a double cannot show exactly (a
denominator above 9999, a value beyond 10**9, an integer beyond 10**15; no
game produces one) falls back to text such as ``"61/10007"``.  Every number
format is of one family: ``+x;-x;zero`` where a sign means something (balances,
changes, money), ``x`` where it does not (counts, amounts paid).

Text is never trusted: every string cell is written as a string (a name like
``=HYPERLINK(...)`` can never become a formula) and one starting with
``= + - @``, a tab or a carriage return also gets Excel's quote prefix, so
editing the cell in Excel keeps it text.  This is the only module that
imports openpyxl; ``import whistscore`` does not load it.

Printing is part of the design: every cell reads alone on paper (text is
indented from a number to its left, long text is cut with its whole in a
comment, a header wraps only between words), and a title never runs past
the columns of its table.  A 1,000-deal game exports in well under a second:
cells share one style record per look instead of style objects of their own,
and the comments (thousands in a long game) are written as plain XML.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import zipfile
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Iterable, NoReturn, Protocol, Sequence, TypeGuard, Union, cast
from xml.sax.saxutils import escape

import openpyxl
from openpyxl.cell.cell import Cell as XlCell
from openpyxl.chart import Reference, ScatterChart, Series
from openpyxl.chart.axis import NumericAxis
from openpyxl.chart.series import SeriesLabel
from openpyxl.packaging.relationship import Relationship
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.drawing.spreadsheet_drawing import SpreadsheetDrawing
from openpyxl.worksheet._writer import WorksheetWriter
from openpyxl.worksheet.dimensions import SheetDimension
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet
from openpyxl.writer.excel import ExcelWriter

from . import files, journal
from .errors import GameFileError, InputError
from .game import Game, GameType, Words
from .i18n import LANGS, explain, game_title, text
from .layout import Cell, Label, Phrase, Table
from .ledger import Amount, Entry, plain_number
from .replay import Replay, replay
from .running import running_table
from .settlement import Settlement, settle

__all__ = ["export", "import_text", "GAME_SHEET", "number_cell"]

#: the workbook is written for any registered game
AnyGame = GameType[Any, Any]
#: an exact number a cell may show
Number = Union[Amount, Decimal]
#: a cell of the hidden game sheet as read from its XML: (type, text)
_RawCell = tuple[str, Union[str, None]]
#: a value of the hidden game sheet as openpyxl would give it
_GameValue = Union[str, int, None]

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
_MAX_WIDTH = 50  # a column's widest (characters); longer text is cut, whole in a comment
_MIN_WIDTH = 6
_HEADER_WRAP = 8  # a header longer than this wraps at its spaces
_NOTE_WIDTH = 40
_RESULT_WIDTH = 90  # how a deal ended is never cut (a few parts, each a few words)
_SEQUENCE_WIDTH = 28  # a running sequence shows its last values in this much room
#: a running sequence as Preferans writes it: "2.4.6.8.10", "8.24.44.72" (also fractions)
_SEQUENCE = re.compile(r"[-+\d./ ]+\Z")
_MAX_COMMENT_CHARS = 20_000

#: characters XML 1.0 cannot carry (a note may hold them; the sheet shows U+FFFD)
_UNSAFE_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
#: first characters a spreadsheet would read as the start of a formula
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
#: headers (Label keys) of sheet columns holding balances: signed like the Settlement's
_SIGNED_HEADERS = frozenset({"balance", "danish.total_of"})

_INT = "0"
_SIGNED_INT = "+0;-0;0"
_THIN = Side(style="thin", color="808080")
_BOLD = Font(bold=True)
_HEADER_FILL = PatternFill("solid", fgColor="DCE6F1")
_NUMBER = Alignment(horizontal="right")
_TEXT = Alignment(horizontal="left", indent=1)  # never touching a number to its left
_TEXT_RIGHT = Alignment(horizontal="right")
_BANNER = Alignment(horizontal="left", vertical="top", wrap_text=True)

#: every look a cell can have: (font, fill, border, alignment); one style record each
_Look = tuple[Union[Font, None], Union[PatternFill, None], Union[Border, None],
              Union[Alignment, None]]
_LOOKS: dict[str, _Look] = {
    "text": (None, None, None, _TEXT),
    "text_right": (None, None, None, _TEXT_RIGHT),
    "number": (None, None, None, _NUMBER),
    "header": (_BOLD, _HEADER_FILL, Border(bottom=_THIN),
               Alignment(horizontal="center", vertical="center", wrap_text=True)),
    "title": (Font(bold=True, size=13), None, None, _BANNER),
    "total": (_BOLD, None, None, _TEXT),
    "total_number": (_BOLD, None, None, _NUMBER),
    "total_line": (_BOLD, None, Border(top=_THIN), _NUMBER),
    "crossed": (Font(strike=True, color="808080"), None, None, _TEXT),
    "crossed_number": (Font(strike=True, color="808080"), None, None, _NUMBER),
    "spent": (Font(italic=True, color="808080"), None, None, _TEXT),
    "spent_number": (Font(italic=True, color="808080"), None, None, _NUMBER),
    "note": (Font(italic=True), None, None, _TEXT),
    "note_number": (Font(italic=True), None, None, _NUMBER),
    "remark": (Font(italic=True, color="595959"), None, None, _TEXT),
    "remark_number": (Font(italic=True, color="595959"), None, None, _NUMBER),
    "banner": (None, None, None, _BANNER),
    "banner_remark": (Font(italic=True, color="595959"), None, None, _BANNER),
}


# -- what the writer uses of openpyxl beyond its stubs --------------------------

class _PrivateBook(Protocol):
    """The workbook's shared style records (openpyxl keeps them private)."""

    @property
    def active(self) -> Worksheet: ...

    @property
    def _cell_styles(self) -> Any: ...


class _PrivateCell(Protocol):
    """A cell's style record (private in openpyxl)."""

    @property
    def _style(self) -> Any: ...


class _PrivateSheet(Protocol):
    """What openpyxl's own writer keeps on a worksheet, and the cells we wrote for it
    (openpyxl hands its writer the sheet only, so they travel on it)."""

    _whistscore_sheet: _Writer
    _rels: Any
    _drawing: SpreadsheetDrawing
    _charts: list[Any]
    _images: list[Any]
    _comments: list[Any]
    legacy_drawing: str | None
    path: str


def _private_book(wb: Workbook) -> _PrivateBook:
    return cast(_PrivateBook, wb)


def _private_cell(cell: XlCell) -> _PrivateCell:
    return cast(_PrivateCell, cell)


def _private_sheet(ws: Worksheet) -> _PrivateSheet:
    return cast(_PrivateSheet, ws)


def _writer_of(ws: Worksheet) -> _Writer | None:
    """Our cells of ``ws``, if one of our tabs (the chart's tab is openpyxl's own)."""
    found: _Writer | None = getattr(ws, "_whistscore_sheet", None)
    return found


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


def _signed(body: str, signed: bool) -> str:
    # zero is shown in the body's own shape ("0.00" for money), never with a sign
    return f"+{body};-{body};{body}" if signed else body


def _decimal_format(places: int, signed: bool) -> str:
    return _signed("0." + "0" * places if places else "0", signed)


def _fraction_format(denominator: int, whole: bool, signed: bool) -> str:
    # "# ?/3" prints an empty whole part as a space ("- 2/3"); a proper fraction
    # is therefore given the format without one
    body = f"# ?/{denominator}" if whole else f"?/{denominator}"
    return f"+{body};-{body};0" if signed else body


def number_cell(value: Number, signed: bool = False) -> tuple[int | float | str, str | None]:
    """What a cell holds for an exact number, and the number format that shows it exactly.

    Returns ``(value, format)``; a value that cannot be shown exactly as a
    number comes back as text with format ``None``.
    """
    if isinstance(value, Decimal):
        exponent = value.as_tuple().exponent  # a letter only for NaN and infinities
        digits = max(0, -exponent) if isinstance(exponent, int) else 0
        return float(value), _decimal_format(digits, signed)
    value = plain_number(value)
    if isinstance(value, int):
        if abs(value) >= 10 ** 15:  # beyond a double's exact digits
            return str(value), None
        return value, _SIGNED_INT if signed else _INT
    places = _decimal_places(value.denominator)
    if places is not None and places <= 6 and abs(value) < 10 ** 9:
        return float(value), _decimal_format(places, signed)
    if value.denominator < 10_000 and abs(value) < 10 ** 9:
        return float(value), _fraction_format(value.denominator, abs(value) >= 1, signed)
    return str(value), None


def _utf16_units(s: str) -> int:
    return len(s) + sum(1 for ch in s if ord(ch) > 0xFFFF)


def _safe_text(s: str, cut_note: str = "…") -> str:
    s = _UNSAFE_XML.sub("\ufffd", s)
    if len(s) > _MAX_CELL_UNITS // 2 and _utf16_units(s) > _MAX_CELL_UNITS:
        keep = _MAX_CELL_UNITS // 2 - len(cut_note) - 2
        s = s[:keep] + " " + cut_note
    return s


def _is_number(value: object) -> TypeGuard[Number]:
    return isinstance(value, (int, Fraction, Decimal)) and not isinstance(value, bool)


_NARROW = frozenset(" .,:;|!'il()[]/-")
_WIDE = frozenset("mwMW@%щшжюмыЩШЖЮМЫДФ—")


_WIDTHS: dict[str, float] = {}


def _text_width(s: str, bold: bool = False) -> float:
    """About how many digit widths ``s`` takes in the sheet's font (Cyrillic and
    capitals are wider than digits, dots and bars narrower)."""
    width = _WIDTHS.get(s)
    if width is None:
        width = sum(_char_width(ch) for ch in s)
        if len(_WIDTHS) < 100_000:
            _WIDTHS[s] = width
    return width * 1.12 if bold else width


def _char_width(ch: str) -> float:
    if ch in _NARROW:
        return 0.55
    if ch in _WIDE:
        return 1.45
    if ch.isupper():
        return 1.25
    if "\u0400" <= ch <= "\u04ff":
        return 1.1
    return 1.0


def _cut_tail(s: str, limit: float) -> str:
    """The end of a long running sequence ("…312.318.324"): its last values and total."""
    room = limit - 2
    used = 0.0
    start = len(s)
    for i in range(len(s) - 1, -1, -1):
        used += _char_width(s[i])
        if used > room:
            break
        if s[i] in ". ," and i < len(s) - 1:
            start = i + 1
    if start == len(s):  # one value longer than the room: its end
        keep = int(room)
        return "…" + s[-keep:]
    return "…" + s[start:]


def _cut_head(s: str, limit: float) -> str:
    """The start of a long note, cut at a word ("Lena went half, Igor…")."""
    words, out = s.split(), ""
    for word in words:
        longer = f"{out} {word}" if out else word
        if _text_width(longer) > limit - 2:
            break
        out = longer
    return (out or s[: int(limit) - 2]) + "…"


#: the look of a number in a cell of a given look
_NUMBER_LOOK = {"": "number", "total": "total_number", "crossed": "crossed_number",
                "spent": "spent_number", "note": "note_number", "remark": "remark_number"}


class _Styles:
    """The workbook's shared cell styles: one style record per (look, number format),
    which every cell of that look points to (a style object per cell would cost
    more time than the numbers themselves)."""

    def __init__(self, wb: Workbook) -> None:
        self.wb = wb
        self.ids: dict[tuple[str, str | None, bool], int] = {}

    def __call__(self, look: str, fmt: str | None = None, quote: bool = False) -> int:
        key = (look, fmt, quote)
        found = self.ids.get(key)
        if found is None:
            font, fill, border, align = _LOOKS[look]
            model = XlCell(_private_book(self.wb).active, row=1, column=1)
            if font is not None:
                model.font = font
            if fill is not None:
                model.fill = fill
            if border is not None:
                model.border = border
            if align is not None:
                model.alignment = align
            if fmt is not None:
                model.number_format = fmt
            if quote:
                model.quotePrefix = True
            found = self.ids[key] = _private_book(self.wb)._cell_styles.add(
                _private_cell(model)._style)
        return found


_LETTERS = [""] + [get_column_letter(c) for c in range(1, 200)]


class _Writer:
    """Writes cells of one worksheet as the sheet's XML, remembering how wide each
    column must be and the comments to write with it.

    The cells never become openpyxl objects: 30,000 cells of a long game cost
    openpyxl a second, their XML text a tenth of that.
    """

    def __init__(self, ws: Worksheet, kind: AnyGame, lang: str, styles: _Styles) -> None:
        self.ws = ws
        self.kind = kind
        self.lang = lang
        self.styles = styles
        self.widths: dict[int, float] = {}
        self.headers: list[tuple[int, int, list[str]]] = []
        self.banners: list[tuple[int, int, str, bool]] = []
        self.comments: dict[tuple[int, int], str] = {}
        self.cells: dict[int, dict[int, str]] = {}
        self.formats: dict[tuple[int, int], str] = {}
        self.heights: dict[int, float] = {}
        self.text_cols: set[int] = set()
        self.caps: dict[int, float] = {}  # a column allowed wider than _MAX_WIDTH
        self._cut: str = text(Label("xl.cut"), kind, lang)
        _private_sheet(ws)._whistscore_sheet = self

    def _put_xml(self, row: int, col: int, xml: str) -> None:
        cells = self.cells.get(row)
        if cells is None:
            cells = self.cells[row] = {}
        cells[col] = xml

    def _number(self, row: int, col: int, value: int | str, look: str, fmt: str) -> None:
        self.formats[row, col] = fmt
        self._put_xml(row, col, f'<c r="{_LETTERS[col]}{row}" s="{self.styles(look, fmt)}" '
                                f't="n"><v>{value}</v></c>')

    def formula(self, row: int, col: int, formula: str, look: str, fmt: str) -> None:
        self.formats[row, col] = fmt
        self._put_xml(row, col, f'<c r="{_LETTERS[col]}{row}" s="{self.styles(look, fmt)}">'
                                f"<f>{escape(formula)}</f></c>")

    def empty(self, row: int, col: int, look: str) -> None:
        self._put_xml(row, col, f'<c r="{_LETTERS[col]}{row}" s="{self.styles(look)}"/>')

    def put(self, row: int, col: int, value: object, *, signed: bool = False,
            look: str = "", measure: bool = True, limit: float = _MAX_WIDTH,
            keep: str = "head") -> str | None:
        """Write one value: a number, a label, text or nothing; returns the text shown."""
        if isinstance(value, (Label, Phrase)):
            value = text(value, self.kind, self.lang)
        if value is None or value == "":
            if look:
                self.empty(row, col, look)
            return None
        if type(value) is Fraction and value.denominator == 1:
            value = value.numerator
        if type(value) is int and -10 ** 15 < value < 10 ** 15:  # the common case, quickly
            self._number(row, col, value, _NUMBER_LOOK.get(look, look),
                         _SIGNED_INT if signed else _INT)
            if measure:
                width = len(str(value)) + (signed and value > 0)
                if width > self.widths.get(col, 0):
                    self.widths[col] = width
            return None
        bold = look.startswith("total") or look == "header"
        if _is_number(value):
            number, fmt = number_cell(value, signed)
            if fmt is None:
                self._text(row, col, str(number), "text_right")
            else:
                self._number(row, col, repr(number) if isinstance(number, float) else number,
                             _NUMBER_LOOK.get(look, look), fmt)
                if "/" in fmt and isinstance(value, Fraction):  # only a fraction has "/"
                    self.note(row, col, text(Label("xl.exact", (str(plain_number(value)),)),
                                             self.kind, self.lang))
            shown = _shown_number(value, signed)
            if measure and len(shown) > self.widths.get(col, 0):
                self.widths[col] = len(shown)
            return shown
        else:
            s = _safe_text(value if isinstance(value, str) else str(value), self._cut)
            if keep == "sequence":  # a running sequence keeps its tail, other text its head
                keep, limit = ("tail", _SEQUENCE_WIDTH) if _SEQUENCE.match(s) else ("head", limit)
            if measure and "\n" not in s and _text_width(s, bold) > limit:
                self.note(row, col, s, first=True)
                s = _cut_tail(s, limit) if keep == "tail" else _cut_head(s, limit)
            shown = self._text(row, col, s, look or "text")
            self.text_cols.add(col)
        if measure and shown:
            longest = max((_text_width(part, bold) for part in shown.split("\n")), default=0)
            if longest > self.widths.get(col, 0):
                self.widths[col] = longest
        return shown

    def _text(self, row: int, col: int, s: str, look: str) -> str:
        # an inline string: never a formula, whatever the text starts with
        style = self.styles(look, None, s.startswith(_FORMULA_START))
        self._put_xml(row, col, f'<c r="{_LETTERS[col]}{row}" s="{style}" t="inlineStr">'
                                f'<is><t xml:space="preserve">{escape(s)}</t></is></c>')
        return s

    def note(self, row: int, col: int, body: str, first: bool = False) -> None:
        """Add a comment to a cell (several notes of one cell join, one per line)."""
        have = self.comments.get((row, col))
        if have is None:
            self.comments[row, col] = body
        else:
            self.comments[row, col] = f"{body}\n{have}" if first else f"{have}\n{body}"

    def header(self, row: int, values: Sequence[object], first_col: int = 1) -> None:
        """A header row; a long header wraps at its spaces rather than widen its column."""
        for i, value in enumerate(values):
            col = first_col + i
            shown = self.put(row, col, value, look="header", measure=False)
            if shown is None:
                self.empty(row, col, "header")
                continue
            words = shown.split()
            if words:
                line = min(_text_width(" ".join(words), True), _HEADER_WRAP * 1.2)
                need = max(line, max(_text_width(w, True) for w in words))
                self.widths[col] = max(self.widths.get(col, 0), need)
                self.headers.append((row, col, words))

    def banner(self, row: int, value: object, look: str = "title", cols: int = 0) -> None:
        """A title or a sentence over a table: never wider than the table's columns
        (``cols``, 0: as wide as the sheet turns out), wrapping onto more lines."""
        if isinstance(value, (Label, Phrase)):
            value = text(value, self.kind, self.lang)
        shown = self._text(row, 1, _safe_text(str(value), self._cut), look)
        self.banners.append((row, cols, shown, look == "title"))

    def fit_columns(self, min_cols: int = 1) -> None:
        final: dict[int, float] = {}
        for col in range(1, max([min_cols, *self.widths]) + 1):
            width = self.widths.get(col, 0)
            if col in self.text_cols:
                width += 1  # the text's indent
            cap = self.caps.get(col, _MAX_WIDTH)
            final[col] = max(_MIN_WIDTH, min(cap + 3, math.ceil(width + 2)))
            self.ws.column_dimensions[_LETTERS[col]].width = final[col]
        for row, col, words in self.headers:
            count = _wrapped_lines(words, final[col] - 1.5, True)
            self.heights[row] = max(self.heights.get(row, 0), 15 * count if count > 1 else 0)
        last = max(final) if final else 1
        for row, cols, body, big in self.banners:
            span = cols or last
            room = sum(final.get(c, _MIN_WIDTH) for c in range(1, span + 1))
            if big:
                room /= 1.45  # the title's bigger, bold letters
            count = _wrapped_lines(body.split(), room - 1)
            if span > 1 and (count > 1 or _text_width(body, big) > final.get(1, _MIN_WIDTH)):
                self.ws.merge_cells(start_row=row, start_column=1, end_row=row,
                                    end_column=span)
            if count > 1:
                self.heights[row] = (19 if big else 15) * count

    def sheet_data(self) -> str:
        """The ``<sheetData>`` element of the sheet."""
        out = ["<sheetData>"]
        heights = self.heights
        for row in sorted(self.cells.keys() | {r for r, h in heights.items() if h}):
            height = heights.get(row)
            if height:
                out.append(f'<row r="{row}" ht="{height}" customHeight="1">')
            else:
                out.append(f'<row r="{row}">')
            cells = self.cells.get(row, {})
            out.extend(cells[col] for col in sorted(cells))
            out.append("</row>")
        out.append("</sheetData>")
        return "".join(out)

    def dimension(self) -> str:
        if not self.cells:
            return "A1"
        last_col = max(max(c) for c in self.cells.values() if c)
        return f"A1:{_LETTERS[last_col]}{max(self.cells)}"


def _wrapped_lines(words: Sequence[str], width: float, bold: bool = False) -> int:
    count, used = 1, 0.0
    space = _text_width(" ", bold)
    for word in words:
        size = _text_width(word, bold)
        if used and used + space + size > width:
            count, used = count + 1, size
        else:
            used += size + (space if used else 0)
    return count


def _shown_number(value: Number, signed: bool) -> str:
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


class _Explainer:
    """The sentences behind numbers, each entry said once however many cells cite it."""

    def __init__(self, kind: AnyGame, lang: str) -> None:
        self.kind = kind
        self.lang = lang
        self.said: dict[int, str] = {}

    def __call__(self, entries: Sequence[Entry], limit: int) -> str:
        shown = entries[-limit:]
        said = self.said
        lines = []
        for e in shown:
            line = said.get(id(e))
            if line is None:
                line = said[id(e)] = explain(e, self.kind, self.lang)
            lines.append(line)
        earlier = entries[:-limit]
        if earlier:
            lines.insert(0, text(Label("xl.more", (len(earlier), earlier[0].deal,
                                                   earlier[-1].deal)), self.kind, self.lang))
        return _UNSAFE_XML.sub("\ufffd", "\n".join(lines))


def _unsigned(total_format: str) -> str:
    """The total's format without the plus: a float sum a hair above zero must not show "+0"."""
    return total_format.replace("+", "")


def _print_setup(ws: Worksheet, title_rows: str | None) -> None:
    ws.page_setup.orientation = "landscape"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    setup = ws.sheet_properties.pageSetUpPr
    if setup is None:  # openpyxl makes one with every sheet
        setup = ws.sheet_properties.pageSetUpPr = PageSetupProperties()
    setup.fitToPage = True
    if title_rows:
        ws.print_title_rows = title_rows
    for item, words in ((ws.oddFooter, "&P / &N"), (ws.oddHeader, "&A")):
        if item is not None:  # openpyxl makes both with every sheet
            item.center.text = words


# -- the sheets -------------------------------------------------------------------

def _sheet(ws: Worksheet, tables: Iterable[Table], kind: AnyGame, lang: str, styles: _Styles,
           say: _Explainer | None) -> None:
    """The game's own score sheet: each table under the last, titled, with comments
    (``say`` None: without the entries behind the numbers)."""
    w = _Writer(ws, kind, lang, styles)
    row = 1
    first_header = None
    for table in tables:
        width = len(table.header)
        if table.title is not None:
            w.banner(row, table.title, "title", width)
            row += 1
        w.header(row, table.header)
        signed = [isinstance(h, Label) and h.key in _SIGNED_HEADERS for h in table.header]
        first_header = first_header or row
        row += 1
        for cells in table.rows:
            explained: list[tuple[Entry, ...]] = []  # the same entries are explained once per row
            for col, cell in enumerate(cells, 1):
                if not isinstance(cell, Cell):
                    w.put(row, col, cell, keep="sequence")
                    continue
                look = {"total": "total", "crossed": "crossed", "spent": "spent",
                        "note": "note"}.get(cell.style or "", "")
                w.put(row, col, cell.value, signed=signed[col - 1], look=look, keep="sequence")
                if say is not None and cell.sources and not _seen(cell.sources, explained):
                    explained.append(cell.sources)
                    w.note(row, col, say(cell.sources, _MAX_COMMENT_ENTRIES))
            row += 1
        row += 1  # a blank row between tables
    w.fit_columns()
    first_header = first_header or 1
    ws.freeze_panes = f"B{first_header + 1}"
    _print_setup(ws, f"1:{first_header}")


def _seen(sources: tuple[Entry, ...], explained: list[tuple[Entry, ...]]) -> bool:
    # tuple equality checks identity first, so this stays cheap for long running totals
    return any(len(e) == len(sources) and e == sources for e in explained)


def _deals(ws: Worksheet, rp: Replay[Any], s: Settlement, kind: AnyGame, lang: str, check: bool,
           styles: _Styles, say: _Explainer) -> tuple[int, int]:
    """One row per deal; returns (first running-balance column, number of deals)."""
    game = rp.game
    players = game.players
    n = len(players)
    w = _Writer(ws, kind, lang, styles)
    header: list[Words] = [Label("deal"), Label("dealer"), Label("notation"), Label("result")]
    header += [Label("change", (p,)) for p in players]
    header += [Label("running", (p,)) for p in players]
    header.append(Label("note"))
    timed = any(record.at is not None for record in game.deals)
    if timed:
        header.append(Label("xl.at"))
    w.header(1, header)
    w.caps[3] = w.caps[4] = _RESULT_WIDTH
    first_change = 5
    first_running = first_change + n
    note_col = first_running + n
    previous = {p: Fraction(0) for p in players}
    row = 1
    for result in rp.results:
        row += 1
        w.put(row, 1, result.number)
        w.put(row, 2, result.dealer)
        w.put(row, 3, game.notation(result.record), limit=math.inf)  # the record: never cut
        if result.entries:
            w.note(row, 3, say(result.entries, _MAX_DEAL_ENTRIES))
        w.put(row, 4, kind.describe_result(result.record.deal, result.outcome, result.context)
              or None, limit=_RESULT_WIDTH)
        after = result.balance or {}
        for i, p in enumerate(players):
            now = Fraction(after.get(p, 0))
            w.put(row, first_change + i, now - previous[p], signed=True)
            w.put(row, first_running + i, now, signed=True)
            previous[p] = now
        if timed and result.record.at is not None:
            w.put(row, note_col + 1, result.record.at.replace("T", " "))
        if result.record.note:
            # one line, so the row keeps its height and its neighbours; the whole in a comment
            w.put(row, note_col, " ".join(str(result.record.note).split()), look="remark",
                  limit=_NOTE_WIDTH)
    last = row
    row += 1
    w.put(row, 1, Label("total"), look="total", measure=False)
    for i, p in enumerate(players):
        w.put(row, first_change + i, s.balance[p], signed=True, look="total_line")
    if check and last >= 2:
        row += 1
        w.put(row, 1, Label("check"), look="remark", measure=False)
        for col in range(first_change, first_change + n):
            letter = get_column_letter(col)
            w.formula(row, col, f"SUM({letter}2:{letter}{last})", "remark_number",
                      _unsigned(w.formats[row - 1, col]))
    w.fit_columns()
    ws.freeze_panes = "B2"
    _print_setup(ws, "1:1")
    return first_running, len(rp.results)


def _pairwise(rp: Replay[Any], balance: dict[str, Fraction]) -> dict[tuple[str, str], Fraction]:
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


def _settlement(ws: Worksheet, rp: Replay[Any], s: Settlement, kind: AnyGame, lang: str,
                check: bool, styles: _Styles) -> None:
    players = s.players
    w = _Writer(ws, kind, lang, styles)
    unit = text(Label(f"unit.{s.unit}"), kind, lang)
    w.banner(1, f"{game_title(kind, lang)}: {', '.join(players)}", "title")
    state = text(Label("finished" if s.finished else "unfinished"), kind, lang)
    summary = text(Label("xl.summary", (s.deals, state, unit)), kind, lang)
    if s.stake is not None:
        stake = f"{s.stake} {s.currency}" if s.currency else str(s.stake)
        summary += "; " + text(Label("xl.stake", (stake,)), kind, lang)
    w.banner(2, summary, "banner")

    # balances (and money)
    header: list[Words] = [Label("player"), Label("xl.balance_in", (unit,))]
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
    w.put(row, 1, Label("total"), look="total")
    cols = 3 if s.money is not None else 2
    totals: list[Fraction | Decimal] = [Fraction(sum(s.balance.values(), Fraction(0)))]
    if s.money is not None:
        totals.append(sum(s.money.values(), Decimal(0)))
    for col, value in enumerate(totals, 2):
        w.put(row, col, value, signed=True, look="total_line")
    if check:
        row += 1
        w.put(row, 1, Label("check"), look="remark")
        for col in range(2, cols + 1):
            letter = get_column_letter(col)
            w.formula(row, col, f"SUM({letter}5:{letter}{4 + len(players)})", "remark_number",
                      _unsigned(w.formats[row - 1, col]))

    # each with each
    width = len(players) + 2
    row += 2
    w.banner(row, Label("xl.pairwise_title", (unit,)), "title", width)
    row += 1
    w.banner(row, Label("xl.pairwise_how"), "banner_remark", width)
    row += 1
    w.header(row, [Label("player"), *players, Label("total")])
    pairs = _pairwise(rp, {p: Fraction(b) for p, b in s.balance.items()})
    for p in players:
        row += 1
        w.put(row, 1, p)
        for j, q in enumerate(players, 2):
            if p != q:
                w.put(row, j, pairs.get((p, q), Fraction(0)), signed=True)
        w.put(row, len(players) + 2, sum((pairs.get((p, q), 0) for q in players if q != p),
                                         Fraction(0)), signed=True, look="total")

    # transfers
    row += 2
    w.banner(row, Label("transfers"), "title", 3)
    row += 1
    amount = text(Label("amount"), kind, lang)
    amount_unit = s.currency if s.money is not None else unit
    w.header(row, [Label("from"), Label("to"),
                   f"{amount} ({amount_unit})" if amount_unit else amount])
    if not s.transfers:
        row += 1
        w.banner(row, Label("xl.no_transfers"), "banner_remark", 3)
    for t in s.transfers:
        row += 1
        w.put(row, 1, t.payer)
        w.put(row, 2, t.payee)
        w.put(row, 3, t.amount)
    row += 2
    played = rp.game.played_on()
    w.banner(row, Label("dates", (played,)) if played else Label("xl.no_date"), "banner_remark")
    w.fit_columns(min_cols=width)
    ws.freeze_panes = "A5"
    _print_setup(ws, "1:2")


def _chart(wb: Workbook, deals_ws: Worksheet, first_running: int, rp: Replay[Any],
           kind: AnyGame, lang: str, title: str, unit: str) -> None:
    """Each player's running balance over the deals; players whose lines would
    coincide (Whist partners) share one line, named after all of them."""
    players = rp.game.players
    count = len(rp.results)
    chart = ScatterChart()
    chart.scatterStyle = "lineMarker"
    chart.title = text(Label("chart"), kind, lang)
    chart.y_axis.title = unit
    chart.x_axis.title = text(Label("deal"), kind, lang)
    chart.x_axis.delete = False  # openpyxl 3.1 hides both axes unless told
    chart.y_axis.delete = False
    chart.x_axis.tickLblPos = "low"  # deal numbers under the plot, not on the zero line
    chart.x_axis.scaling.min = 0
    chart.x_axis.scaling.max = max(1, count)
    # a numeric deal axis: labels at round steps however many deals
    cast(NumericAxis, chart.x_axis).majorUnit = _axis_step(count)  # a ScatterChart's is numeric
    if chart.legend is not None:  # a new chart has one
        chart.legend.position = "b"
    if count:
        lines: dict[tuple[Amount, ...], list[int]] = {}
        for i, p in enumerate(players):
            path = tuple((r.balance or {}).get(p, 0) for r in rp.results)
            lines.setdefault(path, []).append(i)
        xs = Reference(deals_ws, min_col=1, min_row=2, max_row=count + 1)
        for seats in lines.values():
            ys = Reference(deals_ws, min_col=first_running + seats[0], min_row=2,
                           max_row=count + 1)
            names = [players[i] for i in seats]
            name = names[0]
            for other in names[1:]:
                name = text(Label("xl.and", (name, other)), kind, lang)
            series = Series(ys, xs)
            series.tx = SeriesLabel(v=_series_name(name))
            series.smooth = False
            series.marker.symbol = "none" if count > 40 else "circle"
            chart.series.append(series)
    # A worksheet holding only the chart rather than an Excel chartsheet:
    # LibreOffice does not show an openpyxl chartsheet, while this prints anywhere.
    sheet = wb.create_sheet(title)
    chart.width = 27  # cm: a landscape A4 page
    chart.height = 16
    sheet.add_chart(chart, "A1")
    _print_setup(sheet, None)


def _series_name(name: str) -> str:
    """A legend name as a literal string.

    LibreOffice reads a straight double quote in a literal series name as the
    start of a quoted string (a player called ``"q"`` became "Column I"); the
    legend shows it as a typographic quote, which every program takes as text.
    """
    return _UNSAFE_XML.sub("\ufffd", name).replace('"', "\u201d")


def _axis_step(count: int) -> int:
    """A round step giving at most about 20 labels on the deal axis."""
    step = 1
    while count / step > 20:
        for factor in (2, 2.5, 2):
            step = int(step * factor)
            if count / step <= 20:
                break
    return step


def _game_sheet(wb: Workbook, game_text: str) -> None:
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


def _properties(wb: Workbook, game: Game, s: Settlement, kind: AnyGame, lang: str) -> None:
    props = wb.properties
    players = ", ".join(game.players)
    name = game_title(kind, lang)
    named = f"{game.title}: " if game.title else ""
    props.title = _UNSAFE_XML.sub("\ufffd", f"{named}{name}: {players}")
    props.subject = name
    props.creator = "whistscore"
    props.keywords = _UNSAFE_XML.sub("\ufffd", players)
    props.category = "whistscore"
    props.language = lang
    state = text(Label("finished" if s.finished else "unfinished"), kind, lang)
    unit = text(Label(f"unit.{s.unit}"), kind, lang)
    played = game.played_on()
    dated = Label("dates", (played,)) if played else Label("xl.no_date")
    props.description = _UNSAFE_XML.sub(
        "\ufffd", f"{text(Label('xl.summary', (s.deals, state, unit)), kind, lang)}. "
                  f"{text(dated, kind, lang)}")


def _tab(key: str, kind: AnyGame, lang: str) -> str:
    name = re.sub(r"[\[\]:*?/\\]", " ", str(text(Label(key), kind, lang)))[:31]
    return name


# -- writing the file ---------------------------------------------------------------

_VML_HEAD = (
    '<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office"'
    ' xmlns:x="urn:schemas-microsoft-com:office:excel">'
    '<o:shapelayout v:ext="edit"><o:idmap v:ext="edit" data="1"/></o:shapelayout>'
    '<v:shapetype id="_x0000_t202" coordsize="21600,21600" o:spt="202"'
    ' path="m,l,21600r21600,l21600,xe"><v:stroke joinstyle="miter"/>'
    '<v:path gradientshapeok="t" o:connecttype="rect"/></v:shapetype>')
_VML_SHAPE = (
    '<v:shape id="_x0000_s{id}" type="#_x0000_t202" style="position:absolute; '
    'margin-left:59.25pt;margin-top:1.5pt;width:{w}px;height:{h}px;z-index:1;'
    'visibility:hidden" fillcolor="#ffffe1" o:insetmode="auto"><v:fill color2="#ffffe1"/>'
    '<v:shadow color="black" obscured="t"/><v:path o:connecttype="none"/>'
    '<v:textbox style="mso-direction-alt:auto"><div style="text-align:left"/></v:textbox>'
    '<x:ClientData ObjectType="Note"><x:MoveWithCells/><x:SizeWithCells/>'
    '<x:AutoFill>False</x:AutoFill><x:Row>{row}</x:Row><x:Column>{col}</x:Column>'
    '</x:ClientData></v:shape>')
_COMMENTS_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.comments+xml"


class _Part:
    """A part of the package for its manifest (content types)."""

    def __init__(self, path: str, mime_type: str) -> None:
        self.path = path
        self.mime_type = mime_type


class _SheetWriter(WorksheetWriter):
    """openpyxl's worksheet writer around the ``<sheetData>`` our :class:`_Writer` made."""

    _MARK = "whistscore-sheet-data"

    def __init__(self, ws: Worksheet, cells: _Writer) -> None:
        super().__init__(ws)
        self.whistscore = cells
        #: the sheet's relationships, which openpyxl's writer keeps privately
        self._rels: Any

    def write_dimensions(self) -> None:
        self.xf.send(SheetDimension(self.whistscore.dimension()).to_tree())

    def write_rows(self) -> None:
        xf: Any = self.xf.send(True)  # the xml file openpyxl writes into (lxml or its own)
        with xf.element("sheetData"):
            xf.write(self._MARK)
        self.xf.send(None)

    def xml(self) -> bytes:
        self.close()
        with open(str(self.out), "rb") as src:  # openpyxl's temporary file, by name
            out = src.read()
        mark = re.search(rb"<sheetData>\s*" + self._MARK.encode() + rb"\s*</sheetData>", out)
        if mark is None:  # write_rows put it there
            raise AssertionError("the sheet's cells have no place in its XML")
        return out[:mark.start()] + self.whistscore.sheet_data().encode("utf-8") + out[mark.end():]


class _BookWriter(ExcelWriter):
    """openpyxl's writer, except that our sheets' cells and comments are written as
    plain XML text (openpyxl builds several objects and an XML tree per cell and
    per comment, which for a long game took most of the export)."""

    def __init__(self, workbook: Workbook, archive: zipfile.ZipFile) -> None:
        super().__init__(workbook, archive)
        self._zip = archive
        self._comment_parts = 0

    def write_worksheet(self, ws: Worksheet) -> None:
        cells = _writer_of(ws)
        if cells is None:
            super().write_worksheet(ws)
            return
        sheet = _private_sheet(ws)
        notes = cells.comments
        if notes:
            self._comment_parts += 1
            sheet.legacy_drawing = f"xl/drawings/commentsDrawing{self._comment_parts}.vml"
        sheet._drawing = SpreadsheetDrawing()
        sheet._drawing.charts = sheet._charts
        sheet._drawing.images = sheet._images
        writer = _SheetWriter(ws, cells)
        writer.write()
        sheet._rels = writer._rels
        self._zip.writestr(sheet.path[1:], writer.xml())
        self.manifest.append(ws)
        writer.cleanup()
        if notes:
            sheet._comments = [True]  # so that _write_comment is called for this sheet

    def _write_comment(self, ws: Worksheet) -> None:
        cells = _writer_of(ws)
        if cells is None:  # only our tabs are given comments (write_worksheet)
            raise AssertionError("a sheet with comments that whistscore did not write")
        notes = cells.comments
        sheet = _private_sheet(ws)
        number = self._comment_parts_of(ws)
        body = ['<comments xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                "<authors><author>whistscore</author></authors><commentList>"]
        shapes = [_VML_HEAD]
        for shape, ((row, col), note) in enumerate(sorted(notes.items()), 1026):
            note = _UNSAFE_XML.sub("\ufffd", note)
            if len(note) > _MAX_COMMENT_CHARS:
                note = note[:_MAX_COMMENT_CHARS] + "…"
            ref = f"{get_column_letter(col)}{row}"
            body.append(f'<comment ref="{ref}" authorId="0"><text><t xml:space="preserve">'
                        f"{escape(note)}</t></text></comment>")
            lines = note.count("\n") + 1
            height = min(480, 24 + 16 * lines + 8 * (len(note) // 70))
            shapes.append(_VML_SHAPE.format(id=shape, w=420, h=height, row=row - 1,
                                            col=col - 1))
        body.append("</commentList></comments>")
        shapes.append("</xml>")
        path = f"xl/comments/comment{number}.xml"
        self._zip.writestr(path, "".join(body).encode("utf-8"))
        self.manifest.append(_Part("/" + path, _COMMENTS_MIME))
        self._zip.writestr(str(sheet.legacy_drawing), "".join(shapes).encode("utf-8"))
        sheet._rels.append(Relationship(Id="comments", type="comments", Target="/" + path))

    def _comment_parts_of(self, ws: Worksheet) -> int:
        found = re.search(r"(\d+)\.vml$", str(_private_sheet(ws).legacy_drawing))
        if found is None:  # write_worksheet named it
            raise AssertionError("a sheet with comments has no comment drawing")
        return int(found.group(1))


# -- the public calls ---------------------------------------------------------------

def export(game: Game, out_path: str | os.PathLike[str], *, lang: str = "en",
           check_formulas: bool = False) -> None:
    """Write the workbook of ``game`` to ``out_path`` (replaced atomically).

    :raises InputError: an unknown ``lang``, or ``out_path`` cannot be written (no such
        folder, a read-only file, a folder or device in the way).
    :raises DealError: a deal of ``game`` cannot be scored (:class:`GameOverError` after
        the end); nothing is written.
    :raises OSError: the write itself failed (a full disk); the old file is left as it was.
    """
    if lang not in LANGS:
        raise InputError(f"unknown language (known: {', '.join(LANGS)})", field="lang",
                         value=lang)
    kind = game.kind
    rp = replay(game, history=True)
    s = settle(rp)
    unit = text(Label(f"unit.{s.unit}"), kind, lang)

    wb = openpyxl.Workbook()
    styles = _Styles(wb)
    say = _Explainer(kind, lang)
    sheet_ws = wb.worksheets[0]  # the one sheet a new workbook has
    sheet_ws.title = _tab("xl.tab.sheet", kind, lang)
    _sheet(sheet_ws, kind.sheet_tables(rp), kind, lang, styles, say)
    deals_ws = wb.create_sheet(_tab("xl.tab.deals", kind, lang))
    first_running, _ = _deals(deals_ws, rp, s, kind, lang, check_formulas, styles, say)
    settle_ws = wb.create_sheet(_tab("xl.tab.settlement", kind, lang))
    _settlement(settle_ws, rp, s, kind, lang, check_formulas, styles)
    _chart(wb, deals_ws, first_running, rp, kind, lang, _tab("xl.tab.chart", kind, lang), unit)
    by_deal_ws = wb.create_sheet(_tab("xl.tab.by_deal", kind, lang))
    # a row of this tab is one deal, whose entries the Deals tab already explains
    _sheet(by_deal_ws, [running_table(rp)], kind, lang, styles, None)
    _game_sheet(wb, journal.dumps(game))
    _properties(wb, game, s, kind, lang)
    wb.active = 0
    _save_atomic(wb, Path(out_path))


def _save_atomic(wb: Workbook, path: Path) -> None:
    """The workbook is built in memory, then written by one plain write: a full
    disk fails that write (the temporary file is removed, the old file stays),
    and no half-closed zip is left to complain from its finalizer."""
    import io

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, allowZip64=True) as archive:
        _BookWriter(wb, archive).write_data()
    data = buffer.getbuffer()
    with files.replacing(path, field="out") as tmp:
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
    count: int = struct.unpack("<H", tail[at + 10:at + 12])[0]
    return count


def _open_zip(path: Path, field: str) -> zipfile.ZipFile:
    import io
    import zipfile

    data = files.read_bytes(path, field=field, what="workbook", limit=MAX_BOOK_BYTES)
    entries = _zip_entries(data)
    if entries is None:
        raise _Damaged("it is not a zip archive (an .xlsx workbook is one)")
    if entries > MAX_ENTRIES:
        raise _Damaged(f"its zip lists {entries} parts, more than a whistscore workbook has")
    try:
        return zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, OSError, EOFError, NotImplementedError) as exc:
        raise _Damaged(f"its zip cannot be read ({exc})") from None


def _parse_part(book: zipfile.ZipFile, name: str, budget: _Budget,
                start: Callable[[str, dict[str, str]], None],
                end: Callable[[str], None] | None = None,
                text: Callable[[str], None] | None = None) -> None:
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

    def no_dtd(*_args: object) -> NoReturn:
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


def _attr(attrs: dict[str, str], name: str) -> str | None:
    for key, value in attrs.items():
        if key == name or key.endswith(":" + name):
            return value
    return None


def _game_sheet_part(book: zipfile.ZipFile, budget: _Budget) -> str | None:
    """The zip path of the sheet named GAME_SHEET (None: the workbook has none)."""
    found: dict[str, str | None] = {}

    def sheet(tag: str, attrs: dict[str, str]) -> None:
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
    sheet_id = found["id"]
    target = targets.get(sheet_id) if sheet_id is not None else None
    if target is None:
        raise _Damaged(f"the sheet '{GAME_SHEET}' has no part")
    return target


def _relations(book: zipfile.ZipFile, budget: _Budget) -> dict[str, str]:
    """The workbook's relationships: id -> zip path (and "sharedStrings" -> its path)."""
    import posixpath

    targets: dict[str, str] = {}

    def rel(tag: str, attrs: dict[str, str]) -> None:
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


def _sheet_cells(book: zipfile.ZipFile, part: str,
                 budget: _Budget) -> list[list[_RawCell | None]]:
    """Columns A and B of each row of the game sheet, as (type, text) pairs."""
    rows: list[list[_RawCell | None]] = []
    col = 0  # the column of the cell being read
    cell: tuple[str, list[str]] | None = None  # its type and text so far (A or B only)
    inside: str | None = None  # the text element being read ("v" or "t")
    buf: list[str] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal col, cell, inside, buf
        budget.elements += 1
        if budget.elements > MAX_ELEMENTS:
            budget.over()
        name = _local(tag)
        if name == "row":
            if len(rows) >= MAX_GAME_ROWS:
                raise _Damaged(f"the game sheet has more than {MAX_GAME_ROWS:,} rows")
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
        name = _local(tag)
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

    _parse_part(book, part, budget, start, end, text)
    return rows


def _shared_strings(book: zipfile.ZipFile, part: str, wanted: set[int],
                    budget: _Budget) -> dict[int, str]:
    """Only the shared strings the game sheet uses; reading stops after the last."""
    out: dict[int, str] = {}
    last = max(wanted) if wanted else -1
    index = -1  # of the string being read
    in_t = False
    buf: list[str] | None = None  # its text so far, when it is wanted
    skip = 0  # depth inside phonetic readings

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal index, in_t, buf, skip
        budget.elements += 1
        if budget.elements > MAX_ELEMENTS:
            budget.over()
        name = _local(tag)
        if name == "si":
            if index >= last:
                raise _Stop
            index += 1
            buf = [] if index in wanted else None
        elif name == "rPh":  # a phonetic reading is not the cell's text
            skip += 1
        elif name == "t" and buf is not None and not skip:
            in_t = True

    def end(tag: str) -> None:
        nonlocal in_t, buf, skip
        name = _local(tag)
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
        _parse_part(book, part, budget, start, end, text)
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
        book = _open_zip(Path(path), "out")
        with book:
            return _game_sheet_part(book, _Budget()) is not None
    except (_Damaged, InputError):
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
            wanted: set[int] = set()
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
