"""Hypothesis strategies for random legal Danish whist games (used by the generic property tests).

The dealer is tracked while deals are drawn (rotation from ``players[0]``,
sometimes overridden by a deal's ``"dealer"``), so with five players neither
the declarer nor the partner is ever the sitting-out dealer.
"""

from __future__ import annotations

import unicodedata

from hypothesis import strategies as st

from whistscore.games.danish.deals import ATTACHMENTS
from whistscore.games.danish.rules import NEGATIVES

NAME_POOL = ["Anna", "Bo", "Carl", "Dina", "Erik", "Frida", "Ann", "Ann Lee", "anna", "Søren",
             "Åse", "Олег", "Мария", "alone", "good", "sol", "ren", "open", "nolo", "7", "13",
             "de Vries", "O'Neil", "#2", "Vip"]

_name = st.one_of(
    st.sampled_from(NAME_POOL),
    st.text(st.characters(min_codepoint=33, max_codepoint=0x4FF,
                          blacklist_categories=("Cs", "Cc", "Cf", "Co", "Zs", "Zl", "Zp")),
            min_size=1, max_size=8))


@st.composite
def players(draw, count: int | None = None) -> list[str]:
    n = count if count is not None else draw(st.sampled_from([4, 5]))
    return draw(st.lists(_name, min_size=n, max_size=n,
                              unique_by=lambda s: unicodedata.normalize("NFC", s).casefold()))


@st.composite
def rules_spec(draw) -> dict:
    """A preset plus a random handful of options, in the forms a game file holds."""
    spec: dict = {}
    if draw(st.booleans()):
        spec["preset"] = "simple"
    choices = {
        "base": st.integers(1, 1000),
        "attachment_factor": st.integers(1, 4),
        "overtricks": st.sampled_from(["per-bid", "none"]),
        "failed_factor": st.integers(1, 3),
        "alone_factor": st.integers(1, 6),
        "nolo_values": st.lists(st.integers(1, 500), min_size=4, max_size=4).map(
            lambda v: dict(zip(NEGATIVES, v))),
        "nolo_failed_factor": st.integers(1, 3),
    }
    for name in draw(st.lists(st.sampled_from(sorted(choices)), unique=True, max_size=7)):
        spec[name] = draw(choices[name])
    return spec


@st.composite
def deal_object(draw, names: list[str], dealer: str) -> dict:
    """One legal deal (JSON) for the given dealer."""
    active = [p for p in names if p != dealer] if len(names) == 5 else list(names)
    declarer = draw(st.sampled_from(active))
    if draw(st.integers(0, 3)) == 0:
        bid = draw(st.sampled_from(NEGATIVES))
        return {"declarer": declarer, "bid": bid, "tricks": draw(st.integers(0, 13))}
    bid = draw(st.integers(7, 13))
    deal: dict = {"declarer": declarer, "bid": bid}
    if draw(st.booleans()):
        deal["attachment"] = draw(st.sampled_from(ATTACHMENTS))
    deal["partner"] = draw(st.sampled_from(active + [None]))
    deal["tricks"] = draw(st.one_of(st.integers(max(0, bid - 4), 13), st.integers(0, 13)))
    return deal


@st.composite
def game_files(draw, count: int | None = None, max_deals: int = 40) -> dict:
    """A complete legal game file (JSON-ready dict) with 0..max_deals deals."""
    names = draw(players(count))
    game: dict = {"format": "whistscore", "version": 1, "game": "danish",
                  "players": names, "rules": draw(rules_spec())}
    if draw(st.booleans()):
        game["stake"] = draw(st.sampled_from(["0.01", "0.10", "1", "0.05"]))
        game["currency"] = "DKK"
    deals = []
    dealer = names[0]
    for _ in range(draw(st.integers(0, max_deals))):
        override = draw(st.integers(0, 9)) == 0
        if override:
            dealer = draw(st.sampled_from(names))
        deal = draw(deal_object(names, dealer))
        if override:
            deal = {"dealer": dealer, **deal}
        if draw(st.integers(0, 9)) == 0:
            deal["note"] = draw(st.sampled_from(["redeal before", "late", "Søren's ace in the cat"]))
        deals.append(deal)
        dealer = names[(names.index(dealer) + 1) % len(names)]
    game["deals"] = deals
    return game
