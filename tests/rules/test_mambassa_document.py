"""Mambassa in the match document of docs/format.md: what is refused, and what is written back.

Refusals are checked as the players read them: ``(str(problem), player, field)``.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from games.core import Refused
from games.document import FORMAT, read_document, score_document
from games.mambassa.rules import MAMBASSA

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
# Plain hands with no card in common, worth 5, 6, 7 and 10; four aces; Quarantuno of spade.
H5, H6, H7, H10 = (
    ["2D", "3S", "4C", "5B"],
    ["2S", "3C", "4B", "6D"],
    ["2C", "3B", "5D", "7S"],
    ["2B", "4D", "6S", "FC"],
)
ACES, QUARANTUNO = ["1D", "1S", "1C", "1B"], ["FS", "CS", "RS", "1S"]
SEVENS = (["7D", "2S", "3C", "4B"], ["7S", "2C", "3B", "4D"], ["7C", "2B", "3D", "4S"])
QUIET = {"hands": [H7, H5, H10, H6]}  # Bruno alone pays
START_MESSAGE = "start must be {tokens: one whole number ≥ 0 per player, pot: a whole number ≥ 0}"
DEAL_FIELDS = {
    "number",
    "dealer",
    "hands",
    "payers",
    "mambassa",
    "quarantuno",
    "void",
    "tokens",
    "pot",
    "eliminated",
    "next_dealer",
}
# docs/format.md lists status, winner, end_reason and settlement; tokens, pot and ended_after_deal come too.
RESULT_FIELDS = {"deals", "status", "winner", "end_reason", "settlement", "tokens", "pot", "ended_after_deal"}

Found = tuple[str, str | None, str | None]


def document(deals: list[Any] | None = None, players: list[str] | None = None, **more: Any) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "game": "mambassa",
        "players": players or PLAYERS,
        "deals": deals or [],
        **more,
    }


def refusal(doc: Any) -> list[Found]:
    with pytest.raises(Refused) as refused:
        score_document(doc)
    return [(str(p), p.player, p.field) for p in refused.value.problems]


# Three players, two lives: Anna's Mambassa, a Quarantuno entered as what happened, and Anna wins.
FINISHED = document(
    [
        {"hands": [ACES, H5, H6]},
        {"payers": ["Carla"], "mambassa": None, "quarantuno": "Anna"},
        {"hands": [H7, H5, None]},
    ],
    players=PLAYERS[:3],
    options={"lives": 2, "stake": 0.5},
)
# Dario was out before the sheet was entered; the table chose Carla to deal first.
IN_PROGRESS = document(
    [{"hands": [H7, H5, H10, None], "dealer": "Carla"}, {"payers": ["Anna"]}],
    start={"tokens": [3, 1, 2, 0], "pot": 10},
)
SPLIT = document(
    [{"hands": [*SEVENS, None]}],
    start={"tokens": [1, 1, 1, 0], "pot": 13},
    options={"all_out_at_once": "split_pot", "stake": 1},
)
EMPTY = document()
DOCUMENTS = [
    pytest.param(FINISHED, id="finished"),
    pytest.param(IN_PROGRESS, id="in-progress"),
    pytest.param(SPLIT, id="split-pot"),
    pytest.param(EMPTY, id="empty"),
]


# -- what is written back -------------------------------------------------------------------------


def test_the_output_lists_every_mambassa_option_with_its_default() -> None:
    scored = score_document(EMPTY)
    assert scored["options"] == {
        "stake": 0,
        "lives": 3,
        "max_players": 8,
        "holder_pays": False,
        "ace_low": True,
        "all_out_at_once": "void",
    }
    assert scored["options"] == {option.key: option.default for option in MAMBASSA.options}


def test_the_output_keeps_the_options_given() -> None:
    scored = score_document(FINISHED)
    assert (scored["options"]["lives"], scored["options"]["stake"], scored["options"]["ace_low"]) == (
        2,
        0.5,
        True,
    )


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
    assert all(len(d["hands"]) == len(doc["players"]) for d in result["deals"])
    assert all(len(d["tokens"]) == len(doc["players"]) for d in result["deals"])


@pytest.mark.parametrize("doc", DOCUMENTS)
def test_scoring_the_output_again_gives_the_same_document(doc: dict[str, Any]) -> None:
    scored = score_document(doc)
    again = score_document(json.loads(json.dumps(scored)))
    assert again == scored


def test_the_output_names_the_first_dealer_and_the_start() -> None:
    scored = score_document(IN_PROGRESS)
    assert (scored["format"], scored["game"], scored["players"]) == (FORMAT, "mambassa", PLAYERS)
    assert (scored["first_dealer"], scored["start"]) == ("Anna", {"tokens": [3, 1, 2, 0], "pot": 10})
    assert score_document(EMPTY)["start"] is None


def test_a_finished_game_gives_every_deal_its_winner_and_money() -> None:
    result = score_document(FINISHED)["result"]
    first, second, third = result["deals"]
    assert first == {
        "number": 1,
        "dealer": "Anna",
        "hands": [
            {"combination": "mambassa", "value": 44},
            {"combination": "somma", "value": 5},
            {"combination": "somma", "value": 6},
        ],
        "payers": ["Bruno", "Carla"],
        "mambassa": "Anna",
        "quarantuno": None,
        "void": False,
        "tokens": [2, 1, 1],
        "pot": 5,
        "eliminated": [],
        "next_dealer": "Bruno",
    }
    assert second == {
        "number": 2,
        "dealer": "Bruno",
        "hands": [None, None, None],  # the deal stated its payers
        "payers": ["Carla"],
        "mambassa": None,
        "quarantuno": "Anna",
        "void": False,
        "tokens": [3, 1, 0],
        "pot": 5,
        "eliminated": ["Carla"],
        "next_dealer": "Anna",  # Carla is out, so the deal skips her
    }
    assert (third["dealer"], third["hands"][2], third["payers"], third["eliminated"]) == (
        "Anna",
        None,
        ["Bruno"],
        ["Bruno"],
    )
    assert (third["tokens"], third["pot"], third["next_dealer"]) == ([9, 0, 0], 0, None)
    assert (result["status"], result["winner"], result["end_reason"], result["ended_after_deal"]) == (
        "finished",
        "Anna",
        "last_player",
        3,
    )
    # Each brought 3 tokens of 0.50: Anna takes 1.50 from each of the two others.
    assert result["settlement"] == {"stake": 0.5, "net": {"Anna": 3.0, "Bruno": -1.5, "Carla": -1.5}}


def test_a_game_in_progress_has_no_winner_and_no_settlement() -> None:
    result = score_document(IN_PROGRESS)["result"]
    first, second = result["deals"]
    assert (
        first["dealer"],
        first["hands"][3],
        first["payers"],
        first["eliminated"],
        first["next_dealer"],
    ) == (
        "Carla",
        None,
        ["Bruno"],
        ["Bruno"],
        "Anna",  # Dario and Bruno are out
    )
    assert (second["dealer"], second["tokens"], second["pot"], second["next_dealer"]) == (
        "Anna",
        [2, 0, 2, 0],
        12,
        "Carla",
    )
    assert (result["status"], result["winner"], result["end_reason"], result["settlement"]) == (
        "in_progress",
        None,
        None,
        None,
    )


def test_a_split_pot_ends_the_game_with_no_winner_and_shares_the_pot() -> None:
    result = score_document(SPLIT)["result"]
    (deal,) = result["deals"]
    assert (deal["payers"], deal["eliminated"], deal["void"], deal["tokens"], deal["pot"]) == (
        ["Anna", "Bruno", "Carla"],
        ["Anna", "Bruno", "Carla"],
        False,
        [0, 0, 0, 0],
        16,
    )
    assert (result["status"], result["winner"], result["end_reason"]) == ("finished", None, "split_pot")
    assert result["settlement"] == {
        "stake": 1,
        "net": {"Anna": 1.34, "Bruno": 1.33, "Carla": 1.33, "Dario": -4.0},
    }


def test_a_void_deal_says_so_and_moves_no_token() -> None:
    doc = document([{"hands": [*SEVENS, None]}], start={"tokens": [1, 1, 1, 0], "pot": 13})
    (deal,) = score_document(doc)["result"]["deals"]
    assert (deal["void"], deal["payers"], deal["tokens"], deal["pot"], deal["eliminated"]) == (
        True,
        [],
        [1, 1, 1, 0],
        13,
        [],
    )


def test_runs_are_written_with_their_half_points() -> None:
    doc = document([{"hands": [["4B", "5B", "6B", "7B"], ["CD", "RD", "1D", "5S"], H7, H10]}])
    hands = score_document(doc)["result"]["deals"][0]["hands"]
    assert hands[:2] == [
        {"combination": "scala_lunga", "value": 39.5},
        {"combination": "scala_corta", "value": 38.5},
    ]
    assert isinstance(hands[2]["value"], int)


def test_read_document_turns_names_into_seats_and_codes_into_cards() -> None:
    match = read_document(IN_PROGRESS)
    assert (match.variant.key, match.players, match.first_dealer) == ("mambassa", tuple(PLAYERS), 0)
    first, second = match.deals
    assert (first.dealer, first.hands[3], [c.code for c in first.hands[0]]) == (2, None, H7)
    assert (second.payers, second.mambassa, second.quarantuno, second.hands) == ((0,), None, None, None)


# -- what is refused ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "found"),
    [
        pytest.param(
            {"hands": [["1D", "7S", "7C", "7B"], ["1D", "5S", "5C", "5D"], H6, H10]},
            [("deal 1: 1D is given to both Anna and Bruno", "Bruno", "hands")],
            id="a-card-to-two-players",
        ),
        pytest.param(
            {"hands": [["1D", "1D", "7C", "7B"], H5, H6, H10]},
            [("deal 1: 1D is given twice to Anna", "Anna", "hands")],
            id="a-card-twice-to-one-player",
        ),
        pytest.param(
            {"hands": [H7, H5, ["2S", "3C", "4B"], H10]},
            [("deal 1: Carla has 3 cards; a hand has 4", "Carla", "hands")],
            id="three-cards",
        ),
        pytest.param(
            {"hands": [H7, H5, H6, [*H10, "RD"]]},
            [("deal 1: Dario has 5 cards; a hand has 4", "Dario", "hands")],
            id="five-cards",
        ),
        pytest.param(
            {"hands": [H7, H5, None, H10]},
            [("deal 1: Carla is still in the game: enter a hand of 4 cards", "Carla", "hands")],
            id="no-hand-for-a-player-still-in",
        ),
        pytest.param(
            {"hands": [["8D", "2S", "3C", "4B"], H5, H6, H10]},
            [("deal 1: Anna's 8D is not a card: write rank and suit, like 1D or CC", "Anna", "hands")],
            id="rank-8-is-fante",
        ),
        pytest.param(
            {"hands": [H7, ["1d", "2S", "3C", "4B"], H6, H10]},
            [("deal 1: Bruno's 1d is not a card: write rank and suit, like 1D or CC", "Bruno", "hands")],
            id="lower-case-suit",
        ),
        pytest.param(
            {"hands": [H7, H5, [11, "2S", "3C", "4B"], H10]},
            [("deal 1: Carla's 11 is not a card: write rank and suit, like 1D or CC", "Carla", "hands")],
            id="a-number",
        ),
        pytest.param(
            {"hands": [H7, H5, H6, "2B 4D 6S FC"]},
            [("deal 1: Dario's hand must be a list of cards", "Dario", "hands")],
            id="a-hand-as-text",
        ),
        pytest.param(
            {"hands": [H7, H5, H6]},
            [("deal 1: hands must be a list with one hand per player", None, "hands")],
            id="three-hands-for-four",
        ),
        pytest.param(
            {"payers": ["Bruno"], "mambassa": "Anna"},
            [("deal 1: with Anna's Mambassa these players pay: Bruno, Carla, Dario", "Anna", "payers")],
            id="mambassa-wrong-payers",
        ),
        pytest.param(
            {"payers": ["Anna", "Bruno", "Carla", "Dario"], "mambassa": "Anna"},
            [("deal 1: with Anna's Mambassa these players pay: Bruno, Carla, Dario", "Anna", "payers")],
            id="mambassa-holder-pays-only-by-house-rule",
        ),
        pytest.param(
            {"payers": ["Bruno", "Carla", "Dario"], "mambassa": "Anna", "quarantuno": "Bruno"},
            [("deal 1: Mambassa and Quarantuno cannot be shown in the same deal", None, "quarantuno")],
            id="mambassa-and-quarantuno",
        ),
        pytest.param(
            {"payers": []},
            [("deal 1: say who pays: at least one player pays each deal", None, "payers")],
            id="nobody-pays",
        ),
        pytest.param(
            {"payers": ["Bruno", "Bruno"]},
            [("deal 1: a player can pay only once a deal", None, "payers")],
            id="one-payer-twice",
        ),
        pytest.param(
            {"payers": ["Zeno"]},
            [("deal 1: Zeno is not a player of this match", None, "payers")],
            id="a-payer-who-is-not-a-player",
        ),
        pytest.param(
            {"payers": ["Bruno"], "quarantuno": "Zeno"},
            [("deal 1: Zeno is not a player of this match", None, "quarantuno")],
            id="a-quarantuno-of-someone-else",
        ),
        pytest.param(
            {"hands": [H7, H5, H6, H10], "cards": 16},
            [("deal 1: unknown key cards in a deal", None, None)],
            id="unknown-key-with-hands",
        ),
        pytest.param(
            {"payers": ["Bruno"], "winner": "Anna"},
            [("deal 1: unknown key winner in a deal", None, None)],
            id="unknown-key-with-payers",
        ),
        pytest.param(
            {"hands": [H7, H5, H6, H10], "payers": ["Bruno"]},
            [("deal 1: a deal gives either the hands or the payers", None, "payers")],
            id="hands-and-payers",
        ),
        pytest.param(
            {"mambassa": "Anna"},
            [("deal 1: a deal gives either the hands or the payers", None, "payers")],
            id="neither-hands-nor-payers",
        ),
        pytest.param(
            ["Bruno"],
            [("deal 1: a deal must be an object", None, None)],
            id="not-an-object",
        ),
    ],
)
def test_a_deal_that_breaks_a_rule_is_refused(deal: Any, found: list[Found]) -> None:
    assert refusal(document([deal])) == found


def test_with_holder_pays_the_mambassa_holder_must_be_among_the_payers() -> None:
    doc = document(
        [{"payers": ["Bruno", "Carla", "Dario"], "mambassa": "Anna"}], options={"holder_pays": True}
    )
    assert refusal(doc) == [
        ("deal 1: with Anna's Mambassa these players pay: Anna, Bruno, Carla, Dario", "Anna", "payers")
    ]
    doc["deals"] = [{"payers": ["Anna", "Bruno", "Carla", "Dario"], "mambassa": "Anna"}]
    assert score_document(doc)["result"]["deals"][0]["tokens"] == [2, 2, 2, 2]


def test_a_mambassa_is_paid_only_by_the_players_still_in() -> None:
    start = {"tokens": [3, 3, 3, 0], "pot": 7}
    doc = document([{"payers": ["Bruno", "Carla", "Dario"], "mambassa": "Anna"}], start=start)
    assert refusal(doc) == [("deal 1: Dario was out from the start and cannot play", "Dario", "payers")]
    doc["deals"] = [{"payers": ["Bruno"], "mambassa": "Anna"}]
    assert refusal(doc) == [
        ("deal 1: with Anna's Mambassa these players pay: Bruno, Carla", "Anna", "payers")
    ]


def test_a_hand_for_a_player_who_is_out_is_refused() -> None:
    doc = document([{"hands": [H7, H5, H6, H10]}], start={"tokens": [3, 3, 3, 0], "pot": 7})
    assert refusal(doc) == [("deal 1: Dario is out and has no hand", "Dario", "hands")]


def test_a_payer_who_went_out_is_refused_with_the_deal_he_went_out_in() -> None:
    start = {"tokens": [3, 1, 3, 3], "pot": 6}
    doc = document([QUIET, {"payers": ["Carla"]}, {"payers": ["Bruno"]}], start=start)
    assert refusal(doc) == [("deal 3: Bruno went out after deal 1 and cannot play", "Bruno", "payers")]


@pytest.mark.parametrize("field", ["mambassa", "quarantuno"])
def test_a_player_who_is_out_cannot_show_mambassa_or_quarantuno(field: str) -> None:
    payers = ["Anna", "Carla", "Dario"] if field == "mambassa" else ["Carla"]
    doc = document([QUIET, {"payers": payers, field: "Bruno"}], start={"tokens": [3, 1, 3, 3], "pot": 6})
    assert refusal(doc) == [("deal 2: Bruno went out after deal 1 and cannot play", "Bruno", field)]


def test_with_two_players_left_two_payers_are_refused() -> None:
    doc = document([{"payers": ["Anna", "Bruno"]}], start={"tokens": [2, 2, 0, 0], "pot": 12})
    assert refusal(doc) == [
        (
            "deal 1: with two players left only one pays: on equal hands Bruno, who did not deal",
            "Bruno",
            "payers",
        )
    ]


def test_a_dealer_who_is_out_is_refused() -> None:
    doc = document([{"payers": ["Anna"], "dealer": "Dario"}], start={"tokens": [3, 3, 3, 0], "pot": 7})
    assert refusal(doc) == [("deal 1: Dario is out and cannot deal", "Dario", "dealer")]


def test_a_deal_after_the_end_of_the_game_is_refused() -> None:
    doc = {**FINISHED, "deals": [*FINISHED["deals"], {"payers": ["Anna"]}, {"payers": ["Bruno"]}]}
    assert refusal(doc) == [
        ("deal 4: the match ended after deal 3", None, None),
        ("deal 5: the match ended after deal 3", None, None),
    ]


def test_a_document_with_several_bad_deals_reports_every_one() -> None:
    deals = [QUIET, {"hands": [H7, H5, H6, ["2B", "4D", "6S"]]}, QUIET, {"payers": ["Bruno", "Bruno"]}]
    assert refusal(document(deals)) == [
        ("deal 2: Dario has 3 cards; a hand has 4", "Dario", "hands"),
        ("deal 4: a player can pay only once a deal", None, "payers"),
    ]


def test_a_document_with_several_unreadable_deals_reports_every_one() -> None:
    deals = [{"hands": [H7, H5, H6, ["XX", "4D", "6S", "FC"]]}, QUIET, {"payers": "Bruno"}]
    assert refusal(document(deals)) == [
        ("deal 1: Dario's XX is not a card: write rank and suit, like 1D or CC", "Dario", "hands"),
        ("deal 3: a deal gives either the hands or the payers", None, "payers"),
    ]


@pytest.mark.parametrize(
    ("players", "options", "text"),
    [
        pytest.param(["Anna"], {}, "Mambassa is played by 2 to 8 players, not 1", id="one"),
        pytest.param(
            [f"P{n}" for n in range(9)], {}, "Mambassa is played by 2 to 8 players, not 9", id="nine"
        ),
        pytest.param(
            [f"P{n}" for n in range(8)],
            {"max_players": 7},
            "Mambassa is played by 2 to 7 players, not 8",
            id="eight-of-seven",
        ),
    ],
)
def test_a_table_of_the_wrong_size_is_refused(players: list[str], options: dict[str, Any], text: str) -> None:
    assert refusal(document(players=players, options=options)) == [(text, None, "players")]


def test_eight_players_may_sit_by_default() -> None:
    players = [f"P{n}" for n in range(8)]
    assert score_document(document(players=players))["result"]["status"] == "in_progress"


@pytest.mark.parametrize(
    ("options", "text", "field"),
    [
        ({"lives": 0}, "the lives are a whole number from 1 to 20", "lives"),
        ({"lives": 21}, "the lives are at most 20", "lives"),
        ({"lives": 3.0}, "the lives are a whole number from 1 to 20", "lives"),
        ({"max_players": 6}, "option max_players cannot be 6", "max_players"),
        ({"all_out_at_once": "random"}, 'option all_out_at_once cannot be "random"', "all_out_at_once"),
        ({"holder_pays": "yes"}, 'option holder_pays cannot be "yes"', "holder_pays"),
        ({"tie_multiplier": True}, "unknown option tie_multiplier", "tie_multiplier"),
    ],
)
def test_an_option_mambassa_does_not_have_or_a_bad_value_is_refused(
    options: dict[str, Any], text: str, field: str
) -> None:
    assert refusal(document(options=options)) == [(text, None, field)]


@pytest.mark.parametrize(
    "start",
    [
        {"tokens": [3, 3, 3], "pot": 7},
        {"tokens": [3, 3, 3, -1], "pot": 8},
        {"tokens": [3, 3, 3, 3]},
        {"tokens": [3, 3, 3, 3], "pot": 4, "deals": 2},
        [3, 3, 3, 3],
    ],
)
def test_a_start_of_the_wrong_shape_is_refused(start: Any) -> None:
    assert refusal(document(start=start)) == [(START_MESSAGE, None, "start")]


def test_a_start_that_does_not_add_up_is_refused() -> None:
    doc = document(start={"tokens": [3, 3, 3, 3], "pot": 5})
    assert refusal(doc) == [("tokens and pot add up to 17; with these lives they make 16", None, "start")]
    doc["options"] = {"lives": 4}
    assert refusal(doc) == [("tokens and pot add up to 17; with these lives they make 20", None, "start")]


def test_a_start_that_already_ended_the_game_is_refused() -> None:
    doc = document([QUIET], start={"tokens": [13, 0, 0, 0], "pot": 3})
    assert refusal(doc) == [("the start has already ended the match", None, "start")]
