"""The score-sheet workbook: what a card club prints, keeps and checks.

``export`` writes the game's tabs (:mod:`~whistscore.excel.tabs`: the score
sheet, the deals, the settlement, the chart, the sheet by deal) and the hidden
backup sheet (:mod:`~whistscore.excel.backup`) that ``import_text`` reads back,
so a workbook is also a backup (``whistscore import``).  Numbers are exact on
screen (:mod:`~whistscore.excel.formats`), text is never a formula, every tab
prints on A4.  Only :mod:`whistscore.excel.book` imports openpyxl (its public
API, write-only mode), and this package is imported only to export or import:
``import whistscore`` does not load it.  Reading a workbook from outside is
bounded in size and time by :mod:`~whistscore.excel.reading`.
"""

from __future__ import annotations

import os
from pathlib import Path

from .. import files, journal
from ..errors import InputError
from ..game import Game
from ..i18n import text
from ..language import langs
from ..layout import Label
from ..replay import replay
from ..running import running_table
from ..settlement import settle
from . import book, tabs
from .backup import GAME_SHEET, game_sheet, import_text, written_by_whistscore
from .formats import number_cell

__all__ = ["export", "import_text", "written_by_whistscore", "GAME_SHEET", "number_cell"]


def export(game: Game, out_path: str | os.PathLike[str], *, lang: str = "en",
           check_formulas: bool = False) -> None:
    """Write the workbook of ``game`` to ``out_path`` (replaced atomically).

    :raises InputError: an unknown ``lang``, or ``out_path`` cannot be written (no such
        folder, a read-only file, a folder or device in the way).
    :raises DealError: a deal of ``game`` cannot be scored (:class:`GameOverError` after
        the end); nothing is written.
    :raises OSError: the write itself failed (a full disk); the old file is left as it was.
    """
    if lang not in langs():
        raise InputError(f"unknown language (known: {', '.join(langs())})", field="lang",
                         value=lang)
    kind = game.kind
    rp = replay(game, history=True)
    s = settle(rp)
    unit = text(Label(f"unit.{s.unit}"), kind, lang)
    say = tabs.Explainer(kind, lang)
    deals_title = tabs.tab_name("xl.tab.deals", kind, lang)
    deals, first_running = tabs.deals(deals_title, rp, s, kind, lang, check_formulas, say)
    sheets = [
        tabs.score_sheet(tabs.tab_name("xl.tab.sheet", kind, lang), kind.sheet_tables(rp),
                         kind, lang, say),
        deals,
        tabs.settlement(tabs.tab_name("xl.tab.settlement", kind, lang), rp, s, kind, lang,
                        check_formulas),
        tabs.chart(tabs.tab_name("xl.tab.chart", kind, lang), deals_title, first_running, rp,
                   kind, lang, unit),
        # a row of this tab is one deal, whose entries the Deals tab already explains
        tabs.score_sheet(tabs.tab_name("xl.tab.by_deal", kind, lang), [running_table(rp)],
                         kind, lang, None),
        game_sheet(journal.dumps(game)),
    ]
    data = book.write(sheets, tabs.properties(game, s, kind, lang))
    _save_atomic(data, Path(out_path))


def _save_atomic(data: bytes, path: Path) -> None:
    """The workbook is built in memory, then written by one plain write: a full
    disk fails that write (the temporary file is removed, the old file stays)."""
    with files.replacing(path, field="out") as tmp:
        with open(tmp, "wb") as handle:
            handle.write(data)
            handle.flush()
