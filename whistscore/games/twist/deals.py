"""Twist's deals: a contract, a bomb or dil (a solo), the twist round; their file form.

A deal in the file is a JSON object (spec twist.md, "Deals (JSON)"); its shape
is checked here, once, and the frozen value built from it.  Checks that need
the game so far (is a twist round due?) belong to the scoring.

Seats: ``players[0]`` & ``players[2]`` and ``players[1]`` & ``players[3]`` are
partners, so the partner of seat ``i`` is seat ``(i + 2) % 4``.
"""

from __future__ import annotations

import functools
import operator
import re
from typing import Any, Mapping, Union

import attrs

from ...checks import player
from ...errors import DealError
from ...game import JSONObject
from ...rules import Rules

__all__ = ["Deal", "Contract", "Solo", "TwistRound", "Tricks", "SEATS", "TRICKS",
           "DENOMINATIONS", "SOLO_VALUES", "CATEGORIES", "CONTRACT_RE", "deal_from_json",
           "deal_to_json"]

SEATS = 4
TRICKS = 12
DENOMINATIONS = ("S", "C", "D", "H", "NT")
_SUIT_SIGNS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}
#: the values a bomb or dil of each category may be worth
SOLO_VALUES: dict[str, tuple[int, ...]] = {
    "simple": (1, 2), "double": (2, 3, 4), "clean": (4,), "all": (1, 2, 3, 4)}
CATEGORIES = tuple(SOLO_VALUES)

_CONTRACT_KEYS = ("declarer", "contract", "tricks", "opened", "partner_passed", "twist")
_SOLO_KEYS = ("value", "declarer", "tricks")
_ROUND_KEYS = ("twist_round", "tricks")
_CONTRACT_KEYSET = frozenset(_CONTRACT_KEYS)
#: every contract as the file writes it ("8H", "10NT"): read without the pattern
_CONTRACTS = {f"{level}{d}": (level, d) for level in range(2, 13) for d in DENOMINATIONS}
CONTRACT_RE = re.compile(r"^(1[0-2]|[2-9])(NT|S|C|D|H|♠|♣|♦|♥)$", re.IGNORECASE)

#: (player, tricks) in seating order
Tricks = tuple[tuple[str, int], ...]
#: a tricks entry's name and count (the derived fields are made with ``map``)
_name = operator.itemgetter(0)
_count = operator.itemgetter(1)


@attrs.frozen(slots=True, cache_hash=True)
class Contract:
    """A normal contract, level 2..12, played by the declarer and his partner."""

    declarer: str
    level: int
    denomination: str
    tricks: Tricks
    opened: bool = False
    partner_passed: bool = False
    twist: tuple[str, ...] = ()  # opponents who announced twist, in seating order
    #: derived, kept for fast scoring: the tricks alone, the declarer's seat and the
    #: twisters' seats, in seating order (``tricks`` is in seating order)
    counts: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    seat: int = attrs.field(init=False, eq=False, repr=False)
    twisters: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # one is made for every deal read: the tuples are made by ``map``, the twisters
        # only looked for when someone announced twist
        names = tuple(map(_name, self.tricks))
        twist = self.twist
        object.__setattr__(self, "counts", tuple(map(_count, self.tricks)))
        object.__setattr__(self, "seat", _seat(names, self.declarer))
        object.__setattr__(self, "twisters", tuple(i for i, name in enumerate(names)
                                                   if name in twist) if twist else ())

    @property
    def contract(self) -> str:
        return f"{self.level}{self.denomination}"


@attrs.frozen(slots=True, cache_hash=True)
class Solo:
    """A bomb or a dil: the soloist against the three others."""

    kind: str  # "bomb" or "dil"
    category: str
    value: int
    declarer: str
    tricks: Tricks
    #: derived, kept for fast scoring: the tricks alone and the soloist's seat
    counts: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    seat: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "counts", tuple(map(_count, self.tricks)))
        object.__setattr__(self, "seat", _seat(tuple(map(_name, self.tricks)), self.declarer))


@attrs.frozen(slots=True, cache_hash=True)
class TwistRound:
    """The automatic no-trump deal after a made contract below septet (everyone for himself)."""

    tricks: Tricks
    #: the tricks alone, in seating order (derived; kept for fast scoring)
    counts: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "counts", tuple(map(_count, self.tricks)))


#: a Twist deal: one of the three
Deal = Union[Contract, Solo, TwistRound]


def _seat(names: tuple[str, ...], declarer: str) -> int:
    """The declarer's seat (-1 when he holds no tricks entry: a value built by hand
    that ``deal_from_json`` would refuse)."""
    return names.index(declarer) if declarer in names else -1


# -- the file form ---------------------------------------------------------------

def deal_from_json(obj: Mapping[str, Any], players: tuple[str, ...], rules: Rules) -> Deal:
    """Check a deal object's shape and build its value (``rules`` change no shape).

    :raises DealError: a field is missing, unknown or out of range (naming it and its value).
    """
    if type(obj) is dict:
        deal = _written(obj, players)
        if deal is not None:
            return deal
    if not isinstance(obj, Mapping):
        raise DealError("a deal is a JSON object", value=obj, key="deal_object")
    if "twist_round" in obj:
        _only(obj, _ROUND_KEYS, "a twist round")
        if obj["twist_round"] is not True:
            raise DealError("twist_round is true or absent", field="twist_round",
                            value=obj["twist_round"], key="twist.round_flag")
        return TwistRound(_tricks(obj["tricks"], players))
    if "bomb" in obj and "dil" in obj:
        raise DealError("a deal is a bomb or a dil, not both", field="dil", value=obj["dil"],
            key="twist.bomb_dil")
    for kind in ("bomb", "dil"):
        if kind in obj:
            return _solo(kind, obj, players)
    return _contract(obj, players)


def deal_to_json(deal: Deal) -> JSONObject:
    """The deal as the game file writes it (key order is the file's order)."""
    tricks = dict(deal.tricks)
    if isinstance(deal, Contract):
        return {"declarer": deal.declarer, "contract": deal.contract, "tricks": tricks,
                "opened": deal.opened, "partner_passed": deal.partner_passed,
                "twist": list(deal.twist)}
    if isinstance(deal, Solo):
        return {deal.kind: deal.category, "value": deal.value, "declarer": deal.declarer,
                "tricks": tricks}
    return {"twist_round": True, "tricks": tricks}


@functools.lru_cache(maxsize=64)
def _seats(players: tuple[str, ...]) -> dict[str, int]:
    return {p: i for i, p in enumerate(players)}


def _written(obj: dict[str, Any], players: tuple[str, ...]) -> Deal | None:
    """A deal written as the file writes it, built in one pass with exact lookups; ``None``
    for anything else (another spelling, another order, an error), which the general
    checks below then read or refuse with their messages.  Both build equal values."""
    tricks = obj.get("tricks")
    if type(tricks) is not dict or tuple(tricks) != players:
        return None
    total = 0
    for n in tricks.values():
        if type(n) is not int or not 0 <= n <= TRICKS:
            return None
        total += n
    if total != TRICKS:
        return None
    pairs = tuple(tricks.items())  # the names are the players', in their order
    seats = _seats(players)
    declarer = obj.get("declarer")
    if type(declarer) is not str or declarer not in seats:
        declarer = None
    size = len(obj)
    if "contract" in obj:
        contract = obj["contract"]
        found = _CONTRACTS.get(contract) if type(contract) is str else None
        opened = obj.get("opened", False)
        passed = obj.get("partner_passed", False)
        if (found is None or declarer is None or not _CONTRACT_KEYSET.issuperset(obj)
                or type(opened) is not bool or type(passed) is not bool
                or (passed and "opened" in obj and not opened)):
            return None
        level, denom = found
        order: tuple[str, ...] = ()
        if "twist" in obj:
            twist = obj["twist"]
            if type(twist) is not list:
                return None
            if twist:
                if level < 7:
                    return None
                d = seats[declarer]
                left, right = players[(d + 1) % SEATS], players[(d + 3) % SEATS]
                if twist not in ([left], [right], [left, right], [right, left]):
                    return None
                order = tuple(p for p in players if p in twist)  # in seat order
        return Contract(declarer, level, denom, pairs, opened or passed, passed, order)
    if "twist_round" in obj:
        if size != 2 or obj["twist_round"] is not True:
            return None
        return TwistRound(pairs)
    for kind in ("bomb", "dil"):
        if kind in obj:
            category = obj[kind]
            value = obj.get("value")
            if (size != 4 or declarer is None or type(value) is not int
                    or type(category) is not str or value not in SOLO_VALUES.get(category, ())):
                return None
            return Solo(kind, category, value, declarer, pairs)
    return None


def _solo(kind: str, obj: Mapping[str, Any], players: tuple[str, ...]) -> Solo:
    _only(obj, (kind,) + _SOLO_KEYS, f"a {kind}")
    category = obj[kind]
    if not isinstance(category, str) or category.lower() not in SOLO_VALUES:
        raise DealError(f"the {kind} category is one of {', '.join(CATEGORIES)}",
                        field=kind, value=category, key="twist.category")
    category = category.lower()
    value = _int(obj["value"], "value")
    allowed = SOLO_VALUES[category]
    if value not in allowed:
        worth = ", ".join(map(str, allowed[:-1])) + " or " if len(allowed) > 1 else ""
        raise DealError(f"a {kind} of category '{category}' is worth {worth}{allowed[-1]}",
                        field="value", value=value, key="twist.solo_value",
                        args=(", ".join(map(str, allowed)),))
    declarer = player(obj["declarer"], players, "declarer")
    return Solo(kind, category, value, declarer, _tricks(obj["tricks"], players))


def _contract(obj: Mapping[str, Any], players: tuple[str, ...]) -> Contract:
    _only(obj, _CONTRACT_KEYS, "a contract")
    declarer = player(obj["declarer"], players, "declarer")
    level, denom = _contract_text(obj["contract"])
    tricks = _tricks(obj["tricks"], players)
    opened = _bool(obj, "opened")
    passed = bool(_bool(obj, "partner_passed"))
    if passed and opened is False:
        raise DealError("the partner passed, so his cards were opened (opened must be true)",
                        field="opened", value=False, key="twist.opened")
    opened = bool(opened) or passed
    twist = obj.get("twist", [])
    if not isinstance(twist, list):
        raise DealError("twist is a list of the opponents who announced it", field="twist",
                        value=twist, key="twist.twisters")
    d = players.index(declarer)
    partner = players[(d + 2) % SEATS]
    names: set[str] = set()
    for i, item in enumerate(twist):
        name = player(item, players, f"twist[{i}]")
        if name in names:
            raise DealError("an opponent announces twist once", field=f"twist[{i}]",
                            value=item, key="twist.twice", args=(name,))
        if name == partner and passed:
            raise DealError("the partner passed before play and cannot announce twist",
                            field=f"twist[{i}]", value=item,
                                key="twist.partner_passed", args=(name,))
        if name in (declarer, partner):
            raise DealError("only an opponent of the declaring pair announces twist",
                            field=f"twist[{i}]", value=item, key="twist.opponent", args=(name,))
        names.add(name)
    if names and level < 7:
        raise DealError("twist is announced only against a contract of level 7 or higher",
                        field="twist", value=twist, key="twist.level")
    order = tuple(p for p in players if p in names)
    return Contract(declarer, level, denom, tricks, opened, passed, order)


def _int(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DealError("must be a whole number", field=field, value=value, key="whole")
    return value


def _bool(obj: Mapping[str, Any], key: str) -> bool | None:
    if key not in obj:
        return None
    value = obj[key]
    if not isinstance(value, bool):
        raise DealError("must be true or false", field=key, value=value, key="flag")
    return value


def _tricks(value: Any, players: tuple[str, ...]) -> Tricks:
    if not isinstance(value, Mapping):
        raise DealError("tricks is an object {player: tricks} for all four players",
                        field="tricks", value=value, key="tricks_object")
    got: dict[str, int] = {}
    for key, count in value.items():
        name = player(key, players, f"tricks.{key}")
        if name in got:
            raise DealError("a player's tricks are given twice", field=f"tricks.{key}", value=key,
                key="twice")
        count = _int(count, f"tricks.{name}")
        if not 0 <= count <= TRICKS:
            raise DealError(f"tricks must be between 0 and {TRICKS}", field=f"tricks.{name}",
                            value=count, key="count", args=(0, TRICKS))
        got[name] = count
    for p in players:
        if p not in got:
            raise DealError("missing: every player's tricks are needed", field=f"tricks.{p}",
                key="missing_tricks", args=(p,))
    total = sum(got.values())
    if total != TRICKS:
        raise DealError(f"tricks must sum to {TRICKS} (each player discards one card), "
                        f"not {total}", field="tricks", value=total,
                            key="tricks_total", args=(TRICKS, total))
    return tuple((p, got[p]) for p in players)


def _only(obj: Mapping[str, Any], known: tuple[str, ...], what: str) -> None:
    for key in obj:
        if key not in known:
            raise DealError(f"unknown field for {what} (known: {', '.join(known)})",
                            field=str(key), value=obj[key], key="unknown_field", args=(str(key),))
    for key in known:
        if key not in obj and key in ("declarer", "contract", "tricks", "value"):
            raise DealError(f"missing field for {what}", field=key, key="missing_field")


def _contract_text(value: Any) -> tuple[int, str]:
    if not isinstance(value, str):
        raise DealError("a contract is text such as 8H, 7NT, 12S", field="contract", value=value,
            key="twist.contract")
    m = CONTRACT_RE.match(value.strip())
    if not m:
        raise DealError("a contract is a level 2..12 and S, C, D, H or NT (e.g. 8H)",
                        field="contract", value=value, key="twist.contract")
    denom = m.group(2).upper()
    return int(m.group(1)), _SUIT_SIGNS.get(denom, denom)
