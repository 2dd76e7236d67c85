"""A game together with its replay: the value a program scores an evening with.

:class:`~whistscore.game.Game` is what the file holds; a :class:`ScoredGame` is
that game already replayed, so every step (``add``, ``undo``, ``replace``)
scores the deal at once and refuses it there, with the deal's number, exactly
as the command line does.  Each step returns a new ScoredGame and leaves the
old one as it was: an evening can be tried forward and thrown away.

Nothing here touches a file except :meth:`ScoredGame.save` and
:meth:`ScoredGame.load`; recording into a file under its lock is
:mod:`whistscore.recording`.
"""

from __future__ import annotations

import os
from decimal import Decimal
from fractions import Fraction
from typing import Any, Mapping, Union

import attrs

from . import files, journal
from .errors import DealError, GameFileError, GameOverError, InputError, NotationError
from .game import DealRecord, Game, GameType, JSONObject, Result, check_dealer
from .games import get_game
from .replay import DealResult, Replay, replay
from .settlement import Settlement, settle
from .textrules import check_currency, check_id, check_note, typed

__all__ = ["ScoredGame", "DealInput", "new", "parse_deal", "now_stamp", "notation_hint"]

#: a deal as a program or a person gives it: a line of short notation or the JSON text
#: of a deal, a deal's JSON object, or a :class:`~whistscore.game.DealRecord`
DealInput = Union[str, Mapping[str, Any], DealRecord]

_MAX_DEAL = 100_000  # characters of one typed deal (JSON of a deal is far shorter)


def notation_hint(kind: GameType[Any, Any]) -> str:
    """The one line that ends an unreadable deal's message: an example and where the rest is."""
    forms = getattr(kind, "notation_forms", ())
    example = f"e.g. {forms[0].example}; " if forms else ""
    return f"{example}every form: whistscore notation {kind.name}"


def now_stamp() -> str:
    """This moment as a deal's ``at``: local time, whole seconds, with its UTC offset."""
    import datetime  # only a recording command stamps a time: settle and show never load it

    return datetime.datetime.now().astimezone().replace(microsecond=0).isoformat()


def parse_deal(game: Game, deal: DealInput, number: int, *, dealer: str | None = None,
               note: str | None = None, at: str | None = None,
               id: str | None = None) -> DealRecord:
    """One deal as a program or a person gives it: a line of short notation, the JSON
    text of a deal (starting with ``{``), a JSON object (a dict, which may carry
    ``dealer``, ``note`` and ``at``) or a :class:`DealRecord`.

    ``dealer``, ``note`` and ``at`` given here win over those inside the deal.  Errors
    carry ``number``, the place the deal would take.

    :raises NotationError: a line of short notation that cannot be read (with an example
        of the notation and where every form is listed).
    :raises DealError: the deal is none of those, is empty or too long, its JSON is bad
        or of the wrong shape, or its ``dealer``, ``note`` or ``at`` is not acceptable.
    """
    try:
        if isinstance(deal, DealRecord):
            record = deal
        elif isinstance(deal, Mapping):
            record = journal.deal_from_json(game.kind, dict(deal), game.players, game.rules)
        elif isinstance(deal, str):
            record = _parse_text(game, deal)
        else:
            raise DealError("a deal is a line of short notation, JSON text or a JSON object",
                            field="deal", value=type(deal).__name__, key="deal_object")
        if dealer is not None:
            _check_text(dealer, "dealer")
            check_dealer(dealer, game.players)
        if note is not None:
            check_note(note)
        if at is not None:
            journal.check_at(at)
        if id is not None:
            check_id(id)
    except InputError as exc:
        raise exc.located(deal=number) from None
    if dealer is None and note is None and at is None and id is None:
        return record
    return DealRecord(record.deal, dealer if dealer is not None else record.dealer,
                      note if note is not None else record.note,
                      at if at is not None else record.at,
                      id if id is not None else record.id)


def _check_text(text: object, field: str) -> None:
    """Text from outside: it must be a str that can be saved as UTF-8 (argv bytes that
    are not UTF-8 arrive as lone surrogates): :func:`whistscore.textrules.typed`."""
    typed(text, field)


def _parse_text(game: Game, raw: str) -> DealRecord:
    if len(raw) > _MAX_DEAL:
        raise DealError(f"a deal is at most {_MAX_DEAL} characters", field="deal",
                        value=raw[:40], key="long_deal", args=(_MAX_DEAL,))
    raw = raw.strip()
    if not raw:
        raise DealError("the deal is empty: type it in short notation or as JSON; "
                        + notation_hint(game.kind), field="deal", key="notation_empty")
    _check_text(raw, "deal")
    if raw[0] in "{[" and (raw[-1] in "}]"
                           or not any(p.startswith(raw[0]) for p in game.players)):
        # JSON, unless a player's name starts with "{" or "[" (then it is notation)
        obj = journal.parse_deal_text(raw)
        return journal.deal_from_json(game.kind, obj, game.players, game.rules)
    try:
        return DealRecord(game.kind.parse_notation(raw, game.players, game.rules))
    except NotationError as exc:
        hint = notation_hint(game.kind)
        if hint in exc.reason:
            raise
        raise NotationError(f"{exc.reason} ({hint})", deal=exc.deal, field=exc.field,
                            value=exc.value, line=exc.line, key=exc.key,
                            args=exc.args_said) from None


def _no_longer_fits(exc: InputError, changed: str) -> InputError:
    """A later deal refused after an earlier change: say which change made it so."""
    return type(exc)(f"no longer fits after {changed}: {exc.reason}", deal=exc.deal,
                     field=exc.field, value=exc.value, line=exc.line, key=exc.key,
                     args=exc.args_said)



def _kept(keep: bool, lean: bool | None) -> bool:
    """``keep``, or the opposite of the deprecated ``lean`` when that is given."""
    return keep if lean is None else not lean

@attrs.frozen
class ScoredGame:
    """A game and its replay; every method returning a game returns a new one.

    Games made with ``keep=False`` (by :mod:`whistscore.recording`) keep the state but not
    each earlier deal's entries, so a long file is recorded in little memory (the same flag
    as :func:`whistscore.replay`'s ``keep``; ``lean=True``, its opposite, is the old,
    deprecated name of ``keep=False``).
    """

    replay: Replay[Any]

    # -- making one ------------------------------------------------------------
    @classmethod
    def of(cls, game: Game, *, keep: bool = True, lean: bool | None = None) -> "ScoredGame":
        """Replay ``game``; the first deal that cannot be scored is refused with its number.

        :raises DealError: a deal cannot be scored on the state before it (its number given).
        :raises GameOverError: a deal follows the end of the game.
        """
        return cls(replay(game, keep=_kept(keep, lean)))

    @classmethod
    def load(cls, path: str | os.PathLike[str], *, keep: bool = True,
             lean: bool | None = None) -> "ScoredGame":
        """Read, check and replay a game file.

        :raises InputError: the file cannot be read (see :func:`whistscore.files.load`).
        :raises GameFileError: the file is not a game file (the line given).
        :raises RuleError: an unknown preset or option, or a bad option value or stake.
        :raises DealError: a deal of the wrong shape or that cannot be scored (its number).
        """
        return cls.of(files.load(path), keep=_kept(keep, lean))

    @classmethod
    def loads(cls, text: str, *, keep: bool = True, lean: bool | None = None) -> "ScoredGame":
        """Read, check and replay a game file's text.

        :raises GameFileError: the text is not a game file (the line given).
        :raises RuleError: an unknown preset or option, or a bad option value or stake.
        :raises DealError: a deal of the wrong shape or that cannot be scored (its number).
        :raises InputError: the game is not a registered game.
        """
        return cls.of(journal.loads(text), keep=_kept(keep, lean))

    # -- what it is ----------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.replay.game

    @property
    def kind(self) -> GameType[Any, Any]:
        return self.replay.game.kind

    @property
    def players(self) -> tuple[str, ...]:
        return self.replay.game.players

    @property
    def deals(self) -> tuple[DealRecord, ...]:
        return self.replay.game.deals

    @property
    def results(self) -> tuple[DealResult, ...]:
        """Each deal's entries and outcome (only the last ones of a game made with ``keep=False``)."""
        return self.replay.results

    @property
    def last(self) -> DealResult | None:
        return self.replay.results[-1] if self.replay.results else None

    @property
    def finished(self) -> bool:
        return self.replay.finished

    @property
    def next_dealer(self) -> str:
        return self.replay.next_dealer()

    def balance(self) -> dict[str, Fraction]:
        return self.replay.balance()

    def sheet(self) -> JSONObject:
        """The ``sheet`` of ``settle --json``: the game's columns per player."""
        return self.kind.sheet_json(self.replay.state, self.game.rules)

    def settle(self, stake: Decimal | str | None = None, places: int = 2) -> Settlement:
        """The settlement (see :func:`whistscore.settlement.settle`); ``stake`` overrides
        the game's.

        :raises InputError: ``places`` is not a whole number 0..8.
        :raises RuleError: the stake is not a decimal number 0..1,000,000.
        """
        return settle(self.replay, stake, places)

    def deal(self, n: int) -> DealRecord:
        """Deal ``n`` as recorded (1-based).

        :raises InputError: there is no deal ``n``.
        """
        return self.deals[self._index(n)]

    def notation(self, n: int | None = None) -> str:
        """Deal ``n`` (1-based; the last by default) in the game's short notation.

        :raises InputError: there is no deal ``n`` (or no deal at all).
        """
        return self.game.notation(self.deals[self._index(n or len(self.deals))])

    def text(self) -> str:
        """The file text :meth:`save` writes."""
        return journal.dumps(self.game)

    # -- changing it (each returns a new game) ---------------------------------
    def add(self, deal: DealInput, *, dealer: str | None = None, note: str | None = None,
            at: str | None = None, id: str | None = None) -> "ScoredGame":
        """Score one more deal; refused (with the deal's number) if it cannot be read or
        cannot follow the deals so far.

        :raises NotationError: a line of short notation that cannot be read.
        :raises DealError: the deal is of the wrong shape or cannot be scored after the
            deals so far (see :func:`parse_deal`).
        :raises GameOverError: the game has ended.
        """
        number = len(self.deals) + 1
        record = parse_deal(self.game, deal, number, dealer=dealer, note=note, at=at, id=id)
        if record.id is not None and self.numbered(record.id) is not None:
            raise DealError(f"the id is that of deal {self.numbered(record.id)} already; "
                            "ids are unique", field="id", value=record.id,
                                key="id_twice", args=(self.numbered(record.id),)).located(deal=number)
        return ScoredGame(self.replay.extend(record))

    def numbered(self, id: str) -> int | None:
        """The number of the deal recorded with client id ``id``, if any."""
        for number, record in enumerate(self.deals, 1):
            if record.id == id:
                return number
        return None

    def end(self, at: str | None = None) -> "ScoredGame":
        """The game ended here by the players before it was finished (journal.md
        ``ended``): settled as it stands, counted as finished by the club, no deal
        may follow.  ``at`` is the local time with its offset (default: now).

        :raises GameOverError: the game is finished already, or was ended already.
        :raises InputError: the game has no deal yet (there is nothing to settle).
        :raises GameFileError: ``at`` is not a time with its UTC offset.
        """
        game = self.game
        if game.ended is not None:
            raise GameOverError(f"the game was ended already, at {game.ended}", field="ended",
                                value=game.ended, key="ended_already")
        if self.replay.finished:
            raise GameOverError("the game is finished already; it needs no end", field="ended",
                key="finished_already")
        if not game.deals:
            raise InputError("the game has no deal yet; there is nothing to end", field="deals",
                key="no_deal_to_end")
        stamp = journal.check_at(at, GameFileError, "ended") if at is not None else now_stamp()
        return ScoredGame(attrs.evolve(self.replay, game=attrs.evolve(game, ended=stamp)))

    def reopen(self) -> "ScoredGame":
        """The game ended by mistake goes on: ``ended`` removed.

        :raises InputError: the game was not ended.
        """
        if self.game.ended is None:
            raise InputError("the game was not ended; there is nothing to reopen",
                             field="ended", key="not_ended")
        return ScoredGame(attrs.evolve(self.replay,
                                       game=attrs.evolve(self.game, ended=None)))

    def undo(self) -> "ScoredGame":
        """The game without its last deal.

        :raises InputError: the game has no deal.
        """
        return ScoredGame.of(self.game.without_last(), keep=self._full())

    def replace(self, n: int, deal: DealInput, *, dealer: str | None = None,
                note: str | None = None, at: str | bool | None = None) -> "ScoredGame":
        """Deal ``n`` replaced and every later deal replayed after it; refused if the new
        deal, or any later one, no longer fits.  Without ``dealer``/``note``/``at`` the
        old deal's are kept (the dealer of a broken rotation stays where it was);
        ``at=False`` drops the deal's time.

        :raises InputError: there is no deal ``n``.
        :raises NotationError: a line of short notation that cannot be read.
        :raises DealError: the new deal, or a later one, no longer fits ("no longer fits
            after replacing deal n" for a later one).
        :raises GameOverError: the game now ends before a later deal.
        """
        index = self._index(n)
        old = self.deals[index]
        record = parse_deal(self.game, deal, n, dealer=dealer, note=note,
                            at=None if isinstance(at, bool) else at)
        record = DealRecord(record.deal,
                            record.dealer if record.dealer is not None else old.dealer,
                            record.note if record.note is not None else old.note,
                            None if at is False else
                            record.at if record.at is not None else old.at,
                            record.id if record.id is not None else old.id)
        deals = self.deals[:index] + (record,) + self.deals[index + 1:]
        try:
            return ScoredGame.of(attrs.evolve(self.game, deals=deals), keep=self._full())
        except InputError as exc:
            if exc.deal is not None and exc.deal > n:
                raise _no_longer_fits(exc, f"replacing deal {n}") from None
            raise

    def with_settings(self, *, preset: str | None = None,
                      rules: Mapping[str, Any] | None = None,
                      stake: Decimal | str | int | None = None,
                      currency: str | None = None, title: str | None = None,
                      place: str | None = None, created: str | None = None) -> "ScoredGame":
        """The same deals under other rules, stake or title (or another ``created``); refused if a recorded deal
        no longer fits.  ``rules`` sets options on top of the ones the game already set
        (values as the file or ``--rule`` writes them); a new ``preset`` keeps them.

        :raises RuleError: an unknown preset or option, a bad option value, or a bad stake.
        :raises InputError: a currency, title or place that is not one short line of text,
            or a recorded deal that no longer fits ("no longer fits after the change",
            with its number: a DealError or GameOverError).
        """
        old_rules = self.game.rules
        spec = old_rules.to_json()
        if preset is not None:  # the new preset's values, with what this game set on top
            spec = {"preset": preset, **{k: old_rules.book.option(k).kind.dump(v)
                                         for k, v in old_rules.differences().items()}}
        spec.update(rules or {})
        old = self.game
        new_rules = self.kind.rulebook.resolve(spec)
        if old_rules.complete:  # a file that records every option goes on doing so
            new_rules = new_rules.resolved()
        new_stake = old.stake
        if stake is not None:
            from .rules import parse_stake

            new_stake = parse_stake(stake)
        if currency is not None:
            currency = check_currency(currency, InputError)
        if title is not None:
            title = journal.check_line(title, "title", InputError)
        if place is not None:
            place = journal.check_line(place, "place", InputError)
        if created is not None:
            created = journal.check_at(created, InputError, "created")
        game = attrs.evolve(old, rules=new_rules,
                            created=created if created is not None else old.created,
                            stake=new_stake,
                            currency=currency if currency is not None else old.currency,
                            title=title if title is not None else old.title,
                            place=place if place is not None else old.place)
        try:
            # every deal read again from its JSON under the new rules: a deal's shape may
            # be allowed by one set of options only (an all-pass under allpass=off), and the
            # file must load after the save exactly as the replay below saw it
            game = journal.from_json(journal.to_json(game))
            return ScoredGame.of(game, keep=self._full())
        except InputError as exc:
            raise _no_longer_fits(exc, "the change") from None

    # -- the past does not move (journal.md ``result``) ------------------------------------
    @property
    def over(self) -> bool:
        """Finished (its last deal closed it) or ended by the players: it has a result."""
        return self.replay.finished or self.game.ended is not None

    def result_now(self) -> Result | None:
        """The result this whistscore settles the game on, when it is over; None while it
        is still played."""
        if not self.over:
            return None
        return self._settled()

    def _settled(self) -> Result:
        """The result this whistscore settles the deals on (as they stand)."""
        from . import __version__
        from .settlement import fraction_text

        s = self.settle()
        money = None if s.money is None else tuple((p, str(s.money[p])) for p in self.players)
        return Result(tuple((p, fraction_text(s.balance[p])) for p in self.players), money,
                      f"whistscore {__version__}")

    def recomputed(self) -> Result | None:
        """This whistscore's result when it differs from the one the file records (an
        engine change): shown beside the recorded one, which stands until accepted."""
        recorded = self.game.result
        if recorded is None:
            return None
        # a recorded game this whistscore no longer sees finished (an engine change, or
        # its deals edited by hand) keeps its result too: the deals as they stand beside it
        now = self._settled()
        if now.same(recorded):
            return None
        return now

    def signed(self) -> "ScoredGame":
        """The game with its ``result`` as this whistscore settles it: what the one writer
        does when the players finish, end, undo or edit a game (their own change).  The
        recorded one is kept when the numbers are the same; none while it is played."""
        want = self.result_now()
        have = self.game.result
        if (want is None and have is None) or (want is not None and want.same(have)):
            return self
        return ScoredGame(attrs.evolve(self.replay, game=attrs.evolve(self.game, result=want)))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the game file atomically (a crash leaves the old file or the new one).

        :raises InputError: the file may not be replaced (see :func:`whistscore.files.dump`).
        :raises OSError: the disk refused the write; the old file is untouched.
        """
        files.dump(self.game, path)

    # -- helpers ---------------------------------------------------------------
    def _full(self) -> bool:
        return len(self.replay.results) == len(self.deals)

    def _index(self, n: object) -> int:
        count = len(self.deals)
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= count:
            span = f"1..{count}" if count else "none: the game has no deals yet"
            raise InputError(f"no such deal (deals: {span})", field="deal", value=n,
                key="no_such_deal", args=(n,))
        return n - 1


def new(game: str, players: list[str] | tuple[str, ...], *, preset: str | None = None,
        rules: Mapping[str, Any] | None = None, stake: Decimal | str | int | None = None,
        currency: str | None = None, title: str | None = None,
        place: str | None = None, created: str | bool | None = None) -> ScoredGame:
    """A new game with no deals: ``whistscore.new("danish", ["Anna", "Bo", ...])``.

    :raises InputError: ``game`` is not a registered game's name, or ``rules`` is not a
        mapping.
    :raises GameFileError: the players' names are not acceptable (see
        :func:`whistscore.journal.check_players`), or the currency, title or place.
    :raises RuleError: an unknown preset or option, a bad option value, or a bad stake.
    """
    journal.check_players(players)  # "ABC" is one name, not three players
    if rules is not None and not isinstance(rules, Mapping):
        raise InputError("rules are given as a mapping of option to value", field="rules",
                         value=type(rules).__name__, key="rules_mapping")
    kind = get_game(game)
    spec = dict(rules or {})
    if preset is not None:
        spec["preset"] = preset
    resolved = kind.rulebook.resolve(spec)
    stamp = now_stamp() if created is True else (created or None)
    return ScoredGame.of(journal.new_game(game, list(players), resolved.to_json(),
                                          stake, currency, title, place, created=stamp))
