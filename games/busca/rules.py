"""Busca: the three variants of the seeds (000 Busche, 001 Traversone & co., 003 the cross).

A deal's input is the points each player captured (or only who took the most, and how many:
``TopScore``), who covered, and penalties; the engine validates it, gives each player's busche,
and replays a whole match: totals, who deals and leads, when the match ends, who lost and won,
and the money.
The rules and their numbers are those of docs/rules.md, sections 1 to 5 and 8.
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
SEATS = 4
LAST_TRICK_BONUS = 3


@dataclass(frozen=True)
class Penalty:
    seat: int
    kind: str  # "renege" or "misdeal"


@dataclass(frozen=True)
class TopScore:
    """A deal entered by its top alone: who took the most points (several when tied), and how many
    each took (the last trick's 3 included). The others' points are not entered."""

    seats: tuple[int, ...]
    points: int

    def stand_in(self) -> tuple[int, ...]:
        """Points to score the deal by: the top's own, and for the others, below every count and tied
        with nobody, which is all that the busche ask of them (a tie below the top, which 003 marks,
        is not entered this way)."""
        return tuple(self.points if seat in self.seats else -1 - seat for seat in range(SEATS))


@dataclass(frozen=True)
class BuscaDeal:
    """One deal as the table enters it (seat indices, not names)."""

    points: tuple[int, ...] | None
    covered: tuple[bool | None, ...] | None = None
    last_trick: int | None = None  # set when the points leave out the last-trick bonus
    penalties: tuple[Penalty, ...] = ()
    dealer: int | None = None  # a dealer the table chose instead of the rules' choice
    top: TopScore | None = None  # in place of the points: who took the most, and how many


@dataclass(frozen=True)
class BuscaStart:
    """Busche already on a paper sheet, and how many deals they took."""

    totals: tuple[int, ...]
    deals: int = 0


@dataclass(frozen=True)
class DealResult:
    number: int
    dealer: int
    leader: int | None
    points: tuple[int, ...] | None  # with the last-trick bonus
    covered: tuple[bool, ...]
    busche: tuple[int, ...]  # penalties included
    totals: tuple[int, ...]
    next_dealer: int | None
    next_leader: int | None
    # The part of ``busche`` that penalties gave (a renege, a misdeal), not the points: drawn apart.
    penalty_busche: tuple[int, ...] = (0,) * SEATS
    top: TopScore | None = None  # a deal entered by its top alone (``points`` is then None)


@dataclass(frozen=True)
class Outcome:
    """How a finished match ended; seats in seating order."""

    reason: str
    after_deal: int
    losers: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True)
class BuscaMatch:
    deals: tuple[DealResult, ...]
    totals: tuple[int, ...]
    outcome: Outcome | None
    next_dealer: int | None
    next_leader: int | None

    @property
    def ranking(self) -> tuple[int, ...]:
        """Seats from fewest busche to most; ties in seating order."""
        return tuple(sorted(range(SEATS), key=lambda seat: (self.totals[seat], seat)))


def table_busche(points: int) -> int:
    """The busche table of seeds 000 and 001: ≤18 → 1, 19–22 → 2, then points − 20."""
    if points <= 18:
        return 1
    if points <= 22:
        return 2
    return points - 20


def _tied_top(points: Sequence[int]) -> list[int]:
    top = max(points)
    return [seat for seat in range(SEATS) if points[seat] == top]


def _worst(seats: Sequence[int], badness: Mapping[int, Any], count: int = 2) -> tuple[int, ...]:
    """The ``count`` worst seats by ``badness`` (higher is worse); ties at the cut all go."""
    ranked = sorted(seats, key=lambda seat: badness[seat], reverse=True)
    cut = badness[ranked[min(count, len(ranked)) - 1]]
    return tuple(seat for seat in seats if badness[seat] >= cut)


COMMON_OPTIONS = (
    Option(
        "stake",
        0,
        _("Money per match (losers pay) or per busca."),
        "number",
        minimum=0,
        label=_("Stake"),
        **STAKE_LIMITS,
    ),
    Option(
        "settlement_rule",
        "losers_pay",
        _("Losers pay the stake to the winners, or everyone pays it per busca into the winners' pot."),
        "choice",
        ("losers_pay", "per_busca"),
        label=_("Settlement"),
    ),
    Option(
        "top_entry",
        False,
        _(
            "A deal is entered as who took the most points and how many, and who did not cover: "
            "the others' points are neither asked nor checked."
        ),
        "bool",
        label=_("Enter the top scorers only"),
        extension=True,
    ),
)


def _cover_option(default: bool) -> Option:
    return Option(
        "cover_requires_point",
        default,
        _("A cover needs a point (the last trick counts), not just a trick."),
        "bool",
        label=_("A cover needs a point"),
    )


def _renege_option() -> Option:
    return Option(
        "renege_penalty",
        1,
        _("Busche for each renege (not following suit when able)."),
        "int",
        minimum=0,
        label=_("Renege penalty"),
        maximum=10,
        limits=_("the renege penalty is a whole number of busche from %(minimum)d to %(maximum)d"),
        most=_("the renege penalty is at most %(maximum)d busche"),
    )


def _top_also_option() -> Option:
    return Option(
        "top_also_scores_when_non_cover",
        False,
        _("When someone does not cover, the top scorer also takes busche."),
        "bool",
        label=_("Top scorer also takes busche on a non-cover"),
    )


class BuscaVariant:
    """What the three variants share; each subclass overrides a few hooks."""

    key: str
    family = "busca"
    min_players = SEATS
    deal_total: int
    penalty_kinds: frozenset[str] = frozenset()
    options: tuple[Option, ...]
    names: str
    summary: str
    first_leader_known = True

    def max_players(self, opts: Mapping[str, Any]) -> int:
        return SEATS

    def check_players(self, count: int, opts: Mapping[str, Any]) -> Problem | None:
        if count == SEATS:
            return None
        return Problem(_("a Busca match has 4 players, not %(count)d"), {"count": count}, field="players")

    # -- hooks -------------------------------------------------------------
    def base_busche(
        self, points: Sequence[int] | None, covered: Sequence[bool], opts: Mapping[str, Any]
    ) -> list[int]:
        raise NotImplementedError

    def needs_points_on_non_cover(self, opts: Mapping[str, Any]) -> bool:
        return bool(opts.get("top_also_scores_when_non_cover"))

    def thresholds(self, opts: Mapping[str, Any]) -> tuple[int, ...]:
        """The totals that end a match, to mark on the score cross."""
        raise NotImplementedError

    def outcome(
        self, totals: Sequence[int], number: int, deals_played: int, state: _Replay
    ) -> Outcome | None:
        raise NotImplementedError

    # -- one deal ------------------------------------------------------------
    def check_deal(
        self,
        deal: BuscaDeal,
        opts: Mapping[str, Any],
        players: Sequence[str],
        dealer: int | None,
        number: int,
    ) -> tuple[tuple[int, ...] | None, tuple[bool, ...], list[int]]:
        """Validate a deal: the points with the bonus, who covered, penalty busche.

        ``dealer`` None: who dealt is not known (after a deal refused), and a misdeal is not checked.
        """
        problems: list[Problem] = []

        def problem(template: str, field: str, seat: int | None = None, **params: Any) -> None:
            player = players[seat] if seat is not None else None
            if player is not None:
                params["player"] = player
            problems.append(Problem(template, params, deal=number, player=player, field=field))

        points: list[int] | None = None
        if deal.points is not None:
            points = list(deal.points)
            for seat, value in enumerate(points):
                if value < 0:
                    problem(_("%(player)s cannot have %(points)d points"), "points", seat, points=value)
            expected = self.deal_total - (LAST_TRICK_BONUS if deal.last_trick is not None else 0)
            if sum(points) != expected:
                if deal.last_trick is None:
                    template = _("points add up to %(sum)d, a deal of %(game)s has %(total)d")
                else:
                    template = _(
                        "points add up to %(sum)d; without the last trick a deal of %(game)s has %(total)d"
                    )
                problem(template, "points", sum=sum(points), game=self.key, total=expected)
            if deal.last_trick is not None:
                points[deal.last_trick] += LAST_TRICK_BONUS
            elif max(points) < LAST_TRICK_BONUS:
                problem(_("nobody has the 3 points of the last trick"), "points")

        top = deal.top
        if top is not None and points is not None:
            problem(_("enter every player's points or only the top scorers', not both"), "top")
            top = None
        last_trick = deal.last_trick
        if top is not None and last_trick is not None:
            problem(_("the top scorers' points include the last trick: leave it out"), "last_trick")
            last_trick = None
        if points is None and last_trick is not None:  # no points, so no bonus to add to anyone
            template = _("the last trick counts only with the points: enter them, or leave it out")
            problem(template, "last_trick")
            last_trick = None
        covered: list[bool] = []
        for seat in range(SEATS):
            given = deal.covered[seat] if deal.covered is not None else None
            if seat == last_trick and given is False:
                problem(_("%(player)s took the last trick and so covered"), "covered", seat)
                given = True  # reported once: the checks below must not say it again
            if top is not None:  # who is not marked as not covering covered
                if seat in top.seats and given is False:
                    problem(_("%(player)s took the most points and so covered"), "covered", seat)
                covered.append(given is not False or seat in top.seats)
                continue
            if points is None:
                if given is None:
                    problem(_("say whether %(player)s covered"), "covered", seat)
                covered.append(bool(given))
                continue
            scored = points[seat]
            if scored < 0:  # already refused above; "has 0 points" would be wrong
                covered.append(False)
                continue
            if opts["cover_requires_point"]:
                if given is True and scored < 1:
                    problem(_("%(player)s has 0 points; a cover needs a point"), "covered", seat)
                covered.append(scored >= 1)
            elif scored > 0:
                if given is False:
                    problem(
                        _("%(player)s has %(points)d points and so took a trick and covered"),
                        "covered",
                        seat,
                        points=scored,
                    )
                covered.append(True)
            else:
                if given is None:
                    problem(_("%(player)s has 0 points; say whether he covered"), "covered", seat)
                covered.append(bool(given))
            if points is not None and opts["cover_requires_point"] and given is False and scored > 0:
                problem(_("%(player)s has %(points)d points and so covered"), "covered", seat, points=scored)

        if top is not None and not problems:
            self.check_top(top, covered, opts, players, problem)
        elif not problems:
            if not any(covered):
                problem(_("nobody covered, but someone won the tricks"), "covered")
            elif points is None and all(covered):
                problem(_("enter the points: everybody covered"), "points")
            elif points is None and self.needs_points_on_non_cover(opts):
                problem(_("enter the points: with this house rule the top scorer takes busche too"), "points")

        extra = [0] * SEATS
        for penalty in deal.penalties:
            if penalty.kind not in self.penalty_kinds:
                template = {
                    "renege": _("%(game)s has no renege penalty"),
                    "misdeal": _("%(game)s has no misdeal penalty"),
                }.get(penalty.kind, _("%(game)s has no %(kind)s penalty"))
                problem(
                    template,
                    "penalties",
                    penalty.seat,
                    game=self.key,
                    kind=penalty.kind,
                )
            elif penalty.kind == "misdeal" and dealer is not None and penalty.seat != dealer:
                problem(
                    _("%(player)s did not deal this deal; a misdeal is the dealer's (%(dealer)s)"),
                    "penalties",
                    penalty.seat,
                    dealer=players[dealer] if dealer is not None else "",
                )
            else:
                extra[penalty.seat] += int(opts[f"{penalty.kind}_penalty"])
        if problems:
            raise Refused(problems)
        return (tuple(points) if points is not None else None), tuple(covered), extra

    def check_top(
        self,
        top: TopScore,
        covered: Sequence[bool],
        opts: Mapping[str, Any],
        players: Sequence[str],
        problem: Any,
    ) -> None:
        """What can be checked of a deal entered by its top: that the top's points fit in the deal and
        leave the others, who covered, fewer points each (at least one each where a cover needs it).
        The others' own points are not entered, and so not checked."""
        tied, value = len(top.seats), top.points
        others = [s for s in range(SEATS) if s not in top.seats and covered[s]]
        rest = self.deal_total - tied * value
        least = len(others) if opts["cover_requires_point"] else 0
        said = {
            "points": value,
            "total": self.deal_total,
            "rest": rest,
            "below": value - 1,
            "names": " & ".join(players[s] for s in top.seats),
        }
        if rest < 0 and tied == 1:
            template = _("%(player)s cannot have %(points)d points: a deal has %(total)d")
        elif rest < 0:
            template = _("%(names)s cannot each have %(points)d points: a deal has %(total)d")
        elif rest > 0 and not others and tied == 1:
            template = _("%(player)s with %(points)d leaves %(rest)d points to nobody: a deal has %(total)d")
        elif rest > 0 and not others:
            template = _(
                "%(names)s with %(points)d each leave %(rest)d points to nobody: a deal has %(total)d"
            )
        elif rest > len(others) * (value - 1):
            template = _(
                "if %(names)s took the most, %(points)d, every other player who covered took at most "
                "%(below)d: the points do not reach the deal's %(total)d"
            )
        elif rest < least:
            template = _(
                "with %(points)d for %(names)s, %(rest)d points are left, and every other player who "
                "covered needs one"
            )
        else:
            return
        problem(template, "top", top.seats[0], **said)

    # -- a whole match ---------------------------------------------------------
    def play(
        self,
        opts: Mapping[str, Any],
        players: Sequence[str],
        first_dealer: int,
        deals: Sequence[BuscaDeal],
        start: BuscaStart | None = None,
    ) -> BuscaMatch:
        """Replay a match deal by deal; every problem of every deal is reported at once."""
        return self.replayed(opts, players, first_dealer, deals, start).result()

    def replayed(
        self,
        opts: Mapping[str, Any],
        players: Sequence[str],
        first_dealer: int,
        deals: Sequence[BuscaDeal],
        start: BuscaStart | None = None,
    ) -> _Replay:
        """The running state after every deal, which ``core.step_on`` takes on to the next."""
        state = _Replay(self, opts, players, first_dealer, start)
        replay(state, deals, ended_at_start=start is not None and state.outcome is not None)
        return state

    def next_dealer(self, busche: Sequence[int], dealer: int) -> int:
        """The deal's loser deals next (AMB-05: the most busche, then seat order after the dealer)."""
        most = max(busche)
        order = [next_seat(dealer + k, SEATS) for k in range(SEATS)]
        return next(seat for seat in order if busche[seat] == most)

    def settle(self, opts: Mapping[str, Any], totals: Sequence[int], outcome: Outcome) -> list[Decimal]:
        """Each player's money, to the cent: + won, − lost."""
        stake = Decimal(str(opts["stake"]))
        cents = [0] * SEATS
        if not outcome.winners:
            return [Decimal(0)] * SEATS
        paying = outcome.losers or tuple(s for s in range(SEATS) if s not in outcome.winners)
        for seat in range(SEATS):
            if opts["settlement_rule"] == "per_busca":
                cents[seat] = to_cents(stake * totals[seat])
            elif seat in paying:
                cents[seat] = to_cents(stake)
        shares = split_evenly(sum(cents), len(outcome.winners))
        net = [-c for c in cents]
        for seat, share in zip(outcome.winners, shares, strict=True):
            net[seat] += share
        return [Decimal(n) / 100 for n in net]


class _Replay:
    """The running state of a match while its deals are replayed."""

    def __init__(
        self,
        variant: BuscaVariant,
        opts: Mapping[str, Any],
        players: Sequence[str],
        first_dealer: int,
        start: BuscaStart | None,
    ) -> None:
        self.variant = variant
        self.opts = opts
        self.players = players
        self.totals = list(start.totals) if start else [0] * SEATS
        self.deals_before = start.deals if start else 0
        self.dealer = first_dealer
        self.leader: int | None = next_seat(first_dealer, SEATS)
        if start is None and not variant.first_leader_known:
            self.leader = None
        self.results: list[DealResult] = []
        # For 003's "first two to reach": the deal at which each seat reached the threshold.
        self.reached: dict[int, int] = {}
        self.record_reached(0)
        self.outcome = variant.outcome(self.totals, 0, self.deals_before, self) if start else None

    def record_reached(self, number: int) -> None:
        threshold = self.opts.get("threshold")
        for seat in range(SEATS):
            if threshold is not None and self.totals[seat] >= threshold:
                self.reached.setdefault(seat, number)

    @property
    def ended(self) -> bool:
        return self.outcome is not None

    def check_alone(self, number: int, deal: BuscaDeal) -> None:
        """The deal's own checks: its points and covers; a misdeal only if the deal names its dealer."""
        self.variant.check_deal(deal, self.opts, self.players, deal.dealer, number)

    def step(self, number: int, deal: BuscaDeal) -> None:
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
        if deal.dealer is not None and deal.dealer != self.dealer:
            self.dealer = deal.dealer
            self.leader = next_seat(deal.dealer, SEATS) if self.leader is not None else None
        points, covered, extra = self.variant.check_deal(deal, self.opts, self.players, self.dealer, number)
        scoring = deal.top.stand_in() if deal.top is not None and points is None else points
        base = self.variant.base_busche(scoring, covered, self.opts)
        busche = tuple(b + e for b, e in zip(base, extra, strict=True))
        self.totals = [t + b for t, b in zip(self.totals, busche, strict=True)]
        self.record_reached(number)
        self.outcome = self.variant.outcome(self.totals, number, self.deals_before + number, self)
        dealer, leader = self.dealer, self.leader
        self.dealer = self.variant.next_dealer(base, dealer)
        self.leader = next_seat(self.dealer, SEATS)
        done = self.outcome is not None
        self.results.append(
            DealResult(
                number=number,
                dealer=dealer,
                leader=leader,
                points=points,
                covered=covered,
                busche=busche,
                totals=tuple(self.totals),
                next_dealer=None if done else self.dealer,
                next_leader=None if done else self.leader,
                penalty_busche=tuple(extra),
                top=deal.top if points is None else None,
            )
        )

    def result(self) -> BuscaMatch:
        done = self.outcome is not None
        return BuscaMatch(
            deals=tuple(self.results),
            totals=tuple(self.totals),
            outcome=self.outcome,
            next_dealer=None if done else self.dealer,
            next_leader=None if done else self.leader,
        )


class Busca000(BuscaVariant):
    key = "busca-000"
    deal_total = 40
    penalty_kinds = frozenset({"renege", "misdeal"})
    names = "Busca / Busche"
    summary = _(
        "40 points a deal. The top scorer takes busche by the table (up to 18: 1, 19 to 22: 2, "
        "then points − 20); the match ends when one player passes 20 or two pass 10."
    )
    options = (
        *COMMON_OPTIONS,
        _cover_option(False),
        _top_also_option(),
        _renege_option(),
        Option(
            "misdeal_penalty",
            1,
            _("Busche for each misdeal, to the dealer."),
            "int",
            minimum=0,
            label=_("Misdeal penalty"),
            maximum=10,
            limits=_("the misdeal penalty is a whole number of busche from %(minimum)d to %(maximum)d"),
            most=_("the misdeal penalty is at most %(maximum)d busche"),
        ),
        Option(
            "tie_multiplier",
            False,
            _("Players tied at the top each take the table value times the number tied."),
            "bool",
            label=_("Multiply ties at the top"),
        ),
        Option(
            "single_limit",
            20,
            _("The match ends when one player's busche pass this."),
            "int",
            minimum=1,
            label=_("Limit for one player"),
            maximum=100,
            limits=_("the limit for one player is a whole number of busche from %(minimum)d to %(maximum)d"),
            most=_("the limit for one player is at most %(maximum)d busche"),
        ),
        Option(
            "pair_limit",
            10,
            _("The match ends when two players' busche pass this."),
            "int",
            minimum=1,
            label=_("Limit for two players"),
            maximum=100,
            limits=_("the limit for two players is a whole number of busche from %(minimum)d to %(maximum)d"),
            most=_("the limit for two players is at most %(maximum)d busche"),
        ),
        Option(
            "limit_strict",
            True,
            _("On: a player must go over a limit; off: reaching it is enough."),
            "bool",
            label=_("Strictly over the limit"),
        ),
        Option(
            "losers",
            "all_over_limit",
            _("Who loses: everyone over the limit, or the two highest totals."),
            "choice",
            ("all_over_limit", "two_highest"),
            label=_("Losers"),
        ),
    )

    def thresholds(self, opts: Mapping[str, Any]) -> tuple[int, ...]:
        return (opts["pair_limit"], opts["single_limit"])

    def top_busche(self, points: Sequence[int], opts: Mapping[str, Any]) -> list[int]:
        tied = _tied_top(points)
        value = table_busche(max(points)) * (len(tied) if opts["tie_multiplier"] else 1)
        return [value if seat in tied else 0 for seat in range(SEATS)]

    def base_busche(
        self, points: Sequence[int] | None, covered: Sequence[bool], opts: Mapping[str, Any]
    ) -> list[int]:
        uncovered = [seat for seat in range(SEATS) if not covered[seat]]
        if not uncovered:
            assert points is not None
            return self.top_busche(points, opts)
        each = {1: 2, 2: 4, 3: 8}[len(uncovered)]
        busche = [each if seat in uncovered else 0 for seat in range(SEATS)]
        if opts["top_also_scores_when_non_cover"] and points is not None:
            busche = [b + t for b, t in zip(busche, self.top_busche(points, opts), strict=True)]
        return busche

    def outcome(
        self, totals: Sequence[int], number: int, deals_played: int, state: _Replay
    ) -> Outcome | None:
        opts = state.opts

        def over(limit: int) -> list[int]:
            return [
                s
                for s in range(SEATS)
                if totals[s] > limit or (not opts["limit_strict"] and totals[s] >= limit)
            ]

        over_pair, over_single = over(opts["pair_limit"]), over(opts["single_limit"])
        if len(over_pair) >= 2:
            reason, losers = "pair_limit", tuple(over_pair)
        elif over_single:
            reason, losers = "single_limit", tuple(over_single)
        else:
            return None
        if reason == "pair_limit" and opts["losers"] == "two_highest":
            # The option says who loses by the pair limit; the single limit's loser is who passed it.
            losers = _worst(range(SEATS), dict(enumerate(totals)))
        winners = tuple(s for s in range(SEATS) if s not in losers)
        return Outcome(reason, number, losers, winners)


class Busca001(BuscaVariant):
    key = "busca-001"
    deal_total = 40
    names = "Traversone, Rovescino, Ciapanò, Tressette a perdere"
    summary = _(
        "40 points a deal; a cover needs a point. The top scorer takes the table times the number "
        "tied; fewest busche wins when a total reaches the threshold or after the set deals."
    )
    options = (
        *COMMON_OPTIONS,
        _cover_option(True),
        Option(
            "non_cover_rule",
            "one_times_n",
            _(
                "Busche for each player who does not cover: 1 × their number, "
                "the top scorer's table value, or 2/4/8."
            ),
            "choice",
            ("one_times_n", "top_table", "schedule_000"),
            label=_("Busche for not covering"),
        ),
        Option(
            "victory_threshold",
            None,
            _("Whoever reaches it ends the match; the fewest busche win."),
            "int",
            minimum=1,
            nullable=True,
            ask=True,
            label=_("Victory threshold"),
            maximum=1000,
            limits=_(
                "the victory threshold is a whole number of busche from %(minimum)d to %(maximum)d, or none"
            ),
            most=_("the victory threshold is at most %(maximum)d busche"),
        ),
        Option(
            "max_deals",
            None,
            _("The match ends after this many deals."),
            "int",
            minimum=1,
            nullable=True,
            ask=True,
            label=_("Number of deals"),
            maximum=1000,
            limits=_("the number of deals is a whole number from %(minimum)d to %(maximum)d, or none"),
            most=_("the number of deals is at most %(maximum)d"),
        ),
    )

    def needs_points_on_non_cover(self, opts: Mapping[str, Any]) -> bool:
        return bool(opts["non_cover_rule"] == "top_table")

    def thresholds(self, opts: Mapping[str, Any]) -> tuple[int, ...]:
        return () if opts["victory_threshold"] is None else (opts["victory_threshold"],)

    def base_busche(
        self, points: Sequence[int] | None, covered: Sequence[bool], opts: Mapping[str, Any]
    ) -> list[int]:
        uncovered = [seat for seat in range(SEATS) if not covered[seat]]
        if uncovered:
            rule = opts["non_cover_rule"]
            if rule == "one_times_n":
                each = len(uncovered)
            elif rule == "top_table":
                assert points is not None
                each = table_busche(max(points))
            else:
                each = {1: 2, 2: 4, 3: 8}[len(uncovered)]
            return [each if seat in uncovered else 0 for seat in range(SEATS)]
        assert points is not None
        tied = _tied_top(points)
        value = table_busche(max(points)) * len(tied)
        return [value if seat in tied else 0 for seat in range(SEATS)]

    def outcome(
        self, totals: Sequence[int], number: int, deals_played: int, state: _Replay
    ) -> Outcome | None:
        threshold, max_deals = state.opts["victory_threshold"], state.opts["max_deals"]
        if threshold is not None and max(totals) >= threshold:
            reason = "victory_threshold"
        elif max_deals is not None and deals_played >= max_deals:
            reason = "max_deals"
        else:
            return None
        fewest = min(totals)
        winners = tuple(s for s in range(SEATS) if totals[s] == fewest)
        return Outcome(reason, number, (), winners)


class Busca003(BuscaVariant):
    key = "busca-003"
    deal_total = 35
    penalty_kinds = frozenset({"renege"})
    names = "Busca a croce"
    first_leader_known = False  # the holder of the 5 of denari leads the first deal
    summary = _(
        "35 points a deal, marked on a cross. The top scorer marks 1; ties at 9 or more mark 2, 3 "
        "or 4 each; when two players reach 10, the two highest lose."
    )
    options = (
        *COMMON_OPTIONS,
        _cover_option(False),
        _top_also_option(),
        _renege_option(),
        Option(
            "top_score",
            "one",
            _("The top scorer marks one busca, or takes busche by the Busca / Busche table."),
            "choice",
            ("one", "table"),
            label=_("Top scorer marks"),
        ),
        Option(
            "tie_scope",
            "any",
            _("Ties at 9 or more mark anywhere, or only ties for the top."),
            "choice",
            ("any", "top"),
            label=_("Which ties mark"),
        ),
        Option(
            "high_pair_tie",
            4,
            _("Busche each for a pair tied at 16 or 17."),
            "choice",
            (4, 2),
            label=_("Pair tied at 16 or 17"),
        ),
        Option(
            "threshold",
            10,
            _("The match ends when two players' busche reach this."),
            "int",
            minimum=1,
            label=_("Threshold"),
            maximum=100,
            limits=_("the threshold is a whole number of busche from %(minimum)d to %(maximum)d"),
            most=_("the threshold is at most %(maximum)d busche"),
        ),
        Option(
            "losers",
            "two_highest",
            _("Who loses: the two highest totals, all at the threshold, or the first two to reach it."),
            "choice",
            ("two_highest", "all_at_threshold", "first_two_to_reach"),
            label=_("Losers"),
        ),
    )

    def thresholds(self, opts: Mapping[str, Any]) -> tuple[int, ...]:
        return (opts["threshold"],)

    def covered_busche(self, points: Sequence[int], opts: Mapping[str, Any], scope: str) -> list[int]:
        """Busche when everybody took a trick (R003-4 to R003-6)."""
        top = max(points)
        for value in sorted(set(points), reverse=True):
            tied = [seat for seat in range(SEATS) if points[seat] == value]
            if value < 9 or len(tied) < 2 or (scope == "top" and value != top):
                continue
            if len(tied) == 3:
                each = 3
            elif value >= 16:
                each = int(opts["high_pair_tie"])
            else:
                each = 4 if value >= 15 else 2
            return [each if seat in tied else 0 for seat in range(SEATS)]
        value = 1 if opts["top_score"] == "one" else table_busche(top)
        return [value if points[seat] == top else 0 for seat in range(SEATS)]

    def base_busche(
        self, points: Sequence[int] | None, covered: Sequence[bool], opts: Mapping[str, Any]
    ) -> list[int]:
        uncovered = [seat for seat in range(SEATS) if not covered[seat]]
        if not uncovered:
            assert points is not None
            return self.covered_busche(points, opts, opts["tie_scope"])
        busche = [1 if seat in uncovered else 0 for seat in range(SEATS)]
        if opts["top_also_scores_when_non_cover"] and points is not None:
            top = self.covered_busche(points, opts, "top")
            busche = [b + t for b, t in zip(busche, top, strict=True)]
        return busche

    def outcome(
        self, totals: Sequence[int], number: int, deals_played: int, state: _Replay
    ) -> Outcome | None:
        threshold = state.opts["threshold"]
        reached = [s for s in range(SEATS) if totals[s] >= threshold]
        if len(reached) < 2:
            return None
        rule = state.opts["losers"]
        if rule == "all_at_threshold":
            losers = tuple(reached)
        elif rule == "first_two_to_reach":
            # Earlier is worse; in the same deal, more busche is worse.
            badness = {s: (-state.reached[s], totals[s]) for s in reached}
            losers = _worst(reached, badness)
        else:
            losers = _worst(range(SEATS), dict(enumerate(totals)))
        winners = tuple(s for s in range(SEATS) if s not in losers)
        return Outcome("threshold", number, losers, winners)


VARIANTS: dict[str, BuscaVariant] = {v.key: v for v in (Busca000(), Busca001(), Busca003())}
