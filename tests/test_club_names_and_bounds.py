"""One file name never stops the club; club.json is never saved past its own read bound
(issue 32 #6, #9)."""

from __future__ import annotations

import datetime
import json
import os
import warnings
from pathlib import Path

import whistscore

from clirun import run

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
CP1251 = "Пулька.json".encode("cp1251")


def folder_with_a_cp1251_name(tmp_path: Path) -> Path:
    (tmp_path / "preferans-sochi.json").write_bytes((SAMPLES / "preferans-sochi.json")
                                                   .read_bytes())
    with open(os.path.join(os.fsencode(tmp_path), CP1251), "wb") as f:
        f.write((SAMPLES / "preferans-classic.json").read_bytes())
    return tmp_path


def test_a_name_that_is_not_utf8_is_listed_escaped_and_left_out(tmp_path):
    folder_with_a_cp1251_name(tmp_path)
    status, out, err = run(["club", tmp_path])
    assert status == 0 and "internal error" not in err, err
    assert "Marina" in out
    assert "left out: \\xcf\\xf3\\xeb\\xfc\\xea\\xe0.json: its name is not UTF-8" in out
    data = json.loads(run(["club", tmp_path, "--json"])[1])
    assert data["left_out"][0]["file"] == "\\xcf\\xf3\\xeb\\xfc\\xea\\xe0.json"
    assert data["games"]["preferans"]["evenings"] == 1
    assert json.loads(run(["club", tmp_path, "--json"])[1]) == data  # the same again
    assert run(["club", tmp_path, "--records"])[0] == 0
    assert run(["club", tmp_path, "--player", "Marina"])[0] == 0


def test_the_club_pages_answer_over_a_name_that_is_not_utf8(tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from test_web_routes import client

    folder_with_a_cp1251_name(tmp_path)
    c = client(tmp_path)
    for url in ("/club", "/api/club", "/api/club/records", "/club/p/Marina", "/api/club/players/Marina", "/"):
        r = c.get(url)
        assert r.status_code == 200, (url, r.status_code, r.text[:300])
    assert c.get("/api/club").json()["left_out"][0]["file"].startswith("\\xcf\\xf3")


def seasons_file(folder: Path, count: int) -> Path:
    start = datetime.date(2000, 1, 1)
    seasons = {f"s{i}": [(start + datetime.timedelta(days=i)).isoformat()] * 2
               for i in range(count)}
    path = folder / "club.json"
    path.write_text(json.dumps({"format": "whistscore-club", "version": 1,
                                "seasons": seasons}, indent=2), "utf-8")
    return path


def test_the_10001st_season_is_refused_and_club_json_kept(tmp_path):
    path = seasons_file(tmp_path, 10_000)
    assert run(["club", tmp_path, "--json"])[0] == 0  # 10,000 seasons: read
    before = path.read_bytes()
    status, out, err = run(["club", tmp_path, "--season-add", "one-more", "2099-01-01",
                            "2099-01-31"])
    assert status == 1 and err.count("\n") == 1 and "Traceback" not in err, err
    assert "nothing was changed" in err and "10000" in err.replace(",", "")
    assert path.read_bytes() == before
    assert run(["club", tmp_path, "--json"])[0] == 0  # and still read
    status, out, err = run(["club", tmp_path, "--season-add", "one-more", "2099-01-01",
                            "2099-01-31", "--lang", "ru"])
    assert status == 1 and "ничего не изменено" in err


def test_club_json_past_its_size_is_refused_and_kept(tmp_path):
    import pytest

    from whistscore.club import settings
    from whistscore.errors import InputError

    long_name = "Я" * 50
    data = {"format": "whistscore-club", "version": 1,
            "players": {f"{long_name}{i}": [f"{long_name}x{i}"] for i in range(6_000)}}
    big = settings.parse(json.dumps(data, ensure_ascii=False))  # ~1.3 MB written out
    path = tmp_path / "club.json"
    path.write_text('{"format": "whistscore-club", "version": 1}\n', "utf-8")
    before = path.read_bytes()
    with pytest.raises(InputError) as info:
        settings.save(tmp_path, big)
    assert "nothing was changed" in str(info.value) and info.value.key == "club.too_large"
    assert path.read_bytes() == before
