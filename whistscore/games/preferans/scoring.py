"""What a Preferans deal writes (spec ``preferans.md``, "What a deal writes").

Each function here is one section of the spec; they share a :class:`_Writer`
that writes on copies of the state's tuples, so a deal that fails half-way
leaves nothing behind.  Replays run to 100,000 deals, so the rules are read
once per game into a :class:`Config` kept on the state, and the state is a few
flat tuples.  A settlement keeps no entries (``DealContext.keep`` False): the writer
then makes no detail (a label of the words in ``rules.LABELS``, "pref.d.*") and copies
only the columns a deal writes.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from ...errors import DealError
from ...game import DealContext, Outcome
from ...layout import Label
from ...ledger import FRACTIONS, Amount, Entry, quotient
from ...rules import Rules
from .deals import AllPass, Concede, Contract, Deal, Misere, check_seats
from .rules import CODE

__all__ = ["Config", "State", "initial_state", "score", "is_finished", "balance",
           "active_players", "allpass_price"]


class Config(NamedTuple):
    """The rule values one game reads on every deal, read once per game (:meth:`of`)."""

    seats: dict[str, int]
    n: int
    target: int
    P: int
    G: int
    values: tuple[int, ...]
    trick: tuple[int, ...]
    remiz: tuple[int, ...]
    consolation: tuple[int, ...]
    console_all: bool
    obligation: tuple[int, ...]
    obligation_alone: tuple[int, ...]
    half: dict[int, int]
    responsibility: str
    gentleman: bool
    allpass: str
    prices: tuple[int, ...]
    amnesty: bool
    rostov: int
    misere_value: int
    misere_price: int
    misere_blind: int
    concede: str
    totus: bool
    made8: bool

    @classmethod
    def of(cls, players: tuple[str, ...], rules: Rules) -> Config:
        misere_value, misere_price = rules["misere"]
        return cls(
            seats={p: i for i, p in enumerate(players)},
            n=len(players),
            target=rules["pulya"],
            P=rules["pulya_points"],
            G=rules["gora_points"],
            values=rules["values"],
            trick=rules["trick_price"],
            remiz=rules["remiz_price"],
            consolation=rules["consolation_price"],
            console_all=rules["consolation_by"] == "all",
            obligation=rules["obligation"],
            obligation_alone=rules["obligation_alone"],
            half=dict(rules["half_whist"]),
            responsibility=rules["responsibility"],
            gentleman=rules["whist_style"] == "gentleman",
            allpass=rules["allpass"],
            prices=rules["allpass_prices"],
            amnesty=rules["allpass_amnesty"],
            rostov=rules["rostov_vists"],
            misere_value=misere_value,
            misere_price=misere_price,
            misere_blind=rules["misere_blind"],
            concede=rules["concede"],
            totus=rules["totus_both_whist"],
            made8=rules["allpass_exit"] == "made-8",
        )


class State(NamedTuple):
    """The pulka so far, by seat index (a named tuple: one is made a deal).

    ``vists`` is the directed matrix flattened: ``vists[i * n + j]`` is what
    player i wrote on player j.  ``streak`` counts the all-passes of the series
    now running (the next all-pass's step is streak + 1): those in a row just
    played, or under ``allpass_exit = made-8`` every one since the last made
    8, 9, 10 or misère.  ``cfg`` is the rules as scoring reads them, made once per game
    (a state made by hand without it gets it on its first deal).
    """

    players: tuple[str, ...]
    pulya: tuple[int, ...]
    gora: tuple[Amount, ...]
    vists: tuple[Amount, ...]
    streak: int = 0
    finished: bool = False
    cfg: Config | None = None

    def wrote(self, i: int, j: int) -> Amount:
        return self.vists[i * len(self.players) + j]


def initial_state(players: tuple[str, ...], rules: Rules) -> State:
    """An empty pulka, the rules read once into its :class:`Config`."""
    n = len(players)
    zero = (0,) * n
    return State(tuple(players), zero, zero, (0,) * (n * n), 0, False, Config.of(players, rules))


def is_finished(state: State) -> bool:
    """The pulka ends when every pulya is closed."""
    return state.finished


def balance(state: State, rules: Rules) -> dict[str, Fraction]:
    """Spec "Settlement": vists net, gora and pulya against the table's mean.

    Each player's ``net - G x gora + P x pulya + shared`` (``shared`` = the table's
    G x gora - P x pulya over n) is one Fraction over n: the same number as adding the
    shared Fraction to each, without a Fraction sum per player, and each value's
    Fraction made once (ledger.Shared): a replay with history counts this after every
    deal."""
    P = rules["pulya_points"]
    G = rules["gora_points"]
    n = len(state.players)
    vists = state.vists
    gora = state.gora
    pulya = state.pulya
    shared = G * sum(gora) - P * sum(pulya)
    fractions = FRACTIONS  # each value's Fraction made once (ledger.Shared)
    out = {}
    for i, name in enumerate(state.players):
        net = sum(vists[i * n:(i + 1) * n]) - sum(vists[i::n])
        out[name] = fractions[n * (net - G * gora[i] + P * pulya[i]) + shared, n]
    return out


#: (players, dealer) -> the three who play; replays ask once per deal
_ACTIVE: dict[tuple[tuple[str, ...], str], tuple[str, ...]] = {}


def active_players(players: tuple[str, ...], dealer: str) -> tuple[str, ...]:
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


#: the details the rules share: keys of the words in ``rules.LABELS`` (the "pref.d." block),
#: said with the numbers the rules pass ("3 tricks x 4": ``_TIMES`` with 3 and 4)
_GAME = "pref.d.game"
_DOWN = "pref.d.down"
_TIMES = "pref.d.tricks_times"


def allpass_price(prices: tuple[int, ...], step: int) -> int:
    """The price of the step-th all-pass in a row; the last price repeats."""
    return prices[min(step, len(prices)) - 1]


_new_state = tuple.__new__


class _Sums:
    """The sums-only writer (``DealContext.keep`` False, what ``settle`` runs): one deal's
    writing on copies of the state's columns, no entry.  :class:`_Writer` is the other
    writer of the same interface: it also writes each entry (:meth:`entry`).

    A column is copied on its first write only, and a column the deal did not
    touch goes into the next state as it was: most deals write two of the three.
    """

    __slots__ = ("old", "index", "pulya", "gora", "vists", "entries", "number", "cfg", "n")
    #: whether entries are written (the rules then also work out the words of a detail)
    keep = False

    def __init__(self, state: State, number: int, cfg: Config) -> None:
        self.old = state
        self.cfg = cfg
        self.index = cfg.seats
        self.n = cfg.n
        self.pulya: list[int] | None = None
        self.gora: list[Amount] | None = None
        self.vists: list[Amount] | None = None
        self.entries: list[Entry] = []
        self.number = number

    # ``detail`` is the key of a detail's words and ``args`` its numbers: only
    # :class:`_Writer` makes them a :class:`Label`; a settlement makes nothing.

    def entry(self, player: str, column: str, amount: Amount, against: str | None, rule: str,
              detail: str, *args: object) -> None:
        """An entry of the help that :meth:`to_pulya` works out, which this writer does not
        keep."""

    def vist(self, writer: str, on: str, amount: Amount, rule: str, detail: str,
             *args: object) -> None:
        if amount:
            vists = self.vists
            if vists is None:
                vists = self.vists = list(self.old.vists)
            index = self.index
            vists[index[writer] * self.n + index[on]] += amount

    def to_gora(self, player: str, amount: Amount, rule: str, detail: str,
                *args: object) -> None:
        if amount:
            gora = self.gora
            if gora is None:
                gora = self.gora = list(self.old.gora)
            gora[self.index[player]] += amount

    def to_pulya(self, player: str, points: int, rule: str, detail: str,
                 *args: object) -> None:
        """Points into a pulya; what overflows is help (spec "Closing the pulya and help").

        Help goes to the fullest open pulya of the others (ties: the nearest
        clockwise from the giver) up to closing it, the giver writing P vists a
        point on the receiver; once every other pulya is closed, the rest comes
        off the giver's own gora at P/G gora points per pulya point.
        """
        i = self.index[player]
        pulya = self.pulya
        if pulya is None:
            pulya = self.pulya = list(self.old.pulya)
        target = self.cfg.target
        have = pulya[i]
        if have + points <= target:  # the pulya takes it all: no help
            if points:
                pulya[i] = have + points
                self.entry(player, "pulya", points, None, rule, detail, *args)
            return
        own = target - have if have < target else 0
        rest = points - own
        if own:
            pulya[i] += own
            if rest:
                self.entry(player, "pulya", own, None, rule, "pref.d.closes",
                           _said(detail, args), own)
            else:
                self.entry(player, "pulya", own, None, rule, detail, *args)
        if rest <= 0:
            return
        n = self.n
        P = self.cfg.P
        while rest > 0:
            best = -1
            for step in range(1, n):
                j = (i + step) % n
                if pulya[j] < target and (best < 0 or pulya[j] > pulya[best]):
                    best = j
            if best < 0:
                break
            give = min(rest, target - pulya[best])
            pulya[best] += give
            rest -= give
            receiver = self.old.players[best]
            self.entry(receiver, "pulya", give, None, "help_pulya", "pref.d.help_from",
                       give, player)
            self.vist(player, receiver, P * give, "help_vists", "pref.d.help_times", give, P)
        if rest > 0:
            G = self.cfg.G
            self.to_gora(player, -quotient(rest * P, G), "help_gora",
                         "pref.d.help_gora", rest, P, G)

    def outcome(self, streak: int) -> Outcome[State]:
        """The entries and the next state: the columns written, the others as they were."""
        old = self.old
        pulya = self.pulya
        gora = self.gora
        vists = self.vists
        if pulya is None:
            pulya_now, finished = old.pulya, old.finished
        else:
            pulya_now, finished = tuple(pulya), min(pulya) >= self.cfg.target
        # tuple.__new__ builds the named tuple without its Python-level __new__
        state = _new_state(State, (old.players, pulya_now,
                                   old.gora if gora is None else tuple(gora),
                                   old.vists if vists is None else tuple(vists), streak,
                                   finished, self.cfg))
        return Outcome(tuple(self.entries), state)


#: a Label made without its Python-level __new__ (a third of the time), an Entry so too
_new_label = _new_entry = tuple.__new__
#: each distinct detail made once and shared (an evening repeats a few hundred): fewer
#: objects to keep and for the garbage collector to walk than one label per entry
_DETAILS: dict[tuple[str, tuple[object, ...]], Label] = {}


def _said(detail: str, args: tuple[object, ...]) -> Label:
    """The label of ``detail`` with ``args``, shared."""
    key = (detail, args)
    label = _DETAILS.get(key)
    if label is None:
        if len(_DETAILS) >= 8192:
            _DETAILS.clear()
        label = _DETAILS[key] = _new_label(Label, key)
    return label


class _Writer(_Sums):
    """The writer that keeps the entries: :class:`_Sums` that also writes each entry, its
    detail the label ``detail`` of the words in ``rules.LABELS`` with ``args``."""

    __slots__ = ()
    keep = True

    def vist(self, writer: str, on: str, amount: Amount, rule: str, detail: str,
             *args: object) -> None:
        if amount:
            super().vist(writer, on, amount, rule, detail)
            self.entries.append(_new_entry(Entry, (self.number, writer, "vists", amount, on,
                                                   rule, _said(detail, args))))

    def to_gora(self, player: str, amount: Amount, rule: str, detail: str,
                *args: object) -> None:
        if amount:
            super().to_gora(player, amount, rule, detail)
            self.entries.append(_new_entry(Entry, (self.number, player, "gora", amount, None,
                                                   rule, _said(detail, args))))

    def entry(self, player: str, column: str, amount: Amount, against: str | None, rule: str,
              detail: str, *args: object) -> None:
        self.entries.append(_new_entry(Entry, (self.number, player, column, amount, against,
                                               rule, _said(detail, args))))


def score(state: State, deal: Deal, ctx: DealContext) -> Outcome[State]:
    """The entries one deal writes and the state after it (pure: ``state`` is unchanged).

    :raises DealError: the deal cannot be played on this state or by this dealer.
    """
    cfg = state.cfg
    if cfg is None:
        cfg = Config.of(state.players, ctx.rules)
    if cfg.n == 4:
        if type(deal) is Contract and deal.seats is None and ctx.dealer != deal.declarer:
            # three statuses on a deal not played: who defends is known only now
            check_seats(deal.roles(ctx.dealer), deal.level, deal.suit, ctx.rules)
        _check_seats(deal, ctx)
    w = _Writer(state, ctx.number, cfg) if ctx.keep else _Sums(state, ctx.number, cfg)
    if type(deal) is Contract:
        if cfg.made8 and state.streak:
            _check_series_minimum(deal, state.streak)
        made = _score_contract(w, state, deal, ctx)
        streak = 0 if not cfg.made8 or (made and deal.level >= 8) else state.streak
    elif type(deal) is Misere:
        made = _score_misere(w, deal)
        streak = 0 if not cfg.made8 or made else state.streak
    elif type(deal) is Concede:
        if cfg.made8 and state.streak:
            _check_series_minimum(deal, state.streak)
        _score_concede(w, deal, ctx)
        streak = state.streak if cfg.made8 else 0
    else:
        streak = state.streak + 1
        if cfg.allpass == "rostov":
            _score_rostov(w, deal, ctx)
        else:
            _score_allpass(w, deal, ctx, streak)
    return w.outcome(streak)


def series_minimum(streak: int) -> int:
    """The smallest contract while an all-pass series of ``streak`` deals runs under
    ``allpass_exit = made-8`` (spec preferans.md, rules table: 7 after the 1st, 8 after
    the 2nd or later)."""
    return 7 if streak == 1 else 8


def _check_series_minimum(deal: Contract | Concede, streak: int) -> None:
    """Under ``allpass_exit = made-8`` a running series raises the smallest contract."""
    least = series_minimum(streak)
    if deal.level < least:
        passes = "one all-pass" if streak == 1 else f"{streak} all-passes"
        raise DealError(f"an all-pass series is running (allpass_exit = made-8): after "
                        f"{passes} the smallest contract is {least} (or a misère)",
                        field="contract", value=f"{deal.level}{deal.suit}",
                            key="pref.series_min", args=(least,))


def _check_seats(deal: Deal, ctx: DealContext) -> None:
    """What needs the dealer: with four players he holds no cards and plays no part
    (besides consoling, and the whist the defenders declined, seed 002 3.8.8)."""
    dealer = ctx.dealer
    if not isinstance(deal, AllPass) and deal.declarer == dealer:
        raise DealError("the dealer sits out this deal and cannot declare",
                        field="declarer", value=dealer, key="pref.dealer_declares", args=(dealer,))
    if isinstance(deal, Contract):
        if len(deal.whist) == 2:
            for name, status in deal.whist:
                if name == dealer:
                    raise DealError("the dealer sits out this deal; the defenders are the other "
                                    "two (for the dealer's whist give both defenders' statuses "
                                    f"and his, {CODE.at('§3.8.8').en})", field=f"whist.{name}",
                                    value=status, key="pref.dealer_defends", args=(name,))
    elif isinstance(deal, Concede):
        return
    if deal.tricks is not None and len(deal.tricks) > 1:
        for name, _ in deal.tricks:
            if name == dealer:
                raise DealError("the dealer sits out this deal and takes no tricks",
                                field=f"tricks.{name}", value=name,
                                    key="pref.dealer_tricks", args=(name,))


def _consolers(first: str, s1: str, second: str, s2: str, ctx: DealContext, cfg: Config,
               dealer_whists: bool = False) -> tuple[str, ...]:
    """Who writes consolation on a failed declarer (seed 002 3.8.1.2; spec consolation_by).

    The two defenders, but under gentleman's whist not one who went for half-whist
    (seed 002 3.8.14: he writes nothing on a remiz).  A dealer who took the whist
    consoles once, as the whister, whatever ``consolation_by`` says; any other
    sitting-out dealer under ``all``.
    """
    if not cfg.gentleman:
        out: tuple[str, ...] = (first, second)
    else:
        out = tuple(name for name, status in ((first, s1), (second, s2))
                    if status != "gone-half")
    if dealer_whists or (cfg.console_all and cfg.n == 4):
        out += (ctx.dealer,)
    return out


def _score_contract(w: _Sums, state: State, deal: Contract, ctx: DealContext) -> bool:
    """Write a contract; True when it counts as made (played and made, passed, half-whisted)."""
    cfg = w.cfg
    level = deal.level
    li = level - 6
    value = cfg.values[li]
    declarer = deal.declarer
    seats = deal.seats
    first, s1, second, s2, _, ds = deal.roles(ctx.dealer) if seats is None else seats
    counts = deal.counts  # set exactly when the tricks are
    if counts is None:
        if s1 == "half" or s2 == "half":
            # seed 002 3.8.7: the game counts as made, the half-whister writes his share
            halfer = first if s1 == "half" else second
            w.to_pulya(declarer, value, "half_whist_game", _GAME, level, value)
            credited = cfg.half[level]
            t = cfg.trick[li]
            w.vist(halfer, declarer, t * credited, "half_whist", _TIMES, credited, t)
        else:
            w.to_pulya(declarer, value, "game_passed", _GAME, level, value)
        return True
    taken, t1, t2 = counts
    d = t1 + t2
    k = level - taken
    t = cfg.trick[li]
    r = cfg.remiz[li]
    dealer_whists = ds == "whist"
    if not dealer_whists and s1 == "pass" and s2 == "pass":
        # both_pass = play-6-7: played «на своих», no vists and no consolation
        if k <= 0:
            w.to_pulya(declarer, value, "both_pass_made", _GAME, level, value)
        else:
            w.to_gora(declarer, r * k, "both_pass_remiz", _DOWN, k, r)
        return k <= 0
    if k <= 0:
        w.to_pulya(declarer, value, "game_made", _GAME, level, value)
    else:
        w.to_gora(declarer, r * k, "remiz", _DOWN, k, r)
    if dealer_whists:
        # seed 002 3.8.8: the dealer is the one whister; both defenders are passers
        dealer = ctx.dealer
        w.vist(dealer, declarer, t * d, "dealer_whist", _TIMES, d, t)
        if k > 0:
            c = cfg.consolation[li]
            for name in _consolers(first, s1, second, s2, ctx, cfg, True):
                w.vist(name, declarer, c * k, "consolation", _DOWN, k, c)
        o = cfg.obligation_alone[li]
        if d < o:
            _short(w, state, li, [(dealer, o - d)])
        return k <= 0
    # the vists for defence tricks (seed 002 3.8.1.1, 3.8.13, 3.8.14)
    if s1 == "whist" and s2 == "whist":
        w.vist(first, declarer, t * t1, "whist_tricks", _TIMES, t1, t)
        w.vist(second, declarer, t * t2, "whist_tricks", _TIMES, t2, t)
    else:
        if s1 == "whist":
            whister, passer, passer_status = first, second, s2
        else:
            whister, passer, passer_status = second, first, s1
        if not cfg.gentleman:
            w.vist(whister, declarer, t * d, "greedy_whist", _TIMES, d, t)
        elif k <= 0 or passer_status == "gone-half":
            w.vist(whister, declarer, t * d, "gentleman_whist", _TIMES, d, t)
        else:
            half = quotient(t * d, 2)
            w.vist(whister, declarer, half, "gentleman_whist", "pref.d.tricks_half", d, t)
            w.vist(passer, declarer, half, "gentleman_whist", "pref.d.tricks_half", d, t)
    if k > 0:
        c = cfg.consolation[li]
        for name in _consolers(first, s1, second, s2, ctx, cfg):
            w.vist(name, declarer, c * k, "consolation", _DOWN, k, c)
    if s1 == "whist" and s2 == "whist":
        o = cfg.obligation[li]
        if d < o and not (cfg.totus and level == 10):
            _short(w, state, li, _pair_shortfall(o, first, t1, second, t2))
    else:
        o = cfg.obligation_alone[li]
        if d < o:
            _short(w, state, li, [(first if s1 == "whist" else second, o - d)])
    return k <= 0


def _score_concede(w: _Sums, deal: Concede, ctx: DealContext) -> None:
    """«Уход без трёх»: three undertricks' remiz, and under ``consolation`` their consolation."""
    cfg = w.cfg
    li = deal.level - 6
    r = cfg.remiz[li]
    w.to_gora(deal.declarer, 3 * r, "concede", "pref.d.three_times", r)
    if cfg.concede == "consolation":
        c = cfg.consolation[li]
        first, second = (p for p in ctx.active if p != deal.declarer)
        for name in _consolers(first, "pass", second, "pass", ctx, cfg):
            w.vist(name, deal.declarer, 3 * c, "concede_consolation", "pref.d.three_times", c)


def _pair_shortfall(o: int, first: str, t1: int, second: str, t2: int) -> list[tuple[str, int]]:
    """Who of two whisters owes what when together they took fewer than ``o`` (seed 002 3.8.6).

    Each answers for his half of the obligation; on an odd obligation the
    second whister carries the odd trick (on 8..10, obligation 1, he alone
    owes it).  If only one is below his share he owes the pair's whole
    shortfall; if both are, each owes what he lacks of his share.
    """
    share1 = o // 2
    share2 = o - share1
    below1 = t1 < share1
    below2 = t2 < share2
    if below1 and below2:
        return [(first, share1 - t1), (second, share2 - t2)]
    if below1:
        return [(first, o - t1 - t2)]
    if below2:
        return [(second, o - t1 - t2)]
    return []


def _short(w: _Sums, state: State, li: int, owed: list[tuple[str, int]]) -> None:
    """A short whister's gora (seed 002 3.8.1.3, 3.8.11, 3.8.12)."""
    cfg = w.cfg
    mode = cfg.responsibility
    if mode == "none":
        return
    r = cfg.remiz[li]
    for name, missing in owed:
        if mode == "half" or (mode == "half-until-closed"
                              and state.pulya[cfg.seats[name]] < cfg.target):
            w.to_gora(name, quotient(r * missing, 2), "half_responsible_whist",
                      "pref.d.short_half", missing, r)
        else:
            w.to_gora(name, r * missing, "responsible_whist",
                      "pref.d.short", missing, r)


def _score_misere(w: _Sums, deal: Misere) -> bool:
    """Write a misère; True when made.  A blind one counts ``misere_blind`` times."""
    cfg = w.cfg
    n = dict(deal.tricks)[deal.declarer]
    m = cfg.misere_blind if deal.blind else 1
    rule = "misere_blind_" if deal.blind else "misere_"
    if n == 0:
        value = cfg.misere_value
        if deal.blind:
            w.to_pulya(deal.declarer, value * m, rule + "made", "pref.d.misere_blind", value, m)
        else:
            w.to_pulya(deal.declarer, value, rule + "made", "pref.d.misere", value)
    else:
        price = cfg.misere_price
        if deal.blind:
            w.to_gora(deal.declarer, price * n * m, rule + "caught", "pref.d.caught_blind", n,
                      price, m)
        else:
            w.to_gora(deal.declarer, price * n, rule + "caught", _TIMES, n, price)
    return n == 0


def _first_hand_order(deal: Misere | AllPass, ctx: DealContext) -> list[tuple[str, int]]:
    """The tricks from the dealer's left: the order in which pulya bonuses are written."""
    players = ctx.players
    n = len(players)
    start = players.index(ctx.dealer) + 1
    return sorted(deal.tricks, key=lambda kv: (players.index(kv[0]) - start) % n)


def _score_allpass(w: _Sums, deal: AllPass, ctx: DealContext, step: int) -> None:
    cfg = w.cfg
    price = allpass_price(cfg.prices, step)
    amnesty = min(n for _, n in deal.tricks) if cfg.amnesty else 0
    for name, n in _first_hand_order(deal, ctx):
        if n == 0:
            # «за ноль взяток — в пульку»: an actual zero, not one made by the amnesty
            w.to_pulya(name, price, "allpass_zero", "pref.d.allpass_zero", step, price)
        elif n > amnesty:
            if amnesty:
                w.to_gora(name, price * (n - amnesty), "allpass", "pref.d.allpass_amnesty", n,
                          amnesty, n - amnesty, price, step)
            else:
                w.to_gora(name, price * n, "allpass", "pref.d.allpass", n, price, step)


def _score_rostov(w: _Sums, deal: AllPass, ctx: DealContext) -> None:
    """The fewest-tricks players write on every player who took more, by his tricks."""
    rate = w.cfg.rostov
    fewest = min(n for _, n in deal.tricks)
    for writer, low in deal.tricks:
        if low != fewest:
            continue
        for name, n in deal.tricks:
            if n > fewest:
                w.vist(writer, name, rate * n, "rostov_allpass", _TIMES, n, rate)
    for name, n in _first_hand_order(deal, ctx):
        if n == 0:
            w.to_pulya(name, 1, "rostov_zero", "pref.d.rostov_zero")
