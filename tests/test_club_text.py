"""The club's plain text in both languages (``whistscore club FOLDER [--lang ru]``), read
from the sample club: every word from the club's word table, numbers agreeing, the games
in the order the club lists them, and best and worst evening in the standings (club.md
"What it shows"; issue 24's review found the Russian text printed in English)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from clirun import run

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "club"


@pytest.fixture()
def club(tmp_path: Path) -> str:
    folder = tmp_path / "club"
    shutil.copytree(SAMPLE, folder, ignore=shutil.ignore_patterns("club.sqlite*"))
    return str(folder)


def _ok(args: list[str]) -> str:
    status, out, err = run(args)
    assert (status, err) == (0, ""), err
    return out


def test_the_russian_standings_are_russian(club):
    out = _ok(["club", club, "--lang", "ru", "--season", "Autumn 2026"])
    assert out.splitlines()[0] == \
        "Friday pulka · Турнирная таблица · сезон Autumn 2026, с 2026-09-01 по 2026-11-30"
    assert "Преферанс · висты · 3 вечера" in out and "Твист · висты · 1 вечер" in out
    assert "Датский вист · очки · 1 вечер" in out
    head = next(line for line in out.splitlines() if line.startswith("№"))
    assert head.split() == ["№", "Игрок", "Вечера", "Сдачи", "Победы", "Ср.", "место", "Очки",
                            "Деньги", "За", "вечер", "Лучший", "Худший", "Рейтинг",
                            "Изменение", "Форма"]
    assert out.rstrip().endswith("идёт: 2026-10-23-pulka.json (Преферанс, 5 сдач; "
                                 "не учтена до конца, или --unfinished)")
    assert not re.search(r"\b(evenings?|standings|in progress|deals)\b", out)


def test_the_same_archive_answers_each_language_in_its_own(club):
    """The text is kept per answer and language: English after Russian is English."""
    ru = _ok(["club", club, "--lang", "ru"])
    en = _ok(["club", club])
    assert "Турнирная таблица" in ru and "Standings" not in ru
    assert en.startswith("Friday pulka · Standings · all time") and "Турнирная" not in en
    assert _ok(["club", club, "--lang", "ru"]) == ru


def test_best_and_worst_evening_in_the_standings(club):
    """Alexei's Preferans evenings: -30, 356/3, 406/3 vists (the samples' own files): best
    406/3, worst -30; Pavel's two, -80/3 and -22: best -22, worst -80/3."""
    out = _ok(["club", club, "--game", "preferans"])
    rows = {line.split()[1]: re.split(r"  +", line) for line in out.splitlines()
            if re.match(r"\d+ +[A-Z]", line)}
    # a fraction as the page writes it: 406/3 as 135 1/3 (issue 36)
    assert rows["Alexei"][9:11] == ["135 1/3", "-30"]
    assert rows["Pavel"][9:11] == ["-22", "-26 2/3"]
    assert "406/3" not in out and "-80/3" not in out


def test_the_player_page_counts_games_in_both_languages(club):
    en = _ok(["club", club, "--player", "Pavel"])
    assert "rating -132 after 1 game (mu 20.96, sigma 8.08)" in en  # Danish: one game
    assert "rating 120 after 2 games" in en
    ru = _ok(["club", club, "--player", "alexei", "--lang", "ru"])
    assert ru.splitlines()[:2] == ["Friday pulka · Alexei · за всё время",
                                   "варианты имени: Alexei, Lyosha"]
    assert "рейтинг 146 после 3 игр (mu 27.18, sigma 7.84)" in ru
    assert "рейтинг 17 после 1 игры" in ru
    assert "Игры по уровням: 6: сыграно 5 из 5; 7: сыграно 1 из 3; 8: сыграно 3 из 3" in ru
    assert re.search(r"2026-10-02  Friday pulka  Marina's kitchen  13 +-30 +-1\.50 EUR +-1\.50 EUR +"
                     r"3 из 3", ru)  # the money, then where he stands after the evening
    assert re.search(r"2026-10-09  Friday pulka  Nina's +12 +118 2/3 +5\.94 EUR +4\.44 EUR +1 из 3",
                     ru)


def test_head_to_head_and_records_in_russian(club):
    h2h = _ok(["club", club, "--h2h", "Alexei", "Nina", "--lang", "ru"])
    assert h2h.splitlines()[1] == ("Преферанс: 2 вечера вместе; Alexei впереди 2, позади 0, "
                                   "вровень 0; средняя разница 158; выигрыш Alexei у Nina: 99 "
                                   "(4.95 EUR)")
    records = _ok(["club", club, "--records", "--lang", "ru"])
    assert re.search(r"крупнейший перепад за сдачу \(очки\) +133 1/3 +Marina +Friday pulka "
                     r"+2026-10-09 +сдача 7 +2026-10-09-pulka\.json", records)
    # a contract as Russians write it (the JSON keeps "8NT")
    assert re.search(r"самая высокая сыгранная игра +8 БК +Pavel", records)
    assert "8NT" not in records


def test_head_to_head_is_said_by_its_sign(club):
    """Whoever is named first, the winner is said as the one who won: never a negative win
    (issue 36: «выигрыш Alexei у Marina: -100»)."""
    for a, b in (("Alexei", "Marina"), ("Marina", "Alexei")):
        ru = _ok(["club", club, "--h2h", a, b, "--lang", "ru"])
        en = _ok(["club", club, "--h2h", a, b])
        assert "Твист: " in ru and "выигрыш Marina у Alexei: 100 (5.00 EUR)" in ru
        assert "выигрыш Alexei у Marina: 64 2/3 (3.23 EUR)" in ru
        assert "Marina won 100 from Alexei (5.00 EUR)" in en
        assert not re.search(r": -\d|won -", ru + en)


def test_the_ratings_say_what_mu_and_sigma_are(club):
    en = _ok(["club", club, "--ratings"])
    assert "mu is the player's estimated skill, sigma how unsure that estimate still is" in en
    assert "negative rating means few games or poor results" in en
    ru = _ok(["club", club, "--player", "Pavel", "--lang", "ru"])
    assert "mu — оценка силы игрока, sigma — насколько она ещё неточна" in ru


def test_ratings_list_the_games_in_the_clubs_order(club):
    """Preferans, Twist, Whist, Danish (the standings' order), not alphabetically."""
    out = _ok(["club", club, "--ratings"])
    titles = [line for line in out.splitlines()
              if line in ("Preferans", "Twist", "Whist", "Danish whist")]
    assert titles == ["Preferans", "Twist", "Whist", "Danish whist"]
    ru = _ok(["club", club, "--ratings", "--lang", "ru"])
    assert ru.splitlines()[0] == "Friday pulka · Рейтинги (OpenSkill, 40 x (mu - 3 sigma)) · " \
                                 "за всё время"


def test_a_heading_without_a_club_name_starts_with_a_capital(tmp_path, club):
    folder = tmp_path / "plain"
    shutil.copytree(club, folder, ignore=shutil.ignore_patterns("club.json", "club.sqlite*"))
    assert _ok(["club", str(folder)]).startswith("Standings · all time\n")
    assert _ok(["club", str(folder), "--lang", "ru"]).startswith("Турнирная таблица · за всё время\n")


def test_counted_unfinished_the_game_in_progress_says_so(club):
    out = _ok(["club", club, "--unfinished"])
    assert out.rstrip().endswith("in progress: 2026-10-23-pulka.json (Preferans, 5 deals; "
                                 "counted as it stands, --unfinished)")
    assert "Preferans · vists · 4 evenings" in out  # the game in progress is one of them


def test_a_game_without_a_deal_is_no_evening_even_counted_unfinished(club):
    """A Danish game just created (no deal yet): listed in progress, never an evening with
    four winners of 0 points, nor a record of 0 (found by a review)."""
    import whistscore

    whistscore.new("danish", ["Nina", "Pavel", "Marina", "Alexei"]).save(
        Path(club) / "2026-10-30-danish.json")
    out = _ok(["club", club, "--unfinished", "--game", "danish"])
    assert "Danish whist · points · 1 evening" in out
    # and the footer does not call it counted (a second review found "0 deals; counted")
    assert "in progress: 2026-10-30-danish.json (Danish whist, no deal yet: no evening to " \
        "count)" in out
    ru = _ok(["club", club, "--unfinished", "--game", "danish", "--lang", "ru"])
    assert "идёт: 2026-10-30-danish.json (Датский вист, ещё ни одной сдачи: учитывать " \
        "нечего)" in ru
    records = _ok(["club", club, "--unfinished", "--records", "--game", "danish", "--json"])
    import json

    assert all(r["file"] != "2026-10-30-danish.json" for r in json.loads(records)["games"]["danish"])


def test_an_open_period_is_said_as_open(club):
    """"--from D" counts every later game, tomorrow's too: "from D", not "D to today"."""
    assert _ok(["club", club, "--from", "2026-10-09"]).startswith(
        "Friday pulka · Standings · from 2026-10-09\n")
    assert _ok(["club", club, "--to", "2026-10-09", "--lang", "ru"]).startswith(
        "Friday pulka · Турнирная таблица · по 2026-10-09\n")
    assert _ok(["club", club, "--from", "2026-10-01", "--to", "2026-10-09"]).startswith(
        "Friday pulka · Standings · 2026-10-01 to 2026-10-09\n")


def test_a_spelling_club_json_lists_finds_the_player_before_any_file_types_it(club):
    """club.json lists "Lyosha" for Alexei; a spelling listed but never typed in a game
    file ("Алёша") is his too, in --player and --h2h (the docs: any of his spellings)."""
    import json

    path = Path(club) / "club.json"
    settings = json.loads(path.read_text("utf-8"))
    settings["players"]["Alexei"].append("Алёша")
    path.write_text(json.dumps(settings, ensure_ascii=False), "utf-8")
    assert _ok(["club", club, "--player", "алёша"]).startswith("Friday pulka · Alexei · ")
    assert _ok(["club", club, "--h2h", "Алёша", "Nina"]).startswith(
        "Friday pulka · Alexei and Nina · ")


def test_ratings_leave_out_a_game_nobody_was_rated_in_by_the_periods_end(club):
    """By 2026-10-02 only the pulka and the whist of that evening were played: no Twist
    or Danish table, not even an empty one (found by a review)."""
    out = _ok(["club", club, "--ratings", "--to", "2026-10-02"])
    titles = [line for line in out.splitlines()
              if line in ("Preferans", "Twist", "Whist", "Danish whist")]
    assert titles == ["Preferans", "Whist"]


def test_money_per_evening_is_rounded_half_a_cent_away_from_zero():
    """Money per evening: the money of the evenings that have money in that currency,
    divided by their number, to the cent; half a cent goes away from zero, as worked out by
    hand (8.21 EUR over 2 evenings is 4.11, -5.53 over 2 is -2.77; the review found 4.10 and
    -2.76, rounded to even)."""
    from decimal import Decimal

    from whistscore.club.period import Evening, Seat
    from whistscore.club.standings import _table

    def evening(n: int, a: str, b: str) -> Evening:
        seats = {"Ann": Seat("Ann", 1, Decimal(a), 1, 0), "Bob": Seat("Bob", -1, Decimal(b), 2, 1)}
        return Evening(f"{n}.json", "preferans", f"2026-10-0{n}", None, None, 10, True, None,
                       Decimal("0.10"), "EUR", "vist", seats)

    rows = _table("preferans", [evening(1, "4.10", "-2.76"), evening(2, "4.11", "-2.77")], {})
    per = {r["player"]: r["money_per_evening"] for r in rows}
    assert per == {"Ann": {"EUR": "4.11"}, "Bob": {"EUR": "-2.77"}}


@pytest.mark.parametrize("args, status, sentence", [
    (["--player", "Nobody"], 1, "Такого игрока в клубе нет."),
    (["--season", "Зима"], 1, "В club.json нет сезона «Зима»."),
    (["--from", "2026-13-01"], 1, "Дату пишут так: 2026-09-01."),
    (["--from", "2026-12-01", "--to", "2026-01-01"], 1, "Период начинается позже, чем кончается."),
    (["--season", "Autumn 2026", "--from", "2026-09-01"], 2,
     "Эти параметры вместе не задают: --season, --from."),
    (["--records", "--ratings"], 2, "Спрашивайте о чём-то одном."),
    (["--h2h", "Nina", "nina"], 1, "Выберите двух разных игроков."),
    (["--alias", "Nina"], 1, "Псевдоним пишут так: КАК_НАПИСАНО=ИМЯ."),
    (["--alias", "Lyosha=Nina"], 1, "«Lyosha» — уже вариант имени игрока «Alexei»."),
    (["--alias-remove", "Nobody"], 1, "В club.json нет варианта имени «Nobody»."),
    (["--season-add", "autumn 2026", "2027-09-01", "2027-11-30"], 1,
     "Сезон «autumn 2026» уже есть."),
    (["--export", "x.txt"], 1, "Имя книги Excel кончается на .xlsx."),
])
def test_the_clubs_refusals_in_russian(club, args, status, sentence):
    """With --lang ru a refusal says its sentence in Russian, then the technical text in
    brackets, as every command does (the review found them all in English)."""
    got, out, err = run(["club", club, *args, "--lang", "ru"])
    assert (got, out) == (status, "")
    assert err.startswith(f"whistscore club: {sentence} (") and err.count("\n") == 1, err


def test_the_clubs_confirmations_in_russian(club, tmp_path):
    assert _ok(["club", club, "--alias", "Нина=Nina", "--lang", "ru"]) == \
        "club.json: «Нина» — это игрок клуба «Nina»\n"
    assert _ok(["club", club, "--alias", "нина=Nina", "--lang", "ru"]) == \
        "club.json: «нина» — уже игрок клуба «Nina»; ничего не изменено\n"
    assert _ok(["club", club, "--alias-remove", "Нина", "--lang", "ru"]) == \
        "club.json: «Нина» больше не вариант имени игрока «Nina»\n"
    assert _ok(["club", club, "--season-add", "Зима", "2026-12-01", "2027-02-28",
                "--lang", "ru"]) == "club.json: сезон «Зима» с 2026-12-01 по 2027-02-28\n"
    book = tmp_path / "зима.xlsx"
    assert _ok(["club", club, "--export", str(book), "--lang", "ru"]) == \
        f"{book}: 4 игрока, 6 вечеров\n"


def test_head_to_head_money_adds_each_evenings_money(tmp_path):
    """Pavel won 65/3 vists from Nina in the 2026-10-16 pulka at 0.05 EUR a vist: 1.0833...,
    1.08 EUR that evening.  Three such evenings are 3.24 EUR, as the standings add each
    evening's money, not 3.25 rounded once over the total (found by a review)."""
    import json

    folder = tmp_path / "club"
    folder.mkdir()
    source = (SAMPLE / "2026-10-16-pulka.json").read_text("utf-8")
    for day in ("2026-10-16", "2026-10-23", "2026-10-30"):  # three evenings, not copies
        (folder / f"{day}-pulka.json").write_text(source.replace("2026-10-16", day), "utf-8")
    got = json.loads(_ok(["club", str(folder), "--h2h", "Pavel", "Nina", "--json"]))
    assert got["games"]["preferans"]["won_from_other"] == {"points": "65", "money": {"EUR": "3.24"}}


@pytest.mark.parametrize("text, sentence", [
    ('{"format": "whistscore-club", "version": 2}',
     "club.json записан более новой версией whistscore: обновите её."),
    ('{"format": "whistscore-club", "version": 1, "colour": 1}',
     "club.json не прочитать: исправьте «colour»."),
    ('[1]', "club.json не прочитать: исправьте его."),
    ('{"format": "whistscore-club", "version": 1, "seasons": {"A": ["2026-13-01", "2026-12-01"]}}',
     "Дату пишут так: 2026-09-01."),
])
def test_club_json_refused_in_russian(club, text, sentence):
    """A bad club.json: its sentence in Russian, then the technical text (a second review
    found them English)."""
    (Path(club) / "club.json").write_text(text, "utf-8")
    got, out, err = run(["club", club, "--lang", "ru"])
    assert (got, out) == (1, "") and err.startswith(f"whistscore club: {sentence} ("), err


@pytest.mark.parametrize("args, sentence", [
    (["--force"], "--force задают только вместе с --export."),
    (["--alias", "=Nina"], "Псевдоним пишут так: КАК_НАПИСАНО=ИМЯ."),
    (["--alias", "X="], "Псевдоним пишут так: КАК_НАПИСАНО=ИМЯ."),
    (["--season-add", "   ", "2027-05-01", "2027-06-01"], "Поле «сезон» не может быть пустым."),
])
def test_more_refusals_in_russian_name_their_field(club, args, sentence):
    got, out, err = run(["club", club, *args, "--lang", "ru"])
    assert out == "" and err.startswith(f"whistscore club: {sentence} ("), err
    assert "players[0]" not in err and "«это поле»" not in err


def test_an_empty_period_says_so_in_every_answer(club):
    """Records and a player's page of a period without his games say so, as the
    standings do (a second review found a bare heading)."""
    assert _ok(["club", club, "--from", "2026-10-17", "--records", "--lang", "ru"]).rstrip()\
        .endswith("\n\nВ этот период ни одной законченной игры.")
    assert _ok(["club", club, "--from", "2026-10-17", "--player", "nina"]).rstrip().endswith(
        "\n\nNo game of his in this period.")


def test_the_players_of_a_game_without_a_deal_are_nobodys_page_yet(club):
    """A Whist rubber just created for W, X, Y, Z: they are in no answer, so they are no
    club players yet: no page, not among the names "did you mean" offers (a second review
    found empty pages for them)."""
    import whistscore

    whistscore.new("whist", ["Wanda", "Xavier", "Yuri", "Zoe"]).save(
        Path(club) / "2026-10-30-whist.json")
    got, out, err = run(["club", club, "--player", "Wanda"])
    assert (got, out) == (1, "") and "no such player in the club" in err
    assert "Xavier" not in err
    assert "Wanda" not in _ok(["club", club, "--player", "Nina", "--json"])
