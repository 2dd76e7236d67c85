"""``/``: the games in the folder and the new-game form."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ...game import JSONObject
from ...games import GAMES, get_game
from ...i18n import game_name, preset_name, text
from ...layout import Label
from ...errors import InputError
from ...pocket import ADDRESS as POCKET_ADDRESS
from ..shared import club_available, json_script, lang_of, page, query
from ..words import words

__all__ = ["file_page", "games_page"]


def _presets(lang: str) -> dict[str, JSONObject]:
    """What the form offers for each game: its presets (and their names in the page's
    language, from the game's words), the default, the player counts."""
    return {n: {"presets": list(get_game(n).rulebook.presets),
                "names": {p: preset_name(get_game(n), p, lang)
                          for p in get_game(n).rulebook.presets},
                "default": get_game(n).rulebook.default_preset,
                "counts": list(get_game(n).player_counts),
                "title": game_name(get_game(n), lang),
                # the stake as the table names it («цена виста»), else the general word
                "stake": words(lang).get(f"stake_of.{get_game(n).unit}", words(lang)["stake"]),
                # the options box's example, in the game's own words
                "hint": str(text(Label("rules.hint"), get_game(n), lang))
                if _own(get_game(n), "rules.hint") else "",
                # the values usually agreed, as buttons (a pulya of 10/20/30/50), each option
                # named in the game's words and with its value in each preset
                "usual": [{"option": o, "values": list(values),
                           "said": _option_said(get_game(n), o, lang),
                           "presets": {p: v.get(o) for p, v in
                                       get_game(n).rulebook.presets.items()}}
                          for o, values in get_game(n).rulebook.usual.items()]}
            for n in GAMES}


def _option_said(kind: Any, option: str, lang: str) -> str:
    key = f"field.{option}"
    return str(text(Label(key), kind, lang)) if _own(kind, key) else option


def _own(kind: Any, key: str) -> bool:
    """Whether the game's own catalogue has ``key`` (not only the core's)."""
    return kind.words is not None and key in kind.words


#: how many earlier tables the new-game form offers
EARLIER_TABLES = 6


def _earlier(games: list[JSONObject]) -> list[list[str]]:
    """The players of the earlier games, each seating once, the latest first (the names
    sort by date when they are dates, as the form proposes them)."""
    out: list[list[str]] = []
    for g in reversed(games):
        if g.get("odd"):  # a copy's players are those of the game it copies
            continue
        players = list(g.get("players") or [])
        if players and players not in out:
            out.append(players)
    return out[:EARLIER_TABLES]


async def games_page(request: Request) -> Response:
    state = request.app.state
    games = await state.work.read(state.folder.summary, True, lang_of(request))
    from ...club.words import words as club_words

    # the club's archive is SQLite: where Python has no sqlite3 (the pocket site), no Club
    club = club_words(lang_of(request))["club"] if club_available() else None
    presets = _presets(lang_of(request))
    return page(request, "games.html", games=games, presets=json_script(presets),
                game_names=list(GAMES), hint=next((p["hint"] for p in presets.values()), ""), club_word=club,
                earlier=json_script(_earlier(games)), pocket_address=POCKET_ADDRESS)


async def file_page(request: Request) -> Response:
    """``/f?name=F``: a file the games list shows read-only (its name is not one the
    scorepad gives: a sync tool's conflict copy), its text, and its removal after a
    confirmation (static/file.js)."""
    state = request.app.state
    try:
        name = query(request, "name", 1000) or ""
        text = await state.work.read(state.folder.read_odd, name)
        games = await state.work.read(state.folder.summary, True, lang_of(request))
    except InputError as exc:
        return page(request, "error.html", 404, message=str(exc))
    line: JSONObject = next((g for g in games if g.get("file") == name), {})
    return page(request, "file.html", file=name, text=text, g=line)
