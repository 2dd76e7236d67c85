"""A throwaway fifth game for the proof that the tests loop over the registry
(tests/test_registry_loops.py): whist under another name, registered by code when
``WHISTSCORE_FIFTH_GAME=1`` (conftest.py), so the registry-driven loops find a game no
test table names."""

from __future__ import annotations

import attrs

from whistscore.games import get_game

NAME = "fifthwhist"


def make():
    whist = get_game("whist")
    return attrs.evolve(whist, name=NAME, title="Fifth whist (test game)",
                        rulebook=attrs.evolve(whist.rulebook, game=NAME),
                        words=whist.words.with_texts({"en": {"game.name": "Fifth"},
                                                      "ru": {"game.name": "Пятая"}}))
