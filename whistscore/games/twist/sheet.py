"""The Twist score sheet as players draw it: gora, remark, vists and the nota.

A paper Twist sheet is a Preferans pulka with the pulya replaced by the
remark and the names' column (the nota) holding symbols; we draw three
tables: the sheet as it stands, the running gora and remark deal by deal, and
the nota with every symbol active, crossed out or barred as on paper.  At the
end of the game the three settlement steps are drawn as they are done on paper.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from ...game import DealContext, JSONObject, Outcome, Played, Words
from ...ledger import FRACTIONS, Amount, Entry, format_amount
from ...paper import running_columns
from ...paper.pulka import Mark, Pulka, pulka
from ...layout import Cell, Label, Phrase, Table
from ...rules import Rules
from .deals import SEATS, Contract, Deal, Solo, TwistRound
from .scoring import BOMB_MAX, DIL_MIN, State, Symbol, symbol_text

__all__ = ["drawing", "sheet_json", "sheet_tables", "closing_tables", "describe_result",
           "describe_deal", "opening_values",
           "pairwise_settlement"]


def sheet_tables(replay: Played[State]) -> list[Table]:
    """The sheet as it stands, the running gora and remark, and the nota."""
    players = replay.game.players
    state = replay.state
    own: dict[tuple[str, str], list[Entry]] = defaultdict(list)
    on: dict[tuple[str, str], list[Entry]] = defaultdict(list)
    for entry in replay.entries():
        if entry.against is None:
            own[entry.player, entry.column].append(entry)
        else:
            on[entry.player, entry.against].append(entry)
    return [_sheet(players, state, own, on), _running(replay), _nota(players, state)]


def _sheet(players: tuple[str, ...], state: State, own: dict[tuple[str, str], list[Entry]],
           on: dict[tuple[str, str], list[Entry]]) -> Table:
    header = (Label("player"), Label("gora"), Label("remark"),
              *(Label("twist.vists_on", (q,)) for q in players), Label("nota"))
    rows = []
    for i, p in enumerate(players):
        row = [Cell(p),
               Cell(state.gora[i], tuple(own[p, "gora"])),
               Cell(state.remark[i], tuple(own[p, "remark"]))]
        for j, q in enumerate(players):
            row.append(Cell(None) if i == j else Cell(state.vists[i * 4 + j], tuple(on[p, q])))
        nota = tuple(_symbol(s) for s in state.nota(i))
        row.append(Cell(Phrase(nota, " ") if nota else None))
        rows.append(tuple(row))
    return Table(Label("sheet"), header, tuple(rows), key="sheet")


def _running(replay: Played[State]) -> Table:
    players = replay.game.players
    header: list[Words] = [Label("deal"), Label("notation"), Label("result")]
    for p in players:
        header += [Label("twist.gora_of", (p,)), Label("twist.remark_of", (p,))]
    start = replay.game.rules["gora"]
    gora: dict[str, Amount] = {p: start for p in players}
    remark: dict[str, Amount] = {p: 0 for p in players}
    rows = [tuple([Cell(0), Cell(None), Cell(None)]
                  + [c for p in players for c in (Cell(start), Cell(0))])]
    for result in replay.results:
        mine: dict[tuple[str, str], list[Entry]] = defaultdict(list)
        for e in result.outcome.entries:
            if e.against is None:
                mine[e.player, e.column].append(e)
        row = [Cell(result.number), Cell(replay.game.notation(result.record)),
               Cell(describe_result(result.record.deal, result.outcome, result.context))]
        for p in players:
            g = mine[p, "gora"]
            r = mine[p, "remark"]
            gora[p] += sum(e.amount for e in g)
            remark[p] += sum(e.amount for e in r)
            row += [Cell(gora[p], tuple(g)), Cell(remark[p], tuple(r))]
        rows.append(tuple(row))
    return Table(Label("twist.running"), tuple(header), tuple(rows), key="running")


def _nota(players: tuple[str, ...], state: State) -> Table:
    header = (Label("player"), Label("twist.symbol"), Label("twist.written"),
              Label("twist.status"))
    rows = []
    for i, p in enumerate(players):
        for s in state.nota(i):
            if s.kind in ("X", "O"):
                if s.ended is None:
                    status, style = Label("twist.active"), None
                else:
                    status, style = Label("twist.crossed", (s.ended,)), "crossed"
            elif s.ended is not None:
                status, style = Label("twist.spent", (s.ended,)), "spent"
            elif s.bars:
                status, style = Label("twist.bars", (s.bars,)), None
            else:
                status, style = Label("twist.active"), None
            rows.append((Cell(p), Cell(_symbol(s), style=style), Cell(s.written),
                         Cell(status, style=style)))
    return Table(Label("twist.nota_title"), header, tuple(rows), key="nota")


def _symbol(s: Symbol) -> Words:
    """A nota symbol as ``Symbol.text`` writes it, in the sheet's language."""
    if s.kind in ("X", "O"):
        return s.kind if s.ended is None else Label("twist.sym_crossed", (s.kind, s.ended))
    return Label("twist.sym_bars", (Label(f"twist.kind.{s.kind}"), "|" * s.bars))


def closing_tables(replay: Played[State]) -> list[Table]:
    """The end of the game as it is done on paper (seed «завершение партии и
    взаиморасчеты»): step 1 every remark less 10 x its gora, step 2 each pair's
    doubled difference, netted with the vists the two wrote on each other."""
    players = replay.game.players
    state = replay.state
    final = [state.remark[i] - 10 * state.gora[i] for i in range(len(players))]
    step1 = Table(
        Label("twist.end.step1"),
        (Label("player"), Label("remark"), Label("gora"), Label("twist.end.final")),
        tuple((Cell(p), Cell(state.remark[i]), Cell(state.gora[i]), Cell(final[i]))
              for i, p in enumerate(players)),
        key="twist.end.step1")
    rows = []
    for i, a in enumerate(players):
        for j in range(i + 1, len(players)):
            b = players[j]
            doubled = 2 * (final[i] - final[j])
            vists = state.vists[i * 4 + j] - state.vists[j * 4 + i]
            rows.append((Cell(f"{a} / {b}"), Cell(doubled), Cell(vists), Cell(doubled + vists)))
    step2 = Table(
        Label("twist.end.step2"),
        (Label("twist.end.pair"), Label("twist.end.doubled"), Label("twist.end.vists"),
         Label("twist.end.first_wins")),
        tuple(rows), key="twist.end.step2")
    return [step1, step2]


def sheet_json(state: State, rules: Rules) -> JSONObject:
    """The ``sheet`` object of ``settle --json``: each player's numbers and nota."""
    players = state.players
    return {
        p: {
            "gora": state.gora[i],
            "remark": state.remark[i],
            "vists": {q: state.vists[i * 4 + j] for j, q in enumerate(players) if j != i},
            "nota": [symbol_text(kind, ended, bars) for _, kind, ended, bars in state.marks(i)],
        }
        for i, p in enumerate(players)
    }


#: the words said of many deals, made once (a label is an immutable named tuple)
_MADE = Label("res.made")


def describe_result(deal: Deal, outcome: Outcome[State], ctx: DealContext) -> Words:
    """How the deal ended, for the deals table (made, down 2, the twist round due)."""
    if isinstance(deal, TwistRound):
        return Label("twist.res.round")
    t = dict(deal.tricks)
    if isinstance(deal, Solo):
        if deal.kind == "bomb":
            over = t[deal.declarer] - BOMB_MAX[deal.category]
            return _MADE if over <= 0 else Label("twist.res.failed_over", (over,))
        under = DIL_MIN[deal.category] - t[deal.declarer]
        return _MADE if under <= 0 else Label("twist.res.failed_under", (under,))
    players = ctx.players
    d = players.index(deal.declarer)
    pair = t[deal.declarer] + t[players[(d + 2) % SEATS]]
    need = max(deal.level, 7)
    if pair < need:
        return Label("res.down", (need - pair,))
    over = pair - deal.level
    words: Words = Label("res.made_over", (over,)) if over else _MADE
    if deal.twist:
        words = Phrase((words, Label("twist.res.twist3" if over else "twist.res.twist2")), " ")
    if outcome.state.round_price is not None and not outcome.state.finished:
        words = Phrase((words, Label("twist.res.round_due", (outcome.state.round_price,))))
    return words


def opening_values(players: tuple[str, ...],
                   rules: Rules) -> dict[tuple[str, str, str | None], Amount]:
    """Every gora starts at the agreed size (seed «цель»), before any entry."""
    return {(p, "gora", None): rules["gora"] for p in players}


def pairwise_settlement(replay: Played[State]) -> dict[tuple[str, str], Fraction]:
    """Each pair as on paper: the vists net, plus twice the remark difference
    (after step 1 of the settlement) written by the larger remark (each value's Fraction
    made once: ledger.Shared)."""
    state = replay.state
    n = state.numbers
    final = [n[4 + i] - 10 * n[i] for i in range(SEATS)]
    w = n[8:]
    shared = FRACTIONS
    out: dict[tuple[str, str], Fraction] = {}
    for i, a in enumerate(state.players):
        for j, b in enumerate(state.players):
            if i != j:
                out[a, b] = shared[w[i * 4 + j] - w[j * 4 + i] + 2 * (final[i] - final[j])]
    return out


#: how many symbols the nota after a name shows at most (a long evening fills it)
NOTA_SHOWN = 6


def drawing(replay: Played[State]) -> Pulka:
    """The Twist sheet as the pulka: the gora nearest the centre (starting at the agreed
    size), then the remark, the vists outside; the circle holds the gora's size and the
    nota follows each name."""
    game = replay.game
    state = replay.state
    sheet = sheet_json(state, game.rules)
    players = game.players
    running = running_columns((r.outcome.entries for r in replay.results),
                              opening_values(players, game.rules))
    return pulka(players, running, ("gora", "remark"), sheet,
                 {p: sheet[p]["vists"] for p in players}, centre=format_amount(game.rules["gora"]),
                 marks={p: nota_marks(state.nota(i)) for i, p in enumerate(players)},
                 legend=Label("twist.draw.legend"))


def nota_marks(symbols: tuple[Symbol, ...]) -> tuple[Mark, ...]:
    """The nota as written after a name: X, O, dazin, operet; crossed or barred as on paper.

    A long evening fills the nota: live X's (and O's) are written once with their count
    ("X×3"), the latest crossed ones follow in the order written, and the older crossed
    ones are counted as "…"."""
    items: list[tuple[Symbol, int]] = []
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
    out: list[Mark] = []
    if len(kept) < len(ended):
        out.append(Mark("…", live=False, count=len(ended) - len(kept), more=True))
    for s, count in items:
        if s.kind in ("X", "O"):
            word: Label | Phrase | str = s.kind if count == 1 else f"{s.kind}×{count}"
        else:
            word = Phrase((Label(f"draw.{s.kind}"), "|" * s.bars), "")
        out.append(Mark(word, live=s.ended is None, symbol=s.text(), count=count))
    return tuple(out)


_SUIT_SAID = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}


def describe_deal(deal: Deal, ctx: DealContext) -> Words:
    """What was played, in players' words: "Аня: 8♥; твист: Боря", "Боря: бомба (двойная)
    за 3" (the twist round is said by its result, as the list of deals shows it)."""
    if isinstance(deal, TwistRound):
        return ""
    if isinstance(deal, Solo):
        return Label(f"twist.said.{deal.kind}",
                     (deal.declarer, Label(f"twist.said.category.{deal.category}"), deal.value))
    assert isinstance(deal, Contract)
    suit = _SUIT_SAID.get(deal.denomination)
    contract = f"{deal.level}{suit}" if suit else Label("twist.said.nt", (deal.level,))
    parts: list[Words] = [Label("twist.said.contract", (deal.declarer, contract))]
    if deal.partner_passed:  # which implies the cards were opened
        parts.append(Label("twist.said.partner_passed"))
    elif deal.opened:
        parts.append(Label("twist.said.opened"))
    if deal.twist:
        parts.append(Label("twist.said.twist", (", ".join(deal.twist),)))
    return Phrase(tuple(parts)) if len(parts) > 1 else parts[0]
