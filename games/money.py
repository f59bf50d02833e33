"""Settling an evening: each player's balance over every match, and who pays whom.

Money is exact: whole cents (``int``) inside, ``Decimal`` outside, never a float.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from decimal import Decimal
from typing import TypeVar

from .core import split_evenly, to_cents

Who = TypeVar("Who", bound=Hashable)


def whist_nets(payer: int, amount: Decimal, stake_basis: str, seats: int = 4) -> list[Decimal]:
    """Each player's money after a rubber: partners sit opposite (pair = seat % 2).

    Per pair, the losing pair's payment is shared by the two partners, and so is the winners'
    receipt; an odd cent goes to the first player of the pair in seating order. Per player,
    each loser pays ``amount`` to the winner on their right.
    """
    cents = to_cents(amount)
    nets = [0] * seats
    losers = [s for s in range(seats) if s % 2 == payer]
    winners = [s for s in range(seats) if s % 2 != payer]
    if stake_basis == "player":
        for seat in losers:
            nets[seat] -= cents
        for seat in winners:
            nets[seat] += cents
    else:
        for seat, share in zip(losers, split_evenly(cents, len(losers)), strict=True):
            nets[seat] -= share
        for seat, share in zip(winners, split_evenly(cents, len(winners)), strict=True):
            nets[seat] += share
    return [Decimal(n) / 100 for n in nets]


def transfers(balances: Mapping[Who, Decimal]) -> list[tuple[Who, Who, Decimal]]:
    """Who pays whom, in few transfers: never more than the players with a balance, less one.

    Debts that match a credit exactly are paid first (one transfer settles two players); the
    rest goes largest debt to largest credit. The balances must add up to zero.
    """
    cents = {who: to_cents(amount) for who, amount in balances.items() if to_cents(amount)}
    if sum(cents.values()) != 0:
        raise ValueError("the balances do not add up to zero")
    owed: list[tuple[Who, Who, int]] = []
    debtors = [who for who in cents if cents[who] < 0]
    for debtor in debtors:
        match = next((c for c in cents if cents[c] == -cents[debtor] and c != debtor), None)
        if match is not None and cents[debtor] < 0:
            owed.append((debtor, match, cents[match]))
            cents[debtor] = cents[match] = 0
    while any(cents.values()):
        debtor = min(cents, key=lambda who: cents[who])
        creditor = max(cents, key=lambda who: cents[who])
        paid = min(-cents[debtor], cents[creditor])
        owed.append((debtor, creditor, paid))
        cents[debtor] += paid
        cents[creditor] -= paid
    return [(debtor, creditor, Decimal(paid) / 100) for debtor, creditor, paid in owed]


def add_up(nets: Sequence[Mapping[Who, Decimal]]) -> dict[Who, Decimal]:
    """Each player's balance over several matches."""
    total: dict[Who, Decimal] = {}
    for match in nets:
        for who, amount in match.items():
            total[who] = total.get(who, Decimal(0)) + amount
    return total
