"""The screenshots of docs/serve.md and the README, taken as the browser tests take theirs.

    python tests/shoot_serve.py docs/img

A Sochi evening, four at Preferans, a game each of Twist, Whist and Danish, in
English and Russian, on a 390 x 844 phone (headless Chromium): what the table
looks like while a deal is entered (the viewport, no scrolling) and whole pages.
Not a test: run it when the pages change, then look at every picture.
"""

from __future__ import annotations

import json
import time
import sys
import tempfile
from pathlib import Path

from clirun import run
from serve_support import chrome, live_server
from test_web_browser import Pad, new_game

SOCHI = ["Anna 7S Boris:w Vera:p 7/3/0", "Boris misere 0", "pass 4/2/4",
         "Vera 6H Anna:p Boris:h", "Anna 8NT Boris:p Vera:p", "Boris 6D Vera:w Anna:w 5/2/3"]
SOCHI_RU = ["Аня 7S Боря:w Вера:p 7/3/0", "Боря misere 0", "pass 4/2/4",
            "Вера 6H Аня:p Боря:h", "Аня 8NT Боря:p Вера:p"]


def suit(s: str) -> str:
    return f'#form [data-key="contract"] .suits button[data-value=\'"{s}"\']'


def pick(pad: Pad, key: str, value: object) -> None:
    """A choice by its value (names in any script)."""
    pad.tap(f'#form [data-key="{key}"] button[data-value=\'{json.dumps(value, ensure_ascii=False)}\']')


def top(pad: Pad, url: str) -> None:
    pad.d.get(url)
    pad.wait(lambda: pad.css("#form button", many=True), "the form")


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        d = chrome(folder)
        try:
            with live_server(folder) as url:
                pad = Pad(d, url, folder / "shots")
                new_game(pad, "preferans", "friday", ["Anna", "Boris", "Vera"], stake="0.10")
                for line in SOCHI:
                    run(["add", str(folder / "friday.json"), line])
                top(pad, url + "/g/friday?lang=en")
                pad.choose("declarer", "Vera")
                pad.choose("contract", 7)
                pad.tap(suit("S"))
                pad.d.execute_script("scrollTo(0, 0)"); time.sleep(0.3)
                pad.d.save_screenshot(str(out / "serve-table-preferans.png"))
                pad.d.save_screenshot(str(out / "serve-entry.png"))
                pad.status("Anna", "half")   # the first defender: refused under greedy whist
                pad.tap("#submit")
                pad.wait(lambda: pad.text('#form [data-key="whist"] .field-error'), "refusal")
                pad.d.save_screenshot(str(out / "serve-refused.png"))
                top(pad, url + "/g/friday?lang=en")
                (out / "serve-table-full.png").write_bytes(pad.shot("full", True).read_bytes())
                pad.d.get(url + "/g/friday/settle?lang=en")
                pad.wait(lambda: pad.css("#settle-table", many=True), "settle")
                (out / "serve-settle.png").write_bytes(pad.shot("settle", True).read_bytes())
                pad.d.get(url + "/?lang=en")
                pad.wait(lambda: pad.css("#ng-tables button", many=True), "earlier tables")
                (out / "serve-new.png").write_bytes(pad.shot("new", True).read_bytes())

                new_game(pad, "preferans", "vecher", ["Аня", "Боря", "Вера"], stake="0.10")
                for line in SOCHI_RU:
                    run(["add", str(folder / "vecher.json"), line])
                top(pad, url + "/g/vecher?lang=ru")
                pick(pad, "declarer", "Боря")
                pad.choose("contract", 6)
                pad.tap(suit("D"))
                pad.tap(f'#form [data-key="tricks"] .trick-row[data-player="Аня"] '
                        f'button[data-value="2"]')
                pad.d.execute_script("scrollTo(0, 0)"); time.sleep(0.3)
                pad.d.save_screenshot(str(out / "serve-table-ru.png"))

                new_game(pad, "preferans", "four", ["Anna", "Boris", "Vera", "Gleb"])
                top(pad, url + "/g/four?lang=en")
                pad.choose("declarer", "Boris")
                pad.choose("contract", 8)
                pad.tap(suit("C"))
                pad.tap('#form [data-key="whist"] button[data-every]')
                pad.tap('#form [data-key="whist"] .dealer-row button[data-value=\'"whist"\']')
                pad.d.execute_script("scrollTo(0, 0)"); time.sleep(0.3)
                pad.d.save_screenshot(str(out / "serve-entry-4.png"))

                for game, lines in (("twist", ["Anna 6H 4/2/4/2", "round 3/3/3/3",
                                               "Boris bomb double 3 4/1/3/4"]),
                                    ("whist", ["NS 8", "EW 9 H:EW4", "NS 7"]),
                                    ("danish", ["Anna 9 good Carl 10", "Boris nolo 0"])):
                    for lang, names in (("en", ["Anna", "Boris", "Carl", "Dora"]),
                                        ("ru", ["Аня", "Боря", "Костя", "Даша"])):
                        name = f"{game}-{lang}"
                        new_game(pad, game, name, names)
                        for line in lines:
                            for en, ru in zip(["Anna", "Boris", "Carl", "Dora"], names):
                                line = line.replace(en, ru)
                            run(["add", str(folder / f"{name}.json"), line])
                        top(pad, f"{url}/g/{name}?lang={lang}")
                        if game == "twist":
                            pick(pad, "declarer", names[2])
                            pad.choose("contract", 8)
                            pad.tap(suit("S"))
                        elif game == "danish":
                            pick(pad, "declarer", names[2])
                            pad.choose("bid", 8)
                        else:
                            pad.choose("tricks", 8)
                        pad.d.execute_script("scrollTo(0, 0)"); time.sleep(0.3)
                        suffix = "" if lang == "en" else "-ru"
                        pad.d.save_screenshot(str(out / f"serve-{game}{suffix}.png"))
                        if lang == "en":
                            (out / f"serve-{game}-full.png").write_bytes(
                                pad.shot(name, True).read_bytes())
        finally:
            d.quit()


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    main(Path(sys.argv[1]))
