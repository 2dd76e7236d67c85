"""The club's notices and left-out reasons in the reader's language (issue 32's last gaps).

The archive keeps its notices and the reasons a file is left out in English (the JSON's
``left_out`` and the archive's cached answers); the command line's text, ``club --json
--lang ru``'s notices and the Club page say them in the reader's language, from the same
words (club/words.py ``notice.*``, ``left.*``).  Russian reads as Russian: none of the
English sentence is left around the names and commands it carries.
"""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path

import pytest

from clirun import run
from test_bounds import _conflict_club, _look_alike_club
from test_club_archive_errors import read_only, small_club, tmpfs

#: words of the English sentences that must not be left in a Russian one
ENGLISH = re.compile(r"\b(the|and|counted|copy|look alike|could not|left as|rebuilt|"
                     r"kept|which|excludes|players|merge)\b")


def _client(folder: Path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from serve_support import TOKEN
    from whistscore.web.app import create_app

    return TestClient(create_app(folder, TOKEN), base_url="http://127.0.0.1:8000",
                      client=("127.0.0.1", 50000))


def _russian(text: str, *kept: str) -> None:
    """``text`` is Russian: Cyrillic, and no English word once the names it carries are
    taken out."""
    for k in kept:
        text = text.replace(k, "")
    assert re.search("[а-яё]", text), text
    assert not ENGLISH.search(text), text


def test_every_notice_and_reason_is_said_again_in_russian():
    from whistscore.club.words import SAID_AGAIN, own_words, said_again

    en, ru = own_words("en"), own_words("ru")
    args = ("'x y.json'", "3", "a (b); c", "--alias 'A=B'")
    for key in SAID_AGAIN:
        english = en.say(key, *args)
        assert said_again(english, "ru") == ru.say(key, *args), key
        assert said_again(english, "en") == english
    # a cause among the fields is said in Russian too
    english = en.say("notice.not_kept", en["cause.full"], "database or disk is full")
    assert said_again(english, "ru") == ru.say("notice.not_kept", ru["cause.full"],
                                               "database or disk is full")
    # a number agrees in Russian: 1 партии, 5 партий
    one = said_again(en.say("notice.took_results", "1.2", 1, "a.json"), "ru")
    five = said_again(en.say("notice.took_results", "1.2", 5, "a.json ..."), "ru")
    assert "для 1 партии," in one and "для 5 партий," in five
    # a game file's own error is left as it is
    assert said_again("not a game file (line 1)", "ru") == "not a game file (line 1)"


def test_a_conflict_copy_is_left_out_in_russian(tmp_path):
    club = _conflict_club(tmp_path / "club")
    status, out, err = run(["club", club, "--lang", "ru"])
    assert status == 0, err
    lines = [ln for ln in out.splitlines() if ln.startswith("не учтён: ")]
    assert len(lines) == 2, out
    assert "counted once" not in out
    for line in lines:
        assert "учтён один раз, как 2026-10-02-pulka.json" in line, line
        _russian(line.split(": ", 2)[2], "2026-10-02-pulka.json")
    # the JSON keeps them in English, as the archive does
    got = json.loads(run(["club", club, "--json", "--lang", "ru"])[1])
    assert all("counted once" in p["error"] for p in got["left_out"])
    page = _client(club).get("/club?lang=ru&all=1").text
    assert page.count("учтён один раз, как 2026-10-02-pulka.json") == 2, page
    assert "counted once" not in page
    assert _client(club).get("/club?lang=en&all=1").text.count("counted once") == 2


def test_look_alike_names_are_said_in_russian_with_the_alias_line(tmp_path):
    import shlex

    club = _look_alike_club(tmp_path / "club")
    english = [n for n in json.loads(run(["club", club, "--json"])[1])["notices"]
               if "look alike" in n]
    assert len(english) == 1
    alias = english[0].split("merge them with: ", 1)[1]
    status, out, err = run(["club", club, "--lang", "ru"])
    assert status == 0, err
    [line] = [ln for ln in err.splitlines() if "--alias" in ln]
    assert "выглядят одинаково" in line and line.endswith(alias), line
    _russian(line, alias, "whistscore club:", '"\\u0410nna"', '"Anna"')
    got = json.loads(run(["club", club, "--json", "--lang", "ru"])[1])
    [notice] = [n for n in got["notices"] if "--alias" in n]
    assert notice.endswith("объедините их командой: " + alias), notice
    assert shlex.split(notice.split("командой: ", 1)[1])[-1] == "\u0410nna=Anna"
    page = _client(club).get("/club?lang=ru&all=1").text
    assert "выглядят одинаково" in page and "look alike" not in page


def test_club_json_excluding_a_missing_file_is_said_in_russian(tmp_path):
    small_club(tmp_path)
    (tmp_path / "club.json").write_text(json.dumps(
        {"format": "whistscore-club", "version": 1, "exclude": ["gone.json"]}), "utf-8")
    status, out, err = run(["club", tmp_path, "--lang", "ru"])
    assert status == 0, err
    assert "club.json исключает gone.json, но такого файла в папке нет" in err, err
    assert "which is not in the folder" not in err


def test_the_archive_notices_are_russian_on_the_club_page(tmp_path):
    """A read-only folder: the notice on the Club page and in ``--json --lang ru``."""
    with tmpfs(tmp_path / "disk") as disk:
        small_club(disk)
        assert run(["club", disk])[0] == 0
        read_only(disk)
        got = json.loads(run(["club", disk, "--json", "--lang", "ru"])[1])
        assert got["notices"] and got["notices"][0].startswith("club.sqlite не удалось обновить: ")
        english = json.loads(run(["club", disk, "--json"])[1])["notices"][0]
        assert english.startswith("club.sqlite could not be kept up to date: ")
        page = _client(disk).get("/club?lang=ru&all=1").text
        assert "club.sqlite не удалось обновить: " in page, page
        assert "could not be kept" not in page
        assert "could not be kept" in _client(disk).get("/club?lang=en&all=1").text


def test_a_set_aside_archive_is_said_in_russian_on_the_page(tmp_path):
    small_club(tmp_path)
    assert run(["club", tmp_path])[0] == 0
    for p in tmp_path.glob("club.sqlite*"):
        p.unlink()
    (tmp_path / "club.sqlite").write_bytes(b"this is not a database at all" * 100)
    page = _client(tmp_path).get("/club?lang=ru&all=1").text
    assert "club.sqlite собран заново из файлов партий" in page, page
    assert "was rebuilt" not in page


# -- club.sqlite a folder or a symlink: read from memory, said, left as it is -----------------

@pytest.mark.parametrize("odd", ["folder", "link to an archive", "dangling link"])
def test_an_archive_name_that_is_a_folder_or_a_link_is_read_from_memory(tmp_path, odd):
    """The spec: a reader answers from the archive or from memory and says so.  A folder
    or a symlink named club.sqlite stopped the whole club command (and the Club page); now
    the standings come from the game files, with one notice in the reader's language, and
    the folder, the link and what it points at are untouched (a link is never followed,
    not even to read)."""
    import os

    want = tmp_path / "want"
    want.mkdir()
    small_club(want)
    expected = json.loads(run(["club", want, "--json"])[1])["games"]
    club = tmp_path / "club"
    club.mkdir()
    small_club(club)
    path = club / "club.sqlite"
    elsewhere = tmp_path / "elsewhere.sqlite"
    if odd == "folder":
        path.mkdir()
        (path / "mine.txt").write_text("my notes", "utf-8")
    elif odd == "link to an archive":
        other = tmp_path / "other"
        other.mkdir()
        assert run(["club", other])[0] == 0  # an empty club's archive: the link's target
        for p in other.glob("club.sqlite-*"):
            p.unlink()
        os.replace(other / "club.sqlite", elsewhere)
        os.symlink(elsewhere, path)
    else:
        os.symlink(tmp_path / "nowhere.sqlite", path)
    kept = elsewhere.read_bytes() if elsewhere.exists() else None
    listing = sorted(os.listdir(club))
    status, out, err = run(["club", club, "--json"])
    assert status == 0 and "Traceback" not in err, err
    got = json.loads(out)
    assert got["games"] == expected
    [notice] = got["notices"]
    assert notice.startswith("club.sqlite in the club folder is a folder or a symlink")
    assert err == f"whistscore club: {notice}\n"
    status, out, err = run(["club", club, "--lang", "ru"])
    assert status == 0 and "Marina" in out, err
    [line] = err.splitlines()
    assert line.startswith("whistscore club: club.sqlite в папке клуба — папка или ссылка"), line
    _russian(line, "whistscore club: club.sqlite")
    page = _client(club).get("/club?lang=ru&all=1")
    assert page.status_code == 200 and "club.sqlite в папке клуба — папка или ссылка" in page.text
    # nothing on disk changed: the folder, the link, its target; no archive beside them
    assert sorted(os.listdir(club)) == listing
    if odd == "folder":
        assert os.listdir(path) == ["mine.txt"]
    else:
        assert os.path.islink(path)
        assert (elsewhere.read_bytes() if elsewhere.exists() else None) == kept
        assert not (tmp_path / "nowhere.sqlite").exists()


def test_the_export_and_a_players_page_say_the_notice_in_russian(tmp_path):
    small_club(tmp_path)
    (tmp_path / "club.sqlite").mkdir()
    target = tmp_path / "season.xlsx"
    status, out, err = run(["club", tmp_path, "--export", target, "--lang", "ru"])
    assert status == 0 and target.exists(), err
    assert "club.sqlite в папке клуба — папка или ссылка" in err and "is a folder" not in err
    page = _client(tmp_path).get("/club/p/Marina?lang=ru").text
    assert "club.sqlite в папке клуба — папка или ссылка" in page and "is a folder" not in page
    page = _client(tmp_path).get("/club/h2h?a=Marina&b=Alexei&lang=ru").text
    assert "club.sqlite в папке клуба — папка или ссылка" in page and "is a folder" not in page
