"""The commands of docs/format.md: score, export_match and import_match.

A refused document: exit status 1, nothing on standard output, one line per problem on standard
error naming the deal, and nothing stored.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from matches import services
from matches.models import Match, Player

from .games import DEFAULTS
from .results import kept

MakeMatch = Callable[..., Match]
NAMES = ["Anna", "Bruno", "Carla", "Dario"]
ANNA_34 = {"points": [34, 2, 2, 2]}


def document(game: str = "busca-000", deals: list[Any] | None = None, **extra: Any) -> dict[str, Any]:
    return {"format": "scorekeeper-match/1", "game": game, "players": NAMES, "deals": deals or [], **extra}


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


# Two deals of busca-000: Anna takes 5 busche with 25 points; then Dario does not cover and takes 2.
TWO_DEALS: list[dict[str, Any]] = [
    {"points": [25, 8, 5, 2]},
    {"points": [20, 10, 10, 0], "covered": [True, True, True, False]},
]
TWO_DEALS_RESULT = {
    "deals": [
        {
            "number": 1,
            "dealer": "Anna",
            "leader": "Bruno",
            "points": [25, 8, 5, 2],
            "covered": [True, True, True, True],
            "busche": [5, 0, 0, 0],
            "totals": [5, 0, 0, 0],
            "next_dealer": "Anna",
            "next_leader": "Bruno",
        },
        {
            "number": 2,
            "dealer": "Anna",
            "leader": "Bruno",
            "points": [20, 10, 10, 0],
            "covered": [True, True, True, False],
            "busche": [0, 0, 0, 2],
            "totals": [5, 0, 0, 2],
            "next_dealer": "Dario",
            "next_leader": "Anna",
        },
    ],
    "totals": [5, 0, 0, 2],
    "status": "in_progress",
    "ended_after_deal": None,
    "end_reason": None,
    "losers": [],
    "winners": [],
    "ranking": ["Bruno", "Carla", "Dario", "Anna"],
    "settlement": None,
}


# -- score ----------------------------------------------------------------------------------------


def test_score_prints_the_document_with_every_option_and_its_result(write: Callable[[Any], str]) -> None:
    # No database fixture: score must not touch the database (pytest-django would refuse it).
    doc = document(deals=TWO_DEALS, options={"stake": 1})

    out, err = run("score", write(doc))

    assert json.loads(out) == {
        "format": "scorekeeper-match/1",
        "game": "busca-000",
        "options": {**DEFAULTS["busca-000"], "stake": 1},
        "players": NAMES,
        "first_dealer": "Anna",
        "start": None,
        "deals": TWO_DEALS,
        "result": TWO_DEALS_RESULT,
    }
    assert err == ""


def test_score_reads_standard_input_when_the_file_is_a_dash(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(document(deals=TWO_DEALS))))

    out, _ = run("score", "-")

    assert json.loads(out)["result"] == TWO_DEALS_RESULT


@pytest.mark.parametrize("game", sorted(DEFAULTS))
def test_score_fills_in_every_option_of_each_game(game: str, write: Callable[[Any], str]) -> None:
    out, _ = run("score", write(document(game)))

    assert json.loads(out)["options"] == DEFAULTS[game]


def test_score_gives_losers_winners_and_money_once_the_match_is_over(write: Callable[[Any], str]) -> None:
    out, _ = run("score", write(document(deals=[ANNA_34, ANNA_34], options={"stake": 1})))

    result = json.loads(out)["result"]
    assert result["status"] == "finished"
    assert result["ended_after_deal"] == 2
    assert result["end_reason"] == "single_limit"
    assert result["losers"] == ["Anna"]
    assert result["winners"] == ["Bruno", "Carla", "Dario"]
    # One stake shared by three: the odd cent goes to the first winner in seating order.
    assert result["settlement"] == {
        "stake": 1,
        "net": {"Anna": -1.0, "Bruno": 0.34, "Carla": 0.33, "Dario": 0.33},
    }
    assert result["deals"][1]["next_dealer"] is None


def test_score_refuses_a_document_with_one_line_per_problem_naming_the_deal(
    write: Callable[[Any], str],
) -> None:
    doc = document(deals=[{"points": [25, 8, 5, 2]}, {"points": [10, 10, 10, 9]}, {"points": [25, 10, 5, 0]}])

    assert refused("score", write(doc)) == [
        "deal 2: points add up to 39, a deal of busca-000 has 40",
        "deal 3: Dario has 0 points; say whether he covered",
    ]


def test_score_refuses_a_deal_after_the_end_of_the_match(write: Callable[[Any], str]) -> None:
    doc = document(deals=[ANNA_34, ANNA_34, {"points": [10, 10, 10, 10]}])

    assert refused("score", write(doc)) == ["deal 3: the match ended after deal 2"]


def test_score_refuses_a_file_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    path.write_text("{not json", encoding="utf-8")

    (line,) = refused("score", str(path))

    assert line == (
        "the document is not JSON: Expecting property name enclosed in double quotes at line 1, column 2"
    )


def test_score_refuses_a_file_that_does_not_exist(tmp_path: Path) -> None:
    path = tmp_path / "missing.json"

    assert refused("score", str(path)) == [f"cannot read {path}: No such file or directory"]


# -- export_match ----------------------------------------------------------------------------------


def test_export_match_prints_the_stored_match_with_its_result(make_match: MakeMatch) -> None:
    match = make_match(deals=TWO_DEALS, stake=1)

    out, _ = run("export_match", str(match.pk))

    assert json.loads(out) == {
        "format": "scorekeeper-match/1",
        "game": "busca-000",
        "options": {**DEFAULTS["busca-000"], "stake": 1},
        "players": NAMES,
        "first_dealer": "Anna",
        "start": None,
        "deals": [{**deal, "dealer": "Anna"} for deal in TWO_DEALS],  # who dealt each, as entered
        "result": TWO_DEALS_RESULT,
    }


def test_export_match_of_a_match_that_does_not_exist_fails(db: Any) -> None:
    with pytest.raises(CommandError, match="there is no match 404"):
        run("export_match", "404")


# -- import_match ------------------------------------------------------------------------------------


def test_import_match_stores_the_document_for_the_owner_and_prints_the_new_id(
    alice: User, write: Callable[[Any], str]
) -> None:
    doc = document(deals=TWO_DEALS, options={"stake": 1}, first_dealer="Bruno")

    out, _ = run("import_match", write(doc), "--owner", "alice")

    match = Match.objects.get()
    assert out.strip() == str(match.pk)
    assert match.owner == alice
    assert [seat.player.name for seat in match.seats.all()] == NAMES
    assert match.result == kept(json.loads(run("score", write(doc))[0])["result"])
    assert kept(services.match_export(match)["result"]) == match.result  # the stored match replays the same


def test_import_match_reads_standard_input(alice: User, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(document(deals=TWO_DEALS))))

    out, _ = run("import_match", "-", "--owner", "alice")

    assert Match.objects.get(pk=int(out)).result == kept(TWO_DEALS_RESULT)


def test_an_exported_match_imports_as_the_same_match(
    make_match: MakeMatch, bob: User, write: Callable[[Any], str]
) -> None:
    exported, _ = run("export_match", str(make_match(deals=TWO_DEALS).pk))

    out, _ = run("import_match", write(json.loads(exported)), "--owner", "bob")

    again, _ = run("export_match", out.strip())
    assert json.loads(again) == json.loads(exported)
    assert Match.objects.get(pk=int(out)).owner == bob


def test_import_match_of_a_bad_document_stores_nothing(alice: User, write: Callable[[Any], str]) -> None:
    doc = document(deals=[{"points": [25, 8, 5, 2]}, {"points": [10, 10, 10, 9]}, {"points": [25, 10, 5, 0]}])

    lines = refused("import_match", write(doc), "--owner", "alice")

    assert lines == [
        "deal 2: points add up to 39, a deal of busca-000 has 40",
        "deal 3: Dario has 0 points; say whether he covered",
    ]
    assert not Match.objects.exists()
    assert not Player.objects.exists()


def test_import_match_refused_after_finding_its_players_stores_none_of_them(
    alice: User, write: Callable[[Any], str]
) -> None:
    # "Anna" is stored first, then "anna" turns out to be the same person: the whole import is undone.
    doc = document(players=["Anna", "anna", "Carla", "Dario"])

    lines = refused("import_match", write(doc), "--owner", "alice")

    assert lines == ["Anna sits in two seats"]
    assert not Match.objects.exists()
    assert not Player.objects.exists()


def test_import_match_for_an_unknown_owner_fails(db: Any, write: Callable[[Any], str]) -> None:
    with pytest.raises(CommandError, match="there is no user zoe"):
        run("import_match", write(document()), "--owner", "zoe")
    assert not Match.objects.exists()


# -- docs/format.md, "Limits" and "Points made clear" ---------------------------------------------

FINISHED = [ANNA_34, ANNA_34]  # Anna passes 20: the match is over


@pytest.fixture
def write_bytes(tmp_path: Path) -> Callable[[bytes], str]:
    def write(data: bytes) -> str:
        path = tmp_path / "match.bin"
        path.write_bytes(data)
        return str(path)

    return write


LIMIT_REFUSALS = [
    (json.dumps(document(deals=FINISHED, options={"stake": 1e30})).encode(), "the stake is at most 10000"),
    (
        json.dumps(document(deals=FINISHED, options={"renege_penalty": 99999999999999999999})).encode(),
        "the renege penalty is at most 10 busche",
    ),
    (
        json.dumps(document(options={"single_limit": 20.0})).encode(),
        "the limit for one player is a whole number of busche from 1 to 100",
    ),
    (
        json.dumps({**document(), "players": ["A" * 41, "Bruno", "Carla", "Dario"]}).encode(),
        "the name AAAAAAAAAAAAAAAAAAAA… is too long: a name has at most 40 characters",
    ),
    (
        json.dumps({**document(), "players": ["Anna\x00", "Bruno", "Carla", "Dario"]}).encode(),
        "a player's name cannot hold control characters",
    ),
    (
        json.dumps({**document(), "players": ["\ud800", "Bruno", "Carla", "Dario"]}).encode(),
        "the document holds a lone surrogate (a \\ud800 escape), which is no text",
    ),
    (
        json.dumps({**document(), "players": ["Anna", "Bruno", "Anna", "Dario"]}).encode(),
        "Anna sits in two seats",
    ),
    (
        json.dumps(document(deals=[{"points": [10, 10, 10, 10]}] * 1001)).encode(),
        "a match holds at most 1000 deals",
    ),
    (
        json.dumps(document(start={"totals": [0, 0, 0, 1001]})).encode(),
        "start must be {totals: 4 whole numbers from 0 to 1000, deals: a whole number from 0 to 1000}",
    ),
    (json.dumps({**document(), "colour": "red"}).encode(), "unknown key colour in a match document"),
    (
        json.dumps(
            document(deals=[{"points": None, "covered": [True] * 3 + [False], "last_trick": "Anna"}])
        ).encode(),
        "deal 1: the last trick counts only with the points: enter them, or leave it out",
    ),
    (b" " * 2_000_001, "this file is too big for a match document (over 2 MB)"),
    (b"\xff\xfe{}", "the document is not UTF-8 text (byte 1)"),
    (b"[" * 100_000 + b"]" * 100_000, "the document is nested more than 20 levels deep"),
    (b'{"format": ' + b"9" * 5000 + b"}", "the document holds a number too large: " + "9" * 40 + "…"),
    (b'{"format": 1e400}', "the document holds a number too large: 1e400"),
    (b'{"format": NaN}', "the document holds NaN, which is no JSON number"),
]
LIMIT_IDS = [
    "stake 1e30 finished",
    "renege 1e20",
    "20.0",
    "41 characters",
    "NUL",
    "lone surrogate",
    "a name twice",
    "1001 deals",
    "start 1001",
    "unknown key",
    "last trick without points",
    "2 MB",
    "not UTF-8",
    "deep",
    "5000 digits",
    "1e400",
    "NaN",
]


@pytest.mark.parametrize(("data", "line"), LIMIT_REFUSALS, ids=LIMIT_IDS)
def test_score_refuses_a_document_past_a_limit_in_one_line(
    data: bytes, line: str, write_bytes: Callable[[bytes], str]
) -> None:
    assert refused("score", write_bytes(data)) == [line]


@pytest.mark.parametrize(("data", "line"), LIMIT_REFUSALS, ids=LIMIT_IDS)
def test_import_match_refuses_a_document_past_a_limit_and_stores_nothing(
    data: bytes, line: str, alice: User, write_bytes: Callable[[bytes], str]
) -> None:
    assert refused("import_match", write_bytes(data), "--owner", "alice") == [line]
    assert not Match.objects.exists()
    assert not Player.objects.exists()


def test_score_reads_no_more_of_standard_input_than_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    class Endless(io.RawIOBase):
        name = "<endless standard input>"  # a buffer TextIOWrapper wraps has a name
        read_sizes: list[int] = []

        def read(self, size: int = -1) -> bytes:
            self.read_sizes.append(size)
            return b" " * (size if size >= 0 else 10**9)

    stdin = io.TextIOWrapper(Endless())
    monkeypatch.setattr("sys.stdin", stdin)

    assert refused("score", "-") == ["this file is too big for a match document (over 2 MB)"]
    assert Endless.read_sizes == [2_000_001]


def test_export_match_of_a_match_stored_past_a_limit_says_so_in_one_line(make_match: MakeMatch) -> None:
    match = make_match(deals=FINISHED)
    Match.objects.filter(pk=match.pk).update(options={**match.options, "stake": 1e30})

    assert refused("export_match", str(match.pk)) == ["the stake is at most 10000"]


def test_score_takes_null_for_first_dealer_start_and_options(write: Callable[[Any], str]) -> None:
    out, _ = run("score", write(document(deals=TWO_DEALS, first_dealer=None, start=None, options=None)))
    scored = json.loads(out)
    assert (scored["first_dealer"], scored["start"], scored["result"]["deals"][0]["dealer"]) == (
        "Anna",
        None,
        "Anna",
    )


def test_score_refuses_deals_that_are_not_a_list(write: Callable[[Any], str]) -> None:
    assert refused("score", write({**document(), "deals": None})) == ["deals must be a list"]


def test_score_gives_a_match_ended_by_the_single_limit_one_loser_whatever_losers_says(
    write: Callable[[Any], str],
) -> None:
    doc = document(deals=FINISHED, options={"losers": "two_highest", "stake": 1})
    result = json.loads(run("score", write(doc))[0])["result"]
    assert (result["end_reason"], result["losers"]) == ("single_limit", ["Anna"])
    assert result["settlement"]["net"] == {"Anna": -1.0, "Bruno": 0.34, "Carla": 0.33, "Dario": 0.33}


def test_score_reports_a_refused_deal_once_not_its_knock_on(write: Callable[[Any], str]) -> None:
    # Deal 1 is refused; the dealer of deal 3 follows from it, so its misdeal is not judged.
    misdeal = {"points": [18, 12, 6, 4], "penalties": [{"player": "Carla", "kind": "misdeal"}]}
    doc = document(deals=[{"points": [18, 12, 5, 4]}, ANNA_34, misdeal])
    assert refused("score", write(doc)) == ["deal 1: points add up to 39, a deal of busca-000 has 40"]
