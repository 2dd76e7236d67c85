"""The paper pulka (Preferans, Twist): a square cut into a sector per player, each with
its bands from the centre out (the inner band, the middle band, the vists written on each
opponent), the centre circle's number, and twist's nota after the names.

The values (:class:`Pulka`, made with :func:`pulka` from a game's running columns) and
their drawing, inline SVG whose text fits its pencil lines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, ClassVar, Mapping, NamedTuple

import attrs

from ..layout import Label, Phrase
from ..ledger import Amount, format_amount, json_number
from . import ColumnKey, Paper, paper_kind
from .ink import Ink, add_text, el

if TYPE_CHECKING:
    from .ink import Node

__all__ = ["Band", "Mark", "Pulka", "Seat", "pulka"]


@attrs.frozen
class Band:
    """One field of the pulka: a column's running values in the order written, its total
    as ``show --json`` writes it, and whether it is closed (the pulya reached)."""

    column: str
    values: tuple[Amount, ...]
    total: object
    closed: bool = False


@attrs.frozen
class Mark:
    """A symbol written after a player's name (twist's nota): its words, whether it is
    still live (a spent one is drawn crossed out), what ``--json`` calls it, and how many
    live symbols of its kind it stands for (``X×3``) or, for the "…" of older ones, how
    many it hides."""

    word: Label | Phrase | str
    live: bool = True
    symbol: str = ""
    count: int = 1
    more: bool = False


@attrs.frozen
class Seat:
    """One player's sector of the pulka, from the centre out: the inner band, the middle
    band, then the vists written on each opponent (by name)."""

    player: str
    inner: Band
    middle: Band
    vists: Mapping[str, Band]
    marks: tuple[Mark, ...] = ()


@paper_kind
@attrs.frozen
class Pulka(Paper):
    """The paper pulka (Preferans, Twist): a sector per seat, in seating order; the centre
    circle's number (the pulya, the gora) and the small line under it (the pulyas' sum)."""

    seats: tuple[Seat, ...]
    centre: str
    centre_small: str = ""
    legend: Label | None = None

    form: ClassVar[str] = "pulka"

    def draw(self, ink: Ink) -> list[Node]:
        """The pulka of Preferans (pulya in the centre, Σ of the pulyas) or Twist (the gora)."""
        return [_pulka(self, ink), *ink.legend(self.legend)]


def pulka(players: tuple[str, ...], running: Mapping[ColumnKey, list[Amount]],
          columns: tuple[str, str], totals: Mapping[str, Mapping[str, object]],
          vists: Mapping[str, Mapping[str, object]], *, centre: str, centre_small: str = "",
          closed: frozenset[str] = frozenset(), marks: Mapping[str, tuple[Mark, ...]] | None = None,
          legend: Label | None = None) -> Pulka:
    """A pulka from a game's running columns and totals (what Preferans and Twist share).

    ``columns`` are the inner and middle bands' columns, ``totals[player][column]`` and
    ``vists[player][opponent]`` the totals of ``sheet_json`` (drawn when a column was never
    written), ``closed`` the players whose middle band is closed."""
    def band(player: str, column: str, against: str | None, total: object,
             shut: bool = False) -> Band:
        values = tuple(running.get((player, column, against), ()))
        return Band(column, values, json_number(values[-1]) if values else total, shut)

    inner, middle = columns
    seats = tuple(
        Seat(p, band(p, inner, None, totals[p][inner]),
             band(p, middle, None, totals[p][middle], p in closed),
             {q: band(p, "vists", q, vists[p][q]) for q in players if q != p},
             (marks or {}).get(p, ()))
        for p in players)
    return Pulka(seats, centre, centre_small, legend)


# -- text that fits a pencil line ------------------------------------------------

#: the pencil's size, in the drawing's units: 14 of 396 is 12 CSS px on a 360 px phone (the
#: page's 340 px), the smallest the numbers of a sheet are written at (tests/test_web_draw.py)
FONT = 14
LINE = 16
_EM = {".": 0.32, "…": 1.0, "-": 0.37, "/": 0.36, "✓": 0.9, " ": 0.32}


def _width(s: str, bold: bool = False, size: float = FONT) -> float:
    return sum(_EM.get(c, 0.64 if c.isdigit() else 0.7) for c in s) * size * (1.08 if bold else 1)


def _fit(tokens: list[str], widths: list[float]) -> tuple[list[list[str]], bool]:
    """Tokens laid on lines of the given widths, written on as a pencil goes.

    When all do not fit, the earliest are left off and the first line starts
    with "…": the tail always ends with the latest value, the total.
    """
    def size(line: list[str]) -> float:
        return _width(".".join(line) + ".", True)

    lines: list[list[str]] = [[] for _ in widths]
    k = 0
    for tok in tokens:
        while k < len(widths) and lines[k] and size(lines[k] + [tok]) > widths[k]:
            k += 1
        if k == len(widths):
            break
        lines[k].append(tok)
    else:
        return [line for line in lines if line], False
    # backwards from the total, the first line keeping room for the ellipsis
    lines = [[] for _ in widths]
    rest = list(tokens)
    for k in range(len(widths) - 1, -1, -1):
        room = widths[k] - (_width("…") if k == 0 else 0)
        while rest and (not lines[k] or size([rest[-1]] + lines[k]) <= room):
            lines[k].insert(0, rest.pop())
    return [line for line in lines if line], bool(rest)


def _svg_line(line: list[str], x: float, y: float, first: bool, elided: bool, total: bool,
              extra: str = "") -> Node:
    """One pencil line of a field; the field's total (its last value) in bold."""
    head = "…" if first and elided else ""
    out = el("text", {"x": f"{x:.1f}", "y": f"{y:.1f}"})
    if total:
        out.text = head + ".".join(line[:-1]) + ("." if len(line) > 1 else "")
        tot = el("tspan", {"class": "ws-tot"}, line[-1])
        tot.tail = extra or None
        out.append(tot)
    else:
        out.text = head + ".".join(line) + "."
    out.text = out.text or None
    return out


# -- the pulka's geometry ----------------------------------------------------------

HALF = 180          # half the side of the square
MARGIN = 18         # room for the names outside the square (a line of FONT, no more)
CIRCLE = 28
BANDS = ((CIRCLE + 2, 82), (82, 122), (122, HALF))   # inner, middle, vists (distance from C)
C = MARGIN + HALF


class _Side(NamedTuple):
    """One straight stretch of a sector, in a frame turned so a player reads it.

    In the frame x runs along the edge and y outwards (``sign`` +1) or towards
    the centre (-1, the top seat, kept upright for the phone); a line at
    distance d from the centre can hold text for x in [lo(d), hi(d)].
    """

    rotate: int
    sign: int
    lo: Callable[[float], float]
    hi: Callable[[float], float]


def _full(rotate: int, sign: int) -> _Side:
    return _Side(rotate, sign, lambda d: -d, lambda d: d)


_VISTS_IN = BANDS[2][0]
_BOTTOM_LEFT = _Side(0, 1, lambda d: -_VISTS_IN, lambda d: 0.0)
_BOTTOM_RIGHT = _Side(0, 1, lambda d: 0.0, lambda d: _VISTS_IN)
_BOTTOM, _LEFT, _TOP, _RIGHT = _full(0, 1), _full(90, 1), _full(0, -1), _full(-90, 1)

#: seat -> (main side, [(side, opponent seat, from, to) for each vists field])
_LAYOUT = {
    3: (  # the classic pulka: lines from the centre to the top corners and down the middle
        (_LEFT, [(_LEFT, 1, 0, 1), (_BOTTOM_LEFT, 2, 0, 1)]),
        (_TOP, [(_TOP, 0, 0, .5), (_TOP, 2, .5, 1)]),
        (_RIGHT, [(_RIGHT, 1, 0, 1), (_BOTTOM_RIGHT, 0, 0, 1)]),
    ),
    4: (  # a square cut by its diagonals
        (_BOTTOM, [(_BOTTOM, 1, 0, 1 / 3), (_BOTTOM, 2, 1 / 3, 2 / 3), (_BOTTOM, 3, 2 / 3, 1)]),
        (_LEFT, [(_LEFT, 2, 0, 1 / 3), (_LEFT, 3, 1 / 3, 2 / 3), (_LEFT, 0, 2 / 3, 1)]),
        (_TOP, [(_TOP, 1, 0, 1 / 3), (_TOP, 0, 1 / 3, 2 / 3), (_TOP, 3, 2 / 3, 1)]),
        (_RIGHT, [(_RIGHT, 0, 0, 1 / 3), (_RIGHT, 1, 1 / 3, 2 / 3), (_RIGHT, 2, 2 / 3, 1)]),
    ),
}

#: where each seat's name is written, outside the square: (x, y, rotate)
#: (the baseline: a turned name's letters rise towards the square, an upright one's above it)
_NAMES = {
    3: ((C - HALF - 13, C, 90), (C, C - HALF - 5, 0), (C + HALF + 13, C, -90)),
    4: ((C, C + HALF + 14, 0), (C - HALF - 13, C, 90), (C, C - HALF - 5, 0),
        (C + HALF + 13, C, -90)),
}


def _bounds(side: _Side, f0: float, f1: float) -> tuple[float, float]:
    lo, hi = side.lo(HALF), side.hi(HALF)
    return lo + f0 * (hi - lo), lo + f1 * (hi - lo)


def _band_lines(side: _Side, band: tuple[int, int], f0: float = 0, f1: float = 1,
                count: int | None = None) -> list[tuple[float, float, float]]:
    """(baseline y, x from, x to) of the pencil lines of a band, in reading order.

    As many lines as the band holds, or ``count`` of them centred across it.
    """
    din, dout = band
    a, b = _bounds(side, f0, f1)
    room = max(1, int((dout - din - 2) // LINE))
    n = room if count is None else min(count, room)
    pad = (dout - din - n * LINE) / 2
    out = []
    for k in range(n):
        d = din + pad + LINE * (k + 0.5)
        inner = d - LINE / 2
        lo = max(side.lo(inner), a) + 3
        hi = min(side.hi(inner), b) - 3
        out.append((side.sign * d + 0.36 * FONT, lo, hi))
    out.sort()
    return out


def _field(side: _Side, band: tuple[int, int], values: tuple[Amount, ...], f0: float, f1: float,
           data: dict[str, object], cls: str, mark: str = "") -> Node:
    """One field of the pulka: a column's running values, tail first when they do not fit."""
    tokens = [format_amount(v) for v in values]
    group = el("g", {"class": f"ws-f {cls}", **data})
    if tokens:
        lines, laid, elided = _lay(tokens, _band_lines(side, band, f0, f1),
                                   lambda n: _band_lines(side, band, f0, f1, n), mark)
        for k, line in enumerate(laid):
            y, lo, hi = lines[k]
            last = k == len(laid) - 1
            group.append(_svg_line(line, (lo + hi) / 2, y, k == 0, elided, last,
                                   mark if last else ""))
    return group


_Lines = list[tuple[float, float, float]]


def _lay(tokens: list[str], full: _Lines, centred: Callable[[int], _Lines],
         mark: str) -> tuple[_Lines, list[list[str]], bool]:
    """The lines a field's values are written on, and the values on each.

    The fewest lines that hold every value, centred across the band when they fit
    there, else the widest run of that many lines (a corner field, cut by the
    diagonal, is longest at its outer edge): a chain broken over two short lines
    where one long line holds it is what made the corners cramped.  When the band
    cannot hold them all, every line is used and the tail is kept (:func:`_fit`).
    """
    laid, elided = _fit(tokens, _widths(full, mark))
    if elided:
        return full, laid, True
    for n in range(1, len(full) + 1):
        runs = [centred(n)] + sorted((full[i:i + n] for i in range(len(full) - n + 1)),
                                     key=lambda run: -min(hi - lo for _, lo, hi in run))
        for lines in runs:
            again, cut = _fit(tokens, _widths(lines, mark))
            if not cut and len(again) == len(lines):
                return lines, again, False
    return full, laid, False


def _widths(lines: _Lines, mark: str) -> list[float]:
    return [hi - lo - _width(mark) for _, lo, hi in lines]


def _group(side: _Side, *inner: Node) -> Node:
    return el("g", {"transform": f"translate({C} {C}) rotate({side.rotate})"}, None, *inner)


def _band_polygon(side: _Side, band: tuple[int, int], cls: str) -> Node:
    din, dout = band
    s = side.sign
    pts = [(side.lo(din), s * din), (side.hi(din), s * din), (side.hi(dout), s * dout),
           (side.lo(dout), s * dout)]
    return el("polygon", {"class": cls, "points": " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)})


def _name_text(label: Node, name: str, limit: float, dealer: bool, symbols: list[Node]) -> Node:
    """A seat's name on ``label`` (cut to ``limit``), the dealer's dot, twist's nota after it."""
    shown = name
    if _width(shown, True) > limit:
        while shown and _width(shown + "…", True) > limit:
            shown = shown[:-1]
        shown += "…"
    if dealer:
        label.append(el("tspan", {"class": "ws-dealer"}, "● "))
    add_text(label, shown)
    for symbol in symbols:
        add_text(label, " ")
        label.append(symbol)
    return label


def _marks_svg(player: str, marks: tuple[Mark, ...], ink: Ink) -> tuple[list[Node], float]:
    """The symbols the game writes after a name (twist's nota), live ones bold, spent ones
    crossed out, the "…" of older ones grey.  Returns them (each written after a space)
    and their width."""
    parts: list[Node] = []
    width = 0.0
    for mark in marks:
        word = ink.say(mark.word)
        if mark.more:
            attrs: dict[str, object] = {"class": "ws-sym-more", "data-player": player,
                                        "data-hidden": mark.count}
        else:
            attrs = {"class": "ws-sym" if mark.live else "ws-sym-off", "data-player": player,
                     "data-symbol": mark.symbol, "data-count": mark.count}
        parts.append(el("tspan", attrs, word))
        width += _width(" " + word, True)
    return parts, width


def _pulka(paper: Pulka, ink: Ink) -> Node:
    """The paper pulka: a sector per player, bands (inner, middle, vists) from the centre out."""
    players = tuple(seat.player for seat in paper.seats)
    n = len(players)
    layout = _LAYOUT[n]
    size = 2 * (HALF + MARGIN)
    svg = el("svg", {"class": "ws-pulka", "viewBox": f"0 0 {size} {size}", "role": "img",
                      "aria-label": ink.say(Label("sheet")),
                      "xmlns": "http://www.w3.org/2000/svg"})
    # the frame: the outer square, the band lines, the sector lines
    lo, hi = C - HALF, C + HALF
    for din, _ in BANDS[1:]:
        svg.append(el("rect", {"class": "ws-ln2", "x": C - din, "y": C - din,
                                "width": 2 * din, "height": 2 * din}))
    if n == 3:
        svg.append(el("path", {"class": "ws-ln", "d": (
            f"M{C} {C}L{lo} {lo}M{C} {C}L{hi} {lo}M{C} {C}L{C} {hi}"
            f"M{C - _VISTS_IN} {C + _VISTS_IN}L{C - _VISTS_IN} {hi}"
            f"M{C + _VISTS_IN} {C + _VISTS_IN}L{C + _VISTS_IN} {hi}")}))
    else:
        svg.append(el("path", {"class": "ws-ln", "d": f"M{lo} {lo}L{hi} {hi}M{hi} {lo}L{lo} {hi}"}))
    svg.append(el("rect", {"class": "ws-ln", "x": lo, "y": lo, "width": 2 * HALF,
                            "height": 2 * HALF}))
    for seat_no, (seat, (main, vists)) in enumerate(zip(paper.seats, layout)):
        p = seat.player
        parts = []
        if seat.middle.closed:
            parts.append(_band_polygon(main, BANDS[1], "ws-closed-band"))
        for band, field in ((BANDS[0], seat.inner), (BANDS[1], seat.middle)):
            mark = " ✓" if field.closed else ""
            parts.append(_field(main, band, field.values, 0, 1,
                                {"data-player": p, "data-column": field.column, "data-against": "",
                                 "data-total": field.total},
                                f"ws-{field.column}" + (" ws-closed" if mark else ""), mark))
        svg.append(_group(main, *parts))
        for side, opp, f0, f1 in vists:
            q = players[opp]
            on = seat.vists[q]
            drawn = _field(side, BANDS[2], on.values, f0, f1,
                           {"data-player": p, "data-column": on.column, "data-against": q,
                            "data-total": on.total}, f"ws-{on.column}")
            if f0 > 0:
                x, _ = _bounds(side, f0, f1)
                sep = el("line", {"class": "ws-ln2", "x1": f"{x:.1f}",
                                   "y1": side.sign * BANDS[2][0], "x2": f"{x:.1f}",
                                   "y2": side.sign * HALF})
                svg.append(_group(side, sep, drawn))
            else:
                svg.append(_group(side, drawn))
        x, y, rot = _NAMES[n][seat_no]
        symbols, room = _marks_svg(p, seat.marks, ink) if seat.marks else ([], 0.0)
        label = el("text", {"class": "ws-name", "transform": f"translate({x} {y}) rotate({rot})",
                             "data-seat": seat_no})
        svg.append(_name_text(label, p, 2 * HALF - 30 - room, p == ink.dealer, symbols))
    svg.append(el("circle", {"class": "ws-centre", "cx": C, "cy": C, "r": CIRCLE}))
    big = paper.centre
    fit = min(17.0, 17.0 * (2 * CIRCLE - 8) / _width(big, True, 17))
    svg.append(el("text", {"class": "ws-target", "x": C, "y": C + 3,
                            "style": f"font-size:{fit:.1f}px"}, big))
    svg.append(el("text", {"class": "ws-sum", "x": C, "y": C + 17}, paper.centre_small))
    return svg
