"""A deal's answer says what changed in the table's live view (issue 33, "Taps stay flat";
docs/pocket.md): web/delta.py's splices turn the view the page holds into the new one, the
answer stays about as small at deal 200 as at deal 1 in every game, and the whole view is
sent after an undo, an edit, a settings change, or to a page that holds another view.

The splices are applied here to the text as the page applies them to its tree (children by
element index); in Chromium, the laptop's table page takes a deal's change and ends as a
fresh load of it (the last test here), and tests/test_pocket_delta.py does the same on the
one-phone site, its kept page included.
"""

from __future__ import annotations

import json
import sys
import time
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from whistscore import journal
from whistscore.web.app import create_app
from whistscore.web.delta import read, splices
from whistscore.web.live import PARTS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from dealgen import long_game  # noqa: E402

TOKEN = "tok-" + "d" * 20
H = {"X-Whistscore-Token": TOKEN}


def applied(text: str, said: list) -> str:
    """``said`` applied to ``text`` as static/splice.js applies it to the page's tree."""
    for path, a, b, n, html in said:
        node = read(text)
        assert node is not None
        for i in path:
            node = node.children[i]
        assert len(node.children) == n
        start = node.inner if a == 0 else node.children[a - 1].end
        end = node.children[b - 1].end if b > a else start
        text = text[:start] + html + text[end:]
    return text


def client(folder: Path) -> TestClient:
    return TestClient(create_app(folder, TOKEN), base_url="http://127.0.0.1:8000")


def _game(folder: Path, game: str, deals: list) -> None:
    full = long_game(game, 1)
    text = journal.dumps(journal.from_json(dict(full, deals=deals)))
    (folder / "g.json").write_text(text, encoding="utf-8")


def test_the_splices_make_the_new_drawing_and_unsure_html_goes_whole():
    old = '<ol>\n <li>a</li>\n <li>b</li>\n</ol><p>x <b>1</b></p>'
    new = '<ol>\n <li>c</li>\n <li>a</li>\n</ol><p>x <b>2</b></p>'
    said = splices(old, read(old), new, read(new))
    assert said is not None and applied(old, said) == new
    assert [s[0] for s in said] == [[1], [0], [0]]   # right to left: the p, then the list
    # what a browser would read into another tree is never spliced
    for html in ("<table><tr><td>1</td></tr></table>", "<p><div>x</div></p>", "<p>open",
                 "<b>x</i>", "<!-- c --><i>x</i>", "<div/>", "<script>x</script>"):
        assert read(html) is None, html
    assert read('<svg><title>t</title><path d="M0"/></svg>') is not None
    # the text after the last element moved: the caller sends the part whole
    assert splices("<i>1</i> a", read("<i>1</i> a"), "<i>1</i> b", read("<i>1</i> b")) is None


@pytest.mark.parametrize("game", ["preferans", "twist", "whist", "danish"])
def test_a_deals_answer_is_what_changed_and_stays_flat(tmp_path, game):
    """Each deal of a long evening (1, 13, 60, 200) recorded by a page that holds the view:
    the splices rebuild the view a fresh load draws, and the answer's live view at deal 200
    is at most 1.2 times the one at deal 1 (whole: a new game's page has no view to change)
    plus 1.5 KB, and so is every later one; and at most 1.2 times the one at deal 60 plus
    1.5 KB (flat once the list under the sheet is full).  The slack: a deal's row and its
    splices differ by the kind of deal (a contract with whists writes more than a pass, up to
    about 0.7 KB), and from deal 13 on a row leaves the list as one comes in."""
    deals = long_game(game, 200)["deals"]
    sizes = {}
    for n in (1, 13, 60, 200):
        _game(tmp_path, game, deals[:n - 1])
        c = client(tmp_path)
        page = c.get("/g/g/live?lang=en", headers=H).json()   # the view the page holds
        since = "" if page["firsts"] else "&since=" + page["stamp"]
        r = c.post(f"/api/games/g/deals?view=1&lang=en{since}", json={"deal": deals[n - 1]},
                   headers=H)
        assert r.status_code == 201, r.text
        answer = r.json()["live"]
        fresh = client(tmp_path).get("/g/g/live?lang=en", headers=H).json()
        if n == 1:
            assert "since" not in answer and answer == fresh
        else:
            assert answer["since"] == page["stamp"] and answer["stamp"] == fresh["stamp"]
            for part in PARTS:
                if part in answer:
                    assert answer[part] == fresh[part]
                else:
                    assert applied(page[part], answer["ops"].get(part, [])) == fresh[part]
            state = {k: v for k, v in answer.items() if k not in ("ops", "since")}
            assert state == {k: v for k, v in fresh.items() if k not in PARTS}
            assert "html" not in answer and "deals_html" not in answer, (game, n)
        sizes[n] = len(json.dumps(answer, ensure_ascii=False).encode())
        (tmp_path / "g.json").unlink()
    assert all(sizes[n] <= 1.2 * sizes[1] + 1500 for n in sizes), sizes
    assert sizes[200] <= 1.2 * sizes[60] + 1500, sizes


def test_the_whole_view_after_an_undo_an_edit_a_setting_and_to_a_page_that_missed_one(tmp_path):
    _game(tmp_path, "preferans", [])
    c = client(tmp_path)

    def view() -> dict:
        return c.get("/g/g/live?lang=en", headers=H).json()

    def deal(since: str, expect: int) -> dict:
        r = c.post(f"/api/games/g/deals?view=1&lang=en&since={since}",
                   json={"deal": "pass 4/3/3", "expect": expect}, headers=H)
        assert r.status_code == 201, r.text
        return r.json()["live"]

    def whole(live: dict) -> bool:
        return "since" not in live and all(p in live for p in PARTS)

    assert whole(deal(view()["stamp"], 0))     # the first deal: a new game's page, whole
    held = view()
    assert not whole(deal(held["stamp"], 1))   # the view the page holds: what changed
    assert whole(deal(held["stamp"], 2))       # a page that missed that change: whole
    # an edit: whole, whatever the page holds
    held = view()
    r = c.put(f"/api/games/g/deals/1?view=1&lang=en&since={held['stamp']}",
              json={"deal": "pass 2/4/4"}, headers=H)
    assert r.status_code == 200 and whole(r.json()["live"])
    # an undo, a setting, the evening ended and reopened: the next deal is answered whole, even to
    # a page that says it holds the view drawn before them
    for change, fewer in ((lambda: c.request("DELETE", "/api/games/g/deals/last",
                                             json={"expect": 3}, headers=H), 1),
                          (lambda: c.put("/api/games/g/settings",
                                         json={"title": "Friday", "expect": 3}, headers=H), 0),
                          (lambda: c.post("/api/games/g/end", json={"expect": 4},
                                          headers=H) and
                           c.post("/api/games/g/end", json={"reopen": True}, headers=H), 0)):
        held = view()
        assert change().status_code == 200
        assert whole(deal(held["stamp"], held["deals"] - fewer))
    held = view()
    assert not whole(deal(held["stamp"], held["deals"]))   # and then what changed again
    # a stamp from outside is bounded, and one the app never drew is answered whole
    assert whole(deal("x" * 100, view()["deals"]))
    r = c.post("/api/games/g/deals?view=1&since=" + "x" * 101, json={"deal": "pass 4/3/3"},
               headers=H)
    assert r.status_code == 400


def test_the_laptops_table_page_takes_a_deals_change_and_ends_as_a_fresh_load(tmp_path):
    """The scorepad on the laptop (a phone polling it): a deal typed on the table page of a
    60-deal whist evening (the sheet that grows by a row a deal) is answered with what
    changed, and the page then holds what a fresh load of it draws; a second phone's page,
    polling, follows with the whole view."""
    from serve_support import chrome, live_server

    deals = long_game("whist", 61)["deals"]
    _game(tmp_path, "whist", deals[:59])
    full = journal.from_json(dict(long_game("whist", 1), deals=deals))
    said = [full.notation(d) for d in full.deals]
    parts = ("return ['live', 'live-deals', 'strip'].map((p) =>"
             " document.getElementById(p).innerHTML);")
    spy = ("window.answers = []; const f = window.fetch; window.fetch = async (...a) => {"
           " const r = await f(...a); if (String(a[0]).includes('/deals'))"
           " window.answers.push(await r.clone().json()); return r; };")
    d, other = chrome(tmp_path / "one"), chrome(tmp_path / "two")
    try:
        with live_server(tmp_path) as url:
            for page in (d, other):
                page.get(f"{url}/g/g")
            d.execute_script(spy)
            for n in (60, 61):
                d.execute_script("document.getElementById('notation-box').value = arguments[0];"
                                 "document.getElementById('notation-add').click();", said[n - 1])
                deadline = time.monotonic() + 10
                while f"Deal {n} " not in d.find_element("id", "flash").text:
                    assert time.monotonic() < deadline, d.find_element("id", "flash").text
                    time.sleep(0.05)
            answers = d.execute_script("return window.answers")
            assert [("since" in a["live"], "html" in a["live"]) for a in answers] == \
                [(True, False)] * 2
            after = d.execute_script(parts)
            deadline = time.monotonic() + 10   # the other phone polls once a second
            while other.execute_script(parts) != after:
                assert time.monotonic() < deadline, "the other phone did not follow"
                time.sleep(0.1)
            d.get(f"{url}/g/g")
            assert d.execute_script(parts) == after
            assert "Deals (61)" in after[1]
    finally:
        d.quit()
        other.quit()
