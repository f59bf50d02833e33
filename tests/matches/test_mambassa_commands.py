"""The commands of docs/format.md on Mambassa documents: score, export_match and import_match.

The tokens are worked out by hand from docs/rules.md, section 6. A refused document: exit status
1, nothing on standard output, one line per problem on standard error naming the deal and the player,
and nothing stored.
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

from matches import services
from matches.models import Match, Player

from .results import kept, replayed

MakeMambassa = Callable[..., Match]
NAMES = ["Anna", "Bruno", "Carla", "Dario"]
DEFAULTS = {
    "stake": 0,
    "lives": 3,
    "max_players": 8,
    "holder_pays": False,
    "ace_low": True,
    "all_out_at_once": "void",
}


def document(deals: list[Any] | None = None, **extra: Any) -> dict[str, Any]:
    return {
        "format": "scorekeeper-match/1",
        "game": "mambassa",
        "players": NAMES,
        "deals": deals or [],
        **extra,
    }


def shown(*hands: str | None) -> dict[str, Any]:
    """A deal entered with the cards shown: each hand as "1D 5S 3C 2B", None for a player who is out."""
    return {"hands": [hand.split() if hand else None for hand in hands]}


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
def write(tmp_path: Path) -> Callable[[Any], str]:
    def write(doc: Any) -> str:
        path = tmp_path / "match.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        return str(path)

    return write


# A game carried over from paper: Anna 3 tokens, Bruno 1, Carla already out, Dario 2, and 10 in the pot
# (4 players × 4 tokens = 16). Deal 1 is entered with the cards shown, deal 2 with who paid.
START = {"tokens": [3, 1, 0, 2], "pot": 10}
SHOWN = {
    "hands": [
        ["FC", "CC", "RC", "1C"],  # Quarantuno of coppe: 41, and a token back from the pot
        ["5S", "6S", "7S", "2B"],  # scala corta to the 7 of spade: 38.5
        None,  # Carla is out
        ["2D", "4D", "6B", "RB"],  # denari 6, bastoni 16: 16, the lowest
    ]
}
BRUNO_PAYS = {"payers": ["Bruno"]}
SHOWN_THEN_BRUNO_RESULT = {
    "deals": [
        {
            "number": 1,
            "dealer": "Anna",
            "hands": [
                {"combination": "quarantuno", "value": 41},
                {"combination": "scala_corta", "value": 38.5},
                None,
                {"combination": "somma", "value": 16},
            ],
            "payers": ["Dario"],
            "mambassa": None,
            "quarantuno": "Anna",
            "void": False,
            "tokens": [4, 1, 0, 1],
            "pot": 10,
            "eliminated": [],
            "next_dealer": "Bruno",
        },
        {
            "number": 2,
            "dealer": "Bruno",
            "hands": [None, None, None, None],
            "payers": ["Bruno"],
            "mambassa": None,
            "quarantuno": None,
            "void": False,
            "tokens": [4, 0, 0, 1],
            "pot": 11,
            "eliminated": ["Bruno"],
            "next_dealer": "Dario",  # Carla is out: the deal passes over her
        },
    ],
    "tokens": [4, 0, 0, 1],
    "pot": 11,
    "status": "in_progress",
    "ended_after_deal": None,
    "end_reason": None,
    "winner": None,
    "settlement": None,
}


# -- score --------------------------------------------------------------------------------------------


def test_score_reads_both_kinds_of_deal_after_a_start_and_prints_the_result(
    write: Callable[[Any], str],
) -> None:
    # No database fixture: score must not touch the database (pytest-django would refuse it).
    doc = document(deals=[SHOWN, BRUNO_PAYS], start=START, options={"stake": 1})

    out, err = run("score", write(doc))

    assert json.loads(out) == {
        "format": "scorekeeper-match/1",
        "game": "mambassa",
        "options": {**DEFAULTS, "stake": 1},
        "players": NAMES,
        "first_dealer": "Anna",
        "start": START,
        "deals": [SHOWN, BRUNO_PAYS],
        "result": SHOWN_THEN_BRUNO_RESULT,
    }
    assert err == ""


def test_score_fills_in_every_mambassa_option(write: Callable[[Any], str]) -> None:
    out, _ = run("score", write(document()))

    scored = json.loads(out)
    assert scored["options"] == DEFAULTS
    assert scored["start"] is None
    assert scored["result"]["tokens"] == [3, 3, 3, 3]
    assert scored["result"]["pot"] == 4


def test_score_gives_the_winner_and_the_money_once_the_game_is_over(write: Callable[[Any], str]) -> None:
    # One life each, three players: Anna's Mambassa puts Bruno and Carla out at once.
    mambassa = shown("1D 1S 1C 1B", "FC CC RC 3C", "5S 6S 7S 2B")
    doc = document(deals=[mambassa], players=NAMES[:3], options={"lives": 1, "stake": 0.5})

    out, _ = run("score", write(doc))

    result = json.loads(out)["result"]
    (deal,) = result["deals"]
    assert deal["mambassa"] == "Anna"
    assert deal["payers"] == ["Bruno", "Carla"]
    assert deal["eliminated"] == ["Bruno", "Carla"]
    assert deal["next_dealer"] is None
    assert result["status"] == "finished"
    assert result["ended_after_deal"] == 1
    assert result["end_reason"] == "last_player"
    assert result["winner"] == "Anna"
    # The winner takes the whole pot: all (1 + 1) × 3 tokens.
    assert result["tokens"] == [6, 0, 0]
    assert result["pot"] == 0
    # Each brought (1 + 1) × 0.50 = 1.00; the winner nets 1.00 × 2 opponents.
    assert result["settlement"] == {"stake": 0.5, "net": {"Anna": 2.0, "Bruno": -1.0, "Carla": -1.0}}


def test_score_refuses_every_deal_that_breaks_a_rule_naming_the_deal_and_the_player(
    write: Callable[[Any], str],
) -> None:
    doc = document(
        deals=[
            shown("1D 2D 3D 4D", "1D 5S 6S 7S", "FC CC RC 1C", "2B 3B 4B 5B"),
            shown("1D 2D 3D 4D", "5S 6S 7S FS", "FC CC RC", "2B 3B 4B 5B"),
            {"payers": ["Dario", "Dario"]},
        ]
    )

    assert refused("score", write(doc)) == [
        "deal 1: 1D is given to both Anna and Bruno",
        "deal 2: Carla has 3 cards; a hand has 4",
        "deal 3: a player can pay only once a deal",
    ]


def test_score_refuses_a_player_who_is_out(write: Callable[[Any], str]) -> None:
    # One life each: Bruno pays deal 1 and is out.
    bruno_shows = shown("1D 2D 3D 4D", "5S 6S 7S FS", "FC CC RC 1C", "2B 3B 4B 5B")
    doc = document(deals=[BRUNO_PAYS, BRUNO_PAYS, bruno_shows], options={"lives": 1})

    # Deal 3 is judged on what deal 2 would have made, which is not known: it is not refused again.
    assert refused("score", write(doc)) == ["deal 2: Bruno went out after deal 1 and cannot play"]


def test_score_refuses_a_player_out_from_the_start(write: Callable[[Any], str]) -> None:
    doc = document(deals=[{"payers": ["Carla"]}], start=START)

    assert refused("score", write(doc)) == ["deal 1: Carla was out from the start and cannot play"]


def test_score_names_the_player_whose_hand_holds_something_that_is_not_a_card(
    write: Callable[[Any], str],
) -> None:
    deal = shown("1D 2D 3D 4D", "5S 6S 7S FS", "FC CC RC 1C", "2B 3B XB 5B")

    # docs/format.md: each line names the deal, and the player where there is one.
    assert refused("score", write(document(deals=[deal]))) == [
        "deal 1: Dario's XB is not a card: write rank and suit, like 1D or CC"
    ]


def test_score_refuses_a_start_that_does_not_add_up(write: Callable[[Any], str]) -> None:
    doc = document(start={"tokens": [3, 1, 0, 2], "pot": 9})

    assert refused("score", write(doc)) == ["tokens and pot add up to 15; with these lives they make 16"]


def test_score_refuses_a_deal_after_the_end_of_the_game(write: Callable[[Any], str]) -> None:
    doc = document(
        deals=[{"payers": ["Bruno", "Carla"]}, BRUNO_PAYS], players=NAMES[:3], options={"lives": 1}
    )

    assert refused("score", write(doc)) == ["deal 2: the match ended after deal 1"]


def test_score_refuses_more_players_than_the_table_seats(write: Callable[[Any], str]) -> None:
    names = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ivo"]
    doc = document(players=names, options={"max_players": 7})

    assert refused("score", write(doc)) == ["Mambassa is played by 2 to 7 players, not 8"]


# -- export_match and import_match ----------------------------------------------------------------------


def test_export_match_prints_a_stored_game_with_its_start_and_result(make_mambassa: MakeMambassa) -> None:
    match = make_mambassa(deals=[SHOWN, BRUNO_PAYS], start=START, stake=1)

    out, _ = run("export_match", str(match.pk))

    assert json.loads(out) == {
        "format": "scorekeeper-match/1",
        "game": "mambassa",
        "options": {**DEFAULTS, "stake": 1},
        "players": NAMES,
        "first_dealer": "Anna",
        "start": START,
        "deals": [{**SHOWN, "dealer": "Anna"}, {**BRUNO_PAYS, "dealer": "Bruno"}],  # who dealt each
        "result": SHOWN_THEN_BRUNO_RESULT,
    }


def test_an_exported_game_imports_as_the_same_game(
    make_mambassa: MakeMambassa, bob: User, write: Callable[[Any], str]
) -> None:
    # Two lives: Bruno and Dario pay deal 1 and Anna takes a token back; Dario's 16 pays deal 2 and
    # he is out; the table lets Anna deal deal 3, in which Carla's Mambassa puts Bruno out.
    deals = [
        {"payers": ["Bruno", "Dario"], "quarantuno": "Anna"},
        shown("FC CC RC 1C", "5S 6S 7S 2B", "1S 2S 3S 4S", "2D 4D 6B RB"),
        {"payers": ["Anna", "Bruno"], "mambassa": "Carla", "dealer": "Anna"},
    ]
    match = make_mambassa(deals=deals, stake=0.5, lives=2)
    exported, _ = run("export_match", str(match.pk))

    out, _ = run("import_match", write(json.loads(exported)), "--owner", "bob")

    imported = Match.objects.get(pk=int(out))
    assert imported.owner == bob
    again, _ = run("export_match", out.strip())
    assert json.loads(again) == json.loads(exported)
    assert imported.result == match.result
    assert imported.result["tokens"] == [3, 0, 2, 0]
    assert [deal["dealer"] for deal in replayed(imported)["deals"]] == ["Anna", "Bruno", "Anna"]


def test_a_finished_game_round_trips_with_its_winner_and_money(
    make_mambassa: MakeMambassa, bob: User, write: Callable[[Any], str]
) -> None:
    match = make_mambassa(3, deals=[{"payers": ["Bruno"]}, {"payers": ["Carla"]}], lives=1, stake=2)
    exported, _ = run("export_match", str(match.pk))

    out, _ = run("import_match", write(json.loads(exported)), "--owner", "bob")

    again = json.loads(run("export_match", out.strip())[0])
    assert again == json.loads(exported)
    assert again["result"]["winner"] == "Anna"
    assert again["result"]["settlement"] == {"stake": 2, "net": {"Anna": 8.0, "Bruno": -4.0, "Carla": -4.0}}
    assert Match.objects.get(pk=int(out)).status == Match.Status.FINISHED


def test_import_match_stores_a_game_with_a_start(alice: User, write: Callable[[Any], str]) -> None:
    doc = document(deals=[SHOWN, BRUNO_PAYS], start=START, options={"stake": 1})

    out, _ = run("import_match", write(doc), "--owner", "alice")

    match = Match.objects.get()
    assert out.strip() == str(match.pk)
    assert match.owner == alice
    assert match.start == START
    assert [seat.player.name for seat in match.seats.all()] == NAMES
    assert match.result == kept(SHOWN_THEN_BRUNO_RESULT)
    assert (
        services.match_export(match)["result"] == SHOWN_THEN_BRUNO_RESULT
    )  # the stored game replays the same


def test_import_match_of_a_refused_game_stores_nothing(alice: User, write: Callable[[Any], str]) -> None:
    doc = document(deals=[BRUNO_PAYS, BRUNO_PAYS], options={"lives": 1})

    lines = refused("import_match", write(doc), "--owner", "alice")

    assert lines == ["deal 2: Bruno went out after deal 1 and cannot play"]
    assert not Match.objects.exists()
    assert not Player.objects.exists()


# -- docs/format.md, "Limits" and "Points made clear" ---------------------------------------------

OUT_AT_START = {"tokens": [0, 3, 3, 3], "pot": 7}


def test_score_deals_first_from_the_first_player_still_in(write: Callable[[Any], str]) -> None:
    out, _ = run("score", write(document([{"payers": ["Carla"]}], start=OUT_AT_START)))
    scored = json.loads(out)
    assert (scored["first_dealer"], scored["result"]["deals"][0]["dealer"]) == ("Bruno", "Bruno")


def test_score_refuses_a_first_dealer_named_who_is_out(write: Callable[[Any], str]) -> None:
    assert refused("score", write(document(start=OUT_AT_START, first_dealer="Anna"))) == [
        "Anna is out and cannot deal"
    ]


def test_import_match_stores_the_first_dealer_still_in(alice: User, write: Callable[[Any], str]) -> None:
    out, _ = run("import_match", write(document([], start=OUT_AT_START)), "--owner", "alice")
    exported = json.loads(run("export_match", out.strip())[0])
    assert exported["first_dealer"] == "Bruno"


def test_score_shows_the_pot_collected_in_the_last_deal_and_the_money_to_the_cent(
    write: Callable[[Any], str],
) -> None:
    doc = document(
        [{"payers": ["Bruno"]}],
        players=["Anna", "Bruno", "Carla"],
        start={"tokens": [2, 1, 0], "pot": 9},
        options={"stake": 0.33},
    )
    result = json.loads(run("score", write(doc))[0])["result"]
    assert (result["deals"][-1]["tokens"], result["deals"][-1]["pot"]) == ([12, 0, 0], 0)
    # Each brought 4 tokens at 0.33 = 1.32; the winner takes the other two players'.
    assert result["settlement"]["net"] == {"Anna": 2.64, "Bruno": -1.32, "Carla": -1.32}


@pytest.mark.parametrize(
    ("options", "line"),
    [
        ({"lives": 21}, "the lives are at most 20"),
        ({"lives": 3.0}, "the lives are a whole number from 1 to 20"),
    ],
)
def test_score_refuses_lives_past_their_limits(
    options: dict[str, Any], line: str, write: Callable[[Any], str]
) -> None:
    assert refused("score", write(document(options=options))) == [line]


def test_score_refuses_a_start_whose_tokens_do_not_add_up(write: Callable[[Any], str]) -> None:
    doc = document(start={"tokens": [10**30, 3, 3, 3], "pot": 4})
    assert refused("score", write(doc)) == [
        f"tokens and pot add up to {10**30 + 13}; with these lives they make 16"
    ]
