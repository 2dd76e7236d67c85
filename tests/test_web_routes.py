"""The scorepad's routes through Starlette's test client (spec serve.md).

The JSON API answers exactly what the command line prints, a refused deal
leaves the file byte-identical, and every guard of the page is tried with the
input an attacker or a careless phone would send.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
with warnings.catch_warnings():  # starlette asks for httpx2, not yet on every machine
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import whistscore
from whistscore.web.app import MAX_BODY, create_app

from clirun import run  # one way to drive the CLI
from registry_support import seatings

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "tok-" + "x" * 20
H = {"X-Whistscore-Token": TOKEN}
EVIL = ['<script>alert(1)</script>', '"><img src=x onerror=alert(2)>']


def client(folder: Path, host: str = "127.0.0.1", remote: bool = False) -> TestClient:
    app = create_app(folder, TOKEN)
    addr = ("192.168.1.23", 50000) if remote else ("127.0.0.1", 50000)
    return TestClient(app, base_url=f"http://{host}:8000", client=addr)


def new(folder: Path, name: str = "ev", game: str = "preferans",
        players=("Anna", "Boris", "Vera"), **extra) -> Path:
    c = client(folder)
    r = c.post("/api/games", json={"name": name, "game": game, "players": list(players), **extra},
               headers=H)
    assert r.status_code == 201, r.text
    return folder / f"{name}.json"


def test_import_whistscore_and_other_commands_load_no_web_stack(tmp_path):
    game = tmp_path / "g.json"
    code = (
        "import sys, whistscore, whistscore.cli, whistscore.text, whistscore.fields\n"
        "from whistscore.cli import main\n"
        f"assert main(['new', 'preferans', {str(game)!r}, '--players', 'A', 'B', 'C']) == 0\n"
        f"assert main(['add', {str(game)!r}, 'pass', '4/2/4']) == 0\n"
        f"assert main(['show', {str(game)!r}]) == 0\n"
        f"assert main(['settle', {str(game)!r}, '--json']) == 0\n"
        "for g in whistscore.GAMES: whistscore.get_game(g)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('starlette', 'uvicorn', 'jinja2', 'selenium', 'segno', 'httpx', 'openpyxl')"
        " or m.startswith('whistscore.web')]\n"
        "sys.exit('loaded: ' + ', '.join(bad) if bad else 0)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_games_list_and_new_game(tmp_path):
    c = client(tmp_path)
    assert c.get("/api/games").json() == []
    r = c.post("/api/games", json={"name": "friday", "game": "preferans",
                                   "players": ["Anna", "Boris", "Vera"], "preset": "leningrad",
                                   "rules": "pulya=30", "stake": "0.10", "currency": "EUR",
                                   "title": "Friday at Anna's"},
               headers=H)
    assert r.status_code == 201
    game = whistscore.load(tmp_path / "friday.json")
    assert game.rules.preset == "leningrad" and game.rules["pulya"] == 30
    assert str(game.stake) == "0.10" and game.currency == "EUR"
    assert game.title == "Friday at Anna's"
    assert r.text == (tmp_path / "friday.json").read_text(encoding="utf-8")
    assert c.get("/api/games").json() == [{"name": "friday", "game": "preferans",
                                           "players": ["Anna", "Boris", "Vera"], "deals": 0,
                                           "finished": False}]
    page = c.get("/")
    assert page.status_code == 200 and "friday" in page.text
    assert "Friday at Anna&#39;s" in page.text and "Friday at Anna&#39;s" in c.get("/g/friday").text
    again = c.post("/api/games", json={"name": "friday", "game": "whist",
                                       "players": ["N", "E", "S", "W"]}, headers=H)
    assert again.status_code == 409 and again.json()["field"] == "name"
    assert whistscore.load(tmp_path / "friday.json").kind.name == "preferans"


@pytest.mark.parametrize("body, field", [
    ({"name": "x", "game": "bridge", "players": ["A", "B", "C", "D"]}, "game"),
    ({"name": "x", "game": "preferans", "players": ["A", "B"]}, "players"),
    ({"name": "x", "game": "preferans", "players": ["A", "A", "B"]}, "players[1]"),
    ({"name": "x", "game": "preferans", "players": ["A", "B", "C"], "rules": "pulya=zero"},
     "pulya"),
    ({"name": "x", "game": "preferans", "players": ["A", "B", "C"], "preset": "moscow"},
     "preset"),
    ({"name": "x", "game": "preferans", "players": ["A", "B", "C"], "stake": "ten"}, "stake"),
    ({"name": "../x", "game": "preferans", "players": ["A", "B", "C"]}, "name"),
    ({"name": ".x", "game": "preferans", "players": ["A", "B", "C"]}, "name"),
    ({"name": "a/b", "game": "preferans", "players": ["A", "B", "C"]}, "name"),
])
def test_a_bad_new_game_is_refused_naming_the_field_and_writes_nothing(tmp_path, body, field):
    r = client(tmp_path).post("/api/games", json=body, headers=H)
    assert r.status_code == 400, r.text
    assert r.json()["field"] in (field, f"rules.{field}")
    assert list(tmp_path.iterdir()) == []


def test_the_api_answers_exactly_what_the_cli_prints(tmp_path):
    path = new(tmp_path, stake="0.10")
    c = client(tmp_path)
    for deal in ("Anna 7S Boris:w Vera:p 7/3/0", "pass 4/2/4", "Vera misere 0"):
        assert c.post("/api/games/ev/deals", json={"deal": deal}, headers=H).status_code == 201
    code, out, _ = run(["settle", str(path), "--json"])
    assert code == 0 and c.get("/api/games/ev/settle").json() == json.loads(out)
    code, out, _ = run(["show", str(path), "--json"])
    assert code == 0 and c.get("/api/games/ev/sheet").json() == json.loads(out)
    assert c.get("/api/games/ev").text == path.read_text(encoding="utf-8")


def test_the_pages_show_thirds_as_mixed_numbers_and_the_api_keeps_fractions(tmp_path):
    # settle --json's balances 44/3, -4/3, -40/3 read 14 2/3, -1 1/3, -13 1/3 on the page;
    # its transfers 40/3 and 4/3 read 13 1/3 and 1 1/3
    new(tmp_path)
    c = client(tmp_path)
    assert c.post("/api/games/ev/deals", json={"deal": "Anna 7S Boris:w Vera:p 7/3/0"},
                  headers=H).status_code == 201
    api = c.get("/api/games/ev/settle").json()
    assert api["balance"] == {"Anna": "44/3", "Boris": "-4/3", "Vera": "-40/3"}
    # the unit is a players' term there, a button opening its line (issue 22): read as text
    settle = re.sub(r'<button type="button" class="term"[^>]*>([^<]*)</button>', r"\1",
                    c.get("/g/ev/settle").text)
    for shown in (">+14 2/3<", ">-1 1/3<", ">-13 1/3<", "</b> 13 1/3 vists", "</b> 1 1/3 vists"):
        assert shown in settle, shown
    assert "/3 vists" not in settle.replace(" 1/3 vists", "")
    table = c.get("/g/ev").text
    assert ">+14 2/3<" in table and "44/3<" not in table


def test_adding_a_deal_answers_its_number_entries_and_settlement(tmp_path):
    new(tmp_path)
    c = client(tmp_path)
    deal = {"declarer": "Anna", "contract": "7S", "whist": {"Boris": "whist", "Vera": "pass"},
            "tricks": {"Anna": 7, "Boris": 3, "Vera": 0}}
    r = c.post("/api/games/ev/deals", json={"deal": deal, "note": "first"}, headers=H)
    assert r.status_code == 201
    data = r.json()
    assert data["number"] == 1
    assert {(e["player"], e["column"], e["amount"]) for e in data["entries"]} >= {
        ("Anna", "pulya", 4), ("Boris", "vists", 12)}  # 7 made: +4; Boris 3 tricks x 4
    assert data["settle"]["deals"] == 1 and sum(
        __import__("fractions").Fraction(b) for b in data["settle"]["balance"].values()) == 0
    assert whistscore.load(tmp_path / "ev.json").deals[0].note == "first"
    live = c.post("/api/games/ev/deals?view=1", json={"deal": "pass 4/2/4"}, headers=H).json()
    assert live["live"]["deals"] == 2 and "<svg" in live["live"]["html"]  # the drawn pulka
    assert "pass 4/2/4" in live["live"]["deals_html"]


def test_a_refused_deal_says_what_the_cli_says_and_writes_nothing(tmp_path):
    path = new(tmp_path)
    c = client(tmp_path)
    before = path.read_bytes()
    bad = "Anna 7S Boris:w Vera:p 7/3/1"
    r = c.post("/api/games/ev/deals", json={"deal": bad}, headers=H)
    code, _, err = run(["add", str(path), *bad.split()])
    assert code == 1 and r.status_code == 400
    assert err.strip() == f"whistscore add: {r.json()['error']}"
    assert r.json()["deal"] == 1 and r.json()["field"] == "tricks"
    assert path.read_bytes() == before
    obj = {"declarer": "Anna", "contract": "7S", "whist": {"Boris": "maybe", "Vera": "pass"},
           "tricks": {"Anna": 7, "Boris": 3, "Vera": 0}}
    r = c.post("/api/games/ev/deals", json={"deal": obj}, headers=H)
    assert r.status_code == 400 and r.json()["field"].startswith("whist")
    assert "'maybe'" in r.json()["error"] or '"maybe"' in r.json()["error"]
    for body in ({"deal": 7}, {"deal": ""}, {}, {"deal": "pass 4/2/4", "dealer": "Nobody"}):
        r = c.post("/api/games/ev/deals", json=body, headers=H)
        assert r.status_code == 400, body
        assert r.json()["error"] and r.json()["deal"] == 1
    assert path.read_bytes() == before


def test_edit_with_expect_and_a_refused_edit(tmp_path):
    path = new(tmp_path)
    c = client(tmp_path)
    for deal in ("Anna 6S Boris:p Vera:p", "pass 4/2/4"):
        c.post("/api/games/ev/deals", json={"deal": deal, "dealer": None}, headers=H)
    r = c.put("/api/games/ev/deals/1", json={"deal": "Boris 7H Anna:w Vera:p 7/2/1",
                                            "expect": 2}, headers=H)
    assert r.status_code == 200, r.text
    assert r.json()["number"] == 1
    game = whistscore.load(path)
    assert game.notation(game.deals[0]).startswith("Boris 7H")
    before = path.read_bytes()
    stale = c.put("/api/games/ev/deals/1", json={"deal": "Anna 6S Boris:p Vera:p",
                                                "expect": 1}, headers=H)
    assert stale.status_code == 409 and stale.json()["field"] == "deals"
    missing = c.put("/api/games/ev/deals/9", json={"deal": "pass 4/2/4"}, headers=H)
    assert missing.status_code == 400 and "9" in missing.json()["error"]
    refused = c.put("/api/games/ev/deals/2", json={"deal": "pass 4/2/5"}, headers=H)
    assert refused.status_code == 400 and refused.json()["deal"] == 2
    assert path.read_bytes() == before


def test_a_deal_added_with_a_stale_expect_is_refused_and_without_expect_lands(tmp_path):
    # two phones saw 0 deals; the first records, the second's copy is refused untouched
    path = new(tmp_path)
    c = client(tmp_path)
    first = c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4", "expect": 0}, headers=H)
    assert first.status_code == 201, first.text
    before = path.read_bytes()
    twice = c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4", "expect": 0}, headers=H)
    assert twice.status_code == 409 and twice.json()["field"] == "deals"
    assert "1 deals" in twice.json()["error"]
    assert path.read_bytes() == before
    bad = c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4", "expect": "1"}, headers=H)
    assert bad.status_code == 400 and bad.json()["field"] == "expect"
    again = c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4"}, headers=H)
    assert again.status_code == 201 and again.json()["number"] == 2
    assert len(whistscore.load(path).deals) == 2


def test_an_edit_that_a_later_deal_no_longer_fits_is_refused(tmp_path):
    path = new(tmp_path, rules={"pulya": 4})
    c = client(tmp_path)
    for deal in ("Anna 6S Boris:p Vera:p", "Boris 6S Anna:p Vera:p", "Vera 7S Anna:p Boris:p"):
        assert c.post("/api/games/ev/deals", json={"deal": deal}, headers=H).status_code == 201
    before = path.read_bytes()
    # deal 1 as a ten would close every pulya (help), so deals 2 and 3 come after the end
    r = c.put("/api/games/ev/deals/1", json={"deal": "Anna 10NT Boris:p Vera:p"}, headers=H)
    assert r.status_code in (400, 409) and r.json()["deal"] in (2, 3)
    assert path.read_bytes() == before


def test_undo_drops_the_last_deal_and_answers_it(tmp_path):
    path = new(tmp_path)
    c = client(tmp_path)
    assert c.delete("/api/games/ev/deals/last", headers=H).status_code == 400
    c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4"}, headers=H)
    r = c.delete("/api/games/ev/deals/last", headers=H)
    assert r.status_code == 200
    dropped = r.json()["deal"]
    assert dropped.pop("at").startswith("20")  # the page stamps the time it was recorded
    assert dropped == {"contract": "allpass", "tricks": {"Anna": 4, "Boris": 2, "Vera": 4}}
    assert whistscore.load(path).deals == ()


def test_a_finished_game_takes_no_deal(tmp_path):
    path = new(tmp_path, rules={"pulya": 2})
    c = client(tmp_path)
    for deal in ("Anna 6S Boris:p Vera:p", "Boris 6S Anna:p Vera:p", "Vera 6S Anna:p Boris:p"):
        c.post("/api/games/ev/deals", json={"deal": deal}, headers=H)
    assert c.get("/api/games/ev/settle").json()["finished"] is True
    before = path.read_bytes()
    r = c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4"}, headers=H)
    assert r.status_code == 409 and r.json()["deal"] == 4
    assert path.read_bytes() == before
    assert "The game is finished" in c.get("/g/ev").text


def test_workbook_and_game_file_download(tmp_path):
    import io

    import openpyxl

    new(tmp_path)
    c = client(tmp_path)
    c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4"}, headers=H)
    r = c.get("/api/games/ev/export.xlsx?lang=ru")
    assert r.status_code == 200 and r.headers["content-disposition"].endswith('ev.xlsx"')
    book = openpyxl.load_workbook(io.BytesIO(r.content))
    assert len(book.sheetnames) >= 3
    f = c.get("/api/games/ev?download=1")
    assert "attachment" in f.headers["content-disposition"]
    assert whistscore.loads(f.text).players == ("Anna", "Boris", "Vera")


def test_pages_in_english_and_russian(tmp_path):
    new(tmp_path)
    c = client(tmp_path)
    assert "Record the deal" in c.get("/g/ev", headers={"Accept-Language": "en"}).text
    ru = c.get("/g/ev", headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"}).text
    assert "Записать сдачу" in ru and 'lang="ru"' in ru
    switched = c.get("/g/ev?lang=ru", headers={"Accept-Language": "en"})
    assert "Записать сдачу" in switched.text
    assert "Записать сдачу" in c.get("/g/ev").text  # the switch is remembered
    assert "Who pays whom" in c.get("/g/ev/settle?lang=en").text


@pytest.mark.parametrize("game, players", seatings())
def test_every_game_has_a_table_page_with_its_fields(tmp_path, game, players):
    new(tmp_path, game=game, players=players)
    c = client(tmp_path)
    page = c.get("/g/ev")
    assert page.status_code == 200
    start = page.text.index('<script type="application/json" id="fields">') + 44
    fields = json.loads(page.text[start: page.text.index("</script>", start)])
    assert [f["key"] for f in fields["fields"]] == [
        f.key for f in whistscore.get_game(game).deal_fields.fields]
    kind = whistscore.get_game(game)
    for n in fields["notation"]:  # the help's examples, filled with this table's names
        kind.parse_notation(n["text"], players, kind.rulebook.resolve({}))


# -- access, tokens, forged writes ---------------------------------------------------

ROUTES = ["/", "/g/ev", "/g/ev/live", "/g/ev/settle", "/api/games", "/api/games/ev",
          "/api/games/ev/settle", "/api/games/ev/sheet", "/api/games/ev/export.xlsx",
          "/static/pad.js"]


def test_a_remote_client_without_the_token_gets_403_everywhere(tmp_path):
    path = new(tmp_path)
    before = path.read_bytes()
    c = client(tmp_path, host="192.168.1.10", remote=True)
    for route in ROUTES:
        assert c.get(route).status_code == 403, route
    assert c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4"}).status_code == 403
    assert c.delete("/api/games/ev/deals/last").status_code == 403
    assert c.get("/api/games", headers={"X-Whistscore-Token": "wrong"}).status_code == 403
    assert c.get("/join?token=wrong").status_code == 403
    assert c.get("/api/games?token=" + TOKEN).status_code == 403  # only /join takes it in the URL
    assert path.read_bytes() == before


def test_the_join_address_lets_a_phone_in_and_writes_still_need_the_header(tmp_path):
    path = new(tmp_path)
    c = client(tmp_path, host="192.168.1.10", remote=True)
    r = c.get(f"/join?token={TOKEN}", follow_redirects=False)
    assert r.status_code == 303
    cookie = r.headers["set-cookie"]
    assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower()
    for route in ROUTES:
        assert c.get(route).status_code == 200, route
    # the cookie alone does not write: a forged cross-site request carries the cookie
    assert c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4"}).status_code == 403
    ok = c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4"}, headers=H)
    assert ok.status_code == 201
    assert len(whistscore.load(path).deals) == 1


def test_loopback_reads_without_a_token_but_never_writes_without_it(tmp_path):
    path = new(tmp_path)
    c = client(tmp_path)
    for route in ROUTES:
        assert c.get(route).status_code == 200, route
    before = path.read_bytes()
    assert c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4"}).status_code == 403
    assert c.post("/api/games", json={"name": "b", "game": "whist",
                                      "players": ["N", "E", "S", "W"]}).status_code == 403
    assert path.read_bytes() == before and not (tmp_path / "b.json").exists()


def test_a_rebinding_host_name_is_not_loopback(tmp_path):
    new(tmp_path)
    c = client(tmp_path, host="evil.example")  # a DNS name pointed at 127.0.0.1
    assert c.get("/api/games").status_code == 403
    assert c.get("/").status_code == 403


def test_forged_forms_are_refused(tmp_path):
    path = new(tmp_path)
    c = client(tmp_path)
    before = path.read_bytes()
    other = c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4"},
                   headers={**H, "Origin": "http://evil.example"})
    assert other.status_code == 403 and other.json()["field"] == "origin"
    form = c.post("/api/games/ev/deals", data={"deal": "pass 4/2/4"}, headers=H)
    assert form.status_code == 415
    plain = c.post("/api/games/ev/deals", content=b'{"deal": "pass 4/2/4"}',
                   headers={**H, "Content-Type": "text/plain"})
    assert plain.status_code == 415
    assert path.read_bytes() == before
    same = c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4"},
                  headers={**H, "Origin": "http://127.0.0.1:8000"})
    assert same.status_code == 201


def test_request_bodies_are_capped(tmp_path):
    path = new(tmp_path)
    c = client(tmp_path)
    before = path.read_bytes()
    big = json.dumps({"deal": "pass 4/2/4", "note": "x" * MAX_BODY})
    r = c.post("/api/games/ev/deals", content=big.encode(),
               headers={**H, "Content-Type": "application/json"})
    assert r.status_code == 413

    def chunks():  # no Content-Length: the stream itself is counted
        for _ in range(100):
            yield b" " * 4096

    r = c.post("/api/games/ev/deals", content=chunks(),
               headers={**H, "Content-Type": "application/json"})
    assert r.status_code == 413
    assert path.read_bytes() == before
    # a note is free text under the one rule of textrules.py (docs/texts.md), as the CLI and
    # the file take it: bounded by the body, not by a page's rule of its own
    long_note = c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4",
                                                    "note": "n" * 600 + "\nsecond line"},
                       headers=H)
    assert long_note.status_code == 201
    assert whistscore.load(path).deals[-1].note == "n" * 600 + "\nsecond line"


def raw(app, method: str, path: str, body: bytes = b"", headers=()) -> tuple[int, bytes]:
    """One request as uvicorn hands it over: ``path`` percent-decoded, no client-side
    normalising of ``..`` (a test client or a browser would resolve it first)."""
    import asyncio
    from urllib.parse import unquote

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": method, "scheme": "http", "path": unquote(path),
             "raw_path": path.encode(), "query_string": b"", "root_path": "",
             "headers": [(b"host", b"127.0.0.1:8000"), *headers],
             "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8000)}
    sent: list = []
    done = [False]

    async def receive():
        if done[0]:
            return {"type": "http.disconnect"}
        done[0] = True
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message):
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    return status, b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")


@pytest.mark.parametrize("name", ["..", "%2e%2e", "%2E%2E%2Fev", "..%2f..%2fetc%2fpasswd",
                                  "%2Fetc%2Fpasswd", ".ev", "ev.json", "sub%2Fev", "link",
                                  "folder", "ev%00", "a" * 101, ".ev.json.lock"])
def test_only_json_files_directly_in_the_folder(tmp_path, name):
    new(tmp_path)
    (tmp_path / "folder.json").mkdir()
    (tmp_path / "sub").mkdir()
    new(tmp_path / "sub", "ev")
    outside = tmp_path.parent / f"outside-{tmp_path.name}.json"
    outside.write_text((tmp_path / "ev.json").read_text())
    (tmp_path / "link.json").symlink_to(outside)
    (tmp_path / ".ev.json").write_text((tmp_path / "ev.json").read_text())
    app = create_app(tmp_path, TOKEN)
    for route in (f"/api/games/{name}", f"/api/games/{name}/settle", f"/g/{name}",
                  f"/api/games/{name}/export.xlsx", f"/g/{name}/live"):
        status, body = raw(app, "GET", route)
        assert status in (400, 404), (route, status)
        assert b"whistscore" not in body.lower() or b"error" in body
    status, _ = raw(app, "POST", f"/api/games/{name}/deals", b'{"deal": "pass 4/2/4"}',
                    [(b"x-whistscore-token", TOKEN.encode()),
                     (b"content-type", b"application/json")])
    assert status in (400, 404)
    assert [g["name"] for g in client(tmp_path).get("/api/games").json()] == ["ev"]
    assert outside.read_text() == (tmp_path / "ev.json").read_text()
    outside.unlink()


def test_absolute_paths_in_the_url_are_not_followed(tmp_path):
    new(tmp_path)
    app = create_app(tmp_path, TOKEN)
    for path in ("/api/games//etc/passwd", "/api/games/%2Fetc%2Fpasswd", "/g//etc/passwd",
                 "/static/../app.py", "/static/%2e%2e/app.py", "/static/%2e%2e/store.py",
                 "/static//etc/passwd"):
        status, body = raw(app, "GET", path)
        assert status == 404, path
        assert b"root:" not in body and b"create_app" not in body


def test_names_and_notes_are_escaped_everywhere(tmp_path):
    c = client(tmp_path)
    r = c.post("/api/games", json={"name": "xss", "game": "preferans", "players": EVIL + ["V"],
                                   "currency": "<b>€</b>", "title": EVIL[0]}, headers=H)
    assert r.status_code == 201, r.text
    deal = {"contract": "allpass", "tricks": {EVIL[0]: 4, EVIL[1]: 2, "V": 4}}
    assert c.post("/api/games/xss/deals", json={"deal": deal, "note": EVIL[1]},
                  headers=H).status_code == 201
    pages = [c.get(p).text for p in ("/", "/g/xss", "/g/xss/settle")]
    live = c.get("/g/xss/live").json()
    pages += [live["html"], live["deals_html"]]
    for html in pages:
        assert "<script>alert" not in html and "<img src=x" not in html
        assert "<b>€" not in html
    table = pages[1]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in table
    assert "\\u003cscript\\u003e" in table  # inside the JSON data blocks
    assert table.count("&lt;script&gt;alert(1)&lt;/script&gt;") >= 2  # a name and the title
    assert table.count("&lt;script&gt;alert(1)&lt;/script&gt;") >= 2  # a name and the title
    assert "default-src 'self'" in c.get("/g/xss").headers["content-security-policy"]


def test_unknown_pages_and_methods(tmp_path):
    new(tmp_path)
    c = client(tmp_path)
    assert c.get("/nothing").status_code == 404
    assert c.get("/g/nope").status_code == 404
    assert c.get("/api/games/nope/settle").status_code == 404
    assert c.delete("/api/games/ev/deals/1", headers=H).status_code == 404
    assert c.put("/api/games/ev/deals/x", json={"deal": "pass 4/2/4"}, headers=H).status_code \
        == 404
    for raw in (b"{not json", b"[" * 60000, b'{"deal": ' + b"[" * 30000 + b"]" * 30000 + b"}",
                b"\xff\xfe", b'"just text"', b'{"deal": NaN}'):
        bad = c.post("/api/games/ev/deals", content=raw,
                     headers={**H, "Content-Type": "application/json"})
        assert bad.status_code == 400, raw[:20]
        assert bad.json()["error"]


def test_a_damaged_file_is_listed_with_its_problem(tmp_path):
    new(tmp_path)
    (tmp_path / "broken.json").write_text('{"format": "whistscore"', encoding="utf-8")
    c = client(tmp_path)
    listed = {g["name"]: g for g in c.get("/api/games").json()}
    assert listed["broken"]["error"] and listed["ev"]["deals"] == 0
    assert c.get("/api/games/broken/settle").status_code == 400
    assert "not valid JSON" in c.get("/g/broken").text


def test_a_file_of_another_format_is_listed_in_the_words_of_the_layer_that_refused_it(
        tmp_path):
    """The games list says what ``whistscore check`` says (the journal's sentence, not one of
    the web layer's own), and on the Russian page the journal's Russian sentence first."""
    import html

    new(tmp_path)
    (tmp_path / "pulka.json").write_text('{"format": "pulka", "players": ["a"]}', "utf-8")
    (tmp_path / "club-copy.json").write_text('{"format": "whistscore-club", "version": 1}',
                                             "utf-8")
    said = run(["check", tmp_path / "pulka.json"])[2].split(": ", 1)[1].strip()
    assert "not a whistscore game file" in said
    c = client(tmp_path)
    listed = {g["name"]: g for g in c.get("/api/games").json()}
    assert listed["pulka"]["error"] == said and "said" not in listed["pulka"]
    english = html.unescape(c.get("/?lang=en").text)
    assert f"cannot be read: {said}" in english
    assert "club's settings file (club.json), not a game file" in english
    russian = html.unescape(c.get("/?lang=ru").text)
    assert f"не читается: Это не файл партии whistscore. ({said})" in russian
    assert "Это файл настроек клуба (club.json), а не файл партии." in russian


def test_live_view_answers_204_until_the_file_changes(tmp_path):
    path = new(tmp_path)
    c = client(tmp_path)
    first = c.get("/g/ev/live").json()
    assert c.get(f"/g/ev/live?stamp={first['stamp']}").status_code == 204
    assert run(["add", str(path), "pass", "4/2/4"])[0] == 0  # the command line, meanwhile
    changed = c.get(f"/g/ev/live?stamp={first['stamp']}")
    assert changed.status_code == 200 and changed.json()["deals"] == 1


def test_before_the_first_deal_the_live_view_offers_each_first_dealer(tmp_path):
    """Each player may deal first (journal.md: the first deal may name its dealer); the
    chosen one (?first=) is drawn as the next dealer; after the first deal, no choice."""
    new(tmp_path, players=("Anna", "Boris", "Vera", "Gleb"))
    c = client(tmp_path)
    view = c.get("/g/ev/live").json()
    assert view["dealer"] == "Anna" and list(view["firsts"]) == ["Anna", "Boris", "Vera", "Gleb"]
    assert view["firsts"]["Vera"]["active"] == ["Anna", "Boris", "Gleb"]
    assert 'data-first="Vera" aria-pressed="false"' in view["strip_html"]
    chosen = c.get("/g/ev/live?first=Vera").json()
    assert chosen["dealer"] == "Vera" and chosen["active"] == ["Anna", "Boris", "Gleb"]
    assert 'data-first="Vera" aria-pressed="true"' in chosen["strip_html"]
    assert c.get("/g/ev/live?first=Nobody").json()["dealer"] == "Anna"
    r = c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4/-", "dealer": "Gleb"}, headers=H)
    assert r.status_code in (200, 201), r.text
    after = c.get("/g/ev/live?first=Vera").json()
    assert after["dealer"] == "Anna" and after["firsts"] is None   # Gleb dealt; Anna next
    assert "data-first" not in after["strip_html"]


def test_the_table_lists_the_last_deals_and_all_on_asking(tmp_path):
    new(tmp_path)
    c = client(tmp_path)
    for _ in range(14):
        assert c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4"},
                      headers=H).status_code == 201
    short = c.get("/g/ev").text
    assert short.count('class="edit"') == 12 and 'href="?all=1"' in short
    assert c.get("/g/ev?all=1").text.count('class="edit"') == 14
    live = c.post("/api/games/ev/deals?view=1&all=1", json={"deal": "pass 4/2/4"},
                  headers=H).json()["live"]
    assert live["deals_html"].count('class="edit"') == 15


def test_no_websocket_gets_past_the_guard(tmp_path):
    from starlette.websockets import WebSocketDisconnect

    new(tmp_path)
    c = client(tmp_path)
    with pytest.raises(WebSocketDisconnect):
        with c.websocket_connect("/api/games/ev"):
            pass


# -- the web layer in its rooms (issue 23) ------------------------------------------------------

STATIC = ROOT / "whistscore" / "web" / "static"


def test_every_endpoint_is_a_module_level_function(tmp_path):
    """Endpoints read request.app.state; none is a closure inside create_app."""
    from starlette.routing import Route

    app = create_app(tmp_path, TOKEN)
    endpoints = [r.endpoint for r in app.routes if isinstance(r, Route)]
    assert len(endpoints) >= 11
    for endpoint in endpoints:
        assert "<locals>" not in endpoint.__qualname__, endpoint.__qualname__
        assert endpoint.__module__.startswith(("whistscore.web.pages.", "whistscore.web.api"))
    assert {"folder", "token", "templates", "work"} <= set(vars(app.state)["_state"])


def test_the_scripts_are_modules_that_reach_the_server_through_one_transport(tmp_path):
    """Only api.js calls fetch, in one function: the in-browser scorepad swaps just that."""
    import re

    scripts = {p.name: p.read_text(encoding="utf-8") for p in STATIC.glob("*.js")}
    assert {"api.js", "form.js", "live.js", "pad.js", "games.js"} <= set(scripts)
    code = {name: re.sub(r"^\s*//.*$", "", text, flags=re.M) for name, text in scripts.items()}
    callers = {name for name, text in code.items() if re.search(r"\bfetch\(|XMLHttpRequest", text)}
    assert callers == {"api.js"} and code["api.js"].count("fetch(") == 1
    for name, text in scripts.items():
        for target in re.findall(r'^import .* from "\./([^"]+)";$', text, re.M):
            assert target in scripts, (name, target)
    c = client(tmp_path)
    new(tmp_path)
    for page, script in (("/", "games.js"), ("/g/ev", "pad.js")):
        assert f'<script type="module" src="/static/{script}"></script>' in c.get(page).text
    for name in scripts:
        r = c.get(f"/static/{name}")
        assert r.status_code == 200 and "javascript" in r.headers["content-type"]
    assert c.get("/static/sheet.css").text.endswith(
        (STATIC / "sheet.css").read_text(encoding="utf-8")[-200:])


def test_a_retried_deal_with_its_id_is_recorded_once(tmp_path):
    """The answer to a deal is lost, the phone sends it again with the same id: one
    deal in the file, and the second answer says it was already recorded."""
    path = new(tmp_path)
    c = client(tmp_path)
    body = {"deal": "pass 4/2/4", "expect": 0, "id": "phone-a-17"}
    first = c.post("/api/games/ev/deals?view=1", json=body, headers=H)
    assert first.status_code == 201 and "already" not in first.json()
    saved = path.read_bytes()
    again = c.post("/api/games/ev/deals?view=1", json=body, headers=H)
    assert again.status_code == 200, again.text
    assert again.json()["already"] is True and again.json()["number"] == 1
    assert again.json()["entries"] == first.json()["entries"]
    assert path.read_bytes() == saved
    game = whistscore.load(path)
    assert len(game.deals) == 1 and game.deals[0].id == "phone-a-17"
    assert '"id": "phone-a-17"' in path.read_text()
    # another deal, another id: recorded
    other = c.post("/api/games/ev/deals", json={"deal": "pass 3/3/4", "id": "phone-a-18"},
                   headers=H)
    assert other.status_code == 201 and other.json()["number"] == 2
    # an id that is no id
    for bad in ("", "x" * 65, 7, "a\nb"):
        r = c.post("/api/games/ev/deals", json={"deal": "pass 3/3/4", "id": bad}, headers=H)
        assert r.status_code == 400 and r.json()["field"] == "id", (bad, r.text)
    assert len(whistscore.load(path).deals) == 2


def test_undo_with_the_count_another_phone_changed_is_refused(tmp_path):
    """Phone B saw 1 deal; phone A recorded deal 2: B's undo is 409, nothing dropped."""
    path = new(tmp_path)
    c = client(tmp_path)
    assert c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4"}, headers=H).status_code == 201
    assert c.post("/api/games/ev/deals", json={"deal": "pass 3/3/4", "expect": 1},
                  headers=H).status_code == 201
    before = path.read_bytes()
    r = c.request("DELETE", "/api/games/ev/deals/last", json={"expect": 1}, headers=H)
    assert r.status_code == 409 and r.json()["field"] == "deals"
    assert path.read_bytes() == before


def test_pages_are_sent_compressed_when_the_browser_accepts_it(tmp_path):
    new(tmp_path)
    c = client(tmp_path)
    for url in ("/", "/g/ev", "/static/form.js", "/static/app.css"):
        r = c.get(url, headers={"Accept-Encoding": "gzip", **H})
        assert r.status_code == 200 and r.headers.get("content-encoding") == "gzip", url
        assert int(r.headers["content-length"]) < len(r.content) / 2, url
        plain = c.get(url, headers={"Accept-Encoding": "identity", **H})
        assert "content-encoding" not in plain.headers and plain.text == r.text
    # an answer of a few hundred bytes is not worth compressing
    small = c.get("/api/games/ev/settle", headers={"Accept-Encoding": "gzip", **H})
    assert small.status_code == 200 and "content-encoding" not in small.headers


def test_rules_stake_and_title_changed_from_the_page(tmp_path):
    """PUT settings: what `whistscore set` does; refused with the reason, file untouched,
    when a recorded deal no longer fits."""
    path = new(tmp_path)
    c = client(tmp_path)
    assert c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4"}, headers=H).status_code == 201
    r = c.put("/api/games/ev/settings", json={"stake": "0.25", "title": "Friday",
                                              "rules": "pulya=30", "expect": 1}, headers=H)
    assert r.status_code == 200, r.text
    game = whistscore.load(path)
    assert str(game.stake) == "0.25" and game.title == "Friday" and game.rules["pulya"] == 30
    before = path.read_bytes()
    for body, field in (({"rules": "pulya=abc"}, "rules.pulya"), ({"rules": "nosuch=1"},
                        "rules.nosuch"), ({"stake": "lots"}, "stake"),
                        ({"rules": "pulya 30"}, "rules"), ({"title": "x", "expect": 0}, "deals")):
        r = c.put("/api/games/ev/settings", json=body, headers=H)
        assert r.status_code in (400, 409) and r.json()["field"] == field, (body, r.text)
        assert r.json()["error"]
    assert path.read_bytes() == before


def test_the_evening_ended_here(tmp_path):
    """POST end: `ended` in the file, the game settled as it stands, no deal after it;
    reopen takes it back."""
    path = new(tmp_path)
    c = client(tmp_path)
    r = c.post("/api/games/ev/end", json={"expect": 0}, headers=H)
    assert r.status_code == 400 and r.json()["field"] == "deals"    # nothing to end yet
    assert c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4"}, headers=H).status_code == 201
    r = c.post("/api/games/ev/end", json={"expect": 1}, headers=H)
    assert r.status_code == 200, r.text
    assert whistscore.load(path).ended == r.json()["ended"]
    late = c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4"}, headers=H)
    assert late.status_code == 409
    assert c.get("/api/games/ev/settle").json()["finished"] is True
    r = c.post("/api/games/ev/end", json={"reopen": True}, headers=H)
    assert r.status_code == 200 and whistscore.load(path).ended is None


def test_the_sheet_keeps_its_deals_after_end_settings_and_reopen(tmp_path):
    """The tester's evening: after "end the evening here" the pulka was drawn empty and the
    list of deals was empty (the page kept the recording's lean replay, which holds the
    state but not the deals); the sheet API must answer what `show --json` prints."""
    path = new(tmp_path)
    c = client(tmp_path)
    for deal in ("pass 4/2/4", "Anna 7S Boris:w Vera:p 7/3/0"):
        assert c.post("/api/games/ev/deals", json={"deal": deal}, headers=H).status_code == 201
    full = c.get("/api/games/ev/sheet").json()
    assert len(full["entries"]) > 0
    for call in (lambda: c.post("/api/games/ev/end", json={"expect": 2}, headers=H),
                 lambda: c.post("/api/games/ev/end", json={"reopen": True}, headers=H),
                 lambda: c.put("/api/games/ev/settings", json={"title": "Friday"}, headers=H)):
        assert call().status_code == 200
        sheet = c.get("/api/games/ev/sheet").json()
        assert sheet["entries"] == full["entries"]
        assert sheet == whistscore.ScoredGame.load(path).replay.to_json()
        page = c.get("/g/ev")
        assert page.status_code == 200 and "7♠" in page.text  # the list of deals, drawn


def test_the_earlier_deals_say_what_they_are(tmp_path):
    """The tester saw "… 2" above the list with no word: the link says what it hides."""
    from whistscore.web.live import SHOWN_DEALS

    path = new(tmp_path)
    c = client(tmp_path)
    for _ in range(SHOWN_DEALS + 2):
        assert c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4"}, headers=H).status_code == 201
    c.cookies.set("lang", "en")
    assert "… 2 earlier deals: show all</a>" in c.get("/g/ev").text
    c.cookies.set("lang", "ru")
    assert "… ещё сдач выше: 2 — показать все</a>" in c.get("/g/ev").text
    assert path.exists()


def test_the_file_name_says_its_rule_in_the_pages_language(tmp_path):
    c = client(tmp_path)
    c.cookies.set("lang", "ru")
    assert 'title="Только латинские буквы, цифры' in c.get("/").text


def test_a_phone_without_the_token_is_told_how_to_join_in_its_language(tmp_path):
    """Issue 36, defect 4: a browser asking for a page gets a page (in its language) that
    says how to join, not raw English JSON; the API keeps its JSON 403, its sentence in
    the request's language; neither carries the token."""
    new(tmp_path)
    c = client(tmp_path, host="192.168.1.10", remote=True)
    html = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    for lang, said in (("ru", "отсканируйте код"), ("en", "scan the code")):
        page = c.get("/g/ev", headers={**html, "Accept-Language": lang})
        assert page.status_code == 403 and page.headers["content-type"].startswith("text/html")
        assert said in page.text and f'<html lang="{lang}">' in page.text
        assert TOKEN not in page.text
        api = c.get("/api/games", headers={**html, "Accept-Language": lang})
        assert api.status_code == 403 and said in api.json()["message"]
        old = c.get(f"/join?token=old{TOKEN}", headers={**html, "Accept-Language": lang})
        assert old.status_code == 403 and "text/html" in old.headers["content-type"]
    # a write without the header: the sentence in the page's language
    local = client(tmp_path)
    r = local.post("/api/games/ev/deals?lang=ru", json={"deal": "pass 4/2/4"})
    assert r.status_code == 403 and "новый код доступа" in r.json()["message"]


def test_a_game_is_deleted_from_the_page_and_kept_beside_as_deleted(tmp_path):
    """Issue 36, defect 5: DELETE /api/games/{name} (the games list's Delete, a second tap
    confirming) takes the game off the list; its file is kept as NAME.json.deleted; a phone
    that saw fewer deals is refused (409), nothing moved."""
    path = new(tmp_path)
    c = client(tmp_path)
    assert c.post("/api/games/ev/deals", json={"deal": "pass 4/2/4"}, headers=H).status_code == 201
    stale = c.request("DELETE", "/api/games/ev", json={"expect": 0}, headers=H)
    assert stale.status_code == 409 and path.exists()
    assert c.request("DELETE", "/api/games/ev", json={"expect": 1}).status_code == 403  # no token
    gone = c.request("DELETE", "/api/games/ev", json={"expect": 1}, headers=H)
    assert gone.status_code == 200 and gone.json() == {"deleted": "ev", "kept_as": "ev.json.deleted"}
    assert not path.exists() and (tmp_path / "ev.json.deleted").exists()
    assert [g["name"] for g in c.get("/api/games").json()] == []
    assert c.request("DELETE", "/api/games/ev", json={}, headers=H).status_code == 404
    page = c.get("/").text
    assert 'class="delete"' not in page
