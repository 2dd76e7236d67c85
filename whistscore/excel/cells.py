"""The cell writer of a tab: values placed with their looks and formats, columns
fitted to what they hold, long text cut with its whole in a comment.

It fills a :class:`~whistscore.excel.book.Sheet` and measures as it goes, so a
tab-maker only says what goes where; printing is part of the design: every
cell reads alone on paper (text is indented from a number to its left, long
text is cut, a header wraps only between words), and a title never runs past
the columns of its table.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Any, Sequence

from ..game import AnyKind
from ..i18n import text
from ..layout import Label, Phrase
from ..ledger import plain_number
from . import formats
from .book import Formula, Look, PrintSetup, Sheet


MAX_WIDTH = 50  # a column's widest (characters); longer text is cut, whole in a comment
_MIN_WIDTH = 6
_HEADER_WRAP = 8  # a header longer than this wraps at its spaces
_MAX_COMMENT_CHARS = 20_000

_GREY = "808080"
_DIM = "595959"


def _text(**look: Any) -> Look:
    return Look(align="left", indent=1, **look)  # never touching a number to its left


def _number(**look: Any) -> Look:
    return Look(align="right", **look)


def _banner(**look: Any) -> Look:
    return Look(align="left", vertical="top", wrap=True, **look)


#: every look a cell of the game's tabs can have
LOOKS: dict[str, Look] = {
    "text": _text(),
    "text_right": _number(),
    "number": _number(),
    "header": Look(bold=True, fill="DCE6F1", line_below=True, align="center",
                   vertical="center", wrap=True),
    "title": _banner(bold=True, size=13),
    "total": _text(bold=True),
    "total_number": _number(bold=True),
    "total_line": _number(bold=True, line_above=True),
    "crossed": _text(strike=True, color=_GREY),
    "crossed_number": _number(strike=True, color=_GREY),
    "spent": _text(italic=True, color=_GREY),
    "spent_number": _number(italic=True, color=_GREY),
    "note": _text(italic=True),
    "note_number": _number(italic=True),
    "remark": _text(italic=True, color=_DIM),
    "remark_number": _number(italic=True, color=_DIM),
    "banner": _banner(),
    "banner_remark": _banner(italic=True, color=_DIM),
}

#: the look of a number in a cell of a given look
_NUMBER_LOOK = {"": "number", "total": "total_number", "crossed": "crossed_number",
                "spent": "spent_number", "note": "note_number", "remark": "remark_number"}


def column_letter(col: int) -> str:
    """``1`` -> ``A``, ``27`` -> ``AA`` (for the formulas of the check rows)."""
    letters = ""
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


class Cells:
    """Writes the cells of one tab into ``sheet``, remembering how wide each column
    must be and the comments to write with it."""

    def __init__(self, sheet: Sheet, kind: AnyKind, lang: str) -> None:
        self.sheet = sheet
        self.kind = kind
        self.lang = lang
        self.widths: dict[int, float] = {}
        self.headers: list[tuple[int, int, list[str]]] = []
        self.banners: list[tuple[int, int, str, bool]] = []
        self.comments: dict[tuple[int, int], str] = {}
        self.formats: dict[tuple[int, int], str] = {}
        self.text_cols: set[int] = set()
        self.caps: dict[int, float] = {}  # a column allowed wider than MAX_WIDTH
        self._cut: str = text(Label("xl.cut"), kind, lang)
        self._put = sheet.put

    def _number(self, row: int, col: int, value: int | float, look: str, fmt: str) -> None:
        self.formats[row, col] = fmt
        self._put(row, col, value, LOOKS[look], fmt)

    def formula(self, row: int, col: int, formula: str, look: str, fmt: str) -> None:
        self.formats[row, col] = fmt
        self._put(row, col, Formula(formula), LOOKS[look], fmt)

    def empty(self, row: int, col: int, look: str) -> None:
        self._put(row, col, None, LOOKS[look])

    def put(self, row: int, col: int, value: object, *, signed: bool = False,
            look: str = "", measure: bool = True, limit: float = MAX_WIDTH,
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
                         formats.SIGNED_INT if signed else formats.INT)
            if measure:
                width = len(str(value)) + (signed and value > 0)
                if width > self.widths.get(col, 0):
                    self.widths[col] = width
            return None
        bold = look.startswith("total") or look == "header"
        if formats.is_number(value):
            number, fmt = formats.number_cell(value, signed)
            if fmt is None or isinstance(number, str):
                self._text(row, col, str(number), "text_right")
            else:
                self._number(row, col, number, _NUMBER_LOOK.get(look, look), fmt)
                if "/" in fmt and isinstance(value, Fraction):  # only a fraction has "/"
                    self.note(row, col, text(Label("xl.exact", (str(plain_number(value)),)),
                                             self.kind, self.lang))
            shown = formats.shown_number(value, signed)
            if measure and len(shown) > self.widths.get(col, 0):
                self.widths[col] = len(shown)
            return shown
        else:
            s = formats.safe_text(value if isinstance(value, str) else str(value), self._cut)
            if keep == "sequence":  # a running sequence keeps its tail, other text its head
                keep, limit = ("tail", _SEQUENCE_WIDTH) if _is_sequence(s) else ("head", limit)
            if measure and "\n" not in s and formats.text_width(s, bold) > limit:
                self.note(row, col, s, first=True)
                s = formats.cut_tail(s, limit) if keep == "tail" else formats.cut_head(s, limit)
            shown = self._text(row, col, s, look or "text")
            self.text_cols.add(col)
        if measure and shown:
            longest = max((formats.text_width(part, bold) for part in shown.split("\n")),
                          default=0)
            if longest > self.widths.get(col, 0):
                self.widths[col] = longest
        return shown

    def _text(self, row: int, col: int, s: str, look: str) -> str:
        # always a text cell, never a formula, whatever the text starts with
        self._put(row, col, s, LOOKS[look], None, s.startswith(formats.FORMULA_START))
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
                line = min(formats.text_width(" ".join(words), True), _HEADER_WRAP * 1.2)
                need = max(line, max(formats.text_width(w, True) for w in words))
                self.widths[col] = max(self.widths.get(col, 0), need)
                self.headers.append((row, col, words))

    def banner(self, row: int, value: object, look: str = "title", cols: int = 0) -> None:
        """A title or a sentence over a table: never wider than the table's columns
        (``cols``, 0: as wide as the sheet turns out), wrapping onto more lines."""
        if isinstance(value, (Label, Phrase)):
            value = text(value, self.kind, self.lang)
        shown = self._text(row, 1, formats.safe_text(str(value), self._cut), look)
        self.banners.append((row, cols, shown, look == "title"))

    def finish(self, freeze: str, title_rows: str | None, min_cols: int = 1) -> None:
        """Fit the columns, wrap the headers and titles, and set the comments,
        panes and print setup of the sheet."""
        sheet = self.sheet
        final: dict[int, float] = {}
        for col in range(1, max([min_cols, *self.widths]) + 1):
            width = self.widths.get(col, 0)
            if col in self.text_cols:
                width += 1  # the text's indent
            cap = self.caps.get(col, MAX_WIDTH)
            final[col] = max(_MIN_WIDTH, min(cap + 3, math.ceil(width + 2)))
            sheet.widths[col] = final[col]
        heights = sheet.heights
        for row, col, words in self.headers:
            count = formats.wrapped_lines(words, final[col] - 1.5, True)
            heights[row] = max(heights.get(row, 0), 15 * count if count > 1 else 0)
        last = max(final) if final else 1
        for row, cols, body, big in self.banners:
            span = cols or last
            room = sum(final.get(c, _MIN_WIDTH) for c in range(1, span + 1))
            if big:
                room /= 1.45  # the title's bigger, bold letters
            count = formats.wrapped_lines(body.split(), room - 1)
            if span > 1 and (count > 1 or formats.text_width(body, big) > final.get(1, _MIN_WIDTH)):
                sheet.merged.append((row, 1, row, span))
            if count > 1:
                heights[row] = (19 if big else 15) * count
        for (row, col), note in sorted(self.comments.items()):
            note = formats.UNSAFE_XML.sub("\ufffd", note)
            if len(note) > _MAX_COMMENT_CHARS:
                note = note[:_MAX_COMMENT_CHARS] + "…"
            lines = note.count("\n") + 1
            sheet.comment(row, col, note, width=420,
                          height=min(480, 24 + 16 * lines + 8 * (len(note) // 70)))
        sheet.freeze = freeze
        sheet.print_setup = PrintSetup(title_rows=title_rows)


_SEQUENCE_WIDTH = 28  # a running sequence shows its last values in this much room
#: a running sequence as Preferans writes it: "2.4.6.8.10", "8.24.44.72" (also fractions)
_SEQUENCE = re.compile(r"[-+\d./ ]+\Z")


def _is_sequence(s: str) -> bool:
    return _SEQUENCE.match(s) is not None
