"""Settling an evening: balances, the fewest transfers, Whist's money per player (seed 004, AMB-30)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.money import add_up, transfers, whist_nets

D = Decimal


@st.composite
def balances(draw: st.DrawFn) -> dict[str, Decimal]:
    """Random balances in cents for 2 to 10 players, adding up to zero."""
    count = draw(st.integers(min_value=2, max_value=10))
    cents = draw(
        st.lists(st.integers(min_value=-50_000, max_value=50_000), min_size=count - 1, max_size=count - 1)
    )
    cents.append(-sum(cents))
    return {f"P{i}": D(c) / 100 for i, c in enumerate(cents)}


@settings(max_examples=300, deadline=None)
@given(balances())
def test_the_transfers_settle_every_player_to_the_cent_in_fewer_transfers_than_players(
    owed: dict[str, Decimal],
) -> None:
    proposed = transfers(owed)
    after = dict(owed)
    for payer, payee, amount in proposed:
        assert amount > 0
        assert amount == amount.quantize(D("0.01"))
        after[payer] += amount
        after[payee] -= amount
    assert all(amount == 0 for amount in after.values())
    with_balance = sum(1 for amount in owed.values() if amount)
    assert len(proposed) <= max(with_balance - 1, 0)


def test_a_debt_that_matches_a_credit_is_paid_in_one_transfer() -> None:
    owed = {"Anna": D("-5"), "Bruno": D("2"), "Carla": D("-2"), "Dario": D("5")}
    assert transfers(owed) == [("Anna", "Dario", D("5")), ("Carla", "Bruno", D("2"))]


def test_one_loser_pays_each_winner_their_share() -> None:
    owed = {"Anna": D("-3"), "Bruno": D("1.5"), "Carla": D("1.5"), "Dario": D("0")}
    assert transfers(owed) == [("Anna", "Bruno", D("1.5")), ("Anna", "Carla", D("1.5"))]


def test_nobody_owes_anything_when_every_balance_is_zero() -> None:
    assert transfers({"Anna": D(0), "Bruno": D(0)}) == []


def test_balances_that_do_not_add_up_are_refused() -> None:
    with pytest.raises(ValueError, match="do not add up"):
        transfers({"Anna": D("-1"), "Bruno": D("2")})


def test_the_matches_of_an_evening_add_up_per_player() -> None:
    assert add_up([{"Anna": D("1.5"), "Bruno": D("-1.5")}, {"Anna": D("-4"), "Carla": D("4")}]) == {
        "Anna": D("-2.5"),
        "Bruno": D("-1.5"),
        "Carla": D("4"),
    }


def test_per_pair_the_partners_share_the_payment_the_odd_cent_to_the_first_in_seating_order() -> None:
    # Pair 1 (seats 1 and 3) pays 3.01 to pair 0 (seats 0 and 2).
    assert whist_nets(1, D("3.01"), "pair") == [D("1.51"), D("-1.51"), D("1.50"), D("-1.50")]


def test_per_player_each_loser_pays_the_amount_to_a_winner() -> None:
    assert whist_nets(0, D("2"), "player") == [D("-2"), D("2"), D("-2"), D("2")]
