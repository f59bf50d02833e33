"""Properties of any points board with valid deals and any house rules, checked with hypothesis.

A match is drawn deal by deal (each player's points within the limits, now and then a dealer the
table chose) until a total reaches the target, or for a while when it does not.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import resolve_options, step_on, to_cents
from games.money import transfers
from games.points.rules import POINTS, POINTS_MOST, PointsDeal, PointsMatch

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Gina", "Ugo")
# No example database: the suite leaves no .hypothesis directory behind.
FAST = settings(max_examples=150, deadline=None, database=None)
MAX_DEALS = 40


@st.composite
def house_rules(draw: st.DrawFn) -> dict[str, Any]:
    given = {
        "stake": draw(st.integers(0, 100_000)) / 100,
        "target": draw(st.sampled_from([100, 100, 1, 10, 50, 500, 10_000, 100_000])),
        "lowest_wins": draw(st.booleans()),
    }
    return resolve_options(POINTS.options, given)


def points(target: int) -> st.SearchStrategy[int]:
    """Points as a table writes them: mostly near the target's scale, now and then at the limits."""
    scale = max(1, min(POINTS_MOST, target // 3))
    return st.one_of(
        st.integers(-scale // 4, scale), st.sampled_from([0, POINTS_MOST, -POINTS_MOST]), st.integers(0, 30)
    )


Table = tuple[dict[str, Any], int, int, list[PointsDeal], PointsMatch]


@st.composite
def matches(draw: st.DrawFn) -> Table:
    opts = draw(house_rules())
    seats = draw(st.integers(2, 8))
    first_dealer = draw(st.integers(0, seats - 1))
    entered: list[PointsDeal] = []
    totals = [0] * seats
    while max(totals) < opts["target"] and len(entered) < MAX_DEALS:
        deal = tuple(draw(points(opts["target"])) for _ in range(seats))
        dealer = draw(st.integers(0, seats - 1)) if draw(st.integers(0, 9)) == 0 else None
        entered.append(PointsDeal(deal, dealer))
        totals = [t + p for t, p in zip(totals, deal, strict=True)]
    match = POINTS.play(opts, NAMES[:seats], first_dealer, entered)
    return opts, seats, first_dealer, entered, match


@FAST
@given(matches())
def test_the_totals_are_the_sums_of_the_points(table: Table) -> None:
    _, seats, _, entered, match = table
    running = [0] * seats
    for deal, result in zip(entered, match.deals, strict=True):
        running = [t + p for t, p in zip(running, deal.points, strict=True)]
        assert result.points == deal.points
        assert result.totals == tuple(running)
    assert match.totals == tuple(running)


@FAST
@given(matches())
def test_the_match_ends_at_the_first_deal_in_which_a_total_reaches_the_target(table: Table) -> None:
    opts, _, _, entered, match = table
    reached = [n for n, d in enumerate(match.deals, start=1) if max(d.totals) >= opts["target"]]
    if not reached:
        assert match.outcome is None
        assert match.next_dealer is not None
        return
    assert match.outcome is not None
    assert match.outcome.after_deal == reached[0] == len(entered)
    assert (match.next_dealer, match.deals[-1].next_dealer) == (None, None)


@FAST
@given(matches())
def test_the_winners_hold_the_best_total_and_everyone_else_loses(table: Table) -> None:
    opts, seats, _, _, match = table
    if match.outcome is None:
        return
    best = min(match.totals) if opts["lowest_wins"] else max(match.totals)
    assert match.outcome.winners == tuple(s for s in range(seats) if match.totals[s] == best)
    assert sorted(match.outcome.winners + match.outcome.losers) == list(range(seats))
    assert all(match.places[s] == 1 for s in match.outcome.winners)
    assert all(match.places[s] > 1 for s in match.outcome.losers)


@FAST
@given(matches())
def test_the_ranking_orders_the_totals_and_ties_share_a_place(table: Table) -> None:
    opts, seats, _, _, match = table
    ordered = [match.totals[s] for s in match.ranking]
    assert ordered == sorted(match.totals, reverse=not opts["lowest_wins"])
    assert sorted(match.ranking) == list(range(seats))
    sign = -1 if opts["lowest_wins"] else 1
    for seat in range(seats):
        ahead = [o for o in range(seats) if sign * match.totals[o] > sign * match.totals[seat]]
        assert match.places[seat] == 1 + len(ahead)
        tied = [o for o in range(seats) if match.totals[o] == match.totals[seat]]
        assert {match.places[o] for o in tied} == {match.places[seat]}


@FAST
@given(matches())
def test_each_loser_pays_the_stake_and_the_money_adds_up_to_zero(table: Table) -> None:
    opts, seats, _, _, match = table
    nets = POINTS.settle(opts, match)
    assert sum(nets) == 0
    if match.outcome is None:
        assert nets == [Decimal(0)] * seats
        return
    stake = Decimal(to_cents(Decimal(str(opts["stake"])))) / 100
    assert all(nets[s] == -stake for s in match.outcome.losers)
    shares = [nets[s] for s in match.outcome.winners]
    assert max(shares) - min(shares) <= Decimal("0.01")  # shared evenly, to the cent
    assert shares == sorted(shares, reverse=True)  # the extra cents to the first winners
    paid = transfers(dict(enumerate(nets)))
    assert len(paid) <= max(0, sum(1 for n in nets if n) - 1)
    assert all(payer in match.outcome.losers and payee in match.outcome.winners for payer, payee, _ in paid)


@FAST
@given(matches())
def test_the_deal_passes_to_the_right_unless_the_table_says_otherwise(table: Table) -> None:
    _, seats, first_dealer, entered, match = table
    expected = first_dealer
    for deal, result in zip(entered, match.deals, strict=True):
        expected = deal.dealer if deal.dealer is not None else expected
        assert result.dealer == expected
        expected = (expected + 1) % seats
        if result.next_dealer is not None:
            assert result.next_dealer == expected


@FAST
@given(matches())
def test_taking_the_match_on_deal_by_deal_gives_the_whole_replay(table: Table) -> None:
    opts, seats, first_dealer, entered, match = table
    state: Any = POINTS.replayed(opts, NAMES[:seats], first_dealer, [])
    for number, deal in enumerate(entered, start=1):
        state = step_on(state, number, deal)
    assert state.result() == match
