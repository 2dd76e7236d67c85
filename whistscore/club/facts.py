"""What the archive keeps of one game: the facts read off its replay.

A game file is replayed once (with each deal's balance) and reduced to rows:
the seats, each player's result and place, the payments, what each deal was
and what it moved.  The deal's parts are read from its file form (journal.md
and each game's "Deals (JSON)"), which is stable, never from the engines'
classes; whether a contract was made is read from the words the game itself
chose for the deal (``describe_result``), so no rule is decided here.
"""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from typing import Any, Iterator

import attrs

from ..game import Game
from ..i18n import text as words_text
from ..layout import Label, Phrase
from ..replay import Replay, replay
from ..settlement import fraction_text, settle

__all__ = ["DealFact", "GameFacts", "facts", "places", "CONTRACT_SUITS"]

#: how a game's own words for a deal say it was made, or failed (``describe_result``)
_MADE = frozenset({"res.made", "res.made_over", "pref.res.misere_made", "pref.res.both_pass",
                   "pref.res.half"})
_FAILED = frozenset({"res.down", "res.caught", "res.lost_with", "res.lost",
                     "pref.res.misere_caught", "pref.res.conceded", "twist.res.failed_over",
                     "twist.res.failed_under"})
#: the order of the suits in a contract, lowest first (preferans.md and twist.md bidding)
CONTRACT_SUITS = ("S", "C", "D", "H", "NT")
#: a whister short of his tricks (preferans.md "responsible whist")
_SHORT_RULES = frozenset({"responsible_whist", "half_responsible_whist"})


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
    #: each player's balance change (exact)
    moved: dict[str, Fraction]
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


def _made(words: Any) -> bool | None:
    keys = set(_labels(words))
    if keys & _FAILED:
        return False
    if keys & _MADE:
        return True
    return None


def _height(contract: object) -> int | None:
    """``8H`` -> 83, ``10NT`` -> 104; None for anything else (misère, all-pass)."""
    if not isinstance(contract, str):
        return None
    digits = ""
    for c in contract:
        if not c.isdigit():
            break
        digits += c
    suit = contract[len(digits):]
    if not digits or suit not in CONTRACT_SUITS:
        return None
    return int(digits) * 10 + CONTRACT_SUITS.index(suit)


def _deal_parts(game: str, dj: dict[str, Any]) -> tuple[str | None, str | None, str, int | None]:
    """(declarer, contract, kind of deal, height) from a deal's file form."""
    declarer = dj.get("declarer") if isinstance(dj.get("declarer"), str) else None
    if game == "preferans":
        contract = dj.get("contract")
        if contract == "allpass":
            return None, None, "allpass", None
        if contract == "misere":
            return declarer, "misere", "misere", None
        return declarer, contract, "concede" if dj.get("concede") else "contract", \
            _height(contract)
    if game == "twist":
        if dj.get("twist_round"):
            return None, None, "twist_round", None
        for solo in ("bomb", "dil"):
            if solo in dj:
                return declarer, f"{solo} {dj[solo]} {dj.get('value')}", solo, None
        return declarer, dj.get("contract"), "contract", _height(dj.get("contract"))
    if game == "danish":
        bid = dj.get("bid")
        contract = str(bid) + (f" {dj['attachment']}" if dj.get("attachment") else "")
        if isinstance(bid, int):
            return declarer, contract, "contract" if dj.get("partner") else "alone", bid * 10
        return declarer, contract, str(bid), None
    if game == "whist":
        revoke = dj.get("revoke")
        void = isinstance(revoke, dict) and "tricks" not in dj
        return None, None, "void" if void else "deal", None
    return declarer, None, "deal", None


def _sides(game: Game) -> tuple[tuple[str, ...], ...]:
    players = game.players
    if game.kind.name == "whist":  # whist.md: players[0] & [2] are NS, [1] & [3] EW
        return (players[0], players[2]), (players[1], players[3])
    return tuple((p,) for p in players)


def _symbols(game: Game, rp: Replay[Any]) -> int | None:
    if game.kind.name != "twist":
        return None
    sheet = game.kind.sheet_json(rp.state, game.rules)
    return sum(len(column.get("nota", ())) for column in sheet.values())


#: (game, the game's words for a deal) -> (the words in English, made?): most deals of an
#: evening end in words said before ("made", "down 1"), rendered once
_SAID: dict[tuple[str, Any], tuple[str, bool | None]] = {}


def _deal_facts(rp: Replay[Any]) -> tuple[DealFact, ...]:
    game = rp.game
    name = game.kind.name
    kind = game.kind
    players = game.players
    before: dict[str, Any] = {p: 0 for p in players}
    out: list[DealFact] = []
    for result in rp.results:
        after = result.balance or before
        moved = {p: after[p] - before[p] for p in players}
        before = after
        dj = kind.deal_to_json(result.record.deal)
        declarer, contract, deal_kind, height = _deal_parts(name, dj)
        words = kind.describe_result(result.record.deal, result.outcome, result.context)
        said = _SAID.get((kind.name, words))
        if said is None:
            if len(_SAID) > 10_000:
                _SAID.clear()
            said = _SAID[(kind.name, words)] = (str(words_text(words, kind, "en")),
                                                _made(words))
        whisters: tuple[str, ...] = ()
        short: tuple[str, ...] = ()
        if name == "preferans" and isinstance(dj.get("whist"), dict):
            whisters = tuple(p for p, s in dj["whist"].items() if s in ("whist", "half"))
            short = tuple(sorted({e.player for e in result.entries if e.rule in _SHORT_RULES}))
        out.append(DealFact(result.number, result.record.at, result.dealer, declarer, contract,
                            deal_kind, said[0], said[1], height, dj, moved, whisters, short))
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
        sides=_sides(game),
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
        symbols=_symbols(game, rp),
        deal_facts=_deal_facts(rp),
    )


#: JSON for a column: compact, UTF-8 kept, keys in their order (one encoder: ``json.dumps``
#: with arguments builds a new one per call, and the archive writes several per deal)
dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def exact_text(value: int | Fraction) -> str:
    """An exact number as ``settle --json`` writes it (``"20"``, ``"-61/3"``)."""
    if type(value) is int:
        return str(value)
    return fraction_text(value)


def moved_json(moved: dict[str, Fraction]) -> str:
    return dumps({p: exact_text(v) for p, v in moved.items()})
