"""The match document of docs/format.md: what ``score_document`` writes back."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from games.busca.rules import VARIANTS
from games.core import Refused
from games.document import FORMAT, read_document, score_document

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
DEAL_FIELDS = {
    "number",
    "dealer",
    "leader",
    "points",
    "covered",
    "busche",
    "totals",
    "next_dealer",
    "next_leader",
}
RESULT_FIELDS = {
    "deals",
    "totals",
    "status",
    "ended_after_deal",
    "end_reason",
    "losers",
    "winners",
    "ranking",
    "settlement",
}


def document(game: str, deals: list[Any], **more: Any) -> dict[str, Any]:
    return {"format": FORMAT, "game": game, "options": {}, "players": PLAYERS, "deals": deals, **more}


# One finished and one unfinished match of each variant, with the inputs a table may use.
FINISHED = {
    "busca-000": document(
        "busca-000",
        [
            {"points": [30, 5, 3, 2]},
            {"points": [28, 6, 4, 2], "penalties": [{"player": "Bruno", "kind": "renege"}]},
            {"points": None, "covered": [True, False, True, True]},
            {"points": [19, 9, 7, 2], "last_trick": "Dario", "dealer": "Anna"},
        ],
        options={"stake": 1.5},
    ),
    "busca-001": document(
        "busca-001",
        [{"points": [25, 8, 5, 2]}, {"points": [13, 13, 13, 1]}, {"points": [30, 7, 3, 0]}],
        options={"max_deals": 5, "stake": 2},
        start={"totals": [1, 0, 2, 0], "deals": 2},
    ),
    "busca-003": document(
        "busca-003",
        [
            {"points": [15, 15, 3, 2]},
            {"points": [15, 3, 15, 2]},
            {"points": [12, 12, 8, 3]},
            {"points": [3, 14, 10, 8]},
            {"points": [2, 15, 15, 3]},
        ],
        options={"settlement_rule": "per_busca", "stake": 0.1},
    ),
}
IN_PROGRESS = {
    "busca-000": document("busca-000", [{"points": [18, 12, 6, 4]}], first_dealer="Carla"),
    "busca-001": document("busca-001", [{"points": [20, 20, 0, 0]}], options={"non_cover_rule": "top_table"}),
    "busca-003": document("busca-003", [{"points": [20, 10, 5, 0], "covered": [True, True, True, False]}]),
}
EMPTY = {game: document(game, []) for game in VARIANTS}
DOCUMENTS = [
    pytest.param(doc, id=f"{game}-{kind}")
    for kind, docs in (("finished", FINISHED), ("in-progress", IN_PROGRESS), ("empty", EMPTY))
    for game, doc in docs.items()
]


@pytest.mark.parametrize("game", list(VARIANTS))
def test_the_output_lists_every_option_of_the_game_with_its_default(game: str) -> None:
    """Every option of the format; one this project added (docs/format.md, "A deal entered by its
    top") only when it is used, so that a document not using it is as any tool of the format reads it."""
    scored = score_document(EMPTY[game])
    options = VARIANTS[game].options
    assert scored["options"] == {option.key: option.default for option in options if not option.extension}


@pytest.mark.parametrize("game", ["busca-000", "busca-001", "busca-003"])
def test_the_output_writes_the_top_entry_extension_when_a_table_uses_it(game: str) -> None:
    doc = {**EMPTY[game], "options": {**EMPTY[game].get("options", {}), "top_entry": True}}
    assert score_document(doc)["options"]["top_entry"] is True


def test_the_output_keeps_the_options_given() -> None:
    scored = score_document(FINISHED["busca-001"])
    assert (scored["options"]["max_deals"], scored["options"]["stake"]) == (5, 2)
    assert scored["options"]["non_cover_rule"] == "one_times_n"


@pytest.mark.parametrize("value", [12.0, "12", 12.5, True])
def test_a_whole_number_option_takes_only_a_json_integer(value: Any) -> None:
    with pytest.raises(Refused) as refused:
        score_document(document("busca-003", [], options={"threshold": value}))
    problems = [str(p) for p in refused.value.problems]
    assert problems == ["the threshold is a whole number of busche from 1 to 100"]


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


@pytest.mark.parametrize("doc", DOCUMENTS)
def test_scoring_the_output_again_gives_the_same_document(doc: dict[str, Any]) -> None:
    scored = score_document(doc)
    again = score_document(json.loads(json.dumps(scored)))
    assert again == scored


def test_the_output_names_the_first_dealer_and_the_start() -> None:
    scored = score_document(EMPTY["busca-000"])
    assert (scored["format"], scored["game"], scored["players"]) == (FORMAT, "busca-000", PLAYERS)
    assert (scored["first_dealer"], scored["start"]) == ("Anna", None)
    carried = score_document(document("busca-001", [], start={"totals": [3, 1, 0, 2]}))
    assert carried["start"] == {"totals": [3, 1, 0, 2], "deals": 0}


def test_a_stale_result_in_the_input_is_recomputed_not_trusted() -> None:
    doc = {**IN_PROGRESS["busca-000"], "result": {"totals": [99, 0, 0, 0], "status": "finished"}}
    assert score_document(doc)["result"] == score_document(IN_PROGRESS["busca-000"])["result"]


def test_a_finished_000_match_gives_its_end_losers_winners_and_money() -> None:
    result = score_document(FINISHED["busca-000"])["result"]
    assert [d["busche"] for d in result["deals"]] == [[10, 0, 0, 0], [8, 1, 0, 0], [0, 2, 0, 0], [2, 0, 0, 0]]
    assert result["deals"][3]["points"] == [19, 9, 7, 5]
    assert result["totals"] == [20, 3, 0, 0]
    assert (result["status"], result["ended_after_deal"], result["end_reason"]) == ("in_progress", None, None)
    assert (result["losers"], result["winners"], result["settlement"]) == ([], [], None)
    ended = score_document(
        {**FINISHED["busca-000"], "deals": [*FINISHED["busca-000"]["deals"], {"points": [18, 12, 6, 4]}]}
    )
    result = ended["result"]
    assert (result["status"], result["ended_after_deal"], result["end_reason"]) == (
        "finished",
        5,
        "single_limit",
    )
    assert (result["losers"], result["winners"]) == (["Anna"], ["Bruno", "Carla", "Dario"])
    assert result["ranking"] == ["Carla", "Dario", "Bruno", "Anna"]
    assert result["settlement"] == {
        "stake": 1.5,
        "net": {"Anna": -1.5, "Bruno": 0.5, "Carla": 0.5, "Dario": 0.5},
    }
    assert (result["deals"][-1]["next_dealer"], result["deals"][-1]["next_leader"]) == (None, None)


def test_a_finished_001_match_has_winners_and_no_losers() -> None:
    result = score_document(FINISHED["busca-001"])["result"]
    assert result["totals"] == [9, 3, 5, 1]
    assert (result["status"], result["ended_after_deal"], result["end_reason"]) == (
        "finished",
        3,
        "max_deals",
    )
    assert (result["losers"], result["winners"]) == ([], ["Dario"])
    assert result["ranking"] == ["Dario", "Bruno", "Carla", "Anna"]
    assert result["settlement"] == {
        "stake": 2,
        "net": {"Anna": -2.0, "Bruno": -2.0, "Carla": -2.0, "Dario": 6.0},
    }


def test_a_finished_003_match_settles_per_busca() -> None:
    result = score_document(FINISHED["busca-003"])["result"]
    assert result["totals"] == [10, 11, 8, 0]
    assert (result["status"], result["end_reason"], result["losers"]) == (
        "finished",
        "threshold",
        ["Anna", "Bruno"],
    )
    # Everyone pays 0.10 a busca; Carla and Dario share the pot of 2.90.
    assert result["settlement"]["net"] == {"Anna": -1.0, "Bruno": -1.1, "Carla": 0.65, "Dario": 1.45}


def test_a_match_in_progress_says_who_deals_and_leads_next() -> None:
    result = score_document(IN_PROGRESS["busca-000"])["result"]
    (deal,) = result["deals"]
    assert (deal["dealer"], deal["leader"], deal["next_dealer"], deal["next_leader"]) == (
        "Carla",
        "Dario",
        "Anna",
        "Bruno",
    )
    assert (result["status"], result["losers"], result["winners"]) == ("in_progress", [], [])


def test_a_003_document_without_start_does_not_know_the_first_leader() -> None:
    (deal,) = score_document(IN_PROGRESS["busca-003"])["result"]["deals"]
    assert (deal["dealer"], deal["leader"], deal["covered"], deal["busche"]) == (
        "Anna",
        None,
        [True, True, True, False],
        [0, 0, 0, 1],
    )


def test_the_points_of_a_non_cover_may_be_left_out() -> None:
    (deal,) = score_document(
        document("busca-000", [{"points": None, "covered": [True, False, False, True]}])
    )["result"]["deals"]
    assert (deal["points"], deal["busche"]) == (None, [0, 4, 4, 0])


def test_read_document_turns_names_into_seats() -> None:
    match = read_document({**FINISHED["busca-000"], "first_dealer": "Carla"})
    assert (match.variant.key, match.players, match.first_dealer) == ("busca-000", tuple(PLAYERS), 2)
    assert match.deals[3].last_trick == 3
    assert match.deals[3].dealer == 0
    assert match.deals[1].penalties[0].seat == 1
