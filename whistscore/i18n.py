"""Sheet words in English and Russian, and the sentence that explains an entry.

The players' own terms (pulya, gora, remark, nota) stay as they are in the
English texts; the Russian texts use the words written on paper.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from .layout import Label, Phrase
from .ledger import Entry, format_amount

if TYPE_CHECKING:  # a game's own words are read from it; the games import this module's peers
    from collections.abc import Sequence

    from .errors import InputError
    from .game import GameType, RuleText

__all__ = ["LANGS", "CORE_LABELS", "Term", "terms", "term_spans", "text", "rule_name", "explain", "column_name", "detail_text",
           "game_title", "game_name", "preset_name", "plural_ru", "name_case", "pays", "count_deals", "error_message",
           "entries_said"]

LANGS = ("en", "ru")

CORE_LABELS: dict[str, tuple[str, str]] = {
    # the players' terms that every game shares, explained in one line where a page shows
    # them (terms(); each game adds its own at the top of its LABELS; docs/glossary.md)
    "term.declarer": ("declarer — the player who won the bidding and plays the contract",
                      "играющий|играющего|играющему|играющим — игрок, который назначил игру и "
                      "играет её"),
    "player": ("Player", "Игрок"),
    "side": ("Side", "Пара"),
    "deal": ("Deal", "Сдача"),
    "dealer": ("Dealer", "Сдающий"),
    "notation": ("Deal played", "Игра"),
    "result": ("Result", "Итог"),
    "balance": ("Balance", "Баланс"),
    "money": ("Money", "Деньги"),
    "total": ("Total", "Итого"),
    "from": ("From", "Кто платит"),
    "to": ("To", "Кому"),
    "amount": ("Amount", "Сумма"),
    "transfers": ("Who pays whom", "Кто кому платит"),
    "settlement": ("Settlement", "Расчёт"),
    "sheet": ("Score sheet", "Запись"),
    "deals": ("Deals", "Сдачи"),
    "entries": ("Entries", "Записи"),
    "rule": ("Rule", "Правило"),
    "note": ("Note", "Примечание"),
    "column": ("Column", "Графа"),
    "against": ("On", "На кого"),
    "change": ("Change {0}", "Изменение {0}"),
    "running": ("Balance {0}", "Баланс {0}"),
    "owes": ("{0} owes", "{0} должен"),
    "unit.vist": ("vists", "висты"),
    "unit.point": ("points", "очки"),
    "finished": ("finished", "закончена"),
    "unfinished": ("not finished", "не закончена"),
    "pulya": ("pulya", "пуля"),
    "gora": ("gora", "гора"),
    "vists": ("vists", "висты"),
    "remark": ("remark", "ремарк"),
    "nota": ("nota", "нота"),
    "points": ("points", "очки"),
    "check": ("Check (formulas)", "Проверка (формулы)"),
    "chart": ("Balance over the deals", "Баланс по сдачам"),
    "stake": ("Stake", "Ставка"),
    "game": ("Game", "Игра"),
    "players": ("Players", "Игроки"),
    "balances_in": ("balances in {0}", "итоги в единицах: {0}"),
    # the deal-by-deal table (whistscore/running.py)
    "running.title": ("The sheet deal by deal (running values)",
                      "Запись по сдачам (нарастающим итогом)"),
    "running.own": ("{0}: {1}", "{0}: {1}"),
    "running.on": ("{0}: {1} on {2}", "{0}: {1} на {2@accusative}"),
    "tricks": ("tricks", "взятки"),
    "honours": ("honours", "онёры"),
    "revoke": ("revoke", "ренонс"),
    "rubber": ("rubber", "роббер"),
    "xl.tab.by_deal": ("By deal", "По сдачам"),
    # how a deal ended (GameType.describe_result)
    "res.made": ("made", "сыграно"),
    "res.made_over": ("made +{0}", "сыграно +{0}"),
    "res.down": ("down {0}", "без {0}"),
    "res.alone": ("alone", "в одиночку"),
    "res.lost": ("lost", "проиграно"),
    # the workbook (whistscore/excel.py)
    "xl.tab.sheet": ("Sheet", "Запись"),
    "xl.tab.deals": ("Deals", "Сдачи"),
    "xl.tab.settlement": ("Settlement", "Расчёт"),
    "xl.tab.chart": ("Chart", "График"),
    "xl.summary": ("{0} deals, {1}; balances in {2}", "сдач: {0}, {1}; итоги в единицах: {2}"),
    "xl.stake": ("stake {0} per unit", "ставка {0} за единицу"),
    "xl.balance_in": ("Balance ({0})", "Итог ({0})"),
    "xl.money_in": ("Money ({0})", "Деньги ({0})"),
    "xl.no_transfers": ("nobody owes anything", "никто никому не должен"),
    "xl.no_date": ("The game file records no dates, so the date of the last deal is unknown.",
                   "В файле партии нет дат, поэтому дата последней сдачи неизвестна."),
    "xl.more": ("... {0} earlier entries (deals {1} to {2}), then:",
                "... ранее записей: {0} (сдачи {1}–{2}), затем:"),
    "xl.cut": ("(cut short here; the full text is in the game file)",
               "(обрезано; полный текст в файле партии)"),
    "xl.pairwise_title": ("Each with each, in {0}", "Каждый с каждым, {0}"),
    "xl.pairwise_how": ("+ the row player wins from the column player, - he loses to him",
                        "+ игрок строки выигрывает у игрока столбца, - проигрывает ему"),
    "xl.exact": ("exactly {0}", "точно {0}"),
    "xl.and": ("{0} & {1}", "{0} и {1}"),
    # a column an entry is written into ("writes 4 into the pulya": Russian accusative)
    "into.pulya": ("pulya", "пулю"),
    "into.gora": ("gora", "гору"),
    "into.remark": ("remark", "ремарк"),
    "into.points": ("points", "очки"),
    "into.tricks": ("tricks", "взятки"),
    "into.honours": ("honours", "онеры"),
    "into.revoke": ("revoke", "ренонс"),
    "into.game": ("game", "партию"),
    "into.rubber": ("rubber", "роббер"),
    # the line add and edit print (text.render_change), show's game status
    "add.deal": ("deal {0} ({1} deals)", "сдача {0} (сдаёт {1})"),
    "add.replaced": ("deal {0} replaced ({1} deals)", "сдача {0} заменена (сдаёт {1})"),
    "add.unchanged": ("no total changed", "итоги не изменились"),
    "on": ("{0} on {1}", "{0} на {1@accusative}"),
    "next.deals": ("next: {0} deals", "дальше сдаёт {0}"),
    "next.sits_out": ("next: {0} deals and sits out", "дальше сдаёт {0} и не играет"),
    "next.finished": ("the game is finished: whistscore settle says who pays whom",
                      "партия закончена: кто кому платит — whistscore settle"),
    "show.finished": ("The game is finished. Balance in {0}: {1}",
                      "Партия закончена. Итог, {0}: {1}"),
    "show.unfinished": ("The game is not finished. Balance in {0} if the game ended now: {1}",
                        "Партия не закончена. Итог, {0}, если бы она закончилась сейчас: {1}"),
    "show.if_now": ("if the game ended now", "если бы партия закончилась сейчас"),
    "show.ended": ("The players ended the game at {2}, before its end. Balance in {0} as it "
                   "stands: {1}",
                   "Игроки закончили партию досрочно ({2}). Итог, {0}, как есть: {1}"),
    "dates": ("played {0}", "сыграно {0}"),
    "res.caught": ("caught with {0}", "пойман, взяток: {0}"),
    "xl.at": ("Recorded at", "Записано"),
    "res.lost_with": ("lost with {0}", "проиграно, взяток: {0}"),
    # the scorepad's drawn sheet (whistscore/web/draw.py)
    "draw.next_dealer": ("{0} deals next", "Следующим сдаёт {0}"),
    "draw.finished": ("The game is finished: time to settle",
                      "Партия окончена: пора рассчитаться"),
    "draw.earlier": ("… {0} earlier deals", "… ещё сдач выше: {0}"),
    "draw.sits_out": (" and sits the deal out", " и не играет в этой сдаче"),
    # a deal in words (the scorepad's list of deals): "сдаёт Вера", "Аня +4 в пулю"
    "said.deals": ("{0} deals", "сдаёт {0}"),
    "said.into": ("{0} {1} into the {2}", "{0} {1} в {2}"),
    "said.on": ("{0} {1} on {2}", "{0} {1} на {2@accusative}"),
    "said.nothing": ("nothing written", "ничего не записано"),
    "said.tricks": ("{0} {1} for tricks", "{0} {1} за взятки"),
    "said.honours": ("{0} {1} for honours", "{0} {1} за онёры"),
    "said.points": ("{0} {1}", "{0} {1}"),
    # a refused input said in one short sentence (i18n.error_message; the game's own in its
    # LABELS as err.<key>); the technical text stays behind "details"
    "err.game_over": ("The game is over: no deal can follow.",
                      "Партия окончена: новых сдач нет."),
    "err.missing_tricks": ("How many tricks did {0} take?", "Сколько взяток у {0@genitive}?"),
    "err.tricks_total": ("The tricks add up to {1}; they must make {0}.",
                         "Взяток всего {1}, а должно быть {0}."),
    "err.not_a_player": ("{0} does not play in this game.", "{0} не играет в этой партии."),
    "err.field": ("Not recorded: check {0}.", "Не записано: проверьте поле «{0}»."),
    "err.any": ("Not recorded: check what was typed.", "Не записано: проверьте запись."),
    # the fields a refusal names (the game's own, e.g. field.whist, in its LABELS)
    "field.declarer": ("the declarer", "разыгрывающий"),
    "field.contract": ("the contract", "контракт"),
    "field.tricks": ("the tricks", "взятки"),
    "field.dealer": ("the dealer", "сдающий"),
    "field.note": ("the note", "примечание"),
    "field.notation": ("the notation", "запись"),
    "field.deal": ("the deal", "сдача"),
    "field.players": ("the players", "игроки"),
    "field.stake": ("the stake", "ставка"),
    "field.currency": ("the currency", "валюта"),
    "field.title": ("the title", "название"),
    "field.name": ("the file name", "имя файла"),
    "field.rules": ("the options", "опции"),
    "field.preset": ("the preset", "пресет"),
}

#: An entry's detail ("3 tricks x 4, 1st all-pass") is written by the game in
#: English; in Russian it is said by these replacements, in order (numbers and
#: names are kept; a count of tricks agrees with its number).
_DETAIL_RU: tuple[tuple[str, str], ...] = (
    (r"(\d+) points of help from (.+)$", r"помощь от \2: \1"),
    (r"(\d+) points of help", r"помощь \1"),
    (r"(\d+) points over every pulya", r"\1 сверх каждой пули"),
    (r" off the gora", r" списано с горы"),
    (r"(\d+) of it closes the pulya", r"из них \1 закрывают пулю"),
    (r"(\d+) game = ", r"игра \1 = "),
    (r"misère", r"мизер"),
    (r"no tricks", r"без взяток"),
    (r"(\d+) tricks? short", r"недобор \1"),
    (r"(\d+)(st|nd|rd|th) all-pass", r"\1-й распас"),
    (r"(\d+) - (\d+) amnesty", r"\1 - \2 амнистия"),
    (r"down (\d+)", r"без \1"),
    (r"made \+(\d+)", r"сыграно +\1"),
    (r"\bmade\b", r"сыграно"),
    (r"\((\d+) tricks\)", r"(взяток: \1)"),
    (r"\blost\b", r"проиграно"),
    (r"alone x", r"в одиночку x"),
    (r"(\d+) from each of (\d+)", r"по \1 с каждого из \2"),
    (r"(\d+) to each of (\d+)", r"по \1 каждому из \2"),
    (r"\bopen_nolo\b", r"открытое ноло"),
    (r"\bopen_solo\b", r"открытое соло"),
    (r"\bnolo\b", r"ноло"),
    (r"\bsolo\b", r"соло"),
    (r"\btournee\b", r"турне"),
    (r"\bgood\b", r"гуд"),
    (r"\bhalf\b", r"халф"),
    (r"\bstrong\b", r"стронг"),
    (r"\bsans\b", r"санс"),
    (r" \(with the passed partner's\)", r" (со взятками пасовавшего партнёра)"),
    (r"(\d+) for the twist", r"\1 за твист"),
    (r"(\d+) under", r"недобор \1"),
    (r"(\d+) over", r"перебор \1"),
    (r"value (\d+)", r"стоимость \1"),
    (r"\(dazin\)", r"(дазин)"),
    (r"\(operet\)", r"(оперет)"),
    (r"\(twist\)", r"(твист)"),
    (r"(\d+) by cards not scored", r"\1 за взятки не засчитано"),
    (r"(\d+) honours not scored", r"\1 за онеры не засчитано"),
    (r"game already won", r"партия уже выиграна"),
    (r"at (\d+) before the deal", r"до сдачи уже \1"),
    (r"(\d+) by cards", r"\1 за взятки"),
    (r"(\d+) honours", r"онеры \1"),
    (r"stopped at (\d+)", r"остановлено на \1"),
    (r"no trick point", r"нет очка за взятки"),
    (r"both sides revoked: deal thrown in", r"ренонс у обеих пар: сдача не считается"),
    (r"revoke by ", r"ренонс "),
    (r"\brevoked\b", r"ренонс"),
    (r"\brevoke\b", r"ренонс"),
    (r"only (\d+) to lose", r"списать можно только \1"),
    (r"losers' (\d+) for honours left out", r"онеры проигравших (\1) не в счёт"),
    (r"-> single", r"-> одинарная"),
    (r"-> double", r"-> двойная"),
    (r"-> treble", r"-> тройная"),
    (r"rubber (\d+)", r"роббер \1"),
    (r"(\d+) vists?\b", "\ue000\\1"),
    (r"(\d+) tricks?\b", "\ue001\\1"),
    (r"\s*\bx\s*(?=\d)", r" × "),
)
_DETAIL_RU_COMPILED = tuple((re.compile(p), r) for p, r in _DETAIL_RU)


def plural_ru(n: int, one: str, few: str, many: str) -> str:
    """The Russian noun form that agrees with ``n`` (1 взятка, 2 взятки, 5 взяток)."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


#: a name pytrovich may decline: one Russian first name, or a double one ("Анна-Мария")
_RUSSIAN_NAME = re.compile(r"[А-ЯЁ][а-яё]{1,30}(?:-[А-ЯЁ][а-яё]{1,30})?")
_CASES = ("dative", "accusative", "genitive")


@functools.lru_cache(maxsize=2048)
def name_case(name: str, case: str) -> str | None:
    """A player's name in a Russian case ("Аня" -> dative "Ане", accusative "Аню").

    ``None`` when the name is not one pytrovich can decline (Latin letters, a nickname with
    digits, two words): the caller then says the sentence in a form that needs no case
    ("Боря → Anna: 1.20").  The gender is guessed from the name, as a reader would.
    pytrovich is pure Python with its rules in the package, so this works offline.
    """
    if case not in _CASES:
        raise ValueError(f"unknown case {case!r}")
    if not _RUSSIAN_NAME.fullmatch(name):
        return None
    from pytrovich.detector import PetrovichGenderDetector
    from pytrovich.enums import Case, NamePart
    from pytrovich.maker import PetrovichDeclinationMaker

    gender = _detector(PetrovichGenderDetector).detect(firstname=name)
    said = _maker(PetrovichDeclinationMaker).make(NamePart.FIRSTNAME, gender,
                                                  getattr(Case, case.upper()), name)
    if not isinstance(said, str):
        return None
    said = _AFTER_HUSHER.sub(r"\1и", said)  # "Саша" -> "Саши", not pytrovich's "Сашы"
    return said if _RUSSIAN_NAME.fullmatch(said) else None


#: Russian spelling: after г к х ж ш ч щ an и, never an ы
_AFTER_HUSHER = re.compile(r"([гкхжшчщ])ы(?=$|-)")


@functools.lru_cache(maxsize=1)
def _detector(cls: Any) -> Any:
    return cls()


@functools.lru_cache(maxsize=1)
def _maker(cls: Any) -> Any:
    return cls()


def pays(payer: str, payee: str, amount: str, lang: str = "en") -> tuple[str, str, str, str]:
    """Who pays whom, as four parts: (payer, link, payee, after), names left bare so a page
    can set them in bold.  "Боря платит Ане 1.20" -> ("Боря", " платит ", "Ане", " 1.20");
    a payee pytrovich cannot decline: ("Боря", " → ", "Anna", ": 1.20")."""
    if lang == "ru":
        dative = name_case(payee, "dative")
        if dative is None:
            return (payer, " → ", payee, f": {amount}")
        return (payer, " платит ", dative, f" {amount}")
    return (payer, " pays ", payee, f" {amount}")


def count_deals(n: int, lang: str = "en") -> str:
    """"16 deals", "1 сдача", "3 сдачи", "16 сдач": the count agrees with its number."""
    if lang == "ru":
        return f"{n} {plural_ru(n, 'сдача', 'сдачи', 'сдач')}"
    return "1 deal" if n == 1 else f"{n} deals"


def _counted(word: tuple[str, str, str]) -> Callable[[re.Match[str]], str]:
    def say(m: re.Match[str]) -> str:
        n = int(m.group(1))
        return f"{n} {plural_ru(n, *word)}"
    return say


_VIST_RU = re.compile("\ue000(\\d+)")  # marks left by _DETAIL_RU, never in a detail
_TRICK_RU = re.compile("\ue001(\\d+)")


def detail_text(detail: str, lang: str = "en") -> str:
    """An entry's detail in the sheet's language (the games write it in English)."""
    if lang != "ru" or not detail:
        return detail
    said = _DETAIL_SAID.get(detail)
    if said is None:
        said = _detail_ru(detail)
        if len(_DETAIL_SAID) < 50_000:  # a long game repeats a few thousand details
            _DETAIL_SAID[detail] = said
    return said


_DETAIL_SAID: dict[str, str] = {}


def _detail_ru(detail: str) -> str:
    out = detail
    for pattern, repl in _DETAIL_RU_COMPILED:
        out = pattern.sub(repl, out)
    out = _VIST_RU.sub(_counted(("вист", "виста", "вистов")), out)
    out = _TRICK_RU.sub(_counted(("взятка", "взятки", "взяток")), out)
    return out.replace(" x ", " × ")


def game_title(kind: GameType[Any, Any], lang: str = "en") -> str:
    """The game's name in the sheet's language ("Преферанс (пуля, гора, висты)")."""
    return _lookup("game.title", kind, lang) or kind.title


def game_name(kind: GameType[Any, Any], lang: str = "en") -> str:
    """The game's short name in the page's language ("Преферанс")."""
    return _lookup("game.name", kind, lang) or kind.title


def preset_name(kind: GameType[Any, Any], preset: str, lang: str = "en") -> str:
    """A preset as players name it ("Сочи", "классика"); the key itself when the game names
    none."""
    return _lookup(f"preset.{preset}", kind, lang) or preset


def _lookup(key: str, kind: GameType[Any, Any] | None, lang: str) -> str | None:
    pair = None
    if kind is not None:
        pair = getattr(kind, "labels", {}).get(key)
    if pair is None:
        pair = CORE_LABELS.get(key)
    if pair is None:
        return None
    return pair[1] if lang == "ru" else pair[0]


def text(value: Any, kind: GameType[Any, Any] | None = None, lang: str = "en") -> Any:
    """Translate a :class:`Label` or :class:`Phrase`; anything else (names, numbers) passes through."""
    if isinstance(value, Phrase):
        return value.sep.join(str(text(part, kind, lang)) for part in value.parts)
    if isinstance(value, Label):
        found = _lookup(value.key, kind, lang)
        if found is None:
            found = value.key
        args = [text(a, kind, lang) for a in value.args]
        if "@" in found:
            found = _CASED.sub(lambda m: _cased(args, int(m.group(1)), m.group(2)), found)
        return found.format(*args) if args else found
    return value


#: "висты на {0@accusative}": the name argument 0 in the accusative ("висты на Аню")
_CASED = re.compile(r"\{(\d)@(dative|accusative|genitive)\}")


def _cased(args: list[Any], i: int, case: str) -> str:
    """A name argument in its case, braces doubled for the format that follows; a name
    that cannot be declined stays as written (an indeclinable foreign name, as Russian
    treats "Anna" or "Жан-Поль Ж.")."""
    name = str(args[i])
    said = name_case(name, case) or name
    return said.replace("{", "{{").replace("}", "}}")


def error_message(exc: "InputError", kinds: "Sequence[GameType[Any, Any]]" = (),
                  lang: str = "en") -> str:
    """A refused input as one short sentence a person reads, in ``lang``.

    The error's ``key`` names the sentence (``err.<key>``, from the games in ``kinds`` or the
    core words); an error with no sentence of its own names its field in the reader's words
    ("Не записано: проверьте поле «вист (Аня)»"), never the technical text, which stays in
    ``str(exc)`` (the CLI's message, the page's "details").
    """
    key = exc.key
    if key:
        for kind in (*kinds, None):
            if _lookup(f"err.{key}", kind, lang) is not None:
                return str(text(Label(f"err.{key}", exc.args_said), kind, lang))
    field = _field_words(exc.field, kinds, lang)
    if field is not None:
        return str(text(Label("err.field", (field,)), None, lang))
    if lang != "ru":
        reason = exc.reason[:1].upper() + exc.reason[1:]
        return reason if reason.endswith(".") else reason + "."
    return str(text(Label("err.any"), None, lang))


def _field_words(field: str | None, kinds: "Sequence[GameType[Any, Any]]",
                 lang: str) -> str | None:
    """A field path in the reader's words: "whist.Аня" -> "вист (Аня)"; ``None`` when
    its first part has no words (the sentence then names no field)."""
    if not field:
        return None
    head, _, rest = field.partition(".")
    if re.fullmatch(r"[a-z_]+(?:\..*)?", rest):  # a sub-field ("revoke.by"), not a player
        rest = ""
    for kind in (*kinds, None):
        said = _lookup(f"field.{head}", kind, lang)
        if said is not None:
            if "{0}" in said:
                return said.replace("{0}", rest)
            return f"{said} ({rest})" if rest else said
    return None


def entries_said(entries: "Sequence[Entry]", kind: GameType[Any, Any] | None = None,
                 lang: str = "en") -> str:
    """What a deal wrote, as players say it: "Аня +4 в пулю, Боря +6 на Аню" (one phrase per
    player, column and opponent, in the order written; amounts summed)."""
    totals: dict[tuple[str, str, str | None], Any] = {}
    for e in entries:
        k = (e.player, e.column, e.against)
        totals[k] = totals.get(k, 0) + e.amount
    parts = []
    for (player, column, against), amount in totals.items():
        if amount == 0:
            continue
        said = format_amount(amount, signed=True)
        if against is not None:
            parts.append(text(Label("said.on", (player, said, against)), kind, lang))
        elif _lookup(f"said.{column}", kind, lang) is not None:
            parts.append(text(Label(f"said.{column}", (player, said)), kind, lang))
        else:
            into = _lookup(f"into.{column}", kind, lang) or column_name(column, kind, lang)
            parts.append(text(Label("said.into", (player, said, into)), kind, lang))
    return ", ".join(str(p) for p in parts) or str(text(Label("said.nothing"), kind, lang))


def column_name(column: str, kind: GameType[Any, Any] | None = None, lang: str = "en") -> str:
    return _lookup(column, kind, lang) or column


def rule_name(key: str, kind: GameType[Any, Any] | None = None, lang: str = "en", *,
              with_source: bool = True) -> str:
    texts = getattr(kind, "rule_texts", {}) if kind is not None else {}
    rt: RuleText | None = texts.get(key)
    if rt is None:
        return key
    # a Russian rule text says "стоимость × взятки", never with a Latin x
    name = rt.ru.replace(" x ", " × ") if lang == "ru" else rt.en
    if with_source and rt.source:
        name = f"{name} ({rt.source.said(lang)})"
    return name


def explain(entry: Entry, kind: GameType[Any, Any] | None = None, lang: str = "en") -> str:
    """One entry as a sentence: "deal 7: Boris writes 12 on Anna: 3 tricks x 4, greedy whist"."""
    amount = format_amount(entry.amount)
    column = column_name(entry.column, kind, lang)
    if lang == "ru":
        if entry.against is not None:
            # "висты на Аню"; a name pytrovich cannot decline stays as written ("на Anna")
            on = name_case(entry.against, "accusative") or entry.against
            head = f"сдача {entry.deal}: {entry.player} пишет {amount} на {on}"
            if entry.column != "vists":
                head += f" ({column})"
        else:
            into = _lookup(f"into.{entry.column}", kind, lang) or column
            head = f"сдача {entry.deal}: {entry.player} пишет {amount} в {into}"
    else:
        if entry.against is not None:
            head = f"deal {entry.deal}: {entry.player} writes {amount} on {entry.against}"
            if entry.column != "vists":
                head += f" ({column})"
        else:
            head = f"deal {entry.deal}: {entry.player} writes {amount} into {column}"
    rule = rule_name(entry.rule, kind, lang)
    detail = f"{detail_text(entry.detail, lang)}, " if entry.detail else ""
    return f"{head}: {detail}{rule}"


# -- the players' terms, each explained in one line where it appears (issue 22) --------------

class Term(NamedTuple):
    """A players' term on a page: its label key, its headword and its one-line explanation
    (``"пуля — очки за сыгранные игры…"``), in one language."""

    key: str
    word: str
    line: str


#: what a term's label holds: its forms as written on the pages, "|" between them (the
#: headword first), then " — " and the one-line explanation
TERM_SEPARATOR = " — "


def _term_labels(kind: GameType[Any, Any] | None) -> dict[str, tuple[str, str]]:
    found = {k: v for k, v in CORE_LABELS.items() if k.startswith("term.")}
    if kind is not None:
        found.update({k: v for k, v in getattr(kind, "labels", {}).items()
                      if k.startswith("term.")})
    return found


@functools.lru_cache(maxsize=64)
def _term_table(kind: GameType[Any, Any] | None,
                lang: str) -> tuple[tuple[Term, ...], re.Pattern[str] | None, dict[str, Term]]:
    """The game's terms in ``lang``, and one pattern finding any of their forms (the longest
    first, whole words only: "полвиста" before "вист", "all-pass" before "pass")."""
    found: list[Term] = []
    by_form: dict[str, Term] = {}
    for key, pair in _term_labels(kind).items():
        said = pair[1] if lang == "ru" else pair[0]
        forms, _, explanation = said.partition(TERM_SEPARATOR)
        names = [f.strip() for f in forms.split("|") if f.strip()]
        term = Term(key, names[0], f"{names[0]}{TERM_SEPARATOR}{explanation.strip()}")
        found.append(term)
        for name in names:
            by_form.setdefault(name.casefold(), term)
    if not by_form:
        return (), None, {}
    alternatives = "|".join(re.escape(f) for f in sorted(by_form, key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w-])({alternatives})(?![\w-])", re.IGNORECASE)
    return tuple(found), pattern, by_form


def terms(kind: GameType[Any, Any] | None = None, lang: str = "en") -> tuple[Term, ...]:
    """Every players' term of a game (its own ``term.*`` labels and the shared ones), in
    ``lang``; docs/glossary.md explains the same words for readers of the docs."""
    return _term_table(kind, lang)[0]


def term_spans(said: str, kind: GameType[Any, Any] | None = None,
               lang: str = "en") -> list[str | tuple[str, Term]]:
    """A text cut where a players' term is written: plain strings, and ``(the word as
    written, its Term)`` for the first time each term occurs in it, so the page can make
    that word open its one-line explanation in place."""
    _, pattern, by_form = _term_table(kind, lang)
    if pattern is None or not said:
        return [said] if said else []
    out: list[str | tuple[str, Term]] = []
    seen: set[str] = set()
    at = 0
    for match in pattern.finditer(said):
        term = by_form[match.group(1).casefold()]
        if term.key in seen:
            continue
        seen.add(term.key)
        if match.start() > at:
            out.append(said[at:match.start()])
        out.append((match.group(1), term))
        at = match.end()
    if at < len(said):
        out.append(said[at:])
    return out
