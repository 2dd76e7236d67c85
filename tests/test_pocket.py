"""The pocket site (issue 25): the scorepad on one phone, the engine inside the browser.

The site is built once for the module (``whistscore pocket build``, Pyodide from the pinned
npm package, the pinned wheels).  In headless Chromium on loopback, which can reach no
other address and logs every request: the first visit, then the static server stopped
(the network cut), a whole Sochi evening by taps with a misère, an all-pass, a half-whist,
an undo and an edit, a reload, the export of the game file and the workbook, the exported
file settled by the command line to exactly what the page showed, a browser restart; and
one game each of Twist, Whist and Danish.  The budgets are measured here and written to
``pocket-budgets.json`` in the test's folder (and printed); the size is asserted, the times
are the benchmark's to judge (benchmarks/pocket.py), as every speed target of the project.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import time
import zlib
from pathlib import Path

import pytest

import whistscore
from clirun import run
from pocket_support import (Requests, StaticHost, app_get, gzip_size, pocket_chrome,
                            wait_page)
from test_web_browser import Pad

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

MB = 1_000_000
SAMPLES = Path(__file__).resolve().parent.parent / "samples"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    from whistscore.pocket.build import build

    return build(tmp_path_factory.mktemp("pocket") / "site")


# -- the build --------------------------------------------------------------------------
def test_the_site_holds_everything_it_loads_and_fits_the_budget(site):
    from whistscore.pocket.build import PYODIDE_FILES, site_size

    size = site_size(site)
    print(f"built site: {size / MB:.2f} MB on disk")
    assert size <= 16 * MB
    manifest = json.loads((site / "pocket.json").read_text())
    import zipfile

    with zipfile.ZipFile(site / manifest["python"]) as z:
        first = set(z.namelist())
    with zipfile.ZipFile(site / manifest["later"]["archive"]) as z:
        later = set(z.namelist())
    inside = first | later
    assert not first & later
    # whistscore and every pinned wheel, compiled by Pyodide's Python (3.13 bytecode)
    for top in ("whistscore", "attr", "attrs", "tabulate", "openpyxl", "et_xmlfile",
                "starlette", "anyio", "idna", "jinja2", "markupsafe"):
        assert f"{top}/__init__.pyc" in inside, top
    assert "typing_extensions.pyc" in inside
    assert "whistscore/web/templates/table.html" in first
    assert "whistscore/web/app.py" not in inside   # bytecode in the source's place
    assert "anyio/__init__.py" in first             # anyio reads its own source
    # a start unpacks what the everyday requests import; the workbook writer comes later
    for name in ("whistscore/web/app.pyc", "whistscore/pocket/runtime.pyc",
                 "whistscore/games/preferans/__init__.pyc", "starlette/routing.pyc",
                 "jinja2/environment.pyc"):
        assert name in first, name
    for name in ("openpyxl/__init__.pyc", "et_xmlfile/__init__.pyc", "whistscore/cli/__init__.pyc"):
        assert name in later, name
    assert {"openpyxl", "openpyxl.workbook", "whistscore.cli"} <= set(manifest["later"]["modules"])
    assert "whistscore.web.app" not in manifest["later"]["modules"]
    assert any(n.startswith("whistscore-") for n in manifest["built_from"])
    for f in PYODIDE_FILES:
        assert (site / "pyodide" / f).is_file()
    # the service worker keeps every file of the site
    sw = (site / "sw.js").read_text()
    listed = json.loads(sw.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    # ... but the seldom-needed ones (the second archive, the club's SQLite), which the worker
    # fetches once the first start is ready, off its path (pocket.json's "after")
    assert set(manifest["after"]) == {"python/later.zip", "sqljs/sql-wasm.js",
                                      "sqljs/sql-wasm.wasm"}
    assert set(listed) == (files - {"index.html", "sw.js"} - set(manifest["after"])) | {"./"}
    # Python's library less what no request reaches (whistscore/pocket/stdlib.py)
    with zipfile.ZipFile(site / "pyodide" / "python_stdlib.zip") as z:
        library = set(z.namelist())
    for gone in ("unittest/__init__.py", "pdb.py", "_pyrepl/__init__.py", "encodings/cp850.py",
                 "encodings/mac_roman.py", "xmlrpc/client.py"):
        assert gone not in library, gone
    for kept in ("asyncio/__init__.py", "email/parser.py", "xml/etree/ElementTree.py",
                 "encodings/utf_8.py", "encodings/cp437.py", "encodings/cp1251.py", "difflib.py",
                 "zipfile/__init__.py", "multiprocessing/__init__.py"):
        assert kept in library, kept
    # the wheels' metadata without its long description (never read by an import)
    with zipfile.ZipFile(site / manifest["python"]) as z:
        meta = z.read("jinja2-3.1.6.dist-info/METADATA").decode()
    assert "Name: Jinja2" in meta and "\n\n" not in meta.strip()
    assert manifest["version"] in sw
    # installable: a manifest with icons that are real PNGs of the sizes they say
    web = json.loads((site / "manifest.webmanifest").read_text())
    assert web["display"] == "standalone" and web["start_url"] == "./"
    for icon in web["icons"]:
        data = (site / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        w, h = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert f"{w}x{h}" == icon["sizes"]
        assert zlib.decompress(data[41:41 + int.from_bytes(data[33:37], "big")])
    assert {i["purpose"] for i in web["icons"]} == {"any", "maskable"}
    # the site's own code names no other place to load from
    # the scripts that draw the kept page are in index.html itself, allowed by their hash
    page = (site / "index.html").read_text()
    assert not (site / "pocket.js").exists() and "window.whistscorePageStore" in page
    import base64
    import hashlib
    import re
    inline = re.findall(r"<script>(.*?)</script>", page, re.S)
    assert len(inline) == 1
    digest = base64.b64encode(hashlib.sha256(inline[0].encode()).digest()).decode()
    assert f"script-src 'self' 'sha256-{digest}';" in page
    for f in ("index.html", "keep.js", "worker.js", "sw.js"):
        assert "http://" not in (site / f).read_text() and "https://" not in (site / f).read_text()
    # the scorepad's style sheets are in it too (nothing asked before the kept page is drawn),
    # the same text as the site's copies the app's pages link to
    [(names, css)] = re.findall(r'<style data-inline="([^"]*)">(.*?)</style>', page, re.S)
    assert names.split() == ["/static/app.css", "/static/sheet.css"]
    assert css == "\n".join((site / n.lstrip("/")).read_text() for n in names.split())
    assert 'rel="stylesheet"' not in page


def test_the_library_left_out_is_named_and_no_import_reaches_it(tmp_path):
    import zipfile

    from whistscore.pocket import stdlib

    assert stdlib.dropped("unittest.mock") and stdlib.dropped("encodings.cp850")
    assert not stdlib.dropped("encodings.utf_8") and not stdlib.dropped("encodings")
    assert not stdlib.dropped("asyncio") and not stdlib.dropped("unittestish")
    library = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(library, "w") as z:
        z.writestr("unittest/__init__.py", "")
        z.writestr("encodings/cp850.py", "")
        z.writestr("encodings/utf_8.py", "")
        z.writestr("difflib.py", "def _test():\n    import doctest\n")   # UNREACHED
        z.writestr("json/__init__.py", "def f():\n    import pdb\n")
    out = tmp_path / "kept.zip"
    assert sorted(stdlib.trim(library, out)) == ["encodings/cp850.py", "unittest/__init__.py"]
    with zipfile.ZipFile(out) as z:
        assert sorted(z.namelist()) == ["difflib.py", "encodings/utf_8.py", "json/__init__.py"]
    assert stdlib.reaching(library, [("mine.py", b"from encodings import cp850\nimport os\n")]) == [
        "json/__init__.py: pdb", "mine.py: encodings.cp850"]
    assert stdlib.imported(["os", "unittest", "unittest.mock", "encodings.utf_8"]) == [
        "unittest", "unittest.mock"]


def test_a_second_build_replaces_the_first_and_refuses_a_foreign_folder(site, tmp_path):
    from whistscore.errors import InputError
    from whistscore.pocket.build import build

    out = tmp_path / "again"
    shutil.copytree(site, out)
    (out / "stale.txt").write_text("from an old build")
    build(out)
    assert not (out / "stale.txt").exists() and (out / "pocket.json").is_file()
    foreign = tmp_path / "mine"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("keep me")
    with pytest.raises(InputError, match="not a pocket site"):
        build(foreign)
    assert (foreign / "notes.txt").read_text() == "keep me"
    code, out_text, err = run(["pocket", "build", str(foreign)])
    assert code != 0 and "not a pocket site" in err and "Traceback" not in err


# -- the seams, under CPython (the same code the worker runs) -----------------------------
def test_a_module_of_the_second_archive_is_fetched_once_when_first_imported(tmp_path):
    import io
    import sys
    import zipfile

    from whistscore.pocket.later import install, module_names

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("pocketlater_demo/__init__.py", "")
        z.writestr("pocketlater_demo/deep.py", "VALUE = 42\n")
    assert module_names(["pocketlater_demo/__init__.py", "pocketlater_demo/deep.pyc",
                         "pocketlater_demo/page.html", "x/1bad.py"]) == {
        "pocketlater_demo", "pocketlater_demo.deep"}
    fetched = []

    def fetch() -> bytes:
        fetched.append(1)
        return buf.getvalue()

    site = tmp_path / "site"
    site.mkdir()
    sys.path.insert(0, str(site))
    finder = install(["pocketlater_demo", "pocketlater_demo.deep"], fetch, str(site))
    try:
        with pytest.raises(ImportError):   # a module it does not hold: never fetched for
            __import__("pocketlater_nothing")
        assert fetched == []
        from pocketlater_demo.deep import VALUE  # type: ignore[import-not-found]

        assert VALUE == 42 and fetched == [1]
        import pocketlater_demo  # type: ignore[import-not-found]  # noqa: F401

        assert fetched == [1]   # once
    finally:
        sys.meta_path.remove(finder)
        sys.path.remove(str(site))
        for name in ("pocketlater_demo", "pocketlater_demo.deep"):
            sys.modules.pop(name, None)

def _pocket(folder: Path, persist=None, reload=None):
    from whistscore.pocket.runtime import Pocket

    calls: list[str] = []

    async def ok() -> None:
        calls.append("persist")

    async def back() -> None:
        calls.append("reload")

    return Pocket(str(folder), persist or ok, reload or back), calls


def test_every_change_is_stored_before_it_is_answered(tmp_path):
    pocket, calls = _pocket(tmp_path)
    body = json.dumps({"name": "f", "game": "preferans", "players": ["A", "B", "C"]}).encode()
    status, _, _ = asyncio.run(pocket.handle("POST", "/api/games", [["content-type",
                                                                      "application/json"]], body))
    assert status == 201 and calls == ["persist"]
    status, _, _ = asyncio.run(pocket.handle("GET", "/api/games/f", [], b""))
    assert status == 200 and calls == ["persist"]   # a read stores nothing
    bad = json.dumps({"deal": "pass 4/2/5"}).encode()
    status, _, text = asyncio.run(pocket.handle(
        "POST", "/api/games/f/deals", [["content-type", "application/json"]], bad))
    assert status == 400 and json.loads(text)["field"] == "tricks" and calls == ["persist"]


def test_a_refused_store_puts_the_game_back_and_says_so(tmp_path):
    kept = {}

    async def refuse() -> None:
        raise OSError("QuotaExceededError")

    async def back() -> None:  # IDBFS's populate: the folder as the storage holds it
        for p in tmp_path.glob("*.json"):
            p.write_bytes(kept[p.name]) if p.name in kept else p.unlink()

    assert run(["new", "preferans", str(tmp_path / "f.json"), "--players", "A", "B", "C"])[0] == 0
    kept["f.json"] = (tmp_path / "f.json").read_bytes()
    pocket, _ = _pocket(tmp_path, refuse, back)
    body = json.dumps({"deal": "A 7S B:w C:p 7/3/0"}).encode()
    status, _, text = asyncio.run(pocket.handle(
        "POST", "/api/games/f/deals", [["content-type", "application/json"],
                                       ["accept-language", "ru"]], body))
    assert status == 507
    assert json.loads(text)["error"] == "Не сохранено: хранилище браузера не приняло запись; " \
                                        "игра осталась как была."
    assert (tmp_path / "f.json").read_bytes() == kept["f.json"]


def test_an_imported_game_file_is_checked_and_never_replaces_one(tmp_path):
    pocket, _ = _pocket(tmp_path)
    sample = (SAMPLES / "preferans-leningrad.json").read_text()

    def send(name: str, text: str):
        body = json.dumps({"name": name, "text": text}).encode()
        status, _, out = asyncio.run(pocket.handle(
            "POST", "/api/games/import", [["content-type", "application/json"]], body))
        return status, json.loads(out)

    assert send("friday night.json", sample) == (201, {"name": "friday-night"})
    assert send("friday night.json", sample) == (201, {"name": "friday-night-2"})
    assert (tmp_path / "friday-night-2.json").read_text() == sample
    status, err = send("broken.json", sample.replace('"preferans"', '"poker"', 1))
    assert status == 400 and "poker" in err["error"]
    assert not (tmp_path / "broken.json").exists()
    # a name from the phone is made a plain one here: no folder, no leading dot
    assert send("../../.secret/x y.JSON", sample) == (201, {"name": "secret-x-y"})
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "friday-night-2.json", "friday-night.json", "secret-x-y.json"]
    # and a file larger than a request may be is refused whole, nothing stored
    status, err = send("big.json", sample + " " * 70_000)
    assert status == 413 and not (tmp_path / "big.json").exists()


# -- in the browser ---------------------------------------------------------------------
class PocketPad(Pad):
    """The scorepad's taps (test_web_browser.Pad), on the pocket page."""

    def go_home(self) -> None:
        self.tap("header .home")
        wait_page(self.d, "/")

    def new_game(self, game: str, name: str, players, stake: str = "", preset: str = "") -> None:
        from selenium.webdriver.support.ui import Select

        Select(self.css("#ng-game")).select_by_value(game)
        for i, p in enumerate(players, 1):
            self.css(f"#ng-player-{i}").send_keys(p)
        if preset:
            Select(self.css("#ng-preset")).select_by_value(preset)
        if stake:
            self.css('input[name="stake"]').send_keys(stake)
        self.css("#ng-name").clear()
        self.css("#ng-name").send_keys(name)
        self.tap("#ng-create")
        wait_page(self.d, f"/g/{name}")
        self.wait(lambda: self.css("#form button", many=True), "the deal form")

    def timed_record(self, number: int) -> float:
        """Record, and the milliseconds from the tap to the page saying it is recorded."""
        el = self.css("#submit")
        self.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
        t0 = time.perf_counter()
        el.click()
        self.wait(lambda: f"Deal {number} " in self.d.execute_script(
            "return document.getElementById('flash').textContent"), f"deal {number}", 10)
        return (time.perf_counter() - t0) * 1000

    def game_file(self, name: str) -> str:
        status, text = app_get(self.d, f"/api/games/{name}")
        assert status == 200, text
        return text


def _title(d) -> str:
    """The deal form's heading as a screen reader says it (shown only while editing)."""
    return d.execute_script("return document.getElementById('entry-title').textContent")


def _notations(text: str) -> list[str]:
    game = whistscore.loads(text)
    return [game.notation(d) for d in game.deals]


def test_a_sochi_evening_offline_on_one_phone(site, tmp_path):
    host = StaticHost(site)
    origin = host.url.rstrip("/")
    profile, downloads, shots = tmp_path / "profile", tmp_path / "downloads", tmp_path / "shots"
    downloads.mkdir()
    seen = Requests()
    budgets: dict[str, object] = {}
    d = pocket_chrome(profile, downloads)
    try:
        pad = PocketPad(d, origin, shots)
        # the first visit: the service worker keeps the site, the worker starts Python
        d.get(host.url)
        budgets["first_visit_ms"] = round(wait_page(d, "/", 60))
        assert d.execute_script("return window.whistscorePocket.timings.serviceWorker") \
            == "installed"
        seen.read(d)
        # the first visit downloads the site whole (the service worker keeps every file)
        raw, packed = gzip_size(site, [origin + "/" + p.relative_to(site).as_posix()
                                       for p in site.rglob("*") if p.is_file()], origin)
        budgets["first_visit_transfer_bytes"] = raw
        budgets["first_visit_transfer_gzip_bytes"] = packed
        assert "What this page stores" in pad.text("#pocket-storage")
        pad.shot("pocket-games")
        # installable: Chromium finds nothing missing (manifest, icons, service worker)
        assert d.execute_cdp_cmd("Page.getInstallabilityErrors", {}) == {
            "installabilityErrors": []}
        assert d.execute_cdp_cmd("Page.getAppManifest", {})["errors"] == []

        # the first visit ends when the seldom-needed files are kept too (the second archive,
        # the club's SQLite: fetched right after Python is up, off the start's path)
        for after in json.loads((site / "pocket.json").read_text())["after"]:
            pad.wait(lambda: d.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "caches.match(new URL(arguments[0], location.href).href)"
                ".then((r) => done(!!r), () => done(false));", after), f"{after} kept", 30)
        # the network cut: from here on the static server is gone
        host.stop()
        pad.new_game("preferans", "friday", ["Anna", "Boris", "Vera"], stake="0.10",
                     preset="sochi")
        times = []
        # 1: Anna 7♠, Boris whists, Vera passes, 7 / 3 / 0
        pad.choose("declarer", "Anna")
        pad.choose("contract", 7)
        pad.tap('#form [data-key="contract"] .suits button[data-value=\'"S"\']')
        pad.status("Boris", "whist")
        pad.status("Vera", "pass")
        pad.tricks(Anna=7, Vera=0)   # the one whister holds the defence's rest: Boris 3
        pad.shot("pocket-entry")
        times.append(pad.timed_record(1))
        # 2: Boris misère, no trick
        pad.choose("_kind", "misere")
        pad.choose("declarer", "Boris")
        pad.choose("misere_tricks", 0)
        times.append(pad.timed_record(2))
        # 3: all-pass 4 / 2 / 4
        pad.choose("_kind", "allpass")
        pad.tricks(Anna=4, Boris=2)
        times.append(pad.timed_record(3))
        # 4: Vera 6♥, Anna passes, Boris half-whists
        pad.choose("declarer", "Vera")
        pad.choose("contract", 6)
        pad.tap('#form [data-key="contract"] .suits button[data-value=\'"H"\']')
        pad.status("Anna", "pass")
        pad.status("Boris", "half")
        times.append(pad.timed_record(4))
        # the first defender is offered no half-whist (issue 36: the game decides the form)
        pad.choose("declarer", "Boris")
        pad.choose("contract", 6)
        pad.tap('#form [data-key="contract"] .suits button[data-value=\'"C"\']')
        assert not pad.css('#form [data-key="whist"] .status-row[data-player="Vera"] '
                           'button[data-value=\'"half"\']', many=True)
        # a refused deal: the library's message at the field; nothing stored.  An old deal
        # being edited is judged by the engine: deal 4 with Anna (the first defender) half
        before = pad.game_file("friday")
        pad.tap('#live-deals button.edit[data-number="4"]')
        pad.status("Anna", "half")
        pad.tap("#submit")
        error = pad.wait(lambda: pad.text('#form [data-key="whist"] .field-error'),
                         "the refusal at the defenders' field")
        # the short sentence at the field, the CLI's message behind "details" (issue 22)
        assert error.startswith("Only the second defender may go for a half-whist.")
        assert "deal 4" in error and pad.game_file("friday") == before
        pad.tap("#cancel-edit")
        # 5: Boris 6♦ against two whisters, 5 / 2 / 3
        pad.choose("declarer", "Boris")
        pad.choose("contract", 6)
        pad.tap('#form [data-key="contract"] .suits button[data-value=\'"D"\']')
        pad.tricks(Anna=3, Boris=5)
        times.append(pad.timed_record(5))
        # 6: Anna 8NT, both pass
        pad.choose("declarer", "Anna")
        pad.choose("contract", 8)
        pad.tap('#form [data-key="contract"] .suits button[data-value=\'"NT"\']')
        pad.status("Boris", "pass")
        pad.status("Vera", "pass")
        times.append(pad.timed_record(6))
        assert _notations(pad.game_file("friday")) == [
            "Anna 7S Boris:w Vera:p 7/3/0", "Boris misere 0", "pass 4/2/4",
            "Vera 6H Anna:p Boris:h", "Boris 6D Vera:w Anna:w 5/2/3", "Anna 8NT Boris:p Vera:p"]
        budgets["deal_recorded_ms"] = [round(t) for t in times]

        # a reload with no network: the same page, the same deals, from the cache
        d.refresh()
        budgets["start_from_cache_reload_ms"] = round(wait_page(d, "/g/friday"))
        pad.wait(lambda: "Deals (6)" in pad.text(".deals h2"), "the stored deals")
        # undo (two taps) drops deal 6, the edit makes the misère caught with one trick
        pad.tap("#undo")
        pad.tap("#undo")
        # (tapped on the page drawn from storage: the undo waits for Python to be up)
        pad.wait(lambda: "Deal 6 dropped" in pad.flash(), "undo", 60)
        pad.tap('#live-deals button.edit[data-number="2"]')
        assert pad.text("#entry-title") == "Editing deal 2"
        assert pad.text('#form [data-key="misere_tricks"] button.on') == "0"
        pad.choose("misere_tricks", 1)
        pad.tap("#submit")
        pad.wait(lambda: "Deal 2 replaced" in pad.flash(), "the edit")
        assert _notations(pad.game_file("friday"))[1] == "Boris misere 1"
        assert len(_notations(pad.game_file("friday"))) == 5
        pad.shot("pocket-table", full=True)

        # export: the game file and the workbook (no share sheet here: downloads)
        pad.tap('.actions a[href$="?download=1"]')
        exported = pad.wait(lambda: next(downloads.glob("friday*.json"), None), "the file", 20)
        pad.tap('.actions a[href*="export.xlsx"]')
        book = pad.wait(lambda: next(downloads.glob("friday*.xlsx"), None), "the workbook", 30)
        time.sleep(0.5)
        assert exported.read_text(encoding="utf-8") == pad.game_file("friday")
        import openpyxl

        wb = openpyxl.load_workbook(book)
        assert "Anna" in " ".join(str(c.value) for ws in wb for row in ws.iter_rows()
                                  for c in row if c.value is not None)

        # settle on the page; the exported file settled by the command line says the same
        pad.tap('.actions a[href$="/settle"]')
        wait_page(d, "/g/friday/settle")
        page = pad.text("main")
        pad.shot("pocket-settle", full=True)
        code, out, _ = run(["settle", str(exported), "--json"])
        assert code == 0
        cli = json.loads(out)
        status, inside = app_get(d, "/api/games/friday/settle")
        assert status == 200 and json.loads(inside) == cli
        for t in cli["transfers"]:
            assert f"{t['from']} pays {t['to']} {t['amount']}" in page
        assert cli["transfers"]

        # the browser closed and opened again, still no network: the games are there
        seen.read(d)
        d.quit()
        d = pocket_chrome(profile, downloads)
        pad = PocketPad(d, origin, shots)
        d.get(host.url)   # as from the home screen: the last page it showed, from storage
        budgets["start_from_cache_restart_ms"] = round(wait_page(d, "/g/friday/settle"))
        assert d.execute_script("return location.hash") == "#/g/friday/settle"
        pad.go_home()
        assert "friday" in pad.text(".games") and "5 deals" in pad.text(".games")
        # the language switch is kept (the app's cookie, kept by the page) from page to page
        pad.tap('header .lang[lang="ru"]')   # the picker names each other language
        wait_page(d, "/?lang=ru")
        assert "Что хранит эта страница" in pad.text("#pocket-storage")
        pad.shot("pocket-games-ru")
        pad.tap('.games a[href="/g/friday"]')
        wait_page(d, "/g/friday")
        assert _title(d) == "Записать сдачу"   # said aloud (visually hidden until an edit)
        pad.tap('header .lang[lang="en"]')
        wait_page(d, "/g/friday?lang=en")
        assert _title(d) == "Record the deal"   # said aloud (visually hidden until an edit)
        # an exported file imported again is the same game, not a second one (issue 34)
        pad.go_home()
        pad.css("#pocket-import").send_keys(str(exported))
        wait_page(d, "/g/friday")
        status, listed = app_get(d, "/api/games")
        assert [g["name"] for g in json.loads(listed)] == ["friday"]
        # and another game file comes in by import, checked by the app, byte for byte
        pad.go_home()
        pad.css("#pocket-import").send_keys(str(SAMPLES / "preferans-leningrad.json"))
        wait_page(d, "/g/preferans-leningrad")
        assert pad.game_file("preferans-leningrad") == \
            (SAMPLES / "preferans-leningrad.json").read_text(encoding="utf-8")

        # a new version of the site on the host: it replaces the old one, the games stay
        newer = tmp_path / "site-v2"
        shutil.copytree(site, newer)
        old_version = json.loads((site / "pocket.json").read_text())["version"]
        sw = (newer / "sw.js").read_text()
        (newer / "sw.js").write_text(sw.replace(old_version, "v2-" + old_version[:8]))
        host = StaticHost(newer, host.port)
        d.get(host.url + "#/")
        d.refresh()   # a load of the page (a change of '#' alone is none): the update check
        wait_page(d, "/")
        caches = pad.wait(lambda: (lambda keys: keys if keys == [
            f"whistscore-pocket {host.url} v2-{old_version[:8]}"] else None)(d.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "caches.keys().then((k) => done(k.filter((n) => n.startsWith("
                "'whistscore-pocket '))), (e) => done([String(e)]));")),
            "the new version's cache alone", 60)
        host.stop()
        d.refresh()
        wait_page(d, "/")
        assert "preferans-leningrad" in pad.text(".games") and "5 deals" in pad.text(".games")
        assert pad.game_file("friday") == exported.read_text(encoding="utf-8")
        budgets["update"] = f"{old_version} -> {caches[0]}, games kept"
        seen.read(d)
    finally:
        host.stop()
        d.quit()
    (tmp_path / "pocket-budgets.json").write_text(json.dumps(budgets, indent=1))
    print("pocket budgets:", json.dumps(budgets))
    # nothing tried to leave the machine: every request the browser made went to the site
    assert seen.urls and not seen.outside(origin), seen.outside(origin)
    # the times are measured and written, not asserted: they move with the machine's load
    # (the speed targets live in benchmarks/pocket.py); what a deal costs is bounded here only
    # as far as every wait above is (10 s)


def test_twist_whist_and_danish_offline(site, tmp_path):
    host = StaticHost(site)
    origin = host.url.rstrip("/")
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    seen = Requests()
    d = pocket_chrome(tmp_path / "profile", downloads)
    try:
        pad = PocketPad(d, origin, tmp_path / "shots")
        d.get(host.url)
        wait_page(d, "/", 60)
        host.stop()
        pad.new_game("twist", "twist", ["Anna", "Boris", "Carl", "Dora"])
        pad.choose("declarer", "Anna")
        pad.choose("contract", 6)
        pad.tap('#form [data-key="contract"] .suits button[data-value=\'"H"\']')
        pad.tricks(Anna=4, Boris=2, Carl=4)
        pad.record(1)
        pad.wait(lambda: pad.css("#due", many=True), "the twist round to be due")
        pad.tricks(Anna=3, Boris=3, Carl=3)
        pad.record(2)
        assert _notations(pad.game_file("twist")) == ["Anna 6H 4/2/4/2", "round 3/3/3/3"]
        pad.shot("pocket-twist", full=True)

        pad.go_home()
        pad.new_game("whist", "rubber", ["Nell", "Ed", "Sue", "Walt"])
        pad.side("tricks", 8)
        pad.choose("honours", "NS4")
        pad.record(1)
        pad.choose("revoke", "both")
        pad.record(2)
        assert _notations(pad.game_file("rubber"))[1] == "void"
        pad.shot("pocket-whist", full=True)

        pad.go_home()
        pad.new_game("danish", "esmakker", ["Anna", "Boris", "Carl", "Dora"])
        pad.choose("declarer", "Anna")
        pad.choose("bid", 9)
        pad.choose("attachment", "good")
        pad.choose("partner", "Carl")
        pad.count("tricks", 10)
        pad.record(1)
        pad.choose("declarer", "Boris")
        pad.choose("bid", "nolo")
        pad.count("tricks", 0)
        pad.record(2)
        assert _notations(pad.game_file("esmakker")) == ["Anna 9 good Carl 10", "Boris nolo 0"]
        pad.shot("pocket-danish", full=True)

        # each settles in the browser exactly as the command line settles its file
        for name in ("twist", "rubber", "esmakker"):
            path = tmp_path / f"{name}.json"
            path.write_text(pad.game_file(name), encoding="utf-8")
            code, out, _ = run(["settle", str(path), "--json"])
            status, inside = app_get(d, f"/api/games/{name}/settle")
            assert code == 0 and status == 200 and json.loads(inside) == json.loads(out)
        pad.go_home()
        assert pad.text(".games").count("2 deals") == 3
        seen.read(d)
    finally:
        host.stop()
        d.quit()
    assert seen.urls and not seen.outside(origin), seen.outside(origin)


# -- opens at once (issue 33): the last page from storage, Record waits for Python -------
def _start_state(d) -> dict:
    return d.execute_script(
        "const e = document.documentElement.dataset;"
        "return {page: e.page || null, kept: e.kept || null, ready: e.ready || null,"
        " failed: e.failed || null, deals: (document.querySelector('.deals h2') || {}).textContent,"
        " sheet: !!document.querySelector('#live .sheet, #live svg, #live table')};")


def _wait_start(d, path: str, timeout: float = 30.0) -> dict:
    """The first state of a start in which the page ``path`` is drawn (polled fast)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = _start_state(d)
        assert not state["failed"], state
        if state["page"] == path:
            return state
        time.sleep(0.01)
    raise AssertionError(f"waited {timeout} s for {path}: {_start_state(d)}")


@contextlib.contextmanager
def first_visit(site, tmp_path, width: int = 390, height: int = 844, timeout: float = 60):
    """The built site served here and opened for the first time in a fresh Chromium of
    ``width`` x ``height`` (profile, downloads and screenshots under ``tmp_path``), its home
    page drawn: yields (host, origin, driver, pad, the requests seen, read by the test); the
    host stopped and the browser closed after."""
    host = StaticHost(site)
    origin = host.url.rstrip("/")
    (tmp_path / "shots").mkdir()
    d = pocket_chrome(tmp_path / "profile", tmp_path / "downloads", width, height)
    try:
        pad = PocketPad(d, origin, tmp_path / "shots")
        d.get(host.url)
        wait_page(d, "/", timeout)
        yield host, origin, d, pad, Requests()
    finally:
        host.stop()
        d.quit()


def test_a_warm_start_draws_the_last_page_at_once_and_record_waits_for_python(site, tmp_path):
    with first_visit(site, tmp_path) as (host, origin, d, pad, seen):
        d.set_script_timeout(60)
        d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "(async () => { const t = window.whistscorePocket.transport;"
            " await t('POST', '/api/games', {name: 'quick', game: 'preferans',"
            " players: ['Anna', 'Boris', 'Vera']});"
            " for (let i = 0; i < 3; i++) await t('POST', '/api/games/quick/deals',"
            " {deal: 'pass 4/3/3'});"
            " done(); })()")
        d.execute_script("window.whistscorePocket.go('/g/quick')")
        wait_page(d, "/g/quick")
        pad.wait(lambda: "Deals (3)" in pad.text(".deals h2"), "the three deals")
        kept = pad.wait(lambda: d.execute_script(
            "return window.whistscorePocket.store.load()"), "the page kept")
        assert kept["url"] == "/g/quick" and "Deals (3)" in kept["html"]
        host.stop()   # the network cut: the start is the service worker's and the storage's

        # a reload: the sheet is there before Python is up, from the kept page (Python held
        # back until the taps are made: pocket.js's test seam, whatever the machine's speed)
        d.execute_script("sessionStorage.setItem('whistscore-pocket-hold', '1')")
        d.refresh()
        state = _wait_start(d, "/g/quick")
        assert state["kept"] == "1" and state["ready"] is None, state
        assert state["sheet"] and "Deals (3)" in state["deals"], state
        t = d.execute_script("return window.whistscorePocket.timings")
        assert "ready" not in t and t["kept"] < 1500, t
        # drawn styled, with no style sheet asked for: they are in index.html
        assert d.execute_script("return [...document.styleSheets].filter(s => s.href).length"
                                ) == 0
        assert d.execute_script("return getComputedStyle(document.body).backgroundColor"
                                ) == "rgb(251, 248, 241)"   # app.css's paper
        pad.shot("pocket-kept-before-python")
        # the deal is entered and Record tapped while Python still starts (once the page's
        # own scripts run: api.js first, a few milliseconds after the page is drawn)
        pad.wait(lambda: d.execute_script("return document.documentElement.dataset.scripts")
                 == "/g/quick", "the kept page's scripts")
        pad.choose("_kind", "allpass")
        pad.tricks(Anna=4, Boris=3)
        assert d.execute_script("return document.documentElement.dataset.ready") is None
        pad.tap("#submit")
        time.sleep(0.5)
        assert d.execute_script("return document.documentElement.dataset.ready") is None
        assert "Deal 4 " not in pad.flash()
        d.execute_script("sessionStorage.removeItem('whistscore-pocket-hold');"
                         "window.whistscorePocket.release()")
        # once Python is up the tap records, once, and the taps were kept
        pad.wait(lambda: "Deal 4 " in pad.flash(), "deal 4 recorded after the start", 60)
        assert _notations(pad.game_file("quick")) == ["pass 4/3/3"] * 3 + ["pass 4/3/3"]
        pad.wait(lambda: "Deals (4)" in pad.text(".deals h2"), "the new deal drawn")
        t = d.execute_script("return window.whistscorePocket.timings")
        assert t["kept"] < t["ready"], t
        assert t.get("redrawn") is None, t   # the page tapped on was not drawn again under it
        # the kept page follows the game at once: a start right after the answer (no time for
        # the kept copy to be redrawn) draws four deals, from the live view noted with it
        d.refresh()
        state = _wait_start(d, "/g/quick")
        assert state["kept"] == "1" and "Deals (4)" in state["deals"], state
        pad.wait(lambda: d.execute_script("return document.documentElement.dataset.ready"),
                 "Python up", 60)
        pad.wait(lambda: "Deals (4)" in (d.execute_script(
            "return window.whistscorePocket.store.load()") or {}).get("html", ""),
            "the kept page updated", 10)

        # opened from the home screen (no address after '#'): the last page it showed
        d.get(host.url)
        state = _wait_start(d, "/g/quick")
        assert state["kept"] == "1" and "Deals (4)" in state["deals"], state
        assert d.execute_script("return location.hash") == "#/g/quick"
        wait_page(d, "/g/quick")
        pad.wait(lambda: d.execute_script("return document.documentElement.dataset.ready"),
                 "Python up", 60)

        # a change the live view does not describe (an undo by the API): the kept page is
        # stale at once, and the next start waits for the app rather than draw it
        d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "window.whistscorePocket.transport('DELETE', '/api/games/quick/deals/last',"
            " {expect: 4}).then(([s]) => done(s));")
        d.execute_script("sessionStorage.setItem('whistscore-pocket-hold', '1')")
        d.refresh()
        time.sleep(1)
        state = _start_state(d)
        assert state["kept"] is None and state["page"] is None and state["ready"] is None, state
        d.execute_script("sessionStorage.removeItem('whistscore-pocket-hold');"
                         "window.whistscorePocket.release()")
        wait_page(d, "/g/quick", 60)
        assert "Deals (3)" in _start_state(d)["deals"]
        pad.wait(lambda: "Deals (3)" in (d.execute_script(
            "return window.whistscorePocket.store.load()") or {}).get("html", ""),
            "the kept page asked again", 10)

        # a page kept by another version of the site is dropped, not drawn
        d.execute_script(
            "const s = window.whistscorePocket.store; const k = s.load();"
            "localStorage.setItem(s.key, JSON.stringify(Object.assign(k, {version: 'older'})));")
        d.refresh()
        wait_page(d, "/g/quick", 60)
        state = _start_state(d)
        assert state["kept"] is None and state["ready"] == "1", state
        assert "Deals (3)" in state["deals"]
        seen.read(d)
    assert seen.urls and not seen.outside(origin), seen.outside(origin)


# -- at a link (issue 33): the workflow, the wheel under pip and uv, Node missing -----------
ROOT = Path(__file__).resolve().parent.parent


def test_the_pages_workflow_deploys_a_tagged_release_built_as_ci_builds_it():
    import yaml

    flow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text())
    on = flow.get("on", flow.get(True))   # YAML 1.1 reads a bare `on` as true
    assert on["push"]["tags"] == ["v*"]
    assert flow["permissions"]["pages"] == "write" and flow["permissions"]["id-token"] == "write"
    build = flow["jobs"]["build"]["steps"]
    runs = [s["run"] for s in build if "run" in s]
    assert runs == [".ci/pocket-build _site"]
    node = next(s for s in build if s.get("uses", "").startswith("actions/setup-node"))
    assert int(node["with"]["node-version"]) >= 20
    upload = next(s for s in build if s.get("uses", "").startswith(
        "actions/upload-pages-artifact"))
    assert upload["with"]["path"] == "_site"
    deploy = flow["jobs"]["deploy"]
    assert deploy["needs"] == "build" and deploy["environment"]["name"] == "github-pages"
    assert any(s.get("uses", "").startswith("actions/deploy-pages") for s in deploy["steps"])
    # the same script in CI: a green CI means the published site builds
    ci = (ROOT / ".ci" / "run").read_text()
    assert [line for line in ci.splitlines() if line.startswith(".ci/pocket-build ")]
    script = (ROOT / ".ci" / "pocket-build").read_text()
    assert "pip wheel" in script and "pocket build" in script


def test_without_node_the_build_says_what_it_needs_in_one_sentence(tmp_path, monkeypatch):
    from whistscore.errors import InputError
    from whistscore.pocket.build import NEEDS_NODE, build

    empty = tmp_path / "bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))           # no node, no npm
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))   # npm would be needed
    with pytest.raises(InputError) as caught:
        build(tmp_path / "out")
    assert str(caught.value.reason if hasattr(caught.value, "reason") else caught.value) \
        .startswith(NEEDS_NODE)
    assert "sudo apt install nodejs npm" in NEEDS_NODE and NEEDS_NODE.count(". ") == 0
    assert not (tmp_path / "out").exists()


def _pocket_cache(tmp_path: Path) -> Path:
    """A fresh cache holding Pyodide's npm folder only (no download of it again), so the
    wheels are fetched by the installed build's own pip, or uv's."""
    import os

    from whistscore.pocket.build import _cache, pyodide_folder

    pyodide_folder()   # the pinned npm package, into the usual cache if it is not there
    cache = tmp_path / "cache"
    (cache / "whistscore").mkdir(parents=True)
    src = _cache()
    for npm in src.glob("npm-*"):
        os.symlink(npm, cache / "whistscore" / "pocket" / npm.name) if (
            cache / "whistscore" / "pocket").is_dir() else (
            (cache / "whistscore" / "pocket").mkdir(), os.symlink(npm, cache / "whistscore"
                                                           / "pocket" / npm.name))
    return cache


def test_the_site_builds_from_an_installed_wheel_under_pip_and_under_uv(tmp_path):
    import os
    import subprocess
    import sys

    wheels = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels),
                    str(ROOT)], check=True, capture_output=True, timeout=600)
    wheel = next(wheels.glob("whistscore-*.whl"))
    uv = shutil.which("uv") or str(Path(sys.executable).with_name("uv"))
    assert Path(uv).is_file(), "uv is missing: pip install uv (the test extra has it)"
    outside = tmp_path / "elsewhere"   # not the checkout: the wheel's code alone
    outside.mkdir()
    sizes = {}
    for tool in ("pip", "uv"):
        venv = tmp_path / f"venv-{tool}"
        if tool == "pip":
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
            install = [str(venv / "bin" / "pip"), "install", "-q", str(wheel)]
        else:
            subprocess.run([uv, "venv", "-q", "--python", sys.executable, str(venv)],
                           check=True, timeout=300)
            install = [uv, "pip", "install", "-q", "--python", str(venv / "bin" / "python"),
                       str(wheel)]
        subprocess.run(install, check=True, capture_output=True, timeout=900)
        if tool == "uv":   # a uv environment has no pip: the build must do without it
            assert subprocess.run([str(venv / "bin" / "python"), "-c", "import pip"],
                                  capture_output=True).returncode != 0
        env = dict(os.environ, XDG_CACHE_HOME=str(_pocket_cache(tmp_path / tool)),
                   PATH=os.pathsep.join([str(venv / "bin"), str(Path(uv).parent),
                                         os.environ.get("PATH", "")]),
                   VIRTUAL_ENV=str(venv), PYTHONPATH="")
        out = tmp_path / f"site-{tool}"
        done = subprocess.run([str(venv / "bin" / "whistscore"), "pocket", "build", str(out)],
                              cwd=outside, env=env, capture_output=True, text=True, timeout=1200)
        assert done.returncode == 0, done.stderr
        manifest = json.loads((out / "pocket.json").read_text())
        assert (out / manifest["python"]).is_file() and (out / "index.html").is_file()
        assert any(n.startswith("markupsafe-") for n in manifest["built_from"])
        sizes[tool] = sorted(p.relative_to(out).as_posix() for p in out.rglob("*"))
    assert sizes["pip"] == sizes["uv"]


def test_the_laptops_scorepad_shows_the_one_phone_address(tmp_path):
    import signal

    from serve_support import read_until, start_serve
    from starlette.testclient import TestClient

    from whistscore.pocket import ADDRESS
    from whistscore.web.app import create_app

    assert ADDRESS.startswith("https://") and ADDRESS.endswith("/")
    with TestClient(create_app(tmp_path, token="t"), base_url="http://127.0.0.1") as c:
        c.get("/join?token=t")   # a phone at the table, by the join address
        en, ru = c.get("/"), c.get("/?lang=ru")
    assert f'<a href="{ADDRESS}">' in en.text and "The scorepad on one phone" in en.text
    assert "Запись на одном телефоне" in ru.text
    pocket, _ = _pocket(tmp_path)   # the one-phone site itself does not point to itself
    status, _, body = asyncio.run(pocket.handle("GET", "/", [], b""))
    assert status == 200 and ADDRESS not in body.decode()
    proc, _port = start_serve(tmp_path, "--host", "0.0.0.0")   # the QR's start, in the terminal
    try:
        text = read_until(proc, "Ctrl+C")
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(10)
    assert f"the scorepad on one phone: {ADDRESS}" in text


# -- Python from a memory snapshot (issue 33) ---------------------------------------------
SNAPSHOT_KEYS = (
    "const done = arguments[arguments.length - 1];"
    "(async () => { const out = [];"
    " for (const name of await caches.keys()) { if (!name.startsWith('whistscore-pocket-snapshot')) continue;"
    "  const c = await caches.open(name);"
    "  for (const r of await c.keys()) { const b = await (await c.match(r)).arrayBuffer();"
    "   out.push([name, new URL(r.url).pathname, b.byteLength]); } }"
    " return out; })().then(done, (e) => done([String(e)]));")


def _ready(d, pad) -> dict:
    pad.wait(lambda: d.execute_script("return document.documentElement.dataset.ready"),
             "Python up", 90)
    return d.execute_script("return window.whistscorePocket.timings.steps")


def test_python_starts_from_a_snapshot_made_at_the_first_start_or_the_plain_way(site, tmp_path):
    host = StaticHost(site)
    origin = host.url.rstrip("/")
    version = json.loads((site / "pocket.json").read_text())["version"]
    seen = Requests()
    d = pocket_chrome(tmp_path / "profile", tmp_path / "downloads")
    try:
        pad = PocketPad(d, origin, tmp_path / "shots")
        d.get(host.url)
        wait_page(d, "/", 90)
        assert _ready(d, pad)["how"] == "plain, snapshot made"
        d.set_script_timeout(60)
        d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "(async () => { const t = window.whistscorePocket.transport;"
            " await t('POST', '/api/games', {name: 'snap', game: 'preferans',"
            " players: ['Anna', 'Boris', 'Vera']});"
            " await t('POST', '/api/games/snap/deals', {deal: 'Anna 7S Boris:w Vera:p 7/3/0'});"
            " done(); })()")
        kept = pad.wait(lambda: d.execute_async_script(SNAPSHOT_KEYS), "the snapshot kept", 30)
        assert [k[1] for k in kept] == [f"/snapshot/{version}"] and kept[0][2] > 10 * MB
        host.stop()

        def first_page(expect: str) -> str:
            d.get(host.url + "#/g/snap")
            d.refresh()   # a new start (a change of '#' alone is none)
            steps = _ready(d, pad)
            assert steps["how"] == expect, steps
            wait_page(d, "/g/snap")
            pad.wait(lambda: "Deals (1)" in pad.text(".deals h2"), "the game")
            return pad.text("main")

        plain = first_page("snapshot")   # the second start: from the copy
        # a copy that does not load: dropped, the plain start, the same page, a new copy
        d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "(async () => { for (const name of await caches.keys()) {"
            "  if (!name.startsWith('whistscore-pocket-snapshot')) continue;"
            "  const c = await caches.open(name);"
            "  for (const r of await c.keys()) await c.put(r, new Response(new Uint8Array(64)));"
            "  await c.put(new URL('snapshot/older-version', location.href).href,"
            "              new Response(new Uint8Array(64))); }"
            "})().then(done, done);")
        assert len(d.execute_async_script(SNAPSHOT_KEYS)) == 2
        assert first_page("plain (the snapshot did not load)") == plain
        kept = pad.wait(lambda: (lambda k: k if k and k[0][2] > 10 * MB else None)(
            d.execute_async_script(SNAPSHOT_KEYS)), "a new snapshot", 30)
        # a site of another version left a copy: dropped at the next start
        d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "caches.open(arguments[0]).then((c) => c.put(new URL('snapshot/older-version',"
            " location.href).href, new Response(new Uint8Array(64)))).then(done, done);",
            kept[0][0])
        assert len(d.execute_async_script(SNAPSHOT_KEYS)) == 2
        assert first_page("snapshot") == plain
        assert [k[1] for k in d.execute_async_script(SNAPSHOT_KEYS)] == [f"/snapshot/{version}"]
        seen.read(d)
    finally:
        host.stop()
        d.quit()
    assert seen.urls and not seen.outside(origin), seen.outside(origin)
