"""Whist: English short whist with honours and rubbers, the 1864 Laws, American 7-point whist.

Two sides play: ``players[0]`` & ``players[2]`` are **NS**, ``players[1]`` &
``players[3]`` are **EW**.  Below the line each side writes its points in the
current game (tricks over six, honours, revoke penalties); the first side to
reach the target wins the game and writes its value above the line (treble,
double, single -- or 7 minus the losers' points in America); two games make a
rubber worth 2 more.  Only what is above the line is money: each member of a
side wins or loses the side's net.

Spec: ``whist.md``.  Seed: ``001_a51a627d0c2d2131.txt`` («Ведение счета», and
«Правила игры» for the revoke).
"""

from .game import GAME

__all__ = ["GAME"]
