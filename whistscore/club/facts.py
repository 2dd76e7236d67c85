"""What the archive keeps of one game: the facts read off its replay.

A game file is replayed once (with each deal's balance) and reduced to rows:
the seats, each player's result and place, the payments, what each deal was
and what it moved.  What a deal's parts are, which of its words mean made or
failed, the sides, the game's own count: each game says it in its
:class:`~whistscore.game.ClubFacts` (``GameType.club``), read from the deal's
file form (journal.md and each game's "Deals (JSON)"), which is stable; whether a
contract was made is read from the words the game itself chose for the deal
(``describe_result``), so no rule is decided here and no game is named.
"""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from typing import Any, Iterator

import attrs

from ..game import ClubFacts, Game
from ..i18n import text as words_text
from ..layout import Label, Phrase
from ..replay import Replay, replay
from ..settlement import fraction_text, settle

__all__ = ["DealFact", "GameFacts", "facts", "places"]


@attrs.frozen
class DealFact:
    """One deal as the archive keeps it (a row of ``deals``)."""

    number: int
    at: str | None
    dealer: str
    declarer: str | None
    contract: str | None
    kind: str
    outcome: str
    made: bool | None
    #: a contract's height, level * 10 + suit (Danish: bid * 10); None: no contract
    height: int | None
    deal: dict[str, Any]
    #: each player's balance change (exact: an int when whole)
    moved: dict[str, int | Fraction]
    #: who whisted (preferans), and who of them was short of his tricks
    whisters: tuple[str, ...] = ()
    short: tuple[str, ...] = ()


@attrs.frozen
class GameFacts:
    """One game file as the archive keeps it."""

    game: str
    title: str | None
    place: str | None
    players: tuple[str, ...]
    #: the teams of the rating and of places: whist's two sides, else each alone
    sides: tuple[tuple[str, ...], ...]
    first_at: str | None
    last_at: str | None
    deals: int
    finished: bool
    ended: str | None
    preset: str
    rules: dict[str, Any]
    stake: Decimal | None
    currency: str | None
    unit: str
    balance: dict[str, Fraction]
    money: dict[str, Decimal] | None
    places: dict[str, int]
    transfers: tuple[tuple[str, str, Decimal | Fraction], ...]
    pairs: dict[tuple[str, str], Fraction] | None
    symbols: int | None
    deal_facts: tuple[DealFact, ...]

    def results_json(self) -> dict[str, Any]:
        """The balances and money, as ``recomputed`` reports them (settle --json's words)."""
        out: dict[str, Any] = {"balance": {p: fraction_text(b) for p, b in self.balance.items()}}
        if self.money is not None:
            out["money"] = {p: str(m) for p, m in self.money.items()}
        return out


def places(balance: dict[str, Fraction]) -> dict[str, int]:
    """Places by balance, the best first; equal balances share the place and the next
    place skips (1, 2, 2, 4), as a tournament table counts them."""
    ordered = sorted(balance.values(), reverse=True)
    return {p: ordered.index(b) + 1 for p, b in balance.items()}


def _labels(words: Any) -> Iterator[str]:
    if isinstance(words, Label):
        yield words.key
    elif isinstance(words, Phrase):
        for part in words.parts:
            yield from _labels(part)


def _made(words: Any, club: ClubFacts) -> bool | None:
    keys = set(_labels(words))
    if keys & club.failed:
        return False
    if keys & club.made:
        return True
    return None


#: (game, the game's words for a deal) -> (the words in English, made?): most deals of an
#: evening end in words said before ("made", "down 1"), rendered once
_SAID: dict[tuple[str, Any], tuple[str, bool | None]] = {}


def _whole(balance: dict[str, Fraction]) -> dict[str, int | Fraction]:
    """A balance with its whole values as ints: a deal's move is then an int subtraction
    and its text ``str``, not Fraction arithmetic (the same numbers)."""
    return {p: v.numerator if v.denominator == 1 else v for p, v in balance.items()}


def _deal_facts(rp: Replay[Any]) -> tuple[DealFact, ...]:
    game = rp.game
    kind = game.kind
    name = kind.name
    club = kind.club
    parts_of = club.parts
    short_of = club.short
    describe = kind.describe_result
    to_json = kind.deal_to_json
    players = game.players
    before: dict[str, int | Fraction] = {p: 0 for p in players}
    out: list[DealFact] = []
    for result in rp.results:
        after = _whole(result.balance) if result.balance else before
        moved = {p: after[p] - before[p] for p in players}
        before = after
        deal = result.record.deal
        dj = to_json(deal)
        parts = parts_of(dj)
        words = describe(deal, result.outcome, result.context)
        said = _SAID.get((name, words))
        if said is None:
            if len(_SAID) > 10_000:
                _SAID.clear()
            said = _SAID[(name, words)] = (str(words_text(words, kind, "en")),
                                           _made(words, club))
        out.append(DealFact(result.number, result.record.at, result.dealer, parts.declarer,
                            parts.contract, parts.kind, said[0], said[1], parts.height, dj,
                            moved, parts.whisters, short_of(result.outcome.entries)))
    return tuple(out)


def facts(game: Game) -> GameFacts:
    """Replay ``game`` once and keep what the archive shows of it.

    :raises InputError: a deal cannot be scored (its number given).
    """
    rp = replay(game, history=True)
    s = settle(rp)
    balance = {p: Fraction(b) for p, b in s.balance.items()}
    stamps = [r.at for r in game.deals if r.at is not None]
    pairs = game.kind.pairwise_settlement(rp)
    return GameFacts(
        game=game.kind.name, title=game.title, place=game.place, players=game.players,
        sides=game.kind.club.sides(game.players),
        first_at=stamps[0] if stamps else None, last_at=stamps[-1] if stamps else None,
        deals=len(game.deals), finished=rp.finished, ended=game.ended,
        preset=game.rules.preset,
        rules={"preset": game.rules.preset,
               **{o.name: o.kind.dump(game.rules[o.name]) for o in game.rules.book.options}},
        stake=s.stake, currency=game.currency, unit=game.kind.unit,
        balance=balance, money=dict(s.money) if s.money is not None else None,
        places=places(balance),
        transfers=tuple((t.payer, t.payee, t.amount) for t in s.transfers),
        pairs=dict(pairs) if pairs is not None else None,
        symbols=game.kind.club.symbols(rp.state, game.rules),
        deal_facts=_deal_facts(rp),
    )


#: JSON for a column: compact, UTF-8 kept, keys in their order (one encoder: ``json.dumps``
#: with arguments builds a new one per call, and the archive writes several per deal)
dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def exact_text(value: int | Fraction) -> str:
    """An exact number as ``settle --json`` writes it (``"20"``, ``"-61/3"``)."""
    if type(value) is int:
        return str(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"  # str(Fraction), as fraction_text


def moved_json(moved: dict[str, int | Fraction], keys: dict[str, str] | None = None) -> str:
    """``dumps`` of each player's move as exact text; ``keys`` (each name already as JSON,
    made once a game) saves encoding the same names on every deal: an exact number's text
    is digits, ``-`` and ``/`` only, which JSON writes as they are (the same string)."""
    if keys is None:
        return dumps({p: exact_text(v) for p, v in moved.items()})
    return "{" + ",".join(f'{keys[p]}:"{exact_text(v)}"' for p, v in moved.items()) + "}"


def swing(moved: dict[str, int | Fraction]) -> float:
    """The largest change of one player's balance in a deal (the ``swing`` column)."""
    best: int | Fraction = 0
    for v in moved.values():
        if v < 0:
            v = -v
        if v > best:
            best = v
    return float(best)
