"""The players' terms explained in place (issue 22: "each players' term on the page explains
itself in one line where it appears, in both languages").

A term lives in its game's package (``term.<x>`` at the top of the game's catalogue; shared
ones in the core's, whistscore/locale): its forms as the pages write it, then the one line.  The pages
make the first of each term in a text a button that opens that line beneath it
(static/terms.js), and the deal form shows the terms of a field at its "?".  docs/glossary.md
stays the one place for the docs: every term is there too.
"""

from __future__ import annotations

import importlib
import json
import re
import shutil
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from starlette.testclient import TestClient

import whistscore
from whistscore import files
from whistscore.games import declared, get_game
from whistscore.language import CORE
from whistscore.i18n import TERM_SEPARATOR, term_spans, terms
from whistscore.web.app import create_app

from serve_support import chrome, live_server

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples").glob("*.json"))
GLOSSARY = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").casefold()
TOKEN = "tok-" + "t" * 20
GAMES = tuple(declared())
#: the words issue 22 names, each in the game whose pages show it
NAMED = {
    "preferans": ("term.pulya", "term.gora", "term.vists", "term.allpass", "term.misere",
                  "term.whist", "term.pass", "term.half", "term.gone_half", "term.declarer"),
    "twist": ("term.gora", "term.remark", "term.vists", "term.nota", "term.bomb", "term.dil",
              "term.twist", "term.dazin", "term.operet"),
    "whist": ("term.rubber", "term.honours", "term.revoke", "term.game"),
    "danish": ("term.attachment", "term.solo", "term.nolo", "term.called_ace", "term.alone"),
}
#: where the pages write words a term may be in (the texts they pass through the terms)
ZONES = ("played", "result", "said", "standing", "due", "ws-legend", "balance", "ws-balance")
VOID = {"br", "input", "meta", "link", "img", "hr", "wbr"}


def term_labels(kind) -> dict[str, tuple[str, str]]:
    """Each term's (English, Russian) texts, from the core's and the game's catalogues."""
    found = {k: (v, CORE.get(k, "ru")) for k, v in CORE.texts("en").items()
             if k.startswith("term.")}
    found.update({k: (v, kind.words.get(k, "ru")) for k, v in kind.words.texts("en").items()
                  if k.startswith("term.")})
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_term_says_its_forms_and_one_line_in_both_languages(game):
    kind = get_game(game)
    for key, pair in term_labels(kind).items():
        assert len(pair) == 2, key
        for lang, said in zip(("en", "ru"), pair):
            forms, sep, line = said.partition(TERM_SEPARATOR)
            assert sep and forms.strip() and line.strip(), (key, lang, said)
            assert "\n" not in line and len(line) <= 200, (key, lang, "one line")
            if lang == "ru":   # Russian explained in Russian (the nota's X and O aside)
                assert not [w for w in re.findall(r"[A-Za-z]+", said) if w not in ("X", "O")], \
                    (key, said)
        # docs/glossary.md stays the one place for the docs: the headword is there
        headword = pair[0].split(TERM_SEPARATOR)[0].split("|")[0]
        assert headword.casefold() in GLOSSARY, (key, headword)


@pytest.mark.parametrize("game", GAMES)
def test_a_games_terms_come_first_in_its_labels(game):
    """Kept at the top of its catalogue, so words added at its end merge cleanly."""
    po = (Path(importlib.import_module(f"whistscore.games.{game}").__file__).parent
          / "locale" / "en.po").read_text("utf-8")
    keys = re.findall(r'^msgid "(.+)"$', po, re.M)
    mine = [k.startswith("term.") for k in keys]
    assert mine == sorted(mine, reverse=True), keys


@pytest.mark.parametrize("game,keys", NAMED.items())
def test_the_words_the_issue_names_are_explained(game, keys):
    kind = get_game(game)
    for lang in ("en", "ru"):
        found = {t.key: t for t in terms(kind, lang)}
        for key in keys:
            assert key in found, (game, lang, key)
            assert found[key].line.startswith(found[key].word + TERM_SEPARATOR)


def test_a_term_is_found_in_its_forms_the_longest_first_and_once_a_text():
    kind = get_game("preferans")
    spans = term_spans("Аня: 7♠; вист: Боря; ушёл на полвиста: Вера; вист снова", kind, "ru")
    assert [s[0] for s in spans if not isinstance(s, str)] == ["вист", "ушёл на полвиста"]
    assert "".join(s if isinstance(s, str) else s[0] for s in spans) == \
        "Аня: 7♠; вист: Боря; ушёл на полвиста: Вера; вист снова"
    # a word is a term only whole: "пасьянс" is not "пас", a name is never a term
    assert term_spans("пасьянс", kind, "ru") == ["пасьянс"]
    assert [s[1].key for s in term_spans("both pass, all-pass", kind, "en")
            if not isinstance(s, str)] == ["term.pass", "term.allpass"]


class Page(HTMLParser):
    """Each zone's text with the terms explained in it, the term buttons, the form's fields."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.zones: list[dict] = []
        self.open: list[tuple[str, dict]] = []
        self.buttons: list[dict] = []
        self.fields = None
        self._fields = False

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        classes = set(a.get("class", "").split())
        if tag == "script" and a.get("id") == "fields":
            self._fields = True
        if tag == "button" and "term" in classes:
            self.buttons.append(a)
            for _, zone in self.open:
                if zone is not None:
                    zone["terms"].add(a["data-term"])
        if tag in VOID:
            return
        if classes & set(ZONES):
            zone = {"cls": sorted(classes & set(ZONES)), "text": "", "terms": set()}
            self.zones.append(zone)
            self.open.append((tag, zone))
        elif self.open:
            self.open.append((tag, None))

    def handle_endtag(self, tag):
        self._fields = False
        if self.open:
            self.open.pop()

    def handle_data(self, data):
        if self._fields:
            self.fields = json.loads(data)
        for _, zone in self.open:
            if zone is not None:
                zone["text"] += data


def pages(game: str) -> list[Path]:
    """Every sample of the game (a new one with no deal is added beside them)."""
    return [p for p in SAMPLES if json.loads(p.read_text(encoding="utf-8"))["game"] == game]


@pytest.fixture(scope="module")
def folder():
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for p in SAMPLES:
            shutil.copy(p, folder / p.name)
        for game in GAMES:
            kind = get_game(game)
            players = [f"P{i}" for i in range(1, kind.player_counts[0] + 1)]
            files.dump(whistscore.new_game(game, players), folder / f"new-{game}.json")
        yield folder


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_term_on_a_games_pages_opens_its_line(folder, game, lang):
    """Looped over the registry: on the table page (all its deals) and the settle page of
    every sample of the game and of a new one, each term a text shows is a button carrying
    its line in the page's language, and each field of the form carries the terms of its
    name and buttons."""
    kind = get_game(game)
    lines = {t.key: t.line for t in terms(kind, lang)}
    c = TestClient(create_app(folder, TOKEN), base_url="http://127.0.0.1:8000",
                   client=("127.0.0.1", 50000))
    names = [p.stem for p in pages(game)] + [f"new-{game}"]
    shown = 0
    for name in names:
        for url in (f"/g/{name}?all=1&lang={lang}", f"/g/{name}/settle?lang={lang}"):
            page = Page()
            page.feed(c.get(url).text)
            for button in page.buttons:
                if button.get("class") == "term":
                    assert button["data-line"] == lines[button["data-term"]], (url, button)
            shown += len(page.buttons)
            for zone in page.zones:
                said = {s[1].key for s in term_spans(zone["text"], kind, lang)
                        if not isinstance(s, str)}
                assert said <= zone["terms"], (url, zone["cls"], zone["text"],
                                               said - zone["terms"])
            for field in (page.fields or {"fields": []})["fields"]:
                # the page is sent its words in its language (issue 35): each one's `word`
                texts = [field["word"]] + [x["word"] for k in ("choices", "dealer_choices", "suits")
                                           for x in field.get(k, [])]
                if field.get("every"):
                    texts.append(field["every"]["word"])
                said = {s[1].key for t in texts for s in term_spans(t, kind, lang)
                        if not isinstance(s, str)}
                assert {t["key"] for t in field["terms"]} == said, (name, field["key"])
                assert all(t["line"] == lines[t["key"]] for t in field["terms"])
                shown += len(field["terms"])
    if game in NAMED:   # the shipped games' pages show their jargon, explained
        assert shown > 0, game


def test_a_term_opens_and_closes_in_place_at_a_tap(tmp_path):
    """On a 390 px phone in Chromium: a tap on a word of the sheet's legend opens its line
    right under it, within the screen, a second tap closes it; the form's "?" at the
    defenders opens the lines of whist, pass and half-whist (no hover anywhere)."""
    from selenium.webdriver.common.by import By

    shutil.copy(ROOT / "samples" / "preferans-sochi.json", tmp_path / "sochi.json")
    files.dump(whistscore.new_game("preferans", ["Anna", "Boris", "Vera"]), tmp_path / "new.json")
    d = chrome(tmp_path)
    try:
        with live_server(tmp_path) as url:
            d.get(url + "/g/sochi?lang=ru")
            word = d.find_element(By.CSS_SELECTOR, ".ws-legend button.term")
            line = word.get_attribute("data-line")
            assert line.startswith("гора — ")
            d.execute_script("arguments[0].scrollIntoView({block: 'center'})", word)
            word.click()
            opened = d.find_element(By.CSS_SELECTOR, ".ws-legend .term-line")
            assert opened.text == line and word.get_attribute("aria-expanded") == "true"
            box = d.execute_script("const r = arguments[0].getBoundingClientRect();"
                                   "return [r.left, r.right, innerWidth]", opened)
            assert 0 <= box[0] and box[1] <= box[2] == 390, box
            assert opened.location["y"] > word.location["y"]   # beneath the word
            word.click()
            assert not d.find_elements(By.CSS_SELECTOR, ".ws-legend .term-line")
            # the form: a new game of Preferans, a contract, then the defenders' "?"
            d.get(url + "/g/new?lang=en")
            names = [b for b in d.find_elements(By.CSS_SELECTOR, "#form button")
                     if b.text == "game"]
            assert names, "the form"
            help_ = d.find_elements(By.CSS_SELECTOR, '#form [data-key="_kind"] .term-help')
            assert help_, "the deal kind's ?"
            help_[0].click()
            said = d.find_element(By.CSS_SELECTOR, '#form [data-key="_kind"] .term-line').text
            assert said.startswith("misère — ") and "\nall-pass — " in said, said
    finally:
        d.quit()
