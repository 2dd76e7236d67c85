"""Danish call-ace whist (Esmakker): the seed's simple point system.

Every deal is settled on the spot in points: the losers pay the winners, so
the sheet is one column of points per player and the balance is its running
total.  The declarer's side is either declarer + secret partner (the holder
of the called ace) against two, or the declarer alone against three (own ace
called, or the called ace in the cat); negative contracts (solo, nolo and
their open forms) are always played alone.

Scoring (spec ``danish.md``, seed 004 «Подсчет очков»):

* value = base x 2^(bid - 7), x attachment_factor with an attachment;
* made: A = value x (1 + overtricks) (``overtricks = none``: A = value);
  failed: A = -value x failed_factor x undertricks;
* with a partner: declarer +A, partner +A, each defender -A;
* alone: declarer +alone_factor x A, the three others share it equally
  (each -alone_factor x A / 3; the seed's "alone = x 3" gives each -A);
* negative contract worth V per opponent: made, each other -V and the
  soloist +3V; failed, each other +V x nolo_failed_factor and the soloist
  -3V x nolo_failed_factor.

With five players the dealer sits out and scores nothing that deal.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Mapping, NamedTuple

import attrs

from ..checks import player as _player, notation_text, whole
from ..errors import DealError, NotationError
from ..game import DealContext, GameType, NotationForm, Outcome, RuleText
from ..layout import Cell, Label, Phrase, Table
from ..ledger import Amount, Entry, json_number, plain_number, quotient
from ..rules import Choice, Integer, Kind, Option, RuleBook, Rules, json_text, typed_pairs
from . import danish_fields

__all__ = ["Danish", "DanishDeal", "DanishState", "NoloValues", "GAME",
           "ATTACHMENTS", "NEGATIVES", "contract_value"]

SEED = "seed 004 «Подсчет очков»"
SPEC = "spec danish.md, Scoring"

#: attachments in the seed's ascending order (the order does not change the score)
ATTACHMENTS = ("tournee", "good", "half", "strong", "sans")
#: negative contracts in ascending order
NEGATIVES = ("solo", "nolo", "open_solo", "open_nolo")
#: the soloist's tricks a negative contract needs: exactly one, or none
_NEEDED = {"solo": 1, "nolo": 0, "open_solo": 1, "open_nolo": 0}
LOW_BID, HIGH_BID = 7, 13
MAX_TRICKS = 13

_ATTACHMENT_WORDS = {
    "tournee": "tournee", "tourne": "tournee", "tournée": "tournee", "tourné": "tournee",
    "vip": "tournee",
    "good": "good", "gode": "good",
    "half": "half", "halve": "half",
    "strong": "strong", "stærke": "strong", "staerke": "strong",
    "sans": "sans",
}
#: negative contracts, keyed by their words (one or two) in lower case
_NEGATIVE_WORDS: dict[tuple[str, ...], str] = {
    ("solo",): "solo", ("sol",): "solo",
    ("nolo",): "nolo", ("ren", "sol"): "nolo", ("rensol",): "nolo",
    ("open_solo",): "open_solo", ("open-solo",): "open_solo", ("open", "solo"): "open_solo",
    ("bordlægger",): "open_solo", ("bordlaegger",): "open_solo",
    ("open_nolo",): "open_nolo", ("open-nolo",): "open_nolo", ("open", "nolo"): "open_nolo",
    ("ren", "bordlægger"): "open_nolo", ("ren", "bordlaegger"): "open_nolo",
}
_NEGATIVE_JSON = {" ".join(k): v for k, v in _NEGATIVE_WORDS.items()}
_ALONE_WORDS = ("alone", "alene")
_SEAT = re.compile(r"#([1-9])")
_NUMBER = re.compile(r"[+-]?\d{1,6}")

_DEAL_KEYS = ("declarer", "bid", "attachment", "partner", "tricks")


# -- the nolo_values option -------------------------------------------------------

@attrs.frozen
class NoloValues(Kind):
    """Points per opponent of the four negative contracts.

    Typed ``solo:50,nolo:100,open_solo:150,open_nolo:200`` or given as a JSON
    object; all four must be named, so a typo cannot silently keep a default.
    Kept as a tuple in the order of :data:`NEGATIVES`.
    """

    def parse(self, value: Any) -> tuple[int, ...]:
        if isinstance(value, str):
            text = value.strip()
            if text.startswith("{"):
                value = json_text(text)
            else:
                value = typed_pairs(text, "solo:50,nolo:100,open_solo:150,open_nolo:200")
        if isinstance(value, (list, tuple)) and len(value) == len(NEGATIVES):
            value = dict(zip(NEGATIVES, value))
        if not isinstance(value, Mapping):
            raise ValueError("must be a map like solo:50,nolo:100,open_solo:150,open_nolo:200")
        out: dict[str, int] = {}
        for key, raw in value.items():
            name = _NEGATIVE_JSON.get(str(key).strip().casefold())
            if name is None:
                raise ValueError(f"unknown contract {key!r} (known: {', '.join(NEGATIVES)})")
            if name in out:
                raise ValueError(f"{name} is given twice")
            if isinstance(raw, str) and _NUMBER.fullmatch(raw.strip()):
                raw = int(raw.strip())
            if isinstance(raw, bool) or not isinstance(raw, int) or raw < 1:
                raise ValueError(f"the value of {name} must be a whole number of at least 1")
            out[name] = raw
        missing = [n for n in NEGATIVES if n not in out]
        if missing:
            raise ValueError(f"must give all four contracts; missing {', '.join(missing)}")
        return tuple(out[n] for n in NEGATIVES)

    def dump(self, value: tuple[int, ...]) -> dict[str, int]:
        return dict(zip(NEGATIVES, value))

    def show(self, value: tuple[int, ...]) -> str:
        return ",".join(f"{n}:{v}" for n, v in zip(NEGATIVES, value))

    def describe(self) -> str:
        return "map solo:N,nolo:N,open_solo:N,open_nolo:N"


OPTIONS = (
    Option("base", Integer(1), "points of a 7 bid; each level above doubles "
           "(7 = 10, 8 = 20 ... 13 = 640)"),
    Option("attachment_factor", Integer(1), "a bid with an attachment (tournee, good, half, "
           "strong, sans) is worth this many times the plain bid"),
    Option("overtricks", Choice(("per-bid", "none")), "per-bid: each overtrick adds the bid's "
           "value again (bid 8, 10 tricks = 60); none: overtricks score nothing"),
    Option("failed_factor", Integer(1), "a failed contract costs value x failed_factor "
           "per undertrick"),
    Option("alone_factor", Integer(1), "the lone declarer wins or loses alone_factor x A; "
           "the three others share it equally (3: each pays or gets A)"),
    Option("nolo_values", NoloValues(), "points per opponent of solo, nolo, open_solo, open_nolo"),
    Option("nolo_failed_factor", Integer(1), "a lost negative contract is paid this many times"),
)

SIMPLE = {
    "base": 10,
    "attachment_factor": 2,
    "overtricks": "per-bid",
    "failed_factor": 2,
    "alone_factor": 3,
    "nolo_values": (50, 100, 150, 200),
    "nolo_failed_factor": 2,
}

RULEBOOK = RuleBook(
    game="danish",
    options=OPTIONS,
    presets={"simple": SIMPLE},
    default_preset="simple",
    preset_docs={"simple": "the seed's simple system (seed 004 «Подсчет очков»), with a "
                 "failed contract paying double per undertrick (club practice)"},
)


def contract_value(bid: int, attachment: str | None, rules: Rules) -> int:
    """The points a bid is worth before overtricks, undertricks and alone."""
    value = rules["base"] << (bid - LOW_BID)
    if attachment is not None:
        value *= rules["attachment_factor"]
    return value


# -- deals --------------------------------------------------------------------------

@attrs.frozen(slots=True)
class DanishDeal:
    """One played deal.

    ``bid`` is 7..13 or one of :data:`NEGATIVES`; ``partner`` is ``None``
    when the declarer plays alone (own ace called or ace in the cat) and
    always ``None`` for a negative contract.  ``tricks`` are the declaring
    side's (for a negative contract, the soloist's).
    """

    declarer: str
    bid: int | str
    tricks: int
    partner: str | None = None
    attachment: str | None = None

    @property
    def negative(self) -> bool:
        return isinstance(self.bid, str)


class DanishState(NamedTuple):
    """Each player's running points, in seat order (a tuple: cheap to rebuild each deal)."""

    players: tuple[str, ...]
    points: tuple[Amount, ...]


def _bid(value: Any) -> int | str:
    if isinstance(value, str):
        name = _NEGATIVE_JSON.get(" ".join(value.split()).casefold())
        if name is None:
            raise DealError(f"a bid is 7..13 or one of {', '.join(NEGATIVES)}",
                            field="bid", value=value)
        return name
    if isinstance(value, bool) or not isinstance(value, int):
        raise DealError(f"a bid is a whole number 7..13 or one of {', '.join(NEGATIVES)}",
                        field="bid", value=value)
    if not LOW_BID <= value <= HIGH_BID:
        raise DealError("a bid is 7..13 tricks", field="bid", value=value)
    return value


def _attachment(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise DealError(f"an attachment is one of {', '.join(ATTACHMENTS)}",
                        field="attachment", value=value)
    name = _ATTACHMENT_WORDS.get(value.strip().casefold())
    if name is None:
        raise DealError(f"unknown attachment (known: {', '.join(ATTACHMENTS)}; "
                        "vip, gode, halve, stærke)", field="attachment", value=value)
    return name


def _tricks(value: Any) -> int:
    return whole(value, "tricks", 0, MAX_TRICKS, "tricks")


def build_deal(obj: Any, players: tuple[str, ...]) -> DanishDeal:
    """Check one deal's JSON object (shape and values; the dealer is checked in score)."""
    if not isinstance(obj, Mapping):
        raise DealError("a deal is a JSON object", field="deal", value=obj)
    for key in obj:
        if key not in _DEAL_KEYS:
            raise DealError(f"unknown field of a Danish deal (known: {', '.join(_DEAL_KEYS)})",
                            field=str(key), value=obj[key])
    for key in ("declarer", "bid", "tricks"):
        if key not in obj:
            raise DealError("missing field", field=key)
    declarer = _player(obj["declarer"], players, "declarer")
    bid = _bid(obj["bid"])
    tricks = _tricks(obj["tricks"])
    if isinstance(bid, str):
        if obj.get("attachment") is not None:
            raise DealError(f"a negative contract ({bid}) takes no attachment",
                            field="attachment", value=obj["attachment"])
        if obj.get("partner") is not None:
            raise DealError(f"a negative contract ({bid}) is played alone, without a partner",
                            field="partner", value=obj["partner"])
        return DanishDeal(declarer, bid, tricks)
    attachment = _attachment(obj.get("attachment"))
    if "partner" not in obj:
        raise DealError("missing field (the called ace's holder, or null when alone)",
                        field="partner")
    partner = obj["partner"]
    if partner is not None:
        partner = _player(partner, players, "partner")
        if partner == declarer:  # own ace called: alone
            partner = None
    return DanishDeal(declarer, bid, tricks, partner, attachment)


def deal_json(deal: DanishDeal) -> dict:
    out: dict = {"declarer": deal.declarer, "bid": deal.bid}
    if deal.attachment is not None:
        out["attachment"] = deal.attachment
    if not deal.negative:
        out["partner"] = deal.partner
    out["tricks"] = deal.tricks
    return out


# -- short notation -------------------------------------------------------------------

def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def _names(tokens: list[str], players: tuple[str, ...]) -> list[str]:
    """The player the tokens name: ``#seat`` first (so every player can always be
    written by seat, even beside a player really called "#2", who is then written
    by his own seat), else exactly, else by a unique case-insensitive match."""
    joined = " ".join(tokens)
    seat = _SEAT.fullmatch(joined)
    if seat and int(seat.group(1)) <= len(players):
        return [players[int(seat.group(1)) - 1]]
    exact = [p for p in players if " ".join(p.split()) == joined]
    if exact:
        return exact
    folded = joined.casefold()
    loose = [p for p in players if _norm(p) == folded]
    if len(loose) == 1:
        return loose
    return []


_SHAPE = ("write DECLARER BID [ATTACHMENT] PARTNER|alone TRICKS "
          "or DECLARER solo|nolo|open_solo|open_nolo TRICKS")


def _readings(body: list[str], players: tuple[str, ...]) -> tuple[list[dict], tuple]:
    """Every reading of ``DECLARER CONTRACT [ATTACHMENT] [PARTNER]``, and the failure
    that got furthest (depth, field, value, reason) to report when none reads."""
    found: list[dict] = []
    worst: tuple = (0, "declarer", body[0],
                    f"the line starts with the declarer, a player ({', '.join(players)})")

    def fail(depth: int, field: str, value: Any, reason: str) -> None:
        nonlocal worst
        if depth > worst[0]:
            worst = (depth, field, value, reason)

    for i in range(1, len(body)):
        for declarer in _names(body[:i], players):
            rest = body[i:]
            words = tuple(w.casefold() for w in rest)
            for n in (1, 2):
                neg = _NEGATIVE_WORDS.get(words[:n]) if len(words) >= n else None
                if neg is None:
                    continue
                if len(rest) == n:
                    found.append({"declarer": declarer, "bid": neg})
                elif words[n] in _ATTACHMENT_WORDS:
                    fail(3, "attachment", rest[n], f"a negative contract ({neg}) "
                         "takes no attachment")
                else:
                    fail(2, "partner", " ".join(rest[n:]), f"a negative contract ({neg}) "
                         "is played alone: write DECLARER " + neg + " TRICKS")
            if not _NUMBER.fullmatch(rest[0]):
                if not any(words[:n] in _NEGATIVE_WORDS for n in (1, 2)):
                    fail(1, "bid", rest[0], "after the declarer comes the bid: 7..13, "
                         "solo, nolo, open_solo or open_nolo")
                continue
            bid = int(rest[0])
            after = rest[1:]
            choices: list[tuple[str | None, list[str]]] = []
            if after and after[0].casefold() in _ATTACHMENT_WORDS:
                choices.append((_ATTACHMENT_WORDS[after[0].casefold()], after[1:]))
            choices.append((None, after))
            for attachment, tail in choices:
                if not tail:
                    fail(2, "partner", " ".join(body), "the partner is missing: after the bid "
                         "[and attachment] write the partner (a player) or 'alone'")
                    continue
                partners: list[str | None] = []
                if len(tail) == 1 and tail[0].casefold() in _ALONE_WORDS:
                    partners.append(None)
                partners.extend(_names(tail, players))
                if not partners:
                    if attachment is None and len(tail) > 1 and not _names(tail[:1], players) and (
                            _names(tail[1:], players) or tail[1].casefold() in _ALONE_WORDS):
                        fail(3, "attachment", tail[0], "unknown attachment (known: "
                             f"{', '.join(ATTACHMENTS)}; vip, gode, halve, stærke)")
                    else:
                        fail(2, "partner", " ".join(tail), "the partner is a player "
                             f"({', '.join(players)}) or 'alone'")
                for partner in partners:
                    obj = {"declarer": declarer, "bid": bid, "partner": partner}
                    if attachment is not None:
                        obj["attachment"] = attachment
                    found.append(obj)
    return found, worst


def parse_notation(text: Any, players: tuple[str, ...]) -> DanishDeal:
    if not isinstance(text, str):
        raise NotationError("the short notation is one line of text", field="notation",
                            value=text)
    tokens = text.split()
    if len(tokens) < 3:
        raise NotationError(_SHAPE, field="notation", value=text)
    if not _NUMBER.fullmatch(tokens[-1]):
        raise NotationError("the line ends with the tricks taken (a number 0..13)",
                            field="tricks", value=tokens[-1])
    tricks = int(tokens[-1])
    readings, worst = _readings(tokens[:-1], players)
    deals: list[DanishDeal] = []
    first_error: DealError | None = None
    for obj in readings:
        obj["tricks"] = tricks
        try:
            deal = build_deal(obj, players)
        except DealError as exc:
            first_error = first_error or exc
            continue
        if deal not in deals:
            deals.append(deal)
    if len(deals) == 1:
        return deals[0]
    if len(deals) > 1:
        raise NotationError("ambiguous: the words can be read as more than one deal "
                            "(name players by seat as #1, #2...)", field="notation", value=text)
    attachments = [w for w in tokens[2:-1] if w.casefold() in _ATTACHMENT_WORDS]
    if len(attachments) > 1:
        raise NotationError("a contract has one attachment; this line gives "
                            f"{len(attachments)}: {' '.join(attachments)}",
                            field="attachment", value=" ".join(attachments))
    if first_error is not None:
        raise first_error
    _, field, value, reason = worst
    raise NotationError(reason, field=field, value=value)


def _plain(deal: DanishDeal, name_of) -> str:
    words = [name_of(deal.declarer)]
    if deal.negative:
        words.append(str(deal.bid))
    else:
        words.append(str(deal.bid))
        if deal.attachment is not None:
            words.append(deal.attachment)
        words.append("alone" if deal.partner is None else name_of(deal.partner))
    words.append(str(deal.tricks))
    return " ".join(words)


def format_notation(deal: DanishDeal, players: tuple[str, ...]) -> str:
    """The canonical line.

    Names that would make the line ambiguous (a player called "alone" or
    "good", say) are written by seat (#2); the declarer and the partner are
    each tried by name, then by seat, and the first spelling that reads back
    as the same deal is used.
    """
    plain = {p: " ".join(p.split()) for p in players}
    seat = {p: f"#{i}" for i, p in enumerate(players, 1)}
    variants = [deal]
    if not deal.negative and deal.partner is None:
        # "alone" may itself be a player's name: the declarer's own seat means alone too
        variants.append(attrs.evolve(deal, partner=deal.declarer))
    candidates = []
    for variant in variants:
        for first in (plain, seat):
            for second in (plain, seat):
                def name_of(p, _d=variant.declarer, _a=first, _b=second):
                    return _a[p] if p == _d else _b[p]
                candidates.append(_plain(variant, name_of))
    for text in candidates:
        try:
            if parse_notation(text, players) == deal:
                return text
        except DealError:
            continue
    return candidates[0]  # pragma: no cover - only for names built to defeat every spelling


# -- the game -------------------------------------------------------------------------

_RULE_TEXTS = {
    "made": RuleText(
        "contract made with a partner", "контракт с партнёром выполнен",
        f"{SEED}: 7 = 10 … 13 = 640, овертрик = ставка, вложение × 2; {SPEC}"),
    "failed": RuleText(
        "contract failed with a partner", "контракт с партнёром не выполнен",
        f"spec danish.md, Options (failed_factor: club practice); {SEED}"),
    "alone_made": RuleText(
        "contract made alone", "контракт в одиночку выполнен",
        f"{SEED}: «Игра в одиночку = x 3»; {SPEC}"),
    "alone_failed": RuleText(
        "contract failed alone", "контракт в одиночку не выполнен",
        f"{SEED}: «Игра в одиночку = x 3»; spec danish.md, Options"),
    "negative_made": RuleText(
        "negative contract made", "негативный контракт выполнен",
        f"{SEED}: Соло 50, Ноло 100, Открытое соло 150, Открытое Ноло 200; {SPEC}"),
    "negative_failed": RuleText(
        "negative contract lost, paid double",
        "негативный контракт проигран, платит вдвойне",
        f"{SEED}: «Разыгрывающий, проигрывающий какой-либо контракт Ноло, "
        "платит вдвойне»"),
}


#: every form of the short notation (``whistscore notation danish`` and docs/danish.md)
NOTATION_FORMS = (
    NotationForm("DECLARER BID [ATTACHMENT] PARTNER TRICKS", "Anna 9 good Carl 10",
                 "Anna bid 9 good, Carl held the called ace, they took 10"),
    NotationForm("DECLARER BID ATTACHMENT PARTNER TRICKS", "Bo 7 vip Dina 8",
                 "7 tournee (vip) with Dina, 8 tricks"),
    NotationForm("DECLARER BID [ATTACHMENT] alone TRICKS", "Anna 8 alone 7",
                 "Anna bid 8 and played alone (the ace in the cat or her own), took 7"),
    NotationForm("DECLARER BID DECLARER TRICKS", "Anna 8 Anna 7",
                 "the same: she called her own ace"),
    NotationForm("DECLARER NEGATIVE TRICKS", "Bo nolo 0",
                 "Bo's nolo (ren sol), made; solo, open_solo, open_nolo alike"),
    NotationForm("DECLARER NEGATIVE TRICKS", "Bo ren sol 1",
                 "the same contract in Danish words, caught with one trick"),
    NotationForm("DECLARER NEGATIVE TRICKS", "Carl bordlægger 1", "open solo, made"),
    NotationForm("DECLARER NEGATIVE TRICKS", "Dina ren bordlægger 0", "open nolo, made"),
)

class Danish(GameType):
    """Danish call-ace whist, scored in points settled deal by deal."""

    name = "danish"
    deal_fields = danish_fields.FIELDS  # the scorepad's form (whistscore/fields.py)
    title = "Danish whist (Esmakker)"
    player_counts = (4, 5)
    unit = "point"
    rulebook = RULEBOOK
    rule_texts = _RULE_TEXTS
    notation_forms = NOTATION_FORMS
    notation_players = ("Anna", "Bo", "Carl", "Dina")
    labels = {
        "danish.sheet": ("Score pad", "Запись очков"),
        "danish.no": ("No.", "№"),
        "danish.total_of": ("Σ {0}", "Σ {0}"),
    }

    # -- seats ---------------------------------------------------------------
    def active_players(self, players: tuple[str, ...], dealer: str) -> tuple[str, ...]:
        """With five at the table the dealer deals and sits the deal out."""
        if len(players) == 5:
            seat = players.index(dealer)
            return players[:seat] + players[seat + 1:]
        return players

    # -- deals ---------------------------------------------------------------
    def deal_from_json(self, obj: Mapping[str, Any], players: tuple[str, ...],
                   rules: Rules) -> DanishDeal:
        return build_deal(obj, players)

    def deal_to_json(self, deal: DanishDeal) -> dict:
        return deal_json(deal)

    def parse_notation(self, text: str, players: tuple[str, ...], rules: Rules) -> DanishDeal:
        text = notation_text(text, players)
        return parse_notation(text, players)

    def format_notation(self, deal: DanishDeal, players: tuple[str, ...], rules: Rules) -> str:
        return format_notation(deal, players)

    def describe_result(self, deal: DanishDeal, outcome: Outcome, ctx: DealContext) -> Any:
        if deal.negative:
            if deal.tricks == _NEEDED[deal.bid]:
                return Label("res.made")
            return Label("res.caught" if _NEEDED[deal.bid] == 0 else "res.lost_with",
                         (deal.tricks,))
        diff = deal.tricks - deal.bid
        if diff < 0:
            words = Label("res.down", (-diff,))
        else:
            words = Label("res.made_over", (diff,)) if diff else Label("res.made")
        return Phrase((Label("res.alone"), words), ", ") if deal.partner is None else words

    def announce_next(self, state: DanishState, dealer: str, players: tuple[str, ...],
                      rules: Rules) -> Any:
        if len(players) == 5:  # the dealer of five sits the deal out
            return Label("next.sits_out", (dealer,))
        return None

    # -- scoring ---------------------------------------------------------------
    def initial_state(self, players: tuple[str, ...], rules: Rules) -> DanishState:
        return DanishState(players, (0,) * len(players))

    def score(self, state: DanishState, deal: DanishDeal, ctx: DealContext) -> Outcome:
        active = ctx.active
        declarer, partner = deal.declarer, deal.partner
        if declarer not in active:
            raise DealError(f"{declarer} deals this deal and sits out (five players)",
                            field="declarer", value=declarer)
        if partner is not None and partner not in active:
            raise DealError(f"{partner} deals this deal and sits out (five players)",
                            field="partner", value=partner)
        rules = ctx.rules
        if deal.bid.__class__ is str:
            (mine, partners, others), rule, detail = _negative(deal, rules)
        else:
            (mine, partners, others), rule, detail = _positive(deal, rules)
        number = ctx.number
        sitting = ctx.dealer if len(active) != len(ctx.players) else None
        entries = []
        points = []
        keep = ctx.keep  # False: nobody reads the entries (settle), only the points
        for player, total in zip(state.players, state.points):
            if player == declarer:
                amount = mine
            elif player == partner:
                amount = partners
            elif player == sitting:
                points.append(total)
                continue
            else:
                amount = others
            if keep:
                entries.append(Entry(number, player, "points", amount, None, rule, detail))
            points.append(total + amount)
        if others.__class__ is not int:
            points = [plain_number(t) for t in points]
        return Outcome(tuple(entries), DanishState(state.players, tuple(points)))

    def is_finished(self, state: DanishState) -> bool:
        return False

    def balance(self, state: DanishState, rules: Rules) -> dict[str, Fraction]:
        return {p: Fraction(t) for p, t in zip(state.players, state.points)}

    def pairwise_settlement(self, replay: Any) -> dict[tuple[str, str], Fraction]:
        """Who pays whom, deal by deal: "the losers pay the winner(s)" (seed,
        «Подсчет очков»).  In each deal every loser pays each winner in proportion
        to what the winner gained: with a partner each defender pays each of the
        pair A/2; alone, each of the three pays the declarer A."""
        players = replay.game.players
        out = {(a, b): Fraction(0) for a in players for b in players if a != b}
        for result in replay.results:
            points: dict[str, Fraction] = {}
            for e in result.entries:
                points[e.player] = points.get(e.player, 0) + Fraction(e.amount)
            won = sum(v for v in points.values() if v > 0)
            if not won:
                continue
            for a, gain in points.items():
                if gain <= 0:
                    continue
                for b, loss in points.items():
                    if loss < 0:
                        share = gain * -loss / won
                        out[a, b] += share
                        out[b, a] -= share
        return out

    def sheet_json(self, state: DanishState, rules: Rules) -> dict:
        return {p: {"points": json_number(t)} for p, t in zip(state.players, state.points)}

    # -- the pad ----------------------------------------------------------------
    def sheet_tables(self, replay: Any) -> list[Table]:
        """One row per deal: the deal, each player's points, then the running totals."""
        game = replay.game
        players = game.players
        header = ((Label("danish.no"), Label("dealer"), Label("notation"), Label("result"))
                  + players + tuple(Label("danish.total_of", (p,)) for p in players))
        running = {p: 0 for p in players}
        rows = []
        for result in replay.results:
            by_player = {e.player: e for e in result.entries}
            cells = [Cell(result.number), Cell(result.dealer),
                     Cell(game.kind.format_notation(result.record.deal, players, game.rules)),
                     Cell(self.describe_result(result.record.deal, result.outcome,
                                               result.context))]
            totals = []
            for p in players:
                entry = by_player.get(p)
                if entry is None:  # the sitting-out dealer
                    cells.append(Cell(None))
                    totals.append(Cell(running[p]))
                    continue
                running[p] = plain_number(running[p] + entry.amount)
                cells.append(Cell(plain_number(entry.amount), (entry,)))
                totals.append(Cell(running[p], (entry,)))
            rows.append(tuple(cells + totals))
        final = ([Cell(Label("total"), style="total"), Cell(None), Cell(None), Cell(None)]
                 + [Cell(None) for _ in players]
                 + [Cell(running[p], style="total") for p in players])
        rows.append(tuple(final))
        return [Table(Label("danish.sheet"), header, tuple(rows), key="sheet")]


def _positive(deal: DanishDeal, rules: Rules) -> tuple[tuple[Amount, Amount, Amount], str, str]:
    value = contract_value(deal.bid, deal.attachment, rules)
    name = f"{deal.bid} {deal.attachment}" if deal.attachment else str(deal.bid)
    diff = deal.tricks - deal.bid
    made = diff >= 0
    if made:
        times = 1 + diff if rules["overtricks"] == "per-bid" else 1
        a = value * times
        words = (f"{name} = {value}, made +{diff}: {value} x {times} = {a}" if diff
                 else f"{name} = {value}, made")
    else:
        factor = rules["failed_factor"]
        a = -value * factor * -diff
        words = f"{name} = {value}, down {-diff}: {value} x {factor} x {-diff} = {-a}"
    if deal.partner is not None:
        return (a, a, -a), ("made" if made else "failed"), words
    alone = rules["alone_factor"]
    total = a * alone
    each = quotient(total, 3)
    detail = f"{words}; alone x {alone} = {abs(total)}, {abs(each)} from each of 3"
    return (total, None, -each), ("alone_made" if made else "alone_failed"), detail


def _negative(deal: DanishDeal, rules: Rules) -> tuple[tuple[Amount, Amount, Amount], str, str]:
    v = rules["nolo_values"][NEGATIVES.index(deal.bid)]
    if deal.tricks == _NEEDED[deal.bid]:
        return (3 * v, None, -v), "negative_made", f"{deal.bid} made: {v} from each of 3"
    factor = rules["nolo_failed_factor"]
    each = v * factor
    return ((-3 * each, None, each), "negative_failed",
            f"{deal.bid} lost ({deal.tricks} trick{'' if deal.tricks == 1 else 's'}): {v} x {factor} = {each} to each of 3")


GAME = Danish()
