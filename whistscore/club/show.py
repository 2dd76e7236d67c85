"""A player's statistics as they read: lines, tables and chart bars in the reader's
language (club.md "Statistics"), the same for the command's text, the player page and the
season workbook.

Each game declares its own statistics (``ClubFacts.stats_json``), so this module reads
them by their shape, never by the game: a list of rows with ``played`` and ``made`` is a
table of contracts (a row named by its level and suit, or by its bid); an object of
counts is one line of them; a text is a rate or an average.  Each key is worded by
``stat.KEY`` in the club's word table (a key without a word is shown as it is written).
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Mapping

from ..game import BID_SUITS

__all__ = ["COMMON", "SUIT_SIGNS", "contract_label", "made_rows", "stat_lines", "pair_rows",
           "mixed", "record_value", "won_from"]

#: what every game's statistics have (read by :func:`stat_lines`'s first lines)
COMMON = ("evenings", "deals", "wins", "win_rate", "average_place", "streak")
SUIT_SIGNS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}


def _word(w: Mapping[str, str], key: str, fallback: str | None = None) -> str:
    return w.get(key) or (fallback if fallback is not None else key.rsplit(".", 1)[-1])


def contract_label(row: Mapping[str, Any], w: Mapping[str, str]) -> str:
    """A row of a contracts table as players write it: ``7♠``, ``8 БК``/``8NT`` (a level and
    a suit, :func:`whistscore.game.contracts_json`), else its values, each worded by
    ``stat.name.VALUE`` (a bid ``9``, a solo and its category ``bomb double``, a name
    ``open_nolo`` as ``open nolo``)."""
    if "level" in row and "suit" in row:
        suit = row["suit"]
        if suit == "NT":
            nt = _word(w, "nt", "NT")
            return f"{row['level']}{' ' if len(nt) > 2 or not nt.isascii() else ''}{nt}"
        return f"{row['level']}{SUIT_SIGNS.get(suit, suit)}"
    def name(token: object) -> str:
        return _word(w, f"stat.name.{token}", str(token).replace("_", " "))

    # any other row is named by its values but the counts, in the game's order: a bid
    # (``9``), a solo and its category (``bomb double``)
    return " ".join(name(v) for k, v in row.items() if k not in _COUNTS).strip()


#: the counts of a row of a contracts table (:func:`made_rows`), not its name
_COUNTS = ("played", "made")


def made_rows(st: Mapping[str, Any]) -> list[tuple[str, list[Mapping[str, Any]]]]:
    """Every table of the statistics: (its key, its rows with ``played`` and ``made``)."""
    return [(k, v) for k, v in st.items() if k not in COMMON and isinstance(v, list)
            and all(isinstance(r, dict) and "played" in r and "made" in r for r in v)]


def stat_lines(st: Mapping[str, Any], w: Any) -> list[tuple[str, str]]:
    """(label, value) lines of one game kind's statistics, in ``w``'s language
    (:class:`~whistscore.club.words.Words`): the summary, the streak, then the game's own
    parts in the order the game gives them (its tables as ``7♠ 5/6``: made of played)."""
    out = [("", w.say("stat.summary", st["evenings"], st["wins"],
                                   st["win_rate"] or "—", st["average_place"] or "—")),
           ("", w.say("stat.streak", st["streak"]["current"], st["streak"]["longest"]))]
    for key, value in st.items():
        if key in COMMON:
            continue
        label = _word(w, f"stat.{key}")
        if isinstance(value, list):
            if value:
                out.append((label, ", ".join(f"{contract_label(r, w)} {r['made']}/{r['played']}"
                                             for r in value)))
        elif isinstance(value, dict):
            out.append((label, ", ".join(
                f"{_word(w, f'stat.{key}.{sub}', _word(w, f'stat.sub.{sub}'))} {n}"
                for sub, n in value.items())))
        else:
            out.append((label, "—" if value is None else str(value)))
    return out


def pair_rows(pairs: list[Mapping[str, Any]], kind: str) -> list[list[str]]:
    """Who beats whom for one game kind: [opponent, evenings, ahead–behind, points, money],
    the order of the answer (the opponent he won most from first)."""
    return [[p["opponent"], str(p["evenings"]), f"{p['ahead']}–{p['behind']}", p["points"],
             ", ".join(f"{v} {c}".strip() for c, v in p["money"].items())]
            for p in pairs if p["game"] == kind]


#: an exact fraction as the archive's JSON writes it: "406/3", "-80/3"
_FRACTION = re.compile(r"[+-]?\d+/\d+")
#: a bid contract as a record's value keeps it (:func:`whistscore.game.bid_text`): "8NT",
#: "7S"; no other value of a record is written so (counts, exact texts, a level)
_CONTRACT = re.compile(r"(\d+)(" + "|".join(BID_SUITS) + ")")


def mixed(value: object) -> object:
    """A fraction as a player reads it, the same on the page and in the command's text:
    ``406/3`` as ``135 1/3`` (still exact); anything else as it is."""
    if not isinstance(value, str) or not _FRACTION.fullmatch(value):
        return value
    f = Fraction(value)
    if f.denominator == 1:
        return str(f.numerator)
    whole, part = divmod(abs(f.numerator), f.denominator)
    return ("-" if f < 0 else "") + (f"{whole} " if whole else "") + f"{part}/{f.denominator}"


def record_value(record: str, value: object, w: Mapping[str, str]) -> object:
    """A record's value as players write it in ``w``'s language: a contract as ``8 БК`` or
    ``8♦`` (the answer keeps ``8NT``, ``8D``), a fraction as ``135 1/3``."""
    if isinstance(value, str):
        m = _CONTRACT.fullmatch(value)
        if m:
            return contract_label({"level": m.group(1), "suit": m.group(2)}, w)
    return mixed(value)


def won_from(a: str, b: str, won: Mapping[str, Any]) -> tuple[str, str, object, dict[str, str]] | None:
    """Who won from whom, said by its sign: (winner, loser, points, money), never a negative
    win ("B won 100 from A", not "A won -100 from B"); None when they are even."""
    points = Fraction(str(won["points"]))
    if points == 0:
        return None
    money = {c: v.lstrip("-") if points < 0 else v for c, v in (won.get("money") or {}).items()}
    if points < 0:
        return b, a, mixed(str(-points)), money
    return a, b, mixed(str(points)), money
