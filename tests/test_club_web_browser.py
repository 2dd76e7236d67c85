"""The Club pages in a real browser: headless Chromium at a phone's size (390 x 844).

From the games list to the Club page (standings of each game kind, records),
a player's page with its running-money and rating charts drawn as SVG by the
server, and head-to-head from the standings; English and Russian.  Screenshots
go to the test's temporary folder (``shots/``); the chosen ones are in docs/img/.
"""

from __future__ import annotations

import base64
import shutil
from pathlib import Path

import pytest

from registry_support import sample_games
from serve_support import chrome, live_server
from whistscore.games import GAMES

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

ROOT = Path(__file__).resolve().parent.parent


def _shot(d, path: Path) -> None:
    """The screen as the phone shows it (``NAME-top.png``) and the whole page at its width."""
    d.execute_script("window.scrollTo(0, 0)")
    d.save_screenshot(str(path.with_name(path.stem + "-top.png")))
    size = d.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
    shot = d.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": 390, "height": size["height"], "scale": 1}})
    path.write_bytes(base64.b64decode(shot["data"]))


def _css(d, selector: str, many: bool = False):
    from selenium.webdriver.common.by import By

    found = d.find_elements(By.CSS_SELECTOR, selector)
    if many:
        return found
    assert found, f"nothing on the page matches {selector}"
    return found[0]


def _follow(d, el, part: str) -> None:
    """Tap a link or button and wait until the browser is on the page it leads to."""
    from selenium.webdriver.support.ui import WebDriverWait

    el.click()
    WebDriverWait(d, 10).until(lambda drv: part in drv.current_url
                               and drv.execute_script("return document.readyState") == "complete")


def _no_overflow(d) -> None:
    """Nothing wider than the phone but the tables' own scrolling boxes."""
    wide = d.execute_script(
        "return document.documentElement.scrollWidth > window.innerWidth")
    assert not wide, "the page scrolls sideways at 390 px"


def test_club_pages_at_a_phone(tmp_path):
    folder = tmp_path / "club"
    shutil.copytree(ROOT / "samples" / "club", folder)
    shots = tmp_path / "shots"
    shots.mkdir()
    d = chrome(tmp_path)
    try:
        with live_server(folder) as url:
            d.get(url + "/?lang=en")
            _follow(d, _css(d, "#club-link"), "/club")
            assert _css(d, "h1").text == "Friday pulka"
            kinds = [s.get_attribute("data-game") for s in _css(d, ".club-kind", many=True)]
            assert kinds == [k for k in GAMES if k in sample_games(folder)]  # registry order
            assert len(kinds) >= 4
            first = _css(d, '.club-kind[data-game="preferans"] tbody tr')
            assert first.get_attribute("data-player") == "Alexei"  # Lyosha is Alexei (club.json)
            assert "11.21 EUR" in first.text
            _no_overflow(d)
            _shot(d, shots / "club-en.png")
            # records one tap away (a tab), not further down one long page
            assert not _css(d, ".club-records", many=True)
            _follow(d, _css(d, '#club-tabs a[data-tab="records"]'), "tab=records")
            records = _css(d, '.club-records[data-game="preferans"] [data-record="biggest_loss"]')
            assert "Marina" in records.text and "-165 1/3" in records.text
            _no_overflow(d)
            _follow(d, _css(d, '#club-tabs a[data-tab="standings"]'), "tab=standings")

            _follow(d, _css(d, '.club-kind[data-game="preferans"] a[href="/club/p/Marina"]'),
                    "/club/p/Marina")
            assert _css(d, "h1").text == "Marina"
            charts = _css(d, '.club-kind[data-game="preferans"] [data-chart]', many=True)
            # her contracts made and failed, running money (EUR), the rating, her places
            assert [c.get_attribute("data-chart") for c in charts] == \
                ["bars-contracts", "money", "rating", "places"]
            money = _css(d, '.club-kind[data-game="preferans"] [data-chart="money"]')
            assert "Running money EUR" in money.text
            assert money.find_elements("css selector", "polyline")
            assert "2.60" in money.text and "-5.67" in money.text  # the club's own numbers
            assert not d.execute_script("return [...document.scripts].some(s => s.src && "
                                        "!s.src.startsWith(location.origin))")
            _no_overflow(d)
            _shot(d, shots / "player-en.png")

            from selenium.webdriver.support.ui import Select

            Select(_css(d, '#h2h-form select[name="b"]')).select_by_visible_text("Nina")
            _follow(d, _css(d, '#h2h-form button'), "/club/h2h")
            assert _css(d, "h1").text == "Marina · Nina"
            line = _css(d, '.club-kind[data-game="preferans"] .h2h-line').text
            assert "behind 1" in line
            _shot(d, shots / "h2h-en.png")

            d.get(url + "/club?lang=ru")
            assert _css(d, "h2").text == "Турнирная таблица"
            assert "Преферанс" in _css(d, '.club-kind[data-game="preferans"] h3').text
            _no_overflow(d)
            _shot(d, shots / "club-ru.png")
            d.get(url + "/club/p/Marina")  # the language is kept in the cookie
            assert "Деньги нарастающим итогом" in _css(d, '[data-chart="money"]').text
            _shot(d, shots / "player-ru.png")
            d.get(url + "/club/p/Nobody")
            assert _css(d, ".error").text == "Такого игрока в клубе нет."
    finally:
        d.quit()
    for name in ("club-en", "player-en", "h2h-en", "club-ru", "player-ru"):
        assert (shots / f"{name}.png").stat().st_size > 5000


def _fits(d, width: int = 360) -> bool:
    """Nothing wider than the phone: the page (a headless window grows its viewport to
    what overflows, so the width is compared with the phone's) and every table of
    standings, statistics or opponents within its box (no sideways scrolling in them)."""
    return d.execute_script(
        "return document.documentElement.scrollWidth <= arguments[0] && "
        "[...document.querySelectorAll('table.standings')].every("
        "t => t.offsetWidth <= t.parentElement.clientWidth)", width)


def test_a_players_statistics_and_who_beats_whom_at_360(tmp_path):
    """Boris's statistics (counted by hand in test_club_stats) and his opponents one row
    each, at 360 x 780 in English and Russian, nothing wider than the phone."""
    import test_club_stats

    import club_support

    folder = tmp_path / "club"
    folder.mkdir()
    club_support.build(folder)
    test_club_stats.build_extra(folder)
    shots = tmp_path / "shots"
    shots.mkdir()
    d = chrome(tmp_path, 360, 780)
    try:
        with live_server(folder) as url:
            for lang, made, nt in (("en", "made", "8NT"), ("ru", "сыграно", "8 БК")):
                d.get(url + f"/club/p/Boris?lang={lang}")
                stats = _css(d, '#stats-preferans')
                assert ("9 evenings, 4 wins" if lang == "en" else "9 вечеров, 4 победы") \
                    in stats.text
                bars = _css(d, '#stats-preferans [data-chart="bars-contracts"]')
                labels = [t.text for t in bars.find_elements("css selector", "text")]
                assert labels[:6] == ["6♠", "2 / 0", "6♣", "1 / 0", nt, "0 / 1"]
                assert made in labels
                rows = _css(d, '#stats-preferans table.pairs tbody tr', many=True)
                assert [r.get_attribute("data-opponent") for r in rows] == \
                    ["Gleb", "Vera", "Anna"]
                money = "17.21 EUR" if lang == "en" else "17,21 EUR"   # a decimal comma
                assert money in rows[0].text and "172" in rows[0].text
                _no_overflow(d)
                assert _fits(d)
                d.execute_script("arguments[0].scrollIntoView()", stats)
                d.save_screenshot(str(shots / f"stats-{lang}.png"))
                d.execute_script("arguments[0].scrollIntoView()", rows[0])
                d.save_screenshot(str(shots / f"pairs-{lang}.png"))
                d.get(url + "/club?all=1&tab=stats")
                _css(d, '.club-stats-list[data-game="preferans"] a[href*="Boris"]')
                pairs = _css(d, 'table.every-pair[data-pairs="preferans"] tbody tr', many=True)
                assert pairs[0].get_attribute("data-pair") == "Boris|Gleb"  # 172, the most
                d.execute_script("arguments[0].scrollIntoView()", pairs[0])
                d.save_screenshot(str(shots / f"every-pair-{lang}.png"))
                _no_overflow(d)
                assert _fits(d)
                d.get(url + "/club?all=1")
                _no_overflow(d)  # the standings fit: the wide columns wait for a wide screen
                assert _fits(d)
    finally:
        d.quit()
    for name in ("stats-en", "pairs-en", "stats-ru", "pairs-ru"):
        assert (shots / f"{name}.png").stat().st_size > 5000


def test_the_club_notices_in_russian_at_360(tmp_path):
    """The club's notices and left-out reasons on the Russian Club page (conflict copies,
    club.sqlite a folder), each opened, at 360 x 780: Russian, and nothing wider than the
    phone (tests/test_club_said.py has the words)."""
    from test_bounds import _conflict_club

    folder = _conflict_club(tmp_path / "club")
    (folder / "club.sqlite").mkdir()
    shots = tmp_path / "shots"
    shots.mkdir()
    d = chrome(tmp_path, 360, 780)
    try:
        with live_server(folder) as url:
            d.get(url + "/club?lang=ru&all=1")
            d.execute_script("document.querySelectorAll('details').forEach("
                             "e => e.open = true)")
            text = _css(d, "main").text
            assert text.count("учтён один раз, как 2026-10-02-pulka.json") == 2, text
            assert "club.sqlite в папке клуба — папка или ссылка" in text, text
            assert "counted once" not in text and "is a folder" not in text
            assert _fits(d), "the notices make the page wider than the phone"
            _shot(d, shots / "club-notices-ru.png")
    finally:
        d.quit()
    assert (shots / "club-notices-ru.png").stat().st_size > 5000
