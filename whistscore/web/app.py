"""The scorepad's routes: the pages, the JSON API of spec serve.md, and the guards.

Guards, in the order a request meets them:

1. Access.  A client on this machine (loopback address *and* a loopback Host
   header, so a DNS-rebinding page cannot pass as one) needs nothing; any other
   client needs the start-up token, from the join address (``/join?token=``,
   which sets a cookie), a cookie, or an ``X-Whistscore-Token`` header.  Else 403.
2. Writes (POST, PUT, DELETE) need the token in the ``X-Whistscore-Token``
   header from every client, a JSON body, and an ``Origin`` (when sent) equal to
   this server: a page elsewhere can neither read the token nor send the header,
   so forms cannot be forged across sites.
3. Bodies are capped (:data:`MAX_BODY`); game names are checked by the store.

Nothing here decides a rule: the store writes through the journal, the game
scores, and the messages are the library's own (the CLI prints the same).
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import (HTMLResponse, JSONResponse, PlainTextResponse,
                                 RedirectResponse, Response)
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import journal
from ..errors import ConflictError, GameOverError, InputError
from ..game import JSONObject
from ..games import GAMES, get_game
from ..i18n import text as sheet_text
from ..replay import Replay
from .draw import SHEET_CSS, draw_sheet, mixed_amount
from .store import Conflict, Folder, NotFound, settle_json, sheet_json
from .words import pick_lang, words

__all__ = ["create_app", "MAX_BODY", "TOKEN_HEADER"]

MAX_BODY = 64 * 1024
TOKEN_HEADER = "x-whistscore-token"
COOKIE = "whistscore_token"
_HERE = Path(__file__).parent
_LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")
_SHOWN_DEALS = 12

class _TooLarge(Exception):
    pass


def _json_script(data: Any) -> Markup:
    """JSON safe inside <script type="application/json"> (no "</script>" can close it)."""
    raw = json.dumps(data, ensure_ascii=False)
    raw = raw.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(raw)


def _error(exc: Exception, status: int | None = None) -> JSONResponse:
    if isinstance(exc, InputError):
        if status is None:
            if isinstance(exc, NotFound):
                status = 404
            elif isinstance(exc, (Conflict, GameOverError, ConflictError)):
                status = 409
            else:
                status = 400
        return JSONResponse({"error": str(exc), "deal": exc.deal, "field": exc.field},
                            status_code=status)
    return JSONResponse({"error": str(exc), "deal": None, "field": None},
                        status_code=status or 400)


async def _inline(func: Any, *args: Any) -> Any:
    """A blocking call run where it is (the pocket app: no threads in the browser)."""
    return func(*args)


def _host_name(host: str) -> str:
    if host.startswith("["):
        return host[: host.find("]") + 1]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class _Guard:
    """ASGI middleware: access by loopback or token, write rules, body cap."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.token = token

    def _has_token(self, headers: dict[str, str], cookie: str | None) -> bool:
        given = headers.get(TOKEN_HEADER) or cookie or ""
        return bool(given) and secrets.compare_digest(given.encode(), self.token.encode())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            return await self.app(scope, receive, send)
        if scope["type"] != "http":  # no websockets here: refuse before any route sees it
            return await send({"type": "websocket.close", "code": 1008})
        request = Request(scope)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        client = (scope.get("client") or ("", 0))[0]
        host = headers.get("host", "")
        local = (client == "::1" or client.startswith("127.")) \
            and _host_name(host) in _LOOPBACK_HOSTS
        cookie = request.cookies.get(COOKIE)
        if scope["path"] == "/join":
            given = request.query_params.get("token", "")
            if given and secrets.compare_digest(given.encode(), self.token.encode()):
                response = RedirectResponse("/", status_code=303)
                response.set_cookie(COOKIE, self.token, httponly=True, samesite="strict")
                return await response(scope, receive, send)
            return await _error(InputError("a wrong or missing token: scan the code the "
                                           "scorepad printed", field="token"), 403)(
                scope, receive, send)
        if not local and not self._has_token(headers, cookie):
            return await _error(InputError("this scorepad needs its access token: open the "
                                           "join address (or scan the code) the server printed",
                                           field="token"), 403)(scope, receive, send)
        method = scope["method"]
        if method not in ("GET", "HEAD"):
            given = headers.get(TOKEN_HEADER, "")
            if not (given and secrets.compare_digest(given.encode(), self.token.encode())):
                return await _error(InputError("a change needs the scorepad's token "
                                               f"(header {TOKEN_HEADER})", field="token"),
                                    403)(scope, receive, send)
            origin = headers.get("origin")
            if origin is not None and origin != f"{scope.get('scheme', 'http')}://{host}":
                return await _error(InputError("a change must come from the scorepad's own "
                                               "page", field="origin", value=origin), 403)(
                    scope, receive, send)
            if method in ("POST", "PUT"):
                ctype = headers.get("content-type", "").split(";")[0].strip().lower()
                if ctype != "application/json":
                    return await _error(InputError("the body must be JSON "
                                                   "(Content-Type: application/json)",
                                                   field="content-type", value=ctype), 415)(
                        scope, receive, send)
            length = headers.get("content-length")
            if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
                return await _error(InputError(f"the body is larger than {MAX_BODY} bytes",
                                               field="body"), 413)(scope, receive, send)
            seen = 0

            async def capped() -> Message:
                nonlocal seen
                message = await receive()
                if message["type"] == "http.request":
                    seen += len(message.get("body", b""))
                    if seen > MAX_BODY:
                        raise _TooLarge()
                return message

            try:
                return await self.app(scope, capped, send)
            except _TooLarge:
                return await _error(InputError(f"the body is larger than {MAX_BODY} bytes",
                                               field="body"), 413)(scope, receive, send)
        return await self.app(scope, receive, send)


def create_app(folder: str | Path, token: str | None = None, *,
               pocket: bool = False) -> Starlette:
    """The scorepad over ``folder``; ``token`` is the access token (new if not given).

    ``pocket`` is the same app run inside the phone's browser by the pocket site
    (``whistscore.pocket``): there Python has no threads, so a write runs on the
    event loop (there is one client, the page, whose worker awaits each answer), and
    the site itself serves ``/static`` and the files the pages add (import, storage).
    """
    store = Folder(folder)
    offload: Any = _inline if pocket else run_in_threadpool
    token = token or secrets.token_urlsafe(16)
    env = Environment(loader=FileSystemLoader(str(_HERE / "templates")),
                      autoescape=select_autoescape(default=True, default_for_string=True))
    env.filters["amount"] = lambda v, signed=False: mixed_amount(v, signed=signed)
    env.filters["q"] = lambda s: quote(str(s), safe="")

    def lang_of(request: Request) -> str:
        return pick_lang(request.query_params.get("lang"), request.cookies.get("lang"),
                         request.headers.get("accept-language"))

    def page(request: Request, template: str, status: int = 200,
             **context: Any) -> HTMLResponse:
        lang = lang_of(request)
        html = env.get_template(template).render(
            w=words(lang), lang=lang, token=token, sheet_css=Markup(SHEET_CSS), pocket=pocket,
            **context)
        response = HTMLResponse(html, status_code=status)
        if request.query_params.get("lang") in ("en", "ru"):
            response.set_cookie("lang", lang, samesite="strict")
        response.headers["Content-Security-Policy"] = (
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
            "script-src 'self'; connect-src 'self'; frame-ancestors 'none'")
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    async def body_of(request: Request) -> JSONObject:
        raw = await request.body()
        try:
            data = json.loads(raw.decode("utf-8")) if raw else {}
        except (UnicodeDecodeError, ValueError) as exc:
            raise InputError(f"the body is not UTF-8 JSON ({exc})", field="body") from None
        except RecursionError:
            raise InputError("the body is nested too deeply", field="body") from None
        if not isinstance(data, dict):
            raise InputError("the body is a JSON object", field="body", value=data)
        return data

    def live(name: str, lang: str, show_all: bool = False, rp: Replay[Any] | None = None,
             s: JSONObject | None = None) -> JSONObject:
        """What changes when a deal lands: the sheet, the balance, who deals, the deals."""
        stamp = store.stamp(name) if rp is None else store.stamp_of(name, rp)
        rp = rp if rp is not None else store.replay(name)
        game = rp.game
        kind = game.kind
        s = s if s is not None else settle_json(rp)
        dealer = rp.next_dealer()
        fields = kind.deal_fields
        due = None
        if fields is not None and fields.due is not None and not rp.finished:
            due = fields.due(rp.state)
        unit = words(lang).get(f"unit.{s['unit']}", s["unit"])
        deals = []
        results = rp.results if show_all else rp.results[-_SHOWN_DEALS:]
        for r in results:
            deals.append({
                "number": r.number, "dealer": r.dealer, "notation": game.notation(r.record),
                "result": str(sheet_text(kind.describe_result(r.record.deal, r.outcome,
                                                              r.context), kind, lang)),
                "note": r.record.note or "", "active": list(r.context.active),
                "json": journal.deal_to_json(kind, r.record),
            })
        context = dict(
            w=words(lang), lang=lang, name=name, s=s, unit=unit, dealer=dealer,
            currency=getattr(game, "currency", None),
            finished=rp.finished, deals=deals, hidden=len(rp.results) - len(results), due=due,
            sits_out=[p for p in game.players if p not in kind.active_players(game.players,
                                                                                dealer)])
        html = env.get_template("live.html").render(sheet=Markup(draw_sheet(rp, lang)),
                                                    **context)
        deals_html = env.get_template("deals.html").render(**context)
        return {"stamp": stamp, "html": html, "deals_html": deals_html, "deals": len(game.deals),
                "finished": rp.finished, "dealer": dealer, "players": list(game.players),
                "active": list(kind.active_players(game.players, dealer)),
                "due": due[0] if due else None}

    # -- pages -------------------------------------------------------------------
    async def games_page(request: Request) -> Response:
        presets = {n: {"presets": list(get_game(n).rulebook.presets),
                       "default": get_game(n).rulebook.default_preset,
                       "counts": list(get_game(n).player_counts),
                       "title": get_game(n).title} for n in GAMES}
        return page(request, "games.html", games=store.summary(with_title=True),
                    presets=_json_script(presets), game_names=list(GAMES))

    async def table_page(request: Request) -> Response:
        name = request.path_params["name"]
        lang = lang_of(request)
        try:
            state = live(name, lang, request.query_params.get("all") == "1")
            kind = store.load(name).kind
        except InputError as exc:
            return page(request, "error.html", message=str(exc),
                        status=404 if isinstance(exc, NotFound) else 400)
        players = state["players"]
        fields = kind.deal_fields.to_json(len(players)) if kind.deal_fields else {
            "fields": [], "notation": []}
        for item in fields["notation"]:
            item["text"] = item["text"].format(*[p.replace(" ", "_") for p in players]
                                               + ["?"] * 5)
        return page(request, "table.html", name=name, live=state, kind=kind,
                    title=getattr(store.replay(name).game, "title", None),
                    fields=_json_script(fields),
                    boot=_json_script({k: v for k, v in state.items()
                                       if k not in ("html", "deals_html")}))

    async def live_view(request: Request) -> Response:
        name = request.path_params["name"]
        try:
            if request.query_params.get("stamp") == store.stamp(name):
                return Response(status_code=204)
            data = live(name, lang_of(request), request.query_params.get("all") == "1")
        except InputError as exc:
            return _error(exc)
        return JSONResponse(data, headers={"Cache-Control": "no-store"})

    async def settle_page(request: Request) -> Response:
        name = request.path_params["name"]
        try:
            rp = store.replay(name)
            s = settle_json(rp, request.query_params.get("stake") or None)
        except InputError as exc:
            return page(request, "error.html", message=str(exc), status=400)
        lang = lang_of(request)
        return page(request, "settle.html", name=name, s=s,
                    currency=getattr(rp.game, "currency", None),
                    unit=words(lang).get(f"unit.{s['unit']}", s["unit"]))

    # -- the JSON API -------------------------------------------------------------
    async def api_games(request: Request) -> Response:
        if request.method == "GET":
            return JSONResponse(store.summary())
        try:
            data = await body_of(request)
            text = await offload(store.create, data)
        except InputError as exc:
            return _error(exc)
        return Response(text, status_code=201, media_type="application/json")

    async def api_game(request: Request) -> Response:
        try:
            text = store.text(request.path_params["name"])
        except InputError as exc:
            return _error(exc)
        headers = {}
        if request.query_params.get("download") == "1":
            headers["Content-Disposition"] = (
                f'attachment; filename="{request.path_params["name"]}.json"')
        return Response(text, media_type="application/json", headers=headers)

    async def api_settle(request: Request) -> Response:
        try:
            rp = store.replay(request.path_params["name"])
            return JSONResponse(settle_json(rp, request.query_params.get("stake") or None))
        except InputError as exc:
            return _error(exc)

    async def api_sheet(request: Request) -> Response:
        try:
            return JSONResponse(sheet_json(store.replay(request.path_params["name"])))
        except InputError as exc:
            return _error(exc)

    def _answer(name: str, rp: Replay[Any], request: Request, status: int) -> JSONResponse:
        result = rp.results[-1] if request.method == "POST" else None
        number = result.number if result else int(request.path_params["n"])
        entries = rp.results[number - 1].outcome.entries
        out: JSONObject = {"number": number, "entries": [e.to_json() for e in entries],
                     "settle": settle_json(rp)}
        if request.query_params.get("view") == "1":
            out["live"] = live(name, lang_of(request), request.query_params.get("all") == "1",
                               rp=rp, s=out["settle"])
        return JSONResponse(out, status_code=status)

    async def api_deals(request: Request) -> Response:
        name = request.path_params["name"]
        try:
            rp = await offload(store.add, name, await body_of(request))
        except InputError as exc:
            return _error(exc)
        return _answer(name, rp, request, 201)

    async def api_deal(request: Request) -> Response:
        name = request.path_params["name"]
        n = request.path_params["n"]
        try:
            if n == "last" and request.method == "DELETE":
                body = await body_of(request)
                return JSONResponse(await offload(store.drop_last, name, body))
            if not n.isdigit() or request.method != "PUT":
                raise NotFound("a deal is named by its number (or 'last' to undo)",
                               field="number", value=n)
            body = await body_of(request)
            rp = await offload(store.replace, name, int(n), body)
        except InputError as exc:
            return _error(exc)
        return _answer(name, rp, request, 200)

    async def api_export(request: Request) -> Response:
        import tempfile

        from .. import excel  # openpyxl only when a workbook is asked for

        name = request.path_params["name"]
        lang = lang_of(request)
        try:
            game = store.load(name)
            with tempfile.TemporaryDirectory() as tmp:
                out = Path(tmp) / f"{name}.xlsx"
                excel.export(game, out, lang=lang)
                data = out.read_bytes()
        except InputError as exc:
            return _error(exc)
        return Response(data, media_type="application/vnd.openxmlformats-officedocument."
                                         "spreadsheetml.sheet",
                        headers={"Content-Disposition": f'attachment; filename="{name}.xlsx"'})

    async def api_import(request: Request) -> Response:
        try:
            name = await offload(store.import_file, await body_of(request))
        except InputError as exc:
            return _error(exc)
        return JSONResponse({"name": name}, status_code=201)

    async def not_found(request: Request, exc: Exception) -> Response:
        return _error(NotFound("no such page", field="path"), 404)

    async def server_error(request: Request, exc: Exception) -> Response:
        return PlainTextResponse(f"internal error ({type(exc).__name__}); nothing was "
                                 "written", status_code=500)

    routes: list[BaseRoute] = [
        Route("/", games_page),
        Route("/g/{name}", table_page),
        Route("/g/{name}/live", live_view),
        Route("/g/{name}/settle", settle_page),
        Route("/api/games", api_games, methods=["GET", "POST"]),
        Route("/api/games/{name}", api_game),
        Route("/api/games/{name}/settle", api_settle),
        Route("/api/games/{name}/sheet", api_sheet),
        Route("/api/games/{name}/export.xlsx", api_export),
        Route("/api/games/{name}/deals", api_deals, methods=["POST"]),
        Route("/api/games/{name}/deals/{n}", api_deal, methods=["PUT", "DELETE"]),
    ]
    if pocket:  # a game file from the phone's files (a server's folder takes it as a file)
        routes.append(Route("/api/games/import", api_import, methods=["POST"]))
    else:  # the pocket site serves its copy of static/ itself
        routes.append(Mount("/static", StaticFiles(directory=str(_HERE / "static")),
                            name="static"))
    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: not_found,
                                                       500: server_error})
    app.state.token = token
    app.state.folder = store
    app.state.pocket = pocket
    app.add_middleware(_Guard, token=token)
    return app
