"""The sheet drawn the way players draw it on paper, for the scorepad's table page.

The terminal and the workbook show a sheet as a grid; at the table people
recognise the paper they keep: the Preferans pulka with its centre circle and
a sector per player, the Twist sheet with its nota, the whist marker's line,
the Danish pad.  This module draws those as one HTML fragment (inline SVG for
the pulka) from a replay.  It decides no rule: every number is a running sum
of the entries the game wrote, the way ``show --by-deal`` reads them, so the
drawing and ``show --json`` cannot disagree.  Standard library only: the
drawing is built as an ``xml.etree.ElementTree`` tree and written once, so every
name and note is escaped by construction (as python-chess's ``chess/svg.py``
draws its boards), never by remembering to.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, NamedTuple

from ..game import GameType, Words
from ..i18n import term_spans, text
from ..layout import Cell, Label, Table
from ..ledger import Amount, format_amount, json_number, plain_number
from ..paper import Mark, Marker, Pad, Pulka
from ..replay import Replay

__all__ = ["draw_sheet", "draw_summary", "shown", "SHEET_CSS"]

#: the sheet is drawn for any registered game
AnyGame = GameType[Any, Any]


#: the sheet's stylesheet (static/sheet.css), for a page that embeds a drawing on its own
SHEET_CSS = (Path(__file__).parent / "static" / "sheet.css").read_text(encoding="utf-8")



Node = ET.Element


def _el(tag: str, attrs: dict[str, object] | None = None, text: str | None = None,
        *children: Node) -> Node:
    """An element with its attributes (in this order), its text and its children.

    Values are kept as they are and escaped only when the tree is written, so
    nothing a player types can become markup."""
    element = ET.Element(tag, {k: str(v) for k, v in (attrs or {}).items()})
    element.text = text or None
    element.extend(children)
    return element


def _add_text(element: Node, value: str) -> None:
    """Write ``value`` after what ``element`` already holds (as the pencil goes on)."""
    if not value:
        return
    if len(element):
        last = element[-1]
        last.tail = (last.tail or "") + value
    else:
        element.text = (element.text or "") + value


def _html(element: Node) -> str:
    """The element written as HTML that inline SVG shares.

    Written as XML, which escapes ``<``, ``>``, ``&`` and ``"`` in every text and
    attribute (ElementTree's HTML writer leaves ``<`` raw in attributes), with
    no empty element shortened (HTML has no ``<td/>``); ``<br>``, the one void
    element drawn here, is then written as HTML writes it.  No text of a player
    can hold a raw ``<``, so that replacement can only meet the drawing's own."""
    written = ET.tostring(element, encoding="unicode", method="xml", short_empty_elements=False)
    return written.replace("<br></br>", "<br>")


def _t(value: object, kind: AnyGame, lang: str) -> str:
    """A sheet word (Label) in the page's language."""
    return str(text(value, kind, lang))


def _num(value: Amount) -> str:
    return format_amount(value)


def mixed_amount(value: Amount | str, *, signed: bool = False) -> str:
    """An amount as a player reads it off a phone: 118/3 as ``39 1/3``, still exact.

    Only the page shows this; the API keeps ``settle --json``'s strings."""
    value = plain_number(Fraction(value))
    if not isinstance(value, Fraction) or value.denominator == 1:
        return format_amount(value, signed=signed)
    whole, part = divmod(abs(value.numerator), value.denominator)
    sign = "-" if value < 0 else "+" if signed else ""
    return sign + (f"{whole} " if whole else "") + f"{part}/{value.denominator}"


def shown(value: object) -> str:
    """A club value on a page: an exact number as :func:`mixed_amount` writes it, any
    other value (a contract, "7♠") as the club wrote it."""
    try:
        return mixed_amount(str(value))
    except (ValueError, ZeroDivisionError):
        return str(value)


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
    out = _el("text", {"x": f"{x:.1f}", "y": f"{y:.1f}"})
    if total:
        out.text = head + ".".join(line[:-1]) + ("." if len(line) > 1 else "")
        tot = _el("tspan", {"class": "ws-tot"}, line[-1])
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
    group = _el("g", {"class": f"ws-f {cls}", **data})
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
    return _el("g", {"transform": f"translate({C} {C}) rotate({side.rotate})"}, None, *inner)


def _band_polygon(side: _Side, band: tuple[int, int], cls: str) -> Node:
    din, dout = band
    s = side.sign
    pts = [(side.lo(din), s * din), (side.hi(din), s * din), (side.hi(dout), s * dout),
           (side.lo(dout), s * dout)]
    return _el("polygon", {"class": cls, "points": " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)})


def _name_text(label: Node, name: str, limit: float, dealer: bool, symbols: list[Node]) -> Node:
    """A seat's name on ``label`` (cut to ``limit``), the dealer's dot, twist's nota after it."""
    shown = name
    if _width(shown, True) > limit:
        while shown and _width(shown + "…", True) > limit:
            shown = shown[:-1]
        shown += "…"
    if dealer:
        label.append(_el("tspan", {"class": "ws-dealer"}, "● "))
    _add_text(label, shown)
    for symbol in symbols:
        _add_text(label, " ")
        label.append(symbol)
    return label


def _marks_svg(player: str, marks: tuple[Mark, ...], kind: AnyGame,
               lang: str) -> tuple[list[Node], float]:
    """The symbols the game writes after a name (twist's nota), live ones bold, spent ones
    crossed out, the "…" of older ones grey.  Returns them (each written after a space)
    and their width."""
    parts: list[Node] = []
    width = 0.0
    for mark in marks:
        word = _t(mark.word, kind, lang)
        if mark.more:
            attrs: dict[str, object] = {"class": "ws-sym-more", "data-player": player,
                                        "data-hidden": mark.count}
        else:
            attrs = {"class": "ws-sym" if mark.live else "ws-sym-off", "data-player": player,
                     "data-symbol": mark.symbol, "data-count": mark.count}
        parts.append(_el("tspan", attrs, word))
        width += _width(" " + word, True)
    return parts, width


def _pulka(paper: Pulka, dealer: str | None, kind: AnyGame, lang: str) -> Node:
    """The paper pulka: a sector per player, bands (inner, middle, vists) from the centre out."""
    players = tuple(seat.player for seat in paper.seats)
    n = len(players)
    layout = _LAYOUT[n]
    size = 2 * (HALF + MARGIN)
    svg = _el("svg", {"class": "ws-pulka", "viewBox": f"0 0 {size} {size}", "role": "img",
                      "aria-label": _t(Label("sheet"), kind, lang),
                      "xmlns": "http://www.w3.org/2000/svg"})
    # the frame: the outer square, the band lines, the sector lines
    lo, hi = C - HALF, C + HALF
    for din, _ in BANDS[1:]:
        svg.append(_el("rect", {"class": "ws-ln2", "x": C - din, "y": C - din,
                                "width": 2 * din, "height": 2 * din}))
    if n == 3:
        svg.append(_el("path", {"class": "ws-ln", "d": (
            f"M{C} {C}L{lo} {lo}M{C} {C}L{hi} {lo}M{C} {C}L{C} {hi}"
            f"M{C - _VISTS_IN} {C + _VISTS_IN}L{C - _VISTS_IN} {hi}"
            f"M{C + _VISTS_IN} {C + _VISTS_IN}L{C + _VISTS_IN} {hi}")}))
    else:
        svg.append(_el("path", {"class": "ws-ln", "d": f"M{lo} {lo}L{hi} {hi}M{hi} {lo}L{lo} {hi}"}))
    svg.append(_el("rect", {"class": "ws-ln", "x": lo, "y": lo, "width": 2 * HALF,
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
                sep = _el("line", {"class": "ws-ln2", "x1": f"{x:.1f}",
                                   "y1": side.sign * BANDS[2][0], "x2": f"{x:.1f}",
                                   "y2": side.sign * HALF})
                svg.append(_group(side, sep, drawn))
            else:
                svg.append(_group(side, drawn))
        x, y, rot = _NAMES[n][seat_no]
        symbols, room = _marks_svg(p, seat.marks, kind, lang) if seat.marks else ([], 0.0)
        label = _el("text", {"class": "ws-name", "transform": f"translate({x} {y}) rotate({rot})",
                             "data-seat": seat_no})
        svg.append(_name_text(label, p, 2 * HALF - 30 - room, p == dealer, symbols))
    svg.append(_el("circle", {"class": "ws-centre", "cx": C, "cy": C, "r": CIRCLE}))
    big = paper.centre
    fit = min(17.0, 17.0 * (2 * CIRCLE - 8) / _width(big, True, 17))
    svg.append(_el("text", {"class": "ws-target", "x": C, "y": C + 3,
                            "style": f"font-size:{fit:.1f}px"}, big))
    svg.append(_el("text", {"class": "ws-sum", "x": C, "y": C + 17}, paper.centre_small))
    return svg


def _termed(element: Node, said: str, kind: AnyGame, lang: str) -> Node:
    """``said`` written into ``element``, the first of each players' term a button that
    opens its one-line explanation beneath it (static/terms.js); the words are the game's."""
    for part in term_spans(said, kind, lang):
        if isinstance(part, str):
            _add_text(element, part)
        else:
            word, term = part
            element.append(_el("button", {"type": "button", "class": "term",
                                          "data-term": term.key, "data-line": term.line,
                                          "aria-expanded": "false"}, word))
    return element


def _legend(words: Label | None, kind: AnyGame, lang: str) -> list[Node]:
    if not words:
        return []
    return [_termed(_el("p", {"class": "ws-legend"}), _t(words, kind, lang), kind, lang)]


def _pulka_sheet(paper: Pulka, rp: Replay[Any], lang: str) -> list[Node]:
    """The pulka of Preferans (pulya in the centre, Σ of the pulyas) or Twist (the gora)."""
    dealer = rp.next_dealer() if not rp.finished else None
    return [_pulka(paper, dealer, rp.game.kind, lang), *_legend(paper.legend, rp.game.kind, lang)]


# -- whist: the marker's sheet ---------------------------------------------------------

def _row(attrs: dict[str, object] | None, *cells: Node) -> Node:
    return _el("tr", attrs, None, *cells)


def _marker(paper: Marker, rp: Replay[Any], lang: str) -> list[Node]:
    """Two columns, we and they: game values and rubbers above the line, points below."""
    kind = rp.game.kind
    sides = paper.sides
    head = _row(None)
    for side, members in zip(sides, paper.members):
        head.append(_el("th", {"title": f"{side}: {', '.join(members)}"}, side,
                        _el("br"), _el("span", {"class": "ws-tag"}, " · ".join(members))))
    table = _el("table", {"class": "ws-marker"}, None, _el("thead", None, None, head))
    for b in paper.rubbers:
        if not b.above and not any(ns or ew for ns, ew in b.games) and b.number > 1:
            continue
        body = _el("tbody")
        if paper.numbered:
            body.append(_row(None, _el("td", {"class": "ws-cap", "colspan": 2},
                                       f"{_t(Label('rubber_no'), kind, lang)} {b.number}")))
        # above the line: written upwards from the line, the latest at the top
        for i, amount, what in reversed(b.above):
            cells = [_el("td"), _el("td")]
            cells[i].extend([_el("span", {"data-side": sides[i],
                                          "data-above": json_number(amount)}, _num(amount)),
                             _el("span", {"class": "ws-tag"}, _t(what, kind, lang))])
            cells[i][0].tail = " "
            body.append(_row({"class": "ws-above"}, *cells))
        first = True
        for g, (ns, ew) in enumerate(b.games):
            last_game = g == len(b.games) - 1
            if last_game and not ns and not ew and not first:
                continue
            cls = ["ws-below"]
            if first:
                cls.append("ws-line")
            if not last_game:
                cls.append("ws-gameend")
            cells = []
            for steps in (ns, ew):
                td = _el("td")
                for k, (value, column) in enumerate(steps):
                    if k:
                        _add_text(td, ".")
                    td.append(_el("span", {"class": f"ws-{column}"}, _num(value)))
                cells.append(td)
            body.append(_row({"class": " ".join(cls)}, *cells))
            first = False
        table.append(body)
    table.append(_el("tfoot", None, None,
                     _row(None, _el("td", {"class": "ws-cap", "colspan": 2},
                                    _t(Label("total"), kind, lang))),
                     _row({"class": "ws-foot"}, *[
                         _el("td", {"data-side": s, "data-total": t},
                             format_amount(Fraction(str(t)), signed=True))
                         for s, t in zip(sides, paper.totals)])))
    return [table, *_legend(paper.legend, kind, lang)]


# -- danish: the running pad ----------------------------------------------------------

PAD_ROWS = 40


def _pad(paper: Pad, rp: Replay[Any], lang: str) -> list[Node]:
    """A column per player, the running total a row per deal, the change written small."""
    kind = rp.game.kind
    players = paper.players
    rows = []
    for deal in paper.rows:
        cells = [_el("td", {"class": "ws-no"}, str(deal.number))]
        for p, (total, change) in zip(players, deal.cells):
            dealt = " ws-dealt" if p == deal.dealer else ""
            if change is None:
                cells.append(_el("td", {"class": f"ws-out{dealt}"}, _num(total),
                                 _el("span", {"class": "ws-chg"}, "—")))
            else:
                cells.append(_el("td", {"class": dealt.strip()}, _num(total),
                                 _el("span", {"class": "ws-chg"},
                                     format_amount(change, signed=True))))
        rows.append(_row(None, *cells))
    earlier = len(rows) - PAD_ROWS
    if earlier > 0:
        rows = ([_row({"class": "ws-more"},
                      _el("td", {"colspan": len(players) + 1},
                          _t(Label("draw.earlier", (earlier,)), kind, lang)))]
                + rows[earlier:])
    number = _t(paper.number, kind, lang)
    head = _row(None, _el("th" if number else "td", {"class": "ws-no"}, number),
                *[_el("th", {"title": p}, p) for p in players])
    foot = _row({"class": "ws-foot"}, _el("td", {"class": "ws-no"}, "Σ"),
                *[_el("td", {"data-player": p, "data-total": t}, _num(Fraction(str(t))))
                  for p, t in zip(players, paper.totals)])
    table = _el("table", {"class": "ws-table ws-pad"}, None, _el("thead", None, None, head),
                _el("tbody", None, None, *rows), _el("tfoot", None, None, foot))
    return [table, *_legend(paper.legend, kind, lang)]


# -- any other game: its own tables ----------------------------------------------------

def _cell_text(cell: Cell | Words | Amount | None, kind: AnyGame, lang: str) -> str:
    value = cell.value if isinstance(cell, Cell) else cell
    if value is None:
        return ""
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        return _num(value)
    return _t(value, kind, lang)


def _tables(rp: Replay[Any], lang: str) -> list[Node]:
    kind = rp.game.kind
    out = []
    for table in kind.sheet_tables(rp):
        assert isinstance(table, Table)
        # an empty corner is no header (a screen reader would announce nothing)
        head = _row(None, *[_el("th" if (said := _cell_text(h, kind, lang)) else "td", None, said)
                            for h in table.header])
        body = [_row(None, *[_el("td", None, _cell_text(c, kind, lang)) for c in row])
                for row in table.rows]
        out.append(_el("div", {"class": "ws-wrap"}, None,
                       _el("table", {"class": "ws-table ws-generic"}, None,
                           _el("caption", None, _t(table.title, kind, lang)),
                           _el("thead", None, None, head), _el("tbody", None, None, *body))))
    return out


def draw_sheet(rp: Replay[Any], lang: str = "en") -> str:
    """The sheet of a replay (that kept its results) as a safe HTML fragment: what the game
    says is on its paper (``GameType.drawing``), drawn by its form, else its own tables."""
    paper = rp.game.kind.drawing(rp)
    form = type(paper).__name__.lower() if paper is not None else "tables"
    if isinstance(paper, Pulka):
        drawn = _pulka_sheet(paper, rp, lang)
    elif isinstance(paper, Marker):
        drawn = _marker(paper, rp, lang)
    elif isinstance(paper, Pad):
        drawn = _pad(paper, rp, lang)
    else:
        drawn = _tables(rp, lang)
    return _html(_el("div", {"class": f"ws-sheet ws-{form}-sheet"}, None, *drawn))


def draw_summary(rp: Replay[Any], lang: str = "en") -> str:
    """Under the sheet: each player's running balance, who deals next, what is due."""
    game = rp.game
    kind = game.kind
    balance = rp.balance()
    unit = _t(Label(f"unit.{kind.unit}"), kind, lang)
    rows = []
    for p in game.players:
        b = plain_number(Fraction(balance.get(p, 0)))
        cls = "ws-pos" if b > 0 else "ws-neg" if b < 0 else ""
        rows.append(_row(None, _el("td", None, p),
                         _el("td", {"class": f"ws-num {cls}", "data-player": p,
                                    "data-balance": json_number(b)},
                             mixed_amount(b, signed=True))))
    head = _row(None, _el("th", None, _t(Label("player"), kind, lang)),
                _termed(_el("th", {"class": "ws-num"}), f"{_t(Label('balance'), kind, lang)} ({unit})",
                        kind, lang))
    out = _el("div", {"class": "ws-summary"}, None,
              _el("table", {"class": "ws-balance"}, None, _el("thead", None, None, head),
                  _el("tbody", None, None, *rows)))
    if rp.finished:
        out.append(_el("p", {"class": "ws-due", "data-due": "finished"},
                       _t(Label("draw.finished"), kind, lang)))
    else:
        due = kind.due(rp.state, game.rules)
        if due is not None:
            out.append(_el("p", {"class": "ws-due", "data-due": due[0]}, _t(due[1], kind, lang)))
        dealer = rp.next_dealer()
        sits = "" if dealer in kind.active_players(game.players, dealer) else \
            _t(Label("draw.sits_out"), kind, lang)
        dot = _el("span", {"class": "ws-dot"}, "●")
        dot.tail = " " + _t(Label("draw.next_dealer", (dealer,)), kind, lang) + sits
        out.append(_el("p", {"class": "ws-next", "data-dealer": dealer}, None, dot))
    return _html(out)
