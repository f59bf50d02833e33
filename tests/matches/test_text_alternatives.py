"""A screen reader reads the score: each drawing's text alternative, and the result of a new deal."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.test import Client
from django.urls import reverse

from matches.models import Match

from .guests import viewer
from .pages import text

HTMX = {"HX-Request": "true"}
ANNA_34 = {"points": [34, 2, 2, 2]}  # Anna takes 14 busche; two of these end a busca-000 match


def sheet(client: Client, match: Match) -> Any:
    return client.get(reverse("match_detail", args=[match.pk]))


def announced(page: Any) -> str:
    """The text of the polite live region the swap fills (the oob copy in an htmx answer)."""
    return text(page, "p", id="announce")


# -- Busca: the cross -------------------------------------------------------------------------------


def test_the_cross_reads_each_players_busche_and_who_deals_next(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    # Bruno takes 7 busche (27 points), then Dario 2 (19 points).
    match = make_match(deals=[{"points": [2, 27, 2, 9]}, {"points": [8, 5, 8, 19]}])

    page = sheet(alice_client, match)

    assert text(page, "title", id="cross-title") == (
        "Score cross: Anna 0 busche, Bruno 7 busche, Carla 0 busche, Dario 2 busche; Dario deals next"
    )
    assert text(page, "p", class_="next").startswith("Dario deals")  # as the entry form says
    assert re.search(r'<svg class="cross[^"]*"[^>]*role="img"[^>]*>\s*<title id="cross-title">', page.text)


def test_the_cross_of_a_finished_match_reads_who_lost(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match(deals=[ANNA_34, ANNA_34])

    label = text(sheet(alice_client, match), "title", id="cross-title")

    assert label == (
        "Score cross: Anna 28 busche, Bruno 0 busche, Carla 0 busche, Dario 0 busche; match over, Anna loses"
    )


def test_the_cross_says_one_busca_in_the_singular(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match(deals=[{"points": [18, 8, 7, 7]}])  # the most points, but only 18: 1 busca

    label = text(sheet(alice_client, match), "title", id="cross-title")

    assert label.startswith("Score cross: Anna 1 busca, Bruno 0 busche, Carla 0 busche")


# -- Mambassa: the table ------------------------------------------------------------------------------


def test_the_table_reads_each_players_tokens_the_pot_and_who_deals_next(
    alice_client: Client, make_mambassa: Callable[..., Match]
) -> None:
    match = make_mambassa(deals=[{"payers": ["Bruno"]}, {"payers": ["Bruno", "Dario"]}])

    label = text(sheet(alice_client, match), "title", id="table-title")

    assert label == (
        "Lives and pot: Anna 3 tokens, Bruno 1 token, Carla 3 tokens, Dario 2 tokens; pot 7; Carla deals next"
    )


def test_the_table_reads_who_is_out_and_who_takes_the_pot(
    alice_client: Client, make_mambassa: Callable[..., Match]
) -> None:
    match = make_mambassa(seats=2, lives=1, deals=[{"payers": ["Bruno"]}])

    label = text(sheet(alice_client, match), "title", id="table-title")

    assert label == "Lives and pot: Anna 4 tokens, Bruno out; pot 0; game over, Anna takes the pot"


# -- Whist: the sheet -----------------------------------------------------------------------------------


def test_the_whist_sheet_reads_games_points_the_game_in_progress_and_who_deals_next(
    alice_client: Client, make_whist: Callable[..., Match]
) -> None:
    # Anna & Carla: 9 tricks and 3 honours make 5 from 0-0, a treble; then 7 tricks (1) for them.
    match = make_whist(deals=[{"tricks": [9, 4], "honours": [3, 1]}, {"tricks": [7, 6], "honours": [2, 2]}])

    label = text(sheet(alice_client, match), "title", id="whist-title")

    assert label == (
        "Whist sheet: Anna & Carla 1 game, 3 points; Bruno & Dario 0 games, 0 points; "
        "this game 1 to 0; Carla deals next"
    )


def test_the_whist_sheet_of_a_finished_rubber_reads_who_won_it(
    alice_client: Client, make_whist: Callable[..., Match]
) -> None:
    treble = {"tricks": [9, 4], "honours": [3, 1]}
    match = make_whist(deals=[treble, treble])

    label = text(sheet(alice_client, match), "title", id="whist-title")

    assert label == (
        "Whist sheet: Anna & Carla 2 games, 8 points; Bruno & Dario 0 games, 0 points; "
        "the rubber is over, Anna & Carla win it"
    )


# -- The result of a new deal, read out ---------------------------------------------------------------


def test_the_page_has_a_polite_live_region_that_starts_empty(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    page = sheet(alice_client, make_match()).text

    assert '<p id="announce" class="sr-only" role="status" aria-live="polite"></p>' in page


def test_a_busca_deal_saved_with_htmx_is_read_out_with_each_players_busche(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match()
    data = {"points_0": 25, "points_1": 8, "points_2": 5, "points_3": 2}

    page = alice_client.post(reverse("deal_create", args=[match.pk]), data, headers=HTMX)

    assert 'hx-swap-oob="innerHTML"' in page.text
    assert announced(page) == (
        "Deal 1 saved: Anna 5 busche, Bruno 0 busche, Carla 0 busche, Dario 0 busche. Anna deals next."
    )


def test_a_refused_deal_is_not_read_out_as_saved(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match()
    data = {"points_0": 25, "points_1": 8, "points_2": 5, "points_3": 1}

    page = alice_client.post(reverse("deal_create", args=[match.pk]), data, headers=HTMX)

    assert 'id="announce"' not in page.text


def test_a_mambassa_deal_is_read_out_with_who_pays(
    alice_client: Client, make_mambassa: Callable[..., Match]
) -> None:
    match = make_mambassa()

    page = alice_client.post(
        reverse("deal_create", args=[match.pk]), {"mode": "quick", "payers": ["1"]}, headers=HTMX
    )

    assert announced(page) == "Deal 1 saved: Bruno pays. Bruno deals next."


def test_a_whist_deal_is_read_out_with_each_pairs_points(
    alice_client: Client, make_whist: Callable[..., Match]
) -> None:
    match = make_whist()

    page = alice_client.post(
        reverse("deal_create", args=[match.pk]), {"tricks": "9", "honours": "3"}, headers=HTMX
    )

    assert announced(page) == (
        "Deal 1 saved: Anna & Carla score 5 (3 for tricks, 2 for honours); Anna & Carla win the game. "
        "Bruno deals next."
    )


def test_a_phone_following_the_match_hears_the_latest_deal_when_the_sheet_changes(
    make_match: Callable[..., Match],
) -> None:
    match = make_match(deals=[{"points": [25, 8, 5, 2]}])
    phone = viewer(match)

    page = phone.get(reverse("match_live", args=[match.pk]), {"v": "0"}, headers=HTMX)

    assert announced(page) == (
        "The sheet changed. Deal 1: Anna 5 busche, Bruno 0 busche, Carla 0 busche, Dario 0 busche. "
        "Anna deals next."
    )


# -- Marked with words and symbols, not colour alone ----------------------------------------------------


def test_the_whist_sheet_marks_the_next_dealer_under_the_game_in_progress(
    alice_client: Client, make_whist: Callable[..., Match]
) -> None:
    match = make_whist(deals=[{"tricks": [7, 6], "honours": [2, 2]}])  # Bruno deals next

    page = sheet(alice_client, match)

    assert text(page, "text", class_="dealer-label") == "● Bruno deals"
    # In Bruno & Dario's column, the right-hand one.
    assert re.search(r'<text class="dealer-label" x="270(\.0)?"', page.text)


def test_the_whist_sheet_of_a_finished_rubber_marks_no_dealer(
    alice_client: Client, make_whist: Callable[..., Match]
) -> None:
    treble = {"tricks": [9, 4], "honours": [3, 1]}
    page = sheet(alice_client, make_whist(deals=[treble, treble]))
    assert 'class="dealer-label"' not in page.text


def test_the_cross_marks_losers_and_winners_with_a_symbol_as_well_as_a_colour(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    page = sheet(alice_client, make_match(deals=[ANNA_34, ANNA_34]))

    marks = re.findall(r'data-seat="(\d)"[^>]*>.*?<tspan class="mark"> (.)</tspan>', page.text, flags=re.S)
    assert marks == [("0", "✗"), ("1", "✓"), ("2", "✓"), ("3", "✓")]
