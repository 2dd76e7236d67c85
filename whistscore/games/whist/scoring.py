"""Whist's scoring: the state between deals and what one deal writes (pure).

The order of scoring inside a deal -- revoke, tricks, honours, stopping as soon
as a side reaches the target -- is the whole subtlety of the game, so
:func:`score` follows it step by step and writes one entry per step, even a zero
one when a step was stopped, so that ``show --explain`` tells why (spec whist.md,
Scoring a deal; seed 001 «Ведение счета»).
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any, NamedTuple, TypeVar, Union

from ...game import DealContext, Outcome
from ...layout import Label
from ...ledger import FRACTIONS, Entries, Entry, SumsOnly
from ...rules import Rules
from .deals import SIDES, Deal, check_rules

__all__ = ["Config", "State", "Chain", "initial_state", "score", "is_finished", "balance",
           "ladder_value", "unchain"]


# -- state ---------------------------------------------------------------------------

#: ``(side, value)`` items, newest first, each paired with the older ones: ``((0, 3), None)``
Chain = Union[tuple[tuple[int, int], "Chain"], None]


class Config(NamedTuple):
    """The options :func:`score` reads, looked up once per game rather than per deal."""

    target: int
    honours: tuple[int, int] | None
    bar: str
    drop: bool
    penalty: str
    revoke_points: int
    ladder: bool
    rubber: int | None

    @classmethod
    def of(cls, rules: Rules) -> "Config":
        return cls(rules["target"], rules["honours"], rules["honours_bar"],
                   rules["losers_honours"] == "drop", rules["revoke_penalty"],
                   rules["revoke_points"], rules["game_value"] == "ladder", rules["rubber"])


class State(NamedTuple):
    """The score after a deal (immutable; a NamedTuple because one is built per deal).

    ``players``: the seats (for the balance); ``config``: the rules as
    :func:`score` reads them; ``score``: both sides' points in the
    current game (below the line); ``honours``: the honour points inside
    ``score`` (the losers' are dropped when the game is priced); ``won``:
    games won in the current rubber; ``totals``: everything above the line
    this session (game values and rubber points).  ``games`` and ``rubbers``
    are chains ``(item, older)``, newest first, so that adding one costs O(1):
    ``games`` holds ``(winner, value)`` of the current rubber (of the whole
    session without rubbers), ``rubbers`` ``(winner, value)`` of every
    completed rubber.
    """

    players: tuple[str, ...]
    config: Config
    score: tuple[int, int] = (0, 0)
    honours: tuple[int, int] = (0, 0)
    won: tuple[int, int] = (0, 0)
    totals: tuple[int, int] = (0, 0)
    games: Chain = None
    rubbers: Chain = None


def unchain(chain: Chain) -> list[tuple[int, int]]:
    """The items of a chain, oldest first."""
    out: list[tuple[int, int]] = []
    while chain is not None:
        item, chain = chain
        out.append(item)
    out.reverse()
    return out


# An entry's detail is a label of the words in ``rules.LABELS`` (the "whist.d." block),
# each distinct one made once and shared: fewer objects to keep and for the collector
_said = functools.lru_cache(maxsize=4096)(Label)
_TRICKS_DETAIL = {odd: _said("whist.d.tricks", (odd + 6, odd)) for odd in range(1, 8)}
_GAME_DETAIL: dict[tuple[int, int, int, int, bool, int, int], Label] = {}
_LADDER = (_said("whist.d.single"), _said("whist.d.double"), _said("whist.d.treble"))


def _game_detail(won: int, lost: int, held: int, priced: int, ladder: bool, target: int,
                 value: int) -> Label:
    """How a game was priced, in words (memoised: the same few labels recur all evening)."""
    key = (won, lost, held, priced, ladder, target, value)
    said = _GAME_DETAIL.get(key)
    if said is None:
        said = _said("whist.d.score", (won, lost))
        if held:
            said = _said("whist.d.held", (said, held, priced))
        if ladder:
            said = _said("whist.d.ladder", (said, _LADDER[value - 1], value))
        else:
            said = _said("whist.d.minus", (said, target, priced, value))
        if len(_GAME_DETAIL) < 4096:
            _GAME_DETAIL[key] = said
    return said


def ladder_value(losers: int) -> int:
    """Treble, double, single (seed: 3 for 0, 2 for 1-2, 1 for 3-4; 1 beyond for big targets)."""
    return 3 if losers == 0 else 2 if losers <= 2 else 1


def initial_state(players: tuple[str, ...], rules: Rules) -> State:
    """No points, no games: a session starts level."""
    return State(players, Config.of(rules))


#: what a deal does to the current game: the score and honour points after it (both
#: ``(0, 0)`` once a game is won), the side that won a game (-1: none) and its value
_Step = tuple[tuple[int, int], tuple[int, int], int, int]
#: steps already worked out, for replays that keep no entries (``settle``); see :func:`score`
_STEPS: dict[tuple[Config, int, str | None, int, str | None, str | None, tuple[int, int],
                   tuple[int, int]], _Step] = {}
_MAX_STEPS = 1 << 15
#: the same steps with the entries they write (each but its deal's number), for replays
#: that keep them: the entries of a repeated step are the same but for the number
_KEPT: dict[tuple[Config, int, str | None, int, str | None, str | None, tuple[int, int],
                  tuple[int, int]], tuple[_Step, tuple[tuple[object, ...], ...]]] = {}
_LEVEL = (0, 0)
_new = tuple.__new__

V = TypeVar("V")


def _remember(memo: dict[Any, V], key: Any, value: V) -> V:
    """Keep ``value`` under ``key`` in one of the step memos (bounded: emptied when
    full, at :data:`_MAX_STEPS`)."""
    if len(memo) >= _MAX_STEPS:
        memo.clear()
    memo[key] = value
    return value
#: the sums-only writer keeps nothing, so one serves every deal
_SUMS_ONLY = SumsOnly(0)


def score(state: State, deal: Deal, ctx: DealContext) -> Outcome[State]:
    """Revoke, then tricks, then honours; the first side to reach the target stops the rest.

    What a deal does inside the current game depends only on the rules, the score and
    honour points before it and the deal, and an evening repeats the same few deals
    at the same few scores: each step is worked out once and looked up after (a long
    file then replays at the cost of a dict lookup a deal).  With entries kept, the
    step's entries are kept with it and written again under this deal's number.
    """
    cfg = state.config
    t = deal.tricks
    if t is None:
        n = ctx.number
        why = _said("whist.d.void")
        return Outcome((Entry(n, "NS", "revoke", 0, None, "void", why),
                        Entry(n, "EW", "revoke", 0, None, "void", why)), state)
    w: Entries
    key = (cfg, t, deal.honours_side, deal.honours, deal.revoke, deal.penalty,
           state.score, state.honours)
    if ctx.keep:
        w = Entries(ctx.number)
        kept = _KEPT.get(key)
        if kept is None:
            step = _in_game(cfg, state.score, state.honours, deal, t, ctx, w)
            _remember(_KEPT, key, (step, tuple(e[1:] for e in w.written)))
        else:
            step, said = kept
            number = ctx.number
            w.written = [_new(Entry, (number,) + e) for e in said]
    else:  # nobody reads the entries (settle), only the score
        w = _SUMS_ONLY
        step = _STEPS.get(key) or _remember(
            _STEPS, key, _in_game(cfg, state.score, state.honours, deal, t, ctx, w))
    points, honours, winner, value = step
    if winner < 0:
        return Outcome(w.entries(), _new(State, (
            state.players, cfg, points, honours, state.won, state.totals,
            state.games, state.rubbers)))
    return _end_game(state, w, winner, value)


def _in_game(cfg: Config, start: tuple[int, int], honours: tuple[int, int], deal: Deal,
             t: int, ctx: DealContext, out: Entries) -> _Step:
    """Score the deal (``t``: its tricks for NS) below the line and price the game it wins,
    if any; each step written through ``out`` (which keeps it, or only lets the score on)."""
    if deal.honours_side is not None and cfg.honours is None:
        check_rules(deal, ctx.rules, f"honours.{deal.honours_side}")
    target = cfg.target
    score = list(start)
    winner = -1
    barred = -1  # the side that revoked cannot reach the target this deal

    # 1. revoke
    if deal.revoke is not None:
        x = 0 if deal.revoke == "NS" else 1
        y = 1 - x
        barred = x
        penalty = deal.penalty or cfg.penalty
        points = cfg.revoke_points
        rule = "revoke_" + penalty
        if penalty != "add":
            lost = points if points <= score[x] else score[x]
            score[x] -= lost
            detail = (_said("whist.d.revoke", (points,)) if lost == points
                      else _said("whist.d.revoke_only", (points, lost)))
            out.write(SIDES[x], "revoke", -lost, rule, detail)
        if penalty != "deduct":
            score[y] += points
            out.write(SIDES[y], "revoke", points, rule,
                      _said("whist.d.revoke_by", (SIDES[x], points)))
            if score[y] >= target:
                winner = y

    # 2. tricks
    w = 0 if t >= 7 else 1
    odd = (t if w == 0 else 13 - t) - 6
    if winner >= 0:
        out.write(SIDES[w], "tricks", 0, "precedence",
                  _said("whist.d.tricks_won", (odd,)))
    else:
        if w == barred and score[w] + odd >= target:
            gain = target - 1 - score[w]
            out.write(SIDES[w], "tricks", gain, "revoke_bar",
                      _said("whist.d.tricks_barred", (odd, target - 1)))
        else:
            gain = odd
            out.write(SIDES[w], "tricks", gain, "tricks",
                      _TRICKS_DETAIL[odd])
        score[w] += gain
        if score[w] >= target:
            winner = w

    # 3. honours
    values = cfg.honours
    if deal.honours_side is not None and values is not None:
        h = 0 if deal.honours_side == "NS" else 1
        points = values[0 if deal.honours == 4 else 1]
        side = SIDES[h]
        if winner >= 0:
            out.write(side, "honours", 0, "precedence",
                      _said("whist.d.honours_won", (deal.honours,)))
        elif cfg.bar == "at-four" and start[h] == target - 1:
            out.write(side, "honours", 0, "honours_at_four",
                      _said("whist.d.honours_at_four", (deal.honours, target - 1)))
        else:
            gain, rule, why = points, "honours", ""
            if score[h] + points >= target:
                if h == barred:
                    gain, rule, why = target - 1 - score[h], "revoke_bar", "whist.d.why.revoked"
                elif cfg.bar == "need-trick" and h != w:
                    gain, rule, why = target - 1 - score[h], "honours_need_trick", \
                        "whist.d.why.no_trick"
            score[h] += gain
            honours = (honours[0] + gain, honours[1]) if h == 0 else \
                (honours[0], honours[1] + gain)
            said = _said("whist.d.honours", (deal.honours, points))
            if why:
                said = _said("whist.d.stopped", (said, target - 1, _said(why)))
            out.write(side, "honours", gain, rule, said)
            if score[h] >= target:
                winner = h

    if winner < 0:
        return (score[0], score[1]), honours, -1, 0
    # 4. a side reached the target: price the game
    loser = 1 - winner
    losers = score[loser]
    priced = losers
    held = 0
    rule = "game_ladder" if cfg.ladder else "game_seven_minus"
    if cfg.drop and honours[loser]:
        held = honours[loser]
        priced = max(0, losers - held)
        rule = "losers_honours"
    value = ladder_value(priced) if cfg.ladder else cfg.target - priced
    detail = _game_detail(score[winner], losers, held, priced, cfg.ladder, cfg.target,
                          value)
    out.write(SIDES[winner], "game", value, rule, detail)
    return _LEVEL, _LEVEL, winner, value


def _end_game(state: State, out: Entries, winner: int, value: int) -> Outcome[State]:
    """A side won a game worth ``value``: write it above the line; two games end the rubber."""
    cfg = state.config
    ns, ew = state.totals
    if winner == 0:
        ns += value
    else:
        ew += value
    games = ((winner, value), state.games)
    bonus = cfg.rubber
    written = out.entries()
    if bonus is None:
        return Outcome(written, _new(State, (state.players, cfg, _LEVEL, _LEVEL, _LEVEL,
                                             (ns, ew), games, state.rubbers)))
    won = (state.won[0] + 1, state.won[1]) if winner == 0 else (state.won[0], state.won[1] + 1)
    if won[winner] < 2:
        return Outcome(written, _new(State, (state.players, cfg, _LEVEL, _LEVEL, won, (ns, ew),
                                             games, state.rubbers)))
    mine = theirs = 0
    for who, v in unchain(games):
        if who == winner:
            mine += v
        else:
            theirs += v
    rubber_value = mine + bonus - theirs
    out.write(SIDES[winner], "rubber", bonus, "rubber",
              _said("whist.d.rubber", (max(won), min(won), mine, bonus, theirs, rubber_value)))
    written = out.entries()
    totals = (ns + bonus, ew) if winner == 0 else (ns, ew + bonus)
    return Outcome(written, _new(State, (state.players, cfg, _LEVEL, _LEVEL, _LEVEL, totals,
                                         None, ((winner, rubber_value), state.rubbers))))


def is_finished(state: State) -> bool:
    """Never: a session is any number of rubbers; the table stops when it likes."""
    return False


def balance(state: State, rules: Rules) -> dict[str, Fraction]:
    """Each member wins or loses his side's net above the line (spec whist.md, Balance).

    Each value's Fraction is made once (ledger.Shared): a replay with history counts
    this after every deal."""
    net = state.totals[0] - state.totals[1]
    shared = FRACTIONS
    return {p: shared[net if i % 2 == 0 else -net] for i, p in enumerate(state.players)}
