"""The pulka as players draw it: running sequences of pulya, gora and vists.

On paper nobody writes a total: each new value is written after the last one,
separated by a dot ("2.6.10"), so the whole history of a column can be read
back.  The sheet does the same, one value per deal that changed the column,
and each cell keeps the entries behind it for the workbook's comments.  Also here: the
``sheet`` object of ``--json``, the paper's pairwise settlement and the few words on how a
deal ended.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Optional

from ...game import DealContext, JSONObject, Outcome, Played, Words
from ...layout import Cell, Label, Phrase, Table
from ...ledger import FRACTIONS, Amount, Entry, format_amount, json_number, plain_number
from ...paper import running_columns
from ...paper.pulka import Pulka, pulka
from ...rules import Rules
from .club import _SHORT_RULES, _rule_of
from .deals import AllPass, Concede, Contract, Deal, Misere
from .scoring import State

__all__ = ["drawing", "describe_deal", "sheet_json", "sheet_tables", "closing_tables", "describe_result",
           "pairwise_settlement"]

#: (player, column, against): one column of the sheet
_Key = tuple[str, str, Optional[str]]
_Sequences = dict[_Key, tuple[list[Amount], list[Entry]]]


def sheet_json(state: State, rules: Rules) -> JSONObject:
    """Each player's pulya, gora and the vists he wrote on each other player."""
    out = {}
    names = state.players
    for i, name in enumerate(names):
        out[name] = {
            "pulya": json_number(state.pulya[i]),
            "gora": json_number(state.gora[i]),
            "vists": {other: json_number(state.wrote(i, j))
                      for j, other in enumerate(names) if j != i},
        }
    return out


def _running_sequences(replay: Played[State]) -> _Sequences:
    """(player, column, against) -> (the values after each deal that changed it, its entries)."""
    out: _Sequences = {}
    for result in replay.results:
        changed: dict[_Key, list[Entry]] = {}
        for e in result.outcome.entries:
            changed.setdefault((e.player, e.column, e.against), []).append(e)
        for key, entries in changed.items():
            values, sources = out.setdefault(key, ([], []))
            last = values[-1] if values else 0
            values.append(last + sum(e.amount for e in entries))
            sources.extend(entries)
    return out


def _cell(seqs: _Sequences, key: _Key) -> Cell:
    if key not in seqs:
        return Cell(None)
    values, sources = seqs[key]
    return Cell(".".join(format_amount(v) for v in values), tuple(sources))


def sheet_tables(replay: Played[State]) -> list[Table]:
    """The pulka (every column's running values) and the totals with the balances."""
    players = replay.game.players
    seqs = _running_sequences(replay)
    header = (Label("player"), Label("pulya"), Label("gora"),
              *(Label("pref.vists_on", (q,)) for q in players))
    rows = []
    for p in players:
        row = [Cell(p), _cell(seqs, (p, "pulya", None)), _cell(seqs, (p, "gora", None))]
        for q in players:
            row.append(Cell(None) if q == p else _cell(seqs, (p, "vists", q)))
        rows.append(tuple(row))
    pulka = Table(Label("pref.pulka"), header, tuple(rows), key="pulka")

    state = replay.state
    balance = replay.balance()
    target = replay.game.rules["pulya"]
    rows = []
    for i, p in enumerate(players):
        own = [e for (who, col, _), (_, src) in seqs.items() if who == p for e in src]
        written = [e for e in own if e.column == "vists"]
        on_him = [e for (_, col, on), (_, src) in seqs.items() if col == "vists" and on == p
                  for e in src]
        rows.append((
            Cell(p),
            Cell(state.pulya[i], tuple(e for e in own if e.column == "pulya"),
                 "crossed" if state.pulya[i] >= target else None),
            Cell(state.gora[i], tuple(e for e in own if e.column == "gora")),
            Cell(sum(state.wrote(i, j) for j in range(len(players))), tuple(written)),
            Cell(sum(state.wrote(j, i) for j in range(len(players))), tuple(on_him)),
            Cell(balance[p], (), "total"),
        ))
    header = (Label("player"), Label("pulya"), Label("gora"), Label("pref.written"),
              Label("pref.received"), Label("balance"))
    totals = Table(Label("pref.totals"), header, tuple(rows), key="totals")
    return [pulka, totals]


def closing_tables(replay: Played[State]) -> list[Table]:
    """None: the totals table already ends in the balances."""
    return []


def pairwise_settlement(replay: Played[State]) -> dict[tuple[str, str], Fraction]:
    """What the row player wins from the column player, netted as on paper.

    The paper method: each pair nets its vists; every player's gora is
    paid G/N a point to each other player, and his pulya earns P/N a point
    from each.  Summed over the other players this is the spec's balance.

    Each pair's vists net and its gora and pulya share over n are one Fraction over n
    (the same number as their sum), each value's made once (ledger.Shared).
    """
    state = replay.state
    rules = replay.game.rules
    P = rules["pulya_points"]
    G = rules["gora_points"]
    n = len(state.players)
    gora, pulya = state.gora, state.pulya
    shared = FRACTIONS
    out = {}
    for i, a in enumerate(state.players):
        for j, b in enumerate(state.players):
            if i != j:
                out[a, b] = shared[n * (state.wrote(i, j) - state.wrote(j, i))
                                   + G * (gora[j] - gora[i]) + P * (pulya[i] - pulya[j]), n]
    return out


#: the words said of many deals, made once (a label is an immutable named tuple)
_MADE = Label("res.made")
_BOTH_PASS = Label("pref.res.both_pass")
_HALF = Label("pref.res.half")
_CONCEDED = Label("pref.res.conceded")
_DEALER_WHIST = Label("pref.res.dealer_whist")
_RETURNED = Label("pref.res.returned")


def describe_result(deal: Deal, outcome: Outcome[State], ctx: DealContext) -> Words:
    """Made or down, a misère made or caught, an all-pass's price; who was short on whist.

    Read once a deal for the club's rows: a played contract's declarer count is the
    one it read for scoring (``Contract.counts``, his entry of ``tricks``), and the
    entries are looked at one by one only when one of them is a responsible whist.
    """
    if type(deal) is Contract:  # the four kinds are final: type() is isinstance()
        if deal.tricks is None:
            return _HALF if any(s == "half" for _, s in deal.whist) else _BOTH_PASS
        counts = deal.counts
        k = deal.level - (counts[0] if counts is not None else dict(deal.tricks)[deal.declarer])
        said: Words = _MADE if k <= 0 else Label("res.down", (k,))
        entries = outcome.entries
        if _SHORT_RULES.isdisjoint(map(_rule_of, entries)):
            words = Phrase((said,))
        else:
            words = Phrase((said, *[Label("pref.res.short", (e.player,)) for e in entries
                                    if e.rule in _SHORT_RULES]))
        if deal.roles(ctx.dealer)[5] == "whist":
            return Phrase((words, _DEALER_WHIST), " ")
        if any(s == "gone-half" for _, s in deal.whist):
            return Phrase((words, _RETURNED), " ")
        return words
    if isinstance(deal, AllPass):
        if ctx.rules["allpass"] == "rostov":
            return Label("pref.res.rostov")
        # said by its place in the series («вторые распасы»); the price shows in what it wrote
        n = outcome.state.streak
        return Label(f"pref.res.allpass_{n}" if 1 <= n <= 5 else "pref.res.allpass", (n,))
    if isinstance(deal, Misere):
        n = deal.declarer_tricks()
        misere = Label("pref.res.misere_made") if n == 0 else Label("pref.res.misere_caught", (n,))
        return Phrase((misere, Label("pref.res.blind")), " ") if deal.blind else misere
    if isinstance(deal, Concede):
        return _CONCEDED
    raise TypeError(f"not a Preferans deal: {deal!r}")  # the four kinds are all above


_SUIT_SAID = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}


def describe_deal(deal: Deal, ctx: DealContext) -> Words:
    """"Аня: 7♠; вист: Боря; пас: Вера", "Боря: мизер": what was played (an all-pass is
    said by its result, "вторые распасы"; a misère's and a conceded contract's result say
    «мизер» and «без трёх», so these are said once)."""
    if isinstance(deal, AllPass):  # the result says it: "вторые распасы"
        return ""
    if isinstance(deal, Misere):
        return Label("pref.said.misere", (deal.declarer,))
    suit = _SUIT_SAID.get(deal.suit)
    contract = f"{deal.level}{suit}" if suit else Label("pref.said.nt", (deal.level,))
    if isinstance(deal, Concede):
        return Label("pref.said.concede", (deal.declarer, contract))
    parts: list[Words] = [Label("pref.said.contract", (deal.declarer, contract))]
    if deal.tricks is None and all(s == "pass" for _, s in deal.whist):
        return Phrase(tuple(parts))   # not played: the result says «оба паса» once
    by_status: dict[str, list[str]] = {}
    for name, status in deal.whist:
        by_status.setdefault(status, []).append(name)
    for status in ("whist", "half", "gone-half", "pass"):
        if status in by_status:
            parts.append(Label(f"pref.said.{status}", (", ".join(by_status[status]),)))
    return Phrase(tuple(parts))


def drawing(replay: Played[State]) -> Pulka:
    """The paper pulka: the gora nearest the centre, then the pulya, the vists outside on
    each opponent; the circle holds the pulya to close and the sum of the pulyas so far, and
    a pulya that reached it is drawn closed."""
    game = replay.game
    sheet = sheet_json(replay.state, game.rules)
    target = game.rules["pulya"]
    players = game.players
    written = sum(Fraction(sheet[p]["pulya"]) for p in players)
    return pulka(players, running_columns((r.outcome.entries for r in replay.results), {}),
                 ("gora", "pulya"), sheet, {p: sheet[p]["vists"] for p in players},
                 centre=format_amount(target),
                 centre_small=f"Σ {format_amount(plain_number(written))}",
                 closed=frozenset(p for p in players if Fraction(sheet[p]["pulya"]) >= target),
                 legend=Label("pref.draw.legend"))
