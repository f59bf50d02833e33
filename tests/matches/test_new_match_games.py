"""New match: the game tapped is the one marked, after htmx swaps in its form as on a page drawn anew."""

from __future__ import annotations

import re

from django.test import Client
from django.urls import reverse

from matches.models import Player

HTMX = {"HX-Request": "true"}


def marked(html: str) -> list[str]:
    """The ids of the game cards marked as the current one (aria-current and the selected class)."""
    cards = re.findall(
        r"<a id=\"(game-[\w-]+)\" class=\"game-card([^\"]*)\"[^>]*?(aria-current=\"true\")?>", html
    )
    return [card for card, classes, current in cards if "selected" in classes and current]


def test_the_game_tapped_is_sent_back_marked_with_its_form(
    alice_client: Client, players: list[Player]
) -> None:
    answer = alice_client.get(reverse("match_new") + "?game=whist", headers=HTMX)

    html = answer.content.decode()
    assert '<form id="match-form"' in html
    # The games come along, to take the place of those on the page (out of band): Whist marked, only it.
    assert '<nav id="games" class="games"' in html
    assert 'hx-swap-oob="true"' in html
    assert marked(html) == ["game-whist"]


def test_the_page_drawn_anew_marks_the_game_once_and_swaps_nothing_out_of_band(
    alice_client: Client, players: list[Player]
) -> None:
    html = alice_client.get(reverse("match_new") + "?game=mambassa").content.decode()

    assert html.count('<nav id="games"') == 1
    assert "hx-swap-oob" not in html
    assert marked(html) == ["game-mambassa"]
