"""Whist's rule options and presets, the texts of the rules an entry may cite, and the
sheet's own labels.

The three presets are the schools the spec names (``whist.md``, Rules): the seed's
English short whist, the 1864 Laws and American 7-point whist.  Every option a
preset sets is read once per game by :class:`~whistscore.games.whist.scoring.Config`.
"""

from __future__ import annotations

from typing import Any

import attrs

from ...rules import Choice, Integer, Kind, Option, RuleBook

__all__ = ["OPTIONS", "PRESETS", "PRESET_DOCS", "RULEBOOK", "RULE_TEXTS",
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


#: every rule an entry may carry (``Entry.rule``); each is named, with its source, in
#: the game's catalogues (``rule.<key>``, ``rule.<key>.source``: locale/<lang>.po)
RULE_TEXTS: tuple[str, ...] = (
    "tricks",
    "honours",
    "precedence",
    "honours_need_trick",
    "honours_at_four",
    "revoke_deduct",
    "revoke_transfer",
    "revoke_add",
    "revoke_bar",
    "void",
    "game_ladder",
    "losers_honours",
    "game_seven_minus",
    "rubber",
)



