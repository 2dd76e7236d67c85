"""A refusal on the Russian table page, in a real browser at 390 x 844 (issue 22, "Found" 4).

The page says one short Russian sentence at the field the refusal names, keeps the
technical text (the CLI's located message, citing the Preferans Code by its name) behind
"details", and shows no green "recorded" line beside it.  The new-game form shows the
chosen game's own example of its options, in the page's language.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from whistscore.games import get_game

from registry_support import games
from serve_support import live_server
from test_web_browser import Pad, browser, notations  # noqa: F401  (the browser fixture)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_a_russian_refusal_is_one_sentence_at_its_field(tmp_path: Path, browser) -> None:  # noqa: F811
    from selenium.webdriver.support.ui import Select

    with live_server(tmp_path) as url:
        pad = Pad(browser, url, tmp_path / "shots")
        pad.d.get(url + "/?lang=ru")
        # the options box shows the chosen game's own example, in Russian
        box = pad.css("#ng-rules")
        # every game of the registry, the one played below last
        for name in [*(n for n in games() if n != "preferans"), "preferans"]:
            Select(pad.css("#ng-game")).select_by_value(name)
            assert box.get_attribute("placeholder") == get_game(name).words.get("rules.hint", "ru")
        pad.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
        pad.shot("new-game-ru")
        for i, p in enumerate(["Аня", "Боря", "Вера"], 1):
            pad.css(f"#ng-player-{i}").send_keys(p)
        pad.css("#ng-name").clear()
        pad.css("#ng-name").send_keys("vecher")
        pad.tap("#ng-create")
        pad.wait(lambda: pad.d.current_url.endswith("/g/vecher"), "the table page")
        pad.wait(lambda: pad.css("#form button", many=True), "the deal form")
        # deal 1, recorded: the green line says so
        pad.tap('#form [data-key="declarer"] button[data-value=\'"Боря"\']')
        pad.choose("contract", 6)
        pad.tap('#form [data-key="contract"] .suits button[data-value=\'"C"\']')
        # Вера whists first: greedy whist offers her no half-whist (issue 36)
        assert not pad.css('#form [data-key="whist"] .status-row[data-player="Вера"] '
                           'button[data-value=\'"half"\']', many=True)
        pad.tap("#submit")
        pad.wait(lambda: "1" in pad.flash(), "deal 1 to be recorded")
        path = tmp_path / "vecher.json"
        assert len(notations(path)) == 1
        before = path.read_bytes()
        # deal 1 edited (an old deal is judged by the server): Вера goes half: refused
        pad.tap('#live-deals button.edit[data-number="1"]')
        pad.status("Вера", "half")
        pad.tap("#submit")
        said = pad.wait(lambda: pad.text('#form [data-key="whist"] .field-error'),
                        "the refusal at the defenders' field")
        assert said.splitlines()[0] == "Полвиста может сказать только второй вистующий."
        detail = pad.css('#form [data-key="whist"] .field-error details')
        technical = detail.get_attribute("textContent")
        assert "deal 1" in technical and "the Preferans Code §3.8.7" in technical
        assert "seed" not in technical
        assert not detail.get_attribute("open")  # behind the toggle until asked
        assert pad.flash() == ""  # no "recorded" beside the refusal
        assert path.read_bytes() == before
        pad.shot("preferans-refused-ru")
