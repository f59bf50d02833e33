"""The phone's holder at the bottom of the drawing: chosen with a plain form, remembered per match."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.test import Client
from django.urls import reverse

from matches.models import Match

from .guests import viewer
from .pages import Page, count, form_values, page_html, text, texts

HTMX = {"HX-Request": "true"}


def bottom_seat(page: Any) -> str:
    """The seat whose arm of the cross points down (y2 below y1), read from the markup."""
    html = page.content.decode() if hasattr(page, "content") else page
    axes = re.findall(r'<line class="axis" x1="[\d.]+" y1="([\d.]+)" x2="[\d.]+" y2="([\d.]+)"', html)
    (seat,) = [str(seat) for seat, (y1, y2) in enumerate(axes) if float(y2) > float(y1)]
    return seat


def bottom_place(page: Page) -> str:
    """The Mambassa seat whose place is drawn lowest on the table."""
    places: list[tuple[str, str]] = re.findall(
        r'data-seat="(\d+)"[^>]*>\s*<rect class="place" x="[\d.]+" y="([\d.]+)"', page_html(page)
    )
    return max(places, key=lambda place: float(place[1]))[0]


def sheet(match: Match) -> str:
    return reverse("match_detail", args=[match.pk])


def test_the_first_player_sits_at_the_bottom_until_the_phone_says_who_holds_it(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match()

    page = alice_client.get(sheet(match))

    assert bottom_seat(page) == "0"
    assert count(page, "form", class_="holder", method="get") == 1
    assert '<option value="0" selected>Anna</option>' in page.text


def test_the_holder_chosen_is_drawn_at_the_bottom_and_remembered_for_that_match(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match, other = make_match(), make_match()

    assert bottom_seat(alice_client.get(sheet(match), {"holder": "2"})) == "2"

    page = alice_client.get(sheet(match))
    assert bottom_seat(page) == "2"
    assert '<option value="2" selected>Carla</option>' in page.text
    assert bottom_seat(alice_client.get(sheet(other))) == "0"  # another match: its own holder


def test_a_deal_saved_and_the_live_update_keep_the_drawing_turned(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match()
    alice_client.get(sheet(match), {"holder": "3"})
    data = {"points_0": 25, "points_1": 8, "points_2": 5, "points_3": 2}

    saved = alice_client.post(reverse("deal_create", args=[match.pk]), data, headers=HTMX)
    live = alice_client.get(reverse("match_live", args=[match.pk]), {"v": "0"}, headers=HTMX)

    assert bottom_seat(saved) == "3"
    assert bottom_seat(live) == "3"


def test_a_seat_that_is_not_at_the_table_is_ignored(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match()
    for wrong in ("4", "-1", "Carla", "", "²", "1.5"):
        assert bottom_seat(alice_client.get(sheet(match), {"holder": wrong})) == "0"


def test_a_phone_following_by_link_turns_its_own_drawing(make_match: Callable[..., Match]) -> None:
    match = make_match()
    phone = viewer(match)

    assert bottom_seat(phone.get(sheet(match), {"holder": "1"})) == "1"
    assert bottom_seat(phone.get(sheet(match))) == "1"


def test_the_mambassa_table_turns_too(alice_client: Client, make_mambassa: Callable[..., Match]) -> None:
    match = make_mambassa(seats=5)

    assert bottom_place(alice_client.get(sheet(match))) == "0"
    assert bottom_place(alice_client.get(sheet(match), {"holder": "4"})) == "4"


def left_column(page: Any) -> tuple[str, list[str]]:
    """The pair named over the Whist sheet's left column, and the points written in it."""
    html = page.content.decode()
    x = {pair: float(at) for pair, at in re.findall(r'class="pair-name" data-pair="(\d)" x="([\d.]+)"', html)}
    left = min(x, key=x.__getitem__)
    points = re.findall(r'<text class="points" data-pair="(\d)"[^>]*>(\d+)<', html)
    name = texts(page, "text", class_="pair-name")[int(left)]
    return name, [value for pair, value in points if pair == left]


def test_the_whist_sheet_puts_the_holders_pair_in_the_left_column(
    alice_client: Client, make_whist: Callable[..., Match]
) -> None:
    match = make_whist(deals=[{"tricks": [9, 4], "honours": [2, 2]}])  # Anna & Carla score 3
    assert count(alice_client.get(sheet(match)), "form", class_="holder") == 1

    assert left_column(alice_client.get(sheet(match))) == ("Anna & Carla", ["3"])
    assert left_column(alice_client.get(sheet(match), {"holder": "1"})) == ("Bruno & Dario", [])
    assert left_column(alice_client.get(sheet(match))) == ("Bruno & Dario", [])  # remembered
    assert left_column(alice_client.get(sheet(match), {"holder": "2"})) == ("Anna & Carla", ["3"])  # Carla


def test_the_whist_table_and_games_put_the_holders_pair_first_too(
    alice_client: Client, make_whist: Callable[..., Match]
) -> None:
    match = make_whist(deals=[{"tricks": [9, 4], "honours": [2, 2]}])  # Anna & Carla score 3

    page = alice_client.get(sheet(match), {"holder": "3"})  # Dario

    assert texts(page, "th", scope="col") == ["#", "Bruno & Dario", "Anna & Carla"]
    assert [cell.split()[0] for cell in texts(page, "td")[:2]] == ["0", "3"]
    assert text(page, "p", class_="rubber-state") == "Games: Bruno & Dario 0 – 0 Anna & Carla"


def test_the_whist_form_asks_about_the_holders_pair_and_stores_the_deal_in_the_documents_order(
    alice_client: Client, make_whist: Callable[..., Match]
) -> None:
    match = make_whist()

    page = alice_client.get(sheet(match), {"holder": "1"})  # Bruno
    form = form_values(page, "deal-form")
    assert texts(page, "legend")[:2] == ["Tricks won by Bruno & Dario", "Honours held by Bruno & Dario"]
    assert form["asked"] == "1"

    # Bruno taps what his side took: 8 tricks, 3 honours.
    alice_client.post(reverse("deal_create", args=[match.pk]), {**form, "tricks": "8", "honours": "3"})

    deal = match.deals.get()
    assert (deal.entry["tricks"], deal.entry["honours"]) == ([5, 8], [1, 3])  # Anna & Carla first


def test_a_whist_correction_shows_the_holders_pair_and_a_refused_form_keeps_the_pair_it_asked(
    alice_client: Client, make_whist: Callable[..., Match]
) -> None:
    match = make_whist(deals=[{"tricks": [9, 4], "honours": [3, 1]}])
    alice_client.get(sheet(match), {"holder": "3"})  # Dario holds the phone
    edit = reverse("deal_edit", args=[match.pk, 1])

    form = form_values(alice_client.get(edit), "deal-form")

    assert (form["asked"], form["tricks"], form["honours"]) == ("1", "4", "1")  # Bruno & Dario's
    # Sent back without its tricks, it is still about Bruno & Dario.
    refused = alice_client.post(edit, {**form, "tricks": ""})
    assert texts(refused, "legend")[0] == "Tricks won by Bruno & Dario"
    assert match.deals.get().entry["tricks"] == [9, 4]


def test_the_kept_whist_form_is_one_per_pair_asked(
    alice_client: Client, make_whist: Callable[..., Match]
) -> None:
    match = make_whist()

    first = alice_client.get(sheet(match), {"holder": "0"})
    second = alice_client.get(sheet(match), {"holder": "3"})
    again = alice_client.get(sheet(match), {"holder": "2"})

    assert texts(first, "legend")[0] == "Tricks won by Anna & Carla"
    assert texts(second, "legend")[0] == "Tricks won by Bruno & Dario"
    assert texts(again, "legend")[0] == "Tricks won by Anna & Carla"


def test_a_whist_revoke_entered_on_a_turned_form_names_the_pair_as_the_document_does(
    alice_client: Client, make_whist: Callable[..., Match]
) -> None:
    match = make_whist(revoke_penalty="three_points")
    form = form_values(alice_client.get(sheet(match), {"holder": "1"}), "deal-form")

    alice_client.post(
        reverse("deal_create", args=[match.pk]), {**form, "tricks": "6", "honours": "2", "revoke": "0"}
    )

    # Anna & Carla's first; Anna dealt it.
    assert match.deals.get().entry == {"tricks": [7, 6], "honours": [2, 2], "revoke": 0, "dealer": "Anna"}


def test_a_whist_form_sent_without_saying_which_pair_it_asked_is_read_as_the_first_pairs(
    alice_client: Client, make_whist: Callable[..., Match]
) -> None:
    # A form drawn before forms said which pair they asked, sent to a phone Dario holds.
    match = make_whist(deals=[{"tricks": [9, 4], "honours": [3, 1]}])
    alice_client.get(sheet(match), {"holder": "3"})
    form = form_values(alice_client.get(reverse("deal_edit", args=[match.pk, 1])), "deal-form")
    del form["asked"]

    alice_client.post(reverse("deal_edit", args=[match.pk, 1]), {**form, "tricks": "10", "honours": "3"})

    assert match.deals.get().entry["tricks"] == [10, 3]
