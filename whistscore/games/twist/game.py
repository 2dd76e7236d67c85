"""The Twist game type: the class the registry, the journal and the renderers speak to.

Each method hands over to the module that holds it (deals, notation, scoring,
sheet); nothing is decided here.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from ...game import DealContext, GameType, JSONObject, Outcome, Played, Words
from ...layout import Label, Table
from ...ledger import Amount
from ...rules import Rules
from . import deals, notation, rules, scoring, sheet
from .deals import Deal
from .fields import FIELDS
from .scoring import State

__all__ = ["Twist", "GAME"]


class Twist(GameType[Deal, State]):
    name = "twist"
    title = "Twist"
    player_counts = (4,)
    unit = "vist"
    rulebook = rules.RULEBOOK
    rule_texts = rules.RULE_TEXTS
    labels = rules.LABELS
    deal_fields = FIELDS  # the scorepad's form (whistscore/fields.py)
    notation_forms = notation.NOTATION_FORMS
    notation_players = notation.NOTATION_PLAYERS

    # -- deals --------------------------------------------------------------
    def deal_from_json(self, obj: Mapping[str, Any], players: tuple[str, ...],
                       rules: Rules) -> Deal:
        return deals.deal_from_json(obj, players, rules)

    def deal_to_json(self, deal: Deal) -> JSONObject:
        return deals.deal_to_json(deal)

    def parse_notation(self, text: str, players: tuple[str, ...], rules: Rules) -> Deal:
        return notation.parse_notation(text, players, rules)

    def format_notation(self, deal: Deal, players: tuple[str, ...], rules: Rules) -> str:
        return notation.format_notation(deal, players, rules)

    # -- scoring -------------------------------------------------------------
    def initial_state(self, players: tuple[str, ...], rules: Rules) -> State:
        return scoring.initial_state(players, rules)

    # the two the replay calls once per deal: handed over without a frame of their own
    score = staticmethod(scoring.score)
    is_finished = staticmethod(scoring.is_finished)

    def balance(self, state: State, rules: Rules) -> dict[str, Fraction]:
        return scoring.balance(state, rules)

    def announce_next(self, state: State, dealer: str, players: tuple[str, ...],
                      rules: Rules) -> Label | None:
        return scoring.announce_next(state, dealer, players, rules)

    # -- the sheet -----------------------------------------------------------
    def sheet_json(self, state: State, rules: Rules) -> JSONObject:
        return sheet.sheet_json(state, rules)

    def sheet_tables(self, replay: Played[State]) -> list[Table]:
        return sheet.sheet_tables(replay)

    def closing_tables(self, replay: Played[State]) -> list[Table]:
        return sheet.closing_tables(replay)

    def describe_result(self, deal: Deal, outcome: Outcome[State], ctx: DealContext) -> Words:
        return sheet.describe_result(deal, outcome, ctx)

    def opening_values(self, players: tuple[str, ...],
                       rules: Rules) -> dict[tuple[str, str, str | None], Amount]:
        return sheet.opening_values(players, rules)

    def pairwise_settlement(self, replay: Played[State]) -> dict[tuple[str, str], Fraction]:
        return sheet.pairwise_settlement(replay)


GAME = Twist()
