"""Preferans: pulya, gora and vists, as the pulka is kept at the table.

A deal is a played contract (6..10, one or two whisters, or with four players
the sitting-out dealer's whist), a contract nobody whisted (both pass), a
half-whist, a conceded contract («без трёх»), a misère (perhaps blind), or an
all-pass.  This module holds
the rule options and presets, the deal values and their JSON (spec
``preferans.md``); what a deal writes is in
:mod:`whistscore.games.preferans_scoring`, the short notation in
:mod:`whistscore.games.preferans_notation` and the pulka as drawn on paper in
:mod:`whistscore.games.preferans_layout`.  Our readings of the seeds are listed
in ``docs/preferans.md``.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Mapping

import attrs

from ..checks import notation_text, whole
from ..errors import DealError
from ..game import DealContext, GameType, NotationForm, Outcome, RuleText
from ..layout import Label, Phrase
from ..ledger import json_number
from ..rules import Boolean, Choice, Integer, IntList, IntMap, Kind, Option, RuleBook, Rules
from . import preferans_fields
from .preferans_scoring import PulkaState, allpass_price, initial_state, score

__all__ = [
    "Preferans", "Contract", "Concede", "Misere", "AllPass", "PulkaState", "MiserePrices", "GAME",
    "LEVELS", "SUITS", "STATUSES",
]

SEED2 = "seed 002 §"
SPEC = "spec preferans.md"

LEVELS = (6, 7, 8, 9, 10)
#: canonical suit names in the order of the bidding; symbols are read as these
SUITS = ("S", "C", "D", "H", "NT")
SUIT_SYMBOLS = {"♠": "S", "♤": "S", "♣": "C", "♧": "C", "♦": "D", "♢": "D",
                "♥": "H", "♡": "H"}
#: a defender's word after the contract is named
STATUSES = ("whist", "pass", "half", "gone-half")
_CONTRACT_RE = re.compile(r"^(6|7|8|9|10)\s*(S|C|D|H|NT|♠|♤|♣|♧|♦|♢|♥|♡)$", re.IGNORECASE)
_MISERE_WORDS = ("misere", "misère", "мизер")
_ALLPASS_WORDS = ("allpass", "all-pass")


# -- rule options ---------------------------------------------------------------

@attrs.frozen
class MiserePrices(Kind):
    """The misère option: pulya for a made misère; gora per trick when caught.

    Typed ``10;20`` (also ``10/20`` or ``10,20``) or given as a JSON list
    ``[10, 20]``; the file keeps the ``10;20`` text the spec's table uses.
    """

    def parse(self, value: Any) -> tuple[int, int]:
        if isinstance(value, str):
            parts = [p.strip() for p in re.split(r"[;/,]", value)]
        elif isinstance(value, (list, tuple)):
            parts = list(value)
        else:
            raise ValueError("must be two numbers value;price such as 10;10")
        if len(parts) != 2:
            raise ValueError("must be two numbers value;price such as 10;10")
        out = []
        for part in parts:
            if isinstance(part, str) and part.isdigit() and part.isascii():
                part = int(part)
            if isinstance(part, bool) or not isinstance(part, int) or part < 0:
                raise ValueError("must be two whole numbers, not negative, such as 10;10")
            out.append(part)
        return (out[0], out[1])

    def dump(self, value: tuple[int, int]) -> str:
        return f"{value[0]};{value[1]}"

    def describe(self) -> str:
        return "value;price such as 10;10"


_PER_LEVEL = IntList(length=5, minimum=0)

OPTIONS = (
    Option("pulya", Integer(1, 100000),
           "pulya each player must close; the pulka ends when every pulya is closed"),
    Option("values", _PER_LEVEL,
           "pulya for a made 6/7/8/9/10 (also when both pass or on a half-whist)"),
    Option("misere", MiserePrices(), "pulya for a made misère; gora per trick when it is caught"),
    Option("trick_price", _PER_LEVEL, "vists a whister writes per defence trick, by level 6..10"),
    Option("remiz_price", _PER_LEVEL,
           "gora per declarer undertrick (and per whister's missing trick), 6..10"),
    Option("consolation_price", _PER_LEVEL,
           "vists per declarer undertrick, written by each consoler, 6..10"),
    Option("consolation_by", Choice(("all", "defenders")),
           "who consoles a failed declarer: all (both defenders and a sitting-out dealer) "
           "or defenders"),
    Option("obligation", _PER_LEVEL, "defence tricks two whisters owe together, 6..10"),
    Option("obligation_alone", _PER_LEVEL, "defence tricks a lone whister owes, 6..10"),
    Option("half_whist", IntMap(keys=LEVELS, minimum=0),
           "tricks a half-whist is credited with, by level; levels not listed allow no half-whist"),
    Option("responsibility", Choice(("full", "half", "half-until-closed", "none")),
           "a short whister's gora per missing trick: full remiz price, half of it, half "
           "until his own pulya is closed, or nothing"),
    Option("whist_style", Choice(("greedy", "gentleman")),
           "greedy (seed 002 3.8.13) or gentleman's whist (3.8.14)"),
    Option("allpass", Choice(("gora", "rostov", "off")),
           "all-pass scoring: tricks into the gora, the Rostov vists, or no all-pass at all"),
    Option("allpass_prices", IntList(length=None, minimum=0),
           "price per trick of the 1st, 2nd, 3rd... all-pass in a row; the last repeats"),
    Option("allpass_amnesty", Boolean(),
           "subtract the smallest trick count before pricing an all-pass"),
    Option("rostov_vists", Integer(0, 100000), "vists per trick on the Rostov all-pass"),
    Option("half_whist_by", Choice(("style", "second", "first", "either")),
           "who may go for half-whist when the other defender passed: style (greedy: the "
           "second only, seed 002 3.8.7; gentleman: either, 3.8.14), second, first or either "
           "(seed 003: the first after «вист» says «Свои», the second after a pass «За "
           "двумя / за одной»)"),
    Option("totus_both_whist", Boolean(),
           "a 10 is whisted by both defenders, who owe no shortfall (seed 003: «Если "
           "играется «тотус», вистуют оба противника, но они не штрафуются»)"),
    Option("stalingrad", Boolean(),
           "6♠ must be whisted by both defenders: no pass, no half-whist (house rule, spec "
           "preferans.md, Stalingrad)"),
    Option("concede", Choice(("gora-only", "consolation", "off")),
           "«уход без трёх», a contract given up unplayed (\"concede\": true): gora-only (the "
           "declarer's gora += 3 x remiz price), consolation (also 3 x consolation from every "
           "consoler), or off (refused); house rule, spec preferans.md, Conceded"),
    Option("both_pass", Choice(("not-played", "play-6-7")),
           "both defenders pass: not-played (the game is written, seed 002 3.8.9) or "
           "play-6-7 (a 6 or 7 is played «на своих»: made → the game, failed → the remiz, "
           "no vists)"),
    Option("misere_blind", Integer(1, 100),
           "a misère without the talon («мизер без прикупа», \"blind\": true; seed 003) is "
           "worth this multiple of the misère value and of its price per caught trick"),
    Option("allpass_exit", Choice(("any-deal", "made-8")),
           "how an all-pass series ends: any-deal (at any other deal) or made-8 (only when an "
           "8, 9, 10 or a misère is made; meanwhile a contract must be 7+ after one all-pass, "
           "8+ after two); house rule, spec preferans.md, All-pass"),
    Option("pulya_points", Integer(0, 100000),
           "P: vists one pulya point is worth at settlement; also the help rate"),
    Option("gora_points", Integer(1, 100000), "G: vists one gora point is worth at settlement"),
)

_SOCHI: dict[str, Any] = {
    "pulya": 20,
    "values": (2, 4, 6, 8, 10),
    "misere": (10, 10),
    "trick_price": (2, 4, 6, 8, 10),
    "remiz_price": (2, 4, 6, 8, 10),
    "consolation_price": (2, 4, 6, 8, 10),
    "consolation_by": "all",
    "obligation": (4, 2, 1, 1, 1),
    "obligation_alone": (4, 2, 1, 1, 1),
    "half_whist": ((6, 2), (7, 1)),
    "responsibility": "full",
    "whist_style": "greedy",
    "allpass": "gora",
    "allpass_prices": (1, 2, 3),
    "allpass_amnesty": False,
    "rostov_vists": 5,
    "half_whist_by": "style",
    "totus_both_whist": False,
    "stalingrad": False,
    "concede": "gora-only",
    "both_pass": "not-played",
    "misere_blind": 1,
    "allpass_exit": "any-deal",
    "pulya_points": 10,
    "gora_points": 10,
}

PRESETS: dict[str, dict[str, Any]] = {
    "sochi": dict(_SOCHI),
    "leningrad": {**_SOCHI, "misere": (10, 20), "trick_price": (4, 8, 12, 16, 20),
                  "remiz_price": (4, 8, 12, 16, 20), "consolation_price": (4, 8, 12, 16, 20),
                  "responsibility": "half", "whist_style": "gentleman",
                  "allpass_prices": (2, 4, 6), "pulya_points": 20},
    "rostov": {**_SOCHI, "responsibility": "half", "whist_style": "gentleman",
               "allpass": "rostov"},
    "classic": {**_SOCHI, "responsibility": "half-until-closed"},
    "encyclopedia": {**_SOCHI, "pulya": 200, "values": (20, 40, 60, 80, 100),
                     "misere": (100, 100), "remiz_price": (20, 40, 60, 80, 100),
                     "consolation_by": "defenders", "obligation": (4, 2, 2, 2, 0),
                     "obligation_alone": (4, 2, 1, 1, 0),
                     "half_whist": ((6, 2), (7, 1), (8, 1), (9, 1)),
                     "allpass_prices": (10, 20, 30), "half_whist_by": "either",
                     "totus_both_whist": True, "concede": "off",
                     "pulya_points": 1, "gora_points": 1},
}

PRESET_DOCS = {
    "sochi": "Sochi (default): responsible greedy whist, all-pass 1,2,3 into the gora",
    "leningrad": "Leningrad: doubled vists and remizes, half-responsible gentleman's whist, "
                 "all-pass 2,4,6, a pulya point is 20 vists",
    "rostov": "Rostov: half-responsible gentleman's whist, the Rostov all-pass (5 vists a trick)",
    "classic": "classic: greedy whist, half-responsible until the whister's pulya is closed",
    "encyclopedia": "seed 003 (Mendelev's encyclopedia): pulya 200, games 20..100, "
                    "vists 2..10, defenders console, points and vists 1:1",
}


def _check_rules(values: Mapping[str, Any]) -> None:
    for name in ("obligation", "obligation_alone"):
        for level, owed in zip(LEVELS, values[name]):
            if owed > 10:
                raise ValueError(f"{name} for {level} is {owed}; the defence has only 10 tricks")
    for level, tricks in values["half_whist"]:
        if tricks > 10:
            raise ValueError(f"half_whist for {level} is {tricks}; there are only 10 tricks")


RULEBOOK = RuleBook(
    game="preferans",
    options=OPTIONS,
    presets=PRESETS,
    default_preset="sochi",
    preset_docs=PRESET_DOCS,
    check=_check_rules,
)


# -- deals ----------------------------------------------------------------------

Tricks = tuple[tuple[str, int], ...]


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
    seats: tuple | None = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        seats = None
        if len(self.whist) == 2:
            (first, s1), (second, s2) = self.whist
            seats = (first, s1, second, s2, None, None)
        elif self.tricks is not None:
            holding = dict(self.tricks)
            seats = _seats(self.whist, next(n for n, _ in self.whist if n not in holding))
        counts = None
        if self.tricks is not None and seats is not None:
            by_name = dict(self.tricks)
            counts = (by_name[self.declarer], by_name[seats[0]], by_name[seats[2]])
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "counts", counts)

    @property
    def played(self) -> bool:
        return self.tricks is not None

    def roles(self, dealer: str) -> tuple:
        """(first, s1, second, s2, dealer or None, dealer's status or None)."""
        if self.seats is not None:
            return self.seats
        return _seats(self.whist, dealer)


def _seats(whist: tuple[tuple[str, str], ...], dealer: str) -> tuple:
    """The defenders in whisting order and the named dealer, from three statuses."""
    defenders = [(n, s) for n, s in whist if n != dealer]
    status = dict(whist).get(dealer)
    (first, s1), (second, s2) = defenders
    return (first, s1, second, s2, dealer, status)


@attrs.frozen(slots=True)
class Concede:
    """A contract given up unplayed after the talon («уход без трёх»)."""

    declarer: str
    level: int
    suit: str


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


@attrs.frozen(slots=True)
class AllPass:
    """An all-pass (raspasy): every active player's tricks, in seat order."""

    tricks: Tricks


Deal = Contract | Concede | Misere | AllPass


def canonical_contract(text: Any, field: str = "contract") -> tuple[int, str] | str:
    """``(level, suit)`` for ``7S`` / ``7♠``, or ``"misere"`` / ``"allpass"``."""
    if not isinstance(text, str):
        raise DealError("a contract is text such as 7S, 8NT, misere or allpass",
                        field=field, value=text)
    word = text.strip().lower()
    if word in _MISERE_WORDS:
        return "misere"
    if word in _ALLPASS_WORDS:
        return "allpass"
    match = _CONTRACT_RE.match(text.strip())
    if not match:
        if re.match(r"^\d+", word):
            level = re.match(r"^\d+", word).group()
            rest = word[len(level):].strip()
            if int(level) not in LEVELS:
                raise DealError("a contract's level is 6..10", field=field, value=text)
            raise DealError(f"unknown suit {rest!r} (suits: S C D H NT or ♠ ♣ ♦ ♥)",
                            field=field, value=text)
        raise DealError("a contract is a level 6..10 and a suit (S C D H NT or ♠ ♣ ♦ ♥), "
                        "misere or allpass", field=field, value=text)
    suit = match.group(2)
    suit = SUIT_SYMBOLS.get(suit, suit.upper())
    return int(match.group(1)), suit


def _player(value: Any, players: tuple[str, ...], field: str) -> str:
    if not isinstance(value, str):
        raise DealError("a player is named by text", field=field, value=value)
    if value not in players:
        raise DealError(f"not a player of this game (players: {', '.join(players)})",
                        field=field, value=value)
    return value


def _count(value: Any, field: str) -> int:
    return whole(value, field, 0, 10, "a trick count")


def _seat_sorted(items: dict[str, Any], players: tuple[str, ...]) -> tuple:
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
        raise DealError("tricks is an object {player: count}", field="tricks", value=obj)
    seen: dict[str, int] = {}
    for name, count in obj.items():
        if name not in players:
            raise DealError(f"not a player of this game (players: {', '.join(players)})",
                            field=f"tricks.{name}", value=name)
        if expected is not None and name not in expected:
            raise DealError("this player holds no cards in this deal (not the declarer "
                            "or a defender)", field=f"tricks.{name}", value=count)
        seen[name] = _count(count, f"tricks.{name}")
    if optional_partial is not None and len(seen) == 1 and optional_partial in seen:
        return _seat_sorted(seen, players)
    if expected is not None:
        for name in expected:
            if name not in seen:
                raise DealError("missing trick count", field=f"tricks.{name}")
    else:
        if optional_partial is not None and optional_partial not in seen:
            raise DealError("missing the declarer's trick count",
                            field=f"tricks.{optional_partial}")
        if len(seen) != 3:
            if len(players) == 4 and len(seen) == 4:
                raise DealError("with four players the dealer sits out: give the tricks of "
                                "the three who play", field="tricks", value=obj)
            missing = [p for p in players if p not in seen]
            raise DealError("missing trick count", field=f"tricks.{missing[0]}")
    total = sum(seen.values())
    if total != 10:
        raise DealError(f"tricks must add up to 10, not {total}", field="tricks", value=obj)
    return _seat_sorted(seen, players)


def whisting_order(players: tuple[str, ...], declarer: str, defenders) -> tuple[str, str]:
    """The defenders clockwise from the declarer (a sitting-out dealer changes nothing)."""
    n = len(players)
    start = players.index(declarer)
    ordered = [players[(start + k) % n] for k in range(1, n)]
    a, b = defenders
    return (a, b) if ordered.index(a) < ordered.index(b) else (b, a)


def _status(value: Any, field: str) -> str:
    if not isinstance(value, str) or value not in STATUSES:
        raise DealError(f"a defender says one of {', '.join(STATUSES)}", field=field, value=value)
    return value


def _check_keys(obj: Mapping, allowed: tuple[str, ...], kind: str) -> None:
    for key in obj:
        if key not in allowed:
            raise DealError(f"unknown field for {kind} (fields: {', '.join(allowed)})",
                            field=str(key), value=obj[key])


def parse_contract_deal(obj: Mapping, players: tuple[str, ...], rules: Rules,
                        level: int, suit: str) -> Contract | Concede:
    if "blind" in obj:
        raise DealError("only a misère is declared blind (without the talon)", field="blind",
                        value=obj["blind"])
    if "concede" in obj:
        return parse_concede_deal(obj, players, rules, level, suit)
    _check_keys(obj, ("declarer", "contract", "whist", "tricks"), "a contract")
    if "declarer" not in obj:
        raise DealError("missing field", field="declarer")
    declarer = _player(obj["declarer"], players, "declarer")
    if "whist" not in obj:
        raise DealError("missing field: each defender's whist or pass", field="whist")
    whist = obj["whist"]
    if not isinstance(whist, dict):
        raise DealError("whist is an object {defender: whist|pass|half|gone-half}",
                        field="whist", value=whist)
    statuses: dict[str, str] = {}
    for name, status in whist.items():
        field = f"whist.{name}"
        _player(name, players, field)
        if name == declarer:
            raise DealError("the declarer does not whist against himself", field=field, value=name)
        statuses[name] = _status(status, field)
    if len(statuses) < 2:
        others = [p for p in players if p != declarer and p not in statuses]
        if len(players) == 3:
            raise DealError("missing defender status (whist, pass, half or gone-half)",
                            field=f"whist.{others[0]}")
        raise DealError("both defenders say whist or pass; a defender's status is missing",
                        field="whist", value=whist)
    named = tuple(sorted(statuses.items(), key=lambda kv: _clockwise(players, declarer, kv[0])))
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
                            field="tricks", value=obj["tricks"])
        tricks = None
    else:
        if "tricks" not in obj:
            why = ("a 6 or 7 both defenders pass is played under both_pass = play-6-7"
                   if both_pass_played else "the deal was played")
            raise DealError(f"missing field: {why}", field="tricks")
        if len(named) == 2:
            tricks = _tricks(obj["tricks"], players, (declarer, *statuses))
        else:
            tricks = _tricks(obj["tricks"], players, None)
            holding = dict(tricks)
            if declarer not in holding:
                raise DealError("missing the declarer's trick count", field=f"tricks.{declarer}")
    return Contract(declarer, level, suit, named, tricks)


def _clockwise(players: tuple[str, ...], declarer: str, name: str) -> int:
    return (players.index(name) - players.index(declarer)) % len(players)


def check_seats(seats: tuple, level: int, suit: str, rules: Rules) -> None:
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
                                field=f"whist.{name}", value=own)
    if rules["totus_both_whist"] and level == 10:
        for name, own, _ in pair:
            if own != "whist":
                raise DealError("a 10 is whisted by both defenders (totus_both_whist, seed 003)",
                                field=f"whist.{name}", value=own)
    halves = dict(rules["half_whist"])
    if s1 in ("half", "gone-half") and s2 in ("half", "gone-half"):
        raise DealError("only one defender can go for a half-whist", field=f"whist.{second}",
                        value=s2)
    dealer_whists = ds == "whist"
    if ds is not None and ds not in ("whist", "pass"):
        raise DealError("the sitting-out dealer says whist or pass (seed 002 3.8.8)",
                        field=f"whist.{named_dealer}", value=ds)
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
                            f"{allowed})", field=field, value=own)
        if by == "second" and name == first:
            raise DealError("only the second defender may go for a half-whist (half_whist_by = "
                            "second; greedy whist, seed 002 3.8.7)", field=field, value=own)
        if by == "first" and name == second:
            raise DealError("only the first defender may go for a half-whist (half_whist_by = "
                            "first)", field=field, value=own)
        if own == "half" and other != "pass":
            raise DealError("a half-whist needs the other defender to pass", field=field,
                            value=own)
        if own == "half" and dealer_whists:
            raise DealError("the dealer returned the whist: the half-goer is gone-half "
                            "(seed 002 3.8.8.2)", field=field, value=own)
        if own == "gone-half" and other != "whist" and not (other == "pass" and dealer_whists):
            raise DealError("gone-half means the other defender (or the dealer) returned the "
                            "whist: one of them must say whist", field=field, value=own)
    if dealer_whists:
        field = f"whist.{named_dealer}"
        if "whist" in (s1, s2):
            raise DealError("the dealer whists only when both defenders declined the whist "
                            "(seed 002 3.8.8)", field=field, value=ds)
        if level in halves and "gone-half" not in (s1, s2):
            raise DealError(f"on {level} the dealer returns the whist only after pass, half, "
                            "pass: the half-goer is then gone-half (seed 002 3.8.8, 3.8.8.1)",
                            field=field, value=ds)


def parse_concede_deal(obj: Mapping, players: tuple[str, ...], rules: Rules,
                       level: int, suit: str) -> Contract | Concede:
    _check_keys(obj, ("declarer", "contract", "concede"), "a conceded contract")
    flag = obj["concede"]
    if not isinstance(flag, bool):
        raise DealError("concede is true or false", field="concede", value=flag)
    if not flag:
        return parse_contract_deal({k: v for k, v in obj.items() if k != "concede"},
                                   players, rules, level, suit)
    if rules["concede"] == "off":
        raise DealError("a contract cannot be conceded under these rules (concede = off)",
                        field="concede", value=True)
    if "declarer" not in obj:
        raise DealError("missing field", field="declarer")
    return Concede(_player(obj["declarer"], players, "declarer"), level, suit)


def parse_misere_deal(obj: Mapping, players: tuple[str, ...]) -> Misere:
    if "whist" in obj:
        raise DealError("nobody whists a misère (seed 002 3.8.2): no whist statuses",
                        field="whist", value=obj["whist"])
    if "concede" in obj:
        raise DealError("only a contract of 6..10 is conceded («без трёх»), not a misère",
                        field="concede", value=obj["concede"])
    _check_keys(obj, ("declarer", "contract", "blind", "tricks"), "a misère")
    if "declarer" not in obj:
        raise DealError("missing field", field="declarer")
    declarer = _player(obj["declarer"], players, "declarer")
    blind = obj.get("blind", False)
    if not isinstance(blind, bool):
        raise DealError("blind is true or false (a misère without the talon)", field="blind",
                        value=blind)
    if "tricks" not in obj:
        raise DealError("missing field: at least the declarer's trick count",
                        field="tricks")
    expected = tuple(p for p in players) if len(players) == 3 else None
    return Misere(declarer, _tricks(obj["tricks"], players, expected, optional_partial=declarer),
                  blind)


def parse_allpass_deal(obj: Mapping, players: tuple[str, ...], rules: Rules) -> AllPass:
    if rules["allpass"] == "off":
        raise DealError("all-pass is off under these rules (allpass = off)", field="contract",
                        value=obj.get("contract"))
    for key in ("concede", "blind"):
        if key in obj:
            raise DealError("an all-pass has no declarer: nothing is conceded or blind",
                            field=key, value=obj[key])
    _check_keys(obj, ("contract", "tricks"), "an all-pass")
    if "tricks" not in obj:
        raise DealError("missing field", field="tricks")
    expected = tuple(players) if len(players) == 3 else None
    return AllPass(_tricks(obj["tricks"], players, expected))


# -- the game -----------------------------------------------------------------------

RULE_TEXTS: dict[str, RuleText] = {
    "game_made": RuleText("contract made", "игра сыграна", "seed 003; spec preferans.md"),
    "game_passed": RuleText("both defenders pass", "оба паса, игра без розыгрыша",
                            f"{SPEC}, Contract, not played"),
    "half_whist_game": RuleText("half-whist: the game counts as made", "полвиста: игра засчитана",
                                f"{SEED2}3.8.7"),
    "half_whist": RuleText("half-whist", "полвиста", f"{SEED2}3.8.7"),
    "remiz": RuleText("remiz", "ремиз разыгрывающего", "seed 003; spec preferans.md"),
    "consolation": RuleText("consolation", "консоляция", f"{SEED2}3.8.1.2"),
    "whist_tricks": RuleText("whist for own tricks", "висты за свои взятки",
                             f"{SEED2}3.8.1.1, 3.8.13"),
    "greedy_whist": RuleText("greedy whist", "жлобский вист", f"{SEED2}3.8.13"),
    "gentleman_whist": RuleText("gentleman's whist", "джентльменский вист", f"{SEED2}3.8.14"),
    "responsible_whist": RuleText("responsible whist: whister's remiz",
                                  "ответственный вист: ремиз вистующего", f"{SEED2}3.8.11"),
    "half_responsible_whist": RuleText("half-responsible whist: whister's remiz",
                                       "полуответственный вист: ремиз вистующего",
                                       f"{SEED2}3.8.12"),
    "dealer_whist": RuleText("the dealer's whist: vists for the whole defence",
                             "вист сдатчика: висты за всю защиту", f"{SEED2}3.8.8, 3.8.8.1"),
    "both_pass_made": RuleText("both pass, played «на своих»: contract made",
                               "оба паса, игра на своих: сыграна", f"{SPEC}, both_pass"),
    "both_pass_remiz": RuleText("both pass, played «на своих»: remiz",
                                "оба паса, игра на своих: ремиз", f"{SPEC}, both_pass"),
    "concede": RuleText("conceded («без трёх»): 3 x remiz into the gora",
                        "уход без трёх: в гору тройной ремиз", f"{SPEC}, Conceded"),
    "concede_consolation": RuleText("conceded: 3 x consolation", "уход без трёх: консоляция "
                                    "за три взятки", f"{SPEC}, Conceded; {SEED2}3.8.1.2"),
    "misere_blind_made": RuleText("blind misère made", "мизер без прикупа сыгран",
                                  f"seed 003; {SPEC}, Misère"),
    "misere_blind_caught": RuleText("blind misère caught", "мизер без прикупа пойман",
                                    f"seed 003; {SPEC}, Misère"),
    "misere_made": RuleText("misère made", "мизер сыгран", f"{SPEC}, Misère"),
    "misere_caught": RuleText("misère caught", "мизер пойман", f"{SPEC}, Misère"),
    "allpass": RuleText("all-pass tricks into the gora", "распасы: взятки в гору",
                        f"{SPEC}, All-pass"),
    "allpass_zero": RuleText("all-pass without a trick", "распасы: за ноль взяток в пульку",
                             f"{SPEC}, All-pass"),
    "rostov_allpass": RuleText("Rostov all-pass", "ростовские распасы", f"{SPEC}, All-pass"),
    "rostov_zero": RuleText("Rostov all-pass without a trick", "ростовские распасы: ноль взяток",
                            f"{SPEC}, All-pass"),
    "help_pulya": RuleText("help into the pulya", "помощь в пулю", f"{SPEC}, Closing the pulya"),
    "help_vists": RuleText("vists for help", "висты за помощь", f"{SPEC}, Closing the pulya"),
    "help_gora": RuleText("help beyond every pulya, off the own gora", "списание с горы",
                          f"{SPEC}, Closing the pulya"),
}

LABELS: dict[str, tuple[str, str]] = {
    "pref.res.rostov": ("all-pass (Rostov)", "распасы (ростовские)"),
    "pref.res.allpass": ("all-pass x{0}", "распасы ×{0}"),
    "pref.res.misere_made": ("misère made", "мизер сыгран"),
    "pref.res.misere_caught": ("misère caught with {0}", "мизер пойман, взяток: {0}"),
    "pref.res.half": ("half-whist", "полвиста"),
    "pref.res.both_pass": ("both pass", "оба паса"),
    "pref.res.short": ("{0} short on whist", "{0}: недобор на висте"),
    "pref.res.returned": ("(whist returned)", "(вист возвращён)"),
    "pref.res.dealer_whist": ("(the dealer whists)", "(вистует сдатчик)"),
    "pref.res.conceded": ("conceded, down 3", "без трёх"),
    "pref.res.blind": ("(blind)", "(без прикупа)"),
    "pref.pulka": ("Pulka", "Пулька"),
    "pref.totals": ("Totals and settlement", "Итоги и расчёт"),
    "pref.vists_on": ("vists on {0}", "висты на {0}"),
    "pref.written": ("vists written", "висты написаны"),
    "pref.received": ("vists on him", "висты на него"),
}


#: (players, dealer) -> the three who play; replays ask once per deal
_ACTIVE: dict[tuple[tuple[str, ...], str], tuple[str, ...]] = {}


#: every form of the short notation (``whistscore notation preferans`` and docs/preferans.md)
NOTATION_FORMS = (
    NotationForm("DECLARER CONTRACT DEF:STATUS DEF:STATUS TRICKS", "Anna 7S Boris:w Vera:p 7/3/0",
                 "Anna plays 7♠; Boris whists and takes 3, Vera passes; Anna takes 7"),
    NotationForm("DECLARER CONTRACT DEF:STATUS DEF:STATUS TRICKS", "Boris 6H Vera:w Anna:p 6/3/1",
                 "Boris 6♥; Vera takes 3, Anna 1: the counts follow the names as written"),
    NotationForm("DECLARER CONTRACT DEF:w DEF:gh TRICKS", "Anna 6S Boris:w Vera:gh 5/4/1",
                 "Vera went for half, Boris returned the whist; Anna down one"),
    NotationForm("DECLARER CONTRACT DEF:STATUS DEF:STATUS NAME:N ...",
                 "Anna 7S Boris:w Vera:p Anna:7 Boris:3 Vera:0",
                 "the tricks as NAME:N in any order instead of a/b/c"),
    NotationForm("DECLARER CONTRACT DEF:STATUS DEF:STATUS DEALER:STATUS TRICKS",
                 "Anna 8S Boris:p Vera:p Gleb:w 7/2/1/-",
                 "four players, Gleb deals: two passes, the dealer whists; Anna takes 7, "
                 "'-' for the dealer's tricks", ("Anna", "Boris", "Vera", "Gleb")),
    NotationForm("DECLARER CONTRACT DEF:STATUS DEF:STATUS DEALER:STATUS TRICKS",
                 "Anna 6S Boris:p Vera:gh Gleb:w 5/3/2/-",
                 "Vera went for half, the dealer returned the whist",
                 ("Anna", "Boris", "Vera", "Gleb")),
    NotationForm("DECLARER CONTRACT DEF:p DEF:h", "Anna 6♥ Boris:p Vera:h",
                 "half-whist: not played (suits as S C D H NT or ♠ ♣ ♦ ♥)"),
    NotationForm("DECLARER CONTRACT DEF:p DEF:p", "Anna 8NT Boris:p Vera:p",
                 "both pass: not played"),
    NotationForm("DECLARER CONTRACT concede", "Anna 7H concede",
                 "Anna gives up 7♥ «без трёх» (also conceded, без3)"),
    NotationForm("DECLARER misere N", "Vera misere 0",
                 "misère made (Vera misere 2: caught with two tricks)"),
    NotationForm("DECLARER misere blind N", "Vera misere blind 0",
                 "a blind misère (played without the talon), made"),
    NotationForm("DECLARER misere NAME:N NAME:N NAME:N", "Vera misere Anna:4 Boris:5 Vera:1",
                 "a misère with every player's tricks"),
    NotationForm("pass TRICKS", "pass 4/2/4",
                 "all-pass, every player's tricks in seat order: Anna 4, Boris 2, Vera 4"),
    NotationForm("pass TRICKS", "pass 4/2/-/4",
                 "all-pass with four players: '-' for the dealer, who sits out (Vera)",
                 ("Anna", "Boris", "Vera", "Gleb")),
)

class Preferans(GameType):
    name = "preferans"
    deal_fields = preferans_fields.FIELDS  # the scorepad's form (whistscore/fields.py)
    title = "Preferans (pulya, gora, vists)"
    player_counts = (3, 4)
    unit = "vist"
    rulebook = RULEBOOK
    rule_texts = RULE_TEXTS
    labels = LABELS
    notation_forms = NOTATION_FORMS
    notation_players = ("Anna", "Boris", "Vera")

    # -- seats ----------------------------------------------------------------
    def active_players(self, players: tuple[str, ...], dealer: str) -> tuple[str, ...]:
        """With four at the table the dealer sits the deal out."""
        if len(players) == 4:
            key = (players, dealer)
            active = _ACTIVE.get(key)
            if active is None:
                active = _ACTIVE[key] = tuple(p for p in players if p != dealer)
                if len(_ACTIVE) > 4096:
                    _ACTIVE.clear()
            return active
        return players

    # -- deals ----------------------------------------------------------------
    def deal_from_json(self, obj: Mapping[str, Any], players: tuple[str, ...], rules: Rules) -> Deal:
        if not isinstance(obj, Mapping):
            raise DealError("a deal is an object with a contract", field="deal", value=obj)
        if "contract" not in obj:
            raise DealError("missing field: 7S, misere, allpass...", field="contract")
        contract = canonical_contract(obj["contract"])
        if contract == "misere":
            return parse_misere_deal(obj, players)
        if contract == "allpass":
            return parse_allpass_deal(obj, players, rules)
        level, suit = contract
        return parse_contract_deal(obj, players, rules, level, suit)

    def deal_to_json(self, deal: Deal) -> dict:
        if isinstance(deal, Contract):
            out: dict[str, Any] = {"declarer": deal.declarer,
                                   "contract": f"{deal.level}{deal.suit}"}
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

    def parse_notation(self, text: str, players: tuple[str, ...], rules: Rules) -> Deal:
        from .preferans_notation import parse_notation
        text = notation_text(text, players)
        return parse_notation(self, text, players, rules)

    def format_notation(self, deal: Deal, players: tuple[str, ...], rules: Rules) -> str:
        from .preferans_notation import format_notation
        return format_notation(deal, players)

    def describe_result(self, deal: Deal, outcome: Outcome, ctx: DealContext) -> Any:
        if isinstance(deal, AllPass):
            if ctx.rules["allpass"] == "rostov":
                return Label("pref.res.rostov")
            price = allpass_price(ctx.rules["allpass_prices"], outcome.state.streak)
            return Label("pref.res.allpass", (price,))
        if isinstance(deal, Misere):
            n = deal.declarer_tricks()
            said = Label("pref.res.misere_made") if n == 0 else Label("pref.res.misere_caught", (n,))
            return Phrase((said, Label("pref.res.blind")), " ") if deal.blind else said
        if isinstance(deal, Concede):
            return Label("pref.res.conceded")
        if deal.tricks is None:
            statuses = {s for _, s in deal.whist}
            return Label("pref.res.half" if "half" in statuses else "pref.res.both_pass")
        k = deal.level - dict(deal.tricks)[deal.declarer]
        parts: list[Any] = [Label("res.made") if k <= 0 else Label("res.down", (k,))]
        for e in outcome.entries:
            if e.rule in ("responsible_whist", "half_responsible_whist"):
                parts.append(Label("pref.res.short", (e.player,)))
        words = Phrase(tuple(parts))
        if deal.roles(ctx.dealer)[5] == "whist":
            words = Phrase((words, Label("pref.res.dealer_whist")), " ")
        elif any(s == "gone-half" for _, s in deal.whist):
            words = Phrase((words, Label("pref.res.returned")), " ")
        return words

    # -- scoring --------------------------------------------------------------
    def initial_state(self, players: tuple[str, ...], rules: Rules) -> PulkaState:
        return initial_state(players, rules)

    def is_finished(self, state: PulkaState) -> bool:
        return state.finished

    def score(self, state: PulkaState, deal: Deal, ctx: DealContext) -> Outcome:
        if type(deal) is Contract and deal.seats is None and ctx.dealer != deal.declarer:
            # three statuses on a deal not played: who defends is known only now
            check_seats(deal.roles(ctx.dealer), deal.level, deal.suit, ctx.rules)
        entries, new_state = score(state, deal, ctx, _KINDS)
        return Outcome(entries, new_state)

    # -- results --------------------------------------------------------------
    def balance(self, state: PulkaState, rules: Rules) -> dict[str, Fraction]:
        """Spec "Settlement": vists net, gora and pulya against the table's mean."""
        P = rules["pulya_points"]
        G = rules["gora_points"]
        n = len(state.players)
        vists = state.vists
        shared = Fraction(G * sum(state.gora) - P * sum(state.pulya), n)
        out = {}
        for i, name in enumerate(state.players):
            net = sum(vists[i * n:(i + 1) * n]) - sum(vists[i::n])
            out[name] = net - G * state.gora[i] + P * state.pulya[i] + shared
        return out

    def pairwise_settlement(self, replay: Any) -> dict[tuple[str, str], Fraction]:
        """What the row player wins from the column player, netted as on paper.

        The paper method: each pair nets its vists; every player's gora is
        paid G/N a point to each other player, and his pulya earns P/N a point
        from each.  Summed over the other players this is the spec's balance.
        """
        state = replay.state
        rules = replay.game.rules
        P = rules["pulya_points"]
        G = rules["gora_points"]
        n = len(state.players)
        out = {}
        for i, a in enumerate(state.players):
            for j, b in enumerate(state.players):
                if i != j:
                    out[a, b] = (state.wrote(i, j) - state.wrote(j, i)
                                 + Fraction(G * (state.gora[j] - state.gora[i])
                                            + P * (state.pulya[i] - state.pulya[j]), n))
        return out

    def sheet_json(self, state: PulkaState, rules: Rules) -> dict:
        out = {}
        names = state.players
        for i, name in enumerate(names):
            out[name] = {
                "pulya": json_number(state.pulya[i]),
                "gora": json_number(state.gora[i]),
                "vists": {other: json_number(state.wrote(i, j))
                          for j, other in enumerate(names) if j != i},
            }
        return out

    def sheet_tables(self, replay: Any) -> list:
        from .preferans_layout import sheet_tables
        return sheet_tables(self, replay)


_KINDS = (Contract, Misere, AllPass, Concede)
GAME = Preferans()
