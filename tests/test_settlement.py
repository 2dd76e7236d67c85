"""The settlement core (spec journal.md, `settle --json`): exact, zero-sum, few transfers."""

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whistscore.errors import WhistscoreError
from whistscore.settlement import make_transfers, round_money


def zero_sum_balances(min_size=2, max_size=6):
    values = st.lists(
        st.fractions(min_value=-10_000, max_value=10_000, max_denominator=12),
        min_size=min_size - 1, max_size=max_size - 1,
    )
    return values.map(lambda vs: {f"P{i}": v for i, v in enumerate(vs + [-sum(vs)])})


stakes = st.decimals(min_value=Decimal("0"), max_value=Decimal("100"), places=3)


@settings(max_examples=300, deadline=None)
@given(zero_sum_balances(), stakes, st.integers(0, 4))
def test_money_sums_to_zero_and_is_within_one_unit(balance, stake, places):
    money = round_money(balance, stake, places)
    assert sum(money.values()) == 0
    unit = Fraction(1, 10 ** places)
    for p, b in balance.items():
        assert abs(Fraction(money[p]) - b * Fraction(stake)) < unit
        assert money[p].as_tuple().exponent == -places


@settings(max_examples=300, deadline=None)
@given(zero_sum_balances())
def test_transfers_settle_every_balance_in_at_most_n_minus_1(balance):
    transfers = make_transfers(balance)
    assert len(transfers) <= len(balance) - 1
    left = dict(balance)
    for t in transfers:
        assert t.amount > 0 and t.payer != t.payee
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    assert all(v == 0 for v in left.values())


@settings(max_examples=200, deadline=None)
@given(zero_sum_balances(), stakes)
def test_transfers_of_rounded_money_settle_it(balance, stake):
    money = round_money(balance, stake, 2)
    left = dict(money)
    for t in make_transfers(money):
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    assert all(v == 0 for v in left.values())


def test_largest_remainder_by_hand():
    # thirds of a vist at 0.10: 10/3 -> 0.333.., -20/3 -> -0.666.., 10/3 -> 0.333..
    balance = {"A": Fraction(10, 3), "B": Fraction(-20, 3), "C": Fraction(10, 3)}
    money = round_money(balance, Decimal("0.10"))
    # exact cents 33.3, -66.7, 33.3 -> floors 33, -67, 33 leave one cent: to the
    # largest remainder, A and C tie (0.333) -> the earlier seat, A.
    assert money == {"A": Decimal("0.34"), "B": Decimal("-0.67"), "C": Decimal("0.33")}


def test_journal_example_transfers():
    # spec journal.md: Anna 0.80, Boris 1.20, Vera -2.00
    money = {"Anna": Decimal("0.80"), "Boris": Decimal("1.20"), "Vera": Decimal("-2.00")}
    ts = [t.to_json() for t in make_transfers(money)]
    assert ts == [{"from": "Vera", "to": "Boris", "amount": "1.20"},
                  {"from": "Vera", "to": "Anna", "amount": "0.80"}]


def test_non_zero_sum_is_refused():
    with pytest.raises(WhistscoreError):
        round_money({"A": 1, "B": 0}, Decimal(1))
    with pytest.raises(WhistscoreError):
        make_transfers({"A": 1, "B": 0})


def test_zero_money_has_no_minus_sign():
    money = round_money({"A": Fraction(-1, 1000), "B": Fraction(1, 1000)}, Decimal("1"))
    assert {str(v) for v in money.values()} <= {"0.00", "-0.00", "0.01", "-0.01"}
    assert "-0.00" not in {str(v) for v in money.values()}


def _round_money_by_fractions(balance, stake, places):
    """The largest-remainder rule worked per player in Fractions, as it reads."""
    import math
    scale = 10 ** places
    exact = {p: Fraction(b) * Fraction(stake) * scale for p, b in balance.items()}
    floors = {p: math.floor(v) for p, v in exact.items()}
    left = -sum(floors.values())
    for p in sorted(exact, key=lambda p: -(exact[p] - floors[p]))[:left]:
        floors[p] += 1
    quantum = Decimal(1).scaleb(-places)
    return {p: (Decimal(floors[p]) / scale).quantize(quantum) + 0 for p in balance}


@settings(max_examples=500, deadline=None)
@given(zero_sum_balances(), stakes, st.integers(0, 4))
def test_money_is_the_largest_remainder_rule_in_fractions(balance, stake, places):
    # round_money works over one common denominator in whole numbers; the same money,
    # to the digit, as the rule worked per player in Fractions (ties to the earlier seat)
    money = round_money(balance, stake, places)
    expected = _round_money_by_fractions(balance, stake, places)
    assert [(p, str(m)) for p, m in money.items()] == [(p, str(m)) for p, m in expected.items()]


@settings(max_examples=300, deadline=None)
@given(zero_sum_balances(max_size=5).map(
    lambda b: {p: Fraction(round(v)) for p, v in list(b.items())[:-1]}).map(
    lambda b: {**b, "Z": -sum(b.values())}))
def test_transfers_pick_the_earlier_seat_on_equal_amounts(balance):
    # many equal amounts: the largest debtor pays the largest creditor, ties to the seat
    left = {p: v for p, v in balance.items() if v}
    seat = {p: i for i, p in enumerate(balance)}
    expected = []
    while left:
        debtor = min(left, key=lambda p: (left[p], seat[p]))
        creditor = max(left, key=lambda p: (left[p], -seat[p]))
        paid = min(-left[debtor], left[creditor])
        expected.append((debtor, creditor, paid))
        for p, change in ((debtor, paid), (creditor, -paid)):
            left[p] += change
            if left[p] == 0:
                del left[p]
    assert [(t.payer, t.payee, t.amount) for t in make_transfers(balance)] == expected


def test_shared_fractions_are_fractions_and_bounded():
    from whistscore.ledger import Shared
    shared = Shared()
    assert shared[3] == Fraction(3) and type(shared[3]) is Fraction
    assert shared[3] is shared[3]
    assert shared[-7, 3] == Fraction(-7, 3) and shared[6, 3] == 2
    assert shared[Fraction(1, 2)] == Fraction(1, 2)
    for v in range(Shared.LIMIT + 5):
        assert shared[v] == v
    assert len(shared) <= Shared.LIMIT
