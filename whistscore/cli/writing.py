"""The commands that change a game file: new, add, edit, set, undo, end, accept."""

from __future__ import annotations

import argparse
import os
import sys
from fractions import Fraction
from pathlib import Path
from typing import Sequence

from .. import files
from ..errors import InputError, terminal_text
from ..games import get_game
from ..i18n import game_name, preset_name, said
from ..ledger import format_amount
from ..textrules import typed
from .output import deal_of, echo, print_change
from .repair import undo_text

__all__ = ["cmd_accept", "cmd_add", "cmd_edit", "cmd_end", "cmd_new", "cmd_set", "cmd_undo"]


def cmd_new(a: argparse.Namespace) -> int:
    from .. import recording

    path = Path(a.file)
    kind = get_game(a.game)
    rules = kind.rulebook.from_cli(a.preset, a.rule)
    if a.file and _club_name(os.path.basename(a.file)):
        raise InputError("club.json is the club's settings file; name the game another way",
                         field="file", value=a.file, key="file.club_name")
    game = recording.create(a.file, recording.Create(
        a.game, a.players, rules=rules.to_json(), stake=a.stake, currency=a.currency,
        title=a.title, place=a.place, force=a.force)).after.game
    echo(said("cli.created", (terminal_text(path), game_name(kind, a.lang), ", ".join(game.players),
                              preset_name(kind, game.rules.preset, a.lang)), a.lang))
    return 0


#: the most read from standard input for one deal
_MAX_STDIN = 1 << 20


def _read_deal_arg(words: Sequence[str]) -> str:
    if list(words) == ["-"]:
        text = sys.stdin.read(_MAX_STDIN + 1)
        if len(text) > _MAX_STDIN:
            raise InputError(f"a deal read from standard input is at most {_MAX_STDIN} "
                             "characters", field="deal")
        return text
    return " ".join(words)


def _check_typed(text: str, field: str) -> None:
    """Bytes that are not UTF-8 on the command line arrive as lone surrogates: the one
    rule of :func:`whistscore.textrules.typed` (a request checks its own fields so)."""
    typed(text, field, InputError)


def cmd_add(a: argparse.Namespace) -> int:
    from .. import recording

    raw = _read_deal_arg(a.deal)
    change = recording.record(a.file, raw, dealer=a.dealer, note=a.note, at=not a.no_time,
                              id=a.id)
    if change.already:   # a retry: the deal with this id is in the file, nothing written
        echo(said("cli.already", (change.number, repr(a.id)), a.lang))
        return 0
    print_change(change, a)
    return 0


def cmd_edit(a: argparse.Namespace) -> int:
    from .. import recording

    raw = _read_deal_arg(a.deal)
    change = recording.replace(a.file, a.number, raw, dealer=a.dealer, note=a.note,
                               at=False if a.no_time else None)
    print_change(change, a)
    return 0


def cmd_set(a: argparse.Namespace) -> int:
    from .. import recording

    from ..rules import assignments_of

    for item in a.rule:
        _check_typed(item, "rule")
    rules = assignments_of(a.rule)
    if not rules and all(getattr(a, f) is None
                         for f in ("preset", "stake", "currency", "title", "place", "created")):
        raise InputError("nothing to change: give --rule, --preset, --stake, --currency, "
                         "--title, --place or --created", field="set")
    created = None
    if a.created is not None:
        _check_typed(a.created, "created")
        created = _created_stamp(a.created)
    change = recording.change_settings(a.file, preset=a.preset, rules=rules, stake=a.stake,
                                       currency=a.currency, title=a.title, place=a.place,
                                       created=created)
    game = change.after.game
    what = "".join(f", {k} = {game.rules.book.show(k, v)}"
                   for k, v in game.rules.differences().items())
    for key, value in (("stake", game.stake), ("title", game.title), ("place", game.place)):
        if value is not None and value != "":
            what += said(f"cli.set.{key}", (value,), a.lang)
    echo(said("cli.changed", (terminal_text(a.file), preset_name(game.kind, game.rules.preset, a.lang), what,
                              len(game.deals)), a.lang))
    return 0


def _created_stamp(text: str) -> str:
    """``set --created``: a time with its offset as given, or a day (``2026-11-30``),
    taken as 20:00 local time that day."""
    import datetime

    from .. import journal
    from ..errors import GameFileError

    if len(text) == 10:
        try:
            day = datetime.date.fromisoformat(text)
        except ValueError:
            pass
        else:
            try:
                at = datetime.datetime(day.year, day.month, day.day, 20).astimezone()
            except (OverflowError, ValueError):  # the calendar's ends: no UTC time for it
                raise GameFileError("the day is outside the calendar this computer keeps "
                                    "(e.g. 2026-11-30)", field="created", value=text,
                                    key="time") from None
            return at.isoformat()
    return journal.check_at(text, GameFileError, "created")


def cmd_undo(a: argparse.Namespace) -> int:
    from .. import recording
    from ..text import render_entries

    try:
        change = recording.drop_last(a.file)
    except files.LinkMoved:
        raise  # not a game that fails to read: the file moved away from its lock
    except InputError:  # the game does not read or score: work on the file's text
        return undo_text(a)
    dropped = deal_of(change)
    echo(said("cli.dropped", (dropped.number, change.before.game.notation(dropped.record)),
              a.lang))
    echo(render_entries(dropped.entries, change.before.kind, a.lang)
         or said("cli.wrote_nothing", (), a.lang))
    return 0


def cmd_end(a: argparse.Namespace) -> int:
    from .. import recording

    if a.reopen and a.at is not None:
        raise InputError("--reopen takes back an end; it takes no --at", field="at", value=a.at)
    change = recording.end(a.file, at=a.at, reopen=a.reopen)
    rp = change.after.replay
    if a.reopen:
        echo(said("cli.reopened", (terminal_text(a.file), len(rp.game.deals)), a.lang))
        return 0
    from ..settlement import settle
    money = settle(rp).to_json()
    balance = ", ".join(f"{p} {format_amount(Fraction(v))}" for p, v in money["balance"].items())
    deals = len(rp.game.deals)
    echo(said("cli.ended", (terminal_text(a.file), rp.game.ended, deals, balance), a.lang))
    return 0


def cmd_accept(a: argparse.Namespace) -> int:
    from .. import recording

    change = recording.accept(a.file)
    result = change.after.game.result
    if change.already and result is None:  # unfinished, nothing recorded: no result to take
        echo(said("cli.accept_none", (a.file,), a.lang))
        return 0
    if change.already:
        echo(said("cli.accept_nothing", (a.file,), a.lang))
        return 0
    if result is None:
        echo(said("cli.accept_none", (a.file,), a.lang))
        return 0
    values = result.money if result.money is not None else result.balance
    echo(said("cli.accepted", (a.file, result.by, ", ".join(f"{p} {v}" for p, v in values)),
              a.lang))
    return 0


def _club_name(name: str) -> bool:
    """A name the club keeps for itself (club.json, its archive and the archive's files)."""
    low = name.casefold()
    return low == "club.json" or low.startswith("club.sqlite")
