"""The Danish game: the table of this package's functions that the journal, the replay,
the sheets and the scorepad call (:class:`whistscore.game.GameType`).

Danish call-ace whist, scored in points settled deal by deal.

The entry point ``danish`` of the group ``whistscore.games`` (pyproject.toml) names
:data:`GAME`; mypy checks every function below against the contract with this
game's ``Deal`` and ``State``.
"""

from __future__ import annotations

from ...game import GameType
from . import club, deals, notation, scoring, sheet
from .deals import Deal
from .fields import FIELDS
from .rules import DETAIL_LABELS, LABELS, SAID_LABELS, RULE_TEXTS, RULEBOOK
from .scoring import State

__all__ = ["GAME"]

GAME = GameType[Deal, State](
    name="danish",
    title="Danish whist (Esmakker)",
    player_counts=(4, 5),
    unit="point",
    rulebook=RULEBOOK,
    rule_texts=RULE_TEXTS,
    labels={**LABELS, **DETAIL_LABELS, **SAID_LABELS},
    deal_fields=FIELDS,
    notation_forms=notation.NOTATION_FORMS,
    notation_players=notation.NOTATION_PLAYERS,
    deal_from_json=deals.deal_from_json,
    deal_to_json=deals.deal_to_json,
    parse_notation=notation.parse_notation,
    format_notation=notation.format_notation,
    initial_state=scoring.initial_state,
    score=scoring.score,
    is_finished=scoring.is_finished,
    balance=scoring.balance,
    next_deal=scoring.next_deal,
    active_players=scoring.active_players,
    describe_result=sheet.describe_result,
    describe_deal=sheet.describe_deal,
    sheet_json=sheet.sheet_json,
    sheet_tables=sheet.sheet_tables,
    closing_tables=sheet.closing_tables,
    pairwise_settlement=sheet.pairwise_settlement,
    club=club.CLUB,
    drawing=sheet.drawing,
)
