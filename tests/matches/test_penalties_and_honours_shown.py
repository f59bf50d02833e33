"""What a deal's row and the drawing say beyond the points: the Busca busche a penalty gave (a dot on
the cross, with a key, on screen and on paper), and the Whist honours that did not count."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.busca.rules import VARIANTS, BuscaDeal, Penalty
from games.busca.sheet import penalty_places
from games.core import resolve_options
from matches.models import Match

from .pages import text, texts

# busca-000, Anna deals first. Deal 1: Anna's 20 points give her 2 busche, Bruno reneges (1 penalty
# busca). Deal 2 (Anna, who took the busche, deals): the same points, and Anna reneges: her 5th busca.
RENEGE_BRUNO = {"points": [20, 10, 5, 5], "penalties": [{"player": "Bruno", "kind": "renege"}]}
RENEGE_ANNA = {"points": [20, 10, 5, 5], "penalties": [{"player": "Anna", "kind": "renege"}]}


def sheet(client: Client, match: Match) -> Any:
    return client.get(reverse("match_detail", args=[match.pk]))


def test_each_penalty_busca_has_its_place_on_the_cross_in_the_order_it_was_marked() -> None:
    deals = [
        BuscaDeal(points=(20, 10, 5, 5), penalties=(Penalty(1, "renege"),)),
        BuscaDeal(points=(20, 10, 5, 5), penalties=(Penalty(0, "renege"),)),
    ]
    variant = VARIANTS["busca-000"]
    played = variant.play(resolve_options(variant.options, {}), ["Anna", "Bruno", "Carla", "Dario"], 0, deals)

    assert [deal.penalty_busche for deal in played.deals] == [(0, 1, 0, 0), (1, 0, 0, 0)]
    assert played.totals == (5, 1, 0, 0)
    # Anna's deal 2: her two busche from points (3rd, 4th), then the renege's (5th).
    assert penalty_places(played) == [[4], [0], [], []]


def test_the_cross_draws_penalty_busche_as_dots_with_a_key_and_reads_them_out(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match(deals=[RENEGE_BRUNO, RENEGE_ANNA])

    page = sheet(alice_client, match)

    assert text(page, "title", id="cross-title") == (
        "Score cross: Anna 5 busche, including 1 penalty, Bruno 1 busca, including 1 penalty,"
        " Carla 0 busche, Dario 0 busche; Anna deals next"
    )
    html = page.content.decode()
    assert html.count('class="penalty-dots" data-penalties="1"') == 2
    assert texts(page, "g", class_="key") == ["busca from points penalty busca"]


def test_the_cross_without_penalties_has_no_key(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match(deals=[{"points": [20, 10, 5, 5]}])

    page = sheet(alice_client, match)

    assert "penalty-dots" not in page.content.decode()
    assert texts(page, "g", class_="key") == []
    assert "including" not in text(page, "title", id="cross-title")


def test_the_printed_match_draws_the_penalty_dots_and_the_key_in_italian_too(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match(deals=[RENEGE_BRUNO])

    page = alice_client.get(reverse("match_print", args=[match.pk]))
    assert 'class="penalty-dots" data-penalties="1"' in page.content.decode()
    assert texts(page, "g", class_="key") == ["busca from points penalty busca"]

    with translation.override("it"):
        alice_client.cookies["django_language"] = "it"
        page = alice_client.get(reverse("match_print", args=[match.pk]), HTTP_ACCEPT_LANGUAGE="it")
    assert texts(page, "g", class_="key") == ["busca dai punti busca di penalità"]
    assert "Bruno 1 busca, di cui 1 di penalità" in text(page, "title", id="cross-title")


# -- Whist: honours that did not count ---------------------------------------------------------------


def entry(tricks: int, honours: int) -> dict[str, Any]:
    return {"tricks": [tricks, 13 - tricks], "honours": [honours, 4 - honours]}


# Anna & Carla take 10 tricks (4 points), honours shared: 4-0. Then they hold three honours but take
# only 6 tricks: on 4 at the start of the deal, their honours do not count; Bruno & Dario score a trick.
ON_FOUR = [entry(10, 2), entry(6, 3)]


def test_a_whist_row_says_when_a_pairs_honours_did_not_count_because_it_was_on_four(
    alice_client: Client, make_whist: Callable[..., Match]
) -> None:
    match = make_whist(deals=ON_FOUR)

    page = sheet(alice_client, match)

    newest, first = texts(page, "tr")[1:3]  # after the head row, the newest deal first
    assert "honours not counted: one point short of the game" in newest
    assert newest.startswith("2")
    assert "not counted" not in first
    assert texts(page, "span", class_="no-honours") == ["honours not counted: one point short of the game"]


def test_after_the_tricks_a_pair_taken_to_four_by_them_is_told_its_honours_did_not_count(
    alice_client: Client, make_whist: Callable[..., Match]
) -> None:
    # From 3-0, 7 tricks take Anna & Carla to 4; judged after the tricks, their three honours do not count.
    match = make_whist(deals=[entry(9, 2), entry(7, 3)], honour_cutoff="after_tricks")

    page = sheet(alice_client, match)

    assert texts(page, "span", class_="no-honours") == ["honours not counted: one point short of the game"]


def test_the_printed_rubber_says_so_too(alice_client: Client, make_whist: Callable[..., Match]) -> None:
    match = make_whist(deals=ON_FOUR)

    page = alice_client.get(reverse("match_print", args=[match.pk]))

    # Each deal's row has both pairs' scores and what made them, in the order played.
    assert texts(page, "tr")[1:] == [
        "1 Anna 4 +4 tricks 0",
        "2 Bruno 4 honours not counted: one point short of the game 1 +1 trick",
    ]
    assert texts(page, "span", class_="no-honours") == ["honours not counted: one point short of the game"]
