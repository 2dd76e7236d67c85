"""Danish whist's options, its one preset, and the texts of the rules an entry names.

The negative contracts are named here, below the deals, because one option
(``nolo_values``) is keyed by them and must read them in the same words as a deal.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

import attrs

from ...rules import Choice, Integer, Kind, Option, RuleBook, typed_or_json, typed_pairs

__all__ = ["OPTIONS", "PRESETS", "RULEBOOK", "RULE_TEXTS", "SIMPLE", "NEGATIVES",
           "NEGATIVE_NAMES", "NoloValues"]


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
        value = typed_or_json(value, "{", lambda text: typed_pairs(
            text, "solo:50,nolo:100,open_solo:150,open_nolo:200"))
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

#: every rule an entry may carry (``Entry.rule``); each is named, with its source, in
#: the game's catalogues (``rule.<key>``, ``rule.<key>.source``: locale/<lang>.po)
RULE_TEXTS: tuple[str, ...] = (
    "made",
    "failed",
    "alone_made",
    "alone_failed",
    "negative_made",
    "negative_failed",
)



