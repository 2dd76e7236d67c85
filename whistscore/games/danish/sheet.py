"""The Danish score pad: one row per deal, each player's points and running totals.

Nothing is closed at the end of the evening: the running totals are the
balance, so there are no closing tables.  Who pays whom follows the seed's
"the losers pay the winner(s)" deal by deal.
"""

from __future__ import annotations

from fractions import Fraction

from ...game import DealContext, JSONObject, Outcome, Played, Words
from ...layout import Cell, Label, Phrase, Table
from ...ledger import FRACTIONS, Amount, json_number, plain_number
from ...paper.pad import Pad, PadRow
from ...rules import Rules
from .deals import NEEDED, Deal
from .notation import format_notation
from .scoring import State

__all__ = ["drawing", "sheet_json", "sheet_tables", "closing_tables", "describe_result", "describe_deal",
           "pairwise_settlement"]


def sheet_json(state: State, rules: Rules) -> JSONObject:
    return {p: {"points": json_number(t)} for p, t in zip(state.players, state.points)}


#: the words said of many deals, made once (a label is an immutable named tuple)
_MADE = Label("res.made")
_ALONE = Label("res.alone")


def describe_result(deal: Deal, outcome: Outcome[State], ctx: DealContext) -> Words:
    """Made or caught for a negative contract; made, over or down, and alone, for a bid."""
    bid = deal.bid
    if isinstance(bid, str):
        if deal.tricks == NEEDED[bid]:
            return _MADE
        return Label("res.caught" if NEEDED[bid] == 0 else "res.lost_with", (deal.tricks,))
    diff = deal.tricks - bid
    if diff < 0:
        words = Label("res.down", (-diff,))
    else:
        words = Label("res.made_over", (diff,)) if diff else _MADE
    return Phrase((_ALONE, words), ", ") if deal.partner is None else words


def sheet_tables(replay: Played[State]) -> list[Table]:
    """One row per deal: the deal, each player's points, then the running totals."""
    game = replay.game
    players = game.players
    header = ((Label("danish.no"), Label("dealer"), Label("notation"), Label("result"))
              + players + tuple(Label("danish.total_of", (p,)) for p in players))
    running: dict[str, Amount] = {p: 0 for p in players}
    rows = []
    for result in replay.results:
        by_player = {e.player: e for e in result.entries}
        cells = [Cell(result.number), Cell(result.dealer),
                 Cell(format_notation(result.record.deal, players, game.rules)),
                 Cell(describe_result(result.record.deal, result.outcome, result.context))]
        totals = []
        for p in players:
            entry = by_player.get(p)
            if entry is None:  # the sitting-out dealer
                cells.append(Cell(None))
                totals.append(Cell(running[p]))
                continue
            running[p] = plain_number(running[p] + entry.amount)
            cells.append(Cell(plain_number(entry.amount), (entry,)))
            totals.append(Cell(running[p], (entry,)))
        rows.append(tuple(cells + totals))
    final = ([Cell(Label("total"), style="total"), Cell(None), Cell(None), Cell(None)]
             + [Cell(None) for _ in players]
             + [Cell(running[p], style="total") for p in players])
    rows.append(tuple(final))
    return [Table(Label("danish.sheet"), header, tuple(rows), key="sheet")]


def closing_tables(replay: Played[State]) -> list[Table]:
    """None: the running totals are already the balance."""
    return []


def pairwise_settlement(replay: Played[State]) -> dict[tuple[str, str], Fraction]:
    """Who pays whom, deal by deal: "the losers pay the winner(s)" (seed,
    «Подсчет очков»).  In each deal every loser pays each winner in proportion
    to what the winner gained: with a partner each defender pays each of the
    pair A/2; alone, each of the three pays the declarer A.

    A deal's entries are what each seat got, one entry per seat that plays
    (:func:`~whistscore.games.danish.scoring.score` writes them so).  Exact throughout:
    a share is an int while it divides evenly (the common case: the sum stays int
    arithmetic), a Fraction only when it does not.  Only what each winner gets from each
    loser is summed, by seat (``got[a * n + b]``); a pair's net is that less the reverse,
    at the end (the club archive counts this for every game it indexes)."""
    players = replay.game.players
    n = len(players)
    seat = {p: i for i, p in enumerate(players)}
    got: list[Amount] = [0] * (n * n)
    for result in replay.results:
        won: Amount = 0
        gains: list[tuple[int, Amount]] = []
        losses: list[tuple[int, Amount]] = []
        for e in result.outcome.entries:
            v = e.amount
            if v > 0:
                gains.append((seat[e.player] * n, v))
                won += v
            elif v < 0:
                losses.append((seat[e.player], -v))
        for a, gain in gains:
            for b, loss in losses:
                product = gain * loss
                got[a + b] += product // won if type(product) is int \
                    and type(won) is int and product % won == 0 \
                    else Fraction(product) / won
    shared = FRACTIONS  # each value's Fraction made once (ledger.Shared)
    return {(a, b): shared[got[i * n + j] - got[j * n + i]]
            for i, a in enumerate(players) for j, b in enumerate(players) if i != j}


def describe_deal(deal: Deal, ctx: DealContext) -> Words:
    """What was played, in players' words: "Аня: 8 годе; партнёр: Боря", "Боря: ноло"
    (a bid alone is said by the result, "в одиночку, сыграно")."""
    bid: Words
    if isinstance(deal.bid, str):
        bid = Label(f"danish.said.{deal.bid}")
    elif deal.attachment:
        bid = Label("danish.d.bid_with", (deal.bid, Label(f"danish.d.att.{deal.attachment}")))
    else:
        bid = str(deal.bid)
    said = Label("danish.said.bid", (deal.declarer, bid))
    if deal.partner is None:
        return said
    return Phrase((said, Label("danish.said.partner", (deal.partner,))))


def drawing(replay: Played[State]) -> Pad:
    """The running pad: a row per deal, each player's running total and the deal's change
    (none for the dealer who sits a five-player deal out), the totals at the foot."""
    game = replay.game
    players = game.players
    running: dict[str, Amount] = {p: 0 for p in players}
    rows = []
    for result in replay.results:
        got: dict[str, Amount] = {}
        for e in result.outcome.entries:
            got[e.player] = got.get(e.player, 0) + e.amount
        cells: list[tuple[Amount, Amount | None]] = []
        for p in players:
            if p in got:
                running[p] = plain_number(running[p] + got[p])
                cells.append((running[p], plain_number(got[p])))
            else:
                cells.append((running[p], None))
        rows.append(PadRow(result.number, result.dealer, tuple(cells)))
    sheet = sheet_json(replay.state, game.rules)
    return Pad(players, tuple(rows), tuple(sheet[p]["points"] for p in players),
               Label("danish.no"), Label("danish.draw.legend"))
