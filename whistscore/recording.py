"""Changing a game file: the one way every front end does it.

The command line's ``new``, ``add``, ``edit``, ``undo``, ``set``, ``end`` and
``accept``, the phone scorepad and the one-phone site all change a game file here
and nowhere else.  A change is one request value (:class:`Create`, :class:`Record`,
:class:`Replace`, :class:`Undo`, :class:`Settings`, :class:`End`, :class:`Accept`,
:class:`Repair`), whose text is checked when it is made, once, by the one set of
text rules (:mod:`whistscore.textrules`); :func:`apply` then holds the file's lock from
reading to saving, so two people recording at once both land, one after the other; and
it saves only after the change scored, so a refused change leaves the file byte for byte
as it was, and a change that is answered was saved exactly once.

``expect`` is the number of deals the caller saw when it decided on the change (a
phone page showing deal 6 of 10).  If the file holds another number by the time the
lock is taken, somebody else recorded meanwhile and the change is refused with
:class:`~whistscore.errors.ConflictError` rather than applied to a game the caller has
not seen.

A caller that keeps a game in memory between changes (the scorepad) hands it in as
:class:`Held`: the replay and the stamp of the file it was read or saved as
(:func:`whistscore.files.stamp`).  Under the lock the file's stamp is compared with it:
the same, and the change is scored on the held replay (a deal is scored once, nothing is
read); another, and the file is read and replayed as usual.  The :class:`Change` comes
back with the stamp of the file saved and, with ``keep``, the replay of every deal, so
the caller holds the game again without reading anything back.
"""

from __future__ import annotations

import os
from decimal import Decimal
from typing import Any, Mapping, Sequence, Union

import attrs

from . import files
from .errors import ConflictError, InputError
from .game import Game
from .journal import MAX_DEALS, check_at
from .replay import DealResult, Replay
from .scored import DealInput, ScoredGame, now_stamp
from .textrules import check_currency, check_id, check_line, check_note, typed

__all__ = ["Change", "Held", "Repaired", "Create", "Restore", "Record", "Replace", "Undo", "Settings",
           "End", "Accept", "Repair", "Request", "apply", "create", "restore", "repair", "record",
           "replace", "drop_last", "change_settings", "end", "accept", "expected"]


# -- what a change did -------------------------------------------------------------------

@attrs.frozen
class Held:
    """A game a caller keeps in memory: its replay and the stamp of the file it is
    (:func:`whistscore.files.stamp`).  Only a replay of every deal is held."""

    stamp: str
    replay: Replay[Any]


@attrs.frozen
class Change:
    """What a change did: the game before and after, and the deal it concerned.

    ``before`` and ``after`` keep the state but not every deal's entries (made with
    ``keep=False``) unless the change was applied with ``keep`` or on a held replay; ``result`` is that deal's full result: the one recorded or replaced, or the
    one dropped.  ``stamp`` is the file's stamp after the change (the one saved, or the
    file as it was when nothing was written).
    """

    before: ScoredGame
    after: ScoredGame
    number: int
    result: DealResult | None
    #: the deal's id was already in the file, or the result the same: nothing was written
    already: bool = False
    stamp: str = ""

    @property
    def held(self) -> Held | None:
        """The game after the change as a caller keeps it (None when ``after`` keeps no entries)."""
        if not self.stamp or len(self.after.results) != len(self.after.deals):
            return None
        return Held(self.stamp, self.after.replay)


@attrs.frozen
class Repaired:
    """What :class:`Repair` did to a file that does not read or score: the number of the
    deal cut out and its JSON as the file held it; what was wrong with it (``why``: that
    deal's problems) and what is still wrong in the file (``still``)."""

    number: int
    dropped: Any
    why: tuple[InputError, ...]
    still: tuple[InputError, ...]


# -- the requests: each checked once, when it is made -------------------------------------

def expected(value: object) -> int | None:
    """``expect`` as a caller gave it: ``None``, or the number of deals it saw.

    :raises InputError: it is not a whole number (a bool is not one)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError("expect is the number of deals the client saw", field="expect",
                         value=value, key="expect")
    return value


def _expect(instance: Any, attribute: Any, value: int | None) -> None:
    expected(value)


def _at(value: object, field: str = "at") -> None:
    if isinstance(value, str):
        typed(value, field)
        check_at(value)


@attrs.frozen
class Create:
    """A new game file: ``whistscore new`` and the scorepad's new game.  ``created``:
    ``True`` stamps the local time now, a string is written as given.  ``force``
    overwrites a file that exists (else refused)."""

    game: str
    players: Sequence[str]
    preset: str | None = None
    rules: Mapping[str, Any] | None = None
    stake: Decimal | str | int | None = None
    currency: str | None = None
    title: str | None = None
    place: str | None = None
    created: str | bool | None = True
    force: bool = False

    def __attrs_post_init__(self) -> None:
        if isinstance(self.players, (list, tuple)):
            for i, name in enumerate(self.players):
                if isinstance(name, str):
                    typed(name, f"players[{i}]", InputError)
        for field in ("title", "place"):
            if getattr(self, field) is not None:
                check_line(typed(getattr(self, field), field, InputError), field)
        if self.currency is not None:
            check_currency(typed(self.currency, "currency", InputError))
        if isinstance(self.created, str):
            check_at(self.created, InputError, "created")


@attrs.frozen
class Restore:
    """A game file written whole from its text (an import: the one-phone site's import of a
    file, ``whistscore import`` of a workbook's copy): the text must read and replay as a
    game file, and is written byte for byte.  ``force`` overwrites a file that exists."""

    text: str
    force: bool = False
    #: the deals must score too (``whistscore import``); the one-phone site's import
    #: takes a file that reads, as the club counts one that does not score (with its error)
    scored: bool = True

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.text, str):
            raise InputError("the game file's text", field="text",
                             value=type(self.text).__name__, key="file.text")


@attrs.frozen
class Record:
    """One deal appended (``whistscore add``, the page's Record).  ``at``: ``True``
    stamps the local time now, a string is written as given, ``False``/``None`` writes
    no time.  ``id``: the client's id of the deal; a deal of the file that carries it
    already makes this a retry: nothing is written, the change says ``already``."""

    deal: DealInput
    dealer: str | None = None
    note: str | None = None
    at: str | bool | None = True
    expect: int | None = attrs.field(default=None, validator=_expect)
    id: str | None = None

    def __attrs_post_init__(self) -> None:
        # the deal itself is read by the game, where its number is known (scored.parse_deal)
        if self.dealer is not None:
            typed(self.dealer, "dealer")
        if self.note is not None:
            check_note(self.note)
        _at(self.at)
        if self.id is not None:
            check_id(self.id)


@attrs.frozen
class Replace:
    """Deal ``number`` replaced (``whistscore edit``, the page's edit).  ``at``: ``None``
    keeps the deal's recorded time (or stamps now if it had none), ``True`` stamps now,
    ``False`` keeps no time, a string is written as given."""

    number: int
    deal: DealInput
    dealer: str | None = None
    note: str | None = None
    at: str | bool | None = None
    expect: int | None = attrs.field(default=None, validator=_expect)

    def __attrs_post_init__(self) -> None:
        number = self.number if isinstance(self.number, int) else None
        try:
            if self.dealer is not None:
                typed(self.dealer, "dealer")
            if self.note is not None:
                check_note(self.note)
            _at(self.at)
        except InputError as exc:
            raise exc.located(deal=number) from None


@attrs.frozen
class Undo:
    """The last deal dropped (``whistscore undo``, the page's Undo)."""

    expect: int | None = attrs.field(default=None, validator=_expect)


@attrs.frozen
class Settings:
    """The rules, stake, currency, title, place or date of a recorded game changed
    (``whistscore set``, the page's settings); refused if a recorded deal no longer fits."""

    preset: str | None = None
    rules: Mapping[str, Any] | None = None
    stake: Decimal | str | int | None = None
    currency: str | None = None
    title: str | None = None
    place: str | None = None
    created: str | None = None
    expect: int | None = attrs.field(default=None, validator=_expect)

    def __attrs_post_init__(self) -> None:
        for field in ("preset", "title", "place", "currency", "created"):
            if isinstance(getattr(self, field), str):
                typed(getattr(self, field), field, InputError)
        if isinstance(self.stake, str):
            typed(self.stake, "stake", InputError)
        for field in ("title", "place"):
            if getattr(self, field) is not None:
                check_line(getattr(self, field), field, InputError)
        if self.currency is not None:
            check_currency(self.currency, InputError)
        if self.created is not None:
            check_at(self.created, InputError, "created")


@attrs.frozen
class End:
    """``ended`` written (the players stop here, the time now unless ``at``), or with
    ``reopen`` taken away (``whistscore end``, the page's "end the evening here")."""

    at: str | None = None
    reopen: bool = False
    expect: int | None = attrs.field(default=None, validator=_expect)

    def __attrs_post_init__(self) -> None:
        if self.at is not None:
            typed(self.at, "at", InputError)


@attrs.frozen
class Accept:
    """This whistscore's result of a finished game written in place of the recorded one
    (``whistscore accept``); nothing is written when they are the same."""

    expect: int | None = attrs.field(default=None, validator=_expect)


@attrs.frozen
class Repair:
    """The last deal cut out of the file's text (:mod:`whistscore.repair`): ``undo`` of a
    file that no longer reads or scores, every other byte kept."""


#: a change of a game file that :func:`apply` makes
Request = Union[Create, Record, Replace, Undo, Settings, End, Accept]


# -- applying them ------------------------------------------------------------------------

def _check_expect(game: ScoredGame, expect: int | None) -> None:
    if expect is not None and expect != len(game.deals):
        raise ConflictError(f"the game changed meanwhile: it now has {len(game.deals)} deals, "
                            f"not {expect}; look at it again before changing it",
                            field="deals", value=expect, key="changed", args=(len(game.deals),))


def _stamp(at: str | bool | None) -> str | None:
    if at is True:
        return now_stamp()
    if at is False or at is None:
        return None
    return at


def _settles(game: ScoredGame) -> tuple[Any, Decimal | None]:
    """What a game is settled by besides its deals: its rules (every option resolved) and
    its stake."""
    return game.game.rules.resolved().to_json(), game.game.stake


def _current(path: str | os.PathLike[str], held: Held | None, keep: bool) -> tuple[ScoredGame, str]:
    """The game as the file now holds it (under the caller's lock) and the file's stamp:
    the held replay when the file is still the one it was kept as, else read and
    replayed (every deal's entries kept with ``keep``)."""
    if held is not None and len(held.replay.results) == len(held.replay.game.deals):
        try:
            same = files.stamp(path) == held.stamp
        except files.LinkMoved:
            raise
        except InputError:  # gone, or no plain file: the read below says which
            same = False
        if same:
            return ScoredGame(held.replay), held.stamp
    data, info = files.read_checked(path)
    from .journal import loads

    game = ScoredGame.of(loads(files.decode_text(data)), keep=keep)
    return game, files.stamp_of(info)


def _saved(after: ScoredGame, path: str | os.PathLike[str]) -> str:
    """Save ``after`` (atomically) and say the stamp of the file saved ("" if it cannot
    be looked at: the change is saved all the same, and a caller then reads it again)."""
    after.save(path)
    try:
        return files.stamp(path)
    except (InputError, OSError):
        return ""


def apply(path: str | os.PathLike[str], request: Request, *, held: Held | None = None,
          keep: bool = False) -> Change:
    """Make the change ``request`` to the game file at ``path`` and save it, under the
    file's lock; refused, file byte for byte as it was, if it does not score.

    ``held``: the game as the caller keeps it (see the module's text); ``keep``: the
    change's ``after`` keeps every deal's entries (a held replay always does).

    :raises ConflictError: the file no longer holds ``expect`` deals.
    :raises InputError: the change is refused (each request's function below says how),
        or the file cannot be read, locked or replaced.
    """
    if isinstance(request, Create):
        return _create(path, request)
    with files.locked(path):
        before, stamp = _current(path, held, keep or isinstance(request, (Replace, Undo)))
        if isinstance(request, Record) and request.id is not None:
            done = before.numbered(request.id)
            if done is not None:
                return Change(before, before, done, None, already=True, stamp=stamp)
        _check_expect(before, request.expect)
        if isinstance(request, Record):
            if len(before.deals) >= MAX_DEALS:  # the file would be past its own read bound
                raise InputError(f"the game has {MAX_DEALS:,} deals, the most a game file "
                                 "holds: start a new game file (nothing written)",
                                 field="deals", value=len(before.deals), key="file.deals_full",
                                 args=(MAX_DEALS,))
            after = before.add(request.deal, dealer=request.dealer, note=request.note,
                               at=_stamp(request.at), id=request.id).signed()
            return Change(before, after, len(after.deals), after.last, stamp=_saved(after, path))
        if isinstance(request, Replace):
            at = request.at
            if at is None:
                at = before.deal(request.number).at or True
            after = before.replace(request.number, request.deal, dealer=request.dealer,
                                   note=request.note,
                                   at=False if at is False else _stamp(at)).signed()
            return Change(before, after, request.number, after.results[request.number - 1],
                          stamp=_saved(after, path))
        if isinstance(request, Undo):
            after = before.undo().signed()
            return Change(before, after, len(before.deals), before.last,
                          stamp=_saved(after, path))
        if isinstance(request, Settings):
            after = before.with_settings(preset=request.preset, rules=request.rules,
                                         stake=request.stake, currency=request.currency,
                                         title=request.title, place=request.place,
                                         created=request.created)
            if _settles(after) != _settles(before):  # the rules or the stake: the players'
                after = after.signed()  # own change of what they settle; a title is not
            return Change(before, after, len(after.deals), None, stamp=_saved(after, path))
        if isinstance(request, End):
            after = (before.reopen() if request.reopen else before.end(request.at)).signed()
            return Change(before, after, len(after.deals), None, stamp=_saved(after, path))
        if isinstance(request, Accept):
            after = before.signed()
            if after is before:
                return Change(before, before, len(before.deals), None, already=True,
                              stamp=stamp)
            return Change(before, after, len(after.deals), None, stamp=_saved(after, path))
    raise TypeError(f"not a change of a game file: {type(request).__name__}")


def _refuse_existing(path: str | os.PathLike[str], force: bool) -> None:
    if os.path.lexists(path) and not force:
        raise InputError("the file exists; use --force to overwrite it", field="file",
                         value=str(path), key="file.exists")


def _create(path: str | os.PathLike[str], request: Create) -> Change:
    """:class:`Create`: the new game checked like a file, saved under the folder's lock.

    :raises InputError: the file exists (without ``force``), the game is not a registered
        one, or the players, rules, stake, currency, title or place are refused."""
    from .scored import new

    made = new(request.game, request.players,  # type: ignore[arg-type]  # new() checks it
               preset=request.preset, rules=request.rules, stake=request.stake,
               currency=request.currency, title=request.title, place=request.place,
               created=request.created)
    with files.locked(path):
        _refuse_existing(path, request.force)
        stamp = _saved(made, path)
    return Change(made, made, 0, None, stamp=stamp)


def create(path: str | os.PathLike[str], request: Create) -> Change:
    """A new game file (:class:`Create`); see :func:`apply`."""
    return _create(path, request)


def restore(path: str | os.PathLike[str], request: Restore) -> Game:
    """:class:`Restore`: the text read as a game file (and replayed, with ``scored``),
    written byte for byte under the folder's lock; the game it holds.

    :raises InputError: the file exists (without ``force``); the text is no game file, or
        (``scored``) a deal of it does not score (what :meth:`ScoredGame.loads` raises)."""
    from .journal import loads

    game = loads(request.text)
    if request.scored:
        ScoredGame.of(game, keep=False)
    with files.locked(path):
        _refuse_existing(path, request.force)
        files.write_atomic(path, request.text)
    return game


def repair(path: str | os.PathLike[str], request: Repair | None = None) -> Repaired:
    """:class:`Repair`: the last deal cut out of the file's text under its lock, every
    other byte kept, saved atomically; then what was wrong with that deal and what is
    still wrong in the file.

    :raises GameFileError: the text is no JSON object with a list of deals.
    :raises InputError: the game has no deal; the file cannot be read, locked or replaced.
    """
    from . import journal

    with files.locked(path):
        text = files.read_text(path)
        after, dropped, number = journal.drop_last_deal(text)
        files.write_atomic(path, after)
    why = tuple(p for p in journal.check_text(text) if p.deal == number)
    return Repaired(number, dropped, why, tuple(journal.check_text(after)))


# -- the same, one call each (their errors: docs/api.md) ----------------------------------

def record(path: str | os.PathLike[str], deal: DealInput, *, dealer: str | None = None,
           note: str | None = None, at: str | bool | None = True,
           expect: int | None = None, id: str | None = None,
           held: Held | None = None) -> Change:
    """Append one deal to the game file at ``path`` and save it (:class:`Record`)."""
    return apply(path, Record(deal, dealer, note, at, expect, id), held=held)


def replace(path: str | os.PathLike[str], n: int, deal: DealInput, *,
            dealer: str | None = None, note: str | None = None,
            at: str | bool | None = None, expect: int | None = None) -> Change:
    """Replace deal ``n`` of the game file and save it (:class:`Replace`); refused, file
    untouched, if the new deal or any later one no longer fits."""
    return apply(path, Replace(n, deal, dealer, note, at, expect))


def drop_last(path: str | os.PathLike[str], *, expect: int | None = None) -> Change:
    """Drop the last deal of the game file and save it (:class:`Undo`)."""
    return apply(path, Undo(expect))


def change_settings(path: str | os.PathLike[str], *, preset: str | None = None,
                    rules: Mapping[str, Any] | None = None,
                    stake: Decimal | str | int | None = None,
                    currency: str | None = None, title: str | None = None,
                    place: str | None = None, created: str | None = None,
                    expect: int | None = None) -> Change:
    """Change the rules, stake or title of a recorded game (:class:`Settings`); refused,
    file untouched, if a recorded deal no longer fits."""
    return apply(path, Settings(preset, rules, stake, currency, title, place, created, expect))


def end(path: str | os.PathLike[str], *, at: str | None = None, reopen: bool = False,
        expect: int | None = None) -> Change:
    """Mark the game file as ended by the players before it was finished, or with
    ``reopen`` take that mark away (:class:`End`)."""
    return apply(path, End(at, reopen, expect))


def accept(path: str | os.PathLike[str], *, expect: int | None = None) -> Change:
    """Take this whistscore's result of a finished game in place of the one its file
    records (:class:`Accept`, ``whistscore accept FILE``).  Nothing is written when the
    two are the same (``already``)."""
    return apply(path, Accept(expect))

