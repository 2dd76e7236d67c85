"""The pocket site under test: one build per session, a static server on loopback that
can be stopped (the network cut), and headless Chromium that may reach nothing else.

Chromium resolves every host name to nothing but 127.0.0.1 (``--host-resolver-rules``)
and logs every request it makes (the performance log), so a test can say that no
request tried to leave the machine, not only that none succeeded.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import json
import threading
import time
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlsplit

from serve_support import CHROMEDRIVER, CHROMIUM


class _Site(http.server.SimpleHTTPRequestHandler):
    """A static host as any serves the site: the right types, nothing else."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".mjs": "text/javascript",
                      ".wasm": "application/wasm", ".json": "application/json",
                      ".webmanifest": "application/manifest+json", ".whl": "application/zip",
                      ".zip": "application/zip", ".png": "image/png"}

    def log_message(self, *args: Any) -> None:
        pass

    def log_request(self, code: Any = "-", size: Any = "-") -> None:
        # every path the host served (the service worker's and the web worker's requests
        # too, which the page's own log does not see)
        served = getattr(self.server, "served", None)
        if served is not None:
            served.append(self.path)


class StaticHost:
    """``folder`` on http://127.0.0.1:PORT/ until :meth:`stop` (then the port refuses);
    ``port`` again later is the same origin (the same service worker and storage)."""

    def __init__(self, folder: Path, port: int = 0) -> None:
        self.folder = folder
        self.server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", port), functools.partial(_Site, directory=str(folder)))
        self.server.served = []  # type: ignore[attr-defined]
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.server.shutdown()
            self.server.server_close()
            self.thread.join(5)
            self.running = False


def pocket_chrome(profile: Path, downloads: Path, width: int = 390, height: int = 844):
    """Headless Chromium at a phone's size that can reach loopback only, logging requests."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    import system_tools

    system_tools.require("chromium", "chromedriver")  # fails with the apt line, never skips
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-extensions",
                "--disable-component-update", "--no-first-run", "--disable-sync",
                "--lang=en-US", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                f"--user-data-dir={profile}", f"--window-size={width},{height}"):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {
        "download.default_directory": str(downloads), "download.prompt_for_download": False,
        "intl.accept_languages": "en-US,en"})
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    try:
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    except Exception as exc:  # noqa: BLE001 - any failure to start is the test's failure
        raise AssertionError(f"headless Chromium did not start: {exc}") from None
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    driver.execute_cdp_cmd("Page.setDownloadBehavior",
                           {"behavior": "allow", "downloadPath": str(downloads)})
    return driver


class Requests:
    """Every request the browser made (its performance log), read as it goes."""

    def __init__(self) -> None:
        self.urls: list[str] = []
        self.failed: list[str] = []
        self.encoded: dict[str, int] = {}
        self._ids: dict[str, str] = {}

    def read(self, driver) -> None:
        for entry in driver.get_log("performance"):
            msg = json.loads(entry["message"])["message"]
            method, params = msg.get("method", ""), msg.get("params", {})
            if method == "Network.requestWillBeSent":
                url = params["request"]["url"]
                self.urls.append(url)
                self._ids[params["requestId"]] = url
            elif method == "Network.loadingFinished":
                url = self._ids.get(params["requestId"], "")
                self.encoded[url] = self.encoded.get(url, 0) + int(params["encodedDataLength"])
            elif method == "Network.loadingFailed":
                self.failed.append(f"{self._ids.get(params['requestId'], '?')}: "
                                   f"{params.get('errorText')}")

    def outside(self, origin: str) -> list[str]:
        """The requests that tried to leave ``origin`` (blob: and data: stay in the page;
        chrome: is the browser's own new-tab page, built in)."""
        return [u for u in self.urls if not u.startswith(origin)
                and urlsplit(u).scheme not in ("blob", "data", "chrome")]


def gzip_size(folder: Path, urls: Iterator[str] | list[str], origin: str) -> tuple[int, int]:
    """(bytes, bytes gzipped at level 6) of the site's files these URLs fetched, each once:
    what a static host that compresses would send."""
    raw = packed = 0
    seen = set()
    for u in urls:
        if not u.startswith(origin):
            continue
        rel = urlsplit(u).path.lstrip("/") or "index.html"
        path = folder / rel
        if rel in seen or not path.is_file():
            continue
        seen.add(rel)
        data = path.read_bytes()
        raw += len(data)
        packed += len(gzip.compress(data, 6))
    return raw, packed


def wait_page(driver, path: str, timeout: float = 30.0) -> float:
    """Wait until the pocket page shows the app's page ``path``; the page's own clock
    (ms since it started loading) when it did."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = driver.execute_script(
            "return [document.documentElement.dataset.page || null,"
            " document.documentElement.dataset.failed || null,"
            " (document.getElementById('boot-detail') || {}).textContent || '',"
            " window.whistscorePocket ? window.whistscorePocket.timings.shown : null]")
        if state[1]:
            raise AssertionError(f"the pocket page failed to start: {state[2]}")
        if state[0] == path and state[3] is not None:
            return float(state[3])
        time.sleep(0.05)
    raise AssertionError(f"waited {timeout} s for the pocket page {path}; "
                         f"it shows {driver.execute_script('return document.documentElement.dataset.page')}")


def app_get(driver, url: str) -> tuple[int, str]:
    """A GET answered by the app inside the page (its worker): status and text."""
    out = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.whistscorePocket.ask('GET', arguments[0], []).then("
        " (r) => done([r.status, new TextDecoder().decode(r.body)]), (e) => done([0, String(e)]));",
        url)
    return int(out[0]), str(out[1])
