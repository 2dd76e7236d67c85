"""Preferans's rule options and presets, the rule texts entries cite, and the sheet's labels.

The options are spec ``preferans.md`` "Options and presets"; each rule text
names the seed section (or the spec's house rule) it comes from, so every
number on the sheet can be traced back to its rule.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

import attrs

from ...game import Cite
from ...rules import Boolean, Choice, Integer, IntList, IntMap, Kind, Option, RuleBook

__all__ = ["OPTIONS", "PRESETS", "PRESET_DOCS", "RULEBOOK", "RULE_TEXTS", "LEVELS",
           "MiserePrices"]

#: the sources, as a player knows them (docs/sources.md)
CODE = Cite("the Preferans Code")
ENCYCLOPEDIA = Cite("Mendelev's Encyclopedia of Games")

#: the contracts' levels, in the order the per-level options list their values
LEVELS = (6, 7, 8, 9, 10)


@attrs.frozen
class MiserePrices(Kind):
    """The misère option: pulya for a made misère; gora per trick when caught.

    Typed ``10;20`` (also ``10/20`` or ``10,20``) or given as a JSON list
    ``[10, 20]``; the file keeps the ``10;20`` text the spec's table uses.
    """

    def parse(self, value: Any) -> tuple[int, int]:
        parts: list[Any]
        if isinstance(value, str):
            parts = [p.strip() for p in re.split(r"[;/,]", value)]
        elif isinstance(value, (list, tuple)):
            parts = list(value)
        else:
            raise ValueError("must be two numbers value;price such as 10;10")
        if len(parts) != 2:
            raise ValueError("must be two numbers value;price such as 10;10")
        out: list[int] = []
        for part in parts:
            if isinstance(part, str) and part.isdigit() and part.isascii():
                part = int(part)
            if isinstance(part, bool) or not isinstance(part, int) or part < 0:
                raise ValueError("must be two whole numbers, not negative, such as 10;10")
            out.append(part)
        return (out[0], out[1])

    def dump(self, value: tuple[int, int]) -> str:
        return f"{value[0]};{value[1]}"

    def describe(self) -> str:
        return "value;price such as 10;10"

    def said(self) -> tuple[str, tuple[Any, ...]]:
        return "pref.rule_misere", ()


_PER_LEVEL = IntList(length=5, minimum=0)

OPTIONS = (
    Option("pulya", Integer(1, 100000),
           "pulya each player must close; the pulka ends when every pulya is closed"),
    Option("values", _PER_LEVEL,
           "pulya for a made 6/7/8/9/10 (also when both pass or on a half-whist)"),
    Option("misere", MiserePrices(), "pulya for a made misère; gora per trick when it is caught"),
    Option("trick_price", _PER_LEVEL, "vists a whister writes per defence trick, by level 6..10"),
    Option("remiz_price", _PER_LEVEL,
           "gora per declarer undertrick (and per whister's missing trick), 6..10"),
    Option("consolation_price", _PER_LEVEL,
           "vists per declarer undertrick, written by each consoler, 6..10"),
    Option("consolation_by", Choice(("all", "defenders")),
           "who consoles a failed declarer: all (both defenders and a sitting-out dealer) "
           "or defenders"),
    Option("obligation", _PER_LEVEL, "defence tricks two whisters owe together, 6..10"),
    Option("obligation_alone", _PER_LEVEL, "defence tricks a lone whister owes, 6..10"),
    Option("half_whist", IntMap(keys=LEVELS, minimum=0),
           "tricks a half-whist is credited with, by level; levels not listed allow no half-whist"),
    Option("responsibility", Choice(("full", "half", "half-until-closed", "none")),
           "a short whister's gora per missing trick: full remiz price, half of it, half "
           "until his own pulya is closed, or nothing"),
    Option("whist_style", Choice(("greedy", "gentleman")),
           "greedy (the Preferans Code §3.8.13) or gentleman's whist (3.8.14)"),
    Option("allpass", Choice(("gora", "rostov", "off")),
           "all-pass scoring: tricks into the gora, the Rostov vists, or no all-pass at all"),
    Option("allpass_prices", IntList(length=None, minimum=0),
           "price per trick of the 1st, 2nd, 3rd... all-pass in a row; the last repeats"),
    Option("allpass_amnesty", Boolean(),
           "subtract the smallest trick count before pricing an all-pass"),
    Option("rostov_vists", Integer(0, 100000), "vists per trick on the Rostov all-pass"),
    Option("half_whist_by", Choice(("style", "second", "first", "either")),
           "who may go for half-whist when the other defender passed: style (greedy: the "
           "second only, the Preferans Code §3.8.7; gentleman: either, 3.8.14), second, first or either "
           "(Mendelev's Encyclopedia: the first after «вист» says «Свои», the second after a pass «За "
           "двумя / за одной»)"),
    Option("totus_both_whist", Boolean(),
           "a 10 is whisted by both defenders, who owe no shortfall (Mendelev's Encyclopedia: «Если "
           "играется «тотус», вистуют оба противника, но они не штрафуются»)"),
    Option("stalingrad", Boolean(),
           "6♠ must be whisted by both defenders: no pass, no half-whist (house rule: "
           "Stalingrad)"),
    Option("concede", Choice(("gora-only", "consolation", "off")),
           "«уход без трёх», a contract given up unplayed (\"concede\": true): gora-only (the "
           "declarer's gora += 3 x remiz price), consolation (also 3 x consolation from every "
           "consoler), or off (refused); house rule: Conceded"),
    Option("both_pass", Choice(("not-played", "play-6-7")),
           "both defenders pass: not-played (the game is written, the Preferans Code §3.8.9) or "
           "play-6-7 (a 6 or 7 is played «на своих»: made → the game, failed → the remiz, "
           "no vists)"),
    Option("misere_blind", Integer(1, 100),
           "a misère without the talon («мизер без прикупа», \"blind\": true; Mendelev's Encyclopedia) is "
           "worth this multiple of the misère value and of its price per caught trick"),
    Option("allpass_exit", Choice(("any-deal", "made-8")),
           "how an all-pass series ends: any-deal (at any other deal) or made-8 (only when an "
           "8, 9, 10 or a misère is made; meanwhile a contract must be 7+ after one all-pass, "
           "8+ after two); house rule: All-pass"),
    Option("pulya_points", Integer(0, 100000),
           "P: vists one pulya point is worth at settlement; also the help rate"),
    Option("gora_points", Integer(1, 100000), "G: vists one gora point is worth at settlement"),
)

_SOCHI: dict[str, Any] = {
    "pulya": 20,
    "values": (2, 4, 6, 8, 10),
    "misere": (10, 10),
    "trick_price": (2, 4, 6, 8, 10),
    "remiz_price": (2, 4, 6, 8, 10),
    "consolation_price": (2, 4, 6, 8, 10),
    "consolation_by": "all",
    "obligation": (4, 2, 1, 1, 1),
    "obligation_alone": (4, 2, 1, 1, 1),
    "half_whist": ((6, 2), (7, 1)),
    "responsibility": "full",
    "whist_style": "greedy",
    "allpass": "gora",
    "allpass_prices": (1, 2, 3),
    "allpass_amnesty": False,
    "rostov_vists": 5,
    "half_whist_by": "style",
    "totus_both_whist": False,
    "stalingrad": False,
    "concede": "gora-only",
    "both_pass": "not-played",
    "misere_blind": 1,
    "allpass_exit": "any-deal",
    "pulya_points": 10,
    "gora_points": 10,
}

PRESETS: dict[str, dict[str, Any]] = {
    "sochi": dict(_SOCHI),
    "leningrad": {**_SOCHI, "misere": (10, 20), "trick_price": (4, 8, 12, 16, 20),
                  "remiz_price": (4, 8, 12, 16, 20), "consolation_price": (4, 8, 12, 16, 20),
                  "responsibility": "half", "whist_style": "gentleman",
                  "allpass_prices": (2, 4, 6), "pulya_points": 20},
    "rostov": {**_SOCHI, "responsibility": "half", "whist_style": "gentleman",
               "allpass": "rostov"},
    "classic": {**_SOCHI, "responsibility": "half-until-closed"},
    "encyclopedia": {**_SOCHI, "pulya": 200, "values": (20, 40, 60, 80, 100),
                     "misere": (100, 100), "remiz_price": (20, 40, 60, 80, 100),
                     "consolation_by": "defenders", "obligation": (4, 2, 2, 2, 0),
                     "obligation_alone": (4, 2, 1, 1, 0),
                     "half_whist": ((6, 2), (7, 1), (8, 1), (9, 1)),
                     "allpass_prices": (10, 20, 30), "half_whist_by": "either",
                     "totus_both_whist": True, "concede": "off",
                     "pulya_points": 1, "gora_points": 1},
}

PRESET_DOCS = {
    "sochi": "Sochi (default): responsible greedy whist, all-pass 1,2,3 into the gora",
    "leningrad": "Leningrad: doubled vists and remizes, half-responsible gentleman's whist, "
                 "all-pass 2,4,6, a pulya point is 20 vists",
    "rostov": "Rostov: half-responsible gentleman's whist, the Rostov all-pass (5 vists a trick)",
    "classic": "classic: greedy whist, half-responsible until the whister's pulya is closed",
    "encyclopedia": "Mendelev's Encyclopedia of Games: pulya 200, games 20..100, "
                    "vists 2..10, defenders console, points and vists 1:1",
}


def _check_rules(values: Mapping[str, Any]) -> None:
    for name in ("obligation", "obligation_alone"):
        for level, owed in zip(LEVELS, values[name]):
            if owed > 10:
                raise ValueError(f"{name} for {level} is {owed}; the defence has only 10 tricks")
    for level, tricks in values["half_whist"]:
        if tricks > 10:
            raise ValueError(f"half_whist for {level} is {tricks}; there are only 10 tricks")


RULEBOOK = RuleBook(
    game="preferans",
    options=OPTIONS,
    presets=PRESETS,
    default_preset="sochi",
    preset_docs=PRESET_DOCS,
    check=_check_rules,
    usual={"pulya": (10, 20, 30, 50)},
)



#: every rule an entry may carry (``Entry.rule``); each is named, with its source, in
#: the game's catalogues (``rule.<key>``, ``rule.<key>.source``: locale/<lang>.po)
RULE_TEXTS: tuple[str, ...] = (
    "game_made",
    "game_passed",
    "half_whist_game",
    "half_whist",
    "remiz",
    "consolation",
    "whist_tricks",
    "greedy_whist",
    "gentleman_whist",
    "responsible_whist",
    "half_responsible_whist",
    "dealer_whist",
    "both_pass_made",
    "both_pass_remiz",
    "concede",
    "concede_consolation",
    "misere_blind_made",
    "misere_blind_caught",
    "misere_made",
    "misere_caught",
    "allpass",
    "allpass_zero",
    "rostov_allpass",
    "rostov_zero",
    "help_pulya",
    "help_vists",
    "help_gora",
)



