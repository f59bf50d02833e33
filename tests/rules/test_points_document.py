"""The points board in the match document of docs/format.md: what is refused, and what is written back.

Refusals are checked as the players read them: ``(str(problem), player, field)``.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from games import document as match_document
from games import registry
from games.core import Refused
from games.document import FORMAT, read_document, rename_deal, result_json, score_document
from games.points import document as points_document
from games.points.rules import POINTS, PointsDeal, PointsStart

PLAYERS = ["Anna", "Bruno", "Carla"]
START_MESSAGE = "start must be {totals: one whole number per player}"
DEAL_FIELDS = {"number", "dealer", "points", "totals", "next_dealer"}
RESULT_FIELDS = {
    "deals",
    "totals",
    "status",
    "ended_after_deal",
    "end_reason",
    "winners",
    "losers",
    "ranking",
    "places",
    "settlement",
}

Found = tuple[str, str | None, str | None]


def test_the_points_board_is_a_game_of_the_registry_and_of_the_document() -> None:
    assert registry.GAMES[POINTS.key] is POINTS
    assert match_document.FORMATS[POINTS.family] is points_document


def document(deals: list[Any] | None = None, players: list[str] | None = None, **more: Any) -> dict[str, Any]:
    return {"format": FORMAT, "game": "points", "players": players or PLAYERS, "deals": deals or [], **more}


def refusal(doc: Any) -> list[Found]:
    with pytest.raises(Refused) as refused:
        score_document(doc)
    return [(str(p), p.player, p.field) for p in refused.value.problems]


# To 100 at 1.50 a head: Anna passes 100 in deal 3; the table chose Carla to deal deal 2.
FINISHED = document(
    [{"points": [30, 20, 10]}, {"points": [40, 50, -5], "dealer": "Carla"}, {"points": [35, 10, 20]}],
    options={"stake": 1.5},
)
# Hearts from a paper sheet: four players, the lowest total wins; Bruno deals first.
IN_PROGRESS = document(
    [{"points": [13, 0, 13, 0]}],
    players=["Anna", "Bruno", "Carla", "Dario"],
    start={"totals": [40, 12, -3, 77]},
    first_dealer="Bruno",
    options={"lowest_wins": True, "target": 100},
)
# Two tied for first share the win: Anna's and Bruno's 0.50 go half to Carla, half to Dario.
SHARED = document(
    [{"points": [26, 0, 0, 0]}, {"points": [80, 30, 5, 5]}],
    players=["Anna", "Bruno", "Carla", "Dario"],
    options={"lowest_wins": True, "stake": 0.5},
)
EMPTY = document()
DOCUMENTS = [
    pytest.param(FINISHED, id="finished"),
    pytest.param(IN_PROGRESS, id="in-progress"),
    pytest.param(SHARED, id="tied-winners"),
    pytest.param(EMPTY, id="empty"),
]


# -- what is written back -------------------------------------------------------------------------


def test_the_output_lists_every_option_with_its_default() -> None:
    scored = score_document(EMPTY)
    assert scored["options"] == {"stake": 0, "target": 100, "lowest_wins": False}
    assert scored["options"] == {option.key: option.default for option in POINTS.options}
    assert scored["game"] == "points"


@pytest.mark.parametrize("doc", DOCUMENTS)
def test_the_output_keeps_the_deals_as_entered(doc: dict[str, Any]) -> None:
    entered = copy.deepcopy(doc)
    scored = score_document(doc)
    assert scored["deals"] == entered["deals"]
    assert doc == entered  # the input is left alone


@pytest.mark.parametrize("doc", DOCUMENTS)
def test_the_result_has_every_field_the_format_lists(doc: dict[str, Any]) -> None:
    result = score_document(doc)["result"]
    assert set(result) == RESULT_FIELDS
    assert all(set(deal) == DEAL_FIELDS for deal in result["deals"])


@pytest.mark.parametrize("doc", DOCUMENTS)
def test_scoring_the_output_again_gives_the_same_document(doc: dict[str, Any]) -> None:
    scored = score_document(doc)
    assert score_document(json.loads(json.dumps(scored))) == scored


def test_a_stale_result_in_the_input_is_recomputed_not_trusted() -> None:
    scored = score_document(FINISHED)
    forged = {**scored, "result": {**scored["result"], "winners": ["Carla"]}}
    assert score_document(forged) == scored


def test_a_finished_match_gives_every_deal_its_totals_and_the_money() -> None:
    assert score_document(FINISHED)["result"] == {
        "deals": [
            {
                "number": 1,
                "dealer": "Anna",
                "points": [30, 20, 10],
                "totals": [30, 20, 10],
                "next_dealer": "Bruno",
            },
            {
                "number": 2,
                "dealer": "Carla",
                "points": [40, 50, -5],
                "totals": [70, 70, 5],
                "next_dealer": "Anna",
            },
            {
                "number": 3,
                "dealer": "Anna",
                "points": [35, 10, 20],
                "totals": [105, 80, 25],
                "next_dealer": None,
            },
        ],
        "totals": [105, 80, 25],
        "status": "finished",
        "ended_after_deal": 3,
        "end_reason": "target",
        "winners": ["Anna"],
        "losers": ["Bruno", "Carla"],
        "ranking": ["Anna", "Bruno", "Carla"],
        "places": [1, 2, 3],
        "settlement": {
            "stake": 1.5,
            "net": {"Anna": 3.0, "Bruno": -1.5, "Carla": -1.5},
            "transfers": [
                {"payer": "Bruno", "payee": "Anna", "amount": 1.5},
                {"payer": "Carla", "payee": "Anna", "amount": 1.5},
            ],
        },
    }


def test_a_match_in_progress_has_no_winner_and_no_settlement_and_says_who_deals_next() -> None:
    scored = score_document(IN_PROGRESS)
    assert scored["start"] == {"totals": [40, 12, -3, 77]}
    assert scored["first_dealer"] == "Bruno"
    result = scored["result"]
    assert result["deals"] == [
        {
            "number": 1,
            "dealer": "Bruno",
            "points": [13, 0, 13, 0],
            "totals": [53, 12, 10, 77],
            "next_dealer": "Carla",
        }
    ]
    assert (result["status"], result["ended_after_deal"], result["end_reason"]) == ("in_progress", None, None)
    assert (result["winners"], result["losers"], result["settlement"]) == ([], [], None)
    # The lowest total leads: Carla on 10, then Bruno, Anna and Dario.
    assert (result["ranking"], result["places"]) == (["Carla", "Bruno", "Anna", "Dario"], [3, 2, 1, 4])


def test_a_tie_for_first_shares_the_win_and_the_money() -> None:
    result = score_document(SHARED)["result"]
    assert result["totals"] == [106, 30, 5, 5]
    assert (result["winners"], result["losers"]) == (["Carla", "Dario"], ["Anna", "Bruno"])
    assert result["places"] == [4, 3, 1, 1]
    assert result["settlement"]["net"] == {"Anna": -0.5, "Bruno": -0.5, "Carla": 0.5, "Dario": 0.5}
    paid = {(t["payer"], t["payee"]): t["amount"] for t in result["settlement"]["transfers"]}
    assert sum(paid.values()) == 1.0
    assert {payer for payer, _ in paid} == {"Anna", "Bruno"}


def test_with_no_stake_a_finished_match_settles_nothing_and_needs_no_transfer() -> None:
    result = score_document(document([{"points": [100, 0, 0]}]))["result"]
    assert result["settlement"] == {
        "stake": 0,
        "net": {"Anna": 0.0, "Bruno": 0.0, "Carla": 0.0},
        "transfers": [],
    }


def test_a_result_without_its_deals_says_how_many_were_played() -> None:
    match = read_document(FINISHED)
    result = result_json(match, match.play(), deals=False)
    assert "deals" not in result
    assert (result["deal_count"], result["winners"]) == (3, ["Anna"])


def test_read_document_turns_names_into_seats() -> None:
    match = read_document(IN_PROGRESS)
    assert (match.variant, match.first_dealer) == (POINTS, 1)
    assert match.start == PointsStart((40, 12, -3, 77))
    assert read_document(FINISHED).deals[1] == PointsDeal((40, 50, -5), dealer=2)


def test_the_next_deal_is_taken_on_from_the_running_state_as_a_whole_replay_would_give_it() -> None:
    kept = read_document(document(FINISHED["deals"][:2], options={"stake": 1.5}))
    played, state = kept.replayed()
    assert state is not None
    longer, after, _ = kept.with_deal(PointsDeal((35, 10, 20)), state)
    assert after == read_document(FINISHED).play() == longer.play()
    assert played.outcome is None  # the state taken on stays as it was


def test_a_renamed_player_is_renamed_where_a_deal_names_them() -> None:
    deal = {"points": [1, 2, 3], "dealer": "Carla"}
    assert rename_deal("points", deal, "Carla", "Carlotta") == {"points": [1, 2, 3], "dealer": "Carlotta"}
    assert rename_deal("points", {"points": [1, 2, 3]}, "Carla", "Carlotta") == {"points": [1, 2, 3]}
    assert deal == {"points": [1, 2, 3], "dealer": "Carla"}


# -- what is refused ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "found"),
    [
        ([1, 2, 3], [("deal 1: a deal must be an object", None, None)]),
        ({"points": [1, 2, 3], "covered": [True]}, [("deal 1: unknown key covered in a deal", None, None)]),
        ({}, [("deal 1: points must be 3 whole numbers, one per player", None, "points")]),
        ({"points": [1, 2]}, [("deal 1: points must be 3 whole numbers, one per player", None, "points")]),
        (
            {"points": [1, 2, 3, 4]},
            [("deal 1: points must be 3 whole numbers, one per player", None, "points")],
        ),
        (
            {"points": [1, 2.0, 3]},
            [("deal 1: points must be 3 whole numbers, one per player", None, "points")],
        ),
        (
            {"points": [1, True, 3]},
            [("deal 1: points must be 3 whole numbers, one per player", None, "points")],
        ),
        (
            {"points": [1, "2", 3]},
            [("deal 1: points must be 3 whole numbers, one per player", None, "points")],
        ),
        ({"points": None}, [("deal 1: points must be 3 whole numbers, one per player", None, "points")]),
        (
            {"points": [1, 2, 3], "dealer": "Zeno"},
            [("deal 1: Zeno is not a player of this match", None, "dealer")],
        ),
        (
            {"points": [1, 10_001, 3]},
            [("deal 1: Bruno cannot score 10001 points in a deal: from -10000 to 10000", "Bruno", "points")],
        ),
        (
            {"points": [-10_001, 2, 3]},
            [("deal 1: Anna cannot score -10001 points in a deal: from -10000 to 10000", "Anna", "points")],
        ),
    ],
    ids=[
        "not an object",
        "unknown key",
        "no points",
        "too few",
        "too many",
        "a fraction",
        "true",
        "text",
        "null",
        "unknown dealer",
        "too many points",
        "too few points",
    ],
)
def test_a_deal_that_breaks_a_rule_is_refused(deal: Any, found: list[Found]) -> None:
    assert refusal(document([deal])) == found


def test_a_deal_after_the_end_of_the_match_is_refused() -> None:
    doc = document([*FINISHED["deals"], {"points": [0, 0, 0]}])
    assert refusal(doc) == [("deal 4: the match ended after deal 3", None, None)]


def test_a_document_with_several_bad_deals_reports_every_one() -> None:
    doc = document([{"points": [1, 2]}, {"points": [0, 0, 0]}, {"points": [0, 0, 50_000]}, {"points": "x"}])
    assert [text for text, _, _ in refusal(doc)] == [
        "deal 1: points must be 3 whole numbers, one per player",
        "deal 3: Carla cannot score 50000 points in a deal: from -10000 to 10000",
        "deal 4: points must be 3 whole numbers, one per player",
    ]


@pytest.mark.parametrize(
    ("players", "text"),
    [
        (["Anna"], "a points board has 2 to 8 players, not 1"),
        ([f"P{n}" for n in range(9)], "a points board has 2 to 8 players, not 9"),
    ],
)
def test_a_table_of_the_wrong_size_is_refused(players: list[str], text: str) -> None:
    assert refusal(document(players=players)) == [(text, None, "players")]


def test_eight_players_may_sit() -> None:
    players = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Gina", "Ugo"]
    result = score_document(document([{"points": [1] * 8}], players=players))["result"]
    assert result["totals"] == [1] * 8


@pytest.mark.parametrize(
    ("options", "text"),
    [
        ({"target": 0}, "the target is a whole number of points from 1 to 100000"),
        ({"target": 100_001}, "the target is at most 100000 points"),
        ({"target": 50.0}, "the target is a whole number of points from 1 to 100000"),
        ({"stake": 1001}, "the stake is at most 1000"),
        ({"stake": 0.125}, "the stake is a sum from 0 to 1000, with at most two decimals"),
        ({"lowest_wins": "true"}, 'option lowest_wins cannot be "true"'),
        ({"lives": 3}, "unknown option lives"),
    ],
)
def test_an_option_the_board_does_not_have_or_a_bad_value_is_refused(
    options: dict[str, Any], text: str
) -> None:
    assert refusal(document(options=options)) == [(text, None, next(iter(options)))]


@pytest.mark.parametrize(
    "start",
    [
        [1, 2, 3],
        {"totals": [1, 2]},
        {"totals": [1, 2, 3, 4]},
        {"totals": [1, 2.5, 3]},
        {"totals": [1, 2, 3], "deals": 4},
        {"tokens": [1, 2, 3]},
    ],
    ids=["a list", "too few", "too many", "a fraction", "another key", "another game's"],
)
def test_a_start_of_the_wrong_shape_is_refused(start: Any) -> None:
    assert refusal(document(start=start)) == [(START_MESSAGE, None, "start")]


def test_a_start_that_already_ended_the_match_is_refused() -> None:
    assert refusal(document(start={"totals": [0, 100, 0]})) == [
        ("the start has already ended the match", None, "start")
    ]


def test_a_start_total_beyond_the_limit_is_refused_naming_the_player() -> None:
    assert refusal(document(start={"totals": [0, 0, -100_001]})) == [
        ("Carla's total carried over is -100001: from -100000 to 100000", "Carla", "start")
    ]
