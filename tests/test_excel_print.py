"""The workbook on paper (issue 15): every sample printed by LibreOffice, the PDF's text checked.

Each sample in samples/ is exported in English and Russian, with two longer
games (a 200-deal preferans whose running sequences outgrow any column, a
200-deal whist whose partners' balances coincide) and a game of hostile
names; LibreOffice prints them all in one headless call and poppler's
``pdftotext -layout`` reads the pages back.  What a club secretary would see
is asserted: titles whole, notes on their deal's row, no number touching
the text beside it, fractions and signs in one format, money totals with
their decimals, Russian without stray English, headers and results whole,
a long sheet printed at a readable size, a deal axis that thins its labels,
one chart line per side in whist and every legend name as written.

LibreOffice (``libreoffice-calc-nogui``) and ``poppler-utils`` are needed:
without them these tests fail, they do not skip.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
import system_tools

from whistscore import excel, files, journal
from whistscore.i18n import game_title, text
from whistscore.layout import Label
from whistscore.replay import replay
from whistscore.settlement import settle

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
SAMPLES = sorted(ROOT.glob("samples/*.json"))
LANGS = ("en", "ru")
HOSTILE = ['"Q"', "=SUM(A1:A3)", "<b>Ann & Co</b>", "'Boris"]
LONG = {"long-preferans": ("preferans", 300), "long-whist": ("whist", 1000)}


def _soffice() -> str:
    system_tools.require("soffice", "pdftotext")  # fails (never skips) with the apt-get line
    return shutil.which("soffice")


def _games() -> dict[str, object]:
    import dealgen

    games = {p.stem: files.load(p) for p in SAMPLES}
    for name, (game, deals) in LONG.items():
        games[name] = journal.from_json(dealgen.long_game(game, deals))
    hostile = {"format": "whistscore", "version": 1, "game": "tally", "players": HOSTILE,
               "rules": {"target": 1000},
               "deals": [{"winner": HOSTILE[i % 4], "points": i % 3 + 1} for i in range(9)]}
    games["hostile"] = journal.loads(json.dumps(hostile))
    return games


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """{(name, lang): (game, [page text, ...], pdf path)} for every game printed."""
    soffice = _soffice()
    folder = tmp_path_factory.mktemp("print")
    games = _games()
    books = []
    for name, game in games.items():
        for lang in LANGS:
            if name.startswith(("long", "hostile")) and lang == "ru":
                continue
            book = folder / f"{name}.{lang}.xlsx"
            excel.export(game, book, lang=lang)
            books.append(book)
    profile = folder / "profile"
    # one LibreOffice for all workbooks (it starts in seconds, converts in fractions)
    run = subprocess.run([soffice, f"-env:UserInstallation=file://{profile}", "--headless",
                          "--convert-to", "pdf", "--outdir", str(folder / "pdf"),
                          *map(str, books)], capture_output=True, text=True, timeout=900)
    out = {}
    for book in books:
        pdf = folder / "pdf" / (book.stem + ".pdf")
        assert pdf.exists(), f"LibreOffice did not print {book.name}: {run.stderr[-2000:]}"
        layout = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                                text=True, check=True).stdout
        name, lang = book.stem.rsplit(".", 1)
        out[name, lang] = (games[name], layout.split("\f"), pdf)
    return out


def _flat(s: str) -> str:
    return " ".join(s.split())


def _tab(pages: list[str], key: str, kind, lang: str) -> list[str]:
    """The pages of one tab (each page's header is the tab's name)."""
    name = text(Label(key), kind, lang)
    return [p for p in pages if p.strip() and p.strip().splitlines()[0].strip() == name]


CASES = [(p.stem, lang) for p in SAMPLES for lang in LANGS]


@pytest.mark.parametrize("name,lang", CASES)
def test_settlement_titles_are_whole(printed, name, lang):
    game, pages, _ = printed[name, lang]
    kind = game.kind
    s = settle(replay(game))
    page = _flat(" ".join(_tab(pages, "xl.tab.settlement", kind, lang)))
    unit = text(Label(f"unit.{s.unit}"), kind, lang)
    assert f"{game_title(kind, lang)}: {', '.join(game.players)}" in page
    assert _flat(text(Label("xl.pairwise_title", (unit,)), kind, lang)) in page
    assert _flat(text(Label("xl.pairwise_how"), kind, lang)) in page
    assert _flat(text(Label("xl.no_date"), kind, lang)) in page


@pytest.mark.parametrize("name,lang", CASES)
def test_notes_and_results_stand_on_their_deal_row(printed, name, lang):
    game, pages, _ = printed[name, lang]
    kind = game.kind
    rp = replay(game, history=True)
    lines = [_flat(line) for p in _tab(pages, "xl.tab.deals", kind, lang)
             for line in p.splitlines()]
    for result in rp.results:
        notation = _flat(game.notation(result.record))
        row = [line for line in lines if line.startswith(f"{result.number} ") and notation in line]
        assert len(row) == 1, (result.number, notation)
        said = kind.describe_result(result.record.deal, result.outcome, result.context)
        if said:  # the result whole, on the row
            assert _flat(str(text(said, kind, lang))) in row[0], (result.number, row[0])
        if result.record.note:  # the note's first words on the deal's own row, on one line
            words = str(result.record.note).split()
            assert " ".join(words[:2]) in row[0], (result.number, row[0])
            rest = [line for line in lines if " ".join(words[-2:]) in line and line != row[0]]
            assert not rest, (result.number, rest)


def _notation_words(game) -> set[str]:  # written by the players: kept as written
    words = set()
    for deal in game.deals:
        words.update(game.notation(deal).split())
        if deal.note:
            words.update(str(deal.note).split())
    return words


_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                   r"([^<]*)</word>")


def _touching(pdf: Path) -> list[tuple[str, str]]:
    """Neighbouring words on a printed line of which one is a number and the gap
    between them narrower than a space: they read as one ("10Alexei", "2NS")."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True,
                         check=True).stdout
    found = []
    for page in out.split("<page ")[1:]:
        words = sorted((float(y0), float(x0), float(x1), float(y1) - float(y0), w)
                       for x0, y0, x1, y1, w in _WORD.findall(page))
        for a, b in zip(words, words[1:]):
            same_line = abs(a[0] - b[0]) < 0.5
            gap = b[1] - a[2]
            # a space is a quarter of the line's height; two cells' texts 0.14 apart touch
            if same_line and gap < 0.2 * a[3] and re.search(r"\d", a[4] + b[4]):
                found.append((a[4], b[4]))
    return found


@pytest.mark.parametrize("name,lang", CASES)
def test_numbers_never_run_into_text(printed, name, lang):
    """ "10Alexei", "2NS", "174O X", "2active": a number and the text beside it read as one."""
    game, pages, pdf = printed[name, lang]
    assert not _touching(pdf)


@pytest.mark.parametrize("name,lang", CASES)
def test_one_number_format_everywhere(printed, name, lang):
    game, pages, _ = printed[name, lang]
    kind = game.kind
    every = "\n".join(pages)
    # a fraction right after its sign: "-2/3", "+20 1/3", never "- 2/3"
    assert not re.search(r"(?:^|\s)[+-] \d+/\d+", every, re.M)
    s = settle(replay(game))
    settlement = [_flat(line) for p in _tab(pages, "xl.tab.settlement", kind, lang)
                  for line in p.splitlines()]
    total = text(Label("total"), kind, lang)
    total_line = next(line for line in settlement if line.startswith(total + " "))
    if s.money is not None:  # the money total with its decimals
        places = max(-m.as_tuple().exponent for m in s.money.values())
        assert total_line.split()[-1] == "0." + "0" * places if places else "0", total_line
    # balances signed on every tab that shows them (Settlement and the game's own sheet)
    sheet = _flat(" ".join(_tab(pages, "xl.tab.sheet", kind, lang)))
    for p, b in s.balance.items():
        if b > 0:
            b = Fraction(b)
            whole, part = divmod(b.numerator, b.denominator)
            shown = f"+{whole}" + (f" {part}/{b.denominator}" if part else "")
            assert shown in " ".join(settlement)
            if kind.name == "preferans":
                assert shown in sheet, (p, shown)


@pytest.mark.parametrize("name", [p.stem for p in SAMPLES])
def test_russian_print_has_no_english(printed, name):
    game, pages, _ = printed[name, "ru"]
    allowed = _notation_words(game) | set(game.players)
    allowed |= {game.currency} if game.currency else set()
    allowed |= {"NS", "EW", "X", "O"}  # the whist sides and the nota's symbols, as on paper
    latin = re.compile(r"[A-Za-z]+")
    allowed_words = {w for a in allowed for w in latin.findall(a)}
    bad = set()
    for page in pages:
        for token in page.split():
            # "O X" may come out of pdftotext as "OX" (two symbols, a narrow space)
            if any(w not in allowed_words and not set(w) <= {"X", "O"}
                   for w in latin.findall(token)):
                bad.add(token)
    assert not bad, sorted(bad)[:30]


@pytest.mark.parametrize("name,lang", CASES)
def test_headers_are_not_broken(printed, name, lang):
    """A header wraps only between its words ("Сдающи/й" was a column too narrow)."""
    game, pages, _ = printed[name, lang]
    kind = game.kind
    every = "\n".join(pages)
    words = set()
    for key in ("deal", "dealer", "notation", "result", "player", "from", "to", "amount",
                "total", "note"):
        words.update(text(Label(key), kind, lang).split())
    for table in kind.sheet_tables(replay(game, history=True)):
        for head in table.header:
            words.update(str(text(head, kind, lang)).split())
    for word in words:
        if len(word) > 3 and word not in game.players:
            assert re.search(rf"(?<!\w){re.escape(word)}", every), word


def _word_heights(pdf: Path, page: int) -> list[float]:
    out = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf),
                          "-"], capture_output=True, text=True, check=True).stdout
    return [float(m.group(2)) - float(m.group(1))
            for m in re.finditer(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)"', out)]


def test_long_preferans_sheet_prints_readably(printed):
    game, pages, pdf = printed["long-preferans", "en"]
    sheet = _tab(pages, "xl.tab.sheet", game.kind, "en")[0]
    # the running sequences show their last values, ending with the total
    assert "…" in sheet
    heights = sorted(_word_heights(pdf, 1))
    assert heights[len(heights) // 2] > 6, "page 1 shrunk to fit a sequence (pt)"


@pytest.mark.parametrize("name", list(LONG))
def test_chart_axis_thins_its_labels(printed, name):
    game, pages, _ = printed[name, "en"]
    chart = _tab(pages, "xl.tab.chart", game.kind, "en")
    assert len(chart) == 1
    deals = len(game.deals)
    # deal numbers at round steps, each readable alone: overlapping labels print
    # as one run of digits ("113141169197...")
    labels = [int(t) for t in chart[0].split() if t.isdigit()]
    assert 5 < len(labels) <= 30 and all(t <= deals for t in labels), labels


def test_whist_chart_draws_one_line_per_side(printed):
    for name in ("long-whist", "whist-english-session"):
        game, pages, _ = printed[name, "en"]
        chart = _flat(_tab(pages, "xl.tab.chart", game.kind, "en")[0])
        ns = [game.players[0], game.players[2]]
        ew = [game.players[1], game.players[3]]
        assert f"{ns[0]} & {ns[1]}" in chart and f"{ew[0]} & {ew[1]}" in chart, chart


def test_legend_names_are_literal(printed):
    game, pages, _ = printed["hostile", "en"]
    chart = _flat(_tab(pages, "xl.tab.chart", game.kind, "en")[0])
    for name in HOSTILE:  # a straight double quote is shown as a typographic one
        assert name.replace('"', "\u201d") in chart, (name, chart)
    assert "Column" not in chart and "Series" not in chart
