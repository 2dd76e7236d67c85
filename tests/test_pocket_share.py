"""The one-phone site never loses a game and shares one without a server (issue 34,
docs/pocket.md "Backup", "A game as a link"): delete with undo, one backup zip that is a
club folder, restore byte for byte, import as large as the CLI takes, refusals in the
page's language, a game as a link and its QR code.

The folder work (whistscore.pocket.keep, pages) is tested under CPython here, as the
worker runs it; the browser tests at the end run it in headless Chromium, two phones
being two browser profiles, every outside address blocked.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import re
import secrets
import shutil
import time
import zipfile
from pathlib import Path

import pytest
from whistscore.errors import InputError

from clirun import run

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def _pocket(folder: Path):
    from whistscore.pocket.runtime import Pocket

    async def ok() -> None:
        pass

    return Pocket(str(folder), ok, ok)


def ask(pocket, method: str, url: str, body: bytes = b"", lang: str = "en",
        site: str = "https://cards.example/") -> tuple[int, dict[str, str], bytes]:
    status, headers, data = asyncio.run(pocket.handle(
        method, url, [["accept-language", lang], ["x-pocket-site", site]], body))
    return status, dict(headers), data


def sixty_deals(folder: Path, name: str = "friday") -> Path:
    """A 60-deal Sochi evening as the scorepad writes it: each deal with its id and the
    minute it was recorded (what makes a real file compress worst)."""
    pocket = _pocket(folder)
    h = [["content-type", "application/json"]]
    new = {"name": name, "game": "preferans", "players": ["Alexei", "Marina", "Pavel"],
           "rules": {"preset": "sochi", "pulya": 100}, "stake": "0.10", "currency": "EUR"}
    assert asyncio.run(pocket.handle("POST", "/api/games", h, json.dumps(new).encode()))[0] == 201
    ring = ["Alexei", "Marina", "Pavel"]
    for i in range(60):
        a, b, c = ring[i % 3], ring[(i + 1) % 3], ring[(i + 2) % 3]
        deal = [f"{a} 6S {b}:w {c}:p 6/3/1", "pass 3/3/4", f"{a} 7H {b}:w {c}:w 7/2/1",
                f"{a} misere 0", f"{a} 8D {b}:p {c}:p", "pass 2/5/3"][i % 6]
        body = json.dumps({"deal": deal, "id": secrets.token_hex(8)}).encode()
        status, _, text = asyncio.run(pocket.handle("POST", f"/api/games/{name}/deals", h, body))
        assert status in (200, 201), text
    path = folder / f"{name}.json"
    n = iter(range(1000))

    def minute(_: object) -> str:
        s = 19 * 3600 + next(n) * 157   # a deal every 2-3 minutes from 19:00
        return '"at": "2026-03-06T%02d:%02d:%02d+00:00"' % (s // 3600, s // 60 % 60, s % 60)

    text = re.sub(r'"at": "[^"]+"', minute, path.read_text())
    path.write_text(text)
    assert run(["check", str(path)])[0] == 0
    return path


def big_game(path: Path, size: int = 1_000_000) -> str:
    """A valid game file of more than ``size`` bytes (all-passes with long notes that
    do not compress)."""
    src = json.loads((SAMPLES / "preferans-sochi.json").read_text())
    src["rules"] = {"preset": "sochi", "pulya": 100000}
    src["deals"] = [{"contract": "allpass", "tricks": {"Alexei": 3, "Marina": 4, "Pavel": 3},
                     "note": secrets.token_hex(225)} for _ in range(size // 500 + 50)]
    text = json.dumps(src, ensure_ascii=False, indent=1)
    path.write_text(text)
    assert len(text.encode()) > size
    return text


# -- under CPython ------------------------------------------------------------------------
def test_delete_then_undo_brings_the_same_file_back(tmp_path):
    from whistscore.pocket import keep

    shutil.copy(SAMPLES / "preferans-sochi.json", tmp_path / "sochi.json")
    before = (tmp_path / "sochi.json").read_bytes()
    p = _pocket(tmp_path)
    status, _, data = ask(p, "POST", "/pocket/delete/sochi")
    assert status == 200 and not (tmp_path / "sochi.json").exists()
    entry = json.loads(data)["entry"]
    # the games list no longer has it; the storage page offers it back
    assert "sochi" not in json.dumps(json.loads(ask(p, "GET", "/api/games")[2]))
    page = ask(p, "GET", "/pocket/keep")[2].decode()
    assert f'data-entry="{entry}"' in page
    status, _, data = ask(p, "POST", f"/pocket/undo/{entry}")
    assert (status, json.loads(data)) == (200, {"name": "sochi"})
    assert (tmp_path / "sochi.json").read_bytes() == before
    # an entry undone (or never made) cannot be undone again: said in the page's language
    status, _, data = ask(p, "POST", f"/pocket/undo/{entry}", lang="ru")
    assert status == 404 and json.loads(data)["message"] == \
        "Эта партия больше не хранится: вернуть её нельзя."
    # a game deleted while one of its name appeared comes back beside it, never over it
    entry = keep.delete(tmp_path, "sochi", now=1000.0)
    shutil.copy(SAMPLES / "preferans-rostov.json", tmp_path / "sochi.json")
    assert keep.undo(tmp_path, entry) == "sochi-2"
    assert (tmp_path / "sochi-2.json").read_bytes() == before
    # kept for a week, then gone
    entry = keep.delete(tmp_path, "sochi-2", now=1000.0)
    assert [e for e, _, _ in keep.deleted(tmp_path, now=1000.0 + keep.KEEP_DELETED - 1)] == [entry]
    assert keep.deleted(tmp_path, now=1000.0 + keep.KEEP_DELETED + 1) == []
    with pytest.raises(InputError):
        keep.undo(tmp_path, entry)
    assert ask(p, "POST", "/pocket/delete/nothing-here")[0] == 404


def test_a_backup_is_a_club_folder_and_restores_byte_for_byte(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    for f in ("preferans-sochi.json", "preferans-leningrad.json", "whist-english-session.json"):
        shutil.copy(SAMPLES / f, a / f)
    pa = _pocket(a)
    status, headers, data = ask(pa, "GET", "/pocket/backup.zip")
    assert status == 200 and headers["content-type"] == "application/zip"
    assert 'filename="whistscore-games-' in headers["content-disposition"]
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert sorted(z.namelist()) == sorted(p.name for p in a.glob("*.json"))
        for name in z.namelist():
            assert z.read(name) == (a / name).read_bytes()
        z.extractall(tmp_path / "unzipped")
    # the CLI reads the unzipped backup as a club folder: the same standings as the games
    shutil.copytree(a, tmp_path / "original")
    code, out, err = run(["club", str(tmp_path / "unzipped"), "--json"])
    assert code == 0, err
    assert run(["club", str(tmp_path / "original"), "--json"])[1] == out
    assert "Alexei" in out and "Marina" in out and json.loads(out)
    # restored on a new phone: the same files, byte for byte; restored twice, nothing new
    pb = _pocket(b)
    status, _, said = ask(pb, "POST", "/pocket/restore", data)
    assert status == 201 and json.loads(said)["said"] == "Restored: 3 new games, 0 already here."
    assert {p.name: p.read_bytes() for p in b.glob("*.json")} == \
        {p.name: p.read_bytes() for p in a.glob("*.json")}
    status, _, said = ask(pb, "POST", "/pocket/restore", data, lang="ru")
    assert json.loads(said)["said"] == "Восстановлено: новых партий — 0, уже были здесь — 3."
    assert len(list(b.glob("*.json"))) == 3


def test_a_bad_backup_is_refused_whole_in_the_pages_language(tmp_path):
    p = _pocket(tmp_path)
    status, _, data = ask(p, "POST", "/pocket/restore", b"PK not really", lang="ru")
    assert status == 400 and json.loads(data)["message"] == "Это не резервная копия: это не zip-файл."
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("good.json", (SAMPLES / "preferans-sochi.json").read_text())
        z.writestr("bad.json", '{"format": "whistscore", "version": 1, "game": "poker"}')
    status, _, data = ask(p, "POST", "/pocket/restore", out.getvalue(), lang="ru")
    assert status == 400
    assert json.loads(data)["message"] == \
        "Ничего не восстановлено: bad.json в архиве — не файл партии."
    assert list(tmp_path.glob("*.json")) == []   # not even the good one
    # a zip bomb's promise is refused before it is inflated
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("huge.json", b" " * (65 * 1024 * 1024))
    status, _, data = ask(p, "POST", "/pocket/restore", out.getvalue())
    assert status == 400 and json.loads(data)["message"] == \
        "This backup is too large for this phone."


def test_an_import_as_large_as_the_cli_takes_and_refusals_in_russian(tmp_path):
    folder = tmp_path / "phone"
    folder.mkdir()
    text = big_game(tmp_path / "big.json")
    assert run(["settle", str(tmp_path / "big.json")])[0] == 0   # the CLI takes it
    p = _pocket(folder)
    status, _, data = ask(p, "POST", "/pocket/import?name=big.json", text.encode())
    assert (status, json.loads(data)) == (201, {"name": "big", "already": False})
    assert (folder / "big.json").read_text() == text
    # the same file again is the same game, not a second one
    status, _, data = ask(p, "POST", "/pocket/import?name=copy.json", text.encode())
    assert json.loads(data) == {"name": "big", "already": True}
    status, _, data = ask(p, "POST", "/pocket/import?name=x.json",
                          b'{"format": "whistscore", "version": 1, "game": "poker"}', lang="ru")
    said = json.loads(data)["message"]
    assert status == 400 and re.search("[а-яё]", said) and "poker" not in said, said
    status, _, data = ask(p, "POST", "/pocket/import?name=x.json", b"\xff\xfe", lang="ru")
    assert json.loads(data)["message"] == "Это не файл партии: в нём не текст."
    assert sorted(q.name for q in folder.glob("*.json")) == ["big.json"]


def test_a_sixty_deal_game_is_a_link_in_one_qr_code(tmp_path):
    import zxingcpp
    from PIL import Image

    import segno

    from whistscore.pocket import keep
    from whistscore.pocket.pages import qr_svg

    path = sixty_deals(tmp_path)
    data = path.read_bytes()
    assert len(data) > 10_000
    p = _pocket(tmp_path)
    status, _, page = ask(p, "GET", "/pocket/share/friday")
    html = page.decode()
    link = re.search(r'data-link="([^"]+)"', html).group(1)
    assert link.startswith("https://cards.example/#/s/") and link.endswith("?n=friday")
    assert keep.unpack(link.split("#/s/", 1)[1][:-len("?n=friday")]) == data
    print(f"60 deals: file {len(data)} B, link {len(link)} characters")
    assert '<svg role="img"' in html and "pocket-no-qr" not in html
    # the code drawn is the link: made again by segno as a picture, read by zxing-cpp
    code = segno.make(link, error="l", micro=False, boost_error=False)
    out = io.BytesIO()
    code.save(out, kind="png", scale=4, border=4)
    # QR codes only: another format's reader may find a stray "barcode" in the modules
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(out.getvalue())),
                                   formats=zxingcpp.BarcodeFormat.QRCode)
    assert [r.text for r in found] == [link]
    assert qr_svg(link) is not None and qr_svg("x" * 3000) is None
    # a game too long for one code says so, and still offers the link
    big_game(tmp_path / "long.json", 300_000)
    status, _, page = ask(p, "GET", "/pocket/share/long")
    assert status == 200 and "pocket-no-qr" in page.decode()


def test_a_link_opened_twice_is_one_game_and_a_bad_link_says_so(tmp_path):
    from whistscore.pocket import keep

    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    data = sixty_deals(a).read_bytes()
    link = keep.pack(data)
    pb = _pocket(b)
    status, _, page = ask(pb, "GET", f"/s/{link}")
    assert status == 200 and "Keep it here" in page.decode() and "pocket-here" not in page.decode()
    assert list(b.glob("*.json")) == []   # looking stores nothing
    status, _, first = ask(pb, "POST", "/pocket/adopt?name=friday", link.encode())
    status, _, again = ask(pb, "POST", "/pocket/adopt?name=other", link.encode())
    assert json.loads(first) == {"name": "friday", "already": False}
    assert json.loads(again) == {"name": "friday", "already": True}
    assert [q.read_bytes() for q in b.glob("*.json")] == [data]
    assert 'id="pocket-here"' in ask(pb, "GET", f"/s/{link}")[2].decode()
    # a cut link, in Russian on the Russian page; a link that inflates past the bound
    status, _, page = ask(pb, "GET", f"/s/{link[:200]}", lang="ru")
    assert status == 400 and "В этой ссылке нет партии: возможно, она обрезана." in page.decode()
    bomb = keep.pack(b" " * (keep.MAX_FILE_BYTES + 10))
    with pytest.raises(Exception, match="link"):
        keep.unpack(bomb)


# -- in the browser: two phones are two profiles of headless Chromium ----------------------
@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    from whistscore.pocket.build import build

    return build(tmp_path_factory.mktemp("pocket") / "site")


class Phone:
    """One phone: a browser profile of its own (its own storage) on the site."""

    def __init__(self, host, root: Path, name: str) -> None:
        from pocket_support import Requests, pocket_chrome

        self.host = host
        self.downloads = root / f"{name}-downloads"
        self.downloads.mkdir()
        self.shots = root / "shots"
        self.shots.mkdir(exist_ok=True)
        self.name = name
        self.seen = Requests()
        self.d = pocket_chrome(root / f"{name}-profile", self.downloads)

    def open(self, url: str, path: str) -> None:
        from pocket_support import wait_page

        self.d.get(url)
        wait_page(self.d, path, 90)

    def go(self, path: str) -> None:
        from pocket_support import wait_page

        self.d.execute_script("window.whistscorePocket.go(arguments[0])", path)
        wait_page(self.d, path, 30)

    def css(self, selector: str, many: bool = False):
        from selenium.webdriver.common.by import By

        found = self.d.find_elements(By.CSS_SELECTOR, selector)
        if many:
            return found
        assert found, f"nothing on the page matches {selector}"
        return found[0]

    def tap(self, selector: str) -> None:
        el = self.css(selector)
        self.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
        el.click()

    def wait(self, check, what: str, timeout: float = 20.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                got = check()
            except Exception:  # noqa: BLE001 - the page is being redrawn
                got = None
            if got:
                return got
            time.sleep(0.1)
        raise AssertionError(f"waited {timeout} s for {what}")

    def text(self, selector: str) -> str:
        return self.d.execute_script(
            "const e = document.querySelector(arguments[0]); return e && !e.hidden ? "
            "e.textContent.trim() : ''", selector)

    def choose_file(self, selector: str, path: Path) -> None:
        from selenium.common.exceptions import StaleElementReferenceException

        for attempt in range(5):  # the page may be redrawn meanwhile
            try:
                el = self.css(selector)
                self.d.execute_script("arguments[0].hidden = false", el)
                el.send_keys(str(path))   # chosen: never again (the page may redraw now)
                return
            except StaleElementReferenceException:
                if attempt == 4:
                    raise
                time.sleep(0.3)

    def files(self) -> dict[str, bytes]:
        """Every game on this phone, byte for byte, as the app reads them."""
        from pocket_support import app_get

        status, text = app_get(self.d, "/api/games")
        assert status == 200, text
        out = {}
        for g in json.loads(text):
            out[g["name"]] = self.file(g["name"])
        return out

    def file(self, name: str) -> bytes:
        got = self.d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "window.whistscorePocket.ask('GET', '/api/games/' + arguments[0], []).then("
            " (r) => done([r.status, Array.from(r.body)]), (e) => done([0, String(e)]));", name)
        assert got[0] == 200, got
        return bytes(got[1])

    def shot(self, name: str) -> Path:
        """A screenshot in the test's folder (and in $POCKET_SHOTS when set, to look at)."""
        path = self.shots / f"{name}.png"
        self.d.save_screenshot(str(path))
        if os.environ.get("POCKET_SHOTS"):
            Path(os.environ["POCKET_SHOTS"]).mkdir(parents=True, exist_ok=True)
            shutil.copy(path, Path(os.environ["POCKET_SHOTS"]) / path.name)
        return path

    def lang(self, lang: str, path: str) -> None:
        """Switch the page's language with its own switch, staying on ``path``."""
        self.go(f"{path}{'&' if '?' in path else '?'}lang={lang}")
        self.go(path)

    def close(self) -> None:
        self.seen.read(self.d)
        outside = self.seen.outside(self.host.url.rstrip("/"))
        self.d.quit()
        assert outside == [], outside


def test_a_game_link_made_on_one_phone_opens_on_another(site, tmp_path):
    import zxingcpp
    from PIL import Image
    from pocket_support import StaticHost

    (tmp_path / "made").mkdir()
    sixty = sixty_deals(tmp_path / "made")
    host = StaticHost(site)
    a = Phone(host, tmp_path, "a")
    b = None
    try:
        a.open(host.url, "/")
        a.choose_file("#pocket-import", sixty)
        a.wait(lambda: a.d.execute_script(
            "return document.documentElement.dataset.page") == "/g/friday", "the imported game")
        kept_on_a = a.file("friday")
        assert kept_on_a == sixty.read_bytes()
        # the game's Share button: the QR code, which a camera reads as the link
        a.tap("#pocket-share-link")
        a.wait(lambda: a.css("#pocket-qr svg", many=True), "the QR code")
        link = a.css("#pocket-send").get_attribute("data-link")
        assert link.startswith(host.url + "#/s/")
        qr = a.css("#pocket-qr")
        png = tmp_path / "qr.png"
        png.write_bytes(qr.screenshot_as_png)
        found = zxingcpp.read_barcodes(Image.open(png), formats=zxingcpp.BarcodeFormat.QRCode)
        assert [r.text for r in found] == [link]
        a.shot("share-en")
        a.lang("ru", "/pocket/share/friday")
        assert "Эта партия — ссылкой" in a.text("h1")
        a.shot("share-ru")

        # phone B opens the link: read-only, nothing stored until asked
        b = Phone(host, tmp_path, "b")
        b.open(link, link.split("#", 1)[1])
        assert b.css("#pocket-shared-sheet svg, #pocket-shared-sheet table", many=True)
        assert b.files() == {}
        b.go(link.split("#", 1)[1])
        b.shot("shared-en")
        b.tap("#pocket-keep-here")
        b.wait(lambda: b.d.execute_script("return document.documentElement.dataset.page") == "/",
               "the games list")
        assert b.files() == {"friday": kept_on_a}
        # the same link again is the same game: it says so, and keeping it adds nothing
        b.d.get(link)
        b.wait(lambda: b.text("#pocket-here"), "'already here'")
        b.lang("ru", link.split("#", 1)[1])
        assert "Эта партия уже есть" in b.text("#pocket-here")
        b.shot("shared-ru")
        b.tap("#pocket-continue-here")
        b.wait(lambda: b.d.execute_script(
            "return document.documentElement.dataset.page") == "/g/friday", "the table")
        assert list(b.files()) == ["friday"]
        # continued here: the next deal is recorded on B, and B's file settles with the CLI
        status = b.d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "window.whistscorePocket.transport('POST', '/api/games/friday/deals',"
            " {deal: 'pass 4/3/3'}).then((r) => done(r[0]));")
        assert status in (200, 201)
        on_b = b.file("friday")
        (tmp_path / "b.json").write_bytes(on_b)
        (tmp_path / "a.json").write_bytes(kept_on_a)
        code_a, settle_a, _ = run(["settle", str(tmp_path / "a.json")])
        code_b, settle_b, _ = run(["settle", str(tmp_path / "made" / "friday.json")])
        assert code_a == code_b == 0 and settle_a == settle_b
        assert run(["check", str(tmp_path / "b.json")])[0] == 0
        assert json.loads(on_b)["deals"][:60] == json.loads(kept_on_a)["deals"]
    finally:
        a.close()
        if b is not None:
            b.close()
        host.stop()


def test_backup_restore_delete_undo_and_import_in_the_browser(site, tmp_path):
    from pocket_support import StaticHost

    host = StaticHost(site)
    a = Phone(host, tmp_path, "a")
    c = None
    try:
        a.open(host.url, "/")
        # a 1 MB game file is taken, as the CLI takes it
        big = tmp_path / "long-evening.json"
        big_game(big)
        a.choose_file("#pocket-import", big)
        a.wait(lambda: a.d.execute_script(
            "return document.documentElement.dataset.page") == "/g/long-evening", "the 1 MB game")
        for f in ("preferans-sochi.json", "whist-english-session.json"):
            a.go("/")
            a.choose_file("#pocket-import", SAMPLES / f)
            a.wait(lambda: a.d.execute_script(
                "return document.documentElement.dataset.page") == "/g/" + f[:-5], f)
        on_a = a.files()
        assert on_a["long-evening"] == big.read_bytes()
        assert on_a["preferans-sochi"] == (SAMPLES / "preferans-sochi.json").read_bytes()
        a.go("/")
        a.tap("#pocket-keep-link")
        a.wait(lambda: a.text("#pocket-persisted"), "the storage figures")
        assert "3" in a.text("#pocket-count")
        a.shot("keep-en")
        # the backup: one zip of every game, byte for byte
        a.tap("#pocket-backup-button")
        zips = a.wait(lambda: [p for p in a.downloads.glob("*.zip")], "the backup download")
        time.sleep(0.5)
        with zipfile.ZipFile(zips[0]) as z:
            assert {n[:-5]: z.read(n) for n in z.namelist()} == on_a
            z.extractall(tmp_path / "club")
        code, out, err = run(["club", str(tmp_path / "club"), "--json"])
        assert code == 0, err
        # delete, then bring it back
        a.tap('.pocket-delete[data-name="preferans-sochi"]')
        a.wait(lambda: "preferans-sochi" in a.text("#pocket-said"), "'deleted'")
        assert "preferans-sochi" not in a.files()
        a.d.execute_script("document.getElementById('pocket-deleted').scrollIntoView()")
        a.shot("keep-deleted-en")
        a.tap(".pocket-undo")
        a.wait(lambda: a.d.execute_script(
            "return document.documentElement.dataset.page") == "/g/preferans-sochi", "undone")
        assert a.files() == on_a
        # a refused import says why in Russian on the Russian page
        a.lang("ru", "/pocket/keep")
        bad = tmp_path / "poker.json"
        bad.write_text('{"format": "whistscore", "version": 1, "game": "poker"}')
        a.choose_file("#pocket-import", bad)
        said = a.wait(lambda: a.text("#pocket-import-error"), "the refusal")
        assert re.search("[а-яё]", said) and "poker" not in said, said
        a.d.execute_script("document.getElementById('pocket-import-error').scrollIntoView()")
        a.shot("keep-refused-ru")
        a.go("/pocket/keep")
        a.wait(lambda: a.text("#pocket-persisted"), "the storage figures")
        assert "КБ" in a.text("#pocket-count") and " KB" not in a.text("#pocket-stored")
        a.shot("keep-ru")

        # a new phone: the backup restored gives the same games, byte for byte
        c = Phone(host, tmp_path, "c")
        c.open(host.url, "/")
        c.go("/pocket/keep")
        c.choose_file("#pocket-restore", zips[0])
        said = c.wait(lambda: c.text("#pocket-said"), "'restored'")
        assert said == "Restored: 3 new games, 0 already here."
        assert c.files() == on_a
        c.shot("restored-en")
        c.lang("ru", "/pocket/keep")
        c.choose_file("#pocket-restore", zips[0])
        said = c.wait(lambda: c.text("#pocket-said"), "'restored'")
        assert said == "Восстановлено: новых партий — 0, уже были здесь — 3."
        c.shot("restored-ru")
    finally:
        a.close()
        if c is not None:
            c.close()
        host.stop()


def test_the_same_link_opens_in_the_laptop_scorepad(tmp_path):
    """``whistscore serve``'s page /s reads the link's fragment (never sent to it), shows the
    game read-only, and keeps it once however often the link is opened."""
    from serve_support import chrome, live_server

    from whistscore.pocket import keep

    (tmp_path / "phone").mkdir()
    data = sixty_deals(tmp_path / "phone").read_bytes()
    folder = tmp_path / "laptop"
    folder.mkdir()
    fragment = f"#/s/{keep.pack(data)}?n=friday"
    d = chrome(tmp_path)
    try:
        with live_server(folder) as url:
            # pasted on the games list as the phone sent it, with the pocket site's address
            d.get(url + "/")
            el = d.find_element("css selector", "#open-link-text")
            el.send_keys("https://cards.example/pocket/" + fragment)
            d.find_element("css selector", "#open-link button").click()
            deadline = time.monotonic() + 20
            while not d.execute_script(
                    "const s = document.getElementById('shared-actions'); return s && !s.hidden"):
                assert time.monotonic() < deadline, "the shared game on the laptop"
                time.sleep(0.1)
            assert d.execute_script("return location.pathname + location.hash") == "/s" + fragment
            assert d.find_elements("css selector", "#shared-sheet svg")
            assert "Alexei, Marina, Pavel" in d.find_element("css selector", "#shared-what").text
            assert list(folder.glob("*.json")) == []   # looking stores nothing
            if os.environ.get("POCKET_SHOTS"):
                d.save_screenshot(str(Path(os.environ["POCKET_SHOTS"]) / "laptop-shared-en.png"))
            d.find_element("css selector", "#shared-continue").click()
            deadline = time.monotonic() + 20
            while not d.current_url.endswith("/g/friday"):
                assert time.monotonic() < deadline, d.current_url
                time.sleep(0.1)
            assert (folder / "friday.json").read_bytes() == data
            # the same link again: "already here", and keeping it adds nothing
            d.get(url + "/s" + fragment)
            deadline = time.monotonic() + 20
            while not d.execute_script("return !document.getElementById('shared-here').hidden"):
                assert time.monotonic() < deadline, "'already here'"
                time.sleep(0.1)
            d.find_element("css selector", "#shared-keep").click()
            deadline = time.monotonic() + 20
            while d.current_url != url + "/":
                assert time.monotonic() < deadline, d.current_url
                time.sleep(0.1)
            assert [p.name for p in folder.glob("*.json")] == ["friday.json"]
            # a link cut short: the sentence, in Russian on the Russian page
            d.get(url + "/?lang=ru")
            d.get(url + "/s" + fragment[:300])
            deadline = time.monotonic() + 20
            while not d.execute_script("return !document.getElementById('shared-error').hidden"):
                assert time.monotonic() < deadline, "the refusal"
                time.sleep(0.1)
            assert d.find_element("css selector", "#shared-error").text == \
                "В этой ссылке нет партии: возможно, она обрезана."
    finally:
        d.quit()


def test_the_club_on_the_phone_counts_an_evening_imported_twice_once(site, tmp_path):
    """Games from two other phones restored on a third: an evening both had is one game,
    and the phone's club (the club's own code over sql.js) says what the CLI says of the
    same files."""
    from pocket_support import StaticHost, app_get

    club = SAMPLES / "club"
    games = sorted(p for p in club.glob("*.json") if p.name != "club.json")
    # phone A had the first four evenings, phone B the last four: one evening on both
    zips = {}
    for phone, part in (("a", games[:4]), ("b", games[3:])):
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as z:
            for p in part:
                z.writestr(p.name, p.read_bytes())
        zips[phone] = tmp_path / f"{phone}.zip"
        zips[phone].write_bytes(out.getvalue())
    host = StaticHost(site)
    c = Phone(host, tmp_path, "c")
    try:
        c.open(host.url, "/")
        for phone in ("a", "b"):
            c.go("/pocket/keep")
            before = c.text("#pocket-said")  # the first zip's line may still stand here
            c.choose_file("#pocket-restore", zips[phone])
            c.wait(lambda: c.text("#pocket-said") not in ("", before), "'restored'")
        assert c.text("#pocket-said") == "Restored: 3 new games, 1 already here."
        on_c = c.files()
        assert sorted(on_c) == sorted(p.stem for p in games)
        # the CLI over the same files (no club.json on the phone)
        folder = tmp_path / "same"
        folder.mkdir()
        for p in games:
            shutil.copy(p, folder / p.name)
        t0 = time.perf_counter()
        code, out, err = run(["club", str(folder), "--json"])
        cli_ms = (time.perf_counter() - t0) * 1000
        assert code == 0, err
        t0 = time.perf_counter()
        status, text = app_get(c.d, "/api/club")   # sql.js loaded, the archive built
        cold_ms = (time.perf_counter() - t0) * 1000
        assert status == 200, text[:3000]
        t0 = time.perf_counter()
        assert app_get(c.d, "/api/club")[0] == 200   # the archive kept in memory
        warm_ms = (time.perf_counter() - t0) * 1000
        print(f"club of {len(games)} games: phone first {cold_ms:.0f} ms, again {warm_ms:.0f} ms;"
              f" CLI (in-process, new archive) {cli_ms:.0f} ms; ratio first/CLI "
              f"{cold_ms / cli_ms:.1f}")
        assert json.loads(text) == json.loads(out)
        # 2026-10-09 was on both phones: three finished Preferans evenings, not four
        assert json.loads(text)["games"]["preferans"]["evenings"] == 3
        # the pages: the Club button on the games list, the standings, a player's page
        c.go("/")
        c.tap("#club-link")
        try:
            c.wait(lambda: c.d.execute_script(
                "return document.documentElement.dataset.page") == "/club", "the club page")
        except AssertionError:
            c.shot("club-failed")
            raise AssertionError(str(c.d.execute_script("return location.hash")) + " " + str(
                app_get(c.d, "/club")[0]) + "\n".join(ln for ln in app_get(c.d, "/club")[1].splitlines() if " at " not in ln)[-2500:]) from None
        c.shot("club-en")
        c.lang("ru", "/club")
        c.shot("club-ru")
        assert "Клуб" in c.text("h1") or "клуб" in c.text("main").lower()
        player = json.loads(out)["games"]["preferans"]["table"][0]["player"]
        c.go(f"/club/p/{player}")
        assert player in c.text("h1")
        c.shot("club-player-ru")
        c.lang("en", f"/club/p/{player}")
        c.shot("club-player-en")
    finally:
        c.close()
        host.stop()


def test_one_evening_is_one_game_by_its_deals(tmp_path):
    """The same evening, continued on another phone and handed back, is one game: the
    shorter copy is kept, the longer takes its place (the shorter among the deleted)."""
    from whistscore.pocket import keep

    a = tmp_path / "a"
    a.mkdir()
    full = sixty_deals(a).read_bytes()
    game = json.loads(full)
    shorter = dict(game, deals=game["deals"][:40])
    import whistscore

    short_text = whistscore.dumps(whistscore.loads(json.dumps(shorter)))
    phone = tmp_path / "phone"
    phone.mkdir()
    assert keep.adopt(phone, "friday", short_text.encode()) == ("friday", False)
    # the longer evening takes the name; the shorter can be brought back
    assert keep.adopt(phone, "elsewhere", full) == ("friday", False)
    assert (phone / "friday.json").read_bytes() == full
    assert [n for _, n, _ in keep.deleted(phone)] == ["friday"]
    # the shorter again, or a copy with the same deals: already here
    assert keep.adopt(phone, "again", short_text.encode()) == ("friday", True)
    assert keep.adopt(phone, "again", full) == ("friday", True)
    assert [p.name for p in phone.glob("*.json")] == ["friday.json"]
    # another evening of the same players (other deals) is another game
    other = dict(game, deals=[dict(d, id=secrets.token_hex(8)) for d in game["deals"][:5]])
    other_text = whistscore.dumps(whistscore.loads(json.dumps(other)))
    assert keep.adopt(phone, "friday", other_text.encode()) == ("friday-2", False)
