"""The club's JSON API (docs/club.md): ``/api/club``, ``/api/club/players/{name}``,
``/api/club/h2h?a=&b=``, ``/api/club/records``.

Each answers exactly what ``whistscore club FOLDER ... --json`` prints for the
same question: both call the same method of :class:`whistscore.club.api.Club`,
and the web adds nothing.  The period and kind come as the CLI's options do:
``?season=``, ``?from=``, ``?to=``, ``?game=``, ``?unfinished=1``.  Every value
is bounded before it is read, and the club's work (bringing ``club.sqlite`` up
to date, then the query) runs off the event loop through ``app.state.work``.

A club read writes the archive (it is brought up to date first); that is safe
to abandon after the work's time: SQLite commits a refresh whole or not at all,
and the game files are only read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..errors import InputError
from .shared import bounded, error, query

__all__ = ["api_club", "api_club_h2h", "api_club_player", "api_club_records", "ask", "when_of"]


def when_of(request: Request) -> dict[str, Any]:
    """The period, kind and in-progress switch of the query, as the CLI's options."""
    return {"season": query(request, "season", 200), "first": query(request, "from"),
            "last": query(request, "to"), "game": query(request, "game"),
            "unfinished": query(request, "unfinished") == "1"}


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


async def _answer(request: Request, what: str, *args: Any) -> Response:
    state = request.app.state
    try:
        when = when_of(request)
        return JSONResponse(await state.work.read(ask, state.folder.root, what, args, when),
                            headers={"Cache-Control": "no-store"})
    except InputError as exc:
        return error(exc)


async def api_club(request: Request) -> Response:
    """The standings (``club FOLDER --json``)."""
    return await _answer(request, "standings")


async def api_club_records(request: Request) -> Response:
    """The records (``club FOLDER --records --json``)."""
    return await _answer(request, "records")


async def api_club_player(request: Request) -> Response:
    """A player's page (``club FOLDER --player NAME --json``)."""
    try:
        name = bounded(request.path_params["name"], "player")
    except InputError as exc:
        return error(exc)
    return await _answer(request, "player", name)


async def api_club_h2h(request: Request) -> Response:
    """Two players at the same tables (``club FOLDER --h2h A B --json``)."""
    try:
        a = query(request, "a", 200)
        b = query(request, "b", 200)
        if not a or not b:
            raise InputError("head-to-head takes two players: ?a=NAME&b=NAME", field="h2h",
                             value=[a, b])
    except InputError as exc:
        return error(exc)
    return await _answer(request, "head_to_head", a, b)
