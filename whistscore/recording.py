"""Changing a game file at the table: the one way every front end does it.

The command line's ``add``, ``edit``, ``undo`` and ``set`` and the phone
scorepad all call these functions, so a deal is read, checked, scored and
saved the same way whoever typed it.  Each one holds the file's lock from
reading to saving, so two people recording at once both land, one after the
other; and each saves only after the change scored, so a refused change leaves
the file byte for byte as it was.

``expect`` is the number of deals the caller saw when it decided on the change
(a phone page showing deal 6 of 10).  If the file holds another number by the
time the lock is taken, somebody else recorded meanwhile and the change is
refused with :class:`~whistscore.errors.ConflictError` rather than applied to a
game the caller has not seen.
"""

from __future__ import annotations

import os
from decimal import Decimal
from typing import Any, Callable, Mapping

import attrs

from . import files
from .errors import ConflictError, InputError
from .journal import MAX_DEALS
from .replay import DealResult
from .scored import DealInput, ScoredGame, now_stamp

__all__ = ["Change", "record", "replace", "drop_last", "change_settings", "end", "accept"]


@attrs.frozen
class Change:
    """What a change did: the game before and after, and the deal it concerned.

    ``before`` and ``after`` keep the state but not every deal's entries (:class:`ScoredGame`
    made with ``keep=False``), except that ``result`` is that deal's full result: the
    one recorded or replaced, or the one dropped.
    """

    before: ScoredGame
    after: ScoredGame
    number: int
    result: DealResult | None
    #: the deal's id was already in the file: nothing was written (a retry)
    already: bool = False


def _stamp(at: str | bool | None) -> str | None:
    if at is True:
        return now_stamp()
    if at is False or at is None:
        return None
    return at


def _check_expect(game: ScoredGame, expect: int | None) -> None:
    if expect is not None and expect != len(game.deals):
        raise ConflictError(f"the game changed meanwhile: it now has {len(game.deals)} deals, "
                            f"not {expect}; look at it again before changing it",
                            field="deals", value=expect, key="changed", args=(len(game.deals),))


def record(path: str | os.PathLike[str], deal: DealInput, *, dealer: str | None = None,
           note: str | None = None, at: str | bool | None = True,
           expect: int | None = None, id: str | None = None,
           known: Callable[[], ScoredGame | None] | None = None) -> Change:
    """Append one deal to the game file at ``path`` and save it.

    ``deal``: short notation, JSON text, or a JSON object (see
    :func:`whistscore.scored.parse_deal`).  ``at``: ``True`` stamps the local time
    now, a string is written as given, ``False``/``None`` writes no time.

    ``id``: the client's id of the deal; if a deal of the file already carries it, the
    call is a retry of one whose answer was lost: nothing is written and the change
    says ``already`` (its ``number`` that deal's), whatever ``expect`` says.

    :raises ConflictError: the file no longer holds ``expect`` deals.
    :raises NotationError: a line of short notation that cannot be read.
    :raises DealError: the deal is of the wrong shape or cannot follow the deals so far.
    :raises GameOverError: the game has ended.
    :raises InputError: the file cannot be read, locked or replaced; or another error of
        reading it (see :meth:`whistscore.scored.ScoredGame.load`).

    ``known``: called under the lock, the game as the caller already holds it in memory if
    the file is still the one it holds (a scorepad keeping its games between taps), else
    ``None``; the file is then read and replayed as usual.  So a long game is not read and
    replayed again at every deal.
    """
    with files.locked(path):
        before = (known() if known is not None else None) or ScoredGame.load(path, keep=False)
        if id is not None:
            done = before.numbered(id)
            if done is not None:
                return Change(before, before, done, None, already=True)
        _check_expect(before, expect)
        if len(before.deals) >= MAX_DEALS:  # the file would be past its own read bound
            raise InputError(f"the game has {MAX_DEALS:,} deals, the most a game file holds: "
                             "start a new game file (nothing written)", field="deals",
                             value=len(before.deals), key="file.deals_full",
                             args=(MAX_DEALS,))
        after = before.add(deal, dealer=dealer, note=note, at=_stamp(at), id=id).signed()
        after.save(path)
    return Change(before, after, len(after.deals), after.last)


def replace(path: str | os.PathLike[str], n: int, deal: DealInput, *,
            dealer: str | None = None, note: str | None = None,
            at: str | bool | None = None, expect: int | None = None) -> Change:
    """Replace deal ``n`` of the game file and save it; refused, file untouched, if the
    new deal or any later one no longer fits.

    ``at``: ``None`` keeps the deal's recorded time (or stamps now if it had none),
    ``True`` stamps now, ``False`` keeps no time, a string is written as given.

    :raises ConflictError: the file no longer holds ``expect`` deals.
    :raises InputError: there is no deal ``n``; the file cannot be read, locked or replaced.
    :raises NotationError: a line of short notation that cannot be read.
    :raises DealError: the new deal, or a later one, no longer fits (its number given).
    """
    with files.locked(path):
        before = ScoredGame.load(path)
        _check_expect(before, expect)
        if at is None:
            at = before.deal(n).at or True
        after = before.replace(n, deal, dealer=dealer, note=note,
                               at=False if at is False or at is None else _stamp(at)).signed()
        after.save(path)
    return Change(before, after, n, after.results[n - 1])


def drop_last(path: str | os.PathLike[str], *, expect: int | None = None) -> Change:
    """Drop the last deal of the game file and save it (what ``undo`` does).

    :raises ConflictError: the file no longer holds ``expect`` deals.
    :raises InputError: the game has no deal; the file cannot be read, locked or replaced.
    """
    with files.locked(path):
        before = ScoredGame.load(path)
        _check_expect(before, expect)
        after = before.undo().signed()
        after.save(path)
    return Change(before, after, len(before.deals), before.last)


def change_settings(path: str | os.PathLike[str], *, preset: str | None = None,
                    rules: Mapping[str, Any] | None = None,
                    stake: Decimal | str | int | None = None,
                    currency: str | None = None, title: str | None = None,
                    place: str | None = None, created: str | None = None,
                    expect: int | None = None) -> Change:
    """Change the rules, stake or title of a recorded game; refused, file untouched,
    if a recorded deal no longer fits.

    :raises ConflictError: the file no longer holds ``expect`` deals.
    :raises RuleError: an unknown preset or option, a bad option value, or a bad stake.
    :raises InputError: a bad currency, title or place; a recorded deal that no longer
        fits (its number given); the file cannot be read, locked or replaced.
    """
    with files.locked(path):
        before = ScoredGame.load(path, keep=False)
        _check_expect(before, expect)
        after = before.with_settings(preset=preset, rules=rules, stake=stake,
                                     currency=currency, title=title, place=place,
                                     created=created)
        if _settles(after) != _settles(before):  # the rules or the stake: the players'
            after = after.signed()  # own change of what they settle; a title is not
        after.save(path)
    return Change(before, after, len(after.deals), None)


def end(path: str | os.PathLike[str], *, at: str | None = None, reopen: bool = False,
        expect: int | None = None) -> Change:
    """Mark the game file as ended by the players before it was finished (``ended``,
    the time now unless ``at``), or with ``reopen`` take that mark away; saved under the
    file's lock (what ``whistscore end`` and the scorepad's "end the evening here" do).

    :raises ConflictError: the file no longer holds ``expect`` deals.
    :raises GameOverError: the game is finished, or was ended already.
    :raises InputError: the game has no deal, was not ended (``reopen``), or the file
        cannot be read, locked or replaced.
    """
    with files.locked(path):
        before = ScoredGame.load(path, keep=False)
        _check_expect(before, expect)
        after = (before.reopen() if reopen else before.end(at)).signed()
        after.save(path)
    return Change(before, after, len(after.deals), None)


def _settles(game: ScoredGame) -> tuple[Any, Decimal | None]:
    """What a game is settled by besides its deals: its rules (every option resolved) and
    its stake."""
    return game.game.rules.resolved().to_json(), game.game.stake


def accept(path: str | os.PathLike[str], *, expect: int | None = None) -> Change:
    """Take this whistscore's result of a finished game in place of the one its file
    records (``whistscore accept FILE``): the players' choice after an engine change.
    Nothing is written when the two are the same (``already``).

    :raises ConflictError: the file no longer holds ``expect`` deals.
    :raises InputError: the file cannot be read, locked or replaced.
    """
    with files.locked(path):
        before = ScoredGame.load(path, keep=False)
        _check_expect(before, expect)
        after = before.signed()
        if after is before:
            return Change(before, before, len(before.deals), None, already=True)
        after.save(path)
    return Change(before, after, len(after.deals), None)
