"""The Danish bad-input corpus (tests/corpus/danish.json): every deal there must be refused.

A deal is refused either while it is read (``parse_deal`` / ``parse_notation``) or
while it is scored on the state the corpus game file leaves (five players, Dina
deals next and sits out).  The message must name the field.
"""

import json
from pathlib import Path

import pytest

from whistscore import journal
from whistscore.errors import InputError
from whistscore.game import DealRecord
from whistscore.replay import replay

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "corpus" / "danish.json").read_text("utf-8"))
GAME_FILE = journal.from_json(CORPUS["game_file"])
FINAL = replay(GAME_FILE)


def refuse(deal):
    kind = GAME_FILE.kind
    if isinstance(deal, str):
        parsed = kind.parse_notation(deal, GAME_FILE.players, GAME_FILE.rules)
        record = DealRecord(parsed)
    else:
        record = journal.deal_from_json(kind, deal, GAME_FILE.players, GAME_FILE.rules)
    FINAL.extend(record)


def test_corpus_is_large_and_its_game_file_is_valid():
    assert len(CORPUS["bad_deals"]) >= 45
    assert FINAL.next_dealer() == "Dina"
    # 1 Anna deals: Bo 9 good + Dina, 10 tricks: A = 160 (Bo, Dina +160; Carl, Erik -160)
    # 2 Bo deals: Carl nolo made: Carl +300; Anna, Dina, Erik -100
    # 3 Carl deals: Erik 8 alone, 7 tricks: A = -40: Erik -120; Anna, Bo, Dina +40
    assert FINAL.balance() == {"Anna": -60, "Bo": 200, "Carl": 140, "Dina": 100, "Erik": -380}


@pytest.mark.parametrize("case", CORPUS["bad_deals"], ids=lambda c: c["why"])
def test_bad_deal_is_refused_naming_the_field(case):
    with pytest.raises(InputError) as err:
        refuse(case["deal"])
    assert case["field"] in str(err.value), str(err.value)
