"""The command line (spec journal.md): commands, exit codes 0/1/2, files left unchanged."""

import hashlib
import json

import pytest

from whistscore import files, journal
from whistscore.cli import main


def sha(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def game_file(tmp_path):
    path = tmp_path / "g.json"
    assert main(["new", "tally", str(path), "--players", "Anna", "Boris", "Vera",
                 "--stake", "0.50", "--currency", "EUR"]) == 0
    return path


def test_new_refuses_to_overwrite(game_file, capsys):
    before = sha(game_file)
    assert main(["new", "tally", str(game_file), "--players", "A", "B"]) == 1
    assert "--force" in capsys.readouterr().err
    assert sha(game_file) == before
    assert main(["new", "tally", str(game_file), "--players", "A", "B", "--force"]) == 0


def test_new_with_preset_and_rule(tmp_path):
    path = tmp_path / "g.json"
    assert main(["new", "tally", str(path), "--players", "A", "B", "--preset", "doubled",
                 "--rule", "target=50"]) == 0
    game = files.load(path)
    assert game.rules.preset == "doubled" and game.rules["target"] == 50


def test_new_bad_rule_is_exit_1(tmp_path, capsys):
    path = tmp_path / "g.json"
    assert main(["new", "tally", str(path), "--players", "A", "B", "--rule", "target=0"]) == 1
    assert "rules.target" in capsys.readouterr().err
    assert not path.exists()


def test_add_notation_and_json_print_entries_and_totals(game_file, capsys):
    assert main(["add", str(game_file), "Anna", "2"]) == 0
    out = capsys.readouterr().out
    assert out == "deal 1 (Anna deals): Anna 2 | Anna 4, Boris -2, Vera -2 | next: Boris deals\n"
    assert main(["add", str(game_file), "Boris", "1", "--explain"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("deal 2 (Boris deals): Boris 1 | Anna 3, Boris 0, Vera -3 | next:")
    assert "deal 2: Boris writes 1 on Anna (points): 1 x 1, a won deal (tests/tallygame.py)" in out
    assert "balance now" in out
    assert main(["add", str(game_file), '{"winner": "Vera", "points": 1}', "--note", "x"]) == 0
    game = files.load(game_file)
    assert len(game.deals) == 3 and game.deals[2].note == "x"


def test_add_from_stdin(game_file, monkeypatch):
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO('{"winner": "Boris", "points": 3}\n'))
    assert main(["add", str(game_file), "-"]) == 0
    assert files.load(game_file).deals[0].deal.winner == "Boris"


@pytest.mark.parametrize("deal", [
    ["Nobody", "2"], ["Anna"], ['{"winner": "Anna"}'], ['{"winner": "Anna", "points": 2'],
    ['{"winner": "Anna", "points": 2, "x": 1}'], ["[" * 50000],
])
def test_invalid_add_is_exit_1_and_leaves_file_unchanged(game_file, capsys, deal):
    main(["add", str(game_file), "Anna", "1"])
    before = sha(game_file)
    assert main(["add", str(game_file), *deal]) == 1
    err = capsys.readouterr().err
    assert "deal 2" in err and "Traceback" not in err
    assert sha(game_file) == before


def test_add_after_end_is_refused(game_file, capsys):
    assert main(["add", str(game_file), "Anna", "10"]) == 0
    before = sha(game_file)
    assert main(["add", str(game_file), "Anna", "1"]) == 1
    assert "ended" in capsys.readouterr().err
    assert sha(game_file) == before


def test_undo_restores_bytes(game_file, capsys):
    main(["add", str(game_file), "Anna", "1"])
    before = game_file.read_bytes()
    main(["add", str(game_file), "Boris", "2"])
    assert main(["undo", str(game_file)]) == 0
    assert "dropped deal 2: Boris 2" in capsys.readouterr().out
    assert game_file.read_bytes() == before


def test_undo_on_empty_game(game_file, capsys):
    assert main(["undo", str(game_file)]) == 1
    assert "no deal to undo" in capsys.readouterr().err


def test_show_text_json_and_explain(game_file, capsys):
    main(["add", str(game_file), "Anna", "1"])
    capsys.readouterr()
    assert main(["show", str(game_file), "--explain", "--deals"]) == 0
    out = capsys.readouterr().out
    assert "Score sheet" in out and "deal 1: Anna writes 1 on Boris" in out
    assert main(["show", str(game_file), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["sheet"]["Anna"] == {"points": 2}
    assert data["entries"][0] == {"deal": 1, "player": "Anna", "column": "points",
                                  "amount": 1, "against": "Boris", "rule": "win"}
    assert main(["show", str(game_file), "--lang", "ru"]) == 0
    assert "Запись" in capsys.readouterr().out


def test_settle_json_and_text(game_file, capsys):
    main(["add", str(game_file), "Anna", "3"])
    capsys.readouterr()
    assert main(["settle", str(game_file), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["balance"] == {"Anna": "6", "Boris": "-3", "Vera": "-3"}
    assert data["money"] == {"Anna": "3.00", "Boris": "-1.50", "Vera": "-1.50"}
    assert data["transfers"] == [{"from": "Boris", "to": "Anna", "amount": "1.50"},
                                 {"from": "Vera", "to": "Anna", "amount": "1.50"}]
    assert list(data) == ["game", "players", "deals", "finished", "unit", "sheet",
                          "balance", "money", "transfers"]
    assert main(["settle", str(game_file), "--stake", "1", "--precision", "0"]) == 0
    out = capsys.readouterr().out
    assert "Boris pays Anna 3 EUR" in out


def test_settle_bad_stake_is_exit_1(game_file, capsys):
    assert main(["settle", str(game_file), "--stake", "abc"]) == 1
    assert "stake" in capsys.readouterr().err


def test_check(game_file, capsys, tmp_path):
    assert main(["check", str(game_file)]) == 0
    bad = tmp_path / "bad.json"
    text = game_file.read_text().replace('"deals": []',
                                         '"deals": [\n    {"winner": "X", "points": 1}\n  ]')
    bad.write_text(text)
    assert main(["check", str(bad)]) == 1
    assert "deal 1" in capsys.readouterr().err


def test_missing_file_is_exit_1(tmp_path, capsys):
    assert main(["show", str(tmp_path / "none.json")]) == 1
    assert "no such game file" in capsys.readouterr().err


def test_usage_error_is_exit_2(capsys):
    with pytest.raises(SystemExit) as info:
        main(["frobnicate"])
    assert info.value.code == 2
    with pytest.raises(SystemExit) as info:
        main(["show"])
    assert info.value.code == 2


def test_rules_listing(capsys):
    assert main(["rules", "tally"]) == 0
    out = capsys.readouterr().out
    assert "target" in out and "doubled" in out
    assert main(["rules", "tally", "--preset", "nope"]) == 1
    assert main(["rules", "tally", "--json"]) == 0


def test_bytes_that_are_not_utf8_on_the_command_line(game_file, capsys):
    # Python hands undecodable argv bytes over as lone surrogates; they must be
    # refused with a message, never crash the save.
    before = sha(game_file)
    assert main(["add", str(game_file), "Anna\udcff", "1"]) == 1
    assert main(["add", str(game_file), "Anna", "1", "--note", "x\udcff"]) == 1
    err = capsys.readouterr().err
    assert "not UTF-8" in err and "Traceback" not in err
    assert sha(game_file) == before


def test_lone_surrogate_escape_in_a_typed_json_deal(game_file, capsys):
    before = sha(game_file)
    assert main(["add", str(game_file), '{"winner": "Anna", "points": 1, "note": "\\ud800"}']) == 1
    assert "without its pair" in capsys.readouterr().err
    assert sha(game_file) == before


def test_lone_surrogate_escape_in_a_file_is_refused_with_its_line(game_file):
    from whistscore.errors import GameFileError
    text = game_file.read_text().replace('"deals": []',
                                         '"deals": [\n    {"winner": "Anna", "points": 1, '
                                         '"note": "\\udc00"}\n  ]')
    with pytest.raises(GameFileError) as info:
        journal.loads(text)
    assert info.value.line == 10
    # a proper pair is fine
    ok = text.replace("\\udc00", "\\ud83d\\ude00")
    assert journal.loads(ok).deals[0].note == "\U0001F600"
