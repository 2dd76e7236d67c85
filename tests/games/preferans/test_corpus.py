"""Every deal of the bad-input corpus is refused, with the field named in the message.

A deal is read as JSON (``deal_from_json``) or as short notation (``parse_notation``);
one that reads is scored on the final state of the corpus game, and must fail
there.  ``other_files`` holds refusals that need a game of their own (all-pass
switched off; a pulka whose every pulya is closed).
"""

import json
from pathlib import Path

import pytest

from whistscore.errors import InputError
from whistscore.game import DealRecord
from whistscore.journal import deal_from_json, from_json
from whistscore.replay import replay

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "corpus" / "preferans.json").read_text("utf-8"))

CASES = [(CORPUS["game_file"], bad) for bad in CORPUS["bad_deals"]]
for other in CORPUS.get("other_files", []):
    CASES += [(other["game_file"], bad) for bad in other["bad_deals"]]


def refuse(game_file: dict, deal) -> InputError:
    game = from_json(game_file)
    rep = replay(game)
    try:
        if isinstance(deal, str):
            record = DealRecord(game.kind.parse_notation(deal, game.players, game.rules))
        else:
            record = deal_from_json(game.kind, deal, game.players, game.rules)
        rep.extend(record)
    except InputError as exc:
        return exc
    raise AssertionError(f"accepted: {deal!r}")


def test_corpus_is_big_enough():
    assert len(CORPUS["bad_deals"]) >= 45


@pytest.mark.parametrize("game_file,bad", CASES, ids=[b["why"] for _, b in CASES])
def test_corpus_deal_is_refused_naming_the_field(game_file, bad):
    err = refuse(game_file, bad["deal"])
    assert bad["field"] in str(err), str(err)


def test_corpus_game_file_itself_is_valid():
    for game_file in [CORPUS["game_file"], *(o["game_file"] for o in CORPUS["other_files"])]:
        rep = replay(from_json(game_file))
        assert len(rep.results) == len(game_file["deals"])
