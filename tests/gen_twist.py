"""Hypothesis strategies for random legal Twist games (used by the generic property tests).

Deals are drawn one by one and scored as they are drawn, so a twist round is
recorded exactly when one is due and nothing follows the deal that ends the game.
"""

from __future__ import annotations

import unicodedata

from hypothesis import strategies as st

from whistscore.game import DealContext
from whistscore.games.twist import GAME
from whistscore.games.twist.deals import SOLO_VALUES
from whistscore.games.twist.scoring import BOMB_MAX, DIL_MIN

NAME_POOL = ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Ann", "Ann Lee", "Олег",
             "Мария", "round", "twist", "pass", "bomb", "de Vries", "O'Neil", "Zoë", "anna"]

names = st.lists(
    st.one_of(st.sampled_from(NAME_POOL),
              st.text(st.characters(min_codepoint=33, max_codepoint=0x4FF,
                                    blacklist_categories=("Cs", "Cc", "Cf", "Co", "Zs", "Zl", "Zp")),
                      min_size=1, max_size=8)),
    min_size=4, max_size=4, unique_by=lambda s: unicodedata.normalize("NFC", s).casefold())


@st.composite
def tricks(draw) -> list[int]:
    """Four counts summing to 12 (each player discards one card)."""
    cuts = sorted(draw(st.lists(st.integers(0, 12), min_size=3, max_size=3)))
    counts = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 12 - cuts[2]]
    return draw(st.permutations(counts))


@st.composite
def solo_tricks(draw, kind: str, category: str, seat: int) -> list[int]:
    """Tricks near the solo's limit, so that made and failed solos both come up."""
    t = draw(tricks())
    limit = BOMB_MAX[category] if kind == "bomb" else DIL_MIN[category]
    want = max(0, min(12, limit + draw(st.integers(-2, 2))))
    diff = want - t[seat]
    others = [i for i in range(4) if i != seat]
    for i in others * 12:
        if diff > 0 and t[i] > 0:
            t[i] -= 1
            t[seat] += 1
            diff -= 1
        elif diff < 0:
            t[i] += 1
            t[seat] -= 1
            diff += 1
    return t


@st.composite
def deal_object(draw, players: tuple[str, ...], round_due: bool) -> dict:
    if round_due:
        return {"twist_round": True, "tricks": dict(zip(players, draw(tricks())))}
    seat = draw(st.integers(0, 3))
    declarer = players[seat]
    kind = draw(st.sampled_from(["contract"] * 6 + ["bomb", "dil"]))
    if kind != "contract":
        category = draw(st.sampled_from(sorted(SOLO_VALUES)))
        value = draw(st.sampled_from(SOLO_VALUES[category]))
        t = draw(solo_tricks(kind, category, seat))
        return {kind: category, "value": value, "declarer": declarer,
                "tricks": dict(zip(players, t))}
    level = draw(st.integers(2, 12))
    denom = draw(st.sampled_from(["S", "C", "D", "H", "NT"]))
    t = draw(tricks())
    passed = draw(st.integers(0, 5)) == 0
    opened = passed or draw(st.booleans())
    opponents = [players[(seat + 1) % 4], players[(seat + 3) % 4]]
    twist = []
    if level >= 7:
        twist = [p for p in opponents if draw(st.integers(0, 3)) == 0]
    obj = {"declarer": declarer, "contract": f"{level}{denom}", "tricks": dict(zip(players, t)),
           "opened": opened, "partner_passed": passed, "twist": twist}
    return obj


@st.composite
def game_files(draw) -> dict:
    players = tuple(draw(names))
    rules_spec: dict = {"preset": "seed"}
    gora = draw(st.sampled_from([None, 5, 10, 15, 30]))
    if gora is not None:
        rules_spec["gora"] = gora
    failure = draw(st.sampled_from([None, "scaled", "literal"]))
    if failure is not None:
        rules_spec["dil_failure"] = failure
    same_kind = draw(st.sampled_from([None, "one", "all"]))
    if same_kind is not None:
        rules_spec["same_kind"] = same_kind
    rules = GAME.rulebook.resolve(rules_spec)
    state = GAME.initial_state(players, rules)
    deals = []
    for number in range(1, draw(st.integers(0, 40)) + 1):
        if state.finished:
            break
        obj = draw(deal_object(players, state.round_price is not None))
        deal = GAME.deal_from_json(obj, players, rules)
        ctx = DealContext(number, players[(number - 1) % 4], players, players, rules)
        state = GAME.score(state, deal, ctx).state
        if draw(st.integers(0, 9)) == 0:
            obj = dict(obj, note="a note, «примечание»")
        deals.append(obj)
    out = {"format": "whistscore", "version": 1, "game": "twist", "players": list(players),
           "rules": rules_spec}
    if draw(st.booleans()):
        out["stake"] = draw(st.sampled_from(["0.10", "1", "0.05"]))
        out["currency"] = "EUR"
    out["deals"] = deals
    return out


# -- helpers shared by the Twist tests -------------------------------------------------

PLAYERS = ["A", "B", "C", "D"]  # A & C against B & D


def game_file(deals: list, players: list | None = None, **rules) -> dict:
    return {"format": "whistscore", "version": 1, "game": "twist",
            "players": list(players or PLAYERS), "rules": {"preset": "seed", **rules},
            "deals": list(deals)}


def play(deals: list, players: list | None = None, **rules):
    """Replay a list of deals (JSON objects or short-notation strings) from the start."""
    from whistscore import journal
    from whistscore.replay import replay

    players = list(players or PLAYERS)
    game = journal.from_json(game_file([], players, **rules))
    rp = replay(game)
    for deal in deals:
        if isinstance(deal, str):
            from whistscore.game import DealRecord
            record = DealRecord(GAME.parse_notation(deal, game.players, game.rules))
        else:
            record = journal.deal_from_json(GAME, deal, game.players, game.rules)
        rp = rp.extend(record)
    return rp


def sheet(rp) -> dict:
    return GAME.sheet_json(rp.state, rp.game.rules)


def column(rp, col: str) -> dict:
    return {p: v[col] for p, v in sheet(rp).items()}


def written(rp) -> dict:
    """{(writer, on): vists} for every non-zero vist total."""
    return {(p, q): n for p, v in sheet(rp).items() for q, n in v["vists"].items() if n}


def deal_entries(rp, number: int) -> list:
    return list(rp.results[number - 1].outcome.entries)


def settle_by_hand(gora: dict, remark: dict, vists: dict) -> dict:
    """The seed's three settlement steps, written out independently of the game module."""
    final = {p: remark[p] - 10 * gora[p] for p in gora}                      # step 1
    out = {p: 0 for p in gora}
    names = list(gora)
    for i, p in enumerate(names):                                           # step 2
        for q in names[i + 1:]:
            diff = final[p] - final[q]
            out[p] += 2 * diff
            out[q] -= 2 * diff
    for (p, q), n in vists.items():                                         # step 3
        out[p] += n
        out[q] -= n
    return out
