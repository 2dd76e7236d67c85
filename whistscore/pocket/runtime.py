"""The scorepad inside the phone's browser: the web worker's Python side.

The pocket site's worker (``site/worker.js``) starts Pyodide, unpacks the wheels,
mounts the games folder on the browser's storage and hands every request of the
page to :meth:`Pocket.handle`, which calls the very app ``whistscore serve`` runs
(:func:`whistscore.web.app.create_app`, with ``pocket=True``).  So the pages, the
JSON answers, the words and every refusal are the scorepad's own; JavaScript only
carries them.

Two seams differ from a server, both here and documented in docs/pocket.md:

* **Saving.**  The worker's folder lives in memory and is written to IndexedDB by
  ``persist`` (Emscripten's IDBFS ``syncfs``) after every change, before the page
  gets its answer: a deal is reported recorded only once it is in the browser's
  storage.  If that write fails the folder is read back from the storage
  (``reload``), so the game is exactly what it was, and the answer is an error.
* **The lock.**  Pyodide has no ``fcntl`` (``whistscore.files.locked`` then takes no
  lock), and two tabs of the site are two workers with a folder each.  The worker
  therefore holds the browser's own lock (the Web Locks API) around each request and
  reads the storage back first, so two tabs take turns on one set of files as two
  ``whistscore add`` take turns on one folder.
"""

from __future__ import annotations

import json
import secrets
from typing import Any, Awaitable, Callable, MutableMapping

from ..web.app import create_app
from ..web.words import pick_lang, words
from .pages import Pages, cookie

__all__ = ["Pocket"]

#: the page's host as the app sees it: loopback, so the access guard lets it read
HOST = "127.0.0.1"


def _club_sqlite() -> None:
    """Pyodide's npm package has no ``sqlite3``: the club runs over sql.js instead
    (:mod:`whistscore.pocket.sqlite_js`), under the name the club imports."""
    import sys

    try:
        import sqlite3  # noqa: F401 - CPython (the tests), or a Pyodide that has it
    except ImportError:
        from . import sqlite_js

        sys.modules["sqlite3"] = sqlite_js


class Pocket:
    """The scorepad app over ``folder``, answering one request at a time."""

    def __init__(self, folder: str, persist: Callable[[], Awaitable[Any]],
                 reload: Callable[[], Awaitable[Any]]) -> None:
        _club_sqlite()
        self.token = secrets.token_urlsafe(16)
        self.app = create_app(folder, token=self.token, pocket=True)
        self.persist = persist
        self.reload = reload
        # the pocket's own pages (storage, backup, delete, links), asked before the app's
        self.pages = Pages(folder, self.app.state.templates)

    async def handle(self, method: str, target: str, headers: Any,
                     body: Any) -> tuple[int, list[tuple[str, str]], bytes]:
        """One request (``target`` is the path and query); the app's status, headers
        and body.  ``headers`` are ``[name, value]`` pairs, ``body`` bytes (or a
        buffer from JavaScript)."""
        pairs = [(str(k).lower(), str(v)) for k, v in (headers or [])]
        if body is None:
            raw = b""
        elif hasattr(body, "to_bytes"):  # a Uint8Array from the worker
            raw = body.to_bytes()
        else:
            raw = bytes(body)
        path, _, query = target.partition("?")
        sent_headers = [(b"host", HOST.encode())] + [
            (k.encode("latin-1"), v.encode("latin-1")) for k, v in pairs
            if k not in ("host", "origin", "content-length")]
        sent_headers.append((b"content-length", str(len(raw)).encode()))
        if method.upper() not in ("GET", "HEAD"):  # the page's own worker: the page writes
            sent_headers.append((b"x-whistscore-token", self.token.encode()))
        scope: dict[str, Any] = {
            "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
            "method": method.upper(), "scheme": "http", "path": path,
            "raw_path": path.encode("utf-8"), "query_string": query.encode("utf-8"),
            "root_path": "", "server": (HOST, 80), "client": (HOST, 1),
            "headers": sent_headers,
        }
        chunks: list[bytes] = []
        start: dict[str, Any] = {}
        sent = False

        async def receive() -> dict[str, Any]:
            nonlocal sent
            if sent:
                return {"type": "http.disconnect"}
            sent = True
            return {"type": "http.request", "body": raw, "more_body": False}

        async def send(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
            elif message["type"] == "http.response.body":
                chunks.append(bytes(message.get("body", b"")))

        own = self.pages.answer(method.upper(), path, query, dict(pairs), raw)
        if own is None:
            await self.app(scope, receive, send)
            status = int(start.get("status", 500))
            out = [(k.decode("latin-1"), v.decode("latin-1"))
                   for k, v in start.get("headers", [])]
        else:
            status, out, own_body = own
            chunks.append(own_body)
        if scope["method"] not in ("GET", "HEAD") and status < 400:
            try:
                await self.persist()
            except Exception as exc:  # the storage refused: put the folder back as stored
                await self.reload()
                header = dict(pairs).get("cookie", "")
                lang = pick_lang(None, cookie(header, "lang"), dict(pairs).get("accept-language"))
                message = words(lang)["pocket_not_saved"]
                data = json.dumps({"error": message, "deal": None, "field": "storage",
                                   "detail": f"{type(exc).__name__}: {exc}"},
                                  ensure_ascii=False).encode("utf-8")
                return 507, [("content-type", "application/json")], data
        return status, out, b"".join(chunks)

