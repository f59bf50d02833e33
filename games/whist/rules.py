"""Short Whist (seed 004): trick and honour points, games to five, the rubber and the payment.

Two pairs: pair 0 is the first and third player, pair 1 the second and fourth. A deal scores
tricks first, then honours, and a game ends the moment a pair reaches ``game_points``.
The rules and their numbers are those of docs/rules.md, sections 7 and 8 (AMB-25 to 32).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from ..core import STAKE_LIMITS, Option, Problem, Refused, gettext_noop, next_seat

_ = gettext_noop
SEATS = 4
TRICKS = 13
HONOURS = 4
BOOK = 6  # the first six tricks of a pair score nothing


def pair_of(seat: int) -> int:
    """Partners sit opposite: seats 0 and 2 are pair 0, seats 1 and 3 pair 1."""
    return seat % 2


@dataclass(frozen=True)
class WhistDeal:
    tricks: tuple[int, int]
    honours: tuple[int, int]
    revoke: int | None = None  # the pair that revoked
    dealer: int | None = None


@dataclass(frozen=True)
class Game:
    winner: int
    opponents_score: int | None  # None for a game carried over from paper without its score
    game_points: int


@dataclass(frozen=True)
class WhistStart:
    score: tuple[int, int]
    games: tuple[Game, ...]


@dataclass(frozen=True)
class DealResult:
    number: int
    dealer: int
    trick_points: tuple[int, int]
    honour_points: tuple[int, int]
    score: tuple[int, int]  # after the deal, before a finished game resets it
    game: Game | None
    next_dealer: int | None
    # A pair that held three or four honours and scored none for them: one point short of the game
    # (the honour_cutoff house rule says when that is judged).
    honours_not_counted: tuple[bool, bool] = (False, False)


@dataclass(frozen=True)
class Outcome:
    reason: str  # "rubber"
    after_deal: int
    winner: int


@dataclass(frozen=True)
class Settlement:
    points: int
    payer: int
    payee: int
    amount: Decimal
    total: Decimal


@dataclass(frozen=True)
class Rubber:
    deals: tuple[DealResult, ...]
    games: tuple[Game, ...]
    score: tuple[int, int]  # the game in progress
    outcome: Outcome | None
    next_dealer: int | None

    def wins(self, pair: int) -> int:
        return sum(1 for game in self.games if game.winner == pair)


class Whist:
    key = "whist"
    family = "whist"
    names = "Whist"
    min_players = SEATS
    summary = _(
        "Two pairs, partners opposite. Each trick over six scores 1, three honours 2, four 3; "
        "a game is 5 points, worth 3, 2 or 1; two games win the rubber and 2 more points."
    )
    options = (
        Option(
            "stake",
            0,
            _("Money per point of difference."),
            "number",
            minimum=0,
            label=_("Stake"),
            **STAKE_LIMITS,
        ),
        Option(
            "four_honours",
            3,
            _("Points for holding all four honours: 3 (standard rules) or 4."),
            "choice",
            (3, 4),
            label=_("Four honours"),
        ),
        Option(
            "honour_cutoff",
            "start_of_deal",
            _(
                "A pair one point short of the game scores no honours, judged at the start of the deal "
                "or after the tricks."
            ),
            "choice",
            ("start_of_deal", "after_tricks"),
            label=_("No honours one point short"),
        ),
        Option(
            "game_points",
            5,
            _("Points that win a game."),
            "int",
            minimum=2,
            label=_("Points for a game"),
            maximum=20,
            limits=_("the points for a game are a whole number from %(minimum)d to %(maximum)d"),
            most=_("the points for a game are at most %(maximum)d"),
        ),
        Option(
            "rubber_bonus",
            2,
            _("Points for winning the rubber."),
            "int",
            minimum=0,
            label=_("Rubber bonus"),
            maximum=20,
            limits=_("the rubber bonus is a whole number of points from %(minimum)d to %(maximum)d"),
            most=_("the rubber bonus is at most %(maximum)d points"),
        ),
        Option(
            "stake_basis",
            "pair",
            _("The losing pair pays once, or each loser pays the winner on their right."),
            "choice",
            ("pair", "player"),
            label=_("Who pays"),
        ),
        Option(
            "revoke_penalty",
            "none",
            _(
                "A revoke gives the opponents 3 points, or 3 tricks; the revoking pair cannot win "
                "the game that deal."
            ),
            "choice",
            ("none", "three_points", "three_tricks"),
            label=_("Revoke penalty"),
        ),
    )

    def max_players(self, opts: Mapping[str, Any]) -> int:
        return SEATS

    def check_players(self, count: int, opts: Mapping[str, Any]) -> Problem | None:
        if count == SEATS:
            return None
        return Problem(_("a Whist rubber has 4 players, not %(count)d"), {"count": count}, field="players")

    def game_value(self, opponents: int, opts: Mapping[str, Any]) -> int:
        """Treble when the opponents have nothing, double under half the game, else single."""
        if opponents == 0:
            return 3
        return 2 if opponents * 2 < int(opts["game_points"]) else 1

    def check_deal(self, deal: WhistDeal, opts: Mapping[str, Any], number: int) -> None:
        problems = []
        # A count out of range is named as such: [14, -1] adds up to 13 and is still wrong.
        wild = [t for t in deal.tricks if t < 0 or t > TRICKS]
        if wild:
            problems.append(
                Problem(
                    _("a pair takes 0 to 13 tricks, not %(tricks)d"),
                    {"tricks": wild[0]},
                    deal=number,
                    field="tricks",
                )
            )
        elif sum(deal.tricks) != TRICKS:
            problems.append(
                Problem(
                    _("tricks add up to %(sum)d; the two pairs take 13"),
                    {"sum": sum(deal.tricks)},
                    deal=number,
                    field="tricks",
                )
            )
        wild = [h for h in deal.honours if h < 0 or h > HONOURS]
        if wild:
            problems.append(
                Problem(
                    _("a pair holds 0 to 4 honours, not %(honours)d"),
                    {"honours": wild[0]},
                    deal=number,
                    field="honours",
                )
            )
        elif sum(deal.honours) != HONOURS:
            problems.append(
                Problem(
                    _("honours add up to %(sum)d; there are 4 (ace, king, queen and jack of trumps)"),
                    {"sum": sum(deal.honours)},
                    deal=number,
                    field="honours",
                )
            )
        if deal.revoke is not None and deal.revoke not in (0, 1):
            problems.append(
                Problem(_("revoke must be the pair that revoked: 0 or 1"), deal=number, field="revoke")
            )
        elif deal.revoke is not None and opts["revoke_penalty"] == "none":
            problems.append(
                Problem(_("this rubber is played without a revoke penalty"), deal=number, field="revoke")
            )
        if problems:
            raise Refused(problems)

    def check_start(self, start: WhistStart, opts: Mapping[str, Any]) -> None:
        goal = int(opts["game_points"])
        problems = []
        if max(_wins(start.games)) >= 2:
            problems.append(Problem(_("the start has already ended the match"), field="start"))
        if max(start.score) >= goal:
            # A pair on the game has won it: that game belongs among the games, and the score is 0-0.
            problems.append(
                Problem(
                    _("the score of the game in progress must stay under %(goal)d, the points of a game"),
                    {"goal": goal},
                    field="start",
                )
            )
        for game in start.games:
            if game.opponents_score is None:
                continue
            value = self.game_value(game.opponents_score, opts) if game.opponents_score < goal else None
            if value != game.game_points:
                problems.append(
                    Problem(
                        _("a game won with the opponents on %(opponents)d is not worth %(points)d"),
                        {"opponents": game.opponents_score, "points": game.game_points},
                        field="start",
                    )
                )
        if problems:
            raise Refused(problems)

    def score_deal(
        self, deal: WhistDeal, before: tuple[int, int], opts: Mapping[str, Any]
    ) -> tuple[tuple[int, int], tuple[int, int], list[int], Game | None]:
        """Trick points, honour points, the score after and the game won, in the order of the laws."""
        trick_points, honour_points, score, game, _ = self.scored_deal(deal, before, opts)
        return trick_points, honour_points, score, game

    def scored_deal(
        self, deal: WhistDeal, before: tuple[int, int], opts: Mapping[str, Any]
    ) -> tuple[tuple[int, int], tuple[int, int], list[int], Game | None, tuple[bool, bool]]:
        """As ``score_deal``, and last, for each pair, whether it held honours that did not count
        because it was one point short of the game (the honour_cutoff house rule says when)."""
        goal = int(opts["game_points"])
        score = list(before)
        tricks = list(deal.tricks)
        trick_points, honour_points = [0, 0], [0, 0]
        not_counted = [False, False]
        revoker = deal.revoke

        def add(pair: int, points: int) -> Game | None:
            score[pair] += points
            if pair == revoker:  # the revoking pair cannot win the game in this deal
                score[pair] = min(score[pair], goal - 1)
            if score[pair] >= goal:
                other = score[1 - pair]
                return Game(pair, other, self.game_value(other, opts))
            return None

        if revoker is not None:
            opponents = 1 - revoker
            if opts["revoke_penalty"] == "three_points":
                game = add(opponents, 3)
                if game:
                    return (0, 0), (0, 0), score, game, (False, False)
            else:
                moved = min(3, tricks[revoker])
                tricks[revoker] -= moved
                tricks[opponents] += moved
        for pair in (0, 1):
            if tricks[pair] > BOOK:
                trick_points[pair] = tricks[pair] - BOOK
                game = add(pair, trick_points[pair])
                if game:
                    return (trick_points[0], trick_points[1]), (0, 0), score, game, (False, False)
        for pair in (0, 1):
            held = deal.honours[pair]
            if held < 3:
                continue
            judged = before[pair] if opts["honour_cutoff"] == "start_of_deal" else score[pair]
            if judged >= goal - 1:
                not_counted[pair] = True
                continue
            honour_points[pair] = 2 if held == 3 else int(opts["four_honours"])
            game = add(pair, honour_points[pair])
            if game:
                break
        else:
            game = None
        counted = (trick_points[0], trick_points[1]), (honour_points[0], honour_points[1])
        return *counted, score, game, (not_counted[0], not_counted[1])

    def play(
        self,
        opts: Mapping[str, Any],
        players: Sequence[str],
        first_dealer: int,
        deals: Sequence[WhistDeal],
        start: WhistStart | None = None,
    ) -> Rubber:
        games = list(start.games) if start else []
        score = start.score if start else (0, 0)
        problems: list[Problem] = []
        if start is not None:
            self.check_start(start, opts)
        outcome: Outcome | None = None
        dealer = first_dealer
        results: list[DealResult] = []
        known = True  # the score is the one the deals so far made (see core.replay)
        for number, deal in enumerate(deals, start=1):
            if outcome is not None and known:
                problems.append(
                    Problem(
                        _("the match ended after deal %(last)d"), {"last": outcome.after_deal}, deal=number
                    )
                )
                continue
            try:
                self.check_deal(deal, opts, number)
            except Refused as refused:
                problems.extend(refused.problems)
                known = False
                continue
            if not known:  # after a deal refused, only each deal's own checks say anything true
                continue
            if deal.dealer is not None:
                dealer = deal.dealer
            trick_points, honour_points, after, game, not_counted = self.scored_deal(deal, score, opts)
            score = (0, 0) if game else (after[0], after[1])
            if game:
                games.append(game)
                if _wins(games)[game.winner] >= 2:
                    outcome = Outcome("rubber", number, game.winner)
            following = None if outcome else next_seat(dealer, SEATS)
            results.append(
                DealResult(
                    number,
                    dealer,
                    trick_points,
                    honour_points,
                    (after[0], after[1]),
                    game,
                    following,
                    not_counted,
                )
            )
            dealer = following if following is not None else dealer
        if problems:
            raise Refused(problems)
        return Rubber(tuple(results), tuple(games), score, outcome, None if outcome else dealer)

    def totals(self, opts: Mapping[str, Any], rubber: Rubber) -> tuple[int, int]:
        """Game points of each pair, the rubber bonus included once the rubber is won."""
        totals = [0, 0]
        for game in rubber.games:
            totals[game.winner] += game.game_points
        if rubber.outcome is not None:
            totals[rubber.outcome.winner] += int(opts["rubber_bonus"])
        return totals[0], totals[1]

    def settle(self, opts: Mapping[str, Any], rubber: Rubber) -> Settlement | None:
        if rubber.outcome is None:
            return None
        totals = self.totals(opts, rubber)
        payee = rubber.outcome.winner
        # The losers pay the difference. With a rubber bonus under 2 the losers' treble can outweigh
        # two singles: then the difference goes the other way, and the rubber winners pay it.
        if totals[1 - payee] > totals[payee]:
            payee = 1 - payee
        points = totals[payee] - totals[1 - payee]
        amount = (Decimal(str(opts["stake"])) * points).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        total = amount * (2 if opts["stake_basis"] == "player" else 1)
        return Settlement(points, 1 - payee, payee, amount, total)


def _wins(games: Sequence[Game]) -> tuple[int, int]:
    return (sum(1 for g in games if g.winner == 0), sum(1 for g in games if g.winner == 1))


WHIST = Whist()
