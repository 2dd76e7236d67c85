"""Long legal games for the benchmarks, built from each game's own test generator.

A game of 100,000 deals cannot be typed by hand and a hypothesis strategy does
not draw one, so the deals are taken from many small legal games that
``tests/gen_<game>.py`` draws, renamed to fixed players, and then chained: each
next deal is picked at random among those that score on the state reached so
far and do not end the game (the pulya / gora limits are raised as well).  The
result is a legal game file whose every deal the game itself accepted.
"""

from __future__ import annotations

import json
import random
import sys
import warnings
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
for folder in (str(TESTS), str(ROOT)):
    if folder not in sys.path:
        sys.path.insert(0, folder)

from whistscore import journal  # noqa: E402
from whistscore.errors import InputError  # noqa: E402
from whistscore.game import DealContext, next_seat  # noqa: E402
from whistscore.games import get_game  # noqa: E402

#: game -> (rules with the end pushed out of reach, player count)
SETUPS: dict[str, tuple[dict, int]] = {
    "preferans": ({"preset": "sochi", "pulya": 100000}, 3),
    "twist": ({"preset": "seed", "gora": 1000000}, 4),
    "whist": ({"preset": "english"}, 4),
    "danish": ({"preset": "simple"}, 4),
}
NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dasha"]


def harvest(game: str, files: int = 150, seed: int = 0) -> list[dict]:
    """Game files drawn from ``tests/gen_<game>.py`` (empty if it is not there)."""
    if not (TESTS / f"gen_{game}.py").exists():
        return []
    from hypothesis import HealthCheck, Phase, given, seed as hseed, settings

    module = __import__(f"gen_{game}")
    found: list[dict] = []

    @hseed(seed)
    @settings(max_examples=files, database=None, phases=[Phase.generate], deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(module.game_files())
    def collect(file: dict) -> None:
        found.append(file)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        collect()
    return found


def _rename(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_rename(v, names) for v in value]
    if isinstance(value, dict):
        return {names.get(k, k): _rename(v, names) for k, v in value.items()}
    return value


def candidates(game: str, players: list[str], rules) -> list[tuple[dict, Any]]:
    """Distinct deals of the drawn games, renamed to ``players``, that parse under ``rules``."""
    kind = get_game(game)
    seen: set[str] = set()
    out = []
    for file in harvest(game):
        if len(file["players"]) != len(players):
            continue
        names = dict(zip(file["players"], players))
        for obj in file["deals"]:
            obj = {k: v for k, v in _rename(obj, names).items() if k not in ("dealer", "note")}
            key = json.dumps(obj, sort_keys=True, ensure_ascii=False)
            if key in seen:
                continue
            seen.add(key)
            try:
                out.append((obj, kind.deal_from_json(obj, tuple(players), rules)))
            except InputError:
                pass
    return out


def long_game(game: str, deals: int, players: int | None = None, seed: int = 1) -> dict:
    """A legal game file (JSON-ready dict) of ``deals`` deals that never ends."""
    rules_spec, count = SETUPS[game]
    count = players or count
    names = NAMES[:count]
    kind = get_game(game)
    rules = kind.rulebook.resolve(rules_spec)
    pool = candidates(game, names, rules)
    if not pool:
        raise RuntimeError(f"no legal {game} deals for {count} players to build from")
    rnd = random.Random(seed)
    state = kind.initial_state(tuple(names), rules)
    dealer = names[0]
    out = []
    for number in range(1, deals + 1):
        ctx = DealContext(number, dealer, tuple(names),
                          kind.active_players(tuple(names), dealer), rules)
        for _ in range(5000):
            obj, deal = pool[rnd.randrange(len(pool))]
            try:
                outcome = kind.score(state, deal, ctx)
            except InputError:
                continue
            if not kind.is_finished(outcome.state):
                break
        else:
            raise RuntimeError(f"{game}: no deal fits after deal {number - 1}")
        state = outcome.state
        out.append(dict(obj, note="late") if number % 97 == 0 else obj)
        dealer = next_seat(names, dealer)
    return {"format": "whistscore", "version": 1, "game": game, "players": names,
            "rules": rules_spec, "stake": "0.10", "currency": "EUR", "deals": out}


def long_text(game: str, deals: int, players: int | None = None) -> str:
    """The game file text exactly as whistscore saves it."""
    return journal.dumps(journal.from_json(long_game(game, deals, players)))
