"""Small helpers shared by the whist tests: build a game from JSON deals and replay it."""

from __future__ import annotations

from fractions import Fraction

from whistscore.journal import from_json
from whistscore.replay import Replay, replay
from whistscore.games.whist import GAME

PLAYERS = ("Anna", "Boris", "Vera", "Gleb")  # NS: Anna & Vera; EW: Boris & Gleb


def game_file(deals, preset: str = "english", players=PLAYERS, **options) -> dict:
    return {"format": "whistscore", "version": 1, "game": "whist", "players": list(players),
            "rules": {"preset": preset, **options}, "deals": list(deals)}


def play(deals, preset: str = "english", players=PLAYERS, **options) -> Replay:
    """Replay JSON deals (or short-notation strings) under a preset."""
    rules = GAME.rulebook.resolve({"preset": preset, **options})
    objs = [GAME.deal_to_json(GAME.parse_notation(d, tuple(players), rules))
            if isinstance(d, str) else d for d in deals]
    return replay(from_json(game_file(objs, preset, players, **options)))


def score(r: Replay) -> tuple[int, int]:
    """(NS, EW) points in the current game."""
    return r.state.score


def entries(r: Replay, deal: int, column: str | None = None) -> list:
    return [e for e in r.results[deal - 1].entries if column is None or e.column == column]


def amounts(r: Replay, deal: int, column: str) -> dict[str, int]:
    """{side: amount} of one column in one deal."""
    out: dict[str, int] = {}
    for e in entries(r, deal, column):
        out[e.player] = out.get(e.player, 0) + e.amount
    return out


def games(r: Replay) -> list[tuple[str, int]]:
    """Every game won so far: (side, value), in order."""
    return [(e.player, e.amount) for e in r.entries() if e.column == "game"]


def net(r: Replay) -> int:
    """NS's balance (each NS member's), asserting the balance's shape on the way."""
    b = r.balance()
    a, bo, v, g = (b[p] for p in r.game.players)
    assert a == v and bo == g and a == -bo
    assert all(isinstance(x, Fraction) for x in b.values())
    return int(a)
