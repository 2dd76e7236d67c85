"""Every deal of the Twist bad-input corpus is refused, naming its field and value."""

import json
from pathlib import Path

import pytest

from whistscore import journal
from whistscore.errors import InputError
from whistscore.game import DealRecord
from whistscore.replay import replay

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "corpus" / "twist.json").read_text("utf-8"))


def test_corpus_is_large_enough_and_its_game_is_valid():
    assert len(CORPUS["bad_deals"]) >= 45
    rp = replay(journal.from_json(CORPUS["game_file"]))
    assert len(rp.results) == len(CORPUS["game_file"]["deals"]) and not rp.finished


@pytest.mark.parametrize("case", CORPUS["bad_deals"], ids=lambda c: c["why"])
def test_bad_deal_is_refused(case):
    game = journal.from_json(CORPUS["game_file"])
    rp = replay(game)
    with pytest.raises(InputError) as err:
        deal = case["deal"]
        if isinstance(deal, str):
            record = DealRecord(game.kind.parse_notation(deal, game.players, game.rules))
        else:
            record = journal.deal_from_json(game.kind, deal, game.players, game.rules)
        rp.extend(record)
    assert case["field"] in str(err.value)
    assert err.value.field is not None and case["field"] in err.value.field
