"""A name of 40 characters without a space never makes a page wider than a phone (390 px)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from matches import services
from matches.models import Evening, Match, Player

from .flows import screenshot, sign_up

pytestmark = pytest.mark.browser

LONG = "Pierfrancescogiovannibattistaalessandro"[:39] + "x"  # 40 characters, no space
WIDER = "document.documentElement.scrollWidth"


def seat_long_names(username: str = "alice") -> tuple[Match, Match]:
    """A Mambassa game and a Busca match with two players named at the limit, no space in them."""
    owner = User.objects.get(username=username)
    names = [LONG, LONG[::-1], "Carla", "Dario"]
    players = [Player.objects.create(owner=owner, name=name) for name in names]
    mambassa = services.match_create(
        owner=owner, game="mambassa", options={}, players=players, first_dealer=0
    )
    busca = services.match_create(owner=owner, game="busca-000", options={}, players=players, first_dealer=0)
    services.deal_record(match=busca, entry={"points": [25, 8, 5, 2]}, author=owner)
    return mambassa, busca


def expect_no_wider_than_the_phone(page: Page, url: str, shot: str) -> None:
    page.goto(url)
    expect(page.locator("body")).to_contain_text(LONG[:20])
    width = page.evaluate(WIDER)
    screenshot(page, shot)
    assert width <= 390, f"{url} is {width} px wide"


def test_forty_characters_without_a_space_keep_every_page_at_the_phones_width(page: Page) -> None:
    assert len(LONG) == 40
    sign_up(page)
    mambassa, busca = seat_long_names()

    expect_no_wider_than_the_phone(page, "/players/", "long-names-players.png")
    expect_no_wider_than_the_phone(page, "/matches/", "long-names-matches.png")
    # Mambassa's "who pays": a chip per player.
    expect_no_wider_than_the_phone(page, mambassa.get_absolute_url(), "long-names-mambassa.png")
    expect(page.locator("#deal-form .payers label.chip").first).to_contain_text(LONG)
    expect_no_wider_than_the_phone(page, busca.get_absolute_url(), "long-names-busca.png")
    # The new match page: the first dealer's chips are named as the seats are picked.
    page.goto("/matches/new/?game=mambassa")
    page.select_option("#id_seat_0", label=LONG)
    page.select_option("#id_seat_1", label=LONG[::-1])
    expect(page.locator("label.chip").first).to_contain_text(LONG)
    assert page.evaluate(WIDER) <= 390


def test_forty_characters_without_a_space_keep_results_money_and_statistics_at_the_phones_width(
    page: Page,
) -> None:
    sign_up(page)
    owner = User.objects.get(username="alice")
    names = [LONG, LONG[::-1], "Carla", "Dario"]
    players = [Player.objects.create(owner=owner, name=name) for name in names]
    evening = Evening.objects.create(owner=owner, date="2026-12-01", place="Bar")
    evening.players.set(players)
    busca = services.match_create(
        owner=owner, game="busca-003", options={"stake": 2.5}, players=players, first_dealer=0
    )
    for _ in range(4):
        services.deal_record(match=busca, entry={"points": [9, 9, 9, 8]}, author=owner)
    busca.refresh_from_db()
    busca.evening = evening
    busca.save(update_fields=["evening"])
    whist = services.match_create(
        owner=owner, game="whist", options={"stake": 1}, players=players, first_dealer=0
    )
    for _ in range(2):
        services.deal_record(match=whist, entry={"tricks": [13, 0], "honours": [4, 0]}, author=owner)
    assert Match.objects.filter(status="finished").count() == 2

    expect_no_wider_than_the_phone(page, busca.get_absolute_url(), "long-names-busca-result.png")
    expect_no_wider_than_the_phone(page, whist.get_absolute_url(), "long-names-whist-result.png")
    expect_no_wider_than_the_phone(page, evening.get_absolute_url(), "long-names-evening.png")
    expect_no_wider_than_the_phone(page, f"/stats/players/{players[0].pk}/", "long-names-stats.png")
    expect_no_wider_than_the_phone(page, f"/matches/{busca.pk}/print/", "long-names-print.png")
