"""Whist scoring, rule by rule, with numbers worked out by hand from the rule texts.

Seed 001_a51a627d0c2d2131.txt, section «Ведение счета»: each sentence has a test
below (under the default ``english`` preset) that quotes it.  The spec's
public examples (whist.md, "Public examples") are reproduced verbatim under
``laws1864`` and ``american``.  Players: Anna & Vera are NS, Boris & Gleb EW.
"""

from __future__ import annotations

import pytest

from whist_support import amounts, entries, games, net, play, score


# -- «Ведение счета», English whist ---------------------------------------------------

def test_seed_english_five_point_game_with_honours():
    # «Английский «Вист» использует 5-очковую партию, включающую учет онеров.»
    r = play(["NS 9 H:NS3"])          # 3 by cards + 3 honours = 6 >= 5: game
    assert games(r) == [("NS", 3)]    # losers 0: treble
    r = play(["NS 9"])                 # 3 points: no game yet
    assert score(r) == (3, 0) and games(r) == []
    assert r.game.rules["target"] == 5 and r.game.rules["honours"] == (4, 3)


def test_seed_games_grouped_in_rubbers():
    # «Партии группируются в робберы.»  Two games to NS make one rubber; the
    # next game belongs to rubber 2.
    r = play(["NS 12", "NS 12", "EW 12"])
    sheet = r.kind.sheet_json(r.state, r.game.rules)
    assert sheet["NS"]["rubbers"] == [3 + 3 + 2] and sheet["EW"]["rubbers"] == [-8]
    assert sheet["EW"]["games"] == [3] and sheet["NS"]["games"] == []


def test_seed_rule1_first_six_tricks_score_nothing():
    # «1) Первые шесть взяток очков не приносят. Начиная с седьмой, за каждую
    # полученную взятку начисляется по 1 игровому очку.»
    r = play(["NS 6"])                 # NS took 6, so EW took 7: one point to EW
    assert amounts(r, 1, "tricks") == {"EW": 1} and score(r) == (0, 1)
    r = play(["NS 7"])
    assert score(r) == (1, 0)
    r = play(["EW 10"])                # 4 by cards
    assert score(r) == (0, 4)


@pytest.mark.parametrize("tricks,expected", [(7, 1), (8, 2), (9, 3), (10, 4)])
def test_seed_rule1_each_trick_over_six_is_one_point(tricks, expected):
    # «Начиная с седьмой, за каждую полученную взятку начисляется по 1 игровому очку.»
    r = play([f"NS {tricks}"])
    assert score(r)[0] == expected


def test_seed_rule2_four_honours_score_4_three_score_3():
    # «2) Онерами являются Т, К, Д и В козырей. Пара получает 4 игровых очка,
    # если ей сдали все четыре онера, и 3 игровых очка, если сданы любые три онера.»
    r = play(["EW 7 H:NS3"])            # EW 1 by cards, NS 3 honours
    assert score(r) == (3, 1) and amounts(r, 1, "honours") == {"NS": 3}
    r = play(["EW 7 H:NS4"])            # but four honours with no trick would carry NS to 4
    assert score(r) == (4, 1) and amounts(r, 1, "honours") == {"NS": 4}


def test_seed_rule2_tricks_before_honours_when_both_reach_five():
    # «Однако, если обе пары в одной и той же сдаче набрали по 5 игровых очков,
    # очки за взятки имеют преимущество перед очками за онеры.»
    # NS 4 - EW 2.  EW make 3 by cards (2 + 3 = 5) while NS hold four honours
    # (4 + 4 = 8): EW's tricks count first, EW win the game, NS's honours are void.
    r = play(["NS 10", "EW 8", "EW 9 H:NS4"])
    assert score(r) == (0, 0)
    assert games(r) == [("EW", 1)]      # losers NS at 4: a single
    assert [e.rule for e in entries(r, 3, "honours")] == ["precedence"]
    assert amounts(r, 3, "honours") == {"NS": 0}


def test_seed_rule2_last_deal_needs_a_trick_to_claim_the_game():
    # «При последней сдаче, прежде чем объявить партию, нужно взять по меньшей мере
    # одну взятку.»  NS at 3 hold four honours but EW take the odd trick: NS stop
    # at 4 (target - 1); the next deal NS make one by cards and go out.
    r = play(["NS 9", "EW 7 H:NS4"])
    assert score(r) == (4, 1)
    assert [e.rule for e in entries(r, 2, "honours")] == ["honours_need_trick"]
    assert amounts(r, 2, "honours") == {"NS": 1}
    r = play(["NS 9", "EW 7 H:NS4", "NS 7"])
    assert games(r) == [("NS", 2)]      # EW at 1: a double


def test_seed_rule2_with_a_trick_honours_may_finish_the_game():
    # Same sentence, the other way round: NS at 3 take the odd trick (4) and hold
    # three honours (7): the game is theirs.
    r = play(["NS 9", "NS 7 H:NS3"])
    assert games(r) == [("NS", 3)]


def test_seed_rule2_losers_honours_do_not_count_after_the_game():
    # «После партии счет онеров у проигравших не учитывается в их общем игровом
    # счете.»  EW score 3 honours (and 1 by cards: 4); NS go out.  EW's score for
    # pricing is 4 - 3 = 1: a double, not a single.
    r = play(["EW 7 H:EW3", "NS 11"])
    assert games(r) == [("NS", 2)]
    game_entry, = entries(r, 2, "game")
    assert game_entry.rule == "losers_honours"
    # honours only: EW 4 by honours, NS then win -> EW count 0: a treble
    r = play(["NS 7 H:EW4", "NS 10"])
    assert score(play(["NS 7 H:EW4"])) == (1, 4)
    assert games(r) == [("NS", 3)]


def test_losers_honours_count_option_prices_on_the_whole_score():
    # the same deals with losers_honours = count: EW at 4 -> a single
    r = play(["EW 7 H:EW3", "NS 11"], losers_honours="count")
    assert games(r) == [("NS", 1)]


@pytest.mark.parametrize("penalty,expected", [
    ("deduct", (0, 1)),     # а) NS at 3 lose 3 -> 0; EW 1 by cards
    ("transfer", (0, 4)),   # б) NS lose 3, EW gain 3 -> 3, then 1 by cards -> 4
    ("add", (3, 4)),        # в) EW gain 3 -> 3, 1 by cards -> 4
])
def test_seed_rule3_three_revoke_penalties(penalty, expected):
    # «3) Существуют три альтернативных правила, касающихся наказания за ренонс:
    # а) пара, допустившая ренонс, теряет 3 игровых очка; б) пара, допустившая
    # ренонс, отдает 3 игровых очка своим соперникам; в) соперники получают 3
    # игровых очка.»
    r = play(["NS 9", f"EW 7 R:NS/{penalty}"])
    assert score(r) == expected
    assert {e.rule for e in entries(r, 2, "revoke")} == {f"revoke_{penalty}"}


def test_seed_rule3_default_penalty_is_the_rules_one():
    r = play(["NS 9", "EW 7 R:NS"])          # english: deduct
    assert score(r) == (0, 1)
    r = play(["NS 9", "EW 7 R:NS"], revoke_penalty="add")
    assert score(r) == (3, 4)


def test_revoke_deduct_never_below_zero():
    r = play(["EW 8 R:NS/deduct"])
    assert score(r) == (0, 2) and amounts(r, 1, "revoke") == {"NS": 0}


def test_revoke_transfer_gives_full_points_even_from_zero():
    # spec: «a transfer still gives the opponents the full points»
    r = play(["EW 7 R:NS/transfer"])
    assert score(r) == (0, 4) and amounts(r, 1, "revoke") == {"NS": 0, "EW": 3}


def test_seed_revoking_side_cannot_win_the_game_that_deal():
    # «Партнеры не могут выиграть партию, в розыгрыше которой у них был ренонс.»
    # NS at 3 revoke (add: EW +3) yet take 4 by cards: they stop at 4.
    r = play(["NS 9", "NS 10 R:NS/add"])
    assert score(r) == (4, 3) and games(r) == []
    assert [e.rule for e in entries(r, 2, "tricks")] == ["revoke_bar"]
    # deduct: NS 3 -> 0, then 4 by cards -> stop at 4; honours stop too
    r = play(["NS 9", "NS 10 H:NS4 R:NS"])
    assert score(r) == (4, 0)


def test_seed_both_sides_revoke_void_deal():
    # «Если в одном и том же розыгрыше у обеих пар был ренонс, все карты
    # сбрасываются, и производится новая сдача.»
    r = play(["NS 9", "void", "NS 8"])
    assert score(r) == (0, 0) and games(r) == [("NS", 3)]
    assert {e.rule for e in entries(r, 2)} == {"void"}
    assert all(e.amount == 0 for e in entries(r, 2))


@pytest.mark.parametrize("ew,value", [(0, 3), (1, 2), (2, 2), (3, 1), (4, 1)])
def test_seed_game_bonus_treble_double_single(ew, value):
    # «После каждой партии победителям начисляются следующие дополнительные очки:
    # а) 3 очка, если у соперников нет игровых очков; б) 2 очка, если соперники
    # набрали 1 или 2 игровых очка; в) 1 очко, если у соперников есть 3 или 4
    # игровых очка.»
    deals = [f"EW {6 + ew}"] if ew else []
    r = play(deals + ["NS 11"])
    assert games(r) == [("NS", value)]


def test_seed_rubber_of_three_games_best_of_three():
    # «Роббер состоит из трех партий.»  «Победители двух из трех партий получают 2
    # дополнительных очка за роббер. Затем все очки суммируются, и победителями
    # становятся партнеры с наибольшим счетом.»
    # Game 1 NS treble (3); game 2 EW single (EW 5 - NS 3: 1); game 3 NS double (2).
    r = play(["NS 11", "NS 9", "EW 11", "EW 8", "NS 11"])
    assert games(r) == [("NS", 3), ("EW", 1), ("NS", 2)]
    assert amounts(r, 5, "rubber") == {"NS": 2}
    assert net(r) == 3 + 2 + 2 - 1          # 6 points to each of Anna and Vera


def test_seed_all_points_summed_rubber_winners_by_points():
    # «Затем все очки суммируются»: the side with the most points wins, even if it
    # lost the rubber.  EW win game 1 treble (3); NS win two singles (1 + 1) and
    # the rubber (2): NS 4, EW 3 -> NS +1.
    r = play(["EW 11", "NS 9", "EW 10", "NS 11", "NS 9", "EW 10", "NS 11"])
    assert games(r) == [("EW", 3), ("NS", 1), ("NS", 1)]
    assert net(r) == 1 + 1 + 2 - 3


def test_seed_third_game_not_played_after_two_nil():
    # «Если первые две партии роббера выиграны одной и той же парой, третья партия
    # не играется.»  After 2-0 the next deal opens a new rubber.
    r = play(["NS 11", "NS 11", "EW 11"])
    assert amounts(r, 2, "rubber") == {"NS": 2}
    assert net(r) == (3 + 3 + 2) - 3
    sheet = r.kind.sheet_json(r.state, r.game.rules)
    assert sheet["EW"]["games"] == [3] and sheet["NS"]["rubbers"] == [8]


# -- «Ведение счета», American whist ----------------------------------------------------

def test_seed_american_seven_point_game_tricks_over_six():
    # «В Америке обычно применяется 7-очковая партия ...: 1) первые шесть
    # разыгранных взяток не учитываются. После этого каждая взятка приносит 1
    # игровое очко»
    r = play(["NS 10", "NS 9"], "american")       # 4 + 3 = 7: game, EW 0 -> 7
    assert games(r) == [("NS", 7)]


def test_seed_american_revoke_transfers_two():
    # «2) ренонс также дает игровые очки, так как пара, не снесшая в масть, отдает 2
    # своих игровых очка другой паре.»
    r = play(["NS 9", "NS 7 R:NS"], "american")
    # NS 3 - 2 = 1, EW +2; NS 1 by cards -> 2
    assert score(r) == (2, 2)


def test_seed_american_game_worth_seven_minus_losers():
    # «Пара, первой набравшая [7] игровых очков, зачисляет на свой счет разницу между
    # семью и очками проигравших.»
    r = play(["EW 9", "NS 11", "NS 10"], "american")  # EW 3; NS 5, 9 -> 7 - 3 = 4
    assert games(r) == [("NS", 4)]
    assert net(r) == 4


def test_american_has_no_rubbers_each_game_counts():
    r = play(["NS 13", "EW 13", "EW 13"], "american")
    assert games(r) == [("NS", 7), ("EW", 7), ("EW", 7)]
    assert net(r) == -7
    assert all(e.column != "rubber" for e in r.entries())


# -- spec whist.md, "Public examples" (laws1864) ----------------------------------------

def test_public_example_laws1864_rubber():
    # "A rubber: AB make 8 tricks with 3 honours (4-0); YZ make 7 tricks while AB
    # hold four honours (AB at four score no honours: 4-1); AB make 7 (5-1, game to
    # AB, a double = 2). YZ make 9 with 3 honours (0-5, treble = 3). AB make 10
    # while YZ hold four honours (4-4); AB make 7 (5-4, single = 1). Rubber to AB:
    # 2 + 1 + 2 - 3 = 2."
    players = ("A", "Y", "B", "Z")   # AB = NS, YZ = EW
    deals = ["NS 8 H:NS3", "EW 7 H:NS4", "NS 7", "EW 9 H:EW3", "NS 10 H:EW4", "NS 7"]
    seen = []
    for k in range(1, len(deals) + 1):
        seen.append(score(play(deals[:k], "laws1864", players)))
    assert seen[:2] == [(4, 0), (4, 1)]
    assert seen[4] == (4, 4)
    r = play(deals, "laws1864", players)
    assert [e.rule for e in entries(r, 2, "honours")] == ["honours_at_four"]
    assert games(r) == [("NS", 2), ("EW", 3), ("NS", 1)]
    assert amounts(r, 6, "rubber") == {"NS": 2}
    assert net(r) == 2
    assert r.balance() == {"A": 2, "Y": -2, "B": 2, "Z": -2}


def test_public_example_laws1864_precedence():
    # "AB at 3, YZ at 0; YZ make 3 by cards while AB hold 3 honours -> YZ score
    # first (3-3), AB's honours take them to 5: a single."
    r = play(["NS 9", "EW 9 H:NS3"], "laws1864")
    assert games(r) == [("NS", 1)]
    # "AB at 3, YZ at 0; AB make 2 by cards while YZ hold four honours -> AB out
    # first: a treble."
    r = play(["NS 9", "NS 8 H:EW4"], "laws1864")
    assert games(r) == [("NS", 3)]


def test_public_example_laws1864_revoke():
    # "Revoke: claimants at 2, opponents at 0; claimants add 3 -> 5: a treble,
    # whatever the opponents took in tricks and honours."
    r = play(["NS 8", "EW 13 H:EW4 R:EW"], "laws1864")
    assert games(r) == [("NS", 3)]
    assert {e.rule for e in entries(r, 2) if e.column in ("tricks", "honours")} == {"precedence"}


def test_public_example_american_seven_three():
    # "American: a game won 7-3 is worth 4."
    r = play(["EW 9", "NS 13"], "american")
    assert games(r) == [("NS", 4)]


# -- the two places the seed and the 1864 Laws differ -----------------------------------

def test_three_honours_score_three_in_seed_two_in_laws():
    assert score(play(["EW 7 H:NS3"])) == (3, 1)
    assert score(play(["EW 7 H:NS3"], "laws1864")) == (2, 1)


def test_honours_without_a_trick_win_under_laws_not_under_seed():
    # NS at 3, EW take the odd trick, NS hold three honours.
    assert games(play(["NS 9", "EW 7 H:NS3"], "laws1864")) == [("NS", 2)]   # 3+2 = 5
    r = play(["NS 9", "EW 7 H:NS3"])
    assert games(r) == [] and score(r) == (4, 1)


def test_honours_bar_none_lets_honours_win():
    r = play(["NS 9", "EW 7 H:NS3"], honours_bar="none")
    assert games(r) == [("NS", 2)]


def test_at_four_bar_uses_the_score_before_the_deal():
    # laws1864: NS at 4 before the deal score no honours even after a revoke
    # took them down; EW at 2 score theirs.
    r = play(["NS 10", "EW 7 H:NS4 R:NS"], "laws1864")   # add: EW +3, +1 = 4; NS at 4
    assert score(r) == (4, 4)
    assert [e.rule for e in entries(r, 2, "honours")] == ["honours_at_four"]


def test_honours_of_a_revoking_side_stop_below_target():
    r = play(["NS 9", "NS 7 H:NS4 R:NS/add"])    # EW +3; NS 3+1 = 4, honours stop
    assert score(r) == (4, 3)
    assert [e.rule for e in entries(r, 2, "honours")] == ["revoke_bar"]


def test_revoke_penalty_can_end_the_game_before_tricks():
    # english transfer: EW revoke at 2 - NS at 3; NS +3 = 6 >= 5 first; EW's 2
    # - 3 -> 0: treble.
    r = play(["NS 9", "EW 8", "EW 11 R:EW/transfer"])
    assert games(r) == [("NS", 3)]


def test_seven_minus_uses_the_target():
    r = play(["EW 8", "NS 13"], "american", target=10)   # 10 - 2
    assert games(r) == [] and score(r) == (7, 2)
    r = play(["EW 8", "NS 13", "NS 9"], "american", target=10)
    assert games(r) == [("NS", 8)]


def test_rubber_none_and_rubber_points_option():
    r = play(["NS 11", "NS 11"], rubber="none")
    assert net(r) == 6 and all(e.column != "rubber" for e in r.entries())
    r = play(["NS 11", "NS 11"], rubber=5)
    assert net(r) == 11


# -- balance for unfinished rubbers ------------------------------------------------------

def test_unfinished_rubber_counts_finished_games_only():
    # spec, Balance: "the games already finished in an unfinished rubber count
    # their game values (no rubber points)"; points below the line count nothing.
    r = play(["NS 11", "EW 9"])
    assert net(r) == 3
    r = play(["NS 11", "EW 11", "NS 10"])
    assert net(r) == 0


def test_balance_members_equal_sides_opposite():
    # rubber 1: NS 3 + 3 + 2 = 8; rubber 2 unfinished: EW won game 1 (treble 3)
    # and lead 4-0 below the line, which counts nothing: NS +5.
    r = play(["NS 11", "NS 11", "EW 11", "EW 10"])
    assert r.balance() == {"Anna": 5, "Boris": -5, "Vera": 5, "Gleb": -5}
    # EW win game 2 as well (6-0: treble): their rubber, 3 + 3 + 2 = 8: even.
    r = play(["NS 11", "NS 11", "EW 11", "EW 10", "EW 8"])
    assert games(r) == [("NS", 3), ("NS", 3), ("EW", 3), ("EW", 3)]
    assert r.balance() == {"Anna": 0, "Boris": 0, "Vera": 0, "Gleb": 0}
