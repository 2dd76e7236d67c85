"""docs/club.md's printed example is what the command prints for the sample club, and the
sample club is what the README says it is (issue 24)."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import whistscore

from clirun import run
from registry_support import installed

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "club"


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    shutil.copytree(SAMPLE, folder, ignore=shutil.ignore_patterns("club.sqlite*"))
    return folder


def test_docs_standings_block_is_the_commands_output(tmp_path, monkeypatch):
    doc = (ROOT / "docs" / "club.md").read_text("utf-8")
    command, printed = re.search(r"```sh\n\$ (whistscore club samples/club[^\n]*)\n```\n\n"
                                 r"```text\n(.*?)```", doc, re.S).groups()
    assert command in (ROOT / "README.md").read_text("utf-8")
    monkeypatch.chdir(tmp_path)
    shutil.copytree(SAMPLE, tmp_path / "samples" / "club",
                    ignore=shutil.ignore_patterns("club.sqlite*"))
    status, out, err = run(["club", "samples/club", "--season", "Autumn 2026"])
    assert (status, err) == (0, "")
    assert out == printed


def test_the_sample_club_is_a_season_of_evenings(tmp_path):
    folder = _copy(tmp_path)
    games = sorted(folder.glob("2026-*.json"))
    for path in games:
        assert run(["check", path])[0] == 0, path
    nights = Counter(p.name[:10] for p in games)
    assert len(nights) >= 3 and all(n >= 2 for d, n in nights.items() if d != "2026-10-23")
    club = whistscore.club(folder)
    data = club.standings(season="Autumn 2026")
    assert set(data["games"]) == set(installed())  # a game of every kind installed
    assert [g["file"] for g in data["in_progress"]] == ["2026-10-23-pulka.json"]
    assert data["left_out"] == [] and data["recomputed"] == [] and data["notices"] == []
    assert club.player("Lyosha")["player"] == "Alexei"
    assert "Lyosha" in club.player("Alexei")["spellings"]
    for path in games:
        assert whistscore.load(path).deals[0].at.startswith(path.name[:10])


def test_a_players_play_counted_by_hand(tmp_path):
    """Alexei declared, in the three finished pulkas (read off the files): 6S made, 7C down
    one, 6D half-whisted, 7S down two, 8H both passed; 6S made, 8H both passed, 7H made;
    6S made, 8NT both passed, 6H made.  A contract not played (both pass, half-whist) is
    written as made (preferans.md)."""
    club = whistscore.club(_copy(tmp_path))
    play = club.player("Alexei", game="preferans")["games"]["preferans"]["play"]
    assert play["declared"] == {"6": {"played": 5, "made": 5}, "7": {"played": 3, "made": 1},
                                "8": {"played": 3, "made": 3}}
    assert play["misere"] == {"made": 0, "caught": 0}
