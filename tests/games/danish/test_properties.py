"""Properties of Danish whist over random games (spec danish.md: "Every deal sums to zero")."""

from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gen_danish import deal_object, game_files, players as player_names
from whistscore import journal
from whistscore.games.danish import GAME
from whistscore.games.danish.rules import NEGATIVES
from whistscore.replay import replay
from whistscore.settlement import settle

SETTINGS = settings(max_examples=120, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def reference_balance(data: dict) -> dict[str, Fraction]:
    """The spec's formulas written out again, independently of the module."""
    names = data["players"]
    r = {"base": 10, "attachment_factor": 2, "overtricks": "per-bid", "failed_factor": 2,
         "alone_factor": 3, "nolo_values": dict(zip(NEGATIVES, (50, 100, 150, 200))),
         "nolo_failed_factor": 2}
    r.update({k: v for k, v in data["rules"].items() if k != "preset"})
    total = {p: Fraction(0) for p in names}
    dealer = names[0]
    for deal in data["deals"]:
        dealer = deal.get("dealer", dealer)
        players = [p for p in names if not (len(names) == 5 and p == dealer)]
        d, bid, tricks = deal["declarer"], deal["bid"], deal["tricks"]
        if isinstance(bid, str):
            v = r["nolo_values"][bid]
            want = 1 if "solo" in bid else 0
            each = -v if tricks == want else v * r["nolo_failed_factor"]
            for p in players:
                total[p] += -3 * each if p == d else each
        else:
            value = r["base"] * 2 ** (bid - 7) * (r["attachment_factor"] if deal.get("attachment") else 1)
            if tricks >= bid:
                a = value * ((1 + tricks - bid) if r["overtricks"] == "per-bid" else 1)
            else:
                a = -value * r["failed_factor"] * (bid - tricks)
            partner = deal["partner"]
            if partner in (None, d):
                for p in players:
                    total[p] += r["alone_factor"] * a if p == d else -Fraction(r["alone_factor"] * a, 3)
            else:
                for p in players:
                    total[p] += a if p in (d, partner) else -a
        dealer = names[(names.index(dealer) + 1) % len(names)]
    return total


@SETTINGS
@given(game_files())
def test_random_games_sum_to_zero_and_match_the_spec_formulas(data):
    game = journal.from_json(data)
    result = replay(game)
    balance = result.balance()
    assert sum(balance.values()) == 0
    assert balance == reference_balance(data)
    for deal in result.results:  # every single deal sums to zero too
        assert sum(e.amount for e in deal.entries) == 0
        assert len(deal.entries) == 4  # the four players holding cards
    settle(result)  # money and transfers work on every random game


@SETTINGS
@given(game_files())
def test_random_games_save_and_load_back_equal(data):
    game = journal.from_json(data)
    again = journal.loads(journal.dumps(game))
    assert again.deals == game.deals
    assert again.rules.values == game.rules.values


@st.composite
def deal_and_players(draw):
    names = draw(player_names())
    dealer = draw(st.sampled_from(names))
    obj = draw(deal_object(names, dealer))
    return tuple(names), GAME.deal_from_json(obj, tuple(names), None)


@settings(max_examples=400, deadline=None)
@given(deal_and_players())
def test_notation_round_trips_for_every_legal_deal(case):
    names, deal = case
    text = GAME.format_notation(deal, names, None)
    assert "\n" not in text
    assert GAME.parse_notation(text, names, None) == deal


@settings(max_examples=200, deadline=None)
@given(deal_and_players())
def test_json_round_trips_for_every_legal_deal(case):
    names, deal = case
    assert GAME.deal_from_json(GAME.deal_to_json(deal), names, None) == deal
