"""journal.md ``result`` and ``created`` (issue 32 #1, #8): the past is written in the file.

When a game finishes (its last deal closes it) or is ended, the one writer records
what the players settled on in the same atomic save; an undo or edit of a finished
game (or a change of its rules or stake) rewrites it, nothing else does.  A
whistscore that settles the same deals otherwise shows both and keeps the
recorded one until ``whistscore accept FILE``.  ``new`` writes ``created``.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest

from whistscore import journal, recording
from whistscore.errors import GameFileError

from clirun import run

#: Sochi to 20: A makes 10S with both passing: +10 pulya a deal... the sixth closes it
CLOSING = "A 10S B:p C:p"


def finished_game(path: Path, stake: str = "0.10") -> dict:
    assert run(["new", "preferans", path, "--players", "A", "B", "C", "--stake", stake])[0] == 0
    for _ in range(6):
        status, out, err = run(["add", path, CLOSING])
        assert status == 0, err
    data = json.loads(path.read_text("utf-8"))
    return data


def tamper(path: Path) -> dict:
    """What an older engine would have recorded: other numbers, another version."""
    data = json.loads(path.read_text("utf-8"))
    data["result"] = {"balance": {"A": "300", "B": "-150", "C": "-150"},
                      "money": {"A": "30.00", "B": "-15.00", "C": "-15.00"},
                      "by": "whistscore 0.0.9"}
    path.write_text(journal.dumps(journal.from_json(data)), "utf-8")
    return data["result"]


def test_new_writes_created_as_a_local_time_with_offset(tmp_path):
    path = tmp_path / "g.json"
    assert run(["new", "preferans", path, "--players", "A", "B", "C"])[0] == 0
    data = json.loads(path.read_text("utf-8"))
    when = datetime.datetime.fromisoformat(data["created"])
    assert when.tzinfo is not None
    assert abs((datetime.datetime.now().astimezone() - when).total_seconds()) < 60
    assert list(data) == ["format", "version", "game", "players", "rules", "created", "deals"]


def test_the_closing_deal_records_the_result_in_the_same_save(tmp_path):
    path = tmp_path / "g.json"
    assert run(["new", "preferans", path, "--players", "A", "B", "C", "--stake", "0.10"])[0] == 0
    for _ in range(5):
        assert run(["add", path, CLOSING])[0] == 0
        assert "result" not in json.loads(path.read_text("utf-8"))  # still played
    assert run(["add", path, CLOSING])[0] == 0
    data = json.loads(path.read_text("utf-8"))
    from whistscore import __version__

    assert data["result"] == {"balance": {"A": "400", "B": "-200", "C": "-200"},
                              "money": {"A": "40.00", "B": "-20.00", "C": "-20.00"},
                              "by": f"whistscore {__version__}"}
    keys = list(data)
    assert keys.index("stake") < keys.index("result") < keys.index("created") \
        < keys.index("deals")
    # read back equal: what is written is what is read
    assert journal.dumps(journal.loads(path.read_text("utf-8"))) == path.read_text("utf-8")


def test_undo_and_edit_of_a_finished_game_rewrite_it_a_title_does_not(tmp_path):
    path = tmp_path / "g.json"
    finished_game(path)
    recorded = tamper(path)
    assert run(["set", path, "--title", "Friday"])[0] == 0
    assert json.loads(path.read_text("utf-8"))["result"] == recorded  # not the players' sum
    assert run(["set", path, "--stake", "0.20"])[0] == 0  # what they settle: rewritten
    assert json.loads(path.read_text("utf-8"))["result"]["money"]["A"] == "80.00"
    tamper(path)
    assert run(["edit", path, "6", "A 10H B:p C:p"])[0] == 0  # still closes the game
    data = json.loads(path.read_text("utf-8"))
    assert data["result"]["money"]["A"] == "80.00"  # the edit rewrote the tampered one
    assert run(["edit", path, "6", "A 9S B:p C:p"])[0] == 0  # no longer closes it
    assert "result" not in json.loads(path.read_text("utf-8"))
    assert run(["add", path, CLOSING])[0] == 0
    assert run(["undo", path])[0] == 0
    assert "result" not in json.loads(path.read_text("utf-8"))  # played again: no result


def test_end_records_the_result_and_reopen_takes_it_back(tmp_path):
    path = tmp_path / "g.json"
    assert run(["new", "preferans", path, "--players", "A", "B", "C"])[0] == 0
    assert run(["add", path, CLOSING])[0] == 0
    assert run(["end", path])[0] == 0
    data = json.loads(path.read_text("utf-8"))
    assert data["result"]["balance"] == json.loads(run(["settle", path, "--json"])[1])["balance"]
    assert data["result"]["balance"]["A"] != "0"
    assert "money" not in data["result"]  # no stake: no money
    assert run(["end", path, "--reopen"])[0] == 0
    assert "result" not in json.loads(path.read_text("utf-8"))


@pytest.mark.parametrize("result", [
    [1, 2], {"balance": {"A": "1", "B": "-1"}, "by": "x"},
    {"balance": {"A": 1, "B": "-1", "C": "0"}, "by": "x"},
    {"balance": {"A": "1.5e3", "B": "-1", "C": "0"}, "by": "x"},
    {"balance": {"A": "1", "B": "-1", "C": "0"}},
    {"balance": {"A": "1", "B": "-1", "C": "0"}, "by": "x", "extra": 1},
    {"balance": {"A": "1", "B": "-1", "C": "0"}, "money": {"A": "x"}, "by": "x"},
    {"balance": {"A": "9" * 200, "B": "-1", "C": "0"}, "by": "x"},
    # a zero denominator was let through and became an "internal error" in settle
    {"balance": {"A": "1/0", "B": "-1", "C": "0"}, "by": "x"},
    {"balance": {"A": "0/00", "B": "0", "C": "0"}, "by": "x"},
])
def test_a_bad_result_is_refused_naming_the_field(tmp_path, result):
    data = {"format": "whistscore", "version": 1, "game": "preferans",
            "players": ["A", "B", "C"], "result": result, "deals": []}
    with pytest.raises(GameFileError) as info:
        journal.loads(json.dumps(data))
    assert info.value.field == "result"


def test_a_bad_created_is_refused(tmp_path):
    data = {"format": "whistscore", "version": 1, "game": "preferans",
            "players": ["A", "B", "C"], "created": "yesterday", "deals": []}
    with pytest.raises(GameFileError) as info:
        journal.loads(json.dumps(data))
    assert info.value.field == "created"


def test_settle_and_check_keep_the_recorded_result_and_show_the_new(tmp_path):
    path = tmp_path / "g.json"
    finished_game(path)
    tamper(path)
    status, out, err = run(["settle", path, "--json"])
    assert status == 0
    data = json.loads(out)
    assert data["balance"] == {"A": "300", "B": "-150", "C": "-150"}
    assert data["money"] == {"A": "30.00", "B": "-15.00", "C": "-15.00"}
    assert data["transfers"] == [{"from": "B", "to": "A", "amount": "15.00"},
                                 {"from": "C", "to": "A", "amount": "15.00"}]
    assert data["recomputed"]["money"] == {"A": "40.00", "B": "-20.00", "C": "-20.00"}
    assert "whistscore accept" in err and "0.0.9" in err
    status, out, err = run(["settle", path])
    assert status == 0 and "15.00" in out and "whistscore accept" in err
    status, out, err = run(["check", path])
    assert status == 0 and "ok" in out and "whistscore accept" in out
    status, out, err = run(["settle", path, "--lang", "ru"])
    assert "принять новый" in err


def test_accept_takes_the_new_result_once(tmp_path):
    path = tmp_path / "g.json"
    finished_game(path)
    tamper(path)
    status, out, err = run(["accept", path])
    assert status == 0 and "took" in out, err
    assert json.loads(path.read_text("utf-8"))["result"]["money"]["A"] == "40.00"
    before = path.read_bytes()
    status, out, err = run(["accept", path])
    assert status == 0 and "nothing written" in out
    assert path.read_bytes() == before
    assert json.loads(run(["settle", path, "--json"])[1]).get("recomputed") is None


def test_the_recording_functions_sign_the_game(tmp_path):
    path = tmp_path / "g.json"
    assert run(["new", "preferans", path, "--players", "A", "B", "C"])[0] == 0
    for _ in range(5):
        recording.record(path, CLOSING)
    change = recording.record(path, CLOSING)
    assert change.after.game.result is not None
    assert journal.loads(path.read_text("utf-8")).result == change.after.game.result


def test_the_scorepads_new_game_writes_created(tmp_path):
    from test_web_routes import H, client

    c = client(tmp_path)
    r = c.post("/api/games", json={"name": "friday", "game": "preferans",
                                   "players": ["Anna", "Boris", "Vera"]}, headers=H)
    assert r.status_code == 201
    created = json.loads((tmp_path / "friday.json").read_text("utf-8"))["created"]
    assert datetime.datetime.fromisoformat(created).tzinfo is not None


def test_new_refuses_a_game_named_like_the_clubs_files(tmp_path):
    for name in ("club.json", "Club.JSON", "club.sqlite"):
        status, out, err = run(["new", "preferans", tmp_path / name, "--players", "A", "B", "C"])
        assert status == 1 and "club.json is the club's settings file" in err, err
        assert not (tmp_path / name).exists()


def test_the_scorepad_keeps_the_recorded_result_and_shows_the_new(tmp_path):
    from test_web_routes import client

    path = tmp_path / "friday.json"
    finished_game(path)
    tamper(path)
    c = client(tmp_path)
    data = c.get("/api/games/friday/settle").json()
    assert data["money"]["A"] == "30.00" and data["recomputed"]["money"]["A"] == "40.00"
    page = c.get("/g/friday/settle")
    assert page.status_code == 200
    assert 'id="recomputed"' in page.text and "A 40.00" in page.text and "whistscore 0.1" \
        in page.text
    assert "Эта версия whistscore считает иначе" in c.get("/g/friday/settle?lang=ru").text
    whatif = c.get("/api/games/friday/settle?stake=0.20").json()  # a question of its own
    assert whatif["money"]["A"] == "80.00" and "recomputed" not in whatif


def test_accept_on_an_unfinished_game_does_not_claim_a_recorded_result(tmp_path):
    """It said "the recorded result is what this whistscore settles" of a game that
    records none."""
    path = tmp_path / "u.json"
    assert run(["new", "preferans", path, "--players", "A", "B", "C"])[0] == 0
    before = path.read_bytes()
    status, out, err = run(["accept", path])
    assert status == 0 and "not finished" in out and "recorded result" not in out, out
    assert "не закончена" in run(["accept", path, "--lang", "ru"])[1]
    assert path.read_bytes() == before
