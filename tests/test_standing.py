"""What the table page shows before a deal, from the game's own state (serve.md, "Also at
the table"): the points each player still needs to close his pulya, and during an all-pass
series under ``allpass_exit = made-8`` the smallest contract allowed.  Numbers by hand from
spec preferans.md (rules table: ``pulya`` 20, ``values`` 2/4/6/8/10 in Sochi; "All-pass")."""

from __future__ import annotations

import whistscore
from whistscore.games.preferans.fields import FIELDS
from whistscore.i18n import text

kind = whistscore.get_game("preferans")


def standing(lines, rules=None):
    game = whistscore.new_game("preferans", ["Anna", "Boris", "Vera"], rules or {})
    scored = whistscore.ScoredGame.of(game)
    for line in lines:
        scored = scored.add(line)
    assert FIELDS.standing is not None
    # each line is words of the game's catalogue, said here in English and Russian
    return tuple((text(line, kind, "en"), text(line, kind, "ru"))
                 for line in FIELDS.standing(scored.replay.state))


def test_the_points_missing_to_close_each_pulya():
    assert standing([]) == (("to close the pulya: Anna 20, Boris 20, Vera 20",
                             "до закрытия пули: Anna 20, Boris 20, Vera 20"),)
    # a made 7 is 4 into the declarer's pulya (values 2/4/6/8/10): 20 - 4 = 16 to go
    assert standing(["Anna 7S Boris:w Vera:p 7/3/0"])[0][0] == (
        "to close the pulya: Anna 16, Boris 20, Vera 20")
    # and a made 10 on top: 16 - 10 = 6
    assert standing(["Anna 7S Boris:w Vera:p 7/3/0", "Anna 10NT Boris:p Vera:p"])[0][0] == (
        "to close the pulya: Anna 6, Boris 20, Vera 20")


def test_the_smallest_contract_during_an_all_pass_series():
    made8 = {"allpass_exit": "made-8"}
    assert len(standing(["pass 4/2/4"])) == 1            # any-deal (Sochi): no minimum
    assert standing(["pass 4/2/4"], made8)[1] == (
        "after the all-pass: 7 or more, or a misère", "после распасов: не меньше 7 или мизер")
    assert standing(["pass 4/2/4", "pass 3/3/4"], made8)[1][0] == (
        "after the all-pass: 8 or more, or a misère")
    # a made 8 ends the series
    assert len(standing(["pass 4/2/4", "Anna 8S Boris:p Vera:p"], made8)) == 1
