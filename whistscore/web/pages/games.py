"""``/``: the games in the folder and the new-game form."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from ...game import JSONObject
from ...games import GAMES, get_game
from ..shared import json_script, lang_of, page

__all__ = ["games_page"]


def _presets() -> dict[str, JSONObject]:
    """What the form offers for each game: its presets, the default, the player counts."""
    return {n: {"presets": list(get_game(n).rulebook.presets),
                "default": get_game(n).rulebook.default_preset,
                "counts": list(get_game(n).player_counts),
                "title": get_game(n).title} for n in GAMES}


async def games_page(request: Request) -> Response:
    state = request.app.state
    games = await state.work.read(state.folder.summary, True)
    from ...club.words import words as club_words

    return page(request, "games.html", games=games, presets=json_script(_presets()),
                game_names=list(GAMES), club_word=club_words(lang_of(request))["club"])
