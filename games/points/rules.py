"""The points board (issue 22): the sheet of any card game the app has no rules for.

2 to 8 players write down each deal's points, one whole number each, as their game counts them;
the board adds them up. The match ends after the deal in which a total reaches the target; the
highest total wins, or the lowest with ``lowest_wins`` (as in Hearts). Those who do not win pay
the stake, shared by the winners. No rule of a particular game is checked: only the limits.
This is the project's own game, not one of the seeds (docs/rules.md, "Points board").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..core import (
    STAKE_LIMITS,
    Option,
    Problem,
    Refused,
    gettext_noop,
    next_seat,
    replay,
    split_evenly,
    to_cents,
)

_ = gettext_noop
MIN_PLAYERS, MAX_PLAYERS = 2, 8
POINTS_MOST = 10_000  # a player's points in one deal, either way
TOTAL_MOST = 100_000  # a total carried over from paper, either way (the most a target can be)


@dataclass(frozen=True)
class PointsDeal:
    """One deal as the table enters it: each player's points, in seat order."""

    points: tuple[int, ...]
    dealer: int | None = None  # a dealer the table chose instead of the next in turn


@dataclass(frozen=True)
class PointsStart:
    """Totals already on a paper sheet."""

    totals: tuple[int, ...]


@dataclass(frozen=True)
class DealResult:
    number: int
    dealer: int
    points: tuple[int, ...]
    totals: tuple[int, ...]  # after the deal
    next_dealer: int | None


@dataclass(frozen=True)
class Outcome:
    reason: str  # "target"
    after_deal: int  # 0: the start had ended it (refused: a start may not)
    winners: tuple[int, ...]  # seats, in seating order; several when tied for first
    losers: tuple[int, ...]  # every other seat: those who pay


@dataclass(frozen=True)
class PointsMatch:
    deals: tuple[DealResult, ...]
    totals: tuple[int, ...]
    outcome: Outcome | None
    next_dealer: int | None
    lowest_wins: bool

    def better(self, seat: int) -> int:
        """A seat's total as the ranking orders it: the larger the better."""
        return -self.totals[seat] if self.lowest_wins else self.totals[seat]

    @property
    def ranking(self) -> tuple[int, ...]:
        """Seats from first to last; ties in seating order."""
        return tuple(sorted(range(len(self.totals)), key=lambda seat: (-self.better(seat), seat)))

    @property
    def places(self) -> tuple[int, ...]:
        """Each seat's place, from 1; tied players share a place and the next place is skipped (1, 1, 3)."""
        seats = range(len(self.totals))
        return tuple(
            1 + sum(1 for other in seats if self.better(other) > self.better(seat)) for seat in seats
        )


class Points:
    """The one points board: three house rules, the limits, nothing of any particular game."""

    key = "points"
    family = "points"
    names = _("Points board")
    min_players = MIN_PLAYERS
    summary = _(
        "Any card game: enter each player's points every deal; the match ends when a total reaches "
        "the target, and the highest total wins (or the lowest)."
    )
    options = (
        Option(
            "stake",
            0,
            _("Money each player who does not win pays, shared by the winners."),
            "number",
            minimum=0,
            label=_("Stake"),
            **{**STAKE_LIMITS, "maximum": 1000},
        ),
        Option(
            "target",
            100,
            _("The match ends after the deal in which a player's total reaches this."),
            "int",
            minimum=1,
            ask=True,
            label=_("Target"),
            maximum=TOTAL_MOST,
            limits=_("the target is a whole number of points from %(minimum)d to %(maximum)d"),
            most=_("the target is at most %(maximum)d points"),
        ),
        Option(
            "lowest_wins",
            False,
            _("The lowest total wins, as in Hearts; the match still ends when a total reaches the target."),
            "bool",
            label=_("Lowest total wins"),
        ),
    )

    def max_players(self, opts: Mapping[str, Any]) -> int:
        return MAX_PLAYERS

    def check_players(self, count: int, opts: Mapping[str, Any]) -> Problem | None:
        if MIN_PLAYERS <= count <= MAX_PLAYERS:
            return None
        return Problem(
            _("a points board has 2 to %(most)d players, not %(count)d"),
            {"most": MAX_PLAYERS, "count": count},
            field="players",
        )

    def check_deal(self, deal: PointsDeal, players: Sequence[str], number: int | None) -> None:
        """A deal's own checks: a number for every player, each within the limit."""
        if len(deal.points) != len(players):
            raise Refused(
                [
                    Problem(
                        _("a deal gives points to each of the %(count)d players, not to %(given)d"),
                        {"count": len(players), "given": len(deal.points)},
                        deal=number,
                        field="points",
                    )
                ]
            )
        problems = [
            Problem(
                _("%(player)s cannot score %(points)d points in a deal: from %(least)d to %(most)d"),
                {"player": player, "points": points, "least": -POINTS_MOST, "most": POINTS_MOST},
                deal=number,
                player=player,
                field="points",
            )
            for player, points in zip(players, deal.points, strict=True)
            if not -POINTS_MOST <= points <= POINTS_MOST
        ]
        if problems:
            raise Refused(problems)

    def check_start(self, start: PointsStart, players: Sequence[str]) -> None:
        problems = [
            Problem(
                _("%(player)s's total carried over is %(total)d: from %(least)d to %(most)d"),
                {"player": player, "total": total, "least": -TOTAL_MOST, "most": TOTAL_MOST},
                player=player,
                field="start",
            )
            for player, total in zip(players, start.totals, strict=True)
            if not -TOTAL_MOST <= total <= TOTAL_MOST
        ]
        if problems:
            raise Refused(problems)

    def outcome(self, totals: Sequence[int], number: int, opts: Mapping[str, Any]) -> Outcome | None:
        """Ended when a total reaches the target; the best totals win, the others lose."""
        if max(totals) < int(opts["target"]):
            return None
        best = min(totals) if opts["lowest_wins"] else max(totals)
        winners = tuple(seat for seat, total in enumerate(totals) if total == best)
        losers = tuple(seat for seat in range(len(totals)) if seat not in winners)
        return Outcome("target", number, winners, losers)

    def play(
        self,
        opts: Mapping[str, Any],
        players: Sequence[str],
        first_dealer: int,
        deals: Sequence[PointsDeal],
        start: PointsStart | None = None,
    ) -> PointsMatch:
        """Replay a match deal by deal; every problem of every deal is reported at once."""
        return self.replayed(opts, players, first_dealer, deals, start).result()

    def replayed(
        self,
        opts: Mapping[str, Any],
        players: Sequence[str],
        first_dealer: int,
        deals: Sequence[PointsDeal],
        start: PointsStart | None = None,
    ) -> _Replay:
        """The running state after every deal, which ``core.step_on`` takes on to the next."""
        if start is not None:
            self.check_start(start, players)
        state = _Replay(self, opts, players, first_dealer, start)
        replay(state, deals, ended_at_start=state.outcome is not None)
        return state

    def settle(self, opts: Mapping[str, Any], match: PointsMatch) -> list[Decimal]:
        """Each player's money at the end, to the cent: + won, − lost (all 0 while in progress).

        Each loser pays the stake, rounded to the cent once; the winners share what the losers
        pay, the extra cents to the first winners in seating order: the nets add up to zero.
        """
        seats = len(match.totals)
        outcome = match.outcome
        if outcome is None:
            return [Decimal(0)] * seats
        stake = to_cents(Decimal(str(opts["stake"])))
        cents = [0] * seats
        for seat in outcome.losers:
            cents[seat] -= stake
        shares = split_evenly(stake * len(outcome.losers), len(outcome.winners))
        for seat, share in zip(outcome.winners, shares, strict=True):
            cents[seat] += share
        return [Decimal(c) / 100 for c in cents]


class _Replay:
    """The running state of a points board while its deals are replayed."""

    def __init__(
        self,
        rules: Points,
        opts: Mapping[str, Any],
        players: Sequence[str],
        first_dealer: int,
        start: PointsStart | None,
    ) -> None:
        self.rules, self.opts, self.players = rules, opts, players
        self.totals = list(start.totals) if start else [0] * len(players)
        self.dealer = first_dealer
        self.results: list[DealResult] = []
        self.outcome = rules.outcome(self.totals, 0, opts) if start else None

    @property
    def ended(self) -> bool:
        return self.outcome is not None

    def check_alone(self, number: int, deal: PointsDeal) -> None:
        """Every check of a deal is its own: a number per player, each within the limit."""
        self.rules.check_deal(deal, self.players, number)

    def step(self, number: int, deal: PointsDeal) -> None:
        if self.outcome is not None:
            raise Refused(
                [
                    Problem(
                        _("the match ended after deal %(last)d"),
                        {"last": self.outcome.after_deal},
                        deal=number,
                    )
                ]
            )
        self.rules.check_deal(deal, self.players, number)
        if deal.dealer is not None:
            self.dealer = deal.dealer
        self.totals = [total + points for total, points in zip(self.totals, deal.points, strict=True)]
        self.outcome = self.rules.outcome(self.totals, number, self.opts)
        dealer = self.dealer
        self.dealer = next_seat(dealer, len(self.players))
        following = None if self.outcome else self.dealer
        self.results.append(DealResult(number, dealer, deal.points, tuple(self.totals), following))

    def result(self) -> PointsMatch:
        return PointsMatch(
            deals=tuple(self.results),
            totals=tuple(self.totals),
            outcome=self.outcome,
            next_dealer=None if self.outcome else self.dealer,
            lowest_wins=bool(self.opts["lowest_wins"]),
        )


POINTS = Points()
