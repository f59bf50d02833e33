"""The commands of docs/format.md on Whist documents: score, export_match and import_match.

A refused document: exit status 1, nothing on standard output, one line per problem on standard
error naming the deal, and nothing stored. The results below are worked out by hand from
docs/rules.md, section 7; pair 0 is Anna & Carla, pair 1 Bruno & Dario.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from matches.models import Deal, Match, Player

Write = Callable[[Any], str]
NAMES = ["Anna", "Bruno", "Carla", "Dario"]
DEFAULTS = {
    "stake": 0,
    "four_honours": 3,
    "honour_cutoff": "start_of_deal",
    "game_points": 5,
    "rubber_bonus": 2,
    "stake_basis": "pair",
    "revoke_penalty": "none",
}


def document(deals: list[Any] | None = None, **extra: Any) -> dict[str, Any]:
    return {"format": "scorekeeper-match/1", "game": "whist", "players": NAMES, "deals": deals or [], **extra}


def run(*args: str) -> tuple[str, str]:
    """Run a command; its standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def refused(*args: str) -> list[str]:
    """Run a command that must refuse its input: the lines of its standard error."""
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit) as exit:
        call_command(*args, stdout=out, stderr=err)
    assert exit.value.code == 1
    assert out.getvalue() == ""
    return err.getvalue().splitlines()


@pytest.fixture
def write(tmp_path: Path) -> Write:
    """Write a document to a new file; its path."""
    written = iter(range(1, 100))

    def write(doc: Any) -> str:
        path = tmp_path / f"match-{next(written)}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        return str(path)

    return write


# A rubber begun on paper: Bruno & Dario won the first game, a single; the second stands at 3-1.
START = {"score": [3, 1], "games": [{"winner": 1, "game_points": 1}]}
RUBBER = [
    # Anna & Carla 7 tricks (1): 4; Bruno & Dario 3 honours (2): 3.
    {"tricks": [7, 6], "honours": [1, 3]},
    # Bruno & Dario 7 tricks (1): 4. Anna & Carla hold four honours, but began the deal on 4 (AMB-27).
    {"tricks": [6, 7], "honours": [4, 0]},
    # Anna & Carla 8 tricks (2): 6, the game, the opponents on 4: a single. Bruno & Dario's honours
    # come after the tricks, so they are never scored (AMB-28).
    {"tricks": [8, 5], "honours": [1, 3]},
    # Anna & Carla 10 tricks (4) and 3 honours (2): 6 from 0-0, a treble, and the rubber.
    {"tricks": [10, 3], "honours": [3, 1]},
]
RUBBER_RESULT = {
    "deals": [
        {
            "number": 1,
            "dealer": "Anna",
            "trick_points": [1, 0],
            "honour_points": [0, 2],
            "score": [4, 3],
            "game": None,
            "next_dealer": "Bruno",
        },
        {
            "number": 2,
            "dealer": "Bruno",
            "trick_points": [0, 1],
            "honour_points": [0, 0],
            "score": [4, 4],
            "game": None,
            "next_dealer": "Carla",
        },
        {
            "number": 3,
            "dealer": "Carla",
            "trick_points": [2, 0],
            "honour_points": [0, 0],
            "score": [6, 4],
            "game": {"winner": 0, "opponents_score": 4, "game_points": 1},
            "next_dealer": "Dario",
        },
        {
            "number": 4,
            "dealer": "Dario",
            "trick_points": [4, 0],
            "honour_points": [2, 0],
            "score": [6, 0],
            "game": {"winner": 0, "opponents_score": 0, "game_points": 3},
            "next_dealer": None,
        },
    ],
    "games": [
        {"winner": 1, "opponents_score": None, "game_points": 1},
        {"winner": 0, "opponents_score": 4, "game_points": 1},
        {"winner": 0, "opponents_score": 0, "game_points": 3},
    ],
    "score": [0, 0],
    "status": "finished",
    "ended_after_deal": 4,
    "end_reason": "rubber",
    "rubber_winner": 0,
    # Anna & Carla: 1 + 3 + 2 for the rubber; Bruno & Dario: 1. They pay 5 points at 0.50.
    "totals": [6, 1],
    "settlement": {"stake": 0.5, "points": 5, "payer": 1, "payee": 0, "amount": 2.5, "total": 2.5},
}


# -- score -------------------------------------------------------------------------------------------


def test_score_prints_a_whist_document_with_every_option_and_its_result(write: Write) -> None:
    # No database fixture: score must not touch the database (pytest-django would refuse it).
    doc = document(RUBBER, options={"stake": 0.5}, start=START)

    out, err = run("score", write(doc))

    assert json.loads(out) == {
        "format": "scorekeeper-match/1",
        "game": "whist",
        "options": {**DEFAULTS, "stake": 0.5},
        "players": NAMES,
        "first_dealer": "Anna",
        "start": START,
        "deals": RUBBER,
        "result": RUBBER_RESULT,
    }
    assert err == ""


def test_score_fills_in_every_whist_option(write: Write) -> None:
    out, _ = run("score", write(document()))

    doc = json.loads(out)
    assert doc["options"] == DEFAULTS
    assert doc["result"]["status"] == "in_progress"
    assert doc["result"]["settlement"] is None
    assert doc["result"]["rubber_winner"] is None


def test_score_follows_the_house_rules_of_the_document(write: Write) -> None:
    # Four honours score 4 (the classic laws): 2 tricks + 4 make 6 from 0-0, a treble at once.
    # The stake is per player, so the losing pair pays twice (3 + 3 + 2) × 1.
    deal = {"tricks": [8, 5], "honours": [4, 0]}
    options = {"stake": 1, "four_honours": 4, "stake_basis": "player"}

    out, _ = run("score", write(document([deal, deal], options=options)))

    result = json.loads(out)["result"]
    assert [d["honour_points"] for d in result["deals"]] == [[4, 0], [4, 0]]
    assert result["totals"] == [8, 0]
    assert result["settlement"] == {
        "stake": 1,
        "points": 8,
        "payer": 1,
        "payee": 0,
        "amount": 8.0,
        "total": 16.0,
    }


def test_score_takes_a_revoke_when_the_house_rules_have_a_penalty(write: Write) -> None:
    # Bruno & Dario revoke: 3 tricks move to Anna & Carla, 7 + 3 = 10 tricks, 4 points; then 2
    # honours make 6, a treble. With three_tricks no points move directly.
    doc = document(
        [{"tricks": [7, 6], "honours": [3, 1], "revoke": 1}], options={"revoke_penalty": "three_tricks"}
    )

    out, _ = run("score", write(doc))

    deal = json.loads(out)["result"]["deals"][0]
    assert deal["trick_points"] == [4, 0]
    assert deal["honour_points"] == [2, 0]
    assert deal["game"] == {"winner": 0, "opponents_score": 0, "game_points": 3}


def test_score_refuses_impossible_deals_with_one_line_each_naming_the_deal(write: Write) -> None:
    doc = document(
        [
            {"tricks": [14, -1], "honours": [3, 1]},
            {"tricks": [7, 5], "honours": [2, 2]},
            {"tricks": [7, 6], "honours": [5, -1]},
            {"tricks": [7, 6], "honours": [2, 1]},
            {"tricks": [7, 6], "honours": [2, 2], "revoke": 0},
        ]
    )

    assert refused("score", write(doc)) == [
        "deal 1: a pair takes 0 to 13 tricks, not 14",
        "deal 2: tricks add up to 12; the two pairs take 13",
        "deal 3: a pair holds 0 to 4 honours, not 5",
        "deal 4: honours add up to 3; there are 4 (ace, king, queen and jack of trumps)",
        "deal 5: this rubber is played without a revoke penalty",
    ]


def test_score_refuses_deals_that_are_not_written_as_the_format_says(write: Write) -> None:
    doc = document(
        [
            {"tricks": [9], "honours": [3, 1]},
            {"tricks": [9, 4], "honours": "3-1"},
            {"tricks": [9, 4], "honours": [3, 1], "revoke": 2},
            {"tricks": [9, 4], "honours": [3, 1], "trumps": "hearts"},
        ]
    )

    assert refused("score", write(doc)) == [
        "deal 1: tricks must be 2 whole numbers, one per pair",
        "deal 2: honours must be 2 whole numbers, one per pair",
        "deal 3: revoke must be the pair that revoked: 0 or 1",
        "deal 4: unknown key trumps in a deal",
    ]


def test_score_refuses_a_deal_after_the_rubber_is_won(write: Write) -> None:
    treble = {"tricks": [9, 4], "honours": [3, 1]}

    assert refused("score", write(document([treble, treble, treble]))) == [
        "deal 3: the match ended after deal 2"
    ]


@pytest.mark.parametrize(
    ("start", "line"),
    [
        (
            {"score": [5, 0], "games": []},
            "the score of the game in progress must stay under 5, the points of a game",
        ),
        (
            {"score": [0, 0], "games": [{"winner": 0, "game_points": 3}, {"winner": 0, "game_points": 1}]},
            "the start has already ended the match",
        ),
        (
            {"score": [0, 0], "games": [{"winner": 0, "opponents_score": 1, "game_points": 3}]},
            "a game won with the opponents on 1 is not worth 3",
        ),
    ],
    ids=["game-already-won", "rubber-already-won", "wrong-game-value"],
)
def test_score_refuses_a_start_that_cannot_be(start: dict[str, Any], line: str, write: Write) -> None:
    assert refused("score", write(document(start=start))) == [line]


# -- export_match and import_match -------------------------------------------------------------------


def test_export_import_export_gives_the_same_document(alice: User, write: Write) -> None:
    doc = document(RUBBER, options={"stake": 0.5}, start=START, first_dealer="Anna")

    first_id, _ = run("import_match", write(doc), "--owner", "alice")
    exported, _ = run("export_match", first_id.strip())
    second_id, _ = run("import_match", write(json.loads(exported)), "--owner", "alice")
    again, _ = run("export_match", second_id.strip())

    assert first_id != second_id
    assert json.loads(again) == json.loads(exported)
    scored, _ = run("score", write(doc))
    assert json.loads(exported) == json.loads(scored)
    assert json.loads(exported)["result"] == RUBBER_RESULT


def test_import_match_stores_the_rubber_for_its_owner(alice: User, write: Write) -> None:
    out, _ = run("import_match", write(document(RUBBER[:2], start=START)), "--owner", "alice")

    match = Match.objects.get(pk=int(out))
    assert match.owner == alice
    assert match.game == "whist"
    assert match.options == DEFAULTS
    assert match.start == START
    assert [seat.player.name for seat in match.seats.all()] == NAMES
    assert [deal.entry for deal in match.deals.all()] == RUBBER[:2]
    assert match.status == "in_progress"
    assert match.result["score"] == [4, 4]


def test_a_whist_match_entered_on_the_web_exports_what_was_tapped(
    make_whist: Callable[..., Match],
) -> None:
    match = make_whist(deals=[{"tricks": [9, 4], "honours": [3, 1]}], stake=0.5)

    out, _ = run("export_match", str(match.pk))

    doc = json.loads(out)
    assert doc["deals"] == [{"tricks": [9, 4], "honours": [3, 1], "dealer": "Anna"}]  # who dealt, too
    assert doc["options"] == {**DEFAULTS, "stake": 0.5}
    assert doc["start"] is None
    assert doc["result"]["games"] == [{"winner": 0, "opponents_score": 0, "game_points": 3}]


def test_import_match_refuses_an_impossible_rubber_and_stores_nothing(alice: User, write: Write) -> None:
    doc = document([{"tricks": [9, 4], "honours": [3, 1]}, {"tricks": [9, 3], "honours": [3, 1]}])

    lines = refused("import_match", write(doc), "--owner", "alice")

    assert lines == ["deal 2: tricks add up to 12; the two pairs take 13"]
    assert not Match.objects.exists()
    assert not Deal.objects.exists()
    assert not Player.objects.exists()


# -- docs/format.md, "Limits" and "Points made clear" ---------------------------------------------


def test_score_takes_a_start_without_its_games(write: Write) -> None:
    scored = json.loads(run("score", write(document(start={"score": [3, 1]})))[0])
    assert scored["start"] == {"score": [3, 1], "games": []}


def test_score_gives_the_amount_to_the_cent(write: Write) -> None:
    scored = json.loads(run("score", write(document(RUBBER, options={"stake": 0.07})))[0])
    settlement = scored["result"]["settlement"]
    assert settlement["amount"] == round(settlement["points"] * 0.07, 2)


@pytest.mark.parametrize(
    ("options", "line"),
    [
        ({"game_points": 21}, "the points for a game are at most 20"),
        ({"game_points": 5.0}, "the points for a game are a whole number from 2 to 20"),
        ({"rubber_bonus": 21}, "the rubber bonus is at most 20 points"),
        ({"stake": 0.125}, "the stake is a sum from 0 to 10000, with at most two decimals"),
    ],
)
def test_score_refuses_options_past_their_limits(options: dict[str, Any], line: str, write: Write) -> None:
    assert refused("score", write(document(options=options))) == [line]


def test_score_refuses_a_start_score_on_the_game(write: Write) -> None:
    assert refused("score", write(document(start={"score": [0, 5]}))) == [
        "the score of the game in progress must stay under 5, the points of a game"
    ]


def test_score_reports_a_refused_deal_once(write: Write) -> None:
    # Whether the rubber was won before the last deal follows from deal 1, refused: not judged.
    doc = document([{"tricks": [7, 7], "honours": [2, 2]}, *RUBBER, {"tricks": [7, 6], "honours": [2, 2]}])
    assert refused("score", write(doc)) == ["deal 1: tricks add up to 14; the two pairs take 13"]
