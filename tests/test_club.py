"""The club archive's numbers, checked against each game file's own settlement (issue 24).

The club of ``club_support`` (twelve evenings of four games, two seasons, an alias, an
unfinished game, a broken file) is read through ``whistscore.club``; every number is
worked out again here from the files alone: ``settle --json`` of each file for points,
money and places, a replay for the swings, ``openskill`` called directly for the rating.
"""

from __future__ import annotations

import json
import shutil
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

import whistscore
from whistscore.settlement import settle

import club_support
from clirun import run
from registry_support import games

ROOT = Path(__file__).resolve().parent.parent

ALIAS = {"Аня": "Anna"}


def club_name(typed: str) -> str:
    return ALIAS.get(typed, typed)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, list[Path]]]:
    root = tmp_path_factory.mktemp("club")
    return root, club_support.build(root)


@pytest.fixture(scope="module")
def club(folder):
    c = whistscore.club(folder[0])
    yield c
    c.close()


def cli_settle(path: Path) -> dict:
    status, out, err = run(["settle", path, "--json"])
    assert (status, err) == (0, "")
    return json.loads(out)


def places(balance: dict[str, Fraction]) -> dict[str, int]:
    """By hand: 1 + the number of players strictly ahead."""
    return {p: 1 + sum(other > b for other in balance.values()) for p, b in balance.items()}


def test_journal_example_is_indexed_with_its_hand_computed_numbers(club, folder):
    # journal.md: Anna 8, Boris 12, Vera -20 vists; at 0.10 a vist 0.80, 1.20, -2.00
    page = club.player("Boris", game="preferans")
    first = page["games"]["preferans"]["evenings"][0]
    assert (first["date"], first["points"], first["money"], first["place"]) == \
        ("2026-09-04", "12", "1.20", 1)
    vera = club.player("Vera", game="preferans")["games"]["preferans"]["evenings"][0]
    assert (vera["points"], vera["money"], vera["place"]) == ("-20", "-2.00", 3)


@pytest.mark.parametrize("kind", games())
def test_standings_equal_the_sum_of_each_files_settlement(club, folder, kind):
    totals: dict[str, dict] = {}
    for path in folder[1][kind]:
        s = cli_settle(path)
        balance = {p: Fraction(b) for p, b in s["balance"].items()}
        where = places(balance)
        for typed, b in balance.items():
            t = totals.setdefault(club_name(typed), {"evenings": 0, "points": Fraction(0),
                                                     "money": Decimal(0), "wins": 0,
                                                     "places": [], "deals": 0})
            t["evenings"] += 1
            t["deals"] += s["deals"]
            t["points"] += b
            t["money"] += Decimal(s["money"][typed])
            t["wins"] += where[typed] == 1
            t["places"].append(where[typed])
    table = club.standings(game=kind)["games"][kind]["table"]
    assert {r["player"] for r in table} == set(totals)
    for row in table:
        t = totals[row["player"]]
        assert row["evenings"] == t["evenings"]
        assert row["deals"] == t["deals"]
        assert Fraction(row["points"]) == t["points"]
        assert Decimal(row["money"]["EUR"]) == t["money"]
        assert row["wins"] == t["wins"]
        assert Decimal(row["average_place"]) == \
            (Decimal(sum(t["places"])) / len(t["places"])).quantize(Decimal("0.01"))
        assert row["form"] == t["places"][-5:]
    points = [Fraction(r["points"]) for r in table]
    assert points == sorted(points, reverse=True)
    assert [r["rank"] for r in table] == [1 + sum(q > p for q in points) for p in points]


def test_whist_partners_share_their_sides_place(club, folder):
    path = folder[1]["whist"][3]  # 25 Sep: Anna & Vera (NS) against Boris & Gleb
    s = cli_settle(path)
    assert Fraction(s["balance"]["Anna"]) == Fraction(s["balance"]["Vera"]) > 0

    def place(name: str) -> int:
        evenings = club.player(name, game="whist")["games"]["whist"]["evenings"]
        return next(e["place"] for e in evenings if e["file"] == path.name)
    assert [place(p) for p in ("Anna", "Vera", "Boris", "Gleb")] == [1, 1, 3, 3]


def test_alias_makes_one_player_and_the_unfinished_game_waits(club, folder):
    page = club.player("аня")  # any spelling, any case
    assert page["player"] == "Anna" and page["spellings"] == ["Anna", "Аня"]
    standing = club.standings(game="preferans")
    assert [g["file"] for g in standing["in_progress"]] == ["2026-11-20-preferans.json"]
    assert [p["file"] for p in standing["left_out"]] == ["spilled-coffee.json"]
    with_it = club.standings(game="preferans", unfinished=True)["games"]["preferans"]
    assert with_it["evenings"] == standing["games"]["preferans"]["evenings"] + 1


def test_seasons_split_the_evenings(club, folder):
    autumn = club.standings(season="Autumn 2026")
    late = club.standings(season="late 2026")
    total = club.standings()
    for kind in ("twist", "whist", "danish"):
        assert autumn["games"][kind]["evenings"] + late["games"][kind]["evenings"] == \
            total["games"][kind]["evenings"] == 12
    assert autumn["games"]["twist"]["evenings"] == 11  # 4 Sep .. 13 Nov
    dates = club.standings(first="2026-09-04", last="2026-09-11")
    assert dates["games"]["danish"]["evenings"] == 2
    assert autumn["period"] == {"season": "Autumn 2026", "from": "2026-09-01",
                                "to": "2026-11-15"}


def test_head_to_head_counts_and_pairwise_money(club, folder):
    both = [p for p in folder[1]["preferans"]
            if {"Anna", "Boris"} <= {club_name(t) for t in whistscore.load(p).players}]
    ahead = behind = level = 0
    won = Fraction(0)
    money = Decimal(0)
    for path in both:
        game = whistscore.load(path)
        rp = whistscore.replay(game)
        names = {club_name(t): t for t in game.players}
        where = places(dict(settle(rp).balance))
        a, b = where[names["Anna"]], where[names["Boris"]]
        ahead += a < b
        behind += a > b
        level += a == b
        pair = game.kind.pairwise_settlement(rp)[(names["Anna"], names["Boris"])]
        won += pair
        # each evening's money to the cent, then added (as the standings add each evening's)
        money += (Decimal(pair.numerator) * game.stake / pair.denominator).quantize(
            Decimal("0.01"))
    h = club.head_to_head("Anna", "Boris", game="preferans")["games"]["preferans"]
    assert (h["evenings"], h["ahead"], h["behind"], h["level"]) == \
        (len(both), ahead, behind, level)
    assert Fraction(h["won_from_other"]["points"]) == won
    assert h["won_from_other"]["money"] == {"EUR": str(money)}
    other = club.head_to_head("Boris", "Anna", game="preferans")["games"]["preferans"]
    assert Fraction(other["won_from_other"]["points"]) == -won
    assert (other["ahead"], other["behind"]) == (behind, ahead)


def _by_record(club, kind):
    return {r["record"]: r for r in club.records(game=kind)["games"][kind]}


@pytest.mark.parametrize("kind", games())
def test_evening_records_are_the_files_extremes(club, folder, kind):
    found = _by_record(club, kind)
    seats = []
    deals = []
    swings = []
    for path in folder[1][kind]:
        game = whistscore.load(path)
        s = settle(whistscore.replay(game)).to_json()
        for typed, b in s["balance"].items():
            seats.append((Fraction(b), Decimal(s["money"][typed]), club_name(typed), path.name))
        deals.append((len(game.deals), path.name))
        rp = whistscore.replay(game, history=True)
        before = {p: Fraction(0) for p in game.players}
        for r in rp.results:
            moved = {p: r.balance[p] - before[p] for p in game.players}
            before = r.balance
            swings.append((max(abs(v) for v in moved.values()), path.name, r.number))
    best = max(seats, key=lambda s: s[0])
    worst = min(seats, key=lambda s: s[0])
    assert (Fraction(found["biggest_win"]["value"]), found["biggest_win"]["player"]) == \
        (best[0], best[2])
    assert (Fraction(found["biggest_loss"]["value"]), found["biggest_loss"]["player"]) == \
        (worst[0], worst[2])
    assert Decimal(found["biggest_win_money"]["value"]) == max(s[1] for s in seats)
    assert Decimal(found["biggest_loss_money"]["value"]) == min(s[1] for s in seats)
    longest = max(d for d, _ in deals)
    assert found["longest_evening"]["value"] == longest
    assert found["longest_evening"]["file"] == next(f for d, f in deals if d == longest)
    top = max(s[0] for s in swings)
    assert (found["biggest_swing"]["file"], found["biggest_swing"]["deal"]) == \
        next((f, n) for s, f, n in swings if s == top)


def test_preferans_records_by_hand(club):
    found = _by_record(club, "preferans")
    # evening 4 (25 Sep): Boris makes two misères; evening 6 (9 Oct): Vera makes 9NT
    assert (found["most_miseres"]["value"], found["most_miseres"]["player"],
            found["most_miseres"]["date"]) == (2, "Boris", "2026-09-25")
    assert (found["highest_contract"]["value"], found["highest_contract"]["player"],
            found["highest_contract"]["deal"]) == ("9NT", "Vera", 1)
    # evening 3 (18 Sep): three all-passes in a row from deal 2
    assert (found["longest_allpass"]["value"], found["longest_allpass"]["deal"],
            found["longest_allpass"]["date"]) == (3, 2, "2026-09-18")
    # evening 5 (2 Oct): Vera goes down in 6H (5 tricks) and 7S (6 tricks)
    assert (found["most_remizes"]["value"], found["most_remizes"]["player"],
            found["most_remizes"]["date"]) == (2, "Vera", "2026-10-02")


def test_game_records_by_hand(club, folder):
    whist = _by_record(club, "whist")
    assert (whist["all_honours"]["value"], whist["all_honours"]["date"],
            whist["all_honours"]["deal"]) == (1, "2026-10-09", 2)
    danish = _by_record(club, "danish")
    # evening 7 (16 Oct): Boris bids 9 alone and takes 9
    assert (danish["highest_alone"]["value"], danish["highest_alone"]["player"],
            danish["highest_alone"]["date"]) == ("9", "Boris", "2026-10-16")
    twist = _by_record(club, "twist")
    most = 0
    for path in folder[1]["twist"]:
        sheet = cli_settle(path)["sheet"]
        most = max(most, sum(len(c["nota"]) for c in sheet.values()))
    assert twist["most_symbols"]["value"] == most > 0
    assert twist["highest_contract"]["value"] == "9NT" or \
        twist["highest_contract"]["value"] == "8H"


def test_rating_of_the_first_three_evenings_is_openskills(club, folder):
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings: dict[str, object] = {}
    for path in folder[1]["danish"][:3]:
        s = cli_settle(path)
        balance = {club_name(p): Fraction(b) for p, b in s["balance"].items()}
        where = places(balance)
        names = list(balance)
        teams = [[ratings.get(p) or model.rating(name=p)] for p in names]
        for p, [r] in zip(names, model.rate(teams, ranks=[where[p] for p in names])):
            ratings[p] = r
    for name, r in ratings.items():
        history = club.player(name, game="danish")["games"]["danish"]["rating"]
        third = [h for h in history if h["date"] <= "2026-09-18"][-1]
        assert third["mu"] == pytest.approx(r.mu, abs=1e-9)
        assert third["sigma"] == pytest.approx(r.sigma, abs=1e-9)
        assert third["rating"] == round(40 * (r.mu - 3 * r.sigma))


def test_whist_rating_rates_the_sides_as_teams(club, folder):
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    game = whistscore.load(folder[1]["whist"][0])
    p = game.players
    s = cli_settle(folder[1]["whist"][0])
    where = places({q: Fraction(b) for q, b in s["balance"].items()})  # a draw: 1, 1
    [[a, c], [b, d]] = model.rate([[model.rating(), model.rating()],
                                   [model.rating(), model.rating()]],
                                  ranks=[where[p[0]], where[p[1]]])
    first = club.player(p[0], game="whist")["games"]["whist"]["rating"][0]
    assert first["mu"] == pytest.approx(a.mu) and first["sigma"] == pytest.approx(a.sigma)


def test_cli_prints_the_same_json_as_the_library(club, folder):
    status, out, err = run(["club", folder[0], "--json", "--season", "Autumn 2026"])
    assert (status, err) == (0, "")
    assert json.loads(out) == club.standings(season="Autumn 2026")
    status, out, err = run(["club", folder[0], "--player", "Anna", "--json"])
    assert json.loads(out) == club.player("Anna")
    status, out, err = run(["club", folder[0], "--h2h", "Anna", "Vera", "--json"])
    assert json.loads(out) == club.head_to_head("Anna", "Vera")
    status, out, err = run(["club", folder[0], "--records", "--json"])
    assert json.loads(out) == club.records()
    status, out, err = run(["club", folder[0]])
    assert status == 0 and "Friday pulka · Standings · all time" in out
    assert "left out: spilled-coffee.json: line 1: not valid JSON" in out
    assert "in progress: 2026-11-20-preferans.json" in out
    for extra in (["--player", "Anna"], ["--h2h", "Anna", "Boris"], ["--records"],
                  ["--ratings"]):
        status, out, err = run(["club", folder[0], *extra])
        assert (status, err) == (0, "") and out.strip(), extra


def test_best_twist_round_is_the_most_won_in_a_twist_round(tmp_path):
    sample = Path(__file__).resolve().parent.parent / "samples" / "twist-bombs-and-twist-round.json"
    (tmp_path / sample.name).write_bytes(sample.read_bytes())
    game = whistscore.load(sample)
    rp = whistscore.replay(game, history=True)
    best = None
    before = {p: Fraction(0) for p in game.players}
    for r, record in zip(rp.results, game.deals):
        moved = {p: r.balance[p] - before[p] for p in game.players}
        before = r.balance
        if whistscore.journal.deal_to_json(game.kind, record).get("twist_round"):
            winner = max(moved, key=lambda p: moved[p])
            if best is None or moved[winner] > best[0]:
                best = (moved[winner], winner, r.number)
    assert best is not None
    records = {r["record"]: r for r in whistscore.club(tmp_path).records()["games"]["twist"]}
    found = records["best_twist_round"]
    assert (Fraction(found["value"]), found["player"], found["deal"]) == best


def test_ratings_worked_out_from_a_change_on_equal_a_full_rebuild(folder, tmp_path):
    """A new evening in the middle of the season, one removed, one grown: the ratings the
    archive carries on from the change are the ratings of a rebuild, to the last bit."""
    import shutil
    import sqlite3

    root = tmp_path / "club"
    shutil.copytree(folder[0], root, ignore=shutil.ignore_patterns("club.sqlite*"))
    whistscore.club(root).standings()
    extra = whistscore.new("danish", ["Vera", "Dina", "Gleb", "Anna"], stake="0.05")
    extra = extra.add("Vera 8 Gleb 9", at="2026-10-03T20:00:00+02:00")
    extra.end("2026-10-03T23:00:00+02:00").save(root / "2026-10-03-danish.json")
    (root / "2026-09-11-twist.json").unlink()
    whistscore.record(root / "2026-11-20-preferans.json", "pass 4/2/4",
                      at="2026-11-20T23:00:00+02:00")
    whistscore.club(root).standings()

    def table(path: Path) -> list:
        conn = sqlite3.connect(path)
        return conn.execute("SELECT player, game, after_file, seq, mu, sigma, shown FROM ratings "
                            "ORDER BY game, seq, player").fetchall()
    carried = table(root / "club.sqlite")
    whistscore.club(root, rebuild=True).standings()
    assert carried == table(root / "club.sqlite")
    assert any(r[2] == "2026-10-03-danish.json" for r in carried)


def test_a_new_evening_works_out_its_own_kind_only_and_equals_a_rebuild(folder, tmp_path,
                                                                         monkeypatch):
    """Each kind's standings are kept apart: tonight's Preferans game (after every other)
    works out the Preferans table alone, the other tables are read as kept; an earlier game
    with a new spelling (the seats of every kind named again), a game left out (two seats
    one player) or a game removed works them all out again.  After each change the
    standings, of every period and kind asked for, are those of a rebuild."""
    import shutil

    import whistscore.club.standings as standings

    root = tmp_path / "club"
    shutil.copytree(folder[0], root, ignore=shutil.ignore_patterns("club.sqlite*"))
    questions = [{}, {"game": "twist"}, {"season": "Late 2026"}, {"unfinished": True},
                 {"first": "2026-10-01", "last": "2026-12-31", "game": "preferans"}]

    def answers(path: Path, **how: bool) -> list[dict]:
        with whistscore.club(path, **how) as c:
            return [c.standings(**q) for q in questions]

    answers(root)
    worked: list[str] = []
    real = standings._block
    monkeypatch.setattr(standings, "_block", lambda a, p, kind, u: worked.append(kind)
                        or real(a, p, kind, u))

    def game(kind: str, players: list[str], deals: list[str], date: str, name: str) -> None:
        g = whistscore.new(kind, players, stake="0.10", currency="EUR")
        for n, deal in enumerate(deals):
            g = g.add(deal, at=f"{date}T20:{n:02d}:00+02:00")
        g.end(f"{date}T23:00:00+02:00").save(root / name)

    def same_as_rebuilt() -> list[str]:
        worked.clear()
        mine = answers(root)
        kinds = sorted(set(worked))
        rebuilt = tmp_path / f"rebuilt-{len(list(tmp_path.iterdir()))}"
        shutil.copytree(root, rebuilt, ignore=shutil.ignore_patterns("club.sqlite*"))
        assert mine == answers(rebuilt, rebuild=True)
        return kinds

    tonight = club_support._preferans(2)
    game("preferans", *tonight, "2027-01-08", "2027-01-08-preferans.json")
    assert same_as_rebuilt() == ["preferans"]
    game("whist", ["Vera", "Dina", "Boris", "Zoe"], ["NS 8", "EW 7"], "2027-01-09",
         "2027-01-09-whist.json")
    assert same_as_rebuilt() == ["whist"]
    game("danish", ["Anna", "BORIS", "Vera", "Gleb"], ["Anna 8 Vera 8"], "2026-08-01",
         "2026-08-01-danish.json")
    assert same_as_rebuilt() == ["danish", "preferans", "twist", "whist"]
    assert "BORIS" in {r["player"] for r in answers(root)[0]["games"]["whist"]["table"]}
    game("twist", ["Anna", "Аня", "Vera", "Gleb"], ["Anna 8H 5/2/4/1"], "2027-01-10",
         "2027-01-10-twist.json")
    assert same_as_rebuilt() == ["danish", "preferans", "twist", "whist"]
    (root / "2027-01-08-preferans.json").unlink()
    assert same_as_rebuilt() == ["danish", "preferans", "twist", "whist"]


def test_the_biggest_swing_is_the_largest_change_won_or_lost(tmp_path):
    """docs/club.md "Biggest single-deal swing": the value is the largest change of one
    player's balance in the deal, that player named.  In the sample club's 2026-10-09 pulka,
    deal 7, Marina's misère is caught with 2 tricks: she loses 400/3 and Alexei and Nina
    win 200/3 each (the value was the winner's 200/3 before a review saw it, and a second
    review found the winner named beside the loser's 400/3); in the Danish evening's deal
    10 Alexei loses 600 and three players win 200."""
    folder = tmp_path / "club"
    shutil.copytree(ROOT / "samples" / "club", folder)
    found = {kind: {r["record"]: r for r in rows}
             for kind, rows in whistscore.club(folder).records()["games"].items()}
    swing = found["preferans"]["biggest_swing"]
    assert (swing["value"], swing["player"], swing["file"], swing["deal"]) == \
        ("400/3", "Marina", "2026-10-09-pulka.json", 7)
    swing = found["danish"]["biggest_swing"]
    assert (swing["value"], swing["player"], swing["file"], swing["deal"]) == \
        ("600", "Alexei", "2026-10-09-danish.json", 10)


def test_the_deals_view_gives_each_deal_as_the_table_of_version_2_held_it(club, folder):
    """``deals`` is a view of ``deal_rows`` (a game's deals in one row): row by row it
    gives every column as the table of schema 2 kept it, the JSON columns as the same
    texts, worked out here from each file's replay."""
    import sqlite3

    from whistscore import journal
    from whistscore.club import facts as club_facts
    from whistscore.club.facts import dumps

    club.standings()
    conn = sqlite3.connect(folder[0] / "club.sqlite")
    try:
        seen = 0
        for (name,) in conn.execute("SELECT file FROM games ORDER BY file").fetchall():
            path = folder[0] / name
            got = conn.execute("SELECT number, at, dealer, declarer, contract, kind, outcome, "
                               "made, height, tricks, moved, swing, whisters, short, deal, "
                               "written FROM deals WHERE file = ? ORDER BY number",
                               (path.name,)).fetchall()
            f = club_facts.facts(journal.loads(path.read_text("utf-8")))
            want = [(n, at, dealer, declarer, contract, kind, outcome, made, height,
                     None if tricks is None else dumps(tricks), moved, swing,
                     None if whisters is None else dumps(whisters),
                     None if short is None else dumps(short), deal,
                     None if written is None else dumps(written))
                    for (n, at, dealer, declarer, contract, kind, outcome, made, height, tricks,
                         moved, swing, whisters, short, deal, written) in f.deal_rows]
            assert got == want, path.name
            seen += len(got)
        assert seen > 100
        # one deal by hand: a 6♠ Anna made
        row = conn.execute("SELECT declarer, contract, kind, made, height, moved, swing "
                           "FROM deals WHERE number = 1 AND contract = '6S' AND declarer = "
                           "'Anna' ORDER BY file LIMIT 1").fetchone()
        # height: level 6 × 10 + spades, the first suit in bidding order (♠ ♣ ♦ ♥)
        assert row is not None and row[:5] == ("Anna", "6S", "contract", 1, 60)
    finally:
        conn.close()
