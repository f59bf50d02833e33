"""Each Busca rule and each house-rule option of docs/format.md, one test apiece.

Seats are Anna, Bruno, Carla, Dario in playing order; Anna deals first unless a test says
otherwise. Totals near a limit come from a ``start``, as a table carrying over a paper sheet.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from games.busca.rules import VARIANTS, BuscaDeal, BuscaMatch, BuscaStart, Outcome, Penalty, table_busche
from games.core import Refused, resolve_options

PLAYERS = ("Anna", "Bruno", "Carla", "Dario")
ANNA, BRUNO, CARLA, DARIO = range(4)
ALL = (True, True, True, True)
# A quiet deal in which Anna alone takes busche: 1 in every variant.
ANNA_TOP = {"busca-000": (18, 12, 6, 4), "busca-001": (18, 12, 6, 4), "busca-003": (14, 10, 8, 3)}
BRUNO_TOP = {"busca-000": (12, 18, 6, 4), "busca-001": (12, 18, 6, 4), "busca-003": (10, 14, 8, 3)}


def opts(game: str, **given: Any) -> dict[str, Any]:
    return resolve_options(VARIANTS[game].options, given)


def play(
    game: str, *deals: BuscaDeal, first_dealer: int = ANNA, start: BuscaStart | None = None, **given: Any
) -> BuscaMatch:
    return VARIANTS[game].play(opts(game, **given), PLAYERS, first_dealer, deals, start)


def deal(*points: int, covered: tuple[bool | None, ...] | None = None, **more: Any) -> BuscaDeal:
    return BuscaDeal(points=points, covered=covered, **more)


def busche(game: str, *points: int, covered: tuple[bool, ...] | None = None, **given: Any) -> list[int]:
    (result,) = play(game, deal(*points, covered=covered), **given).deals
    return list(result.busche)


def started(game: str, *totals: int, deals: int = 0, **given: Any) -> BuscaMatch:
    """A match carried over with these totals, then one quiet deal that Anna loses."""
    return play(game, deal(*ANNA_TOP[game]), start=BuscaStart(totals, deals), **given)


def names(seats: tuple[int, ...]) -> list[str]:
    return [PLAYERS[s] for s in seats]


# -- the busche table (000 and 001) -------------------------------------------------------


TABLE = [
    pytest.param((18, 12, 6, 4), 1, id="18-takes-1"),
    pytest.param((19, 11, 6, 4), 2, id="19-takes-2"),
    pytest.param((22, 9, 5, 4), 2, id="22-takes-2"),
    pytest.param((23, 9, 5, 3), 3, id="23-takes-3"),
    pytest.param((37, 1, 1, 1), 17, id="37-takes-17"),
]


@pytest.mark.parametrize(("points", "taken"), [*TABLE, pytest.param((40, 0, 0, 0), 20, id="40-takes-20")])
def test_in_000_the_top_scorer_takes_busche_by_the_table(points: tuple[int, ...], taken: int) -> None:
    assert busche("busca-000", *points, covered=ALL) == [taken, 0, 0, 0]


@pytest.mark.parametrize(("points", "taken"), TABLE)
def test_in_001_the_top_scorer_takes_busche_by_the_same_table(points: tuple[int, ...], taken: int) -> None:
    assert busche("busca-001", *points) == [taken, 0, 0, 0]


def test_the_table_gives_1_up_to_18_2_from_19_to_22_then_points_minus_20() -> None:
    assert [table_busche(p) for p in range(10, 41)] == [1] * 9 + [2] * 4 + list(range(3, 21))


def test_in_000_a_pointless_trick_is_a_cover() -> None:
    assert busche("busca-000", 40, 0, 0, 0, covered=ALL) == [20, 0, 0, 0]


# -- ties at the top ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "plain", "multiplied"),
    [
        ((15, 15, 6, 4), [1, 1, 0, 0], [2, 2, 0, 0]),
        ((19, 19, 1, 1), [2, 2, 0, 0], [4, 4, 0, 0]),
        ((13, 13, 13, 1), [1, 1, 1, 0], [3, 3, 3, 0]),
        ((10, 10, 10, 10), [1, 1, 1, 1], [4, 4, 4, 4]),
    ],
)
def test_in_000_a_tie_at_the_top_takes_the_table_value_each_or_times_the_number_tied(
    points: tuple[int, ...], plain: list[int], multiplied: list[int]
) -> None:
    assert busche("busca-000", *points) == plain
    assert busche("busca-000", *points, tie_multiplier=True) == multiplied


def test_in_001_a_tie_at_the_top_takes_the_table_value_times_the_number_tied() -> None:
    assert busche("busca-001", 18, 18, 2, 2) == [2, 2, 0, 0]
    assert busche("busca-001", 20, 20, 0, 0, covered=ALL, cover_requires_point=False) == [4, 4, 0, 0]


# -- not covering ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "covered", "expected"),
    [
        ((20, 12, 8, 0), (True, True, True, False), [0, 0, 0, 2]),
        ((25, 15, 0, 0), (True, True, False, False), [0, 0, 4, 4]),
        ((40, 0, 0, 0), (True, False, False, False), [0, 8, 8, 8]),
    ],
)
def test_in_000_non_coverers_take_2_4_or_8_each_and_the_top_scorer_nothing(
    points: tuple[int, ...], covered: tuple[bool, ...], expected: list[int]
) -> None:
    assert busche("busca-000", *points, covered=covered) == expected


def test_in_000_a_non_cover_can_be_entered_without_the_points() -> None:
    assert busche_without_points("busca-000", (True, False, True, True)) == [0, 2, 0, 0]


def busche_without_points(game: str, covered: tuple[bool, ...], **given: Any) -> list[int]:
    (result,) = play(game, BuscaDeal(points=None, covered=covered), **given).deals
    return list(result.busche)


@pytest.mark.parametrize(
    ("points", "covered", "tie_multiplier", "expected"),
    [
        ((20, 12, 8, 0), (True, True, True, False), False, [2, 0, 0, 2]),
        ((15, 15, 10, 0), (True, True, True, False), False, [1, 1, 0, 2]),
        ((15, 15, 10, 0), (True, True, True, False), True, [2, 2, 0, 2]),
        ((25, 15, 0, 0), (True, True, False, False), False, [5, 0, 4, 4]),
    ],
)
def test_in_000_the_top_scorer_also_takes_the_table_on_a_non_cover_with_the_house_rule(
    points: tuple[int, ...], covered: tuple[bool, ...], tie_multiplier: bool, expected: list[int]
) -> None:
    given = {"top_also_scores_when_non_cover": True, "tie_multiplier": tie_multiplier}
    assert busche("busca-000", *points, covered=covered, **given) == expected


@pytest.mark.parametrize(
    ("points", "covered", "expected"),
    [
        ((20, 10, 5, 0), (True, True, True, False), [1, 0, 0, 1]),
        # Only ties for the top count here: the 9s below the 17 mark nothing.
        ((17, 9, 9, 0), (True, True, True, False), [1, 0, 0, 1]),
        ((15, 15, 5, 0), (True, True, True, False), [4, 4, 0, 1]),
    ],
)
def test_in_003_the_top_scorer_also_marks_on_a_non_cover_with_the_house_rule(
    points: tuple[int, ...], covered: tuple[bool, ...], expected: list[int]
) -> None:
    assert busche("busca-003", *points, covered=covered, top_also_scores_when_non_cover=True) == expected


@pytest.mark.parametrize("game", ["busca-000", "busca-003"])
def test_without_the_house_rule_the_top_scorer_takes_nothing_on_a_non_cover(game: str) -> None:
    points = (20, 12, 8, 0) if game == "busca-000" else (17, 9, 9, 0)
    taken = busche(game, *points, covered=(True, True, True, False))
    assert taken[:3] == [0, 0, 0]


@pytest.mark.parametrize(
    ("rule", "points", "expected"),
    [
        ("one_times_n", (30, 7, 3, 0), [0, 0, 0, 1]),
        ("one_times_n", (20, 20, 0, 0), [0, 0, 2, 2]),
        ("one_times_n", (40, 0, 0, 0), [0, 3, 3, 3]),
        ("top_table", (30, 7, 3, 0), [0, 0, 0, 10]),
        ("top_table", (20, 20, 0, 0), [0, 0, 2, 2]),
        ("top_table", (40, 0, 0, 0), [0, 20, 20, 20]),
        ("schedule_000", (30, 7, 3, 0), [0, 0, 0, 2]),
        ("schedule_000", (20, 20, 0, 0), [0, 0, 4, 4]),
        ("schedule_000", (40, 0, 0, 0), [0, 8, 8, 8]),
    ],
)
def test_in_001_non_coverers_take_busche_by_the_non_cover_rule(
    rule: str, points: tuple[int, ...], expected: list[int]
) -> None:
    assert busche("busca-001", *points, non_cover_rule=rule) == expected


def test_in_001_non_coverers_are_the_players_with_no_point() -> None:
    (result,) = play("busca-001", deal(30, 7, 3, 0)).deals
    assert result.covered == (True, True, True, False)


def test_in_001_the_last_trick_alone_is_a_cover() -> None:
    (result,) = play("busca-001", deal(30, 4, 3, 0, last_trick=DARIO)).deals
    assert result.points == (30, 4, 3, 3)
    assert result.covered == ALL
    assert list(result.busche) == [10, 0, 0, 0]


def test_in_001_one_times_n_needs_no_points() -> None:
    assert busche_without_points("busca-001", (True, True, False, False)) == [0, 0, 2, 2]


def test_in_003_each_player_without_a_trick_marks_one_and_nobody_else_marks() -> None:
    assert busche("busca-003", 20, 15, 0, 0, covered=(True, True, False, False)) == [0, 0, 1, 1]
    assert busche("busca-003", 35, 0, 0, 0, covered=(True, False, False, False)) == [0, 1, 1, 1]


# -- cover_requires_point ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "requires", "covered", "expected"),
    [
        ("busca-000", True, None, [0, 0, 0, 2]),
        ("busca-000", False, ALL, [10, 0, 0, 0]),
        ("busca-001", True, None, [0, 0, 0, 1]),
        ("busca-001", False, ALL, [10, 0, 0, 0]),
        ("busca-003", True, None, [0, 0, 0, 1]),
        ("busca-003", False, ALL, [1, 0, 0, 0]),
    ],
)
def test_a_pointless_trick_covers_only_when_a_cover_does_not_need_a_point(
    game: str, requires: bool, covered: tuple[bool, ...] | None, expected: list[int]
) -> None:
    points = (30, 7, 3, 0) if game != "busca-003" else (25, 7, 3, 0)
    assert busche(game, *points, covered=covered, cover_requires_point=requires) == expected


def test_a_cover_needs_a_point_by_default_only_in_001() -> None:
    defaults = {game: opts(game)["cover_requires_point"] for game in VARIANTS}
    assert defaults == {"busca-000": False, "busca-001": True, "busca-003": False}


# -- 003: the cross ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("top_score", "points", "expected"),
    [
        ("one", (25, 5, 3, 2), [1, 0, 0, 0]),
        ("one", (20, 6, 5, 4), [1, 0, 0, 0]),
        ("table", (25, 5, 3, 2), [5, 0, 0, 0]),
        ("table", (20, 6, 5, 4), [2, 0, 0, 0]),
        ("table", (14, 10, 8, 3), [1, 0, 0, 0]),
        # A tie keeps its own marks whatever the top scorer takes.
        ("table", (12, 12, 8, 3), [2, 2, 0, 0]),
    ],
)
def test_in_003_the_top_scorer_marks_one_or_takes_the_table(
    top_score: str, points: tuple[int, ...], expected: list[int]
) -> None:
    assert busche("busca-003", *points, top_score=top_score) == expected


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        ((12, 12, 8, 3), [2, 2, 0, 0]),
        ((14, 14, 4, 3), [2, 2, 0, 0]),
        ((15, 15, 3, 2), [4, 4, 0, 0]),
        ((13, 9, 9, 4), [0, 2, 2, 0]),
        ((9, 9, 9, 8), [3, 3, 3, 0]),
        ((11, 11, 11, 2), [3, 3, 3, 0]),
        # A tie below 9 marks nothing: the top scorer marks his one.
        ((19, 8, 8, 0), [1, 0, 0, 0]),
    ],
)
def test_in_003_a_tie_at_9_or_more_marks_2_up_to_14_4_from_15_and_3_for_three(
    points: tuple[int, ...], expected: list[int]
) -> None:
    assert busche("busca-003", *points, covered=ALL) == expected


@pytest.mark.parametrize("points", [(16, 16, 3, 0), (17, 17, 1, 0)], ids=["16", "17"])
@pytest.mark.parametrize("high_pair_tie", [4, 2])
def test_in_003_a_pair_tied_at_16_or_17_marks_the_high_pair_tie_each(
    points: tuple[int, ...], high_pair_tie: int
) -> None:
    taken = busche("busca-003", *points, covered=ALL, high_pair_tie=high_pair_tie)
    assert taken == [high_pair_tie, high_pair_tie, 0, 0]


def test_in_003_a_pair_tied_at_15_marks_4_whatever_the_high_pair_tie() -> None:
    assert busche("busca-003", 15, 15, 3, 2, high_pair_tie=2) == [4, 4, 0, 0]


@pytest.mark.parametrize(
    ("tie_scope", "points", "expected"),
    [
        ("any", (17, 9, 9, 0), [0, 2, 2, 0]),
        ("top", (17, 9, 9, 0), [1, 0, 0, 0]),
        ("any", (13, 10, 10, 2), [0, 2, 2, 0]),
        ("top", (13, 10, 10, 2), [1, 0, 0, 0]),
        ("top", (12, 12, 8, 3), [2, 2, 0, 0]),
        ("top", (11, 11, 11, 2), [3, 3, 3, 0]),
    ],
)
def test_in_003_ties_below_the_top_mark_only_with_tie_scope_any(
    tie_scope: str, points: tuple[int, ...], expected: list[int]
) -> None:
    assert busche("busca-003", *points, covered=ALL, tie_scope=tie_scope) == expected


# -- penalties -------------------------------------------------------------------------------------


@pytest.mark.parametrize("penalty", [0, 1, 2])
@pytest.mark.parametrize("game", ["busca-000", "busca-003"])
def test_each_renege_adds_the_renege_penalty_to_that_player(game: str, penalty: int) -> None:
    reneges = (Penalty(BRUNO, "renege"), Penalty(CARLA, "renege"), Penalty(CARLA, "renege"))
    (result,) = play(game, deal(*ANNA_TOP[game], penalties=reneges), renege_penalty=penalty).deals
    assert list(result.busche) == [1, penalty, 2 * penalty, 0]


@pytest.mark.parametrize("penalty", [0, 1, 2])
def test_in_000_a_misdeal_adds_the_misdeal_penalty_to_the_dealer(penalty: int) -> None:
    misdeal = (Penalty(BRUNO, "misdeal"),)
    (result,) = play(
        "busca-000", deal(18, 12, 6, 4, penalties=misdeal), first_dealer=BRUNO, misdeal_penalty=penalty
    ).deals
    assert list(result.busche) == [1, penalty, 0, 0]


def test_a_penalty_alone_does_not_make_a_player_the_loser_who_deals() -> None:
    renege = (Penalty(BRUNO, "renege"),)
    (result,) = play("busca-000", deal(18, 12, 6, 4, penalties=renege), renege_penalty=2).deals
    assert list(result.busche) == [1, 2, 0, 0]
    assert result.next_dealer == ANNA


def test_penalty_busche_count_towards_the_end_of_the_match() -> None:
    renege = (Penalty(BRUNO, "renege"),)
    played = play("busca-000", deal(18, 12, 6, 4, penalties=renege), start=BuscaStart((11, 10, 0, 0)))
    assert played.outcome is not None
    assert names(played.outcome.losers) == ["Anna", "Bruno"]


# -- 000: the end of the match --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "strict", "reason"),
    [
        ((19, 0, 0, 0), True, None),
        ((20, 0, 0, 0), True, "single_limit"),
        ((19, 0, 0, 0), False, "single_limit"),
        ((9, 10, 0, 0), True, None),
        ((10, 11, 0, 0), True, "pair_limit"),
        ((9, 10, 0, 0), False, "pair_limit"),
        ((15, 0, 0, 0), True, None),
    ],
    ids=[
        "20-goes-on",
        "21-ends",
        "20-ends-not-strict",
        "10-10-go-on",
        "11-11-end",
        "10-10-end-not-strict",
        "one-over-10",
    ],
)
def test_in_000_the_match_ends_when_one_passes_20_or_two_pass_10(
    start: tuple[int, ...], strict: bool, reason: str | None
) -> None:
    outcome = started("busca-000", *start, limit_strict=strict).outcome
    assert (outcome.reason if outcome else None) == reason


def test_in_000_the_limits_can_be_set() -> None:
    assert started("busca-000", 14, 0, 0, 0).outcome is None
    single = started("busca-000", 14, 0, 0, 0, single_limit=14).outcome
    assert single is not None
    assert single.reason == "single_limit"
    pair = started("busca-000", 5, 6, 0, 0, pair_limit=5).outcome
    assert pair is not None
    assert (pair.reason, names(pair.losers)) == ("pair_limit", ["Anna", "Bruno"])


def test_in_000_one_player_over_20_loses_alone() -> None:
    outcome = started("busca-000", 20, 5, 3, 3).outcome
    assert outcome is not None
    assert (names(outcome.losers), names(outcome.winners)) == (["Anna"], ["Bruno", "Carla", "Dario"])


def test_in_000_everyone_over_the_limit_loses_even_three_at_once() -> None:
    both_out = deal(25, 0, 0, 15, covered=(True, False, False, True))
    outcome = play("busca-000", both_out, start=BuscaStart((11, 9, 9, 0))).outcome
    assert outcome is not None
    assert (outcome.reason, names(outcome.losers)) == ("pair_limit", ["Anna", "Bruno", "Carla"])


def test_in_000_one_over_20_and_another_over_10_both_lose() -> None:
    both_out = deal(0, 0, 25, 15, covered=(False, False, True, True))
    played = play("busca-000", both_out, start=BuscaStart((20, 10, 0, 0)))
    assert played.totals == (24, 14, 0, 0)
    assert played.outcome is not None
    assert (played.outcome.reason, names(played.outcome.losers)) == ("pair_limit", ["Anna", "Bruno"])


def test_in_000_with_two_highest_the_two_highest_totals_lose_the_pair_limit() -> None:
    outcome = started("busca-000", 10, 11, 5, 5, losers="two_highest").outcome
    assert outcome is not None
    assert (outcome.reason, names(outcome.losers), names(outcome.winners)) == (
        "pair_limit",
        ["Anna", "Bruno"],
        ["Carla", "Dario"],
    )


@pytest.mark.parametrize("losers", ["all_over_limit", "two_highest"])
@pytest.mark.parametrize("start", [(20, 5, 3, 3), (20, 5, 5, 0), (20, 10, 0, 0)])
def test_in_000_a_match_ended_by_the_single_limit_has_one_loser_whatever_losers_says(
    start: tuple[int, ...], losers: str
) -> None:
    outcome = started("busca-000", *start, losers=losers).outcome
    assert outcome is not None
    assert (outcome.reason, names(outcome.losers)) == ("single_limit", ["Anna"])
    assert names(outcome.winners) == ["Bruno", "Carla", "Dario"]


# -- 001: the end of the match ----------------------------------------------------------------------


def test_in_001_without_a_threshold_or_a_deal_limit_the_match_goes_on() -> None:
    assert started("busca-001", 60, 0, 0, 0, deals=100).outcome is None


@pytest.mark.parametrize(("before", "reason"), [(8, None), (9, "victory_threshold")])
def test_in_001_the_match_ends_when_a_total_reaches_the_victory_threshold(
    before: int, reason: str | None
) -> None:
    outcome = started("busca-001", before, 0, 0, 0, victory_threshold=10).outcome
    assert (outcome.reason if outcome else None) == reason


def test_in_001_the_fewest_busche_win_and_ties_share_the_win() -> None:
    played = play("busca-001", deal(4, 6, 10, 20), start=BuscaStart((5, 2, 2, 7)), victory_threshold=8)
    assert played.totals == (5, 2, 2, 9)
    assert played.outcome is not None
    assert names(played.outcome.winners) == ["Bruno", "Carla"]
    assert played.outcome.losers == ()


def test_in_001_the_match_ends_after_max_deals() -> None:
    quiet = deal(*ANNA_TOP["busca-001"])
    played = play("busca-001", quiet, quiet, max_deals=2)
    assert [d.next_dealer for d in played.deals] == [ANNA, None]
    assert played.outcome is not None
    assert (played.outcome.reason, played.outcome.after_deal) == ("max_deals", 2)
    assert names(played.outcome.winners) == ["Bruno", "Carla", "Dario"]


def test_in_001_the_deals_of_the_start_count_towards_max_deals() -> None:
    outcome = started("busca-001", 3, 1, 0, 2, deals=4, max_deals=5).outcome
    assert outcome is not None
    assert (outcome.reason, outcome.after_deal, names(outcome.winners)) == ("max_deals", 1, ["Carla"])
    assert started("busca-001", 3, 1, 0, 2, deals=3, max_deals=5).outcome is None


def test_in_001_both_limits_in_the_same_deal_end_by_the_victory_threshold() -> None:
    outcome = started("busca-001", 9, 0, 0, 0, deals=1, max_deals=2, victory_threshold=10).outcome
    assert outcome is not None
    assert outcome.reason == "victory_threshold"


# -- 003: the end of the match ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "threshold", "reason"),
    [
        ((15, 0, 0, 0), 10, None),
        ((10, 8, 0, 0), 10, None),
        ((10, 9, 0, 0), 10, "threshold"),
        ((5, 4, 0, 0), 5, "threshold"),
        ((5, 4, 0, 0), 6, None),
    ],
)
def test_in_003_the_match_ends_when_two_totals_reach_the_threshold(
    start: tuple[int, ...], threshold: int, reason: str | None
) -> None:
    played = play("busca-003", deal(*BRUNO_TOP["busca-003"]), start=BuscaStart(start), threshold=threshold)
    assert (played.outcome.reason if played.outcome else None) == reason


@pytest.mark.parametrize(
    ("start", "rule", "losers"),
    [
        # Anna reached 10 first and stays there while Bruno and Carla pass her.
        ((10, 8, 7, 0), "two_highest", ["Bruno", "Carla"]),
        ((10, 8, 7, 0), "all_at_threshold", ["Anna", "Bruno", "Carla"]),
        ((10, 8, 7, 0), "first_two_to_reach", ["Anna", "Bruno"]),
        ((10, 8, 8, 0), "first_two_to_reach", ["Anna", "Bruno", "Carla"]),
        ((12, 8, 8, 0), "two_highest", ["Anna", "Bruno", "Carla"]),
    ],
)
def test_in_003_the_losers_follow_the_losers_rule(
    start: tuple[int, ...], rule: str, losers: list[str]
) -> None:
    pair_at_15 = deal(2, 15, 15, 3)
    outcome = play("busca-003", pair_at_15, start=BuscaStart(start), losers=rule).outcome
    assert outcome is not None
    assert names(outcome.losers) == losers
    assert names(outcome.winners) == [p for p in PLAYERS if p not in losers]


def test_in_003_first_two_to_reach_counts_the_deal_each_reached_it() -> None:
    anna_reaches = deal(14, 10, 8, 3)
    two_pass_her = deal(2, 15, 15, 3)
    played = play(
        "busca-003", anna_reaches, two_pass_her, start=BuscaStart((9, 8, 7, 0)), losers="first_two_to_reach"
    )
    assert played.totals == (10, 12, 11, 0)
    assert played.outcome is not None
    assert names(played.outcome.losers) == ["Anna", "Bruno"]


# -- the last trick ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "card_points", "last", "points", "expected"),
    [
        ("busca-000", (22, 8, 5, 2), ANNA, (25, 8, 5, 2), [5, 0, 0, 0]),
        ("busca-001", (22, 8, 5, 2), DARIO, (22, 8, 5, 5), [2, 0, 0, 0]),
        ("busca-003", (12, 9, 8, 3), BRUNO, (12, 12, 8, 3), [2, 2, 0, 0]),
    ],
)
def test_points_without_the_last_trick_get_its_3_points_added_to_its_taker(
    game: str, card_points: tuple[int, ...], last: int, points: tuple[int, ...], expected: list[int]
) -> None:
    (result,) = play(game, deal(*card_points, last_trick=last)).deals
    assert result.points == points
    assert list(result.busche) == expected


# -- who deals and who leads ------------------------------------------------------------------------


@pytest.mark.parametrize("game", list(VARIANTS))
def test_the_player_who_took_the_busche_deals_next_and_the_next_seat_leads(game: str) -> None:
    (result,) = play(game, deal(*BRUNO_TOP[game]), first_dealer=CARLA).deals
    assert (result.dealer, result.next_dealer, result.next_leader) == (CARLA, BRUNO, CARLA)


@pytest.mark.parametrize(("first_dealer", "next_dealer"), [(ANNA, BRUNO), (BRUNO, ANNA), (DARIO, ANNA)])
def test_when_busche_tie_the_first_taker_after_the_dealer_deals_next(
    first_dealer: int, next_dealer: int
) -> None:
    (result,) = play("busca-000", deal(15, 15, 6, 4), first_dealer=first_dealer).deals
    assert result.next_dealer == next_dealer


def test_when_several_take_busche_the_one_who_took_the_most_deals_next() -> None:
    dario_out = deal(25, 10, 5, 0, covered=(True, True, True, False))
    (result,) = play("busca-000", dario_out, top_also_scores_when_non_cover=True).deals
    assert list(result.busche) == [5, 0, 0, 2]
    assert (result.next_dealer, result.next_leader) == (ANNA, BRUNO)


@pytest.mark.parametrize("game", ["busca-000", "busca-001"])
def test_the_first_deal_is_led_by_the_seat_after_the_dealer(game: str) -> None:
    (result,) = play(game, deal(*ANNA_TOP[game]), first_dealer=DARIO).deals
    assert (result.dealer, result.leader) == (DARIO, ANNA)


def test_in_003_nobody_knows_who_leads_the_first_deal_of_a_match() -> None:
    first, second = play("busca-003", deal(14, 10, 8, 3), deal(10, 14, 8, 3), first_dealer=CARLA).deals
    assert (first.dealer, first.leader) == (CARLA, None)
    assert (second.dealer, second.leader) == (ANNA, BRUNO)


def test_in_003_a_match_carried_over_from_paper_has_a_known_leader() -> None:
    (result,) = play(
        "busca-003", deal(14, 10, 8, 3), first_dealer=CARLA, start=BuscaStart((1, 2, 3, 4))
    ).deals
    assert result.leader == DARIO


def test_a_dealer_chosen_by_the_table_deals_and_later_deals_follow_on() -> None:
    played = play(
        "busca-000",
        deal(18, 12, 6, 4),
        deal(12, 18, 6, 4, dealer=CARLA, penalties=(Penalty(CARLA, "misdeal"),)),
        deal(6, 4, 18, 12),
    )
    dealers = [(d.dealer, d.leader) for d in played.deals]
    assert dealers == [(ANNA, BRUNO), (CARLA, DARIO), (BRUNO, CARLA)]
    assert played.deals[1].busche == (0, 1, 1, 0)


def test_in_003_a_chosen_dealer_of_the_first_deal_does_not_reveal_the_leader() -> None:
    (result,) = play("busca-003", deal(14, 10, 8, 3, dealer=BRUNO)).deals
    assert (result.dealer, result.leader) == (BRUNO, None)


def test_after_the_last_deal_of_a_finished_match_nobody_deals() -> None:
    played = started("busca-000", 20, 0, 0, 0)
    assert (played.deals[-1].next_dealer, played.deals[-1].next_leader) == (None, None)
    assert (played.next_dealer, played.next_leader) == (None, None)


def test_a_match_in_progress_says_who_deals_and_leads_next() -> None:
    played = play("busca-000", deal(18, 12, 6, 4), deal(6, 4, 18, 12))
    assert (played.next_dealer, played.next_leader) == (CARLA, DARIO)


# -- the start ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", list(VARIANTS))
def test_a_start_carries_its_totals_over(game: str) -> None:
    played = started(game, 5, 3, 0, 7)
    assert played.deals[0].totals == (6, 3, 0, 7)
    assert played.totals == (6, 3, 0, 7)


@pytest.mark.parametrize(
    ("game", "totals", "deals", "given"),
    [
        ("busca-000", (21, 0, 0, 0), 0, {}),
        ("busca-000", (11, 11, 0, 0), 0, {}),
        ("busca-001", (10, 0, 0, 0), 0, {"victory_threshold": 10}),
        ("busca-001", (1, 0, 0, 0), 8, {"max_deals": 8}),
        ("busca-003", (10, 10, 0, 0), 0, {}),
    ],
)
def test_a_start_that_already_ended_the_match_is_refused(
    game: str, totals: tuple[int, ...], deals: int, given: dict[str, Any]
) -> None:
    with pytest.raises(Refused) as refused:
        play(game, start=BuscaStart(totals, deals), **given)
    assert [str(p) for p in refused.value.problems] == ["the start has already ended the match"]


# -- the money ---------------------------------------------------------------------------------------------


def settle(
    game: str, totals: tuple[int, ...], losers: tuple[int, ...], winners: tuple[int, ...], **given: Any
) -> list[Decimal]:
    outcome = Outcome("test", 1, losers, winners)
    return VARIANTS[game].settle(opts(game, **given), totals, outcome)


def money(*amounts: str) -> list[Decimal]:
    return [Decimal(a) for a in amounts]


@pytest.mark.parametrize(
    ("game", "losers", "winners", "stake", "net"),
    [
        ("busca-000", (ANNA,), (BRUNO, CARLA, DARIO), 1, money("-1", "0.34", "0.33", "0.33")),
        ("busca-000", (BRUNO,), (ANNA, CARLA, DARIO), 0.05, money("0.02", "-0.05", "0.02", "0.01")),
        ("busca-003", (ANNA, BRUNO), (CARLA, DARIO), 2.5, money("-2.5", "-2.5", "2.5", "2.5")),
        ("busca-003", (ANNA, BRUNO, CARLA), (DARIO,), 1, money("-1", "-1", "-1", "3")),
        ("busca-000", (ANNA,), (BRUNO, CARLA, DARIO), 0, money("0", "0", "0", "0")),
    ],
)
def test_with_losers_pay_each_loser_pays_the_stake_shared_by_the_winners(
    game: str, losers: tuple[int, ...], winners: tuple[int, ...], stake: float, net: list[Decimal]
) -> None:
    assert settle(game, (21, 5, 3, 3), losers, winners, stake=stake) == net


@pytest.mark.parametrize(
    ("winners", "net"),
    [
        ((BRUNO, CARLA), money("-1", "1", "1", "-1")),
        ((DARIO,), money("-1", "-1", "-1", "3")),
        ((BRUNO, CARLA, DARIO), money("-1", "0.34", "0.33", "0.33")),
    ],
)
def test_in_001_every_player_who_is_not_a_winner_pays_the_stake(
    winners: tuple[int, ...], net: list[Decimal]
) -> None:
    assert settle("busca-001", (10, 2, 2, 5), (), winners, stake=1) == net


def test_with_per_busca_everyone_pays_the_stake_per_busca_into_the_winners_pot() -> None:
    net = settle(
        "busca-000", (21, 3, 2, 0), (ANNA,), (BRUNO, CARLA, DARIO), stake=0.1, settlement_rule="per_busca"
    )
    # The pot of 2.60 splits 0.87, 0.87, 0.86: the extra cent goes to the first winners.
    assert net == money("-2.10", "0.57", "0.67", "0.86")


def test_the_money_of_a_finished_match_adds_up_to_zero_to_the_cent() -> None:
    played = started("busca-000", 20, 7, 3, 1)
    assert played.outcome is not None
    net = VARIANTS["busca-000"].settle(opts("busca-000", stake=0.07), played.totals, played.outcome)
    assert net == money("-0.07", "0.03", "0.02", "0.02")
    assert sum(net) == 0


@pytest.mark.parametrize(
    ("game", "options", "marks"),
    [
        ("busca-000", {}, (10, 20)),
        ("busca-000", {"pair_limit": 12, "single_limit": 25}, (12, 25)),
        ("busca-001", {"victory_threshold": 15}, (15,)),
        ("busca-001", {"max_deals": 8}, ()),
        ("busca-003", {"threshold": 12}, (12,)),
    ],
)
def test_the_cross_marks_the_totals_that_end_the_match(
    game: str, options: dict[str, object], marks: tuple[int, ...]
) -> None:
    variant = VARIANTS[game]
    assert variant.thresholds(resolve_options(variant.options, options)) == marks
