"""A player's statistics, counted by hand from the files (issue 37, docs/club.md "Statistics").

The club of ``club_support`` (twelve Fridays of four games, two seasons, "Аня" an alias of
Anna, the last pulka unfinished, every game ended early by the players) plus one more
evening on 2026-12-18 (season "Late 2026") whose deals bring what the twelve lack: a misère
caught, a half-whist, a failed whist, a failed 8NT, a Twist bomb and an opened contract,
whist's void deal and a revoke, a Danish nolo, a lone contract and an attachment.

Every number below is counted by hand from the deals as ``club_support`` writes them
(the comments show the count); where a statistic needs a game's result (places, wins,
streaks) it is worked out again here from each file's ``settle``, not from the club.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import whistscore
from whistscore.replay import replay
from whistscore.settlement import settle

import club_support
from clirun import run
from registry_support import games

EXTRA_AT = "2026-12-18T20:{:02d}:00+02:00"
EXTRA = {
    "preferans": (["Anna", "Boris", "Vera"],
                  ["Boris misere 1", "Vera 6H Boris:half Anna:p", "Anna 6S Boris:w Vera:p 7/2/1",
                   "Boris 8NT Anna:w Vera:w 3/7/0", "pass 5/3/2"]),
    "twist": (["Anna", "Boris", "Vera", "Gleb"],
              ["Anna 8S 5/2/4/1 open", "Anna bomb double 3 1/4/3/4",
               "Boris 8H 2/5/1/4 twist Anna"]),
    "whist": (["Anna", "Boris", "Vera", "Gleb"], ["void", "EW 8 H:EW4", "NS 7 R:EW"]),
    "danish": (["Anna", "Boris", "Vera", "Gleb"],
               ["Vera nolo 0", "Vera 8 alone 7", "Vera 9 good Anna 9", "Gleb solo 2"]),
}


def build_extra(folder: Path) -> dict[str, Path]:
    out = {}
    for kind, (players, deals) in EXTRA.items():
        g = whistscore.new(kind, players, rules={"pulya": 10} if kind == "preferans" else None,
                           stake=club_support.STAKES[kind], currency="EUR", title="Extra")
        for n, deal in enumerate(deals):
            g = g.add(deal, at=EXTRA_AT.format(n))
        out[kind] = folder / f"2026-12-18-{kind}.json"
        g.end(EXTRA_AT.format(59)).save(out[kind])
    return out


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("club-stats")
    files = club_support.build(root)
    extra = build_extra(root)
    for kind, path in extra.items():
        files[kind].append(path)
    return root, files


@pytest.fixture(scope="module")
def club(folder):
    c = whistscore.club(folder[0])
    yield c
    c.close()


def results(paths: list[Path], player: str) -> list[tuple[Fraction, int]]:
    """(his result, his place) in each file, in date order, from each file's settlement:
    place = 1 + the players with a larger balance."""
    out = []
    for path in sorted(paths):
        s = settle(replay(whistscore.load(path)))
        balance = {("Anna" if p == "Аня" else p): Fraction(b) for p, b in s.balance.items()}
        if player in balance:
            mine = balance[player]
            out.append((mine, 1 + sum(b > mine for b in balance.values())))
    return out


def common(paths: list[Path], player: str) -> dict:
    """Evenings, wins, win rate, average place and streaks, worked out from the files."""
    rows = results(paths, player)
    wins = sum(place == 1 for _, place in rows)
    run_now = longest = 0
    for points, _ in rows:  # a streak: evenings in a row with a result above 0
        run_now = run_now + 1 if points > 0 else 0
        longest = max(longest, run_now)
    two = lambda q: f"{float(q):.2f}"  # noqa: E731  (no half-cent ties in these numbers)
    return {"evenings": len(rows), "wins": wins, "win_rate": two(Fraction(wins, len(rows))),
            "average_place": two(Fraction(sum(p for _, p in rows), len(rows))),
            "streak": {"current": run_now, "longest": longest}}


def test_preferans_statistics_of_boris_counted_by_hand(club, folder):
    st = club.player("Boris", game="preferans")["statistics"]["preferans"]
    # contracts Boris declared (club_support's pattern: evening i uses deal list 1+(i-1)%5):
    # 6S made on evenings 2 and 6 (lists 1 and 5), 6C on evening 10 (list 4: both whisters
    # passed, the contract counts made, preferans.md "both pass"); 8NT down 1 in the extra
    assert st["contracts"] == [{"level": 6, "suit": "S", "played": 2, "made": 2},
                               {"level": 6, "suit": "C", "played": 1, "made": 1},
                               {"level": 8, "suit": "NT", "played": 1, "made": 0}]
    # misères: two made on evenings 4 and 9 (list 3), one caught (1 trick) in the extra
    assert st["misere"] == {"played": 5, "made": 4, "caught": 1}
    # his answers on the others' contracts: whist on evenings 1, 4, 6, 8 (twice), 9, 10
    # (twice) and the extra; pass on evening 2 and three times on evening 5; one half-whist
    # (extra); a failed whist = the whister written short of his tricks (responsible whist,
    # preferans.md): evening 8's "Anna 6S ... 7/2/1" and the extra's same deal
    assert st["defence"] == {"whist": 9, "pass": 4, "half": 1, "whist_failed": 2}
    # all-passes he played: evening 1 (2 tricks), evening 8's three (2+3+4), the extra's (3)
    assert st["allpass"] == {"deals": 5, "tricks": 14}
    # his evenings 1, 2, 4, 5, 6, 8, 9, 10 of 2, 2, 3, 3, 2, 5, 3, 3 deals, and the extra's 5
    assert {k: st[k] for k in ("evenings", "deals")} == {"evenings": 9, "deals": 28}
    recount = common(folder[1]["preferans"], "Boris")
    assert {k: st[k] for k in recount} == recount


def test_preferans_vists_written_over_a_season(club):
    st = club.player("Boris", season="Late 2026", game="preferans")["statistics"]["preferans"]
    # the season holds the extra evening only (evening 12's pulka is unfinished):
    # half-whist on 6H: 2 tricks at 2 = 4 vists; greedy whist on Anna's 6S: the defenders'
    # 3 tricks at 2 = 6 (preferans.md, Sochi); 10 vists over the evening's 5 deals
    assert (st["vists"], st["vists_per_deal"]) == ("10", "2.00")
    assert st["contracts"] == [{"level": 8, "suit": "NT", "played": 1, "made": 0}]
    assert st["misere"] == {"played": 1, "made": 0, "caught": 1}
    assert st["defence"] == {"whist": 1, "pass": 0, "half": 1, "whist_failed": 1}
    assert st["allpass"] == {"deals": 1, "tricks": 3}
    # misère caught (-10 gora) and 8NT down: below zero, so no streak and no win
    assert (st["evenings"], st["wins"], st["win_rate"]) == (1, 0, "0.00")
    assert st["streak"] == {"current": 0, "longest": 0}


def test_an_unfinished_game_counts_only_when_asked(club):
    shut = club.player("Boris", season="Late 2026", game="preferans")["statistics"]["preferans"]
    # evening 12's pulka (Anna, Boris, Gleb; list 1): Boris whists Anna's 6S, and goes
    # down in his 7H (6 tricks)
    open_ = club.player("Boris", season="Late 2026", game="preferans",
                        unfinished=True)["statistics"]["preferans"]
    assert open_["evenings"] == shut["evenings"] + 1
    assert open_["contracts"] == [{"level": 7, "suit": "H", "played": 1, "made": 0},
                                  {"level": 8, "suit": "NT", "played": 1, "made": 0}]
    assert open_["defence"]["whist"] == shut["defence"]["whist"] + 1


def test_twist_statistics_of_anna_counted_by_hand(club, folder):
    st = club.player("Anna", game="twist")["statistics"]["twist"]
    # Anna sits first on the even evenings (6 of them), each opening with "Anna 8H 5/2/4/1"
    # (8 with Vera's 4 = 9 tricks: made), plus the extra's 8S opened (5 + 4: made)
    assert st["contracts"] == [{"level": 8, "suit": "S", "played": 1, "made": 1},
                               {"level": 8, "suit": "H", "played": 6, "made": 6}]
    assert st["opened"] == {"played": 1, "made": 1}
    # the extra's bomb double 3 with 1 trick: made (twist.md)
    assert st["solos"] == [{"solo": "bomb", "category": "double", "played": 1, "made": 1}]
    # twist on Gleb's 9NT on evenings 3, 7, 11 (down 1: the twist won), and on Boris's 8H
    # in the extra (5 + Gleb's 4 = 9: made, the twist lost)
    assert st["twist"] == {"announced": 4, "won": 3}
    assert st["twist_round"] == {"deals": 0, "tricks": 0}
    # her tricks: 5+4 on the 2-deal evenings (1, 5, 9), 5+4+1+3 on the 4-deal ones (3, 7,
    # 11), 5+1+2 in the extra: 27 + 39 + 8 = 74 over 21 deals
    assert st["tricks_per_deal"] == "3.52"
    assert (st["evenings"], st["deals"]) == (7, 21)
    recount = common(folder[1]["twist"], "Anna")
    assert {k: st[k] for k in recount} == recount
    late = club.player("Anna", season="Late 2026", game="twist")["statistics"]["twist"]
    # the bomb made: she writes (4-1)x30 on Boris, (3-1)x30 on Vera, (4-1)x30 on Gleb (twist.md)
    assert (late["vists"], late["vists_per_deal"]) == ("240", "80.00")


def test_whist_statistics_of_boris_counted_by_hand(club, folder):
    st = club.player("Boris", game="whist")["statistics"]["whist"]
    # Boris sits second (East-West) when i % 3 is 0 or 1, third (North-South) when 2; the
    # deals are "NS 8", "EW 7", "NS 9 H:NS3", "NS 7", "EW 9" cut to 2 + i % 4.  His side's
    # tricks per evening: 12, 16, 30, 31, 12, 23, 22, 31, 14, 16, 22, 34 (263 in 42 deals),
    # 19 deals won (7 tricks or more); three honours for his side on evenings 3, 6, 12.
    # The extra (East-West): a void deal (a revoke by both), EW 8 with four honours, NS 7
    # with a revoke by EW (6 tricks): 277 tricks in 44 deals
    assert st["deals_won"] == {"played": 44, "won": 20}
    assert st["tricks_per_deal"] == "6.30"
    assert st["honours"] == {"three": 3, "four": 1}
    assert (st["revokes"], st["void"]) == (2, 1)
    recount = common(folder[1]["whist"], "Boris")
    assert {k: st[k] for k in recount} == recount


def test_danish_statistics_of_vera_counted_by_hand(club, folder):
    st = club.player("Vera", game="danish")["statistics"]["danish"]
    # "Vera 7 Gleb 8" (made +1) is dealt on evenings 2, 3, 6, 7, 8, 11, 12; the extra's
    # "Vera 9 good Anna 9" is made exactly
    assert st["contracts"] == [{"bid": 7, "played": 7, "made": 7},
                               {"bid": 9, "played": 1, "made": 1}]
    assert st["alone"] == [{"bid": 8, "played": 1, "made": 0}]  # 7 tricks of 8
    assert st["negative"] == [{"bid": "nolo", "played": 1, "made": 1}]  # no trick
    assert st["attachments"] == [{"bid": "good", "played": 1, "made": 1}]
    # called as partner in every evening's first deal ("Anna 8 Vera 8", "Boris 8 Vera 8")
    assert st["partner"] == {"played": 12, "made": 12}
    recount = common(folder[1]["danish"], "Vera")
    assert {k: st[k] for k in recount} == recount


def test_statistics_count_an_alias_as_one_player(club):
    # Anna is "Аня" in Preferans on evenings 3, 7, 11: her 6S made on 3 and 7 and 11 count
    st = club.player("Аня", game="preferans")["statistics"]["preferans"]
    assert club.player("Аня", game="preferans")["player"] == "Anna"
    six_spades = [c for c in st["contracts"] if (c["level"], c["suit"]) == (6, "S")][0]
    # 6S: evenings 3 (Аня), 7 (Аня), 8 (Anna), 11 (Аня), and the extra's (Anna)
    assert six_spades == {"level": 6, "suit": "S", "played": 5, "made": 5}


def test_who_beats_whom_is_the_head_to_head_money_and_points(club, folder):
    data = club.player("Boris")
    pairs = data["statistics"]["pairs"]
    for row in pairs:
        h2h = club.head_to_head("Boris", row["opponent"], game=row["game"])["games"][row["game"]]
        assert (row["evenings"], row["ahead"], row["behind"], row["level"]) == \
            (h2h["evenings"], h2h["ahead"], h2h["behind"], h2h["level"])
        if "won_from_other" in h2h:
            assert row["measure"] == "won_from"
            assert row["points"] == h2h["won_from_other"]["points"]
            assert row["money"] == h2h["won_from_other"]["money"]
        else:
            assert row["measure"] == "difference"
            assert Fraction(row["points"]) == Fraction(h2h["average_difference"]) * row["evenings"]
    # the journal example (evening 1): Boris won 16/3 vists from Anna (docs/club.md)
    first = club.head_to_head("Boris", "Anna", game="preferans", last="2026-09-04")
    assert first["games"]["preferans"]["won_from_other"]["points"] == "16/3"
    # sorted: the opponent he won most from first, per game kind
    for kind in games():
        won = [Fraction(r["points"]) for r in pairs if r["game"] == kind]
        assert won and won == sorted(won, reverse=True)


def test_the_command_prints_the_same_statistics(club, folder):
    status, out, err = run(["club", folder[0], "--player", "Boris", "--json"])
    assert status == 0, err
    assert json.loads(out)["statistics"] == club.player("Boris")["statistics"]


def test_the_season_workbook_has_a_statistics_sheet_per_player(folder, tmp_path):
    """Boris's statistics sheet: the numbers above, exact cells, printed by LibreOffice."""
    import shutil
    import subprocess

    import openpyxl
    import system_tools

    book = tmp_path / "season.xlsx"
    status, said, err = run(["club", folder[0], "--export", book])
    assert status == 0, err
    wb = openpyxl.load_workbook(book)
    sheet = wb["Boris · Statistics"]
    assert wb.sheetnames.index("Boris · Statistics") == wb.sheetnames.index("Boris") + 1
    rows = [[c for c in r if c is not None] for r in sheet.iter_rows(values_only=True)]
    rows = [r for r in rows if r]
    at = rows.index(["Preferans"])
    assert rows[at + 1: at + 6] == [["Evenings", 9], ["Deals", 28], ["Wins", 4],
                                    ["Win rate", 0.44], ["Average place", 1.67]]
    table = rows.index(["Contracts (made of played)", "played", "made", "failed"])
    assert rows[table + 1: table + 4] == [["6♠", 2, 2, 0], ["6♣", 1, 1, 0], ["8NT", 1, 0, 1]]
    misere = rows.index(["Misères"])
    assert rows[misere + 1: misere + 4] == [["played", 5], ["made", 4], ["caught", 1]]
    pairs = rows.index(["Opponent", "Evenings", "ahead", "behind", "Points", "Money EUR"])
    assert rows[pairs + 1][:5] == ["Gleb", 5, 4, 1, 172]
    # bars made against failed beside each contracts table: Boris has one per game kind
    # with contracts (Preferans, Twist, Danish) and one of Twist's bombs and dils
    import zipfile

    with zipfile.ZipFile(book) as z:
        bars = [n for n in z.namelist() if n.startswith("xl/charts/")
                and b"<c:barChart>" in z.read(n).replace(b"<barChart>", b"<c:barChart>")]
    assert len(bars) >= 4
    system_tools.require("soffice", "pdftotext")
    done = subprocess.run([shutil.which("soffice"), f"-env:UserInstallation=file://{tmp_path}/p",
                           "--headless", "--convert-to", "pdf", "--outdir", str(tmp_path),
                           str(book)], capture_output=True, timeout=240)
    assert done.returncode == 0, done.stderr
    text = subprocess.run(["pdftotext", "-layout", str(tmp_path / "season.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert "Boris · Statistics" in text and "Who beats whom" in text


def test_the_docs_example_is_boris_s(club):
    """docs/club.md "Statistics" shows Boris's JSON of this club, abridged: every number
    it shows is his (a list's rows shown are among his)."""
    import re

    docs = (Path(__file__).resolve().parent.parent / "docs" / "club.md").read_text("utf-8")
    section = docs[docs.index("## Statistics"):docs.index("## The JSON")]
    shown = json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))["statistics"]
    st = club.player("Boris")["statistics"]
    for key, value in shown["preferans"].items():
        if isinstance(value, list):
            assert all(row in st["preferans"][key] for row in value), key
        else:
            assert st["preferans"][key] == value, key
    assert all(row in st["pairs"] for row in shown["pairs"])



def test_every_pair_of_the_club_is_each_players_row_seen_from_the_winner(club):
    every = club.pairs()["games"]
    for kind, rows in every.items():
        seen = set()
        for row in rows:
            pair = frozenset((row["winner"], row["loser"]))
            assert pair not in seen  # each pair once
            seen.add(pair)
            mine = [p for p in club.player(row["winner"])["statistics"]["pairs"]
                    if p["game"] == kind and p["opponent"] == row["loser"]]
            assert mine and {k: v for k, v in mine[0].items() if k not in ("game", "opponent")} \
                == {k: v for k, v in row.items() if k not in ("winner", "loser")}
            assert Fraction(row["points"]) >= 0
        won = [Fraction(r["points"]) for r in rows]
        assert won == sorted(won, reverse=True)
    # Boris won 172 vists from Gleb over five evenings: the biggest Preferans pair
    assert (every["preferans"][0]["winner"], every["preferans"][0]["loser"],
            every["preferans"][0]["points"]) == ("Boris", "Gleb", "172")
