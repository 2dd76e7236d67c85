"""Preferans: pulya, gora and vists, as the pulka is kept at the table.

Three players, or four with the dealer sitting out; the rules are seed 002 (the
Preferans Code, 3.8) and seed 003 (Mendelev's encyclopedia) with the house rules
of spec ``preferans.md``; our readings of the seeds are listed in
``docs/preferans.md``.  The modules: ``rules`` (options, presets, rule texts),
``deals`` (the deal values and their file form), ``notation``, ``scoring``,
``sheet``, ``fields`` (the scorepad's form) and ``game`` (the table of
those functions, :data:`GAME`).
"""

from .game import GAME

__all__ = ["GAME"]
