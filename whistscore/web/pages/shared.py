"""``/s``: a game's link from the pocket site opened on the laptop's scorepad.

A pocket link is ``SITE/#/s/DATA?n=NAME``: the game file, compressed, in the fragment,
which a browser never sends to a server.  So the page ``/s`` is served empty and its
script (static/shared.js) reads the fragment and posts it: ``POST /api/shared/view``
answers the game drawn read-only, ``POST /api/shared`` stores it in the folder (the same
bytes already there are that game: a link opened twice is one game) and the page goes
to its table ("continue here") or the games list ("keep it here").  The link's codec is
the pocket site's (whistscore.pocket.keep), so both read one link the same way.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ... import journal
from ...errors import InputError
from ...replay import replay
from ..draw import draw_sheet, draw_summary
from ..shared import body_of, error, lang_of, page

__all__ = ["api_shared", "api_shared_view", "shared_page"]


def _data(body: Any) -> bytes:
    from ...pocket import keep   # the link's codec (pure: files, journal, zlib)

    link = body.get("link") if isinstance(body, dict) else None
    if not isinstance(link, str):
        raise InputError("the link's data", field="link", key="pocket.bad_link")
    return keep.unpack(link)


def _view(state: Any, body: Any, lang: str) -> dict[str, Any]:
    from ...pocket import keep

    data = _data(body)
    game = journal.loads(data.decode("utf-8"))
    rp = replay(game)
    return {"html": draw_sheet(rp, lang) + draw_summary(rp, lang),
            "players": list(game.players), "deals": len(game.deals),
            "here": keep.same(state.folder.root, data)}


def _keep(state: Any, body: Any) -> dict[str, Any]:
    from ...pocket import keep

    data = _data(body)
    given = body.get("name") if isinstance(body.get("name"), str) else ""
    name, already = keep.adopt(state.folder.root, given[:100] or "shared", data)
    return {"name": name, "already": already}


async def shared_page(request: Request) -> Response:
    return page(request, "shared.html")


async def api_shared_view(request: Request) -> Response:
    state = request.app.state
    try:
        body = await body_of(request)
        return JSONResponse(await state.work.read(_view, state, body, lang_of(request)))
    except (InputError, UnicodeDecodeError) as exc:
        if isinstance(exc, UnicodeDecodeError):
            exc = InputError("not a game's link", field="link", key="pocket.bad_link")
        return error(exc, lang=lang_of(request))


async def api_shared(request: Request) -> Response:
    state = request.app.state
    try:
        body = await body_of(request)
        return JSONResponse(await state.work.write(_keep, state, body), status_code=201)
    except InputError as exc:
        return error(exc, lang=lang_of(request))
