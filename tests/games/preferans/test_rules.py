"""Options and presets (spec preferans.md "Options and presets"); game-wide properties over
random pulkas are in test_properties.py."""

import pytest

from whistscore.games.preferans import GAME
from whistscore.games.preferans.rules import MiserePrices
from whistscore.journal import from_json

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
    for key in GAME.rule_texts:
        for lang in ("en", "ru"):
            assert GAME.words.get(f"rule.{key}", lang), (key, lang)
            assert GAME.words.get(f"rule.{key}.source", lang), (key, lang)
