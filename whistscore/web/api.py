"""The JSON API of spec serve.md: the games, one game, its settlement and sheet, its deals.

Answers are exactly what the command line prints (``settle --json``, ``show
--json``); errors are ``{"error", "deal", "field"}``.  Every file and game
operation runs off the event loop through ``request.app.state.work``: reads
within a time bound, writes to their end (a save is never abandoned, so an
answer never contradicts what is on disk).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..errors import InputError
from ..game import JSONObject
from ..replay import Replay
from .live import live
from .shared import body_of, deal_number, error, lang_of, query
from .store import NotFound, settle_json, sheet_json
from .work import Busy

__all__ = ["api_deal", "api_deals", "api_export", "api_game", "api_games", "api_import",
           "api_settle",
           "api_sheet"]

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


async def api_games(request: Request) -> Response:
    state = request.app.state
    try:
        if request.method == "GET":
            return JSONResponse(await state.work.read(state.folder.summary))
        data = await body_of(request)
        text = await state.work.write(state.folder.create, data)
    except InputError as exc:
        return error(exc, lang=lang_of(request))
    return Response(text, status_code=201, media_type="application/json")


async def api_import(request: Request) -> Response:
    """A game file from the phone's files (the pocket app only): its new name."""
    state = request.app.state
    try:
        name = await state.work.write(state.folder.import_file, await body_of(request))
    except InputError as exc:
        return error(exc)
    return JSONResponse({"name": name}, status_code=201)


async def api_game(request: Request) -> Response:
    state = request.app.state
    name = request.path_params["name"]
    try:
        text = await state.work.read(state.folder.text, name)
    except InputError as exc:
        return error(exc, lang=lang_of(request))
    headers = {}
    if request.query_params.get("download") == "1":
        headers["Content-Disposition"] = f'attachment; filename="{name}.json"'
    return Response(text, media_type="application/json", headers=headers)


def _settle(state: Any, name: str, stake: str | None) -> JSONObject:
    return settle_json(state.folder.replay(name), stake)


async def api_settle(request: Request) -> Response:
    state = request.app.state
    try:
        return JSONResponse(await state.work.read(_settle, state, request.path_params["name"],
                                                  query(request, "stake") or None))
    except InputError as exc:
        return error(exc, lang=lang_of(request))


def _sheet(state: Any, name: str) -> JSONObject:
    return sheet_json(state.folder.replay(name))


async def api_sheet(request: Request) -> Response:
    state = request.app.state
    try:
        return JSONResponse(await state.work.read(_sheet, state, request.path_params["name"]))
    except InputError as exc:
        return error(exc, lang=lang_of(request))


def _after(state: Any, name: str, rp: Replay[Any], lang: str, view: bool,
           show_all: bool) -> JSONObject:
    """What a write answers besides the deal itself: the settlement, and the live view."""
    out: JSONObject = {"settle": settle_json(rp)}
    if view:
        out["live"] = live(state.folder, state.templates, name, lang, show_all, rp=rp,
                           s=out["settle"])
    return out


async def _answer(request: Request, name: str, rp: Replay[Any], number: int,
                  status: int) -> Response:
    """The saved deal's answer; the deal is on disk whatever happens here."""
    state = request.app.state
    entries = rp.results[number - 1].outcome.entries
    out: JSONObject = {"number": number, "entries": [e.to_json() for e in entries]}
    try:
        out.update(await state.work.read(_after, state, name, rp, lang_of(request),
                                         request.query_params.get("view") == "1",
                                         request.query_params.get("all") == "1"))
    except Busy:
        out["settle"] = None
        out["error"] = (f"deal {number} is saved; working out the settlement took longer "
                        f"than {state.work.seconds:g} seconds: reload the game")
    return JSONResponse(out, status_code=status)


async def api_deals(request: Request) -> Response:
    state = request.app.state
    name = request.path_params["name"]
    try:
        body = await body_of(request)
        rp = await state.work.write(state.folder.add, name, body)
    except InputError as exc:
        return error(exc, lang=lang_of(request))
    return await _answer(request, name, rp, rp.results[-1].number, 201)


async def api_deal(request: Request) -> Response:
    state = request.app.state
    name = request.path_params["name"]
    n = request.path_params["n"]
    try:
        if n == "last" and request.method == "DELETE":
            body = await body_of(request)
            return JSONResponse(await state.work.write(state.folder.drop_last, name, body))
        if not n.isdigit() or request.method != "PUT":
            raise NotFound("a deal is named by its number (or 'last' to undo)",
                           field="number", value=n if len(n) <= 20 else n[:20] + "…")
        number = deal_number(n)
        body = await body_of(request)
        rp = await state.work.write(state.folder.replace, name, number, body)
    except InputError as exc:
        return error(exc, lang=lang_of(request))
    return await _answer(request, name, rp, number, 200)


def _workbook(state: Any, name: str, lang: str) -> bytes:
    from .. import excel  # openpyxl only when a workbook is asked for

    game = state.folder.load(name)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / f"{name}.xlsx"
        excel.export(game, out, lang=lang)
        return out.read_bytes()


async def api_export(request: Request) -> Response:
    state = request.app.state
    name = request.path_params["name"]
    try:
        data = await state.work.read(_workbook, state, name, lang_of(request))
    except InputError as exc:
        return error(exc, lang=lang_of(request))
    return Response(data, media_type=XLSX,
                    headers={"Content-Disposition": f'attachment; filename="{name}.xlsx"'})
