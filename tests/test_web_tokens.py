"""The scorepad's token kept for a folder (issue 36, defect 4): a restart keeps the
phones that joined; ``--new-token`` makes a new one; kept outside the game folder."""

from __future__ import annotations

import os
import stat

import pytest

from whistscore.web.tokens import folder_token, token_file, tokens_folder


@pytest.fixture
def state(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return tmp_path / "state"


def test_the_token_is_kept_for_the_folder_outside_it(tmp_path, state):
    games = tmp_path / "games"
    games.mkdir()
    first, why = folder_token(games)
    assert why is None and len(first) >= 22
    assert folder_token(games) == (first, None)
    assert list(games.iterdir()) == []                       # nothing in the game folder
    kept = token_file(games)
    assert kept.parent == tokens_folder() == state / "whistscore" / "tokens"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600        # the owner's only
    link = tmp_path / "link"
    link.symlink_to(games)                                   # the same folder, by its real path
    assert folder_token(link)[0] == first
    other = tmp_path / "other"
    other.mkdir()
    assert folder_token(other)[0] != first
    new, _ = folder_token(games, new=True)                   # --new-token
    assert new != first and folder_token(games)[0] == new


def test_a_damaged_or_linked_token_file_is_never_trusted_nor_followed(tmp_path, state):
    games = tmp_path / "games"
    games.mkdir()
    kept = token_file(games)
    kept.parent.mkdir(parents=True)
    kept.write_text("not a token!\n")
    token, why = folder_token(games)
    assert why is None and token != "not a token!" and kept.read_text().strip() == token
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_text("keep me\n")
    kept.unlink()
    kept.symlink_to(elsewhere)
    token, _ = folder_token(games)                           # the link is not read...
    assert elsewhere.read_text() == "keep me\n"              # ...nor written through
    assert not kept.is_symlink() and kept.read_text().strip() == token


def test_a_token_that_cannot_be_kept_still_starts_the_scorepad(tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the state folder should be")
    monkeypatch.setenv("XDG_STATE_HOME", str(blocked))
    token, why = folder_token(tmp_path)
    assert len(token) >= 22 and why is not None and "could not be kept" in why
