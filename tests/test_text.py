"""What the table reads (issue 13 points 4-7 and 9): add's one line, show's status and
Twist's end-of-game steps, the deal-by-deal sheet fitted to the terminal, dates, messages."""

import json

import pytest

import whistscore
from whistscore import InputError, files
from whistscore.i18n import detail_text
from whistscore.running import running_table
from whistscore.text import render_wrapped

from clirun import run  # one way to drive the CLI


def new(tmp_path, game, *players, extra=()):
    path = tmp_path / f"{game}.json"
    assert run(["new", game, str(path), "--players", *players, *extra])[0] == 0
    return path


def add(path, deal, *options):
    status, out, _ = run(["add", str(path), *options, *deal.split()])
    assert status == 0
    return out


# -- add prints one line ---------------------------------------------------------------

def test_add_line_danish_five_players(tmp_path):
    path = new(tmp_path, "danish", "Anna", "Bo", "Carl", "Dina", "Eva")
    # Anna deals and sits out; 9 good = 80, one overtrick: 160 (docs/danish.md)
    assert add(path, "Bo 9 good Carl 10") == (
        "deal 1 (Anna deals): Bo 9 good Carl 10 | made +1 | Bo 160, Carl 160, Dina -160, "
        "Eva -160 | next: Bo deals and sits out\n")
    # Carl's nolo with one trick: he pays 3 x 200 = 600, Anna, Dina and Eva get 200 each
    assert add(path, "Carl nolo 1") == (
        "deal 2 (Bo deals): Carl nolo 1 | caught with 1 | Anna 200, Carl -440, Dina 40, "
        "Eva 40 | next: Carl deals and sits out\n")


def test_add_line_preferans_and_misere(tmp_path):
    path = new(tmp_path, "preferans", "Anna", "Boris", "Vera")
    assert add(path, "Anna 7S Boris:w Vera:p 7/3/0") == (
        "deal 1 (Anna deals): Anna 7S Boris:w Vera:p 7/3/0 | made | Anna pulya 4; "
        "Boris vists on Anna 12 | next: Boris deals\n")
    # Sochi misère caught with one trick: 10 x 1 into the gora (seed 002)
    assert add(path, "Boris misere 1") == (
        "deal 2 (Boris deals): Boris misere 1 | misère caught with 1 | Boris gora 10 | "
        "next: Vera deals\n")


def test_add_line_announces_the_twist_round(tmp_path):
    path = new(tmp_path, "twist", "Oleg", "Irina", "Pavel", "Sveta")
    # a six made with 5 + 3 = 8 tricks of the pair: the twist round follows, at twice the
    # value of the deal before (none: 5), 10 a trick (seed «розыгрыш твиста»)
    out = add(path, "Oleg 6H 5/2/3/2")
    assert out.endswith("| next: the twist round at 10 a trick (round 1/2/3/4), Irina deals\n")
    out = add(path, "round 2/5/3/2")
    assert out.startswith("deal 2 (Irina deals): round 2/5/3/2 | twist round | ")
    assert out.endswith("| next: Pavel deals\n")


def test_add_line_says_the_game_is_finished(tmp_path):
    path = new(tmp_path, "tally", "Anna", "Boris", "Vera")
    out = add(path, "Anna 10")
    assert out.endswith("| the game is finished: whistscore settle says who pays whom\n")


def test_add_explain_keeps_the_entry_list(tmp_path):
    path = new(tmp_path, "danish", "Anna", "Bo", "Carl", "Dina")
    out = add(path, "Anna 8 alone 7", "--explain")
    lines = out.splitlines()
    assert lines[0].startswith("deal 1 (Anna deals): Anna 8 alone 7 | alone, down 1 | ")
    assert "deal 1: Anna writes -120 into points: 8 = 20, down 1" in out
    assert "balance now (points): Anna -120, Bo +40, Carl +40, Dina +40" in out


def test_one_trick_is_singular():
    t = whistscore.new("twist", ["Oleg", "Irina", "Pavel", "Sveta"]).add("Oleg 8H 5/2/4/1")
    details = [detail_text(e.detail, t.game.kind) for e in t.results[0].entries]
    assert "1 trick" in details and "1 tricks" not in " ".join(details)
    said_ru = [detail_text(e.detail, t.game.kind, "ru") for e in t.results[0].entries]
    assert "1 взятка" in said_ru and "2 взятки" in said_ru and "5 взяток" in said_ru
    d = whistscore.new("danish", ["Anna", "Bo", "Carl", "Dina"]).add("Anna nolo 1")
    assert "(1 trick)" in detail_text(d.results[0].entries[0].detail, d.game.kind)
    assert "(1 взятка)" in detail_text(d.results[0].entries[0].detail, d.game.kind, "ru")


# -- show --------------------------------------------------------------------------------

def test_show_says_finished_or_if_the_game_ended_now(tmp_path):
    path = new(tmp_path, "tally", "Anna", "Boris", "Vera")
    add(path, "Anna 3")
    status, out, _ = run(["show", str(path)])
    assert status == 0
    assert out.endswith(
        "The game is not finished. Balance in points if the game ended now: "
        "Anna +6, Boris -3, Vera -3\n")
    status, out, _ = run(["settle", str(path)])
    assert status == 0
    assert "balances in points if the game ended now" in out
    add(path, "Anna 7")
    status, out, _ = run(["show", str(path)])
    assert status == 0
    assert out.endswith(
        "The game is finished. Balance in points: Anna +20, Boris -10, Vera -10\n")


def test_show_twist_end_of_game_steps(tmp_path):
    # the spec's public example (docs/twist.md): remarks after step 1 -190, -274, -254,
    # -284; A and B: 2 x 84 = 168 for A, less the 12 vists B wrote on A: 156.
    path = new(tmp_path, "twist", "A", "B", "C", "D")
    add(path, "A 8H 5/2/4/1")
    status, out, _ = run(["show", str(path)])
    assert status == 0
    step1 = out[out.index("End of the game, step 1"):out.index("Step 2")]
    rows = [line.split() for line in step1.splitlines()[3:] if line.strip()]
    assert rows == [["A", "60", "25", "-190"], ["B", "6", "28", "-274"],
                    ["C", "6", "26", "-254"], ["D", "6", "29", "-284"]]
    step2 = out[out.index("Step 2"):out.index("The game is not finished")]
    pairs = {tuple(line.split()[:3]): line.split()[3:]
             for line in step2.splitlines()[3:] if line.strip()}
    assert pairs[("A", "/", "B")] == ["168", "-12", "156"]
    assert pairs[("A", "/", "C")] == ["128", "-24", "104"]
    assert pairs[("C", "/", "D")] == ["60", "0", "60"]
    assert "Balance in vists if the game ended now: A +442, B -176, C -4, D -262" in out


def test_show_by_deal_fits_the_terminal(tmp_path, monkeypatch):
    path = new(tmp_path, "preferans", "Anna", "Boris", "Vera")
    for deal in ("Anna 7S Boris:w Vera:p 7/3/0", "pass 4/2/4", "Boris 6H Vera:w Anna:w 6/2/2"):
        add(path, deal)
    monkeypatch.setenv("COLUMNS", "60")
    status, out, _ = run(["show", str(path), "--by-deal"])
    assert status == 0
    part = out[out.index("The sheet deal by deal"):out.index("The game is")]
    assert max(len(line) for line in part.splitlines()) <= 60
    assert part.count("  Deal") >= 2  # the deal column starts every block
    rp = whistscore.ScoredGame.load(path).replay
    table = running_table(rp)
    wide = render_wrapped(table, rp.game.kind, width=1000)
    assert wide.count("  Deal") == 1  # a wide terminal: one block
    for width in (40, 60, 80):
        narrow = render_wrapped(table, rp.game.kind, width=width)
        assert all(len(line) <= width for line in narrow.splitlines()[1:])
        for h in ("Anna: pulya", "Anna: gora", "Boris: vists on Anna"):
            assert h in narrow


def test_whist_running_tricks_restart_each_game():
    # NS 8 + four honours: 2 + 4 = game; EW 9 (3) then EW 8 (+2 = 5): game; NS 10 (4),
    # NS 7 (+1 = 5): game. On a marker's sheet each game's trick score starts at 0.
    w = whistscore.new("whist", ["Anna", "Boris", "Vera", "Gleb"])
    for deal in ("NS 8 H:NS4", "EW 9", "EW 8", "NS 10", "NS 7"):
        w = w.add(deal)
    table = running_table(w.replay)
    keys = [(h.args[0], h.args[1].key) for h in table.header[1:]]
    ns = keys.index(("NS", "tricks"))
    assert [row[1 + ns].value for row in table.rows] == [2, None, None, 4, 5, 0]
    ew = keys.index(("EW", "tricks"))
    assert [row[1 + ew].value for row in table.rows] == [None, 3, 5, None, None, 0]


# -- dates and title -----------------------------------------------------------------------

def test_dates_in_show_settle_and_the_workbook(tmp_path):
    import openpyxl

    path = new(tmp_path, "danish", "Anna", "Bo", "Carl", "Dina",
               extra=("--title", "Danish night", "--place", "Carl's"))
    assert run(["add", str(path), "Anna", "8", "Carl", "8"])[0] == 0
    game = files.load(path)
    today = game.deals[0].at[:10]
    status, out, _ = run(["show", str(path)])
    assert status == 0
    assert out.startswith(f"Danish night, Carl's, {today}\n")
    # a second day: the range
    data = json.loads(path.read_text(encoding="utf-8"))
    data["deals"].append({"declarer": "Bo", "bid": 8, "partner": "Dina", "tricks": 8,
                          "at": "2099-01-02T00:10:00+01:00"})
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, _ = run(["settle", str(path)])
    assert status == 0
    assert out.startswith(
        f"Danish night, Carl's, {today} to 2099-01-02\ndanish, 2 deals")
    book = tmp_path / "d.xlsx"
    assert run(["export", str(path), str(book)])[0] == 0
    wb = openpyxl.load_workbook(book)
    assert wb.properties.title.startswith("Danish night: ")
    assert f"played {today} to 2099-01-02" in wb.properties.description
    deals = wb.worksheets[[ws.title for ws in wb.worksheets].index("Deals")]
    header = [c.value for c in deals[1]]
    col = header.index("Recorded at")
    assert deals.cell(3, col + 1).value == "2099-01-02 00:10:00+01:00"
    texts = [c.value for row in wb["Settlement"].iter_rows() for c in row if c.value]
    assert f"played {today} to 2099-01-02" in texts


# -- clearer messages ------------------------------------------------------------------------

@pytest.mark.parametrize("game, players, deal, field, words", [
    ("whist", ["Anna", "Boris", "Vera", "Gleb"], "NS 8 EW 6", "tricks",
     "only one side's tricks are written"),
    ("whist", ["Anna", "Boris", "Vera", "Gleb"], "NS 8 H:NS2", "honours",
     "honours split two and two score nothing: leave honours out"),
    ("danish", ["Anna", "Bo", "Carl", "Dina"], "Bo 9 good good Carl 9", "attachment",
     "a contract has one attachment; this line gives 2: good good"),
])
def test_clearer_messages(game, players, deal, field, words):
    with pytest.raises(InputError) as info:
        whistscore.new(game, players).add(deal)
    assert info.value.field == field and words in str(info.value)


def test_the_column_written_on_a_player_is_the_games_to_say():
    """"writes 4 on Anna" leaves out the game's own column of what one player writes on
    another (``GameType.written_on``: Preferans' vists); any other column is named after
    the player, and a game that declares none has every one named (issue 35: this was a
    test of the column "vists" in i18n.py)."""
    import attrs

    from whistscore.i18n import explain
    from whistscore.ledger import Entry

    kind = whistscore.get_game("preferans")
    assert kind.written_on == "vists"
    vists = Entry(7, "Boris", "vists", 4, "Anna", "whist_tricks")
    other = Entry(7, "Boris", "gora", 4, "Anna", "whist_tricks")
    assert explain(vists, kind).startswith("deal 7: Boris writes 4 on Anna: ")
    assert explain(other, kind).startswith("deal 7: Boris writes 4 on Anna (gora): ")
    assert explain(vists, kind, "ru").startswith("сдача 7: Boris пишет 4 на Anna: ")
    plain = attrs.evolve(kind, written_on=None)
    assert explain(vists, plain).startswith("deal 7: Boris writes 4 on Anna (vists): ")
