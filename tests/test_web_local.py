"""Numbers, money and dates on the Russian pages as Russians write them (issue 36):
«148,00 ₽», 16.10.2026; the English pages, the JSON and the files keep "148.00" and ISO."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import whistscore
from whistscore import files
from whistscore.web.local import local_currency, local_date, local_number

from test_club_web_routes import client

ROOT = Path(__file__).resolve().parent.parent


def test_numbers_money_and_dates_in_each_language() -> None:
    assert local_number("148.00", "ru") == "148,00" and local_number("-1.50", "ru") == "-1,50"
    assert local_number("148.00", "en") == "148.00"
    assert local_number("135 1/3", "ru") == "135 1/3" and local_number(None, "ru") == ""
    assert [local_currency(c, "ru") for c in ("руб.", "RUB", "р.", "₽", "EUR")] == \
        ["₽", "₽", "₽", "₽", "EUR"]
    assert local_currency("руб.", "en") == "руб."
    assert local_date("2026-10-16", "ru") == "16.10.2026"
    assert local_date("2026-10-16", "en") == "2026-10-16"
    assert local_date("Friday", "ru") == "Friday" and local_date(None, "ru") == ""
    # Danish, as Danes write them: «148,00 kr.», 7.12.2026 (the catalogue's grammar.* keys)
    assert local_number("148.00", "da") == "148,00"
    assert [local_currency(c, "da") for c in ("kr", "DKK", "kr.", "EUR")] == \
        ["kr.", "kr.", "kr.", "EUR"]
    assert local_date("2026-12-07", "da") == "7.12.2026"
    assert local_date("2026-10-16T20:15", "da") == "16.10.2026T20:15"


def test_the_russian_settle_page_writes_roubles_as_russians_do(tmp_path: Path) -> None:
    g = whistscore.new("preferans", ["Аня", "Боря", "Вера"], stake="0.37", currency="руб.")
    for n in ("Аня 7S Боря:w Вера:p 7/3/0", "pass 4/2/4"):
        g = g.add(n)
    files.dump(g.game, tmp_path / "g.json")
    c = client(tmp_path)
    ru = re.sub(r"<[^>]+>", "", html.unescape(c.get("/g/g/settle?lang=ru").text))
    assert re.search(r"\d+,\d\d ₽", ru) and "руб." not in ru and not re.search(r"\d\.\d\d", ru)
    en = re.sub(r"<[^>]+>", "", html.unescape(c.get("/g/g/settle?lang=en").text))
    assert re.search(r"\d+\.\d\d руб\.", en)
    assert "руб." == c.get("/api/games/g").json()["currency"]   # the file keeps what was typed


def test_the_russian_club_pages_write_dates_and_money_as_russians_do(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "samples" / "club", tmp_path / "club")
    c = client(tmp_path / "club")
    ru = html.unescape(c.get("/club/p/Alexei?lang=ru").text)
    assert "16.10.2026" in ru and "2026-10-16</td>" not in ru
    assert re.search(r"6,77 EUR", ru)
    en = html.unescape(c.get("/club/p/Alexei?lang=en").text)
    assert "2026-10-16" in en and "6.77 EUR" in en
