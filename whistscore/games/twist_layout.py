"""The Twist score sheet as players draw it: gora, remark, vists and the nota.

A paper Twist sheet is a Preferans pulka with the pulya replaced by the
remark and the names' column (the nota) holding symbols; we draw three
tables: the sheet as it stands, the running gora and remark deal by deal, and
the nota with every symbol active, crossed out or barred as on paper.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from ..layout import Cell, Label, Table
from ..ledger import Entry


def tables(game: Any, replay: Any) -> list[Table]:
    players = replay.game.players
    state = replay.state
    own: dict[tuple[str, str], list[Entry]] = defaultdict(list)
    on: dict[tuple[str, str], list[Entry]] = defaultdict(list)
    for entry in replay.entries():
        if entry.against is None:
            own[entry.player, entry.column].append(entry)
        else:
            on[entry.player, entry.against].append(entry)
    return [_sheet(players, state, own, on), _running(game, replay), _nota(players, state)]


def _sheet(players, state, own, on) -> Table:
    header = (Label("player"), Label("gora"), Label("remark"),
              *(Label("twist.vists_on", (q,)) for q in players), Label("nota"))
    rows = []
    for i, p in enumerate(players):
        row = [Cell(p),
               Cell(state.gora[i], tuple(own[p, "gora"])),
               Cell(state.remark[i], tuple(own[p, "remark"]))]
        for j, q in enumerate(players):
            row.append(Cell(None) if i == j else Cell(state.vists[i * 4 + j], tuple(on[p, q])))
        row.append(Cell(" ".join(s.text() for s in state.nota(i)) or None))
        rows.append(tuple(row))
    return Table(Label("sheet"), header, tuple(rows), key="sheet")


def _running(game: Any, replay: Any) -> Table:
    players = replay.game.players
    header = [Label("deal"), Label("notation"), Label("result")]
    for p in players:
        header += [Label("twist.gora_of", (p,)), Label("twist.remark_of", (p,))]
    start = replay.game.rules["gora"]
    gora = {p: start for p in players}
    remark = {p: 0 for p in players}
    rows = [tuple([Cell(0), Cell(None), Cell(None)]
                  + [c for p in players for c in (Cell(start), Cell(0))])]
    for result in replay.results:
        mine: dict[tuple[str, str], list[Entry]] = defaultdict(list)
        for e in result.outcome.entries:
            if e.against is None:
                mine[e.player, e.column].append(e)
        row = [Cell(result.number), Cell(replay.game.notation(result.record)),
               Cell(game.describe_result(result.record.deal, result.outcome, result.context))]
        for p in players:
            g = mine[p, "gora"]
            r = mine[p, "remark"]
            gora[p] += sum(e.amount for e in g)
            remark[p] += sum(e.amount for e in r)
            row += [Cell(gora[p], tuple(g)), Cell(remark[p], tuple(r))]
        rows.append(tuple(row))
    return Table(Label("twist.running"), tuple(header), tuple(rows), key="running")


def _nota(players, state) -> Table:
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
            rows.append((Cell(p), Cell(s.text(), style=style), Cell(s.written),
                         Cell(status, style=style)))
    return Table(Label("twist.nota_title"), header, tuple(rows), key="nota")


def closing(replay: Any) -> list[Table]:
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
