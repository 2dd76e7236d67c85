"""The whist sheet: settle --json's per-side object and the marker's table."""

from __future__ import annotations

from whistscore.i18n import text as say
from whistscore.layout import Label, Table
from whistscore.settlement import settle
from whistscore.text import render_tables

from whist_support import play


def test_sheet_json_shape_keyed_by_side():
    r = play(["NS 11", "NS 11", "EW 11", "NS 8"])
    sheet = settle(r).to_json()["sheet"]
    assert list(sheet) == ["NS", "EW"]
    assert sheet["NS"] == {"players": ["Anna", "Vera"], "score": 2, "games": [],
                           "rubbers": [8], "total": 5}
    assert sheet["EW"] == {"players": ["Boris", "Gleb"], "score": 0, "games": [3],
                           "rubbers": [-8], "total": -5}


def test_sheet_json_american_games_list_the_session():
    r = play(["NS 13", "EW 13", "NS 9"], "american")
    sheet = settle(r).to_json()["sheet"]
    assert sheet["NS"]["games"] == [7] and sheet["EW"]["games"] == [7]
    assert sheet["NS"]["rubbers"] == [] and sheet["NS"]["score"] == 3
    assert sheet["NS"]["total"] == 0


def test_sheet_table_rows_games_rubbers_and_total():
    r = play(["NS 9", "NS 8", "EW 11", "EW 8", "NS 11", "EW 9"])
    table, = r.kind.sheet_tables(r)
    assert isinstance(table, Table) and len(table.header) == 8
    rows = [[c.value for c in row] for row in table.rows]
    # game 1: NS 3, 5 -> treble; game 2: EW 5 treble; game 3: EW 2, NS 5 -> double
    assert rows[0] == [1, 1, "3, 5", "", "NS", 3, 3, 0]
    assert rows[1] == [1, 2, "", "5", "EW", 3, 3, 3]
    assert rows[2] == [1, 3, "5", "2", "NS", 2, 5, 3]
    assert rows[3][:2] == [1, Label("rubber_row", (2,))]
    assert rows[3][2:] == [7, 3, "NS", 4, 7, 3]
    assert rows[4] == [2, 1, "", "3", Label("in_play"), None, 7, 3]
    assert rows[5][-4:] == ["NS", 4, 7, 3]
    # the value cell of a game carries its entry (an Excel comment)
    assert table.rows[0][5].sources[0].rule == "game_ladder"
    text = render_tables([table], r.kind)
    assert "rubber (+2)" in text and "in play" in text
    assert "роббер" in render_tables([table], r.kind, "ru")


def test_sheet_table_without_rubbers_has_no_rubber_column():
    r = play(["NS 13"], "american")
    table, = r.kind.sheet_tables(r)
    assert len(table.header) == 7
    assert [c.value for c in table.rows[0]] == [1, "7", "", "NS", 7, 7, 0]


def test_empty_game_draws_an_empty_sheet():
    r = play([])
    table, = r.kind.sheet_tables(r)
    assert [c.value for c in table.rows[-1]][-2:] == [0, 0]


def test_describe_result():
    r = play(["NS 9", "void", "NS 8"])
    kind = r.kind
    said = [say(kind.describe_result(x.record.deal, x.outcome, x.context), kind)
            for x in r.results]
    assert said == ["3-0", "void: both sides revoked", "game NS +3"]
    r = play(["NS 11", "NS 11"])
    x = r.results[-1]
    assert say(kind.describe_result(x.record.deal, x.outcome, x.context), kind) == \
        "game NS +3; rubber NS +2"


def test_every_rule_key_has_a_text_and_every_label_both_languages():
    r = play(["NS 9", "EW 7 H:NS4 R:NS", "void", "NS 8 H:EW3", "EW 13 R:EW/add",
              "EW 7 H:EW3", "NS 11", "NS 7 R:EW/transfer", "NS 12 R:NS"])
    for e in r.entries():
        assert e.rule in r.kind.rule_texts, e
    words = r.kind.words
    for key in r.kind.rule_texts:
        for lang in ("en", "ru"):
            assert words.get(f"rule.{key}", lang) and words.get(f"rule.{key}.source", lang)
    for key in words.keys():
        assert words.get(key, "en") and words.get(key, "ru")
