"""The arguments of every command (argparse): what is typed, checked before any work."""

from __future__ import annotations

import argparse
import sys
from typing import Any, NoReturn, Sequence

from .. import __version__
from ..console import env_lang
from ..games import GAMES
from ..i18n import said
from ..language import langs
from .club import club
from .commands import COMMANDS

__all__ = ["MAX_ARG_DIGITS", "Parser", "deal_options", "file_command", "lang_option", "parser",
           "usage_lang", "whole_arg"]


class Parser(argparse.ArgumentParser):
    #: the language a usage error is said in: ``--lang`` as typed, else the locale's
    lang = "en"

    def error(self, message: str) -> NoReturn:  # usage errors: exit 2 without a traceback
        self.print_usage(sys.stderr)
        if Parser.lang == "en":
            self.exit(2, f"{self.prog}: error: {message}\n")
        self.exit(2, f"{self.prog}: {said('cli.usage_error', (self.prog,), Parser.lang)} "
                     f"({message})\n")


def usage_lang(argv: Sequence[str]) -> str:
    """The language of a usage error, found before the arguments are parsed: the last
    ``--lang`` typed, else the reader's locale (:func:`env_lang`)."""
    lang = env_lang()
    for i, arg in enumerate(argv):
        value = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else (
            arg[len("--lang="):] if arg.startswith("--lang=") else None)
        if value in langs():
            lang = value
    return lang


def file_command(sub: argparse._SubParsersAction[Parser], name: str, **kw: Any) -> Parser:
    """A command whose first argument is the game file it reads or changes."""
    c = sub.add_parser(name, **kw)
    c.add_argument("file")
    return c


def lang_option(c: argparse.ArgumentParser) -> None:
    """``--lang``: the language a command speaks in; :func:`parser` sets its default to
    the reader's locale."""
    c.add_argument("--lang", choices=langs(), default="en")


def parser() -> argparse.ArgumentParser:
    p = Parser(prog="whistscore",
                description="Score sheets and settlements for Preferans, Twist, Whist "
                            "and Danish whist.")
    p.add_argument("--version", action="version", version=f"whistscore {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
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
    lang_option(c)

    c = file_command(sub, "add", help="append one deal (short notation, JSON, or - for stdin)",
                     epilog="The short notation of each game, every form with examples: "
                            "whistscore notation GAME (preferans, twist, whist, danish).")
    c.add_argument("deal", nargs="+", help="the deal; the words are joined with spaces "
                                           "(forms: whistscore notation GAME)")
    c.add_argument("--id", help="a client id kept with the deal (up to 64 characters); an "
                                "add with an id already in the file records nothing")
    deal_options(c)

    c = file_command(sub, "edit", help="replace deal N (the later deals are replayed after it)",
                     epilog="The short notation: whistscore notation GAME.")
    c.add_argument("number", type=whole_arg, metavar="N",
                   help="the deal's number (1 is the first)")
    c.add_argument("deal", nargs="+", help="the deal as for add")
    deal_options(c)

    c = file_command(sub, "set", help="change the rules, stake or title of a game")
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
    lang_option(c)

    c = file_command(sub, "accept", help="take this whistscore's result of a finished game "
                                         "in place of the one its file records")
    lang_option(c)

    c = file_command(sub, "end", help="end the game here: the players stop before it is finished")
    c.add_argument("--at", help="when they stopped (default: now), e.g. 2026-11-30T23:40:00+01:00")
    c.add_argument("--reopen", action="store_true", help="take back an end recorded by mistake")
    lang_option(c)

    c = sub.add_parser("notation", help="the short notation of a game: every form, examples")
    c.add_argument("game", choices=sorted(GAMES))
    c.add_argument("--markdown", action="store_true", help="as the table in the docs")

    c = file_command(sub, "undo", help="drop the last deal")
    lang_option(c)

    c = file_command(sub, "show", help="the score sheet as players draw it")
    c.add_argument("--json", action="store_true")
    c.add_argument("--explain", action="store_true", help="every entry with its deal and rule")
    c.add_argument("--deals", action="store_true", help="also list the deals played")
    c.add_argument("--by-deal", action="store_true",
                   help="also the sheet deal by deal: a block of columns per player")
    lang_option(c)

    c = file_command(sub, "settle", help="balances, money and who pays whom")
    c.add_argument("--stake", help="money per unit (overrides the file's stake)")
    c.add_argument("--precision", type=whole_arg, default=2,
                   help="decimal places of money (default 2)")
    c.add_argument("--json", action="store_true")
    lang_option(c)

    c = file_command(sub, "export", help="the score sheet workbook (.xlsx)")
    c.add_argument("out")
    lang_option(c)
    c.add_argument("--check-formulas", action="store_true",
                   help="add a check row of SUM formulas under the totals")
    c.add_argument("--force", action="store_true",
                   help="overwrite OUT even if it is not a workbook whistscore wrote")

    c = sub.add_parser("import", help="restore a game file from an exported workbook")
    c.add_argument("book")
    c.add_argument("file")
    c.add_argument("--force", action="store_true", help="overwrite an existing file")

    c = file_command(sub, "check", help="validate a game file; report every problem")
    lang_option(c)

    c = sub.add_parser("serve", help="the scorepad: a web page for the phones at the table")
    c.add_argument("folder", nargs="?", default=".", help="the folder of game files (default: .)")
    c.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1; 0.0.0.0 for the phones)")
    c.add_argument("--port", type=whole_arg, default=8000)
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
    lang_option(c)

    from ..club.cli import register  # the club archive's command (docs/club.md)
    COMMANDS.update(register(sub))
    COMMANDS["club"] = club  # its workbook is written here, above both the club and excel
    # without --lang, the reader's locale (LC_ALL, LC_MESSAGES, LANG) picks the language
    lang = env_lang()
    for command in sub.choices.values():
        if command.get_default("lang") is not None:
            command.set_defaults(lang=lang)
    return p


#: the most digits of a whole number on the command line (a deal's number, a port)
MAX_ARG_DIGITS = 12


def whole_arg(text: str) -> int:
    """A whole number typed on the command line, its digits counted before int() reads it."""
    digits = text.strip().lstrip("+-")
    if not digits.isdigit() or not digits.isascii():
        raise argparse.ArgumentTypeError(f"not a whole number: {text[:40]!r}")
    if len(digits) > MAX_ARG_DIGITS:
        raise argparse.ArgumentTypeError(f"a number of {len(digits)} digits is too long "
                                         f"(at most {MAX_ARG_DIGITS})")
    return int(text)


def deal_options(c: argparse.ArgumentParser) -> None:
    c.add_argument("--dealer", help="who dealt this deal (when the rotation was broken)")
    c.add_argument("--note", help="a free-text note kept with the deal")
    c.add_argument("--no-time", action="store_true",
                   help="do not stamp the deal with the time it was recorded")
    c.add_argument("--explain", action="store_true",
                   help="print every entry the deal wrote and the whole sheet's totals")
    lang_option(c)
