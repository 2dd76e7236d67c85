"""Whist: English short whist with honours and rubbers, the 1864 Laws, American 7-point whist.

Two sides play: ``players[0]`` & ``players[2]`` are **NS**, ``players[1]`` &
``players[3]`` are **EW**.  Below the line each side writes its points in the
current game (tricks over six, honours, revoke penalties); the first side to
reach the target wins the game and writes its value above the line (treble,
double, single -- or 7 minus the losers' points in America); two games make a
rubber worth 2 more.  Only what is above the line is money: each member of a
side wins or loses the side's net.

Spec: ``whist.md``.  Seed: ``001_a51a627d0c2d2131.txt`` («Ведение счета»).
The order of scoring inside a deal -- revoke, tricks, honours, stopping as soon
as a side reaches the target -- is the whole subtlety of the game, so
:meth:`Whist.score` follows it step by step and writes one entry per step, even
a zero one when a step was stopped, so that ``show --explain`` tells why.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, NamedTuple

import attrs

from ..checks import match_player, notation_text, whole as _whole
from ..errors import DealError, NotationError
from ..game import DealContext, GameType, NotationForm, Outcome, RuleText
from ..layout import Cell, Label, Phrase, Table
from ..ledger import Entry
from ..rules import Choice, Integer, Kind, Option, RuleBook, Rules
from . import whist_fields

__all__ = ["Whist", "WhistDeal", "WhistState", "GAME", "SIDES", "PENALTIES"]

SIDES = ("NS", "EW")
PENALTIES = ("deduct", "transfer", "add")
BOTH = "both"
_PENALTY_SHORT = {"d": "deduct", "t": "transfer", "a": "add"}
_DEAL_KEYS = ("tricks", "honours", "revoke")


# -- rule options ------------------------------------------------------------------

@attrs.frozen
class HonoursKind(Kind):
    """Points for four and for three honours (``4/3``), or ``none`` (American whist)."""

    def parse(self, value: Any) -> tuple[int, int] | None:
        if value is None:
            return None
        if isinstance(value, str):
            text = value.strip().lower()
            if text in ("none", "no", "-", "—", ""):
                return None
            value = text.replace(",", "/").split("/")
        if not isinstance(value, (list, tuple)) or len(value) != 2:
            raise ValueError("must be two numbers four/three (e.g. 4/3) or none")
        out = []
        for item in value:
            if isinstance(item, str) and item.strip().isdigit():
                item = int(item.strip())
            if isinstance(item, bool) or not isinstance(item, int) or not 0 <= item <= 100:
                raise ValueError("must be two whole numbers 0..100 (four/three) or none")
            out.append(item)
        return (out[0], out[1])

    def dump(self, value: tuple[int, int] | None) -> Any:
        return "none" if value is None else list(value)

    def show(self, value: tuple[int, int] | None) -> str:
        return "none" if value is None else f"{value[0]}/{value[1]}"

    def describe(self) -> str:
        return "four/three, e.g. 4/3 | none"


@attrs.frozen
class RubberKind(Kind):
    """Rubber points for winning two games of three, or ``none`` (no rubbers)."""

    def parse(self, value: Any) -> int | None:
        if isinstance(value, str):
            text = value.strip().lower().lstrip("+")
            if text in ("none", "no", "-", "—"):
                return None
            if not text.isdigit():
                raise ValueError("must be the rubber points (e.g. 2) or none")
            value = int(text)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
            raise ValueError("must be the rubber points 0..1000 or none")
        return value

    def dump(self, value: int | None) -> Any:
        return "none" if value is None else value

    def show(self, value: int | None) -> str:
        return "none" if value is None else f"best of three, +{value}"

    def describe(self) -> str:
        return "rubber points (best of three), e.g. 2 | none"


OPTIONS = (
    Option("target", Integer(1, 1000), "points that win a game (5 short whist, 7 American)"),
    Option("honours", HonoursKind(),
           "points for four honours / for three honours, or none (honours not scored)"),
    Option("honours_bar", Choice(("need-trick", "at-four", "none")),
           "need-trick: honours cannot win a game without a trick point in that deal "
           "(seed); at-four: a side at target - 1 scores no honours (1864 Laws); "
           "none: honours may win a game"),
    Option("losers_honours", Choice(("drop", "count")),
           "drop: the losers' honour points are left out when the game is priced (seed); "
           "count: they are counted"),
    Option("revoke_penalty", Choice(PENALTIES),
           "default revoke penalty: deduct from the revokers, transfer to the opponents, "
           "add to the opponents"),
    Option("revoke_points", Integer(0, 1000), "points of a revoke penalty"),
    Option("game_value", Choice(("ladder", "seven-minus")),
           "ladder: 3 / 2 / 1 by the losers' score 0 / 1-2 / 3+; "
           "seven-minus: target minus the losers' score"),
    Option("rubber", RubberKind(),
           "rubber points for two games of three (a rubber is best of three), or none"),
)

PRESETS = {
    "english": {"target": 5, "honours": (4, 3), "honours_bar": "need-trick",
                "losers_honours": "drop", "revoke_penalty": "deduct", "revoke_points": 3,
                "game_value": "ladder", "rubber": 2},
    "laws1864": {"target": 5, "honours": (4, 2), "honours_bar": "at-four",
                 "losers_honours": "count", "revoke_penalty": "add", "revoke_points": 3,
                 "game_value": "ladder", "rubber": 2},
    "american": {"target": 7, "honours": None, "honours_bar": "none",
                 "losers_honours": "count", "revoke_penalty": "transfer", "revoke_points": 2,
                 "game_value": "seven-minus", "rubber": None},
}

PRESET_DOCS = {
    "english": "English short whist as the seed scores it: 5-point game, honours 4/3, "
               "no game on honours alone, losers' honours dropped, rubbers",
    "laws1864": "the 1864 Laws of Short Whist: honours 4/2, none at the score of four, "
                "revoke adds 3 to the claimants",
    "american": "American 7-point whist: no honours, no rubbers, revoke transfers 2, "
                "a game is worth 7 minus the losers' points",
}

RULEBOOK = RuleBook("whist", OPTIONS, PRESETS, "english", PRESET_DOCS)

_SEED = "seed 001 «Ведение счета»"

RULE_TEXTS = {
    "tricks": RuleText(
        "Each trick over six scores one point",
        "Первые шесть взяток очков не приносят; начиная с седьмой, за каждую взятку "
        "начисляется по 1 игровому очку",
        f"{_SEED} 1); American 1)"),
    "honours": RuleText(
        "Four honours (A K Q J of trumps) score 4, three score 3",
        "Пара получает 4 игровых очка, если ей сдали все четыре онера, и 3 игровых очка, "
        "если сданы любые три онера",
        f"{_SEED} 2)"),
    "precedence": RuleText(
        "Tricks score before honours: once a side has reached the target, nothing later "
        "in the deal counts",
        "Если обе пары в одной сдаче набрали по 5 игровых очков, очки за взятки имеют "
        "преимущество перед очками за онеры",
        f"{_SEED} 2); spec whist.md, Scoring a deal"),
    "honours_need_trick": RuleText(
        "On the last deal a side must take a trick before it can claim the game: "
        "honours alone stop at target - 1",
        "При последней сдаче, прежде чем объявить партию, нужно взять по меньшей мере "
        "одну взятку",
        f"{_SEED} 2); spec whist.md, honours_bar need-trick"),
    "honours_at_four": RuleText(
        "A side at the score of four (target - 1) when the deal begins scores no honours",
        "Пара, у которой до сдачи четыре очка (цель - 1), онеров не считает",
        "1864 Laws, law 4; spec whist.md, honours_bar at-four"),
    "revoke_deduct": RuleText(
        "Revoke: the side that revoked loses the penalty points (never below 0)",
        "Пара, допустившая ренонс, теряет 3 игровых очка",
        f"{_SEED} 3) а)"),
    "revoke_transfer": RuleText(
        "Revoke: the side that revoked gives the penalty points to its opponents",
        "Пара, допустившая ренонс, отдает 3 игровых очка своим соперникам "
        "(в Америке — 2 очка)",
        f"{_SEED} 3) б); American 2)"),
    "revoke_add": RuleText(
        "Revoke: the opponents of the side that revoked gain the penalty points",
        "Соперники получают 3 игровых очка",
        f"{_SEED} 3) в)"),
    "revoke_bar": RuleText(
        "A side that revoked cannot win the game in that deal: it stops at target - 1",
        "Партнеры не могут выиграть партию, в розыгрыше которой у них был ренонс",
        "seed 001 «Правила игры», Ренонс"),
    "void": RuleText(
        "Both sides revoked: the cards are thrown in and the deal is played again; "
        "nothing is scored",
        "Если в одном и том же розыгрыше у обеих пар был ренонс, все карты сбрасываются, "
        "и производится новая сдача",
        "seed 001 «Правила игры», Ренонс"),
    "game_ladder": RuleText(
        "The winners of a game score 3 if the losers have no points, 2 if they have 1 or 2, "
        "1 if they have 3 or 4",
        "После каждой партии победителям начисляются: 3 очка, если у соперников нет "
        "игровых очков; 2 очка, если 1 или 2; 1 очко, если 3 или 4",
        f"{_SEED}, после каждой партии"),
    "losers_honours": RuleText(
        "After the game the losers' honours are not counted in their score: the game is "
        "priced on the losers' score without them",
        "После партии счет онеров у проигравших не учитывается в их общем игровом счете",
        f"{_SEED} 2)"),
    "game_seven_minus": RuleText(
        "American: the side that first reaches 7 scores 7 minus the losers' points",
        "Пара, первой набравшая 7 игровых очков, зачисляет на свой счет разницу между семью "
        "и очками проигравших",
        f"{_SEED}, В Америке"),
    "rubber": RuleText(
        "A rubber is the best of three games; its winners gain 2 rubber points "
        "(a third game is not played after 2-0)",
        "Победители двух из трех партий получают 2 дополнительных очка за роббер; если "
        "первые две партии выиграны одной парой, третья не играется",
        f"{_SEED}, Роббер"),
}

LABELS = {
    "whist.res.void": ("void: both sides revoked", "пересдача: ренонс у обеих пар"),
    "whist.res.game": ("game {0} +{1}", "партия {0} +{1}"),
    "whist.res.rubber": ("rubber {0} +{1}", "роббер {0} +{1}"),
    "rubber_no": ("Rubber", "Роббер"),
    "game_no": ("Game", "Партия"),
    "rubber": ("rubber", "роббер"),
    "game": ("game", "партия"),
    "side_points": ("{0} points", "очки {0}"),
    "won_by": ("Won by", "Выиграли"),
    "value": ("Value", "Стоимость"),
    "side_total": ("Total {0}", "Итого {0}"),
    "rubber_row": ("rubber (+{0})", "роббер (+{0})"),
    "in_play": ("in play", "идет"),
    "total": ("Total", "Итого"),
    "even": ("even", "ровно"),
    "score_title": ("Whist score", "Запись виста"),
    "tricks": ("tricks", "взятки"),
    "honours": ("honours", "онеры"),
    "revoke": ("revoke", "ренонс"),
}


# -- deals ---------------------------------------------------------------------------

@attrs.frozen(slots=True)
class WhistDeal:
    """One deal, normalised: sides by name, tricks counted for NS.

    ``tricks`` is None only for a void deal (``revoke == "both"``); ``penalty``
    is None when the claimants took the rules' default penalty.
    """

    tricks: int | None
    honours_side: str | None = None
    honours: int = 0
    revoke: str | None = None
    penalty: str | None = None

    @property
    def void(self) -> bool:
        return self.revoke == BOTH


def _side_of(text: Any, players: tuple[str, ...], field: str, error=DealError) -> str:
    """NS / EW, or the side of a player named exactly (or uniquely, ignoring case)."""
    if not isinstance(text, str):
        raise error("a side is NS, EW or a player's name", field=field, value=text)
    upper = text.upper()
    if upper in SIDES:
        return upper
    found = match_player(text, players)
    if found is not None:
        return SIDES[players.index(found) % 2]
    raise error(f"unknown side or player (NS, EW or one of {', '.join(players)})",
                field=field, value=text)


def _check_deal(deal: WhistDeal, rules: Rules, field_honours: str, error=DealError) -> None:
    if deal.honours_side is not None and rules["honours"] is None:
        raise error(f"the rules ({rules.preset}) do not score honours",
                    field=field_honours, value=deal.honours)


# -- state ---------------------------------------------------------------------------

class Config(NamedTuple):
    """The options :meth:`Whist.score` reads, looked up once per game rather than per deal."""

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


class WhistState(NamedTuple):
    """The score after a deal (immutable; a NamedTuple because one is built per deal).

    ``players``: the seats (for the balance); ``config``: the rules as
    :meth:`Whist.score` reads them; ``score``: both sides' points in the
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
    games: tuple | None = None
    rubbers: tuple | None = None


def _chain_list(chain: tuple | None) -> list:
    out = []
    while chain is not None:
        item, chain = chain
        out.append(item)
    out.reverse()
    return out


_TRICKS_DETAIL = {odd: f"{odd + 6} tricks: {odd} by cards" for odd in range(1, 8)}
_GAME_DETAIL: dict[tuple, str] = {}


def _game_detail(won: int, lost: int, held: int, priced: int, ladder: bool, target: int,
                 value: int) -> str:
    """How a game was priced, in words (memoised: the same few texts recur all evening)."""
    key = (won, lost, held, priced, ladder, target, value)
    text = _GAME_DETAIL.get(key)
    if text is None:
        text = f"{won}-{lost}"
        if held:
            text += f", losers' {held} for honours left out: {priced}"
        if ladder:
            text += f" -> {('single', 'double', 'treble')[value - 1]} {value}"
        else:
            text += f" -> {target} - {priced} = {value}"
        if len(_GAME_DETAIL) < 4096:
            _GAME_DETAIL[key] = text
    return text


def ladder_value(losers: int) -> int:
    """Treble, double, single (seed: 3 for 0, 2 for 1-2, 1 for 3-4; 1 beyond for big targets)."""
    return 3 if losers == 0 else 2 if losers <= 2 else 1


# -- the game ------------------------------------------------------------------------

_GAME_SCORE_COLUMNS = frozenset({"tricks", "honours", "revoke"})

#: every form of the short notation (``whistscore notation whist`` and docs/whist.md)
NOTATION_FORMS = (
    NotationForm("SIDE N", "NS 8", "NS took 8 tricks (2 by cards)"),
    NotationForm("SIDE N", "NS 6", "NS took 6, so EW took 7"),
    NotationForm("SIDE N H:SIDE C", "NS 8 H:NS4",
                 "NS 8 tricks and four honours (C is 3 or 4; two-and-two: leave honours out)"),
    NotationForm("SIDE N R:SIDE/PENALTY", "EW 7 R:NS/transfer",
                 "EW 7 tricks; NS revoked and EW take the transfer (deduct, transfer, add)"),
    NotationForm("NAME N H:NAME C R:NAME", "Anna 9 H:Boris3 R:Gleb",
                 "players' names for their sides: NS 9, EW three honours, EW revoked"),
    NotationForm("void", "void", "both sides revoked: the deal is thrown in (also R:both)"),
)

class Whist(GameType):
    name = "whist"
    deal_fields = whist_fields.FIELDS  # the scorepad's form (whistscore/fields.py)
    title = "Whist"
    player_counts = (4,)
    unit = "point"
    rulebook = RULEBOOK
    rule_texts = RULE_TEXTS
    labels = LABELS
    notation_forms = NOTATION_FORMS
    notation_players = ("Anna", "Boris", "Vera", "Gleb")

    # -- JSON ------------------------------------------------------------------------
    def deal_from_json(self, obj: Mapping[str, Any], players: tuple[str, ...], rules: Rules) -> WhistDeal:
        if not isinstance(obj, Mapping):
            raise DealError("a deal must be a JSON object", value=obj)
        for key in obj:
            if key not in _DEAL_KEYS:
                raise DealError(f"unknown field (known: {', '.join(_DEAL_KEYS)})",
                                field=str(key), value=obj[key])
        revoke, penalty = self._parse_revoke(obj.get("revoke"), "revoke" in obj, players)
        if revoke == BOTH:
            for key in ("tricks", "honours"):
                if key in obj:
                    raise DealError("both sides revoked: the deal is void and scores nothing, "
                                    f"so it has no {key}", field=key, value=obj[key])
            return WhistDeal(None, revoke=BOTH)
        if "tricks" not in obj:
            raise DealError("missing field: the tricks of one side (or both)", field="tricks")
        tricks = self._parse_tricks(obj["tricks"], players)
        side, count = self._parse_honours(obj.get("honours"), "honours" in obj, players)
        deal = WhistDeal(tricks, side, count, revoke, penalty)
        if side is not None:
            _check_deal(deal, rules, f"honours.{next(iter(obj['honours']))}")
        return deal

    @staticmethod
    def _parse_tricks(raw: Any, players: tuple[str, ...]) -> int:
        if not isinstance(raw, Mapping) or not raw:
            raise DealError('tricks is an object such as {"NS": 8}', field="tricks", value=raw)
        if len(raw) > 2:
            raise DealError("tricks name at most the two sides", field="tricks", value=raw)
        taken: dict[str, int] = {}
        for key, value in raw.items():
            field = f"tricks.{key}"
            side = _side_of(key, players, field)
            if side in taken:
                raise DealError(f"side {side} is named twice", field=field, value=key)
            taken[side] = _whole(value, field, 0, 13, "tricks")
        if len(taken) == 2 and taken["NS"] + taken["EW"] != 13:
            raise DealError("the two sides' tricks must add up to 13",
                            field="tricks", value=dict(raw))
        return taken["NS"] if "NS" in taken else 13 - taken["EW"]

    @staticmethod
    def _parse_honours(raw: Any, present: bool, players: tuple[str, ...]) -> tuple[str | None, int]:
        if not present:
            return None, 0
        if not isinstance(raw, Mapping) or not raw:
            raise DealError('honours is an object such as {"NS": 4}; leave it out when '
                            "they were split two and two", field="honours", value=raw)
        if len(raw) != 1:
            raise DealError("only one side can hold three or four honours",
                            field="honours", value=raw)
        (key, value), = raw.items()
        field = f"honours.{key}"
        side = _side_of(key, players, field)
        if isinstance(value, bool) or not isinstance(value, int):
            raise DealError("honours must be a whole number, 3 or 4", field=field, value=value)
        if value not in (3, 4):
            raise DealError("a side scores 3 or 4 honours (two and two: leave honours out; "
                            "one honour: write the other side's three)", field=field, value=value)
        return side, value

    @staticmethod
    def _parse_revoke(raw: Any, present: bool,
                      players: tuple[str, ...]) -> tuple[str | None, str | None]:
        if not present:
            return None, None
        if not isinstance(raw, Mapping):
            raise DealError('revoke is an object such as {"by": "NS"}', field="revoke", value=raw)
        for key in raw:
            if key not in ("by", "penalty"):
                raise DealError("unknown field (known: by, penalty)",
                                field=f"revoke.{key}", value=raw[key])
        if "by" not in raw:
            raise DealError("missing field: the side that revoked", field="revoke.by")
        by = raw["by"]
        if isinstance(by, str) and by.lower() == BOTH:
            if "penalty" in raw:
                raise DealError("both sides revoked: the deal is void, there is no penalty",
                                field="revoke.penalty", value=raw["penalty"])
            return BOTH, None
        side = _side_of(by, players, "revoke.by")
        if "penalty" not in raw:
            return side, None
        penalty = raw["penalty"]
        if not isinstance(penalty, str) or penalty not in PENALTIES:
            raise DealError(f"the penalty is one of {', '.join(PENALTIES)}",
                            field="revoke.penalty", value=penalty)
        return side, penalty

    def deal_to_json(self, deal: WhistDeal) -> dict:
        if deal.void:
            return {"revoke": {"by": BOTH}}
        t = deal.tricks
        out: dict = {"tricks": {"NS": t} if t >= 7 else {"EW": 13 - t}}
        if deal.honours_side is not None:
            out["honours"] = {deal.honours_side: deal.honours}
        if deal.revoke is not None:
            revoke = {"by": deal.revoke}
            if deal.penalty is not None:
                revoke["penalty"] = deal.penalty
            out["revoke"] = revoke
        return out

    # -- short notation ----------------------------------------------------------------
    def parse_notation(self, text: str, players: tuple[str, ...], rules: Rules) -> WhistDeal:
        text = notation_text(text, players)
        if not isinstance(text, str) or not text.strip():
            raise NotationError("an empty deal; write e.g. NS 8 H:NS4", field="notation",
                                value=text)
        tokens = text.split()
        if len(tokens) == 1 and tokens[0].lower() in ("void", "r:both"):
            return WhistDeal(None, revoke=BOTH)
        honours: tuple[str, int] | None = None
        revoke: tuple[str, str | None] | None = None
        rest: list[str] = []
        for token in tokens:
            head = token[:2].lower()
            if head == "h:":
                if honours is not None:
                    raise NotationError("honours are written once", field="honours", value=token)
                honours = self._read_honours(token, players)
            elif head == "r:":
                if revoke is not None:
                    raise NotationError("a revoke is written once (both sides: void)",
                                        field="revoke", value=token)
                revoke = self._read_revoke(token, players)
            elif token.lower() == "void":
                raise NotationError("void stands alone (the deal is thrown in)",
                                    field="notation", value=text)
            else:
                rest.append(token)
        if revoke is not None and revoke[0] == BOTH:
            raise NotationError("both sides revoked: the deal is void and stands alone "
                                "(write void)", field="revoke", value=text)
        if len(rest) < 2:
            raise NotationError("write the side and its tricks, e.g. NS 8",
                                field="tricks", value=text)
        if sum(1 for t in rest if t.isdigit()) > 1:
            raise NotationError("only one side's tricks are written (the other side took the "
                                "rest of 13), e.g. NS 8", field="tricks", value=" ".join(rest))
        number = rest[-1]
        if not number.isdigit() or not number.isascii():
            raise NotationError("the tricks are a number after the side, e.g. NS 8",
                                field="tricks", value=number)
        count = int(number)
        side = _side_of(" ".join(rest[:-1]), players, "tricks", NotationError)
        if count > 13:
            raise NotationError("tricks must be 0..13", field=f"tricks.{side}", value=count)
        deal = WhistDeal(count if side == "NS" else 13 - count,
                         honours[0] if honours else None, honours[1] if honours else 0,
                         revoke[0] if revoke else None, revoke[1] if revoke else None)
        _check_deal(deal, rules, "honours", NotationError)
        return deal

    @staticmethod
    def _read_honours(token: str, players: tuple[str, ...]) -> tuple[str, int]:
        body = token[2:]
        if body[-1:] == "2":
            raise NotationError("honours split two and two score nothing: leave honours out",
                                field="honours", value=token)
        if len(body) < 2 or body[-1] not in "34":
            raise NotationError("honours are written H:<side><3 or 4>, e.g. H:NS4",
                                field="honours", value=token)
        side_text = body[:-1]
        if side_text.endswith("/"):
            side_text = side_text[:-1]
        return _side_of(side_text, players, "honours", NotationError), int(body[-1])

    @staticmethod
    def _read_revoke(token: str, players: tuple[str, ...]) -> tuple[str, str | None]:
        body = token[2:]
        side_text, slash, penalty = body.partition("/")
        if side_text.lower() == BOTH:
            return BOTH, None
        side = _side_of(side_text, players, "revoke", NotationError)
        if not slash:
            return side, None
        penalty = penalty.lower()
        penalty = _PENALTY_SHORT.get(penalty, penalty)
        if penalty not in PENALTIES:
            raise NotationError(f"the penalty is one of {', '.join(PENALTIES)}",
                                field="revoke.penalty", value=token)
        return side, penalty

    def format_notation(self, deal: WhistDeal, players: tuple[str, ...], rules: Rules) -> str:
        if deal.void:
            return "void"
        t = deal.tricks
        parts = [f"NS {t}" if t >= 7 else f"EW {13 - t}"]
        if deal.honours_side is not None:
            parts.append(f"H:{deal.honours_side}{deal.honours}")
        if deal.revoke is not None:
            parts.append(f"R:{deal.revoke}" + (f"/{deal.penalty}" if deal.penalty else ""))
        return " ".join(parts)

    def describe_result(self, deal: WhistDeal, outcome: Outcome, ctx: DealContext) -> Any:
        if deal.void:
            return Label("whist.res.void")
        words: list[Any] = []
        for e in outcome.entries:
            if e.column == "game":
                words.append(Label("whist.res.game", (e.player, e.amount)))
            elif e.column == "rubber":
                words.append(Label("whist.res.rubber", (e.player, e.amount)))
        if not words:
            ns, ew = outcome.state.score
            words.append(f"{ns}-{ew}")
        return Phrase(tuple(words))

    def running_restarts(self, entries) -> frozenset[str]:
        # a marker's sheet starts each game's score (tricks, honours, revoke points) at 0
        if any(e.column == "game" for e in entries):
            return _GAME_SCORE_COLUMNS
        return frozenset()

    # -- scoring ------------------------------------------------------------------------
    def initial_state(self, players: tuple[str, ...], rules: Rules) -> WhistState:
        return WhistState(players, Config.of(rules))

    def score(self, state: WhistState, deal: WhistDeal, ctx: DealContext) -> Outcome:
        """Revoke, then tricks, then honours; the first side to reach the target stops the rest."""
        n = ctx.number
        cfg = state.config
        keep = ctx.keep  # False: nobody reads the entries (settle), only the score
        if deal.tricks is None:
            why = "both sides revoked: deal thrown in"
            return Outcome((Entry(n, "NS", "revoke", 0, None, "void", why),
                            Entry(n, "EW", "revoke", 0, None, "void", why)), state)
        if deal.honours_side is not None and cfg.honours is None:
            _check_deal(deal, ctx.rules, f"honours.{deal.honours_side}")
        target = cfg.target
        start = state.score
        score = list(start)
        entries: list[Entry] = []
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
                detail = f"revoke: -{points}"
                if lost != points:
                    detail += f", only {lost} to lose"
                if keep:
                    entries.append(Entry(n, SIDES[x], "revoke", -lost, None, rule, detail))
            if penalty != "deduct":
                score[y] += points
                if keep:
                    entries.append(Entry(n, SIDES[y], "revoke", points, None, rule,
                                         f"revoke by {SIDES[x]}: +{points}"))
                if score[y] >= target:
                    winner = y

        # 2. tricks
        t = deal.tricks
        w = 0 if t >= 7 else 1
        odd = (t if w == 0 else 13 - t) - 6
        if winner >= 0:
            if keep:
                entries.append(Entry(n, SIDES[w], "tricks", 0, None, "precedence",
                                     f"{odd} by cards not scored: game already won"))
        else:
            if w == barred and score[w] + odd >= target:
                gain = target - 1 - score[w]
                if keep:
                    entries.append(Entry(n, SIDES[w], "tricks", gain, None, "revoke_bar",
                                         f"{odd} by cards, stopped at {target - 1}: revoked"))
            else:
                gain = odd
                if keep:
                    entries.append(Entry(n, SIDES[w], "tricks", gain, None, "tricks",
                                         _TRICKS_DETAIL[odd]))
            score[w] += gain
            if score[w] >= target:
                winner = w

        # 3. honours
        honours = state.honours
        if deal.honours_side is not None:
            h = 0 if deal.honours_side == "NS" else 1
            points = cfg.honours[0 if deal.honours == 4 else 1]
            side = SIDES[h]
            if winner >= 0:
                if keep:
                    entries.append(Entry(n, side, "honours", 0, None, "precedence",
                                         f"{deal.honours} honours not scored: game already won"))
            elif cfg.bar == "at-four" and start[h] == target - 1:
                if keep:
                    entries.append(Entry(n, side, "honours", 0, None, "honours_at_four",
                                         f"{deal.honours} honours not scored: "
                                         f"at {target - 1} before the deal"))
            else:
                gain, rule = points, "honours"
                detail = f"{deal.honours} honours: {points}"
                if score[h] + points >= target:
                    if h == barred:
                        gain, rule = target - 1 - score[h], "revoke_bar"
                        detail += f", stopped at {target - 1}: revoked"
                    elif cfg.bar == "need-trick" and h != w:
                        gain, rule = target - 1 - score[h], "honours_need_trick"
                        detail += f", stopped at {target - 1}: no trick point"
                score[h] += gain
                honours = (honours[0] + gain, honours[1]) if h == 0 else \
                    (honours[0], honours[1] + gain)
                if keep:
                    entries.append(Entry(n, side, "honours", gain, None, rule, detail))
                if score[h] >= target:
                    winner = h

        if winner < 0:
            return Outcome(tuple(entries), WhistState(
                state.players, cfg, (score[0], score[1]), honours, state.won, state.totals,
                state.games, state.rubbers))
        return self._end_game(state, entries, winner, score, honours, n, keep)

    @staticmethod
    def _end_game(state: WhistState, entries: list[Entry], winner: int,
                  score: list[int], honours: tuple[int, int], n: int,
                  keep: bool = True) -> Outcome:
        """A side reached the target: price the game; two games end the rubber."""
        cfg = state.config
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
        if keep:
            detail = _game_detail(score[winner], losers, held, priced, cfg.ladder, cfg.target,
                                  value)
            entries.append(Entry(n, SIDES[winner], "game", value, None, rule, detail))
        totals = list(state.totals)
        totals[winner] += value
        games = ((winner, value), state.games)
        bonus = cfg.rubber
        if bonus is None:
            return Outcome(tuple(entries), WhistState(state.players, cfg, (0, 0), (0, 0), (0, 0),
                                                      tuple(totals), games, state.rubbers))
        won = list(state.won)
        won[winner] += 1
        if won[winner] < 2:
            return Outcome(tuple(entries), WhistState(state.players, cfg, (0, 0), (0, 0),
                                                      tuple(won), tuple(totals), games,
                                                      state.rubbers))
        mine = theirs = 0
        for who, v in _chain_list(games):
            if who == winner:
                mine += v
            else:
                theirs += v
        rubber_value = mine + bonus - theirs
        totals[winner] += bonus
        if keep:
            entries.append(Entry(n, SIDES[winner], "rubber", bonus, None, "rubber",
                                 f"rubber {max(won)}-{min(won)}: "
                                 f"{mine} + {bonus} - {theirs} = {rubber_value}"))
        return Outcome(tuple(entries), WhistState(state.players, cfg, (0, 0), (0, 0), (0, 0),
                                                  tuple(totals), None,
                                                  ((winner, rubber_value), state.rubbers)))

    def is_finished(self, state: WhistState) -> bool:
        return False  # a session is any number of rubbers; the table stops when it likes

    # -- results ------------------------------------------------------------------------
    def balance(self, state: WhistState, rules: Rules) -> dict[str, Fraction]:
        """Each member wins or loses his side's net above the line (spec whist.md, Balance)."""
        net = state.totals[0] - state.totals[1]
        return {p: Fraction(net if i % 2 == 0 else -net) for i, p in enumerate(state.players)}

    def pairwise_settlement(self, replay: Any) -> dict[tuple[str, str], Fraction]:
        """Partners owe each other nothing; each member wins half his side's net from
        each opponent, which adds up to the side's net for every member."""
        state = replay.state
        net = state.totals[0] - state.totals[1]
        out = {}
        for i, a in enumerate(state.players):
            for j, b in enumerate(state.players):
                if i != j:
                    same = i % 2 == j % 2
                    out[a, b] = Fraction(0) if same else Fraction(net if i % 2 == 0 else -net, 2)
        return out

    def sheet_json(self, state: WhistState, rules: Rules) -> dict:
        """Per side: seats, points in the current game, game values won in the current
        rubber (the whole session without rubbers), each completed rubber's value
        signed for this side, and the side's net total (= each member's balance)."""
        games = _chain_list(state.games)
        rubbers = _chain_list(state.rubbers)
        net = state.totals[0] - state.totals[1]
        out = {}
        for i, side in enumerate(SIDES):
            out[side] = {
                "players": [state.players[i], state.players[i + 2]],
                "score": state.score[i],
                "games": [v for who, v in games if who == i],
                "rubbers": [v if who == i else -v for who, v in rubbers],
                "total": net if i == 0 else -net,
            }
        return out

    def sheet_tables(self, replay: Any) -> list[Table]:
        """The marker's sheet: one row per game (each side's running score below the line,
        who won, the game's value, the running totals above the line), one row per
        completed rubber, and the net at the foot."""
        game = replay.game
        players = game.players
        rubbers = game.rules["rubber"] is not None
        header: list[Any] = [Label("rubber_no")] if rubbers else []
        header += [Label("game_no"),
                   f"NS ({players[0]}, {players[2]})", f"EW ({players[1]}, {players[3]})",
                   Label("won_by"), Label("value"),
                   Label("side_total", ("NS",)), Label("side_total", ("EW",))]
        rows: list[tuple[Cell, ...]] = []
        totals = [0, 0]
        totals_src: list[list[Entry]] = [[], []]
        rubber_no, game_no = 1, 1
        running = [0, 0]
        marks: list[list[str]] = [[], []]
        below: list[list[Entry]] = [[], []]
        rubber_src: list[Entry] = []
        rubber_pts = [0, 0]

        def total_cells() -> list[Cell]:
            return [Cell(totals[i], tuple(totals_src[i]), "total") for i in (0, 1)]

        def game_row(winner: Any, value: Cell) -> tuple[Cell, ...]:
            lead = [Cell(rubber_no)] if rubbers else []
            return tuple(lead + [Cell(game_no)]
                         + [Cell(", ".join(marks[i]), tuple(below[i])) for i in (0, 1)]
                         + [Cell(winner), value] + total_cells())

        for result in replay.results:
            changed = [False, False]
            for e in result.outcome.entries:
                i = 0 if e.player == "NS" else 1
                if e.column in ("revoke", "tricks", "honours"):
                    below[i].append(e)
                    if e.amount:
                        running[i] += e.amount
                        changed[i] = True
                    continue
                totals[i] += e.amount
                totals_src[i].append(e)
                rubber_src.append(e)
                rubber_pts[i] += e.amount
                if e.column == "game":
                    for k in (0, 1):
                        if changed[k]:
                            marks[k].append(str(running[k]))
                    changed = [False, False]
                    rows.append(game_row(e.player, Cell(e.amount, (e,))))
                    game_no += 1
                    running, marks, below = [0, 0], [[], []], [[], []]
                elif e.column == "rubber":
                    net = rubber_pts[i] - rubber_pts[1 - i]
                    rows.append(tuple(
                        [Cell(rubber_no), Cell(Label("rubber_row", (e.amount,)))]
                        + [Cell(rubber_pts[k], tuple(x for x in rubber_src if x.player == SIDES[k]))
                           for k in (0, 1)]
                        + [Cell(e.player), Cell(net, tuple(rubber_src))] + total_cells()))
                    rubber_no += 1
                    game_no = 1
                    rubber_src, rubber_pts = [], [0, 0]
            for k in (0, 1):
                if changed[k]:
                    marks[k].append(str(running[k]))
        if any(below) or not rows:
            rows.append(game_row(Label("in_play"), Cell(None)))
        net = totals[0] - totals[1]
        leader = Label("even") if net == 0 else ("NS" if net > 0 else "EW")
        lead = [Cell(Label("total"), style="total")] + ([Cell(None)] if rubbers else [])
        rows.append(tuple(lead + [Cell(None), Cell(None), Cell(leader, style="total"),
                                  Cell(abs(net), style="total")] + total_cells()))
        return [Table(Label("score_title"), tuple(header), tuple(rows), key="sheet")]


GAME = Whist()
