"""The sheet drawn the way players draw it on paper, for the scorepad's table page.

The terminal and the workbook show a sheet as a grid; at the table people
recognise the paper they keep: the Preferans pulka with its centre circle and
a sector per player, the Twist sheet with its nota, the whist marker's line,
the Danish pad.  This module draws those as one HTML fragment (inline SVG for
the pulka) from a replay.  It decides no rule: every number is a running sum
of the entries the game wrote, the way ``show --by-deal`` reads them, so the
drawing and ``show --json`` cannot disagree.  Standard library only; every
name and note is escaped.
"""

from __future__ import annotations

import html
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, NamedTuple, Protocol, TypedDict, Union

from ..game import GameType, Words
from ..i18n import text
from ..layout import Cell, Label, Table
from ..ledger import Amount, format_amount, json_number, plain_number
from ..replay import Replay

__all__ = ["draw_sheet", "draw_summary", "SHEET_CSS"]

#: the sheet is drawn for any registered game
AnyGame = GameType[Any, Any]
#: a column's place on the sheet: (player, column, written on whom)
_Key = tuple[str, str, Union[str, None]]


class _NotaSymbol(Protocol):
    """What the pulka reads of a symbol of twist's nota (the state's ``nota(seat)``)."""

    @property
    def kind(self) -> str: ...

    @property
    def written(self) -> int: ...

    @property
    def ended(self) -> int | None: ...

    @property
    def bars(self) -> int: ...

    def text(self) -> str: ...

#: the sheet's stylesheet (static/sheet.css), for a page that embeds a drawing on its own
SHEET_CSS = (Path(__file__).parent / "static" / "sheet.css").read_text(encoding="utf-8")



def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _t(value: object, kind: AnyGame, lang: str) -> str:
    """A sheet word (Label) in the page's language, escaped."""
    return _e(text(value, kind, lang))


def _num(value: Amount) -> str:
    return _e(format_amount(value))


def mixed_amount(value: Amount | str, *, signed: bool = False) -> str:
    """An amount as a player reads it off a phone: 118/3 as ``39 1/3``, still exact.

    Only the page shows this; the API keeps ``settle --json``'s strings."""
    value = plain_number(Fraction(value))
    if not isinstance(value, Fraction) or value.denominator == 1:
        return format_amount(value, signed=signed)
    whole, part = divmod(abs(value.numerator), value.denominator)
    sign = "-" if value < 0 else "+" if signed else ""
    return sign + (f"{whole} " if whole else "") + f"{part}/{value.denominator}"


def _sequences(rp: Replay[Any]) -> dict[_Key, list[Amount]]:
    """(player, column, written-on) -> the column's values, one per deal that changed it.

    A column that does not start at 0 (twist's gora) starts with its opening
    value written, as the pencil does before the first deal.
    """
    game = rp.game
    out: dict[_Key, list[Amount]] = {key: [value] for key, value
                              in game.kind.opening_values(game.players, game.rules).items()}
    for result in rp.results:
        sums: dict[_Key, Amount] = {}
        for e in result.outcome.entries:
            key = (e.player, e.column, e.against)
            sums[key] = sums.get(key, 0) + e.amount
        for key, amount in sums.items():
            if amount == 0:
                continue
            values = out.setdefault(key, [])
            values.append(plain_number((values[-1] if values else 0) + amount))
    return out


# -- text that fits a pencil line ------------------------------------------------

FONT = 13
LINE = 15
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
              extra: str = "") -> str:
    head = "…" if first and elided else ""
    if total:
        body = ".".join(line[:-1]) + ("." if len(line) > 1 else "")
        tail = f'<tspan class="ws-tot">{_e(line[-1])}</tspan>{_e(extra)}'
    else:
        body = ".".join(line) + "."
        tail = ""
    return f'<text x="{x:.1f}" y="{y:.1f}">{_e(head + body)}{tail}</text>'


# -- the pulka's geometry ----------------------------------------------------------

HALF = 180          # half the side of the square
MARGIN = 24         # room for the names outside the square
CIRCLE = 30
BANDS = ((CIRCLE + 2, 80), (80, 122), (122, HALF))   # inner, middle, vists (distance from C)
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
_NAMES = {
    3: ((C - HALF - 8, C, 90), (C, C - HALF - 8, 0), (C + HALF + 8, C, -90)),
    4: ((C, C + HALF + 17, 0), (C - HALF - 8, C, 90), (C, C - HALF - 8, 0),
        (C + HALF + 8, C, -90)),
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


def _field(side: _Side, band: tuple[int, int], values: list[Amount], f0: float, f1: float,
           attrs: str, cls: str, mark: str = "") -> str:
    """One field of the pulka: a column's running values, tail first when they do not fit."""
    tokens = [format_amount(v) for v in values]
    body = []
    if tokens:
        lines = _band_lines(side, band, f0, f1)
        laid, elided = _fit(tokens, _widths(lines, mark))
        if len(laid) < len(lines):   # fewer lines than the band holds: centre them
            fewer = _band_lines(side, band, f0, f1, len(laid))
            again, cut = _fit(tokens, _widths(fewer, mark))
            if cut == elided and len(again) == len(fewer):
                lines, laid = fewer, again
        for k, line in enumerate(laid):
            y, lo, hi = lines[k]
            last = k == len(laid) - 1
            body.append(_svg_line(line, (lo + hi) / 2, y, k == 0, elided, last,
                                  mark if last else ""))
    return f'<g class="ws-f {cls}" {attrs}>{"".join(body)}</g>'


def _widths(lines: list[tuple[float, float, float]], mark: str) -> list[float]:
    return [hi - lo - _width(mark) for _, lo, hi in lines]


def _group(side: _Side, inner: str) -> str:
    return f'<g transform="translate({C} {C}) rotate({side.rotate})">{inner}</g>'


def _band_polygon(side: _Side, band: tuple[int, int], cls: str) -> str:
    din, dout = band
    s = side.sign
    pts = [(side.lo(din), s * din), (side.hi(din), s * din), (side.hi(dout), s * dout),
           (side.lo(dout), s * dout)]
    return f'<polygon class="{cls}" points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in pts)}"/>'


def _name_text(name: str, limit: float, dealer: bool, symbols: str) -> str:
    shown = name
    if _width(shown, True) > limit:
        while shown and _width(shown + "…", True) > limit:
            shown = shown[:-1]
        shown += "…"
    dot = '<tspan class="ws-dealer">● </tspan>' if dealer else ""
    return f"{dot}{_e(shown)}{symbols}"


NOTA_SHOWN = 6


def _nota_svg(player: str, symbols: tuple[_NotaSymbol, ...], kind: AnyGame,
              lang: str) -> tuple[str, float]:
    """Twist's nota after the name: X, O, dazin, operet; crossed or barred as on paper.

    A long evening fills the nota: live X's (and O's) are written once with
    their count ("X×3"), the latest crossed ones follow in the order written,
    and the older crossed ones are counted as "…".  Returns the markup and its width.
    """
    items: list[tuple[_NotaSymbol, int]] = []
    grouped: set[str] = set()
    for s in symbols:
        if s.ended is None and s.kind in ("X", "O"):
            if s.kind not in grouped:
                grouped.add(s.kind)
                items.append((s, sum(1 for t in symbols if t.kind == s.kind and t.ended is None)))
        elif s.ended is None:
            items.append((s, 1))
    ended = [s for s in symbols if s.ended is not None]
    room = max(0, NOTA_SHOWN - len(items))
    kept = ended[len(ended) - room:] if room else []
    items = sorted(items + [(s, 1) for s in kept], key=lambda item: item[0].written)
    parts, width = [], 0.0
    if len(kept) < len(ended):
        parts.append(f' <tspan class="ws-sym-more" data-player="{_e(player)}" '
                     f'data-hidden="{len(ended) - len(kept)}">…</tspan>')
        width += _width(" …", True)
    for s, count in items:
        if s.kind in ("X", "O"):
            word = s.kind if count == 1 else f"{s.kind}×{count}"
        else:
            word = text(Label(f"draw.{s.kind}"), kind, lang) + "|" * s.bars
        cls = "ws-sym" if s.ended is None else "ws-sym-off"
        parts.append(f' <tspan class="{cls}" data-player="{_e(player)}" '
                     f'data-symbol="{_e(s.text())}" data-count="{count}">{_e(word)}</tspan>')
        width += _width(" " + word, True)
    return "".join(parts), width


def _pulka(rp: Replay[Any], lang: str, columns: tuple[str, str], centre: tuple[str, str]) -> str:
    """The paper pulka: a sector per player, bands (inner, middle, vists) from the centre out."""
    game = rp.game
    kind = game.kind
    players = game.players
    n = len(players)
    layout = _LAYOUT[n]
    seqs = _sequences(rp)
    sheet = kind.sheet_json(rp.state, game.rules)
    target = game.rules["pulya"] if "pulya" in columns else None
    dealer = rp.next_dealer() if not rp.finished else None
    size = 2 * (HALF + MARGIN)
    out = [f'<svg class="ws-pulka" viewBox="0 0 {size} {size}" role="img" '
           f'aria-label="{_t(Label("sheet"), kind, lang)}" xmlns="http://www.w3.org/2000/svg">']
    # the frame: the outer square, the band lines, the sector lines
    lo, hi = C - HALF, C + HALF
    for din, _ in BANDS[1:]:
        out.append(f'<rect class="ws-ln2" x="{C - din}" y="{C - din}" width="{2 * din}" '
                   f'height="{2 * din}"/>')
    if n == 3:
        out.append(f'<path class="ws-ln" d="M{C} {C}L{lo} {lo}M{C} {C}L{hi} {lo}M{C} {C}L{C} {hi}'
                   f'M{C - _VISTS_IN} {C + _VISTS_IN}L{C - _VISTS_IN} {hi}'
                   f'M{C + _VISTS_IN} {C + _VISTS_IN}L{C + _VISTS_IN} {hi}"/>')
    else:
        out.append(f'<path class="ws-ln" d="M{lo} {lo}L{hi} {hi}M{hi} {lo}L{lo} {hi}"/>')
    out.append(f'<rect class="ws-ln" x="{lo}" y="{lo}" width="{2 * HALF}" height="{2 * HALF}"/>')
    inner_col, middle_col = columns
    for seat, (main, vists) in enumerate(layout):
        p = players[seat]
        pe = _e(p)
        parts = []
        closed = target is not None and Fraction(sheet[p][middle_col]) >= target
        if closed:
            parts.append(_band_polygon(main, BANDS[1], "ws-closed-band"))
        for band, col in ((BANDS[0], inner_col), (BANDS[1], middle_col)):
            values = seqs.get((p, col, None), [])
            total = json_number(values[-1]) if values else sheet[p][col]
            mark = " ✓" if closed and col == middle_col else ""
            parts.append(_field(main, band, values, 0, 1,
                                f'data-player="{pe}" data-column="{col}" data-against="" '
                                f'data-total="{_e(total)}"',
                                f"ws-{col}" + (" ws-closed" if mark else ""), mark))
        out.append(_group(main, "".join(parts)))
        for side, opp, f0, f1 in vists:
            q = players[opp]
            values = seqs.get((p, "vists", q), [])
            total = json_number(values[-1]) if values else sheet[p]["vists"][q]
            field = _field(side, BANDS[2], values, f0, f1,
                           f'data-player="{pe}" data-column="vists" data-against="{_e(q)}" '
                           f'data-total="{_e(total)}"', "ws-vists")
            sep = ""
            if f0 > 0:
                x, _ = _bounds(side, f0, f1)
                sep = (f'<line class="ws-ln2" x1="{x:.1f}" y1="{side.sign * BANDS[2][0]}" '
                       f'x2="{x:.1f}" y2="{side.sign * HALF}"/>')
            out.append(_group(side, sep + field))
        x, y, rot = _NAMES[n][seat]
        symbols, room = (_nota_svg(p, rp.state.nota(seat), kind, lang)
                         if kind.name == "twist" else ("", 0.0))
        label = _name_text(p, 2 * HALF - 30 - room, p == dealer, symbols)
        out.append(f'<text class="ws-name" transform="translate({x} {y}) rotate({rot})" '
                   f'data-seat="{seat}">{label}</text>')
    out.append(f'<circle class="ws-centre" cx="{C}" cy="{C}" r="{CIRCLE}"/>')
    big, small = centre
    fit = min(17.0, 17.0 * (2 * CIRCLE - 8) / _width(big, True, 17))
    out.append(f'<text class="ws-target" x="{C}" y="{C + 3}" style="font-size:{fit:.1f}px">'
               f'{_e(big)}</text>')
    out.append(f'<text class="ws-sum" x="{C}" y="{C + 17}">{_e(small)}</text>')
    out.append("</svg>")
    return "".join(out)


def _legend(key: str, kind: AnyGame, lang: str) -> str:
    return f'<p class="ws-legend">{_t(Label(key), kind, lang)}</p>'


def _preferans(rp: Replay[Any], lang: str) -> str:
    kind = rp.game.kind
    target = rp.game.rules["pulya"]
    total = sum(Fraction(v["pulya"]) for v in kind.sheet_json(rp.state, rp.game.rules).values())
    return (_pulka(rp, lang, ("gora", "pulya"),
                   (format_amount(target), f"Σ {format_amount(plain_number(total))}"))
            + _legend("draw.legend.preferans", kind, lang))


def _twist(rp: Replay[Any], lang: str) -> str:
    start = rp.game.rules["gora"]
    return (_pulka(rp, lang, ("gora", "remark"), (format_amount(start), ""))
            + _legend("draw.legend.twist", rp.game.kind, lang))


# -- whist: the marker's sheet ---------------------------------------------------------

class _Rubber(TypedDict):
    """One rubber of the marker's sheet as it is drawn."""

    #: above the line: (side, amount, "game" or "rubber"), in the order written
    above: list[tuple[int, Amount, str]]
    #: below the line, per game: per side, (running points, column) in the order written
    games: list[list[list[tuple[Amount, str]]]]
    closed: bool


def _whist(rp: Replay[Any], lang: str) -> str:
    """Two columns, we and they: game values and rubbers above the line, points below."""
    game = rp.game
    kind = game.kind
    players = game.players
    sheet = kind.sheet_json(rp.state, game.rules)
    sides = tuple(sheet)   # NS (seats 1 and 3), EW (seats 2 and 4)
    blocks: list[_Rubber] = []

    def new_block() -> _Rubber:
        return {"above": [], "games": [[[], []]], "closed": False}

    block = new_block()
    running: list[Amount] = [0, 0]
    for result in rp.results:
        for e in result.outcome.entries:
            i = sides.index(e.player)
            if e.column in ("revoke", "tricks", "honours"):
                if e.amount:
                    running[i] += e.amount
                    block["games"][-1][i].append((running[i], e.column))
            elif e.column == "game":
                block["above"].append((i, e.amount, "game"))
                block["games"].append([[], []])
                running = [0, 0]
            elif e.column == "rubber":
                block["above"].append((i, e.amount, "rubber"))
                block["closed"] = True
                blocks.append(block)
                block = new_block()
    blocks.append(block)
    head = "".join(
        f'<th title="{_e(side)}: {_e(players[k])}, {_e(players[k + 2])}">{_e(side)}<br>'
        f'<span class="ws-tag">{_e(players[k])} · {_e(players[k + 2])}</span></th>'
        for k, side in enumerate(sides))
    rows = [f'<table class="ws-marker"><thead><tr>{head}</tr></thead>']
    rubbers = game.rules["rubber"] is not None
    for number, b in enumerate(blocks, 1):
        if not b["above"] and not any(g[0] or g[1] for g in b["games"]) and number > 1:
            continue
        rows.append("<tbody>")
        if rubbers:
            rows.append(f'<tr><td class="ws-cap" colspan="2">{_t(Label("rubber_no"), kind, lang)} '
                        f'{number}</td></tr>')
        # above the line: written upwards from the line, the latest at the top
        for i, amount, what in reversed(b["above"]):
            word = _t(Label(what), kind, lang)
            cells = ["", ""]
            cells[i] = (f'<span data-side="{sides[i]}" data-above="{_e(json_number(amount))}">'
                        f'{_num(amount)}</span> <span class="ws-tag">{word}</span>')
            rows.append(f'<tr class="ws-above"><td>{cells[0]}</td><td>{cells[1]}</td></tr>')
        first = True
        for g, (ns, ew) in enumerate(b["games"]):
            last_game = g == len(b["games"]) - 1
            if last_game and not ns and not ew and not first:
                continue
            cls = ["ws-below"]
            if first:
                cls.append("ws-line")
            if not last_game:
                cls.append("ws-gameend")
            cells = [".".join(f'<span class="ws-{column}">{_num(value)}</span>'
                              for value, column in side) for side in (ns, ew)]
            rows.append(f'<tr class="{" ".join(cls)}"><td>{cells[0]}</td>'
                        f'<td>{cells[1]}</td></tr>')
            first = False
        rows.append("</tbody>")
    totals = [sheet[s]["total"] for s in sides]
    rows.append(f'<tfoot><tr><td class="ws-cap" colspan="2">{_t(Label("total"), kind, lang)}'
                '</td></tr><tr class="ws-foot">' + "".join(
        f'<td data-side="{s}" data-total="{_e(t)}">'
        f'{_e(format_amount(Fraction(t), signed=True))}</td>'
        for s, t in zip(sides, totals)) + "</tr></tfoot></table>")
    rows.append(_legend("draw.legend.whist", kind, lang))
    return "".join(rows)


# -- danish: the running pad ----------------------------------------------------------

PAD_ROWS = 40


def _danish(rp: Replay[Any], lang: str) -> str:
    """A column per player, the running total a row per deal, the change written small."""
    game = rp.game
    kind = game.kind
    players = game.players
    running: dict[str, Amount] = {p: 0 for p in players}
    rows = []
    for result in rp.results:
        got: dict[str, Amount] = {}
        for e in result.outcome.entries:
            got[e.player] = got.get(e.player, 0) + e.amount
        cells = [f'<td class="ws-no">{result.number}</td>']
        for p in players:
            dealt = ' ws-dealt' if p == result.dealer else ""
            if p not in got:
                cells.append(f'<td class="ws-out{dealt}">{_num(running[p])}'
                             f'<span class="ws-chg">—</span></td>')
                continue
            running[p] = plain_number(running[p] + got[p])
            cells.append(f'<td class="{dealt.strip()}">{_num(running[p])}<span class="ws-chg">'
                         f'{_e(format_amount(plain_number(got[p]), signed=True))}</span></td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    earlier = len(rows) - PAD_ROWS
    if earlier > 0:
        rows = ([f'<tr class="ws-more"><td colspan="{len(players) + 1}">'
                 f'{_t(Label("draw.earlier", (earlier,)), kind, lang)}</td></tr>']
                + rows[earlier:])
    sheet = kind.sheet_json(rp.state, game.rules)
    head = "".join(f'<th title="{_e(p)}">{_e(p)}</th>' for p in players)
    foot = "".join(f'<td data-player="{_e(p)}" data-total="{_e(sheet[p]["points"])}">'
                   f'{_num(Fraction(sheet[p]["points"]))}</td>' for p in players)
    return (f'<table class="ws-table ws-pad"><thead><tr><th class="ws-no">'
            f'{_t(Label("danish.no"), kind, lang)}</th>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody><tfoot><tr class="ws-foot"><td class="ws-no">Σ</td>'
            f'{foot}</tr></tfoot></table>' + _legend("draw.legend.danish", kind, lang))


# -- any other game: its own tables ----------------------------------------------------

def _cell_html(cell: Cell | Words | Amount | None, kind: AnyGame, lang: str) -> str:
    value = cell.value if isinstance(cell, Cell) else cell
    if value is None:
        return ""
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        return _num(value)
    return _t(value, kind, lang)


def _tables(rp: Replay[Any], lang: str) -> str:
    kind = rp.game.kind
    out = []
    for table in kind.sheet_tables(rp):
        assert isinstance(table, Table)
        head = "".join(f"<th>{_cell_html(h, kind, lang)}</th>" for h in table.header)
        body = "".join("<tr>" + "".join(f"<td>{_cell_html(c, kind, lang)}</td>" for c in row)
                       + "</tr>" for row in table.rows)
        out.append(f'<div class="ws-wrap"><table class="ws-table ws-generic">'
                   f'<caption>{_t(table.title, kind, lang)}</caption>'
                   f'<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>')
    return "".join(out)


_DRAWERS = {"preferans": _preferans, "twist": _twist, "whist": _whist, "danish": _danish}


def draw_sheet(rp: Replay[Any], lang: str = "en") -> str:
    """The sheet of a replay (that kept its results) as a safe HTML fragment."""
    drawer = _DRAWERS.get(rp.game.kind.name, _tables)
    return f'<div class="ws-sheet ws-{_e(rp.game.kind.name)}">{drawer(rp, lang)}</div>'


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
        rows.append(f'<tr><td>{_e(p)}</td><td class="ws-num {cls}" data-player="{_e(p)}" '
                    f'data-balance="{_e(json_number(b))}">{_e(mixed_amount(b, signed=True))}'
                    f'</td></tr>')
    out = [f'<div class="ws-summary"><table class="ws-balance"><thead><tr>'
           f'<th>{_t(Label("player"), kind, lang)}</th>'
           f'<th class="ws-num">{_t(Label("balance"), kind, lang)} ({unit})</th></tr></thead>'
           f'<tbody>{"".join(rows)}</tbody></table>']
    if rp.finished:
        out.append(f'<p class="ws-due" data-due="finished">'
                   f'{_t(Label("draw.finished"), kind, lang)}</p>')
    else:
        price = getattr(rp.state, "round_price", None)
        if price is not None:
            out.append(f'<p class="ws-due" data-due="twist_round">'
                       f'{_t(Label("draw.round_due", (price,)), kind, lang)}</p>')
        dealer = rp.next_dealer()
        sits = "" if dealer in kind.active_players(game.players, dealer) else \
            _t(Label("draw.sits_out"), kind, lang)
        out.append(f'<p class="ws-next" data-dealer="{_e(dealer)}">'
                   f'<span class="ws-dot">●</span> '
                   f'{_t(Label("draw.next_dealer", (dealer,)), kind, lang)}{sits}</p>')
    out.append("</div>")
    return "".join(out)
