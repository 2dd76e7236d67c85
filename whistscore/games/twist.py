"""Twist: four players, temporary pairs, gora / remark / vists and the nota.

The only public description of Twist is seed 000 (a Russian encyclopedia
entry that itself warns the rules are confusing); ``spec/twist.md`` fixes a
reading for each unclear sentence and ``docs/twist.md`` lists the readings we
chose beyond it.  Everything here follows the spec: contracts 2..12 scored at
least at the septet, the view vist, the partner who passes before play, the
twist announcement, bomb and dil, the automatic twist round, the nota symbols
(X, O, dazin, operet) whose doublings multiply, and the three settlement steps.

Seats: ``players[0]`` & ``players[2]`` and ``players[1]`` & ``players[3]`` are
partners, so the partner of seat ``i`` is seat ``(i + 2) % 4``.
"""

from __future__ import annotations

import re
from fractions import Fraction
from operator import add
from typing import Any, Mapping, NamedTuple

import attrs

from ..checks import notation_text, player
from ..errors import DealError
from ..game import DealContext, GameType, NotationForm, Outcome, RuleText
from ..layout import Label, Phrase, Table
from ..ledger import Entry
from ..rules import Choice, Integer, Option, RuleBook, Rules
from . import twist_fields
from . import twist_notation

__all__ = ["Twist", "GAME", "Contract", "Solo", "TwistRound", "Symbol", "TwistState",
           "contract_value"]

SEATS = 4
TRICKS = 12
#: contract value by the level that must be taken (below septet counts as septet)
VALUES = {7: 5, 8: 6, 9: 7, 10: 8, 11: 9, 12: 10}
DENOMINATIONS = ("S", "C", "D", "H", "NT")
_SUIT_SIGNS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}
#: bomb: most tricks the soloist may take; dil: fewest he must take
BOMB_MAX = {"simple": 2, "double": 1, "clean": 0, "all": 0}
DIL_MIN = {"simple": 4, "double": 5, "clean": 6, "all": 6}
SOLO_VALUES = {"simple": (1, 2), "double": (2, 3, 4), "clean": (4,), "all": (1, 2, 3, 4)}
CATEGORIES = tuple(SOLO_VALUES)
#: value of the deal before a twist round when there is none (or it was a twist round)
DEFAULT_ROUND_VALUE = 5
KINDS = ("X", "O", "dazin", "operet")
#: the nota of a table where nobody holds a live symbol (compared by identity on the hot path)
_NO_SYMBOLS: tuple = ((), (), (), ())
#: live X and O counts of a table where nobody holds one (X of seats 0..3, then O of 0..3)
_NO_HELD: tuple = (0,) * 8
_NO_LOG: tuple = (None,) * 4

_CONTRACT_KEYS = ("declarer", "contract", "tricks", "opened", "partner_passed", "twist")
_SOLO_KEYS = ("value", "declarer", "tricks")
_ROUND_KEYS = ("twist_round", "tricks")
_CONTRACT_RE = re.compile(r"^(1[0-2]|[2-9])(NT|S|C|D|H|♠|♣|♦|♥)$", re.IGNORECASE)


def contract_value(level: int) -> int:
    """v: the value of a contract; below septet it is priced as the septet it must take."""
    return VALUES[max(level, 7)]


# -- deal values ---------------------------------------------------------------

Tricks = tuple[tuple[str, int], ...]  # (player, tricks) in seating order


@attrs.frozen(slots=True)
class Contract:
    """A normal contract, level 2..12, played by the declarer and his partner."""

    declarer: str
    level: int
    denomination: str
    tricks: Tricks
    opened: bool = False
    partner_passed: bool = False
    twist: tuple[str, ...] = ()  # opponents who announced twist, in seating order
    #: the tricks alone, in seating order (derived; kept for fast scoring)
    counts: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "counts", tuple(n for _, n in self.tricks))

    @property
    def contract(self) -> str:
        return f"{self.level}{self.denomination}"


@attrs.frozen(slots=True)
class Solo:
    """A bomb or a dil: the soloist against the three others."""

    kind: str  # "bomb" or "dil"
    category: str
    value: int
    declarer: str
    tricks: Tricks
    #: the tricks alone, in seating order (derived; kept for fast scoring)
    counts: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "counts", tuple(n for _, n in self.tricks))


@attrs.frozen(slots=True)
class TwistRound:
    """The automatic no-trump deal after a made contract below septet (everyone for himself)."""

    tricks: Tricks
    #: the tricks alone, in seating order (derived; kept for fast scoring)
    counts: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "counts", tuple(n for _, n in self.tricks))


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


class TwistState(NamedTuple):
    """The sheet after a deal (a named tuple: immutable and cheap to build once per deal)."""

    players: tuple[str, ...]
    #: the numbers of the sheet, flat: 4 goras, 4 remarks, then vists[8 + i * 4 + j], what
    #: player i wrote on player j (one tuple per deal keeps scoring cheap)
    numbers: tuple[int, ...]
    #: each player's live dazin or operet symbols (fewer than 2 bars)
    active: tuple[tuple[Symbol, ...], ...]
    #: each player's spent dazin or operet symbols, newest first, as a linked list (symbol, rest)
    ended: tuple[Any, ...]
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
    log: tuple[Any, ...] = _NO_LOG

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
        done = []
        link = self.ended[i]
        while link is not None:
            done.append(link[0])
            link = link[1]
        events = []
        link = self.log[i]
        while link is not None:
            events.append(link[0])
            link = link[1]
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

    Copy-on-write: most deals change no symbol, so nothing is copied for them.
    """

    __slots__ = ("active", "ended", "number", "barring", "changed", "held", "log", "noted")

    def __init__(self, state: TwistState, number: int) -> None:
        self.active = state.active
        self.ended = state.ended
        self.number = number
        self.barring = state.barring
        self.changed = False
        self.held = state.held
        self.log = state.log
        self.noted = False

    def _change(self) -> None:
        if not self.changed:
            self.active = list(self.active)
            self.ended = list(self.ended)
            self.changed = True

    def _note(self) -> None:
        if not self.noted:
            self.held = list(self.held)
            self.log = list(self.log)
            self.noted = True

    def result(self) -> tuple:
        """(active, ended, held, log) for the next state."""
        active, ended, held, log = self.active, self.ended, self.held, self.log
        if self.changed:
            active = tuple(active)
            active = _NO_SYMBOLS if active == _NO_SYMBOLS else active
            ended = tuple(ended)
        if self.noted:
            held = tuple(held)
            held = _NO_HELD if held == _NO_HELD else held
            log = tuple(log)
        return active, ended, held, log

    def live(self, i: int, kind: str) -> int:
        """How many live X (or O) player ``i`` holds."""
        return self.held[i if kind == "X" else 4 + i]

    def write(self, i: int, kind: str) -> None:
        """Write a symbol, also beside a live one of the same kind (seed «нота»: it is
        written each time a bomb/dil or a dazin/operet is made)."""
        if kind in ("X", "O"):
            self._note()
            self.held[i if kind == "X" else 4 + i] += 1
            self.log[i] = ((kind, self.number, 0), self.log[i])
            return
        self._change()
        self.active[i] = self.active[i] + (Symbol(kind, self.number),)
        self.barring += 1

    def cross(self, i: int, kind: str, every: bool) -> int:
        """Cross out the player's oldest live X or O (``every``: all of them); how many."""
        slot = i if kind == "X" else 4 + i
        n = self.held[slot]
        if not n:
            return 0
        if not every:
            n = 1
        self._note()
        self.held[slot] -= n
        self.log[i] = ((kind, self.number, n), self.log[i])
        return n

    def bar(self) -> None:
        """Every live dazin/operet written before this deal gets its bar; the second spends it."""
        if not self.barring:
            return
        self._change()
        for i, live in enumerate(self.active):
            keep = []
            for s in live:
                if s.written < self.number:
                    if s.bars + 1 >= 2:
                        self.ended[i] = (Symbol(s.kind, s.written, self.number, 2), self.ended[i])
                        self.barring -= 1
                        continue
                    s = Symbol(s.kind, s.written, None, s.bars + 1)
                keep.append(s)
            self.active[i] = tuple(keep)


# -- writing entries -----------------------------------------------------------

_SINGLE = (1, 1, 1, 1)


class _Writer:
    """Collects one deal's entries and their sums, applying each writer's doubling.

    A doubling covers a player's own entries: his remark and gora changes and
    the vists he writes (spec twist.md, Nota).  ``mult[i]`` is the product of
    every doubling on player ``i`` this deal and ``why[i]`` says which.
    ``sums`` follows the layout of :attr:`TwistState.numbers`.
    """

    __slots__ = ("number", "names", "mult", "why", "entries", "sums", "keep")

    def __init__(self, number: int, names: tuple[str, ...], keep: bool = True) -> None:
        self.number = number
        self.keep = keep  # False: entries are not kept (DealContext.keep), only the sums
        self.names = names
        self.mult = _SINGLE
        self.why = None
        self.entries: list[Entry] = []
        self.sums = [0] * 24

    def double(self, i: int, reason: str) -> None:
        if self.why is None:
            self.mult = [1, 1, 1, 1]
            self.why = ["", "", "", ""]
        self.mult[i] *= 2
        self.why[i] += f" x2 {reason}"

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


# -- the rule catalogue ----------------------------------------------------------

_SCORE = "seed 000 «счет и запись»"
_TWIST = "seed 000 «твист»"
_RULES: dict[str, RuleText] = {
    "made_remark_declarer": RuleText(
        "contract made: declarer's remark 10 x value", "контракт выполнен: разыгрывающему в ремарк "
        "удесятеренная стоимость", f"{_SCORE} ¶4"),
    "made_remark_other": RuleText(
        "contract made: the others' remark 1 x value", "контракт выполнен: остальным в ремарк "
        "одинарная стоимость", f"{_SCORE} ¶4"),
    "made_gora": RuleText(
        "contract made: 1 off the gora per own trick", "контракт выполнен: с горы по 1 за взятку",
        f"{_SCORE} ¶4"),
    "made_vists": RuleText(
        "contract made: vists on the declarer, value per trick", "контракт выполнен: висты на "
        "разыгрывающего по стоимости за взятку", f"{_SCORE} ¶4"),
    "view_vist": RuleText(
        "1 vist for the view (partner's cards opened)", "1 вист «за просмотр»",
        f"{_SCORE} ¶2; «разыгрывание»"),
    "failed_gora_declarer": RuleText(
        "contract failed: value into the declarer's gora", "подсад: разыгрывающий пишет в гору "
        "стоимость игры", f"{_SCORE} ¶5"),
    "failed_gora_partner": RuleText(
        "contract failed: 1 into the partner's gora per undertrick", "подсад: вистующий пишет в "
        "гору по 1 за андер", f"{_SCORE} ¶5"),
    "failed_gora_opponent": RuleText(
        "contract failed: 1 off an opponent's gora per trick", "подсад: противники списывают с "
        "горы по 1 за взятку", f"{_SCORE} ¶5"),
    "failed_remark_pair": RuleText(
        "contract failed: value per undertrick off the pair's remark", "подсад: разыгрывающая "
        "пара списывает с ремарка стоимость за андер", f"{_SCORE} ¶5"),
    "failed_remark_opponent": RuleText(
        "contract failed: value into an opponent's remark", "подсад: противникам в ремарк "
        "стоимость контракта", f"{_SCORE} ¶5"),
    "failed_vists_declarer": RuleText(
        "contract failed: opponents' vists on the declarer, value per trick", "подсад: висты "
        "противников на объявившего за взятку", f"{_SCORE} ¶5"),
    "failed_vists_partner": RuleText(
        "contract failed: vists on the partner, value per undertrick", "подсад: висты на "
        "вистующего за каждый андер", f"{_SCORE} ¶5"),
    "twist_made_remark": RuleText(
        "twist, contract made: twister's remark -2 (-3 with overtricks) x value",
        "твист, контракт выполнен: твистирующий списывает с ремарка двойную (тройную) стоимость",
        _TWIST),
    "twist_made_gora": RuleText(
        "twist, contract made: 2 (3) into the twister's gora", "твист, контракт выполнен: "
        "твистирующий пишет в гору 2 (3) очка «за твист»", _TWIST),
    "twist_made_vists": RuleText(
        "twist, contract made: 2 (3) x value on the twister", "твист, контракт выполнен: "
        "разыгрывающие пишут на твистирующего двойную (тройную) стоимость", _TWIST),
    "bomb_made_gora": RuleText(
        "bomb made: value x own tricks into the gora", "бомба: в гору стоимость x взятки",
        f"{_SCORE} ¶6"),
    "bomb_made_remark": RuleText(
        "bomb made: 10 x value x own tricks off the remark", "бомба: с ремарка удесятеренная "
        "стоимость за взятку", f"{_SCORE} ¶6"),
    "bomb_made_vists": RuleText(
        "bomb made: 10 x value per trick of difference on who took more", "бомба: разность "
        "вистов на взявшего больше", f"{_SCORE} ¶6"),
    "bomb_failed_gora_soloist": RuleText(
        "bomb failed: value per overtrick into the soloist's gora", "подсад на бомбе: севший "
        "пишет в гору по стоимости за овер", f"{_SCORE} ¶7"),
    "bomb_failed_gora_opponent": RuleText(
        "bomb failed: value off each opponent's gora", "подсад на бомбе: противники списывают с "
        "горы стоимость игры", f"{_SCORE} ¶7"),
    "bomb_failed_remark": RuleText(
        "bomb failed: 10 x value per overtrick off every remark", "подсад на бомбе: с ремарка "
        "удесятеренная цена за овер", f"{_SCORE} ¶7"),
    "bomb_failed_vists": RuleText(
        "bomb failed: 10 x value per overtrick on the soloist", "подсад на бомбе: висты на "
        "севшего за овер", f"{_SCORE} ¶7"),
    "dil_made_gora": RuleText(
        "dil made: value x own tricks off the gora", "дил: с горы стоимость x взятки",
        f"{_SCORE} ¶8"),
    "dil_made_remark": RuleText(
        "dil made: 10 x value x own tricks into the remark", "дил: в ремарк удесятеренная "
        "стоимость за взятку", f"{_SCORE} ¶8"),
    "dil_made_vists": RuleText(
        "dil made: 10 x value per trick of difference on who took fewer", "дил: разность "
        "вистов на взявшего меньше", f"{_SCORE} ¶8"),
    "dil_failed_gora_soloist": RuleText(
        "dil failed: value per undertrick into the soloist's gora", "подсад на диле: "
        "разыгрывающий пишет в гору стоимость за андер", f"{_SCORE} ¶9"),
    "dil_failed_remark_soloist": RuleText(
        "dil failed: per undertrick off the soloist's remark", "подсад на диле: севший "
        "списывает с ремарка за андеры", f"{_SCORE} ¶9"),
    "dil_failed_gora_opponent": RuleText(
        "dil failed: (tricks + undertricks) off an opponent's gora", "подсад на диле: "
        "противник списывает с горы (взятки + андеры)", f"{_SCORE} ¶9"),
    "dil_failed_remark_opponent": RuleText(
        "dil failed: (tricks + undertricks) into an opponent's remark", "подсад на диле: "
        "противник пишет в ремарк (взятки + андеры)", f"{_SCORE} ¶9"),
    "dil_failed_vists_soloist": RuleText(
        "dil failed: (tricks + undertricks) on the soloist", "подсад на диле: висты на "
        "разыгрывающего (взятки + андеры)", f"{_SCORE} ¶9"),
    "dil_failed_vists_opponents": RuleText(
        "dil failed: the opponents' vists on each other", "подсад на диле: противники пишут "
        "висты друг на друга на обычной основе", f"{_SCORE} ¶9"),
    "twist_round_vists": RuleText(
        "twist round: price per trick of difference on who took fewer", "розыгрыш твиста: "
        "разница взяток на имеющего меньше", "seed 000 «розыгрыш твиста»"),
    "settle_gora": RuleText(
        "settlement 1: 10 x the gora left off the remark", "расчет 1: остаток горы x 10 из "
        "ремарка", "seed 000 «завершение партии и взаиморасчеты» 1"),
    "settle_remark": RuleText(
        "settlement 2: twice the remark difference as vists", "расчет 2: удвоенная разница "
        "ремарков в висты", "seed 000 «завершение партии и взаиморасчеты» 2"),
    "settle_vists": RuleText(
        "settlement 3: vists netted pair by pair", "расчет 3: взаиморасчет по вистам",
        "seed 000 «завершение партии и взаиморасчеты» 3"),
}

_LABELS: dict[str, tuple[str, str]] = {
    "twist.res.round": ("twist round", "розыгрыш твиста"),
    "twist.res.failed_over": ("failed, {0} over", "без выполнения, {0} лишних"),
    "twist.res.failed_under": ("failed, {0} under", "без выполнения, без {0}"),
    "twist.res.twist2": ("(twist x2)", "(твист ×2)"),
    "twist.res.twist3": ("(twist x3)", "(твист ×3)"),
    "twist.res.round_due": ("twist round at {0}", "розыгрыш твиста по {0}"),
    "twist.next_round": ("next: the twist round at {0} a trick (round 1/2/3/4), {1} deals",
                         "дальше розыгрыш твиста по {0} за взятку (round 1/2/3/4), сдаёт {1}"),
    "twist.vists_on": ("vists on {0}", "висты на {0}"),
    "twist.end.step1": ("End of the game, step 1: every remark less 10 x its gora",
                        "Конец партии, шаг 1: ремарк минус 10 x гора"),
    "twist.end.final": ("remark - 10 x gora", "ремарк - 10 x гора"),
    "twist.end.step2": ("Step 2: for each pair the larger remark writes twice the difference, "
                        "netted with the vists the two wrote on each other",
                        "Шаг 2: в каждой паре больший ремарк пишет двойную разницу, "
                        "за вычетом вистов друг на друга"),
    "twist.end.pair": ("Pair", "Пара"),
    "twist.end.doubled": ("2 x difference", "2 x разница"),
    "twist.end.vists": ("vists net", "висты, сальдо"),
    "twist.end.first_wins": ("the first wins", "выигрыш первого"),
    "twist.symbol": ("Symbol", "Значок"),
    "twist.written": ("Written in deal", "Записан в сдаче"),
    "twist.status": ("Status", "Состояние"),
    "twist.active": ("active", "действует"),
    "twist.crossed": ("crossed out in deal {0}", "зачеркнут в сдаче {0}"),
    "twist.bars": ("{0} bar(s)", "черт: {0}"),
    "twist.spent": ("spent (2 bars) in deal {0}", "погашен (2 черты) в сдаче {0}"),
    "twist.nota_title": ("Nota", "Нота"),
    "twist.running": ("Gora and remark after each deal", "Гора и ремарк по сдачам"),
    "twist.gora_of": ("gora {0}", "гора {0}"),
    "twist.remark_of": ("remark {0}", "ремарк {0}"),
    "twist.round_due": ("twist round due", "следует розыгрыш твиста"),
    "twist.sym_crossed": ("{0}(crossed d{1})", "{0} (зачёркнут в сдаче {1})"),
    "twist.sym_bars": ("{0}{1}", "{0}{1}"),
    "twist.kind.dazin": ("dazin", "дазин"),
    "twist.kind.operet": ("operet", "оперет"),
}


def _tricks_word(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


def _check_rules(values: Mapping[str, Any]) -> None:
    if values["gora"] < 1:
        raise ValueError("the gora must be at least 1")


RULEBOOK = RuleBook(
    game="twist",
    options=(
        Option("gora", Integer(1, 1_000_000),
               "the number every player writes into his gora at the start; the game ends when "
               "a gora reaches 0"),
        Option("dil_failure", Choice(("scaled", "literal")),
               "a failed dil: 'scaled' prices the opponents' gora at the value and remark and "
               "vists at 10 x value per trick (the seed's pattern elsewhere); 'literal' uses the "
               "printed 10 (not value or 10 x value)"),
        Option("same_kind", Choice(("one", "all")),
               "several live nota symbols of one kind (seed 000 «нота»: a symbol is written each "
               "time): one (a contract uses and crosses the oldest X or O; overlapping dazin or "
               "operet windows double a deal once) or all (every live symbol doubles, all are "
               "crossed)"),
    ),
    presets={"seed": {"gora": 30, "dil_failure": "scaled", "same_kind": "one"}},
    default_preset="seed",
    preset_docs={"seed": "seed 000 as read by spec twist.md"},
    check=_check_rules,
)


# -- small parsers -------------------------------------------------------------

def _int(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DealError("must be a whole number", field=field, value=value)
    return value


def _bool(obj: Mapping[str, Any], key: str) -> bool | None:
    if key not in obj:
        return None
    value = obj[key]
    if not isinstance(value, bool):
        raise DealError("must be true or false", field=key, value=value)
    return value


def _tricks(value: Any, players: tuple[str, ...]) -> Tricks:
    if not isinstance(value, Mapping):
        raise DealError("tricks is an object {player: tricks} for all four players",
                        field="tricks", value=value)
    got: dict[str, int] = {}
    for key, count in value.items():
        name = player(key, players, f"tricks.{key}")
        if name in got:
            raise DealError("a player's tricks are given twice", field=f"tricks.{key}", value=key)
        count = _int(count, f"tricks.{name}")
        if not 0 <= count <= TRICKS:
            raise DealError(f"tricks must be between 0 and {TRICKS}", field=f"tricks.{name}",
                            value=count)
        got[name] = count
    for p in players:
        if p not in got:
            raise DealError("missing: every player's tricks are needed", field=f"tricks.{p}")
    total = sum(got.values())
    if total != TRICKS:
        raise DealError(f"tricks must sum to {TRICKS} (each player discards one card), "
                        f"not {total}", field="tricks", value=total)
    return tuple((p, got[p]) for p in players)


def _only(obj: Mapping[str, Any], known: tuple[str, ...], what: str) -> None:
    for key in obj:
        if key not in known:
            raise DealError(f"unknown field for {what} (known: {', '.join(known)})",
                            field=str(key), value=obj[key])
    for key in known:
        if key not in obj and key in ("declarer", "contract", "tricks", "value"):
            raise DealError(f"missing field for {what}", field=key)


def _parse_contract_text(value: Any) -> tuple[int, str]:
    if not isinstance(value, str):
        raise DealError("a contract is text such as 8H, 7NT, 12S", field="contract", value=value)
    m = _CONTRACT_RE.match(value.strip())
    if not m:
        raise DealError("a contract is a level 2..12 and S, C, D, H or NT (e.g. 8H)",
                        field="contract", value=value)
    denom = m.group(2).upper()
    return int(m.group(1)), _SUIT_SIGNS.get(denom, denom)


# -- the game ------------------------------------------------------------------

#: every form of the short notation (``whistscore notation twist`` and docs/twist.md)
NOTATION_FORMS = (
    NotationForm("DECLARER CONTRACT TRICKS", "Oleg 8H 5/2/4/1",
                 "Oleg plays eight hearts; tricks in seat order: Oleg 5, Irina 2, Pavel 4, "
                 "Sveta 1"),
    NotationForm("DECLARER CONTRACT TRICKS open", "Pavel 5S 3/3/4/2 open",
                 "five spades; Pavel opened his partner Oleg's cards"),
    NotationForm("DECLARER CONTRACT TRICKS pass", "Sveta 7H 1/3/6/2 pass",
                 "seven hearts; the partner Irina passed before play (implies open)"),
    NotationForm("DECLARER CONTRACT TRICKS twist NAME", "Sveta 9NT 3/4/1/4 twist Oleg",
                 "nine no-trump; Oleg announced twist"),
    NotationForm("DECLARER CONTRACT TRICKS twist NAME NAME", "Irina 8S 2/4/2/4 twist Oleg Pavel",
                 "both opponents twist"),
    NotationForm("SOLOIST bomb CATEGORY VALUE TRICKS", "Irina bomb simple 2 4/1/4/3",
                 "Irina's simple bomb worth 2"),
    NotationForm("SOLOIST dil CATEGORY VALUE TRICKS", "Oleg dil double 3 5/2/3/2",
                 "Oleg's double dil worth 3"),
    NotationForm("round TRICKS", "round 2/5/3/2", "the twist round, everyone for himself"),
)

class Twist(GameType):
    name = "twist"
    deal_fields = twist_fields.FIELDS  # the scorepad's form (whistscore/fields.py)
    title = "Twist"
    player_counts = (4,)
    unit = "vist"
    rulebook = RULEBOOK
    rule_texts = _RULES
    labels = _LABELS
    notation_forms = NOTATION_FORMS
    notation_players = ("Oleg", "Irina", "Pavel", "Sveta")

    # -- deals ---------------------------------------------------------------
    def deal_from_json(self, obj: Mapping[str, Any], players: tuple[str, ...], rules: Rules) -> Any:
        if not isinstance(obj, Mapping):
            raise DealError("a deal is a JSON object", value=obj)
        if "twist_round" in obj:
            _only(obj, _ROUND_KEYS, "a twist round")
            if obj["twist_round"] is not True:
                raise DealError("twist_round is true or absent", field="twist_round",
                                value=obj["twist_round"])
            return TwistRound(_tricks(obj["tricks"], players))
        if "bomb" in obj and "dil" in obj:
            raise DealError("a deal is a bomb or a dil, not both", field="dil", value=obj["dil"])
        for kind in ("bomb", "dil"):
            if kind in obj:
                return self._parse_solo(kind, obj, players)
        return self._parse_contract(obj, players)

    def _parse_solo(self, kind: str, obj: Mapping[str, Any], players: tuple[str, ...]) -> Solo:
        _only(obj, (kind,) + _SOLO_KEYS, f"a {kind}")
        category = obj[kind]
        if not isinstance(category, str) or category.lower() not in SOLO_VALUES:
            raise DealError(f"the {kind} category is one of {', '.join(CATEGORIES)}",
                            field=kind, value=category)
        category = category.lower()
        value = _int(obj["value"], "value")
        allowed = SOLO_VALUES[category]
        if value not in allowed:
            worth = ", ".join(map(str, allowed[:-1])) + " or " if len(allowed) > 1 else ""
            raise DealError(f"a {kind} of category '{category}' is worth {worth}{allowed[-1]}",
                            field="value", value=value)
        declarer = player(obj["declarer"], players, "declarer")
        return Solo(kind, category, value, declarer, _tricks(obj["tricks"], players))

    def _parse_contract(self, obj: Mapping[str, Any], players: tuple[str, ...]) -> Contract:
        _only(obj, _CONTRACT_KEYS, "a contract")
        declarer = player(obj["declarer"], players, "declarer")
        level, denom = _parse_contract_text(obj["contract"])
        tricks = _tricks(obj["tricks"], players)
        opened = _bool(obj, "opened")
        passed = bool(_bool(obj, "partner_passed"))
        if passed and opened is False:
            raise DealError("the partner passed, so his cards were opened (opened must be true)",
                            field="opened", value=False)
        opened = bool(opened) or passed
        twist = obj.get("twist", [])
        if not isinstance(twist, list):
            raise DealError("twist is a list of the opponents who announced it", field="twist",
                            value=twist)
        d = players.index(declarer)
        partner = players[(d + 2) % SEATS]
        names: set[str] = set()
        for i, item in enumerate(twist):
            name = player(item, players, f"twist[{i}]")
            if name in names:
                raise DealError("an opponent announces twist once", field=f"twist[{i}]",
                                value=item)
            if name == partner and passed:
                raise DealError("the partner passed before play and cannot announce twist",
                                field=f"twist[{i}]", value=item)
            if name in (declarer, partner):
                raise DealError("only an opponent of the declaring pair announces twist",
                                field=f"twist[{i}]", value=item)
            names.add(name)
        if names and level < 7:
            raise DealError("twist is announced only against a contract of level 7 or higher",
                            field="twist", value=twist)
        order = tuple(p for p in players if p in names)
        return Contract(declarer, level, denom, tricks, opened, passed, order)

    def deal_to_json(self, deal: Any) -> dict:
        tricks = dict(deal.tricks)
        if isinstance(deal, Contract):
            return {"declarer": deal.declarer, "contract": deal.contract, "tricks": tricks,
                    "opened": deal.opened, "partner_passed": deal.partner_passed,
                    "twist": list(deal.twist)}
        if isinstance(deal, Solo):
            return {deal.kind: deal.category, "value": deal.value, "declarer": deal.declarer,
                    "tricks": tricks}
        return {"twist_round": True, "tricks": tricks}

    # -- short notation (whistscore/games/twist_notation.py) -----------------------
    def format_notation(self, deal: Any, players: tuple[str, ...], rules: Rules) -> str:
        return twist_notation.format_deal(deal)

    def parse_notation(self, text: str, players: tuple[str, ...], rules: Rules) -> Any:
        text = notation_text(text, players)
        return twist_notation.parse_line(self, text, players)

    # -- scoring ------------------------------------------------------------------
    def initial_state(self, players: tuple[str, ...], rules: Rules) -> TwistState:
        gora = rules["gora"]
        return TwistState(tuple(players), (gora,) * SEATS + (0,) * 20, _NO_SYMBOLS,
                          (None,) * SEATS)

    def opening_values(self, players: tuple[str, ...], rules: Rules) -> dict:
        """Every gora starts at the agreed size (seed «цель»), before any entry."""
        return {(p, "gora", None): rules["gora"] for p in players}

    def is_finished(self, state: TwistState) -> bool:
        return state.finished

    def score(self, state: TwistState, deal: Any, ctx: DealContext) -> Outcome:
        due = state.round_price
        is_round = type(deal) is TwistRound
        if due is not None and not is_round:
            raise DealError(f"a twist round is due (price {due} per trick); record it as "
                            "{\"twist_round\": true, ...} / 'round 3/3/3/3'",
                            field="twist_round", value=False)
        if due is None and is_round:
            raise DealError("no twist round is due: it follows only a made contract below "
                            "septet in which the declaring pair took 7 to 10 tricks",
                            field="twist_round", value=True)
        w = _Writer(ctx.number, state.players, ctx.keep)
        t = deal.counts
        # the nota is touched only when a symbol is live or may be written
        nota = (None if state.active is _NO_SYMBOLS and state.held is _NO_HELD
                else _Nota(state, ctx.number))
        if is_round:
            w.pairwise(t, due, "twist_round_vists", (0, 1, 2, 3))
            last_value, price = None, None
            if nota is not None:
                nota.bar()
        elif type(deal) is Solo:
            last_value, price = deal.value, None
            nota = nota or _Nota(state, ctx.number)
            nota.bar()
            self._solo(deal, t, state.players.index(deal.declarer), w, ctx.rules, nota)
        else:
            last_value = VALUES[deal.level if deal.level > 7 else 7]
            if nota is None and deal.level >= 11:
                nota = _Nota(state, ctx.number)
            price = self._contract(state, deal, t, w, nota, ctx.rules["same_kind"] == "all")
        numbers = tuple(map(add, state.numbers, w.sums))
        if nota is None:
            active, ended, barring = state.active, state.ended, 0
            held, log = state.held, state.log
        else:
            active, ended, held, log = nota.result()
            barring = nota.barring
        new = TwistState(state.players, numbers, active, ended, last_value, price,
                         min(numbers[:4]) <= 0, barring, held, log)
        return Outcome(tuple(w.entries), new)

    def _contract(self, state: TwistState, deal: Contract, t: tuple[int, ...], w: _Writer,
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
                for s in nota.active[i]:
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
        if made and level >= 11:
            kind = "dazin" if level == 12 else "operet"
            for i in (d, p):
                nota.write(i, kind)
        if made and level < 7 and pair <= 10:
            last = state.last_value
            return 2 * (last if last is not None else DEFAULT_ROUND_VALUE)
        return None

    def _solo(self, deal: Solo, t: tuple[int, ...], s: int, w: _Writer, rules: Rules,
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

    # -- results and settlement ----------------------------------------------------
    def describe_result(self, deal: Any, outcome: Outcome, ctx: DealContext) -> Any:
        t = dict(deal.tricks)
        if isinstance(deal, TwistRound):
            return Label("twist.res.round")
        if isinstance(deal, Solo):
            if deal.kind == "bomb":
                over = t[deal.declarer] - BOMB_MAX[deal.category]
                return Label("res.made") if over <= 0 else Label("twist.res.failed_over", (over,))
            under = DIL_MIN[deal.category] - t[deal.declarer]
            return Label("res.made") if under <= 0 else Label("twist.res.failed_under", (under,))
        players = ctx.players
        d = players.index(deal.declarer)
        pair = t[deal.declarer] + t[players[(d + 2) % SEATS]]
        need = max(deal.level, 7)
        if pair < need:
            return Label("res.down", (need - pair,))
        over = pair - deal.level
        words: Any = Label("res.made_over", (over,)) if over else Label("res.made")
        if deal.twist:
            words = Phrase((words, Label("twist.res.twist3" if over else "twist.res.twist2")), " ")
        if outcome.state.round_price is not None and not outcome.state.finished:
            words = Phrase((words, Label("twist.res.round_due", (outcome.state.round_price,))))
        return words

    def announce_next(self, state: TwistState, dealer: str, players: tuple[str, ...],
                      rules: Rules) -> Any:
        if state.round_price is not None and not state.finished:
            return Label("twist.next_round", (state.round_price, dealer))
        return None

    def balance(self, state: TwistState, rules: Rules) -> dict[str, Fraction]:
        # 1: remark -= 10 x gora; 2: twice each remark difference as vists;
        # 3: vists netted pair by pair (seed «завершение партии и взаиморасчеты»)
        n = state.numbers
        final = [n[4 + i] - 10 * n[i] for i in range(SEATS)]
        total = sum(final)
        w = n[8:]
        out = {}
        for i, name in enumerate(state.players):
            written = w[i * 4] + w[i * 4 + 1] + w[i * 4 + 2] + w[i * 4 + 3]
            received = w[i] + w[4 + i] + w[8 + i] + w[12 + i]
            out[name] = Fraction(2 * (SEATS * final[i] - total) + written - received)
        return out

    def pairwise_settlement(self, replay: Any) -> dict[tuple[str, str], Fraction]:
        """Each pair as on paper: the vists net, plus twice the remark difference
        (after step 1 of the settlement) written by the larger remark."""
        state = replay.state
        n = state.numbers
        final = [n[4 + i] - 10 * n[i] for i in range(SEATS)]
        w = n[8:]
        out = {}
        for i, a in enumerate(state.players):
            for j, b in enumerate(state.players):
                if i != j:
                    out[a, b] = Fraction(w[i * 4 + j] - w[j * 4 + i] + 2 * (final[i] - final[j]))
        return out

    def sheet_json(self, state: TwistState, rules: Rules) -> dict:
        players = state.players
        return {
            p: {
                "gora": state.gora[i],
                "remark": state.remark[i],
                "vists": {q: state.vists[i * 4 + j] for j, q in enumerate(players) if j != i},
                "nota": [s.text() for s in state.nota(i)],
            }
            for i, p in enumerate(players)
        }

    def sheet_tables(self, replay: Any) -> list[Table]:
        from .twist_layout import tables
        return tables(self, replay)

    def closing_tables(self, replay: Any) -> list[Table]:
        from .twist_layout import closing
        return closing(replay)


GAME = Twist()
