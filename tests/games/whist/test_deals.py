"""Bad whist deals: every one is refused with an error naming the field and the value.

Cases from issue 5 ("Bad input") and the spec's deal shape (whist.md, Deals).
"""

from __future__ import annotations

from types import MappingProxyType

import pytest
from hypothesis import given, settings, strategies as st

from whistscore.errors import DealError, InputError, NotationError, RuleError
from whistscore.games.whist import GAME
from whistscore.games.whist.deals import Deal
from whistscore.journal import from_json

from whist_support import PLAYERS, game_file

ENGLISH = GAME.rulebook.resolve({})
AMERICAN = GAME.rulebook.resolve({"preset": "american"})


def refuse(obj, *fields, rules=ENGLISH, kind=DealError):
    with pytest.raises(kind) as info:
        GAME.deal_from_json(obj, PLAYERS, rules)
    message = str(info.value)
    for text in fields:
        assert text in message, message
    return info.value


def refuse_notation(text, *fields, rules=ENGLISH):
    with pytest.raises(NotationError) as info:
        GAME.parse_notation(text, PLAYERS, rules)
    for part in fields:
        assert part in str(info.value), str(info.value)


# -- issue 5, Bad input --------------------------------------------------------------

@pytest.mark.parametrize("value", [14, -1, 100, 10**30])
def test_tricks_outside_0_13(value):
    refuse({"tricks": {"NS": value}}, "tricks.NS", str(value)[:20])


def test_two_sides_not_summing_to_13():
    refuse({"tricks": {"NS": 7, "EW": 7}}, "tricks", "13", '"NS": 7')
    refuse({"tricks": {"Anna": 2, "Boris": 2}}, "tricks", "13")


def test_honours_for_both_sides():
    refuse({"tricks": {"NS": 7}, "honours": {"NS": 3, "EW": 4}}, "honours", "one side")


@pytest.mark.parametrize("count", [0, 1, 2, 5])
def test_honours_of_one_or_two(count):
    refuse({"tricks": {"NS": 7}, "honours": {"EW": count}}, "honours.EW", f"value {count}")


@pytest.mark.parametrize("obj,field,value", [
    ({"tricks": {"Nobody": 7}}, "tricks.Nobody", "Nobody"),
    ({"tricks": {"NE": 7}}, "tricks.NE", "NE"),
    ({"tricks": {"NS": 7}, "honours": {"Zed": 3}}, "honours.Zed", "Zed"),
    ({"tricks": {"NS": 7}, "revoke": {"by": "Zed"}}, "revoke.by", "Zed"),
])
def test_unknown_side_or_player(obj, field, value):
    refuse(obj, field, value)


def test_honours_in_american():
    refuse({"tricks": {"NS": 7}, "honours": {"NS": 4}}, "honours.NS", "american",
           rules=AMERICAN)
    refuse_notation("NS 7 H:NS4", "honours", rules=AMERICAN)


def test_honours_when_an_option_turns_them_off():
    rules = GAME.rulebook.resolve({"honours": "none"})
    refuse({"tricks": {"NS": 7}, "honours": {"NS": 3}}, "honours.NS", rules=rules)


@pytest.mark.parametrize("key", ["contract", "declarer", "score", "honors", "Tricks"])
def test_any_field_the_game_does_not_know(key):
    refuse({"tricks": {"NS": 7}, key: 1}, f"field '{key}'")


def test_unknown_revoke_field():
    refuse({"tricks": {"NS": 7}, "revoke": {"by": "NS", "points": 3}}, "revoke.points")


def test_unknown_rule_option_and_bad_option_values():
    with pytest.raises(RuleError, match="rules.honors"):
        GAME.rulebook.resolve({"honors": "4/3"})
    with pytest.raises(RuleError, match="rules.honours"):
        GAME.rulebook.resolve({"honours": [4]})
    with pytest.raises(RuleError, match="rules.rubber"):
        GAME.rulebook.resolve({"rubber": "best"})
    with pytest.raises(RuleError, match="rules.target"):
        GAME.rulebook.resolve({"target": 0})
    with pytest.raises(RuleError, match="rules.preset"):
        GAME.rulebook.resolve({"preset": "bridge"})


# -- shapes and types ----------------------------------------------------------------

def test_tricks_missing_or_not_an_object():
    refuse({}, "tricks", "missing")
    refuse({"honours": {"NS": 4}}, "tricks")
    refuse({"tricks": 8}, "tricks", "value 8")
    refuse({"tricks": {}}, "tricks")
    refuse({"tricks": [8]}, "tricks")


def test_bool_and_strings_are_not_tricks():
    refuse({"tricks": {"NS": True}}, "tricks.NS", "true")
    refuse({"tricks": {"NS": "8"}}, "tricks.NS", '"8"')
    refuse({"tricks": {"NS": 7.0}}, "tricks.NS", "7.0")
    refuse({"tricks": {"NS": 7}, "honours": {"NS": True}}, "honours.NS", "true")


def test_one_side_named_twice():
    refuse({"tricks": {"Anna": 6, "Vera": 7}}, "tricks.Vera", "NS")
    refuse({"tricks": {"NS": 6, "Vera": 6}}, "tricks.Vera")


def test_revoke_shapes():
    refuse({"tricks": {"NS": 7}, "revoke": "NS"}, "revoke", '"NS"')
    refuse({"tricks": {"NS": 7}, "revoke": {}}, "revoke.by", "missing")
    refuse({"tricks": {"NS": 7}, "revoke": {"by": "NS", "penalty": "double"}},
           "revoke.penalty", "double")
    refuse({"tricks": {"NS": 7}, "revoke": {"by": 1}}, "revoke.by", "1")


def test_void_deal_is_void():
    refuse({"revoke": {"by": "both"}, "tricks": {"NS": 7}}, "tricks", "void")
    refuse({"revoke": {"by": "both"}, "honours": {"NS": 4}}, "honours", "void")
    refuse({"revoke": {"by": "both", "penalty": "add"}}, "revoke.penalty", "add")


def test_error_is_a_value_error_and_carries_the_deal_number_from_the_file():
    data = game_file([{"tricks": {"NS": 7}}, {"tricks": {"NS": 15}}])
    with pytest.raises(InputError) as info:
        from_json(data)
    assert isinstance(info.value, ValueError)
    assert "deal 2" in str(info.value) and "tricks.NS" in str(info.value)


def test_unique_case_insensitive_name_is_accepted():
    deal = GAME.deal_from_json({"tricks": {"anna": 8}}, PLAYERS, ENGLISH)
    assert deal == Deal(8)
    deal = GAME.deal_from_json({"tricks": {"ns": 8}}, PLAYERS, ENGLISH)
    assert deal == Deal(8)


def test_members_name_their_side():
    assert GAME.deal_from_json({"tricks": {"Boris": 8}, "honours": {"Gleb": 4},
                            "revoke": {"by": "Vera", "penalty": "add"}}, PLAYERS, ENGLISH) \
        == Deal(5, "EW", 4, "NS", "add")


# -- notation errors -------------------------------------------------------------------

@pytest.mark.parametrize("text,field", [
    ("", "notation"),
    ("NS", "tricks"),
    ("8", "tricks"),
    ("NS eight", "tricks"),
    ("NS 14", "tricks.NS"),
    ("XY 7", "tricks"),
    ("NS 7 H:NS2", "honours"),
    ("NS 7 H:NS", "honours"),
    ("NS 7 H:XY4", "honours"),
    ("NS 7 H:NS4 H:EW3", "honours"),
    ("NS 7 R:NS R:EW", "revoke"),
    ("NS 7 R:NS/double", "revoke.penalty"),
    ("NS 7 R:both", "revoke"),
    ("void NS 7", "notation"),
    ("NS 7 R:", "revoke"),
])
def test_notation_errors(text, field):
    refuse_notation(text, f"field '{field}'")


def test_score_refuses_honours_under_rules_without_them():
    # A deal value built by a program (not parsed) still cannot score honours
    # under American rules.
    from whistscore.game import DealContext
    state = GAME.initial_state(PLAYERS, AMERICAN)
    ctx = DealContext(3, "Anna", PLAYERS, PLAYERS, AMERICAN)
    with pytest.raises(DealError, match="honours.NS"):
        GAME.score(state, Deal(8, "NS", 4), ctx)


# -- the common deal read in one pass (issue 16) ---------------------------------------

_SIDE = st.sampled_from(["NS", "EW", "Anna", "Boris", "Vera", "Gleb", "ns", "anna", "Both",
                         "both", "x"])
_ODD = st.sampled_from([None, True, 7.0, "7", -1, 14, "NS", [], {}])
_TRICKS = st.dictionaries(_SIDE, st.one_of(st.integers(0, 13), _ODD), min_size=1, max_size=2)
_HONOURS = st.one_of(st.dictionaries(_SIDE, st.one_of(st.sampled_from([3, 4]), _ODD,
                                                      st.just(2)), max_size=2), _ODD)
_REVOKE = st.one_of(st.fixed_dictionaries(
    {"by": st.one_of(_SIDE, _ODD)},
    optional={"penalty": st.sampled_from(["deduct", "transfer", "add", "Add", "x", None, 1]),
              "x": st.just(1)}), _ODD)
_OBJECTS = st.one_of(
    st.fixed_dictionaries({"tricks": _TRICKS},
                          optional={"honours": _HONOURS, "revoke": _REVOKE, "note": st.just(1)}),
    st.fixed_dictionaries({}, optional={"tricks": st.one_of(_TRICKS, _ODD), "honours": _HONOURS,
                                        "revoke": _REVOKE}))


def _read(obj, players, rules):
    try:
        return GAME.deal_from_json(obj, players, rules)
    except DealError as exc:
        return str(exc)


@settings(max_examples=600, deadline=None)
@given(_OBJECTS, st.sampled_from([PLAYERS, ("Anna", "Both", "Vera", "ns")]),
       st.sampled_from([ENGLISH, AMERICAN]))
def test_the_common_deal_read_in_one_pass_is_read_as_the_checks_read_it(obj, players, rules):
    """A file's deal (a dict) is read by a short way when it has the common shape; any
    other mapping goes the long way.  Both ways give the same deal, or the same refusal."""
    assert _read(obj, players, rules) == _read(MappingProxyType(obj), players, rules)


_ODD_PLAYERS = ("Anna", "Both", "Vera", "ns")  # names that are also words of a deal


@pytest.mark.parametrize("obj,players,rules", [
    ({"tricks": {"Anna": 9}, "honours": {"Boris": 3}, "revoke": {"by": "Gleb",
                                                                 "penalty": "transfer"}},
     PLAYERS, ENGLISH),
    ({"tricks": {"ns": 8}}, _ODD_PLAYERS, ENGLISH),  # NS, not the player ns (EW)
    ({"tricks": {"NS": 8}, "revoke": {"by": "Both"}}, _ODD_PLAYERS, ENGLISH),  # both: void
    ({"tricks": {"NS": 8}, "revoke": {"by": "NS", "penalty": "Add"}}, PLAYERS, ENGLISH),
    ({"tricks": {"NS": 8}, "revoke": {"by": "NS", "x": 1}}, PLAYERS, ENGLISH),
    ({"tricks": {"NS": 8}, "honours": {"NS": 4}}, PLAYERS, AMERICAN),
    ({"tricks": {"NS": 8}, "honours": {"NS": 2}}, PLAYERS, ENGLISH),
    ({"tricks": {"NS": 8}, "note": 1}, PLAYERS, ENGLISH),
    ({"tricks": {"NS": True}}, PLAYERS, ENGLISH),
    ({"tricks": {"NS": 14}}, PLAYERS, ENGLISH),
    ({"tricks": {"anna": 8}}, PLAYERS, ENGLISH),
])
def test_deals_on_the_edge_of_the_short_way(obj, players, rules):
    assert _read(obj, players, rules) == _read(MappingProxyType(obj), players, rules)
