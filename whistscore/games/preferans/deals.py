"""Preferans's deal values and their file form (spec ``preferans.md``, "Deals (JSON)").

A deal is a played contract (6..10, one or two whisters, or with four players
the sitting-out dealer's whist), a contract nobody whisted (both pass), a
half-whist, a conceded contract («без трёх»), a misère (perhaps blind), or an
all-pass.  The short notation (:mod:`.notation`) builds the file form and reads
it here, so the two can never accept different deals.  Checks that need the
dealer wait for the scoring (:mod:`.scoring`), which runs :func:`check_seats`
then.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Optional, Union, final

import attrs

from ...checks import whole
from ...errors import DealError
from ...game import JSONObject
from ...rules import Rules
from .rules import CODE, ENCYCLOPEDIA, LEVELS

__all__ = ["Deal", "Contract", "Concede", "Misere", "AllPass", "Tricks", "Seats", "SUITS",
           "STATUSES", "deal_from_json", "deal_to_json", "canonical_contract", "check_seats",
           "whisting_order"]

#: canonical suit names in the order of the bidding; symbols are read as these
SUITS = ("S", "C", "D", "H", "NT")
SUIT_SYMBOLS = {"♠": "S", "♤": "S", "♣": "C", "♧": "C", "♦": "D", "♢": "D",
                "♥": "H", "♡": "H"}
#: a defender's word after the contract is named
STATUSES = ("whist", "pass", "half", "gone-half")
_CONTRACT_RE = re.compile(r"^(6|7|8|9|10)\s*(S|C|D|H|NT|♠|♤|♣|♧|♦|♢|♥|♡)$", re.IGNORECASE)
_MISERE_WORDS = ("misere", "misère", "мизер")
_ALLPASS_WORDS = ("allpass", "all-pass")
#: the contracts as the file writes them, read without the pattern
_CANONICAL: dict[str, tuple[int, str] | str] = {
    **{f"{level}{suit}": (level, suit) for level in LEVELS for suit in SUITS},
    "misere": "misere", "allpass": "allpass"}

#: every named player's trick count, in seat order
Tricks = tuple[tuple[str, int], ...]
#: (first defender, his status, second defender, his status, dealer, dealer's status):
#: the defenders in whisting order; the dealer and his word only when he sits out
Seats = tuple[str, str, str, str, Optional[str], Optional[str]]


@final
@attrs.frozen(slots=True)
class Contract:
    """A contract of 6..10 tricks.

    ``whist`` holds every status given, clockwise from the declarer: the two
    defenders, and with four players perhaps the sitting-out dealer's own
    (``whist`` when he took the whist the defenders declined, seed 002 3.8.8).
    ``tricks`` is ``None`` when the deal was not played (both passed, or a
    half-whist), else every active player's count in seat order.
    """

    declarer: str
    level: int
    suit: str
    whist: tuple[tuple[str, str], ...]
    tricks: Tricks | None = None
    #: (declarer's, first defender's, second defender's) tricks, read once for scoring
    counts: tuple[int, int, int] | None = attrs.field(init=False, eq=False, repr=False)
    #: (first, his status, second, his status, dealer, dealer's status) when the
    #: deal alone tells who defends: two statuses, or three and the tricks (the
    #: dealer holds none); otherwise worked out from the dealer when scored
    seats: Seats | None = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        seats: Seats | None = None
        by_name = dict(self.tricks) if self.tricks is not None else None
        if len(self.whist) == 2:
            (first, s1), (second, s2) = self.whist
            seats = (first, s1, second, s2, None, None)
        elif by_name is not None:
            seats = _seats(self.whist, next(n for n, _ in self.whist if n not in by_name))
        counts: tuple[int, int, int] | None = None
        if by_name is not None and seats is not None:
            counts = (by_name[self.declarer], by_name[seats[0]], by_name[seats[2]])
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "counts", counts)

    @property
    def played(self) -> bool:
        return self.tricks is not None

    def roles(self, dealer: str) -> Seats:
        """(first, s1, second, s2, dealer or None, dealer's status or None)."""
        if self.seats is not None:
            return self.seats
        return _seats(self.whist, dealer)


def _seats(whist: tuple[tuple[str, str], ...], dealer: str) -> Seats:
    """The defenders in whisting order and the named dealer, from three statuses."""
    defenders = [(n, s) for n, s in whist if n != dealer]
    status = dict(whist).get(dealer)
    (first, s1), (second, s2) = defenders
    return (first, s1, second, s2, dealer, status)


@final
@attrs.frozen(slots=True)
class Concede:
    """A contract given up unplayed after the talon («уход без трёх»)."""

    declarer: str
    level: int
    suit: str


@final
@attrs.frozen(slots=True)
class Misere:
    """A misère; ``tricks`` holds the declarer's count alone, or every active player's.

    ``blind``: declared without taking the talon («мизер без прикупа»).
    """

    declarer: str
    tricks: Tricks
    blind: bool = False

    def declarer_tricks(self) -> int:
        return dict(self.tricks)[self.declarer]


@final
@attrs.frozen(slots=True)
class AllPass:
    """An all-pass (raspasy): every active player's tricks, in seat order."""

    tricks: Tricks


#: a deal of Preferans: one of the four values
Deal = Union[Contract, Concede, Misere, AllPass]


def canonical_contract(text: Any, field: str = "contract") -> tuple[int, str] | str:
    """``(level, suit)`` for ``7S`` / ``7♠``, or ``"misere"`` / ``"allpass"``."""
    if type(text) is str:
        known = _CANONICAL.get(text)  # as the file writes it: one look-up
        if known is not None:
            return known
    if not isinstance(text, str):
        raise DealError("a contract is text such as 7S, 8NT, misere or allpass",
                        field=field, value=text, key="pref.contract")
    word = text.strip().lower()
    if word in _MISERE_WORDS:
        return "misere"
    if word in _ALLPASS_WORDS:
        return "allpass"
    match = _CONTRACT_RE.match(text.strip())
    if not match:
        digits = re.match(r"^\d+", word)
        if digits:
            level = digits.group()
            rest = word[len(level):].strip()
            if int(level) not in LEVELS:
                raise DealError("a contract's level is 6..10", field=field, value=text,
                    key="pref.level", args=(level,))
            raise DealError(f"unknown suit {rest!r} (suits: S C D H NT or ♠ ♣ ♦ ♥)",
                            field=field, value=text, key="pref.suit", args=(text.strip(),))
        raise DealError("a contract is a level 6..10 and a suit (S C D H NT or ♠ ♣ ♦ ♥), "
                        "misere or allpass", field=field, value=text, key="pref.contract")
    suit = match.group(2)
    suit = SUIT_SYMBOLS.get(suit, suit.upper())
    return int(match.group(1)), suit


def _player(value: Any, players: tuple[str, ...], field: str) -> str:
    if not isinstance(value, str):
        raise DealError("a player is named by text", field=field, value=value, key="player_text")
    if value not in players:
        raise DealError(f"not a player of this game (players: {', '.join(players)})",
                        field=field, value=value, key="not_a_player", args=(value,))
    return value


def _count(value: Any, field: str) -> int:
    return whole(value, field, 0, 10, "a trick count")


#: the trick counts a deal may hold, for a check without a call (True == 1 is not among
#: them: ``type(count) is int`` comes first)
_COUNTS = frozenset(range(11))


def _seat_sorted(items: dict[str, int], players: tuple[str, ...]) -> Tricks:
    return tuple(sorted(items.items(), key=lambda kv: players.index(kv[0])))


def _tricks(obj: Any, players: tuple[str, ...], expected: tuple[str, ...] | None,
            *, optional_partial: str | None = None) -> Tricks:
    """Read a ``tricks`` object.

    ``expected`` names exactly who holds cards (known when the deal names
    them); ``None`` means any three players (four at the table, the dealer
    unknown here) or all three.  ``optional_partial`` is a misère declarer,
    whose count may stand alone.
    """
    if not isinstance(obj, dict):
        raise DealError("tricks is an object {player: count}", field="tricks", value=obj,
            key="tricks_object")
    seen: dict[str, int] = {}
    for name, count in obj.items():
        if name not in players:
            raise DealError(f"not a player of this game (players: {', '.join(players)})",
                            field=f"tricks.{name}", value=name, key="not_a_player", args=(name,))
        if expected is not None and name not in expected:
            raise DealError("this player holds no cards in this deal (not the declarer "
                            "or a defender)", field=f"tricks.{name}", value=count,
                                key="pref.no_cards", args=(name,))
        seen[name] = (count if type(count) is int and count in _COUNTS
                      else _count(count, f"tricks.{name}"))
    if optional_partial is not None and len(seen) == 1 and optional_partial in seen:
        return _seat_sorted(seen, players)
    if expected is not None:
        for name in expected:
            if name not in seen:
                raise DealError("missing trick count", field=f"tricks.{name}", key="missing_tricks",
                                args=(name,))
    else:
        if optional_partial is not None and optional_partial not in seen:
            raise DealError("missing the declarer's trick count",
                            field=f"tricks.{optional_partial}",
                                key="missing_tricks", args=(optional_partial,))
        if len(seen) != 3:
            if len(players) == 4 and len(seen) == 4:
                raise DealError("with four players the dealer sits out: give the tricks of "
                                "the three who play", field="tricks", value=obj,
                                    key="pref.four_tricks")
            missing = [p for p in players if p not in seen]
            raise DealError("missing trick count", field=f"tricks.{missing[0]}",
                            key="missing_tricks", args=(missing[0],))
    total = sum(seen.values())
    if total != 10:
        raise DealError(f"tricks must add up to 10, not {total}", field="tricks", value=obj,
                        key="tricks_total", args=(10, total))
    return _seat_sorted(seen, players)


def whisting_order(players: tuple[str, ...], declarer: str,
                   defenders: tuple[str, str] | list[str]) -> tuple[str, str]:
    """The defenders clockwise from the declarer (a sitting-out dealer changes nothing)."""
    n = len(players)
    start = players.index(declarer)
    ordered = [players[(start + k) % n] for k in range(1, n)]
    a, b = defenders
    return (a, b) if ordered.index(a) < ordered.index(b) else (b, a)


_STATUS_SET = frozenset(STATUSES)


def _status(value: Any, field: str) -> str:
    if not isinstance(value, str) or value not in STATUSES:
        raise DealError(f"a defender says one of {', '.join(STATUSES)}", field=field, value=value,
            key="pref.status")
    return value


def _check_keys(obj: Mapping[str, Any], allowed: tuple[str, ...], kind: str) -> None:
    for key in obj:
        if key not in allowed:
            raise DealError(f"unknown field for {kind} (fields: {', '.join(allowed)})",
                            field=str(key), value=obj[key], key="unknown_field", args=(str(key),))


def _contract_deal(obj: Mapping[str, Any], players: tuple[str, ...], rules: Rules,
                        level: int, suit: str) -> Contract | Concede:
    if "blind" in obj:
        raise DealError("only a misère is declared blind (without the talon)", field="blind",
                        value=obj["blind"], key="pref.blind_misere")
    if "concede" in obj:
        return _concede_deal(obj, players, rules, level, suit)
    _check_keys(obj, ("declarer", "contract", "whist", "tricks"), "a contract")
    if "declarer" not in obj:
        raise DealError("missing field", field="declarer", key="missing_field")
    declarer = _player(obj["declarer"], players, "declarer")
    if "whist" not in obj:
        raise DealError("missing field: each defender's whist or pass", field="whist",
            key="pref.missing_whist")
    whist = obj["whist"]
    if not isinstance(whist, dict):
        raise DealError("whist is an object {defender: whist|pass|half|gone-half}",
                        field="whist", value=whist, key="pref.missing_whist")
    statuses: dict[str, str] = {}
    for name, status in whist.items():
        if name not in players or name == declarer or type(status) is not str \
                or status not in _STATUS_SET:
            field = f"whist.{name}"
            _player(name, players, field)
            if name == declarer:
                raise DealError("the declarer does not whist against himself", field=field,
                                value=name, key="pref.self_whist")
            status = _status(status, field)
        statuses[name] = status
    if len(statuses) < 2:
        others = [p for p in players if p != declarer and p not in statuses]
        if len(players) == 3:
            raise DealError("missing defender status (whist, pass, half or gone-half)",
                            field=f"whist.{others[0]}", key="pref.missing_status", args=(others[0],))
        raise DealError("both defenders say whist or pass; a defender's status is missing",
                        field="whist", value=whist, key="pref.missing_whist")
    seat = players.index(declarer)
    seats = len(players)
    named: tuple[tuple[str, str], ...] = tuple(
        sorted(statuses.items(), key=lambda kv: (players.index(kv[0]) - seat) % seats))
    # the words are checked before the tricks, as soon as the deal tells who defends
    if len(named) == 2:
        (first, s1), (second, s2) = named
        check_seats((first, s1, second, s2, None, None), level, suit, rules)
    elif isinstance(obj.get("tricks"), dict):
        idle = [name for name, _ in named if name not in obj["tricks"]]
        if len(idle) == 1:
            check_seats(_seats(named, idle[0]), level, suit, rules)
    words = set(statuses.values())
    both_pass_played = (rules["both_pass"] == "play-6-7" and level in (6, 7)
                        and words == {"pass"})
    played = "whist" in words or both_pass_played
    if not played:
        if "tricks" in obj:
            raise DealError("the deal is not played (both pass or a half-whist): no tricks",
                            field="tricks", value=obj["tricks"], key="pref.not_played")
        tricks: Tricks | None = None
    else:
        if "tricks" not in obj:
            why = ("a 6 or 7 both defenders pass is played under both_pass = play-6-7"
                   if both_pass_played else "the deal was played")
            raise DealError(f"missing field: {why}", field="tricks", key="pref.played_tricks")
        if len(named) == 2:
            tricks = _tricks(obj["tricks"], players, (declarer, *statuses))
        else:
            tricks = _tricks(obj["tricks"], players, None)
            holding = dict(tricks)
            if declarer not in holding:
                raise DealError("missing the declarer's trick count", field=f"tricks.{declarer}",
                                key="missing_tricks", args=(declarer,))
    return Contract(declarer, level, suit, named, tricks)


def check_seats(seats: Seats, level: int, suit: str, rules: Rules) -> None:
    """Which words can be said at the table (seed 002 3.8.7, 3.8.8, 3.8.8.1, 3.8.14; seed 003).

    ``seats`` is :meth:`Contract.roles`.  Run when the deal is read if it tells
    who defends, else when it is scored and the dealer is known.
    """
    first, s1, second, s2, named_dealer, ds = seats
    pair = ((first, s1, s2), (second, s2, s1))
    if rules["stalingrad"] and level == 6 and suit == "S":
        for name, own, _ in pair:
            if own != "whist":
                raise DealError("a Stalingrad 6♠ is whisted by both defenders (stalingrad)",
                                field=f"whist.{name}", value=own, key="pref.stalingrad")
    if rules["totus_both_whist"] and level == 10:
        for name, own, _ in pair:
            if own != "whist":
                raise DealError(f"a 10 is whisted by both defenders (totus_both_whist; {ENCYCLOPEDIA.en})",
                                field=f"whist.{name}", value=own, key="pref.totus")
    halves = dict(rules["half_whist"])
    if s1 in ("half", "gone-half") and s2 in ("half", "gone-half"):
        raise DealError("only one defender can go for a half-whist", field=f"whist.{second}",
                        value=s2, key="pref.one_half")
    dealer_whists = ds == "whist"
    if ds is not None and ds not in ("whist", "pass"):
        raise DealError(f"the sitting-out dealer says whist or pass ({CODE.at('§3.8.8').en})",
                        field=f"whist.{named_dealer}", value=ds, key="pref.dealer_says")
    by = rules["half_whist_by"]
    if by == "style":
        by = "either" if rules["whist_style"] == "gentleman" else "second"
    for name, own, other in pair:
        field = f"whist.{name}"
        if own not in ("half", "gone-half"):
            continue
        if level not in halves:
            allowed = ", ".join(str(k) for k in halves) or "none"
            raise DealError(f"no half-whist on {level} under these rules (half_whist levels: "
                            f"{allowed})", field=field, value=own, key="pref.no_half_level", args=(level,))
        if by == "second" and name == first:
            raise DealError("only the second defender may go for a half-whist (half_whist_by = "
                            f"second; greedy whist, {CODE.at('§3.8.7').en})", field=field, value=own, key="pref.half_second")
        if by == "first" and name == second:
            raise DealError("only the first defender may go for a half-whist (half_whist_by = "
                            "first)", field=field, value=own, key="pref.half_first")
        if own == "half" and other != "pass":
            raise DealError("a half-whist needs the other defender to pass", field=field,
                            value=own, key="pref.half_needs_pass")
        if own == "half" and dealer_whists:
            raise DealError("the dealer returned the whist: the half-goer is gone-half "
                            f"({CODE.at('§3.8.8.2').en})", field=field, value=own, key="pref.half_returned")
        if own == "gone-half" and other != "whist" and not (other == "pass" and dealer_whists):
            raise DealError("gone-half means the other defender (or the dealer) returned the "
                            "whist: one of them must say whist", field=field, value=own, key="pref.gone_half_needs_whist")
    if dealer_whists:
        field = f"whist.{named_dealer}"
        if "whist" in (s1, s2):
            raise DealError("the dealer whists only when both defenders declined the whist "
                            f"({CODE.at('§3.8.8').en})", field=field, value=ds, key="pref.dealer_whist_when")
        if level in halves and "gone-half" not in (s1, s2):
            raise DealError(f"on {level} the dealer returns the whist only after pass, half, "
                            f"pass: the half-goer is then gone-half ({CODE.at('§3.8.8, §3.8.8.1').en})",
                            field=field, value=ds, key="pref.dealer_after_half", args=(level,))


def _concede_deal(obj: Mapping[str, Any], players: tuple[str, ...], rules: Rules,
                       level: int, suit: str) -> Contract | Concede:
    _check_keys(obj, ("declarer", "contract", "concede"), "a conceded contract")
    flag = obj["concede"]
    if not isinstance(flag, bool):
        raise DealError("concede is true or false", field="concede", value=flag, key="flag")
    if not flag:
        return _contract_deal({k: v for k, v in obj.items() if k != "concede"},
                                   players, rules, level, suit)
    if rules["concede"] == "off":
        raise DealError("a contract cannot be conceded under these rules (concede = off)",
                        field="concede", value=True, key="pref.no_concede")
    if "declarer" not in obj:
        raise DealError("missing field", field="declarer", key="missing_field")
    return Concede(_player(obj["declarer"], players, "declarer"), level, suit)


def _misere_deal(obj: Mapping[str, Any], players: tuple[str, ...]) -> Misere:
    if "whist" in obj:
        raise DealError(f"nobody whists a misère ({CODE.at('§3.8.2').en}): no whist statuses",
                        field="whist", value=obj["whist"], key="pref.misere_whist")
    if "concede" in obj:
        raise DealError("only a contract of 6..10 is conceded («без трёх»), not a misère",
                        field="concede", value=obj["concede"], key="pref.misere_concede")
    _check_keys(obj, ("declarer", "contract", "blind", "tricks"), "a misère")
    if "declarer" not in obj:
        raise DealError("missing field", field="declarer", key="missing_field")
    declarer = _player(obj["declarer"], players, "declarer")
    blind = obj.get("blind", False)
    if not isinstance(blind, bool):
        raise DealError("blind is true or false (a misère without the talon)", field="blind",
                        value=blind, key="flag")
    if "tricks" not in obj:
        raise DealError("missing field: at least the declarer's trick count",
                        field="tricks", key="pref.misere_tricks")
    expected = tuple(p for p in players) if len(players) == 3 else None
    return Misere(declarer, _tricks(obj["tricks"], players, expected, optional_partial=declarer),
                  blind)


def _allpass_deal(obj: Mapping[str, Any], players: tuple[str, ...], rules: Rules) -> AllPass:
    if rules["allpass"] == "off":
        raise DealError("all-pass is off under these rules (allpass = off)", field="contract",
                        value=obj.get("contract"), key="pref.no_allpass")
    for key in ("concede", "blind"):
        if key in obj:
            raise DealError("an all-pass has no declarer: nothing is conceded or blind",
                            field=key, value=obj[key], key="pref.allpass_declarer")
    _check_keys(obj, ("contract", "tricks"), "an all-pass")
    if "tricks" not in obj:
        raise DealError("missing field", field="tricks", key="missing_field")
    expected = tuple(players) if len(players) == 3 else None
    return AllPass(_tricks(obj["tricks"], players, expected))


#: the keys of each shape :func:`_written` reads (the file's own)
_PLAYED_KEYS = frozenset(("declarer", "contract", "whist", "tricks"))
_CONCEDE_KEYS = frozenset(("declarer", "contract", "concede"))
_MISERE_KEYS = frozenset(("declarer", "contract", "blind", "tricks"))
_ALLPASS_KEYS = frozenset(("contract", "tricks"))
#: players -> {declarer: the others clockwise from him}, for the defenders' order
_CLOCKWISE: dict[tuple[str, ...], dict[str, tuple[str, ...]]] = {}


def _clockwise(players: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    after = _CLOCKWISE.get(players)
    if after is None:
        n = len(players)
        after = {p: tuple(players[(seat + k) % n] for k in range(1, n))
                 for seat, p in enumerate(players)}
        if len(_CLOCKWISE) >= 256:
            _CLOCKWISE.clear()
        _CLOCKWISE[players] = after
    return after


def _plain_words(s1: str, s2: str, level: int, suit: str) -> bool:
    """Two defenders' words that :func:`check_seats` accepts under any rules: whist and
    pass with no dealer's word, unless on a 6♠ (stalingrad) or a 10 (totus_both_whist)
    one of them passes.  Kept beside check_seats: a new refusal there must be met here."""
    if s1 == "whist":
        return s2 == "whist" or (s2 == "pass" and level != 10 and (level != 6 or suit != "S"))
    return s1 == "pass" and s2 in ("whist", "pass") and level != 10 \
        and (level != 6 or suit != "S")


def _three(tricks: Any, players: tuple[str, ...]) -> Tricks | None:
    """Three players' trick counts adding up to 10, in seat order; None for anything else."""
    if type(tricks) is not dict or len(tricks) != 3:
        return None
    total = 0
    for name, count in tricks.items():
        if name not in players or type(count) is not int or count not in _COUNTS:
            return None
        total += count
    if total != 10:
        return None
    if len(players) == 3:
        a, b, c = players
        return ((a, tricks[a]), (b, tricks[b]), (c, tricks[c]))
    return tuple((p, tricks[p]) for p in players if p in tricks)


def _written(obj: dict[str, Any], players: tuple[str, ...], rules: Rules) -> Deal | None:
    """A deal of the shapes the file writes (a contract whisted by two defenders or not
    played, conceded, a misère, an all-pass, every name exact), built in one pass with
    exact lookups; ``None`` for anything else (another spelling, a sitting-out dealer's
    word, an error), which the general checks then read or refuse with their messages.
    Both build equal values: the file reader meets every deal here first."""
    contract = obj.get("contract")
    found = _CANONICAL.get(contract) if type(contract) is str else None
    if found is None:
        return None
    declarer = obj.get("declarer")
    if isinstance(found, str):
        if found == "allpass":
            if not _ALLPASS_KEYS.issuperset(obj) or rules["allpass"] == "off":
                return None
            tricks = _three(obj.get("tricks"), players)
            return AllPass(tricks) if tricks is not None else None
        blind = obj.get("blind", False)
        if type(declarer) is not str or declarer not in players or type(blind) is not bool \
                or not _MISERE_KEYS.issuperset(obj):
            return None
        given: Any = obj.get("tricks")
        if type(given) is dict and len(given) == 1:
            count = given.get(declarer)
            if type(count) is not int or count not in _COUNTS:
                return None
            return Misere(declarer, ((declarer, count),), blind)
        tricks = _three(given, players)
        if tricks is None or declarer not in given:
            return None
        return Misere(declarer, tricks, blind)
    if type(declarer) is not str or declarer not in players:
        return None
    level, suit = found
    if "concede" in obj:
        if obj["concede"] is not True or not _CONCEDE_KEYS.issuperset(obj) \
                or rules["concede"] == "off":
            return None
        return Concede(declarer, level, suit)
    whist = obj.get("whist")
    if type(whist) is not dict or len(whist) != 2 or not _PLAYED_KEYS.issuperset(obj):
        return None
    others = (_CLOCKWISE.get(players) or _clockwise(players))[declarer]
    if len(others) == 2:  # three players: the two others defend, in this order
        first, second = others
    else:
        present = [p for p in others if p in whist]
        if len(present) != 2:
            return None
        first, second = present
    s1 = whist.get(first)
    s2 = whist.get(second)
    if type(s1) is not str or type(s2) is not str:
        return None
    named = ((first, s1), (second, s2))
    if not _plain_words(s1, s2, level, suit):
        if s1 not in _STATUS_SET or s2 not in _STATUS_SET:
            return None
        try:
            check_seats((first, s1, second, s2, None, None), level, suit, rules)
        except DealError:
            return None
    played = "whist" in (s1, s2) or (s1 == s2 == "pass" and level in (6, 7)
                                     and rules["both_pass"] == "play-6-7")
    held: Any = obj.get("tricks")
    if not played:
        return Contract(declarer, level, suit, named) if held is None \
            and "tricks" not in obj else None
    tricks = _three(held, players)
    if tricks is None or declarer not in held or first not in held or second not in held:
        return None
    return Contract(declarer, level, suit, named, tricks)


def deal_from_json(obj: Mapping[str, Any], players: tuple[str, ...], rules: Rules) -> Deal:
    """Check a deal's shape and build its value (the dealer's checks wait for the scoring).

    A deal as the file writes it is read in one pass first (:func:`_written`); any other
    is read, or refused in words, by the checks below.
    """
    if type(obj) is dict:
        deal = _written(obj, players, rules)
        if deal is not None:
            return deal
    if type(obj) is not dict and not isinstance(obj, Mapping):
        raise DealError("a deal is an object with a contract", field="deal", value=obj,
            key="deal_object")
    if "contract" not in obj:
        raise DealError("missing field: 7S, misere, allpass...", field="contract",
            key="missing_field")
    contract = canonical_contract(obj["contract"])
    if isinstance(contract, str):
        if contract == "misere":
            return _misere_deal(obj, players)
        return _allpass_deal(obj, players, rules)
    level, suit = contract
    return _contract_deal(obj, players, rules, level, suit)


def deal_to_json(deal: Deal) -> JSONObject:
    """The deal as the file writes it: declarer, contract, then whist and tricks."""
    out: JSONObject
    if isinstance(deal, Contract):
        out = {"declarer": deal.declarer, "contract": f"{deal.level}{deal.suit}"}
        out["whist"] = dict(deal.whist)
        if deal.tricks is not None:
            out["tricks"] = dict(deal.tricks)
        return out
    if isinstance(deal, Concede):
        return {"declarer": deal.declarer, "contract": f"{deal.level}{deal.suit}",
                "concede": True}
    if isinstance(deal, Misere):
        out = {"declarer": deal.declarer, "contract": "misere"}
        if deal.blind:
            out["blind"] = True
        out["tricks"] = dict(deal.tricks)
        return out
    return {"contract": "allpass", "tricks": dict(deal.tricks)}
