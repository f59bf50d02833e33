"""docs/format.md, "Limits" and "Points made clear": what a document may hold, and how it is read."""

from __future__ import annotations

import json
import time
from decimal import Decimal
from typing import Any

import pytest

from games.core import Refused, name_problem, repeated_name_problem
from games.document import parse_document, read_document, score_document

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
QUIET = {"points": [18, 12, 6, 4]}  # Anna alone takes a busca


def document(game: str = "busca-000", deals: list[Any] | None = None, **more: Any) -> dict[str, Any]:
    return {"format": "scorekeeper-match/1", "game": game, "players": PLAYERS, "deals": deals or [], **more}


def refusal(doc: Any) -> list[str]:
    with pytest.raises(Refused) as refused:
        score_document(doc)
    return [str(p) for p in refused.value.problems]


def parse_refusal(data: bytes) -> list[str]:
    with pytest.raises(Refused) as refused:
        parse_document(data)
    return [str(p) for p in refused.value.problems]


# -- the document as bytes --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "line"),
    [
        (b" " * 2_000_001, "this file is too big for a match document (over 2 MB)"),
        (b"\xff\xfe{}", "the document is not UTF-8 text (byte 1)"),
        (b'{"a": 1,\n "b": }', "the document is not JSON: Expecting value at line 2, column 7"),
        (b"", "the document is not JSON: Expecting value at line 1, column 1"),
        (b"[" * 100_000 + b"]" * 100_000, "the document is nested more than 20 levels deep"),
        (b"[" * 21 + b"]" * 21, "the document is nested more than 20 levels deep"),
        (b'{"n": ' + b"9" * 5000 + b"}", "the document holds a number too large: " + "9" * 40 + "…"),
        (b'{"n": 1e400}', "the document holds a number too large: 1e400"),
        (b'{"n": -1e309}', "the document holds a number too large: -1e309"),
        (b'{"n": NaN}', "the document holds NaN, which is no JSON number"),
        (b'{"n": -Infinity}', "the document holds -Infinity, which is no JSON number"),
        (b'{"name": "\\ud800"}', "the document holds a lone surrogate (a \\ud800 escape), which is no text"),
    ],
    ids=[
        "too large",
        "not UTF-8",
        "not JSON",
        "empty",
        "100000 deep",
        "21 deep",
        "5000 digits",
        "1e400",
        "-1e309",
        "NaN",
        "Infinity",
        "lone surrogate",
    ],
)
def test_a_document_that_is_no_json_of_ours_is_refused_in_one_line(data: bytes, line: str) -> None:
    assert parse_refusal(data) == [line]


def test_a_document_at_the_limits_is_read() -> None:
    assert parse_document(b"[" * 20 + b"]" * 20) == [[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]
    assert parse_document(b'\xef\xbb\xbf{"emoji": "\\ud83c\\udccf", "n": 1e308}') == {
        "emoji": "🃏",
        "n": 1e308,
    }
    assert parse_document(b" " * 1_999_990 + b"[1]") == [1]


@pytest.mark.parametrize(
    "data",
    [b"[" * 1_000_000, b'{"a":' * 400_000, b"9" * 1_999_999, b'"' + b"\\ud800" * 300_000 + b'"'],
    ids=["1 MB of [", "objects", "2 MB of digits", "surrogates"],
)
def test_a_hostile_document_is_refused_in_about_a_second(data: bytes) -> None:
    began = time.monotonic()
    with pytest.raises(Refused):
        parse_document(data)
    assert time.monotonic() - began < 2


# -- names ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("", "a player's name cannot be empty"),
        ("   ", "a player's name cannot be empty"),
        ("A" * 41, "the name AAAAAAAAAAAAAAAAAAAA… is too long: a name has at most 40 characters"),
        ("Anna\x00", "a player's name cannot hold control characters"),
        ("An\nna", "a player's name cannot hold control characters"),
        ("Anna\ud800", "a player's name cannot hold control characters"),
        (7, "a player's name must be text"),
    ],
    ids=["empty", "spaces", "41 characters", "NUL", "line break", "lone surrogate", "a number"],
)
def test_a_name_that_breaks_a_limit_is_refused(name: Any, line: str) -> None:
    problem = name_problem(name)
    assert problem is not None
    assert str(problem) == line
    players = [name, "Bruno", "Carla", "Dario"] if isinstance(name, str) else PLAYERS
    if isinstance(name, str):
        assert refusal(document(players=players)) == [line]


@pytest.mark.parametrize("name", ["A" * 40, "  " + "A" * 40 + "  ", "Zoë 🃏", "O'Brien-Smith"])
def test_a_name_within_the_limits_is_taken_its_spaces_trimmed(name: str) -> None:
    assert name_problem(name) is None
    doc = document(players=[name, "Bruno", "Carla", "Dario"], first_dealer=name, deals=[QUIET])
    assert score_document(doc)["players"][0] == name.strip()


def test_a_repeated_name_is_named() -> None:
    problem = repeated_name_problem(["Anna", "Bruno", "Carla", " Bruno "])
    assert problem is not None
    assert str(problem) == "Bruno sits in two seats"
    assert refusal(document(players=["Anna", "Bruno", "Anna", "Dario"])) == ["Anna sits in two seats"]


# -- options ------------------------------------------------------------------------------------------

OPTION_LIMITS = [
    ("busca-000", "stake", 10_000, 10_000.01, "the stake is at most 10000"),
    ("busca-000", "renege_penalty", 10, 11, "the renege penalty is at most 10 busche"),
    ("busca-000", "misdeal_penalty", 10, 11, "the misdeal penalty is at most 10 busche"),
    ("busca-000", "single_limit", 100, 101, "the limit for one player is at most 100 busche"),
    ("busca-000", "pair_limit", 100, 101, "the limit for two players is at most 100 busche"),
    ("busca-003", "threshold", 100, 101, "the threshold is at most 100 busche"),
    ("busca-003", "renege_penalty", 10, 11, "the renege penalty is at most 10 busche"),
    ("busca-001", "victory_threshold", 1000, 1001, "the victory threshold is at most 1000 busche"),
    ("busca-001", "max_deals", 1000, 1001, "the number of deals is at most 1000"),
    ("mambassa", "lives", 20, 21, "the lives are at most 20"),
    ("mambassa", "stake", 10_000, 10**30, "the stake is at most 10000"),
    ("whist", "game_points", 20, 21, "the points for a game are at most 20"),
    ("whist", "rubber_bonus", 20, 21, "the rubber bonus is at most 20 points"),
]


def players_of(game: str) -> list[str]:
    return PLAYERS[:3] if game == "mambassa" else PLAYERS


@pytest.mark.parametrize(("game", "key", "top", "over", "line"), OPTION_LIMITS)
def test_each_option_takes_its_top_value_and_refuses_one_past_it(
    game: str, key: str, top: Any, over: Any, line: str
) -> None:
    assert score_document(document(game, players=players_of(game), options={key: top}))["options"][key] == top
    assert refusal(document(game, players=players_of(game), options={key: over})) == [line]
    assert refusal(document(game, players=players_of(game), options={key: 10**30})) == [line]


@pytest.mark.parametrize("value", [20.0, "20", 2.5, True, None])
def test_a_whole_number_option_takes_a_json_integer_only(value: Any) -> None:
    assert refusal(document(options={"single_limit": value})) == [
        "the limit for one player is a whole number of busche from 1 to 100"
    ]


@pytest.mark.parametrize("stake", [0.001, 1.005, -0.01, "1", float("inf")])
def test_a_stake_has_at_most_two_decimals_and_is_a_number(stake: Any) -> None:
    assert refusal(document(options={"stake": stake})) == [
        "the stake is a sum from 0 to 10000, with at most two decimals"
    ]


def test_a_stake_of_two_decimals_is_taken() -> None:
    assert score_document(document(options={"stake": 0.07}))["options"]["stake"] == 0.07


# -- deals and start ------------------------------------------------------------------------------


def test_a_document_holds_at_most_1000_deals() -> None:
    deals = [{"points": [10, 10, 10, 10]}] * 1001
    assert refusal(document("busca-001", deals)) == ["a match holds at most 1000 deals"]


def test_a_1001st_deal_is_refused_in_the_same_words() -> None:
    deal = {"points": [10, 10, 10, 10]}
    match = read_document(document("busca-001", [deal] * 1000))
    _, state = match.replayed()
    with pytest.raises(Refused) as refused:
        match.with_deal(match.format.read_deal(deal, match.players, 1001), state)
    assert [str(p) for p in refused.value.problems] == ["deal 1001: a match holds at most 1000 deals"]


BUSCA_START = "start must be {totals: 4 whole numbers from 0 to 1000, deals: a whole number from 0 to 1000}"


@pytest.mark.parametrize(
    "start",
    [{"totals": [0, 0, 0, 1001]}, {"totals": [0, 0, 0, 0], "deals": 1001}, {"totals": [0, 0, 0, 10**30]}],
)
def test_a_busca_start_past_its_limits_is_refused(start: dict[str, Any]) -> None:
    assert refusal(document("busca-001", start=start)) == [BUSCA_START]


def test_a_busca_start_at_its_limits_is_taken() -> None:
    doc = document("busca-001", start={"totals": [1000, 0, 0, 0], "deals": 1000})
    assert score_document(doc)["result"]["totals"] == [1000, 0, 0, 0]


def test_a_mambassa_start_must_make_lives_plus_one_tokens_a_player() -> None:
    doc = document("mambassa", players=PLAYERS[:3], start={"tokens": [10**30, 1, 1], "pot": 0})
    assert refusal(doc) == [
        "tokens and pot add up to 1000000000000000000000000000002; with these lives they make 12"
    ]


def test_a_whist_start_score_stays_under_the_game() -> None:
    doc = document("whist", start={"score": [20, 0]}, options={"game_points": 20})
    assert refusal(doc) == ["the score of the game in progress must stay under 20, the points of a game"]


# -- points made clear ---------------------------------------------------------------------------------


def test_an_unknown_top_level_key_is_refused_and_a_result_is_not() -> None:
    assert refusal({**document(), "deal": [QUIET]}) == ["unknown key deal in a match document"]
    assert score_document({**document(), "result": {"stale": True}})["result"]["status"] == "in_progress"


def test_null_first_dealer_start_and_options_mean_absent() -> None:
    scored = score_document(document(deals=[QUIET], first_dealer=None, start=None, options=None))
    assert (scored["first_dealer"], scored["start"]) == ("Anna", None)
    assert scored["result"]["deals"][0]["dealer"] == "Anna"


@pytest.mark.parametrize("deals", [None, {"points": [18, 12, 6, 4]}, "[]"])
def test_deals_must_be_a_list(deals: Any) -> None:
    assert refusal({**document(), "deals": deals}) == ["deals must be a list"]


def test_last_trick_with_no_points_is_refused() -> None:
    deal = {"points": None, "covered": [True, True, True, False], "last_trick": "Anna"}
    assert refusal(document(deals=[deal])) == [
        "deal 1: the last trick counts only with the points: enter them, or leave it out"
    ]


def test_a_whist_start_may_leave_out_its_games() -> None:
    scored = score_document(document("whist", start={"score": [3, 1]}))
    assert scored["start"] == {"score": [3, 1], "games": []}


MAMBASSA_OUT_AT_START = {"tokens": [0, 3, 3, 3], "pot": 7}


def test_mambassa_deals_first_the_first_player_still_in_when_players_0_is_out() -> None:
    scored = score_document(document("mambassa", start=MAMBASSA_OUT_AT_START, deals=[{"payers": ["Carla"]}]))
    assert scored["first_dealer"] == "Bruno"
    assert scored["result"]["deals"][0]["dealer"] == "Bruno"


def test_mambassa_refuses_a_first_dealer_named_who_is_out() -> None:
    assert refusal(document("mambassa", start=MAMBASSA_OUT_AT_START, first_dealer="Anna")) == [
        "Anna is out and cannot deal"
    ]


def test_mambassa_s_last_deal_shows_the_pot_collected() -> None:
    doc = document(
        "mambassa", players=PLAYERS[:2], start={"tokens": [2, 1], "pot": 5}, deals=[{"payers": ["Bruno"]}]
    )
    result = score_document(doc)["result"]
    assert (result["deals"][-1]["tokens"], result["deals"][-1]["pot"]) == ([8, 0], 0)
    assert (result["tokens"], result["pot"], result["winner"]) == ([8, 0], 0, "Anna")


def nets(doc: dict[str, Any]) -> dict[str, Decimal]:
    settlement = score_document(doc)["result"]["settlement"]
    return {name: Decimal(str(amount)) for name, amount in settlement["net"].items()}


def test_busca_money_is_to_the_cent_adds_up_to_zero_and_the_first_winners_take_the_extra_cents() -> None:
    # One loser pays 0.01 × … shared by three winners: per busca, Anna's 21 busche at 0.05 = 1.05.
    doc = document(options={"stake": 0.05, "settlement_rule": "per_busca"}, start={"totals": [20, 0, 0, 0]})
    doc["deals"] = [QUIET]
    net = nets(doc)
    assert net == {
        "Anna": Decimal("-1.05"),
        "Bruno": Decimal("0.35"),
        "Carla": Decimal("0.35"),
        "Dario": Decimal("0.35"),
    }
    doc["options"] = {"stake": 0.01}
    net = nets(doc)
    assert net == {
        "Anna": Decimal("-0.01"),
        "Bruno": Decimal("0.01"),
        "Carla": Decimal("0"),
        "Dario": Decimal("0"),
    }
    assert sum(net.values()) == 0


def test_mambassa_split_pot_is_to_the_cent_and_the_first_sharers_take_the_extra_cents() -> None:
    # Three players on one token: all pay together, and with split_pot they share the 12 tokens' money.
    doc = document(
        "mambassa",
        players=PLAYERS[:3],
        options={"stake": 0.01, "lives": 3, "all_out_at_once": "split_pot"},
        start={"tokens": [1, 1, 1], "pot": 9},
        deals=[{"hands": [["1D", "2D", "4S", "6C"], ["1S", "2S", "4C", "6B"], ["1C", "2C", "4B", "6D"]]}],
    )
    result = score_document(doc)["result"]
    assert result["end_reason"] == "split_pot"
    net = {name: Decimal(str(amount)) for name, amount in result["settlement"]["net"].items()}
    assert sum(net.values()) == 0
    assert all(amount == amount.quantize(Decimal("0.01")) for amount in net.values())


def test_whist_amount_is_points_times_stake_to_the_cent() -> None:
    ns_game = {"tricks": [13, 0], "honours": [4, 0]}
    doc = document("whist", options={"stake": 0.33}, deals=[ns_game, ns_game])
    settlement = score_document(doc)["result"]["settlement"]
    # Two trebles and the rubber bonus: 8 points at 0.33 = 2.64.
    assert (settlement["points"], settlement["amount"], settlement["total"]) == (8, 2.64, 2.64)


def test_a_deal_refused_in_the_replay_is_reported_once_not_its_knock_on() -> None:
    # Deal 1 should have put Bruno out (one life): it is refused, and the later deals that leave
    # him out are not refused again for a hand he would no longer have.
    bad = {
        "hands": [
            ["1D", "2D", "3D", "4D"],
            ["1D", "6S", "7S", "FS"],
            ["FC", "CC", "RC", "1C"],
            ["2B", "3B", "4B", "5B"],
        ]
    }
    without_bruno = {"payers": ["Carla"]}
    doc = document("mambassa", options={"lives": 1}, deals=[bad, *[without_bruno] * 6])
    assert refusal(doc) == ["deal 1: 1D is given to both Anna and Bruno"]


def test_deals_after_the_end_are_each_refused_for_the_end() -> None:
    two_busche = {"points": [22, 9, 5, 4]}
    deals = [two_busche] * 7 + [{"points": [27, 6, 4, 3]}, QUIET, QUIET]
    assert refusal(document(deals=deals)) == [
        "deal 9: the match ended after deal 8",
        "deal 10: the match ended after deal 8",
    ]


def test_after_a_refused_deal_the_later_deals_own_mistakes_are_still_reported() -> None:
    deals = [{"points": [18, 12, 5, 4]}, QUIET, {"points": [30, 5, 5, 5]}]
    assert refusal(document(deals=deals)) == [
        "deal 1: points add up to 39, a deal of busca-000 has 40",
        "deal 3: points add up to 45, a deal of busca-000 has 40",
    ]
    whist = [{"tricks": [7, 7], "honours": [2, 2]}, {"tricks": [7, 6], "honours": [5, 0]}]
    assert refusal(document("whist", whist)) == [
        "deal 1: tricks add up to 14; the two pairs take 13",
        "deal 2: a pair holds 0 to 4 honours, not 5",
    ]


def test_a_refusal_reads_as_json_safe_text() -> None:
    # A value shown back is cut short: a megabyte of name makes no megabyte of message.
    doc = document(deals=[{**QUIET, "dealer": "x" * 1_000_000}])
    (line,) = refusal(doc)
    assert line == "deal 1: " + "x" * 40 + "… is not a player of this match"
    assert json.dumps(line)
