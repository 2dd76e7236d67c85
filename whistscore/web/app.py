"""The scorepad's application: its state, its routes, its guards.

The endpoints live in their own modules (``pages/`` for the pages, ``api.py``
for the JSON API of spec serve.md) and read what they need from
``request.app.state``, set here once:

- ``folder``: the served folder (:class:`~whistscore.web.store.Folder`), every write
  through the journal;
- ``token``: the access token;
- ``templates``: the Jinja2 environment of ``templates/``;
- ``work``: game work off the event loop, bounded (:mod:`whistscore.web.work`).

Nothing here decides a rule: the store writes through the journal, the game
scores, and the messages are the library's own (the CLI prints the same).
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape
from starlette.applications import Starlette
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import files, i18n
from ..game import GameType
from ..games import GAMES, get_game
from . import api
from .draw import mixed_amount, shown
from .live import Views
from .local import local_currency, local_date, local_number
from .words import languages
from ..club.show import record_value, won_from
from .guard import MAX_REQUESTS, Guard
from .pages.club import club_page, h2h_page, player_page
from .pages.games import file_page, games_page
from .pages.settle import settle_page
from .pages.shared import api_shared, api_shared_view, shared_page
from .pages.table import live_view, table_page
from ..errors import InputError
from .shared import MAX_BODY, TOKEN_HEADER, error, lang_of
from .store import Folder, NotFound
from .work import WORK_SECONDS, WORK_THREADS, Inline, Work

__all__ = ["create_app", "MAX_BODY", "TOKEN_HEADER"]

_HERE = Path(__file__).parent

ROUTES = [
    Route("/", games_page),
    Route("/g/{name}", table_page),
    Route("/g/{name}/live", live_view),
    Route("/g/{name}/settle", settle_page),
    Route("/s", shared_page),   # a pocket game's link (its data in the fragment)
    Route("/api/shared/view", api_shared_view, methods=["POST"]),
    Route("/api/shared", api_shared, methods=["POST"]),
    Route("/club", club_page),
    Route("/club/p/{name:path}", player_page),  # a name may hold a "/" ("A/B")
    Route("/club/h2h", h2h_page),
    Route("/api/club", api.api_club),
    Route("/api/club/records", api.api_club_records),
    Route("/api/club/h2h", api.api_club_h2h),
    Route("/api/club/players/{name:path}", api.api_club_player),
    Route("/f", file_page),
    Route("/api/files", api.api_file, methods=["GET", "DELETE"]),
    Route("/api/games", api.api_games, methods=["GET", "POST"]),
    Route("/api/games/{name}", api.api_game),
    Route("/api/games/{name}", api.api_delete, methods=["DELETE"]),
    Route("/api/games/{name}/settle", api.api_settle),
    Route("/api/games/{name}/sheet", api.api_sheet),
    Route("/api/games/{name}/export.xlsx", api.api_export),
    Route("/api/games/{name}/deals", api.api_deals, methods=["POST"]),
    Route("/api/games/{name}/settings", api.api_settings, methods=["PUT"]),
    Route("/api/games/{name}/end", api.api_end, methods=["POST"]),
    Route("/api/games/{name}/deals/{n}", api.api_deal, methods=["PUT", "DELETE"]),
    Mount("/static", StaticFiles(directory=str(_HERE / "static")), name="static"),
]


def templates() -> Environment:
    """The pages' Jinja2 environment: autoescaped, with the page's filters."""
    env = Environment(loader=FileSystemLoader(str(_HERE / "templates")),
                      autoescape=select_autoescape(default=True, default_for_string=True))
    env.filters["amount"] = lambda v, signed=False: mixed_amount(v, signed=signed)
    env.filters["q"] = lambda s: quote(str(s), safe="")
    env.globals["shown"] = shown
    # the languages a page may be read in, each by its own name (the language picker)
    env.globals["languages"] = languages
    # numbers, money and dates as the page's reader writes them («148,00 ₽», 16.10.2026)
    env.filters["num"] = local_number
    env.filters["cur"] = local_currency
    env.filters["day"] = local_date
    # the club's values as the command's text says them: "8 БК", "135 1/3", a win by its sign
    env.globals["record_value"] = record_value
    env.globals["won_from"] = won_from
    # the game as players name it, from the game's own words: a kind or a registered name
    env.filters["game_name"] = _game_name
    env.filters["deals"] = lambda n, lang: i18n.count_deals(int(n), lang)  # "16 сдач"
    # "Боря платит Ане 1.20": the payee in the case the sentence needs (i18n.pays)
    env.filters["pays"] = lambda payer, payee, amount, lang: i18n.pays(
        str(payer), str(payee), str(amount), lang)
    # a players' term in a text opens its one-line explanation in place (i18n.term_spans)
    env.filters["termed"] = _termed
    return env


def _termed(said: object, kind: object, lang: str) -> Markup:
    """The text with the first of each players' term made a button that opens the term's
    line beneath it (static/terms.js); the words are the game's, escaped here."""
    if isinstance(kind, str):
        kind = get_game(kind) if kind in GAMES else None
    assert kind is None or isinstance(kind, GameType)
    out = []
    for part in i18n.term_spans(str(said), kind, lang):
        if isinstance(part, str):
            out.append(escape(part))
        else:
            word, term = part
            out.append(Markup('<button type="button" class="term" data-term="{}" data-line="{}" '
                              'aria-expanded="false">{}</button>').format(term.key, term.line, word))
    return Markup("").join(out)


def _game_name(kind: object, lang: str) -> str:
    if isinstance(kind, str):
        if kind not in GAMES:
            return kind
        kind = get_game(kind)
    assert isinstance(kind, GameType)
    return i18n.game_name(kind, lang)


async def not_found(request: Request, exc: Exception) -> Response:
    return error(NotFound("no such page", field="path"), 404)


async def refused(request: Request, exc: Exception) -> Response:
    """The one answer to a refusal (an :class:`~whistscore.errors.InputError` raised by an
    endpoint, the store or the library): the API's error shape in the reader's language,
    with the status it means (400, 404, 409, 503: :func:`~whistscore.web.shared.status_of`).
    The endpoints catch none themselves; a page that draws its own refusal still does."""
    return error(exc, lang=lang_of(request))


async def server_error(request: Request, exc: Exception) -> Response:
    """The 500 says what is known: a request that had saved its change before it failed
    says it WAS saved (and which file), not "nothing was written"."""
    from .words import words

    w = words(lang_of(request))
    saves = (request.scope.get("state") or {}).get("saves")
    if saves:
        said = w["error_after_save"].format(type(exc).__name__,
                                            ", ".join(Path(p).name for p in saves))
    else:
        said = w["error_unsaved"].format(type(exc).__name__)
    return PlainTextResponse(said, status_code=500)


class _Saves:
    """Notes the files a request saves (:func:`whistscore.files.recording_saves`; a write's
    worker thread runs in a copy of the request's context, so it adds to the same list),
    where :func:`server_error` finds them."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope.get("type") != "http":
            await self.app(scope, receive, send)
            return
        with files.recording_saves() as saves:
            scope.setdefault("state", {})["saves"] = saves
            await self.app(scope, receive, send)


def create_app(folder: str | Path, token: str | None = None, *,
               work_seconds: float = WORK_SECONDS, work_threads: int = WORK_THREADS,
               max_requests: int = MAX_REQUESTS, pocket: bool = False) -> Starlette:
    """The scorepad over ``folder``; ``token`` is the access token (new if not given).

    ``work_seconds`` bounds how long a reading request may compute, ``work_threads``
    how many game jobs run at once, ``max_requests`` how many requests are answered
    at once (docs/serve.md, "Limits").

    ``pocket`` is the same app run inside the phone's browser by the pocket site
    (``whistscore.pocket``, docs/pocket.md): there Python has no threads, so game work
    runs where it is asked (:class:`~whistscore.web.work.Inline`); the site serves its
    own copy of ``static/``; and a game file can be imported from the phone's files."""
    routes = ([r for r in ROUTES if not isinstance(r, Mount)]
              + [Route("/api/games/import", api.api_import, methods=["POST"])]) if pocket \
        else ROUTES
    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: not_found,
                                                       InputError: refused,
                                                       500: server_error})
    app.state.token = token or secrets.token_urlsafe(16)
    app.state.folder = Folder(folder)
    app.state.templates = templates()
    app.state.views = Views()   # the live view last drawn of each game (web/live.py)
    app.state.work = Inline() if pocket else Work(work_threads, work_seconds)
    app.state.pocket = pocket
    # pages of 22-51 KB go out as 5-10 KB to a browser that accepts gzip (a phone on a
    # weak table Wi-Fi); the guard stays outermost, so a refused request costs nothing
    app.add_middleware(_Saves)  # innermost: the 500 handler (outermost) reads what it noted
    app.add_middleware(GZipMiddleware, minimum_size=500)
    app.add_middleware(Guard, token=app.state.token, max_requests=max_requests)
    return app
