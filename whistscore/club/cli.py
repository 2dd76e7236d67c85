"""``whistscore club FOLDER ...``: the club's command (docs/club.md), registered by cli.py.

Plain text tables by default (tabulate), the JSON of ``whistscore.club`` with
``--json``.  ``--alias``, ``--alias-remove`` and ``--season-add`` change club.json
atomically; options that contradict each other are wrong usage (:func:`usage`, status 2).
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import partial
from typing import Any, Callable

from ..errors import terminal_text
from ..games import GAMES
from ..language import langs

__all__ = ["register", "run", "usage"]


def register(sub: Any) -> dict[str, Callable[[argparse.Namespace], int]]:
    """Add ``club`` to the subcommands; the handler by name, for cli.py's table."""
    c = sub.add_parser("club", help="the club: standings, ratings, head-to-head, records "
                                    "of a folder of game files")
    c.add_argument("folder", help="the club folder (its game files and club.json)")
    c.add_argument("--season", help="a season of club.json")
    c.add_argument("--from", dest="first", metavar="DATE", help="first day (2026-09-01)")
    c.add_argument("--to", dest="last", metavar="DATE", help="last day, inclusive")
    c.add_argument("--game", help=f"one game kind ({', '.join(GAMES)})")
    c.add_argument("--player", metavar="NAME", help="a player's page")
    c.add_argument("--h2h", nargs=2, metavar=("A", "B"), help="head-to-head of two players")
    c.add_argument("--records", action="store_true", help="the club's records")
    c.add_argument("--ratings", action="store_true", help="the ratings at the period's end")
    c.add_argument("--json", action="store_true", help="the JSON of docs/club.md")
    c.add_argument("--rebuild", action="store_true", help="rebuild club.sqlite from the files")
    c.add_argument("--unfinished", action="store_true",
                   help="count the games still being played too")
    c.add_argument("--accept-recomputed", action="store_true",
                   help="take the results this version computes for games it settles otherwise")
    c.add_argument("--alias", metavar="TYPED=NAME",
                   help="the name TYPED in game files is the club player NAME (club.json)")
    c.add_argument("--alias-remove", metavar="TYPED",
                   help="undo --alias: TYPED is no longer a spelling of a club player "
                        "(club.json)")
    c.add_argument("--season-add", nargs=3, metavar=("NAME", "FROM", "TO"),
                   help="add a season to club.json (inclusive dates)")
    c.add_argument("--export", metavar="FILE.xlsx",
                   help="write the period's workbook: standings, a sheet per player, the "
                        "records, a chart of running money")
    c.add_argument("--force", action="store_true",
                   help="with --export: write over a file that is not a club workbook "
                        "whistscore wrote")
    c.add_argument("--lang", choices=langs(), default="en",
                   help="the language of the text and of the workbook (--export)")
    return {"club": run}


def _out(text: str) -> None:
    sys.stdout.write(text + "\n")


#: what the command can be asked, one at a time
_ASKED = ("player", "h2h", "records", "ratings", "alias", "alias_remove", "season_add")
#: the options that change club.json (they print no answer, so a question's options mean
#: nothing with them)
_CHANGES = ("alias", "alias_remove", "season_add")
#: the options of a question: which games, and how the answer is printed
_QUESTION = ("season", "first", "last", "game", "unfinished", "json")


def _option(name: str) -> str:
    return {"first": "--from", "last": "--to"}.get(name, "--" + name.replace("_", "-"))


def usage(a: argparse.Namespace) -> None:
    """Refuse options that contradict each other, before anything is read.

    Each is wrong usage, not bad input: two ways of giving the period, two questions at
    once, a question's options with a change of club.json (``--alias X=Y --season S``
    changed club.json and silently ignored the season), ``--unfinished`` with the
    ratings (they count finished games only), the workbook with a question, ``--force``
    without the workbook.

    :raises UsageError: the first contradiction, naming both options.
    """
    from ..errors import UsageError

    if a.season is not None and (a.first is not None or a.last is not None):
        later = "first" if a.first is not None else "last"
        raise UsageError(f"--season and {_option(later)} are two ways of giving the period: "
                         "give one", field=_option(later)[2:], value=getattr(a, later),
                         key="club.usage", args=(f"--season, {_option(later)}",))
    asked = [n for n in _ASKED if getattr(a, n)]
    export = getattr(a, "export", None)
    if export is not None and (asked or a.json):
        other = _option(asked[0] if asked else "json")
        raise UsageError(f"--export writes the whole period's workbook: give it without {other}",
                         field="export", value=export, key="club.usage",
                         args=(f"--export, {other}",))
    if export is None and getattr(a, "force", False):
        raise UsageError("--force is for --export (write over a file that is not a club "
                         "workbook): give it with --export", field="force", key="club.force")
    if len(asked) > 1:
        raise UsageError("ask one thing at a time: --player, --h2h, --records, --ratings, "
                         "--alias, --alias-remove or --season-add",
                         field=_option(asked[1])[2:], key="club.one_question")
    if asked and asked[0] in _CHANGES:
        given = [n for n in _QUESTION if getattr(a, n) not in (None, False)]
        if given:
            raise UsageError(f"{_option(asked[0])} changes club.json and shows nothing: give "
                             f"it without {_option(given[0])}", field=_option(asked[0])[2:],
                             key="club.usage", args=(f"{_option(asked[0])}, {_option(given[0])}",))
    if a.ratings and a.unfinished:
        raise UsageError("the ratings count finished games only: give --ratings without "
                         "--unfinished", field="unfinished", key="club.usage",
                         args=("--ratings, --unfinished",))


def run(a: argparse.Namespace) -> int:
    from ..errors import InputError
    from ..i18n import said
    from .api import Club

    usage(a)
    for name in ("player", "season", "first", "last", "game", "alias", "alias_remove"):
        value = getattr(a, name)
        if value is not None and (len(value) > 200 or "\0" in value):
            raise InputError("too long or holds a NUL", key="club.bounded", field=_option(name)[2:],
                             value=value[:40])
    club = Club(a.folder, rebuild=a.rebuild, accept_recomputed=a.accept_recomputed)
    try:
        if a.alias is not None:
            typed, sep, name = a.alias.partition("=")
            if not sep or not typed.strip() or not name.strip():
                raise InputError("an alias is written TYPED=NAME", field="alias", value=a.alias,
                                 key="club.alias_form")
            typed, name = typed.strip(), name.strip()
            done = "cli.club.alias" if club.add_alias(typed, name) else "cli.club.alias_already"
            _out(said(done, (terminal_text(typed), terminal_text(name)), a.lang))
            return 0
        if a.alias_remove is not None:
            typed = a.alias_remove.strip()
            was = club.remove_alias(typed)
            _out(said("cli.club.alias_removed", (terminal_text(typed), terminal_text(was)),
                      a.lang))
            return 0
        if a.season_add is not None:
            club.add_season(*a.season_add)
            _out(said("cli.club.season", [terminal_text(v) for v in a.season_add], a.lang))
            return 0
        when: dict[str, Any] = {"season": a.season, "first": a.first, "last": a.last,
                                "game": a.game}
        if a.player is not None:
            data = club.player(a.player, **when, unfinished=a.unfinished)
            text = _player_text
        elif a.h2h is not None:
            data = club.head_to_head(*a.h2h, **when, unfinished=a.unfinished)
            text = _h2h_text
        elif a.records:
            data = club.records(**when, unfinished=a.unfinished)
            text = _records_text
        elif a.ratings:
            data = club.ratings(**when)
            text = _ratings_text
        else:
            data = club.standings(**when, unfinished=a.unfinished)
            text = _standings_text
        for notice in data["notices"]:
            sys.stderr.write(f"whistscore club: {terminal_text(club.notice_in(notice, a.lang))}\n")
        if a.json:
            if a.lang != "en":  # a language asked for: the notices are said in it
                data = {**data, "notices": [club.notice_in(n, a.lang)
                                            for n in data["notices"]]}
            _out(json.dumps(data, ensure_ascii=False, indent=2))
        else:
            say = _Said(a.lang, club.archive.game_names(a.lang), club.archive.text)
            _out(club.archive.text(data, lambda: f"{text(data, say)}\n{_footer(data, say)}",
                                   a.lang))
        return 0
    finally:
        club.close()



# -- text ---------------------------------------------------------------------------------

class _Said:
    """The club's words in one language, as the text says them: the games named as the
    archive keeps them (no game loaded to print the standings), numbers agreeing."""

    def __init__(self, lang: str, names: dict[str, str],
                 kept: Callable[..., str] | None = None) -> None:
        from .words import own_words

        self.lang = lang
        self.w = own_words(lang)
        self.names = names
        self._kept = kept

    def kept(self, kind: str, block: dict[str, Any], render: Callable[[], str]) -> str:
        """``render()``, the text of one game kind's ``block``, or the same text kept by
        the archive (:meth:`Archive.text`) over the changes that leave that kind alone:
        tonight's Preferans evening draws the Preferans table again, not the other three."""
        if self._kept is None:
            return render()
        return self._kept(block, render, self.lang, kind=kind)

    def __getitem__(self, key: str) -> str:
        return self.w[key]

    def __call__(self, key: str, *args: object) -> str:
        from .show import mixed

        return self.w.say(key, *map(mixed, args))   # "135 1/3", as the page writes it

    def game(self, kind: str) -> str:
        from .period import game_title

        return self.names.get(kind) or game_title(kind, self.lang)

    def deals(self, n: int) -> str:
        from ..i18n import count_deals

        return count_deals(n, self.lang)


def _table(rows: list[list[Any]], headers: list[str]) -> str:
    """A plain text table as every club text draws it: tabulate's "simple" format, each cell
    as written (no number parsing: "+12" and "0.50" stay as they are)."""
    from tabulate import tabulate

    from .show import mixed

    # a fraction as the page writes it ("135 1/3", not "406/3")
    rows = [[terminal_text(str(mixed(c))) if isinstance(c, str) else c for c in row]
            for row in rows]
    return str(tabulate(rows, headers=headers, disable_numparse=True))


def _money(amounts: dict[str, str]) -> str:
    return ", ".join(f"{v} {c}".strip() for c, v in amounts.items())


def _head(data: dict[str, Any], what: str, say: _Said) -> str:
    """The answer's first line: the club's name, what it is, the period."""
    from .words import period_words

    parts = [data["club"]] if data.get("club") else []
    return terminal_text(" · ".join(parts + [what, period_words(say.w, data["period"])]))


def _standings_text(data: dict[str, Any], say: _Said) -> str:
    parts = [_head(data, say["standings"], say)]
    if not data["games"]:
        parts.append("\n" + say["no_games"])
    for kind, block in data["games"].items():
        rows = [[r["rank"], r["player"], r["evenings"], r["deals"], r["wins"],
                 r["average_place"], r["points"], _money(r["money"]),
                 _money(r["money_per_evening"]), r["best"]["points"], r["worst"]["points"],
                 "" if r["rating"] is None else r["rating"],
                 "" if r["rating_change"] is None else f"{r['rating_change']:+d}",
                 " ".join(map(str, r["form"]))] for r in block["table"]]
        parts.append(f"\n{say.game(kind)} · {say['unit.' + block['unit']]} · "
                     f"{say('of_evenings', block['evenings'])}")
        parts.append(say.kept(kind, block, partial(_table, rows, headers=[say[k] for k in (
            "rank", "player", "evenings", "deals", "wins", "avg_place", "points", "money",
            "per_evening", "best", "worst", "rating", "change", "form")])))
    return "\n".join(parts)


def _footer(data: dict[str, Any], say: _Said) -> str:
    from .words import said_again

    lines = []
    line = "in_progress_counted" if data.get("unfinished") else "in_progress_line"
    # a file's name and error are printed escaped: one line each, whatever the name holds
    for g in data.get("in_progress", ()):
        if not g["deals"]:  # not counted even with --unfinished: it has no places yet
            lines.append(say("in_progress_empty", terminal_text(g["file"]),
                             say.game(g["game"])))
        else:
            lines.append(say(line, terminal_text(g["file"]), say.game(g["game"]),
                             say.deals(g["deals"])))
    for p in data["left_out"]:
        lines.append(say("left_out_line", terminal_text(p["file"]),
                         terminal_text(said_again(p["error"], say.lang))))
    for r in data["recomputed"]:
        lines.append(say("recomputed_line", terminal_text(r["file"]), r["new_version"],
                         terminal_text(_balances(r["new"], say)),
                         terminal_text(_balances(r["old"], say)), r["old_version"]))
    for u in data.get("undated", ()):
        lines.append(say("undated_line", terminal_text(u["file"]), terminal_text(u["command"])))
    for c in data.get("changed_after_finish", ()):
        lines.append(say("changed_line", terminal_text(c["file"]),
                         terminal_text(_balances(c["old"], say)),
                         terminal_text(_balances(c["new"], say))))
    return ("\n" + "\n".join(lines)) if lines else ""


def _balances(result: dict[str, Any], say: _Said) -> str:
    if "error" in result:
        return say("as_error", result["error"])
    return ", ".join(f"{p} {b}" for p, b in result["balance"].items())


def _player_text(data: dict[str, Any], say: _Said) -> str:
    parts = [_head(data, data["player"], say)]
    if len(data["spellings"]) > 1:
        parts.append(f"{say['written_as']} " + ", ".join(data["spellings"]))
    if not data["games"]:
        parts.append("\n" + say["no_player_games"])
    for kind, block in data["games"].items():
        parts.append(f"\n{say.game(kind)}")
        # the money he stands at after each evening, in its currency (the chart's line)
        running = {p["file"]: f"{p['money']} {p['currency']}".strip()
                   for p in block["running_money"]}
        rows = [[e["date"] or say["undated"], e["title"] or "", e["venue"] or "", e["deals"],
                 e["points"],
                 "" if e["money"] is None else f"{e['money']} {e['currency'] or ''}".strip(),
                 running.get(e["file"], ""),
                 say("place_of", e["place"], e["players"])
                 + ("" if e["finished"] else f" ({say['playing']})")]
                for e in block["evenings"]]
        parts.append(_table(rows, headers=[say[k] for k in (
            "date", "title", "where", "deals", "points", "money", "running_money", "place")]))
        if block["rating"]:
            last = block["rating"][-1]
            parts.append(say("rating_after", last["rating"], len(block["rating"]),
                             f"{last['mu']:.2f}", f"{last['sigma']:.2f}"))
            parts.append(say["rating_explained"])
        play = block["play"]
        declared = "; ".join(say("made_of", lvl, v["made"], v["played"])
                             for lvl, v in play["declared"].items())
        if declared:
            parts.append(f"{say['declared']}: {declared}")
        lines = [say(f"play.{key}", *counts.values())
                 for key, counts in play.items() if key != "declared"]
        if lines:  # the lines of play the game declares (ClubFacts.play), in its order
            parts.append(" · ".join(lines))
        parts.append(_statistics_text(data, kind, say))
    return "\n".join(parts)


def _statistics_text(data: dict[str, Any], kind: str, say: _Said) -> str:
    """A game kind's statistics (club.md "Statistics") and who beats whom, one opponent a
    row."""
    from .show import pair_rows, stat_lines

    st = data.get("statistics", {}).get(kind)
    if not st:
        return ""
    lines = [f"{label}: {value}" if label else value for label, value in stat_lines(st, say.w)]
    rows = pair_rows(data["statistics"].get("pairs", []), kind)
    if rows:
        measure = {p["measure"] for p in data["statistics"]["pairs"] if p["game"] == kind}
        how = say["measure." + measure.pop()] if len(measure) == 1 else say["measure.mixed"]
        lines += ["", f"{say['who_beats_whom']} ({how})",
                  _table(rows, headers=[say["opponent"], say["evenings"], say["ahead_behind"],
                                        say["points"], say["money"]])]
    return "\n".join(lines)


def _h2h_text(data: dict[str, Any], say: _Said) -> str:
    parts = [_head(data, say("a_and_b", data["a"], data["b"]), say)]
    if not data["games"]:
        parts.append(say["never_together"])
    for kind, g in data["games"].items():
        line = say("h2h_line", say.game(kind), g["evenings"], data["a"], g["ahead"],
                   g["behind"], g["level"], g["average_difference"])
        won = g.get("won_from_other")
        if won:
            from .show import won_from

            said = won_from(data["a"], data["b"], won)   # by its sign: never a negative win
            if said is None:
                line += "; " + say("even_line", data["a"], data["b"])
            else:
                line += "; " + say("won_from_line", said[0], said[1], said[2])
                if said[3]:
                    line += f" ({_money(said[3])})"
        parts.append(line)
    return "\n".join(parts)


def _records_text(data: dict[str, Any], say: _Said) -> str:
    from .show import record_value

    parts = [_head(data, say["records"], say)]
    if not data["games"]:
        parts.append("\n" + say["no_games"])
    for kind, items in data["games"].items():
        parts.append(f"\n{say.game(kind)}")
        rows = [[say["record." + r["record"]],
                 f"{record_value(r['record'], r['value'], say.w)} {r.get('currency') or ''}".strip(),
                 r["player"] or "", r["game_title"] or r["file"], r["date"] or say["undated"],
                 "" if r["deal"] is None else say("deal_n", r["deal"]), r["file"]]
                for r in items]
        parts.append(_table(rows, headers=[say[k] for k in (
            "record", "value", "player", "title", "date", "deal", "file")]))
    return "\n".join(parts)


def _ratings_text(data: dict[str, Any], say: _Said) -> str:
    parts = [_head(data, say["ratings"], say)]
    for kind, rows in data["games"].items():
        parts.append(f"\n{say.game(kind)}")
        parts.append(_table([[r["player"], r["rating"], f"{r['change']:+d}"] for r in rows],
                            headers=[say["player"], say["rating"], say["change"]]))
    parts.append("\n" + say["rating_explained"])
    return "\n".join(parts)
