"""Danish whist's options, its one preset, and the texts of the rules an entry names.

The negative contracts are named here, below the deals, because one option
(``nolo_values``) is keyed by them and must read them in the same words as a deal.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

import attrs

from ...game import Cite, RuleText
from ...rules import Choice, Integer, Kind, Option, RuleBook, json_text, typed_pairs

__all__ = ["OPTIONS", "PRESETS", "RULEBOOK", "RULE_TEXTS", "LABELS", "SIMPLE", "NEGATIVES",
           "NEGATIVE_NAMES", "NoloValues", "SEED", "SPEC"]

#: the sources, as a player knows them (docs/sources.md)
CALL_ACE = Cite("the call-ace whist rules", "правила колл-туз виста")
SEED = CALL_ACE.at("Scoring", "«Подсчёт очков»")
#: our own reading where the rules are silent (docs/danish.md)
HOUSE = Cite("house rule", "домашнее правило")
SPEC = HOUSE.at("Scoring", "подсчёт очков")

#: negative contracts in ascending order
NEGATIVES = ("solo", "nolo", "open_solo", "open_nolo")
#: a negative contract as it may be written (words joined by one space, lower case)
NEGATIVE_NAMES: dict[str, str] = {
    "solo": "solo", "sol": "solo",
    "nolo": "nolo", "ren sol": "nolo", "rensol": "nolo",
    "open_solo": "open_solo", "open-solo": "open_solo", "open solo": "open_solo",
    "bordlægger": "open_solo", "bordlaegger": "open_solo",
    "open_nolo": "open_nolo", "open-nolo": "open_nolo", "open nolo": "open_nolo",
    "ren bordlægger": "open_nolo", "ren bordlaegger": "open_nolo",
}
_NUMBER = re.compile(r"[+-]?\d{1,6}")


@attrs.frozen
class NoloValues(Kind):
    """Points per opponent of the four negative contracts.

    Typed ``solo:50,nolo:100,open_solo:150,open_nolo:200`` or given as a JSON
    object; all four must be named, so a typo cannot silently keep a default.
    Kept as a tuple in the order of :data:`NEGATIVES`.
    """

    def parse(self, value: Any) -> tuple[int, ...]:
        if isinstance(value, str):
            text = value.strip()
            if text.startswith("{"):
                value = json_text(text)
            else:
                value = typed_pairs(text, "solo:50,nolo:100,open_solo:150,open_nolo:200")
        if isinstance(value, (list, tuple)) and len(value) == len(NEGATIVES):
            value = dict(zip(NEGATIVES, value))
        if not isinstance(value, Mapping):
            raise ValueError("must be a map like solo:50,nolo:100,open_solo:150,open_nolo:200")
        out: dict[str, int] = {}
        for key, raw in value.items():
            name = NEGATIVE_NAMES.get(str(key).strip().casefold())
            if name is None:
                raise ValueError(f"unknown contract {key!r} (known: {', '.join(NEGATIVES)})")
            if name in out:
                raise ValueError(f"{name} is given twice")
            if isinstance(raw, str) and _NUMBER.fullmatch(raw.strip()):
                raw = int(raw.strip())
            if isinstance(raw, bool) or not isinstance(raw, int) or raw < 1:
                raise ValueError(f"the value of {name} must be a whole number of at least 1")
            out[name] = raw
        missing = [n for n in NEGATIVES if n not in out]
        if missing:
            raise ValueError(f"must give all four contracts; missing {', '.join(missing)}")
        return tuple(out[n] for n in NEGATIVES)

    def dump(self, value: tuple[int, ...]) -> dict[str, int]:
        return dict(zip(NEGATIVES, value))

    def show(self, value: tuple[int, ...]) -> str:
        return ",".join(f"{n}:{v}" for n, v in zip(NEGATIVES, value))

    def describe(self) -> str:
        return "map solo:N,nolo:N,open_solo:N,open_nolo:N"

    def said(self) -> tuple[str, tuple[Any, ...]]:
        return "danish.rule_nolo", ()


OPTIONS = (
    Option("base", Integer(1), "points of a 7 bid; each level above doubles "
           "(7 = 10, 8 = 20 ... 13 = 640)"),
    Option("attachment_factor", Integer(1), "a bid with an attachment (tournee, good, half, "
           "strong, sans) is worth this many times the plain bid"),
    Option("overtricks", Choice(("per-bid", "none")), "per-bid: each overtrick adds the bid's "
           "value again (bid 8, 10 tricks = 60); none: overtricks score nothing"),
    Option("failed_factor", Integer(1), "a failed contract costs value x failed_factor "
           "per undertrick"),
    Option("alone_factor", Integer(1), "the lone declarer wins or loses alone_factor x A; "
           "the three others share it equally (3: each pays or gets A)"),
    Option("nolo_values", NoloValues(), "points per opponent of solo, nolo, open_solo, open_nolo"),
    Option("nolo_failed_factor", Integer(1), "a lost negative contract is paid this many times"),
)

SIMPLE: dict[str, Any] = {
    "base": 10,
    "attachment_factor": 2,
    "overtricks": "per-bid",
    "failed_factor": 2,
    "alone_factor": 3,
    "nolo_values": (50, 100, 150, 200),
    "nolo_failed_factor": 2,
}

PRESETS: dict[str, Mapping[str, Any]] = {"simple": SIMPLE}

RULEBOOK = RuleBook(
    game="danish",
    options=OPTIONS,
    presets=PRESETS,
    default_preset="simple",
    preset_docs={"simple": "the rules' simple system (the call-ace whist rules «Подсчет очков»), with a "
                 "failed contract paying double per undertrick (club practice)"},
)

RULE_TEXTS = {
    "made": RuleText(
        "contract made with a partner", "контракт с партнёром выполнен",
        SEED.at("7 = 10 … 13 = 640, overtrick = the bid, attachment × 2", "7 = 10 … 13 = 640, овертрик = ставка, вложение × 2") + SPEC),
    "failed": RuleText(
        "contract failed with a partner", "контракт с партнёром не выполнен",
        HOUSE.at("a failed contract, as clubs play it", "проигранный контракт — как играют в клубах") + SEED),
    "alone_made": RuleText(
        "contract made alone", "контракт в одиночку выполнен",
        SEED.at("alone = × 3", "«Игра в одиночку = × 3»") + SPEC),
    "alone_failed": RuleText(
        "contract failed alone", "контракт в одиночку не выполнен",
        SEED.at("alone = × 3", "«Игра в одиночку = × 3»") + HOUSE),
    "negative_made": RuleText(
        "negative contract made", "негативный контракт выполнен",
        SEED.at("solo 50, nolo 100, open solo 150, open nolo 200", "Соло 50, Ноло 100, Открытое соло 150, Открытое Ноло 200") + SPEC),
    "negative_failed": RuleText(
        "negative contract lost, paid double",
        "негативный контракт проигран, платит вдвойне",
        SEED.at("a lost nolo pays double", "«Разыгрывающий, проигрывающий какой-либо контракт Ноло, "
        "платит вдвойне»")),
}

#: the sheet's own labels: key -> (English, Russian)
LABELS = {
    # the players' terms, each explained in one line where a page shows it (i18n.terms:
    # the forms as written on the pages, then " — " and the line; docs/glossary.md)
    "term.attachment": ("attachment — a qualifier of the bid (tournée, good, half, strong, "
                        "sans) that multiplies its value",
                        "добавка|добавкой — уточнение заявки (вип, годе, халве, стерке, санс), "
                        "которое умножает её стоимость"),
    "term.solo": ("solo — a negative contract: the declarer takes exactly one trick",
                  "соло — отрицательная игра: играющий берёт ровно одну взятку"),
    "term.nolo": ("nolo — a negative contract: the declarer takes no trick at all",
                  "ноло — отрицательная игра: играющий не берёт ни одной взятки"),
    "term.open": ("open solo|open nolo — the same with the declarer's cards face up on the "
                  "table, worth more", "открытое соло|открытое ноло — то же с открытыми "
                  "картами играющего; стоит дороже"),
    "term.called_ace": ("called ace — the declarer names an ace; whoever holds it is his "
                        "partner, unknown until the ace is played",
                        "туз|туза — играющий называет туза; у кого он, тот и партнёр, "
                        "неизвестный, пока туз не сыгран"),
    "term.alone": ("alone — nobody holds the called ace (or the declarer holds it): he plays "
                   "alone, for more",
                   "в одиночку|один|одна — называемого туза ни у кого нет (или он у играющего): "
                   "играет один, на большее"),
    "danish.sheet": ("Score pad", "Запись очков"),
    "danish.no": ("No.", "№"),
    "danish.total_of": ("Σ {0}", "Σ {0}"),
    # the scorepad's drawn sheet (web/draw.py)
    "danish.draw.legend": (
        "Each deal: the running total, the deal's points small beneath it; the red mark "
        "is the dealer, grey who sat out.",
        "В каждой сдаче — нарастающий итог, под ним мелко очки сдачи; красная метка — "
        "сдающий, серым — кто не играл."),
    # the game and its presets as a player names them (the page, the workbook)
    "game.name": ("Danish whist", "Датский вист"),
    "game.title": ("Danish whist (Esmakker)", "Датский вист (Эсмаккер)"),
    "preset.simple": ("simple", "простой счёт"),
    # the example the new-game form shows in the options box
    "rules.hint": ("e.g. base=2", "например, base=2 — заявка на 7 стоит 2 очка"),
    # a refused deal in one short sentence (i18n.error_message)
    "err.danish.bid": ("A bid is 7 to 13 tricks, or solo, nolo, open solo or open nolo.",
                       "Заявка — от 7 до 13 взяток или «solo», «nolo», «open_solo», «open_nolo»."),
    "err.danish.attachment": ("The attachment is tournee, good, half, strong or sans.",
                              "Добавка — «tournee», «good», «half», «strong» или «sans»."),
    "err.danish.negative_attachment": ("A solo or nolo takes no attachment.",
                                       "К соло и ноло добавки нет."),
    "err.danish.negative_alone": ("A solo or nolo is played alone, without a partner.",
                                  "Соло и ноло играют в одиночку, без партнёра."),
    "err.danish.partner": ("Name the partner (who holds the called ace), or alone.",
                           "Укажите партнёра (у кого вызванный туз) или «alone»."),
    "err.danish.shape": ("Write DECLARER BID [ATTACHMENT] PARTNER TRICKS, e.g. Anna 8 Boris 9.",
                         "Пишите: ЗАЯВИВШИЙ ЗАЯВКА [ДОБАВКА] ПАРТНЁР ВЗЯТКИ, например «Аня 8 Боря 9»."),
    "err.danish.tricks_last": ("The line ends with the tricks taken, 0 to 13.",
                               "В конце строки — взятые взятки, от 0 до 13."),
    "err.danish.ambiguous": ("This line reads as more than one deal: name players by seat, as #1, #2.",
                             "Строку можно прочесть по-разному: назовите игроков по местам — #1, #2."),
    "err.danish.attachments": ("A contract has only one attachment.",
                               "Добавка у контракта только одна."),
    "err.danish.sits_out": ("{0} deals and sits out this deal.",
                            "{0} сдаёт и в этой сдаче не играет."),
    "err.danish.start": ("Start with the declarer's name.", "Начните с имени заявившего."),
    "err.danish.after_declarer": ("After the declarer comes the bid: 7 to 13, solo, nolo, open solo or open nolo.",
                                  "После имени заявившего — заявка: от 7 до 13 или «solo», «nolo», «open_solo», «open_nolo»."),
    "err.danish.no_partner": ("The partner is missing: write a player, or alone.",
                              "Не хватает партнёра: напишите игрока или «alone»."),
    "err.danish.rule_nolo": ("The option {0} names all four: solo:50,nolo:100,open_solo:150,open_nolo:200.",
                             "Опция «{0}» — все четыре: «solo:50,nolo:100,open_solo:150,open_nolo:200»."),
    "err.danish.partner_unknown": ("\"{0}\" is not a player: name the partner, or alone.",
                                   "«{0}» — не игрок: напишите партнёра или «alone»."),
    # the fields a refused deal names (i18n.error_message)
    "field.attachment": ("the attachment", "вложение"),
    "field.bid": ("the bid", "заявка"),
    "field.partner": ("the partner", "партнёр"),
}

#: an entry's detail, the arithmetic behind its number (scoring.py writes the key and the
#: numbers; ``{1|trick|tricks}`` is the word that agrees with argument 1, i18n.text)
DETAIL_LABELS: dict[str, tuple[str, str]] = {
    "danish.d.bid": ("{0}", "{0}"),
    "danish.d.bid_with": ("{0} {1}", "{0} {1}"),
    "danish.d.made": ("{0} = {1}, made", "{0} = {1}, сыграно"),
    "danish.d.made_over": ("{0} = {1}, made +{2}: {1} x {3} = {4}",
                           "{0} = {1}, сыграно +{2}: {1} × {3} = {4}"),
    "danish.d.down": ("{0} = {1}, down {2}: {1} x {3} x {2} = {4}",
                      "{0} = {1}, без {2}: {1} × {3} × {2} = {4}"),
    "danish.d.alone": ("{0}; alone x {1} = {2}, {3} from each of 3",
                       "{0}; в одиночку × {1} = {2}, по {3} с каждого из 3"),
    "danish.d.negative_made": ("{0} made: {1} from each of 3",
                               "{0} сыграно: по {1} с каждого из 3"),
    "danish.d.negative_lost": ("{0} lost ({1} {1|trick|tricks}): {2} x {3} = {4} to each of 3",
                               "{0} проиграно ({1} {1|взятка|взятки|взяток}): {2} × {3} = "
                               "по {4} каждому из 3"),
    # the attachments and the negative contracts, as the deal form names them (fields.py)
    "danish.d.att.tournee": ("tournee", "вип"),
    "danish.d.att.good": ("good", "годе"),
    "danish.d.att.half": ("half", "халве"),
    "danish.d.att.strong": ("strong", "стерке"),
    "danish.d.att.sans": ("sans", "санс"),
    "danish.d.neg.solo": ("solo", "соло"),
    "danish.d.neg.nolo": ("nolo", "ноло"),
    "danish.d.neg.open_solo": ("open_solo", "открытое соло"),
    "danish.d.neg.open_nolo": ("open_nolo", "открытое ноло"),
}

#: a deal in players' words (sheet.describe_deal: the scorepad's list of deals)
SAID_LABELS: dict[str, tuple[str, str]] = {
    "danish.said.bid": ("{0}: {1}", "{0}: {1}"),
    "danish.said.partner": ("partner: {0}", "партнёр: {0}"),
    "danish.said.solo": ("solo", "соло"),
    "danish.said.nolo": ("nolo", "ноло"),
    "danish.said.open_solo": ("open solo", "открытое соло"),
    "danish.said.open_nolo": ("open nolo", "открытое ноло"),
}
