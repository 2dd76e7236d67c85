"""A small club built by hand for the club's tests (issue 24).

Twelve Friday evenings, each with a game of every kind: Preferans (three of Anna, Boris,
Vera, Gleb), Twist, Whist and Danish (four of five).  Two seasons; Anna is written "Аня"
in some games (club.json makes them one player); one Preferans game is left unfinished;
one file is broken.  Games are ended by the players (``ended``) after their few deals,
so each counts as finished without playing a whole pulka; evening 1's Preferans game is
the example of journal.md, whose numbers are computed there by hand.

:func:`tables` reads an archive's contents, to compare two archives.
"""

from __future__ import annotations

import datetime
import json
import sqlite3
from pathlib import Path
from typing import Callable

import whistscore

from registry_support import example, games

FRIDAY = datetime.date(2026, 9, 4)
EVENINGS = 12
SEASONS = {"Autumn 2026": ["2026-09-01", "2026-11-15"], "Late 2026": ["2026-11-16", "2026-12-31"]}
#: journal.md's example game: balances Anna 8, Boris 12, Vera -20 (computed there)
JOURNAL_EXAMPLE = ["Anna 7S Boris:w Vera:p 7/3/0", "pass 4/2/4"]


def day(i: int) -> datetime.date:
    return FRIDAY + datetime.timedelta(days=7 * i)


def at(i: int, minute: int) -> str:
    return f"{day(i).isoformat()}T20:{minute:02d}:00+02:00"


def _preferans(i: int) -> tuple[list[str], list[str]]:
    if i == 0:
        return ["Anna", "Boris", "Vera"], JOURNAL_EXAMPLE
    seats = [["Anna", "Boris", "Vera"], ["Boris", "Vera", "Gleb"], ["Аня", "Vera", "Gleb"],
             ["Anna", "Boris", "Gleb"]][i % 4]
    a, b, c = seats
    deals = {
        1: [f"{a} 6S {b}:w {c}:p 6/3/1", f"{b} 7H {c}:w {a}:p 6/3/1"],
        2: [f"{a} 6S {b}:w {c}:p 7/2/1", "pass 4/2/4", "pass 3/3/4", "pass 2/4/4",
            f"{c} 6D {a}:w {b}:w 6/2/2"],
        3: [f"{b} misere 0", f"{b} misere 0", f"{a} 7C {b}:w {c}:p 7/2/1"],
        4: [f"{c} 6H {a}:w {b}:p 5/4/1", f"{c} 7S {a}:w {b}:p 6/3/1", f"{a} 6C {b}:p {c}:p"],
        5: [f"{b} 9NT {a}:w {c}:p 9/1/0", f"{a} 6S {b}:w {c}:w 6/2/2"],
    }[1 + (i - 1) % 5]
    return seats, deals


def _twist(i: int) -> tuple[list[str], list[str]]:
    seats = [["Anna", "Boris", "Vera", "Gleb"], ["Boris", "Vera", "Gleb", "Dina"]][i % 2]
    o, r, p, s = seats
    pool = [f"{o} 8H 5/2/4/1", f"{r} bomb simple 2 4/1/4/3", f"{p} 7H 1/3/6/2 pass",
            f"{s} 9NT 3/4/1/4 twist {o}", f"{r} 8S 2/4/2/4"]
    return seats, pool[: 2 + i % 4]


def _whist(i: int) -> tuple[list[str], list[str]]:
    seats = [["Anna", "Boris", "Vera", "Gleb"], ["Dina", "Boris", "Аня", "Gleb"],
             ["Vera", "Dina", "Boris", "Gleb"]][i % 3]
    pool = ["NS 8", "EW 7 H:EW4" if i == 5 else "EW 7", "NS 9 H:NS3", "NS 7", "EW 9"]
    return seats, pool[: 2 + i % 4]


def _danish(i: int) -> tuple[list[str], list[str]]:
    seats = [["Anna", "Boris", "Vera", "Gleb"], ["Anna", "Boris", "Vera", "Gleb", "Dina"]][i % 2]
    a, b, c, d = seats[:4]
    pool = [f"{a} 8 {c} 8", f"{b} 9 alone 9" if i == 6 else f"{b} 8 alone 7",
            f"{c} 7 {d} 8", f"{d} 9 good {a} 10"]
    if len(seats) == 5:  # the fifth deals and sits out in turn: deal 1 is Anna's
        pool = [f"{b} 8 {c} 8", f"{c} 7 {d} 8", f"{d} 9 good {b} 10"]
    return seats, pool[: 1 + i % len(pool)]


#: the evenings built by hand for whistscore's own games (their numbers are worked out by
#: hand in the tests); any other game of the registry plays its declared example
BUILDERS = {"preferans": _preferans, "twist": _twist, "whist": _whist, "danish": _danish}
STAKES = {"preferans": "0.10", "twist": "0.01", "whist": "0.50", "danish": "0.05"}


def _from_example(kind: str) -> Callable[[int], tuple[list[str], list[str]]]:
    """A game no table here names (a fifth game): its first notation example, played one
    to three times an evening by the players it is read with."""
    players, deal = example(kind)
    return lambda i: (list(players), [deal] * (1 + i % 3))


def build(folder: Path) -> dict[str, list[Path]]:
    """Write the club into ``folder`` (a game of every kind the registry knows, tests/
    registry_support.py); the finished game files of each kind, in order."""
    out: dict[str, list[Path]] = {k: [] for k in games()}
    for i in range(EVENINGS):
        for kind in out:
            players, deals = BUILDERS.get(kind, _from_example(kind))(i)
            rules = {"pulya": 10} if kind == "preferans" else None
            g = whistscore.new(kind, players, rules=rules, stake=STAKES.get(kind, "0.10"),
                               currency="EUR", title=f"Friday {i + 1}")
            for n, deal in enumerate(deals):
                g = g.add(deal, at=at(i, n))
            path = folder / f"{day(i).isoformat()}-{kind}.json"
            if not (kind == "preferans" and i == 11):  # the last pulka is still being played
                g = g.end(at(i, 59))
                out[kind].append(path)
            g.save(path)
    (folder / "club.json").write_text(json.dumps({
        "format": "whistscore-club", "version": 1, "name": "Friday pulka",
        "players": {"Anna": ["Аня"]}, "seasons": SEASONS}, ensure_ascii=False), "utf-8")
    (folder / "spilled-coffee.json").write_text('{"format": "whistscore", "version": 1,',
                                                "utf-8")
    return out


def tables(folder: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every table of the archive but the kept answers (and skeletons), its rows sorted,
    without the time and the count of the refreshes."""
    conn = sqlite3.connect(folder / "club.sqlite")
    out = {}
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
        if name == "answers":
            continue
        rows = conn.execute(f"SELECT * FROM {name}").fetchall()
        if name == "meta":
            # the names' look-alike skeletons are kept by a read, as its answers are
            rows = [r for r in rows if r[0] not in ("updated", "generation")
                    and not r[0].startswith("skeleton:")]
        out[name] = sorted(rows, key=repr)
    conn.close()
    return out
