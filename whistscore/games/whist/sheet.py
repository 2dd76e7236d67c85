"""Whist's sheet: the JSON of ``show --json``, the marker's sheet as drawn, how a deal
ended, and who pays whom (spec whist.md, "The sheet" and "Balance").
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from ...game import DealContext, JSONObject, Outcome, Played, Words
from ...layout import Cell, Label, Phrase, Table
from ...ledger import FRACTIONS, Amount, Entry
from ...paper.marker import Marker, Rubber
from ...rules import Rules
from .deals import SIDES, Deal
from .scoring import State, unchain

__all__ = ["drawing", "sheet_json", "sheet_tables", "closing_tables", "describe_result", "describe_deal",
           "running_restarts", "pairwise_settlement"]

#: the columns below the line, which start again at 0 with each game
_GAME_SCORE_COLUMNS = frozenset({"tricks", "honours", "revoke"})


def describe_result(deal: Deal, outcome: Outcome[State], ctx: DealContext) -> Words:
    """The games and rubbers the deal won, else the score it left ("3-1")."""
    if deal.void:
        return Label("whist.res.void")
    words: list[Words] = []
    for e in outcome.entries:
        if e.column == "game":
            words.append(Label("whist.res.game", (e.player, e.amount)))
        elif e.column == "rubber":
            words.append(Label("whist.res.rubber", (e.player, e.amount)))
    if not words:
        ns, ew = outcome.state.score
        words.append(f"{ns}-{ew}")
    return Phrase(tuple(words))


def running_restarts(entries: Sequence[Entry]) -> frozenset[str]:
    """A marker's sheet starts each game's score (tricks, honours, revoke points) at 0."""
    if any(e.column == "game" for e in entries):
        return _GAME_SCORE_COLUMNS
    return frozenset()


def pairwise_settlement(replay: Played[State]) -> dict[tuple[str, str], Fraction]:
    """Partners owe each other nothing; each member wins half his side's net from
    each opponent, which adds up to the side's net for every member (each value's
    Fraction made once: ledger.Shared)."""
    state = replay.state
    net = state.totals[0] - state.totals[1]
    shared = FRACTIONS
    out: dict[tuple[str, str], Fraction] = {}
    for i, a in enumerate(state.players):
        for j, b in enumerate(state.players):
            if i != j:
                same = i % 2 == j % 2
                out[a, b] = shared[0] if same else shared[net if i % 2 == 0 else -net, 2]
    return out


def sheet_json(state: State, rules: Rules) -> JSONObject:
    """Per side: seats, points in the current game, game values won in the current
    rubber (the whole session without rubbers), each completed rubber's value
    signed for this side, and the side's net total (= each member's balance)."""
    games = unchain(state.games)
    rubbers = unchain(state.rubbers)
    net = state.totals[0] - state.totals[1]
    out: JSONObject = {}
    for i, side in enumerate(SIDES):
        out[side] = {
            "players": [state.players[i], state.players[i + 2]],
            "score": state.score[i],
            "games": [v for who, v in games if who == i],
            "rubbers": [v if who == i else -v for who, v in rubbers],
            "total": net if i == 0 else -net,
        }
    return out


def sheet_tables(replay: Played[State]) -> list[Table]:
    """The marker's sheet: one row per game (each side's running score below the line,
    who won, the game's value, the running totals above the line), one row per
    completed rubber, and the net at the foot."""
    game = replay.game
    players = game.players
    rubbers = game.rules["rubber"] is not None
    header: list[Words] = [Label("rubber_no")] if rubbers else []
    header += [Label("game_no"),
               f"NS ({players[0]}, {players[2]})", f"EW ({players[1]}, {players[3]})",
               Label("won_by"), Label("value"),
               Label("side_total", ("NS",)), Label("side_total", ("EW",))]
    rows: list[tuple[Cell, ...]] = []
    totals: list[Amount] = [0, 0]
    totals_src: list[list[Entry]] = [[], []]
    rubber_no, game_no = 1, 1
    running: list[Amount] = [0, 0]
    marks: list[list[str]] = [[], []]
    below: list[list[Entry]] = [[], []]
    rubber_src: list[Entry] = []
    rubber_pts: list[Amount] = [0, 0]

    def total_cells() -> list[Cell]:
        return [Cell(totals[i], tuple(totals_src[i]), "total") for i in (0, 1)]

    def game_row(winner: Words, value: Cell) -> tuple[Cell, ...]:
        lead = [Cell(rubber_no)] if rubbers else []
        return tuple(lead + [Cell(game_no)]
                     + [Cell(", ".join(marks[i]), tuple(below[i])) for i in (0, 1)]
                     + [Cell(winner), value] + total_cells())

    for result in replay.results:
        changed = [False, False]
        for e in result.outcome.entries:
            i = 0 if e.player == "NS" else 1
            if e.column in ("revoke", "tricks", "honours"):
                below[i].append(e)
                if e.amount:
                    running[i] += e.amount
                    changed[i] = True
                continue
            totals[i] += e.amount
            totals_src[i].append(e)
            rubber_src.append(e)
            rubber_pts[i] += e.amount
            if e.column == "game":
                for k in (0, 1):
                    if changed[k]:
                        marks[k].append(str(running[k]))
                changed = [False, False]
                rows.append(game_row(e.player, Cell(e.amount, (e,))))
                game_no += 1
                running, marks, below = [0, 0], [[], []], [[], []]
            elif e.column == "rubber":
                net = rubber_pts[i] - rubber_pts[1 - i]
                rows.append(tuple(
                    [Cell(rubber_no), Cell(Label("rubber_row", (e.amount,)))]
                    + [Cell(rubber_pts[k], tuple(x for x in rubber_src if x.player == SIDES[k]))
                       for k in (0, 1)]
                    + [Cell(e.player), Cell(net, tuple(rubber_src))] + total_cells()))
                rubber_no += 1
                game_no = 1
                rubber_src, rubber_pts = [], [0, 0]
        for k in (0, 1):
            if changed[k]:
                marks[k].append(str(running[k]))
    if any(below) or not rows:
        rows.append(game_row(Label("in_play"), Cell(None)))
    net = totals[0] - totals[1]
    leader = Label("even") if net == 0 else ("NS" if net > 0 else "EW")
    lead = [Cell(Label("total"), style="total")] + ([Cell(None)] if rubbers else [])
    rows.append(tuple(lead + [Cell(None), Cell(None), Cell(leader, style="total"),
                              Cell(abs(net), style="total")] + total_cells()))
    return [Table(Label("score_title"), tuple(header), tuple(rows), key="sheet")]


def closing_tables(replay: Played[State]) -> list[Table]:
    """None: the sheet's foot already is the balance (each member wins his side's net)."""
    return []


def describe_deal(deal: Deal, ctx: DealContext) -> Words:
    """What was played, in players' words, each side with its two players (the entries
    name the sides): "NS (Аня и Вера): 8 взяток; 3 онёра: EW (Боря и Глеб)" (a void deal is
    said by its result)."""
    if deal.void or deal.tricks is None:
        return ""
    players = ctx.players

    def side(name: str) -> Words:
        i = SIDES.index(name)
        return Label("whist.said.side", (name, players[i], players[i + 2]))

    t = deal.tricks
    winner, won = ("NS", t) if t >= 7 else ("EW", 13 - t)
    parts: list[Words] = [Label("whist.said.tricks", (side(winner), won))]
    if deal.honours_side is not None:
        parts.append(Label("whist.said.honours", (side(deal.honours_side), deal.honours)))
    if deal.revoke is not None:
        parts.append(Label("whist.said.revoke", (side(deal.revoke),)))
    return Phrase(tuple(parts)) if len(parts) > 1 else parts[0]


def drawing(replay: Played[State]) -> Marker:
    """The marker's sheet: per rubber, the game values and the rubber written above the
    line, and below it each game's running points of each side (tricks, honours, a
    revoke's penalty), a game won starting the points again."""
    game = replay.game
    sheet = sheet_json(replay.state, game.rules)
    sides = tuple(sheet)
    rubbers: list[Rubber] = []
    above: list[tuple[int, Amount, Label]] = []
    games: list[list[list[tuple[Amount, str]]]] = [[[], []]]
    running: list[Amount] = [0, 0]

    def close() -> None:
        rubbers.append(Rubber(len(rubbers) + 1, tuple(above),
                              tuple((tuple(ns), tuple(ew)) for ns, ew in games)))

    for result in replay.results:
        for e in result.outcome.entries:
            i = sides.index(e.player)
            if e.column in ("revoke", "tricks", "honours"):
                if e.amount:
                    running[i] += e.amount
                    games[-1][i].append((running[i], e.column))
            elif e.column == "game":
                above.append((i, e.amount, Label("game")))
                games.append([[], []])
                running = [0, 0]
            elif e.column == "rubber":
                above.append((i, e.amount, Label("rubber")))
                close()
                above, games, running = [], [[[], []]], [0, 0]
    close()
    return Marker(sides, tuple(tuple(sheet[s]["players"]) for s in sides), tuple(rubbers),
                  game.rules["rubber"] is not None, tuple(sheet[s]["total"] for s in sides),
                  Label("whist.draw.legend"))
