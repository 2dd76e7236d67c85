"""The whist bad-input corpus: every deal in tests/corpus/whist.json is refused, and the
message names the field the corpus expects (JSON through the journal's deal reader,
notation through parse_notation; the rest scored on the corpus game's final state)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from whistscore.errors import InputError
from whistscore.game import DealRecord
from whistscore.journal import deal_from_json, from_json
from whistscore.replay import replay

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "corpus" / "whist.json").read_text("utf-8"))
GAME_FILE = from_json(CORPUS["game_file"])


def test_corpus_is_big_enough_and_its_game_is_valid():
    assert len(CORPUS["bad_deals"]) >= 45
    replay(GAME_FILE)


@pytest.mark.parametrize("case", CORPUS["bad_deals"], ids=lambda c: c["why"])
def test_bad_deal_is_refused(case):
    game = GAME_FILE
    with pytest.raises(InputError) as info:
        if isinstance(case["deal"], str):
            record = DealRecord(game.kind.parse_notation(case["deal"], game.players, game.rules))
        else:
            record = deal_from_json(game.kind, case["deal"], game.players, game.rules)
        replay(game).extend(record)
    assert case["field"] in str(info.value), str(info.value)
    assert f"field '{case['field']}" in str(info.value), str(info.value)
