"""The points board's rules and house options (docs/rules.md, "Points board"), through the engine itself.

Worked examples first, each worked out by hand: the golden data of a game with no seed.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from games.core import Refused, Steps, resolve_options, step_on
from games.points.rules import POINTS, PointsDeal, PointsMatch, PointsStart

PLAYERS = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Gina", "Ugo")


def options(**given: Any) -> dict[str, Any]:
    return resolve_options(POINTS.options, given)


def deals(*points: tuple[int, ...]) -> list[PointsDeal]:
    return [PointsDeal(p) for p in points]


def play(
    entered: list[PointsDeal],
    *,
    players: int = 3,
    first_dealer: int = 0,
    start: PointsStart | None = None,
    **given: Any,
) -> PointsMatch:
    return POINTS.play(options(**given), PLAYERS[:players], first_dealer, entered, start)


def refusal(entered: list[PointsDeal], **kwargs: Any) -> list[tuple[str, str | None, str | None]]:
    with pytest.raises(Refused) as refused:
        play(entered, **kwargs)
    return [(str(p), p.player, p.field) for p in refused.value.problems]


def names(seats: tuple[int, ...]) -> list[str]:
    return [PLAYERS[seat] for seat in seats]


def money(match: PointsMatch, **given: Any) -> list[Decimal]:
    return POINTS.settle(options(**given), match)


# -- worked examples ---------------------------------------------------------------------------------

# Three players to 100: Anna passes it in deal 3 and wins alone.
TO_100 = deals((30, 20, 10), (40, 50, -5), (35, 10, 20))
# The lowest total wins (as in Hearts), four players: Anna's 103 ends it, Bruno and Dario tie on 5.
HEARTS = deals((13, 5, 8, 0), (20, 0, 6, 0), (70, 0, 0, 5))


def test_the_highest_total_wins_once_a_total_reaches_the_target() -> None:
    match = play(TO_100)
    assert [d.totals for d in match.deals] == [(30, 20, 10), (70, 70, 5), (105, 80, 25)]
    assert match.outcome is not None
    assert (match.outcome.reason, match.outcome.after_deal) == ("target", 3)
    assert (names(match.outcome.winners), names(match.outcome.losers)) == (["Anna"], ["Bruno", "Carla"])
    assert (names(match.ranking), match.places) == (["Anna", "Bruno", "Carla"], (1, 2, 3))


def test_the_losers_each_pay_the_stake_to_the_winner() -> None:
    assert money(play(TO_100), stake=1.5) == [Decimal("3"), Decimal("-1.5"), Decimal("-1.5")]


def test_with_lowest_wins_the_lowest_total_wins_and_a_tie_shares_first_place() -> None:
    match = play(HEARTS, players=4, lowest_wins=True)
    assert match.totals == (103, 5, 14, 5)
    assert match.outcome is not None
    assert match.outcome.after_deal == 3
    assert (names(match.outcome.winners), names(match.outcome.losers)) == (
        ["Bruno", "Dario"],
        ["Anna", "Carla"],
    )
    assert names(match.ranking) == ["Bruno", "Dario", "Carla", "Anna"]
    assert match.places == (4, 1, 3, 1)  # two share first, so nobody is second


def test_tied_winners_share_what_the_losers_pay() -> None:
    match = play(HEARTS, players=4, lowest_wins=True)
    assert money(match, lowest_wins=True, stake=0.25) == [
        Decimal("-0.25"),
        Decimal("0.25"),
        Decimal("-0.25"),
        Decimal("0.25"),
    ]


def test_the_cents_that_do_not_divide_go_to_the_first_winners_in_seating_order() -> None:
    # Five players: Anna and Bruno pay 0.10 each, shared by three winners tied on 0.
    match = play(deals((60, 60, 0, 0, 0)), players=5, target=50, lowest_wins=True)
    assert match.outcome is not None
    assert names(match.outcome.winners) == ["Carla", "Dario", "Elena"]
    nets = money(match, stake=0.1)
    assert nets == [Decimal("-0.1"), Decimal("-0.1"), Decimal("0.07"), Decimal("0.07"), Decimal("0.06")]
    assert sum(nets) == 0


def test_reaching_the_target_exactly_ends_the_match() -> None:
    match = play(deals((49, 0), (1, 0)), players=2, target=50)
    assert match.outcome is not None
    assert (match.outcome.after_deal, match.totals) == (2, (50, 0))
    in_progress = play(deals((49, 0)), players=2, target=50)
    assert (in_progress.outcome, in_progress.next_dealer) == (None, 1)


def test_with_lowest_wins_the_match_still_ends_when_a_total_reaches_the_target() -> None:
    # Nobody's low total ends anything: only someone reaching the target does.
    match = play(deals((-500, 10, 20), (0, 10, 80)), lowest_wins=True)
    assert match.outcome is not None
    assert (match.outcome.after_deal, names(match.outcome.winners)) == (2, ["Anna"])
    assert play(deals((-500, 10, 20)), lowest_wins=True).outcome is None


def test_points_may_be_negative_and_totals_go_below_zero() -> None:
    match = play(deals((-20, 5, 0), (-30, 0, 0)), target=10)
    assert match.totals == (-50, 5, 0)
    assert match.outcome is None
    assert names(match.ranking) == ["Bruno", "Carla", "Anna"]


def test_when_everyone_ties_everyone_wins_and_nobody_pays() -> None:
    match = play(deals((10, 10)), players=2, target=10)
    assert match.outcome is not None
    assert (names(match.outcome.winners), match.outcome.losers, match.places) == (
        ["Anna", "Bruno"],
        (),
        (1, 1),
    )
    assert money(match, stake=5) == [Decimal(0), Decimal(0)]


def test_nothing_is_paid_while_the_match_is_in_progress() -> None:
    match = play(deals((30, 20, 10)))
    assert match.outcome is None
    assert money(match, stake=2) == [Decimal(0)] * 3


# -- who deals ---------------------------------------------------------------------------------------


def test_the_deal_passes_to_the_right_from_the_first_dealer() -> None:
    match = play(deals((1, 1, 1), (1, 1, 1), (1, 1, 1), (1, 1, 1)), first_dealer=1)
    assert [(d.dealer, d.next_dealer) for d in match.deals] == [(1, 2), (2, 0), (0, 1), (1, 2)]
    assert match.next_dealer == 2


def test_a_dealer_the_table_chose_is_followed_on_from() -> None:
    entered = [PointsDeal((1, 1, 1, 1)), PointsDeal((1, 1, 1, 1), dealer=3), PointsDeal((1, 1, 1, 1))]
    match = play(entered, players=4)
    assert [d.dealer for d in match.deals] == [0, 3, 0]


def test_nobody_deals_next_once_the_match_is_over() -> None:
    match = play(TO_100)
    assert (match.deals[-1].next_dealer, match.next_dealer) == (None, None)


# -- a paper sheet carried over ----------------------------------------------------------------------


def test_a_start_carries_the_totals_of_a_paper_sheet_on() -> None:
    match = play(deals((10, 0, 0)), start=PointsStart((90, 40, -5)))
    assert match.totals == (100, 40, -5)
    assert match.outcome is not None
    assert match.outcome.after_deal == 1


def test_a_start_that_already_reached_the_target_is_refused() -> None:
    assert refusal([], start=PointsStart((100, 0, 0))) == [
        ("the start has already ended the match", None, "start")
    ]


def test_a_total_carried_over_beyond_the_limit_is_refused_naming_the_player() -> None:
    assert refusal([], start=PointsStart((0, -100_001, 0))) == [
        ("Bruno's total carried over is -100001: from -100000 to 100000", "Bruno", "start")
    ]


# -- what is refused ----------------------------------------------------------------------------------


@pytest.mark.parametrize("points", [10_000, -10_000, 0])
def test_a_deal_may_give_up_to_ten_thousand_points_either_way(points: int) -> None:
    assert play(deals((points, 0, 0)), target=100_000).totals == (points, 0, 0)


@pytest.mark.parametrize("points", [10_001, -10_001, 10**12])
def test_points_beyond_the_limit_are_refused_naming_the_deal_and_the_player(points: int) -> None:
    assert refusal(deals((0, 0, 0), (1, points, 2))) == [
        (f"deal 2: Bruno cannot score {points} points in a deal: from -10000 to 10000", "Bruno", "points")
    ]


def test_every_player_beyond_the_limit_is_named() -> None:
    found = refusal(deals((20_000, 0, -20_000)))
    assert [(player, field) for _, player, field in found] == [("Anna", "points"), ("Carla", "points")]


def test_a_deal_with_points_for_too_few_players_is_refused() -> None:
    assert refusal(deals((1, 2))) == [
        ("deal 1: a deal gives points to each of the 3 players, not to 2", None, "points")
    ]


def test_a_deal_after_the_end_of_the_match_is_refused() -> None:
    assert refusal([*TO_100, PointsDeal((1, 1, 1))]) == [("deal 4: the match ended after deal 3", None, None)]


def test_a_refused_deal_is_reported_once_and_the_later_deals_are_still_checked() -> None:
    entered = deals((99_999, 0, 0), (1, 1, 1), (0, 0, -99_999))
    assert [text for text, _, _ in refusal(entered)] == [
        "deal 1: Anna cannot score 99999 points in a deal: from -10000 to 10000",
        "deal 3: Carla cannot score -99999 points in a deal: from -10000 to 10000",
    ]


@pytest.mark.parametrize(
    ("count", "text"),
    [(1, "a points board has 2 to 8 players, not 1"), (9, "a points board has 2 to 8 players, not 9")],
)
def test_a_table_of_the_wrong_size_is_refused(count: int, text: str) -> None:
    problem = POINTS.check_players(count, options())
    assert problem is not None
    assert (problem.text, problem.field) == (text, "players")


@pytest.mark.parametrize("count", range(2, 9))
def test_two_to_eight_players_may_sit(count: int) -> None:
    assert POINTS.check_players(count, options()) is None
    assert play([PointsDeal((5,) * count)], players=count).totals == (5,) * count


# -- house rules and their limits ----------------------------------------------------------------------


def test_the_house_rules_and_their_defaults() -> None:
    assert options() == {"stake": 0, "target": 100, "lowest_wins": False}
    target = next(option for option in POINTS.options if option.key == "target")
    assert target.ask  # the length of the match is asked when it is created


@pytest.mark.parametrize(
    ("given", "text"),
    [
        ({"target": 0}, "the target is a whole number of points from 1 to 100000"),
        ({"target": 100_001}, "the target is at most 100000 points"),
        ({"target": 12.5}, "the target is a whole number of points from 1 to 100000"),
        ({"target": 100.0}, "the target is a whole number of points from 1 to 100000"),
        ({"target": "100"}, "the target is a whole number of points from 1 to 100000"),
        ({"target": None}, "the target is a whole number of points from 1 to 100000"),
        ({"stake": 1000.01}, "the stake is at most 1000"),
        ({"stake": 0.005}, "the stake is a sum from 0 to 1000, with at most two decimals"),
        ({"stake": -1}, "the stake is a sum from 0 to 1000, with at most two decimals"),
        ({"lowest_wins": "yes"}, 'option lowest_wins cannot be "yes"'),
        ({"lowest_wins": 1}, "option lowest_wins cannot be 1"),
        ({"threshold": 10}, "unknown option threshold"),
    ],
)
def test_a_house_rule_beyond_its_limits_is_refused_in_the_players_words(
    given: dict[str, Any], text: str
) -> None:
    with pytest.raises(Refused) as refused:
        options(**given)
    assert [(p.text, p.field) for p in refused.value.problems] == [(text, next(iter(given)))]


@pytest.mark.parametrize(
    "given",
    [{"target": 1}, {"target": 100_000}, {"stake": 1000}, {"stake": Decimal("0.01")}, {"lowest_wins": True}],
)
def test_a_house_rule_at_its_limits_is_taken(given: dict[str, Any]) -> None:
    assert options(**given) == {**options(), **given}


def test_a_target_of_one_ends_the_match_at_the_first_point() -> None:
    match = play(deals((0, 0, 0), (0, 1, 0)), target=1)
    assert match.outcome is not None
    assert (match.outcome.after_deal, names(match.outcome.winners)) == (2, ["Bruno"])


# -- the running state ---------------------------------------------------------------------------------


def test_a_match_taken_on_deal_by_deal_is_the_match_replayed_whole() -> None:
    state: Steps = POINTS.replayed(options(), PLAYERS[:3], 0, [])
    for number, deal in enumerate(TO_100, start=1):
        before = state.result()
        state = step_on(state, number, deal)
        assert len(before.deals) == number - 1  # the state it came from stays as it was
    assert state.result() == play(TO_100)
