"""A fifth game in the club through its own package only (issue 24): the club asks every
game what it knows (``GameType.club``, :class:`whistscore.game.ClubFacts`) and names none.

``tallyclub`` is the tests' tally game (tests/tallygame.py) with its own ClubFacts: each
deal is its winner's "contract" of that many points, made; it has the record of the
highest contract and no part of play beyond contracts by level.  Its numbers are worked
out by hand below from the two files.
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings, strategies as st

import tallygame
import whistscore
from whistscore.club import facts as club_facts
from whistscore.club.facts import MoveTexts, dumps, exact_text, moved_json, moved_template
from whistscore.game import ClubFacts, DealParts, highest_made
from whistscore.games import register
from whistscore.layout import Label

from clirun import run


def _parts(deal: dict) -> DealParts:
    return DealParts(deal["winner"], f"{deal['points']} pts", "contract", deal["points"] * 10)


TALLY = attrs.evolve(
    tallygame.GAME, name="tallyclub", title="Tally club (test game)",
    rulebook=attrs.evolve(tallygame.RULEBOOK, game="tallyclub"),
    words=tallygame.GAME.words.with_texts({
        "en": {"game.name": "Tally", "tallyclub.won": "won"},
        "ru": {"game.name": "Талли", "tallyclub.won": "взял"}}),
    describe_result=lambda deal, outcome, ctx: Label("tallyclub.won"),
    club=ClubFacts(parts=_parts, made=frozenset({"tallyclub.won"}),
                   records=(highest_made("highest_contract", lambda h: f"{h // 10} points"),)))


def _game(folder: Path, name: str, day: str, deals: list[dict]) -> None:
    data = {"format": "whistscore", "version": 1, "game": "tallyclub",
            "players": ["Ann", "Bob"], "rules": {"preset": "plain", "target": 10,
                                                 "style": "plain"},
            "deals": [{**d, "at": f"{day}T20:0{i}:00+01:00"} for i, d in enumerate(deals)],
            "ended": f"{day}T23:00:00+01:00"}
    (folder / name).write_text(json.dumps(data), "utf-8")


@pytest.fixture
def folder(tmp_path: Path):
    """The two evenings, with the game known for this test only (registered, then taken
    out of the registry again, so no other test sees a sixth game)."""
    import whistscore.games as registry

    register(TALLY)
    # evening 1: Ann +3, then Bob +5: Ann -2, Bob +2; evening 2: Ann +4: Ann +4, Bob -4
    _game(tmp_path, "one.json", "2026-10-02", [{"winner": "Ann", "points": 3},
                                              {"winner": "Bob", "points": 5}])
    _game(tmp_path, "two.json", "2026-10-09", [{"winner": "Ann", "points": 4}])
    yield tmp_path
    registry._registered.pop(TALLY.name)
    registry._loaded.pop(TALLY.name)


def test_a_fifth_game_shows_in_the_club_by_its_own_words(folder):
    club = whistscore.club(folder)
    try:
        block = club.standings()["games"]["tallyclub"]
        table = {r["player"]: r for r in block["table"]}
        assert table["Ann"]["points"] == "2" and table["Bob"]["points"] == "-2"  # -2+4, 2-4
        assert table["Ann"]["wins"] == 1 and table["Bob"]["wins"] == 1
        records = {r["record"]: r for r in club.records()["games"]["tallyclub"]}
        # every game's records, then the one this game lists: its highest contract made,
        # Bob's 5 in evening 1 (deal 2), said the game's way
        assert records["highest_contract"]["value"] == "5 points"
        assert records["highest_contract"]["player"] == "Bob"
        assert records["highest_contract"]["deal"] == 2
        assert "most_miseres" not in records and "all_honours" not in records
        assert records["biggest_swing"]["value"] == "5"
        play = club.player("Bob")["games"]["tallyclub"]["play"]
        assert play == {"declared": {"5": {"played": 1, "made": 1}}}  # no misères, no whists
    finally:
        club.close()
    status, out, err = run(["club", folder])
    assert status == 0, err
    assert "Tally · points · 2 evenings" in out  # the game's own short name


def test_a_moves_json_with_names_encoded_once_is_the_encoders():
    moved = {'Аня "q"': 5, "B\\x": Fraction(-61, 3), "C\n": -3, "D%s": Fraction(4, 1),
             "E": Fraction(0), "F": Fraction(-2, 3)}
    template = moved_template(list(moved))
    # the moves in thirds (facts.unit), as the deals' loop counts them
    assert moved_json(template, [15, -61, -9, 12, 0, -2], 3) \
        == dumps({p: exact_text(v) for p, v in moved.items()}) == \
        '{"Аня \\"q\\"":"5","B\\\\x":"-61/3","C\\n":"-3","D%s":"4","E":"0","F":"-2/3"}'
    assert moved_json(moved_template(["D%s", "B\\x"]), [5, -20]) == '{"D%s":"5","B\\\\x":"-20"}'
    texts = MoveTexts(3)  # the texts said before: the same text the second time
    for _ in range(2):
        assert moved_json(template, [15, -61, -9, 12, 0, -2], 3, texts) \
            == '{"Аня \\"q\\"":"5","B\\\\x":"-61/3","C\\n":"-3","D%s":"4","E":"0","F":"-2/3"}'
    assert texts == {15: "5", -61: "-61/3", -9: "-3", 12: "4", 0: "0", -2: "-2/3"}


@attrs.frozen
class _UnhashableDeal(tallygame.TallyDeal):
    __hash__ = None  # type: ignore[assignment]


def test_a_deal_seen_before_gives_the_row_of_a_fresh_one(folder):
    """The deals' file forms kept by value (facts._SHAPES): a deal played again, a game
    read again, an archive with nothing kept and a deal that cannot be kept all give
    the same rows."""
    from whistscore import journal
    from whistscore.replay import replay

    _game(folder, "three.json", "2026-10-16", [{"winner": "Ann", "points": 3},
                                               {"winner": "Bob", "points": 2},
                                               {"winner": "Ann", "points": 3}])
    rp = replay(journal.loads((folder / "three.json").read_text("utf-8")), history=True)
    club_facts._SHAPES.clear()
    fresh = club_facts.deal_rows(rp)
    assert len(club_facts._SHAPES[rp.game.kind]) == 2  # deals 1 and 3 are one value
    assert club_facts.deal_rows(rp) == fresh
    assert fresh[0][3:6] == fresh[2][3:6] == ("Ann", "3 pts", "contract")
    assert fresh[0][-2] == fresh[2][-2] == '{"winner":"Ann","points":3}'
    assert fresh[1][-2] == '{"winner":"Bob","points":2}'
    # kept as two JSON texts a game: the deals' other columns, and their file forms
    rows, deals = club_facts.rows_json(fresh)
    assert json.loads(rows)[2] == [3, "2026-10-16T20:02:00+01:00", "Ann", "Ann", "3 pts",
                                   "contract", "won", 1, 30, None, '{"Ann":"3","Bob":"-3"}',
                                   3.0, None, None, None]
    assert deals == ('[{"winner":"Ann","points":3},{"winner":"Bob","points":2},'
                     '{"winner":"Ann","points":3}]')
    unhashable = [r._replace(record=r.record._replace(
        deal=_UnhashableDeal(r.record.deal.winner, r.record.deal.points))) for r in rp.results]
    club_facts._SHAPES.clear()
    assert club_facts.deal_rows(attrs.evolve(rp, results=tuple(unhashable))) == fresh
    assert club_facts._SHAPES[rp.game.kind] == {}


def _json_dumps(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


#: the columns' encoder of a big refresh (facts.fast_json): orjson's where installed
_FAST = club_facts._encoder()


def test_the_columns_encoder_writes_what_json_dumps_writes():
    """The columns' encoders (orjson's where installed, and the C encoder built once) write
    the same text as json.dumps with the archive's arguments, whatever the value: one
    orjson refuses (an int beyond 64 bits, a lone surrogate, a key that is no string)
    included."""
    for value in ({"declarer": "Аня", "contract": "7S", "whist": {"B\\x": "whist"},
                   "tricks": {"Аня": 7, "C\n": 3}, "concede": True, "note": None},
                  ("Аня", 'B"'), [1.5, -0.0, 10**20, {}], "7♠", 3, None, 2**64, -2**63 - 1,
                  "\ud800", {"a": "\x00\x1f\x7f\u2028\u2029\ufeff/"}, [[[]]], {1: "x"},
                  9999999999999998.0, 0.0001):
        assert _FAST(value) == club_facts.standard_dumps(value) == _json_dumps(value)
    for encode in (_FAST, club_facts.standard_dumps):
        with pytest.raises(TypeError):  # refused as json.dumps refuses it
            encode({"a": Fraction(1, 3)})


_COLUMN = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text()
    | st.floats(min_value=1e-4, max_value=9.99e15) | st.just(0.0),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=5), inner, max_size=4), max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(_COLUMN)
def test_the_columns_encoder_writes_json_dumps_text_for_any_column(value):
    """Any value of the kinds a column holds (floats in the range facts._encoder gives
    orjson: rows_json sends the others to the standard library)."""
    assert _FAST(value) == _json_dumps(value)


def test_orjson_writes_the_columns_where_installed():
    """The faster encoder is the one used where orjson is installed (CPython: a declared
    dependency), the standard library's elsewhere."""
    import orjson  # noqa: F401  (declared on CPython, where the tests run)

    assert _FAST.__qualname__ == "_encoder.<locals>.encode"


def test_a_swing_orjson_writes_otherwise_is_written_by_the_standard_library(monkeypatch):
    """A swing below 1e-4 or from 1e16 on (a game of tiny or huge units): the rows are the
    standard library's text (1e-05, 1e+16), not orjson's (0.00001, 1e16)."""
    monkeypatch.setattr(club_facts, "dumps", _FAST)  # as in a big refresh
    row = (1, None, "A", None, None, "deal", "won", None, None, None, '{"A":"1"}', 0.0,
           None, None, "{}", None)
    for swing, text in ((1e-05, "1e-05"), (2.5e16, "2.5e+16"), (0.5, "0.5")):
        rows, deals = club_facts.rows_json([row, row[:11] + (swing,) + row[12:]])
        assert rows == _json_dumps([row[:14] + row[15:], row[:11] + (swing,) + row[12:14]
                                    + row[15:]])
        assert f",{text}," in rows
        assert deals == "[{},{}]"


def test_the_columns_encoder_falls_back_to_jsons_public_one(monkeypatch):
    """json's C encoder is not its public API: where it takes other arguments or is
    missing, the columns are written by ``JSONEncoder.encode`` (the same text)."""
    from whistscore.club import facts

    def other(*args):
        raise TypeError("c_make_encoder() takes other arguments here")

    value = {"declarer": "Аня", "tricks": {"Аня": 7}}
    for replaced in (other, None):
        with monkeypatch.context() as m:
            m.setattr(json.encoder, "c_make_encoder", replaced)
            encode = facts._standard()
        assert getattr(encode, "__self__", None).__class__ is json.JSONEncoder
        assert encode(value) == _json_dumps(value)
    # here the C encoder is used
    assert getattr(facts.standard_dumps, "__self__", None) is None


def test_without_orjson_or_with_an_orjson_that_writes_otherwise_the_standard_library_writes(
        monkeypatch):
    """Where orjson is missing (the browser's Python), or writes a value of the sample
    otherwise (an older or newer release), every column is the standard library's."""
    from whistscore.club import facts

    with monkeypatch.context() as m:
        m.setitem(sys.modules, "orjson", None)  # import orjson raises ImportError
        encode = facts._encoder()
    assert encode.__qualname__ == "_standard.<locals>.encode"
    import orjson

    with monkeypatch.context() as m:
        m.setattr(orjson, "dumps", lambda value: b"[1e16]")
        encode = facts._encoder()
    assert encode.__qualname__ == "_standard.<locals>.encode"
    assert encode(facts._SAMPLE) == _json_dumps(facts._SAMPLE)
