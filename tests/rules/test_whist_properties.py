"""Properties of any Whist rubber with valid deals and any house rules, checked with hypothesis.

A rubber is drawn deal by deal (tricks 0 to 13 and honours 0 to 4 for the first pair, the rest
to the second; now and then a revoke when the house rules punish one) until it is won.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import resolve_options
from games.whist.rules import WHIST, Rubber, WhistDeal, WhistStart

PLAYERS = ("Anna", "Bruno", "Carla", "Dario")
# No example database: the suite leaves no .hypothesis directory behind.
FAST = settings(max_examples=150, deadline=None, database=None)
# Each deal scores a point at least, but a pair that revokes on the brink can stall: a bound.
MAX_DEALS = 80
DEFAULTS = resolve_options(WHIST.options, {})


@st.composite
def house_rules(draw: st.DrawFn) -> dict[str, Any]:
    given = {
        "stake": draw(st.integers(0, 1000)) / 100,
        "four_honours": draw(st.sampled_from([3, 4])),
        "honour_cutoff": draw(st.sampled_from(["start_of_deal", "after_tricks"])),
        "game_points": draw(st.sampled_from([5, 5, 2, 3, 4, 6, 7, 9])),
        "rubber_bonus": draw(st.sampled_from([2, 2, 0, 1, 9])),
        "stake_basis": draw(st.sampled_from(["pair", "player"])),
        "revoke_penalty": draw(st.sampled_from(["none", "none", "three_points", "three_tricks"])),
    }
    return resolve_options(WHIST.options, given)


@st.composite
def deals(draw: st.DrawFn, opts: dict[str, Any]) -> WhistDeal:
    tricks, honours = draw(st.integers(0, 13)), draw(st.integers(0, 4))
    revoke = None
    if opts["revoke_penalty"] != "none" and draw(st.integers(0, 5)) == 0:
        revoke = draw(st.sampled_from([0, 1]))
    dealer = draw(st.integers(0, 3)) if draw(st.integers(0, 9)) == 0 else None
    return WhistDeal((tricks, 13 - tricks), (honours, 4 - honours), revoke, dealer)


Table = tuple[dict[str, Any], int, list[WhistDeal], Rubber]


@st.composite
def rubbers(draw: st.DrawFn, rules: st.SearchStrategy[dict[str, Any]]) -> Table:
    """A rubber played deal by deal until it is won (or MAX_DEALS is reached)."""
    opts = draw(rules)
    first_dealer = draw(st.integers(0, 3))
    entered: list[WhistDeal] = []
    # The state after each deal, carried on as a start so that drawing the rubber takes linear time.
    now = WHIST.play(opts, PLAYERS, first_dealer, [])
    while now.outcome is None and len(entered) < MAX_DEALS:
        deal = draw(deals(opts))
        entered.append(deal)
        assert now.next_dealer is not None
        now = WHIST.play(opts, PLAYERS, now.next_dealer, [deal], WhistStart(now.score, now.games))
    rubber = WHIST.play(opts, PLAYERS, first_dealer, entered)
    # A start carries a rubber on exactly: replaying every deal from the beginning ends the same.
    assert (rubber.score, rubber.games, rubber.next_dealer) == (now.score, now.games, now.next_dealer)
    assert (rubber.outcome is None) == (now.outcome is None)
    return opts, first_dealer, entered, rubber


def before_each_deal(rubber: Rubber) -> list[tuple[int, int]]:
    """The score at the start of each deal: the one after the deal before, or 0-0 after a game."""
    before = [(0, 0)]
    for deal in rubber.deals[:-1]:
        before.append((0, 0) if deal.game else deal.score)
    return before


@FAST
@given(rubbers(st.just(DEFAULTS)))
def test_a_rubber_is_won_by_the_first_pair_to_two_games(table: Table) -> None:
    _, _, entered, rubber = table
    assert rubber.outcome is not None  # without revokes every deal scores: the rubber always ends
    winner = rubber.outcome.winner
    assert (rubber.wins(winner), rubber.wins(1 - winner)) == (2, len(rubber.games) - 2)
    assert rubber.wins(1 - winner) <= 1
    assert rubber.games[-1].winner == winner
    assert rubber.outcome.after_deal == len(entered) == len(rubber.deals)
    assert rubber.deals[-1].game == rubber.games[-1]
    assert (rubber.outcome.reason, rubber.next_dealer, rubber.deals[-1].next_dealer) == ("rubber", None, None)


@FAST
@given(rubbers(st.just(DEFAULTS)))
def test_by_default_the_losers_pay_between_1_and_8_points(table: Table) -> None:
    opts, _, _, rubber = table
    assert rubber.outcome is not None
    settlement = WHIST.settle(opts, rubber)
    assert settlement is not None
    assert 1 <= settlement.points <= 8
    assert (settlement.payee, settlement.payer) == (rubber.outcome.winner, 1 - rubber.outcome.winner)
    assert settlement.amount == settlement.total == 0  # the default stake is 0


@FAST
@given(rubbers(house_rules()))
def test_scores_stay_within_a_deal_of_the_game_and_reset_after_one(table: Table) -> None:
    opts, _, entered, rubber = table
    goal = opts["game_points"]
    for before, deal, result in zip(before_each_deal(rubber), entered, rubber.deals, strict=True):
        assert max(before) < goal
        assert all(b <= a <= goal + 6 for b, a in zip(before, result.score, strict=True))
        if deal.revoke is not None:
            assert result.score[deal.revoke] < goal  # the revoking pair stops one short
        won = [pair for pair in (0, 1) if result.score[pair] >= goal]
        if result.game is None:
            assert won == []
        else:
            assert won == [result.game.winner]
            assert result.game.opponents_score == result.score[1 - result.game.winner]
    if rubber.deals and rubber.deals[-1].game is None:
        assert rubber.score == rubber.deals[-1].score
    else:
        assert rubber.score == (0, 0)


@FAST
@given(rubbers(house_rules()))
def test_a_deal_scores_tricks_over_six_and_honours_held(table: Table) -> None:
    opts, _, entered, rubber = table
    goal = opts["game_points"]
    for before, deal, result in zip(before_each_deal(rubber), entered, rubber.deals, strict=True):
        honours = {3: 2, 4: opts["four_honours"]}
        if deal.revoke is None:
            assert result.trick_points == tuple(max(0, t - 6) for t in deal.tricks)
            assert sum(result.trick_points) >= 1
            assert result.score == tuple(
                b + t + h for b, t, h in zip(before, result.trick_points, result.honour_points, strict=True)
            )
        for pair in (0, 1):
            scored = result.honour_points[pair]
            assert scored in (0, honours.get(deal.honours[pair], 0))
            if deal.honours[pair] < 3 or before[pair] == goal - 1:
                assert scored == 0
        if result.game is not None and any(result.honour_points):
            assert result.honour_points[result.game.winner] > 0  # honours come last: they won it
        if deal.revoke is None and any(
            b + t >= goal for b, t in zip(before, result.trick_points, strict=True)
        ):
            assert result.honour_points == (0, 0)  # the tricks won the game: no honours are scored


@FAST
@given(rubbers(house_rules()))
def test_the_totals_and_payment_match_the_games(table: Table) -> None:
    opts, _, _, rubber = table
    totals = [0, 0]
    for game in rubber.games:
        assert game.opponents_score is not None
        assert game.game_points == WHIST.game_value(game.opponents_score, opts)
        treble, single = game.opponents_score == 0, game.opponents_score * 2 >= opts["game_points"]
        assert game.game_points == (3 if treble else 1 if single else 2)
        totals[game.winner] += game.game_points
    settlement = WHIST.settle(opts, rubber)
    if rubber.outcome is None:
        assert WHIST.totals(opts, rubber) == tuple(totals)
        assert max(rubber.wins(0), rubber.wins(1)) <= 1
        assert settlement is None
        return
    totals[rubber.outcome.winner] += opts["rubber_bonus"]
    assert WHIST.totals(opts, rubber) == tuple(totals)
    assert settlement is not None
    assert settlement.points == abs(totals[0] - totals[1])
    assert totals[settlement.payee] >= totals[settlement.payer]
    assert settlement.payee != settlement.payer
    if opts["rubber_bonus"] >= 2:
        assert settlement.payee == rubber.outcome.winner
    assert settlement.amount == (Decimal(str(opts["stake"])) * settlement.points).quantize(Decimal("0.01"))
    assert settlement.total == settlement.amount * (2 if opts["stake_basis"] == "player" else 1)


@FAST
@given(rubbers(house_rules()))
def test_the_deal_passes_to_the_right_unless_the_table_says_otherwise(table: Table) -> None:
    _, first_dealer, entered, rubber = table
    expected = first_dealer
    for deal, result in zip(entered, rubber.deals, strict=True):
        expected = deal.dealer if deal.dealer is not None else expected
        assert result.dealer == expected
        expected = (expected + 1) % 4
        if result.next_dealer is not None:
            assert result.next_dealer == expected
