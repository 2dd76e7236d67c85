"""The tests loop over the game registry, not over a table of the four games (issue 35,
"Tests over the registry"): with a fifth game registered (tests/fifthgame.py, whist under
another name, known only when ``WHISTSCORE_FIFTH_GAME=1``), the same loops of the other
test modules collect it and pass, each taking what it needs of the game from what the game
declares (tests/registry_support.py).  The browser tests loop the same way
(test_club_web_browser.py, test_sentences_browser.py) and are not run here.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import fifthgame
import registry_support
from registry_support import games, installed
from whistscore.games import get_game

ROOT = Path(__file__).resolve().parent.parent
FIFTH = fifthgame.NAME
#: the registry's loops outside a browser, and the tests of each that run once per game
LOOPS = {
    "test_journal_resolved.py": ["test_new_file_records_every_option_resolved"],
    "test_fields.py": ["test_every_game_declares_its_deal_fields",
                       "test_the_notation_help_reads_back"],
    "test_web_routes.py": ["test_every_game_has_a_table_page_with_its_fields"],
    "test_club.py": ["test_standings_equal_the_sum_of_each_files_settlement",
                     "test_evening_records_are_the_files_extremes"],
}
#: a loop inside one test (over the kinds of the club), run whole
INSIDE = "tests/test_club_stats.py::test_who_beats_whom_is_the_head_to_head_money_and_points"


def _pytest(*args: str, fifth: bool = True) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop("WHISTSCORE_FIFTH_GAME", None)
    if fifth:
        env["WHISTSCORE_FIFTH_GAME"] = "1"
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                           *args], capture_output=True, text=True, env=env,
                          cwd=str(ROOT), timeout=900)


def _ids(done: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in done.stdout.splitlines() if "::" in line]


def test_the_fifth_game_is_known_only_when_asked():
    assert FIFTH not in games() and FIFTH not in installed()
    assert games()[:len(installed())] == installed()  # the registry's order


def test_every_game_looped_over_declares_an_example_its_players_read():
    """What the loops take of a game: its notation's first example, read by the game
    with its example's players (the club's evenings of a fifth game are made of it)."""
    for name in games():
        players, text = registry_support.example(name)
        kind = get_game(name)
        assert min(kind.player_counts) <= len(players) <= max(kind.player_counts)
        kind.parse_notation(text, players, kind.rulebook.resolve({}))


@pytest.fixture(scope="module")
def collected() -> dict[str, list[str]]:
    """The test ids each loop collects, without and with the fifth game."""
    files = [f"tests/{m}" for m in LOOPS]
    return {"four": _ids(_pytest("--collect-only", *files, fifth=False)),
            "five": _ids(_pytest("--collect-only", *files))}


def test_every_loop_collects_the_fifth_game_as_it_does_the_others(collected):
    four, five = collected["four"], collected["five"]
    assert four and not [i for i in four if FIFTH in i]
    for module, tests in LOOPS.items():
        for test in tests:
            before = [i for i in four if i.startswith(f"tests/{module}::{test}[")]
            after = [i for i in five if i.startswith(f"tests/{module}::{test}[")]
            # one id a game (or a game at a table size) for every installed game ...
            assert {g for g in installed() if any(f"[{g}" in i for i in before)} \
                == set(installed()), (module, test)
            # ... and the same ids and the fifth game's with it
            assert set(before) < set(after), (module, test)
            assert all(FIFTH in i for i in set(after) - set(before)), (module, test)
    # the rest of the modules is as it was
    assert [i for i in five if FIFTH not in i] == four


def test_the_loops_pass_for_the_fifth_game():
    done = _pytest("-k", f"{FIFTH} or {INSIDE.rpartition('::')[2]}",
                   *(f"tests/{m}" for m in LOOPS), INSIDE)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    summary = done.stdout.strip().splitlines()[-1]
    # one test a loop (whist's copy is played at one table size) and the club's loop
    expected = sum(len(t) for t in LOOPS.values()) + 1
    assert f"{expected} passed" in summary, summary
