"""Whist in the match document of docs/format.md: what is refused, and what is written back.

Refusals are checked as the players read them: ``(str(problem), player, field)``.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from games.core import Refused
from games.document import FORMAT, read_document, score_document
from games.whist.rules import WHIST, Game, WhistDeal, WhistStart

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
QUIET = {"tricks": [7, 6], "honours": [2, 2]}  # one trick point to Anna and Carla
NS_GAME = {"tricks": [11, 2], "honours": [2, 2]}  # five points to Anna and Carla: a game from 0-0
EW_GAME = {"tricks": [2, 11], "honours": [2, 2]}
STAKE_MESSAGE = "the stake is a sum from 0 to 10000, with at most two decimals"
START_MESSAGE = "start must be {score: 2 whole numbers ≥ 0, games: [{winner: 0 or 1, game_points: 1 to 3}]}"
DEAL_FIELDS = {"number", "dealer", "trick_points", "honour_points", "score", "game", "next_dealer"}
# docs/format.md lists games, status, end_reason, rubber_winner, totals and settlement;
# the score of the game in progress and ended_after_deal come too.
RESULT_FIELDS = {
    "deals",
    "games",
    "status",
    "end_reason",
    "rubber_winner",
    "totals",
    "settlement",
    "score",
    "ended_after_deal",
}
SETTLEMENT_FIELDS = {"stake", "points", "payer", "payee", "amount", "total"}

Found = tuple[str, str | None, str | None]


def document(deals: list[Any] | None = None, players: list[str] | None = None, **more: Any) -> dict[str, Any]:
    return {"format": FORMAT, "game": "whist", "players": players or PLAYERS, "deals": deals or [], **more}


def refusal(doc: Any) -> list[Found]:
    with pytest.raises(Refused) as refused:
        score_document(doc)
    return [(str(p), p.player, p.field) for p in refused.value.problems]


# A rubber of three games at 0.50 a point, each player paying: NS treble, EW single, NS double.
FINISHED = document(
    [
        {"tricks": [9, 4], "honours": [3, 1]},
        {"tricks": [4, 9], "honours": [2, 2]},
        {"tricks": [6, 7], "honours": [3, 1], "dealer": "Anna"},
        {"tricks": [3, 10], "honours": [2, 2]},
        {"tricks": [8, 5], "honours": [2, 2]},
        NS_GAME,
    ],
    options={"stake": 0.5, "stake_basis": "player"},
)
# Taken over from paper: EW have won a game, NS are on 3; a revoke costs EW three tricks.
IN_PROGRESS = document(
    [{"tricks": [5, 8], "honours": [1, 3], "revoke": 1}, QUIET],
    start={"score": [3, 0], "games": [{"winner": 1, "game_points": 2}]},
    first_dealer="Carla",
    options={"revoke_penalty": "three_tricks"},
)
# The result's games read back as a start: each keeps the opponents' score it was won with.
FROM_RESULT = document(
    [EW_GAME],
    start={"score": [0, 0], "games": [{"winner": 0, "opponents_score": 3, "game_points": 1}]},
    options={"game_points": 5, "rubber_bonus": 0, "stake": 2},
)
EMPTY = document()
DOCUMENTS = [
    pytest.param(FINISHED, id="finished"),
    pytest.param(IN_PROGRESS, id="in-progress"),
    pytest.param(FROM_RESULT, id="start-with-scores"),
    pytest.param(EMPTY, id="empty"),
]


# -- what is written back -------------------------------------------------------------------------


def test_the_output_lists_every_whist_option_with_its_default() -> None:
    scored = score_document(EMPTY)
    assert scored["options"] == {
        "stake": 0,
        "four_honours": 3,
        "honour_cutoff": "start_of_deal",
        "game_points": 5,
        "rubber_bonus": 2,
        "stake_basis": "pair",
        "revoke_penalty": "none",
    }
    assert scored["options"] == {option.key: option.default for option in WHIST.options}


def test_the_output_keeps_the_options_given() -> None:
    options = score_document(FINISHED)["options"]
    assert (options["stake"], options["stake_basis"], options["four_honours"]) == (0.5, "player", 3)
    assert score_document(document(options={"game_points": 7}))["options"]["game_points"] == 7


@pytest.mark.parametrize("doc", DOCUMENTS)
def test_the_output_keeps_the_deals_as_entered(doc: dict[str, Any]) -> None:
    entered = copy.deepcopy(doc)
    scored = score_document(doc)
    assert scored["deals"] == entered["deals"]
    assert doc == entered  # the input is left alone


@pytest.mark.parametrize("doc", DOCUMENTS)
def test_the_result_has_every_field_interchange_lists(doc: dict[str, Any]) -> None:
    result = score_document(doc)["result"]
    assert set(result) == RESULT_FIELDS
    assert [set(d) for d in result["deals"]] == [DEAL_FIELDS] * len(doc["deals"])
    assert [d["number"] for d in result["deals"]] == list(range(1, len(doc["deals"]) + 1))
    assert all(
        len(d["trick_points"]) == len(d["honour_points"]) == len(d["score"]) == 2 for d in result["deals"]
    )
    assert all(set(g) == {"winner", "opponents_score", "game_points"} for g in result["games"])
    assert result["settlement"] is None or set(result["settlement"]) == SETTLEMENT_FIELDS


@pytest.mark.parametrize("doc", DOCUMENTS)
def test_scoring_the_output_again_gives_the_same_document(doc: dict[str, Any]) -> None:
    scored = score_document(doc)
    again = score_document(json.loads(json.dumps(scored)))
    assert again == scored


def test_the_output_names_the_first_dealer_and_the_start() -> None:
    scored = score_document(IN_PROGRESS)
    assert (scored["format"], scored["game"], scored["players"]) == (FORMAT, "whist", PLAYERS)
    assert (scored["first_dealer"], scored["start"]) == (
        "Carla",
        {"score": [3, 0], "games": [{"winner": 1, "game_points": 2}]},
    )
    assert score_document(EMPTY)["first_dealer"] == "Anna"
    assert score_document(EMPTY)["start"] is None


def test_a_finished_rubber_gives_every_deal_its_points_and_games() -> None:
    result = score_document(FINISHED)["result"]
    first, second, third, fourth, fifth, sixth = result["deals"]
    assert first == {
        "number": 1,
        "dealer": "Anna",
        "trick_points": [3, 0],
        "honour_points": [2, 0],
        "score": [5, 0],
        "game": {"winner": 0, "opponents_score": 0, "game_points": 3},
        "next_dealer": "Bruno",
    }
    assert second == {
        "number": 2,
        "dealer": "Bruno",
        "trick_points": [0, 3],
        "honour_points": [0, 0],
        "score": [0, 3],  # the second game started at 0-0
        "game": None,
        "next_dealer": "Carla",
    }
    # the table let Anna deal again; the honours lift NS to 2 after EW's trick
    assert (third["dealer"], third["score"], third["honour_points"], third["next_dealer"]) == (
        "Anna",
        [2, 4],
        [2, 0],
        "Bruno",
    )
    assert (fourth["score"], fourth["game"]) == (
        [2, 8],
        {"winner": 1, "opponents_score": 2, "game_points": 2},
    )
    assert (fifth["dealer"], fifth["score"], fifth["game"]) == ("Carla", [2, 0], None)
    assert (sixth["score"], sixth["game"], sixth["next_dealer"]) == (
        [7, 0],
        {"winner": 0, "opponents_score": 0, "game_points": 3},
        None,
    )
    assert result["games"] == [first["game"], fourth["game"], sixth["game"]]
    assert (result["status"], result["end_reason"], result["ended_after_deal"], result["rubber_winner"]) == (
        "finished",
        "rubber",
        6,
        0,
    )
    assert (result["score"], result["totals"]) == ([0, 0], [8, 2])
    # 6 points at 0.50: each of Bruno and Dario pays 3.00, so EW pay 6.00 in all
    assert result["settlement"] == {
        "stake": 0.5,
        "points": 6,
        "payer": 1,
        "payee": 0,
        "amount": 3.0,
        "total": 6.0,
    }


def test_a_rubber_in_progress_counts_the_start_games_and_has_no_settlement() -> None:
    result = score_document(IN_PROGRESS)["result"]
    first, second = result["deals"]
    # EW's 8 tricks lose three to NS: 8 to 5, 2 points from 3 to 5; EW's honours never count
    assert (first["dealer"], first["trick_points"], first["honour_points"], first["score"]) == (
        "Carla",
        [2, 0],
        [0, 0],
        [5, 0],
    )
    assert first["game"] == {"winner": 0, "opponents_score": 0, "game_points": 3}
    assert (second["dealer"], second["score"], second["next_dealer"]) == ("Dario", [1, 0], "Anna")
    assert result["games"] == [
        {"winner": 1, "opponents_score": None, "game_points": 2},
        {"winner": 0, "opponents_score": 0, "game_points": 3},
    ]
    assert (result["status"], result["end_reason"], result["ended_after_deal"], result["rubber_winner"]) == (
        "in_progress",
        None,
        None,
        None,
    )
    assert (result["score"], result["totals"], result["settlement"]) == ([1, 0], [3, 2], None)


def test_a_start_game_keeps_the_opponents_score_it_was_entered_with() -> None:
    scored = score_document(FROM_RESULT)
    assert scored["start"]["games"] == [{"winner": 0, "opponents_score": 3, "game_points": 1}]
    result = scored["result"]
    assert result["games"][0] == {"winner": 0, "opponents_score": 3, "game_points": 1}
    assert (result["status"], result["rubber_winner"], result["totals"]) == ("in_progress", None, [1, 3])


def test_the_games_of_a_result_can_start_a_document() -> None:
    played = score_document(document([NS_GAME, QUIET]))["result"]
    carried = document([NS_GAME], start={"score": played["score"], "games": played["games"]})
    result = score_document(carried)["result"]
    assert (result["status"], result["rubber_winner"], result["totals"]) == ("finished", 0, [8, 0])


def test_read_document_turns_names_into_seats() -> None:
    match = read_document(IN_PROGRESS)
    assert (match.variant.key, match.players, match.first_dealer) == ("whist", tuple(PLAYERS), 2)
    assert match.start == WhistStart((3, 0), (Game(1, None, 2),))
    assert match.deals == (WhistDeal((5, 8), (1, 3), revoke=1), WhistDeal((7, 6), (2, 2)))
    assert read_document(FINISHED).deals[2].dealer == 0


# -- what is refused ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "found"),
    [
        pytest.param(
            {"tricks": [7, 5], "honours": [2, 2]},
            [("deal 1: tricks add up to 12; the two pairs take 13", None, "tricks")],
            id="tricks-short",
        ),
        pytest.param(
            {"tricks": [14, -1], "honours": [2, 2]},
            [("deal 1: a pair takes 0 to 13 tricks, not 14", None, "tricks")],
            id="tricks-out-of-range",
        ),
        pytest.param(
            {"tricks": [7, 6], "honours": [3, 3]},
            [
                (
                    "deal 1: honours add up to 6; there are 4 (ace, king, queen and jack of trumps)",
                    None,
                    "honours",
                )
            ],
            id="honours-over",
        ),
        pytest.param(
            {"tricks": [7, 6], "honours": [5, -1]},
            [("deal 1: a pair holds 0 to 4 honours, not 5", None, "honours")],
            id="honours-out-of-range",
        ),
        pytest.param(
            {"tricks": [7, 6], "honours": [2, 2], "revoke": 0},
            [("deal 1: this rubber is played without a revoke penalty", None, "revoke")],
            id="revoke-without-penalty",
        ),
        pytest.param(
            {"tricks": [7, 6, 0], "honours": [2, 2]},
            [("deal 1: tricks must be 2 whole numbers, one per pair", None, "tricks")],
            id="three-tricks-counts",
        ),
        pytest.param(
            {"tricks": [7.0, 6], "honours": [2, 2]},
            [("deal 1: tricks must be 2 whole numbers, one per pair", None, "tricks")],
            id="tricks-not-whole",
        ),
        pytest.param(
            {"tricks": [7, 6]},
            [("deal 1: honours must be 2 whole numbers, one per pair", None, "honours")],
            id="no-honours",
        ),
        pytest.param(
            {"tricks": [7, 6], "honours": [True, 3]},
            [("deal 1: honours must be 2 whole numbers, one per pair", None, "honours")],
            id="honours-true",
        ),
        pytest.param(
            {"tricks": [7, 6], "honours": [2, 2], "points": [1, 0]},
            [("deal 1: unknown key points in a deal", None, None)],
            id="unknown-key",
        ),
        pytest.param(
            {"tricks": [7, 6], "honours": [2, 2], "dealer": "Zeno"},
            [("deal 1: Zeno is not a player of this match", None, "dealer")],
            id="unknown-dealer",
        ),
        pytest.param([7, 6], [("deal 1: a deal must be an object", None, None)], id="not-an-object"),
    ],
)
def test_a_deal_that_breaks_a_rule_is_refused(deal: Any, found: list[Found]) -> None:
    assert refusal(document([deal])) == found


@pytest.mark.parametrize("revoke", [2, -1, "EW", True, False, 1.0])
def test_a_revoke_names_pair_0_or_1(revoke: Any) -> None:
    doc = document([{**QUIET, "revoke": revoke}], options={"revoke_penalty": "three_points"})
    assert refusal(doc) == [("deal 1: revoke must be the pair that revoked: 0 or 1", None, "revoke")]


def test_a_revoke_of_null_is_no_revoke() -> None:
    result = score_document(document([{**QUIET, "revoke": None}]))["result"]
    assert result["deals"][0]["score"] == [1, 0]


def test_a_deal_after_the_end_of_the_rubber_is_refused() -> None:
    doc = {**FINISHED, "deals": [*FINISHED["deals"], QUIET, EW_GAME]}
    assert refusal(doc) == [
        ("deal 7: the match ended after deal 6", None, None),
        ("deal 8: the match ended after deal 6", None, None),
    ]


def test_a_document_with_several_bad_deals_reports_every_one() -> None:
    deals = [QUIET, {"tricks": [7, 7], "honours": [2, 2]}, QUIET, {"tricks": [7, 6], "honours": [1, 1]}]
    assert refusal(document(deals)) == [
        ("deal 2: tricks add up to 14; the two pairs take 13", None, "tricks"),
        ("deal 4: honours add up to 2; there are 4 (ace, king, queen and jack of trumps)", None, "honours"),
    ]


def test_a_document_with_several_unreadable_deals_reports_every_one() -> None:
    deals = [{**QUIET, "trump": "spades"}, QUIET, {"tricks": [7, 6], "honours": "3-1"}]
    assert refusal(document(deals)) == [
        ("deal 1: unknown key trump in a deal", None, None),
        ("deal 3: honours must be 2 whole numbers, one per pair", None, "honours"),
    ]


@pytest.mark.parametrize("count", [3, 5])
def test_a_table_of_the_wrong_size_is_refused(count: int) -> None:
    players = [f"P{n}" for n in range(count)]
    assert refusal(document(players=players)) == [
        (f"a Whist rubber has 4 players, not {count}", None, "players")
    ]


@pytest.mark.parametrize(
    ("options", "text", "field"),
    [
        ({"four_honours": 5}, "option four_honours cannot be 5", "four_honours"),
        ({"four_honours": 4.0}, "option four_honours cannot be 4.0", "four_honours"),
        (
            {"honour_cutoff": "afterTrickPoints"},
            'option honour_cutoff cannot be "afterTrickPoints"',
            "honour_cutoff",
        ),
        ({"game_points": 1}, "the points for a game are a whole number from 2 to 20", "game_points"),
        ({"game_points": 5.5}, "the points for a game are a whole number from 2 to 20", "game_points"),
        ({"game_points": 21}, "the points for a game are at most 20", "game_points"),
        ({"rubber_bonus": -1}, "the rubber bonus is a whole number of points from 0 to 20", "rubber_bonus"),
        ({"rubber_bonus": 10**30}, "the rubber bonus is at most 20 points", "rubber_bonus"),
        ({"stake": -0.5}, STAKE_MESSAGE, "stake"),
        ({"stake": 0.005}, STAKE_MESSAGE, "stake"),
        ({"stake": 1e30}, "the stake is at most 10000", "stake"),
        ({"stake_basis": "pairs"}, 'option stake_basis cannot be "pairs"', "stake_basis"),
        ({"revoke_penalty": True}, "option revoke_penalty cannot be true", "revoke_penalty"),
        ({"lives": 3}, "unknown option lives", "lives"),
    ],
)
def test_an_option_whist_does_not_have_or_a_bad_value_is_refused(
    options: dict[str, Any], text: str, field: str
) -> None:
    assert refusal(document(options=options)) == [(text, None, field)]


@pytest.mark.parametrize(
    "start",
    [
        {"score": [3]},
        {"score": [3, -1]},
        {"score": [3, 0.5]},
        {"games": []},
        {"score": [3, 0], "games": {"winner": 0, "game_points": 1}},
        {"score": [3, 0], "games": [{"winner": 2, "game_points": 1}]},
        {"score": [3, 0], "games": [{"winner": True, "game_points": 1}]},
        {"score": [3, 0], "games": [{"winner": 0, "game_points": 4}]},
        {"score": [3, 0], "games": [{"winner": 0}]},
        {"score": [3, 0], "games": [{"winner": 0, "game_points": 1, "opponents_score": "three"}]},
        {"score": [3, 0], "games": [{"winner": 0, "game_points": 1, "deals": 4}]},
        {"score": [3, 0], "deals": 4},
        [3, 0],
    ],
)
def test_a_start_of_the_wrong_shape_is_refused(start: Any) -> None:
    assert refusal(document(start=start)) == [(START_MESSAGE, None, "start")]


def test_a_start_without_games_begins_the_rubber_with_that_score() -> None:
    result = score_document(document([QUIET], start={"score": [2, 4]}))["result"]
    assert (result["deals"][0]["score"], result["games"]) == ([3, 4], [])


def test_a_start_that_already_ended_the_rubber_is_refused() -> None:
    games = [{"winner": 1, "game_points": 1}, {"winner": 1, "game_points": 3}]
    doc = document([QUIET], start={"score": [0, 0], "games": games})
    assert refusal(doc) == [("the start has already ended the match", None, "start")]


def test_a_start_score_that_has_won_the_game_is_refused() -> None:
    doc = document([QUIET], start={"score": [5, 2], "games": []})
    assert refusal(doc) == [
        ("the score of the game in progress must stay under 5, the points of a game", None, "start")
    ]
    doc["options"] = {"game_points": 7}
    assert score_document(doc)["result"]["deals"][0]["score"] == [6, 2]


def test_a_start_game_worth_more_than_its_opponents_score_allows_is_refused() -> None:
    doc = document(start={"score": [0, 0], "games": [{"winner": 0, "opponents_score": 4, "game_points": 3}]})
    assert refusal(doc) == [("a game won with the opponents on 4 is not worth 3", None, "start")]


def test_a_document_reports_the_start_and_the_deals_together() -> None:
    doc = document([{"tricks": [7, 5]}], start={"score": "3-0"}, options={"stake": "1 euro"})
    assert refusal(doc) == [
        (STAKE_MESSAGE, None, "stake"),
        (START_MESSAGE, None, "start"),
        ("deal 1: honours must be 2 whole numbers, one per pair", None, "honours"),
    ]
