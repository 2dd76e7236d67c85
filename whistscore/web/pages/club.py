"""``/club``: the club's standings and records; ``/club/p/{name}``: a player's page with
its charts; ``/club/h2h?a=&b=``: two players at the same tables.

The pages show what the club answers (the same values as ``/api/club…`` and
``whistscore club --json``); the words are the club's (:mod:`whistscore.club.words`),
the charts SVG drawn here on the server (:mod:`whistscore.web.chart`).  The
Club page opens on the season containing today when club.json defines one
(``?all=1`` for all time, ``?season=`` for another).
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import Response

from ...errors import InputError, NotFoundError
from ..chart import line_chart, made_bars, places_chart
from ..api import when_of
from ..shared import bounded, club_available, lang_of, page, query, status_of

__all__ = ["club_page", "h2h_page", "player_page"]


def unavailable_page(request: Request) -> Response:
    """The club's pages where it cannot run: one sentence in the page's language, the
    reason behind the toggle, and the way back to the games list."""
    cw = _words(lang_of(request))
    return page(request, "club_error.html", cw=cw, short=cw["unavailable"],
                detail=cw["unavailable_detail"], unavailable=True, status=404)


def _words(lang: str) -> Any:
    from ...club.words import words

    return words(lang)


def period_words(cw: Any, period: dict[str, Any]) -> str:
    from ...club.words import period_words as say

    return say(cw, period)


def _club(root: Path, when: dict[str, Any], all_time: bool,
          today: datetime.date, with_pairs: bool = False) -> dict[str, Any]:
    """The Club page's parts: the standings and records of the asked or current period."""
    from ...club.api import Club

    club = Club(root)
    try:
        if not all_time and not any(when[k] for k in ("season", "first", "last")):
            when = {**when, "season": club.settings.season_of(today)}
        standings = club.standings(**when)
        records = club.records(**when)
        return {"standings": standings, "records": records,
                "seasons": list(club.settings.seasons),
                "pairs": club.pairs(**when) if with_pairs else None}
    finally:
        club.close()


def _said_in(data: dict[str, Any], lang: str) -> dict[str, Any]:
    """The answer with its notices and left-out reasons said in the page's language (the
    archive keeps them in English)."""
    from ...club.words import said_again

    if lang == "en":
        return data
    return {**data, "notices": [said_again(n, lang) for n in data.get("notices", ())],
            "left_out": [{**p, "error": said_again(p["error"], lang)}
                         for p in data.get("left_out", ())]}


def _page_error(request: Request, exc: InputError) -> Response:
    """One short sentence in the page's language; the club's own message behind a toggle."""
    from ...i18n import error_message

    lang = lang_of(request)
    cw = _words(lang)
    # the refusal's own sentence where it has one (the club's errors do), in the page's
    # language; else the club's general one
    short = error_message(exc, (), lang) if exc.key else \
        cw["no_player"] if isinstance(exc, NotFoundError) \
        else cw["pick_two"] if exc.field == "h2h" else cw["cannot"]
    return page(request, "club_error.html", cw=cw, short=short, detail=str(exc),
                status=status_of(exc))


async def club_page(request: Request) -> Response:
    if not club_available():
        return unavailable_page(request)
    state = request.app.state
    lang = lang_of(request)
    tab = request.query_params.get("tab") or "standings"  # one of three words, or ignored
    if tab not in ("standings", "records", "stats"):
        tab = "standings"
    try:
        parts = await state.work.read(_club, state.folder.root, when_of(request),
                                      query(request, "all") == "1", datetime.date.today(),
                                      tab == "stats")
    except InputError as exc:
        return _page_error(request, exc)
    s = _said_in(parts["standings"], lang)
    players = sorted({r["player"] for block in s["games"].values() for r in block["table"]})
    cw = _words(lang)
    return page(request, "club.html", cw=cw, s=s, r=parts["records"],
                seasons=parts["seasons"], players=players,
                period=period_words(cw, s["period"]), tab=tab, here=_here(request),
                pairs=(parts["pairs"] or {}).get("games", {}))


def _here(request: Request) -> str:
    """The page's period as a query (``?season=...``): a tab or a player's link keeps it."""
    from urllib.parse import urlencode

    kept = [(k, request.query_params[k]) for k in ("season", "from", "to", "all")
            if request.query_params.get(k)]
    return "?" + urlencode(kept) if kept else ""


def _charts(data: dict[str, Any], cw: Any) -> dict[str, list[tuple[str, str, Markup]]]:
    """Per game kind: a running-money chart per currency, then the rating over time."""
    out: dict[str, list[tuple[str, str, Markup]]] = {}
    for kind, block in data["games"].items():
        charts = []
        currencies: dict[str, list[tuple[str, str | int]]] = {}
        for p in block["running_money"]:
            currencies.setdefault(p["currency"] or "", []).append((p["date"], p["money"]))
        for currency, points in currencies.items():
            charts.append(("money", f"{cw['running_money']} {currency}".strip(),
                           line_chart(points, f"{cw['running_money']} {currency}".strip())))
        if block["rating"]:
            points = [(p["date"], p["rating"]) for p in block["rating"]]
            charts.append(("rating", cw["rating_over_time"],
                           line_chart(points, cw["rating_over_time"])))
        places = [(e["date"], e["place"], e["players"]) for e in block["evenings"]]
        if places:
            charts.append(("places", cw["places_over_time"],
                           places_chart(places, cw["places_over_time"])))
        out[kind] = charts
    return out


def _statistics(data: dict[str, Any], cw: Any) -> dict[str, dict[str, Any]]:
    """Per game kind: the statistics' lines, a bar chart of each table (made against
    failed), who beats whom (one row per opponent) and how its numbers are counted."""
    from ...club.show import contract_label, made_rows, pair_rows, stat_lines

    out: dict[str, dict[str, Any]] = {}
    stats = data.get("statistics", {})
    for kind in data["games"]:
        st = stats.get(kind)
        if not st:
            continue
        bars = []
        for key, rows in made_rows(st):
            if rows:
                title = cw.get(f"stat.{key}", key)
                bars.append((key, title, made_bars(
                    [(contract_label(r, cw), r["made"], r["played"]) for r in rows],
                    title, cw["made_word"], cw["failed_word"])))
        pairs = [p for p in stats.get("pairs", []) if p["game"] == kind]
        measures = {p["measure"] for p in pairs}
        out[kind] = {"lines": stat_lines(st, cw), "bars": bars,
                     "pairs": pair_rows(pairs, kind),
                     "measure": cw["measure." + (measures.pop() if len(measures) == 1
                                                 else "mixed")]}
    return out


def ask_player(root: Path, name: str, when: dict[str, Any]) -> dict[str, Any]:
    """The player's page and the club's players (for head-to-head)."""
    from ...club.api import Club
    from ...club.player import known_players

    club = Club(root)
    try:
        data = club.player(name, **when)
        data["others"] = [p for p in known_players(club.archive) if p != data["player"]]
        return data
    finally:
        club.close()


async def player_page(request: Request) -> Response:
    if not club_available():
        return unavailable_page(request)
    state = request.app.state
    lang = lang_of(request)
    try:
        name = bounded(request.path_params["name"], "player")
        data = await state.work.read(ask_player, state.folder.root, name, when_of(request))
    except InputError as exc:
        return _page_error(request, exc)
    cw = _words(lang)
    data = _said_in(data, lang)
    return page(request, "club_player.html", cw=cw, d=data, charts=_charts(data, cw),
                stats=_statistics(data, cw), period=period_words(cw, data["period"]))


async def h2h_page(request: Request) -> Response:
    from ..api import ask

    if not club_available():
        return unavailable_page(request)
    state = request.app.state
    lang = lang_of(request)
    cw = _words(lang)
    try:
        a = query(request, "a", 200)
        b = query(request, "b", 200)
        if not a or not b:  # the club's own refusal, its sentence and its English detail
            raise InputError("head-to-head takes two players: ?a=NAME&b=NAME", field="h2h",
                             value=[a, b], key="club.player_text")
        data = await state.work.read(ask, state.folder.root, "head_to_head", (a, b),
                                     when_of(request))
    except InputError as exc:
        return _page_error(request, exc)
    return page(request, "club_h2h.html", cw=cw, d=_said_in(data, lang), period=period_words(cw, data["period"]))
