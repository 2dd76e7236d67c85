"""``/``: the games in the folder and the new-game form."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from ...game import JSONObject
from ...games import GAMES, get_game
from ...i18n import game_name, preset_name
from ..shared import json_script, lang_of, page

__all__ = ["games_page"]


def _presets(lang: str) -> dict[str, JSONObject]:
    """What the form offers for each game: its presets (and their names in the page's
    language, from the game's words), the default, the player counts."""
    return {n: {"presets": list(get_game(n).rulebook.presets),
                "names": {p: preset_name(get_game(n), p, lang)
                          for p in get_game(n).rulebook.presets},
                "default": get_game(n).rulebook.default_preset,
                "counts": list(get_game(n).player_counts),
                "title": game_name(get_game(n), lang)} for n in GAMES}


async def games_page(request: Request) -> Response:
    state = request.app.state
    games = await state.work.read(state.folder.summary, True)
    return page(request, "games.html", games=games, presets=json_script(_presets(lang_of(request))),
                game_names=list(GAMES))
