"""The Whist vectors of tests/data/examples.json, replayed through the engine.

The vectors name the pairs NS and EW: NS is pair 0 (the first and third player), EW pair 1.
A rubber vector gives either the deals or only the games (the winner and the opponents' score);
the games are then played as deals that end the same way: the opponents first take their points
in tricks, then the winners take 11 tricks, five points, in one deal.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from games.core import resolve_options
from games.whist.rules import WHIST, Game, Rubber, WhistDeal, WhistStart

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "examples.json"
VECTORS = [v for v in json.loads(EXAMPLES.read_text())["vectors"] if v["variant"].startswith("whist")]
PLAYERS = ("Anna", "Bruno", "Carla", "Dario")
PAIRS = ("NS", "EW")
# The vectors' names for options, where they differ from docs/format.md's.
OPTIONS = {"whist.fourHonours": "four_honours", "whist.honourCutoff": "honour_cutoff"}
VALUES = {"afterTrickPoints": "after_tricks"}


def by_kind(kind: str) -> list[Any]:
    return [pytest.param(v, id=v["id"]) for v in VECTORS if v["kind"] == kind]


def with_alternative(kind: str) -> list[Any]:
    return [p for p in by_kind(kind) if "alternative" in p.values[0]["expected"]]


def pair(by_name: dict[str, Any]) -> tuple[Any, Any]:
    return by_name["NS"], by_name["EW"]


def name(pair_index: int | None) -> str | None:
    return None if pair_index is None else PAIRS[pair_index]


def options(vector_options: dict[str, Any] | None = None, **given: Any) -> dict[str, Any]:
    for key, value in (vector_options or {}).items():
        given[OPTIONS[key]] = VALUES.get(value, value)
    return resolve_options(WHIST.options, given)


def deal_of(raw: dict[str, Any]) -> WhistDeal:
    return WhistDeal(tricks=pair(raw["tricks"]), honours=pair(raw["honours"]))


def game_deals(winner: int, opponents: int) -> list[WhistDeal]:
    """Deals that end a game won by ``winner`` with the opponents on ``opponents`` (0 to 4)."""
    deals = []
    if opponents:  # 6 + n tricks score n; the honours split 2-2 and score nothing
        tricks = [0, 0]
        tricks[1 - winner] = 6 + opponents
        tricks[winner] = 13 - tricks[1 - winner]
        deals.append(WhistDeal(tricks=(tricks[0], tricks[1]), honours=(2, 2)))
    eleven = (11, 2) if winner == 0 else (2, 11)
    return [*deals, WhistDeal(tricks=eleven, honours=(2, 2))]


def rubber_deals(vector: dict[str, Any]) -> list[list[WhistDeal]]:
    """The deals of each game of the rubber, from the deals or from the games the vector gives."""
    raw = vector["input"]
    if "deals" in raw:
        return [[deal_of(d) for d in raw["deals"]]]
    return [
        game_deals(PAIRS.index(g["winner"]), g["opponentsScoreAtGame"])  # one list of deals per game
        for g in raw["games"]
    ]


def play_deal(vector: dict[str, Any], **given: Any) -> Rubber:
    """One deal from the vector's score, carried over as a start."""
    raw = vector["input"]
    start = WhistStart(pair(raw["scoreBefore"]), ())
    return WHIST.play(options(**given), PLAYERS, 0, [deal_of(raw)], start)


def test_the_examples_file_has_whist_vectors_of_every_kind() -> None:
    assert {v["kind"] for v in VECTORS} == {"whist_deal", "whist_rubber"}
    assert {v["variant"] for v in VECTORS} == {"whist"}


# -- one deal ------------------------------------------------------------------------------------


@pytest.mark.parametrize("vector", by_kind("whist_deal"))
def test_a_deal_scores_the_trick_and_honour_points_of_the_example(vector: dict[str, Any]) -> None:
    raw, expected = vector["input"], vector["expected"]
    trick_points, honour_points, after, _ = WHIST.score_deal(
        deal_of(raw), pair(raw["scoreBefore"]), options()
    )
    assert trick_points == pair(expected["trickPoints"])
    assert honour_points == pair(expected["honourPointsScored"])
    assert tuple(after) == pair(expected["scoreAfter"])


@pytest.mark.parametrize("vector", by_kind("whist_deal"))
def test_a_deal_wins_the_game_of_the_example(vector: dict[str, Any]) -> None:
    raw, expected = vector["input"], vector["expected"]
    *_, game = WHIST.score_deal(deal_of(raw), pair(raw["scoreBefore"]), options())
    assert name(None if game is None else game.winner) == expected["gameWinner"]
    if game is not None:
        assert (game.opponents_score, game.game_points) == (
            expected["opponentsScoreAtGame"],
            expected["gamePoints"],
        )


@pytest.mark.parametrize("vector", by_kind("whist_deal"))
def test_played_from_its_score_a_deal_leaves_the_score_of_the_example(vector: dict[str, Any]) -> None:
    expected = vector["expected"]
    rubber = play_deal(vector)
    (deal,) = rubber.deals
    assert deal.score == pair(expected["scoreAfter"])
    if expected["gameWinner"] is None:
        assert rubber.score == deal.score
        assert deal.game is None
    else:
        assert rubber.score == pair(expected["nextGameStartsAt"])
        assert rubber.games == (deal.game,)
        assert deal.game == Game(
            PAIRS.index(expected["gameWinner"]), expected["opponentsScoreAtGame"], expected["gamePoints"]
        )
    assert rubber.outcome is None


@pytest.mark.parametrize("vector", with_alternative("whist_deal"))
def test_with_the_alternative_option_a_deal_scores_as_in_the_example(vector: dict[str, Any]) -> None:
    raw, alternative = vector["input"], vector["expected"]["alternative"]
    opts = options(alternative["options"])
    assert opts != options()
    *_, after, game = WHIST.score_deal(deal_of(raw), pair(raw["scoreBefore"]), opts)
    assert tuple(after) == pair(alternative["scoreAfter"])
    assert name(None if game is None else game.winner) == alternative["gameWinner"]


# -- a rubber ------------------------------------------------------------------------------------


@pytest.mark.parametrize("vector", by_kind("whist_rubber"))
def test_a_rubber_wins_the_games_of_the_example(vector: dict[str, Any]) -> None:
    expected = vector["expected"]
    rubber = WHIST.play(options(), PLAYERS, 0, [d for game in rubber_deals(vector) for d in game])
    assert [(name(g.winner), g.opponents_score, g.game_points) for g in rubber.games] == [
        (g["winner"], g["opponentsScore"], g["gamePoints"]) for g in expected["games"]
    ]
    assert len(rubber.games) == expected["gamesPlayed"]
    assert rubber.outcome is not None
    assert (rubber.outcome.reason, name(rubber.outcome.winner)) == ("rubber", expected["rubberWinner"])
    assert rubber.outcome.after_deal == len(rubber.deals)


@pytest.mark.parametrize("vector", by_kind("whist_rubber"))
def test_a_rubber_has_the_totals_and_payment_of_the_example(vector: dict[str, Any]) -> None:
    expected = vector["expected"]
    opts = options(stake=vector["input"]["stakePerPoint_EUR"])
    rubber = WHIST.play(opts, PLAYERS, 0, [d for game in rubber_deals(vector) for d in game])
    winner = PAIRS.index(expected["rubberWinner"])
    totals = WHIST.totals(opts, rubber)
    assert (totals[winner], totals[1 - winner]) == (
        expected["winnerTotal_incl_rubber2"],
        expected["loserTotal"],
    )
    settlement = WHIST.settle(opts, rubber)
    assert settlement is not None
    assert (settlement.payee, settlement.payer, settlement.points) == (
        winner,
        1 - winner,
        expected["difference"],
    )
    paid = Decimal(str(expected["loserPaysWinner_EUR"]))
    assert (settlement.amount, settlement.total) == (paid, paid)


@pytest.mark.parametrize("vector", by_kind("whist_rubber"))
def test_a_rubber_carried_over_after_each_game_ends_as_in_the_example(vector: dict[str, Any]) -> None:
    """The games already won, entered as a start, and the rest played: the same rubber."""
    opts = options(stake=vector["input"]["stakePerPoint_EUR"])
    everything = [d for game in rubber_deals(vector) for d in game]
    whole = WHIST.play(opts, PLAYERS, 0, everything)
    assert whole.outcome is not None
    for cut in range(1, len(everything)):
        before = WHIST.play(opts, PLAYERS, 0, everything[:cut])
        if before.outcome is not None:
            break
        start = WhistStart(before.score, before.games)
        assert before.next_dealer is not None
        rest = WHIST.play(opts, PLAYERS, before.next_dealer, everything[cut:], start)
        assert rest.games == whole.games
        assert rest.outcome is not None
        assert (rest.outcome.winner, rest.outcome.after_deal) == (whole.outcome.winner, len(everything) - cut)
        assert WHIST.totals(opts, rest) == WHIST.totals(opts, whole)
        assert WHIST.settle(opts, rest) == WHIST.settle(opts, whole)
        assert [d.dealer for d in rest.deals] == [d.dealer for d in whole.deals[cut:]]


@pytest.mark.parametrize("vector", by_kind("whist_rubber"))
def test_a_rubber_entered_as_games_from_paper_pays_as_in_the_example(vector: dict[str, Any]) -> None:
    """Every game but the last as written on paper (no scores), and the last played out."""
    expected = vector["expected"]
    opts = options(stake=vector["input"]["stakePerPoint_EUR"])
    *earlier, last = expected["games"]
    start = WhistStart((0, 0), tuple(Game(PAIRS.index(g["winner"]), None, g["gamePoints"]) for g in earlier))
    deals = game_deals(PAIRS.index(last["winner"]), last["opponentsScore"])
    rubber = WHIST.play(opts, PLAYERS, 0, deals, start)
    assert rubber.outcome is not None
    assert name(rubber.outcome.winner) == expected["rubberWinner"]
    assert rubber.games[-1].game_points == last["gamePoints"]
    settlement = WHIST.settle(opts, rubber)
    assert settlement is not None
    assert settlement.points == expected["difference"]
    assert settlement.total == Decimal(str(expected["loserPaysWinner_EUR"]))
