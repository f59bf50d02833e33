"""Short Whist's rules and house options (spec section 7, AMB-25 to AMB-32), through the engine itself.

Pair 0 (NS) is seats 0 and 2, pair 1 (EW) seats 1 and 3. A deal is written by what pair 0 took:
``deal(9, 3)`` is 9 tricks and 3 honours to NS, so 4 tricks and 1 honour to EW.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from games.core import Refused, resolve_options
from games.whist.rules import WHIST, Game, Rubber, WhistDeal, WhistStart, pair_of

PLAYERS = ("Anna", "Bruno", "Carla", "Dario")
NS, EW = 0, 1
# Deals that score nothing for honours (2-2) and win a game at once from 0-0 (11 tricks, 5 points).
NS_GAME, EW_GAME = WhistDeal((11, 2), (2, 2)), WhistDeal((2, 11), (2, 2))
QUIET = WhistDeal((7, 6), (2, 2))  # one trick point to NS

Scored = tuple[tuple[int, int], tuple[int, int], tuple[int, ...], Game | None]


def options(**given: Any) -> dict[str, Any]:
    return resolve_options(WHIST.options, given)


def deal(tricks: int, honours: int, revoke: int | None = None, dealer: int | None = None) -> WhistDeal:
    """NS's tricks and honours; EW have the rest."""
    return WhistDeal((tricks, 13 - tricks), (honours, 4 - honours), revoke, dealer)


def score(before: tuple[int, int], tricks: int, honours: int, **given: Any) -> Scored:
    revoke = given.pop("revoke", None)
    trick_points, honour_points, after, game = WHIST.score_deal(
        deal(tricks, honours, revoke), before, options(**given)
    )
    return trick_points, honour_points, tuple(after), game


def play(
    deals: list[WhistDeal], *, start: WhistStart | None = None, first_dealer: int = 0, **given: Any
) -> Rubber:
    return WHIST.play(options(**given), PLAYERS, first_dealer, deals, start)


def refusal(deals: list[WhistDeal], **kwargs: Any) -> list[tuple[str, str | None]]:
    with pytest.raises(Refused) as refused:
        play(deals, **kwargs)
    return [(str(p), p.field) for p in refused.value.problems]


def test_partners_sit_opposite() -> None:
    assert [pair_of(seat) for seat in range(4)] == [NS, EW, NS, EW]


# -- points in one deal ----------------------------------------------------------------------------


@pytest.mark.parametrize("tricks", range(14))
def test_each_trick_over_six_scores_one_point(tricks: int) -> None:
    trick_points, honour_points, after, _ = score((0, 0), tricks, 2)
    assert trick_points == (max(0, tricks - 6), max(0, 7 - tricks))
    assert honour_points == (0, 0)
    assert after == trick_points


@pytest.mark.parametrize(
    ("honours", "points"),
    [
        pytest.param(0, (0, 3), id="EW-hold-four"),
        pytest.param(1, (0, 2), id="EW-hold-three"),
        pytest.param(2, (0, 0), id="two-each-score-nothing"),
        pytest.param(3, (2, 0), id="NS-hold-three"),
        pytest.param(4, (3, 0), id="NS-hold-four"),
    ],
)
def test_three_honours_score_two_and_four_score_three(honours: int, points: tuple[int, int]) -> None:
    trick_points, honour_points, after, game = score((0, 0), 7, honours)
    assert (trick_points, honour_points) == ((1, 0), points)
    assert after == (1 + points[0], points[1])
    assert game is None


def test_with_four_honours_at_four_the_classic_laws_count() -> None:
    assert score((0, 0), 6, 4, four_honours=4)[1:] == ((4, 0), (4, 1), None)
    assert score((0, 0), 6, 3, four_honours=4)[1] == (2, 0)  # three are still 2


def test_honours_go_to_the_pair_that_holds_them_whoever_took_the_tricks() -> None:
    assert score((0, 0), 4, 3) == ((0, 3), (2, 0), (2, 3), None)
    assert score((0, 0), 9, 1) == ((3, 0), (0, 2), (3, 2), None)


def test_a_pair_on_four_at_the_start_of_the_deal_scores_no_honours() -> None:
    assert score((4, 0), 6, 4)[1:3] == ((0, 0), (4, 1))
    assert score((0, 4), 7, 0)[1:3] == ((0, 0), (1, 4))
    # three is not four: the honours take NS from 3 to 5 and win the game
    assert score((3, 0), 6, 3) == ((0, 1), (2, 0), (5, 1), Game(NS, 1, 2))


def test_by_default_a_pair_that_tricks_take_to_four_still_scores_its_honours() -> None:
    assert score((3, 0), 7, 3) == ((1, 0), (2, 0), (6, 0), Game(NS, 0, 3))


def test_judged_after_the_tricks_a_pair_that_tricks_take_to_four_scores_no_honours() -> None:
    assert score((3, 0), 7, 3, honour_cutoff="after_tricks") == ((1, 0), (0, 0), (4, 0), None)
    assert score((4, 0), 6, 3, honour_cutoff="after_tricks")[1:3] == ((0, 0), (4, 1))
    # the opponents' tricks do not change the holders' score: EW on 2 still score their honours
    assert score((0, 2), 8, 1, honour_cutoff="after_tricks") == ((2, 0), (0, 2), (2, 4), None)


@pytest.mark.parametrize(
    ("before", "scored"),
    [
        pytest.param((5, 0), (2, 0), id="five-of-seven-scores"),
        pytest.param((6, 0), (0, 0), id="six-of-seven-does-not"),
    ],
)
def test_the_honour_cutoff_is_one_point_short_of_the_game(
    before: tuple[int, int], scored: tuple[int, int]
) -> None:
    assert score(before, 6, 3, game_points=7)[1] == scored


def test_tricks_score_before_honours_so_the_opponents_honours_never_count() -> None:
    # Foster: A-B make two by cards from three, Y-Z claim four by honours: A-B win a treble.
    assert score((3, 0), 8, 0) == ((2, 0), (0, 0), (5, 0), Game(NS, 0, 3))
    # and with both honours and tricks, the tricks alone end the game
    assert score((0, 4), 4, 3) == ((0, 3), (0, 0), (0, 7), Game(EW, 0, 3))


def test_the_opponents_score_is_taken_when_the_game_is_won() -> None:
    # EW's tricks first take them to 3; then NS's honours win: a single, not a treble
    assert score((3, 0), 4, 3) == ((0, 3), (2, 0), (5, 3), Game(NS, 3, 1))


# -- games -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game_points", "values"),
    [
        pytest.param(5, [3, 2, 2, 1, 1], id="five-treble-double-single"),
        pytest.param(7, [3, 2, 2, 2, 1, 1, 1], id="seven-double-under-three-and-a-half"),
        pytest.param(2, [3, 1], id="two"),
        pytest.param(4, [3, 2, 1, 1], id="four-double-under-half"),
    ],
)
def test_a_game_is_worth_three_two_or_one_by_the_opponents_score(game_points: int, values: list[int]) -> None:
    opts = options(game_points=game_points)
    assert [WHIST.game_value(opponents, opts) for opponents in range(game_points)] == values


@pytest.mark.parametrize(("opponents", "value"), [(0, 3), (1, 2), (2, 2), (3, 1), (4, 1)])
def test_a_played_game_is_worth_what_the_opponents_score_says(opponents: int, value: int) -> None:
    (_, _, _, game) = score((4, opponents), 7, 2)
    assert game == Game(NS, opponents, value)


def test_points_over_the_game_are_lost_and_the_next_game_starts_at_love() -> None:
    rubber = play([deal(13, 4)], start=WhistStart((4, 2), ()))
    (first,) = rubber.deals
    assert (first.trick_points, first.score, first.game) == ((7, 0), (11, 2), Game(NS, 2, 2))
    assert rubber.score == (0, 0)
    following = play([deal(13, 4), QUIET], start=WhistStart((4, 2), ()))
    assert following.deals[1].score == (1, 0)  # no carry of the 6 points over


def test_a_game_can_be_won_from_love_in_one_deal() -> None:
    rubber = play([deal(9, 3)])
    assert (rubber.deals[0].score, rubber.games, rubber.score) == ((5, 0), (Game(NS, 0, 3),), (0, 0))


# -- the rubber ------------------------------------------------------------------------------------


def test_two_games_straight_win_the_rubber() -> None:
    rubber = play([NS_GAME, QUIET, NS_GAME])
    assert rubber.games == (Game(NS, 0, 3), Game(NS, 0, 3))
    assert rubber.outcome is not None
    assert (rubber.outcome.reason, rubber.outcome.after_deal, rubber.outcome.winner) == ("rubber", 3, NS)
    assert (rubber.wins(NS), rubber.wins(EW)) == (2, 0)


def test_one_game_each_goes_to_a_third() -> None:
    rubber = play([NS_GAME, EW_GAME])
    assert (len(rubber.games), rubber.outcome, rubber.next_dealer) == (2, None, 2)
    rubber = play([NS_GAME, EW_GAME, EW_GAME])
    assert rubber.outcome is not None
    assert (rubber.outcome.winner, len(rubber.games)) == (EW, 3)


def test_a_deal_after_the_rubber_is_refused() -> None:
    assert refusal([NS_GAME, NS_GAME, QUIET, EW_GAME]) == [
        ("deal 3: the match ended after deal 2", None),
        ("deal 4: the match ended after deal 2", None),
    ]


@pytest.mark.parametrize(("bonus", "totals"), [(2, (8, 0)), (0, (6, 0)), (9, (15, 0))])
def test_the_rubber_bonus_goes_to_the_winners_once_the_rubber_is_won(
    bonus: int, totals: tuple[int, int]
) -> None:
    opts = options(rubber_bonus=bonus)
    assert WHIST.totals(opts, WHIST.play(opts, PLAYERS, 0, [NS_GAME])) == (3, 0)
    assert WHIST.totals(opts, WHIST.play(opts, PLAYERS, 0, [NS_GAME, NS_GAME])) == totals


def test_the_losers_pay_the_difference_times_the_stake() -> None:
    # NS single (EW on 3), EW treble, NS double (EW on 1): NS 1 + 2 + 2 = 5, EW 3: 2 points
    deals = [deal(4, 2), deal(11, 2), EW_GAME, deal(7, 2), deal(6, 2), deal(10, 2)]
    opts = options(stake=0.5)
    rubber = WHIST.play(opts, PLAYERS, 0, deals)
    assert [(g.winner, g.opponents_score, g.game_points) for g in rubber.games] == [
        (NS, 3, 1),
        (EW, 0, 3),
        (NS, 1, 2),
    ]
    assert WHIST.totals(opts, rubber) == (5, 3)
    settlement = WHIST.settle(opts, rubber)
    assert settlement is not None
    assert (settlement.points, settlement.payer, settlement.payee) == (2, EW, NS)
    assert (settlement.amount, settlement.total) == (Decimal("1.00"), Decimal("1.00"))


def test_when_each_player_pays_the_pair_pays_twice_the_amount() -> None:
    opts = options(stake=0.25, stake_basis="player")
    settlement = WHIST.settle(opts, WHIST.play(opts, PLAYERS, 0, [NS_GAME, NS_GAME]))
    assert settlement is not None
    assert (settlement.points, settlement.amount, settlement.total) == (8, Decimal("2.00"), Decimal("4.00"))


def test_the_payment_is_rounded_to_the_cent() -> None:
    # A stake of more than two decimals no document may give: the engine still rounds it half up.
    opts = {**options(), "stake": 0.125}
    settlement = WHIST.settle(opts, WHIST.play(opts, PLAYERS, 0, [deal(3, 2), deal(11, 2), EW_GAME, EW_GAME]))
    assert settlement is not None
    # NS single; EW treble + treble + 2 = 8; 7 points at 0.125 = 0.875
    assert (settlement.points, settlement.payer, settlement.amount) == (7, NS, Decimal("0.88"))


def test_without_a_rubber_bonus_the_difference_is_paid_by_the_pair_with_fewer_points() -> None:
    # EW treble, NS single, NS single: NS 2, EW 3; with no bonus the rubber winners pay 1
    deals = [EW_GAME, deal(3, 2), deal(11, 2), deal(4, 2), deal(11, 2)]
    opts = options(rubber_bonus=0, stake=1)
    rubber = WHIST.play(opts, PLAYERS, 0, deals)
    assert rubber.outcome is not None
    assert (rubber.outcome.winner, WHIST.totals(opts, rubber)) == (NS, (2, 3))
    settlement = WHIST.settle(opts, rubber)
    assert settlement is not None
    assert (settlement.points, settlement.payer, settlement.payee, settlement.total) == (
        1,
        NS,
        EW,
        Decimal(1),
    )


def test_a_rubber_in_progress_has_no_settlement() -> None:
    assert WHIST.settle(options(stake=1), play([NS_GAME, EW_GAME])) is None
    assert WHIST.settle(options(stake=1), play([])) is None


# -- the revoke penalty ----------------------------------------------------------------------------


def test_three_points_go_to_the_opponents_before_the_tricks() -> None:
    assert score((0, 0), 9, 3, revoke=NS, revoke_penalty="three_points") == ((3, 0), (2, 0), (4, 3), None)


def test_three_points_that_win_the_game_leave_tricks_and_honours_unscored() -> None:
    found = score((1, 2), 9, 3, revoke=NS, revoke_penalty="three_points")
    assert found == ((0, 0), (0, 0), (1, 5), Game(EW, 1, 2))


def test_the_revoking_pair_stops_one_short_of_the_game() -> None:
    # NS on 3 revoke, take 10 tricks (4) and 3 honours (2): they stay on 4
    assert score((3, 0), 10, 3, revoke=NS, revoke_penalty="three_points")[2:] == ((4, 3), None)
    # the three tricks leave NS 9: still 3 points, and still no game
    assert score((3, 0), 12, 4, revoke=NS, revoke_penalty="three_tricks")[2:] == ((4, 0), None)


def test_three_tricks_move_from_the_revoking_pair_to_the_opponents() -> None:
    # EW revoke with 5: NS 8 + 3 = 11 tricks, 5 points
    assert score((0, 0), 8, 2, revoke=EW, revoke_penalty="three_tricks") == (
        (5, 0),
        (0, 0),
        (5, 0),
        Game(NS, 0, 3),
    )
    # NS revoke with 9: 6 each side of the book, nobody scores tricks
    assert score((0, 0), 9, 2, revoke=NS, revoke_penalty="three_tricks")[:3] == ((0, 1), (0, 0), (0, 1))


def test_three_tricks_move_only_the_tricks_the_revoking_pair_has() -> None:
    assert score((0, 0), 2, 2, revoke=NS, revoke_penalty="three_tricks")[0] == (0, 7)
    assert score((0, 0), 0, 2, revoke=NS, revoke_penalty="three_tricks")[0] == (0, 7)


def test_without_a_revoke_nothing_moves() -> None:
    for penalty in ("three_points", "three_tricks"):
        assert score((0, 0), 9, 3, revoke_penalty=penalty) == score((0, 0), 9, 3)


# -- who deals -------------------------------------------------------------------------------------


def test_the_deal_passes_to_the_right() -> None:
    rubber = play([QUIET] * 5, first_dealer=2)
    assert [d.dealer for d in rubber.deals] == [2, 3, 0, 1, 2]
    assert [d.next_dealer for d in rubber.deals] == [3, 0, 1, 2, 3]
    assert rubber.next_dealer == 3


def test_a_dealer_chosen_by_the_table_is_followed_on_from() -> None:
    rubber = play([QUIET, WhistDeal((7, 6), (2, 2), dealer=3), QUIET])
    assert [d.dealer for d in rubber.deals] == [0, 3, 0]
    assert rubber.next_dealer == 1


def test_after_the_rubber_nobody_deals() -> None:
    rubber = play([NS_GAME, NS_GAME], first_dealer=1)
    assert [d.next_dealer for d in rubber.deals] == [2, None]
    assert rubber.next_dealer is None


# -- a rubber begun on paper -----------------------------------------------------------------------


def test_a_start_carries_the_score_and_games_over() -> None:
    start = WhistStart((3, 4), (Game(EW, None, 2),))
    rubber = play([deal(7, 2)], start=start)
    assert rubber.deals[0].score == (4, 4)
    assert (rubber.score, rubber.games, rubber.outcome) == ((4, 4), start.games, None)
    rubber = play([deal(6, 2)], start=start, stake=1)
    assert rubber.outcome is not None
    assert (rubber.outcome.winner, rubber.outcome.after_deal, rubber.games[-1]) == (EW, 1, Game(EW, 3, 1))
    assert WHIST.totals(options(), rubber) == (0, 5)


def test_a_start_that_already_ended_the_rubber_is_refused() -> None:
    start = WhistStart((0, 0), (Game(NS, None, 1), Game(EW, None, 3), Game(NS, None, 2)))
    assert refusal([QUIET], start=start) == [("the start has already ended the match", "start")]


def test_a_start_on_the_game_is_refused() -> None:
    assert refusal([], start=WhistStart((5, 0), ())) == [
        ("the score of the game in progress must stay under 5, the points of a game", "start")
    ]
    assert play([], start=WhistStart((6, 0), ()), game_points=7).score == (6, 0)


def test_a_start_game_whose_value_contradicts_the_opponents_score_is_refused() -> None:
    start = WhistStart((0, 0), (Game(NS, 0, 1),))
    assert refusal([], start=start) == [("a game won with the opponents on 0 is not worth 1", "start")]
    assert refusal([], start=WhistStart((0, 0), (Game(NS, 5, 1),))) == [
        ("a game won with the opponents on 5 is not worth 1", "start")
    ]
    assert play([], start=WhistStart((0, 0), (Game(NS, 0, 3), Game(EW, 4, 1)))).wins(NS) == 1


# -- deals the engine refuses ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entered", "found"),
    [
        pytest.param(
            WhistDeal((7, 5), (2, 2)),
            [("deal 1: tricks add up to 12; the two pairs take 13", "tricks")],
            id="12",
        ),
        pytest.param(
            WhistDeal((14, -1), (2, 2)), [("deal 1: a pair takes 0 to 13 tricks, not 14", "tricks")], id="14"
        ),
        pytest.param(
            WhistDeal((7, 6), (3, 2)),
            [("deal 1: honours add up to 5; there are 4 (ace, king, queen and jack of trumps)", "honours")],
            id="five-honours",
        ),
        pytest.param(
            WhistDeal((7, 6), (-1, 5)),
            [("deal 1: a pair holds 0 to 4 honours, not -1", "honours")],
            id="minus",
        ),
        pytest.param(
            WhistDeal((7, 7), (4, 1)),
            [
                ("deal 1: tricks add up to 14; the two pairs take 13", "tricks"),
                ("deal 1: honours add up to 5; there are 4 (ace, king, queen and jack of trumps)", "honours"),
            ],
            id="both",
        ),
        pytest.param(
            WhistDeal((7, 6), (2, 2), revoke=0),
            [("deal 1: this rubber is played without a revoke penalty", "revoke")],
            id="revoke-without-penalty",
        ),
    ],
)
def test_a_deal_that_cannot_be_is_refused(entered: WhistDeal, found: list[tuple[str, str]]) -> None:
    assert refusal([entered]) == found


def test_a_revoke_by_a_pair_that_is_not_there_is_refused() -> None:
    assert refusal([deal(7, 2, revoke=2)], revoke_penalty="three_tricks") == [
        ("deal 1: revoke must be the pair that revoked: 0 or 1", "revoke")
    ]


def test_every_bad_deal_is_reported() -> None:
    assert refusal([QUIET, WhistDeal((7, 5), (2, 2)), QUIET, WhistDeal((7, 6), (2, 3))]) == [
        ("deal 2: tricks add up to 12; the two pairs take 13", "tricks"),
        ("deal 4: honours add up to 5; there are 4 (ace, king, queen and jack of trumps)", "honours"),
    ]


def test_a_table_of_three_is_no_rubber() -> None:
    problem = WHIST.check_players(3, options())
    assert problem is not None
    assert (str(problem), problem.field) == ("a Whist rubber has 4 players, not 3", "players")
    assert WHIST.check_players(4, options()) is None
    assert WHIST.max_players(options()) == 4
