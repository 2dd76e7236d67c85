"""The screenshots of docs/serve.md and the README, taken as the browser tests take theirs.

    python tests/shoot_serve.py docs/img              # 390 x 844, the docs' pictures
    python tests/shoot_serve.py /tmp/shots 360 780    # the narrowest phone, to look at

A Sochi evening of Preferans, four at Preferans, a game each of Twist, Whist and Danish,
in English and in Russian, on a phone in headless Chromium: for each game and language the
table while a deal is entered (the strip, the form, the Record bar: the viewport, nothing
scrolled), the sheet under it, and the settle page; and a players' term opened in place.
Each picture is stored small (a 256-colour palette, optimised, with Pillow: a page's flat
colours lose nothing a reader sees), so the repository does not grow by megabytes when
they are taken again.  Not a test: run it when the pages change, then look at every one.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

from clirun import run
from serve_support import chrome, live_server
from test_web_browser import Pad, new_game

SOCHI = ["Anna 7S Boris:w Vera:p 7/3/0", "Boris misere 0", "pass 4/2/4",
         "Vera 6H Anna:p Boris:h", "Anna 8NT Boris:p Vera:p", "Boris 6D Vera:w Anna:w 5/2/3"]
NAMES = {"en": ["Anna", "Boris", "Vera", "Gleb"], "ru": ["Аня", "Боря", "Вера", "Глеб"]}
#: the other games: their deals (in English names) and the deal being entered on the form
OTHERS = {
    "twist": ["Anna 6H 4/2/4/2", "round 3/3/3/3", "Boris bomb double 3 4/1/3/4"],
    "whist": ["NS 8 H:NS3", "EW 9 H:EW4", "NS 7 R:EW", "EW 10"],
    "danish": ["Anna 9 good Vera 10", "Boris nolo 0", "Gleb 8 Anna 7"],
}


def small_png(path: Path) -> int:
    """Rewrite a screenshot as a small PNG (a 256-colour palette, optimised); its bytes."""
    from PIL import Image

    with Image.open(path) as image:
        image.convert("RGB").quantize(256, method=Image.Quantize.MEDIANCUT,
                                      dither=Image.Dither.NONE).save(path, optimize=True)
    return path.stat().st_size


def suit(s: str) -> str:
    return f'#form [data-key="contract"] .suits button[data-value=\'"{s}"\']'


def pick(pad: Pad, key: str, value: object) -> None:
    """A choice by its value (names in any script)."""
    pad.tap(f'#form [data-key="{key}"] button[data-value=\'{json.dumps(value, ensure_ascii=False)}\']')


def top(pad: Pad, url: str) -> None:
    pad.d.get(url)
    pad.wait(lambda: pad.css("#form button", many=True), "the form")


class Shots:
    """Where the pictures go, each made small as it is saved."""

    def __init__(self, pad: Pad, out: Path, width: int) -> None:
        self.pad, self.out, self.width, self.sizes = pad, out, width, {}

    def viewport(self, name: str) -> None:
        self.pad.d.execute_script("scrollTo(0, 0)")
        time.sleep(0.3)
        path = self.out / f"{name}.png"
        self.pad.d.save_screenshot(str(path))
        self.sizes[name] = small_png(path)

    def at(self, name: str, selector: str) -> None:
        """The viewport scrolled so that ``selector`` is at its top (the sheet under the form)."""
        self.pad.d.execute_script("document.querySelector(arguments[0]).scrollIntoView()",
                                  selector)
        time.sleep(0.3)
        path = self.out / f"{name}.png"
        self.pad.d.save_screenshot(str(path))
        self.sizes[name] = small_png(path)

    def page(self, name: str) -> None:
        """The whole page at the phone's width."""
        import base64

        size = self.pad.d.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
        shot = self.pad.d.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": self.width, "height": size["height"], "scale": 1}})
        path = self.out / f"{name}.png"
        path.write_bytes(base64.b64decode(shot["data"]))
        self.sizes[name] = small_png(path)


def main(out: Path, width: int = 390, height: int = 844) -> dict[str, int]:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        d = chrome(folder, width, height)
        try:
            with live_server(folder) as url:
                pad = Pad(d, url, folder / "shots")
                shots = Shots(pad, out, width)
                for lang, names in NAMES.items():
                    name = f"preferans-{lang}"
                    new_game(pad, "preferans", name, names[:3], stake="0.10")
                    for line in SOCHI:
                        for en, said in zip(NAMES["en"], names):
                            line = line.replace(en, said)
                        run(["add", str(folder / f"{name}.json"), line])
                    top(pad, f"{url}/g/{name}?lang={lang}")
                    pick(pad, "declarer", names[2])
                    pad.choose("contract", 7)
                    pad.tap(suit("S"))
                    shots.viewport(f"serve-preferans-{lang}")
                    shots.at(f"serve-sheet-preferans-{lang}", ".sheet-wrap")
                    if lang == "en":
                        # a refused deal: the form offers only what can be recorded, so the
                        # refusal is of an old deal edited (deal 4, the first defender half)
                        pad.tap('#live-deals button.edit[data-number="4"]')
                        pad.status(names[0], "half")
                        pad.tap("#submit")
                        pad.wait(lambda: pad.text('#form [data-key="whist"] .field-error'),
                                 "refusal")
                        shots.viewport("serve-refused")
                    # a players' term opened in place: the form's "?" at the defenders, then
                    # a word of the sheet's legend
                    top(pad, f"{url}/g/{name}?lang={lang}")
                    pick(pad, "declarer", names[2])
                    pad.choose("contract", 7)
                    pad.tap(suit("S"))
                    pad.tap('#form [data-key="whist"] .term-help')
                    shots.viewport(f"serve-term-{lang}")
                    pad.d.execute_script("document.querySelector('.ws-legend button.term').click()")
                    shots.at(f"serve-term-sheet-{lang}", ".sheet-wrap")
                    pad.d.get(f"{url}/g/{name}/settle?lang={lang}")
                    pad.wait(lambda: pad.css("#settle-table", many=True), "settle")
                    shots.page(f"serve-settle-preferans-{lang}")

                new_game(pad, "preferans", "four", NAMES["en"])
                top(pad, url + "/g/four?lang=en")
                pad.choose("declarer", "Boris")
                pad.choose("contract", 8)
                pad.tap(suit("C"))
                pad.tap('#form [data-key="whist"] button[data-every]')
                pad.tap('#form [data-key="whist"] .dealer-row button[data-value=\'"whist"\']')
                shots.viewport("serve-entry-4")
                pad.d.get(url + "/?lang=en")
                pad.wait(lambda: pad.css("#ng-tables button", many=True), "earlier tables")
                shots.page("serve-new")

                for game, lines in OTHERS.items():
                    for lang, names in NAMES.items():
                        name = f"{game}-{lang}"
                        new_game(pad, game, name, names, stake="0.10")
                        for line in lines:
                            for en, said in zip(NAMES["en"], names):
                                line = line.replace(en, said)
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
                        shots.viewport(f"serve-{game}-{lang}")
                        shots.at(f"serve-sheet-{game}-{lang}", ".sheet-wrap")
                        pad.d.get(f"{url}/g/{name}/settle?lang={lang}")
                        pad.wait(lambda: pad.css("#settle-table", many=True), "settle")
                        shots.page(f"serve-settle-{game}-{lang}")
        finally:
            d.quit()
    return shots.sizes


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    sizes = main(Path(sys.argv[1]), *(int(a) for a in sys.argv[2:4]))
    for name, size in sorted(sizes.items()):
        print(f"{size // 1024:4d} KB  {name}.png")
    print(f"{sum(sizes.values()) // 1024} KB in {len(sizes)} pictures")
