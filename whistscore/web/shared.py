"""What every endpoint shares: the error shape, the page frame, and input read with bounds.

Endpoints are plain module-level functions (Starlette's own style) that find
what they need on ``request.app.state``: ``folder`` (the store), ``token``,
``templates`` (Jinja2) and ``work`` (heavy work off the event loop).  Every
value from outside is bounded here *before* it is converted: a path number of
5,000 digits is a 400 in the API's error shape, never a 500.
"""

from __future__ import annotations

import json
import re
from importlib.util import find_spec
from typing import Any

from markupsafe import Markup
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse

from ..errors import ConflictError, GameOverError, InputError, NotFoundError
from ..game import GameType, JSONObject
from ..games import GAMES, get_game
from ..i18n import error_message
from ..language import langs
from .store import Conflict
from .words import pick_lang, words
from .work import Busy

__all__ = ["MAX_BODY", "MAX_DEAL_NUMBER", "MAX_QUERY", "MAX_TEXT", "TOKEN_HEADER", "body_of", "bounded", "deal_number",
           "error", "json_script", "lang_of", "page", "query", "status_of"]

#: the largest request body (a deal, a new game): 64 KiB
MAX_BODY = 64 * 1024
TOKEN_HEADER = "x-whistscore-token"
#: a query value longer than this is refused before it is read (a stake is a short decimal)
MAX_QUERY = 40
#: a deal number in a path has at most this many digits
MAX_DEAL_DIGITS = 6
MAX_DEAL_NUMBER = 10 ** MAX_DEAL_DIGITS - 1
_DIGITS = re.compile(r"[0-9]+")


def json_script(data: Any) -> Markup:
    """JSON safe inside <script type="application/json"> (no "</script>" can close it)."""
    raw = json.dumps(data, ensure_ascii=False)
    raw = raw.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(raw)


def status_of(exc: InputError) -> int:
    """The status a refusal means: 404 no such game, 409 finished or changed, 503 too slow."""
    if isinstance(exc, NotFoundError):  # no such game, no such player
        return 404
    if isinstance(exc, Busy):
        return 503
    if isinstance(exc, (Conflict, GameOverError, ConflictError)):
        return 409
    return 400


def error(exc: Exception, status: int | None = None, lang: str = "en") -> JSONResponse:
    """The API's error shape: ``{"error", "deal", "field", "message", "detail"}`` with the
    status it means.  ``error`` is the CLI's message (unchanged); ``message`` is one short
    sentence in ``lang`` for a person (the games' words, i18n.error_message) and ``detail``
    the technical form the page keeps behind "details" (the CLI's message again)."""
    if isinstance(exc, InputError):
        return JSONResponse({"error": str(exc), "deal": exc.deal, "field": exc.field,
                             "message": error_message(exc, _kinds(), lang),
                             "detail": str(exc)},
                            status_code=status or status_of(exc))
    return JSONResponse({"error": str(exc), "deal": None, "field": None,
                         "message": str(exc), "detail": str(exc)},
                        status_code=status or 400)


def _kinds() -> list[GameType[Any, Any]]:
    """The registered games, whose words an error's sentence may come from."""
    return [get_game(n) for n in GAMES]


def query(request: Request, key: str, limit: int = MAX_QUERY) -> str | None:
    """A query value, refused (400) when longer than ``limit`` characters
    (:data:`MAX_QUERY`; a player's name is up to :data:`MAX_TEXT`)."""
    value = request.query_params.get(key)
    return None if value is None else bounded(value, key, limit)


#: the longest name or title a game file or club.json holds (journal.check_line)
MAX_TEXT = 200


def bounded(value: str, field: str, limit: int = MAX_TEXT) -> str:
    """``value`` from outside (a query value, a path part), refused (400) when longer
    than ``limit`` characters or holding a NUL, before anything reads it."""
    if len(value) > limit:
        raise InputError(f"is longer than {limit} characters", field=field,
                         value=value[:min(limit, 40)] + "…")
    if "\0" in value:
        raise InputError("holds a NUL character", field=field, value=value.replace("\0", "?"))
    return value


def deal_number(text: str) -> int:
    """A deal's number from a path: ASCII digits, at most :data:`MAX_DEAL_DIGITS` of them."""
    if not _DIGITS.fullmatch(text) or len(text) > MAX_DEAL_DIGITS:
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise InputError(f"a deal's number is 1 to {MAX_DEAL_NUMBER}", field="number",
                         value=shown)
    return int(text)


def club_available() -> bool:
    """The club's archive is SQLite: where Python has no sqlite3 there is no club; the
    games list shows no Club button and the club's pages and routes say why instead of
    failing.  (The pocket site puts sql.js in its place: docs/pocket.md.)"""
    return find_spec("sqlite3") is not None


def lang_of(request: Request) -> str:
    return pick_lang(request.query_params.get("lang"), request.cookies.get("lang"),
                     request.headers.get("accept-language"))


def page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A page in the reader's language, with the headers every page carries."""
    state = request.app.state
    lang = lang_of(request)
    html = state.templates.get_template(template).render(
        w=words(lang), lang=lang, token=state.token,
        pocket=getattr(state, "pocket", False), **context)
    response = HTMLResponse(html, status_code=status)
    if request.query_params.get("lang") in langs():
        response.set_cookie("lang", lang, samesite="strict")
    response.headers["Content-Security-Policy"] = (
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        "script-src 'self'; connect-src 'self'; frame-ancestors 'none'")
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


async def body_of(request: Request) -> JSONObject:
    """The request's JSON object (the guard has capped its size)."""
    try:
        raw = await request.body()
    except ClientDisconnect:  # the client left, or its time ran out (web/protocol.py)
        raise InputError("the body did not arrive whole", field="body") from None
    try:
        data = json.loads(raw.decode("utf-8")) if raw else {}
    except (UnicodeDecodeError, ValueError) as exc:
        raise InputError(f"the body is not UTF-8 JSON ({exc})", field="body") from None
    except RecursionError:
        raise InputError("the body is nested too deeply", field="body") from None
    if not isinstance(data, dict):
        raise InputError("the body is a JSON object", field="body", value=data)
    return data
