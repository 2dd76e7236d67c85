"""Numbers and text as a cell shows them: number formats, safe text, widths on paper.

Exact results stay exact on screen: a whole number is an integer cell; a
fraction whose decimal expansion ends within six places (``41/2``, ``3/8``) is
a number shown with exactly its decimal places; any other fraction (thirds are
common with three players) is the nearest double shown with a
fixed-denominator fraction format (``20 1/3``, ``-2/3``), so charts and sums
still work and no ``20.333333`` is ever shown.  Only what a double cannot show
exactly (a denominator above 9999, a value beyond 10**9, an integer beyond
10**15; no game produces one) falls back to text such as ``"61/10007"``.
Every number format is of one family: ``+x;-x;zero`` where a sign means
something (balances, changes, money), ``x`` where it does not (counts,
amounts paid).

The widths are measured in the sheet font's digit widths, so a column fits
its longest value on paper without asking a spreadsheet program.  Nothing
here knows a workbook library.
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction
from typing import Sequence, TypeGuard, Union

from ..ledger import Amount, plain_number

#: an exact number a cell may show
Number = Union[Amount, Decimal]

INT = "0"
SIGNED_INT = "+0;-0;0"
#: the most UTF-16 units a cell holds (Excel's limit)
MAX_CELL_UNITS = 32_767
#: characters XML 1.0 cannot carry (a note may hold them; the sheet shows U+FFFD)
UNSAFE_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
#: first characters a spreadsheet would read as the start of a formula
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def decimal_places(denominator: int) -> int | None:
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
        return value, SIGNED_INT if signed else INT
    # compared as integers: |n / d| against a bound is |n| against the bound x d (d > 0),
    # without a Fraction made and compared per cell
    numerator, denominator = value.numerator, value.denominator
    small = abs(numerator) < 10 ** 9 * denominator
    places = decimal_places(denominator)
    if places is not None and places <= 6 and small:
        return float(value), _decimal_format(places, signed)
    if denominator < 10_000 and small:
        return float(value), _fraction_format(denominator, abs(numerator) >= denominator, signed)
    return str(value), None


def unsigned(total_format: str) -> str:
    """The total's format without the plus: a float sum a hair above zero must not show "+0"."""
    return total_format.replace("+", "")


def shown_number(value: Number, signed: bool) -> str:
    """About what the cell shows for ``value`` (for its column's width)."""
    if isinstance(value, Decimal):
        shown = str(value)
    else:
        value = plain_number(value)
        if isinstance(value, int):
            shown = str(value)
        else:
            places = decimal_places(value.denominator)
            if places is not None and places <= 6:
                shown = f"{float(value):.{places}f}"
            else:  # "20 1/3" takes about as much room as "61/3" plus the whole part
                shown = f"{abs(value.numerator) // value.denominator} {value}"
    if signed and not shown.startswith("-"):
        shown = "+" + shown
    return shown


def is_number(value: object) -> TypeGuard[Number]:
    return isinstance(value, (int, Fraction, Decimal)) and not isinstance(value, bool)


def _utf16_units(s: str) -> int:
    return len(s) + sum(1 for ch in s if ord(ch) > 0xFFFF)


def safe_text(s: str, cut_note: str = "…") -> str:
    """``s`` as a cell can hold it: XML's forbidden characters shown as U+FFFD, and
    cut (saying so with ``cut_note``) under the cell's 32,767 units."""
    s = UNSAFE_XML.sub("\ufffd", s)
    if len(s) > MAX_CELL_UNITS // 2 and _utf16_units(s) > MAX_CELL_UNITS:
        keep = MAX_CELL_UNITS // 2 - len(cut_note) - 2
        s = s[:keep] + " " + cut_note
    return s


_NARROW = frozenset(" .,:;|!'il()[]/-")
_WIDE = frozenset("mwMW@%щшжюмыЩШЖЮМЫДФ—")

_WIDTHS: dict[str, float] = {}


def text_width(s: str, bold: bool = False) -> float:
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


def cut_tail(s: str, limit: float) -> str:
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


def cut_head(s: str, limit: float) -> str:
    """The start of a long note, cut at a word ("Lena went half, Igor…")."""
    words, out = s.split(), ""
    for word in words:
        longer = f"{out} {word}" if out else word
        if text_width(longer) > limit - 2:
            break
        out = longer
    return (out or s[: int(limit) - 2]) + "…"


def wrapped_lines(words: Sequence[str], width: float, bold: bool = False) -> int:
    """How many lines ``words`` take in a column ``width`` digits wide."""
    count, used = 1, 0.0
    space = text_width(" ", bold)
    for word in words:
        size = text_width(word, bold)
        if used and used + space + size > width:
            count, used = count + 1, size
        else:
            used += size + (space if used else 0)
    return count
