"""The sheet as HTML: the game's own tables, every cell escaped.

(Replaced by the drawn sheets of the ``draw`` branch: the pulka in SVG and the
other games' paper sheets; the interface stays ``draw_sheet`` and ``SHEET_CSS``.)
"""

from __future__ import annotations

from html import escape

from ..i18n import text
from ..text import cell_text

__all__ = ["draw_sheet", "SHEET_CSS"]

SHEET_CSS = """
.sheet table { border-collapse: collapse; margin: 0 0 .8em; font-variant-numeric: tabular-nums; }
.sheet th, .sheet td { border: 1px solid #bbb; padding: .15em .35em; text-align: right; }
.sheet caption { text-align: left; font-weight: 600; }
"""


def draw_sheet(rp, lang: str = "en") -> str:
    kind = rp.game.kind
    parts = ['<div class="sheet">']
    for table in kind.sheet_tables(rp):
        parts.append("<table>")
        title = text(table.title, kind, lang) if table.title else ""
        if title:
            parts.append(f"<caption>{escape(str(title))}</caption>")
        parts.append("<tr>" + "".join(f"<th>{escape(cell_text(h, kind, lang))}</th>"
                                      for h in table.header) + "</tr>")
        for row in table.rows:
            parts.append("<tr>" + "".join(f"<td>{escape(cell_text(c, kind, lang))}</td>"
                                          for c in row) + "</tr>")
        parts.append("</table>")
    parts.append("</div>")
    return "".join(parts)
