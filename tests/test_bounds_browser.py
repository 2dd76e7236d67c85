"""Issue 32 #4 in a phone's browser: a sync tool's conflict copy is on the Games page, opens
read-only, and is removed once the box is ticked (headless Chromium, 360x780 and 390x844;
the screenshots are left in the test's folder to look at)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

import whistscore
from serve_support import chrome, live_server

SHOTS = os.environ.get("WHISTSCORE_SHOTS")


@pytest.mark.parametrize("size", [(360, 780), (390, 844)])
def test_a_conflict_copy_is_listed_opened_and_removed(tmp_path, size):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    folder = tmp_path / "games"
    folder.mkdir()
    evening = folder / "evening.json"
    game = whistscore.new("preferans", ["Anna", "Boris", "Vera"])
    game.add("pass 4/2/4").add("Anna 7S Boris:w Vera:p 7/3/0").save(evening)
    copy = folder / "evening (conflicted copy 2026-11-30).json"
    copy.write_bytes(evening.read_bytes())
    shots = Path(SHOTS) if SHOTS else tmp_path
    driver = chrome(tmp_path, *size)
    try:
        with live_server(folder) as url:
            for lang in ("en", "ru"):
                driver.get(f"{url}/?lang={lang}")
                link = driver.find_element(By.CSS_SELECTOR, "li.odd a")
                assert copy.name in link.text
                driver.save_screenshot(str(shots / f"odd-games-{lang}-{size[0]}.png"))
                link.click()
                time.sleep(0.3)
                assert driver.find_element(By.CSS_SELECTOR, "h1.file-name").text == copy.name
                driver.save_screenshot(str(shots / f"odd-file-{lang}-{size[0]}.png"))
            driver.find_element(By.ID, "remove-button").click()  # not ticked: nothing
            time.sleep(0.3)
            assert copy.exists()
            driver.find_element(By.ID, "remove-sure").click()
            driver.find_element(By.ID, "remove-button").click()
            wait = WebDriverWait(driver, 10, poll_frequency=0.05)
            wait.until(lambda _: not copy.exists())
            assert not copy.exists() and evening.exists()
            # the page says so once the answer is in (file.js), a moment after the server
            # removed the file: waited for, not raced
            done = driver.find_element(By.ID, "remove-done")
            wait.until(lambda _: done.is_displayed())
            assert done.is_displayed()
            driver.save_screenshot(str(shots / f"odd-removed-{size[0]}.png"))
    finally:
        driver.quit()
