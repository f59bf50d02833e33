"""Every refusal, as the players read it: the message, the player it names, the input it belongs to.

Documents follow docs/format.md; each problem is checked as ``(str(problem), player, field)``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.core import Refused
from games.document import score_document
from games.registry import GAMES

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
# Deals in which Anna alone takes busche: 1 (000, 001) and 1 (003).
QUIET = {"points": [18, 12, 6, 4]}
QUIET_003 = {"points": [14, 10, 8, 3]}
STAKE_MESSAGE = "the stake is a sum from 0 to 10000, with at most two decimals"
START_MESSAGE = "start must be {totals: 4 whole numbers from 0 to 1000, deals: a whole number from 0 to 1000}"

Found = tuple[str, str | None, str | None]


def document(game: str = "busca-000", deals: list[Any] | None = None, **more: Any) -> dict[str, Any]:
    return {"format": "scorekeeper-match/1", "game": game, "players": PLAYERS, "deals": deals or [], **more}


def refusal(doc: Any) -> list[Found]:
    with pytest.raises(Refused) as refused:
        score_document(doc)
    return [(str(p), p.player, p.field) for p in refused.value.problems]


# -- the examples of docs/format.md -------------------------------------------------------------


def test_a_deal_whose_points_do_not_add_up_is_refused() -> None:
    doc = document(deals=[QUIET, QUIET, {"points": [18, 12, 5, 4]}])
    assert refusal(doc) == [("deal 3: points add up to 39, a deal of busca-000 has 40", None, "points")]


def test_a_player_with_no_points_must_say_whether_he_covered() -> None:
    doc = document(deals=[QUIET, QUIET, QUIET, QUIET, {"points": [20, 12, 8, 0]}])
    assert refusal(doc) == [("deal 5: Dario has 0 points; say whether he covered", "Dario", "covered")]


def test_a_deal_after_the_end_of_the_match_is_refused() -> None:
    two_busche = {"points": [22, 9, 5, 4]}
    deals = [two_busche] * 7 + [{"points": [27, 6, 4, 3]}, QUIET, QUIET]
    assert refusal(document(deals=deals)) == [
        ("deal 9: the match ended after deal 8", None, None),
        ("deal 10: the match ended after deal 8", None, None),
    ]
    assert score_document(document(deals=deals[:8]))["result"]["ended_after_deal"] == 8


# -- a deal that breaks a rule --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "deal", "found"),
    [
        pytest.param(
            "busca-001",
            {"points": [18, 12, 6, 5]},
            [("deal 1: points add up to 41, a deal of busca-001 has 40", None, "points")],
            id="001-sum",
        ),
        pytest.param(
            "busca-003",
            {"points": [14, 10, 8, 4]},
            [("deal 1: points add up to 36, a deal of busca-003 has 35", None, "points")],
            id="003-sum",
        ),
        pytest.param(
            "busca-000",
            {"points": [25, 8, 5, 2], "last_trick": "Anna"},
            [
                (
                    "deal 1: points add up to 40; without the last trick a deal of busca-000 has 37",
                    None,
                    "points",
                )
            ],
            id="000-sum-without-last-trick",
        ),
        pytest.param(
            "busca-003",
            {"points": [14, 10, 8, 3], "last_trick": "Carla"},
            [
                (
                    "deal 1: points add up to 35; without the last trick a deal of busca-003 has 32",
                    None,
                    "points",
                )
            ],
            id="003-sum-without-last-trick",
        ),
        pytest.param(
            "busca-000",
            {"points": [-2, 30, 8, 4]},
            [("deal 1: Anna cannot have -2 points", "Anna", "points")],
            id="negative-points",
        ),
        pytest.param(
            "busca-003",
            {"points": [2, 2, 2, 2], "covered": [True, True, True, True]},
            [
                ("deal 1: points add up to 8, a deal of busca-003 has 35", None, "points"),
                ("deal 1: nobody has the 3 points of the last trick", None, "points"),
            ],
            id="no-last-trick",
        ),
        pytest.param(
            "busca-000",
            {"points": [22, 8, 5, 2], "last_trick": "Anna", "covered": [False, True, True, True]},
            [("deal 1: Anna took the last trick and so covered", "Anna", "covered")],
            id="last-trick-not-covered",
        ),
        pytest.param(
            "busca-001",
            {"points": [30, 4, 3, 0], "last_trick": "Dario", "covered": [True, True, True, False]},
            [("deal 1: Dario took the last trick and so covered", "Dario", "covered")],
            id="001-last-trick-not-covered",
        ),
        pytest.param(
            "busca-003",
            {"points": [20, 10, 5, 0]},
            [("deal 1: Dario has 0 points; say whether he covered", "Dario", "covered")],
            id="003-zero-points",
        ),
        pytest.param(
            "busca-000",
            {"points": None, "covered": [True, True, None, False]},
            [("deal 1: say whether Carla covered", "Carla", "covered")],
            id="no-points-no-cover",
        ),
        pytest.param(
            "busca-001",
            {"points": [30, 7, 3, 0], "covered": [True, True, True, True]},
            [("deal 1: Dario has 0 points; a cover needs a point", "Dario", "covered")],
            id="001-cover-without-a-point",
        ),
        pytest.param(
            "busca-000",
            {"points": [20, 8, 12, 0], "covered": [True, False, True, False]},
            [("deal 1: Bruno has 8 points and so took a trick and covered", "Bruno", "covered")],
            id="000-points-without-a-trick",
        ),
        pytest.param(
            "busca-001",
            {"points": [20, 8, 12, 0], "covered": [True, False, True, False]},
            [("deal 1: Bruno has 8 points and so covered", "Bruno", "covered")],
            id="001-points-without-a-cover",
        ),
        pytest.param(
            "busca-000",
            {"points": None, "covered": [False, False, False, False]},
            [("deal 1: nobody covered, but someone won the tricks", None, "covered")],
            id="nobody-covered",
        ),
        pytest.param(
            "busca-003",
            {"points": None, "covered": [True, True, True, True]},
            [("deal 1: enter the points: everybody covered", None, "points")],
            id="everybody-covered-without-points",
        ),
    ],
)
def test_a_deal_that_breaks_a_rule_is_refused(game: str, deal: dict[str, Any], found: list[Found]) -> None:
    assert refusal(document(game, [deal])) == found


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("busca-000", {"top_also_scores_when_non_cover": True}),
        ("busca-003", {"top_also_scores_when_non_cover": True}),
        ("busca-001", {"non_cover_rule": "top_table"}),
    ],
)
def test_a_house_rule_that_scores_the_top_on_a_non_cover_needs_the_points(
    game: str, options: dict[str, Any]
) -> None:
    doc = document(game, [{"points": None, "covered": [True, True, True, False]}], options=options)
    text = "deal 1: enter the points: with this house rule the top scorer takes busche too"
    assert refusal(doc) == [(text, None, "points")]
    assert score_document(document(game, doc["deals"]))["result"]["deals"][0]["busche"][3] > 0


@pytest.mark.parametrize(
    ("game", "kind"),
    [("busca-001", "renege"), ("busca-001", "misdeal"), ("busca-003", "misdeal"), ("busca-000", "cheating")],
)
def test_a_penalty_the_variant_does_not_have_is_refused(game: str, kind: str) -> None:
    deal = {**(QUIET_003 if game == "busca-003" else QUIET), "penalties": [{"player": "Bruno", "kind": kind}]}
    assert refusal(document(game, [deal])) == [
        (f"deal 1: {game} has no {kind} penalty", "Bruno", "penalties")
    ]


def test_a_misdeal_belongs_to_the_dealer_of_that_deal() -> None:
    carla_loses = {"points": [6, 4, 18, 12]}
    misdeal_by_anna = {**QUIET, "penalties": [{"player": "Anna", "kind": "misdeal"}]}
    assert score_document(document(deals=[misdeal_by_anna]))["result"]["deals"][0]["busche"] == [2, 0, 0, 0]
    assert refusal(document(deals=[carla_loses, misdeal_by_anna])) == [
        ("deal 2: Anna did not deal this deal; a misdeal is the dealer's (Carla)", "Anna", "penalties")
    ]


def test_a_misdeal_by_a_dealer_the_table_chose_is_accepted() -> None:
    deal = {**QUIET, "dealer": "Dario", "penalties": [{"player": "Dario", "kind": "misdeal"}]}
    assert score_document(document(deals=[deal]))["result"]["deals"][0]["busche"] == [1, 0, 0, 1]


def test_a_document_with_several_bad_deals_reports_every_one() -> None:
    deals = [
        QUIET,
        {"points": [18, 12, 5, 4]},
        QUIET,
        {"points": [20, 12, 8, 0]},
        {**QUIET, "penalties": [{"player": "Bruno", "kind": "misdeal"}]},
    ]
    # Deal 5's dealer follows from deal 2, which is refused: whether Bruno dealt it is not known.
    assert refusal(document(deals=deals)) == [
        ("deal 2: points add up to 39, a deal of busca-000 has 40", None, "points"),
        ("deal 4: Dario has 0 points; say whether he covered", "Dario", "covered"),
    ]


def test_a_document_with_several_unreadable_deals_reports_every_one() -> None:
    deals = [{"points": [18, 12, 6, 4], "tricks": [4, 3, 2, 1]}, QUIET, {"points": "18 12 6 4"}]
    assert refusal(document(deals=deals)) == [
        ("deal 1: unknown key tricks in a deal", None, None),
        ("deal 3: points must be 4 whole numbers, one per player", None, "points"),
    ]


def test_a_start_that_already_ended_the_match_is_refused_and_nothing_else_is_said() -> None:
    doc = document("busca-003", [QUIET_003, QUIET_003], start={"totals": [12, 10, 0, 0]})
    assert refusal(doc) == [("the start has already ended the match", None, "start")]


# -- the document ---------------------------------------------------------------------------------


def test_a_document_must_be_an_object() -> None:
    assert refusal([document()]) == [("a match document must be a JSON object", None, None)]


@pytest.mark.parametrize("value", ["scorekeeper-match/2", None, 1])
def test_a_document_of_another_format_is_refused(value: Any) -> None:
    assert refusal({**document(), "format": value}) == [
        ("format must be scorekeeper-match/1", None, "format")
    ]


@pytest.mark.parametrize(
    ("game", "text"),
    [
        ("busca-002", "unknown game busca-002"),
        ("Busca-000", "unknown game Busca-000"),
        (None, "unknown game None"),
        (["busca-000"], "unknown game ['busca-000']"),
    ],
)
def test_a_game_the_engine_cannot_score_is_refused(game: Any, text: str) -> None:
    assert refusal(document(game)) == [(text, None, "game")]


@pytest.mark.parametrize(
    ("game", "key"),
    [
        ("busca-000", "tieMultiplier"),
        ("busca-003", "misdeal_penalty"),
        ("busca-001", "renege_penalty"),
        ("busca-001", "threshold"),
        ("busca-000", "lives"),
    ],
)
def test_an_unknown_option_is_refused(game: str, key: str) -> None:
    assert refusal(document(game, options={key: 1})) == [(f"unknown option {key}", None, key)]


@pytest.mark.parametrize(
    ("game", "key", "value"),
    [
        ("busca-000", "stake", -1),
        ("busca-000", "stake", "one euro"),
        ("busca-000", "stake", float("inf")),
        ("busca-000", "stake", True),
        ("busca-000", "settlement_rule", "winner_takes_all"),
        ("busca-000", "tie_multiplier", 1),
        ("busca-000", "single_limit", 0),
        ("busca-000", "pair_limit", 10.5),
        ("busca-000", "renege_penalty", -1),
        ("busca-000", "misdeal_penalty", None),
        ("busca-000", "losers", "first_two_to_reach"),
        ("busca-001", "non_cover_rule", "topTableNoMultiplier"),
        ("busca-001", "victory_threshold", 0),
        ("busca-001", "max_deals", True),
        ("busca-003", "high_pair_tie", 3),
        ("busca-003", "top_score", "table "),
        ("busca-003", "tie_scope", "all"),
        ("busca-003", "threshold", None),
        ("busca-003", "losers", "all_over_limit"),
        ("busca-003", "cover_requires_point", "yes"),
    ],
)
def test_an_option_value_outside_its_range_is_refused(game: str, key: str, value: Any) -> None:
    spec = next(option for option in GAMES[game].options if option.key == key)
    shown = json.dumps(value)  # as the document wrote it: null, true, "text"
    # A number is told its limits in words; any other value, that it cannot be that.
    expected = spec.limits % {"minimum": spec.minimum, "maximum": spec.maximum} if spec.limits else None
    message = expected or f"option {key} cannot be {shown}"
    assert refusal(document(game, options={key: value})) == [(message, None, key)]


def test_options_must_be_an_object() -> None:
    assert refusal(document(options=["stake", 1])) == [("options must be an object", None, "options")]


@pytest.mark.parametrize("players", [PLAYERS[:3], [*PLAYERS, "Elena"]])
def test_a_busca_match_needs_exactly_four_players(players: list[str]) -> None:
    text = f"a Busca match has 4 players, not {len(players)}"
    assert refusal({**document(), "players": players}) == [(text, None, "players")]


@pytest.mark.parametrize(
    "players", [None, "Anna Bruno Carla Dario", ["Anna", 2, "Carla", "Dario"], [1, 2, 3, 4]]
)
def test_the_players_must_be_a_list_of_names(players: Any) -> None:
    assert refusal({**document(), "players": players}) == [
        ("players must be a list of names", None, "players")
    ]


def test_two_players_cannot_have_the_same_name() -> None:
    doc = {**document(), "players": ["Anna", "Bruno", "Anna", "Dario"]}
    assert refusal(doc) == [("Anna sits in two seats", None, "players")]


def test_the_first_dealer_must_be_a_player() -> None:
    doc = document(first_dealer="Elena")
    assert refusal(doc) == [("Elena is not a player of this match", None, "first_dealer")]


@pytest.mark.parametrize(
    "start",
    [
        {"totals": [1, 2, 3]},
        {"totals": [1, 2, 3, -1]},
        {"totals": [1, 2, 3, True]},
        {"totals": [1, 2, 3, 4.5]},
        {"totals": [0, 0, 0, 0], "deals": -1},
        {"totals": [0, 0, 0, 0], "deals": 1.5},
        {"totals": [0, 0, 0, 1001]},
        {"totals": [0, 0, 0, 0], "deals": 1001},
        {"totals": [0, 0, 0, 10**30]},
        {"totals": [0, 0, 0, 0], "when": "yesterday"},
        {"deals": 3},
        [0, 0, 0, 0],
    ],
)
def test_a_malformed_start_is_refused(start: Any) -> None:
    assert refusal(document(start=start)) == [(START_MESSAGE, None, "start")]


def test_deals_must_be_a_list() -> None:
    assert refusal({**document(), "deals": QUIET}) == [("deals must be a list", None, "deals")]


@pytest.mark.parametrize(
    ("deal", "found"),
    [
        (["points", 18, 12, 6, 4], ("deal 1: a deal must be an object", None, None)),
        ({**QUIET, "tricks": [4, 3, 2, 1]}, ("deal 1: unknown key tricks in a deal", None, None)),
        ({**QUIET, "busche": [1, 0, 0, 0]}, ("deal 1: unknown key busche in a deal", None, None)),
        (
            {"points": [18, 12, 10]},
            ("deal 1: points must be 4 whole numbers, one per player", None, "points"),
        ),
        (
            {"points": [18, 12, 6, 4.0]},
            ("deal 1: points must be 4 whole numbers, one per player", None, "points"),
        ),
        (
            {"points": [18, 12, 9, True]},
            ("deal 1: points must be 4 whole numbers, one per player", None, "points"),
        ),
        (
            {**QUIET, "covered": [1, 1, 1, 1]},
            ("deal 1: covered must be 4 values true or false, one per player", None, "covered"),
        ),
        (
            {**QUIET, "covered": [True, True, True]},
            ("deal 1: covered must be 4 values true or false, one per player", None, "covered"),
        ),
        (
            {**QUIET, "penalties": [{"player": "Bruno"}]},
            ("deal 1: penalties must be a list of {player, kind}", None, "penalties"),
        ),
        (
            {**QUIET, "penalties": {"player": "Bruno", "kind": "renege"}},
            ("deal 1: penalties must be a list of {player, kind}", None, "penalties"),
        ),
        (
            {**QUIET, "penalties": [{"player": "Elena", "kind": "renege"}]},
            ("deal 1: Elena is not a player of this match", None, "penalties"),
        ),
        (
            {**QUIET, "last_trick": "Elena"},
            ("deal 1: Elena is not a player of this match", None, "last_trick"),
        ),
        ({**QUIET, "dealer": "Elena"}, ("deal 1: Elena is not a player of this match", None, "dealer")),
    ],
)
def test_an_unreadable_deal_is_refused(deal: Any, found: Found) -> None:
    assert refusal(document(deals=[deal])) == [found]


def test_every_problem_of_the_document_is_reported_at_once() -> None:
    doc = document(
        options={"stake": -1}, start={"totals": [1]}, deals=[{"points": [1]}, QUIET, {"dealer": "Elena"}]
    )
    assert refusal(doc) == [
        (STAKE_MESSAGE, None, "stake"),
        (START_MESSAGE, None, "start"),
        ("deal 1: points must be 4 whole numbers, one per player", None, "points"),
        ("deal 3: Elena is not a player of this match", None, "dealer"),
    ]


def test_bad_players_do_not_hide_the_other_problems_of_the_document() -> None:
    doc = {**document(options={"stake": -1}, start={"totals": [1]}), "players": PLAYERS[:3]}
    assert refusal(doc) == [
        (STAKE_MESSAGE, None, "stake"),
        (START_MESSAGE, None, "start"),
        ("a Busca match has 4 players, not 3", None, "players"),
    ]


def test_a_refusal_reads_as_one_line_per_problem_joined() -> None:
    doc = document(deals=[{"points": [18, 12, 5, 4]}, {"points": [20, 12, 8, 0]}])
    with pytest.raises(Refused) as refused:
        score_document(doc)
    assert str(refused.value) == (
        "deal 1: points add up to 39, a deal of busca-000 has 40; "
        "deal 2: Dario has 0 points; say whether he covered"
    )
    assert isinstance(refused.value, ValueError)
