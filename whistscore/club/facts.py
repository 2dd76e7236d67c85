"""What the archive keeps of one game: the facts read off its replay.

A game file is replayed once (with each deal's balance) and reduced to rows:
the seats, each player's result and place, the payments, what each deal was
and what it moved.  What a deal's parts are, which of its words mean made or
failed, the sides, the game's own count: each game says it in its
:class:`~whistscore.game.ClubFacts` (``GameType.club``), read from the deal's
file form (journal.md and each game's "Deals (JSON)"), which is stable; whether a
contract was made is read from the words the game itself chose for the deal
(``describe_result``), so no rule is decided here and no game is named.
"""

from __future__ import annotations

import json
import json.encoder
import math
import operator
from decimal import Decimal
from fractions import Fraction
from typing import Any, Callable, Iterator, Sequence

import attrs

from ..game import ClubFacts, Game, GameType
from ..ledger import Amount
from ..i18n import text as words_text
from ..layout import Label, Phrase
from ..replay import Replay, replay
from ..settlement import fraction_text, settle

__all__ = ["GameFacts", "facts", "places", "deal_rows", "rows_json", "first_json", "ROW"]


@attrs.frozen
class GameFacts:
    """One game file as the archive keeps it."""

    game: str
    title: str | None
    place: str | None
    players: tuple[str, ...]
    #: the teams of the rating and of places: whist's two sides, else each alone
    sides: tuple[tuple[str, ...], ...]
    first_at: str | None
    last_at: str | None
    deals: int
    finished: bool
    ended: str | None
    preset: str
    rules: dict[str, Any]
    stake: Decimal | None
    currency: str | None
    unit: str
    balance: dict[str, Fraction]
    money: dict[str, Decimal] | None
    places: dict[str, int]
    transfers: tuple[tuple[str, str, Decimal | Fraction], ...]
    pairs: dict[tuple[str, str], Fraction] | None
    symbols: int | None
    #: each deal's row: number, at, dealer, declarer, contract, kind, outcome, made
    #: (1/0/None), height, tricks, moved (JSON text), swing, whisters, short, deal (JSON
    #: text), written (:func:`deal_rows`; kept as two JSON texts a game, :func:`rows_json`)
    deal_rows: tuple[tuple[Any, ...], ...]
    #: when the game was made (journal.md ``created``): its date when no deal has ``at``
    created: str | None = None
    #: the file records a result (journal.md ``result``) this whistscore settles otherwise:
    #: (the recorded one, this version's, who recorded it); the recorded one is kept above
    recorded: tuple[dict[str, Any], dict[str, Any], str] | None = None

    def results_json(self) -> dict[str, Any]:
        """The balances and money, as ``recomputed`` reports them (settle --json's words)."""
        out: dict[str, Any] = {"balance": {p: fraction_text(b) for p, b in self.balance.items()}}
        if self.money is not None:
            out["money"] = {p: str(m) for p, m in self.money.items()}
        return out


def places(balance: dict[str, Fraction]) -> dict[str, int]:
    """Places by balance, the best first; equal balances share the place and the next
    place skips (1, 2, 2, 4), as a tournament table counts them."""
    # each balance as an int count of their common denominator: the same order and the
    # same ties, compared in C (a Fraction compares in Python, a rebuild places every game)
    per = math.lcm(*[b.denominator for b in balance.values()])
    counts = {p: b.numerator * (per // b.denominator) for p, b in balance.items()}
    ordered = sorted(counts.values(), reverse=True)
    return {p: ordered.index(c) + 1 for p, c in counts.items()}


def _labels(words: Any) -> Iterator[str]:
    if isinstance(words, Label):
        yield words.key
    elif isinstance(words, Phrase):
        for part in words.parts:
            yield from _labels(part)


def _made(words: Any, club: ClubFacts) -> bool | None:
    keys = set(_labels(words))
    if keys & club.failed:
        return False
    if keys & club.made:
        return True
    return None


#: game -> the game's words for a deal -> (the words in English, made: 1, 0 or None): most
#: deals of an evening end in words said before ("made", "down 1"), rendered once (kept by
#: the game itself, a GameType compared by identity: its words are its own labels)
_SAID: dict[GameType[Any, Any], dict[Any, tuple[str, int | None]]] = {}

#: game -> a deal -> what its row reads of its file form alone (:func:`_shape`): a club's
#: deals repeat (the same players, "Аня: 6♠, made" every few evenings), so each deal's
#: file form is made, read into parts and encoded once.  A deal is a frozen value whose
#: ``deal_to_json`` is a function of it; its readers never take a bool for an int, so two
#: equal deals have the one JSON.  (A deal that cannot be hashed is read each time.)
_SHAPES: dict[GameType[Any, Any], dict[Any, tuple[Any, ...]]] = {}


#: (game, denominator) -> a deal's moves in counts -> (what its moves' template takes, the
#: swing): each worked out once (:func:`deal_rows`; a club's deals move a few hundred ways;
#: a Fraction count equal to an int is the same key and has the same text)
_MOVES: dict[tuple[GameType[Any, Any], int], dict[tuple[Any, ...], tuple[tuple[Any, ...], float]]] = {}


class _ExactTexts(dict[Any, str]):
    """An exact number -> its :func:`exact_text`, each said once (what a player wrote in a
    deal repeats: a few vists)."""

    def __missing__(self, value: int | Fraction) -> str:
        if len(self) > 10_000:
            self.clear()
        said = self[value] = exact_text(value)
        return said


#: what players wrote, as text (:class:`_ExactTexts`)
_WRITTEN = _ExactTexts()


def _shape(kind: GameType[Any, Any], deal: Any) -> tuple[Any, ...]:
    """(declarer, contract, kind, height, tricks, whisters, the deal's JSON): the columns
    of a deal's row read off its file form (the game's ``ClubFacts.parts``); tricks and
    whisters as plain values, encoded with the game's other columns (:func:`rows_json`)."""
    dj = kind.deal_to_json(deal)
    declarer, contract, deal_kind, height, whisters = kind.club.parts(dj)
    return (declarer, contract, deal_kind, height, dj.get("tricks"), whisters or None,
            dumps(dj))


def deal_rows(rp: Replay[Any]) -> tuple[tuple[Any, ...], ...]:
    """Each deal of the replay as its row of ``deals`` (after the file's name).

    The archive's hot loop (a rebuild makes a row of every deal ever played), written
    out: the game's functions, its words said before, its deals seen before
    (:func:`_shape`) and the moves' JSON template are looked up once a game, each deal's
    result is unpacked (a named tuple), and each row's tuple is made at once (no object
    per deal only copied into it).  The balances are counted in ints of the game's
    :func:`unit` (1 while all are whole): a deal's move is then an int subtraction, not
    Fraction arithmetic, the same numbers (``map`` over C functions: no Python frame a
    player).
    """
    game = rp.game
    kind = game.kind
    club = kind.club
    short_of = club.short
    written_of = club.written
    describe = kind.describe_result
    said_before = _SAID.setdefault(kind, {})
    shapes = _SHAPES.setdefault(kind, {})
    players = game.players
    template = moved_template(players)
    rules = game.rules
    counts_of = club.balance_counts
    # the game's own counts of each balance (no Fraction a player a deal), else the
    # replay's balances counted in ints of their common denominator
    per = unit(rp) if counts_of is None else \
        counts_of(kind.initial_state(players, rules), rules)[1]
    texts = MoveTexts(per)
    text_of = texts.__getitem__
    # a move said before in this game (its texts and swing): a club's moves repeat
    moves_of = _MOVES.setdefault((kind, per), {})
    if len(moves_of) > 10_000:
        moves_of.clear()
    move_of = moves_of.get
    written_text = _WRITTEN.__getitem__
    numerator = operator.attrgetter("numerator")
    denominator = operator.attrgetter("denominator")
    share = per.__floordiv__
    mul = operator.mul
    sub = operator.sub
    # each player's balance as one tuple, in seat order (itemgetter of one key gives the value)
    balances_of = operator.itemgetter(*players) if len(players) > 1 else (
        lambda balance: (balance[players[0]],))
    before: tuple[Amount, ...] = (0,) * len(players)
    # a deal without a balance
    still = (moved_json(template, (0,) * len(players), per, texts), 0 / per)
    out: list[tuple[Any, ...]] = []
    append = out.append
    for number, dealer, record, outcome, context, balance in rp.results:
        if counts_of is not None:
            after = counts_of(outcome.state, rules)[0]
            moved = tuple(map(sub, after, before))
            before = after
            said_move = move_of(moved)
            if said_move is None:
                # an int's or a Fraction's text is its exact text (a Fraction is in lowest
                # terms)
                swing = max(map(abs, moved)) / per
                if type(swing) is not float:  # counts in Fractions: the same float, rounded
                    swing = float(swing)      # once
                said_move = moves_of[moved] = (
                    moved if per == 1 else tuple(map(text_of, moved)), swing)
            moves = template % said_move[0]
            swing = said_move[1]
        elif balance:
            values = balances_of(balance)
            if per == 1:
                after = tuple(map(numerator, values))
            else:
                after = tuple(map(mul, map(numerator, values),
                                  map(share, map(denominator, values))))
            moved = tuple(map(sub, after, before))
            # moved_json written out; the swing max(|move|) is max(max, -min) of ints
            moves = template % (moved if per == 1 else tuple(map(text_of, moved)))
            swing = max(map(abs, moved)) / per
            before = after
        else:
            moves, swing = still
        deal = record.deal
        try:
            shape = shapes.get(deal)
        except TypeError:  # a deal that is not a frozen value: made each time
            shape = _shape(kind, deal)
        if shape is None:
            if len(shapes) > 10_000:
                shapes.clear()
            shape = shapes[deal] = _shape(kind, deal)
        words = describe(deal, outcome, context)
        said = said_before.get(words)
        if said is None:
            if len(said_before) > 10_000:
                said_before.clear()
            made = _made(words, club)
            said = said_before[words] = (str(words_text(words, kind, "en")),
                                         None if made is None else int(made))
        short = short_of(outcome.entries)
        written = written_of(outcome.entries)
        append((number, record.at, dealer, shape[0], shape[1], shape[2], said[0], said[1],
                shape[3], shape[4], moves, swing, shape[5],
                short or None, shape[6],
                {p: written_text(v) for p, v in written.items()} if written else None))
    return tuple(out)


def rows_json(rows: Sequence[tuple[Any, ...]]) -> tuple[str, str]:
    """A game's :func:`deal_rows` as the archive keeps them (``deal_rows.rows`` and
    ``.deals``): one JSON list of every deal's columns but its file form (:data:`ROW`),
    encoded by one call of the C encoder (tricks, whisters, short and written as JSON
    values in it, the moves as the JSON text of :func:`moved_json`), and one JSON list of
    the deals' file forms, joined from their texts (each encoded once, :func:`_shape`).

    Two texts a game, not one SQLite row and five JSON texts a deal: a rebuild writes
    every deal ever played, and an SQLite row costs about 3 µs whatever it holds
    (docs/club.md "Speed")."""
    swings = {row[11] for row in rows} - {0.0}  # the one float column: see _encoder
    encode = dumps if not swings or 1e-4 <= min(swings) and max(swings) < 1e16 \
        else standard_dumps
    return (encode([row[:14] + row[15:] for row in rows]),
            "[" + ",".join([row[14] for row in rows]) + "]")


def first_json(rows: Sequence[tuple[Any, ...]]) -> str | None:
    """The first deal's time, dealer and JSON as one JSON text (None: no deal): what two
    copies of one evening have in common (club/duplicates.py), read without the game's
    every deal."""
    return dumps([rows[0][1], rows[0][2], rows[0][14]]) if rows else None


#: the columns of each deal in ``deal_rows.rows`` (:func:`rows_json`), by their index
ROW = ("number", "at", "dealer", "declarer", "contract", "kind", "outcome", "made", "height",
       "tricks", "moved", "swing", "whisters", "short", "written")


def facts(game: Game) -> GameFacts:
    """Replay ``game`` once and keep what the archive shows of it.

    :raises InputError: a deal cannot be scored (its number given).
    """
    # each deal's balance only for a game that does not give its counts (deal_rows)
    rp = replay(game, history=game.kind.club.balance_counts is None)
    s = settle(rp)
    recorded = None
    result = game.result
    if result is not None:  # recorded: the past stands even if these deals no longer finish
        now: dict[str, Any] = {"balance": {p: fraction_text(b) for p, b in s.balance.items()}}
        if s.money is not None:
            now["money"] = {p: str(m) for p, m in s.money.items()}
        kept = result.settled()
        if kept != now:  # the past does not move: the file's result stands, shown beside
            from ..settlement import as_recorded

            recorded = (kept, now, result.by)
            s = as_recorded(s, result)
    balance = {p: Fraction(b) for p, b in s.balance.items()}
    stamps = [r.at for r in game.deals if r.at is not None]
    pairs = game.kind.pairwise_settlement(rp)
    return GameFacts(
        game=game.kind.name, title=game.title, place=game.place, players=game.players,
        sides=game.kind.club.sides(game.players),
        first_at=stamps[0] if stamps else None, last_at=stamps[-1] if stamps else None,
        deals=len(game.deals),
        finished=rp.finished or (result is not None and game.ended is None), ended=game.ended,
        preset=game.rules.preset,
        rules={"preset": game.rules.preset,
               **{o.name: o.kind.dump(game.rules[o.name]) for o in game.rules.book.options}},
        stake=s.stake, currency=game.currency, unit=game.kind.unit,
        balance=balance, money=dict(s.money) if s.money is not None else None,
        places=places(balance),
        transfers=tuple((t.payer, t.payee, t.amount) for t in s.transfers),
        pairs=dict(pairs) if pairs is not None else None,
        symbols=game.kind.club.symbols(rp.state, game.rules),
        deal_rows=deal_rows(rp),
        created=game.created, recorded=recorded,
    )


def _standard() -> Callable[[Any], str]:
    """The standard library's JSON for a column: compact, UTF-8 kept, keys in their order.

    ``JSONEncoder.encode`` builds its C encoder again on every call, which costs as much
    as encoding a deal; so the C encoder is built once here, with the very arguments
    ``encode`` gives it (no circular check: a column is made of fresh dicts and lists).
    Where the C encoder is missing, or would write another text than ``encode`` for
    :data:`_SAMPLE`, ``encode``.
    """
    encoder = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return encoder.encode
    try:  # json's own, not its public API: another Python may take other arguments
        one = make(None, encoder.default, json.encoder.encode_basestring, None, ":", ",",
                   False, False, True)

        def encode(obj: Any) -> str:
            return "".join(one(obj, 0))

        if encode(_SAMPLE) == encoder.encode(_SAMPLE):
            return encode
    except (TypeError, ValueError):
        pass
    return encoder.encode


#: a value of every kind a column holds, each written as the standard library writes it:
#: the texts a faster encoder must give to be used (:func:`_encoder`)
_SAMPLE = {"Аня \"q\"\n\\\x00\x1f\x7f\u2028": [1, -2, 2**63 - 1, -2**63, True, False, None, "7♠"],
           "t": ("a", {"b": 0}), "": [],
           "f": [0.0, 20.0, 1 / 3, 0.1 + 0.2, 0.0001, 61 / 3, 123456789.125,
                 9999999999999998.0]}


def _encoder() -> Callable[[Any], str]:
    """JSON for a column: :func:`_standard`'s text, written by ``orjson`` where it is
    installed and writes :data:`_SAMPLE` so (a rebuild encodes every deal ever played,
    and ``orjson`` does it in about a third of the standard library's time: docs/club.md
    "Speed"; :func:`fast_json`).

    A value ``orjson`` refuses (an int beyond 64 bits, a lone surrogate, a key that is no
    string) is written by the standard library, with the same text or error.  Floats
    below 1e-4, and before orjson 3.11.7 floats from 1e16 on, are the one kind it writes
    otherwise (``0.00001``, ``1e16``; the standard library ``1e-05``, ``1e+16``):
    :func:`rows_json`, which writes the one float column, gives those to the standard
    library."""
    standard = standard_dumps  # the standard library's, built once below
    try:
        import orjson
    except ImportError:  # the browser's Python, or another implementation: the standard one
        return standard
    fast = orjson.dumps

    def encode(obj: Any) -> str:
        try:
            return fast(obj).decode()
        except TypeError:  # orjson.JSONEncodeError
            return standard(obj)

    try:
        if encode(_SAMPLE) == standard(_SAMPLE):
            return encode
    except (TypeError, ValueError):
        pass
    return standard


#: JSON for a column: the standard library's (:func:`_standard`), or :func:`_encoder`'s
#: once :func:`fast_json` is called
dumps = standard_dumps = _standard()
#: :func:`fast_json` was called
_FAST = False


def fast_json() -> None:
    """Write the columns with :func:`_encoder`'s from now on (the same texts).

    Called by a refresh with many files to index: ``orjson``'s import (about 6 ms, with
    the modules it loads) pays for itself from a few dozen files, while an evening's one
    new file, whose every millisecond counts against its ``settle --json``, is written
    by the standard library's encoder (docs/club.md "Speed")."""
    global dumps, _FAST
    if not _FAST:
        dumps, _FAST = _encoder(), True


def exact_text(value: int | Fraction) -> str:
    """An exact number as ``settle --json`` writes it (``"20"``, ``"-61/3"``)."""
    if type(value) is int:
        return str(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"  # str(Fraction), as fraction_text


def moved_template(players: Sequence[str]) -> str:
    """The JSON object of each player's move with ``%s`` for each move's text: the names
    are encoded once a game, not on every deal (a ``%`` in a name doubled for ``%``)."""
    return "{" + ",".join(dumps(p).replace("%", "%%") + ':"%s"' for p in players) + "}"


def moved_json(template: str, moved: Sequence[int], per: int = 1,
               texts: dict[int, str] | None = None) -> str:
    """The JSON of each player's move as exact text, each move ``moved`` in ``1/per``
    (:func:`unit`), in its :func:`moved_template`: an exact number's text is digits, ``-``
    and ``/`` only, which JSON writes as they are (the text ``dumps`` writes for the same
    object).  ``texts``: a :class:`MoveTexts` of ``per``, the texts said before (a game's
    moves repeat)."""
    if per == 1:
        return template % tuple(moved)
    if texts is None:
        texts = MoveTexts(per)
    return template % tuple(map(texts.__getitem__, moved))


class MoveTexts(dict[int, str]):
    """A move in ``1/per`` -> its :func:`exact_text`, each said once: its lowest terms,
    the sign on the numerator, without making the Fraction (``per`` > 0)."""

    def __init__(self, per: int) -> None:
        super().__init__()
        self.per = per

    def __missing__(self, m: int) -> str:
        per = self.per
        if type(m) is not int:  # a game's counts in Fractions (ClubFacts.balance_counts)
            said = self[m] = exact_text(Fraction(m) / per)
            return said
        g = math.gcd(m, per)
        said = self[m] = str(m // g) if g == per else f"{m // g}/{per // g}"
        return said


def unit(rp: Replay[Any]) -> int:
    """The least common denominator of every balance of the replay (1: all are whole),
    so that each balance is an int count of ``1/unit``; the swing's ``max / unit`` is then
    the float of the same fraction (both divide two ints, correctly rounded)."""
    return math.lcm(*{v.denominator for result in rp.results if result.balance
                      for v in result.balance.values()})
