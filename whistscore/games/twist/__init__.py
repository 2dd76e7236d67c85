"""Twist: four players, temporary pairs, gora / remark / vists and the nota.

The only public description of Twist is seed 000 (a Russian encyclopedia entry
that itself warns the rules are confusing); ``spec/twist.md`` fixes a reading
for each unclear sentence and ``docs/twist.md`` lists the readings chosen
beyond it.  Modules: ``rules`` (options, rule texts), ``deals`` (the deal values
and their file form), ``notation``, ``scoring`` (pure), ``sheet``, ``fields``
(the scorepad's form) and ``game`` (the table of those functions, :data:`GAME`).
"""

from .game import GAME

__all__ = ["GAME"]
