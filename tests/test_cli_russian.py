"""A reader whose locale is Russian gets every refusal in Russian (issue 38: LANG/LC_ALL
pick the language): usage errors, ``serve``, ``demo`` and ``pocket`` refusals said a
bare English line before.  The technical text stays in brackets; no traceback."""

from __future__ import annotations

import re

import pytest

from clirun import run

CYRILLIC = re.compile("[а-яА-ЯёЁ]")


@pytest.fixture
def russian(monkeypatch):
    monkeypatch.setenv("LC_ALL", "ru_RU.UTF-8")


def last_line(err: str) -> str:
    return [line for line in err.splitlines() if line.strip()][-1]


@pytest.mark.parametrize("argv", [
    ["show"], ["rules", "nope"], ["bogus"], [], ["club", "x", "--bogus"],
    ["new", "preferans", "x.json"],
])
def test_a_usage_error_is_said_in_russian(russian, argv):
    status, out, err = run(argv)
    assert status == 2 and "Traceback" not in err
    line = last_line(err)
    assert CYRILLIC.search(line.split("(")[0]) and "error:" not in line, err


def test_a_usage_error_follows_lang_typed(monkeypatch):
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    assert CYRILLIC.search(last_line(run(["show", "--lang", "ru"])[2]))
    monkeypatch.setenv("LC_ALL", "ru_RU.UTF-8")
    assert "error:" in last_line(run(["show", "--lang=en"])[2])


def test_refusals_without_a_sentence_of_their_own_are_russian(russian, tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("x")
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "preferans-sochi.json").write_text("mine")
    for argv in (["serve", tmp_path / "nope"], ["serve", tmp_path, "--port", "0"],
                 ["demo", afile], ["demo", tmp_path / "d"], ["pocket", "build", afile]):
        status, out, err = run(argv)
        assert status == 1 and err.count("\n") == 1 and "Traceback" not in err, (argv, err)
        assert CYRILLIC.search(err.split("(")[0]), (argv, err)
    assert (tmp_path / "d" / "preferans-sochi.json").read_text() == "mine"


def test_english_refusals_are_as_they_were(monkeypatch, tmp_path):
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    status, out, err = run(["serve", tmp_path / "nope"])
    assert err.startswith("whistscore serve: field 'folder'") and err.endswith(": no such folder\n")
    assert last_line(run(["show"])[2]) == \
        "whistscore show: error: the following arguments are required: file"


def test_a_disk_error_is_said_in_russian(russian, tmp_path, monkeypatch):
    import errno
    import os

    def write(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", write)
    status, out, err = run(["demo", tmp_path / "s"])
    assert status == 1 and err.count("\n") == 1 and CYRILLIC.search(err.split("(")[0]), err
    assert "No space left on device" in err  # the system's words, in brackets


def test_a_folder_named_like_the_archive_is_said_in_russian(russian, tmp_path):
    """Not a refusal now: the club is read from memory, with its notice in Russian."""
    (tmp_path / "club.sqlite").mkdir()
    status, out, err = run(["club", tmp_path])
    assert status == 0 and "club.sqlite" in err and "уберите" in err, err
    assert (tmp_path / "club.sqlite").is_dir()
