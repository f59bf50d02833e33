"""What a phone downloads: the card picker only where a Mambassa deal is entered; a long match's
latest deals, not all of them."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.test import Client
from django.urls import reverse

from matches.models import Match

from .pages import Page, count, page_html, text


def assets(page: Page) -> str:
    return page_html(page).split("</head>", 1)[0]


def test_a_busca_match_page_loads_no_card_picker(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    head = assets(alice_client.get(reverse("match_detail", args=[make_match().pk])))

    assert "css/app" in head
    assert "cards" not in head


def test_a_mambassa_match_page_and_its_correction_page_load_the_card_picker(
    alice_client: Client, make_mambassa: Callable[..., Match]
) -> None:
    match = make_mambassa(deals=[{"payers": ["Bruno"]}])

    for url in (reverse("match_detail", args=[match.pk]), reverse("deal_edit", args=[match.pk, 1])):
        head = assets(alice_client.get(url))
        assert "css/cards" in head
        assert "js/cards" in head


def long_match(make_match: Callable[..., Match], deals: int) -> Match:
    # Busca 001 with no victory threshold goes on for as long as the table plays.
    return make_match("busca-001", deals=[{"points": [14, 10, 9, 7]}] * deals)


def deal_numbers(page: Any) -> list[str]:
    return re.findall(r'<th scope="row"><a href="/matches/\d+/deals/(\d+)/edit/"', page.content.decode())


def test_a_long_match_page_shows_its_latest_30_deals_and_a_link_to_the_older_ones(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = long_match(make_match, 35)

    page = alice_client.get(reverse("match_detail", args=[match.pk]))

    assert deal_numbers(page) == [str(n) for n in range(35, 5, -1)]
    assert text(page, "p", class_="older-deals") == "Show the 5 older deals"
    every = alice_client.get(reverse("match_detail", args=[match.pk]) + "?deals=all")
    assert deal_numbers(every) == [str(n) for n in range(35, 0, -1)]
    assert count(every, "p", class_="older-deals") == 0


def test_a_match_of_30_deals_shows_them_all_without_a_link(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    page = alice_client.get(reverse("match_detail", args=[long_match(make_match, 30).pk]))

    assert len(deal_numbers(page)) == 30
    assert count(page, "p", class_="older-deals") == 0
