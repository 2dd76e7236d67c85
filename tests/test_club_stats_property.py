"""Over generated clubs, every statistic equals a straightforward recount from the files'
deals, made here without the club code (issue 37, docs/club.md "Statistics").

A club is a few generated game files of each kind in one folder (the games of a kind share
players by name, any letter case).  The recount reads each file's JSON deals; what no deal
says (the vists a player wrote, a whister short of his tricks, a game's result) it takes
from the engine's replay of that file, never from the archive.
"""

from __future__ import annotations

import json
import tempfile
import unicodedata
from fractions import Fraction
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

import whistscore
from whistscore.replay import replay
from whistscore.settlement import settle

import gen_danish
import gen_preferans
import gen_twist
import gen_whist

SUITS = ("S", "C", "D", "H", "NT")


def game_of(data: dict):
    """The file's game, as the engine reads it (``_file``: the test's own note)."""
    from whistscore.journal import from_json
    return from_json({k: v for k, v in data.items() if k != "_file"})


def key(name: str) -> str:
    return unicodedata.normalize("NFC", name).casefold()


def two(q: Fraction) -> str:
    from decimal import ROUND_HALF_UP, Decimal
    return str((Decimal(q.numerator) / Decimal(q.denominator)).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP))


def contract_height(text: str) -> tuple[int, str]:
    digits = "".join(c for c in text if c.isdigit())
    return int(digits), text[len(digits):]


def recount_preferans(files: list[dict], who: str) -> dict:
    contracts: dict[tuple[int, str], list[int]] = {}
    misere = {"played": 0, "made": 0, "caught": 0}
    defence = {"whist": 0, "pass": 0, "half": 0, "whist_failed": 0}
    allpass = {"deals": 0, "tricks": 0}
    vists = Fraction(0)
    deals = 0
    for data in files:
        me = next((p for p in data["players"] if key(p) == who), None)
        if me is None or not data["deals"]:
            continue
        deals += len(data["deals"])
        rp = replay(game_of(data), history=True)
        dealers = [r.dealer for r in rp.results]
        for i, (deal, result) in enumerate(zip(data["deals"], rp.results)):
            entries = result.outcome.entries
            vists += sum(Fraction(e.amount) for e in entries
                         if e.player == me and e.column == "vists")
            short = any(e.player == me and e.rule in ("responsible_whist",
                                                      "half_responsible_whist")
                        for e in entries)
            if deal["contract"] == "allpass":
                if me in deal["tricks"]:
                    allpass["deals"] += 1
                    allpass["tricks"] += deal["tricks"][me]
            elif deal.get("declarer") == me:
                if deal["contract"] == "misere":
                    misere["played"] += 1
                    misere["made" if deal["tricks"][me] == 0 else "caught"] += 1
                else:
                    level, suit = contract_height(deal["contract"])
                    row = contracts.setdefault((level * 10 + SUITS.index(suit), suit), [0, 0])
                    row[0] += 1
                    if deal.get("concede"):
                        made = False  # conceded: the declarer gave his contract up
                    elif "tricks" in deal:
                        made = deal["tricks"][me] >= level
                    else:  # nobody whisted (both passed, or a half-whist): written as made
                        made = True
                    row[1] += made
            else:
                said = deal.get("whist", {}).get(me)
                sitting_out = len(data["players"]) == 4 and dealers[i] == me
                if said == "whist" or said == "half":
                    defence[said] += 1
                elif said in ("pass", "gone-half") and not sitting_out:
                    defence["pass"] += 1
                if said is not None and short:
                    defence["whist_failed"] += 1
    return {
        "contracts": [{"level": h // 10, "suit": s, "played": c[0], "made": c[1]}
                      for (h, s), c in sorted(contracts.items())],
        "misere": misere, "defence": defence, "allpass": allpass,
        "vists": str(vists) if vists.denominator != 1 else str(vists.numerator),
        "vists_per_deal": two(vists / deals) if deals else None,
    }


def recount_whist(files: list[dict], who: str) -> dict:
    played = won = tricks = revokes = void = 0
    honours = {3: 0, 4: 0}
    for data in files:
        seat = next((i for i, p in enumerate(data["players"]) if key(p) == who), None)
        if seat is None:
            continue
        side = "NS" if seat % 2 == 0 else "EW"
        # whist.md: a side is NS, EW or a player's name (seats 1 and 3 North-South)
        side_of = {"NS": "NS", "EW": "EW", "both": "both",
                   **{p: "NS" if i % 2 == 0 else "EW" for i, p in enumerate(data["players"])}}

        def sides(part: dict) -> dict:
            return {side_of[k]: v for k, v in part.items()}

        for deal in data["deals"]:
            revoke = deal.get("revoke")
            if revoke and side_of[revoke["by"]] in (side, "both"):
                revokes += 1
            if "tricks" not in deal:
                void += 1
                continue
            t = sides(deal["tricks"])
            ours = t[side] if side in t else 13 - t["EW" if side == "NS" else "NS"]
            played += 1
            tricks += ours
            won += ours >= 7
            held = sides(deal.get("honours", {}))
            if held.get(side):
                honours[held[side]] += 1
    return {"deals_won": {"played": played, "won": won},
            "tricks_per_deal": two(Fraction(tricks, played)) if played else None,
            "honours": {"three": honours[3], "four": honours[4]},
            "revokes": revokes, "void": void}


def recount_danish(files: list[dict], who: str) -> dict:
    rows: dict[str, dict] = {"contract": {}, "alone": {}, "negative": {}, "attachment": {}}
    partner = {"played": 0, "made": 0}

    def add(kind: str, bid: object, made: bool) -> None:
        row = rows[kind].setdefault(bid, {"bid": bid, "played": 0, "made": 0})
        row["played"] += 1
        row["made"] += made

    for data in files:
        me = next((p for p in data["players"] if key(p) == who), None)
        if me is None:
            continue
        for deal in data["deals"]:
            bid, tricks = deal["bid"], deal["tricks"]
            if isinstance(bid, int):
                made = tricks >= bid
                if deal["declarer"] == me:
                    add("contract" if deal.get("partner") not in (None, me) else "alone",
                        bid, made)
                    if deal.get("attachment"):
                        add("attachment", deal["attachment"], made)
                elif deal.get("partner") == me:
                    partner["played"] += 1
                    partner["made"] += made
            elif deal["declarer"] == me:  # solo: one trick exactly; nolo: none (danish.md)
                add("negative", bid, tricks == (1 if bid in ("solo", "open_solo") else 0))
    order = ["solo", "nolo", "open_solo", "open_nolo"]
    return {"contracts": sorted(rows["contract"].values(), key=lambda r: r["bid"]),
            "alone": sorted(rows["alone"].values(), key=lambda r: r["bid"]),
            "negative": sorted(rows["negative"].values(), key=lambda r: order.index(r["bid"])),
            "attachments": sorted(rows["attachment"].values(), key=lambda r: r["bid"]),
            "partner": partner}


def recount_twist(files: list[dict], who: str) -> dict:
    """What a Twist file says without its rules: contracts declared, twists announced,
    twist rounds and tricks (made is counted by hand in test_club_stats)."""
    played: dict[tuple[int, str], int] = {}
    twists = rounds = round_tricks = taken = with_tricks = 0
    for data in files:
        me = next((p for p in data["players"] if key(p) == who), None)
        if me is None:
            continue
        for deal in data["deals"]:
            taken += deal["tricks"][me]
            with_tricks += 1
            if deal.get("twist_round"):
                rounds += 1
                round_tricks += deal["tricks"][me]
                continue
            if deal.get("declarer") == me and "contract" in deal:
                level, suit = contract_height(deal["contract"].upper())
                k = (level * 10 + SUITS.index(suit), suit)
                played[k] = played.get(k, 0) + 1
            twists += me in deal.get("twist", [])
    return {"contracts": [(h // 10, s, n) for (h, s), n in sorted(played.items())],
            "twist": twists, "twist_round": {"deals": rounds, "tricks": round_tricks},
            "tricks_per_deal": two(Fraction(taken, with_tricks)) if with_tricks else None}


def common(files: list[dict], who: str) -> dict:
    rows = []
    for data in sorted(files, key=lambda d: d["_file"]):
        me = next((p for p in data["players"] if key(p) == who), None)
        if me is None or not data["deals"]:
            continue
        s = settle(replay(game_of(data)))
        mine = Fraction(s.balance[me])
        rows.append((mine, 1 + sum(Fraction(b) > mine for b in s.balance.values()),
                     len(data["deals"])))
    run = longest = 0
    for points, _, _ in rows:
        run = run + 1 if points > 0 else 0
        longest = max(longest, run)
    wins = sum(p == 1 for _, p, _ in rows)
    return {"evenings": len(rows), "deals": sum(n for _, _, n in rows), "wins": wins,
            "win_rate": two(Fraction(wins, len(rows))),
            "average_place": two(Fraction(sum(p for _, p, _ in rows), len(rows))),
            "streak": {"current": run, "longest": longest}}


clubs = st.fixed_dictionaries({
    "preferans": st.lists(gen_preferans.game_files(max_deals=15), min_size=1, max_size=3),
    "whist": st.lists(gen_whist.game_files(max_deals=10), max_size=2),
    "danish": st.lists(gen_danish.game_files(max_deals=10), max_size=2),
    "twist": st.lists(gen_twist.game_files(), max_size=1),
})


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(clubs)
def test_every_statistic_equals_a_recount_from_the_files(generated):
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for kind, games in generated.items():
            for i, data in enumerate(games):
                data["_file"] = f"{kind}-{i}.json"
                if data["deals"]:  # each file its own evening, in the files' order: two
                    # generated files may hold the same deals, which the club would count
                    # once as a copy of one evening (club.md, duplicates)
                    data["deals"][0]["at"] = f"2026-01-{i + 1:02d}T20:00:00+00:00"
                (folder / data["_file"]).write_text(json.dumps(
                    {k: v for k, v in data.items() if k != "_file"}, ensure_ascii=False),
                    "utf-8")
        with whistscore.club(folder) as club:
            assert not club.problems(), club.problems()
            for kind, games in generated.items():
                played = [d for d in games if d["deals"]]
                names = {key(p): p for d in played for p in d["players"]}
                for who, typed in names.items():
                    page = club.player(typed, game=kind, unfinished=True)
                    st_ = page["statistics"][kind]
                    assert {k: st_[k] for k in ("evenings", "deals", "wins", "win_rate",
                                                "average_place", "streak")} == \
                        common(played, who)
                    if kind == "preferans":
                        assert {k: st_[k] for k in ("contracts", "misere", "defence", "allpass",
                                                    "vists", "vists_per_deal")} == \
                            recount_preferans(played, who)
                    elif kind == "whist":
                        assert {k: st_[k] for k in recount_whist(played, who)} == \
                            recount_whist(played, who)
                    elif kind == "danish":
                        assert {k: st_[k] for k in recount_danish(played, who)} == \
                            recount_danish(played, who)
                    else:
                        got = recount_twist(played, who)
                        assert [(c["level"], c["suit"], c["played"])
                                for c in st_["contracts"]] == got["contracts"]
                        assert st_["twist"]["announced"] == got["twist"]
                        assert st_["twist_round"] == got["twist_round"]
                        assert st_["tricks_per_deal"] == got["tricks_per_deal"]
