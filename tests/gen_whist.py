"""Hypothesis strategies for whist: legal game files and legal deal values.

``game_files()`` draws a complete game file (the JSON object of journal.md)
under a random preset with random option overrides, four random players and
0..40 legal deals written in every accepted spelling (a side or a member's
name, one side's tricks or both, explicit or default revoke penalties, void
deals, notes and dealers).  Whist never ends, so every deal is legal.
"""

from __future__ import annotations

import unicodedata

from hypothesis import strategies as st

from whistscore.games.whist import GAME
from whistscore.games.whist.deals import Deal
from whistscore.games.whist.rules import PENALTIES

_RESERVED = {"ns", "ew", "both", "void"}

names = st.text(
    alphabet=st.characters(blacklist_categories=("Cc", "Cf", "Co", "Cs", "Zs", "Zl", "Zp")),
    min_size=1, max_size=12,
).filter(lambda s: s.casefold() not in _RESERVED)

players_st = st.lists(names, min_size=4, max_size=4,
                      unique_by=lambda s: unicodedata.normalize("NFC", s).casefold()).map(tuple)


@st.composite
def rules_specs(draw) -> dict:
    preset = draw(st.sampled_from(["english", "laws1864", "american"]))
    spec: dict = {"preset": preset}
    extra = draw(st.fixed_dictionaries({}, optional={
        "target": st.integers(1, 10),
        "honours": st.sampled_from([[4, 3], [4, 2], "none", [2, 1]]),
        "honours_bar": st.sampled_from(["need-trick", "at-four", "none"]),
        "losers_honours": st.sampled_from(["drop", "count"]),
        "revoke_penalty": st.sampled_from(list(PENALTIES)),
        "revoke_points": st.integers(0, 4),
        "game_value": st.sampled_from(["ladder", "seven-minus"]),
        "rubber": st.one_of(st.just("none"), st.integers(0, 3)),
    }))
    spec.update(extra)
    return spec


def _side_key(draw, side: str, players: tuple[str, ...]) -> str:
    seats = (0, 2) if side == "NS" else (1, 3)
    return draw(st.sampled_from([side, players[seats[0]], players[seats[1]]]))


@st.composite
def deal_objects(draw, players: tuple[str, ...], honours: bool) -> dict:
    """One legal deal as the file writes it (in any accepted spelling)."""
    if draw(st.integers(0, 19)) == 0:
        return {"revoke": {"by": "both"}}
    ns = draw(st.integers(0, 13))
    form = draw(st.sampled_from(["NS", "EW", "both", "winner"]))
    if form == "winner":
        form = "NS" if ns >= 7 else "EW"
    if form == "both":
        tricks = {_side_key(draw, "NS", players): ns, _side_key(draw, "EW", players): 13 - ns}
    else:
        tricks = {_side_key(draw, form, players): ns if form == "NS" else 13 - ns}
    obj: dict = {"tricks": tricks}
    if honours and draw(st.booleans()):
        obj["honours"] = {_side_key(draw, draw(st.sampled_from(["NS", "EW"])), players):
                          draw(st.sampled_from([3, 4]))}
    if draw(st.integers(0, 5)) == 0:
        revoke = {"by": _side_key(draw, draw(st.sampled_from(["NS", "EW"])), players)}
        if draw(st.booleans()):
            revoke["penalty"] = draw(st.sampled_from(list(PENALTIES)))
        obj["revoke"] = revoke
    return obj


@st.composite
def game_files(draw, max_deals: int = 40) -> dict:
    spec = draw(rules_specs())
    rules = GAME.rulebook.resolve(spec)
    players = draw(players_st)
    deals = []
    for _ in range(draw(st.integers(0, max_deals))):
        obj = draw(deal_objects(players, rules["honours"] is not None))
        if draw(st.integers(0, 9)) == 0:
            # (a note starting with "-" is left out: `add --note -x` reads it as an option)
            obj["note"] = draw(st.text(max_size=20).filter(lambda t: not t.startswith("-")))
        if draw(st.integers(0, 14)) == 0:
            obj = {"dealer": draw(st.sampled_from(players)), **obj}
        deals.append(obj)
    out = {"format": "whistscore", "version": 1, "game": "whist", "players": list(players),
           "rules": spec}
    if draw(st.booleans()):
        out["stake"] = draw(st.sampled_from(["0.10", "1", "0.05", "2.50"]))
    out["deals"] = deals
    return out


@st.composite
def deal_values(draw, honours: bool = True) -> Deal:
    """Any legal deal value (for the notation and JSON round trips)."""
    if draw(st.integers(0, 9)) == 0:
        return Deal(None, revoke="both")
    tricks = draw(st.integers(0, 13))
    side, count = (None, 0)
    if honours and draw(st.booleans()):
        side, count = draw(st.sampled_from(["NS", "EW"])), draw(st.sampled_from([3, 4]))
    revoke = draw(st.sampled_from([None, "NS", "EW"]))
    penalty = draw(st.sampled_from([None, *PENALTIES])) if revoke else None
    return Deal(tricks, side, count, revoke, penalty)
