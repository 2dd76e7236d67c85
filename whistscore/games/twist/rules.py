"""Twist's options, presets and rulebook, the rule texts its entries carry, its sheet labels.

Every entry names one of :data:`RULE_TEXTS` (``Entry.rule``), each citing the
the Twist rules section it follows; the options are the readings spec twist.md leaves
to the table (the starting gora, a failed dil's price, several nota symbols of
one kind).
"""

from __future__ import annotations

from typing import Any, Mapping

from ...game import Cite, RuleText
from ...rules import Choice, Integer, Option, RuleBook

__all__ = ["OPTIONS", "PRESETS", "RULEBOOK", "RULE_TEXTS", "LABELS"]

OPTIONS: tuple[Option, ...] = (
    Option("gora", Integer(1, 1_000_000),
           "the number every player writes into his gora at the start; the game ends when "
           "a gora reaches 0"),
    Option("dil_failure", Choice(("scaled", "literal")),
           "a failed dil: 'scaled' prices the opponents' gora at the value and remark and "
           "vists at 10 x value per trick (the rules' pattern elsewhere); 'literal' uses the "
           "printed 10 (not value or 10 x value)"),
    Option("same_kind", Choice(("one", "all")),
           "several live nota symbols of one kind (the Twist rules «нота»: a symbol is written each "
           "time): one (a contract uses and crosses the oldest X or O; overlapping dazin or "
           "operet windows double a deal once) or all (every live symbol doubles, all are "
           "crossed)"),
)

PRESETS: dict[str, dict[str, Any]] = {
    "seed": {"gora": 30, "dil_failure": "scaled", "same_kind": "one"},
}

_PRESET_DOCS = {"seed": "the Twist rules as whistscore reads them"}


def _check_rules(values: Mapping[str, Any]) -> None:
    if values["gora"] < 1:
        raise ValueError("the gora must be at least 1")


RULEBOOK = RuleBook(
    game="twist",
    options=OPTIONS,
    presets=PRESETS,
    default_preset="seed",
    preset_docs=_PRESET_DOCS,
    check=_check_rules,
)


#: the source, as a player knows it (docs/sources.md)
TWIST_RULES = Cite("the Twist rules", "правила твиста")
_SCORE = TWIST_RULES.at("Score and record", "«Счёт и запись»")
_TWIST = TWIST_RULES.at("Twist", "«Твист»")
RULE_TEXTS: dict[str, RuleText] = {
    "made_remark_declarer": RuleText(
        "contract made: declarer's remark 10 x value", "контракт выполнен: разыгрывающему в ремарк "
        "удесятеренная стоимость", _SCORE.at("¶4")),
    "made_remark_other": RuleText(
        "contract made: the others' remark 1 x value", "контракт выполнен: остальным в ремарк "
        "одинарная стоимость", _SCORE.at("¶4")),
    "made_gora": RuleText(
        "contract made: 1 off the gora per own trick", "контракт выполнен: с горы по 1 за взятку",
        _SCORE.at("¶4")),
    "made_vists": RuleText(
        "contract made: vists on the declarer, value per trick", "контракт выполнен: висты на "
        "разыгрывающего по стоимости за взятку", _SCORE.at("¶4")),
    "view_vist": RuleText(
        "1 vist for the view (partner's cards opened)", "1 вист «за просмотр»",
        _SCORE.at("¶2") + TWIST_RULES.at("Play", "«Разыгрывание»")),
    "failed_gora_declarer": RuleText(
        "contract failed: value into the declarer's gora", "подсад: разыгрывающий пишет в гору "
        "стоимость игры", _SCORE.at("¶5")),
    "failed_gora_partner": RuleText(
        "contract failed: 1 into the partner's gora per undertrick", "подсад: вистующий пишет в "
        "гору по 1 за андер", _SCORE.at("¶5")),
    "failed_gora_opponent": RuleText(
        "contract failed: 1 off an opponent's gora per trick", "подсад: противники списывают с "
        "горы по 1 за взятку", _SCORE.at("¶5")),
    "failed_remark_pair": RuleText(
        "contract failed: value per undertrick off the pair's remark", "подсад: разыгрывающая "
        "пара списывает с ремарка стоимость за андер", _SCORE.at("¶5")),
    "failed_remark_opponent": RuleText(
        "contract failed: value into an opponent's remark", "подсад: противникам в ремарк "
        "стоимость контракта", _SCORE.at("¶5")),
    "failed_vists_declarer": RuleText(
        "contract failed: opponents' vists on the declarer, value per trick", "подсад: висты "
        "противников на объявившего за взятку", _SCORE.at("¶5")),
    "failed_vists_partner": RuleText(
        "contract failed: vists on the partner, value per undertrick", "подсад: висты на "
        "вистующего за каждый андер", _SCORE.at("¶5")),
    "twist_made_remark": RuleText(
        "twist, contract made: twister's remark -2 (-3 with overtricks) x value",
        "твист, контракт выполнен: твистирующий списывает с ремарка двойную (тройную) стоимость",
        _TWIST),
    "twist_made_gora": RuleText(
        "twist, contract made: 2 (3) into the twister's gora", "твист, контракт выполнен: "
        "твистирующий пишет в гору 2 (3) очка «за твист»", _TWIST),
    "twist_made_vists": RuleText(
        "twist, contract made: 2 (3) x value on the twister", "твист, контракт выполнен: "
        "разыгрывающие пишут на твистирующего двойную (тройную) стоимость", _TWIST),
    "bomb_made_gora": RuleText(
        "bomb made: value x own tricks into the gora", "бомба: в гору стоимость x взятки",
        _SCORE.at("¶6")),
    "bomb_made_remark": RuleText(
        "bomb made: 10 x value x own tricks off the remark", "бомба: с ремарка удесятеренная "
        "стоимость за взятку", _SCORE.at("¶6")),
    "bomb_made_vists": RuleText(
        "bomb made: 10 x value per trick of difference on who took more", "бомба: разность "
        "вистов на взявшего больше", _SCORE.at("¶6")),
    "bomb_failed_gora_soloist": RuleText(
        "bomb failed: value per overtrick into the soloist's gora", "подсад на бомбе: севший "
        "пишет в гору по стоимости за овер", _SCORE.at("¶7")),
    "bomb_failed_gora_opponent": RuleText(
        "bomb failed: value off each opponent's gora", "подсад на бомбе: противники списывают с "
        "горы стоимость игры", _SCORE.at("¶7")),
    "bomb_failed_remark": RuleText(
        "bomb failed: 10 x value per overtrick off every remark", "подсад на бомбе: с ремарка "
        "удесятеренная цена за овер", _SCORE.at("¶7")),
    "bomb_failed_vists": RuleText(
        "bomb failed: 10 x value per overtrick on the soloist", "подсад на бомбе: висты на "
        "севшего за овер", _SCORE.at("¶7")),
    "dil_made_gora": RuleText(
        "dil made: value x own tricks off the gora", "дил: с горы стоимость x взятки",
        _SCORE.at("¶8")),
    "dil_made_remark": RuleText(
        "dil made: 10 x value x own tricks into the remark", "дил: в ремарк удесятеренная "
        "стоимость за взятку", _SCORE.at("¶8")),
    "dil_made_vists": RuleText(
        "dil made: 10 x value per trick of difference on who took fewer", "дил: разность "
        "вистов на взявшего меньше", _SCORE.at("¶8")),
    "dil_failed_gora_soloist": RuleText(
        "dil failed: value per undertrick into the soloist's gora", "подсад на диле: "
        "разыгрывающий пишет в гору стоимость за андер", _SCORE.at("¶9")),
    "dil_failed_remark_soloist": RuleText(
        "dil failed: per undertrick off the soloist's remark", "подсад на диле: севший "
        "списывает с ремарка за андеры", _SCORE.at("¶9")),
    "dil_failed_gora_opponent": RuleText(
        "dil failed: (tricks + undertricks) off an opponent's gora", "подсад на диле: "
        "противник списывает с горы (взятки + андеры)", _SCORE.at("¶9")),
    "dil_failed_remark_opponent": RuleText(
        "dil failed: (tricks + undertricks) into an opponent's remark", "подсад на диле: "
        "противник пишет в ремарк (взятки + андеры)", _SCORE.at("¶9")),
    "dil_failed_vists_soloist": RuleText(
        "dil failed: (tricks + undertricks) on the soloist", "подсад на диле: висты на "
        "разыгрывающего (взятки + андеры)", _SCORE.at("¶9")),
    "dil_failed_vists_opponents": RuleText(
        "dil failed: the opponents' vists on each other", "подсад на диле: противники пишут "
        "висты друг на друга на обычной основе", _SCORE.at("¶9")),
    "twist_round_vists": RuleText(
        "twist round: price per trick of difference on who took fewer", "розыгрыш твиста: "
        "разница взяток на имеющего меньше", TWIST_RULES.at("The twist round", "«Розыгрыш твиста»")),
    "settle_gora": RuleText(
        "settlement 1: 10 x the gora left off the remark", "расчет 1: остаток горы x 10 из "
        "ремарка", TWIST_RULES.at("End of the game and settlement 1", "«Завершение партии и взаиморасчёты» 1")),
    "settle_remark": RuleText(
        "settlement 2: twice the remark difference as vists", "расчет 2: удвоенная разница "
        "ремарков в висты", TWIST_RULES.at("End of the game and settlement 2", "«Завершение партии и взаиморасчёты» 2")),
    "settle_vists": RuleText(
        "settlement 3: vists netted pair by pair", "расчет 3: взаиморасчет по вистам",
        TWIST_RULES.at("End of the game and settlement 3", "«Завершение партии и взаиморасчёты» 3")),
}

LABELS: dict[str, tuple[str, str]] = {
    # the players' terms, each explained in one line where a page shows it (i18n.terms:
    # the forms as written on the pages, then " — " and the line; docs/glossary.md)
    "term.gora": ("gora|goras — each player starts with the agreed gora and writes it off "
                  "towards 0 with contracts made; what is left costs 10 remark a point",
                  "гора|горы|гору|горе|горой — каждый начинает с уговорённой горы и списывает "
                  "её сыгранными играми; остаток в конце стоит 10 ремарка за очко"),
    "term.remark": ("remark — the premiums column: written for contracts made, taken off for "
                    "contracts failed",
                    "ремарк|ремарка|ремарке — премии: пишутся за сыгранные игры и снимаются за "
                    "несыгранные"),
    "term.vists": ("vists — what a player writes on another (for tricks against a contract, "
                   "a twist round, a view); settled pair by pair",
                   "висты|вистов|вистах — то, что игрок пишет на другого (за взятки против "
                   "игры, розыгрыш твиста, просмотр); расчёт — попарно"),
    "term.nota": ("nota — the symbols after a name: X and O for bombs and dils, dz (dazin) "
                  "and op (operet); a symbol is crossed out when used",
                  "нота|ноты|ноте — значки после имени: X и O за бомбы и дили, дз (дазин), "
                  "оп (оперет); использованный зачёркивается"),
    "term.bomb": ("bomb|bombs — a solo contract to take few tricks: at most 2, 1 or 0",
                  "бомба|бомбу|бомбы — игра в одиночку на малое число взяток: не больше 2, 1 "
                  "или 0"),
    "term.dil": ("dil|dils — a solo contract to take many tricks: at least 4, 5 or 6",
                 "диль|диля|дили — игра в одиночку на большое число взяток: не меньше 4, 5 "
                 "или 6"),
    "term.twist": ("twist round|twist — the opponents' double of a contract of seven or more; "
                   "the twist round is a no-trump deal everyone plays for vists",
                   "розыгрыш твиста|твист — удвоение соперниками игры от семи; розыгрыш твиста "
                   "— сдача без козыря, где все играют на висты"),
    "term.dazin": ("dazin|dz — a made contract of 12 tricks: doubles the pair's next two "
                   "games", "дазин|дз — сыгранная игра на 12 взяток: удваивает две следующие "
                   "игры пары"),
    "term.operet": ("operet|op — a made contract of 11 tricks: doubles the pair's next two "
                    "games", "оперет|оп — сыгранная игра на 11 взяток: удваивает две следующие "
                    "игры пары"),
    "term.view": ("partner's cards opened — the declarer opened his partner's cards: the "
                  "partner writes 1 vist on him for it, whatever the result",
                  "просмотр|за просмотр — играющий открыл карты партнёра: партнёр пишет на "
                  "него 1 вист, чем бы ни кончилось"),
    "twist.res.round": ("twist round", "розыгрыш твиста"),
    "twist.res.failed_over": ("failed, {0} over", "без выполнения, {0} лишних"),
    "twist.res.failed_under": ("failed, {0} under", "без выполнения, без {0}"),
    "twist.res.twist2": ("(twist x2)", "(твист ×2)"),
    "twist.res.twist3": ("(twist x3)", "(твист ×3)"),
    "twist.res.round_due": ("twist round at {0}", "розыгрыш твиста по {0}"),
    "twist.next_round": ("next: the twist round at {0} a trick (round 1/2/3/4), {1} deals",
                         "дальше розыгрыш твиста по {0} за взятку (запись: round 1/2/3/4), "
                         "сдаёт {1}"),
    "twist.vists_on": ("vists on {0}", "висты на {0@accusative}"),
    "twist.end.step1": ("End of the game, step 1: every remark less 10 x its gora",
                        "Конец партии, шаг 1: ремарк минус 10 × гора"),
    "twist.end.final": ("remark - 10 x gora", "ремарк − 10 × гора"),
    "twist.end.step2": ("Step 2: for each pair the larger remark writes twice the difference, "
                        "netted with the vists the two wrote on each other",
                        "Шаг 2: в каждой паре больший ремарк пишет двойную разницу, "
                        "за вычетом вистов друг на друга"),
    "twist.end.pair": ("Pair", "Пара"),
    "twist.end.doubled": ("2 x difference", "2 x разница"),
    "twist.end.vists": ("vists net", "висты, сальдо"),
    "twist.end.first_wins": ("the first wins", "выигрыш первого"),
    "twist.symbol": ("Symbol", "Значок"),
    "twist.written": ("Written in deal", "Записан в сдаче"),
    "twist.status": ("Status", "Состояние"),
    "twist.active": ("active", "действует"),
    "twist.crossed": ("crossed out in deal {0}", "зачеркнут в сдаче {0}"),
    "twist.bars": ("{0} bar(s)", "черт: {0}"),
    "twist.spent": ("spent (2 bars) in deal {0}", "погашен (2 черты) в сдаче {0}"),
    "twist.nota_title": ("Nota", "Нота"),
    "twist.running": ("Gora and remark after each deal", "Гора и ремарк по сдачам"),
    "twist.gora_of": ("gora {0}", "гора {0}"),
    "twist.remark_of": ("remark {0}", "ремарк {0}"),
    "twist.round_due": ("twist round due", "следует розыгрыш твиста"),
    "twist.sym_crossed": ("{0}(crossed d{1})", "{0} (зачёркнут в сдаче {1})"),
    "twist.sym_bars": ("{0}{1}", "{0}{1}"),
    "twist.kind.dazin": ("dazin", "дазин"),
    "twist.kind.operet": ("operet", "оперет"),
    # the scorepad's drawn sheet (web/draw.py)
    "twist.draw.round_due": ("A twist round is due, at {0} a trick",
                       "Следует розыгрыш твиста, по {0} за взятку"),
    # the scorepad's form, above the fields it sets to the round
    "twist.form.round_due": ("a twist round is due, at {0} per trick",
                             "следует розыгрыш твиста, по {0} за взятку"),
    "draw.dazin": ("dz", "дз"),
    "draw.operet": ("op", "оп"),
    "twist.draw.legend": (
        "From the centre out: gora, remark, then the vists on each opponent. The nota "
        "follows each name: X, O, dz (dazin), op (operet); crossed out when used. "
        "● deals next.",
        "От центра: гора, ремарк, снаружи висты на каждого. Нота — после имени: X, O, "
        "дз (дазин), оп (оперет); использованные зачёркнуты. ● сдаёт следующим."),
    # the game and its presets as a player names them (the page, the workbook)
    "game.name": ("Twist", "Твист"),
    "game.title": ("Twist", "Твист"),
    "preset.seed": ("as the rules say", "по правилам"),
    # the example the new-game form shows in the options box
    "rules.hint": ("e.g. gora=50", "например, gora=50 — гора в 50"),
    # a refused deal in one short sentence (i18n.error_message)
    "err.twist.round_flag": ("A twist round is written as true, or left out.",
                             "Розыгрыш твиста отмечают как «true» или не пишут."),
    "err.twist.bomb_dil": ("A deal is a bomb or a dil, not both.",
                           "Сдача — либо бомба, либо дил, не то и другое."),
    "err.twist.category": ("A bomb or dil is simple, double, clean or all.",
                           "Бомба или дил — простая, двойная, чистая или все."),
    "err.twist.solo_value": ("Of this kind the value is: {0}.",
                             "Стоимость у такой бомбы или дила: {0}."),
    "err.twist.opened": ("The partner passed, so his cards were open.",
                         "Партнёр спасовал — значит, его карты открыты."),
    "err.twist.twisters": ("Name the opponents who said twist.",
                           "Назовите противников, сказавших «твист»."),
    "err.twist.twice": ("{0} says twist only once.", "{0} говорит «твист» только один раз."),
    "err.twist.partner_passed": ("The partner who passed ({0}) does not say twist.",
                                 "Пасовавший партнёр ({0}) «твист» не говорит."),
    "err.twist.opponent": ("Only an opponent says twist, not {0}.",
                           "«Твист» говорит только противник, а не {0}."),
    "err.twist.level": ("Twist is said only against a contract of 7 or higher.",
                        "«Твист» говорят только против контракта от 7 и выше."),
    "err.twist.contract": ("Write the contract: 2 to 12 and a suit or NT (e.g. 8H), or bomb or dil.",
                           "Напишите контракт: от 2 до 12 и масть или БК (например, 8Ч), или «bomb», или «dil»."),
    "err.twist.start": ("Start with the declarer's name, or \"round\" for a twist round.",
                        "Начните с имени заказавшего или со слова «round» для розыгрыша твиста."),
    "err.twist.no_contract": ("The contract is missing after the declarer.",
                              "После имени заказавшего нужен контракт."),
    "err.twist.solo_form": ("Write a {0} as NAME {0} KIND VALUE TRICKS.",
                            "Пишите: ИМЯ {0} ВИД СТОИМОСТЬ ВЗЯТКИ."),
    "err.twist.value": ("The value is a whole number.", "Стоимость — целое число."),
    "err.twist.no_tricks": ("The tricks are missing: four numbers in seat order, e.g. 5/2/4/1.",
                            "Не хватает взяток: четыре числа по порядку мест, например 5/2/4/1."),
    "err.twist.after_tricks": ("Cannot read \"{0}\": after the tricks come open, pass and twist NAME.",
                               "Не понять «{0}»: после взяток пишут «open», «pass» и «twist» с именем."),
    "err.twist.tricks_form": ("The tricks are four numbers in seat order, e.g. 5/2/4/1.",
                              "Взятки — четыре числа по порядку мест, например 5/2/4/1."),
    "err.twist.twister_unknown": ("\"{0}\" is not a player of this game.",
                                  "«{0}» — не игрок этой партии."),
    "err.twist.no_round": ("No twist round is due now.", "Розыгрыша твиста сейчас нет."),
    "err.twist.round_due": ("A twist round is due ({0} a trick): record it first.",
                            "Сейчас розыгрыш твиста (по {0} за взятку): запишите сначала его."),
    # the fields a refused deal names (i18n.error_message)
    "field.dil": ("the dil", "дил"),
    "field.opened": ("the open hand", "открытая игра"),
    "field.partner_passed": ("the partner's pass", "пас партнёра"),
    "field.twist": ("the twist", "твист"),
    "field.twist_round": ("the twist round", "розыгрыш твиста"),
    "field.value": ("the value", "стоимость"),
}


#: an entry's detail, the arithmetic behind its number (scoring.py's ``_d_*`` write the key
#: and the numbers; ``{0|trick|tricks}`` is the word that agrees with argument 0, i18n.text)
DETAIL_LABELS: dict[str, tuple[str, str]] = {
    "twist.d.tricks": ("{0} {0|trick|tricks}", "{0} {0|взятка|взятки|взяток}"),
    "twist.d.times": ("{0} x {1}", "{0} × {1}"),
    "twist.d.tricks_times": ("{0} {0|trick|tricks} x {1}", "{0} {0|взятка|взятки|взяток} × {1}"),
    "twist.d.with_passed": ("{0} {0|trick|tricks} (with the passed partner's)",
                            "{0} {0|взятка|взятки|взяток} (со взятками пасовавшего партнёра)"),
    "twist.d.for_twist": ("{0} for the twist", "{0} за твист"),
    "twist.d.value": ("value {0}", "стоимость {0}"),
    "twist.d.under": ("{0} under", "недобор {0}"),
    "twist.d.under_times": ("{0} under x {1}", "недобор {0} × {1}"),
    "twist.d.over_times": ("{0} over x {1}", "перебор {0} × {1}"),
    "twist.d.view": ("1 vist x {0}", "1 вист × {0}"),
    "twist.d.difference": ("{0} - {1} tricks x {2}", "{0} - {1} {1|взятка|взятки|взяток} × {2}"),
    "twist.d.plus_under": ("({0} {0|trick|tricks} + {1} under) x {2}",
                           "({0} {0|взятка|взятки|взяток} + недобор {1}) × {2}"),
    # a doubling of the player's entries this deal, and why
    "twist.d.x2": ("{0} x2 {1}", "{0} × 2 {1}"),
    "twist.d.why.X": ("(X)", "(X)"),
    "twist.d.why.O": ("(O)", "(O)"),
    "twist.d.why.dazin": ("(dazin)", "(дазин)"),
    "twist.d.why.operet": ("(operet)", "(оперет)"),
    "twist.d.why.twist": ("(twist)", "(твист)"),
}

#: a deal in players' words (sheet.describe_deal: the scorepad's list of deals)
SAID_LABELS: dict[str, tuple[str, str]] = {
    "twist.said.contract": ("{0}: {1}", "{0}: {1}"),
    "twist.said.nt": ("{0} no trumps", "{0} БК"),
    "twist.said.opened": ("partner's cards opened", "с просмотром"),
    "twist.said.partner_passed": ("partner passed", "партнёр спасовал"),
    "twist.said.twist": ("twist: {0}", "твист: {0}"),
    "twist.said.bomb": ("{0}: bomb ({1}) at {2}", "{0}: бомба ({1}) по {2}"),
    "twist.said.dil": ("{0}: dil ({1}) at {2}", "{0}: диль ({1}) по {2}"),
    "twist.said.category.simple": ("simple", "простая"),
    "twist.said.category.double": ("double", "двойная"),
    "twist.said.category.clean": ("clean", "чистая"),
    "twist.said.category.all": ("all", "все"),
}
