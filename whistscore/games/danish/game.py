"""The Danish game as the rest of whistscore sees it: each method hands over to its module."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from ...game import DealContext, GameType, JSONObject, Outcome, Played, Words
from ...layout import Label, Table
from ...rules import Rules
from . import deals, notation, scoring, sheet
from .deals import Deal
from .fields import FIELDS
from .rules import LABELS, RULE_TEXTS, RULEBOOK
from .scoring import State

__all__ = ["Danish", "GAME"]


class Danish(GameType[Deal, State]):
    """Danish call-ace whist, scored in points settled deal by deal."""

    name = "danish"
    title = "Danish whist (Esmakker)"
    player_counts = (4, 5)
    unit = "point"
    rulebook = RULEBOOK
    rule_texts = RULE_TEXTS
    labels = LABELS
    deal_fields = FIELDS
    notation_forms = notation.NOTATION_FORMS
    notation_players = notation.NOTATION_PLAYERS

    def active_players(self, players: tuple[str, ...], dealer: str) -> tuple[str, ...]:
        return scoring.active_players(players, dealer)

    def deal_from_json(self, obj: Mapping[str, Any], players: tuple[str, ...],
                       rules: Rules) -> Deal:
        return deals.deal_from_json(obj, players, rules)

    def deal_to_json(self, deal: Deal) -> JSONObject:
        return deals.deal_to_json(deal)

    def parse_notation(self, text: str, players: tuple[str, ...], rules: Rules) -> Deal:
        return notation.parse_notation(text, players, rules)

    def format_notation(self, deal: Deal, players: tuple[str, ...], rules: Rules) -> str:
        return notation.format_notation(deal, players, rules)

    def describe_result(self, deal: Deal, outcome: Outcome[State], ctx: DealContext) -> Words:
        return sheet.describe_result(deal, outcome, ctx)

    def initial_state(self, players: tuple[str, ...], rules: Rules) -> State:
        return scoring.initial_state(players, rules)

    # the two a replay calls once per deal, bound without a forwarding call
    score = staticmethod(scoring.score)
    is_finished = staticmethod(scoring.is_finished)

    def balance(self, state: State, rules: Rules) -> dict[str, Fraction]:
        return scoring.balance(state, rules)

    def announce_next(self, state: State, dealer: str, players: tuple[str, ...],
                      rules: Rules) -> Label | None:
        return scoring.announce_next(state, dealer, players, rules)

    def sheet_json(self, state: State, rules: Rules) -> JSONObject:
        return sheet.sheet_json(state, rules)

    def sheet_tables(self, replay: Played[State]) -> list[Table]:
        return sheet.sheet_tables(replay)

    def closing_tables(self, replay: Played[State]) -> list[Table]:
        return sheet.closing_tables(replay)

    def pairwise_settlement(self, replay: Played[State]) -> dict[tuple[str, str], Fraction]:
        return sheet.pairwise_settlement(replay)


GAME = Danish()
