"""The JSON API of spec serve.md: the games, one game, its settlement and sheet, its deals;
and the club's routes (docs/club.md).

Answers are exactly what the command line prints (``settle --json``, ``show
--json``); errors are ``{"error", "deal", "field"}``, made by the app's one handler of
:class:`~whistscore.errors.InputError` (``web/app.py``: ``refused``): an endpoint here
raises, it never catches a refusal by hand.  Every file and game
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
from .live import changes, live
from .shared import body_of, bounded, club_available, deal_number, lang_of, query
from .store import NotFound, settle_json, sheet_json
from .work import Busy

__all__ = ["api_club", "api_club_h2h", "api_club_player", "api_club_records", "api_deal",
           "api_deals", "api_end", "api_export", "api_game", "api_games", "api_import",
           "api_settings", "api_settle", "api_sheet", "ask", "when_of"]

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


async def api_games(request: Request) -> Response:
    state = request.app.state
    if request.method == "GET":
        return JSONResponse(await state.work.read(state.folder.summary))
    data = await body_of(request)
    text = await state.work.write(state.folder.create, data)
    return Response(text, status_code=201, media_type="application/json")


async def api_import(request: Request) -> Response:
    """A game file from the phone's files (the pocket app only): its new name."""
    state = request.app.state
    name = await state.work.write(state.folder.import_file, await body_of(request))
    return JSONResponse({"name": name}, status_code=201)


async def api_file(request: Request) -> Response:
    """``/api/files?name=F``: a ``*.json`` file whose name the scorepad's rule refuses (a
    sync tool's conflict copy the club counts): GET its text (read-only), DELETE it with
    ``{"confirm": F}``, the only change made to such a file (store.Folder.remove_odd)."""
    state = request.app.state
    name = query(request, "name", 1000)
    if name is None:
        raise NotFound("name the file: ?name=", field="name")
    if request.method == "DELETE":
        body = await body_of(request)
        await state.work.write(state.folder.remove_odd, name, body.get("confirm"))
        return Response(status_code=204)
    text = await state.work.read(state.folder.read_odd, name)
    return Response(text, media_type="application/json")


async def api_game(request: Request) -> Response:
    state = request.app.state
    name = request.path_params["name"]
    text = await state.work.read(state.folder.text, name)
    headers = {}
    if request.query_params.get("download") == "1":
        headers["Content-Disposition"] = f'attachment; filename="{name}.json"'
    return Response(text, media_type="application/json", headers=headers)


def _settle(state: Any, name: str, stake: str | None) -> JSONObject:
    return settle_json(state.folder.replay(name), stake)


async def api_settle(request: Request) -> Response:
    state = request.app.state
    return JSONResponse(await state.work.read(_settle, state, request.path_params["name"],
                                              query(request, "stake") or None))


def _sheet(state: Any, name: str) -> JSONObject:
    return sheet_json(state.folder.replay(name))


async def api_sheet(request: Request) -> Response:
    state = request.app.state
    return JSONResponse(await state.work.read(_sheet, state, request.path_params["name"]))


def _after(state: Any, name: str, rp: Replay[Any], lang: str, view: bool,
           show_all: bool, since: str | None = None) -> JSONObject:
    """What a write answers besides the deal itself: the settlement, and the live view —
    said as the change from the view the page holds (``since``: its stamp) when that view is
    the one the app drew last and the write added one deal to it (web/live.py, ``changes``);
    else whole (an edit, a page that missed a change, a view the app no longer keeps)."""
    out: JSONObject = {"settle": settle_json(rp)}
    if view:
        new = live(state.folder, state.templates, name, lang, show_all, rp=rp,
                   s=out["settle"])
        held = state.views.held(name, lang, show_all, since) if since else None
        trees = None
        # (before the first deal a page may draw a first dealer of its own: whole)
        if held is not None and new["deals"] == held[0]["deals"] + 1 and new["stamp"] \
                and not held[0]["firsts"]:
            out["live"], trees = changes(held[0], held[1], new)
        else:
            out["live"] = new
        state.views.keep(name, lang, show_all, new, trees)
    return out


async def _answer(request: Request, name: str, rp: Replay[Any], number: int,
                  status: int, already: bool = False, added: bool = False) -> Response:
    """The saved deal's answer; the deal is on disk whatever happens here.  A retry of a
    deal already saved (its id) gets the same answer, saying ``already``.  A deal ``added``
    (not an edit, not a retry) is answered with the change of the live view the page holds
    (``?since=STAMP``), when the app still has that view."""
    state = request.app.state
    entries = rp.results[number - 1].outcome.entries
    out: JSONObject = {"number": number, "entries": [e.to_json() for e in entries]}
    if already:
        out["already"] = True
    try:
        out.update(await state.work.answer(_after, state, name, rp, lang_of(request),
                                         request.query_params.get("view") == "1",
                                         request.query_params.get("all") == "1",
                                         query(request, "since", 100) if added else None))
    except Busy:
        out["settle"] = None
        out["error"] = (f"deal {number} is saved; working out the settlement took longer "
                        f"than {state.work.seconds:g} seconds: reload the game")
    return JSONResponse(out, status_code=status)


async def api_deals(request: Request) -> Response:
    state = request.app.state
    name = request.path_params["name"]
    body = await body_of(request)
    rp, number, already = await state.work.write(state.folder.add, name, body)
    return await _answer(request, name, rp, number, 200 if already else 201, already,
                         added=not already)


async def api_deal(request: Request) -> Response:
    state = request.app.state
    name = request.path_params["name"]
    n = request.path_params["n"]
    if n == "last" and request.method == "DELETE":
        body = await body_of(request)
        state.views.forget(name)
        return JSONResponse(await state.work.write(state.folder.drop_last, name, body))
    if not n.isdigit() or request.method != "PUT":
        raise NotFound("a deal is named by its number (or 'last' to undo)",
                       field="number", value=n if len(n) <= 20 else n[:20] + "…")
    number = deal_number(n)
    body = await body_of(request)
    rp = await state.work.write(state.folder.replace, name, number, body)
    return await _answer(request, name, rp, number, 200)


async def _change(request: Request, change: Any) -> Response:
    """A change of the game named in the path, made by ``change(name, body)`` off the event
    loop; its answer as JSON, a refusal in the page's language."""
    state = request.app.state
    body = await body_of(request)
    state.views.forget(request.path_params["name"])   # the next deal's answer: whole
    return JSONResponse(await state.work.write(change, request.path_params["name"], body))


async def api_settings(request: Request) -> Response:
    """PUT: the rules, stake or title changed (``whistscore set``)."""
    return await _change(request, request.app.state.folder.settings)


async def api_delete(request: Request) -> Response:
    """DELETE: the game deleted (its file kept as NAME.json.deleted), ``expect`` its deals."""
    return await _change(request, request.app.state.folder.delete)


async def api_end(request: Request) -> Response:
    """POST: "end the evening here" (``whistscore end``), or ``reopen``."""
    return await _change(request, request.app.state.folder.end)


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
    data = await state.work.read(_workbook, state, name, lang_of(request))
    return Response(data, media_type=XLSX,
                    headers={"Content-Disposition": f'attachment; filename="{name}.xlsx"'})


# -- the club (docs/club.md) ------------------------------------------------------------------
# Each club route answers exactly what ``whistscore club FOLDER ... --json`` prints for the
# same question: both call the same method of whistscore.club.api.Club, and the web adds
# nothing.  The period and kind come as the CLI's options do (``?season=``, ``?from=``,
# ``?to=``, ``?game=``, ``?unfinished=1``), every value bounded before it is read.  A club read
# writes the archive (it is brought up to date first); that is safe to abandon after the
# work's time: SQLite commits a refresh whole or not at all, and the game files are only read.

def when_of(request: Request) -> dict[str, Any]:
    """The period, kind and in-progress switch of the query, as the CLI's options."""
    return {"season": query(request, "season", 200), "first": query(request, "from"),
            "last": query(request, "to"), "game": query(request, "game"),
            "unfinished": _switch(query(request, "unfinished"), "unfinished")}


#: how a query's on/off switch may be written (anything else is refused, never "off")
_ON, _OFF = ("1", "true", "yes", "on"), ("", "0", "false", "no", "off")


def _switch(value: str | None, field: str) -> bool:
    """``?unfinished=1`` (or true, yes, on) is on, absent or 0 (false, no, off) off; any
    other word is an error rather than quietly off (the review's ``?unfinished=true``
    was read as off)."""
    said = (value or "").strip().casefold()
    if said in _ON:
        return True
    if said in _OFF:
        return False
    raise InputError(f"a switch is on as {', '.join(_ON)} or off as {', '.join(_OFF[1:])}",
                     field=field, value=value)


def ask(root: Path, what: str, args: tuple[Any, ...], when: dict[str, Any]) -> dict[str, Any]:
    """Open the club of ``root``, ask it ``what`` (a method of Club), close it."""
    from ..club.api import Club

    club = Club(root)
    try:
        method = getattr(club, what)
        answer: dict[str, Any] = method(*args, **when)
        return answer
    finally:
        club.close()


def _no_club(request: Request) -> Response | None:
    """The club's routes where Python has no sqlite3 (the pocket site): the API's error
    shape, the sentence in the reader's language (the club's words), never a 500."""
    from ..club.words import words as club_words

    if club_available():
        return None
    english, said = club_words("en"), club_words(lang_of(request))
    return JSONResponse({"error": english["unavailable"], "deal": None, "field": "club",
                         "message": said["unavailable"], "detail": said["unavailable_detail"]},
                        status_code=404)


async def _club_answer(request: Request, what: str, *args: Any) -> Response:
    absent = _no_club(request)
    if absent is not None:
        return absent
    state = request.app.state
    when = when_of(request)
    return JSONResponse(await state.work.read(ask, state.folder.root, what, args, when),
                        headers={"Cache-Control": "no-store"})


async def api_club(request: Request) -> Response:
    """The standings (``club FOLDER --json``)."""
    return await _club_answer(request, "standings")


async def api_club_records(request: Request) -> Response:
    """The records (``club FOLDER --records --json``)."""
    return await _club_answer(request, "records")


async def api_club_player(request: Request) -> Response:
    """A player's page (``club FOLDER --player NAME --json``)."""
    name = bounded(request.path_params["name"], "player")
    return await _club_answer(request, "player", name)


async def api_club_h2h(request: Request) -> Response:
    """Two players at the same tables (``club FOLDER --h2h A B --json``)."""
    a = query(request, "a", 200)
    b = query(request, "b", 200)
    if not a or not b:
        raise InputError("head-to-head takes two players: ?a=NAME&b=NAME", field="h2h",
                         value=[a, b])
    return await _club_answer(request, "head_to_head", a, b)
