"""The issue's bad-input list, each a specific error naming the deal, the field and the value."""

import pytest

from gen_preferans import build
from whistscore.errors import DealError, GameOverError, NotationError, RuleError
from whistscore.game import DealRecord
from whistscore.games.preferans import GAME
from whistscore.journal import from_json

ABV = ("Anna", "Boris", "Vera")
ABVG = ("Anna", "Boris", "Vera", "Gleb")


def game(players=ABV, deals=(), **rules):
    return from_json({"format": "whistscore", "version": 1, "game": "preferans",
                      "players": list(players), "rules": {"preset": "sochi", **rules},
                      "deals": list(deals)})


def refused(deal, players=ABV, deals=(), **rules):
    """The error a deal gets (read, then scored as the next deal of the game)."""
    from whistscore.replay import replay

    g = game(players, deals, **rules)
    rep = replay(g)
    with pytest.raises((DealError, NotationError)) as err:
        if isinstance(deal, str):
            parsed = GAME.parse_notation(deal, g.players, g.rules)
        else:
            parsed = GAME.deal_from_json(deal, g.players, g.rules)
        rep.extend(DealRecord(parsed))
    return err.value


def c(decl, con, whist=None, tricks=None):
    d = {"declarer": decl, "contract": con}
    if whist is not None:
        d["whist"] = whist
    if tricks is not None:
        d["tricks"] = tricks
    return d


W, P, H = "whist", "pass", "half"

ISSUE_CASES = [
    # (why, deal, players, rules, field, value shown)
    ("tricks not summing to 10", c("Anna", "7S", {"Boris": W, "Vera": P}, {"Anna": 7, "Boris": 2, "Vera": 0}),
     ABV, {}, "tricks", "not 9"),
    ("tricks for a sitting-out dealer", {"contract": "allpass", "tricks": {"Anna": 4, "Boris": 3, "Vera": 3}},
     ABVG, {}, "tricks.Anna", '"Anna"'),
    ("tricks for a sitting-out dealer in a contract", c("Boris", "6S", {"Vera": W, "Gleb": P},
                                                       {"Boris": 6, "Vera": 3, "Anna": 1}),
     ABVG, {}, "tricks.Anna", "1"),
    ("an unknown player", c("Anna", "7S", {"Boris": W, "Vlad": P}, {"Anna": 7, "Boris": 3, "Vlad": 0}),
     ABV, {}, "whist.Vlad", '"Vlad"'),
    ("an unknown declarer", c("Vlad", "7S", {"Boris": W, "Vera": P}, {"Vlad": 7, "Boris": 3, "Vera": 0}),
     ABV, {}, "declarer", '"Vlad"'),
    ("a repeated player", c("Anna", "7S", {"Anna": W, "Vera": P}, {"Anna": 7, "Vera": 3}),
     ABV, {}, "whist.Anna", '"Anna"'),
    ("a repeated player in notation", "Anna 7S Vera:w Vera:p 7/3/0", ABV, {}, "whist.Vera", "Vera:p"),
    ("a missing defender status", c("Anna", "7S", {"Boris": W}, {"Anna": 7, "Boris": 3, "Vera": 0}),
     ABV, {}, "whist.Vera", None),
    ("two half-whists", c("Anna", "6S", {"Boris": H, "Vera": H}), ABV, {"whist_style": "gentleman"},
     "whist.Vera", '"half"'),
    ("a half-whist on a level the option does not list", c("Anna", "7S", {"Boris": P, "Vera": H}),
     ABV, {"half_whist": "6:2"}, "whist.Vera", '"half"'),
    ("a half-whist on misère", c("Anna", "misere", {"Vera": H}, {"Anna": 0}), ABV, {}, "whist", "half"),
    ("a half-whist when the other defender whisted", c("Anna", "6S", {"Boris": W, "Vera": H}),
     ABV, {}, "whist.Vera", '"half"'),
    ("a half-whist by the first defender under greedy whist", c("Anna", "6S", {"Boris": H, "Vera": P}),
     ABV, {}, "whist.Boris", '"half"'),
    ("misère with a whist status", c("Anna", "misere", {"Boris": W, "Vera": W}, {"Anna": 1}),
     ABV, {}, "whist", "whist"),
    ("a level below 6", c("Anna", "5S", {"Boris": W, "Vera": P}, {"Anna": 5, "Boris": 5, "Vera": 0}),
     ABV, {}, "contract", '"5S"'),
    ("a level above 10", "Anna 11S Boris:w Vera:p 10/0/0", ABV, {}, "contract", '"11S"'),
    ("an unknown suit", c("Anna", "7Q", {"Boris": W, "Vera": P}, {"Anna": 7, "Boris": 3, "Vera": 0}),
     ABV, {}, "contract", '"7Q"'),
    ("all-pass when allpass = off", {"contract": "allpass", "tricks": {"Anna": 4, "Boris": 2, "Vera": 4}},
     ABV, {"allpass": "off"}, "contract", '"allpass"'),
    ("all-pass when allpass = off, notation", "pass 4/2/4", ABV, {"allpass": "off"}, "contract", "allpass"),
]


@pytest.mark.parametrize("why,deal,players,rules,field,shown", ISSUE_CASES,
                         ids=[c[0] for c in ISSUE_CASES])
def test_issue_bad_input(why, deal, players, rules, field, shown):
    err = refused(deal, players, **rules)
    message = str(err)
    assert f"field '{field}'" in message, message
    if shown is not None:
        assert shown in message, message


def test_score_level_errors_name_the_deal():
    err = refused({"contract": "allpass", "tricks": {"Anna": 4, "Boris": 3, "Vera": 3}}, ABVG)
    assert str(err).startswith("deal 1, field 'tricks.Anna'")


def test_a_deal_after_the_pulka_is_closed():
    deals = [c("Anna", "6S", {"Boris": P, "Vera": P}), c("Boris", "6S", {"Vera": P, "Anna": P}),
             c("Vera", "6S", {"Anna": P, "Boris": P})]
    rep = build(deals, pulya=2)
    assert rep.finished
    with pytest.raises(GameOverError) as err:
        rep.extend(DealRecord(GAME.parse_notation("pass 4/2/4", ABV, rep.game.rules)))
    assert "deal 4" in str(err.value)


def test_a_game_file_with_a_deal_after_the_end_is_refused_on_replay():
    from whistscore.replay import replay

    deals = [c("Anna", "6S", {"Boris": P, "Vera": P}), c("Boris", "6S", {"Vera": P, "Anna": P}),
             c("Vera", "6S", {"Anna": P, "Boris": P}), c("Anna", "6S", {"Boris": P, "Vera": P})]
    with pytest.raises(GameOverError, match="deal 4"):
        replay(game(ABV, deals, pulya=2))


@pytest.mark.parametrize("rules,field,shown", [
    ({"preset": "moscow"}, "rules.preset", '"moscow"'),
    ({"pulya_size": 20}, "rules.pulya_size", None),
    ({"whist_style": "polite"}, "rules.whist_style", '"polite"'),
    ({"misere": "10"}, "rules.misere", '"10"'),
    ({"misere": "10;-2"}, "rules.misere", None),
    ({"values": [2, 4, 6]}, "rules.values", None),
    ({"pulya": 0}, "rules.pulya", "0"),
    ({"pulya": True}, "rules.pulya", "true"),
    ({"gora_points": 0}, "rules.gora_points", None),
    ({"obligation": [11, 2, 1, 1, 1]}, "rules", "obligation"),
    ({"half_whist": {"5": 2}}, "rules.half_whist", None),
    ({"allpass_prices": []}, "rules.allpass_prices", None),
])
def test_unknown_or_bad_option_or_preset(rules, field, shown):
    with pytest.raises(RuleError) as err:
        GAME.rulebook.resolve(rules)
    assert f"field '{field}'" in str(err.value)
    if shown:
        assert shown in str(err.value)


def test_nothing_is_written_by_a_refused_deal():
    from whistscore.replay import replay

    g = game(ABV, [c("Anna", "7S", {"Boris": W, "Vera": P}, {"Anna": 7, "Boris": 3, "Vera": 0})])
    rep = replay(g)
    before = GAME.sheet_json(rep.state, g.rules)
    with pytest.raises(DealError):
        rep.extend(DealRecord(GAME.parse_notation("Anna 6S Boris:h Vera:p", ABV, g.rules)))
    assert GAME.sheet_json(rep.state, g.rules) == before
    assert len(rep.game.deals) == 1
