"""The shortcuts taken for speed (issue 16) change nothing a user can see.

- ``journal.loads`` reads a deal written exactly like an earlier one once and
  shares the value: every deal still equals what ``deal_from_json`` makes of it, and
  JSON values Python holds equal (1, 1.0, true) are still told apart;
- ``replay(keep=False)``, what ``settle`` runs, lets a game skip writing entries
  (``DealContext.keep``): the final state and the settlement are the same as
  with every entry written, for every sample and the corpus game of each kind.
"""

import json
from pathlib import Path

import pytest

from whistscore import files, journal
from whistscore.errors import DealError
from whistscore.games import declared
from whistscore.replay import replay
from whistscore.settlement import settle

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples").glob("*.json"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_settle_without_entries_is_the_same(path):
    game = files.load(path)
    kept, bare = replay(game), replay(game, keep=False)
    assert bare.results == ()
    assert kept.state == bare.state
    assert kept.next_dealer() == bare.next_dealer()
    assert settle(kept).to_json() == settle(bare).to_json()


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_repeated_deals_read_as_each_alone(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    plain = [d for d in data["deals"] if "dealer" not in d and "note" not in d]
    # every plain deal twice over: the second reading of each comes from the first
    doubled = dict(data, deals=data["deals"] + plain)
    game = journal.loads(json.dumps(doubled, ensure_ascii=False))
    kind = game.kind
    for record, obj in zip(game.deals, doubled["deals"]):
        alone = journal.deal_from_json(kind, obj, game.players, game.rules)
        assert record == alone


def _file(deals):
    return json.dumps({"format": "whistscore", "version": 1, "game": "preferans",
                       "players": ["Anna", "Boris", "Vera"], "rules": {"preset": "sochi"},
                       "deals": deals})


@pytest.mark.parametrize("odd", [7.0, True])
def test_equal_in_python_but_not_in_json_is_refused(odd):
    good = {"declarer": "Anna", "contract": "7S", "whist": {"Boris": "whist", "Vera": "pass"},
            "tricks": {"Anna": 7, "Boris": 2, "Vera": 1}}
    bad = json.loads(json.dumps(good))
    bad["tricks"]["Anna"] = odd  # == 7 / == 1 in Python: a key built on equality would match
    with pytest.raises(DealError) as err:
        journal.loads(_file([good, bad]))
    assert err.value.deal == 2
    assert err.value.field == "tricks.Anna"


@pytest.mark.parametrize("name", declared())
def test_corpus_game_settles_the_same_without_entries(name):
    corpus = json.loads((ROOT / "tests" / "corpus" / f"{name}.json").read_text(encoding="utf-8"))
    game = journal.from_json(corpus["game_file"])
    kept, bare = replay(game), replay(game, keep=False)
    assert kept.state == bare.state
    assert settle(kept).to_json() == settle(bare).to_json()


@pytest.mark.parametrize("command", [["settle", "--json"], ["check"]])
def test_commands_do_not_import_tabulate(command):
    """Commands that draw no table leave tabulate (and its importlib.metadata) unloaded."""
    import subprocess
    import sys

    path = str(ROOT / "samples" / "preferans-sochi.json")
    code = ("import sys, io, contextlib\n"
            "from whistscore.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    code = main({command + [path]!r})\n"
            "sys.exit(code or (3 if 'tabulate' in sys.modules else 0))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_club_up_to_date_loads_no_engine_and_no_table_library(tmp_path):
    """``whistscore club FOLDER`` on an archive that is up to date (issue 24) reads SQLite
    and prints the text kept with its answer: no game, no journal, no replay, no tabulate,
    no importlib.metadata is loaded (the second run; the first indexes), club.json read
    and checked all the same, and the text is the first run's, byte for byte."""
    import shutil
    import subprocess
    import sys

    folder = tmp_path / "club"
    shutil.copytree(ROOT / "samples" / "club", folder)
    heavy = ["tabulate", "importlib.metadata", "whistscore.journal",
             "whistscore.replay", "whistscore.game", "whistscore.games.preferans"]
    code = ("import sys, io, contextlib\n"
            "from whistscore.cli import main\n"
            "out = io.StringIO()\n"
            "with contextlib.redirect_stdout(out):\n"
            f"    code = main(['club', {str(folder)!r}])\n"
            "sys.stdout.write(out.getvalue())\n"
            f"loaded = [m for m in {heavy!r} if m in sys.modules]\n"
            "sys.stderr.write(repr(loaded))\n"
            "sys.exit(code)")
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           cwd=ROOT)
    assert first.returncode == 0, first.stderr
    assert "whistscore.games.preferans" in first.stderr  # it indexed the files
    second = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=ROOT)
    assert second.returncode == 0, second.stderr
    assert second.stderr == "[]"
    assert second.stdout == first.stdout and "Standings" in second.stdout
