"""The game registry (whistscore/games/__init__.py): every game is found through the
entry-point group ``whistscore.games``, the four of whistscore's own pyproject.toml as
a game of another installed package (issue 23).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

import whistscore
from whistscore.errors import InputError
from whistscore.games import GAMES, GROUP, LISTED_FIRST, declared, get_game, read_entry_points

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
#: whistscore's own games: the packages under whistscore/games/ (a game is a package)
BUILT_IN = sorted((p.parent.name for p in (ROOT / "whistscore" / "games").glob("*/game.py")),
                  key=lambda n: (LISTED_FIRST.index(n) if n in LISTED_FIRST
                                 else len(LISTED_FIRST), n))


def test_the_built_ins_are_declared_as_entry_points():
    assert len(BUILT_IN) >= 4
    assert declared() == {name: f"whistscore.games.{name}:GAME" for name in BUILT_IN}
    assert list(GAMES)[:len(BUILT_IN)] == BUILT_IN  # the spec's order, then by name
    for name in declared():
        assert get_game(name).name == name


def test_the_quick_reading_is_what_importlib_metadata_reads():
    """The registry reads entry_points.txt itself (importlib.metadata costs more to import
    than Python takes to start); it must find what importlib.metadata finds."""
    assert read_entry_points() == {ep.name: ep.value for ep in entry_points(group=GROUP)}


def _plugin(folder: Path, name: str, value: str, dist: str = "tallyplugin") -> None:
    """A distribution's metadata as pip installs it: ``dist-1.0.dist-info/``."""
    info = folder / f"{dist}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[console_scripts]\nnot-a-game = x:y\n\n"
                                           f"[{GROUP}]\n{name} = {value}\n", encoding="utf-8")


def _run(code: str, site: Path) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh Python whose path also holds ``site`` (an installed plug-in)
    and the tests folder (the plug-in's module), as a package installed by pip would be."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(TESTS), str(ROOT)]))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, cwd=str(site), timeout=120)


def test_a_game_of_another_package_is_found_by_its_entry_point(tmp_path):
    """tests/tallygame.py, installed as a distribution that declares it: the registry, the
    file reader and the command line know it as they know the built-ins."""
    site = tmp_path / "site"
    _plugin(site, "tally", "tallygame:GAME")
    game_file = tmp_path / "t.json"
    code = f"""
import json, sys
import whistscore
from whistscore.cli import main
from whistscore.games import declared
assert "tallygame" not in sys.modules  # nothing imported before it is asked for
print(json.dumps({{"games": list(whistscore.GAMES), "declared": declared()}}))
assert main(["new", "tally", {str(game_file)!r}, "--players", "Anna", "Boris"]) == 0
assert main(["add", {str(game_file)!r}, "Anna 3"]) == 0
print("--- settle")
assert main(["settle", {str(game_file)!r}, "--json"]) == 0
"""
    done = _run(code, site)
    assert done.returncode == 0, done.stderr
    first = json.loads(done.stdout.splitlines()[0])
    assert first["games"] == [*BUILT_IN, "tally"]
    assert first["declared"]["tally"] == "tallygame:GAME"
    settled = json.loads(done.stdout.split("--- settle\n", 1)[1])
    assert settled["game"] == "tally" and settled["balance"] == {"Anna": "3", "Boris": "-3"}


def test_a_broken_entry_point_is_refused_and_the_others_still_load(tmp_path):
    site = tmp_path / "site"
    _plugin(site, "nogame", "json:dumps")
    code = """
import whistscore
assert whistscore.get_game("whist").name == "whist"
try:
    whistscore.get_game("nogame")
except TypeError as exc:
    print(exc)
else:
    raise SystemExit("a function was taken for a game")
"""
    done = _run(code, site)
    assert done.returncode == 0, done.stderr
    assert "the entry point nogame = json:dumps of whistscore.games names" in done.stdout


def test_the_first_distribution_of_a_name_wins(tmp_path):
    """As importlib.metadata reads them: an older copy of a package later on the path is
    not read (two installations of one plug-in)."""
    first, second = tmp_path / "a", tmp_path / "b"
    _plugin(first, "tally", "tallygame:GAME")
    _plugin(second, "tally", "elsewhere:GAME")
    _plugin(second, "other", "elsewhere:OTHER", dist="otherplugin")
    found = read_entry_points([str(first), str(second), *sys.path])
    assert found["tally"] == "tallygame:GAME" and found["other"] == "elsewhere:OTHER"
    assert set(BUILT_IN) <= set(found)


def test_without_whistscore_metadata_importlib_metadata_is_asked(tmp_path):
    """A folder list where no whistscore distribution is found the plain way (say, a zipped
    installation): the registry then asks importlib.metadata, which finds every kind."""
    _plugin(tmp_path, "tally", "tallygame:GAME")
    found = read_entry_points([str(tmp_path)])
    assert found["tally"] == "tallygame:GAME"
    assert found["preferans"] == "whistscore.games.preferans:GAME"


def test_an_unknown_game_names_the_known_ones():
    with pytest.raises(InputError) as err:
        get_game("bridge")
    assert err.value.field == "game" and err.value.value == "bridge"
    assert f"known: {', '.join(BUILT_IN)}, " in str(err.value)
    assert isinstance(whistscore.GAMES["tally"], str)  # the tests' game, registered by code


@pytest.mark.parametrize("step", ["import whistscore",
                                  "import whistscore; whistscore.get_game('twist')",
                                  "import whistscore.cli as c; c._parser()"])
def test_finding_a_game_does_not_import_importlib_metadata(step):
    """Every command asks for its game: reading the entry points must stay cheap."""
    code = f"import sys\n{step}\nsys.exit(3 if 'importlib.metadata' in sys.modules else 0)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=str(ROOT), timeout=60)
    assert done.returncode == 0, done.stderr or "importlib.metadata was imported"
