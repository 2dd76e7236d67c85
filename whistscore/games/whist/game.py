"""The Whist game type: what the journal, the replay, the sheets and the scorepad call.

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

__all__ = ["Whist", "GAME"]


class Whist(GameType[Deal, State]):
    """English short whist, the 1864 Laws and American whist: two sides, games and rubbers."""

    name = "whist"
    title = "Whist"
    player_counts = (4,)
    unit = "point"
    rulebook = RULEBOOK
    rule_texts = RULE_TEXTS
    labels = LABELS
    paper = Paper("marker", legend="whist.draw.legend")
    deal_fields = FIELDS
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
    sheet_json = staticmethod(sheet.sheet_json)
    sheet_tables = staticmethod(sheet.sheet_tables)
    closing_tables = staticmethod(sheet.closing_tables)
    running_restarts = staticmethod(sheet.running_restarts)
    pairwise_settlement = staticmethod(sheet.pairwise_settlement)


GAME = Whist()
