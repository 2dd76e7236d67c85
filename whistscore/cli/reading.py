"""The commands that read a game or the rules: show, settle, check, notation, rules."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .. import files
from ..errors import InputError, terminal_text
from ..games import get_game
from ..i18n import said
from .failures import said_refusal
from .output import echo

__all__ = ["cmd_check", "cmd_notation", "cmd_rules", "cmd_settle", "cmd_show"]


def cmd_show(a: argparse.Namespace) -> int:
    game = files.load(a.file)
    from ..replay import replay
    from ..settlement import settle
    rp = replay(game)
    if a.json:
        echo(json.dumps(rp.to_json(), ensure_ascii=False, indent=2))
        return 0
    from ..text import render_deals, render_entries, render_status, render_tables

    heading = game.heading()
    if heading:
        echo("\n".join(map(terminal_text, heading.splitlines())))
        echo()
    if a.deals:
        echo(render_deals(rp, a.lang))
        echo()
    echo(render_tables(game.kind.sheet_tables(rp), game.kind, a.lang))
    closing = game.kind.closing_tables(rp)
    if closing:
        echo()
        echo(render_tables(closing, game.kind, a.lang))
    if a.by_deal:
        from ..running import running_table
        from ..text import render_wrapped

        echo()
        echo(render_wrapped(running_table(rp), game.kind, a.lang))
    if a.explain:
        echo()
        echo(render_entries(rp.entries(), game.kind, a.lang) or said("cli.no_entries", (), a.lang))
    echo()
    echo(render_status(settle(rp), game.kind, a.lang))
    return 0


def cmd_settle(a: argparse.Namespace) -> int:
    game = files.load(a.file)
    from ..replay import replay
    from ..settlement import as_recorded, settle
    rp = replay(game, keep=False)
    s = settle(rp, a.stake, a.precision)
    now = None
    if game.result is not None and a.stake is None and a.precision == 2:
        from ..scored import ScoredGame

        now = ScoredGame(rp).recomputed()
        if now is not None:  # the past does not move: the recorded result stands, shown
            s = as_recorded(s, game.result)
            sys.stderr.write(recomputed_line(a.file, game.result, now, a.lang) + "\n")
    if a.json:
        data = s.to_json()
        if now is not None:
            data["recomputed"] = now.to_json()
        echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        from ..text import render_settlement  # tabulate only for the drawn table

        if now is not None and not s.finished and game.ended is None:
            import attrs  # the numbers are the ones the players settled on, not "if it
            s = attrs.evolve(s, finished=True)  # ended now": said as the file records it
        echo(render_settlement(s, game.kind, a.lang, game.heading()))
    return 0


def recomputed_line(path: str, recorded: Any, now: Any, lang: str) -> str:
    def shown(r: Any) -> str:
        values = r.money if r.money is not None else r.balance
        return ", ".join(f"{p} {v}" for p, v in values)

    return said("cli.recomputed", (path, recorded.by, shown(recorded), now.by, shown(now)), lang)


def cmd_check(a: argparse.Namespace) -> int:
    text = files.read_text(a.file)
    from .. import journal
    problems = journal.check_text(text)
    if not problems:
        echo(said("cli.check_ok", (terminal_text(a.file),), a.lang))
        game = journal.loads(text)
        if game.result is not None:
            from ..scored import ScoredGame

            now = ScoredGame.of(game, keep=False).recomputed()
            if now is not None:
                echo(recomputed_line(a.file, game.result, now, a.lang))
        return 0
    for p in problems:
        sys.stderr.write(f"{terminal_text(a.file)}: {terminal_text(said_refusal(p, a.lang))}\n")
    return 1


def cmd_notation(a: argparse.Namespace) -> int:
    from ..text import render_notation

    echo(render_notation(get_game(a.game), markdown=a.markdown))
    return 0


def cmd_rules(a: argparse.Namespace) -> int:
    from ..text import render_rules

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
        echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        echo(render_rules(kind, a.preset))
    return 0
