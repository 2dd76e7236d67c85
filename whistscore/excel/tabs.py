"""The game's tabs: the score sheet, the deals, the settlement, the chart, the sheet by deal.

The Sheet tab is drawn from the same :class:`~whistscore.layout.Table` values
as ``whistscore show`` (the game's ``sheet_tables``), so the terminal and the
workbook cannot disagree; the Deals and Settlement tabs come from the replay
with history and from :func:`~whistscore.settlement.settle`.  Numbers are
written as values, never formulas (except the optional check rows); every
number that some deal wrote carries a comment naming the entries behind it.
Each tab fills a :class:`~whistscore.excel.book.Sheet` through
:class:`~whistscore.excel.cells.Cells`; none of them knows the workbook library.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from fractions import Fraction
from typing import Any, Iterable, Sequence

from ..game import AnyKind, Game, Words
from ..i18n import explain, game_title, text
from ..layout import Cell, Label, Table
from ..ledger import Amount, Entry
from ..replay import Replay
from ..settlement import Settlement
from . import formats
from .book import Chart, Line, PrintSetup, Properties, Sheet
from .cells import Cells, column_letter

_MAX_COMMENT_ENTRIES = 12  # of a running total, the latest
_MAX_DEAL_ENTRIES = 60  # a deal's own entries on the Deals tab
_NOTE_WIDTH = 40
_RESULT_WIDTH = 90  # how a deal ended is never cut (a few parts, each a few words)
#: headers (Label keys) of sheet columns holding balances: signed like the Settlement's
_SIGNED_HEADERS = frozenset({"balance", "danish.total_of"})


class Explainer:
    """The sentences behind numbers, each entry said once however many cells cite it."""

    def __init__(self, kind: AnyKind, lang: str) -> None:
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
        return formats.UNSAFE_XML.sub("\ufffd", "\n".join(lines))


def tab_name(key: str, kind: AnyKind, lang: str) -> str:
    """A tab's name in ``lang``, as a spreadsheet allows it (no ``[]:*?/\\``, 31 characters)."""
    return re.sub(r"[\[\]:*?/\\]", " ", str(text(Label(key), kind, lang)))[:31]


def score_sheet(title: str, tables: Iterable[Table], kind: AnyKind, lang: str,
                say: Explainer | None) -> Sheet:
    """The game's own score sheet: each table under the last, titled, with comments
    (``say`` None: without the entries behind the numbers)."""
    sheet = Sheet(title)
    w = Cells(sheet, kind, lang)
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
    first_header = first_header or 1
    w.finish(f"B{first_header + 1}", f"1:{first_header}")
    return sheet


def _seen(sources: tuple[Entry, ...], explained: list[tuple[Entry, ...]]) -> bool:
    # tuple equality checks identity first, so this stays cheap for long running totals
    return any(len(e) == len(sources) and e == sources for e in explained)


def deals(title: str, rp: Replay[Any], s: Settlement, kind: AnyKind, lang: str, check: bool,
          say: Explainer) -> tuple[Sheet, int]:
    """One row per deal; returns the sheet and its first running-balance column."""
    game = rp.game
    players = game.players
    n = len(players)
    sheet = Sheet(title)
    w = Cells(sheet, kind, lang)
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
            letter = column_letter(col)
            w.formula(row, col, f"SUM({letter}2:{letter}{last})", "remark_number",
                      formats.unsigned(w.formats[row - 1, col]))
    w.finish("B2", "1:1")
    return sheet, first_running


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


def settlement(title: str, rp: Replay[Any], s: Settlement, kind: AnyKind, lang: str,
               check: bool) -> Sheet:
    """The balances (and money), each with each, and who pays whom."""
    players = s.players
    sheet = Sheet(title)
    w = Cells(sheet, kind, lang)
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
            letter = column_letter(col)
            w.formula(row, col, f"SUM({letter}5:{letter}{4 + len(players)})", "remark_number",
                      formats.unsigned(w.formats[row - 1, col]))

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
    w.finish("A5", "1:2", min_cols=width)
    return sheet


def chart(title: str, deals_tab: str, first_running: int, rp: Replay[Any], kind: AnyKind,
          lang: str, unit: str) -> Sheet:
    """Each player's running balance over the deals (the Deals tab's balance columns);
    players whose lines would coincide (Whist partners) share one line, named after
    all of them.  A worksheet holding only the chart rather than an Excel
    chartsheet: LibreOffice does not show an openpyxl chartsheet, this prints anywhere."""
    players = rp.game.players
    count = len(rp.results)
    lines: list[Line] = []
    if count:
        paths: dict[tuple[Amount, ...], list[int]] = {}
        for i, p in enumerate(players):
            path = tuple((r.balance or {}).get(p, 0) for r in rp.results)
            paths.setdefault(path, []).append(i)
        for seats in paths.values():
            names = [players[i] for i in seats]
            name = names[0]
            for other in names[1:]:
                name = text(Label("xl.and", (name, other)), kind, lang)
            lines.append(Line(_series_name(name), deals_tab, 1, first_running + seats[0],
                              2, count + 1))
    sheet = Sheet(title)
    # a numeric deal axis: labels at round steps however many deals; a landscape A4 page
    sheet.chart = Chart(text(Label("chart"), kind, lang), text(Label("deal"), kind, lang), unit,
                        max(1, count), _axis_step(count), lines, markers=count <= 40,
                        width=27, height=16)
    sheet.print_setup = PrintSetup()
    return sheet


def _series_name(name: str) -> str:
    """A legend name as a literal string.

    LibreOffice reads a straight double quote in a literal series name as the
    start of a quoted string (a player called ``"q"`` became "Column I"); the
    legend shows it as a typographic quote, which every program takes as text.
    """
    return formats.UNSAFE_XML.sub("\ufffd", name).replace('"', "\u201d")


def _axis_step(count: int) -> int:
    """A round step giving at most about 20 labels on the deal axis."""
    step = 1
    while count / step > 20:
        for factor in (2, 2.5, 2):
            step = int(step * factor)
            if count / step <= 20:
                break
    return step


def properties(game: Game, s: Settlement, kind: AnyKind, lang: str) -> Properties:
    """Title, subject, keywords (the players), language, and a description with the
    number of deals (a game file records no dates, and the description says so)."""
    players = ", ".join(game.players)
    name = game_title(kind, lang)
    named = f"{game.title}: " if game.title else ""
    state = text(Label("finished" if s.finished else "unfinished"), kind, lang)
    unit = text(Label(f"unit.{s.unit}"), kind, lang)
    played = game.played_on()
    dated = Label("dates", (played,)) if played else Label("xl.no_date")
    summary = text(Label("xl.summary", (s.deals, state, unit)), kind, lang)
    safe = formats.UNSAFE_XML
    return Properties(
        title=safe.sub("\ufffd", f"{named}{name}: {players}"), subject=name,
        creator="whistscore", keywords=safe.sub("\ufffd", players), category="whistscore",
        language=lang, description=safe.sub("\ufffd", f"{summary}. {text(dated, kind, lang)}"))
