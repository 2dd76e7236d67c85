"""Accessibility (issue 36): axe-core finds no violation on any page of any sample, in
English and in Russian, at a phone's size (headless Chromium, tests/axe_support.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from axe_support import said, violations
from serve_support import chrome, live_server

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


@pytest.mark.parametrize("lang", ["en", "ru", "da"])
def test_no_axe_violation_on_any_page_of_any_sample(tmp_path, lang):
    folder = tmp_path / "games"
    folder.mkdir()
    for sample in sorted(SAMPLES.glob("*.json")):
        shutil.copy(sample, folder / sample.name)
    driver = chrome(tmp_path, 390, 844)
    found: dict[str, str] = {}
    try:
        with live_server(folder) as url:
            pages = ["/"] + [f"/g/{p.stem}{suffix}" for p in sorted(folder.glob("*.json"))
                             for suffix in ("", "/settle")]
            found = _found(driver, url, pages, lang)
    finally:
        driver.quit()
    assert not found, "\n\n".join(f"{page}:\n{text}" for page, text in found.items())


def _found(driver, url: str, pages: list[str], lang: str) -> dict[str, str]:
    """axe-core's violations on each page in ``lang``, said per page (none: an empty dict);
    a table page is checked once its fonts are in (its layout settled)."""
    found: dict[str, str] = {}
    for page in pages:
        driver.get(f"{url}{page}{'&' if '?' in page else '?'}lang={lang}")
        if page.startswith("/g/") and not page.endswith("/settle"):
            driver.execute_script("return document.fonts.ready")
        bad = violations(driver)
        if bad:
            found[page] = said(bad)
    return found


@pytest.mark.parametrize("lang", ["en", "ru", "da"])
def test_no_axe_violation_on_the_sample_club(tmp_path, lang):
    folder = tmp_path / "club"
    shutil.copytree(SAMPLES / "club", folder)
    driver = chrome(tmp_path, 390, 844)
    found: dict[str, str] = {}
    try:
        with live_server(folder) as url:
            pages = ["/", "/club"] + [f"/g/{p.stem}{suffix}" for p in sorted(folder.glob("*.json"))
                                      if p.name != "club.json" for suffix in ("", "/settle")]
            driver.get(f"{url}/club?lang={lang}")
            from selenium.webdriver.common.by import By

            links = {a.get_attribute("href").split(url, 1)[1] for a in driver.find_elements(
                By.CSS_SELECTOR, 'main a[href^="/club/"]')}
            pages += sorted(links)[:6]
            found = _found(driver, url, pages, lang)
    finally:
        driver.quit()
    assert not found, "\n\n".join(f"{page}:\n{text}" for page, text in found.items())
