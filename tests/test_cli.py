"""The command line (spec journal.md): commands, exit codes 0/1/2, files left unchanged."""

import hashlib
import json
from pathlib import Path

import pytest

from whistscore import files, journal
from clirun import run  # one way to drive the CLI


def sha(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def game_file(tmp_path):
    path = tmp_path / "g.json"
    assert run(["new", "tally", str(path), "--players", "Anna", "Boris", "Vera",
                "--stake", "0.50", "--currency", "EUR"])[0] == 0
    return path


def test_new_refuses_to_overwrite(game_file):
    before = sha(game_file)
    status, _, err = run(["new", "tally", str(game_file), "--players", "A", "B"])
    assert status == 1
    assert "--force" in err
    assert sha(game_file) == before
    assert run(["new", "tally", str(game_file), "--players", "A", "B", "--force"])[0] == 0


def test_new_with_preset_and_rule(tmp_path):
    path = tmp_path / "g.json"
    assert run(["new", "tally", str(path), "--players", "A", "B", "--preset", "doubled",
                "--rule", "target=50"])[0] == 0
    game = files.load(path)
    assert game.rules.preset == "doubled" and game.rules["target"] == 50


def test_new_bad_rule_is_exit_1(tmp_path):
    path = tmp_path / "g.json"
    status, _, err = run(["new", "tally", str(path), "--players", "A", "B", "--rule", "target=0"])
    assert status == 1
    assert "rules.target" in err
    assert not path.exists()


def test_add_notation_and_json_print_entries_and_totals(game_file):
    status, out, _ = run(["add", str(game_file), "Anna", "2"])
    assert status == 0
    assert out == "deal 1 (Anna deals): Anna 2 | Anna 4, Boris -2, Vera -2 | next: Boris deals\n"
    status, out, _ = run(["add", str(game_file), "Boris", "1", "--explain"])
    assert status == 0
    assert out.startswith("deal 2 (Boris deals): Boris 1 | Anna 3, Boris 0, Vera -3 | next:")
    assert "deal 2: Boris writes 1 on Anna (points): 1 x 1, a won deal (tests/tallygame.py)" in out
    assert "balance now" in out
    assert run(["add", str(game_file), '{"winner": "Vera", "points": 1}', "--note", "x"])[0] == 0
    game = files.load(game_file)
    assert len(game.deals) == 3 and game.deals[2].note == "x"


def test_add_with_an_id_records_a_retry_once(game_file):
    """`add --id`: the id is kept in the file; the same add again writes nothing."""
    assert run(["add", str(game_file), "Anna", "2", "--id", "evening-1"])[0] == 0
    before = sha(game_file)
    status, out, _ = run(["add", str(game_file), "Anna", "2", "--id", "evening-1"])
    assert status == 0 and out == "deal 1 already recorded with id 'evening-1'; nothing written\n"
    assert sha(game_file) == before
    game = files.load(game_file)
    assert len(game.deals) == 1 and game.deals[0].id == "evening-1"
    status, _, err = run(["add", str(game_file), "Anna", "2", "--id", "x" * 65])
    assert status == 1 and "id" in err and sha(game_file) == before
    # two deals with one id in a file are refused when it is read
    data = json.loads(game_file.read_text())
    data["deals"].append(dict(data["deals"][0]))
    game_file.write_text(json.dumps(data))
    status, _, err = run(["check", str(game_file)])
    assert status == 1 and "deal 2" in err and "id" in err


def test_add_from_stdin(game_file):
    assert run(["add", str(game_file), "-"], stdin='{"winner": "Boris", "points": 3}\n')[0] == 0
    assert files.load(game_file).deals[0].deal.winner == "Boris"


@pytest.mark.parametrize("deal", [
    ["Nobody", "2"], ["Anna"], ['{"winner": "Anna"}'], ['{"winner": "Anna", "points": 2'],
    ['{"winner": "Anna", "points": 2, "x": 1}'], ["[" * 50000],
])
def test_invalid_add_is_exit_1_and_leaves_file_unchanged(game_file, deal):
    first = run(["add", str(game_file), "Anna", "1"])
    before = sha(game_file)
    status, _, err = run(["add", str(game_file), *deal])
    assert status == 1
    err = first[2] + err
    assert "deal 2" in err and "Traceback" not in err
    assert sha(game_file) == before


def test_add_after_end_is_refused(game_file):
    first = run(["add", str(game_file), "Anna", "10"])
    assert first[0] == 0
    before = sha(game_file)
    status, _, err = run(["add", str(game_file), "Anna", "1"])
    assert status == 1
    assert "ended" in first[2] + err
    assert sha(game_file) == before


def test_undo_restores_bytes(game_file):
    outs = [run(["add", str(game_file), "Anna", "1"])[1]]
    before = game_file.read_bytes()
    outs.append(run(["add", str(game_file), "Boris", "2"])[1])
    status, out, _ = run(["undo", str(game_file)])
    assert status == 0
    assert "dropped deal 2: Boris 2" in "".join(outs) + out
    assert game_file.read_bytes() == before


def test_undo_on_empty_game(game_file):
    status, _, err = run(["undo", str(game_file)])
    assert status == 1
    assert "no deal to undo" in err


def test_show_text_json_and_explain(game_file):
    run(["add", str(game_file), "Anna", "1"])
    status, out, _ = run(["show", str(game_file), "--explain", "--deals"])
    assert status == 0
    assert "Score sheet" in out and "deal 1: Anna writes 1 on Boris" in out
    status, out, _ = run(["show", str(game_file), "--json"])
    assert status == 0
    data = json.loads(out)
    assert data["sheet"]["Anna"] == {"points": 2}
    assert data["entries"][0] == {"deal": 1, "player": "Anna", "column": "points",
                                  "amount": 1, "against": "Boris", "rule": "win"}
    status, out, _ = run(["show", str(game_file), "--lang", "ru"])
    assert status == 0
    assert "Запись" in out


def test_settle_json_and_text(game_file):
    run(["add", str(game_file), "Anna", "3"])
    status, out, _ = run(["settle", str(game_file), "--json"])
    assert status == 0
    data = json.loads(out)
    assert data["balance"] == {"Anna": "6", "Boris": "-3", "Vera": "-3"}
    assert data["money"] == {"Anna": "3.00", "Boris": "-1.50", "Vera": "-1.50"}
    assert data["transfers"] == [{"from": "Boris", "to": "Anna", "amount": "1.50"},
                                 {"from": "Vera", "to": "Anna", "amount": "1.50"}]
    assert list(data) == ["game", "players", "deals", "finished", "unit", "sheet",
                          "balance", "money", "transfers"]
    status, out, _ = run(["settle", str(game_file), "--stake", "1", "--precision", "0"])
    assert status == 0
    assert "Boris pays Anna 3 EUR" in out


def test_settle_bad_stake_is_exit_1(game_file):
    status, _, err = run(["settle", str(game_file), "--stake", "abc"])
    assert status == 1
    assert "stake" in err


def test_check(game_file, tmp_path):
    first = run(["check", str(game_file)])
    assert first[0] == 0
    bad = tmp_path / "bad.json"
    text = game_file.read_text().replace('"deals": []',
                                         '"deals": [\n    {"winner": "X", "points": 1}\n  ]')
    bad.write_text(text)
    status, _, err = run(["check", str(bad)])
    assert status == 1
    assert "deal 1" in first[2] + err


def test_check_says_each_problem_in_the_asked_language(tmp_path):
    sample = Path(__file__).resolve().parent.parent / "samples" / "preferans-sochi.json"
    data = json.loads(sample.read_text("utf-8"))
    data["deals"][1]["contract"] = "9X"
    data["deals"][3]["tricks"] = {"Nobody": 1}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    status, out, err = run(["check", str(bad), "--lang", "ru"])
    lines = err.splitlines()
    assert (status, out, len(lines)) == (1, "", 2)
    # the sentence first, in Russian; the technical text (deal, field, value) in brackets
    assert "нет такой масти" in lines[0] and "(line 1, deal 2, field 'contract'" in lines[0]
    assert "Nobody не играет в этой партии" in lines[1] and "deal 4" in lines[1]
    english = run(["check", str(bad)])[2].splitlines()
    assert english[0].startswith(f"{bad}: line 1, deal 2, field 'contract'")


def test_missing_file_is_exit_1(tmp_path):
    status, _, err = run(["show", str(tmp_path / "none.json")])
    assert status == 1
    assert "no such game file" in err


def test_usage_error_is_exit_2():
    assert run(["frobnicate"])[0] == 2
    assert run(["show"])[0] == 2


def test_rules_listing():
    status, out, _ = run(["rules", "tally"])
    assert status == 0
    assert "target" in out and "doubled" in out
    assert run(["rules", "tally", "--preset", "nope"])[0] == 1
    assert run(["rules", "tally", "--json"])[0] == 0


def test_bytes_that_are_not_utf8_on_the_command_line(game_file):
    # Python hands undecodable argv bytes over as lone surrogates; they must be
    # refused with a message, never crash the save.
    before = sha(game_file)
    first = run(["add", str(game_file), "Anna\udcff", "1"])
    second = run(["add", str(game_file), "Anna", "1", "--note", "x\udcff"])
    assert first[0] == 1
    assert second[0] == 1
    err = first[2] + second[2]
    assert "not UTF-8" in err and "Traceback" not in err
    assert sha(game_file) == before


def test_lone_surrogate_escape_in_a_typed_json_deal(game_file):
    before = sha(game_file)
    status, _, err = run(["add", str(game_file),
                          '{"winner": "Anna", "points": 1, "note": "\\ud800"}'])
    assert status == 1
    assert "without its pair" in err
    assert sha(game_file) == before


def test_lone_surrogate_escape_in_a_file_is_refused_with_its_line(game_file):
    from whistscore.errors import GameFileError
    text = game_file.read_text().replace('"deals": []',
                                         '"deals": [\n    {"winner": "Anna", "points": 1, '
                                         '"note": "\\udc00"}\n  ]')
    with pytest.raises(GameFileError) as info:
        journal.loads(text)
    assert info.value.line == text[:text.index('{"winner"')].count("\n") + 1  # the deal's
    # a proper pair is fine
    ok = text.replace("\\udc00", "\\ud83d\\ude00")
    assert journal.loads(ok).deals[0].note == "\U0001F600"
