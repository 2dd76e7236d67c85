"""The scorepad's everyday requests, run at build time to find the modules a start needs.

``compile.mjs`` runs :func:`exercise` in Pyodide over the freshly unpacked site-packages:
the games list, a new game of each kind, a deal, a refused deal, an edit, an undo, the
table and settlement pages, in both languages.  The modules imported by then
(:func:`used`) go into the archive every start unpacks; the rest is loaded when first
imported (:mod:`.later`).  A module this misses still works: it only arrives later.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile

__all__ = ["exercise", "exercise_seldom", "used"]

async def exercise() -> list[int]:
    """The everyday requests on a scorepad over a new folder; their statuses."""
    from ..games import GAMES, get_game
    from .runtime import Pocket

    async def nothing() -> None:
        return None

    statuses = []
    with tempfile.TemporaryDirectory() as folder:
        pocket = Pocket(folder, nothing, nothing)
        json_type = [["content-type", "application/json"]]

        async def ask(method: str, url: str, body: object = None,
                      lang: str = "en") -> None:
            data = b"" if body is None else json.dumps(body).encode()
            status, _, _ = await pocket.handle(method, url, json_type + [
                ["accept-language", lang]], data)
            statuses.append(status)

        for lang in ("en", "ru"):
            await ask("GET", "/", lang=lang)
        # every game of the registry, with its own notation's seats and examples
        recorded = []
        for i, name in enumerate(sorted(GAMES)):
            kind = get_game(name)
            players = list(kind.notation_players) or [
                f"P{n}" for n in range(1, kind.player_counts[0] + 1)]
            game = f"g{i}"
            await ask("POST", "/api/games", {"name": game, "game": name, "players": players})
            for lang in ("en", "ru"):
                await ask("GET", f"/g/{game}?lang={lang}", lang=lang)
            for form in kind.notation_forms:
                if form.players:
                    continue
                await ask("POST", f"/api/games/{game}/deals?view=1&lang=en",
                          {"deal": form.example})
                if statuses[-1] == 201:
                    recorded.append((game, form.example))
                    break
        for game, example in recorded[:1]:
            api = f"/api/games/{game}"
            await ask("POST", f"{api}/deals?view=1&lang=ru", {"deal": "?"}, lang="ru")
            await ask("PUT", f"{api}/deals/1?view=1&lang=en", {"deal": example, "expect": 1})
            await ask("GET", f"/g/{game}/live?lang=en&stamp=x")
            for lang in ("en", "ru"):
                await ask("GET", f"/g/{game}/settle?lang={lang}", lang=lang)
            await ask("GET", api)
            await ask("GET", f"{api}/settle")
            await ask("DELETE", f"{api}/deals/last", {"expect": 1})
    return statuses


async def exercise_seldom() -> list[int]:
    """The requests a phone makes now and then, after :func:`exercise`: a game's workbook and
    file, its link and QR code, the storage page, a backup, its restore, an import, a delete
    and its undo, a shared link opened.  Run only to check that none of them needs a module
    of the standard library the site leaves out (:mod:`.stdlib`)."""
    from ..games import GAMES, get_game
    from . import keep
    from .runtime import Pocket

    async def nothing() -> None:
        return None

    statuses = []
    with tempfile.TemporaryDirectory() as folder:
        pocket = Pocket(folder, nothing, nothing)

        async def ask(method: str, url: str, body: bytes = b"") -> bytes:
            status, _, data = await pocket.handle(method, url, [
                ["content-type", "application/json"], ["accept-language", "ru"],
                ["x-pocket-site", "https://cards.example/"]], body)
            statuses.append(status)
            return data

        name = sorted(GAMES)[0]
        kind = get_game(name)
        players = list(kind.notation_players) or [
            f"P{n}" for n in range(1, kind.player_counts[0] + 1)]
        await ask("POST", "/api/games", json.dumps(
            {"name": "g", "game": name, "players": players}).encode())
        for form in kind.notation_forms:
            if not form.players:
                await ask("POST", "/api/games/g/deals", json.dumps({"deal": form.example}).encode())
                break
        await ask("GET", "/api/games/g/export.xlsx?lang=ru")
        data = await ask("GET", "/api/games/g?download=1")
        await ask("GET", "/pocket/share/g")
        await ask("GET", "/pocket/keep")
        backup = await ask("GET", "/pocket/backup.zip")
        await ask("POST", "/pocket/restore", backup)
        await ask("POST", "/pocket/import?name=other", data)
        await ask("GET", "/s/" + keep.pack(data) + "?n=g")
        await ask("POST", "/pocket/delete/g")
    return statuses


def used(root: str) -> set[str]:
    """The files under ``root`` of the modules imported so far (paths relative to it)."""
    out = set()
    base = os.path.abspath(root) + os.sep
    for module in list(sys.modules.values()):
        f = getattr(module, "__file__", None)
        if f and os.path.abspath(f).startswith(base):
            out.add(os.path.relpath(os.path.abspath(f), base).replace(os.sep, "/"))
    return out
