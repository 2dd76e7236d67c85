"""The Danish game type: what the journal, the replay, the sheets and the scorepad call.

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
    paper = Paper("pad", legend="danish.draw.legend")
    deal_fields = FIELDS
    notation_forms = notation.NOTATION_FORMS
    notation_players = notation.NOTATION_PLAYERS

    active_players = staticmethod(scoring.active_players)

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
    pairwise_settlement = staticmethod(sheet.pairwise_settlement)


GAME = Danish()
