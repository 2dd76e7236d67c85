"""``whistscore club``: the club's own command, and its period's workbook (``--export``),
composed here, above both the club and the workbook."""

from __future__ import annotations

import argparse
import sys
from typing import Any, Callable

from .. import files
from ..console import Progress
from ..errors import InputError, terminal_text
from ..i18n import said
from .workbook import workbook_target

__all__ = ["club"]


def club(a: argparse.Namespace) -> int:
    """``whistscore club``: the club's own command, or ``--export`` its period's workbook
    (the club answers, :mod:`whistscore.excel.club` lays them out)."""
    from ..club.cli import run, usage
    from ..club.archive import PROGRESS

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
    from ..club.api import Club
    from ..club.words import period_words, words
    from ..excel.club import club_workbook, save

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
    from ..excel.club import written_by_whistscore

    if not out.lower().endswith(".xlsx"):
        raise InputError("a workbook's name ends in .xlsx", field="export", value=out,
                         key="club.export_name")
    target = workbook_target(out, "export")
    if target is not None and not force and not written_by_whistscore(target):
        raise InputError("the file exists and is not a club workbook whistscore wrote; use "
                         "--force to overwrite it", field="export", value=out,
                         key="club.export_exists")
