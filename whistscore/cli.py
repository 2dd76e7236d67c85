"""The ``whistscore`` command line: reading arguments and printing, no scoring.

Exit status: 0 success, 1 invalid input (the message names the deal, the
field and the value, and the game file is left exactly as it was), 2 wrong
usage.  No traceback reaches the user.

A command that writes exits 0 if and only if its change was saved (exactly
once), whatever fails after the save: :func:`main` watches the saves
(``files.recording_saves``), and printing the result can only add a warning.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import signal
import sys
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, NoReturn, Sequence

from . import __version__, files
from .console import Progress, env_lang
from .errors import InputError, UsageError, WhistscoreError, terminal_text
from .games import GAMES, get_game
from .i18n import error_line, game_name, preset_name, said
from .language import langs
from .ledger import format_amount

# The journal, the replay and the settlement are loaded by the commands that read a game
# (``new``, ``show``, ``settle``...), not by every command: ``whistscore club`` on an
# archive that is up to date reads SQLite and needs none of them (issue 24's start-up).

if TYPE_CHECKING:
    from types import TracebackType

    from .game import DealResult
    from .recording import Change

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    #: the language a usage error is said in: ``--lang`` as typed, else the locale's
    lang = "en"

    def error(self, message: str) -> NoReturn:  # usage errors: exit 2 without a traceback
        self.print_usage(sys.stderr)
        if _Parser.lang == "en":
            self.exit(2, f"{self.prog}: error: {message}\n")
        self.exit(2, f"{self.prog}: {said('cli.usage_error', (self.prog,), _Parser.lang)} "
                     f"({message})\n")


def _usage_lang(argv: Sequence[str]) -> str:
    """The language of a usage error, found before the arguments are parsed: the last
    ``--lang`` typed, else the reader's locale (:func:`env_lang`)."""
    lang = env_lang()
    for i, arg in enumerate(argv):
        value = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else (
            arg[len("--lang="):] if arg.startswith("--lang=") else None)
        if value in langs():
            lang = value
    return lang


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="whistscore",
                description="Score sheets and settlements for Preferans, Twist, Whist "
                            "and Danish whist.")
    p.add_argument("--version", action="version", version=f"whistscore {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    c = sub.add_parser("new", help="create a game file")
    c.add_argument("game", choices=sorted(GAMES))
    c.add_argument("file")
    c.add_argument("--players", nargs="+", required=True, metavar="NAME")
    c.add_argument("--preset")
    c.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE")
    c.add_argument("--stake")
    c.add_argument("--currency")
    c.add_argument("--title", help="what the evening is called (shown on sheets)")
    c.add_argument("--place", help="where it is played")
    c.add_argument("--force", action="store_true", help="overwrite an existing file")
    c.add_argument("--lang", choices=langs(), default="en")

    c = sub.add_parser("add", help="append one deal (short notation, JSON, or - for stdin)",
                       epilog="The short notation of each game, every form with examples: "
                              "whistscore notation GAME (preferans, twist, whist, danish).")
    c.add_argument("file")
    c.add_argument("deal", nargs="+", help="the deal; the words are joined with spaces "
                                           "(forms: whistscore notation GAME)")
    c.add_argument("--id", help="a client id kept with the deal (up to 64 characters); an "
                                "add with an id already in the file records nothing")
    _deal_options(c)

    c = sub.add_parser("edit", help="replace deal N (the later deals are replayed after it)",
                       epilog="The short notation: whistscore notation GAME.")
    c.add_argument("file")
    c.add_argument("number", type=_whole_arg, metavar="N",
                   help="the deal's number (1 is the first)")
    c.add_argument("deal", nargs="+", help="the deal as for add")
    _deal_options(c)

    c = sub.add_parser("set", help="change the rules, stake or title of a game")
    c.add_argument("file")
    c.add_argument("--preset")
    c.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE")
    c.add_argument("--stake")
    c.add_argument("--currency")
    c.add_argument("--title")
    c.add_argument("--place")
    c.add_argument("--created", metavar="TIME",
                   help="when the game was played, for a game whose deals carry no time "
                        "(the club dates it by this), e.g. 2026-11-30T20:00:00+01:00 or "
                        "2026-11-30")
    c.add_argument("--lang", choices=langs(), default="en")

    c = sub.add_parser("accept", help="take this whistscore's result of a finished game "
                                      "in place of the one its file records")
    c.add_argument("file")
    c.add_argument("--lang", choices=langs(), default="en")

    c = sub.add_parser("end", help="end the game here: the players stop before it is finished")
    c.add_argument("file")
    c.add_argument("--at", help="when they stopped (default: now), e.g. 2026-11-30T23:40:00+01:00")
    c.add_argument("--reopen", action="store_true", help="take back an end recorded by mistake")
    c.add_argument("--lang", choices=langs(), default="en")

    c = sub.add_parser("notation", help="the short notation of a game: every form, examples")
    c.add_argument("game", choices=sorted(GAMES))
    c.add_argument("--markdown", action="store_true", help="as the table in the docs")

    c = sub.add_parser("undo", help="drop the last deal")
    c.add_argument("file")
    c.add_argument("--lang", choices=langs(), default="en")

    c = sub.add_parser("show", help="the score sheet as players draw it")
    c.add_argument("file")
    c.add_argument("--json", action="store_true")
    c.add_argument("--explain", action="store_true", help="every entry with its deal and rule")
    c.add_argument("--deals", action="store_true", help="also list the deals played")
    c.add_argument("--by-deal", action="store_true",
                   help="also the sheet deal by deal: a block of columns per player")
    c.add_argument("--lang", choices=langs(), default="en")

    c = sub.add_parser("settle", help="balances, money and who pays whom")
    c.add_argument("file")
    c.add_argument("--stake", help="money per unit (overrides the file's stake)")
    c.add_argument("--precision", type=_whole_arg, default=2,
                   help="decimal places of money (default 2)")
    c.add_argument("--json", action="store_true")
    c.add_argument("--lang", choices=langs(), default="en")

    c = sub.add_parser("export", help="the score sheet workbook (.xlsx)")
    c.add_argument("file")
    c.add_argument("out")
    c.add_argument("--lang", choices=langs(), default="en")
    c.add_argument("--check-formulas", action="store_true",
                   help="add a check row of SUM formulas under the totals")
    c.add_argument("--force", action="store_true",
                   help="overwrite OUT even if it is not a workbook whistscore wrote")

    c = sub.add_parser("import", help="restore a game file from an exported workbook")
    c.add_argument("book")
    c.add_argument("file")
    c.add_argument("--force", action="store_true", help="overwrite an existing file")

    c = sub.add_parser("check", help="validate a game file; report every problem")
    c.add_argument("file")
    c.add_argument("--lang", choices=langs(), default="en")

    c = sub.add_parser("serve", help="the scorepad: a web page for the phones at the table")
    c.add_argument("folder", nargs="?", default=".", help="the folder of game files (default: .)")
    c.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1; 0.0.0.0 for the phones)")
    c.add_argument("--port", type=_whole_arg, default=8000)
    c.add_argument("--open", action="store_true", help="open the page in a browser")
    c.add_argument("--new-token", action="store_true",
                   help="a new access token for this folder: the phones that joined must "
                        "join again (the token is otherwise kept across restarts)")

    c = sub.add_parser("pocket", help="the scorepad on one phone: a static site with the "
                                      "engine inside the browser")
    c.add_argument("action", choices=["build"])
    c.add_argument("out", help="the folder to write the site to (new, or an earlier build)")
    c.add_argument("--pyodide", help="a Pyodide folder on disk instead of the npm package")

    c = sub.add_parser("rules", help="the rule options, their defaults and the presets")
    c.add_argument("game", choices=sorted(GAMES))
    c.add_argument("--preset")
    c.add_argument("--json", action="store_true")

    c = sub.add_parser("demo", help="write the shipped sample games and club into a folder")
    c.add_argument("folder", nargs="?", default="samples",
                   help="the folder to write them to (default: samples)")
    c.add_argument("--lang", choices=langs(), default="en")

    from .club.cli import register  # the club archive's command (docs/club.md)
    _COMMANDS.update(register(sub))
    _COMMANDS["club"] = _club  # its workbook is written here, above both the club and excel
    # without --lang, the reader's locale (LC_ALL, LC_MESSAGES, LANG) picks the language
    lang = env_lang()
    for command in sub.choices.values():
        if command.get_default("lang") is not None:
            command.set_defaults(lang=lang)
    return p


#: the most digits of a whole number on the command line (a deal's number, a port)
MAX_ARG_DIGITS = 12


def _whole_arg(text: str) -> int:
    """A whole number typed on the command line, its digits counted before int() reads it."""
    digits = text.strip().lstrip("+-")
    if not digits.isdigit() or not digits.isascii():
        raise argparse.ArgumentTypeError(f"not a whole number: {text[:40]!r}")
    if len(digits) > MAX_ARG_DIGITS:
        raise argparse.ArgumentTypeError(f"a number of {len(digits)} digits is too long "
                                         f"(at most {MAX_ARG_DIGITS})")
    return int(text)


def _club(a: argparse.Namespace) -> int:
    """``whistscore club``: the club's own command, or ``--export`` its period's workbook
    (the club answers, :mod:`whistscore.excel.club` lays them out)."""
    from .club.cli import run, usage
    from .club.index import PROGRESS

    with Progress(said("cli.progress.club", (), a.lang), counted=True) as progress:
        token = PROGRESS.set(progress.count if progress.on else None)
        try:
            return _club_command(a, run, usage)
        finally:
            PROGRESS.reset(token)
            progress.clear()


def _club_command(a: argparse.Namespace, run: Callable[[argparse.Namespace], int],
                  usage: Callable[[argparse.Namespace], object]) -> int:
    if a.export is None:
        return run(a)
    usage(a)
    for name in ("season", "first", "last", "game", "export"):
        value = getattr(a, name)
        if value is not None and (len(value) > 4096 or "\0" in value):
            raise InputError("too long or holds a NUL", field=name, value=value[:40])
    from .club.api import Club
    from .club.words import period_words, words
    from .excel.club import club_workbook, save

    _club_export_target(a.export, a.force)
    w = words(a.lang)
    club = Club(a.folder, rebuild=a.rebuild, accept_recomputed=a.accept_recomputed)
    try:
        when: dict[str, Any] = {"season": a.season, "first": a.first, "last": a.last,
                                "game": a.game, "unfinished": a.unfinished}
        standings = club.standings(**when)
        records = club.records(**when)
        names = [r["player"] for block in standings["games"].values() for r in block["table"]]
        players = [club.player(n, **when) for n in dict.fromkeys(names)]
        for notice in standings["notices"]:  # in the reader's language, as ``club`` says them
            sys.stderr.write(f"whistscore club: "
                             f"{terminal_text(club.notice_in(notice, a.lang))}\n")
    finally:
        club.close()
    with Progress(said("cli.progress.writing", (terminal_text(a.export),), a.lang),
                  lang=a.lang):
        data = club_workbook(standings, players, records, w,
                             period_words(w, standings["period"]), a.lang)
        with files.no_links(), files.locked(a.export):
            _club_export_target(a.export, a.force)  # again: the file may have changed meanwhile
            save(data, a.export)
    print(said("cli.club.export", (terminal_text(a.export), len(players),
                                   sum(b["evenings"] for b in standings["games"].values())),
               a.lang))
    return 0


def _club_export_target(out: str, force: bool) -> None:
    """Refuse to write the club's workbook anywhere but a workbook: a name not ending in
    .xlsx (a game file, club.json, club.sqlite named by mistake would be replaced by a
    workbook), and an existing file that is not a club workbook whistscore wrote unless
    --force (someone's own sheet).  A device, a folder or a read-only file is refused
    even with --force (:func:`files.save_target`)."""
    from .excel.club import written_by_whistscore

    if not out.lower().endswith(".xlsx"):
        raise InputError("a workbook's name ends in .xlsx", field="export", value=out,
                         key="club.export_name")
    target = _workbook_target(out, "export")
    if target is not None and not force and not written_by_whistscore(target):
        raise InputError("the file exists and is not a club workbook whistscore wrote; use "
                         "--force to overwrite it", field="export", value=out,
                         key="club.export_exists")


def _workbook_target(out: str, field: str, game_file: str | None = None) -> Path | None:
    """The existing file an export would replace (None: there is none), refused unless it
    is a plain file that is a workbook, --force or not: a symbolic link is never written
    through (with ``latest.xlsx`` pointing at a game file, the export turned the game into
    a zip), and a game file, a letter or anything else that is no workbook is never
    replaced by one.  A device, a folder or a read-only file is refused as every save
    refuses it (:func:`files.save_target`)."""
    from .excel.reading import is_workbook

    if os.path.islink(out):
        raise InputError("the file is a symbolic link; an export never writes through a "
                         "link: name the file itself (nothing written)", field=field,
                         value=out, key="file.export_link")
    with files.no_links():
        target = files.save_target(out, field=field)
    if not os.path.lexists(target):
        return None
    if game_file is not None and os.path.samefile(target, game_file):
        raise InputError("that is the game file itself; name another file for the workbook",
                         field=field, value=out)
    if not is_workbook(target, field):
        raise InputError("the file exists and is not a workbook; an export replaces only a "
                         "workbook, with --force too: name another file (nothing written)",
                         field=field, value=out, key="file.export_other")
    return target


def _deal_options(c: argparse.ArgumentParser) -> None:
    c.add_argument("--dealer", help="who dealt this deal (when the rotation was broken)")
    c.add_argument("--note", help="a free-text note kept with the deal")
    c.add_argument("--no-time", action="store_true",
                   help="do not stamp the deal with the time it was recorded")
    c.add_argument("--explain", action="store_true",
                   help="print every entry the deal wrote and the whole sheet's totals")
    c.add_argument("--lang", choices=langs(), default="en")


def _check_typed(text: str, field: str, number: int | None = None) -> None:
    """Bytes that are not UTF-8 on the command line arrive as lone surrogates."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError("holds bytes that are not UTF-8 text", deal=number, field=field,
                         value=text.encode("utf-8", "backslashreplace").decode("ascii")) from None


def _out(text: str = "") -> None:
    sys.stdout.write(text + "\n")


def _waiting(command: str, lang: str = "en") -> Callable[[], None]:
    def say() -> None:
        with _quiet():
            sys.stderr.write(f"whistscore {command}: {said('cli.waiting', (), lang)}\n")
            sys.stderr.flush()
    return say


class _quiet:
    """Swallow any error of a best-effort write to the terminal."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> bool:
        return kind is not None and issubclass(kind, Exception)


def _totals_table(settlement_json: Mapping[str, Any]) -> str:
    """A compact line per player (or side) of the game's sheet totals."""
    from tabulate import tabulate

    sheet = settlement_json["sheet"]
    seats = {who: i for i, who in enumerate(sheet)}
    order: dict[tuple[int, int, str], str] = {}
    rows: list[tuple[str, dict[str, Any]]] = []
    for who, cols in sheet.items():
        flat: dict[str, Any] = {}
        for k, (key, value) in enumerate(cols.items()):
            if isinstance(value, dict):
                for other, v in value.items():
                    flat[f"{key} {other}"] = v
                    order.setdefault((k, seats.get(other, len(seats)), other), f"{key} {other}")
            elif isinstance(value, (int, str)) and not isinstance(value, bool):
                flat[key] = value
                order.setdefault((k, -1, ""), key)
        rows.append((who, flat))
    columns = [order[k] for k in sorted(order)]  # nested columns (vists on X) in seat order
    table = [[who] + [flat.get(c, "") for c in columns] for who, flat in rows]
    out = tabulate(table, headers=[""] + columns, tablefmt="simple", disable_numparse=True)
    bal = settlement_json["balance"]
    line = ", ".join(f"{p} {format_amount(Fraction(b), signed=True)}"
                     for p, b in bal.items())
    return f"{out}\nbalance now ({settlement_json['unit']}s): {line}"


def _cmd_new(a: argparse.Namespace) -> int:
    path = Path(a.file)
    kind = get_game(a.game)
    for i, name in enumerate(a.players):
        _check_typed(name, f"players[{i}]")
    rules = kind.rulebook.from_cli(a.preset, a.rule)
    for field in ("title", "place", "currency"):
        if getattr(a, field) is not None:
            _check_typed(getattr(a, field), field)
    from . import journal
    from .scored import now_stamp

    if a.file and _club_name(os.path.basename(a.file)):
        raise InputError("club.json is the club's settings file; name the game another way",
                         field="file", value=a.file, key="file.club_name")
    game = journal.new_game(a.game, a.players, rules.to_json(), a.stake, a.currency,
                            a.title, a.place, created=now_stamp())
    with files.locked(a.file):
        if os.path.lexists(a.file) and not a.force:
            raise InputError("the file exists; use --force to overwrite it", field="file",
                             value=str(path))
        files.dump(game, path)
    _out(said("cli.created", (terminal_text(path), game_name(kind, a.lang), ", ".join(game.players),
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


def _typed_options(a: argparse.Namespace, number: int | None = None) -> None:
    for field in ("dealer", "note"):
        if getattr(a, field) is not None:
            _check_typed(getattr(a, field), field, number)


def _cmd_add(a: argparse.Namespace) -> int:
    from . import recording

    raw = _read_deal_arg(a.deal)
    _typed_options(a)
    change = recording.record(a.file, raw, dealer=a.dealer, note=a.note, at=not a.no_time,
                              id=a.id)
    if change.already:   # a retry: the deal with this id is in the file, nothing written
        _out(said("cli.already", (change.number, repr(a.id)), a.lang))
        return 0
    _print_change(change, a)
    return 0


def _deal_of(change: Change) -> DealResult:
    """The deal a record, replace or drop concerned (only a settings change has none)."""
    if change.result is None:
        raise AssertionError("a change of a deal came back without its deal")
    return change.result


def _print_change(change: Change, a: argparse.Namespace) -> None:
    from .text import render_change, render_entries

    _out(render_change(change, a.lang))
    if a.explain:
        _out(render_entries(_deal_of(change).entries, change.after.kind, a.lang)
             or "(nothing written)")
        _out()
        _out(_totals_table(change.after.settle().to_json()))


def _cmd_edit(a: argparse.Namespace) -> int:
    from . import recording

    raw = _read_deal_arg(a.deal)
    _typed_options(a, a.number)
    change = recording.replace(a.file, a.number, raw, dealer=a.dealer, note=a.note,
                               at=False if a.no_time else None)
    _print_change(change, a)
    return 0


def _cmd_set(a: argparse.Namespace) -> int:
    from . import recording

    for field in ("title", "place", "currency", "stake", "preset"):
        if getattr(a, field) is not None:
            _check_typed(getattr(a, field), field)
    from .rules import assignments_of

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
    _out(said("cli.changed", (terminal_text(a.file), preset_name(game.kind, game.rules.preset, a.lang), what,
                              len(game.deals)), a.lang))
    return 0


def _cmd_undo(a: argparse.Namespace) -> int:
    from . import recording
    from .text import render_entries

    try:
        change = recording.drop_last(a.file)
    except files.LinkMoved:
        raise  # not a game that fails to read: the file moved away from its lock
    except InputError:  # the game does not read or score: work on the file's text
        return _undo_text(a)
    dropped = _deal_of(change)
    _out(said("cli.dropped", (dropped.number, change.before.game.notation(dropped.record)),
              a.lang))
    _out(render_entries(dropped.entries, change.before.kind, a.lang)
         or said("cli.wrote_nothing", (), a.lang))
    return 0


def _cmd_end(a: argparse.Namespace) -> int:
    from . import recording

    if a.reopen and a.at is not None:
        raise InputError("--reopen takes back an end; it takes no --at", field="at", value=a.at)
    if a.at is not None:
        _check_typed(a.at, "at")
    change = recording.end(a.file, at=a.at, reopen=a.reopen)
    rp = change.after.replay
    if a.reopen:
        _out(said("cli.reopened", (terminal_text(a.file), len(rp.game.deals)), a.lang))
        return 0
    from .settlement import settle
    money = settle(rp).to_json()
    balance = ", ".join(f"{p} {format_amount(Fraction(v))}" for p, v in money["balance"].items())
    deals = len(rp.game.deals)
    _out(said("cli.ended", (terminal_text(a.file), rp.game.ended, deals, balance), a.lang))
    return 0


def _cmd_notation(a: argparse.Namespace) -> int:
    from .text import render_notation

    _out(render_notation(get_game(a.game), markdown=a.markdown))
    return 0


def _undo_text(a: argparse.Namespace) -> int:
    """The game does not read or score (a hand edit): drop the last deal from the
    file's text, keeping the rest byte for byte, then say what is still wrong.
    Anything that stops this too (no such file, a read-only file, no deal) is
    the refusal the user sees."""
    with files.locked(a.file):
        text = files.read_text(a.file)
        from . import journal
        after, dropped_json, number = journal.drop_last_deal(text)
        files.write_atomic(a.file, after)
    why = [p for p in journal.check_text(text) if p.deal == number]
    shown = json.dumps(dropped_json, ensure_ascii=False)
    _out(said("cli.dropped", (number, shown[:200]), a.lang))
    _out(said("cli.unscored", (why[0],), a.lang) if why else said("cli.unread", (), a.lang))
    for problem in journal.check_text(after):
        sys.stderr.write(f"whistscore undo: still wrong in {terminal_text(a.file)}: "
                         f"{terminal_text(problem)}\n")
    return 0


def _cmd_show(a: argparse.Namespace) -> int:
    game = files.load(a.file)
    from .replay import replay
    from .settlement import settle
    rp = replay(game)
    if a.json:
        _out(json.dumps(rp.to_json(), ensure_ascii=False, indent=2))
        return 0
    from .text import render_deals, render_entries, render_status, render_tables

    heading = game.heading()
    if heading:
        _out("\n".join(map(terminal_text, heading.splitlines())))
        _out()
    if a.deals:
        _out(render_deals(rp, a.lang))
        _out()
    _out(render_tables(game.kind.sheet_tables(rp), game.kind, a.lang))
    closing = game.kind.closing_tables(rp)
    if closing:
        _out()
        _out(render_tables(closing, game.kind, a.lang))
    if a.by_deal:
        from .running import running_table
        from .text import render_wrapped

        _out()
        _out(render_wrapped(running_table(rp), game.kind, a.lang))
    if a.explain:
        _out()
        _out(render_entries(rp.entries(), game.kind, a.lang) or said("cli.no_entries", (), a.lang))
    _out()
    _out(render_status(settle(rp), game.kind, a.lang))
    return 0


def _created_stamp(text: str) -> str:
    """``set --created``: a time with its offset as given, or a day (``2026-11-30``),
    taken as 20:00 local time that day."""
    import datetime

    from . import journal
    from .errors import GameFileError

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


def _club_name(name: str) -> bool:
    """A name the club keeps for itself (club.json, its archive and the archive's files)."""
    low = name.casefold()
    return low == "club.json" or low.startswith("club.sqlite")


def _recomputed_line(path: str, recorded: Any, now: Any, lang: str) -> str:
    def shown(r: Any) -> str:
        values = r.money if r.money is not None else r.balance
        return ", ".join(f"{p} {v}" for p, v in values)

    return said("cli.recomputed", (path, recorded.by, shown(recorded), now.by, shown(now)), lang)


def _cmd_accept(a: argparse.Namespace) -> int:
    from . import recording

    change = recording.accept(a.file)
    result = change.after.game.result
    if change.already and result is None:  # unfinished, nothing recorded: no result to take
        _out(said("cli.accept_none", (a.file,), a.lang))
        return 0
    if change.already:
        _out(said("cli.accept_nothing", (a.file,), a.lang))
        return 0
    if result is None:
        _out(said("cli.accept_none", (a.file,), a.lang))
        return 0
    values = result.money if result.money is not None else result.balance
    _out(said("cli.accepted", (a.file, result.by, ", ".join(f"{p} {v}" for p, v in values)),
              a.lang))
    return 0


def _cmd_settle(a: argparse.Namespace) -> int:
    game = files.load(a.file)
    from .replay import replay
    from .settlement import as_recorded, settle
    rp = replay(game, keep=False)
    s = settle(rp, a.stake, a.precision)
    now = None
    if game.result is not None and a.stake is None and a.precision == 2:
        from .scored import ScoredGame

        now = ScoredGame(rp).recomputed()
        if now is not None:  # the past does not move: the recorded result stands, shown
            s = as_recorded(s, game.result)
            sys.stderr.write(_recomputed_line(a.file, game.result, now, a.lang) + "\n")
    if a.json:
        data = s.to_json()
        if now is not None:
            data["recomputed"] = now.to_json()
        _out(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        from .text import render_settlement  # tabulate only for the drawn table

        if now is not None and not s.finished and game.ended is None:
            import attrs  # the numbers are the ones the players settled on, not "if it
            s = attrs.evolve(s, finished=True)  # ended now": said as the file records it
        _out(render_settlement(s, game.kind, a.lang, game.heading()))
    return 0


def _cmd_export(a: argparse.Namespace) -> int:
    from . import excel  # openpyxl is loaded only here

    game = files.load(a.file)
    with files.no_links(), files.locked(a.out):
        _export_target(a.file, a.out, a.force)
        with Progress(said("cli.progress.writing", (terminal_text(a.out),), a.lang),
                      lang=a.lang):
            excel.export(game, a.out, lang=a.lang, check_formulas=a.check_formulas)
    _out(said("cli.wrote", (terminal_text(a.out),), a.lang))
    return 0


def _export_target(game_file: str, out: str, force: bool) -> None:
    """Refuse to write the workbook over the game file itself, or over a file that
    is not a workbook whistscore wrote (a .docx, someone's sheet) unless --force.
    A device, a folder or a read-only file is refused even with --force."""
    from . import excel

    target = _workbook_target(out, "out", game_file)
    if target is None:
        return
    if not force and not excel.written_by_whistscore(target):
        raise InputError("the file exists and is not a workbook whistscore wrote; use "
                         "--force to overwrite it", field="out", value=out)


def _cmd_import(a: argparse.Namespace) -> int:
    from . import excel

    path = Path(a.file)
    text = excel.import_text(a.book)
    from .replay import replay
    from . import journal
    game = journal.loads(text)
    replay(game)
    with files.locked(a.file):
        if os.path.lexists(a.file) and not a.force:
            raise InputError("the file exists; use --force to overwrite it", field="file",
                             value=str(path))
        files.write_atomic(path, text)
    _out(said("cli.restored", (terminal_text(path), len(game.deals)), getattr(a, "lang", "en")))
    return 0


def _cmd_check(a: argparse.Namespace) -> int:
    text = files.read_text(a.file)
    from . import journal
    problems = journal.check_text(text)
    if not problems:
        _out(said("cli.check_ok", (terminal_text(a.file),), a.lang))
        game = journal.loads(text)
        if game.result is not None:
            from .scored import ScoredGame

            now = ScoredGame.of(game, lean=True).recomputed()
            if now is not None:
                _out(_recomputed_line(a.file, game.result, now, a.lang))
        return 0
    for p in problems:
        sys.stderr.write(f"{terminal_text(a.file)}: {terminal_text(_said(p, a.lang))}\n")
    return 1


def _cmd_rules(a: argparse.Namespace) -> int:
    from .text import render_rules

    kind = get_game(a.game)
    if a.preset is not None and a.preset not in kind.rulebook.presets:
        raise InputError(f"unknown preset (known: {', '.join(kind.rulebook.presets)})",
                         field="preset", value=a.preset)
    if a.json:
        book = kind.rulebook
        presets = [a.preset] if a.preset else list(book.presets)
        data = {
            "game": kind.name,
            "default_preset": book.default_preset,
            "options": {o.name: o.doc for o in book.options},
            "presets": {p: {o.name: o.kind.dump(book.presets[p][o.name]) for o in book.options}
                        for p in presets},
        }
        _out(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        _out(render_rules(kind, a.preset))
    return 0


def _cmd_serve(a: argparse.Namespace) -> int:
    folder = Path(a.folder)
    if not folder.is_dir():
        raise InputError("no such folder", field="folder", value=str(folder),
                         key="cli.no_folder")
    if not 0 < a.port < 65536:
        raise InputError("a port is 1..65535", field="port", value=a.port, key="cli.port")
    # the web stack is an extra, imported only by this command: without it, the one line
    # that installs it (server.py imports uvicorn only once it starts)
    from importlib.util import find_spec

    lang = env_lang()  # `serve` has no --lang: its refusals in the reader's locale
    if os.stat not in os.supports_dir_fd:  # Windows: the store opens games within the folder
        sys.stderr.write(f"whistscore serve: {said('cli.serve.system', (), lang)}\n")
        return 1
    missing = [m for m in SERVE_NEEDS if find_spec(m) is None]
    if missing:
        sys.stderr.write(f"whistscore serve: "
                         f"{said('cli.serve.extra', (', '.join(missing),), lang)}\n")
        return 1
    from .web.server import serve

    serve(str(folder), a.host, a.port, a.open, new_token=a.new_token)
    return 0


#: the modules of the serve extra (pyproject.toml) the scorepad imports
SERVE_NEEDS = ("starlette", "uvicorn", "h11", "jinja2", "segno")


def _cmd_demo(a: argparse.Namespace) -> int:
    from .console import write_samples

    written = write_samples(a.folder)
    sample = next((w for w in written if w.endswith("preferans-sochi.json")), written[0])
    _out(said("cli.demo.written", (len(written), a.folder, sample), a.lang))
    _out(said("cli.demo.club", (Path(a.folder) / "club",), a.lang))
    return 0


def _cmd_pocket(a: argparse.Namespace) -> int:
    from .pocket.build import build

    lang = env_lang()  # `pocket` has no --lang: the reader's locale
    with Progress(said("cli.progress.pocket", (), lang), lang=lang) as progress:
        def log(line: str) -> None:  # the step's line, then the ticking line below it
            progress.above(lambda: _out(line))

        out = build(a.out, a.pyodide, log=log)
    _out(f"the pocket site is in {out}: serve the folder from any static HTTPS host")
    return 0


_COMMANDS = {
    "new": _cmd_new,
    "add": _cmd_add,
    "edit": _cmd_edit,
    "set": _cmd_set,
    "notation": _cmd_notation,
    "undo": _cmd_undo,
    "end": _cmd_end,
    "show": _cmd_show,
    "settle": _cmd_settle,
    "accept": _cmd_accept,
    "export": _cmd_export,
    "import": _cmd_import,
    "check": _cmd_check,
    "rules": _cmd_rules,
    "serve": _cmd_serve,
    "pocket": _cmd_pocket,
    "demo": _cmd_demo,
}


def _tolerant_streams() -> None:
    """A terminal that cannot show a name (``PYTHONIOENCODING=ascii``) gets a
    replacement character, never an error that would hide a saved change."""
    for stream, errors in ((sys.stdout, "replace"), (sys.stderr, "backslashreplace")):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with _quiet():
                reconfigure(errors=errors)


def _silence_stdout() -> None:
    """The reader went away: later writes (and the flush at exit) go nowhere."""
    with _quiet():
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)


def _after_save(command: str, saves: list[str], exc: BaseException) -> int:
    """Something failed after the change was saved: the change stands, exit 0.

    Saying "not changed" here would make the user type the deal again and
    record it twice, so the message says what was saved and what failed.
    """
    if isinstance(exc, BrokenPipeError):
        _silence_stdout()  # the reader closed the pipe: nothing more to say
        return 0
    if isinstance(exc, KeyboardInterrupt):
        with _quiet():
            sys.stderr.write(f"whistscore {command}: interrupted after the change was saved "
                             f"in {terminal_text(saves[-1])}; it stands\n")
            sys.stderr.flush()
        return 0
    if isinstance(exc, InputError):
        what = str(exc)
    else:
        what = f"{type(exc).__name__}: {exc}"
    with _quiet():
        sys.stderr.write(f"whistscore {command}: the change is saved in "
                         f"{terminal_text(saves[-1])}, but showing the result failed "
                         f"({terminal_text(what)})\n")
        sys.stderr.flush()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command (``argv`` without the program name; ``sys.argv`` by default) and
    return its exit status: 0 done (a change saved exactly once), 1 refused or failed with
    one line on stderr and the game file as it was.

    Ctrl-C (SIGINT) stops the command only until its outcome is known; a second one,
    or one while the result is being reported, is ignored, so what the command says is
    what happened (see :class:`_Interrupts`).

    :raises SystemExit: wrong usage (status 2, the usage on stderr) or ``--help`` (status 0),
        as argparse does; every other failure is a message and a status, never a traceback.
    """
    with _Interrupts() as interrupts:
        return _main(argv, interrupts)


def _preload(command: list[str]) -> None:
    """Load what a command that reads a game needs before Ctrl-C is armed, as importing
    this module did before ``club`` was made to load less: an interrupt that lands in an
    import's lock callback is swallowed by Python ("Exception ignored"), so imports belong
    before the armed window.  ``club`` on an archive that is up to date needs none of it."""
    if command != ["club"]:
        from . import journal, replay, settlement  # noqa: F401


def run() -> NoReturn:
    """The ``whistscore`` command: :func:`main`, then exit with its status.

    After the outcome is known Ctrl-C is ignored to the end of the process, so
    an interrupt during the exit cannot print a traceback or change the status.
    """
    _preload(sys.argv[1:2])
    with _Interrupts(restore=False) as interrupts:
        status = _main(None, interrupts)
        # the interpreter's exit puts back the default handler, which would kill
        # the process with SIGINT after a save; an ignored signal stays ignored
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.exit(status)


class _Interrupts:
    """Ctrl-C raises KeyboardInterrupt once, and only while the command's outcome is open.

    Python's own handler raises at any point, also while the command reports an
    outcome already decided (``saved``) or while the interpreter exits, which
    printed a traceback or exited 130 after a save.  Here the first SIGINT
    raises; :meth:`settle` (called as soon as the command has finished or
    failed) makes every later one do nothing.  Only the main thread can set a
    handler; elsewhere (a web server's worker) the process's handler is left alone.
    """

    def __init__(self, restore: bool = True) -> None:
        self.armed = True
        self.restore = restore
        self.previous: Any = None
        self.installed = False

    def _on_interrupt(self, signum: int, frame: object) -> None:
        if self.armed:
            self.armed = False
            raise KeyboardInterrupt

    def settle(self) -> None:
        self.armed = False

    def __enter__(self) -> _Interrupts:
        try:
            self.previous = signal.signal(signal.SIGINT, self._on_interrupt)
            self.installed = True
        except ValueError:  # not the main thread: the process's handler stays
            pass
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.armed = False
        if self.installed and self.restore:
            signal.signal(signal.SIGINT, self.previous)


def _main(argv: Sequence[str] | None, interrupts: _Interrupts) -> int:
    command = ""
    try:
        _Parser.lang = _usage_lang(list(sys.argv[1:] if argv is None else argv))
        args = _parser().parse_args(argv)
        command = args.command
        _tolerant_streams()
        with files.recording_saves() as saves, _no_finalizer_noise() as failed, \
                files.waiting_message(_waiting(args.command, getattr(args, "lang", None)
                                               or _Parser.lang)):
            try:
                status = _COMMANDS[args.command](args)
                interrupts.settle()
                if status:
                    failed.append(True)
                sys.stdout.flush()
                return status
            except BaseException as exc:
                interrupts.settle()
                failed.append(True)
                if saves and not isinstance(exc, SystemExit):
                    return _after_save(args.command, saves, exc)
                if isinstance(exc, SystemExit):
                    raise
                # a command without --lang (serve, pocket) refuses in the reader's locale
                return _failed(args.command, exc, _target_of(args),
                               getattr(args, "lang", None) or _Parser.lang)
    except KeyboardInterrupt:  # before the command began (nothing can be saved yet)
        interrupts.settle()
        return _failed(command, KeyboardInterrupt(), lang=_Parser.lang)


@contextlib.contextmanager
def _no_finalizer_noise() -> Iterator[list[bool]]:
    """A failed write (a full disk) can leave a library's half-done generator or
    zip behind, whose finalizer then prints "Exception ignored ... Traceback":
    the command has already said what failed, so such noise is dropped.

    The collection that runs those finalizers now is made only after a failure
    (the caller appends to the list it is given): after a success it would walk
    every object of a long game for nothing."""
    import gc

    failed: list[bool] = []
    previous = sys.unraisablehook
    sys.unraisablehook = lambda unraisable: None
    try:
        yield failed
    finally:
        if failed:
            gc.collect()
        sys.unraisablehook = previous


def _target_of(args: argparse.Namespace) -> str | None:
    """The file a command writes (or reads): named by a disk error that names none."""
    name = getattr(args, "out", None) or getattr(args, "file", None) \
        or getattr(args, "export", None)
    return str(name) if name is not None else None


def _said(exc: WhistscoreError, lang: str, hint: str = "") -> str:
    """A refusal in ``lang``: its sentence there, the technical text (deal, field, value,
    rule) after it in brackets; in English the technical text alone, as it always was."""
    if lang != "en" and not getattr(exc, "key", None):  # no sentence of its own: never English alone
        return f"{said('cli.refused', (), lang)} ({exc}{hint})"
    return error_line(exc, [get_game(n) for n in GAMES] if lang != "en" else (), lang, hint)


#: a disk error's cause (its errno) -> its sentence (said in the reader's language)
_DISK_CAUSES = {errno.ENOSPC: "cli.disk_full", errno.EDQUOT: "cli.disk_full",
                errno.EROFS: "cli.disk_read_only", errno.EACCES: "cli.disk_permission",
                errno.EPERM: "cli.disk_permission"}


def _failed(command: str, exc: BaseException, target: str | None = None,
            lang: str = "en") -> int:
    """Nothing was saved: one line on stderr, exit 1 (the game file is as it was); 2 for
    options that contradict each other (:class:`UsageError`), as argparse's usage errors.

    A disk error names its file: the one the system named, else the command's
    own (a library's temporary file on a full disk names none).  Asked for another
    language (``--lang ru``), a refusal starts with its sentence in it, the technical
    text (deal, field, value, rule) after it in brackets."""
    def say(text: str) -> None:
        with _quiet():
            sys.stderr.write(f"{terminal_text(text)}\n")  # one line: names escaped
            sys.stderr.flush()

    if isinstance(exc, WhistscoreError):  # InputError and its kin
        hint = ""
        if isinstance(exc, InputError) and exc.field == "file" \
                and exc.reason == "no such game file":
            hint = "; create it with: whistscore new GAME FILE --players NAME..."
        say(f"whistscore {command}: {_said(exc, lang, hint)}")
        if isinstance(exc, UsageError):
            return 2
    elif isinstance(exc, BrokenPipeError):
        # the reader (``| head``) went away; the command's work is done, say nothing more
        _silence_stdout()
    elif isinstance(exc, OSError):
        where = (f": {exc.filename}" if exc.filename
                 else f" ({target} is as it was)" if target else "")
        if lang == "en":
            say(f"whistscore {command}: {exc.strerror or exc}{where}")
        else:  # the system's words stay in brackets, the sentence in the reader's language
            say(f"whistscore {command}: {said(_DISK_CAUSES.get(exc.errno or 0, 'cli.disk_refused'), (), lang)} "
                f"({exc.strerror or exc}{where})")
    elif isinstance(exc, KeyboardInterrupt):
        kept = ("the club's archive is as it was before this command" if command == "club"
                else "the game file is as it was before this command")
        if lang != "en":
            kept = said("cli.interrupted_club" if command == "club" else "cli.interrupted",
                        (), lang)
        if command == "club" and target:  # the season's workbook: nothing was saved
            kept = said("cli.interrupted_export", (target,), lang)
            kept = kept.removeprefix("interrupted; ") if lang == "en" else kept
        say(f"whistscore{' ' + command if command else ''}: interrupted; {kept}"
            if lang == "en" else f"whistscore{' ' + command if command else ''}: {kept}")
    elif isinstance(exc, Exception):  # a bug: still no traceback for the user, but say so
        if lang != "en":
            say(f"whistscore {command}: {said('cli.internal', (), lang)} "
                f"(internal error: {type(exc).__name__}: {exc})")
        else:
            say(f"whistscore {command}: internal error ({type(exc).__name__}: {exc}); "
                "the game file was not changed. Please report this.")
    else:
        raise exc
    return 1


if __name__ == "__main__":  # pragma: no cover
    run()
