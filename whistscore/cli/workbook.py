"""``export`` and ``import``: a game's workbook, and never writing one over anything else."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from .. import files
from ..console import Progress
from ..errors import InputError, terminal_text
from ..i18n import said
from .output import echo

__all__ = ["cmd_export", "cmd_import", "workbook_target"]


def cmd_export(a: argparse.Namespace) -> int:
    from .. import excel  # openpyxl is loaded only here

    game = files.load(a.file)
    with files.no_links(), files.locked(a.out):
        _export_target(a.file, a.out, a.force)
        with Progress(said("cli.progress.writing", (terminal_text(a.out),), a.lang),
                      lang=a.lang):
            excel.export(game, a.out, lang=a.lang, check_formulas=a.check_formulas)
    echo(said("cli.wrote", (terminal_text(a.out),), a.lang))
    return 0


def _export_target(game_file: str, out: str, force: bool) -> None:
    """Refuse to write the workbook over the game file itself, or over a file that
    is not a workbook whistscore wrote (a .docx, someone's sheet) unless --force.
    A device, a folder or a read-only file is refused even with --force."""
    from .. import excel

    target = workbook_target(out, "out", game_file)
    if target is None:
        return
    if not force and not excel.written_by_whistscore(target):
        raise InputError("the file exists and is not a workbook whistscore wrote; use "
                         "--force to overwrite it", field="out", value=out)


def workbook_target(out: str, field: str, game_file: str | None = None) -> Path | None:
    """The existing file an export would replace (None: there is none), refused unless it
    is a plain file that is a workbook, --force or not: a symbolic link is never written
    through (with ``latest.xlsx`` pointing at a game file, the export turned the game into
    a zip), and a game file, a letter or anything else that is no workbook is never
    replaced by one.  A device, a folder or a read-only file is refused as every save
    refuses it (:func:`files.save_target`)."""
    from ..excel.reading import is_workbook

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


def cmd_import(a: argparse.Namespace) -> int:
    from .. import excel

    from .. import recording

    path = Path(a.file)
    text = excel.import_text(a.book)
    game = recording.restore(path, recording.Restore(text, force=a.force))
    echo(said("cli.restored", (terminal_text(path), len(game.deals)), getattr(a, "lang", "en")))
    return 0
