"""Preferans's rule options and presets, the rule texts entries cite, and the sheet's labels.

The options are spec ``preferans.md`` "Options and presets"; each rule text
names the seed section (or the spec's house rule) it comes from, so every
number on the sheet can be traced back to its rule.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

import attrs

from ...game import Cite, RuleText
from ...rules import Boolean, Choice, Integer, IntList, IntMap, Kind, Option, RuleBook

__all__ = ["OPTIONS", "PRESETS", "PRESET_DOCS", "RULEBOOK", "RULE_TEXTS", "LABELS", "LEVELS",
           "MiserePrices"]

#: the sources, as a player knows them (docs/sources.md)
CODE = Cite("the Preferans Code", "Кодекс преферанса")
ENCYCLOPEDIA = Cite("Mendelev's Encyclopedia of Games", "Энциклопедия игр Менделева")
#: our own reading where the books are silent (docs/preferans.md)
HOUSE = Cite("house rule", "домашнее правило")

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



RULE_TEXTS: dict[str, RuleText] = {
    "game_made": RuleText("contract made", "игра сыграна", ENCYCLOPEDIA + HOUSE.at("Contract", "игра")),
    "game_passed": RuleText("both defenders pass", "оба паса, игра без розыгрыша",
                            HOUSE.at("Contract, not played", "игра без розыгрыша")),
    "half_whist_game": RuleText("half-whist: the game counts as made", "полвиста: игра засчитана",
                                CODE.at("§3.8.7")),
    "half_whist": RuleText("half-whist", "полвиста", CODE.at("§3.8.7")),
    "remiz": RuleText("remiz", "ремиз разыгрывающего", ENCYCLOPEDIA + HOUSE.at("Contract", "игра")),
    "consolation": RuleText("consolation", "консоляция", CODE.at("§3.8.1.2")),
    "whist_tricks": RuleText("whist for own tricks", "висты за свои взятки",
                             CODE.at("§3.8.1.1, 3.8.13")),
    "greedy_whist": RuleText("greedy whist", "жлобский вист", CODE.at("§3.8.13")),
    "gentleman_whist": RuleText("gentleman's whist", "джентльменский вист", CODE.at("§3.8.14")),
    "responsible_whist": RuleText("responsible whist: whister's remiz",
                                  "ответственный вист: ремиз вистующего", CODE.at("§3.8.11")),
    "half_responsible_whist": RuleText("half-responsible whist: whister's remiz",
                                       "полуответственный вист: ремиз вистующего",
                                       CODE.at("§3.8.12")),
    "dealer_whist": RuleText("the dealer's whist: vists for the whole defence",
                             "вист сдатчика: висты за всю защиту", CODE.at("§3.8.8, 3.8.8.1")),
    "both_pass_made": RuleText("both pass, played «на своих»: contract made",
                               "оба паса, игра на своих: сыграна", HOUSE.at("both pass", "оба паса")),
    "both_pass_remiz": RuleText("both pass, played «на своих»: remiz",
                                "оба паса, игра на своих: ремиз", HOUSE.at("both pass", "оба паса")),
    "concede": RuleText("conceded («без трёх»): 3 x remiz into the gora",
                        "уход без трёх: в гору тройной ремиз", HOUSE.at("Conceded", "уход без трёх")),
    "concede_consolation": RuleText("conceded: 3 x consolation", "уход без трёх: консоляция "
                                    "за три взятки", HOUSE.at("Conceded", "уход без трёх") + CODE.at("§3.8.1.2")),
    "misere_blind_made": RuleText("blind misère made", "мизер без прикупа сыгран",
                                  ENCYCLOPEDIA + HOUSE.at("Misère", "мизер")),
    "misere_blind_caught": RuleText("blind misère caught", "мизер без прикупа пойман",
                                    ENCYCLOPEDIA + HOUSE.at("Misère", "мизер")),
    "misere_made": RuleText("misère made", "мизер сыгран", HOUSE.at("Misère", "мизер")),
    "misere_caught": RuleText("misère caught", "мизер пойман", HOUSE.at("Misère", "мизер")),
    "allpass": RuleText("all-pass tricks into the gora", "распасы: взятки в гору",
                        HOUSE.at("All-pass", "распасы")),
    "allpass_zero": RuleText("all-pass without a trick", "распасы: за ноль взяток в пульку",
                             HOUSE.at("All-pass", "распасы")),
    "rostov_allpass": RuleText("Rostov all-pass", "ростовские распасы", HOUSE.at("All-pass", "распасы")),
    "rostov_zero": RuleText("Rostov all-pass without a trick", "ростовские распасы: ноль взяток",
                            HOUSE.at("All-pass", "распасы")),
    "help_pulya": RuleText("help into the pulya", "помощь в пулю", HOUSE.at("Closing the pulya", "закрытие пули")),
    "help_vists": RuleText("vists for help", "висты за помощь", HOUSE.at("Closing the pulya", "закрытие пули")),
    "help_gora": RuleText("help beyond every pulya, off the own gora", "списание с горы",
                          HOUSE.at("Closing the pulya", "закрытие пули")),
}

LABELS: dict[str, tuple[str, str]] = {
    # the players' terms, each explained in one line where a page shows it (i18n.terms:
    # the forms as written on the pages, then " — " and the line; docs/glossary.md)
    "term.pulya": ("pulya|pulyas — the points for contracts made; each player must close his "
                   "pulya at the agreed number, and the pulka ends when all are closed",
                   "пуля|пули|пулю|пулей|пуле|пуль — очки за сыгранные игры; каждый должен "
                   "закрыть свою пулю до уговорённого числа, и пулька кончается, когда закрыты все"),
    "term.gora": ("gora|goras — penalty points: for a contract failed, a misère's tricks, "
                  "all-pass tricks; at the end each gora is set against the others'",
                  "гора|горы|гору|горе|горой — штрафные очки: за недобор, за взятки на мизере и "
                  "на распасах; в конце горы сравниваются между собой"),
    "term.vists": ("vists — what a player writes on an opponent (for his whist tricks, a "
                   "failed contract); at the end they are the money between the two",
                   "висты|вистов|вистах — то, что игрок пишет на соперника (за взятки на висте, "
                   "за его недобор); в конце это деньги между ними двумя"),
    "term.whist": ("whist|whister|whisters|whisted — a defender who plays against the "
                   "declarer and writes vists on him for the tricks he takes",
                   "вистующий|вист|вистующие|вистующего|вистующих|вистовал|вистовала|вистовали|"
                   "висте — защитник, который играет против играющего и пишет на него висты "
                   "за свои взятки"),
    "term.pass": ("pass|passes|passed — a defender who does not whist: he writes nothing; "
                  "both pass, and the contract counts as made without play",
                  "пас|паса|пасы|спасовал|спасовала — защитник, который не вистует и ничего не "
                  "пишет; оба паса — игра засчитана без розыгрыша"),
    "term.half": ("half-whist|half — after the first defender passed, the second writes half "
                  "the vists of a made contract, without play",
                  "полвиста|пол-виста — после паса первого защитника второй пишет половину "
                  "вистов за сыгранную игру, без розыгрыша"),
    "term.gone_half": ("gone half — went for a half-whist, then the other answered with a "
                       "whist: he plays on as a passer",
                       "за полвиста|ушёл за полвиста|ушла за полвиста|ушёл на полвиста|ушла на "
                       "полвиста — сказал «полвиста», а другой ответил "
                       "вистом: дальше играет как пасующий"),
    "term.allpass": ("all-pass|all-passes — everybody passed: each plays to take as few "
                     "tricks as possible and writes gora for each trick",
                     "распасы|распасов|распасах — все спасовали: каждый старается взять "
                     "поменьше, за каждую взятку — в гору"),
    "term.misere": ("misère|misere|misères — a contract to take no trick at all",
                    "мизер|мизера|мизере|мизеры — игра на то, чтобы не взять ни одной взятки"),
    "term.concede": ("without three|conceded — the declarer gives the contract up unplayed "
                     "and is written three tricks short",
                     "уход без трёх|без трёх — играющий сдаётся, не играя, и ему пишут три "
                     "недобора"),
    "term.blind": ("blind|no talon — a misère declared before the talon is seen, worth more",
                   "без прикупа — мизер, объявленный не глядя в прикуп; стоит дороже"),
    "term.talon": ("talon — the two cards left aside for the declarer; with four at the "
                   "table the dealer sits out",
                   "прикуп|прикупа|прикупе — две отложенные карты, их берёт играющий; вчетвером "
                   "сдающий сидит «на прикупе» и не играет"),
    "pref.res.rostov": ("all-pass (Rostov)", "распасы (ростовские)"),
    # the all-pass said by its place in the series, as players say it: «вторые распасы»
    "pref.res.allpass": ("{0@ordinal} all-pass", "{0}-е распасы"),
    "pref.res.allpass_1": ("first all-pass", "первые распасы"),
    "pref.res.allpass_2": ("second all-pass", "вторые распасы"),
    "pref.res.allpass_3": ("third all-pass", "третьи распасы"),
    "pref.res.allpass_4": ("fourth all-pass", "четвёртые распасы"),
    "pref.res.allpass_5": ("fifth all-pass", "пятые распасы"),
    "pref.res.misere_made": ("misère made", "мизер сыгран"),
    "pref.res.misere_caught": ("misère caught with {0}", "мизер пойман, взяток: {0}"),
    "pref.res.half": ("half-whist", "полвиста"),
    "pref.res.both_pass": ("both pass", "оба паса"),
    "pref.res.short": ("{0} short on whist", "{0}: недобор на висте"),
    "pref.res.returned": ("(whist returned)", "(вист возвращён)"),
    "pref.res.dealer_whist": ("(the dealer whists)", "(вистует сдатчик)"),
    "pref.res.conceded": ("conceded, down 3", "без трёх"),
    "pref.res.blind": ("(blind)", "(без прикупа)"),
    "pref.pulka": ("Pulka", "Пулька"),
    "pref.totals": ("Totals and settlement", "Итоги и расчёт"),
    "pref.vists_on": ("vists on {0}", "висты на {0@accusative}"),
    "pref.written": ("vists written", "висты написаны"),
    "pref.received": ("vists on him", "висты на него"),
    # the scorepad's drawn sheet (web/draw.py)
    "pref.draw.legend": (
        "From the centre out: gora, pulya, then the vists on each opponent, on his side. "
        "● deals next, ✓ pulya closed, … earlier values.",
        "От центра: гора, пуля, снаружи висты на каждого — с его стороны. "
        "● сдаёт следующим, ✓ пуля закрыта, … ранние записи."),
    # the game and its presets as a player names them (the page, the workbook)
    "game.name": ("Preferans", "Преферанс"),
    "game.title": ("Preferans (pulya, gora, vists)", "Преферанс (пуля, гора, висты)"),
    "preset.sochi": ("Sochi", "Сочи"),
    "preset.leningrad": ("Leningrad", "Ленинград"),
    "preset.rostov": ("Rostov", "Ростов"),
    "preset.classic": ("classic", "классика"),
    "preset.encyclopedia": ("encyclopedia", "энциклопедия"),
    # the example the new-game form shows in the options box
    "rules.hint": ("e.g. pulya=20", "например, pulya=20 — пуля до 20"),
    # a refused deal in one short sentence (i18n.error_message)
    "err.pref.stalingrad": ("A Stalingrad 6♠ is whisted by both defenders.", "Сталинград: 6♠ вистуют оба."),
    "err.pref.totus": ("A 10 is whisted by both defenders.", "Десятерную вистуют оба."),
    "err.pref.one_half": ("Only one defender can go for a half-whist.", "Полвиста может сказать только один вистующий."),
    "err.pref.dealer_says": ("The sitting-out dealer says whist or pass.", "Сдающий на прикупе говорит только «вист» или «пас»."),
    "err.pref.no_half_level": ("No half-whist on {0} under these rules.", "На {0} полвиста не бывает по этим правилам."),
    "err.pref.half_second": ("Only the second defender may go for a half-whist.", "Полвиста может сказать только второй вистующий."),
    "err.pref.half_first": ("Only the first defender may go for a half-whist.", "Полвиста может сказать только первый вистующий."),
    "err.pref.half_needs_pass": ("A half-whist needs the other defender to pass.", "Полвиста — только когда второй спасовал."),
    "err.pref.half_returned": ("The dealer returned the whist: the half-whist is gone.", "Сдающий вернул вист: полвиста ушли."),
    "err.pref.gone_half_needs_whist": ("Gone half means someone returned the whist.", "«Ушёл за полвиста» — только если кто-то вернул вист."),
    "err.pref.dealer_whist_when": ("The dealer whists only when both defenders declined.", "Сдающий вистует, только если оба вистующих отказались."),
    "err.pref.dealer_after_half": ("On {0} the dealer returns the whist only after pass, half-whist, pass.", "На {0} сдающий возвращает вист только после «пас, полвиста, пас»."),
    "err.pref.no_concede": ("These rules do not allow giving a contract up.", "По этим правилам уйти без трёх нельзя."),
    "err.pref.contract": ("Write the contract: 6 to 10 and a suit, misère or all-pass.",
                          "Напишите контракт: от 6 до 10 и масть, мизер или распасы."),
    "err.pref.level": ("A contract is 6 to 10 tricks, not {0}.",
                       "Контракт — от 6 до 10 взяток, а не {0}."),
    "err.pref.suit": ("\"{0}\": there is no such suit; ♠ ♣ ♦ ♥ or NT.",
                      "«{0}» — нет такой масти: П, Т, Б, Ч или БК."),
    "err.pref.no_cards": ("{0} holds no cards in this deal.",
                          "У {0@genitive} в этой сдаче нет карт."),
    "err.pref.four_tricks": ("With four players the dealer sits out: give the tricks of the three who play.",
                             "Вчетвером сдающий не играет: укажите взятки троих играющих."),
    "err.pref.status": ("A defender says whist, pass, half-whist or gone half.",
                        "Вистующий говорит «вист», «пас», «полвиста» или «ушёл за полвиста»."),
    "err.pref.blind_misere": ("Only a misère is declared blind.",
                              "Без прикупа объявляют только мизер."),
    "err.pref.missing_whist": ("Say what each defender said: whist or pass.",
                               "Укажите, что сказал каждый вистующий: вист или пас."),
    "err.pref.self_whist": ("The declarer does not whist against himself.",
                            "Разыгрывающий не вистует сам против себя."),
    "err.pref.missing_status": ("What did {0} say: whist or pass?",
                                "{0}: вист или пас?"),
    "err.pref.not_played": ("Nobody whisted, so the deal was not played: no tricks.",
                            "Никто не вистовал — сдачу не играли, взятки не пишут."),
    "err.pref.played_tricks": ("The deal was played: give the tricks.",
                               "Сдачу играли: укажите взятки."),
    "err.pref.misere_whist": ("Nobody whists a misère.", "Мизер не вистуют."),
    "err.pref.misere_concede": ("Only a contract of 6 to 10 is given up, not a misère.",
                                "Без трёх уходят только с контракта от 6 до 10, не с мизера."),
    "err.pref.misere_tricks": ("Give at least the declarer's tricks.",
                               "Укажите хотя бы взятки разыгрывающего."),
    "err.pref.no_allpass": ("These rules have no all-pass.", "По этим правилам распасов нет."),
    "err.pref.allpass_declarer": ("An all-pass has no declarer: nothing is given up or blind.",
                                  "На распасах нет разыгрывающего: ни «без трёх», ни «без прикупа»."),
    "err.pref.start": ("Start with the declarer's name, or with \"pass\" for an all-pass.",
                       "Начните с имени разыгрывающего или со слова «распасы»."),
    "err.pref.token": ("Cannot read \"{0}\": write NAME:w, NAME:p or the tricks 7/3/0.",
                       "Не понять «{0}»: пишите ИМЯ:в, ИМЯ:п или взятки 7/3/0."),
    "err.pref.status_word": ("\"{0}\" is not a defender's word: w (whist), p (pass), h (half) or gh (gone half).",
                             "«{0}» — не слово вистующего: «в» — вист, «п» — пас, «пол» — полвиста, «gh» — ушёл за полвиста."),
    "err.pref.tricks_both": ("Give the tricks either as 7/3/0 or by name, not both.",
                             "Взятки пишут либо как 7/3/0, либо по именам, но не так и так сразу."),
    "err.pref.dash": ("A dash stands only for the dealer who sits out.",
                      "Прочерк ставят только за сдающего, который не играет."),
    "err.pref.no_contract": ("The contract is missing after the declarer.",
                             "После имени разыгрывающего нужен контракт."),
    "err.pref.concede_alone": ("A contract given up is not played: nothing follows.",
                               "Уход без трёх не играют: после него ничего не пишут."),
    "err.pref.misere_count": ("A misère takes the declarer's tricks (e.g. 1) or each player's by name.",
                              "На мизере пишут взятки разыгрывающего (например, 1) или каждого по имени."),
    "err.pref.counts": ("Give {0} trick counts: the declarer's, then as written.",
                        "Нужно {0} {0|число|числа|чисел} взяток: разыгрывающего, затем по порядку записи."),
    "err.pref.dash_dealer": ("With the dealer's word written, put - for his tricks, e.g. 7/2/1/-.",
                             "Раз записано слово сдающего, вместо его взяток ставят прочерк: 7/2/1/-."),
    "err.pref.allpass_whist": ("Nobody whists on an all-pass.", "На распасах не вистуют."),
    "err.pref.counts_seats": ("Give {0} trick counts, in seat order.",
                              "Нужно {0} {0|число|числа|чисел} взяток, по порядку мест."),
    "err.pref.no_dash": ("With three players everybody plays: no dash.",
                         "Втроём играют все: прочерка нет."),
    "err.pref.dash_four": ("With four players put - for the dealer who sits out, e.g. 4/2/-/4.",
                           "Вчетвером за сдающего ставят прочерк: 4/2/-/4."),
    "err.pref.series_min": ("After all-passes the lowest contract is {0} (or a misère).",
                            "После распасов заказывают не меньше {0} или мизер."),
    "err.pref.dealer_declares": ("{0} deals and sits out, so cannot declare.",
                                 "{0} сдаёт и не играет — заказывать нельзя."),
    "err.pref.dealer_defends": ("{0} deals and sits out: the defenders are the other two.",
                                "{0} сдаёт и не играет: вистуют двое других."),
    "err.pref.dealer_tricks": ("{0} deals and sits out, so takes no tricks.",
                               "{0} сдаёт и не играет — взяток нет."),
    "err.pref.rule_misere": ("The option {0} is two numbers value;price, such as 10;10.",
                             "Опция «{0}» — два числа «стоимость;цена», например «10;10»."),
    "field.whist": ("{0}'s whist", "вист ({0})"),
    # the fields a refused deal names (i18n.error_message)
    "field.blind": ("the blind misère", "мизер без прикупа"),
    "field.concede": ("giving up", "уход без трёх"),
    "field.pulya": ("pulya", "пуля"),
    # a deal in words (the scorepad's list of deals)
    # the result follows and says the misère once: "Боря: мизер пойман, взяток: 2"
    "pref.said.misere": ("{0}:", "{0}:"),
    "pref.said.nt": ("{0} no trumps", "{0} БК"),
    # the result follows and says «без трёх» once: "Аня: 7♥, без трёх"
    "pref.said.concede": ("{0}: {1}", "{0}: {1}"),
    "pref.said.contract": ("{0}: {1}", "{0}: {1}"),
    "pref.said.whist": ("whist: {0}", "вист: {0}"),
    "pref.said.half": ("half-whist: {0}", "полвиста: {0}"),
    "pref.said.gone-half": ("gone half: {0}", "ушёл за полвиста: {0}"),
    "pref.said.pass": ("pass: {0}", "пас: {0}"),
}


#: an entry's detail, the arithmetic behind its number (scoring.py writes the key and the
#: numbers; ``{0|trick|tricks}`` is the word that agrees with argument 0, i18n.text)
DETAIL_LABELS: dict[str, tuple[str, str]] = {
    "pref.d.game": ("{0} game = {1}", "игра {0} = {1}"),
    "pref.d.down": ("down {0} x {1}", "без {0} × {1}"),
    "pref.d.tricks_times": ("{0} {0|trick|tricks} x {1}", "{0} {0|взятка|взятки|взяток} × {1}"),
    "pref.d.tricks_half": ("{0} {0|trick|tricks} x {1} / 2",
                           "{0} {0|взятка|взятки|взяток} × {1} / 2"),
    "pref.d.three_times": ("3 x {0}", "3 × {0}"),
    "pref.d.short": ("{0} {0|trick|tricks} short x {1}", "недобор {0} × {1}"),
    "pref.d.short_half": ("{0} {0|trick|tricks} short x {1} / 2", "недобор {0} × {1} / 2"),
    "pref.d.misere": ("misère = {0}", "мизер = {0}"),
    "pref.d.misere_blind": ("misère = {0} x {1} blind", "мизер = {0} × {1} без прикупа"),
    "pref.d.caught_blind": ("{0} {0|trick|tricks} x {1} x {2} blind",
                            "{0} {0|взятка|взятки|взяток} × {1} × {2} без прикупа"),
    "pref.d.allpass_zero": ("no tricks, {0@ordinal} all-pass = {1}",
                            "без взяток, {0}-й распас = {1}"),
    "pref.d.allpass": ("{0} {0|trick|tricks} x {1}, {2@ordinal} all-pass",
                       "{0} {0|взятка|взятки|взяток} × {1}, {2}-й распас"),
    "pref.d.allpass_amnesty": ("{0} - {1} amnesty = {2} {2|trick|tricks} x {3}, "
                               "{4@ordinal} all-pass",
                               "{0} - {1} амнистия = {2} {2|взятка|взятки|взяток} × {3}, "
                               "{4}-й распас"),
    "pref.d.rostov_zero": ("no tricks = 1", "без взяток = 1"),
    "pref.d.closes": ("{0}, {1} of it closes the pulya",
                      "{0}, из них {1} {1|закрывает|закрывают|закрывают} пулю"),
    "pref.d.help_from": ("{0} points of help from {1}", "помощь от {1@genitive}: {0}"),
    "pref.d.help_times": ("{0} points of help x {1}", "помощь {0} × {1}"),
    "pref.d.help_gora": ("{0} points over every pulya x {1}/{2} off the gora",
                         "{0} сверх каждой пули × {1}/{2} списано с горы"),
}
