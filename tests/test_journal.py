"""The game file's format (spec journal.md): layout, round trips, strict validation.

Saving it to disk is in test_files.py, replaying it in test_replay.py.
"""

import json

import pytest

import whistscore
from whistscore import files, journal
from whistscore.errors import DealError, GameFileError, InputError, RuleError
from whistscore.replay import replay

BASE = {
    "format": "whistscore", "version": 1, "game": "tally",
    "players": ["Anna", "Boris", "Vera"], "rules": {"preset": "plain"},
    "deals": [{"winner": "Anna", "points": 2}, {"winner": "Vera", "points": 1, "note": "late"}],
}


def text_of(data):
    return json.dumps(data, ensure_ascii=False)


def test_dumps_has_spec_layout_one_deal_per_line():
    game = journal.loads(text_of({**BASE, "stake": "0.10", "currency": "EUR"}))
    text = journal.dumps(game)
    assert text == (
        '{\n'
        '  "format": "whistscore",\n'
        '  "version": 1,\n'
        '  "game": "tally",\n'
        '  "players": ["Anna", "Boris", "Vera"],\n'
        '  "rules": {"preset": "plain"},\n'
        '  "stake": "0.10",\n'
        '  "currency": "EUR",\n'
        '  "deals": [\n'
        '    {"winner": "Anna", "points": 2},\n'
        '    {"winner": "Vera", "points": 1, "note": "late"}\n'
        '  ]\n'
        '}\n'
    )
    assert journal.dumps(journal.loads(text)) == text


def test_empty_deals_and_unicode_names_round_trip():
    data = {**BASE, "players": ["Аня", "Борис", "王"], "deals": []}
    text = journal.dumps(journal.loads(text_of(data)))
    assert '"deals": []' in text and "Аня" in text
    assert journal.dumps(journal.loads(text)) == text


def test_dealer_key_is_kept_and_first():
    data = {**BASE, "deals": [{"points": 3, "winner": "Boris", "dealer": "Vera"}]}
    game = journal.loads(text_of(data))
    assert game.deals[0].dealer == "Vera"
    assert '{"dealer": "Vera", "winner": "Boris", "points": 3}' in journal.dumps(game)
    rp = replay(game)
    assert rp.results[0].dealer == "Vera" and rp.next_dealer() == "Anna"


@pytest.mark.parametrize("change, field", [
    ({"format": "other"}, "format"),
    ({"version": 2}, "version"),
    ({"version": "1"}, "version"),
    ({"version": True}, "version"),
    ({"game": "bridge"}, "game"),
    ({"players": ["Anna", "Anna", "Vera"]}, "players[1]"),
    ({"players": ["Anna", "", "Vera"]}, "players[1]"),
    ({"players": ["Anna", " Boris", "Vera"]}, "players[1]"),
    ({"players": ["Anna", "Bo\nris", "Vera"]}, "players[1]"),
    ({"players": ["Anna"]}, "players"),
    ({"players": "Anna"}, "players"),
    ({"rules": {"preset": "nope"}}, "rules.preset"),
    ({"rules": {"colour": 1}}, "rules.colour"),
    ({"rules": {"target": 0}}, "rules.target"),
    ({"rules": []}, "rules"),
    ({"stake": 0.1}, "stake"),
    ({"stake": "ten"}, "stake"),
    ({"stake": "-1"}, "stake"),
    ({"currency": 5}, "currency"),
    ({"deals": {}}, "deals"),
    ({"extra": 1}, "extra"),
])
def test_bad_header_names_the_field(change, field):
    data = {**BASE, **change}
    with pytest.raises(InputError) as info:
        journal.loads(text_of(data))
    assert f"field '{field}'" in str(info.value)


def test_newer_version_is_refused_clearly():
    with pytest.raises(GameFileError, match="newer whistscore"):
        journal.loads(text_of({**BASE, "version": 7}))


def test_missing_required_field():
    data = dict(BASE)
    del data["players"]
    with pytest.raises(GameFileError, match="field 'players': missing"):
        journal.loads(text_of(data))


def test_bad_deal_names_deal_line_field_and_value():
    game = journal.loads(text_of(BASE))
    text = journal.dumps(game).replace('"points": 1,', '"points": "x",')
    with pytest.raises(DealError) as info:
        journal.loads(text)
    msg = str(info.value)
    assert msg.startswith("line 9, deal 2, field 'points', value \"x\":"), msg


def test_json_syntax_error_names_the_line():
    text = journal.dumps(journal.loads(text_of(BASE)))
    broken = text.replace('"points": 1,', '"points": 1,,')
    with pytest.raises(GameFileError) as info:
        journal.loads(broken)
    assert info.value.line == 9 and "not valid JSON" in str(info.value)


def test_truncated_file():
    text = journal.dumps(journal.loads(text_of(BASE)))
    with pytest.raises(GameFileError, match="not valid JSON"):
        journal.loads(text[: len(text) // 2])


def test_duplicate_keys_are_refused():
    with pytest.raises(GameFileError, match="twice"):
        journal.loads('{"format": "whistscore", "format": "whistscore"}')


def test_deeply_nested_json_is_an_error_not_a_crash():
    with pytest.raises(GameFileError):
        journal.loads("[" * 100000 + "]" * 100000)


def test_nan_is_refused():
    with pytest.raises(GameFileError):
        journal.loads(text_of(BASE).replace('"points": 2', '"points": NaN'))


def test_non_utf8_bytes_give_a_line(tmp_path):
    path = tmp_path / "g.json"
    path.write_bytes(journal.dumps(journal.loads(text_of(BASE))).encode().replace(b"Vera", b"V\xffra", 1))
    with pytest.raises(GameFileError) as info:
        files.load(path)
    assert info.value.line == 5  # the players line


def test_huge_string_is_reported_short():
    data = {**BASE, "deals": [{"winner": "x" * 10_000_000, "points": 1}]}
    with pytest.raises(DealError) as info:
        journal.loads(text_of(data))
    assert len(str(info.value)) < 300


def test_check_reports_every_problem():
    data = {**BASE, "deals": [{"winner": "X", "points": 1}, {"winner": "Anna", "points": -1}]}
    problems = journal.check_text(text_of(data))
    assert [p.deal for p in problems] == [1, 2]


def test_check_goes_on_after_a_deal_that_cannot_be_scored():
    deals = [{"winner": "Anna", "points": 5}, {"winner": "Boris", "points": 1},
             {"winner": "Vera", "points": 1}]
    problems = journal.check_text(text_of({**BASE, "deals": deals}))
    assert [p.deal for p in problems] == [2, 3]


def test_rules_keep_only_what_was_set():
    game = journal.loads(text_of({**BASE, "rules": {"preset": "doubled", "target": 20}}))
    assert game.rules.to_json() == {"preset": "doubled", "target": 20}
    assert game.rules.differences() == {}
    assert game.rules["style"] == "double"


def test_default_preset_when_rules_absent():
    data = dict(BASE)
    del data["rules"]
    assert journal.loads(text_of(data)).rules.preset == "plain"


def test_public_api_names():
    for name in ("load", "loads", "dump", "dumps", "replay", "settle"):
        assert callable(getattr(whistscore, name))


def test_error_is_also_value_error():
    with pytest.raises(ValueError):
        journal.loads("{}")
    assert issubclass(RuleError, ValueError)
