"""Taps stay flat on the one-phone site (issue 33, docs/pocket.md "Taps stay flat"): a deal's
answer carries what changed in the table's live view, not the view, so it is about as large
after 200 deals as on a new game; the page applies it (static/splice.js) and ends, on the
screen and in the page kept for the next start, exactly as a fresh load draws it; a page
whose tree is not the one the change was made for asks the whole view.

In headless Chromium at 360x780, every outside address blocked, the site built once for the
module (test_pocket's fixture).  The change itself, in every game, is tested under CPython
in tests/test_web_delta.py.
"""

from __future__ import annotations

import io
import json

import pytest

from pocket_support import StaticHost, app_get, pocket_chrome, wait_page
from test_pocket import first_visit, site  # noqa: F401 - the built site, a fixture

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

#: the parts of the table page a deal changes, as the browser reads them, and its state
PARTS = """
const parts = (doc) => ({live: doc.getElementById('live').innerHTML,
  deals: doc.getElementById('live-deals').innerHTML, strip: doc.getElementById('strip').innerHTML,
  boot: JSON.parse(doc.getElementById('boot').textContent)});
"""


def _drawn(d) -> dict:
    """The parts as the page shows them now (its state: the live view it holds)."""
    return d.execute_script(PARTS + "const p = parts(document);"
                            "p.boot = null; return p;")


def _read(d, html: str) -> dict:
    """The parts of a page's HTML, read by the browser as it reads a page it is sent."""
    return d.execute_script(PARTS + "return parts(new DOMParser().parseFromString("
                            "arguments[0], 'text/html'));", html)


def _shots(d) -> dict[str, bytes]:
    """The screen (360x780) scrolled to the strip, the sheet and the deals, each cut to the
    part (the deal form around them is form.js's, not the live view's), as raw pixels; the
    line saying what was recorded put away (a fresh load has none, and the parts below it
    would sit at another fraction of a pixel)."""
    from PIL import Image

    d.execute_script("document.getElementById('flash').hidden = true")   # (a fresh load's is)
    out = {}
    for part in ("strip", "live", "live-deals"):
        box = d.execute_script(
            f"const e = document.getElementById('{part}'); e.scrollIntoView();"
            "const r = e.getBoundingClientRect();"
            "return [r.left, r.top, r.right, Math.min(r.bottom, innerHeight)].map(Math.round);")
        shot = Image.open(io.BytesIO(d.get_screenshot_as_png())).convert("RGB")
        assert shot.size == (360, 780)
        out[part] = shot.crop(tuple(box)).tobytes()
    return out


def _add(d, name: str, deals: int) -> None:
    """``deals`` all-passes recorded through the app, as another tab would."""
    d.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "(async () => { const t = window.whistscorePocket.transport;"
        f" for (let i = 0; i < {deals}; i++) await t('POST', '/api/games/{name}/deals',"
        " {deal: 'pass 4/3/3'});"
        " done(); })()")


def _kept_settled(d, deals: int) -> dict:
    """The kept page once the last change is taken into it (pagestore.js)."""
    def settled():
        s = d.execute_script("const s = window.whistscorePocket.store;"
                             "return [s.noted(), s.load()];")
        return s[1] if s[0] is None and s[1] and f"Deals ({deals})" in s[1]["html"] else None
    return settled


def test_a_deal_answers_what_changed_and_the_page_ends_as_a_fresh_load(site, tmp_path):  # noqa: F811
    with first_visit(site, tmp_path, 360, 780, 120) as (host, origin, d, pad, seen):
        d.set_script_timeout(300)
        d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "window.whistscorePocket.transport('POST', '/api/games', {name: 'flat',"
            " game: 'preferans', players: ['Anna', 'Boris', 'Vera']}).then(() => done());")
        d.execute_script("window.whistscorePocket.go('/g/flat')")
        wait_page(d, "/g/flat")
        pad.wait(lambda: pad.css("#form button", many=True), "the deal form")

        def tap_deal(number: int) -> tuple[int, bool]:
            pad.choose("_kind", "allpass")
            pad.tricks(Anna=4, Boris=3)
            pad.timed_record(number)
            t = d.execute_script("return window.whistscorePocket.timings")
            return t["lastBytes"], t["lastDelta"]

        def show_again() -> None:
            """The page drawn again by the app, as a fresh load draws it."""
            d.execute_script("document.documentElement.dataset.scripts = '';"
                             "window.whistscorePocket.show('/g/flat')")
            pad.wait(lambda: d.execute_script(
                "return document.documentElement.dataset.scripts") == "/g/flat", "drawn", 30)
            pad.wait(lambda: pad.css("#form button", many=True), "the deal form")

        def fresh_parts() -> dict:
            status, html = app_get(d, "/g/flat")
            assert status == 200
            return _read(d, html)

        sizes = {}
        sizes[1], delta = tap_deal(1)
        assert not delta   # a new game's page: the first dealer may be its own, whole
        sizes[2], delta = tap_deal(2)
        assert delta
        _add(d, "flat", 57)
        show_again()
        sizes[60], delta = tap_deal(60)
        assert delta
        # the screen after the change is the screen a fresh load draws: the parts' trees,
        # and the pictures of the sheet, the list and the strip at 360x780
        after = _drawn(d)
        shots = _shots(d)
        kept = pad.wait(_kept_settled(d, 60), "the change taken into the kept page", 10)
        show_again()
        fresh = _drawn(d)
        assert after == fresh
        assert _shots(d) == shots
        pad.shot("pocket-delta-60")
        # the page kept for the next start, with the change spliced in, reads as a fresh one
        assert _read(d, kept["html"]) == fresh_parts()

        # a page whose tree is not the one the change was made for (a row gone): the splice
        # does not fit, and the page asks the whole view, drawn as a fresh load draws it
        d.execute_script("document.querySelector('#live-deals li').remove()")
        _, delta = tap_deal(61)
        pad.wait(lambda: len(d.find_elements("css selector", "#live-deals li")) == 12,
                 "the whole view asked", 10)
        after = _drawn(d)
        show_again()
        assert after == _drawn(d)

        # after 200 deals the answer is what it was on a new game (the budget's reading:
        # tests/test_web_delta.py)
        _add(d, "flat", 138)
        show_again()
        pad.wait(lambda: "Deals (199)" in pad.text(".deals h2"), "199 deals")
        sizes[200], delta = tap_deal(200)
        assert delta
        assert sizes[200] <= 1.2 * sizes[1] + 1500, sizes
        assert sizes[200] <= 1.2 * sizes[60] + 1500, sizes
        kept = pad.wait(_kept_settled(d, 200), "deal 200 taken into the kept page", 10)
        assert _read(d, kept["html"]) == fresh_parts()
        print("deal answers, bytes:", sizes)

        # the site closed before the change was taken into the kept page: the next start
        # takes the noted change in (pocket.js showKept) and draws the page a fresh load does
        before = d.execute_script("return window.whistscorePocket.store.load()")
        stamp = _read(d, before["html"])["boot"]["stamp"]   # the view the page holds
        change = d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "window.whistscorePocket.transport('POST', '/api/games/flat/deals?view=1&lang=en"
            "&since=' + encodeURIComponent(arguments[0]), {deal: 'pass 4/3/3', expect: 200})"
            ".then(([, a]) => done(a.live));", stamp)
        assert change["since"] == stamp and "html" not in change
        pad.wait(_kept_settled(d, 201), "deal 201 taken into the kept page", 10)
        d.execute_script(
            "const s = window.whistscorePocket.store; localStorage.setItem(s.key,"
            " JSON.stringify(arguments[0])); localStorage.setItem(s.key + ' since',"
            " JSON.stringify({version: s.version, url: '/g/flat', live: null,"
            " changes: [arguments[1]], stale: false}));"
            "sessionStorage.setItem('whistscore-pocket-hold', '1');", before, change)
        d.refresh()
        pad.wait(lambda: d.execute_script(
            "return document.documentElement.dataset.kept === '1' &&"
            " document.documentElement.dataset.page === '/g/flat'"), "the kept page drawn", 30)
        assert d.execute_script("return document.documentElement.dataset.ready") is None
        drawn = _drawn(d)
        assert "Deals (201)" in drawn["deals"]
        d.execute_script("sessionStorage.removeItem('whistscore-pocket-hold');"
                         "window.whistscorePocket.release()")
        pad.wait(lambda: d.execute_script("return document.documentElement.dataset.ready"),
                 "Python up", 60)
        fresh = fresh_parts()
        assert drawn == dict(fresh, boot=None)
        seen.read(d)
    assert seen.urls and not seen.outside(origin), seen.outside(origin)



def test_the_browser_reads_every_games_change_into_the_tree_the_app_drew(site, tmp_path):  # noqa: F811
    """The splices of every game (tests/test_web_delta.py checks them on the text) applied by
    static/splice.js in Chromium: each part ends as the browser reads the new drawing, so the
    app's reading of its HTML (web/delta.py) is the browser's."""
    from test_web_delta import H, _game, client, long_game

    cases = []
    for game in ("preferans", "twist", "whist", "danish"):
        deals = long_game(game, 200)["deals"]
        for n in (2, 13, 60, 200):
            folder = tmp_path / f"{game}-{n}"
            folder.mkdir()
            _game(folder, game, deals[:n - 1])
            c = client(folder)
            held = c.get("/g/g/live?lang=en", headers=H).json()
            r = c.post(f"/api/games/g/deals?view=1&lang=en&since={held['stamp']}",
                       json={"deal": deals[n - 1]}, headers=H)
            fresh = client(folder).get("/g/g/live?lang=en", headers=H).json()
            cases.append([f"{game} {n}", held, r.json()["live"], fresh])
    host = StaticHost(site)
    d = pocket_chrome(tmp_path / "profile", tmp_path / "downloads", 360, 780)
    try:
        d.get(host.url)
        wait_page(d, "/", 120)
        d.set_script_timeout(60)
        wrong = d.execute_async_script(
            "const [cases, done] = arguments;"
            "import(new URL('static/splice.js', location.href)).then(({ take }) => {"
            " const out = [];"
            " for (const [what, held, change, fresh] of cases) {"
            "  if (!('since' in change)) { out.push(what + ': whole'); continue; }"
            "  const parts = {}, want = {};"
            "  for (const p of ['html', 'deals_html', 'strip_html']) {"
            "   parts[p] = document.createElement('div'); parts[p].innerHTML = held[p];"
            "   want[p] = document.createElement('div'); want[p].innerHTML = fresh[p]; }"
            "  if (!take(parts, held, change)) { out.push(what + ': not taken'); continue; }"
            "  for (const p in parts) if (parts[p].innerHTML !== want[p].innerHTML)"
            "   out.push(what + ': ' + p); }"
            " done(out); }, (e) => done([String(e)]));", cases)
    finally:
        host.stop()
        d.quit()
    assert wrong == [], wrong
