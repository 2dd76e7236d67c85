"""Preferans deal fields for the scorepad's form (spec preferans.md, "Deals (JSON)").

A deal is said at the table as "Anna, seven spades, Boris whists, Vera passes,
Anna took seven": the fields follow that order.  ``_kind`` is the form's own
switch between a game, a misère and an all-pass.
"""

from __future__ import annotations

from typing import Any

from ...fields import Choice, DealFields, Field, choices
from .scoring import series_minimum

__all__ = ["FIELDS"]

_GAME = ("game",)
_PLAYED = ("game", "misere")
_SUITS = choices(("S", "♠", "♠"), ("C", "♣", "♣"), ("D", "♦", "♦"), ("H", "♥", "♥"),
                 ("NT", "NT", "БК"))

def _standing(state: Any) -> tuple[tuple[str, str], ...]:
    """What the table asks before a deal (spec preferans.md, "Pulya" and "All-pass"): the
    points each player still needs to close his pulya (the ``pulya`` option less what he
    has), and while an all-pass series runs under ``allpass_exit = made-8`` the smallest
    contract allowed."""
    if state.finished:
        return ()
    cfg = state.cfg
    out = []
    short = [(p, cfg.target - have) for p, have in zip(state.players, state.pulya)
             if have < cfg.target]
    if short:
        out.append(("to close the pulya: " + ", ".join(f"{p} {n}" for p, n in short),
                    "до закрытия пули: " + ", ".join(f"{p} {n}" for p, n in short)))
    if cfg.made8 and state.streak:
        least = series_minimum(state.streak)
        out.append((f"after the all-pass: {least} or more, or a misère",
                    f"после распасов: не меньше {least} или мизер"))
    return tuple(out)


FIELDS = DealFields(
    fields=(
        Field("_kind", "choice", "Deal", "Сдача", default="game", choices=choices(
            ("game", "game", "игра"),
            ("misere", "misère", "мизер", {"contract": "misere"}),
            ("allpass", "all-pass", "распасы", {"contract": "allpass"}))),
        Field("declarer", "player", "Declarer", "Играющий", when=({"_kind": _PLAYED},)),
        Field("contract", "contract", "Contract", "Контракт", levels=(6, 7, 8, 9, 10),
              suits=_SUITS, when=({"_kind": _GAME},)),
        Field("concede", "flag", "Conceded (without three)", "Уход без трёх",
              when=({"_kind": _GAME},)),
        Field("whist", "statuses", "Defenders", "Вистующие", among="defenders",
              default="whist",   # the usual answer to a contract
              choices=choices(("whist", "whist", "вист"), ("pass", "pass", "пас"),
                              ("half", "half", "полвиста", None, "pass"),
                              ("gone-half", "gone half", "ушёл на полвиста")),
              every=Choice("pass", "both pass", "оба паса"),
              dealer_choices=choices(("pass", "pass", "пас"), ("whist", "whist", "вист")),
              when=({"_kind": _GAME, "concede": (False,)},)),
        Field("blind", "flag", "Blind (no talon)", "Без прикупа", when=({"_kind": ("misere",)},)),
        Field("misere_tricks", "tricks", "Declarer's tricks", "Взятки играющего",
              among="declarer", total=10, writes="tricks", when=({"_kind": ("misere",)},),
              start=(("declarer", "0"),)),   # a misère made: no trick, no tap
        Field("tricks", "tricks", "Tricks", "Взятки", among="active", total=10,
              start=(("declarer", "contract.level"),),   # a made contract: no tap
              rest=("whist", "whist"),   # one whister: he holds the defence's tricks
              when=({"_kind": ("allpass",)},
                    {"_kind": _GAME, "concede": (False,), "whist": ("whist",)})),
    ),
    notation=(
        ("{0} 7S {1}:w {2}:p 7/3/0", "a seven of spades, one whist; tricks: the declarer's, "
         "then the defenders' as written", "семь пик, один вист; взятки играющего, затем "
         "вистующих, как записаны", (3,)),
        ("{1} 7S {2}:w {3}:p 7/3/0", "a seven of spades, one whist; tricks: the declarer's, "
         "then the defenders' as written", "семь пик, один вист; взятки играющего, затем "
         "вистующих, как записаны", (4,)),
        ("{0} 6H {1}:p {2}:h", "a six of hearts, half-whist", "шесть червей, полвиста", (3,)),
        ("{0} 8NT {1}:p {2}:p", "both pass: written as made", "оба паса: сыграно", (3,)),
        ("{1} 8NT {2}:p {3}:p", "both pass: written as made", "оба паса: сыграно", (4,)),
        ("{2} misere 1", "a misère caught with one trick", "мизер, одна взятка"),
        ("pass 4/2/4", "an all-pass, tricks in seat order", "распасы, взятки по порядку мест",
         (3,)),
        ("pass -/4/2/4", "an all-pass; '-' for the sitting-out dealer",
         "распасы; '-' за сдающего", (4,)),
    ),
    standing=_standing,
)
