"""The library API (issue 13 point 10): immutable scored games, and the recording
functions every front end (cli add/edit/undo/set, the web scorepad) goes through."""

import hashlib
import json
import pathlib
import threading
from fractions import Fraction

import pytest

import whistscore
from whistscore import ConflictError, InputError, ScoredGame, files, journal

from clirun import run  # one way to drive the CLI

SAMPLES = pathlib.Path(__file__).resolve().parent.parent / "samples"


def sha(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


DANISH = ["Anna", "Bo", "Carl", "Dina"]


def test_new_add_undo_replace_are_immutable():
    g0 = whistscore.new("preferans", ["Anna", "Boris", "Vera"], stake="0.10", title="Friday")
    g1 = g0.add("Anna 7S Boris:w Vera:p 7/3/0")
    g2 = g1.add({"contract": "allpass", "tricks": {"Anna": 4, "Boris": 2, "Vera": 4}})
    assert (len(g0.deals), len(g1.deals), len(g2.deals)) == (0, 1, 2)
    # the journal spec's example: Anna 8, Boris 12, Vera -20 (Sochi)
    assert g2.balance() == {"Anna": 8, "Boris": 12, "Vera": -20}
    assert g2.settle().to_json()["money"] == {"Anna": "0.80", "Boris": "1.20", "Vera": "-2.00"}
    assert g2.undo().balance() == g1.balance()
    g3 = g2.replace(1, "Anna 7S Boris:p Vera:p")
    assert g3.notation(1) == "Anna 7S Boris:p Vera:p" and g2.notation(1) != g3.notation(1)
    assert g2.notation() == "pass 4/2/4"
    assert g0.game.title == "Friday"


def test_errors_carry_the_deal_number_like_the_cli():
    g = whistscore.new("danish", DANISH).add("Anna 9 good Carl 10")
    with pytest.raises(InputError) as info:
        g.add("Anna 9 good Carl 14")
    assert info.value.deal == 2 and str(info.value).startswith("deal 2, ")
    with pytest.raises(InputError) as info:
        g.replace(1, "Anna 9 bogus")
    assert info.value.deal == 1
    with pytest.raises(InputError) as info:
        g.replace(5, "Anna 8 alone 8")
    assert "no such deal (deals: 1..1)" in str(info.value)


def test_replace_refused_when_a_later_deal_no_longer_fits():
    # Sochi, pulya 4 (seed 002: a six is worth 2, a seven 4, a nine 8). Anna's six: 2;
    # Vera's nine: 4 close her pulya, 2 help close Anna's, 2 go to Boris: still open.
    # With Anna's seven instead, Vera's 4 of help all go to Boris and every pulya is
    # closed after deal 2, so deal 3 can no longer follow.
    g = whistscore.new("preferans", ["Anna", "Boris", "Vera"], rules={"pulya": 4})
    g = g.add("Anna 6S Boris:p Vera:p").add("Vera 9NT Anna:p Boris:p")
    assert not g.finished
    g = g.add("Boris 6S Vera:p Anna:p")
    with pytest.raises(InputError) as info:
        g.replace(1, "Anna 7S Boris:p Vera:p")  # now deal 2 closes every pulya
    assert info.value.deal == 3
    assert "no longer fits after replacing deal 1" in str(info.value)


def test_add_dict_with_dealer_note_and_time():
    g = whistscore.new("danish", DANISH + ["Eva"])
    g = g.add({"declarer": "Bo", "bid": 8, "partner": "Carl", "tricks": 8, "note": "first"},
              dealer="Anna", at="2026-11-30T21:14:05+01:00")
    rec = g.deals[0]
    assert (rec.dealer, rec.note, rec.at) == ("Anna", "first", "2026-11-30T21:14:05+01:00")
    with pytest.raises(InputError) as info:
        g.add("Carl 8 Dina 8", dealer="Nobody")
    assert info.value.field == "dealer"
    with pytest.raises(InputError) as info:
        g.add("Carl 8 Dina 8", at="yesterday")
    assert info.value.field == "at"
    with pytest.raises(InputError):
        g.add("Carl 8 Dina 8", at="2026-11-30T21:14:05")  # no offset


def test_save_and_load_round_trip(tmp_path):
    path = tmp_path / "evening.json"
    g = whistscore.new("whist", ["Anna", "Boris", "Vera", "Gleb"], place="Riga")
    g = g.add("NS 8 H:NS4").add("EW 9")
    g.save(path)
    again = ScoredGame.load(path)
    assert again.text() == path.read_text(encoding="utf-8") == g.text()
    assert again.game.place == "Riga" and again.balance() == g.balance()


def test_record_replace_drop_last_on_a_file(tmp_path):
    path = tmp_path / "d.json"
    whistscore.new("danish", DANISH).save(path)
    change = whistscore.record(path, "Anna 9 good Carl 10")
    assert change.number == 1 and change.result.number == 1
    assert files.load(path).deals[0].at is not None  # stamped by default
    whistscore.record(path, "Bo nolo 0", at=False)
    assert files.load(path).deals[1].at is None
    before = sha(path)
    with pytest.raises(InputError):
        whistscore.record(path, "Bo nolo 14")
    assert sha(path) == before
    change = whistscore.replace(path, 1, "Anna 8 Carl 8", expect=2)
    assert change.after.notation(1) == "Anna 8 Carl 8"
    assert files.load(path).deals[0].at == change.before.deals[0].at  # time kept
    with pytest.raises(ConflictError) as info:
        whistscore.replace(path, 1, "Anna 9 Carl 9", expect=1)
    assert "changed meanwhile" in str(info.value)
    assert files.load(path).deals[0].deal.bid == 8
    change = whistscore.drop_last(path)
    assert change.result.number == 2 and len(files.load(path).deals) == 1


def test_concurrent_records_both_land(tmp_path):
    path = tmp_path / "d.json"
    whistscore.new("danish", DANISH).save(path)
    errors = []

    def put(deal):
        try:
            whistscore.record(path, deal)
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=put, args=(d,))
               for d in ("Anna 8 Carl 8", "Bo 8 Dina 8", "Carl 8 Anna 8", "Dina 8 Bo 8")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(files.load(path).deals) == 4


def test_change_settings_refused_if_a_deal_no_longer_fits(tmp_path):
    path = tmp_path / "p.json"
    g = whistscore.new("preferans", ["Anna", "Boris", "Vera"], rules={"pulya": 10})
    g.add("Vera 10NT Anna:p Boris:p").add("Anna 7S Boris:p Vera:p").save(path)
    before = sha(path)
    with pytest.raises(InputError) as info:
        # with pulya 2 Vera's ten (10 points) closes her pulya and, as help, both others':
        # the pulka ended with deal 1
        whistscore.change_settings(path, rules={"pulya": "2"})
    assert info.value.deal == 2 and "no longer fits" in str(info.value)
    assert sha(path) == before
    change = whistscore.change_settings(path, rules={"pulya": "20"}, stake="0.25",
                                        title="Sunday")
    game = files.load(path)
    assert game.rules["pulya"] == 20 and str(game.stake) == "0.25" and game.title == "Sunday"
    assert change.after.game.rules["pulya"] == 20 and not change.after.finished


# -- the command line over the same functions ------------------------------------

@pytest.fixture
def danish_file(tmp_path):
    path = tmp_path / "d.json"
    assert run(["new", "danish", str(path), "--players", *DANISH, "--title", "Friday",
                "--place", "Carl's"])[0] == 0
    return path


def test_cli_edit_replaces_and_refuses(danish_file):
    for deal in ("Anna 9 good Carl 10", "Bo nolo 0", "Carl 8 alone 8"):
        assert run(["add", str(danish_file), *deal.split()])[0] == 0
    status, out, _ = run(["edit", str(danish_file), "2", "Bo", "nolo", "1", "--note", "fixed"])
    assert status == 0
    assert out.startswith("deal 2 replaced (Bo deals): Bo nolo 1 | caught with 1 | ")
    game = files.load(danish_file)
    assert game.deals[1].note == "fixed" and game.deals[1].deal.tricks == 1
    before = sha(danish_file)
    status, _, err = run(["edit", str(danish_file), "9", "Bo", "nolo", "0"])
    assert status == 1
    assert "no such deal (deals: 1..3)" in err
    status, _, err = run(["edit", str(danish_file), "3", "Carl", "8", "Carl", "14"])
    assert status == 1
    assert "deal 3" in err
    assert sha(danish_file) == before


def test_cli_edit_refuses_when_a_later_deal_no_longer_fits(tmp_path):
    path = tmp_path / "p.json"
    assert run(["new", "preferans", str(path), "--players", "Anna", "Boris", "Vera",
                "--rule", "pulya=4"])[0] == 0
    for deal in ("Anna 6S Boris:p Vera:p", "Vera 9NT Anna:p Boris:p", "Boris 6S Vera:p Anna:p"):
        assert run(["add", str(path), *deal.split()])[0] == 0
    before = sha(path)
    status, _, err = run(["edit", str(path), "1", "Anna", "7S", "Boris:p", "Vera:p"])
    assert status == 1
    assert "deal 3" in err
    assert sha(path) == before


def test_cli_set(danish_file):
    assert run(["add", str(danish_file), "Anna", "9", "good", "Carl", "10"])[0] == 0
    assert run(["set", str(danish_file), "--rule", "base=1", "--stake", "0.05",
                "--title", "Saturday"])[0] == 0
    game = files.load(danish_file)
    assert game.rules["base"] == 1 and game.title == "Saturday" and str(game.stake) == "0.05"
    before = sha(danish_file)
    first = run(["set", str(danish_file), "--rule", "nonsense=1"])
    second = run(["set", str(danish_file)])
    assert first[0] == 1
    assert second[0] == 1
    assert "nothing to change" in first[2] + second[2]
    assert sha(danish_file) == before


def test_cli_add_time_and_no_time(danish_file):
    assert run(["add", str(danish_file), "Anna", "8", "Carl", "8"])[0] == 0
    assert run(["add", str(danish_file), "--no-time", "Bo", "8", "Dina", "8"])[0] == 0
    data = json.loads(danish_file.read_text(encoding="utf-8"))
    assert list(data)[:5] == ["format", "version", "game", "title", "place"]
    import datetime
    at = datetime.datetime.fromisoformat(data["deals"][0]["at"])
    assert at.tzinfo is not None
    assert "at" not in data["deals"][1]


def test_cli_edit_keeps_or_drops_the_time(danish_file):
    assert run(["add", str(danish_file), "Anna", "8", "Carl", "8"])[0] == 0
    at = files.load(danish_file).deals[0].at
    assert run(["edit", str(danish_file), "1", "Anna", "8", "Carl", "9"])[0] == 0
    assert files.load(danish_file).deals[0].at == at  # the deal was played then
    assert run(["edit", str(danish_file), "1", "--no-time", "Anna", "8", "Carl", "9"])[0] == 0
    assert files.load(danish_file).deals[0].at is None
    assert run(["edit", str(danish_file), "1", "Anna", "8", "Carl", "8"])[0] == 0
    assert files.load(danish_file).deals[0].at is not None  # no time yet: stamped now


def test_cli_missing_file_says_how_to_create_it(tmp_path):
    status, _, err = run(["add", str(tmp_path / "none.json"), "Anna", "8", "Carl", "8"])
    assert status == 1
    assert "create it with: whistscore new" in err


def test_a_file_with_bad_title_or_time_is_refused(danish_file):
    data = json.loads(danish_file.read_text(encoding="utf-8"))
    data["title"] = "two\nlines"
    with pytest.raises(InputError) as info:
        journal.loads(json.dumps(data))
    assert info.value.field == "title"
    data["title"] = "ok"
    data["deals"] = [{"declarer": "Anna", "bid": 8, "partner": "Carl", "tricks": 8, "at": 5}]
    with pytest.raises(InputError) as info:
        journal.loads(json.dumps(data))
    assert info.value.deal == 1 and info.value.field == "at"


def test_import_whistscore_stays_light():
    import subprocess
    import sys
    code = ("import sys, whistscore; "
            "print([m for m in ('openpyxl', 'starlette', 'uvicorn', 'jinja2', 'tabulate') "
            "if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_balances_are_exact_fractions():
    g = whistscore.new("preferans", ["Anna", "Boris", "Vera"], preset="encyclopedia")
    g = g.add("Anna 6S Boris:w Vera:w 4/3/3")  # docs/preferans.md, seed 003
    assert g.balance() == {"Anna": Fraction(-140, 3), "Boris": Fraction(70, 3),
                           "Vera": Fraction(70, 3)}


def _option_values(kind):
    """Each option's values as the game's presets write them: the alternatives a table
    actually picks between."""
    book = kind.rulebook
    for name in sorted({k for values in book.presets.values() for k in values}):
        seen = []
        for values in book.presets.values():
            dumped = book.option(name).kind.dump(values[name])
            if dumped not in seen:
                seen.append(dumped)
        for value in seen:
            yield name, value


@pytest.mark.parametrize("sample", sorted(p.name for p in SAMPLES.glob("*.json")))
def test_a_rules_change_that_is_saved_loads_again(sample, tmp_path):
    """The tester's pulka: `set --rule allpass=off` on a game with an all-pass said "all deals
    still fit", saved, and the file could no longer be read (the deal's shape is checked
    when a deal is read, not when it is replayed).  Every change either is refused with the
    file untouched or saves a file that loads and replays to the same balances the change
    reported."""
    path = tmp_path / sample
    path.write_bytes((SAMPLES / sample).read_bytes())
    kind = files.load(path).kind
    refused = 0
    for name, value in _option_values(kind):
        before = sha(path)
        try:
            change = whistscore.change_settings(path, rules={name: value})
        except InputError:
            refused += 1
            assert sha(path) == before, (name, value)
            continue
        again = ScoredGame.load(path)
        assert again.settle().to_json()["balance"] == change.after.settle().to_json()["balance"]
        path.write_bytes((SAMPLES / sample).read_bytes())
    assert refused < sum(1 for _ in _option_values(kind))


def test_allpass_off_is_refused_on_a_game_with_an_all_pass(tmp_path):
    path = tmp_path / "p.json"
    whistscore.new("preferans", ["Аня", "Боря", "Вера"]).add("pass 4/2/4").save(path)
    before = sha(path)
    with pytest.raises(InputError) as info:
        whistscore.change_settings(path, rules={"allpass": "off"})
    assert info.value.deal == 1 and "no longer fits" in str(info.value)
    assert sha(path) == before
    assert run(["set", str(path), "--rule", "allpass=off"])[0] == 1
    assert sha(path) == before
