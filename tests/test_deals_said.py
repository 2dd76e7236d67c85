"""A deal in players' words, in both languages (issue 22, "Right words"): each game's
``describe_deal`` says what was played, as the scorepad's list of deals shows it
("Аня: 8♥; твист: Боря"), and the list calls it for every game.

The expected texts are written by hand from each deal's notation (the forms of
``whistscore notation GAME``).
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import whistscore
from whistscore import files
from whistscore.games import declared
from whistscore.i18n import text
from whistscore.web.app import create_app

PLAYERS4 = ["Аня", "Боря", "Вера", "Глеб"]

#: game -> players, [(notation, English, Russian)]: at least three kinds of deal each
CASES: dict[str, tuple[list[str], list[tuple[str, str, str]]]] = {
    "twist": (PLAYERS4, [
        # a contract; with the partner's cards opened; a twist round (said by its result)
        ("Вера 5S 3/3/4/2 open", "Вера: 5♠; partner's cards opened", "Вера: 5♠; с просмотром"),
        ("round 2/5/3/2", "", ""),
        # the partner passed (which opens his cards: said once)
        ("Глеб 7H 1/3/6/2 pass", "Глеб: 7♥; partner passed", "Глеб: 7♥; партнёр спасовал"),
        ("Боря 8S 2/4/2/4 twist Аня Вера", "Боря: 8♠; twist: Аня, Вера",
         "Боря: 8♠; твист: Аня, Вера"),
        ("Аня 9NT 3/4/1/4", "Аня: 9 no trumps", "Аня: 9 БК"),
        ("Вера bomb double 3 1/4/3/4", "Вера: bomb (double) at 3", "Вера: бомба (двойная) по 3"),
        ("Глеб dil simple 2 4/3/3/2", "Глеб: dil (simple) at 2", "Глеб: диль (простая) по 2"),
    ]),
    "whist": (PLAYERS4, [
        # NS are the first and third players, EW the second and fourth
        ("NS 8", "NS (Аня & Вера): 8 tricks", "NS (Аня и Вера): 8 взяток"),
        # NS took 4, so EW 9; NS held four honours
        ("NS 4 H:NS4", "EW (Боря & Глеб): 9 tricks; 4 honours: NS (Аня & Вера)",
         "EW (Боря и Глеб): 9 взяток; 4 онёра: NS (Аня и Вера)"),
        ("NS 6 R:EW/transfer", "EW (Боря & Глеб): 7 tricks; revoke: EW (Боря & Глеб)",
         "EW (Боря и Глеб): 7 взяток; ренонс: EW (Боря и Глеб)"),
        ("void", "", ""),  # said by its result: both sides revoked
        ("Аня 9 H:Боря3 R:Глеб",
         "NS (Аня & Вера): 9 tricks; 3 honours: EW (Боря & Глеб); revoke: EW (Боря & Глеб)",
         "NS (Аня и Вера): 9 взяток; 3 онёра: EW (Боря и Глеб); ренонс: EW (Боря и Глеб)"),
    ]),
    "danish": (PLAYERS4, [
        ("Аня 8 good Боря 9", "Аня: 8 good; partner: Боря", "Аня: 8 годе; партнёр: Боря"),
        ("Боря 9 alone 7", "Боря: 9", "Боря: 9"),  # "alone" is said by the result
        ("Вера nolo 0", "Вера: nolo", "Вера: ноло"),
        ("Глеб open_solo 1", "Глеб: open solo", "Глеб: открытое соло"),
        ("Аня 7 vip Вера 8", "Аня: 7 tournee; partner: Вера", "Аня: 7 вип; партнёр: Вера"),
    ]),
    "preferans": (["Аня", "Боря", "Вера"], [
        ("Аня 7S Боря:w Вера:p 7/3/0", "Аня: 7♠; whist: Боря; pass: Вера",
         "Аня: 7♠; вист: Боря; пас: Вера"),
        ("Боря misere 0", "Боря:", "Боря:"),   # the result says the misère: said once
        ("Аня 7H concede", "Аня: 7♥", "Аня: 7♥"),  # the result says «без трёх»
        # both pass, not played: the result says «оба паса», so the passes are not said twice
        ("Вера 8NT Аня:p Боря:p", "Вера: 8 no trumps", "Вера: 8 БК"),
        ("pass 4/2/4", "", ""),
    ]),
}


def _played(name: str) -> tuple[Any, list[tuple[str, str, str]]]:
    players, cases = CASES[name]
    g = whistscore.new(name, players)
    for notation, _, _ in cases:
        g = g.add(notation)
    return g, cases


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_deal_said_in_both_languages(name: str) -> None:
    g, cases = _played(name)
    kind = g.game.kind
    for r, (notation, en, ru) in zip(g.replay.results, cases):
        said = kind.describe_deal(r.record.deal, r.context)
        assert (str(text(said, kind, "en")), str(text(said, kind, "ru"))) == (en, ru), notation


def test_every_game_says_its_deals() -> None:
    """Every game of the registry has the hook (the tests above cover each by hand)."""
    assert set(declared()) <= set(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_scorepads_list_of_deals_says_them(name: str, tmp_path: Path) -> None:
    g, cases = _played(name)
    files.dump(g.game, tmp_path / "g.json")
    c = TestClient(create_app(tmp_path, "tok-" + "d" * 20), base_url="http://127.0.0.1:8000",
                   client=("127.0.0.1", 50000))
    for lang, i in (("en", 1), ("ru", 2)):
        c.cookies.set("lang", lang)
        # a players' term in the line is a button that opens its explanation: read the
        # words as a reader sees them
        page = re.sub(r'<button type="button" class="term"[^>]*>(.*?)</button>', r"\1",
                      c.get("/g/g").text)
        for case in cases:
            if case[i]:
                said = case[i].replace("&", "&amp;").replace("'", "&#39;")
                assert f'<span class="played">{said}</span>' in page, (lang, case[i])


def test_the_list_of_deals_says_each_word_once_and_the_all_pass_by_its_place(tmp_path: Path) -> None:
    """«без трёх» and «мизер пойман» once (the deal's words leave them to the result), and
    an all-pass as players say it: «первые распасы», «вторые распасы» (issue 36)."""
    g = whistscore.new("preferans", ["Аня", "Боря", "Вера"])
    for notation in ("Аня 7H concede", "Боря misere 2", "pass 4/2/4", "pass 4/2/4"):
        g = g.add(notation)
    files.dump(g.game, tmp_path / "g.json")
    c = TestClient(create_app(tmp_path, "tok-" + "d" * 20), base_url="http://127.0.0.1:8000",
                   client=("127.0.0.1", 50000))
    for lang, expected in (
            ("ru", ["Аня: 7♥, без трёх", "Боря: мизер пойман, взяток: 2",
                    "первые распасы", "вторые распасы"]),
            ("en", ["Аня: 7♥, conceded, down 3", "Боря: misère caught with 2",
                    "first all-pass", "second all-pass"])):
        c.cookies.set("lang", lang)
        page = html.unescape(re.sub(r"<[^>]+>", "", re.sub(r"\s+", " ", c.get("/g/g").text)))
        items = re.findall(r"(?:сдаёт \S+|\S+ deals) · (.*?) — ", page)
        assert items == expected[::-1], (lang, items)   # the newest deal first
