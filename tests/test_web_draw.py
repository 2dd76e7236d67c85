"""The scorepad's drawn sheets (whistscore/web/draw.py).

The drawing decides no rule, so what is tested is that it shows the sheet's
own numbers (``show --json``), that no name can inject markup, that a long
evening stays readable, and -- in a real headless Chromium at a phone's
width -- that nothing runs off the screen.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest
import system_tools

import whistscore
from whistscore.games import declared, get_game
from whistscore.journal import from_json
from whistscore.web.draw import SHEET_CSS, draw_sheet, draw_summary

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples").glob("*.json"))
HOSTILE = ("<script>alert(1)</script>", '"><img src=x onerror=alert(2)>', "Ann & 'Bo'")
VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class Tree(HTMLParser):
    """Reads a fragment, checking every element closes, and keeps elements with their text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[dict] = []
        self.elements: list[dict] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        element = {"tag": tag, "attrs": dict(attrs), "text": ""}
        self.elements.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag, attrs):
        self.tags.append(tag)
        self.elements.append({"tag": tag, "attrs": dict(attrs), "text": ""})

    def handle_endtag(self, tag):
        assert self.stack, f"</{tag}> closes nothing"
        assert self.stack[-1]["tag"] == tag, f"</{tag}> closes <{self.stack[-1]['tag']}>"
        self.stack.pop()

    def handle_data(self, data):
        for element in self.stack:
            element["text"] += data

    def with_attr(self, name: str) -> list[dict]:
        return [e for e in self.elements if name in e["attrs"]]


def parse(fragment: str) -> Tree:
    tree = Tree()
    tree.feed(fragment)
    tree.close()
    assert not tree.stack, f"unclosed: {[e['tag'] for e in tree.stack]}"
    return tree


def load(path: Path):
    return whistscore.replay(whistscore.load(path))


def renamed(path: Path, names: tuple[str, ...]):
    """The sample with its players renamed (every key and value that is a name)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    old = data["players"]
    table = dict(zip(old, names))

    def walk(value):
        if isinstance(value, dict):
            return {table.get(k, k): walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        return table.get(value, value) if isinstance(value, str) else value

    return whistscore.replay(from_json(walk(data)))


def long_pulka(players: tuple[str, ...], deals: int):
    """A Preferans evening of ``deals`` deals in which no pulya closes: long sequences."""
    n = len(players)
    out = []
    for k in range(deals):
        dealer = players[k % n]
        active = [p for p in players if p != dealer] if n == 4 else list(players)
        d, w1, w2 = active[k % 3], active[(k + 1) % 3], active[(k + 2) % 3]
        if k % 4 == 3:
            tricks = {d: 3, w1: 3, w2: 4}
            out.append({"contract": "allpass", "tricks": tricks})
        else:
            made = 6 if k % 2 else 5
            out.append({"declarer": d, "contract": "6S", "whist": {w1: "whist", w2: "whist"},
                        "tricks": {d: made, w1: 2, w2: 10 - made - 2}})
    data = {"format": "whistscore", "version": 1, "game": "preferans",
            "players": list(players), "rules": {"preset": "sochi", "pulya": 60},
            "deals": out}
    return whistscore.replay(from_json(data))


def sheet_numbers(tree: Tree) -> dict[tuple, str]:
    return {(e["attrs"]["data-player"], e["attrs"]["data-column"], e["attrs"]["data-against"]):
            e for e in tree.with_attr("data-column")}


# -- every sample draws, and shows the sheet's numbers ----------------------------------

@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_sample_draws_well_formed(path, lang):
    rp = load(path)
    tree = parse(draw_sheet(rp, lang) + draw_summary(rp, lang))
    assert "script" not in tree.tags
    names = "".join(e["text"] for e in tree.elements)
    for p in rp.game.players:
        assert p in names


@pytest.mark.parametrize("path", [p for p in SAMPLES if p.stem.split("-")[0]
                                  in ("preferans", "twist")], ids=lambda p: p.stem)
def test_pulka_numbers_are_the_sheets(path):
    rp = load(path)
    sheet = rp.kind.sheet_json(rp.state, rp.game.rules)
    drawn = sheet_numbers(parse(draw_sheet(rp)))
    columns = ("gora", "pulya") if rp.kind.name == "preferans" else ("gora", "remark")
    expected = {}
    for p, own in sheet.items():
        for col in columns:
            expected[p, col, ""] = own[col]
        for q, v in own["vists"].items():
            expected[p, "vists", q] = v
    assert set(drawn) == set(expected)
    for key, value in expected.items():
        field = drawn[key]
        assert Fraction(field["attrs"]["data-total"]) == Fraction(value), key
        # the last number written in the field is the sheet's number
        written = field["text"].replace("✓", "").strip()
        if written:
            assert Fraction(written.split(".")[-1]) == Fraction(value), (key, written)
        else:
            assert Fraction(value) == 0, key


def test_pulka_sequences_are_written_as_a_pencil_does():
    """Each field is its column's running values, dot-separated, the latest last."""
    rp = load(ROOT / "samples" / "preferans-sochi.json")
    drawn = sheet_numbers(parse(draw_sheet(rp)))
    for (player, column, against), field in drawn.items():
        values = _running(rp, (player, column, against or None))
        shown = field["text"].replace("✓", "").strip()
        assert shown == ".".join(str(v) for v in values), (player, column, against)
    # deal 1: Marina whists alone on 6S, greedy: 4 defence tricks x 2 (seed 002 §3.8.13)
    assert drawn["Marina", "vists", "Alexei"]["text"].startswith("8.")


def test_whist_and_danish_totals_are_the_sheets():
    for path in SAMPLES:
        rp = load(path)
        sheet = rp.kind.sheet_json(rp.state, rp.game.rules)
        tree = parse(draw_sheet(rp))
        if rp.kind.name == "whist":
            # above the line: every game and rubber won; their difference is the net
            above = {"NS": 0, "EW": 0}
            for e in tree.with_attr("data-above"):
                above[e["attrs"]["data-side"]] += Fraction(e["attrs"]["data-above"])
            assert above["NS"] - above["EW"] == sheet["NS"]["total"]
            foot = {e["attrs"]["data-side"]: e for e in tree.with_attr("data-total")}
            assert {s: Fraction(foot[s]["attrs"]["data-total"]) for s in foot} == \
                {s: Fraction(v["total"]) for s, v in sheet.items()}
            for s, e in foot.items():
                assert Fraction(e["text"].strip().lstrip("+")) == sheet[s]["total"]
        elif rp.kind.name == "danish":
            foot = {e["attrs"]["data-player"]: e for e in tree.with_attr("data-total")}
            assert {p: Fraction(e["text"]) for p, e in foot.items()} == \
                {p: Fraction(v["points"]) for p, v in sheet.items()}


def drawn_nota(tree: Tree, player: str) -> tuple[list[str], int]:
    """The symbols drawn after a name, each as often as its count, and how many were left off."""
    shown = [e["attrs"]["data-symbol"] for e in tree.with_attr("data-symbol")
             if e["attrs"]["data-player"] == player
             for _ in range(int(e["attrs"]["data-count"]))]
    hidden = sum(int(e["attrs"]["data-hidden"]) for e in tree.with_attr("data-hidden")
                 if e["attrs"]["data-player"] == player)
    return shown, hidden


@pytest.mark.parametrize("path", [p for p in SAMPLES if p.stem.startswith("whist")],
                         ids=lambda p: p.stem)
def test_whist_below_the_line_shows_each_step(path):
    """Below the line each side's running points, one per scoring step (tricks, honours,
    revoke), the step told by its style; a game ends each run (spec whist.md)."""
    rp = load(path)
    tree = parse(draw_sheet(rp))
    drawn = [(e["attrs"]["class"], int(e["text"])) for e in tree.elements
             if e["tag"] == "span" and e["attrs"].get("class") in
             ("ws-tricks", "ws-honours", "ws-revoke")]
    steps = [f"ws-{e.column}" for e in rp.entries()
             if e.column in ("tricks", "honours", "revoke") and e.amount]
    assert sorted(c for c, _ in drawn) == sorted(steps)
    # the last run of each side is its score in the game in play
    for i, side in enumerate(("NS", "EW")):
        score = rp.state.score[i]
        cells = [e for e in tree.elements if e["tag"] == "td"
                 and e["attrs"].get("class") is None and e["text"]]
        assert score == 0 or any(c["text"].split(".")[-1] == str(score) for c in cells), side


def test_twist_nota_is_the_sheets():
    seen = set()
    for path in SAMPLES:
        rp = load(path)
        if rp.kind.name != "twist":
            continue
        sheet = rp.kind.sheet_json(rp.state, rp.game.rules)
        tree = parse(draw_sheet(rp, "ru"))
        for p in rp.game.players:
            shown, hidden = drawn_nota(tree, p)
            assert sorted(shown) == sorted(sheet[p]["nota"]) and hidden == 0, p
            seen.update(s.split("(")[0].rstrip("|") for s in shown)
    assert {"X", "O", "dazin"} <= seen


def many_bombs(rounds: int, contracts: bool = True):
    """A Twist evening of made bombs by Irina, each followed (``contracts``) by a contract from
    every player: the bomb writes an X and three O's, a contract crosses its declarer's oldest
    (seed «нота» А, Б); without the contracts the symbols stay live and pile up."""
    data = json.loads((ROOT / "samples" / "twist-bombs-and-twist-round.json").read_text())
    bomb = data["deals"][1]
    data["rules"]["gora"] = 500
    deals = []
    for _ in range(rounds):
        deals.append(bomb)
        for p in ("Oleg", "Pavel", "Sveta", "Irina") if contracts else ():
            deals.append({"declarer": p, "contract": "7NT",
                          "tricks": {"Oleg": 3, "Irina": 3, "Pavel": 3, "Sveta": 3},
                          "opened": False, "partner_passed": False, "twist": []})
    data["deals"] = deals
    return whistscore.replay(from_json(data))


@pytest.mark.parametrize("contracts", [True, False])
def test_a_long_nota_keeps_the_live_symbols_and_counts_the_crossed(contracts):
    rp = many_bombs(9, contracts)
    sheet = rp.kind.sheet_json(rp.state, rp.game.rules)
    tree = parse(draw_sheet(rp))
    for p in rp.game.players:
        full = sheet[p]["nota"]
        shown, hidden = drawn_nota(tree, p)
        assert len(full) == 9
        assert len(shown) + hidden == len(full)
        live = [s for s in full if "(" not in s]
        assert [s for s in shown if "(" not in s] == live          # every live one, counted
        crossed = [s for s in full if "(" in s]
        if not live:                                                 # the latest six crossed
            assert [s for s in shown if "(" in s] == crossed[-6:]
        words = "".join(e["text"] for e in tree.with_attr("data-symbol")
                        if e["attrs"]["data-player"] == p)
        assert len(words) <= 12
    if not contracts:
        assert "X×9" in draw_sheet(rp) and "O×9" in draw_sheet(rp)


def test_a_long_pad_shows_its_last_deals_and_the_total():
    data = json.loads((ROOT / "samples" / "danish-evening-4.json").read_text())
    data["deals"] = (data["deals"] * 4)[:70]
    rp = whistscore.replay(from_json(data))
    tree = parse(draw_sheet(rp))
    numbers = [e["text"] for e in tree.elements
               if e["tag"] == "td" and e["attrs"].get("class") == "ws-no"]
    assert numbers[:2] == ["31", "32"] and numbers[-2:] == ["70", "Σ"]
    assert "30 earlier deals" in draw_sheet(rp)
    sheet = rp.kind.sheet_json(rp.state, rp.game.rules)
    foot = {e["attrs"]["data-player"]: Fraction(e["text"]) for e in tree.with_attr("data-total")}
    assert foot == {p: Fraction(v["points"]) for p, v in sheet.items()}


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_summary_balances_dealer_and_due(path):
    rp = load(path)
    settled = whistscore.settle(rp)
    tree = parse(draw_summary(rp, "en"))
    shown = {e["attrs"]["data-player"]: Fraction(e["attrs"]["data-balance"])
             for e in tree.with_attr("data-balance")}
    assert shown == {p: Fraction(b) for p, b in settled.balance.items()}
    due = [e["attrs"]["data-due"] for e in tree.with_attr("data-due")]
    dealers = [e["attrs"]["data-dealer"] for e in tree.with_attr("data-dealer")]
    if rp.finished:
        assert due == ["finished"] and dealers == []
    else:
        assert dealers == [rp.next_dealer()]
        price = getattr(rp.state, "round_price", None)
        assert due == ([] if price is None else ["twist_round"])


def test_a_due_twist_round_is_said():
    data = json.loads((ROOT / "samples" / "twist-bombs-and-twist-round.json").read_text())
    data["deals"] = data["deals"][:3]   # deal 3 is made below septet: the round is due
    rp = whistscore.replay(from_json(data))
    assert rp.state.round_price is not None
    html_en = draw_summary(rp, "en")
    html_ru = draw_summary(rp, "ru")
    assert 'data-due="twist_round"' in html_en
    assert f"twist round is due, at {rp.state.round_price} a trick" in html_en
    assert "розыгрыш твиста" in html_ru


def test_one_hook_says_the_next_deal_everywhere():
    """What the next deal must be is one answer (issue 35): ``next_deal`` gives the command
    line's line, the line drawn under the sheet and the form's line and preset, and nothing
    at all when nothing is due (a twist round at 4 a trick, by hand from the sample)."""
    from whistscore.game import NextDeal
    from whistscore.i18n import text
    from whistscore.scored import ScoredGame
    from whistscore.text import coming_next

    data = json.loads((ROOT / "samples" / "twist-bombs-and-twist-round.json").read_text())
    data["deals"] = data["deals"][:3]   # deal 3 is made below septet: the round is due
    rp = whistscore.replay(from_json(data))
    game, kind, dealer = rp.game, rp.game.kind, rp.next_dealer()
    coming = kind.next_deal(rp.state, dealer, game.players, game.rules)
    assert isinstance(coming, NextDeal) and coming.due == "twist_round"
    price = rp.state.round_price
    assert coming.preset == {"_kind": "round"}
    assert text(coming.form, kind, "en") == f"a twist round is due, at {price} per trick"
    assert text(coming.form, kind, "ru") == f"следует розыгрыш твиста, по {price} за взятку"
    assert text(coming.drawn, kind, "en") in draw_summary(rp, "en")
    assert coming_next(ScoredGame(rp)) == coming.said
    assert text(coming.said, kind, "en") == (f"next: the twist round at {price} a trick "
                                             f"(round 1/2/3/4), {dealer} deals")
    data["deals"] = data["deals"][:2]   # before it, nothing is due
    rp = whistscore.replay(from_json(data))
    assert rp.game.kind.next_deal(rp.state, rp.next_dealer(), rp.game.players,
                                  rp.game.rules) is None


def test_a_sitting_out_dealer_is_said():
    rp = load(ROOT / "samples" / "danish-evening-5.json")   # five at the table: the dealer sits out
    assert f"{rp.next_dealer()} deals next and sits the deal out" in draw_summary(rp)
    rp = load(ROOT / "samples" / "danish-evening-4.json")
    assert "sits" not in draw_summary(rp)


def test_russian_words():
    rp = load(ROOT / "samples" / "preferans-sochi.json")
    text = draw_summary(rp, "ru")
    assert "Игрок" in text and "Баланс" in text and "Партия окончена" in text
    rp = load(ROOT / "samples" / "danish-evening-4.json")
    assert "Следующим сдаёт" in draw_summary(rp, "ru")


# -- the shapes of the pulka -------------------------------------------------------------

@pytest.mark.parametrize("stem,seats", [("preferans-sochi", 3), ("preferans-sochi-4players", 4),
                                        ("twist-dazin-and-pass", 4)])
def test_pulka_has_a_sector_per_player(stem, seats):
    rp = load(ROOT / "samples" / f"{stem}.json")
    tree = parse(draw_sheet(rp))
    assert tree.tags.count("svg") == 1 and "circle" in tree.tags
    names = [e for e in tree.with_attr("data-seat")]
    assert [n["attrs"]["data-seat"] for n in names] == [str(i) for i in range(seats)]
    fields = tree.with_attr("data-column")
    vists = [f for f in fields if f["attrs"]["data-column"] == "vists"]
    assert len(vists) == seats * (seats - 1)      # one field per opponent
    assert len(fields) == seats * (seats + 1)     # and the two own bands


def test_centre_shows_target_and_pulya_sum():
    rp = load(ROOT / "samples" / "preferans-sochi.json")
    tree = parse(draw_sheet(rp))
    target = next(e for e in tree.elements if e["attrs"].get("class") == "ws-target")
    total = next(e for e in tree.elements if e["attrs"].get("class") == "ws-sum")
    assert target["text"] == str(rp.game.rules["pulya"])
    assert total["text"] == f"Σ {sum(rp.state.pulya)}"


def test_closed_pulya_is_marked_and_next_dealer_shown():
    data = json.loads((ROOT / "samples" / "preferans-sochi.json").read_text())
    data["deals"] = data["deals"][:10]  # Marina's misère closes her pulya; the pulka goes on
    rp = whistscore.replay(from_json(data))
    assert not rp.finished
    tree = parse(draw_sheet(rp))
    closed = [e["attrs"]["data-player"] for e in tree.elements
              if "ws-closed" in e["attrs"].get("class", "").split()]
    target = rp.game.rules["pulya"]
    assert closed == [p for i, p in enumerate(rp.game.players) if rp.state.pulya[i] >= target]
    assert closed
    dealer_seat = rp.game.players.index(rp.next_dealer())
    marked = [e["attrs"]["data-seat"] for e in tree.with_attr("data-seat") if "●" in e["text"]]
    assert marked == [str(dealer_seat)]


@pytest.mark.parametrize("players", [("A", "B", "C"), ("A", "B", "C", "D")])
def test_a_long_evening_shows_the_tail_with_the_total(players):
    rp = long_pulka(players, 66)
    sheet = rp.kind.sheet_json(rp.state, rp.game.rules)
    drawn = sheet_numbers(parse(draw_sheet(rp)))
    gora = drawn["A", "gora", ""]
    full = [str(v) for v in _running(rp, ("A", "gora", None))]
    assert len(full) > 15
    shown = gora["text"].strip()
    assert shown.startswith("…")
    tail = shown[1:].split(".")
    assert 2 <= len(tail) < len(full)
    assert tail == full[-len(tail):]                 # the latest values, in order
    assert Fraction(tail[-1]) == Fraction(sheet["A"]["gora"])
    for key, field in drawn.items():                 # every field ends with its total
        words = field["text"].replace("✓", "").strip().lstrip("…").split(".")
        value = sheet[key[0]][key[1]] if key[1] != "vists" else sheet[key[0]]["vists"][key[2]]
        assert Fraction(words[-1] or 0) == Fraction(value), key


def _running(rp, key):
    values, acc = [], 0
    for result in rp.results:
        amount = sum(e.amount for e in result.outcome.entries
                     if (e.player, e.column, e.against) == key)
        if amount:
            acc += amount
            values.append(acc)
    return values


# -- nothing a player types becomes markup -------------------------------------------------

@pytest.mark.parametrize("path", [ROOT / "samples" / f"{s}.json" for s in (
    "preferans-sochi", "preferans-sochi-4players", "twist-dazin-and-pass",
    "whist-english-session", "danish-evening-5")], ids=lambda p: p.stem)
def test_hostile_names_are_escaped(path):
    n = len(json.loads(path.read_text())["players"])
    names = (HOSTILE + ("Dora", "Eve"))[:n]
    rp = renamed(path, names)
    for lang in ("en", "ru"):
        fragment = draw_sheet(rp, lang) + draw_summary(rp, lang)
        tree = parse(fragment)
        assert "script" not in tree.tags and "img" not in tree.tags
        assert "<script" not in fragment and "<img" not in fragment
        assert not any(k.startswith("on") for e in tree.elements for k in e["attrs"])
        seen = "".join(e["text"] for e in tree.elements) + "".join(
            v or "" for e in tree.elements for v in e["attrs"].values())
        for name in names:
            assert name in seen or name[:8] in seen


def test_unknown_games_draw_their_own_tables():
    game = whistscore.new_game("tally", ["<b>A</b>", "B"])
    rp = whistscore.replay(game)
    tree = parse(draw_sheet(rp) + draw_summary(rp))
    assert "b" not in tree.tags and "table" in tree.tags


def test_a_new_kind_of_paper_draws_itself_with_no_change_in_the_page():
    """A kind of paper is its own module (issue 35): registered by ``paper_kind``, drawn by its
    own ``draw`` with the page's ink (the words in the page's language, who deals next);
    web/draw.py names no kind."""
    import attrs

    from whistscore.paper import PAPERS, Paper, paper_kind
    from whistscore.layout import Label
    from whistscore.paper.ink import el

    @paper_kind
    @attrs.frozen
    class Slate(Paper):
        form = "slate"
        players: tuple[str, ...]

        def draw(self, ink):
            return [el("p", {"class": "ws-slate"}, f"{ink.say(Label('total'))}: "
                                                  f"{', '.join(self.players)}; {ink.dealer}")]

    try:
        assert PAPERS["slate"] is Slate
        assert {"pulka", "marker", "pad"} <= set(PAPERS)
        kind = whistscore.get_game("tally")
        game = whistscore.new_game("tally", ["<b>A</b>", "B"])
        drawn = attrs.evolve(game, kind=attrs.evolve(kind, drawing=lambda rp: Slate(
            rp.game.players)))
        html = draw_sheet(whistscore.replay(drawn), "ru")
        assert html == ('<div class="ws-sheet ws-slate-sheet"><p class="ws-slate">Итого: '
                        '&lt;b&gt;A&lt;/b&gt;, B; &lt;b&gt;A&lt;/b&gt;</p></div>')
        with pytest.raises(ValueError):  # a form is one kind's
            paper_kind(type("Other", (Paper,), {"form": "slate"}))
    finally:
        PAPERS.pop("slate", None)


def test_the_old_names_of_the_papers_values_still_read():
    """docs/api.md: ``whistscore.paper.Pulka`` and the rest, deprecated, from their kind's module."""
    import whistscore.paper as paper
    from whistscore.paper.marker import Marker
    from whistscore.paper.pad import Pad
    from whistscore.paper.pulka import Pulka

    assert (paper.Pulka, paper.Marker, paper.Pad) == (Pulka, Marker, Pad)
    with pytest.raises(AttributeError):
        getattr(paper, "Slab")  # noqa: B009


def test_drawing_imports_no_web_stack():
    """The drawing is pure: the serve helper's page and any other client can use it alone."""
    code = ("import sys, whistscore.web.draw; "
            "bad = [m for m in ('starlette', 'jinja2', 'uvicorn', 'selenium', 'openpyxl') "
            "if m in sys.modules]; print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


def test_css_is_plain_text_for_a_style_element():
    assert "</" not in SHEET_CSS and ".ws-pulka" in SHEET_CSS and "@import" not in SHEET_CSS


# -- in a real browser at a phone's width ----------------------------------------------------

WIDTH, HEIGHT = 390, 844


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium from the OS packages; a browser that cannot start fails the test."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    system_tools.require("chromium", "chromedriver")
    profile = tempfile.TemporaryDirectory(prefix="ws-chromium-")
    options = Options()
    options.binary_location = shutil.which("chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--hide-scrollbars",
                f"--user-data-dir={profile.name}", f"--window-size={WIDTH},{HEIGHT}"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    try:
        driver.set_window_size(WIDTH, HEIGHT)
        yield driver
    finally:
        driver.quit()
        profile.cleanup()


def page(fragment: str) -> str:
    return ('<!doctype html><html><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            f"<style>body{{margin:8px}}{SHEET_CSS}</style></head><body>{fragment}</body></html>")


def shoot(browser, rp, lang: str, path: Path) -> dict:
    path.with_suffix(".html").write_text(page(draw_sheet(rp, lang) + draw_summary(rp, lang)),
                                         encoding="utf-8")
    browser.set_window_size(WIDTH, HEIGHT)
    browser.get(path.with_suffix(".html").as_uri())
    measured = browser.execute_script("""
        const svg = document.querySelector('svg.ws-pulka');
        const out = {scroll: document.documentElement.scrollWidth,
                     height: document.documentElement.scrollHeight, outside: [],
                     inner: window.innerWidth, alerted: window.__alerted || 0};
        if (svg) {
          const box = svg.getBoundingClientRect();
          const rects = [];
          for (const t of svg.querySelectorAll('text')) {
            const r = t.getBoundingClientRect();
            if (r.left < box.left - 0.5 || r.right > box.right + 0.5 ||
                r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
              out.outside.push(t.textContent);
            if (t.textContent) rects.push([t.textContent, r]);
          }
          out.overlaps = [];   // two pencil lines written over each other (2 px of slack)
          for (let i = 0; i < rects.length; i++)
            for (let j = i + 1; j < rects.length; j++) {
              const a = rects[i][1], b = rects[j][1];
              if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 &&
                  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2)
                out.overlaps.push([rects[i][0], rects[j][0]]);
            }
        }
        return out;""")
    browser.set_window_size(WIDTH, max(HEIGHT, measured["height"] + 140))
    browser.save_screenshot(str(path))
    assert path.stat().st_size > 5000
    return measured


CASES = [(p.stem, lambda p=p: load(p)) for p in SAMPLES] + [
    ("preferans-60-deals-3", lambda: long_pulka(("Alexei", "Marina", "Pavel"), 64)),
    ("preferans-60-deals-4", lambda: long_pulka(("Anna", "Boris", "Vera", "Gleb"), 64)),
    ("preferans-hostile", lambda: renamed(ROOT / "samples" / "preferans-sochi.json", HOSTILE)),
    ("twist-long-nota", lambda: many_bombs(9)),
    ("twist-live-nota", lambda: many_bombs(9, contracts=False)),
    ("danish-hostile", lambda: renamed(ROOT / "samples" / "danish-evening-5.json",
                                       HOSTILE + ("A very long name indeed, Esq.", "Eve"))),
]


@pytest.mark.parametrize("name,make", CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_drawn_in_chromium_fits_a_phone(browser, tmp_path, name, make, lang):
    measured = shoot(browser, make(), lang, tmp_path / f"serve-sheet-{name}-{lang}.png")
    assert measured["inner"] == WIDTH
    assert measured["scroll"] <= WIDTH, measured
    assert measured["outside"] == [], measured["outside"]
    assert measured.get("overlaps", []) == [], measured["overlaps"]
    assert browser.execute_script("return document.querySelectorAll('script,img').length") == 0
    browser.set_window_size(360, HEIGHT)             # the narrowest phone of the spec
    assert browser.execute_script("return [window.innerWidth, document.documentElement"
                                  ".scrollWidth]") == [360, 360]


@pytest.mark.parametrize("game,players", [
    (name, ["A", "B", "C", "D", "E"][:count]) for name in declared()
    for count in get_game(name).player_counts])
def test_a_new_game_draws_before_the_first_deal(game, players):
    rp = whistscore.replay(whistscore.new_game(game, players))
    tree = parse(draw_sheet(rp, "ru") + draw_summary(rp, "ru"))
    assert [e["attrs"]["data-dealer"] for e in tree.with_attr("data-dealer")] == ["A"]
    if game == "twist":   # every gora starts written at the agreed size
        gora = [e for e in tree.with_attr("data-column") if e["attrs"]["data-column"] == "gora"]
        assert {e["text"] for e in gora} == {str(rp.game.rules["gora"])}


# -- legible on the narrowest phone (issue 22: "the side texts of the 3-player pulka stay
#    legible at 360 px; the Twist sheet's rotated chains and the Danish 'No.' header were
#    cramped") ---------------------------------------------------------------------------

#: the smallest a number or a name of the sheet is written at, in CSS px on the phone; the
#: legend, a change written small and a tag may go to SMALL
FLOOR, SMALL = 12, 11
#: the table page's own stylesheet, which holds the sheet (``main`` pads it by 10 px a side)
APP_CSS = (ROOT / "whistscore" / "web" / "static" / "app.css").read_text(encoding="utf-8")
SIZES = [(360, 780), (390, 844)]

LEGIBLE = """
const out = {small: [], clipped: [], outside: []};
const floor = arguments[0], small = arguments[1];
for (const svg of document.querySelectorAll('svg.ws-pulka')) {
  const k = svg.getScreenCTM().a, box = svg.getBoundingClientRect();
  for (const t of svg.querySelectorAll('text')) {
    if (!t.textContent.trim()) continue;
    const px = parseFloat(getComputedStyle(t).fontSize) * k;
    const main = t.closest('.ws-f') || t.classList.contains('ws-name');
    if (px < (main ? floor : small) - 0.05) out.small.push([t.textContent, px]);
    const r = t.getBoundingClientRect();
    if (r.left < box.left - .5 || r.right > box.right + .5) out.outside.push(t.textContent);
  }
}
for (const c of document.querySelectorAll('.ws-sheet td, .ws-sheet th, .ws-summary td')) {
  const px = parseFloat(getComputedStyle(c).fontSize);
  if (c.textContent.trim() && px < small - 0.05) out.small.push([c.textContent, px]);
  // a number, a deal's number or a heading cut short is unreadable; a long name may be
  // ended with "…" (its whole is the cell's title)
  if (!c.title && c.scrollWidth > c.clientWidth + .5) out.clipped.push(c.textContent);
}
return out;"""


def long_danish(deals: int):
    """The five-player sample's first fifteen deals over and over (the rotation stays the
    sample's): three-figure deal numbers in the pad's first column."""
    data = json.loads((ROOT / "samples" / "danish-evening-5.json").read_text(encoding="utf-8"))
    data["deals"] = (data["deals"][:15] * (deals // 15 + 1))[:deals]
    return whistscore.replay(from_json(data))


NARROW = [(p.stem, lambda p=p: load(p)) for p in SAMPLES] + [
    ("preferans-60-deals-3", lambda: long_pulka(("Alexei", "Marina", "Pavel"), 64)),
    ("twist-long-nota", lambda: many_bombs(9)),
    ("danish-120-deals", lambda: long_danish(120)),
]


@pytest.mark.parametrize("name,make", NARROW, ids=[c[0] for c in NARROW])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_legible_on_the_narrowest_phone(browser, tmp_path, name, make, size, lang):
    """At 360 and 390 px every number and name of the drawn sheet is written at 12 px or
    more (the pulka is a drawing scaled to the width: 13 of 408 units was 10.8 px at 360),
    nothing runs out of the drawing, and no number or heading of a table is cut short (the
    pad's "No." read "N…": its 2.4em held the padding too under the page's border-box)."""
    rp = make()
    path = tmp_path / f"{name}-{lang}-{size[0]}.html"
    # as the table page holds it: the page's own stylesheet (its border-box sizing, its
    # padding) around the sheet's, the drawing inside <main>
    path.write_text('<!doctype html><html><head><meta charset="utf-8">'
                    '<meta name="viewport" content="width=device-width,initial-scale=1">'
                    f"<style>{APP_CSS}{SHEET_CSS}</style></head><body><main>"
                    f'<section class="sheet-wrap">{draw_sheet(rp, lang)}</section>'
                    f"{draw_summary(rp, lang)}</main></body></html>", encoding="utf-8")
    browser.set_window_size(*size)
    try:
        browser.get(path.as_uri())
        assert browser.execute_script("return window.innerWidth") == size[0]
        found = browser.execute_script(LEGIBLE, FLOOR, SMALL)
    finally:
        browser.set_window_size(WIDTH, HEIGHT)
    assert found == {"small": [], "clipped": [], "outside": []}, found


def test_a_corner_field_takes_its_long_edge():
    """A vists field in a corner is cut by the diagonal: short at the inner line, long at the
    outer one.  A chain that one outer line holds is written there in one line, not broken
    over the short ones (Sveta's vists on Pavel, "20.40." then "60", before)."""
    rp = load(ROOT / "samples" / "twist-bombs-and-twist-round.json")
    fields = {(e["attrs"]["data-player"], e["attrs"]["data-against"]): e
              for e in parse(draw_sheet(rp)).with_attr("data-column")
              if e["attrs"]["data-column"] == "vists"}
    html = draw_sheet(rp)
    for player, against, chain in (("Sveta", "Pavel", "20.40.60"), ("Irina", "Oleg", "12.72.84")):
        assert fields[player, against]["text"] == chain
        start = html.index(f'data-player="{player}" data-column="vists" data-against="{against}"')
        group = html[start:html.index("</g>", start)]
        assert group.count("<text") == 1, group
