"""Sheet words in English and Russian, and the sentence that explains an entry.

The players' own terms (pulya, gora, remark, nota) stay as they are in the
English texts; the Russian texts use the words written on paper.
"""

from __future__ import annotations

import functools
import re
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .ledger import Entry, Label, Phrase, format_amount

if TYPE_CHECKING:  # a game's own words are read from it; the games import this module's peers
    from collections.abc import Sequence

    from .errors import InputError
    from .game import GameType, RuleText

__all__ = ["LANGS", "CORE_LABELS", "text", "rule_name", "explain", "column_name", "detail_text",
           "game_title", "game_name", "preset_name", "plural_ru", "name_case", "pays", "count_deals", "error_message",
           "entries_said"]

LANGS = ("en", "ru")

CORE_LABELS: dict[str, tuple[str, str]] = {
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
    """Say a :class:`Label` or :class:`Phrase` in ``lang``; anything else (names, numbers)
    passes through.

    A label's text is a :meth:`str.format` template over its arguments, with two more
    forms of a field: ``{0@accusative}`` (a name in a Russian case, :func:`name_case`;
    also ``dative``, ``genitive``; ``{0@ordinal}``: a number as an English ordinal,
    "1st") and ``{0|trick|tricks}`` (the word that agrees with the number argument 0:
    English gives two forms, one and other; Russian three, "{0|взятка|взятки|взяток}"
    for 1, 3 and 5 взяток, :func:`plural_ru`).  So a count agrees in the label's own
    words, never through a rule over finished sentences.
    """
    if isinstance(value, Phrase):
        return value.sep.join(str(text(part, kind, lang)) for part in value.parts)
    if isinstance(value, Label):
        found = _lookup(value.key, kind, lang)
        if found is None:
            found = value.key
        if not value.args:
            return found
        args = [text(a, kind, lang) for a in value.args]
        if "@" in found or "|" in found:
            found = _FORMED.sub(lambda m: _formed(args, m, lang), found)
        return found.format(*args)
    return value


def detail_text(detail: Any, kind: GameType[Any, Any] | None = None, lang: str = "en") -> str:
    """An entry's detail (a label of the game's words) said in ``lang``: "3 tricks x 4",
    "3 взятки × 4".  The details of an evening repeat, so each is said once per game
    and language and kept (a few thousand texts at most)."""
    if not detail:
        return ""
    said_in = _DETAILS.get((id(kind), lang))
    if said_in is None or said_in[0] is not kind:
        if len(_DETAILS) > 64:
            _DETAILS.clear()
        said_in = _DETAILS[id(kind), lang] = (kind, {})
    said = said_in[1].get(detail)
    if said is None:
        said = str(text(detail, kind, lang))
        if len(said_in[1]) < 50_000:
            said_in[1][detail] = said
    return said


#: (id of the game, language) -> (the game, detail -> its text); the game is kept so its id
#: cannot name another one
_DETAILS: dict[tuple[int, str], tuple[Any, dict[Any, str]]] = {}

#: the fields said in a form: "{0@accusative}", "{1@ordinal}", "{0|взятка|взятки|взяток}"
_FORMED = re.compile(r"\{(\d)(?:@(dative|accusative|genitive|ordinal)|((?:\|[^{}|]*){2,3}))\}")


def _formed(args: list[Any], m: re.Match[str], lang: str) -> str:
    """One field of :data:`_FORMED` said, braces doubled for the format that follows."""
    i = int(m.group(1))
    if m.group(2) == "ordinal":
        return _ordinal(args[i])
    if m.group(2):
        return _cased(args, i, m.group(2))
    forms = m.group(3)[1:].split("|")
    word = _plural(args[i], forms, lang)
    return word.replace("{", "{{").replace("}", "}}")


def _ordinal(n: Any) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    n = int(n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _plural(n: Any, forms: list[str], lang: str) -> str:
    """The form of ``forms`` that agrees with the number ``n``: in English (one, other), in
    Russian (one, few, many); a number that is not whole takes "other" in English and the
    "few" form in Russian (the genitive singular: "1/2 виста")."""
    whole = isinstance(n, int) or (isinstance(n, Fraction) and n.denominator == 1)
    if lang == "ru" and len(forms) == 3:
        return plural_ru(int(n), *forms) if whole else forms[1]
    if whole and abs(int(n)) == 1:
        return forms[0]
    return forms[-1]


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
    detail = f"{detail_text(entry.detail, kind, lang)}, " if entry.detail else ""
    return f"{head}: {detail}{rule}"
