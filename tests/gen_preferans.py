"""Hypothesis strategies for legal Preferans games (used by the generic property tests).

``game_files()`` draws a preset, a few option overrides, three or four players
and up to 40 legal deals: every deal is scored as it is drawn, so the file never
holds a deal the game would refuse and never a deal after the pulka is closed.
"""

from __future__ import annotations

from hypothesis import strategies as st

from whistscore.game import DealContext
from whistscore.games.preferans import GAME
from whistscore.games.preferans.deals import SUITS, whisting_order

NAMES = ("Anna", "Boris", "Vera", "Gleb", "Дима", "Olga Petrova", "Zoë", "Kirill")

#: option overrides worth mixing into any preset (JSON values, as a file holds them)
OVERRIDES = {
    "whist_style": st.sampled_from(["greedy", "gentleman"]),
    "responsibility": st.sampled_from(["full", "half", "half-until-closed", "none"]),
    "consolation_by": st.sampled_from(["all", "defenders"]),
    "allpass": st.sampled_from(["gora", "rostov", "off"]),
    "allpass_amnesty": st.booleans(),
    "allpass_prices": st.lists(st.integers(0, 5), min_size=1, max_size=4),
    "half_whist": st.sampled_from([{}, {"6": 2}, {"6": 2, "7": 1}, {"6": 2, "7": 1, "8": 1}]),
    "obligation": st.sampled_from([[4, 2, 1, 1, 1], [4, 2, 2, 2, 0], [3, 2, 1, 1, 1]]),
    "obligation_alone": st.sampled_from([[4, 2, 1, 1, 1], [4, 2, 1, 1, 0]]),
    "trick_price": st.sampled_from([[2, 4, 6, 8, 10], [1, 3, 5, 7, 9]]),
    "remiz_price": st.sampled_from([[2, 4, 6, 8, 10], [3, 5, 7, 9, 11]]),
    "misere": st.sampled_from(["10;10", "10;20", [5, 7]]),
    "pulya_points": st.integers(0, 20),
    "gora_points": st.integers(1, 20),
    # issue 11: the house rules and the audit's options
    "half_whist_by": st.sampled_from(["style", "second", "first", "either"]),
    "totus_both_whist": st.booleans(),
    "stalingrad": st.booleans(),
    "concede": st.sampled_from(["gora-only", "consolation", "off"]),
    "both_pass": st.sampled_from(["not-played", "play-6-7"]),
    "misere_blind": st.integers(1, 4),
    "allpass_exit": st.sampled_from(["any-deal", "made-8"]),
}


@st.composite
def rules_specs(draw) -> dict:
    preset = draw(st.sampled_from(sorted(GAME.rulebook.presets)))
    spec: dict = {"preset": preset}
    chosen = draw(st.lists(st.sampled_from(sorted(OVERRIDES)), max_size=6, unique=True))
    for name in chosen:
        spec[name] = draw(OVERRIDES[name])
    scale = 10 if preset == "encyclopedia" else 1
    spec["pulya"] = draw(st.integers(1, 30)) * scale
    return spec


def _split(draw, total: int, parts: int) -> list[int]:
    cuts = sorted(draw(st.integers(0, total)) for _ in range(parts - 1))
    bounds = [0, *cuts, total]
    return [bounds[i + 1] - bounds[i] for i in range(parts)]


def _half_by(rules) -> set[str]:
    """Which defenders (first, second) may go for half-whist (option half_whist_by)."""
    by = rules["half_whist_by"]
    if by == "style":
        by = "either" if rules["whist_style"] == "gentleman" else "second"
    return {"first": {"first"}, "second": {"second"}, "either": {"first", "second"}}[by]


@st.composite
def legal_deal(draw, players: tuple[str, ...], active: tuple[str, ...], rules,
               dealer: str | None = None, streak: int = 0) -> dict:
    """One legal deal; ``dealer`` (four players) and ``streak`` (the all-pass series
    running, for ``allpass_exit = made-8``) let it draw the forms that depend on them."""
    kinds = ["contract", "contract", "contract", "misere"]
    if rules["allpass"] != "off":
        kinds.append("allpass")
    if rules["concede"] != "off":
        kinds.append("concede")
    kind = draw(st.sampled_from(kinds))
    if kind == "allpass":
        counts = _split(draw, 10, 3)
        return {"contract": "allpass", "tricks": dict(zip(active, counts))}
    declarer = draw(st.sampled_from(active))
    others = [p for p in active if p != declarer]
    if kind == "misere":
        taken = draw(st.integers(0, 10))
        deal = {"declarer": declarer, "contract": "misere"}
        if draw(st.integers(0, 3)) == 0:
            deal["blind"] = True
        if draw(st.booleans()):
            deal["tricks"] = {declarer: taken}
            return deal
        rest = _split(draw, 10 - taken, 2)
        deal["tricks"] = {declarer: taken, others[0]: rest[0], others[1]: rest[1]}
        return deal
    least = 6
    if rules["allpass_exit"] == "made-8" and streak:
        least = 7 if streak == 1 else 8
    level = draw(st.integers(least, 10))
    suit = draw(st.sampled_from(SUITS))
    if kind == "concede":
        return {"declarer": declarer, "contract": f"{level}{suit}", "concede": True}
    first, second = whisting_order(players, declarer, others)
    halves = dict(rules["half_whist"])
    pairs = [("whist", "whist"), ("whist", "pass"), ("pass", "whist"), ("pass", "pass")]
    if level in halves:
        by = _half_by(rules)
        if "second" in by:
            pairs += [("pass", "half"), ("whist", "gone-half")]
        if "first" in by:
            pairs += [("half", "pass"), ("gone-half", "whist")]
    if (rules["stalingrad"] and level == 6 and suit == "S") or \
            (rules["totus_both_whist"] and level == 10):
        pairs = [("whist", "whist")]
    s1, s2 = draw(st.sampled_from(pairs))
    deal = {"declarer": declarer, "contract": f"{level}{suit}",
            "whist": {first: s1, second: s2}}
    if dealer is not None and dealer not in active and draw(st.integers(0, 2)) == 0:
        # seed 002 3.8.8: the sitting-out dealer takes the whist the defenders declined
        status = "pass"
        if "whist" not in (s1, s2):
            if level in halves and "half" in (s1, s2):
                deal["whist"] = {first: "gone-half" if s1 == "half" else "pass",
                                 second: "gone-half" if s2 == "half" else "pass"}
                status = draw(st.sampled_from(["whist", "pass"]))
                if status == "pass":
                    deal["whist"] = {first: s1, second: s2}
            elif level not in halves and (s1, s2) == ("pass", "pass"):
                status = draw(st.sampled_from(["whist", "pass"]))
        deal["whist"][dealer] = status
    statuses = set(deal["whist"].values())
    played = "whist" in statuses or (rules["both_pass"] == "play-6-7" and level in (6, 7)
                                     and statuses == {"pass"})
    if played:
        taken = draw(st.integers(max(0, level - 4), 10))
        rest = _split(draw, 10 - taken, 2)
        deal["tricks"] = {declarer: taken, first: rest[0], second: rest[1]}
    return deal


@st.composite
def game_files(draw, max_deals: int = 40) -> dict:
    players = tuple(draw(st.lists(st.sampled_from(NAMES), min_size=3, max_size=4, unique=True)))
    spec = draw(rules_specs())
    rules = GAME.rulebook.resolve(spec)
    state = GAME.initial_state(players, rules)
    n = draw(st.integers(0, max_deals))
    deals = []
    dealer = players[0]
    for number in range(1, n + 1):
        if GAME.is_finished(state):
            break
        record: dict = {}
        if draw(st.integers(0, 9)) == 0:
            dealer = draw(st.sampled_from(players))
            record["dealer"] = dealer
        active = GAME.active_players(players, dealer)
        deal = draw(legal_deal(players, active, rules, dealer, state.streak))
        record.update(deal)
        if draw(st.integers(0, 14)) == 0:
            record["note"] = "a note"
        parsed = GAME.deal_from_json(deal, players, rules)
        ctx = DealContext(number, dealer, players, active, rules)
        state = GAME.score(state, parsed, ctx).state
        deals.append(record)
        dealer = players[(players.index(dealer) + 1) % len(players)]
    return {
        "format": "whistscore",
        "version": 1,
        "game": "preferans",
        "players": list(players),
        "rules": spec,
        "deals": deals,
    }


# -- helpers for the Preferans tests -------------------------------------------------

ABV = ("Anna", "Boris", "Vera")


def build(deals, players=ABV, preset: str = "sochi", *, dealers=None, stake=None, **options):
    """A replayed game from JSON deals (``dealers``: an optional dealer per deal)."""
    from whistscore.journal import from_json
    from whistscore.replay import replay

    rules = {"preset": preset, **options}
    records = []
    for i, deal in enumerate(deals):
        record = dict(deal)
        if dealers is not None and dealers[i] is not None:
            record = {"dealer": dealers[i], **record}
        records.append(record)
    data = {"format": "whistscore", "version": 1, "game": "preferans",
            "players": list(players), "rules": rules, "deals": records}
    if stake is not None:
        data["stake"] = stake
    return replay(from_json(data))


def sheet(rep) -> dict:
    return GAME.sheet_json(rep.state, rep.game.rules)


def deal_entries(rep, number: int) -> list[tuple]:
    """(player, column, amount, against, rule) of one deal, in writing order."""
    return [(e.player, e.column, e.amount, e.against, e.rule)
            for e in rep.results[number - 1].entries]


def contract(declarer, text, whist, tricks=None) -> dict:
    deal = {"declarer": declarer, "contract": text, "whist": whist}
    if tricks is not None:
        deal["tricks"] = tricks
    return deal


def allpass(tricks) -> dict:
    return {"contract": "allpass", "tricks": tricks}


def misere(declarer, tricks) -> dict:
    return {"declarer": declarer, "contract": "misere", "tricks": tricks}
