"""The club keeps the past (club.md "The past does not move", issue 32 #1, #8, #10).

A file's own ``result`` is the past the club counts; an undated game is listed
with the command that dates it and never dated by the file's modification
time; a finished game changed afterwards is listed with its old and new
result; a same-size edit within one tick of the clock is seen.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import whistscore
from whistscore import journal, recording

from clirun import run

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
CLOSING = "A 10S B:p C:p"


def finished_game(path: Path, stake: str = "0.10", created: str | None = None) -> None:
    assert run(["new", "preferans", path, "--players", "A", "B", "C", "--stake", stake])[0] == 0
    for _ in range(6):
        assert run(["add", path, CLOSING, "--no-time"])[0] == 0
    if created is not None:
        assert run(["set", path, "--created", created])[0] == 0


def tamper(path: Path) -> None:
    data = json.loads(path.read_text("utf-8"))
    data["result"] = {"balance": {"A": "300", "B": "-150", "C": "-150"},
                      "money": {"A": "30.00", "B": "-15.00", "C": "-15.00"},
                      "by": "whistscore 0.0.9"}
    path.write_text(journal.dumps(journal.from_json(data)), "utf-8")


def money_of(data: dict, player: str) -> str:
    table = data["games"]["preferans"]["standings"]
    row = next(r for r in table if r["player"] == player)
    return row["money"]["EUR"] if isinstance(row["money"], dict) else row["money"]


def test_the_club_counts_the_files_recorded_result_and_shows_the_new(tmp_path):
    game = tmp_path / "friday.json"
    finished_game(game)
    tamper(game)
    status, out, err = run(["club", tmp_path, "--json"])
    assert status == 0, err
    data = json.loads(out)
    text = json.dumps(data["games"])
    assert "30.00" in text and "40.00" not in text  # the recorded money stands
    [r] = data["recomputed"]
    assert r["file"] == "friday.json" and r["old"]["money"]["A"] == "30.00"
    assert r["new"]["money"]["A"] == "40.00" and r["old_version"] == "0.0.9"
    # a rebuild of the archive keeps it too: the file is the past, not the cache
    data = json.loads(run(["club", tmp_path, "--json", "--rebuild"])[1])
    assert "30.00" in json.dumps(data["games"]) and data["recomputed"]
    # accepted from the club: written into the file, as `whistscore accept` does
    data = json.loads(run(["club", tmp_path, "--json", "--accept-recomputed"])[1])
    assert json.loads(game.read_text("utf-8"))["result"]["money"]["A"] == "40.00"
    assert "40.00" in json.dumps(data["games"]) and data["recomputed"] == []


def test_an_undated_game_is_listed_and_put_in_no_season(tmp_path):
    shutil.copy(SAMPLES / "preferans-sochi.json", tmp_path / "old.json")  # no "at", no created
    today = time.strftime("%Y-%m-%d")
    status, out, err = run(["club", tmp_path, "--season-add", "now", "2000-01-01", "2099-12-31"])
    assert status == 0, err
    data = json.loads(run(["club", tmp_path, "--json", "--season", "now"])[1])
    assert data["games"] == {} or not data["games"].get("preferans")  # not dated by mtime
    assert data["undated"] == [{"file": "old.json",
                                "command": "whistscore set old.json --created YYYY-MM-DD"}]
    status, out, err = run(["club", tmp_path])
    assert "undated: old.json" in out and "--created" in out
    assert "без даты: old.json" in run(["club", tmp_path, "--lang", "ru"])[1]
    # dated by the command it names: in the season of that day, and listed no more
    assert run(["set", tmp_path / "old.json", "--created", "2026-01-15"])[0] == 0
    data = json.loads(run(["club", tmp_path, "--json", "--season", "now"])[1])
    assert data["games"]["preferans"] and data["undated"] == []
    assert today  # (the mtime date is today's: it was never used)


def test_copying_the_folder_moves_no_evening_between_seasons(tmp_path):
    src = tmp_path / "club"
    src.mkdir()
    autumn = time.mktime((2025, 10, 10, 20, 0, 0, 0, 0, -1))
    shutil.copy(SAMPLES / "preferans-sochi.json", src / "undated.json")
    os.utime(src / "undated.json", (autumn, autumn))  # last autumn's file, no date inside
    run(["club", src, "--season-add", "autumn", "2025-09-01", "2025-11-30"])
    run(["club", src, "--season-add", "now", "2025-12-01", "2099-12-31"])
    before = {s: json.loads(run(["club", src, "--json", "--season", s])[1])["games"]
              for s in ("autumn", "now")}
    copy = tmp_path / "copy"
    shutil.copytree(src, copy, copy_function=shutil.copyfile)  # cp -r: new times
    after = {s: json.loads(run(["club", copy, "--json", "--season", s])[1])["games"]
             for s in ("autumn", "now")}
    assert after == before
    # dated by its own created, it stays in autumn wherever it is copied
    if (src / "club.sqlite").exists():
        finished_game(src / "dated.json", created="2025-10-11")
        shutil.copytree(src, tmp_path / "copy2", copy_function=shutil.copyfile)
        got = json.loads(run(["club", tmp_path / "copy2", "--json", "--season", "autumn"])[1])
        assert got["games"]["preferans"]["evenings"] == 1


def test_a_finished_game_changed_afterwards_is_listed_with_old_and_new(tmp_path):
    game = tmp_path / "friday.json"
    finished_game(game)
    data = json.loads(run(["club", tmp_path, "--json"])[1])
    assert data["changed_after_finish"] == []
    recording.change_settings(game, stake="0.20")  # after the evening: the stake doubled
    data = json.loads(run(["club", tmp_path, "--json"])[1])
    [c] = data["changed_after_finish"]
    assert c["file"] == "friday.json"
    assert c["old"]["money"]["A"] == "40.00" and c["new"]["money"]["A"] == "80.00"
    out = run(["club", tmp_path])[1]
    assert "changed after it finished: friday.json" in out
    recording.drop_last(game)  # undone: still listed, against the first result
    data = json.loads(run(["club", tmp_path, "--json", "--unfinished"])[1])
    assert data["changed_after_finish"][0]["old"]["money"]["A"] == "40.00"
    data = json.loads(run(["club", tmp_path, "--json", "--accept-recomputed"])[1])
    assert data["changed_after_finish"] == []


def test_a_same_size_edit_in_one_tick_of_the_clock_is_seen(tmp_path):
    game = tmp_path / "friday.json"
    finished_game(game)
    first = json.loads(run(["club", tmp_path, "--json"])[1])
    assert "40.00" in json.dumps(first["games"]) and first["recomputed"] == []
    st = game.stat()
    # a hand edit of the same size within the same tick of the clock (a FAT stick: 2 s)
    game.write_text(game.read_text("utf-8").replace('"stake": "0.10"', '"stake": "0.20"'),
                    "utf-8")
    os.utime(game, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert game.stat().st_size == st.st_size and game.stat().st_mtime_ns == st.st_mtime_ns
    second = json.loads(run(["club", tmp_path, "--json"])[1])
    # seen: the recorded result stands, this whistscore's other one is listed beside it
    assert "40.00" in json.dumps(second["games"])
    assert second["recomputed"][0]["new"]["money"]["A"] == "80.00"


def test_the_club_page_lists_undated_games_and_games_changed_after_they_finished(tmp_path):
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from test_web_routes import client

    shutil.copy(SAMPLES / "preferans-sochi.json", tmp_path / "old.json")
    game = tmp_path / "friday.json"
    finished_game(game, created="2026-11-20")
    c = client(tmp_path)
    assert c.get("/club").status_code == 200
    recording.change_settings(game, stake="0.20")
    page = c.get("/club").text
    assert 'id="undated"' in page and "whistscore set old.json --created YYYY-MM-DD" in page
    assert "friday.json: changed after it finished" in page and "A 40.00" in page \
        and "A 80.00" in page
    ru = c.get("/club?lang=ru").text
    assert "без даты" in ru and "изменена после окончания" in ru


def test_set_created_a_day_at_the_ends_of_the_calendar_is_refused_in_one_line(tmp_path,
                                                                              monkeypatch):
    """A day whose 20:00 local time has no UTC time (9999-12-31 west of Greenwich,
    0001-01-01 east of it) was an internal error; it is refused naming the field."""
    path = tmp_path / "old.json"
    shutil.copy(SAMPLES / "preferans-sochi.json", path)
    before = path.read_bytes()
    try:
        for zone, day in (("America/New_York", "9999-12-31"), ("Asia/Tokyo", "0001-01-01")):
            monkeypatch.setenv("TZ", zone)
            time.tzset()
            status, out, err = run(["set", path, "--created", day])
            assert status == 1 and "internal error" not in err and "created" in err, err
            assert err.count("\n") == 1 and path.read_bytes() == before
            status, out, err = run(["set", path, "--created", day, "--lang", "ru"])
            assert status == 1 and "internal error" not in err and "Время" in err, err
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_a_recorded_game_these_deals_no_longer_finish_keeps_its_result(tmp_path):
    """The file records the result the players settled on; its last deal taken out by
    hand (or an engine that no longer sees the game finished) made every reader drop
    it silently: settle said other numbers, check said ok, the club put the evening in
    progress.  The recorded result stands, the deals' own numbers shown beside it."""
    path = tmp_path / "g.json"
    finished_game(path, created="2026-01-15")
    data = json.loads(path.read_text("utf-8"))
    recorded = data["result"]
    data["deals"] = data["deals"][:-1]
    path.write_text(json.dumps(data), "utf-8")
    status, out, err = run(["settle", path, "--json"])
    assert status == 0 and json.loads(out)["balance"] == recorded["balance"], out
    assert json.loads(out)["recomputed"] and "whistscore accept" in err
    status, out, err = run(["settle", path])  # not "if the game ended now": recorded numbers
    assert status == 0 and "ended now" not in out and "finished" in out, out
    status, out, err = run(["check", path])
    assert status == 0 and "whistscore accept" in out, out
    data = json.loads(run(["club", tmp_path, "--json"])[1])
    assert data["recomputed"] and data["recomputed"][0]["old"]["balance"] == recorded["balance"]
    rows = {r["player"]: r for r in data["games"]["preferans"]["table"]}
    assert rows["A"]["points"] == recorded["balance"]["A"], rows
    # accept: the players take the deals as they stand (in progress, no result)
    assert run(["accept", path])[0] == 0
    assert "result" not in json.loads(path.read_text("utf-8"))
