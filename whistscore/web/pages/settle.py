"""``/g/{name}/settle``: balances, money, who pays whom, and the downloads."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ...errors import InputError
from ...game import JSONObject
from ..shared import lang_of, page, query
from ..store import settle_json
from ..words import words
from ..work import Busy

__all__ = ["settle_page"]


def _settled(state: Any, name: str, stake: str | None) -> tuple[JSONObject, str | None]:
    rp = state.folder.replay(name)
    return settle_json(rp, stake), getattr(rp.game, "currency", None)


async def settle_page(request: Request) -> Response:
    state = request.app.state
    name = request.path_params["name"]
    try:
        s, currency = await state.work.read(_settled, state, name,
                                            query(request, "stake") or None)
    except InputError as exc:
        return page(request, "error.html", message=str(exc),
                    status=503 if isinstance(exc, Busy) else 400)
    lang = lang_of(request)
    return page(request, "settle.html", name=name, s=s, currency=currency, kind=s["game"],
                unit=words(lang).get(f"unit.{s['unit']}", s["unit"]))
