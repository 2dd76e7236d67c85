"""The pocket site's own pages and answers, beside the scorepad's (docs/pocket.md).

:class:`whistscore.pocket.runtime.Pocket` asks :meth:`Pages.answer` first; a request
that is not one of these goes on to the scorepad app.  These exist only on the phone:

=============================  ===========================================================
``GET /pocket/keep``           what is stored and how much, backup, restore, import,
                               delete and the deleted games (undo)
``GET /pocket/share/NAME``     a game as a link: the QR code, the share sheet
``GET /s/DATA?n=NAME``         a shared game, read-only: "keep it here", "continue here"
``GET /pocket/backup.zip``     every game in one zip (a club folder)
``POST /pocket/restore``       a backup zip (the body), its games stored
``POST /pocket/import?name=``  a game file (the body) as the CLI reads it
``POST /pocket/adopt?name=``   a link's data (the body): its game stored
``POST /pocket/delete/NAME``   the game set aside, ``{"entry"}`` to undo it
``POST /pocket/undo/ENTRY``    a deleted game brought back
=============================  ===========================================================

Words come from web/words.py, refusals from i18n (``err.pocket.*``, the journal's), in
the page's language; the technical text goes along as ``detail``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Mapping
from urllib.parse import parse_qs, quote, unquote

from jinja2 import ChoiceLoader, Environment, FileSystemLoader
from markupsafe import Markup

from .. import journal
from ..errors import InputError
from ..games import GAMES, get_game
from ..i18n import error_message
from ..language import langs
from ..replay import replay
from ..web.draw import draw_sheet, draw_summary
from ..web.words import pick_lang, words
from . import keep

__all__ = ["Pages", "Answer", "qr_svg"]

Answer = tuple[int, list[tuple[str, str]], bytes]
HERE = Path(__file__).resolve().parent
#: a QR code holds at most 2953 bytes (version 40, error correction L)
QR_BYTES = 2953


def qr_svg(link: str) -> str | None:
    """``link`` as a QR code, an inline SVG (segno, pure Python, runs on the phone); None
    when it is longer than one QR code holds."""
    import io

    import segno

    if len(link.encode("utf-8")) > QR_BYTES:
        return None
    try:
        code = segno.make(link, error="l", micro=False, boost_error=False)
    except segno.DataOverflowError:
        return None
    out = io.BytesIO()
    code.save(out, kind="svg", xmldecl=False, svgns=True, nl=False, scale=1, border=4,
              svgclass="pocket-qr", lineclass=None, omitsize=True)
    # as wide as the phone allows, black on white (a camera reads it off any theme)
    return out.getvalue().decode("utf-8").replace(
        "<svg ", '<svg role="img" style="width:100%;height:auto;display:block;background:#fff" ', 1)


def _json(status: int, data: Any) -> Answer:
    return status, [("content-type", "application/json")], json.dumps(
        data, ensure_ascii=False).encode("utf-8")


def cookie(header: str, name: str) -> str | None:
    """The value of the cookie ``name`` in a ``Cookie`` header (the page's language)."""
    for part in header.split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return None


class Pages:
    """The pocket's own routes over the games folder ``folder``."""

    def __init__(self, folder: str, env: Environment) -> None:
        self.folder = Path(folder)
        self.env = env.overlay(loader=ChoiceLoader([FileSystemLoader(str(HERE / "templates")),
                                                    env.loader]))  # type: ignore[list-item]

    def answer(self, method: str, path: str, query: str, headers: Mapping[str, str],
               body: bytes) -> Answer | None:
        """The answer to a request of the pocket's own, or None for the scorepad's."""
        if not (path.startswith("/pocket/") or path.startswith("/s/")):
            return None
        q = {k: v[-1] for k, v in parse_qs(query, keep_blank_values=True).items()}
        asked = q.get("lang")
        lang = pick_lang(asked, cookie(headers.get("cookie", ""), "lang"),
                         headers.get("accept-language"))
        try:
            out = self._route(method, path, q, headers, body, lang)
        except InputError as exc:
            said = error_message(exc, [get_game(n) for n in GAMES], lang)
            status = 404 if exc.key in ("pocket.no_game", "pocket.gone") else 400
            if method in ("GET", "HEAD") and not path.endswith(".zip"):  # a page: a page
                page = self._page("pocket_error.html", lang, message=said, detail=str(exc))
                return status, page[1], page[2]
            return _json(status, {"error": str(exc), "message": said, "field": exc.field,
                                  "detail": str(exc)})
        if out is None:
            return None
        if asked in langs():
            out[1].append(("set-cookie", f"lang={lang}; SameSite=Strict; Path=/"))
        return out

    # -- routing ----------------------------------------------------------------------------
    def _route(self, method: str, path: str, q: Mapping[str, str], headers: Mapping[str, str],
               body: bytes, lang: str) -> Answer | None:
        get = method in ("GET", "HEAD")
        if path.startswith("/s/") and get:
            return self._shared(path[3:], q.get("n", ""), lang)
        if path == "/pocket/keep" and get:
            return self._keep(lang, q)
        if path.startswith("/pocket/share/") and get:
            return self._share(unquote(path[len("/pocket/share/"):]), headers, lang)
        if path == "/pocket/backup.zip" and get:
            stamp = time.strftime("%Y-%m-%d", time.gmtime())
            return 200, [("content-type", "application/zip"),
                         ("content-disposition",
                          f'attachment; filename="whistscore-games-{stamp}.zip"')], \
                keep.backup(self.folder)
        if get:
            return None
        if path == "/pocket/restore":
            done = keep.restore(self.folder, body)
            return _json(201, {"games": [{"file": f, "name": n, "already": a}
                                         for f, n, a in done],
                               "said": words(lang)["pocket_restored"].format(
                                   sum(not a for _, _, a in done), sum(a for _, _, a in done))})
        if path == "/pocket/import":
            name, already = keep.adopt(self.folder, q.get("name", "game")[:200], body)
            return _json(201, {"name": name, "already": already})
        if path == "/pocket/adopt":
            data = keep.unpack(body.decode("ascii", "replace"))
            name, already = keep.adopt(self.folder, q.get("name") or self._stem(data), data)
            return _json(201, {"name": name, "already": already})
        if path.startswith("/pocket/delete/"):
            name = unquote(path[len("/pocket/delete/"):])
            return _json(200, {"entry": keep.delete(self.folder, name), "name": name})
        if path.startswith("/pocket/undo/"):
            entry = unquote(path[len("/pocket/undo/"):])
            return _json(200, {"name": keep.undo(self.folder, entry)})
        return None

    @staticmethod
    def _stem(data: bytes) -> str:
        """A name for a game that came by link: its title made a name, else its game's."""
        try:
            game = journal.loads(data.decode("utf-8"))
        except (InputError, UnicodeDecodeError):
            return "shared"
        return (getattr(game, "title", None) or f"{game.kind.name}-shared")[:60]

    def _page(self, template: str, lang: str, **context: Any) -> Answer:
        html = self.env.get_template(template).render(w=words(lang), lang=lang, token="",
                                                      pocket=True, **context)
        return 200, [("content-type", "text/html; charset=utf-8")], html.encode("utf-8")

    # -- pages ------------------------------------------------------------------------------
    def _keep(self, lang: str, q: Mapping[str, str]) -> Answer:
        games = keep.stored(self.folder)
        gone = [{"entry": e, "name": n,
                 "when": time.strftime("%Y-%m-%d %H:%M", time.localtime(t))}
                for e, n, t in keep.deleted(self.folder)]
        total = sum(size for _, size in games)
        return self._page("pocket_keep.html", lang, games=games, gone=gone, total=total,
                          kb=lambda n: f"{n / 1024:.1f}")

    def _share(self, name: str, headers: Mapping[str, str], lang: str) -> Answer:
        path = self.folder / f"{name}.json"
        if name not in {n for n, _ in keep.stored(self.folder)}:
            raise InputError("no game of that name", field="name", value=name,
                             key="pocket.no_game")
        site = headers.get("x-pocket-site", "") or "./"
        # the game's name goes along (the file does not hold it), so it keeps it there
        link = f"{site}#/s/{keep.pack(path.read_bytes())}?n={quote(name, safe='')}"
        svg = qr_svg(link)
        return self._page("pocket_share.html", lang, name=name, link=link,
                          qr=Markup(svg) if svg else None, size=len(link))

    def _shared(self, data: str, name: str, lang: str) -> Answer:
        raw = keep.unpack(data)
        try:
            game = journal.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise InputError("a game file is UTF-8 text", field="link",
                             key="pocket.bad_link") from None
        rp = replay(game)
        here = keep.same(self.folder, raw)
        return self._page("pocket_shared.html", lang, game=game, data=data, here=here,
                          name=name[:100],
                          sheet=Markup(draw_sheet(rp, lang)),
                          summary=Markup(draw_summary(rp, lang)), deals=len(game.deals))
