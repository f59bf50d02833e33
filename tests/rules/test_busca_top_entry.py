"""A Busca deal entered by its top (docs/format.md, "A deal entered by its top"): who took the
most points, how many, and who did not cover. The busche, who deals next and the end of the match
are those of the same deal entered in full; what can be checked of the top is checked, the others'
points are not."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from games import document
from games.busca.rules import VARIANTS, BuscaDeal, BuscaMatch, BuscaStart, TopScore
from games.core import Refused, resolve_options

from .test_properties import FAST, PLAYERS, deals, games, house_rules

ANNA, BRUNO, CARLA, DARIO = range(4)


def by_top(deal: BuscaDeal, covered: tuple[bool, ...]) -> BuscaDeal:
    """The same deal as a table enters it by its top: the most points, and who did not cover."""
    assert deal.points is not None
    most = max(deal.points)
    seats = tuple(seat for seat in range(4) if deal.points[seat] == most)
    missed = None if all(covered) else tuple(covered)
    return BuscaDeal(
        points=None, top=TopScore(seats, most), covered=missed, penalties=deal.penalties, dealer=deal.dealer
    )


def tie_below_the_top(points: tuple[int, ...]) -> bool:
    """Two or three players tied at 9 or more below the top, which 003 marks and a top cannot say."""
    top = max(points)
    return any(points.count(value) >= 2 for value in set(points) if 9 <= value < top)


@FAST
@given(st.data())
def test_a_deal_entered_by_its_top_scores_as_the_same_deal_entered_in_full(data: st.DataObject) -> None:
    game = data.draw(games)
    opts = data.draw(house_rules(game))
    variant = VARIANTS[game]
    full = data.draw(deals(variant, opts))
    start = BuscaStart(tuple(data.draw(st.lists(st.integers(0, 8), min_size=4, max_size=4))))
    try:
        in_full = variant.play(opts, PLAYERS, 0, [full], start)
    except Refused:
        assume(False)  # a deal the rules refuse has no top to enter
    assert full.points is not None
    assume(not (opts.get("tie_scope") == "any" and tie_below_the_top(full.points)))

    top = variant.play(opts, PLAYERS, 0, [by_top(full, in_full.deals[0].covered)], start)

    (was,), (now,) = in_full.deals, top.deals
    assert now.busche == was.busche
    assert now.totals == was.totals
    assert now.covered == was.covered
    assert (now.next_dealer, now.next_leader) == (was.next_dealer, was.next_leader)
    assert top.outcome == in_full.outcome
    assert now.points is None  # the others' points were not entered: none are made up
    assert now.top == TopScore(
        tuple(s for s in range(4) if full.points[s] == max(full.points)), max(full.points)
    )


def play(
    game: str, top: TopScore, covered: tuple[bool | None, ...] | None = None, **given: Any
) -> BuscaMatch:
    opts = resolve_options(VARIANTS[game].options, given)
    return VARIANTS[game].play(opts, PLAYERS, 0, [BuscaDeal(points=None, top=top, covered=covered)])


def refused(
    game: str, top: TopScore, covered: tuple[bool | None, ...] | None = None, **given: Any
) -> list[str]:
    with pytest.raises(Refused) as caught:
        play(game, top, covered, **given)
    return [problem.template % problem.params for problem in caught.value.problems]


@pytest.mark.parametrize(
    ("game", "top", "busche"),
    [
        ("busca-000", TopScore((ANNA,), 25), (5, 0, 0, 0)),  # the table: 25 points, 5 busche
        ("busca-000", TopScore((ANNA, BRUNO), 13), (1, 1, 0, 0)),  # tied: each the table's value
        ("busca-001", TopScore((ANNA, BRUNO, CARLA), 13), (3, 3, 3, 0)),  # «North, East e South 3 a testa»
        ("busca-001", TopScore((ANNA, BRUNO, CARLA, DARIO), 10), (4, 4, 4, 4)),  # «Tutti prendono 4 busche»
        ("busca-003", TopScore((ANNA,), 20), (1, 0, 0, 0)),  # the top scorer marks one
        ("busca-003", TopScore((ANNA, BRUNO), 15), (4, 4, 0, 0)),  # a pair tied at 15: 4 each
    ],
)
def test_the_top_takes_the_busche_of_the_variant(game: str, top: TopScore, busche: tuple[int, ...]) -> None:
    given: dict[str, Any] = {"victory_threshold": 50} if game == "busca-001" else {}
    assert play(game, top, **given).deals[0].busche == busche


def test_players_marked_as_not_covering_take_the_busche_and_the_top_none() -> None:
    # «North 20, East 20, South 0, West 0 -> South e West prendono 2 busche a testa!» (001)
    (deal,) = play("busca-001", TopScore((ANNA, BRUNO), 20), (None, None, False, False)).deals
    assert deal.busche == (0, 0, 2, 2)
    assert deal.next_dealer == CARLA  # the first of the deal's losers after the dealer


def test_a_top_that_cannot_be_is_refused_in_words_naming_the_player() -> None:
    assert refused("busca-000", TopScore((ANNA,), 9)) == [
        "if Anna took the most, 9, every other player who covered took at most 8: the points do not "
        "reach the deal's 40"
    ]
    assert refused("busca-003", TopScore((ANNA, BRUNO, CARLA, DARIO), 10)) == [
        "Anna & Bruno & Carla & Dario cannot each have 10 points: a deal has 35"
    ]
    # Cover needs a point in 001: 38 at the top leave 2 points for three players who covered.
    assert refused("busca-001", TopScore((ANNA,), 38), victory_threshold=50) == [
        "with 38 for Anna, 2 points are left, and every other player who covered needs one"
    ]
    assert refused("busca-000", TopScore((ANNA,), 20), (False, None, None, None)) == [
        "Anna took the most points and so covered"
    ]
    # Everyone else did not cover: 0 points each, and the top's 30 leave 10 to nobody.
    assert refused("busca-000", TopScore((ANNA,), 30), (None, False, False, False)) == [
        "Anna with 30 leaves 10 points to nobody: a deal has 40"
    ]
    with pytest.raises(Refused) as caught:
        play("busca-000", TopScore((BRUNO,), 9))
    assert caught.value.problems[0].player == "Bruno"
    assert caught.value.problems[0].deal == 1


def test_the_others_points_are_not_checked_but_must_fit_below_the_top() -> None:
    # 14 at the top and 26 for the other three, fewer each: possible (13, 13, 0 or 10, 9, 7…).
    assert play("busca-000", TopScore((ANNA,), 14)).deals[0].busche == (1, 0, 0, 0)
    # Two who did not cover have 0 points: the 26 left cannot go to one other player below 14.
    assert refused("busca-000", TopScore((ANNA,), 14), (None, None, False, False)) == [
        "if Anna took the most, 14, every other player who covered took at most 13: the points do not "
        "reach the deal's 40"
    ]


DOC = {
    "format": "scorekeeper-match/1",
    "game": "busca-000",
    "players": list(PLAYERS),
    "deals": [{"points": None, "top": {"players": ["Bruno"], "points": 16}}],
}


def test_a_document_carries_a_deal_entered_by_its_top_and_its_result_says_so() -> None:
    scored = document.score_document(DOC)
    (deal,) = scored["result"]["deals"]
    assert deal["points"] is None
    assert deal["top"] == {"players": ["Bruno"], "points": 16}
    assert deal["busche"] == [0, 1, 0, 0]
    assert deal["next_dealer"] == "Bruno"


@pytest.mark.parametrize(
    ("top", "said"),
    [
        (
            {"players": [], "points": 16},
            "top must be {players: 1 to 4 players, points: a whole number from 0 to 40}",
        ),
        (
            {"players": ["Bruno"], "points": 41},
            "top must be {players: 1 to 4 players, points: a whole number from 0 to 40}",
        ),
        (
            {"players": ["Bruno"], "points": "16"},
            "top must be {players: 1 to 4 players, points: a whole number from 0 to 40}",
        ),
        (
            {"players": ["Bruno", " Bruno"], "points": 16},
            "top must be {players: 1 to 4 players, points: a whole number from 0 to 40}",
        ),
        ({"players": ["Zeno"], "points": 16}, "Zeno is not a player of this match"),
    ],
)
def test_a_document_with_a_top_that_is_no_top_is_refused(top: dict[str, Any], said: str) -> None:
    doc = {**DOC, "deals": [{"points": None, "top": top}]}
    with pytest.raises(Refused) as caught:
        document.score_document(doc)
    assert [p.template % p.params for p in caught.value.problems] == [said]


def test_a_deal_with_both_everyones_points_and_a_top_is_refused() -> None:
    doc = {**DOC, "deals": [{"points": [16, 10, 8, 6], "top": {"players": ["Anna"], "points": 16}}]}
    with pytest.raises(Refused) as caught:
        document.score_document(doc)
    assert [p.template for p in caught.value.problems] == [
        "enter every player's points or only the top scorers', not both"
    ]
