"""Preferans deal fields for the scorepad's form (spec preferans.md, "Deals (JSON)").

A deal is said at the table as "Anna, seven spades, Boris whists, Vera passes,
Anna took seven": the fields follow that order.  ``_kind`` is the form's own
switch between a game, a misère and an all-pass.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from ...errors import DealError
from ...fields import Choice, DealFields, Field, choices
from ...ledger import Label
from ...rules import Rules
from .deals import STATUSES, SUITS, check_seats, whisting_order
from .rules import LEVELS
from .scoring import active_players, series_minimum

__all__ = ["FIELDS"]

_GAME = ("game",)
_PLAYED = ("game", "misere")
_SUITS = choices(("S",), ("C",), ("D",), ("H",),
                 ("NT",))

def _standing(state: Any) -> tuple[Label, ...]:
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
        out.append(Label("pref.standing.close", (", ".join(f"{p} {n}" for p, n in short),)))
    if cfg.made8 and state.streak:
        least = series_minimum(state.streak)
        out.append(Label("pref.standing.allpass", (least,)))
    return tuple(out)


def _offer(rules: Rules, players: tuple[str, ...], dealer: str,
           state: Any) -> Mapping[str, Any]:
    """What the rules allow in the next deal (spec preferans.md): no all-pass or «уход без
    трёх» when the rules have none, no contract below the all-pass series' minimum, and
    for each declarer and contract the defenders' words that :func:`check_seats` accepts
    (the half-whist's levels and defender, the sitting-out dealer's whist, Stalingrad)."""
    least = series_minimum(state.streak) if (rules["allpass_exit"] == "made-8"
                                               and state.streak) else LEVELS[0]
    levels = tuple(n for n in LEVELS if n >= least)
    out: dict[str, Any] = {
        "_kind": {"values": ["game", "misere"] + ([] if rules["allpass"] == "off"
                                                  else ["allpass"])},
        "contract": {"values": list(levels)},
        "whist": _statuses(rules, players, dealer, levels)}
    if rules["concede"] == "off":
        out["concede"] = {"values": []}
    return out


def _statuses(rules: Rules, players: tuple[str, ...], dealer: str,
              levels: tuple[int, ...]) -> dict[str, Any]:
    """Every combination of the defenders' words (and a sitting-out dealer's) that
    :func:`check_seats` accepts, per declarer and contract; shared lists once (kept for
    the last few tables: a page polls it at every deal)."""
    key = json.dumps([[rules[k] for k in ("half_whist",
                                          "stalingrad", "totus_both_whist")],
                      players, dealer, levels])
    if key in _KEPT:
        return _KEPT[key]
    active = active_players(players, dealer)
    out = dealer if len(players) > len(active) else None
    sets: list[list[dict[str, str]]] = []
    seen: dict[str, int] = {}
    index: dict[str, int] = {}
    for declarer in active:
        first, second = whisting_order(players, declarer,
                                       [p for p in active if p != declarer])
        for level in levels:
            for suit in SUITS:
                combos = []
                for s1 in STATUSES:
                    for s2 in STATUSES:
                        for ds in ((None,) if out is None else ("pass", "whist")):
                            try:
                                check_seats((first, s1, second, s2, out, ds), level, suit,
                                            rules)
                            except DealError:
                                continue
                            combo = {first: s1, second: s2}
                            if out is not None and ds is not None:
                                combo[out] = ds
                            combos.append(combo)
                said = json.dumps(combos)
                if said not in seen:
                    seen[said] = len(sets)
                    sets.append(combos)
                index[f"{declarer}|{level}{suit}"] = seen[said]
    found = {"by": ["declarer", "contract"], "index": index, "sets": sets}
    if len(_KEPT) >= 32:
        _KEPT.pop(next(iter(_KEPT)))
    _KEPT[key] = found
    return found


_KEPT: dict[str, dict[str, Any]] = {}


FIELDS = DealFields(
    fields=(
        Field("_kind", "choice", default="game", choices=choices(
            ("game",),
            ("misere", {"contract": "misere"}),
            ("allpass", {"contract": "allpass"}))),
        Field("declarer", "player", when=({"_kind": _PLAYED},)),
        Field("contract", "contract", levels=(6, 7, 8, 9, 10),
              suits=_SUITS, when=({"_kind": _GAME},)),
        Field("concede", "flag",
              when=({"_kind": _GAME},)),
        Field("whist", "statuses", among="defenders",
              default="whist",   # the usual answer to a contract
              choices=choices(("whist",), ("pass",),
                              ("half", None, "pass"),
                              ("gone-half",)),
              every=Choice("pass"),
              dealer_choices=choices(("pass",), ("whist",)),
              when=({"_kind": _GAME, "concede": (False,)},), after=("contract",)),
        Field("blind", "flag", when=({"_kind": ("misere",)},)),
        Field("misere_tricks", "tricks",
              among="declarer", total=10, writes="tricks", when=({"_kind": ("misere",)},),
              start=(("declarer", "0"),)),   # a misère made: no trick, no tap
        Field("tricks", "tricks", among="active", total=10,
              start=(("declarer", "contract.level"),),   # a made contract: no tap
              rest=("whist", "whist"),   # one whister: he holds the defence's tricks
              when=({"_kind": ("allpass",)},
                    {"_kind": _GAME, "concede": (False,), "whist": ("whist",)})),
    ),
    notation=(
        ("{0} 7S {1}:w {2}:p 7/3/0", (3,)),
        ("{1} 7S {2}:w {3}:p 7/3/0", (4,)),
        ("{0} 6H {1}:p {2}:h", (3,)),
        ("{0} 8NT {1}:p {2}:p", (3,)),
        ("{1} 8NT {2}:p {3}:p", (4,)),
        ("{2} misere 1",),
        ("pass 4/2/4", (3,)),
        ("pass -/4/2/4", (4,)),
    ),
    standing=_standing,
    offer=_offer,
)
