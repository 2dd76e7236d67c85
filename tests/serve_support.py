"""Shared helpers of the scorepad tests: a live server in a thread and headless Chromium.

A browser that cannot start fails the test (never a skip): the scorepad is
judged in a real browser or not at all.  Chromium and chromedriver come from
the OS packages (``chromium``, ``chromium-driver``).
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
TOKEN = "test-token-0123456789"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def live_server(folder: Path, token: str = TOKEN, host: str = "127.0.0.1",
                request_seconds: float | None = None, max_connections: int | None = None,
                **app_options: Any) -> Iterator[str]:
    """The scorepad over ``folder`` on a free port, in this process; yields its address.

    Served with ``whistscore serve``'s own uvicorn settings (``server.config``);
    the bounds can be made smaller for a test that waits them out."""
    import uvicorn

    from whistscore.web.app import create_app
    from whistscore.web.server import config

    port = free_port()
    server = uvicorn.Server(config(create_app(folder, token, **app_options), host, port,
                                   request_seconds=request_seconds,
                                   max_connections=max_connections))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise AssertionError("the scorepad did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(5)


def start_serve(folder: Path, *extra: str, port: int | None = None,
                state: Path | None = None) -> tuple[subprocess.Popen, int]:
    """``whistscore serve`` in a process; its kept tokens in ``state`` (by default a
    folder beside ``folder``: a test never writes the user's own state folder)."""
    import os

    port = port or free_port()
    env = {**os.environ, "XDG_STATE_HOME": str(state or folder.parent / "state")}
    proc = subprocess.Popen([sys.executable, "-m", "whistscore", "serve", str(folder),
                             "--port", str(port), *extra], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    return proc, port


def read_until(proc: subprocess.Popen, word: str, timeout: float = 20) -> str:
    out = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        out.append(line)
        if word in line:
            return "".join(out)
    proc.kill()
    raise AssertionError("the server printed: " + "".join(out) + proc.stderr.read())


def wait_up(port: int, host: str = "127.0.0.1") -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://{host}:{port}/api/games", timeout=2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise AssertionError("whistscore serve did not answer")


def chrome(tmp: Path, width: int = 390, height: int = 844):
    """Headless Chromium at a phone's size; fails loudly when it cannot start."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    import system_tools

    system_tools.require("chromium", "chromedriver")  # fails with the apt line, never skips
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-extensions",
                "--no-first-run", "--disable-sync", "--lang=en-US",
                f"--user-data-dir={tmp / 'chrome-profile'}",
                f"--window-size={width},{height}"):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {
        "download.default_directory": str(tmp / "downloads"),
        "download.prompt_for_download": False,
        "intl.accept_languages": "en-US,en",
    })
    try:
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    except Exception as exc:  # noqa: BLE001 - any failure to start is the test's failure
        raise AssertionError(f"headless Chromium did not start: {exc}") from None
    # the page is laid out for exactly this viewport, as a phone of that size shows it
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    return driver
