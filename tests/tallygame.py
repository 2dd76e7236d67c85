"""A minimal game used to test the core without any real game's rules.

Each deal names a winner and the points he takes from every other player:
``{"winner": "A", "points": 3}`` (short notation ``A 3``).  The game ends when
a player's total reaches the ``target`` option.  It exists only in the tests.
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from whistscore.errors import DealError, NotationError
from whistscore.game import GameType, Outcome
from whistscore.language import Catalogue
from whistscore.layout import Cell, Label, Table
from whistscore.ledger import Entry
from whistscore.rules import Choice, Integer, Option, RuleBook


@attrs.frozen
class TallyDeal:
    winner: str
    points: int


RULEBOOK = RuleBook(
    game="tally",
    options=(
        Option("target", Integer(1, 1000), "points that end the game"),
        Option("style", Choice(("plain", "double")), "double doubles every deal"),
    ),
    presets={"plain": {"target": 10, "style": "plain"},
             "doubled": {"target": 20, "style": "double"}},
    default_preset="plain",
)


def deal_from_json(obj, players, rules):
    for key in obj:
        if key not in ("winner", "points"):
            raise DealError("unknown field", field=key)
    if obj.get("winner") not in players:
        raise DealError("not a player", field="winner", value=obj.get("winner"))
    points = obj.get("points")
    if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= 100:
        raise DealError("points are 0..100", field="points", value=points)
    return TallyDeal(obj["winner"], points)


def deal_to_json(deal):
    return {"winner": deal.winner, "points": deal.points}


def parse_notation(text, players, rules):
    parts = text.split()
    if len(parts) != 2 or not parts[1].isdigit():
        raise NotationError("write WINNER POINTS", field="deal", value=text)
    return deal_from_json({"winner": parts[0], "points": int(parts[1])}, players, rules)


def format_notation(deal, players, rules):
    return f"{deal.winner} {deal.points}"


def initial_state(players, rules):
    return (rules["target"], tuple((p, 0) for p in players))


def score(state, deal, ctx):
    factor = 2 if ctx.rules["style"] == "double" else 1
    pts = deal.points * factor
    entries = []
    target, points = state
    totals = dict(points)
    for p in ctx.active:
        if p != deal.winner:
            # the detail is data: a label of this game's own words (its words below)
            entries.append(Entry(ctx.number, deal.winner, "points", pts, p, "win",
                                 Label("tally.d.times", (deal.points, factor))))
            totals[deal.winner] += pts
            totals[p] -= pts
    return Outcome(tuple(entries), (target, tuple(totals.items())))


def is_finished(state):
    target, points = state
    return max(v for _, v in points) >= target


def balance(state, rules):
    return {p: Fraction(v) for p, v in state[1]}


def sheet_json(state, rules):
    return {p: {"points": v} for p, v in state[1]}


def sheet_tables(replay):
    rows = tuple((Cell(p), Cell(v)) for p, v in replay.state[1])
    return [Table(Label("sheet"), (Label("player"), Label("tally.total")), rows)]


#: the game as a package declares it; tests/test_registry.py also finds it through an
#: entry point of the group ``whistscore.games``, as an installed package's would be
GAME = GameType(
    name="tally",
    title="Tally (test game)",
    player_counts=(2, 3, 4),
    unit="point",
    rulebook=RULEBOOK,
    rule_texts=("win",),
    # its words in memory: a game package would ship them as locale/<lang>.po and .mo
    words=Catalogue(None, "tally", texts={
        "en": {"rule.win": "a won deal", "rule.win.source": "tests/tallygame.py",
               "tally.total": "Total", "tally.d.times": "{0} x {1}"},
        "ru": {"rule.win": "выигранная сдача", "rule.win.source": "tests/tallygame.py",
               "tally.total": "Итого", "tally.d.times": "{0} × {1}"}}),
    deal_from_json=deal_from_json,
    deal_to_json=deal_to_json,
    parse_notation=parse_notation,
    format_notation=format_notation,
    initial_state=initial_state,
    score=score,
    is_finished=is_finished,
    balance=balance,
    sheet_json=sheet_json,
    sheet_tables=sheet_tables,
)
