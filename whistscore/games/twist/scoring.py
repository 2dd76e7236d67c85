"""Twist's scoring: the sheet between deals (gora, remark, vists, the nota) and each deal's entries.

Everything here follows spec twist.md's reading of seed 000: contracts 2..12
scored at least at the septet, the view vist, the partner who passes before
play, the twist announcement, bomb and dil, the automatic twist round, the nota
symbols (X, O, dazin, operet) whose doublings multiply, and the settlement's
balances.  Pure: a state and a deal in, the entries and the next state out.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from operator import itemgetter
from typing import Any, Callable, Hashable, NamedTuple, TypeVar, Union

import attrs

from ...errors import DealError
from ...game import DealContext, NextDeal, Outcome
from ...layout import Label
from ...ledger import FRACTIONS, Entry
from ...rules import Rules
from .deals import SEATS, Contract, Deal, Solo, TwistRound

__all__ = ["State", "Symbol", "symbol_text", "initial_state", "score", "is_finished", "balance",
           "next_deal", "VALUES", "BOMB_MAX", "DIL_MIN", "contract_value"]

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
        return symbol_text(self.kind, self.ended, self.bars)


def symbol_text(kind: str, ended: int | None, bars: int) -> str:
    """A nota symbol as ``--json`` writes it: ``X``, ``O(crossed d7)``, ``dazin|``."""
    if kind in ("X", "O"):
        return kind if ended is None else f"{kind}(crossed d{ended})"
    return kind + "|" * bars


#: a player's spent dazin/operet symbols, newest first: (symbol, rest) or None
SymbolLink = Union[tuple[Symbol, "SymbolLink"], None]
#: one X or O event: (seat, kind, deal, n); n = 0 writes one, n > 0 crosses out the n
#: oldest live ones of that seat
Event = tuple[int, str, int, int]
#: the table's X and O events, newest first: (event, rest) or None
EventLink = Union[tuple[Event, "EventLink"], None]

#: a nota symbol as (written, kind, ended, bars), the fields of :class:`Symbol`
Mark = tuple[int, str, Union[int, None], int]

#: the nota of a table where nobody holds a live symbol (compared by identity on the hot path)
_NO_SYMBOLS: tuple[tuple[Symbol, ...], ...] = ((), (), (), ())
#: live X and O counts of a table where nobody holds one (X of seats 0..3, then O of 0..3)
_NO_HELD: tuple[int, ...] = (0,) * 8


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
    #: the table's X and O history, newest first, as one linked list ((seat, kind, deal, n),
    #: rest): n = 0 writes one, n > 0 crosses out the seat's n oldest live ones (a long game
    #: holds many; one list, so that a deal adds its events without copying four)
    log: EventLink = None

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
        return tuple(Symbol(kind, written, ended, bars)
                     for written, kind, ended, bars in self.marks(i))

    def marks(self, i: int) -> list[Mark]:
        """Player ``i``'s nota as (written, kind, ended, bars) in the order written: what
        :meth:`nota` holds, without making an object per symbol (a long game has many)."""
        done: list[Mark] = []
        link: SymbolLink = self.ended[i]
        while link is not None:
            s = link[0]
            done.append((s.written, s.kind, s.ended, s.bars))
            link = link[1]
        events: list[tuple[str, int, int]] = []
        event: EventLink = self.log
        while event is not None:
            seat, kind, number, n = event[0]
            if seat == i:
                events.append((kind, number, n))
            event = event[1]
        # replayed oldest first; the oldest live X (or O) is crossed first
        written: dict[str, list[int]] = {"X": [], "O": []}
        crossed = {"X": 0, "O": 0}
        append = done.append
        for kind, number, n in reversed(events):
            if n == 0:
                written[kind].append(number)
            else:
                first = crossed[kind]
                if n == 1:
                    append((written[kind][first], kind, number, 0))
                else:
                    done += [(w, kind, number, 0) for w in written[kind][first:first + n]]
                crossed[kind] = first + n
        for kind in ("X", "O"):
            done += [(w, kind, None, 0) for w in written[kind][crossed[kind]:]]
        done += [(s.written, s.kind, s.ended, s.bars) for s in self.active[i]]
        done.sort(key=itemgetter(0))
        return done


class _Nota:
    """The dazin and operet symbols while one deal is scored: live ones change, ended
    ones are linked on (X and O are counts, kept by the writer: :meth:`_Sums.use`).

    Copy-on-write: opened only for a deal that bars or writes a symbol.
    """

    __slots__ = ("state", "number", "barring", "active", "ended")

    def __init__(self, state: State, number: int) -> None:
        self.state = state
        self.number = number
        self.barring = state.barring
        self.active = list(state.active)
        self.ended = list(state.ended)

    def result(self) -> tuple[tuple[tuple[Symbol, ...], ...], tuple[SymbolLink, ...]]:
        """(active, ended) for the next state."""
        active = tuple(self.active)
        return _NO_SYMBOLS if active == _NO_SYMBOLS else active, tuple(self.ended)

    def write(self, i: int, kind: str) -> None:
        """Write a dazin or operet, also beside a live one (seed «нота»: a symbol is
        written each time one is made)."""
        self.active[i] = self.active[i] + (Symbol(kind, self.number),)
        self.barring += 1

    def bar(self) -> None:
        """Every live dazin/operet written before this deal gets its bar; the second spends it."""
        if not self.barring:
            return
        active, ended = self.active, self.ended
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

_EVERYONE = (0, 1, 2, 3)
#: the three seats other than seat i
_OTHERS = ((1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2))

#: an entry's detail from up to three numbers: a label of the words in ``rules.LABELS``
#: (the "twist.d." block), made only when the entries are kept, so that ``settle``
#: (``DealContext.keep`` False) makes none
Detail = Callable[[int, int, int], Label]
#: a rule's writing function (:meth:`_Sums.run`): (writer, deal, price) -> what it returns
D = TypeVar("D", Contract, Solo, TwistRound)
R = TypeVar("R")
Writes = Callable[["_Sums", D, int], R]


#: a Label made without its Python-level __new__ (a third of the time)
_label = tuple.__new__
#: an Entry made so too
_new_entry = tuple.__new__
#: each detail is made once and shared (an evening repeats the same few hundred): fewer
#: objects for the garbage collector to walk than one label per entry
_shared = functools.lru_cache(maxsize=4096)


def _detail(key: str, count: int) -> Detail:
    """The detail function of one label of the "twist.d." block, taking its first
    ``count`` numbers (each detail made once and shared)."""
    @_shared
    def said(a: int, b: int, c: int) -> Label:
        return _label(Label, (key, (a, b, c)[:count]))
    return said


_d_tricks = _detail("twist.d.tricks", 1)
_d_times = _detail("twist.d.times", 2)
_d_tricks_times = _detail("twist.d.tricks_times", 2)
_d_with_passed = _detail("twist.d.with_passed", 1)
_d_for_twist = _detail("twist.d.for_twist", 1)
_d_value = _detail("twist.d.value", 1)
_d_under = _detail("twist.d.under", 1)
_d_under_times = _detail("twist.d.under_times", 2)
_d_over_times = _detail("twist.d.over_times", 2)
_d_view = _detail("twist.d.view", 1)
_d_difference = _detail("twist.d.difference", 3)
_d_plus_under = _detail("twist.d.plus_under", 3)


@_shared
def _doubled(detail: Label, why: Label) -> Label:
    """A detail doubled: "3 tricks x 4 x2 (dazin)"."""
    return _label(Label, ("twist.d.x2", (detail, why)))


#: a doubling's reason as :meth:`_Sums.double` is told it -> its words in a detail
_DOUBLED = {reason: Label(f"twist.d.why.{reason[1:-1]}")
            for reason in ("(X)", "(O)", "(dazin)", "(operet)", "(twist)")}


class _Sums:
    """The sums-only writer (``DealContext.keep`` False, what ``settle`` runs): the sheet's
    numbers after one deal and its nota, no entry.  :class:`_Writer` is the other writer
    of the same interface: it also writes each entry.

    A doubling covers a player's own entries: his remark and gora changes and the vists
    he writes (spec twist.md, Nota); ``mult[i]`` is the product of every doubling on
    player ``i`` this deal.  ``sums`` follows the layout of :attr:`State.numbers`.  The
    nota is opened only when a symbol changes.

    The rules write a deal's doublings and numbers in a function of the deal and what
    the nota holds for it alone (:func:`_contract_writes`, :func:`_solo_writes`,
    :func:`_round_writes`), handed to :meth:`run`: here what such a function does is
    worked out once per key (on a :class:`_Worked` writer) and then only repeated: the few
    numbers it adds and the X and O it uses (an evening repeats its deals; the memo holds
    one game's rules), so ``settle`` runs the same rules as ``show`` without paying a call
    per number or per doubling.
    """

    __slots__ = ("state", "number", "sums", "mult", "held", "log", "notes", "rules")

    #: the doublings of this deal by player (set by the writers that double: :class:`_Writer`
    #: and :class:`_Worked`; this one only repeats what they worked out)
    mult: list[int]

    def __init__(self, state: State, number: int, rules: Rules) -> None:
        self.state = state
        self.number = number
        self.rules = rules
        self.sums = [*state.numbers]
        self.held = state.held
        self.log = state.log
        self.notes: _Nota | None = None

    def run(self, key: Hashable, writes: Writes[D, R], deal: D, price: int = 0) -> R:
        """``writes(self, deal, price)``: what it does, taken from the memo when this ``key``
        (the deal and all that its doublings read) was worked out before."""
        global _memo
        memo = _memo
        if memo[0] is not self.rules:
            memo = _memo = (self.rules, {})
        done = memo[1].get(key)
        if done is None:
            worked = _Worked(self)
            result = writes(worked, deal, price)
            if len(memo[1]) >= _MEMO_SIZE:
                memo[1].clear()
            added = tuple((i, n) for i, n in enumerate(worked.sums) if n)
            done = memo[1][key] = (added, tuple(worked.taken), result)
        sums = self.sums
        for i, n in done[0]:  # the few numbers a deal writes, not all 24
            sums[i] += n
        if done[1]:
            for i, x, o in done[1]:
                self.take(i, x, o)
        return done[2]

    def nota(self) -> _Nota:
        """The dazin and operet symbols to change this deal (copied on first use)."""
        notes = self.notes
        if notes is None:
            notes = self.notes = _Nota(self.state, self.number)
        return notes

    def use(self, i: int, every: bool) -> tuple[int, int]:
        """Cross out player ``i``'s oldest live X and oldest live O (``every``: all of
        them), as his contract uses them; how many X and how many O.

        X and O are used oldest first, so the live ones are always the newest
        written and a count says which (:attr:`State.held`).
        """
        x, o = _to_use(self.held, i, every)
        if x or o:
            self.take(i, x, o)
        return x, o

    def take(self, i: int, x: int, o: int) -> None:
        """Cross out player ``i``'s ``x`` oldest live X and ``o`` oldest live O."""
        held = [*self.held]
        if x:
            held[i] -= x
            self.log = ((i, "X", self.number, x), self.log)
        if o:
            held[4 + i] -= o
            self.log = ((i, "O", self.number, o), self.log)
        self.held = tuple(held)

    def write(self, x_to: tuple[int, ...], o_to: tuple[int, ...]) -> None:
        """Write an X for each of ``x_to`` and an O for each of ``o_to``, also beside live
        ones (seed «нота»: a symbol is written each time a bomb or dil is played)."""
        held = [*self.held]
        log = self.log
        number = self.number
        for i in x_to:
            held[i] += 1
            log = ((i, "X", number, 0), log)
        for i in o_to:
            held[4 + i] += 1
            log = ((i, "O", number, 0), log)
        self.held = tuple(held)
        self.log = log

    def entries(self) -> tuple[Entry, ...]:
        return ()

    def double(self, i: int, reason: str, times: int = 1) -> None:
        """Double player ``i``'s entries this deal ``times`` times over."""
        self.mult[i] <<= times

    def gora(self, i: int, amount: int, rule: str, how: Detail, a: int, b: int = 0,
             c: int = 0) -> None:
        self.sums[i] += amount * self.mult[i]

    def remark(self, i: int, amount: int, rule: str, how: Detail, a: int, b: int = 0,
               c: int = 0) -> None:
        self.sums[4 + i] += amount * self.mult[i]

    def vist(self, i: int, j: int, amount: int, rule: str, how: Detail, a: int, b: int = 0,
             c: int = 0) -> None:
        """Player ``i`` writes ``amount`` vists on player ``j``."""
        self.sums[8 + i * 4 + j] += amount * self.mult[i]

    def pairwise(self, t: tuple[int, ...], price: int, rule: str, among: tuple[int, ...]) -> None:
        """Everyone in ``among`` writes price x the difference on each who took fewer."""
        for i in among:
            for j in among:
                if t[i] > t[j]:
                    self.vist(i, j, price * (t[i] - t[j]), rule, _d_difference, t[i], t[j], price)


def _to_use(held: tuple[int, ...], i: int, every: bool) -> tuple[int, int]:
    """How many X and how many O player ``i``'s contract uses of those he holds (``held``
    as :attr:`State.held`): the oldest of each kind, or all of them (``every``)."""
    x, o = held[i], held[4 + i]
    return (x, o) if every else (1 if x else 0, 1 if o else 0)


class _Worked(_Sums):
    """What a rule function does for one key, worked out once for :meth:`_Sums.run`: the
    numbers it adds (from nothing, under its doublings) and the X and O it uses (kept as
    (seat, X, O) to repeat on the real writer, not applied here)."""

    __slots__ = ("taken",)

    def __init__(self, real: _Sums) -> None:
        self.state = real.state
        self.number = real.number
        self.rules = real.rules
        self.sums = [0] * 24
        self.mult = [1, 1, 1, 1]
        self.held = real.held
        self.log = real.log
        self.notes = None
        self.taken: list[tuple[int, int, int]] = []

    def take(self, i: int, x: int, o: int) -> None:
        self.taken.append((i, x, o))


class _Writer(_Sums):
    """The writer that keeps the entries: :class:`_Sums` that also writes each entry, its
    detail saying which doubling ("3 tricks x 4 x2 (dazin)": each doubling a label around
    the one before)."""

    __slots__ = ("names", "why", "written")

    def __init__(self, state: State, number: int, rules: Rules) -> None:
        super().__init__(state, number, rules)
        self.mult = [1, 1, 1, 1]
        self.names = state.players
        self.why: list[tuple[Label, ...]] = [(), (), (), ()]
        self.written: list[Entry] = []

    def run(self, key: Hashable, writes: Writes[D, R], deal: D, price: int = 0) -> R:
        """``writes(self, deal, price)``: every entry is written (they name the deal)."""
        return writes(self, deal, price)

    def entries(self) -> tuple[Entry, ...]:
        return tuple(self.written)

    def double(self, i: int, reason: str, times: int = 1) -> None:
        super().double(i, reason, times)
        self.why[i] += (_DOUBLED[reason],) * times

    def _entry(self, i: int, column: str, amount: int, against: str | None, rule: str,
               how: Detail, a: int, b: int, c: int) -> int:
        """Write player ``i``'s entry under his doublings this deal (each a label around
        the detail before); the amount written, for the sums.  tuple.__new__ builds the
        Entry without its Python-level __new__ (a deal writes about ten)."""
        detail = how(a, b, c)
        m = self.mult[i]
        if m != 1:
            amount *= m
            for why in self.why[i]:
                detail = _doubled(detail, why)
        self.written.append(_new_entry(Entry, (self.number, self.names[i], column, amount,
                                               against, rule, detail)))
        return amount

    def gora(self, i: int, amount: int, rule: str, how: Detail, a: int, b: int = 0,
             c: int = 0) -> None:
        if amount:
            self.sums[i] += self._entry(i, "gora", amount, None, rule, how, a, b, c)

    def remark(self, i: int, amount: int, rule: str, how: Detail, a: int, b: int = 0,
               c: int = 0) -> None:
        if amount:
            self.sums[4 + i] += self._entry(i, "remark", amount, None, rule, how, a, b, c)

    def vist(self, i: int, j: int, amount: int, rule: str, how: Detail, a: int, b: int = 0,
             c: int = 0) -> None:
        if amount:
            self.sums[8 + i * 4 + j] += self._entry(i, "vists", amount, self.names[j], rule,
                                                    how, a, b, c)


#: what :meth:`_Sums.run` worked out for the game whose rules it last scored: key ->
#: (what the deal adds to :attr:`State.numbers` as (index, amount) pairs, the X and O it
#: uses as (seat, X, O), what the rule returned); read whole, so
#: a second game scored meanwhile in another thread replaces it and never mixes with it
_memo: tuple[Rules | None, dict[Hashable, tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...], Any]]] = (None, {})
_MEMO_SIZE = 1 << 15


# -- scoring -------------------------------------------------------------------

_new_state = tuple.__new__

def initial_state(players: tuple[str, ...], rules: Rules) -> State:
    """Every gora at the agreed size (seed «цель»), nothing else written."""
    gora = rules["gora"]
    return State(tuple(players), (gora,) * SEATS + (0,) * 20, _NO_SYMBOLS, (None,) * SEATS)


def is_finished(state: State) -> bool:
    """A gora has reached 0: the game is over (seed «цель»)."""
    return state.finished


def score(state: State, deal: Deal, ctx: DealContext) -> Outcome[State]:
    """The entries ``deal`` writes on ``state`` and the state after it (pure).

    One path for both replays: ``DealContext.keep`` only picks the writer, the one
    that keeps the entries (``show``) or the one that keeps only the sums (``settle``).

    :raises DealError: a twist round is due and this is no round, or the reverse.
    """
    keep = ctx.keep
    due = state.round_price
    w = _Writer(state, ctx.number, ctx.rules) if keep else _Sums(state, ctx.number, ctx.rules)
    last_value: int | None
    price: int | None
    if isinstance(deal, Contract):
        if due is not None:
            raise _round_due(due)
        level = deal.level
        last_value = VALUES[level if level > 7 else 7]
        price = _contract(state, deal, w)
    elif isinstance(deal, TwistRound):
        if due is None:
            raise DealError("no twist round is due: it follows only a made contract below "
                            "septet in which the declaring pair took 7 to 10 tricks",
                            field="twist_round", value=True, key="twist.no_round")
        w.run((deal, due), _round_writes, deal, due)
        last_value, price = None, None
        if state.barring:
            w.nota().bar()
    else:
        if due is not None:
            raise _round_due(due)
        last_value, price = deal.value, None
        if state.barring:
            w.nota().bar()
        made = w.run(deal, _solo_writes, deal)
        # the nota: X for a made solo, O for the three who played against it (made or not)
        w.write((deal.seat,) if made else (), _OTHERS[deal.seat])
    sums = w.sums
    numbers = tuple(sums)
    nota = w.notes
    # tuple.__new__ builds the named tuple without the Python-level State.__new__
    if nota is None:
        new = _new_state(State, (state.players, numbers, state.active, state.ended, last_value,
                                 price, sums[0] <= 0 or sums[1] <= 0 or sums[2] <= 0 or sums[3] <= 0,
                                 state.barring, w.held, w.log))
    else:
        active, ended = nota.result()
        new = _new_state(State, (state.players, numbers, active, ended, last_value, price,
                                 sums[0] <= 0 or sums[1] <= 0 or sums[2] <= 0 or sums[3] <= 0,
                                 nota.barring, w.held, w.log))
    return Outcome(w.entries() if keep else (), new)


def _round_due(due: int) -> DealError:
    return DealError(f"a twist round is due (price {due} per trick); record it as "
                     "{\"twist_round\": true, ...} / 'round 3/3/3/3'",
                     field="twist_round", value=False, key="twist.round_due", args=(due,))


def _round_writes(w: _Sums, deal: TwistRound, price: int) -> None:
    """The twist round: each writes the round's price x the difference on each who took
    fewer tricks (seed «твист»)."""
    w.pairwise(deal.counts, price, "twist_round_vists", _EVERYONE)


def _contract(state: State, deal: Contract, w: _Sums) -> int | None:
    """The contract: its doublings and entries (:func:`_contract_writes`), its nota; the
    price of the twist round it makes due, if any."""
    d = deal.seat
    p = (d + 2) % SEATS
    held = state.held
    active = state.active
    # the key holds all that the doublings read: the declarer's X and O that the
    # contract uses, and the pair's live dazin/operet kinds (rare: only after a made 11 or 12)
    if held[d] or held[4 + d]:
        x, o = _to_use(held, d, w.rules["same_kind"] == "all")
    else:
        x = o = 0
    if active is _NO_SYMBOLS or not (active[d] or active[p]):
        key: Hashable = (deal, x, o)
    else:
        key = (deal, x, o, tuple(s.kind for s in active[d]), tuple(s.kind for s in active[p]))
    made = w.run(key, _contract_writes, deal)
    if state.barring:
        w.nota().bar()
    if made:
        level = deal.level
        if level >= 11:
            nota = w.nota()
            kind = "dazin" if level == 12 else "operet"
            nota.write(d, kind)
            nota.write(p, kind)
        elif level < 7:
            t = deal.counts
            if t[d] + t[p] <= 10:
                last = state.last_value
                return 2 * (last if last is not None else DEFAULT_ROUND_VALUE)
    return None


def _contract_writes(w: _Sums, deal: Contract, price: int) -> bool:
    """A contract's doublings and what it writes (spec twist.md, "Contract value and
    result"); whether it was made."""
    t = deal.counts
    d = deal.seat
    p = (d + 2) % SEATS
    o1, o2 = (d + 1) % SEATS, (d + 3) % SEATS
    level = deal.level
    need = level if level > 7 else 7
    v = VALUES[need]
    passed = deal.partner_passed
    pair = t[d] + t[p]
    made = pair >= need

    # the nota: X and O of the declarer are used and crossed out; the pair's
    # dazin/operet double the pair (seed «нота» А, Б, В, Г).  Option same_kind = all:
    # every live symbol of a kind doubles and is used.
    every = w.rules["same_kind"] == "all"
    held = w.held
    if held[d] or held[4 + d]:
        x, o = w.use(d, every)
        if x:
            w.double(d, "(X)", x)
        if o:
            w.double(o1, "(O)", o)
            w.double(o2, "(O)", o)
    active = w.state.active
    if active is not _NO_SYMBOLS and (active[d] or active[p]):
        for i in (d, p):
            seen: set[str] = set()
            for s in active[i]:
                if s.kind in ("dazin", "operet") and (every or s.kind not in seen):
                    seen.add(s.kind)
                    w.double(i, f"({s.kind})")
    if not made:
        for o in deal.twisters:
            w.double(o, "(twist)")

    gora, remark, vist = w.gora, w.remark, w.vist
    if made:
        remark(d, 10 * v, "made_remark_declarer", _d_times, 10, v)
        if passed:
            gora(d, -pair, "made_gora", _d_with_passed, pair)
        else:
            gora(d, -t[d], "made_gora", _d_tricks, t[d])
            remark(p, v, "made_remark_other", _d_times, 1, v)
            gora(p, -t[p], "made_gora", _d_tricks, t[p])
            vist(p, d, v * t[p], "made_vists", _d_tricks_times, t[p], v)
        factor = 3 if pair > level else 2
        twisters = deal.twisters
        for o in (o1, o2):
            gora(o, -t[o], "made_gora", _d_tricks, t[o])
            if o in twisters:
                remark(o, -factor * v, "twist_made_remark", _d_times, -factor, v)
                gora(o, factor, "twist_made_gora", _d_for_twist, factor)
                vist(d, o, factor * v, "twist_made_vists", _d_times, factor, v)
                if not passed:
                    vist(p, o, factor * v, "twist_made_vists", _d_times, factor, v)
            else:
                remark(o, v, "made_remark_other", _d_times, 1, v)
                vist(o, d, v * t[o], "made_vists", _d_tricks_times, t[o], v)
    else:
        k = need - pair
        gora(d, v, "failed_gora_declarer", _d_value, v)
        remark(d, -v * k, "failed_remark_pair", _d_under_times, k, v)
        if not passed:
            gora(p, k, "failed_gora_partner", _d_under, k)
            remark(p, -v * k, "failed_remark_pair", _d_under_times, k, v)
            vist(d, p, v * k, "failed_vists_partner", _d_under_times, k, v)
        for o in (o1, o2):
            gora(o, -t[o], "failed_gora_opponent", _d_tricks, t[o])
            remark(o, v, "failed_remark_opponent", _d_times, 1, v)
            vist(o, d, v * t[o], "failed_vists_declarer", _d_tricks_times, t[o], v)
            if not passed:
                vist(o, p, v * k, "failed_vists_partner", _d_under_times, k, v)
    if deal.opened:
        vist(p, d, v, "view_vist", _d_view, v)
    return made


def _solo_writes(w: _Sums, deal: Solo, price: int) -> bool:
    """What a bomb or dil writes (spec twist.md, "Bomb and dil"); whether it was made."""
    t = deal.counts
    s = deal.seat
    v = deal.value
    ten = 10 * v
    others = _OTHERS[s]
    everyone = _EVERYONE
    gora, remark, vist = w.gora, w.remark, w.vist
    if deal.kind == "bomb":
        over = t[s] - BOMB_MAX[deal.category]
        made = over <= 0
        if made:
            for i in everyone:
                gora(i, v * t[i], "bomb_made_gora", _d_tricks_times, t[i], v)
                remark(i, -ten * t[i], "bomb_made_remark", _d_tricks_times, t[i], ten)
            for i in everyone:
                for j in everyone:
                    if t[j] > t[i]:
                        vist(i, j, ten * (t[j] - t[i]), "bomb_made_vists",
                               _d_difference, t[j], t[i], ten)
        else:
            gora(s, v * over, "bomb_failed_gora_soloist", _d_over_times, over, v)
            for i in others:
                gora(i, -v, "bomb_failed_gora_opponent", _d_value, v)
            for i in everyone:
                remark(i, -ten * over, "bomb_failed_remark", _d_over_times, over, ten)
            for i in others:
                vist(i, s, ten * over, "bomb_failed_vists", _d_over_times, over, ten)
    else:
        under = DIL_MIN[deal.category] - t[s]
        made = under <= 0
        if made:
            for i in everyone:
                gora(i, -v * t[i], "dil_made_gora", _d_tricks_times, t[i], v)
                remark(i, ten * t[i], "dil_made_remark", _d_tricks_times, t[i], ten)
            w.pairwise(t, ten, "dil_made_vists", everyone)
        else:
            literal = w.rules["dil_failure"] == "literal"
            per = 10 if literal else ten
            gora_per = 10 if literal else v
            gora(s, v * under, "dil_failed_gora_soloist", _d_under_times, under, v)
            remark(s, -per * under, "dil_failed_remark_soloist", _d_under_times, under, per)
            for i in others:
                n = t[i] + under
                gora(i, -gora_per * n, "dil_failed_gora_opponent",
                       _d_plus_under, t[i], under, gora_per)
                remark(i, per * n, "dil_failed_remark_opponent",
                         _d_plus_under, t[i], under, per)
                vist(i, s, per * n, "dil_failed_vists_soloist",
                       _d_plus_under, t[i], under, per)
            w.pairwise(t, ten, "dil_failed_vists_opponents", others)
    return made


def balance(state: State, rules: Rules) -> dict[str, Fraction]:
    """Each player's result in vists after the three settlement steps, each value's
    Fraction made once (ledger.Shared: a replay with history counts this every deal)."""
    # 1: remark -= 10 x gora; 2: twice each remark difference as vists;
    # 3: vists netted pair by pair (seed «завершение партии и взаиморасчеты»)
    n = state.numbers
    final = [n[4 + i] - 10 * n[i] for i in range(SEATS)]
    total = sum(final)
    w = n[8:]
    shared = FRACTIONS
    out: dict[str, Fraction] = {}
    for i, name in enumerate(state.players):
        written = w[i * 4] + w[i * 4 + 1] + w[i * 4 + 2] + w[i * 4 + 3]
        received = w[i] + w[4 + i] + w[8 + i] + w[12 + i]
        out[name] = shared[2 * (SEATS * final[i] - total) + written - received]
    return out


def next_deal(state: State, dealer: str, players: tuple[str, ...],
              rules: Rules) -> NextDeal | None:
    """A twist round is due after a made contract below the twist level (spec twist.md),
    at its price: said on the command line, drawn under the sheet, the form set to it."""
    price = state.round_price
    if price is None or state.finished:
        return None
    return NextDeal(said=Label("twist.next_round", (price, dealer)), due="twist_round",
                    drawn=Label("twist.draw.round_due", (price,)),
                    form=Label("twist.form.round_due", (price,)), preset={"_kind": "round"})
