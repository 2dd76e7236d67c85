"""Sheet words in English and Russian, and the sentence that explains an entry.

The players' own terms (pulya, gora, remark, nota) stay as they are in the
English texts; the Russian texts use the words written on paper.
"""

from __future__ import annotations

from typing import Any

from .layout import Label, Phrase
from .ledger import Entry, format_amount

__all__ = ["LANGS", "CORE_LABELS", "text", "rule_name", "explain", "column_name"]

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
    # the deal-by-deal table (whistscore/running.py)
    "running.title": ("The sheet deal by deal (running values)",
                      "Запись по сдачам (нарастающим итогом)"),
    "running.own": ("{0}: {1}", "{0}: {1}"),
    "running.on": ("{0}: {1} on {2}", "{0}: {1} на {2}"),
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
    "xl.pairwise": ("Each with each: what the row player wins (+) or loses (-) against "
                    "the column player, in {0}",
                    "Каждый с каждым: выигрыш (+) или проигрыш (-) игрока строки против "
                    "игрока столбца, {0}"),
    "xl.no_transfers": ("nobody owes anything", "никто никому не должен"),
    "xl.no_date": ("The game file records no dates, so the date of the last deal is unknown.",
                   "В файле партии нет дат, поэтому дата последней сдачи неизвестна."),
    "xl.more": ("... {0} earlier entries (deals {1} to {2}), then:",
                "... ранее записей: {0} (сдачи {1}–{2}), затем:"),
    "xl.cut": ("(cut short here; the full text is in the game file)",
               "(обрезано; полный текст в файле партии)"),
    # the line add and edit print (text.render_change), show's game status
    "add.deal": ("deal {0} ({1} deals)", "сдача {0} (сдаёт {1})"),
    "add.replaced": ("deal {0} replaced ({1} deals)", "сдача {0} заменена (сдаёт {1})"),
    "add.unchanged": ("no total changed", "итоги не изменились"),
    "on": ("{0} on {1}", "{0} на {1}"),
    "next.deals": ("next: {0} deals", "дальше сдаёт {0}"),
    "next.sits_out": ("next: {0} deals and sits out", "дальше сдаёт {0} и не играет"),
    "next.finished": ("the game is finished: whistscore settle says who pays whom",
                      "партия закончена: кто кому платит — whistscore settle"),
    "show.finished": ("The game is finished. Balance in {0}: {1}",
                      "Партия закончена. Итог, {0}: {1}"),
    "show.unfinished": ("The game is not finished. Balance in {0} if the game ended now: {1}",
                        "Партия не закончена. Итог, {0}, если бы она закончилась сейчас: {1}"),
    "show.if_now": ("if the game ended now", "если бы партия закончилась сейчас"),
    "dates": ("played {0}", "сыграно {0}"),
    "res.caught": ("caught with {0}", "пойман, взяток: {0}"),
    "xl.at": ("Recorded at", "Записано"),
    "res.lost_with": ("lost with {0}", "проиграно, взяток: {0}"),
    # the scorepad's drawn sheet (whistscore/web/draw.py)
    "draw.next_dealer": ("{0} deals next", "Следующим сдаёт {0}"),
    "draw.finished": ("The game is finished: time to settle",
                      "Партия окончена: пора рассчитаться"),
    "draw.round_due": ("A twist round is due, at {0} a trick",
                       "Следует розыгрыш твиста, по {0} за взятку"),
    "draw.earlier": ("… {0} earlier deals", "… ещё сдач выше: {0}"),
    "draw.dazin": ("dz", "дз"),
    "draw.operet": ("op", "оп"),
    "draw.legend.preferans": (
        "From the centre out: gora, pulya, then the vists on each opponent, on his side. "
        "● deals next, ✓ pulya closed, … earlier values.",
        "От центра: гора, пуля, снаружи висты на каждого — с его стороны. "
        "● сдаёт следующим, ✓ пуля закрыта, … ранние записи."),
    "draw.legend.twist": (
        "From the centre out: gora, remark, then the vists on each opponent. The nota "
        "follows each name: X, O, dz (dazin), op (operet); crossed out when used. "
        "● deals next.",
        "От центра: гора, ремарк, снаружи висты на каждого. Нота — после имени: X, O, "
        "дз (дазин), оп (оперет); использованные зачёркнуты. ● сдаёт следующим."),
    "draw.legend.whist": (
        "Above the double line: the games and rubbers won, which are paid; below it: "
        "each side's points in the game, a line under each game; points reached by "
        "honours in italics, by a revoke in red.",
        "Над двойной чертой — выигранные партии и робберы (они и оплачиваются); под ней — "
        "очки сторон в текущей партии, черта под каждой партией; очки с онёрами — курсивом, "
        "с ренонсом — красным."),
    "draw.legend.danish": (
        "Each deal: the running total, the deal's points small beneath it; the red mark "
        "is the dealer, grey who sat out.",
        "В каждой сдаче — нарастающий итог, под ним мелко очки сдачи; красная метка — "
        "сдающий, серым — кто не играл."),
    "draw.sits_out": (" and sits the deal out", " и не играет в этой сдаче"),
}


def _lookup(key: str, kind: Any, lang: str) -> str | None:
    pair = None
    if kind is not None:
        pair = getattr(kind, "labels", {}).get(key)
    if pair is None:
        pair = CORE_LABELS.get(key)
    if pair is None:
        return None
    return pair[1] if lang == "ru" else pair[0]


def text(value: Any, kind: Any = None, lang: str = "en") -> Any:
    """Translate a :class:`Label` or :class:`Phrase`; anything else (names, numbers) passes through."""
    if isinstance(value, Phrase):
        return value.sep.join(str(text(part, kind, lang)) for part in value.parts)
    if isinstance(value, Label):
        found = _lookup(value.key, kind, lang)
        if found is None:
            found = value.key
        args = [text(a, kind, lang) for a in value.args]
        return found.format(*args) if args else found
    return value


def column_name(column: str, kind: Any = None, lang: str = "en") -> str:
    return _lookup(column, kind, lang) or column


def rule_name(key: str, kind: Any = None, lang: str = "en", *, with_source: bool = True) -> str:
    texts = getattr(kind, "rule_texts", {}) if kind is not None else {}
    rt = texts.get(key)
    if rt is None:
        return key
    name = rt.ru if lang == "ru" else rt.en
    if with_source and rt.source:
        name = f"{name} ({rt.source})"
    return name


def explain(entry: Entry, kind: Any = None, lang: str = "en") -> str:
    """One entry as a sentence: "deal 7: Boris writes 12 on Anna: 3 tricks x 4, greedy whist"."""
    amount = format_amount(entry.amount)
    column = column_name(entry.column, kind, lang)
    if lang == "ru":
        if entry.against is not None:
            head = f"сдача {entry.deal}: {entry.player} пишет {amount} на {entry.against}"
            if entry.column != "vists":
                head += f" ({column})"
        else:
            head = f"сдача {entry.deal}: {entry.player} пишет {amount} в {column}"
    else:
        if entry.against is not None:
            head = f"deal {entry.deal}: {entry.player} writes {amount} on {entry.against}"
            if entry.column != "vists":
                head += f" ({column})"
        else:
            head = f"deal {entry.deal}: {entry.player} writes {amount} into {column}"
    rule = rule_name(entry.rule, kind, lang)
    detail = f"{entry.detail}, " if entry.detail else ""
    return f"{head}: {detail}{rule}"
