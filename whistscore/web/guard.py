"""The guards every request meets before a route sees it (ASGI middleware).

In the order a request meets them:

1. Load.  At most :data:`MAX_REQUESTS` requests are answered at once; one more
   gets 503.  Requests are counted, not connections: an idle or slow connection
   holds no place here (the server's protocol closes it after its time, see
   :mod:`whistscore.web.protocol`), so it can never keep a phone out.
2. Access.  A client on this machine (loopback address *and* a loopback Host
   header, so a DNS-rebinding page cannot pass as one) needs nothing; any other
   client needs the start-up token, from the join address (``/join?token=``,
   which sets a cookie), a cookie, or an ``X-Whistscore-Token`` header.  Else 403:
   a page that says how to join, in the reader's language (a browser asking for a
   page), or the API's JSON error with its sentence in that language.
   The Host header is read strictly as ``name[:port]`` (the port digits only):
   ``localhost:evil`` or ``127.0.0.1:80@evil.com`` is not this machine.
3. Writes (POST, PUT, DELETE) need the token in the ``X-Whistscore-Token``
   header from every client, a JSON body, and an ``Origin`` (when sent) equal to
   this server: a page elsewhere can neither read the token nor send the header,
   so forms cannot be forged across sites.
4. Bodies are capped (:data:`~whistscore.web.shared.MAX_BODY`); game names are
   checked by the store.
"""

from __future__ import annotations

import re
import secrets

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..errors import InputError
from .shared import MAX_BODY, TOKEN_HEADER, error, lang_of
from .words import words

__all__ = ["COOKIE", "Guard", "MAX_REQUESTS", "host_name", "is_loopback_host"]

COOKIE = "whistscore_token"
#: requests answered at once (a table has a handful of phones, each polling once a second)
MAX_REQUESTS = 64
#: a Host header: a name or IPv4 address, or an IPv6 address in brackets; a port of digits
_HOST = re.compile(r"(?P<name>[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?"
                   r"|\[[0-9A-Fa-f:.]{2,45}\])(?::(?P<port>[0-9]{1,5}))?")
_LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "[::1]"})
_LENGTH = re.compile(r"[0-9]{1,12}")


class _TooLarge(Exception):
    pass


def host_name(host: str) -> str | None:
    """The name part of a Host header (lower case), or None if it is not ``name[:port]``."""
    match = _HOST.fullmatch(host)
    return match["name"].lower() if match else None


def is_loopback_host(host: str) -> bool:
    """Whether a Host header names this machine (and nothing else)."""
    return host_name(host) in _LOOPBACK_NAMES


def _refused(request: Request, headers: dict[str, str], exc: InputError) -> Response:
    """403 for a client without the token: a browser asking for a page gets a page in its
    language saying how to join (never the token: the page carries none); the API and
    scripts get the JSON error, its sentence in the request's language."""
    lang = lang_of(request)
    wants_page = (request.method in ("GET", "HEAD") and not request.url.path.startswith("/api/")
                  and "text/html" in headers.get("accept", ""))
    if not wants_page:
        return error(exc, 403, lang)
    from ..i18n import error_message

    html = request.app.state.templates.get_template("join.html").render(
        w=words(lang), lang=lang, token="", pocket=False, message=error_message(exc, (), lang))
    response = HTMLResponse(html, status_code=403)
    response.headers["Content-Security-Policy"] = (
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        "script-src 'self'; connect-src 'self'; frame-ancestors 'none'")
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


class Guard:
    """ASGI middleware: load, access by loopback or token, write rules, body cap."""

    def __init__(self, app: ASGIApp, token: str, max_requests: int = MAX_REQUESTS) -> None:
        self.app = app
        self.token = token
        self.max_requests = max_requests
        self.running = 0

    def _has_token(self, headers: dict[str, str], cookie: str | None) -> bool:
        given = headers.get(TOKEN_HEADER) or cookie or ""
        return bool(given) and secrets.compare_digest(given.encode(), self.token.encode())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            return await self.app(scope, receive, send)
        if scope["type"] != "http":  # no websockets here: refuse before any route sees it
            return await send({"type": "websocket.close", "code": 1008})
        if self.running >= self.max_requests:
            return await error(InputError("the scorepad is answering too many requests at "
                                          "once; try again in a moment", field="load"), 503)(
                scope, receive, send)
        self.running += 1
        try:
            return await self._checked(scope, receive, send)
        finally:
            self.running -= 1

    async def _checked(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        client = (scope.get("client") or ("", 0))[0]
        host = headers.get("host", "")
        local = (client == "::1" or client.startswith("127.")) and is_loopback_host(host)
        cookie = request.cookies.get(COOKIE)
        if scope["path"] == "/join":
            given = request.query_params.get("token", "")
            if given and secrets.compare_digest(given.encode(), self.token.encode()):
                response = RedirectResponse("/", status_code=303)
                response.set_cookie(COOKIE, self.token, httponly=True, samesite="strict")
                return await response(scope, receive, send)
            return await _refused(request, headers, InputError(
                "a wrong or missing token: scan the code the scorepad printed", field="token",
                key="web.token_wrong"))(scope, receive, send)
        if not local and not self._has_token(headers, cookie):
            return await _refused(request, headers, InputError(
                "this scorepad needs its access token: open the join address (or scan the "
                "code) the server printed", field="token", key="web.token"))(
                scope, receive, send)
        method = scope["method"]
        if method in ("GET", "HEAD"):
            return await self.app(scope, receive, send)
        given = headers.get(TOKEN_HEADER, "")
        if not (given and secrets.compare_digest(given.encode(), self.token.encode())):
            return await error(InputError("a change needs the scorepad's token "
                                          f"(header {TOKEN_HEADER})", field="token",
                                          key="web.token_change"),
                               403, lang_of(request))(scope, receive, send)
        origin = headers.get("origin")
        if origin is not None and origin != f"{scope.get('scheme', 'http')}://{host}":
            return await error(InputError("a change must come from the scorepad's own "
                                          "page", field="origin", value=origin[:200]), 403)(
                scope, receive, send)
        if method in ("POST", "PUT"):
            ctype = headers.get("content-type", "").split(";")[0].strip().lower()
            if ctype != "application/json":
                return await error(InputError("the body must be JSON "
                                              "(Content-Type: application/json)",
                                              field="content-type", value=ctype[:200]), 415)(
                    scope, receive, send)
        length = headers.get("content-length")
        if length is not None and (not _LENGTH.fullmatch(length) or int(length) > MAX_BODY):
            return await error(InputError(f"the body is larger than {MAX_BODY} bytes",
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
            return await error(InputError(f"the body is larger than {MAX_BODY} bytes",
                                          field="body"), 413)(scope, receive, send)
