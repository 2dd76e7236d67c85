"""The Twist game type: what the journal, the replay, the sheets and the scorepad call.

Each method is the function of the module that holds it, taken over as it is
(``staticmethod``): a replay calls ``score`` and ``is_finished`` once a deal, and a
method that only called on would cost a call more each time.
"""

from __future__ import annotations

from ...game import GameType, Paper
from . import deals, notation, scoring, sheet
from .deals import Deal
from .fields import FIELDS
from .rules import LABELS, RULE_TEXTS, RULEBOOK
from .scoring import State

__all__ = ["Twist", "GAME"]


class Twist(GameType[Deal, State]):
    """Twist for four: gora, remark, vists and the nota."""

    name = "twist"
    title = "Twist"
    player_counts = (4,)
    unit = "vist"
    rulebook = RULEBOOK
    rule_texts = RULE_TEXTS
    labels = LABELS
    paper = Paper("pulka", ("gora", "remark"), centre="gora", legend="twist.draw.legend")
    deal_fields = FIELDS  # the scorepad's form (whistscore/fields.py)
    notation_forms = notation.NOTATION_FORMS
    notation_players = notation.NOTATION_PLAYERS

    deal_from_json = staticmethod(deals.deal_from_json)
    deal_to_json = staticmethod(deals.deal_to_json)
    parse_notation = staticmethod(notation.parse_notation)
    format_notation = staticmethod(notation.format_notation)

    initial_state = staticmethod(scoring.initial_state)
    score = staticmethod(scoring.score)
    is_finished = staticmethod(scoring.is_finished)
    balance = staticmethod(scoring.balance)
    announce_next = staticmethod(scoring.announce_next)

    describe_result = staticmethod(sheet.describe_result)
    name_marks = staticmethod(sheet.name_marks)
    due = staticmethod(sheet.due)
    sheet_json = staticmethod(sheet.sheet_json)
    sheet_tables = staticmethod(sheet.sheet_tables)
    closing_tables = staticmethod(sheet.closing_tables)
    opening_values = staticmethod(sheet.opening_values)
    pairwise_settlement = staticmethod(sheet.pairwise_settlement)


GAME = Twist()
