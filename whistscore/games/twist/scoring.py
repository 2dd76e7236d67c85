"""Twist's scoring: the sheet between deals (gora, remark, vists, the nota) and each deal's entries.

Everything here follows spec twist.md's reading of seed 000: contracts 2..12
scored at least at the septet, the view vist, the partner who passes before
play, the twist announcement, bomb and dil, the automatic twist round, the nota
symbols (X, O, dazin, operet) whose doublings multiply, and the settlement's
balances.  Pure: a state and a deal in, the entries and the next state out.
"""

from __future__ import annotations

from fractions import Fraction
from operator import add
from typing import NamedTuple, Union

import attrs

from ...errors import DealError
from ...game import DealContext, Outcome
from ...layout import Label
from ...ledger import Entry
from ...rules import Rules
from .deals import SEATS, Contract, Deal, Solo, TwistRound

__all__ = ["State", "Symbol", "initial_state", "score", "is_finished", "balance",
           "announce_next", "VALUES", "BOMB_MAX", "DIL_MIN", "contract_value"]

#: contract value by the level that must be taken (below septet counts as septet)
VALUES = {7: 5, 8: 6, 9: 7, 10: 8, 11: 9, 12: 10}
#: bomb: most tricks the soloist may take; dil: fewest he must take
BOMB_MAX = {"simple": 2, "double": 1, "clean": 0, "all": 0}
DIL_MIN = {"simple": 4, "double": 5, "clean": 6, "all": 6}
#: value of the deal before a twist round when there is none (or it was a twist round)
DEFAULT_ROUND_VALUE = 5


def contract_value(level: int) -> int:
    """v: the value of a contract; below septet it is priced as the septet it must take."""
    return VALUES[max(level, 7)]


# -- state ---------------------------------------------------------------------

@attrs.frozen(slots=True)
class Symbol:
    """One nota symbol as on paper: when it was written and how it ended.

    ``ended`` is the deal that crossed out an X or O, or gave a dazin or operet
    its second bar; ``bars`` counts the dazin/operet bars.
    """

    kind: str
    written: int
    ended: int | None = None
    bars: int = 0

    @property
    def active(self) -> bool:
        return self.ended is None

    def text(self) -> str:
        if self.kind in ("X", "O"):
            return self.kind if self.ended is None else f"{self.kind}(crossed d{self.ended})"
        return self.kind + "|" * self.bars


#: a player's spent dazin/operet symbols, newest first: (symbol, rest) or None
SymbolLink = Union[tuple[Symbol, "SymbolLink"], None]
#: one X or O event: (kind, deal, n); n = 0 writes one, n > 0 crosses out the n oldest live
Event = tuple[str, int, int]
#: a player's X and O events, newest first: (event, rest) or None
EventLink = Union[tuple[Event, "EventLink"], None]

#: the nota of a table where nobody holds a live symbol (compared by identity on the hot path)
_NO_SYMBOLS: tuple[tuple[Symbol, ...], ...] = ((), (), (), ())
#: live X and O counts of a table where nobody holds one (X of seats 0..3, then O of 0..3)
_NO_HELD: tuple[int, ...] = (0,) * 8
_NO_LOG: tuple[EventLink, ...] = (None,) * 4


class State(NamedTuple):
    """The sheet after a deal (a named tuple: immutable and cheap to build once per deal)."""

    players: tuple[str, ...]
    #: the numbers of the sheet, flat: 4 goras, 4 remarks, then vists[8 + i * 4 + j], what
    #: player i wrote on player j (one tuple per deal keeps scoring cheap)
    numbers: tuple[int, ...]
    #: each player's live dazin or operet symbols (fewer than 2 bars)
    active: tuple[tuple[Symbol, ...], ...]
    #: each player's spent dazin or operet symbols, newest first, as a linked list (symbol, rest)
    ended: tuple[SymbolLink, ...]
    #: value of the last deal (a contract's v, a bomb's or dil's value); None after a twist round
    last_value: int | None = None
    #: price per trick of the twist round now due, None when none is due
    round_price: int | None = None
    finished: bool = False
    #: how many live dazin/operet symbols still take bars
    barring: int = 0
    #: live X counts of seats 0..3, then live O counts: X and O are used oldest first (or all
    #: at once), so the live ones are always the newest written and a count says which
    held: tuple[int, ...] = _NO_HELD
    #: each player's X and O history, newest first, as a linked list ((kind, deal, n), rest):
    #: n = 0 writes one, n > 0 crosses out the n oldest live ones (a long game holds many)
    log: tuple[EventLink, ...] = _NO_LOG

    @property
    def gora(self) -> tuple[int, ...]:
        return self.numbers[:4]

    @property
    def remark(self) -> tuple[int, ...]:
        return self.numbers[4:8]

    @property
    def vists(self) -> tuple[int, ...]:
        """vists[i * 4 + j]: what player i wrote on player j."""
        return self.numbers[8:]

    def nota(self, i: int) -> tuple[Symbol, ...]:
        """Player ``i``'s nota as on paper: every symbol in the order written."""
        done: list[Symbol] = []
        link: SymbolLink = self.ended[i]
        while link is not None:
            done.append(link[0])
            link = link[1]
        events: list[Event] = []
        event: EventLink = self.log[i]
        while event is not None:
            events.append(event[0])
            event = event[1]
        written: dict[str, list[int]] = {"X": [], "O": []}
        crossed = {"X": 0, "O": 0}  # the oldest ones are crossed first
        for kind, number, n in reversed(events):
            if n == 0:
                written[kind].append(number)
            else:
                first = crossed[kind]
                done += [Symbol(kind, w, number) for w in written[kind][first:first + n]]
                crossed[kind] = first + n
        done += [Symbol(kind, w) for kind in ("X", "O") for w in written[kind][crossed[kind]:]]
        return tuple(sorted(done + list(self.active[i]), key=lambda s: s.written))


class _Nota:
    """The nota while one deal is scored: live symbols change, ended ones are linked on.

    Copy-on-write: most deals change no symbol, so nothing is copied for them
    (``active``/``ended`` and ``held``/``log`` are the state's own tuples until then).
    """

    __slots__ = ("state", "number", "barring", "active", "ended", "held", "log")

    def __init__(self, state: State, number: int) -> None:
        self.state = state
        self.number = number
        self.barring = state.barring
        self.active: list[tuple[Symbol, ...]] | None = None
        self.ended: list[SymbolLink] | None = None
        self.held: list[int] | None = None
        self.log: list[EventLink] | None = None

    def result(self) -> tuple[tuple[tuple[Symbol, ...], ...], tuple[SymbolLink, ...],
                              tuple[int, ...], tuple[EventLink, ...]]:
        """(active, ended, held, log) for the next state."""
        state = self.state
        active, ended, held, log = state.active, state.ended, state.held, state.log
        if self.active is not None and self.ended is not None:
            active = tuple(self.active)
            active = _NO_SYMBOLS if active == _NO_SYMBOLS else active
            ended = tuple(self.ended)
        if self.held is not None and self.log is not None:
            held = tuple(self.held)
            held = _NO_HELD if held == _NO_HELD else held
            log = tuple(self.log)
        return active, ended, held, log

    def symbols(self, i: int) -> tuple[Symbol, ...]:
        """Player ``i``'s live dazin and operet symbols."""
        return (self.active if self.active is not None else self.state.active)[i]

    def live(self, i: int, kind: str) -> int:
        """How many live X (or O) player ``i`` holds."""
        return (self.held if self.held is not None else self.state.held)[
            i if kind == "X" else 4 + i]

    def _symbols(self) -> tuple[list[tuple[Symbol, ...]], list[SymbolLink]]:
        if self.active is None or self.ended is None:
            self.active = list(self.state.active)
            self.ended = list(self.state.ended)
        return self.active, self.ended

    def _events(self) -> tuple[list[int], list[EventLink]]:
        if self.held is None or self.log is None:
            self.held = list(self.state.held)
            self.log = list(self.state.log)
        return self.held, self.log

    def write(self, i: int, kind: str) -> None:
        """Write a symbol, also beside a live one of the same kind (seed «нота»: it is
        written each time a bomb/dil or a dazin/operet is made)."""
        if kind in ("X", "O"):
            held, log = self._events()
            held[i if kind == "X" else 4 + i] += 1
            log[i] = ((kind, self.number, 0), log[i])
            return
        active, _ = self._symbols()
        active[i] = active[i] + (Symbol(kind, self.number),)
        self.barring += 1

    def cross(self, i: int, kind: str, every: bool) -> int:
        """Cross out the player's oldest live X or O (``every``: all of them); how many."""
        slot = i if kind == "X" else 4 + i
        n = self.live(i, kind)
        if not n:
            return 0
        if not every:
            n = 1
        held, log = self._events()
        held[slot] -= n
        log[i] = ((kind, self.number, n), log[i])
        return n

    def bar(self) -> None:
        """Every live dazin/operet written before this deal gets its bar; the second spends it."""
        if not self.barring:
            return
        active, ended = self._symbols()
        for i, live in enumerate(active):
            keep = []
            for s in live:
                if s.written < self.number:
                    if s.bars + 1 >= 2:
                        ended[i] = (Symbol(s.kind, s.written, self.number, 2), ended[i])
                        self.barring -= 1
                        continue
                    s = Symbol(s.kind, s.written, None, s.bars + 1)
                keep.append(s)
            active[i] = tuple(keep)


# -- writing entries -----------------------------------------------------------

_SINGLE = (1, 1, 1, 1)
_NO_WHY = ("", "", "", "")


class _Writer:
    """Collects one deal's entries and their sums, applying each writer's doubling.

    A doubling covers a player's own entries: his remark and gora changes and
    the vists he writes (spec twist.md, Nota).  ``mult[i]`` is the product of
    every doubling on player ``i`` this deal and ``why[i]`` says which.
    ``sums`` follows the layout of :attr:`State.numbers`.
    """

    __slots__ = ("number", "names", "mult", "why", "entries", "sums", "keep")

    def __init__(self, number: int, names: tuple[str, ...], keep: bool = True) -> None:
        self.number = number
        self.keep = keep  # False: entries are not kept (DealContext.keep), only the sums
        self.names = names
        self.mult: tuple[int, ...] = _SINGLE
        self.why: tuple[str, ...] = _NO_WHY
        self.entries: list[Entry] = []
        self.sums = [0] * 24

    def double(self, i: int, reason: str) -> None:
        mult, why = list(self.mult), list(self.why)
        mult[i] *= 2
        why[i] += f" x2 {reason}"
        self.mult, self.why = tuple(mult), tuple(why)

    def to_gora(self, i: int, amount: int, rule: str, detail: str) -> None:
        if amount:
            m = self.mult[i]
            if m != 1:
                amount *= m
            self.sums[i] += amount
            if self.keep:
                if m != 1:
                    detail += self.why[i]
                self.entries.append(Entry(self.number, self.names[i], "gora", amount, None,
                                          rule, detail))

    def to_remark(self, i: int, amount: int, rule: str, detail: str) -> None:
        if amount:
            m = self.mult[i]
            if m != 1:
                amount *= m
            self.sums[4 + i] += amount
            if self.keep:
                if m != 1:
                    detail += self.why[i]
                self.entries.append(Entry(self.number, self.names[i], "remark", amount, None,
                                          rule, detail))

    def vist(self, i: int, j: int, amount: int, rule: str, detail: str) -> None:
        """Player ``i`` writes ``amount`` vists on player ``j``."""
        if amount:
            m = self.mult[i]
            if m != 1:
                amount *= m
            self.sums[8 + i * 4 + j] += amount
            if self.keep:
                if m != 1:
                    detail += self.why[i]
                names = self.names
                self.entries.append(Entry(self.number, names[i], "vists", amount, names[j],
                                          rule, detail))

    def pairwise(self, t: tuple[int, ...], price: int, rule: str, among: tuple[int, ...]) -> None:
        """Everyone in ``among`` writes price x the difference on each who took fewer."""
        for i in among:
            for j in among:
                if t[i] > t[j]:
                    self.vist(i, j, price * (t[i] - t[j]), rule,
                              f"{t[i]} - {t[j]} tricks x {price}")


# -- scoring -------------------------------------------------------------------

def initial_state(players: tuple[str, ...], rules: Rules) -> State:
    """Every gora at the agreed size (seed «цель»), nothing else written."""
    gora = rules["gora"]
    return State(tuple(players), (gora,) * SEATS + (0,) * 20, _NO_SYMBOLS,
                      (None,) * SEATS)

def is_finished(state: State) -> bool:
    """A gora has reached 0: the game is over (seed «цель»)."""
    return state.finished

def score(state: State, deal: Deal, ctx: DealContext) -> Outcome[State]:
    """The entries ``deal`` writes on ``state`` and the state after it (pure).

    :raises DealError: a twist round is due and this is no round, or the reverse.
    """
    due = state.round_price
    w = _Writer(ctx.number, state.players, ctx.keep)
    t = deal.counts
    # the nota is touched only when a symbol is live or may be written
    nota = (None if state.active is _NO_SYMBOLS and state.held is _NO_HELD
            else _Nota(state, ctx.number))
    last_value: int | None
    price: int | None
    if isinstance(deal, TwistRound):
        if due is None:
            raise DealError("no twist round is due: it follows only a made contract below "
                            "septet in which the declaring pair took 7 to 10 tricks",
                            field="twist_round", value=True)
        w.pairwise(t, due, "twist_round_vists", (0, 1, 2, 3))
        last_value, price = None, None
        if nota is not None:
            nota.bar()
    elif due is not None:
        raise DealError(f"a twist round is due (price {due} per trick); record it as "
                        "{\"twist_round\": true, ...} / 'round 3/3/3/3'",
                        field="twist_round", value=False)
    elif isinstance(deal, Solo):
        last_value, price = deal.value, None
        nota = nota or _Nota(state, ctx.number)
        nota.bar()
        _solo(deal, t, state.players.index(deal.declarer), w, ctx.rules, nota)
    else:
        last_value = VALUES[deal.level if deal.level > 7 else 7]
        if nota is None and deal.level >= 11:
            nota = _Nota(state, ctx.number)
        price = _contract(state, deal, t, w, nota, ctx.rules["same_kind"] == "all")
    numbers = tuple(map(add, state.numbers, w.sums))
    if nota is None:
        active, ended, barring = state.active, state.ended, 0
        held, log = state.held, state.log
    else:
        active, ended, held, log = nota.result()
        barring = nota.barring
    new = State(state.players, numbers, active, ended, last_value, price,
                min(numbers[:4]) <= 0, barring, held, log)
    return Outcome(tuple(w.entries), new)

def _contract(state: State, deal: Contract, t: tuple[int, ...], w: _Writer,
              nota: _Nota | None, every: bool = False) -> int | None:
    """``every``: option same_kind = all (every live symbol of a kind doubles and is used)."""
    players = state.players
    d = players.index(deal.declarer)
    p = (d + 2) % SEATS
    opps = ((d + 1) % SEATS, (d + 3) % SEATS)
    level = deal.level
    need = level if level > 7 else 7
    v = VALUES[need]
    passed = deal.partner_passed
    pair = t[d] + t[p]
    made = pair >= need
    twisters = tuple(players.index(n) for n in deal.twist) if deal.twist else ()

    # the nota: X and O of the declarer are used and crossed out; the pair's
    # dazin/operet double the pair (seed «нота» А, Б, В, Г)
    if nota is not None:
        if nota.live(d, "X") or nota.live(d, "O"):
            for _ in range(nota.cross(d, "X", every)):
                w.double(d, "(X)")
            for _ in range(nota.cross(d, "O", every)):
                w.double(opps[0], "(O)")
                w.double(opps[1], "(O)")
        for i in (d, p):
            seen: set[str] = set()
            for s in nota.symbols(i):
                if s.kind in ("dazin", "operet") and (every or s.kind not in seen):
                    seen.add(s.kind)
                    w.double(i, f"({s.kind})")
    if not made:
        for o in twisters:
            w.double(o, "(twist)")

    if made:
        over = pair - level
        w.to_remark(d, 10 * v, "made_remark_declarer", f"10 x {v}")
        if passed:
            w.to_gora(d, -pair, "made_gora", f"{_tricks_word(pair)} (with the passed partner's)")
        else:
            w.to_gora(d, -t[d], "made_gora", f"{_tricks_word(t[d])}")
            w.to_remark(p, v, "made_remark_other", f"1 x {v}")
            w.to_gora(p, -t[p], "made_gora", f"{_tricks_word(t[p])}")
            w.vist(p, d, v * t[p], "made_vists", f"{_tricks_word(t[p])} x {v}")
        factor = 3 if over > 0 else 2
        for o in opps:
            w.to_gora(o, -t[o], "made_gora", f"{_tricks_word(t[o])}")
            if o in twisters:
                w.to_remark(o, -factor * v, "twist_made_remark", f"-{factor} x {v}")
                w.to_gora(o, factor, "twist_made_gora", f"{factor} for the twist")
                w.vist(d, o, factor * v, "twist_made_vists", f"{factor} x {v}")
                if not passed:
                    w.vist(p, o, factor * v, "twist_made_vists", f"{factor} x {v}")
            else:
                w.to_remark(o, v, "made_remark_other", f"1 x {v}")
                w.vist(o, d, v * t[o], "made_vists", f"{_tricks_word(t[o])} x {v}")
    else:
        k = need - pair
        w.to_gora(d, v, "failed_gora_declarer", f"value {v}")
        w.to_remark(d, -v * k, "failed_remark_pair", f"{k} under x {v}")
        if not passed:
            w.to_gora(p, k, "failed_gora_partner", f"{k} under")
            w.to_remark(p, -v * k, "failed_remark_pair", f"{k} under x {v}")
            w.vist(d, p, v * k, "failed_vists_partner", f"{k} under x {v}")
        for o in opps:
            w.to_gora(o, -t[o], "failed_gora_opponent", f"{_tricks_word(t[o])}")
            w.to_remark(o, v, "failed_remark_opponent", f"1 x {v}")
            w.vist(o, d, v * t[o], "failed_vists_declarer", f"{_tricks_word(t[o])} x {v}")
            if not passed:
                w.vist(o, p, v * k, "failed_vists_partner", f"{k} under x {v}")
    if deal.opened:
        w.vist(p, d, v, "view_vist", f"1 vist x {v}")

    if nota is not None:
        nota.bar()
    if made and level >= 11 and nota is not None:  # the scoring opens the nota from 11 up
        kind = "dazin" if level == 12 else "operet"
        for i in (d, p):
            nota.write(i, kind)
    if made and level < 7 and pair <= 10:
        last = state.last_value
        return 2 * (last if last is not None else DEFAULT_ROUND_VALUE)
    return None

def _solo(deal: Solo, t: tuple[int, ...], s: int, w: _Writer, rules: Rules,
          nota: _Nota) -> None:
    v = deal.value
    ten = 10 * v
    others = tuple(i for i in range(SEATS) if i != s)
    everyone = (0, 1, 2, 3)
    if deal.kind == "bomb":
        over = t[s] - BOMB_MAX[deal.category]
        made = over <= 0
        if made:
            for i in everyone:
                w.to_gora(i, v * t[i], "bomb_made_gora", f"{_tricks_word(t[i])} x {v}")
                w.to_remark(i, -ten * t[i], "bomb_made_remark", f"{_tricks_word(t[i])} x {ten}")
            for i in everyone:
                for j in everyone:
                    if t[j] > t[i]:
                        w.vist(i, j, ten * (t[j] - t[i]), "bomb_made_vists",
                               f"{t[j]} - {t[i]} tricks x {ten}")
        else:
            w.to_gora(s, v * over, "bomb_failed_gora_soloist", f"{over} over x {v}")
            for i in others:
                w.to_gora(i, -v, "bomb_failed_gora_opponent", f"value {v}")
            for i in everyone:
                w.to_remark(i, -ten * over, "bomb_failed_remark", f"{over} over x {ten}")
            for i in others:
                w.vist(i, s, ten * over, "bomb_failed_vists", f"{over} over x {ten}")
    else:
        under = DIL_MIN[deal.category] - t[s]
        made = under <= 0
        if made:
            for i in everyone:
                w.to_gora(i, -v * t[i], "dil_made_gora", f"{_tricks_word(t[i])} x {v}")
                w.to_remark(i, ten * t[i], "dil_made_remark", f"{_tricks_word(t[i])} x {ten}")
            w.pairwise(t, ten, "dil_made_vists", everyone)
        else:
            literal = rules["dil_failure"] == "literal"
            per = 10 if literal else ten
            gora_per = 10 if literal else v
            w.to_gora(s, v * under, "dil_failed_gora_soloist", f"{under} under x {v}")
            w.to_remark(s, -per * under, "dil_failed_remark_soloist",
                        f"{under} under x {per}")
            for i in others:
                n = t[i] + under
                w.to_gora(i, -gora_per * n, "dil_failed_gora_opponent",
                          f"({_tricks_word(t[i])} + {under} under) x {gora_per}")
                w.to_remark(i, per * n, "dil_failed_remark_opponent",
                            f"({_tricks_word(t[i])} + {under} under) x {per}")
                w.vist(i, s, per * n, "dil_failed_vists_soloist",
                       f"({_tricks_word(t[i])} + {under} under) x {per}")
            w.pairwise(t, ten, "dil_failed_vists_opponents", others)
    # the nota: X for a made solo, O for the three who played against it (made or not)
    if made:
        nota.write(s, "X")
    for i in others:
        nota.write(i, "O")


def balance(state: State, rules: Rules) -> dict[str, Fraction]:
    """Each player's result in vists after the three settlement steps."""
    # 1: remark -= 10 x gora; 2: twice each remark difference as vists;
    # 3: vists netted pair by pair (seed «завершение партии и взаиморасчеты»)
    n = state.numbers
    final = [n[4 + i] - 10 * n[i] for i in range(SEATS)]
    total = sum(final)
    w = n[8:]
    out: dict[str, Fraction] = {}
    for i, name in enumerate(state.players):
        written = w[i * 4] + w[i * 4 + 1] + w[i * 4 + 2] + w[i * 4 + 3]
        received = w[i] + w[4 + i] + w[8 + i] + w[12 + i]
        out[name] = Fraction(2 * (SEATS * final[i] - total) + written - received)
    return out


def announce_next(state: State, dealer: str, players: tuple[str, ...],
                  rules: Rules) -> Label | None:
    """The twist round the next deal must be, with its price."""
    if state.round_price is not None and not state.finished:
        return Label("twist.next_round", (state.round_price, dealer))
    return None


def _tricks_word(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"
