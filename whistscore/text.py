"""Plain-text renderings for the terminal, drawn with tabulate.

Only layout lives here; every number comes from the game's tables or the
settlement, so the terminal and the workbook always show the same sheet.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Union

from tabulate import tabulate

from .i18n import column_name, count_deals, explain, game_title, pays, text
from .game import AnyKind, NotationForm, Words
from .layout import Cell, Label, Table
from .ledger import Entry, format_amount
from .replay import Replay
from .settlement import Settlement

if TYPE_CHECKING:
    from .recording import Change
    from .scored import ScoredGame

#: what a sheet cell holds: a Cell, or the value itself (text, a number, a label, nothing)
CellValue = Union[Cell, Words, int, Fraction, None]

__all__ = [
    "render_table",
    "render_tables",
    "render_entries",
    "render_settlement",
    "render_rules",
    "render_deals",
    "cell_text",
]


def cell_text(cell: CellValue, kind: AnyKind | None = None, lang: str = "en") -> str:
    value = cell.value if isinstance(cell, Cell) else cell
    if value is None:
        return ""
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        return format_amount(value)
    return str(text(value, kind, lang))


def render_table(table: Table, kind: AnyKind | None = None, lang: str = "en") -> str:
    title = text(table.title, kind, lang)
    header = [cell_text(h, kind, lang) for h in table.header]
    rows = [[cell_text(c, kind, lang) for c in row] for row in table.rows]
    body = tabulate(rows, headers=header, tablefmt="simple", disable_numparse=True,
                    stralign="right")
    return f"{title}\n{body}" if title else body


def render_wrapped(table: Table, kind: AnyKind | None = None, lang: str = "en",
                   width: int | None = None) -> str:
    """A wide table cut into blocks that each fit ``width`` (the terminal's by default),
    the first column repeated in each and a player's columns kept together when they fit."""
    if width is None:
        import shutil

        width = shutil.get_terminal_size((100, 24)).columns
    header = [cell_text(h, kind, lang) for h in table.header]
    rows = [[cell_text(c, kind, lang) for c in row] for row in table.rows]
    # tabulate pads every header by 2 (its MIN_PADDING) and puts 2 spaces between columns
    widths = [max([len(header[i]) + 2] + [len(r[i]) for r in rows]) for i in range(len(header))]

    def owner(i: int) -> object:
        h = table.header[i]
        return h.args[0] if isinstance(h, Label) and h.args else i

    groups: list[list[int]] = []
    for i in range(1, len(header)):
        if groups and owner(groups[-1][0]) == owner(i):
            groups[-1].append(i)
        else:
            groups.append([i])
    blocks: list[list[int]] = []
    used = widths[0]
    for group in groups:
        for piece in ([group] if sum(widths[i] + 2 for i in group) + widths[0] <= width
                      else [[i] for i in group]):
            need = sum(widths[i] + 2 for i in piece)
            if blocks and used + need <= width:
                blocks[-1].extend(piece)
                used += need
            else:
                blocks.append(list(piece))
                used = widths[0] + need
    if not blocks:
        blocks = [[]]
    title = text(table.title, kind, lang)
    out = [title] if title else []
    for k, block in enumerate(blocks):
        cols = [0] + block
        body = tabulate([[r[i] for i in cols] for r in rows],
                        headers=[header[i] for i in cols], tablefmt="simple",
                        disable_numparse=True, stralign="right")
        out.append(body if k == 0 else "\n" + body)
    return "\n".join(out)


def render_tables(tables: Iterable[Table], kind: AnyKind | None = None, lang: str = "en") -> str:
    return "\n\n".join(render_table(t, kind, lang) for t in tables)


def render_entries(entries: Iterable[Entry], kind: AnyKind | None = None, lang: str = "en") -> str:
    return "\n".join(explain(e, kind, lang) for e in entries)


def render_deals(replay: Replay[Any], lang: str = "en") -> str:
    """Deal number, dealer, the deal in short notation, and its result."""
    game = replay.game
    kind = game.kind
    rows: list[list[object]] = []
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


def render_status(s: Settlement, kind: AnyKind | None = None, lang: str = "en") -> str:
    """Whether the game is finished, and the balance (mid-game: if it ended now)."""
    unit = text(Label(f"unit.{s.unit}"), kind, lang)
    line = ", ".join(f"{p} {format_amount(s.balance[p], signed=True)}" for p in s.players)
    ended = s.source.game.ended
    if ended is not None:  # stopped by the players (journal.md ``ended``)
        return str(text(Label("show.ended", (unit, line, ended)), kind, lang))
    key = "show.finished" if s.finished else "show.unfinished"
    return str(text(Label(key, (unit, line)), kind, lang))


def render_settlement(s: Settlement, kind: AnyKind | None = None, lang: str = "en",
                      heading: str | None = None) -> str:
    unit = text(Label(f"unit.{s.unit}"), kind, lang)
    state = text(Label("finished" if s.finished else "unfinished"), kind, lang)
    deals = count_deals(s.deals, lang)
    if_now = "" if s.finished else f" {text(Label('show.if_now'), kind, lang)}"
    lines = [heading] if heading else []
    game = game_title(kind, lang) if kind is not None and lang != "en" else s.game
    lines.append(f"{game}, {deals}, {state}; {text(Label('balances_in', (unit,)), kind, lang)}"
                 f"{if_now}")
    header = [text(Label("player"), kind, lang), text(Label("balance"), kind, lang)]
    rows: list[list[str]] = []
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
        lines.append(f"  {text(Label('xl.no_transfers'), kind, lang)}")
    for t in s.transfers:
        amount = (str(t.amount) if isinstance(t.amount, Decimal)
                  else f"{format_amount(t.amount)} {unit}")
        cur = f" {s.currency}" if s.currency and s.money is not None else ""
        lines.append(f"  {''.join(pays(t.payer, t.payee, amount, lang))}{cur}")
    return "\n".join(lines)


def _signed_money(value: Decimal) -> str:
    return f"+{value}" if value > 0 else str(value)


def render_rules(kind: AnyKind, preset: str | None = None) -> str:
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


def _sheet_leaves(sheet: Mapping[str, Any]) -> dict[tuple[str, str, str | None], str]:
    """Every number of a ``sheet`` object by (who, column, on whom), as text."""
    out: dict[tuple[str, str, str | None], str] = {}
    for who, cols in sheet.items():
        for col, value in cols.items():
            if isinstance(value, dict):
                for other, v in value.items():
                    if isinstance(v, (int, str)) and not isinstance(v, bool):
                        out[who, col, other] = str(v)
            elif isinstance(value, (int, str)) and not isinstance(value, bool):
                out[who, col, None] = str(value)
    return out


def changed_totals(before: Mapping[str, Any], after: Mapping[str, Any],
                   kind: AnyKind | None = None, lang: str = "en") -> str:
    """The sheet totals a change moved, as one line: ``Bo 160, Dina -160`` for a game of
    one column, ``Anna pulya 4; Boris vists on Anna 12`` otherwise."""
    old, new = _sheet_leaves(before), _sheet_leaves(after)
    per_player: dict[str, int] = {}
    for who, _, _ in new:
        per_player[who] = per_player.get(who, 0) + 1
    groups: dict[str, list[str]] = {}
    for key, value in new.items():
        if old.get(key) == value:
            continue
        who, col, other = key
        if per_player[who] == 1:
            groups.setdefault(who, []).append(value)
            continue
        name = column_name(col, kind, lang).lower()
        if other is not None:
            name = str(text(Label("on", (name, other)), kind, lang))
        groups.setdefault(who, []).append(f"{name} {value}")
    if not groups:
        return str(text(Label("add.unchanged"), kind, lang))
    single = all(per_player[who] == 1 for who in groups)
    sep = ", " if single else "; "
    return sep.join(f"{who} {', '.join(parts)}" for who, parts in groups.items())


def render_change(change: Change, lang: str = "en") -> str:
    """One line for a deal just recorded or replaced: the deal, how it ended, the
    totals it changed, and what comes next.

    :raises ValueError: ``change`` is a settings change, which concerns no deal.
    """
    after = change.after
    kind = after.kind
    result = change.result
    if result is None:  # a settings change: the caller never renders it as a deal
        raise ValueError("render_change takes a deal recorded or replaced")
    game = after.game
    key = "add.replaced" if len(change.before.deals) == len(after.deals) else "add.deal"
    head = text(Label(key, (result.number, result.dealer)), kind, lang)
    parts = [f"{head}: {game.notation(result.record)}"]
    how = text(kind.describe_result(result.record.deal, result.outcome, result.context),
               kind, lang)
    if how:
        parts.append(str(how))
    parts.append(changed_totals(change.before.sheet(), after.sheet(), kind, lang))
    parts.append(str(text(coming_next(after), kind, lang)))
    return " | ".join(parts)


def coming_next(scored: ScoredGame) -> Label:
    """What the table does next: the end of the game, or who deals (and what is due)."""
    if scored.finished:
        return Label("next.finished")
    game = scored.game
    dealer = scored.next_dealer
    coming = scored.kind.next_deal(scored.replay.state, dealer, game.players, game.rules)
    return coming.said if coming is not None and coming.said is not None \
        else Label("next.deals", (dealer,))


def _written_back(kind: AnyKind, form: NotationForm) -> str | None:
    """How ``show`` writes an example back, when that differs from the example."""
    players = form.players or kind.notation_players
    rules = kind.rulebook.resolve({})
    deal = kind.parse_notation(form.example, players, rules)
    back = kind.format_notation(deal, players, rules)
    return back if back != form.example else None


def render_notation(kind: AnyKind, *, markdown: bool = False) -> str:
    """Every form of a game's short notation with its examples (``whistscore notation``);
    the markdown form is the table in the game's docs page."""
    forms = kind.notation_forms
    if markdown:
        lines = ["| form | example | means |", "| --- | --- | --- |"]
        for f in forms:
            back = _written_back(kind, f)
            said = f"{f.meaning} (written back: `{back}`)" if back else f.meaning
            if f.players:
                said += f" (players {', '.join(f.players)})"
            lines.append(f"| `{f.form}` | `{f.example}` | {said} |")
        return "\n".join(lines)
    players = ", ".join(kind.notation_players)
    lines = [f"{kind.name}: the short notation of a deal, typed on one line "
             f"(JSON is accepted too).",
             f"The examples are read with the players {players}, seated in that order."]
    previous = None
    for f in forms:
        if f.form != previous:
            lines += ["", f"  {f.form}"]
            previous = f.form
        lines.append(f"    {f.example}")
        back = _written_back(kind, f)
        lines.append(f"        {f.meaning}"
                     + (f" (players {', '.join(f.players)})" if f.players else "")
                     + (f"; written back as {back}" if back else ""))
    return "\n".join(lines)
