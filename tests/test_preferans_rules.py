"""Options and presets (spec preferans.md "Options and presets"), and game-wide properties."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gen_preferans import game_files, legal_deal
from whistscore.games.preferans import GAME
from whistscore.games.preferans.rules import MiserePrices
from whistscore.journal import dumps, from_json, loads
from whistscore.replay import replay
from whistscore.settlement import settle

BOOK = GAME.rulebook

# the spec's table, column by column ("—" cells get the value we chose, see docs)
TABLE = {
    "sochi": dict(pulya=20, values=(2, 4, 6, 8, 10), misere=(10, 10), trick_price=(2, 4, 6, 8, 10),
                  remiz_price=(2, 4, 6, 8, 10), consolation_price=(2, 4, 6, 8, 10),
                  consolation_by="all", obligation=(4, 2, 1, 1, 1), obligation_alone=(4, 2, 1, 1, 1),
                  half_whist=((6, 2), (7, 1)), responsibility="full", whist_style="greedy",
                  allpass="gora", allpass_prices=(1, 2, 3), allpass_amnesty=False, rostov_vists=5,
                  half_whist_by="style", totus_both_whist=False, stalingrad=False,
                  concede="gora-only", both_pass="not-played", misere_blind=1,
                  allpass_exit="any-deal", pulya_points=10, gora_points=10),
}
TABLE["leningrad"] = {**TABLE["sochi"], "misere": (10, 20), "trick_price": (4, 8, 12, 16, 20),
                      "remiz_price": (4, 8, 12, 16, 20), "consolation_price": (4, 8, 12, 16, 20),
                      "responsibility": "half", "whist_style": "gentleman",
                      "allpass_prices": (2, 4, 6), "pulya_points": 20}
TABLE["rostov"] = {**TABLE["sochi"], "responsibility": "half", "whist_style": "gentleman",
                   "allpass": "rostov"}
TABLE["classic"] = {**TABLE["sochi"], "responsibility": "half-until-closed"}
TABLE["encyclopedia"] = {**TABLE["sochi"], "pulya": 200, "values": (20, 40, 60, 80, 100),
                         "misere": (100, 100), "remiz_price": (20, 40, 60, 80, 100),
                         "consolation_by": "defenders", "obligation": (4, 2, 2, 2, 0),
                         "obligation_alone": (4, 2, 1, 1, 0),
                         "half_whist": ((6, 2), (7, 1), (8, 1), (9, 1)),
                         "allpass_prices": (10, 20, 30), "half_whist_by": "either",
                         "totus_both_whist": True, "concede": "off",
                         "pulya_points": 1, "gora_points": 1}


@pytest.mark.parametrize("preset", sorted(TABLE))
def test_presets_match_the_spec_table(preset):
    assert dict(BOOK.resolve({"preset": preset}).values) == TABLE[preset]


def test_default_preset_is_sochi():
    assert BOOK.resolve({}).preset == "sochi"
    assert sorted(BOOK.presets) == ["classic", "encyclopedia", "leningrad", "rostov", "sochi"]


@pytest.mark.parametrize("assignment,name,value", [
    ("whist_style=gentleman", "whist_style", "gentleman"),
    ("pulya=10", "pulya", 10),
    ("values=2/4/6/8/10", "values", (2, 4, 6, 8, 10)),
    ("misere=10;20", "misere", (10, 20)),
    ("trick_price=4,8,12,16,20", "trick_price", (4, 8, 12, 16, 20)),
    ("remiz_price=4/8/12/16/20", "remiz_price", (4, 8, 12, 16, 20)),
    ("consolation_price=1/2/3/4/5", "consolation_price", (1, 2, 3, 4, 5)),
    ("consolation_by=defenders", "consolation_by", "defenders"),
    ("obligation=4/2/2/2/0", "obligation", (4, 2, 2, 2, 0)),
    ("obligation_alone=4/2/1/1/0", "obligation_alone", (4, 2, 1, 1, 0)),
    ("half_whist=6:2,7:1,8:1", "half_whist", ((6, 2), (7, 1), (8, 1))),
    ("half_whist=none", "half_whist", ()),
    ("responsibility=half-until-closed", "responsibility", "half-until-closed"),
    ("allpass=rostov", "allpass", "rostov"),
    ("allpass=off", "allpass", "off"),
    ("allpass_prices=1,2,4,8", "allpass_prices", (1, 2, 4, 8)),
    ("allpass_amnesty=true", "allpass_amnesty", True),
    ("rostov_vists=3", "rostov_vists", 3),
    ("pulya_points=20", "pulya_points", 20),
    ("gora_points=5", "gora_points", 5),
])
@pytest.mark.parametrize("preset", sorted(TABLE))
def test_every_option_alone_on_every_preset(preset, assignment, name, value):
    rules = BOOK.from_cli(preset, [assignment])
    assert rules[name] == value
    assert rules.preset == preset
    for other, expected in TABLE[preset].items():
        if other != name:
            assert rules[other] == expected
    # and it survives the game file
    game = from_json({"format": "whistscore", "version": 1, "game": "preferans",
                      "players": ["A", "B", "C"], "rules": rules.to_json(), "deals": []})
    assert game.rules[name] == value


def test_misere_kind_spellings():
    kind = MiserePrices()
    for raw in ("10;20", "10/20", "10,20", " 10 ; 20 ", [10, 20]):
        assert kind.parse(raw) == (10, 20)
    assert kind.dump((10, 20)) == "10;20"
    for bad in ("10", "a;b", [10, True], [10, -1], 10, "10;20;30"):
        with pytest.raises(ValueError):
            kind.parse(bad)


def test_every_rule_key_has_english_russian_and_source():
    for key, text in GAME.rule_texts.items():
        assert text.en and text.ru and text.source, key


# -- properties -------------------------------------------------------------------------

@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(game_files())
def test_random_legal_pulkas_settle_to_exactly_zero(data):
    rep = replay(from_json(data))
    balance = rep.balance()
    assert sum(balance.values()) == 0
    s = settle(rep)
    assert s.finished == rep.finished
    # a pulka that ended has every pulya closed
    if rep.finished:
        assert all(v["pulya"] == rep.game.rules["pulya"] for v in s.sheet.values())
    for entry in rep.entries():
        assert entry.rule in GAME.rule_texts
        assert not isinstance(entry.amount, float)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(game_files())
def test_replaying_a_saved_game_gives_the_same_sheet(data):
    game = from_json(data)
    rep = replay(game)
    again = replay(loads(dumps(game)))
    assert GAME.sheet_json(again.state, again.game.rules) == GAME.sheet_json(rep.state, game.rules)
    assert list(again.entries()) == list(rep.entries())
    assert again.balance() == rep.balance()
    GAME.sheet_tables(again)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(sorted(TABLE)), st.data())
def test_finished_pulkas_under_every_preset_settle_to_zero(preset, data):
    """Play random legal deals until every pulya closes (small pulya), under each preset."""
    from whistscore.game import DealContext

    players = ("Anna", "Boris", "Vera")
    scale = 10 if preset == "encyclopedia" else 1
    rules = BOOK.resolve({"preset": preset, "pulya": 6 * scale})
    state = GAME.initial_state(players, rules)
    number = 0
    while not GAME.is_finished(state) and number < 400:
        number += 1
        dealer = players[(number - 1) % 3]
        deal = GAME.deal_from_json(data.draw(legal_deal(players, players, rules)), players, rules)
        state = GAME.score(state, deal, DealContext(number, dealer, players, players, rules)).state
    assert sum(GAME.balance(state, rules).values()) == 0
