"""The scorepad's club routes (docs/club.md, "Where it shows"), through Starlette's test client.

Each ``/api/club…`` route answers exactly what ``whistscore club FOLDER … --json``
prints for the same question; a deal recorded in the scorepad is in the club's
answers at the next read; every value from outside is bounded; the work goes
through ``app.state.work``; the pages escape what the game files hold and the
charts are SVG drawn on the server.
"""

from __future__ import annotations

import json
import shutil
import warnings
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
with warnings.catch_warnings():  # starlette asks for httpx2, not yet on every machine
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from whistscore.web.app import create_app
from whistscore.web.chart import DOTS, line_chart, places_chart

from clirun import run

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "tok-" + "c" * 20
H = {"X-Whistscore-Token": TOKEN}
LIVE = "2026-10-23-pulka"  # the sample club's game still being played


@pytest.fixture
def club(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    shutil.copytree(ROOT / "samples" / "club", folder)
    return folder


def client(folder: Path, **options) -> TestClient:
    return TestClient(create_app(folder, TOKEN, **options), base_url="http://127.0.0.1:8000",
                      client=("127.0.0.1", 50000))


def cli_json(folder: Path, *args: str) -> dict:
    status, out, err = run(["club", folder, *args, "--json"])
    assert status == 0, err
    return json.loads(out)


@pytest.mark.parametrize("route, args", [
    ("/api/club", []),
    ("/api/club?unfinished=1", ["--unfinished"]),
    ("/api/club?unfinished=true", ["--unfinished"]),
    ("/api/club?unfinished=0", []),
    ("/api/club?season=autumn%202026", ["--season", "autumn 2026"]),
    ("/api/club?from=2026-10-09&to=2026-10-16&game=twist",
     ["--from", "2026-10-09", "--to", "2026-10-16", "--game", "twist"]),
    ("/api/club/records", ["--records"]),
    ("/api/club/records?game=preferans", ["--records", "--game", "preferans"]),
    ("/api/club/players/Marina", ["--player", "Marina"]),
    ("/api/club/players/lyosha", ["--player", "lyosha"]),  # a spelling of club.json's Alexei
    ("/api/club/players/Pavel?season=Autumn%202026", ["--player", "Pavel", "--season",
                                                       "Autumn 2026"]),
    ("/api/club/h2h?a=Marina&b=Nina", ["--h2h", "Marina", "Nina"]),
    ("/api/club/h2h?a=Alexei&b=Pavel&game=preferans",
     ["--h2h", "Alexei", "Pavel", "--game", "preferans"]),
])
def test_each_route_answers_what_the_cli_prints(club, route, args):
    r = client(club).get(route)
    assert r.status_code == 200, r.text
    assert r.json() == cli_json(club, *args)


def test_a_deal_recorded_in_the_scorepad_shows_at_the_next_read(club):
    c = client(club)
    before = c.get("/api/club").json()
    assert [g["deals"] for g in before["in_progress"] if g["file"] == f"{LIVE}.json"] == [5]
    marina = c.get("/api/club/players/Marina?unfinished=1").json()
    [evening] = [e for e in marina["games"]["preferans"]["evenings"] if e["file"] == f"{LIVE}.json"]
    assert evening["deals"] == 5 and not evening["finished"]
    assert c.post(f"/api/games/{LIVE}/deals", json={"deal": "pass 4/2/4"},
                  headers=H).status_code == 201
    after = c.get("/api/club").json()
    assert [g["deals"] for g in after["in_progress"] if g["file"] == f"{LIVE}.json"] == [6]
    assert after == cli_json(club)
    marina = c.get("/api/club/players/Marina?unfinished=1").json()
    [evening] = [e for e in marina["games"]["preferans"]["evenings"] if e["file"] == f"{LIVE}.json"]
    assert evening["deals"] == 6
    page = c.get("/club/p/Marina?unfinished=1").text
    assert f'href="/g/{LIVE}"' in page
    assert "in progress" in c.get("/club").text  # the Club page names the game being played


@pytest.mark.parametrize("route, field", [
    ("/api/club/players/" + "x" * 201, "player"),
    ("/api/club/players/a%00b", "player"),
    ("/api/club/h2h?a=" + "x" * 201 + "&b=Nina", "a"),
    ("/api/club/h2h?a=Marina", "h2h"),
    ("/api/club?from=" + "9" * 41, "from"),
    ("/api/club?season=" + "s" * 201, "season"),
    ("/api/club?season=Spring", "season"),
    ("/api/club?from=2026-12-01&to=2026-01-01", "from"),
    ("/api/club?game=chess", "game"),
    ("/api/club/h2h?a=Marina&b=marina", "h2h"),
    ("/api/club?unfinished=maybe", "unfinished"),
])
def test_bad_questions_are_clear_errors(club, route, field):
    r = client(club).get(route)
    assert r.status_code == 400, r.text
    body = r.json()
    assert body["field"] == field and body["error"] and "Traceback" not in r.text


def test_no_such_player_is_404_in_the_api_as_on_the_page(club):
    """The question was well put, the player is not there: 404 on both (the review found
    the API's 400 beside the page's 404)."""
    c = client(club)
    for route in ("/api/club/players/Nobody", "/club/p/Nobody",
                  "/api/club/h2h?a=Marina&b=Nobody"):
        r = c.get(route)
        assert r.status_code == 404, (route, r.text)
    assert c.get("/api/club/players/Nobody").json()["field"] == "player"


def test_the_cli_refuses_what_the_api_refuses(club):
    status, _, err = run(["club", club, "--player", "Nobody", "--json"])
    assert status != 0 and "no such player in the club" in err
    assert "no such player in the club" in client(club).get(
        "/api/club/players/Nobody").json()["error"]


def test_pages_in_english_and_russian(club):
    c = client(club)
    games = c.get("/?lang=en").text
    assert 'href="/club"' in games and ">Club<" in games
    page = c.get("/club").text
    assert "Standings" in page and "Records" in page and 'href="/club/p/Marina"' in page
    # the records and the statistics are a tap away (tabs), not down one long page
    assert "biggest evening loss (points)" not in page and 'href="/club?tab=records"' in page
    records = c.get("/club?tab=records").text
    assert "biggest evening loss (points)" in records and "-165 1/3" in records
    assert 'action="/club/h2h"' in page
    stats = c.get("/club?tab=stats&all=1").text
    assert 'href="/club/p/Marina?all=1#stats-preferans"' in stats
    ru = c.get("/club?lang=ru").text
    assert "Турнирная таблица" in ru and "Статистика" in ru
    assert "крупнейший проигрыш вечера (очки)" in c.get("/club?tab=records").text
    marina = c.get("/club/p/Marina?lang=en").text
    assert 'id="stats-preferans"' in marina and "Who beats whom" in marina
    assert 'data-chart="places"' in marina and 'data-chart="bars-contracts"' in marina
    assert "Кто кого" in c.get("/club/p/Marina?lang=ru").text
    assert ">Клуб<" in c.get("/").text
    missing = c.get("/club/p/Nobody")
    assert missing.status_code == 404 and "Такого игрока в клубе нет." in missing.text
    assert "no such player in the club" in missing.text  # the detail, behind the toggle
    assert "<details>" in missing.text
    h2h = c.get("/club/h2h?a=Marina&b=Nina&lang=en")
    assert h2h.status_code == 200
    assert '>Marina</a> · <a href="/club/p/Nina">Nina</a></h1>' in h2h.text
    assert "1 evening together" in h2h.text


def test_the_club_page_opens_on_the_season_containing_today(club, monkeypatch):
    import datetime

    from whistscore.web.pages import club as club_pages

    class October(datetime.date):
        @classmethod
        def today(cls):
            return cls(2026, 10, 20)

    monkeypatch.setattr(club_pages.datetime, "date", October)
    c = client(club)
    page = c.get("/club?lang=en").text
    assert "season Autumn 2026, 2026-09-01 to 2026-11-30" in page
    assert 'href="/club?all=1"' in page
    assert "all time" in c.get("/club?all=1").text

    class December(datetime.date):
        @classmethod
        def today(cls):
            return cls(2026, 12, 20)

    monkeypatch.setattr(club_pages.datetime, "date", December)
    page = c.get("/club").text  # no season holds today: all time, the seasons offered
    assert "all time" in page and 'href="/club?season=Autumn%202026"' in page


def test_names_from_the_files_are_escaped_on_every_club_page(tmp_path):
    evil = '<img src=x onerror=alert(1)>'
    c = client(tmp_path)
    assert c.post("/api/games", json={"name": "ev", "game": "preferans",
                                      "players": [evil, "Boris", "Vera"],
                                      "title": "</script><b>t</b>"},
                  headers=H).status_code == 201
    for deal in ["pass 4/2/4"] * 3:
        assert c.post("/api/games/ev/deals", json={"deal": deal}, headers=H).status_code == 201
    for url in ("/club?unfinished=1", "/club/p/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E"
                "?unfinished=1", "/club/h2h?a=Boris&b=Vera&unfinished=1"):
        r = c.get(url)
        assert r.status_code == 200, (url, r.text)
        assert evil not in r.text and "<b>t</b>" not in r.text


def test_club_work_goes_through_the_apps_work_bound(club):
    app = create_app(club, TOKEN, work_threads=1, work_seconds=0.3)
    c = TestClient(app, base_url="http://127.0.0.1:8000", client=("127.0.0.1", 50000))
    assert app.state.work.slots.acquire(blocking=False)  # the one slot taken by a long job
    try:
        for url in ("/api/club", "/api/club/records", "/api/club/players/Marina",
                    "/api/club/h2h?a=Marina&b=Nina"):
            r = c.get(url)
            assert r.status_code == 503 and r.json()["field"] == "time"
        assert c.get("/club").status_code == 503
    finally:
        app.state.work.slots.release()
    assert c.get("/api/club").status_code == 200


def test_the_chart_is_svg_with_its_texts_escaped():
    svg = line_chart([("2026-10-02", "2.60"), ("<b>", "-5.67"), ("2026-10-16", "1.00")],
                     'money & "<script>"')
    assert "<script>" not in svg and "<b>" not in svg
    root = ET.fromstring(str(svg))
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == ns + "svg" and root.get("aria-label") == 'money & "<script>"'
    points = root.find(ns + "polyline").get("points").split()
    assert len(points) == 3
    ys = [float(p.split(",")[1]) for p in points]
    assert ys[1] == max(ys) and ys[0] == min(ys)  # -5.67 lowest, 2.60 highest (y grows down)
    labels = [t.text for t in root.iter(ns + "text")]
    assert "-5.67" in labels and "2.60" in labels and "0" in labels  # exact club texts
    one = ET.fromstring(str(line_chart([("2026-10-16", 81)], "rating")))
    assert one.find(ns + "polyline") is None and len(list(one.iter(ns + "circle"))) == 1
    empty = ET.fromstring(str(line_chart([], "rating")))
    assert empty.find(ns + "circle") is None


def test_a_long_history_is_its_line_without_a_dot_an_evening():
    """Up to chart.DOTS points (one every 8 px of the plot) each is a dot with its title;
    a longer history is its line alone, every point on it, the extremes and ends labelled
    (400 evenings drew 400 dots over each other, and 370 KB of page for a regular)."""
    ns = "{http://www.w3.org/2000/svg}"
    for n, dots in ((DOTS, DOTS), (DOTS + 1, 0), (400, 0)):
        money = [(f"2026-{i // 28 % 12 + 1:02d}-{i % 28 + 1:02d}", f"{(i * 37) % 101 - 50}.50")
                 for i in range(n)]
        root = ET.fromstring(str(line_chart(money, "money")))
        assert len(root.find(ns + "polyline").get("points").split()) == n
        assert len(list(root.iter(ns + "circle"))) == dots
        labels = [t.text for t in root.iter(ns + "text")]
        assert {"-50.50", "50.50", money[0][0], money[-1][0]} <= set(labels)
        places = [(d, 1 + i % 3, 3) for i, (d, _) in enumerate(money)]
        root = ET.fromstring(str(places_chart(places, "places")))
        assert len(root.find(ns + "polyline").get("points").split()) == n
        assert len(list(root.iter(ns + "circle"))) == dots
    assert DOTS == 37  # a 296 px plot


def test_without_sqlite3_the_club_says_it_is_not_on_the_one_phone_site(club, monkeypatch):
    """The pocket site's Python has no sqlite3: no Club button, and ``/club`` typed by hand
    (or a player's page, head-to-head, the API) is a page in the reader's language saying
    the club is not there, not a server error (issue 24)."""
    import sys

    monkeypatch.setitem(sys.modules, "sqlite3", None)  # what Pyodide's Python lacks
    c = client(club, pocket=True)
    assert 'href="/club"' not in c.get("/?lang=en").text
    for url in ("/club", "/club/p/Marina", "/club/h2h?a=Marina&b=Nina"):
        en = c.get(url + ("&" if "?" in url else "?") + "lang=en")
        assert en.status_code == 404, url
        assert "The club is not available on the one-phone site." in en.text
        assert "whistscore serve" in en.text and "<details>" in en.text  # why, behind it
        assert 'href="/"' in en.text
        ru = c.get(url + ("&" if "?" in url else "?") + "lang=ru")
        assert ru.status_code == 404
        assert "Клуб недоступен на сайте для одного телефона." in ru.text
    api = c.get("/api/club?lang=ru")
    assert api.status_code == 404
    assert api.json()["message"] == "Клуб недоступен на сайте для одного телефона."
    assert api.json()["error"] == "The club is not available on the one-phone site."


def test_the_club_page_shows_best_and_worst_evening_linked_to_their_games(club):
    """club.md's standings columns include best and worst evening: Alexei's Preferans best
    is 406/3 vists (2026-10-16), his worst -30 (2026-10-02), each a link to that game."""
    page = client(club).get("/club?all=1&lang=en").text
    section = page[page.index('data-game="preferans"'):page.index('data-game="twist"')]
    row = section[section.index('data-player="Alexei"'):]
    row = row[:row.index("</tr>")]
    assert '<td class="num best wide"><a href="/g/2026-10-16-pulka" title="2026-10-16">135 1/3</a>' \
        in row
    assert '<td class="num worst wide"><a href="/g/2026-10-02-pulka" title="2026-10-02">-30</a>' in row
    assert "<th class=\"num wide\">Best</th><th class=\"num wide\">Worst</th>" in section
    ru = client(club).get("/club?all=1&lang=ru").text
    assert "<th class=\"num wide\">Лучший</th><th class=\"num wide\">Худший</th>" in ru
    assert "Преферанс · висты · 3 вечера" in ru and "Твист · висты · 1 вечер" in ru
    h2h = client(club).get("/club/h2h?a=Alexei&b=Nina&lang=ru").text
    assert "1 вечер вместе" in h2h and "2 вечера вместе" in h2h
    # without a verb (it would have a gender): the CLI's words, names declined if they can be
    assert '<p class="won-from">выигрыш Alexei у Nina: 99 · 4,95 EUR</p>' in h2h  # a decimal comma
    en = client(club).get("/club/h2h?a=Alexei&b=Nina&lang=en").text
    assert '<p class="won-from">Alexei won 99 from Nina · 4.95 EUR</p>' in en


def test_a_player_named_with_a_slash_has_his_page(tmp_path):
    """The Club page links "/club/p/A%2FB" for a player "A/B"; the server decodes it to
    "/club/p/A/B", which is still his page (the review found it answered 404)."""
    c = client(tmp_path)
    assert c.post("/api/games", json={"name": "sl", "game": "preferans",
                                      "players": ["A/B", "Boris", "Vera"]},
                  headers=H).status_code == 201
    for deal in ["pass 4/2/4"] * 2:
        assert c.post("/api/games/sl/deals", json={"deal": deal}, headers=H).status_code == 201
    page = c.get("/club?unfinished=1").text
    assert 'href="/club/p/A%2FB"' in page
    r = c.get("/club/p/A%2FB?unfinished=1")
    assert r.status_code == 200 and "<h1>A/B</h1>" in r.text, r.text[:300]
    api = c.get("/api/club/players/A%2FB?unfinished=1")
    assert api.status_code == 200 and api.json()["player"] == "A/B"
    assert api.json() == cli_json(tmp_path, "--player", "A/B", "--unfinished")


def test_the_club_page_shows_the_archives_notices_and_says_when_no_record(club):
    """A notice the CLI prints on stderr (club.json excludes a file not in the folder) is on
    the page too, behind its toggle; a period without games says so under the records
    (a second review found both missing)."""
    settings = json.loads((club / "club.json").read_text("utf-8"))
    settings["exclude"] = ["practice.json"]
    (club / "club.json").write_text(json.dumps(settings), "utf-8")
    page = client(club).get("/club?all=1&lang=ru").text
    assert '<li class="notice">заметка архива <details><summary>Подробности</summary>' \
        "club.json исключает practice.json, но такого файла в папке нет</details></li>" in page
    assert "which is not in the folder" in client(club).get("/club?all=1&lang=en").text
    empty = client(club).get("/club?from=2027-01-01&lang=ru&tab=records").text
    assert '<p id="no-records">В этот период ни одной законченной игры.</p>' in empty


def test_head_to_head_page_without_names_says_to_name_them(club):
    """Its sentence in the page's language, the technical detail in English behind the
    toggle (a second review found the Russian sentence in the detail, and the wrong one)."""
    r = client(club).get("/club/h2h?a=&b=&lang=ru")
    assert r.status_code == 400
    assert "Назовите игрока." in r.text and "Выберите двух разных игроков" not in r.text
    assert "head-to-head takes two players: ?a=NAME&amp;b=NAME" in r.text
    same = client(club).get("/club/h2h?a=Nina&b=nina&lang=ru")
    assert "Выберите двух разных игроков." in same.text


def test_the_club_pages_say_contracts_wins_and_ratings_as_players_do(club):
    """Issue 36: a record's contract in Russian as «8 БК» (the JSON keeps "8NT"); who won
    from whom by its sign, whoever is named first; a line on what mu and sigma are."""
    import html as html_
    import re

    c = client(club)
    ru = html_.unescape(c.get("/club?tab=records&lang=ru").text)
    assert re.search(r"самая высокая сыгранная игра</b>: <span[^>]*>8 БК</span>", ru)
    assert "8NT" not in ru
    assert "mu — оценка силы игрока" in html_.unescape(c.get("/club?lang=ru").text)
    en = html_.unescape(c.get("/club?lang=en").text)
    assert "mu is the player's estimated skill" in en
    assert any(r["value"] == "8NT" for r in c.get("/api/club/records").json()["games"]["preferans"])
    for a, b in (("Alexei", "Marina"), ("Marina", "Alexei")):
        page = html_.unescape(c.get(f"/club/h2h?a={a}&b={b}&lang=ru").text)
        assert "выигрыш Marina у Alexei: 100 · 5,00 EUR" in page
        assert "выигрыш Alexei у Marina: 64 2/3 · 3,23 EUR" in page
        assert not re.search(r"выигрыш [^<]*: -", page)
