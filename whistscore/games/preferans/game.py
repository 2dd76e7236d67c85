"""The Preferans game type: what the journal, the replay, the sheets and the scorepad call.

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

__all__ = ["Preferans", "GAME"]


class Preferans(GameType[Deal, State]):
    """Preferans for three, or four with the dealer sitting out."""

    name = "preferans"
    title = "Preferans (pulya, gora, vists)"
    player_counts = (3, 4)
    unit = "vist"
    rulebook = RULEBOOK
    rule_texts = RULE_TEXTS
    labels = LABELS
    paper = Paper("pulka", ("gora", "pulya"), centre="pulya", closes="pulya", centre_sum=True,
                  legend="pref.draw.legend")
    deal_fields = FIELDS  # the scorepad's form (whistscore/fields.py)
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
    describe_deal = staticmethod(sheet.describe_deal)
    sheet_json = staticmethod(sheet.sheet_json)
    sheet_tables = staticmethod(sheet.sheet_tables)
    closing_tables = staticmethod(sheet.closing_tables)
    pairwise_settlement = staticmethod(sheet.pairwise_settlement)


GAME = Preferans()
