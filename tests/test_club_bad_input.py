"""Bad input to the club (club.md "Bad input", issue 24): each case a clear message,
nothing lost, the standings never stopped by one bad file, no traceback."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import whistscore
from whistscore.errors import InputError

from clirun import run

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"


def small_club(folder: Path) -> Path:
    """Two finished Preferans samples and a whist session (unfinished)."""
    for name in ("preferans-sochi.json", "preferans-classic.json", "whist-english-session.json"):
        (folder / name).write_bytes((SAMPLES / name).read_bytes())
    return folder


def club_json(folder: Path, **data: object) -> Path:
    path = folder / "club.json"
    path.write_text(json.dumps({"format": "whistscore-club", "version": 1, **data},
                               ensure_ascii=False), "utf-8")
    return path


def refused(argv: list[object], *words: str, status: int = 1) -> str:
    """Refused: ``status`` (1 bad input; 2 wrong usage, as argparse's own), one line on
    stderr holding each of ``words``, nothing on stdout."""
    got, out, err = run(argv)
    assert got == status, (got, out, err)
    assert out == "" and "Traceback" not in err and err.count("\n") == 1, err
    for w in words:
        assert w in err, (w, err)
    return err


def test_unknown_player(tmp_path):
    small_club(tmp_path)
    refused(["club", tmp_path, "--player", "Nobody"], "field 'player'", '"Nobody"',
            "no such player in the club")
    refused(["club", tmp_path, "--player", "Marin"], "did you mean Marina?")
    refused(["club", tmp_path, "--h2h", "Marina", "Nobody"], "field 'h2h'", "no such player")
    refused(["club", tmp_path, "--h2h", "Marina", "marina"], "two different players")
    with pytest.raises(InputError, match="no such player"):
        whistscore.club(tmp_path).player("Nobody")


def test_period_errors(tmp_path):
    small_club(tmp_path)
    refused(["club", tmp_path, "--season", "Spring"], "field 'season'",
            "no such season in club.json", "--season-add")
    refused(["club", tmp_path, "--from", "2026-12-01", "--to", "2026-11-01"],
            "starts after it ends")
    refused(["club", tmp_path, "--from", "1 December"], "field 'from'", "not a date")
    refused(["club", tmp_path, "--game", "bridge"], "bridge")


def test_season_add_refuses_bad_seasons_and_leaves_club_json_as_it_was(tmp_path):
    small_club(tmp_path)
    assert run(["club", tmp_path, "--season-add", "Autumn", "2026-09-01", "2026-11-30"])[0] == 0
    before = (tmp_path / "club.json").read_bytes()
    refused(["club", tmp_path, "--season-add", "Winter", "2027-02-28", "2026-12-01"],
            "field 'seasons.Winter'", "starts after it ends")
    refused(["club", tmp_path, "--season-add", "autumn", "2027-09-01", "2027-11-30"],
            "field 'season'", "a season of that name exists")
    refused(["club", tmp_path, "--season-add", "Late autumn", "2026-11-15", "2026-12-31"],
            "overlap")
    refused(["club", tmp_path, "--season-add", "X", "2026-13-01", "2026-12-31"],
            "field 'season.from'")
    assert (tmp_path / "club.json").read_bytes() == before
    assert json.loads(before)["seasons"] == {"Autumn": ["2026-09-01", "2026-11-30"]}


@pytest.mark.parametrize("data, words", [
    ({"colour": "red"}, ["field 'colour'", "unknown key in club.json"]),
    ({"version": 2}, ["field 'version'", "newer whistscore", "upgrade"]),
    ({"format": "whistscore"}, ["field 'format'", "not a club file"]),
    ({"seasons": {"A": ["2026-12-01", "2026-01-01"]}}, ["field 'seasons.A'", "starts after"]),
    ({"seasons": {"A": ["2026-01-01", "2026-06-30"], "B": ["2026-06-01", "2026-12-31"]}},
     ["field 'seasons.B'", "overlap"]),
    ({"seasons": {"A": "2026"}}, ["field 'seasons.A'", "[first day, last day]"]),
    ({"players": {"Anna": ["Аня"], "Boris": ["аня"]}}, ["field 'players.Boris'", "two club"]),
    ({"players": {"Anna": "Аня"}}, ["field 'players.Anna'", "a list of the names"]),
    ({"players": ["Anna"]}, ["field 'players'", "players must be an object", "not a list"]),
    ({"seasons": None}, ["field 'seasons'", "seasons must be an object", "not null"]),
    ({"players": {"Anna": ["bad\u200bname"]}}, ["field 'players.Anna[0]'"]),
    ({"exclude": ["../x.json"]}, ["field 'exclude[0]'"]),
    ({"rating": {"model": "BradleyTerry"}}, ["field 'rating.model'", "PlackettLuce"]),
])
def test_bad_club_json_names_key_and_value(tmp_path, data, words):
    small_club(tmp_path)
    club_json(tmp_path, **data)
    err = refused(["club", tmp_path], "club.json", *words)
    assert "NoneType" not in err and '"list"' not in err  # JSON's words, not Python's


@pytest.mark.parametrize("text, said", [
    ("[]", "club.json must be a JSON object, not a list"),
    ("null", "club.json must be a JSON object, not null"),
    ('"x"', "club.json must be a JSON object, not text"),
])
def test_club_json_that_is_no_object_says_what_it_is(tmp_path, text, said):
    small_club(tmp_path)
    (tmp_path / "club.json").write_text(text, "utf-8")
    assert refused(["club", tmp_path], said).strip() == f"whistscore club: {said}"


def test_club_json_that_is_not_json_or_is_odd(tmp_path):
    small_club(tmp_path)
    (tmp_path / "club.json").write_text('{"format": "whistscore-club", "format": 1}', "utf-8")
    refused(["club", tmp_path], "a key appears twice")
    (tmp_path / "club.json").write_text("[" * 100_000, "utf-8")
    refused(["club", tmp_path], "club.json")
    (tmp_path / "club.json").unlink()
    os.mkfifo(tmp_path / "club.json")
    refused(["club", tmp_path], "club.json", "pipe")


def test_alias_that_would_merge_two_players_of_one_game_is_refused(tmp_path):
    small_club(tmp_path)
    assert run(["club", tmp_path, "--alias", "Alyosha=Alexei"])[0] == 0
    before = (tmp_path / "club.json").read_bytes()
    # Alexei and Marina sat at the same table (preferans-sochi.json)
    refused(["club", tmp_path, "--alias", "Marina=Alexei"], "field 'alias'",
            "played at the same table in preferans-sochi.json")
    refused(["club", tmp_path, "--alias", "Pavel=Marina"], "preferans-sochi.json")
    refused(["club", tmp_path, "--alias", "Alexei=Marina"], "already a spelling")
    refused(["club", tmp_path, "--alias", "alyosha=Pavel"], "already a spelling")
    refused(["club", tmp_path, "--alias", "Marina"], "TYPED=NAME")
    assert (tmp_path / "club.json").read_bytes() == before


def test_hand_edited_alias_merging_one_table_leaves_that_game_out(tmp_path):
    small_club(tmp_path)
    club_json(tmp_path, players={"Alexei": ["Marina"]})
    status, out, err = run(["club", tmp_path, "--json"])
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data["left_out"] == [{"file": "preferans-sochi.json", "error":
                                 "'Alexei' and 'Marina' are both the club player 'Alexei' "
                                 "(club.json's players)"}]
    assert data["games"]["preferans"]["evenings"] == 1


def _hostile(folder: Path) -> dict[str, str]:
    """Broken, hostile or odd files, and a word of the error each is listed with."""
    (folder / "nested.json").write_text("[" * 100_000 + "]" * 100_000, "utf-8")
    with open(folder / "huge.json", "wb") as f:
        f.truncate(65 * 1024 * 1024)  # sparse: larger than any game file
    os.mkfifo(folder / "fifo.json")
    outside = folder.parent / f"{folder.name}-outside.json"
    outside.write_bytes((SAMPLES / "preferans-rostov.json").read_bytes())
    (folder / "link.json").symlink_to(outside)
    (folder / "device.json").symlink_to("/dev/zero")
    (folder / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    (folder / "other.json").write_text('{"format": "something-else", "version": 1, "game": '
                                       '"preferans", "players": ["A", "B", "C"], "deals": []}',
                                       "utf-8")
    bad = json.loads((SAMPLES / "preferans-sochi.json").read_text("utf-8"))
    bad["deals"].append({"contract": "allpass", "tricks": {"Alexei": 11}})
    (folder / "refused.json").write_text(json.dumps(bad), "utf-8")
    os.mkdir(folder / "folder.json")
    return {"nested.json": "nested too deeply", "huge.json": "larger than 64 MB",
            "fifo.json": "pipe (FIFO)", "link.json": "symlink", "device.json": "symlink",
            "binary.json": "not UTF-8", "other.json": "not a whistscore game file",
            "refused.json": "deal 14", "folder.json": "a folder"}


def test_broken_and_hostile_files_are_listed_and_left_out(tmp_path):
    small_club(tmp_path)
    expected = _hostile(tmp_path)
    status, out, err = run(["club", tmp_path, "--json"])
    assert (status, err) == (0, "")
    data = json.loads(out)
    listed = {p["file"]: p["error"] for p in data["left_out"]}
    assert set(listed) == set(expected)
    for name, word in expected.items():
        assert word in listed[name], (name, listed[name])
        assert "\n" not in listed[name]
    assert data["games"]["preferans"]["evenings"] == 2  # the standings go on
    status, out, err = run(["club", tmp_path])
    assert status == 0 and "left out: huge.json:" in out and "Marina" in out


def test_garbage_archive_is_rebuilt_with_a_notice(tmp_path):
    small_club(tmp_path)
    good = json.loads(run(["club", tmp_path, "--json"])[1])
    (tmp_path / "club.sqlite").write_bytes(b"this is not a database at all" * 100)
    for f in ("club.sqlite-wal", "club.sqlite-shm"):
        (tmp_path / f).unlink(missing_ok=True)
    status, out, err = run(["club", tmp_path, "--json"])
    assert status == 0 and err.count("\n") == 1 and "Traceback" not in err
    assert "club.sqlite was rebuilt from the game files" in err
    data = json.loads(out)
    assert data["games"] == good["games"] and data["notices"]
    assert run(["club", tmp_path])[2] == ""  # rebuilt once; quiet after


def test_foreign_sqlite_file_is_rebuilt_with_a_notice(tmp_path):
    small_club(tmp_path)
    conn = sqlite3.connect(tmp_path / "club.sqlite")
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    status, out, err = run(["club", tmp_path])
    assert status == 0 and "another program's database" in err and "Marina" in out


def test_damaged_archive_is_rebuilt_with_a_notice(tmp_path):
    small_club(tmp_path)
    assert run(["club", tmp_path])[0] == 0
    conn = sqlite3.connect(tmp_path / "club.sqlite")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    data = bytearray((tmp_path / "club.sqlite").read_bytes())
    page = int.from_bytes(data[16:18], "big")  # the archive's page size (1: 64 KiB)
    page = 65536 if page == 1 else page
    for i in range(page, len(data), page):  # every page but the header's, scribbled on
        data[i:i + 400] = b"\x07" * 400  # its header and first cells
    (tmp_path / "club.sqlite").write_bytes(bytes(data))
    status, out, err = run(["club", tmp_path, "--records"])
    assert status == 0 and "rebuilt" in err and "Traceback" not in err
    assert "Marina" in out or "Alexei" in out


def test_two_processes_indexing_at_once(tmp_path):
    for i in range(30):
        for name in ("preferans-sochi.json", "twist-dazin-and-pass.json"):
            # thirty evenings, each its own (a byte-identical copy is one evening: issue 32)
            data = json.loads((SAMPLES / name).read_bytes())
            data["title"] = f"evening {i}"
            (tmp_path / f"{i:02d}-{name}").write_text(json.dumps(data, ensure_ascii=False),
                                                      "utf-8")
    code = ("import sys, json, whistscore; "
            "print(json.dumps(whistscore.club(sys.argv[1]).standings()))")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-c", code, str(tmp_path)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(3)]
    results = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], results
    answers = [json.loads(out) for out, _ in results]
    assert answers[0] == answers[1] == answers[2]
    assert answers[0]["games"]["preferans"]["evenings"] == 30
    conn = sqlite3.connect(tmp_path / "club.sqlite")
    assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 60
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_crash_while_indexing_leaves_the_old_archive(tmp_path, monkeypatch):
    from whistscore.club.archive import refresh as index

    small_club(tmp_path)
    assert len(whistscore.club(tmp_path).standings()["games"]["preferans"]["table"]) == 6
    for name in ("preferans-rostov.json", "preferans-leningrad.json"):
        (tmp_path / name).write_bytes((SAMPLES / name).read_bytes())
    real = index.facts
    calls = []

    def dies(game):
        calls.append(game)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(game)

    monkeypatch.setattr(index, "facts", dies)
    with pytest.raises(KeyboardInterrupt):
        whistscore.club(tmp_path).standings()
    conn = sqlite3.connect(tmp_path / "club.sqlite")
    assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 3  # old, not a mix
    monkeypatch.setattr(index, "facts", real)
    assert whistscore.club(tmp_path).standings()["games"]["preferans"]["evenings"] == 4


def test_only_changed_files_are_replayed(tmp_path, monkeypatch):
    from whistscore.club.archive import refresh as index

    small_club(tmp_path)
    whistscore.club(tmp_path).standings()
    replayed = []
    real = index.facts
    monkeypatch.setattr(index, "facts", lambda g: replayed.append(g.players) or real(g))
    whistscore.club(tmp_path).standings()
    assert replayed == []  # nothing changed: nothing replayed
    os.utime(tmp_path / "preferans-sochi.json", ns=(1, 10**18))  # touched, same bytes
    whistscore.club(tmp_path).standings()
    assert replayed == []
    whistscore.record(tmp_path / "whist-english-session.json", "NS 8", at=False)
    club = whistscore.club(tmp_path)
    whist = club.standings(unfinished=True)["games"]["whist"]
    assert len(replayed) == 1  # the deal recorded meanwhile is there at the next read
    assert whist["table"][0]["deals"] == 21
    (tmp_path / "preferans-classic.json").unlink()
    assert whistscore.club(tmp_path).standings()["games"]["preferans"]["evenings"] == 1


def refreshed(folder: Path) -> None:
    """The archive brought up to date once, as any read does, and closed."""
    with whistscore.club(folder) as club:
        club.refresh()


def older(folder: Path, file: str, points: dict[str, str]) -> None:
    """Make the archive's game of ``file`` what an older whistscore (0.0.9) indexed, having
    settled it otherwise than this one: ``points`` instead of this version's."""
    conn = sqlite3.connect(folder / "club.sqlite")
    conn.executemany("UPDATE results SET points = ? WHERE file = ? AND player = ?",
                     [(v, file, p) for p, v in points.items()])
    conn.execute("UPDATE games SET indexed_with = '0.0.9', checked_with = '0.0.9' "
                 "WHERE file = ?", (file,))
    conn.execute("UPDATE meta SET value = '0.0.9' WHERE key = 'checked_with'")
    conn.commit()
    conn.close()


def an_older_result(folder: Path) -> Path:
    """``small_club``'s archive as an older whistscore left it: preferans-sochi.json settled
    Alexei -29, Marina 51 (this one settles -30 and 52: an engine change)."""
    folder.mkdir(exist_ok=True)
    small_club(folder)
    refreshed(folder)
    older(folder, "preferans-sochi.json", {"Alexei": "-29", "Marina": "51"})
    return folder


def preferans_points(data: dict[str, object]) -> dict[str, str]:
    return {row["player"]: row["points"] for row in data["games"]["preferans"]["table"]}


def indexed_with(folder: Path, file: str) -> str:
    conn = sqlite3.connect(folder / "club.sqlite")
    try:
        return conn.execute("SELECT indexed_with FROM games WHERE file = ?", (file,)).fetchone()[0]
    finally:
        conn.close()


#: the footer's line of preferans-sochi.json set aside by an_older_result
SOCHI_RECOMPUTED = (f"recomputed: preferans-sochi.json: this whistscore ({whistscore.__version__})"
                    " settles it Alexei -30, Marina 52, Pavel -22, the archive keeps Alexei -29, "
                    "Marina 51, Pavel -22 (0.0.9); take the new with --accept-recomputed")


def test_the_past_does_not_move(tmp_path):
    """A finished game indexed by an older whistscore that settled it otherwise keeps its
    old result, reported with both, until --accept-recomputed."""
    an_older_result(tmp_path)
    data = whistscore.club(tmp_path).standings()
    [r] = data["recomputed"]
    assert r["file"] == "preferans-sochi.json" and r["old_version"] == "0.0.9"
    assert r["old"]["balance"] == {"Alexei": "-29", "Marina": "51", "Pavel": "-22"}
    assert r["new"]["balance"] == {"Alexei": "-30", "Marina": "52", "Pavel": "-22"}
    assert preferans_points(data)["Alexei"] == "-29"  # kept
    status, out, err = run(["club", tmp_path])
    assert status == 0 and SOCHI_RECOMPUTED in out
    status, out, err = run(["club", tmp_path, "--accept-recomputed", "--json"])
    data = json.loads(out)
    assert data["recomputed"] == []
    # said, on stderr and in the answer: the kept result is gone now
    assert err.startswith("whistscore club: took this whistscore's results (")
    assert err.rstrip().endswith("for 1 game kept otherwise: preferans-sochi.json")
    assert any(n.startswith("took this whistscore's results") for n in data["notices"])
    assert preferans_points(data)["Alexei"] == "-30"


@pytest.mark.parametrize("listed", [False, True], ids=["first-after-upgrade", "listed"])
def test_a_rebuild_keeps_the_old_result_too(tmp_path, listed):
    """--rebuild indexes every file again, but a finished game this whistscore settles
    otherwise from the same bytes keeps its old result and version, listed in recomputed,
    as a refresh keeps it: whether this version listed it already or the rebuild is the
    first command after an upgrade.  The rebuilt archive is the one a refresh keeps (it
    took the new result, silently, before)."""
    from club_support import tables

    folder = an_older_result(tmp_path / "club")
    refreshed_copy = tmp_path / "copy"
    shutil.copytree(folder, refreshed_copy)
    refreshed(refreshed_copy)
    if listed:
        refreshed(folder)
    status, out, err = run(["club", folder, "--rebuild"])
    assert (status, err) == (0, "") and SOCHI_RECOMPUTED in out
    assert tables(folder) == tables(refreshed_copy)
    status, out, err = run(["club", folder, "--rebuild", "--json"])
    data = json.loads(out)
    money = {"Alexei": "-1.50", "Marina": "2.60", "Pavel": "-1.10"}  # its points only changed
    assert data["recomputed"] == [{
        "file": "preferans-sochi.json", "old_version": "0.0.9",
        "new_version": whistscore.__version__,
        "old": {"balance": {"Alexei": "-29", "Marina": "51", "Pavel": "-22"}, "money": money},
        "new": {"balance": {"Alexei": "-30", "Marina": "52", "Pavel": "-22"}, "money": money}}]
    assert preferans_points(data)["Alexei"] == "-29"
    assert indexed_with(folder, "preferans-sochi.json") == "0.0.9"
    assert tables(folder) == tables(refreshed_copy)


def test_a_rebuild_keeps_a_game_this_version_refuses(tmp_path, monkeypatch):
    """The same bytes refused by this version (a check made stricter): as a refresh does,
    the rebuild keeps the old result, listed with the error, and leaves nothing out."""
    from whistscore.club.archive import refresh as index

    an_older_result(tmp_path)
    real = index.facts

    def refuses(game):
        if tuple(game.players) == ("Alexei", "Marina", "Pavel"):
            raise InputError("deal 3: refused")
        return real(game)

    monkeypatch.setattr(index, "facts", refuses)
    data = whistscore.club(tmp_path, rebuild=True).standings()
    assert data["left_out"] == [] and preferans_points(data)["Alexei"] == "-29"
    [r] = data["recomputed"]
    assert (r["file"], r["old_version"]) == ("preferans-sochi.json", "0.0.9")
    assert "deal 3: refused" in r["new"]["error"]


def test_a_rebuild_with_accept_recomputed_takes_the_new_result(tmp_path):
    an_older_result(tmp_path)
    status, out, err = run(["club", tmp_path, "--rebuild", "--accept-recomputed", "--json"])
    data = json.loads(out)
    assert status == 0 and data["recomputed"] == []
    assert preferans_points(data)["Alexei"] == "-30"
    assert indexed_with(tmp_path, "preferans-sochi.json") == whistscore.__version__
    status, out, err = run(["club", tmp_path, "--rebuild"])
    assert status == 0 and "recomputed:" not in out


def test_a_rebuild_indexes_a_changed_file_and_a_game_still_played_as_new(tmp_path):
    """What a rebuild does not keep: a file whose content changed (the players' own edit),
    a game still being played (no past yet), a file gone."""
    an_older_result(tmp_path)
    older(tmp_path, "whist-english-session.json", {"Margaret": "999"})
    older(tmp_path, "preferans-classic.json", {"Anna": "999"})
    sochi = tmp_path / "preferans-sochi.json"  # the same game in other bytes
    sochi.write_bytes(sochi.read_bytes().replace(b'"format"', b' "format"', 1))
    (tmp_path / "preferans-classic.json").unlink()
    data = whistscore.club(tmp_path, rebuild=True).standings(unfinished=True)
    assert data["recomputed"] == []
    assert preferans_points(data)["Alexei"] == "-30"
    conn = sqlite3.connect(tmp_path / "club.sqlite")
    assert conn.execute("SELECT file, indexed_with FROM games ORDER BY file").fetchall() == [
        ("preferans-sochi.json", whistscore.__version__),
        ("whist-english-session.json", whistscore.__version__)]
    assert conn.execute("SELECT count(*) FROM results WHERE points = '999' "
                        "OR file = 'preferans-classic.json'").fetchone()[0] == 0
    conn.close()


@pytest.mark.parametrize("dies_at", [2, 3], ids=["before-the-kept-game", "after-it"])
def test_an_interrupted_rebuild_leaves_the_archive_as_it_was(tmp_path, monkeypatch, dies_at):
    """Ctrl-C in the middle of a rebuild that keeps an old result: the archive is the one
    before the command, old result, its version and its listing included; the rebuild
    done is that archive again."""
    from whistscore.club.archive import refresh as index
    from club_support import tables

    an_older_result(tmp_path)
    refreshed(tmp_path)  # preferans-sochi.json set aside
    before = tables(tmp_path)
    real = index.facts
    calls = []

    def dies(game):
        calls.append(game)
        if len(calls) == dies_at:
            raise KeyboardInterrupt
        return real(game)

    monkeypatch.setattr(index, "facts", dies)
    status, out, err = run(["club", tmp_path, "--rebuild"])
    assert (status, out) == (1, "") and len(calls) == dies_at
    assert err == "whistscore club: interrupted; the club's archive is as it was before " \
                  "this command\n"
    assert tables(tmp_path) == before
    monkeypatch.setattr(index, "facts", real)
    status, out, err = run(["club", tmp_path, "--rebuild"])
    assert status == 0 and SOCHI_RECOMPUTED in out
    assert tables(tmp_path) == before


def test_another_whistscore_keeps_none_of_the_answers_the_old_one_kept(tmp_path):
    """Answers and texts are kept per archive generation; a newer whistscore that settles
    every game the same still words and shapes its answers its own way, so none kept by
    the old one is served (a text kept across an upgrade lacked a new column).  Every game
    here is finished, so the recheck itself finds nothing to change."""
    shutil.copytree(ROOT / "samples" / "club", tmp_path, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("club.sqlite*", "2026-10-23-pulka.json"))
    assert run(["club", tmp_path])[0] == 0  # the standings and their text kept
    conn = sqlite3.connect(tmp_path / "club.sqlite")
    assert conn.execute("SELECT count(*) FROM answers").fetchone()[0] >= 2
    conn.execute("UPDATE answers SET value = ? WHERE key LIKE 'text:%'",
                 (json.dumps({"text": "the old version's text"}),))
    conn.execute("UPDATE games SET checked_with = '0.0.9'")
    conn.execute("UPDATE meta SET value = '0.0.9' WHERE key = 'checked_with'")
    conn.commit()
    conn.close()
    status, out, err = run(["club", tmp_path])
    assert status == 0 and "the old version's text" not in out and "Standings" in out
    assert "recomputed" not in out  # every game settles the same


def test_the_scorepad_never_lists_club_json(tmp_path):
    from whistscore.web.store import Folder, NotFound

    small_club(tmp_path)
    club_json(tmp_path, name="Friday")
    folder = Folder(tmp_path)
    assert "club" not in folder.names()
    assert sorted(folder.names()) == ["preferans-classic", "preferans-sochi",
                                      "whist-english-session"]
    with pytest.raises(NotFound):
        folder.path("club")


def test_not_a_folder(tmp_path):
    refused(["club", tmp_path / "nope"], "no such club folder")
    refused(["club", SAMPLES / "preferans-sochi.json"], "a club is a folder of game files; "
                                                         "this is a file")


def test_import_whistscore_loads_neither_sqlite_nor_openskill():
    code = ("import sys, whistscore, whistscore.cli; "
            "print(sorted(m for m in ('sqlite3', 'openskill', 'whistscore.club.archive') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True).stdout
    assert out.strip() == "[]"


def test_archive_that_is_a_folder_or_cannot_be_written(tmp_path):
    small_club(tmp_path)
    (tmp_path / "club.sqlite").mkdir()  # read from memory, said (test_club_said.py)
    status, out, err = run(["club", tmp_path])
    assert status == 0 and "Marina" in out and "is a folder or a symlink" in err, err
    (tmp_path / "club.sqlite").rmdir()
    os.chmod(tmp_path, 0o555)
    try:
        status, out, err = run(["club", tmp_path])
        assert status == 0 and "Marina" in out, err
        if not os.access(tmp_path, os.W_OK):  # root writes anyway: the archive is made
            assert "could not be kept up to date" in err  # read from memory, and said
    finally:
        os.chmod(tmp_path, 0o755)


def test_answers_are_kept_only_while_the_archive_is_unchanged(tmp_path, monkeypatch):
    import whistscore.club.standings as standings

    small_club(tmp_path)
    first = whistscore.club(tmp_path).standings()
    asked = []
    real = standings.standings
    monkeypatch.setattr(standings, "standings", lambda *a: asked.append(a) or real(*a))
    assert whistscore.club(tmp_path).standings() == first and asked == []  # read, kept
    whistscore.record(tmp_path / "whist-english-session.json", "NS 8", at=False)
    again = whistscore.club(tmp_path).standings()
    assert len(asked) == 1 and again != first  # the archive changed: worked out again
    assert again["in_progress"][0]["deals"] == 21
    club_json(tmp_path, players={"Alex": ["Alexei"]})
    renamed = whistscore.club(tmp_path).standings()
    assert len(asked) == 2
    assert "Alex" in {r["player"] for r in renamed["games"]["preferans"]["table"]}


def test_a_game_without_dates_touched_moves_in_the_rating_order_as_a_rebuild_has_it(tmp_path):
    """A dateless game is dated by its file: touched to after another game of the same
    players, the archive's ratings and standings are a fresh rebuild's (seen by a review:
    the game moved in the periods but kept its old place in the rating order)."""
    sochi = json.loads((SAMPLES / "preferans-sochi.json").read_text("utf-8"))
    swapped = json.loads(json.dumps(sochi, ensure_ascii=False)
                         .replace("Alexei", "@").replace("Marina", "Alexei").replace("@", "Marina"))
    for name, data, day in (("a.json", sochi, 1), ("b.json", swapped, 2)):
        (tmp_path / name).write_text(json.dumps(data, ensure_ascii=False), "utf-8")
        os.utime(tmp_path / name, ns=((1_700_000_000 + day * 86_400) * 10**9,) * 2)
    whistscore.club(tmp_path).standings()
    os.utime(tmp_path / "a.json", ns=((1_700_000_000 + 3 * 86_400) * 10**9,) * 2)
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    for name in ("a.json", "b.json"):
        shutil.copy2(tmp_path / name, fresh / name)
    kept, rebuilt = whistscore.club(tmp_path), whistscore.club(fresh)
    assert kept.ratings() == rebuilt.ratings()
    assert kept.standings() == rebuilt.standings()
    assert kept.player("Alexei") == rebuilt.player("Alexei")
    before = whistscore.club(tmp_path, rebuild=True).ratings()
    assert before == rebuilt.ratings()


# -- review defects: usage, club.json kept byte for byte, aliases undone, excludes -----------

@pytest.mark.parametrize("argv, words", [
    (["--season", "Autumn", "--from", "2026-09-01"], ["--season and --from", "give one"]),
    (["--season", "Autumn", "--to", "2026-11-30"], ["--season and --to"]),
    (["--records", "--ratings"], ["field 'ratings'", "one thing at a time"]),
    (["--player", "Marina", "--alias", "A=B"], ["field 'alias'", "one thing at a time"]),
    (["--alias", "Alyosha=Alexei", "--season", "Autumn"], ["--alias changes club.json",
                                                           "without --season"]),
    (["--alias", "Alyosha=Alexei", "--json"], ["without --json"]),
    (["--alias-remove", "Alyosha", "--from", "2026-09-01"], ["--alias-remove", "without --from"]),
    (["--season-add", "X", "2027-01-01", "2027-02-01", "--game", "whist"],
     ["--season-add", "without --game"]),
    (["--season-add", "X", "2027-01-01", "2027-02-01", "--unfinished"], ["without --unfinished"]),
    (["--ratings", "--unfinished"], ["finished games only"]),
    (["--export", "x.xlsx", "--json"], ["field 'export'", "without --json"]),
    (["--export", "x.xlsx", "--records"], ["without --records"]),
    (["--force"], ["field 'force'", "give it with --export"]),
    (["--export", "x.xlsx", "--season", "Autumn", "--from", "2026-09-01"], ["give one"]),
])
def test_contradictory_options_are_wrong_usage_exit_2(tmp_path, argv, words):
    small_club(tmp_path)
    club_json(tmp_path, seasons={"Autumn": ["2026-09-01", "2026-11-30"]})
    before = (tmp_path / "club.json").read_bytes()
    refused(["club", tmp_path, *argv], *words, status=2)
    assert (tmp_path / "club.json").read_bytes() == before
    assert not (tmp_path / "x.xlsx").exists()


def test_an_alias_already_in_club_json_leaves_the_file_untouched(tmp_path):
    small_club(tmp_path)
    assert run(["club", tmp_path, "--alias", "Alyosha=Alexei"])[0] == 0
    path = tmp_path / "club.json"
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))  # a write would move it
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    for again in ("Alyosha=Alexei", "alyosha = Alexei", "Alexei=Alexei", "Marina=Marina"):
        status, out, err = run(["club", tmp_path, "--alias", again])
        assert (status, err) == (0, ""), (again, err)
        assert "already" in out and "nothing changed" in out, out
        assert (path.read_bytes(), path.stat().st_mtime_ns) == before, again
    club = whistscore.club(tmp_path)
    assert club.add_alias("ALYOSHA", "Alexei") is False
    assert club.add_alias("Lyokha", "Alexei") is True
    assert json.loads(path.read_bytes())["players"] == {"Alexei": ["Alyosha", "Lyokha"]}
    club.close()


def test_alias_remove_undoes_an_alias(tmp_path):
    small_club(tmp_path)
    club_json(tmp_path, players={"Marina": ["Marisha"]})
    path = tmp_path / "club.json"
    assert run(["club", tmp_path, "--alias", "Marina=Marina"])[0] == 0  # so already
    assert run(["club", tmp_path, "--season-add", "Autumn", "2026-09-01", "2026-11-30"])[0] == 0
    before = path.read_bytes()
    # Nikolai (preferans-classic.json) never sat with Alexei (preferans-sochi.json)
    assert run(["club", tmp_path, "--alias", "Nikolai=Alexei"])[0] == 0
    assert whistscore.club(tmp_path).player("Nikolai")["player"] == "Alexei"
    status, out, err = run(["club", tmp_path, "--alias-remove", "NIKOLAI"])
    assert (status, err) == (0, "")
    assert out == 'club.json: "NIKOLAI" is no longer a spelling of the club player "Alexei"\n'
    assert path.read_bytes() == before  # the entry the alias made went with it
    table = whistscore.club(tmp_path).standings()["games"]["preferans"]["table"]
    assert {r["player"]: r["evenings"] for r in table}["Nikolai"] == 1  # his own again
    # one of two spellings: the other stays
    assert run(["club", tmp_path, "--alias", "Marinka=Marina"])[0] == 0
    assert run(["club", tmp_path, "--alias-remove", "Marisha"])[0] == 0
    assert json.loads(path.read_bytes())["players"] == {"Marina": ["Marinka"]}


def test_alias_remove_of_no_spelling_is_refused_and_club_json_kept(tmp_path):
    small_club(tmp_path)
    club_json(tmp_path, players={"Alexei": ["Lyosha"]})
    path = tmp_path / "club.json"
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    refused(["club", tmp_path, "--alias-remove", "Lyokha"], "field 'alias-remove'",
            '"Lyokha"', "no such spelling in club.json's players (spellings: Lyosha)")
    refused(["club", tmp_path, "--alias-remove", "alexei"], "field 'alias-remove'",
            "a club player's own name", "Lyosha")
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    (path).unlink()
    refused(["club", tmp_path, "--alias-remove", "Lyosha"], "(spellings: none)")
    assert not path.exists()


def test_an_exclude_that_matches_no_file_is_a_notice(tmp_path):
    small_club(tmp_path)
    club_json(tmp_path, exclude=["practice.json", "preferans-classic.json"])
    status, out, err = run(["club", tmp_path])
    assert status == 0
    assert err == ("whistscore club: club.json excludes practice.json, which is not in the "
                   "folder\n")
    data = whistscore.club(tmp_path).standings()
    assert data["notices"] == ["club.json excludes practice.json, which is not in the folder"]
    assert data["games"]["preferans"]["evenings"] == 1  # the other one is excluded
    (tmp_path / "practice.json").write_bytes((SAMPLES / "preferans-rostov.json").read_bytes())
    assert whistscore.club(tmp_path).standings()["notices"] == []


@pytest.mark.parametrize("text, words", [
    ('{"format": "pulka", "players": ["a"]}',
     ["field 'format'", 'value "pulka"', "not a whistscore game file"]),
    ('{"name": "x", "version": 3}', ["field 'format'", "not a whistscore game file",
                                     'it has no "format"']),
    ('{"format": "whistscore-club", "version": 1, "players": {}}',
     ["field 'format'", "club's settings file (club.json), not a game file"]),
])
def test_a_file_of_another_format_is_left_out_as_such(tmp_path, text, words):
    small_club(tmp_path)
    (tmp_path / "other.json").write_text(text, "utf-8")
    data = whistscore.club(tmp_path).standings()
    (error,) = [p["error"] for p in data["left_out"] if p["file"] == "other.json"]
    for w in words:
        assert w in error, (w, error)
    assert "unknown field" not in error and "missing" not in error
    status, out, err = run(["club", tmp_path])
    assert status == 0 and f"left out: other.json: {error}\n" in out


def test_commands_changing_club_json_at_once_all_land(tmp_path):
    """Ten --alias and a --season-add run together: every change is in club.json (the
    review lost all but two of ten aliases, each command saying it had saved)."""
    shutil.copytree(ROOT / "samples" / "club", tmp_path, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("club.sqlite*"))
    assert run(["club", tmp_path])[0] == 0  # indexed once: the commands below only change
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    base = [sys.executable, "-m", "whistscore", "club", str(tmp_path)]
    procs = [subprocess.Popen(base + ["--alias", f"X{i}=Pavel"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
             for i in range(10)]
    procs.append(subprocess.Popen(base + ["--season-add", "Spring 2027", "2027-03-01",
                                          "2027-05-31"], env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE))
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    settings = json.loads((tmp_path / "club.json").read_text("utf-8"))
    assert sorted(settings["players"]["Pavel"]) == sorted(f"X{i}" for i in range(10))
    assert settings["players"]["Alexei"] == ["Lyosha"]  # what was there stays
    assert settings["seasons"]["Spring 2027"] == ["2027-03-01", "2027-05-31"]
    assert "Autumn 2026" in settings["seasons"]
