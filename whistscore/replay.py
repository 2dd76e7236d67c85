"""Replaying the deals: the only way a sheet comes to be.

The game file holds deals, never totals; the sheet is what replaying the deals
under the rules writes.  Undo is therefore exact (drop the last deal, replay),
and a deal is accepted only if it scores on the state the previous deals left.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Generic, Iterator, TypeVar

import attrs

from .errors import GameOverError, InputError
from .game import (DealContext, DealRecord, DealResult, Game, GameType, JSONObject, dealer_of,
                   next_seat, paused_gc)
from .ledger import Entry, Totals

__all__ = ["DealResult", "Replay", "replay", "check"]

S = TypeVar("S")


@attrs.frozen
class Replay(Generic[S]):
    """The game, every deal's result, and the state ``S`` after the last deal."""

    game: Game
    results: tuple[DealResult, ...]
    state: S
    history: bool = False
    #: who deals the next deal (kept even when the results are not)
    upcoming: str | None = None

    @property
    def kind(self) -> GameType[Any, S]:
        return self.game.kind

    @property
    def finished(self) -> bool:
        """The game's end was reached, or the players ended it early (``ended``)."""
        return self.game.ended is not None or self.game.kind.is_finished(self.state)

    def entries(self) -> Iterator[Entry]:
        for result in self.results:
            yield from result.outcome.entries

    def totals(self) -> Totals:
        totals = Totals()
        for result in self.results:
            totals.add(result.outcome.entries)
        return totals

    def balance(self) -> dict[str, Fraction]:
        """Each player's balance after the last deal.  A replay with history already holds
        it (the last deal's, of the same state): a copy of that, not a second count."""
        results = self.results
        if self.history and results:
            last = results[-1].balance
            if last is not None:
                return dict(last)
        return self.game.kind.balance(self.state, self.game.rules)

    def to_json(self) -> JSONObject:
        """What ``whistscore show FILE --json`` prints (the scorepad's sheet API answers the
        same): one home, so the two can never drift apart."""
        game = self.game
        return {
            "game": game.kind.name,
            "players": list(game.players),
            "deals": len(game.deals),
            "finished": self.finished,
            "sheet": game.kind.sheet_json(self.state, game.rules),
            "entries": [e.to_json() for e in self.entries()],
        }

    def next_dealer(self) -> str:
        if self.upcoming is not None:
            return self.upcoming
        if not self.results:
            return self.game.players[0]
        return next_seat(self.game.players, self.results[-1].dealer)

    def extend(self, record: DealRecord, number: int | None = None) -> Replay[S]:
        """Score one more deal on the current state; the Replay itself is unchanged.

        ``number`` is the deal's number in messages when it differs from its
        place here (``check`` goes on past a refused deal).

        :raises DealError: the deal cannot be scored on the current state, or names a
            dealer who is not a player (its number given).
        :raises GameOverError: the game has ended.
        """
        game = self.game.with_deal(record)
        number = len(game.deals) if number is None else number
        if game.ended is not None:
            raise GameOverError(f"the players ended this game at {game.ended}; "
                                "no deal may follow", deal=number, key="ended")
        result, state = _play(game, number, record, self.state,
                              self.next_dealer(), self.history)
        return Replay(game, self.results + (result,), state, self.history,
                      next_seat(game.players, result.dealer))


def _play(game: Game, number: int, record: DealRecord, state: S,
          due: str, history: bool) -> tuple[DealResult, S]:
    """Score one deal on ``state``: the deal after the end is refused, the dealer is
    the rotation's unless the record names one."""
    kind = game.kind
    if kind.is_finished(state):
        raise GameOverError("the game has ended; no deal may follow", deal=number,
                            key="game_over")
    dealer = dealer_of(record, game.players, due, number)
    ctx = DealContext(number, dealer, game.players,
                      kind.active_players(game.players, dealer), game.rules)
    try:
        outcome = kind.score(state, record.deal, ctx)
    except InputError as exc:
        raise exc.located(deal=number) from None
    balance = kind.balance(outcome.state, game.rules) if history else None
    return DealResult(number, dealer, record, outcome, ctx, balance), outcome.state


def check(game: Game, numbers: tuple[int, ...] | None = None) -> list[InputError]:
    """Every deal of ``game`` that cannot be scored, each error naming its deal.

    A deal that cannot be scored is skipped, so the later deals are still checked
    against the state the good deals left (``whistscore check`` lists them all).
    ``numbers`` are the deals' numbers in messages when they differ from their places.
    One running state is carried: :meth:`Replay.extend` would copy the results on
    every deal (quadratic on a long file).  Nothing is raised: the problems are returned.
    """
    kind = game.kind
    state = kind.initial_state(game.players, game.rules)
    dealer = game.players[0]
    problems: list[InputError] = []
    with paused_gc():
        for place, record in enumerate(game.deals):
            number = numbers[place] if numbers is not None else place + 1
            try:
                result, state = _play(game, number, record, state, dealer, False)
            except InputError as exc:
                problems.append(exc)
                continue
            dealer = next_seat(game.players, result.dealer)
    return problems


def replay(game: Game, *, history: bool = False, keep: bool = True) -> Replay[Any]:
    """Replay every deal of ``game``; raises the first deal's error that cannot be scored.

    ``keep=False`` keeps only the final state, not each deal's entries: a
    settlement needs nothing more, and a long game then replays in little
    memory (``Replay.results`` is empty).

    The loop is :func:`_play` written out with its lookups hoisted, since it
    runs once per deal of the file on every command.

    :raises InputError: ``game`` is not a Game.
    :raises DealError: a deal cannot be scored on the state before it (its number given).
    :raises GameOverError: a deal follows the end of the game.
    """
    if not isinstance(game, Game):
        raise InputError("replay takes a Game (from load, loads or new_game)", field="game",
                         value=type(game).__name__, key="library_type")
    kind = game.kind
    players = game.players
    rules = game.rules
    state = kind.initial_state(players, rules)
    results: list[DealResult] = []
    append = results.append
    is_finished = kind.is_finished
    score = kind.score
    balance = kind.balance
    seat = {p: i for i, p in enumerate(players)}
    seats = len(players)
    actives: dict[str, tuple[str, ...]] = {}
    dealer = players[0]
    new_tuple = tuple.__new__
    with paused_gc():
        for number, record in enumerate(game.deals, 1):
            if is_finished(state):
                raise GameOverError("the game has ended; no deal may follow", deal=number,
                                    key="game_over")
            if record.dealer is not None:
                dealer = dealer_of(record, players, dealer, number)
            active = actives.get(dealer)
            if active is None:
                active = actives[dealer] = kind.active_players(players, dealer)
            # tuple.__new__ builds the named tuples without their Python-level __new__
            ctx = new_tuple(DealContext, (number, dealer, players, active, rules, keep))
            try:
                outcome = score(state, record.deal, ctx)
            except InputError as exc:
                raise exc.located(deal=number) from None
            state = outcome.state
            if keep:
                append(new_tuple(DealResult, (number, dealer, record, outcome, ctx,
                                              balance(state, rules) if history else None)))
            dealer = players[(seat[dealer] + 1) % seats]
    return Replay(game, tuple(results), state, history, dealer)
