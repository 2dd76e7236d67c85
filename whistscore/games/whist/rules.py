"""Whist's rule options and presets, the texts of the rules an entry may cite, and the
sheet's own labels.

The three presets are the schools the spec names (``whist.md``, Rules): the seed's
English short whist, the 1864 Laws and American 7-point whist.  Every option a
preset sets is read once per game by :class:`~whistscore.games.whist.scoring.Config`.
"""

from __future__ import annotations

from typing import Any

import attrs

from ...game import Cite, RuleText
from ...rules import Choice, Integer, Kind, Option, RuleBook

__all__ = ["OPTIONS", "PRESETS", "PRESET_DOCS", "RULEBOOK", "RULE_TEXTS", "LABELS",
           "PENALTIES", "HonoursKind", "RubberKind"]

#: the revoke penalties a rule (or a deal) may choose
PENALTIES = ("deduct", "transfer", "add")


# -- rule options ------------------------------------------------------------------

@attrs.frozen
class HonoursKind(Kind):
    """Points for four and for three honours (``4/3``), or ``none`` (American whist)."""

    def parse(self, value: Any) -> tuple[int, int] | None:
        if value is None:
            return None
        if isinstance(value, str):
            text = value.strip().lower()
            if text in ("none", "no", "-", "—", ""):
                return None
            value = text.replace(",", "/").split("/")
        if not isinstance(value, (list, tuple)) or len(value) != 2:
            raise ValueError("must be two numbers four/three (e.g. 4/3) or none")
        out: list[int] = []
        for item in value:
            if isinstance(item, str) and item.strip().isdigit():
                item = int(item.strip())
            if isinstance(item, bool) or not isinstance(item, int) or not 0 <= item <= 100:
                raise ValueError("must be two whole numbers 0..100 (four/three) or none")
            out.append(item)
        return (out[0], out[1])

    def dump(self, value: tuple[int, int] | None) -> Any:
        return "none" if value is None else list(value)

    def show(self, value: tuple[int, int] | None) -> str:
        return "none" if value is None else f"{value[0]}/{value[1]}"

    def describe(self) -> str:
        return "four/three, e.g. 4/3 | none"

    def said(self) -> tuple[str, tuple[Any, ...]]:
        return "whist.rule_honours", ()


@attrs.frozen
class RubberKind(Kind):
    """Rubber points for winning two games of three, or ``none`` (no rubbers)."""

    def parse(self, value: Any) -> int | None:
        if isinstance(value, str):
            text = value.strip().lower().lstrip("+")
            if text in ("none", "no", "-", "—"):
                return None
            if not text.isdigit():
                raise ValueError("must be the rubber points (e.g. 2) or none")
            value = int(text)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
            raise ValueError("must be the rubber points 0..1000 or none")
        return value

    def dump(self, value: int | None) -> Any:
        return "none" if value is None else value

    def show(self, value: int | None) -> str:
        return "none" if value is None else f"best of three, +{value}"

    def describe(self) -> str:
        return "rubber points (best of three), e.g. 2 | none"

    def said(self) -> tuple[str, tuple[Any, ...]]:
        return "whist.rule_rubber", ()


OPTIONS = (
    Option("target", Integer(1, 1000), "points that win a game (5 short whist, 7 American)"),
    Option("honours", HonoursKind(),
           "points for four honours / for three honours, or none (honours not scored)"),
    Option("honours_bar", Choice(("need-trick", "at-four", "none")),
           "need-trick: honours cannot win a game without a trick point in that deal "
           "(the rules); at-four: a side at target - 1 scores no honours (1864 Laws); "
           "none: honours may win a game"),
    Option("losers_honours", Choice(("drop", "count")),
           "drop: the losers' honour points are left out when the game is priced (the rules); "
           "count: they are counted"),
    Option("revoke_penalty", Choice(PENALTIES),
           "default revoke penalty: deduct from the revokers, transfer to the opponents, "
           "add to the opponents"),
    Option("revoke_points", Integer(0, 1000), "points of a revoke penalty"),
    Option("game_value", Choice(("ladder", "seven-minus")),
           "ladder: 3 / 2 / 1 by the losers' score 0 / 1-2 / 3+; "
           "seven-minus: target minus the losers' score"),
    Option("rubber", RubberKind(),
           "rubber points for two games of three (a rubber is best of three), or none"),
)

PRESETS: dict[str, dict[str, Any]] = {
    "english": {"target": 5, "honours": (4, 3), "honours_bar": "need-trick",
                "losers_honours": "drop", "revoke_penalty": "deduct", "revoke_points": 3,
                "game_value": "ladder", "rubber": 2},
    "laws1864": {"target": 5, "honours": (4, 2), "honours_bar": "at-four",
                 "losers_honours": "count", "revoke_penalty": "add", "revoke_points": 3,
                 "game_value": "ladder", "rubber": 2},
    "american": {"target": 7, "honours": None, "honours_bar": "none",
                 "losers_honours": "count", "revoke_penalty": "transfer", "revoke_points": 2,
                 "game_value": "seven-minus", "rubber": None},
}

PRESET_DOCS: dict[str, str] = {
    "english": "English short whist as the rules score it: 5-point game, honours 4/3, "
               "no game on honours alone, losers' honours dropped, rubbers",
    "laws1864": "the 1864 Laws of Short Whist: honours 4/2, none at the score of four, "
                "revoke adds 3 to the claimants",
    "american": "American 7-point whist: no honours, no rubbers, revoke transfers 2, "
                "a game is worth 7 minus the losers' points",
}

RULEBOOK = RuleBook("whist", OPTIONS, PRESETS, "english", PRESET_DOCS)

#: the sources, as a player knows them (docs/sources.md)
WHIST_RULES = Cite("the Whist rules", "правила виста")
_SEED = WHIST_RULES.at("Keeping the score", "«Ведение счёта»")
LAWS_1864 = Cite("the Laws of Short Whist (1864)", "законы короткого виста (1864)")
#: our own reading where the rules are silent (docs/whist.md)
HOUSE = Cite("house rule", "домашнее правило")

RULE_TEXTS: dict[str, RuleText] = {
    "tricks": RuleText(
        "Each trick over six scores one point",
        "Первые шесть взяток очков не приносят; начиная с седьмой, за каждую взятку "
        "начисляется по 1 игровому очку",
        _SEED.at("1); in America 1)", "1); в Америке 1)")),
    "honours": RuleText(
        "Four honours (A K Q J of trumps) score 4, three score 3",
        "Пара получает 4 игровых очка, если ей сдали все четыре онера, и 3 игровых очка, "
        "если сданы любые три онера",
        _SEED.at("2)")),
    "precedence": RuleText(
        "Tricks score before honours: once a side has reached the target, nothing later "
        "in the deal counts",
        "Если обе пары в одной сдаче набрали по 5 игровых очков, очки за взятки имеют "
        "преимущество перед очками за онеры",
        _SEED.at("2)") + HOUSE.at("Scoring a deal", "подсчёт сдачи")),
    "honours_need_trick": RuleText(
        "On the last deal a side must take a trick before it can claim the game: "
        "honours alone stop at target - 1",
        "При последней сдаче, прежде чем объявить партию, нужно взять по меньшей мере "
        "одну взятку",
        _SEED.at("2)") + HOUSE.at("honours only with a trick point", "онёры только при очке за взятки")),
    "honours_at_four": RuleText(
        "A side at the score of four (target - 1) when the deal begins scores no honours",
        "Пара, у которой до сдачи четыре очка (цель - 1), онеров не считает",
        LAWS_1864.at("law 4", "закон 4") + HOUSE.at("no honours at four", "без онёров при четырёх")),
    "revoke_deduct": RuleText(
        "Revoke: the side that revoked loses the penalty points (never below 0)",
        "Пара, допустившая ренонс, теряет 3 игровых очка",
        _SEED.at("3) a)", "3) а)")),
    "revoke_transfer": RuleText(
        "Revoke: the side that revoked gives the penalty points to its opponents",
        "Пара, допустившая ренонс, отдает 3 игровых очка своим соперникам "
        "(в Америке — 2 очка)",
        _SEED.at("3) b); in America 2)", "3) б); в Америке 2)")),
    "revoke_add": RuleText(
        "Revoke: the opponents of the side that revoked gain the penalty points",
        "Соперники получают 3 игровых очка",
        _SEED.at("3) c)", "3) в)")),
    "revoke_bar": RuleText(
        "A side that revoked cannot win the game in that deal: it stops at target - 1",
        "Партнеры не могут выиграть партию, в розыгрыше которой у них был ренонс",
        WHIST_RULES.at("Rules of play, Revoke", "«Правила игры», «Ренонс»")),
    "void": RuleText(
        "Both sides revoked: the cards are thrown in and the deal is played again; "
        "nothing is scored",
        "Если в одном и том же розыгрыше у обеих пар был ренонс, все карты сбрасываются, "
        "и производится новая сдача",
        WHIST_RULES.at("Rules of play, Revoke", "«Правила игры», «Ренонс»")),
    "game_ladder": RuleText(
        "The winners of a game score 3 if the losers have no points, 2 if they have 1 or 2, "
        "1 if they have 3 or 4",
        "После каждой партии победителям начисляются: 3 очка, если у соперников нет "
        "игровых очков; 2 очка, если 1 или 2; 1 очко, если 3 или 4",
        _SEED.at("after each game", "после каждой партии")),
    "losers_honours": RuleText(
        "After the game the losers' honours are not counted in their score: the game is "
        "priced on the losers' score without them",
        "После партии счет онеров у проигравших не учитывается в их общем игровом счете",
        _SEED.at("2)")),
    "game_seven_minus": RuleText(
        "American: the side that first reaches 7 scores 7 minus the losers' points",
        "Пара, первой набравшая 7 игровых очков, зачисляет на свой счет разницу между семью "
        "и очками проигравших",
        _SEED.at("in America", "в Америке")),
    "rubber": RuleText(
        "A rubber is the best of three games; its winners gain 2 rubber points "
        "(a third game is not played after 2-0)",
        "Победители двух из трех партий получают 2 дополнительных очка за роббер; если "
        "первые две партии выиграны одной парой, третья не играется",
        _SEED.at("Rubber", "«Роббер»")),
}

LABELS: dict[str, tuple[str, str]] = {
    # the players' terms, each explained in one line where a page shows it (i18n.terms:
    # the forms as written on the pages, then " — " and the line; docs/glossary.md)
    "term.rubber": ("rubber|rubbers — the best of three games: the side that wins two wins "
                    "the rubber and its points",
                    "роббер|роббера|робберы|робберов — до двух выигранных партий: пара, "
                    "выигравшая две, берёт роббер и его очки"),
    "term.game": ("game|games — won by the side that first reaches the game's points below "
                  "the line; it is then written above the line at 1 to 3",
                  "партия|партию|партии — её выигрывает пара, первой набравшая очки партии под "
                  "чертой; тогда она пишется над чертой, от 1 до 3"),
    "term.honours": ("honours|honour — the ace, king, queen and jack of trumps: a side that "
                     "held three or four of them scores 2 or 4",
                     "онёры|онеры|онёрами|онерами|онёров — туз, король, дама и валет козырей: "
                     "пара, у которой их было три или четыре, пишет 2 или 4"),
    "term.revoke": ("revoke|revoked — not following suit when one could; the other side "
                    "takes points for it",
                    "ренонс|ренонсом|ренонса — не пошёл в масть, хотя мог; другая пара "
                    "получает за это очки"),
    "whist.res.void": ("void: both sides revoked", "пересдача: ренонс у обеих пар"),
    "whist.res.game": ("game {0} +{1}", "партия {0} +{1}"),
    "whist.res.rubber": ("rubber {0} +{1}", "роббер {0} +{1}"),
    "rubber_no": ("Rubber", "Роббер"),
    "game_no": ("Game", "Партия"),
    "rubber": ("rubber", "роббер"),
    "game": ("game", "партия"),
    "side_points": ("{0} points", "очки {0}"),
    "won_by": ("Won by", "Выиграли"),
    "value": ("Value", "Стоимость"),
    "side_total": ("Total {0}", "Итого {0}"),
    "rubber_row": ("rubber (+{0})", "роббер (+{0})"),
    "in_play": ("in play", "идет"),
    "total": ("Total", "Итого"),
    "even": ("even", "ровно"),
    "score_title": ("Whist score", "Запись виста"),
    "tricks": ("tricks", "взятки"),
    "honours": ("honours", "онеры"),
    "revoke": ("revoke", "ренонс"),
    # the scorepad's drawn sheet (web/draw.py)
    "whist.draw.legend": (
        "Above the double line: the games and rubbers won, which are paid; below it: "
        "each side's points in the game, a line under each game; points reached by "
        "honours in italics, by a revoke in red.",
        "Над двойной чертой — выигранные партии и робберы (они и оплачиваются); под ней — "
        "очки сторон в текущей партии, черта под каждой партией; очки с онёрами — курсивом, "
        "с ренонсом — красным."),
    # the game and its presets as a player names them (the page, the workbook)
    "game.name": ("Whist", "Вист"),
    "game.title": ("Whist", "Вист"),
    "preset.english": ("English", "английский"),
    "preset.laws1864": ("the 1864 laws", "законы 1864 года"),
    "preset.american": ("American", "американский"),
    # the example the new-game form shows in the options box
    "rules.hint": ("e.g. target=7", "например, target=7 — игра до 7 очков"),
    # a refused deal in one short sentence (i18n.error_message)
    "err.whist.side_text": ("Name the side: NS, EW or a player.",
                            "Укажите пару: NS, EW или игрока."),
    "err.whist.side": ("\"{0}\" is not a side: NS, EW or a player.",
                       "«{0}» — не пара: NS, EW или игрок."),
    "err.whist.no_honours": ("These rules do not score honours.",
                             "По этим правилам онёры не считают."),
    "err.whist.void_nothing": ("Both sides revoked: the deal is void and scores nothing.",
                               "Ренонс у обеих пар: сдача не считается, писать нечего."),
    "err.whist.tricks": ("Give the tricks of one side, e.g. NS 8.",
                         "Укажите взятки одной пары, например NS 8."),
    "err.whist.two_sides": ("There are only two sides.", "Пар всего две."),
    "err.whist.honours": ("A side scores 3 or 4 honours; two and two: leave honours out.",
                          "Пара пишет 3 или 4 онёра; два на два — онёры не пишут."),
    "err.whist.honours_one": ("Only one side can hold three or four honours.",
                              "Три или четыре онёра бывают только у одной пары."),
    "err.whist.revoke": ("Name the side that revoked.", "Укажите пару, сделавшую ренонс."),
    "err.whist.void_penalty": ("Both sides revoked: the deal is void, with no penalty.",
                               "Ренонс у обеих пар: сдача не считается, штрафа нет."),
    "err.whist.penalty": ("The penalty is deduct, transfer or add.",
                          "Штраф — «deduct», «transfer» или «add»."),
    "err.whist.empty": ("The deal is empty: write the side and its tricks, e.g. NS 8.",
                        "Сдача пустая: напишите пару и её взятки, например NS 8."),
    "err.whist.revoke_once": ("Write a revoke once; both sides: void.",
                              "Ренонс пишут один раз; у обеих пар — «void»."),
    "err.whist.void_alone": ("A void deal is written alone: void.",
                             "Несчитанную сдачу пишут одним словом: «void»."),
    "err.whist.side_tricks": ("Write the side and its tricks, e.g. NS 8.",
                              "Напишите пару и её взятки, например NS 8."),
    "err.whist.one_side": ("Write one side's tricks only (the other took the rest of 13), e.g. NS 8.",
                           "Пишут взятки одной пары (у другой остальные из 13), например NS 8."),
    "err.whist.honours_split": ("Honours split two and two score nothing: leave them out.",
                                "Онёры два на два не пишут."),
    "err.whist.honours_form": ("Write honours as H:NS4.", "Онёры пишут так: «H:NS4»."),
    "err.whist.rule_honours": ("The option {0} is four/three, such as 4/3, or none.",
                               "Опция «{0}» — «четыре/три», например «4/3», или «none»."),
    "err.whist.rule_rubber": ("The option {0} is the rubber points, such as 2, or none.",
                              "Опция «{0}» — очки за роббер, например «2», или «none»."),
    # the fields a refused deal names (i18n.error_message)
    "field.honours": ("the honours", "онёры"),
    "field.revoke": ("the revoke", "ренонс"),
}

#: an entry's detail, the arithmetic behind its number (scoring.py writes the key and the
#: numbers, i18n.text says them)
DETAIL_LABELS: dict[str, tuple[str, str]] = {
    "whist.d.void": ("both sides revoked: deal thrown in", "ренонс у обеих пар: сдача не считается"),
    "whist.d.revoke": ("revoke: -{0}", "ренонс: -{0}"),
    "whist.d.revoke_only": ("revoke: -{0}, only {1} to lose",
                            "ренонс: -{0}, списать можно только {1}"),
    "whist.d.revoke_by": ("revoke by {0}: +{1}", "ренонс {0}: +{1}"),
    "whist.d.tricks": ("{0} tricks: {1} by cards", "{0} {0|взятка|взятки|взяток}: {1} за взятки"),
    "whist.d.tricks_won": ("{0} by cards not scored: game already won",
                           "{0} за взятки не засчитано: партия уже выиграна"),
    "whist.d.tricks_barred": ("{0} by cards, stopped at {1}: revoked",
                              "{0} за взятки, остановлено на {1}: ренонс"),
    "whist.d.honours_won": ("{0} honours not scored: game already won",
                            "{0} за онеры не засчитано: партия уже выиграна"),
    "whist.d.honours_at_four": ("{0} honours not scored: at {1} before the deal",
                                "{0} за онеры не засчитано: до сдачи уже {1}"),
    "whist.d.honours": ("{0} honours: {1}", "онеры {0}: {1}"),
    "whist.d.stopped": ("{0}, stopped at {1}: {2}", "{0}, остановлено на {1}: {2}"),
    "whist.d.why.revoked": ("revoked", "ренонс"),
    "whist.d.why.no_trick": ("no trick point", "нет очка за взятки"),
    # how a game was priced: "5-2 -> double 2", "5-2 -> 5 - 2 = 3"
    "whist.d.score": ("{0}-{1}", "{0}-{1}"),
    "whist.d.held": ("{0}, losers' {1} for honours left out: {2}",
                     "{0}, онеры проигравших ({1}) не в счёт: {2}"),
    "whist.d.ladder": ("{0} -> {1} {2}", "{0} -> {1} {2}"),
    "whist.d.single": ("single", "одинарная"),
    "whist.d.double": ("double", "двойная"),
    "whist.d.treble": ("treble", "тройная"),
    "whist.d.minus": ("{0} -> {1} - {2} = {3}", "{0} -> {1} - {2} = {3}"),
    "whist.d.rubber": ("rubber {0}-{1}: {2} + {3} - {4} = {5}",
                       "роббер {0}-{1}: {2} + {3} - {4} = {5}"),
}

#: a deal in players' words (sheet.describe_deal: the scorepad's list of deals)
SAID_LABELS: dict[str, tuple[str, str]] = {
    "whist.said.side": ("{0} ({1} & {2})", "{0} ({1} и {2})"),
    "whist.said.tricks": ("{0}: {1} {1|trick|tricks}", "{0}: {1} {1|взятка|взятки|взяток}"),
    "whist.said.honours": ("{1} honours: {0}", "{1} {1|онёр|онёра|онёров}: {0}"),
    "whist.said.revoke": ("revoke: {0}", "ренонс: {0}"),
}
