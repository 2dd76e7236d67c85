"""The sheet deal by deal (whistscore/running.py): paper columns growing down the page."""

from pathlib import Path

import pytest

from whistscore import files, get_game, journal
from whistscore.i18n import detail_text
from whistscore.layout import Label
from whistscore.replay import replay
from whistscore.running import running_table

from clirun import run  # one way to drive the CLI

SAMPLES = sorted((Path(__file__).resolve().parent.parent / "samples").glob("*.json"))


def _deal_1_2_game():
    # spec journal.md example: Anna 7S (Boris whists, 3 tricks), then all-pass 4/2/4 at 1
    text = """{"format": "whistscore", "version": 1, "game": "preferans",
      "players": ["Anna", "Boris", "Vera"], "rules": {"preset": "sochi", "pulya": 20},
      "deals": [
        {"declarer": "Anna", "contract": "7S", "whist": {"Boris": "whist", "Vera": "pass"},
         "tricks": {"Anna": 7, "Boris": 3, "Vera": 0}},
        {"contract": "allpass", "tricks": {"Anna": 4, "Boris": 2, "Vera": 4}}]}"""
    return journal.loads(text)


def test_blocks_in_seat_order_and_running_values_by_hand():
    table = running_table(replay(_deal_1_2_game()))
    assert table.header == (
        Label("deal"),
        Label("running.own", ("Anna", Label("pulya"))), Label("running.own", ("Anna", Label("gora"))),
        Label("running.own", ("Boris", Label("gora"))),
        Label("running.on", ("Boris", Label("vists"), "Anna")),
        Label("running.own", ("Vera", Label("gora"))))
    values = [[c.value for c in row] for row in table.rows]
    # deal 1: Anna's pulya 4 (7 game), Boris writes 3 x 4 = 12 on her
    assert values[0] == [1, 4, None, None, 12, None]
    # deal 2: all-pass at 1 a trick: gora 4, 2, 4
    assert values[1] == [2, None, 4, 2, None, 4]
    assert values[2][1:] == [4, 4, 2, 12, 4]
    # the detail is the game's label, said in each language
    [source] = table.rows[0][4].sources
    assert source.detail == Label("pref.d.tricks_times", (3, 4))
    assert detail_text(source.detail, get_game("preferans"), "en") == "3 tricks x 4"
    assert detail_text(source.detail, get_game("preferans"), "ru") == "3 взятки × 4"


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_totals_row_matches_the_game_sheet(path):
    rp = replay(files.load(path))
    table = running_table(rp)
    totals = rp.totals()
    last = table.rows[-1]
    for header, cell in zip(table.header[1:], last[1:]):
        player, column = header.args[0], header.args[1].key
        against = header.args[2] if header.key == "running.on" else None
        start = 0
        if rp.game.kind.name == "twist" and column == "gora" and against is None:
            start = rp.game.rules["gora"]
        if column in rp.game.kind.running_restarts(
                [e for r in rp.results for e in r.entries]):
            # whist's game score restarts after each game: the total is this game's so far
            last_game = max((r.number for r in rp.results
                             if any(e.column == "game" for e in r.entries)), default=0)
            assert cell.value == sum(e.amount for r in rp.results[last_game:]
                                     for e in r.entries
                                     if (e.player, e.column, e.against) == (player, column,
                                                                            against))
            continue
        assert cell.value == start + totals.get(player, column, against)


def test_twist_gora_starts_at_the_agreed_size():
    rp = replay(files.load(next(p for p in SAMPLES if p.stem.startswith("twist"))))
    table = running_table(rp)
    state = rp.state
    gora_cols = [i for i, h in enumerate(table.header)
                 if h.key == "running.own" and h.args[1].key == "gora"]
    assert [table.rows[-1][i].value for i in gora_cols] == list(state.gora)


def test_show_by_deal():
    path = SAMPLES[0]
    status, out, _ = run(["show", str(path), "--by-deal"])
    assert status == 0
    assert "deal by deal" in out
    status, out, _ = run(["show", str(path), "--by-deal", "--lang", "ru"])
    assert status == 0
    assert "по сдачам" in out


def test_workbook_has_the_by_deal_tab(tmp_path):
    from whistscore import excel

    game = _deal_1_2_game()
    out = tmp_path / "g.xlsx"
    excel.export(game, out)
    import openpyxl

    ws = openpyxl.load_workbook(out)["By deal"]
    rows = [[c.value for c in row] for row in ws.iter_rows()]
    header = next(i for i, r in enumerate(rows) if r[0] == "Deal")
    assert rows[header][1:] == ["Anna: pulya", "Anna: gora", "Boris: gora",
                                "Boris: vists on Anna", "Vera: gora"]
    assert rows[header + 1][:2] == [1, 4] and rows[header + 1][4] == 12
    assert rows[header + 3][1:] == [4, 4, 2, 12, 4]


def test_deal_results_are_said_in_russian():
    # how a deal ended is translated like every other sheet word (issue 7, --lang ru)
    from whistscore.i18n import text

    rp = replay(_deal_1_2_game())
    kind = rp.game.kind
    said = [text(kind.describe_result(r.record.deal, r.outcome, r.context), kind, "ru")
            for r in rp.results]
    assert said == ["сыграно", "первые распасы"]
    status, out, _ = run(["show", str(SAMPLES[0]), "--deals", "--lang", "ru"])
    assert status == 0
    assert "сыграно" in out or "без " in out
