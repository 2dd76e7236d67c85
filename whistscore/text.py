"""Plain-text renderings for the terminal, drawn as tabulate draws them (plaintable.py).

Only layout lives here; every number comes from the game's tables or the
settlement, so the terminal and the workbook always show the same sheet.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterable

from .plaintable import tabulate

from .i18n import explain, text
from .layout import Cell, Label, Table
from .ledger import Entry, format_amount
from .settlement import Settlement

__all__ = [
    "render_table",
    "render_tables",
    "render_entries",
    "render_settlement",
    "render_rules",
    "render_deals",
    "cell_text",
]


def cell_text(cell: Any, kind: Any = None, lang: str = "en") -> str:
    value = cell.value if isinstance(cell, Cell) else cell
    if value is None:
        return ""
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        return format_amount(value)
    return str(text(value, kind, lang))


def render_table(table: Table, kind: Any = None, lang: str = "en") -> str:
    title = text(table.title, kind, lang)
    header = [cell_text(h, kind, lang) for h in table.header]
    rows = [[cell_text(c, kind, lang) for c in row] for row in table.rows]
    body = tabulate(rows, headers=header, tablefmt="simple", disable_numparse=True,
                    stralign="right")
    return f"{title}\n{body}" if title else body


def render_tables(tables: Iterable[Table], kind: Any = None, lang: str = "en") -> str:
    return "\n\n".join(render_table(t, kind, lang) for t in tables)


def render_entries(entries: Iterable[Entry], kind: Any = None, lang: str = "en") -> str:
    return "\n".join(explain(e, kind, lang) for e in entries)


def render_deals(replay, lang: str = "en") -> str:
    """Deal number, dealer, the deal in short notation, and its result."""
    game = replay.game
    kind = game.kind
    rows = []
    for result in replay.results:
        rows.append([
            result.number,
            result.dealer,
            game.notation(result.record),
            text(kind.describe_result(result.record.deal, result.outcome, result.context),
                 kind, lang),
            result.record.note or "",
        ])
    header = [text(Label(k), kind, lang) for k in ("deal", "dealer", "notation", "result", "note")]
    return tabulate(rows, headers=header, tablefmt="simple", disable_numparse=True)


def render_settlement(s: Settlement, kind: Any = None, lang: str = "en") -> str:
    unit = text(Label(f"unit.{s.unit}"), kind, lang)
    state = text(Label("finished" if s.finished else "unfinished"), kind, lang)
    deals = "1 deal" if s.deals == 1 else f"{s.deals} deals"
    lines = [f"{s.game}, {deals}, {state}; balances in {unit}"]
    header = [text(Label("player"), kind, lang), text(Label("balance"), kind, lang)]
    rows = []
    for p in s.players:
        row = [p, format_amount(s.balance[p], signed=True)]
        if s.money is not None:
            row.append(_signed_money(s.money[p]))
        rows.append(row)
    if s.money is not None:
        cur = f" ({s.currency})" if s.currency else ""
        header.append(f"{text(Label('money'), kind, lang)}{cur} @ {s.stake}")
    lines.append(tabulate(rows, headers=header, tablefmt="simple", disable_numparse=True,
                          stralign="right"))
    lines.append("")
    lines.append(f"{text(Label('transfers'), kind, lang)}:")
    if not s.transfers:
        lines.append("  nobody owes anything")
    for t in s.transfers:
        amount = str(t.amount) if s.money is not None else f"{format_amount(t.amount)} {unit}"
        cur = f" {s.currency}" if s.currency and s.money is not None else ""
        lines.append(f"  {t.payer} pays {t.payee} {amount}{cur}")
    return "\n".join(lines)


def _signed_money(value) -> str:
    return f"+{value}" if value > 0 else str(value)


def render_rules(kind, preset: str | None = None) -> str:
    book = kind.rulebook
    presets = [preset] if preset else list(book.presets)
    header = ["option"] + [f"{p}{' (default)' if p == book.default_preset else ''}" for p in presets]
    rows = []
    for opt in book.options:
        rows.append([opt.name] + [opt.kind.show(book.presets[p][opt.name]) for p in presets])
    lines = [f"{kind.name}: {kind.title}", "",
             tabulate(rows, headers=header, tablefmt="simple", disable_numparse=True), ""]
    lines.append("options:")
    for opt in book.options:
        lines.append(f"  {opt.name} ({opt.kind.describe()}): {opt.doc}")
    if book.preset_docs:
        lines.append("")
        lines.append("presets:")
        for name in presets:
            if name in book.preset_docs:
                lines.append(f"  {name}: {book.preset_docs[name]}")
    return "\n".join(lines)
