"""A whist deal as a value, and its form in the game file (spec whist.md, "Deals (JSON)").

A deal is kept normalised -- sides by name, tricks counted for NS -- so that the
same deal written with players' names or with the other side's tricks is the same
value, scores the same and is saved the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from ...checks import match_player, whole as _whole
from ...errors import DealError
from ...game import JSONObject
from ...rules import Rules
from .rules import PENALTIES

__all__ = ["Deal", "SIDES", "BOTH", "deal_from_json", "deal_to_json", "side_of", "check_rules"]

#: the two sides: ``players[0]`` & ``players[2]`` are NS, ``players[1]`` & ``players[3]`` EW
SIDES = ("NS", "EW")
#: a revoke by both sides: the deal is thrown in
BOTH = "both"
_DEAL_KEYS = ("tricks", "honours", "revoke")


@attrs.frozen(slots=True)
class Deal:
    """One deal, normalised: sides by name, tricks counted for NS.

    ``tricks`` is None only for a void deal (``revoke == "both"``); ``penalty``
    is None when the claimants took the rules' default penalty.
    """

    tricks: int | None
    honours_side: str | None = None
    honours: int = 0
    revoke: str | None = None
    penalty: str | None = None

    @property
    def void(self) -> bool:
        return self.revoke == BOTH


def side_of(text: Any, players: tuple[str, ...], field: str,
            error: type[DealError] = DealError) -> str:
    """NS / EW, or the side of a player named exactly (or uniquely, ignoring case)."""
    if not isinstance(text, str):
        raise error("a side is NS, EW or a player's name", field=field, value=text,
            key="whist.side_text")
    upper = text.upper()
    if upper in SIDES:
        return upper
    found = match_player(text, players)
    if found is not None:
        return SIDES[players.index(found) % 2]
    raise error(f"unknown side or player (NS, EW or one of {', '.join(players)})",
                field=field, value=text, key="whist.side", args=(text,))


def check_rules(deal: Deal, rules: Rules, field_honours: str,
                error: type[DealError] = DealError) -> None:
    """Refuse what the deal holds that the rules do not score (honours in American whist)."""
    if deal.honours_side is not None and rules["honours"] is None:
        raise error(f"the rules ({rules.preset}) do not score honours",
                    field=field_honours, value=deal.honours, key="whist.no_honours")


def deal_from_json(obj: Mapping[str, Any], players: tuple[str, ...], rules: Rules) -> Deal:
    """Check a deal's shape and build its value.

    A file read with the deals' times (as ``add`` writes them) reads every deal here,
    so the common deal is read in one pass first (:func:`_common`); any other -- a
    void, a deal naming both sides' tricks or a side by a name typed loosely, or a
    wrong one -- is read by the checks below, which also word every refusal.

    :raises DealError: naming the field and the value that are wrong.
    """
    if type(obj) is dict:
        deal = _common(obj, players, rules)
        if deal is not None:
            return deal
    if not isinstance(obj, Mapping):
        raise DealError("a deal must be a JSON object", value=obj, key="deal_object")
    for key in obj:
        if key not in _DEAL_KEYS:
            raise DealError(f"unknown field (known: {', '.join(_DEAL_KEYS)})",
                            field=str(key), value=obj[key], key="unknown_field", args=(str(key),))
    revoke, penalty = _revoke(obj.get("revoke"), "revoke" in obj, players)
    if revoke == BOTH:
        for key in ("tricks", "honours"):
            if key in obj:
                raise DealError("both sides revoked: the deal is void and scores nothing, "
                                f"so it has no {key}", field=key, value=obj[key],
                                    key="whist.void_nothing")
        return Deal(None, revoke=BOTH)
    if "tricks" not in obj:
        raise DealError("missing field: the tricks of one side (or both)", field="tricks",
            key="whist.tricks")
    tricks = _tricks(obj["tricks"], players)
    side, count = _honours(obj.get("honours"), "honours" in obj, players)
    deal = Deal(tricks, side, count, revoke, penalty)
    if side is not None:
        check_rules(deal, rules, f"honours.{next(iter(obj['honours']))}")
    return deal


#: players -> {how a file names a side exactly: the side} (NS, EW and each player's name)
_SIDE_NAMES: dict[tuple[str, ...], dict[str, str]] = {}


def _side_names(players: tuple[str, ...]) -> dict[str, str]:
    names = _SIDE_NAMES.get(players)
    if names is None:
        names = {side: side for side in SIDES}
        for seat, player in enumerate(players):
            if player.upper() not in SIDES:  # NS and EW are read as the sides first
                names[player] = SIDES[seat % 2]
        if len(_SIDE_NAMES) >= 256:
            _SIDE_NAMES.clear()
        _SIDE_NAMES[players] = names
    return names


def _common(obj: dict[str, Any], players: tuple[str, ...], rules: Rules) -> Deal | None:
    """A deal of one side's tricks (or both sides', adding up to 13), with honours and a
    revoke or without, every side named exactly; None for anything else (the long way
    reads it, or words what is wrong)."""
    names = _side_names(players)
    tricks = obj.get("tricks")
    if type(tricks) is not dict:
        return None
    if len(tricks) == 1:
        (key, count), = tricks.items()
        side = names.get(key)
        if side is None or type(count) is not int or not 0 <= count <= 13:
            return None
    elif len(tricks) == 2:
        (key, count), (other_key, other) = tricks.items()
        side = names.get(key)
        if side is None or names.get(other_key) not in SIDES or names[other_key] == side \
                or type(count) is not int or type(other) is not int \
                or not 0 <= count <= 13 or not 0 <= other <= 13 or count + other != 13:
            return None
    else:
        return None
    read = 1
    honours_side: str | None = None
    honours = 0
    if "honours" in obj:
        held = obj["honours"]
        if type(held) is not dict or len(held) != 1 or rules["honours"] is None:
            return None
        (key, honours), = held.items()
        honours_side = names.get(key)
        if honours_side is None or type(honours) is not int or honours not in (3, 4):
            return None
        read += 1
    revoke: str | None = None
    penalty: str | None = None
    if "revoke" in obj:
        raw = obj["revoke"]
        if type(raw) is not dict or not 1 <= len(raw) <= 2:
            return None
        by = raw.get("by")
        if type(by) is not str or by.lower() == BOTH:
            return None
        revoke = names.get(by)
        if revoke is None:
            return None
        if len(raw) == 2:
            penalty = raw.get("penalty")
            if type(penalty) is not str or penalty not in PENALTIES:
                return None
        read += 1
    if read != len(obj):
        return None
    key = (count if side == "NS" else 13 - count, honours_side, honours, revoke, penalty)
    deal = _DEALS.get(key)
    if deal is None:
        deal = _DEALS[key] = Deal(*key)
    return deal


#: every deal :func:`_common` has built, by its fields: a deal names no player, so there
#: are at most 630 (14 counts, 5 ways of honours, no revoke or a side's with one of 4
#: penalties), and a frozen value made once is the same as one made again
_DEALS: dict[tuple[int, str | None, int, str | None, str | None], Deal] = {}


def _tricks(raw: Any, players: tuple[str, ...]) -> int:
    if not isinstance(raw, Mapping) or not raw:
        raise DealError('tricks is an object such as {"NS": 8}', field="tricks", value=raw,
            key="whist.tricks")
    if len(raw) > 2:
        raise DealError("tricks name at most the two sides", field="tricks", value=raw,
            key="whist.two_sides")
    taken: dict[str, int] = {}
    for key, value in raw.items():
        field = f"tricks.{key}"
        side = side_of(key, players, field)
        if side in taken:
            raise DealError(f"side {side} is named twice", field=field, value=key, key="twice")
        taken[side] = _whole(value, field, 0, 13, "tricks")
    if len(taken) == 2 and taken["NS"] + taken["EW"] != 13:
        raise DealError("the two sides' tricks must add up to 13",
                        field="tricks", value=dict(raw),
                            key="tricks_total", args=(13, taken['NS'] + taken['EW']))
    return taken["NS"] if "NS" in taken else 13 - taken["EW"]


def _honours(raw: Any, present: bool, players: tuple[str, ...]) -> tuple[str | None, int]:
    if not present:
        return None, 0
    if not isinstance(raw, Mapping) or not raw:
        raise DealError('honours is an object such as {"NS": 4}; leave it out when '
                        "they were split two and two", field="honours", value=raw,
                            key="whist.honours")
    if len(raw) != 1:
        raise DealError("only one side can hold three or four honours",
                        field="honours", value=raw, key="whist.honours_one")
    (key, value), = raw.items()
    field = f"honours.{key}"
    side = side_of(key, players, field)
    if isinstance(value, bool) or not isinstance(value, int):
        raise DealError("honours must be a whole number, 3 or 4", field=field, value=value,
            key="whist.honours")
    if value not in (3, 4):
        raise DealError("a side scores 3 or 4 honours (two and two: leave honours out; "
                        "one honour: write the other side's three)", field=field, value=value,
                            key="whist.honours")
    return side, value


def _revoke(raw: Any, present: bool, players: tuple[str, ...]) -> tuple[str | None, str | None]:
    if not present:
        return None, None
    if not isinstance(raw, Mapping):
        raise DealError('revoke is an object such as {"by": "NS"}', field="revoke", value=raw,
            key="whist.revoke")
    for key in raw:
        if key not in ("by", "penalty"):
            raise DealError("unknown field (known: by, penalty)",
                            field=f"revoke.{key}", value=raw[key],
                                key="unknown_field", args=(str(key),))
    if "by" not in raw:
        raise DealError("missing field: the side that revoked", field="revoke.by",
            key="whist.revoke")
    by = raw["by"]
    if isinstance(by, str) and by.lower() == BOTH:
        if "penalty" in raw:
            raise DealError("both sides revoked: the deal is void, there is no penalty",
                            field="revoke.penalty", value=raw["penalty"], key="whist.void_penalty")
        return BOTH, None
    side = side_of(by, players, "revoke.by")
    if "penalty" not in raw:
        return side, None
    penalty = raw["penalty"]
    if not isinstance(penalty, str) or penalty not in PENALTIES:
        raise DealError(f"the penalty is one of {', '.join(PENALTIES)}",
                        field="revoke.penalty", value=penalty, key="whist.penalty")
    return side, penalty


def deal_to_json(deal: Deal) -> JSONObject:
    """The deal as the game file writes it: the winning side's tricks, then honours
    and revoke only when there were any."""
    t = deal.tricks
    if deal.void or t is None:
        return {"revoke": {"by": BOTH}}
    out: JSONObject = {"tricks": {"NS": t} if t >= 7 else {"EW": 13 - t}}
    if deal.honours_side is not None:
        out["honours"] = {deal.honours_side: deal.honours}
    if deal.revoke is not None:
        revoke = {"by": deal.revoke}
        if deal.penalty is not None:
            revoke["penalty"] = deal.penalty
        out["revoke"] = revoke
    return out
