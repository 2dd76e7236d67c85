"""A game's table made from its package's modules: what every game wires alike, said once.

Every game package has the same modules with the same names (docs/architecture.md, "One
room per game"), so the table of its functions (:class:`~whistscore.game.GameType`) is
the same forty lines in each, bar a few.  :func:`wired` reads those names from the
modules; a game's ``game.py`` then says only what is its own -- its name, title, seats,
unit and words -- and adds the hooks only it has with ``attrs.evolve`` (as
python-chess's variants override only what differs from the standard board).

The modules are typed as protocols, so mypy still checks every function of a game
against the contract with its ``Deal`` and ``State``: a ``score`` that takes another
deal is an error, as it was in the table written out (tests/test_typing.py).  The table
made is the same value, so a replay calls the same functions.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Collection, Mapping, Protocol, TypeVar

from .fields import DealFields
from .game import (ClubFacts, DealContext, GameType, JSONObject, NotationForm, Outcome, Played,
                   Words)
from .language import Catalogue
from .layout import Table
from .paper import Drawing
from .rules import RuleBook, Rules

__all__ = ["wired"]

D = TypeVar("D")
S = TypeVar("S")
D_contra = TypeVar("D_contra", contravariant=True)


class RulesModule(Protocol):
    """``rules.py``: the options and presets, and the key of every rule an entry cites (its
    text is the game's catalogue's ``rule.<key>``)."""

    @property
    def RULEBOOK(self) -> RuleBook: ...

    @property
    def RULE_TEXTS(self) -> Collection[str]: ...


class DealsModule(Protocol[D]):
    """``deals.py``: a deal's file form, read and written."""

    @property
    def deal_from_json(self) -> Callable[[Mapping[str, Any], tuple[str, ...], Rules], D]: ...

    @property
    def deal_to_json(self) -> Callable[[D], JSONObject]: ...


class NotationModule(Protocol[D]):
    """``notation.py``: the short notation, read and written, and its forms."""

    @property
    def parse_notation(self) -> Callable[[str, tuple[str, ...], Rules], D]: ...

    @property
    def format_notation(self) -> Callable[[D, tuple[str, ...], Rules], str]: ...

    @property
    def NOTATION_FORMS(self) -> tuple[NotationForm, ...]: ...

    @property
    def NOTATION_PLAYERS(self) -> tuple[str, ...]: ...


class ScoringModule(Protocol[D_contra, S]):
    """``scoring.py``: the state, a deal scored on it, the end and the balances."""

    @property
    def initial_state(self) -> Callable[[tuple[str, ...], Rules], S]: ...

    @property
    def score(self) -> Callable[[S, D_contra, DealContext], Outcome[S]]: ...

    @property
    def is_finished(self) -> Callable[[S], bool]: ...

    @property
    def balance(self) -> Callable[[S, Rules], dict[str, Fraction]]: ...


class SheetModule(Protocol[D_contra, S]):
    """``sheet.py``: the sheet as ``--json`` writes it, as tables, as paper, and in words."""

    @property
    def sheet_json(self) -> Callable[[S, Rules], JSONObject]: ...

    @property
    def sheet_tables(self) -> Callable[[Played[S]], list[Table]]: ...

    @property
    def closing_tables(self) -> Callable[[Played[S]], list[Table]]: ...

    @property
    def describe_result(self) -> Callable[[D_contra, Outcome[S], DealContext], Words]: ...

    @property
    def describe_deal(self) -> Callable[[D_contra, DealContext], Words]: ...

    @property
    def drawing(self) -> Callable[[Played[S]], Drawing]: ...

    @property
    def pairwise_settlement(self) -> Callable[[Played[S]],
                                              dict[tuple[str, str], Fraction] | None]: ...


class FieldsModule(Protocol):
    """``fields.py``: the deal's fields for the scorepad's tapped form."""

    @property
    def FIELDS(self) -> DealFields: ...


class ClubModule(Protocol):
    """``club.py``: what the club archive reads of the game."""

    @property
    def CLUB(self) -> ClubFacts: ...


def wired(*, name: str, title: str, player_counts: tuple[int, ...], unit: str,
          words: Catalogue, rules: RulesModule, deals: DealsModule[D],
          notation: NotationModule[D], scoring: ScoringModule[D, S],
          sheet: SheetModule[D, S], fields: FieldsModule, club: ClubModule) -> GameType[D, S]:
    """The table of a game package's functions, each found under its name in its module.

    What only some games have (``active_players``, ``next_deal``, ``running_restarts``,
    ``opening_values``, ``written_on``) the game adds itself."""
    return GameType(
        name=name, title=title, player_counts=player_counts, unit=unit,
        rulebook=rules.RULEBOOK, rule_texts=rules.RULE_TEXTS, words=words,
        deal_fields=fields.FIELDS, club=club.CLUB,
        notation_forms=notation.NOTATION_FORMS, notation_players=notation.NOTATION_PLAYERS,
        deal_from_json=deals.deal_from_json, deal_to_json=deals.deal_to_json,
        parse_notation=notation.parse_notation, format_notation=notation.format_notation,
        initial_state=scoring.initial_state, score=scoring.score,
        is_finished=scoring.is_finished, balance=scoring.balance,
        sheet_json=sheet.sheet_json, sheet_tables=sheet.sheet_tables,
        closing_tables=sheet.closing_tables, describe_result=sheet.describe_result,
        describe_deal=sheet.describe_deal, drawing=sheet.drawing,
        pairwise_settlement=sheet.pairwise_settlement)
