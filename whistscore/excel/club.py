"""The club's season workbook (``whistscore club FOLDER --export season.xlsx``).

The standings of each game kind, a sheet per player (his evenings and his
running money), the records, and a chart of running money per game kind, all
described in :mod:`~whistscore.excel.book`'s plain values (this module never
sees openpyxl).  It reads the club's own answers (the dicts that ``club
--json`` prints: standings, each player's page, records) and the club's
words, so it decides nothing: every number is the club's, written exact with
:func:`~whistscore.excel.formats.number_cell`, every text marked as text.  The
print rules are the game workbook's: landscape A4, one page wide, the title
rows repeated, the tab's name in the header and "page / pages" in the footer.
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction
from typing import Any, Mapping, Sequence

import os
from pathlib import Path

from .. import files
from ..errors import InputError
from ..i18n import formed
from .book import Bars, Chart, Line, Look, PrintSetup, Properties, Sheet, write
from .formats import UNSAFE_XML, number_cell, safe_text, text_width

__all__ = ["CATEGORY", "club_workbook", "save", "written_by_whistscore"]

#: the category of a club workbook's document properties: what tells one whistscore wrote
#: (and may write over again) from someone's own sheet
CATEGORY = "whistscore club"

_TITLE = Look(bold=True, size=14)
_BANNER = Look(bold=True, size=12, line_below=True)
_HEAD = Look(bold=True, fill="E8E4DA", line_below=True, indent=1)  # over _TEXT, as indented
_HEAD_NUM = Look(bold=True, fill="E8E4DA", line_below=True, align="right")
_NUM = Look(align="right")
_TEXT = Look(indent=1)  # apart from a right-aligned number on its left
_SMALL = Look(italic=True, color="555555")
_FORM = Look(align="center")


def _tab(name: str, taken: set[str]) -> str:
    """A tab's name as a spreadsheet allows it (no ``[]:*?/\\``, no apostrophe at either
    end, 31 characters, unique whatever the letter case)."""
    base = re.sub(r"[\[\]:*?/\\]", " ", UNSAFE_XML.sub("\ufffd", name))
    base = base.strip().strip("'").strip()[:31].strip() or "?"
    title, n = base, 2
    while title.casefold() in taken:
        suffix = f" ({n})"
        title, n = base[:31 - len(suffix)] + suffix, n + 1
    taken.add(title.casefold())
    return title


class _Grid:
    """A sheet filled row by row, keeping each column's width."""

    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.width: dict[int, float] = {}

    def text(self, row: int, col: int, value: object, look: Look = _TEXT) -> None:
        s = safe_text("" if value is None else str(value))
        self.sheet.put(row, col, s, look)
        if look is not _TITLE and look is not _BANNER and look is not _SMALL:  # these run over
            self.width[col] = max(self.width.get(col, 0), text_width(s, look.bold) + 1)

    def number(self, row: int, col: int, value: Fraction | Decimal | int,
               signed: bool = False) -> None:
        cell, fmt = number_cell(value, signed)
        self.sheet.put(row, col, cell, _NUM, fmt)
        self.width[col] = max(self.width.get(col, 0), len(str(value)) + 2)

    def exact(self, row: int, col: int, text: str | None, signed: bool = False) -> None:
        """A club number (``"-146/3"``, ``"2.60"``) as an exact cell; empty when None."""
        if text is None or text == "":
            return
        value: Fraction | Decimal = Decimal(text) if "." in text else Fraction(text)
        self.number(row, col, value, signed)

    def head(self, row: int, values: Sequence[str], texts: Sequence[int] = ()) -> None:
        """A header row; the columns in ``texts`` hold text (their head aligned left),
        the others numbers (aligned right, over them)."""
        for col, v in enumerate(values, 1):
            self.sheet.put(row, col, safe_text(v), _HEAD if col in texts else _HEAD_NUM)
            self.width[col] = max(self.width.get(col, 0), text_width(v, True) + 2)

    def finish(self, title_rows: str | None, freeze: str | None) -> Sheet:
        for col, w in self.width.items():
            self.sheet.widths[col] = max(5.0, min(w, 60.0))
        self.sheet.print_setup = PrintSetup(title_rows=title_rows)
        self.sheet.freeze = freeze
        return self.sheet


def _currencies(block: Mapping[str, Any]) -> list[str]:
    found: list[str] = []
    for r in block["table"]:
        for c in r["money"]:
            if c not in found:
                found.append(c)
    return found


def _standings(title: str, data: Mapping[str, Any], w: Mapping[str, str],
               period: str, lang: str) -> Sheet:
    g = _Grid(Sheet(title))
    g.text(1, 1, f"{data['club'] + ': ' if data.get('club') else ''}{w['standings']}", _TITLE)
    g.text(2, 1, period, _SMALL)
    row = 4
    if not data["games"]:
        g.text(row, 1, w["no_games"])
    for kind, block in data["games"].items():
        n = block["evenings"]
        g.text(row, 1, f"{w['game.' + kind]} · {w['unit.' + block['unit']]} · "
                       f"{formed(w['of_evenings'], [n], lang)}", _BANNER)
        row += 1
        currencies = _currencies(block)
        money_heads = [f"{w['money']} {c}".strip() for c in currencies] + \
            [f"{w['per_evening']} {c}".strip() for c in currencies]
        g.head(row, [w["rank"], w["player"], w["evenings"], w["deals"], w["wins"],
                     w["avg_place"], w["points"], *money_heads, w["best"], w["worst"],
                     w["rating"], w["change"], w["form"]], texts=(2, 12 + 2 * len(currencies)))
        row += 1
        for r in block["table"]:
            g.number(row, 1, r["rank"])
            g.text(row, 2, r["player"])
            g.number(row, 3, r["evenings"])
            g.number(row, 4, r["deals"])
            g.number(row, 5, r["wins"])
            g.exact(row, 6, r["average_place"])
            g.exact(row, 7, r["points"])
            col = 8
            for key in ("money", "money_per_evening"):
                for c in currencies:
                    g.exact(row, col, r[key].get(c))
                    col += 1
            g.exact(row, col, r["best"]["points"])  # the points of his best evening
            g.exact(row, col + 1, r["worst"]["points"])
            col += 2
            if r["rating"] is not None:
                g.number(row, col, r["rating"])
            if r["rating_change"] is not None:
                g.number(row, col + 1, r["rating_change"], signed=True)
            g.text(row, col + 2, " ".join(map(str, r["form"])), _FORM)
            row += 1
        row += 1
    return g.finish("1:2", "C4")


def _player(title: str, data: Mapping[str, Any], w: Mapping[str, str],
            period: str) -> tuple[Sheet, dict[tuple[str, str], tuple[int, int, int]]]:
    """The player's sheet, and where each (kind, currency) running money is: its first
    and last row and its column."""
    g = _Grid(Sheet(title))
    g.text(1, 1, data["player"], _TITLE)
    spelled = f" · {w['written_as']} {', '.join(data['spellings'])}" \
        if len(data["spellings"]) > 1 else ""
    g.text(2, 1, period + spelled, _SMALL)
    row = 4
    runs: dict[tuple[str, str], tuple[int, int, int]] = {}
    for kind, block in data["games"].items():
        g.text(row, 1, w["game." + kind], _BANNER)
        row += 1
        currencies = list(dict.fromkeys(p["currency"] or "" for p in block["running_money"]))
        g.head(row, ["#", w["date"], w["title"], w["place"], w["deals"], w["points"],
                     w["money"], w["currency"],
                     *[f"{w['running_money']} {c}".strip() for c in currencies]],
               texts=(2, 3, 4, 8))
        row += 1
        running = {p["file"]: Decimal(p["money"]) for p in block["running_money"]}
        for i, e in enumerate(block["evenings"], 1):
            g.number(row, 1, i)
            g.text(row, 2, e["date"])
            g.text(row, 3, e["title"] or e["file"])
            place = w["place_of"].format(e["place"], e["players"])
            g.text(row, 4, place if e["finished"] else f"{place} ({w['playing']})")
            g.number(row, 5, e["deals"])
            g.exact(row, 6, e["points"])
            if e["money"] is not None:
                g.exact(row, 7, e["money"])
                g.text(row, 8, e["currency"] or "")
                if e["file"] in running:  # the club's running money after this evening
                    col = 9 + currencies.index(e["currency"] or "")
                    g.number(row, col, running[e["file"]])
                    key = (kind, e["currency"] or "")
                    a = runs.get(key, (row, row, col))[0]
                    runs[key] = (a, row, col)
            row += 1
        play = block["play"]
        if play["declared"]:
            g.text(row, 1, w["declared"] + ": " + "; ".join(
                w["made_of"].format(lvl, v["made"], v["played"])
                for lvl, v in play["declared"].items()), _SMALL)
            row += 1
        lines = [w[f"play.{key}"].format(*counts.values())
                 for key, counts in play.items() if key != "declared"]
        if lines:  # the lines of play the game declares, in its order
            g.text(row, 1, "; ".join(lines), _SMALL)
            row += 1
        row += 1
    g.width.pop(1, None)  # the banner and play lines run over; column A is the number
    g.sheet.widths[1] = 5.0
    return g.finish("1:2", "A4"), runs


def _statistics(title: str, data: Mapping[str, Any], w: Mapping[str, str],
                period: str) -> Sheet:
    """The player's statistics sheet (club.md "Statistics"): per game kind the numbers
    every game has, each of the game's own parts (its contracts as a table played, made,
    failed; its counts one a row), then who beats whom, one opponent a row.  Read by the
    statistics' shape (:mod:`whistscore.club.show`), so it names no game."""
    from ..club.show import COMMON, contract_label

    g = _Grid(Sheet(title))
    g.text(1, 1, f"{data['player']} · {w['statistics']}", _TITLE)
    g.text(2, 1, period, _SMALL)
    row = 4
    stats = data.get("statistics", {})
    for kind in data["games"]:
        st = stats.get(kind)
        if not st:
            continue
        g.text(row, 1, w["game." + kind], _BANNER)
        row += 1
        for key, value in (("evenings", st["evenings"]), ("deals", st["deals"]),
                           ("wins", st["wins"]), ("stat.win_rate", st["win_rate"]),
                           ("stat.average_place", st["average_place"])):
            g.text(row, 1, w[key])
            if isinstance(value, int):
                g.number(row, 2, value)
            else:
                g.exact(row, 2, value)
            row += 1
        g.text(row, 1, w["stat.streak"].format(st["streak"]["current"],
                                               st["streak"]["longest"]))
        row += 2
        for key, value in st.items():
            if key in COMMON:
                continue
            label = w.get(f"stat.{key}") or key
            if isinstance(value, list):
                if not value:
                    continue
                g.head(row, [label, w["stat.sub.played"], w["made_word"], w["failed_word"]],
                       texts=(1,))
                row += 1
                first = row
                for r in value:
                    g.text(row, 1, contract_label(r, w))
                    g.number(row, 2, r["played"])
                    g.number(row, 3, r["made"])
                    g.number(row, 4, r["played"] - r["made"])
                    row += 1
                # the bars made against failed beside the table (printed with it)
                tall = 3.0 + 0.9 * len(value)  # centimetres: a legend and a bar a row
                g.sheet.bars.append(Bars("", 1, first, row - 1,
                                         [(w["made_word"], 3), (w["failed_word"], 4)],
                                         f"F{first - 1}", 12, tall))
                # the rows the bars cover (a row is about 0.53 cm), so that the next
                # block starts below them
                row += max(1, int(tall / 0.53) - len(value))
            elif isinstance(value, dict):
                g.text(row, 1, label, _HEAD)
                row += 1
                for sub, n in value.items():
                    g.text(row, 1, w.get(f"stat.{key}.{sub}") or w.get(f"stat.sub.{sub}") or sub)
                    g.number(row, 2, n)
                    row += 1
                row += 1
            else:
                g.text(row, 1, label)
                if isinstance(value, int):
                    g.number(row, 2, value)
                else:
                    g.exact(row, 2, value)
                row += 2
        pairs = [p for p in stats.get("pairs", []) if p["game"] == kind]
        if pairs:
            currencies = list(dict.fromkeys(c for p in pairs for c in p["money"]))
            g.text(row, 1, w["who_beats_whom"], _HEAD)
            row += 1
            g.head(row, [w["opponent"], w["evenings"], w["ahead"], w["behind"], w["points"],
                         *[f"{w['money']} {c}".strip() for c in currencies]], texts=(1,))
            row += 1
            for p in pairs:
                g.text(row, 1, p["opponent"])
                g.number(row, 2, p["evenings"])
                g.number(row, 3, p["ahead"])
                g.number(row, 4, p["behind"])
                g.exact(row, 5, p["points"])
                for i, c in enumerate(currencies):
                    g.exact(row, 6 + i, p["money"].get(c))
                row += 1
            measures = {p["measure"] for p in pairs}
            g.text(row, 1, w["measure." + (measures.pop() if len(measures) == 1 else "mixed")],
                   _SMALL)
            row += 1
        row += 1
    return g.finish("1:2", "A4")


def _records(title: str, data: Mapping[str, Any], w: Mapping[str, str], period: str) -> Sheet:
    g = _Grid(Sheet(title))
    g.text(1, 1, w["records"], _TITLE)
    g.text(2, 1, period, _SMALL)
    row = 4
    for kind, items in data["games"].items():
        g.text(row, 1, w["game." + kind], _BANNER)
        row += 1
        g.head(row, [w["record"], w["value"], w["currency"], w["player"], w["title"],
                     w["date"], w["deal"], w["file"]], texts=(1, 3, 4, 5, 6, 8))
        row += 1
        for it in items:
            g.text(row, 1, w["record." + it["record"]])
            value = str(it["value"])
            if re.fullmatch(r"-?[0-9]+(/[0-9]+|\.[0-9]+)?", value):
                g.exact(row, 2, value)
            else:
                g.text(row, 2, value, _NUM)
            g.text(row, 3, it.get("currency") or "")
            g.text(row, 4, it["player"] or "")
            g.text(row, 5, it["game_title"] or it["file"])
            g.text(row, 6, it["date"])
            if it["deal"] is not None:
                g.number(row, 7, it["deal"])
            g.text(row, 8, it["file"])  # the game file the record is read from
            row += 1
        row += 1
    return g.finish("1:2", "A4")


def club_workbook(standings: Mapping[str, Any], players: Sequence[Mapping[str, Any]],
                  records: Mapping[str, Any], words: Mapping[str, str], period: str,
                  lang: str) -> bytes:
    """The ``.xlsx`` of a club's period: ``standings``, ``players`` (each player's page)
    and ``records`` as ``whistscore club --json`` prints them; ``words`` the club's words
    in ``lang``; ``period`` the period in words."""
    taken: set[str] = set()
    sheets = [_standings(_tab(words["standings"], taken), standings, words, period, lang)]
    player_sheets: list[Sheet] = []
    runs: list[tuple[str, str, str, tuple[int, int, int]]] = []  # kind, currency, sheet, where
    for data in players:
        sheet, where = _player(_tab(data["player"], taken), data, words, period)
        player_sheets.append(sheet)
        if data.get("statistics"):  # his statistics, right after his evenings
            player_sheets.append(_statistics(
                _tab(f"{data['player'][:16]} · {words['statistics']}", taken), data, words,
                period))
        runs += [(kind, cur, sheet.title, rows) for (kind, cur), rows in where.items()]
    charts: list[Sheet] = []
    for kind in standings["games"]:
        for cur in sorted({c for k, c, _, _ in runs if k == kind}):
            lines = [Line(title, title, 1, col, a, b)
                     for k, c, title, (a, b, col) in runs if k == kind and c == cur]
            longest = max(b - a + 1 for k, c, _, (a, b, _col) in runs if k == kind and c == cur)
            name = f"{words['running_money']} {cur}".strip()
            chart = Sheet(_tab(f"{words['game.' + kind]} {cur}".strip(), taken))
            chart.chart = Chart(f"{name} · {words['game.' + kind]}", "#", name,
                                x_max=longest + 1, x_step=max(1, (longest + 1) // 10),
                                lines=lines, markers=True)
            chart.print_setup = PrintSetup()
            charts.append(chart)
    sheets += charts
    sheets.append(_records(_tab(words["records"], taken), records, words, period))
    sheets += player_sheets
    club = standings.get("club") or words["club"]
    names = ", ".join(d["player"] for d in players)
    props = Properties(title=UNSAFE_XML.sub("\ufffd", f"{club}: {words['standings']}"),
                       subject=words["club"], creator="whistscore",
                       keywords=UNSAFE_XML.sub("\ufffd", names), category=CATEGORY,
                       language=lang, description=UNSAFE_XML.sub("\ufffd", period))
    return write(sheets, props)


def save(data: bytes, out_path: str | os.PathLike[str]) -> None:
    """Write the workbook's bytes to ``out_path``, replaced atomically (the game
    workbook's way: a failed write leaves the old file as it was)."""
    with files.replacing(Path(out_path), field="export") as tmp:
        with open(tmp, "wb") as handle:
            handle.write(data)
            handle.flush()


def written_by_whistscore(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a club workbook whistscore wrote (its document properties'
    category is :data:`CATEGORY`), which ``--export`` may write over again; anything
    unreadable is simply not one, never an error."""
    from .reading import Budget, Damaged, Stop, open_zip, parse_part

    found: list[str] = []
    inside: list[bool] = [False]

    def start(name: str, _attrs: dict[str, str]) -> None:
        inside[0] = name.endswith("category")

    def end(name: str) -> None:
        if name.endswith("category"):
            raise Stop

    def text(data: str) -> None:
        if inside[0]:
            found.append(data)

    try:
        with open_zip(Path(path), "export") as book:
            try:
                parse_part(book, "docProps/core.xml", Budget(), start, end, text)
            except Stop:
                pass
    except (Damaged, InputError):
        return False
    return "".join(found) == CATEGORY
