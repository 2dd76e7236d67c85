"""journal.md's new fields (issue 24): new files record every rule option resolved, and
``ended`` (the players stopped early: settled as it stands, counted as finished)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import whistscore
from whistscore import journal
from whistscore.errors import GameFileError, GameOverError, InputError
from whistscore.games import get_game

from clirun import run
from registry_support import games, seats

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


@pytest.mark.parametrize("game", games())
def test_new_file_records_every_option_resolved(tmp_path, game):
    players = list(seats(game))
    path = tmp_path / "g.json"
    assert run(["new", game, path, "--players", *players])[0] == 0
    rules = json.loads(path.read_text("utf-8"))["rules"]
    book = get_game(game).rulebook
    assert list(rules) == ["preset", *book.names()]
    assert rules["preset"] == book.default_preset
    assert whistscore.load(path).rules.values == book.resolve({}).values
    lib = whistscore.new(game, players).text()
    assert json.loads(lib)["rules"] == rules


def test_a_changed_preset_default_does_not_change_a_new_game(tmp_path, monkeypatch):
    path = tmp_path / "g.json"
    run(["new", "preferans", path, "--players", "A", "B", "C"])
    book = get_game("preferans").rulebook
    sochi = dict(book.presets["sochi"])
    monkeypatch.setitem(book.presets, "sochi", {**sochi, "pulya": sochi["pulya"] + 20})
    assert whistscore.load(path).rules["pulya"] == sochi["pulya"]
    old = journal.loads(json.dumps({"format": "whistscore", "version": 1, "game": "preferans",
                                    "players": ["A", "B", "C"], "deals": []}))
    assert old.rules["pulya"] == sochi["pulya"] + 20  # an old file naming its preset follows it


def test_set_preset_on_a_resolved_file_takes_the_new_presets_values(tmp_path):
    path = tmp_path / "g.json"
    run(["new", "preferans", path, "--players", "A", "B", "C", "--rule", "pulya=20"])
    assert run(["set", path, "--preset", "leningrad"])[0] == 0
    game = whistscore.load(path)
    book = get_game("preferans").rulebook
    expected = {**book.presets["leningrad"], "pulya": 20}
    assert dict(game.rules.values) == expected
    assert list(json.loads(path.read_text("utf-8"))["rules"]) == ["preset", *book.names()]


@pytest.mark.parametrize("sample", sorted(p.name for p in SAMPLES.glob("*.json")))
def test_samples_load_and_save_unchanged(sample):
    text = (SAMPLES / sample).read_text("utf-8")
    assert journal.dumps(journal.loads(text)) == text


def _game(tmp_path: Path) -> Path:
    path = tmp_path / "pulka.json"
    whistscore.new("preferans", ["Anna", "Boris", "Vera"], stake="0.10") \
        .add("Anna 7S Boris:w Vera:p 7/3/0").add("pass 4/2/4").save(path)
    return path


def test_end_records_ended_and_settles_as_it_stands(tmp_path):
    path = _game(tmp_path)
    status, out, err = run(["end", path, "--at", "2026-11-30T23:40:00+01:00"])
    assert (status, err) == (0, "")
    assert out == (f"ended {path} at 2026-11-30T23:40:00+01:00 after 2 deals; settled as it "
                   "stands: Anna 8, Boris 12, Vera -20\n")  # journal.md's example numbers
    text = path.read_text("utf-8")
    # the result follows the end in the same save (journal.md "result"), then the deals
    assert '  "ended": "2026-11-30T23:40:00+01:00",\n  "result": {"balance": {"Anna": "8", ' \
        '"Boris": "12", "Vera": "-20"}, "money": {"Anna": "0.80", "Boris": "1.20", ' \
        '"Vera": "-2.00"}, "by": "whistscore ' in text
    settled = json.loads(run(["settle", path, "--json"])[1])
    assert settled["finished"] is True and settled["money"] == \
        {"Anna": "0.80", "Boris": "1.20", "Vera": "-2.00"}
    assert journal.dumps(journal.loads(text)) == text
    shown = run(["show", path])[1].splitlines()[-1]
    assert shown == ("The players ended the game at 2026-11-30T23:40:00+01:00, before its end. "
                     "Balance in vists as it stands: Anna +8, Boris +12, Vera -20")


def test_no_deal_after_the_end_and_the_file_stays_as_it_was(tmp_path):
    path = _game(tmp_path)
    run(["end", path])
    before = path.read_bytes()
    status, out, err = run(["add", path, "pass 4/2/4"])
    assert status == 1 and "the players ended this game at" in err
    assert path.read_bytes() == before
    with pytest.raises(GameOverError):
        whistscore.record(path, "pass 4/2/4")
    status, out, err = run(["end", path])
    assert status == 1 and "ended already" in err
    assert path.read_bytes() == before
    assert run(["end", path, "--reopen"])[0] == 0
    assert "ended" not in json.loads(path.read_text("utf-8"))
    assert run(["add", path, "pass 4/2/4"])[0] == 0


def test_end_refuses_what_cannot_end(tmp_path):
    empty = tmp_path / "empty.json"
    whistscore.new("preferans", ["A", "B", "C"]).save(empty)
    status, _, err = run(["end", empty])
    assert status == 1 and "no deal yet" in err
    status, _, err = run(["end", empty, "--reopen"])
    assert status == 1 and "was not ended" in err
    path = _game(tmp_path)
    status, _, err = run(["end", path, "--at", "yesterday"])
    assert status == 1 and "field 'ended'" in err
    status, _, err = run(["end", path, "--at", "2026-11-30T23:40:00"])
    assert status == 1 and "UTC offset" in err
    finished = SAMPLES / "preferans-sochi.json"
    copy = tmp_path / "done.json"
    copy.write_bytes(finished.read_bytes())
    status, _, err = run(["end", copy])
    assert status == 1 and "finished already" in err


@pytest.mark.parametrize("value, words", [
    (None, "leave it out"),
    ("soon", "ISO 8601"),
    (20261130, "text like"),
    ("2026-11-30T23:40:00", "UTC offset"),
])
def test_bad_ended_in_a_file(value, words):
    data = {"format": "whistscore", "version": 1, "game": "preferans",
            "players": ["A", "B", "C"], "ended": value, "deals": []}
    with pytest.raises(GameFileError, match=words) as exc:
        journal.loads(json.dumps(data))
    assert exc.value.field == "ended"


def test_ended_is_read_by_the_library():
    data = {"format": "whistscore", "version": 1, "game": "preferans",
            "players": ["A", "B", "C"], "ended": "2026-11-30T23:40:00+01:00",
            "deals": [{"contract": "allpass", "tricks": {"A": 4, "B": 2, "C": 4}}]}
    game = journal.from_json(data)
    assert game.ended == "2026-11-30T23:40:00+01:00"
    assert whistscore.replay(game).finished
    written = journal.to_json(game)
    assert list(written) == ["format", "version", "game", "players", "rules", "ended", "deals"]
    assert written["ended"] == data["ended"]
    with pytest.raises(InputError):
        whistscore.ScoredGame.of(game).reopen().reopen()
