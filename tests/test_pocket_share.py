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
import re
import secrets
import shutil
import time
import zipfile
from pathlib import Path

import pytest

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
    with pytest.raises(Exception):
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
    assert link.startswith("https://cards.example/#/s/")
    assert keep.unpack(link.split("#/s/", 1)[1]) == data
    print(f"60 deals: file {len(data)} B, link {len(link)} characters")
    assert '<svg role="img"' in html and "pocket-no-qr" not in html
    # the code drawn is the link: made again by segno as a picture, read by zxing-cpp
    code = segno.make(link, error="l", micro=False, boost_error=False)
    out = io.BytesIO()
    code.save(out, kind="png", scale=4, border=4)
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(out.getvalue())))
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
    status, _, first = ask(pb, "POST", "/pocket/adopt", link.encode())
    status, _, again = ask(pb, "POST", "/pocket/adopt", link.encode())
    assert json.loads(first)["already"] is False and json.loads(again) == {
        "name": json.loads(first)["name"], "already": True}
    assert [q.read_bytes() for q in b.glob("*.json")] == [data]
    assert 'id="pocket-here"' in ask(pb, "GET", f"/s/{link}")[2].decode()
    # a cut link, in Russian on the Russian page; a link that inflates past the bound
    status, _, page = ask(pb, "GET", f"/s/{link[:200]}", lang="ru")
    assert status == 400 and "В этой ссылке нет партии: возможно, она обрезана." in page.decode()
    bomb = keep.pack(b" " * (keep.MAX_FILE_BYTES + 10))
    with pytest.raises(Exception, match="link"):
        keep.unpack(bomb)
