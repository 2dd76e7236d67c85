"""The sheet drawn the way players draw it on paper, for the scorepad's table page.

The terminal and the workbook show a sheet as a grid; at the table people
recognise the paper they keep: the Preferans pulka with its centre circle and
a sector per player, the Twist sheet with its nota, the whist marker's line,
the Danish pad.  Each is a kind of paper (:mod:`whistscore.paper`) that draws
itself; this module hands it the page's ink (the game's words in the page's
language, its terms, who deals next) and wraps what it drew as one HTML fragment,
or draws a game's own tables when it has no paper.  It decides no rule: every
number is a running sum of the entries the game wrote, the way ``show --by-deal``
reads them, so the drawing and ``show --json`` cannot disagree.  Standard library
only: the drawing is built as an ``xml.etree.ElementTree`` tree and written once,
so every name and note is escaped by construction (as python-chess's
``chess/svg.py`` draws its boards), never by remembering to.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..game import AnyKind, Words
from ..i18n import term_spans, text
from ..layout import Cell, Label, Table
from ..ledger import Amount, format_amount, json_number, plain_number
from ..paper.ink import Ink, el, html, num
from ..paper.ink import row as _row
from ..replay import Replay

if TYPE_CHECKING:
    from ..paper.ink import Node

__all__ = ["draw_sheet", "draw_summary", "shown", "SHEET_CSS"]



#: the sheet's stylesheet (static/sheet.css), for a page that embeds a drawing on its own
SHEET_CSS = (Path(__file__).parent / "static" / "sheet.css").read_text(encoding="utf-8")



def _t(value: object, kind: AnyKind, lang: str) -> str:
    """A sheet word (Label) in the page's language."""
    return str(text(value, kind, lang))


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


# -- any other game: its own tables ----------------------------------------------------

def _cell_text(cell: Cell | Words | Amount | None, kind: AnyKind, lang: str) -> str:
    value = cell.value if isinstance(cell, Cell) else cell
    if value is None:
        return ""
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        return num(value)
    return _t(value, kind, lang)


def _tables(rp: Replay[Any], lang: str) -> list[Node]:
    kind = rp.game.kind
    out = []
    for table in kind.sheet_tables(rp):
        assert isinstance(table, Table)
        # an empty corner is no header (a screen reader would announce nothing)
        head = _row(None, *[el("th" if (said := _cell_text(h, kind, lang)) else "td", None, said)
                            for h in table.header])
        body = [_row(None, *[el("td", None, _cell_text(c, kind, lang)) for c in row])
                for row in table.rows]
        out.append(el("div", {"class": "ws-wrap"}, None,
                       el("table", {"class": "ws-table ws-generic"}, None,
                           el("caption", None, _t(table.title, kind, lang)),
                           el("thead", None, None, head), el("tbody", None, None, *body))))
    return out


def draw_sheet(rp: Replay[Any], lang: str = "en") -> str:
    """The sheet of a replay (that kept its results) as a safe HTML fragment: what the game
    says is on its paper (``GameType.drawing``), drawn by its kind of paper
    (:mod:`whistscore.paper`), else its own tables."""
    paper = rp.game.kind.drawing(rp)
    if paper is None:
        form, drawn = "tables", _tables(rp, lang)
    else:
        form, drawn = paper.form, paper.draw(_ink(rp, lang))
    return html(el("div", {"class": f"ws-sheet ws-{form}-sheet"}, None, *drawn))


def _ink(rp: Replay[Any], lang: str) -> Ink:
    """The page's side of a drawing: the game's words in ``lang``, its terms, who deals next."""
    kind = rp.game.kind
    return Ink(lambda value: _t(value, kind, lang), lambda said: term_spans(said, kind, lang),
               rp.next_dealer() if not rp.finished else None)


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
        rows.append(_row(None, el("td", None, p),
                         el("td", {"class": f"ws-num {cls}", "data-player": p,
                                    "data-balance": json_number(b)},
                             mixed_amount(b, signed=True))))
    head = _row(None, el("th", None, _t(Label("player"), kind, lang)),
                _ink(rp, lang).termed(el("th", {"class": "ws-num"}),
                                      f"{_t(Label('balance'), kind, lang)} ({unit})"))
    out = el("div", {"class": "ws-summary"}, None,
              el("table", {"class": "ws-balance"}, None, el("thead", None, None, head),
                  el("tbody", None, None, *rows)))
    if rp.finished:
        out.append(el("p", {"class": "ws-due", "data-due": "finished"},
                       _t(Label("draw.finished"), kind, lang)))
    else:
        dealer = rp.next_dealer()
        coming = kind.next_deal(rp.state, dealer, game.players, game.rules)
        if coming is not None and coming.due is not None:
            out.append(el("p", {"class": "ws-due", "data-due": coming.due},
                          _t(coming.drawn, kind, lang)))
        sits = "" if dealer in kind.active_players(game.players, dealer) else \
            _t(Label("draw.sits_out"), kind, lang)
        dot = el("span", {"class": "ws-dot"}, "●")
        dot.tail = " " + _t(Label("draw.next_dealer", (dealer,)), kind, lang) + sits
        out.append(el("p", {"class": "ws-next", "data-dealer": dealer}, None, dot))
    return html(out)
