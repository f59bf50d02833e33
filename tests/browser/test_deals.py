"""Entering a deal that cannot be right, and correcting a deal already saved."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from matches import services
from matches.models import Player

from .flows import (
    DEAL_ROWS,
    PLAYERS,
    SAVE_DEAL,
    add_players,
    expect_cross,
    expect_deal_form,
    fill_points,
    play_deal,
    sign_up,
    start_match,
    type_over,
)

pytestmark = pytest.mark.browser


def test_it_refuses_a_deal_that_does_not_add_up_and_keeps_what_was_typed(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")

    # The page fills in Dario's 5; the user types 4 over it: 39, a point short.
    fill_points(page, [20, 10, 5, 5])
    type_over(page, 3, 4)
    expect(page.locator("[data-remaining]")).to_have_text("1")
    page.click(SAVE_DEAL)

    error = page.locator("#deal-form .error")
    expect(error).to_have_text("Deal 1: points add up to 39, a deal of Busca / Busche has 40")
    for seat, value in enumerate(["20", "10", "5", "4"]):
        expect(page.locator(f"#id_points_{seat}")).to_have_value(value)
    expect(page.locator(DEAL_ROWS)).to_have_count(0)
    expect(page.locator(".deals .empty")).to_be_visible()
    expect_cross(page, [0, 0, 0, 0])
    expect_deal_form(page, 1)

    # One point more for Dario makes 40: the deal is saved, 20 points give Anna 2 busche.
    type_over(page, 3, 5)
    expect(page.locator("[data-remaining]")).to_have_text("0")
    page.click(SAVE_DEAL)
    expect(page.locator(DEAL_ROWS)).to_have_count(1)
    expect(error).to_have_count(0)
    expect_cross(page, [2, 0, 0, 0])
    expect_deal_form(page, 2)


def test_correcting_an_earlier_deal_recomputes_the_totals(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    play_deal(page, 1, [31, 4, 3, 2])  # Anna 11
    play_deal(page, 2, [5, 30, 3, 2])  # Bruno 10
    expect_cross(page, [11, 10, 0, 0])
    sheet = page.url

    page.locator(".deal-table tbody th a").filter(has_text=re.compile(r"^1$")).click()
    expect(page).to_have_url(re.compile(r"/deals/1/edit/$"))
    expect(page.locator("#deal-form h2")).to_have_text("Correct deal 1")
    expect(page.locator("#id_points_0")).to_have_value("31")

    # Deal 1 was really 15-10-10-5: 15 is the top score and takes 1 busca, not 11.
    for seat, value in enumerate([15, 10, 10, 5]):
        page.fill(f"#id_points_{seat}", str(value))
    page.click(SAVE_DEAL)

    expect(page).to_have_url(f"{sheet}#deal-1")  # back at the deal's row
    expect(page.locator(".messages")).to_contain_text("Deal 1 corrected: Anna 1 busca,")
    expect_cross(page, [1, 10, 0, 0])
    # The running totals of both deals follow: Anna's cell in deal 2 (the first row) reads 1.
    expect(page.locator(DEAL_ROWS).first.locator("td .total").first).to_have_text("1")
    expect_deal_form(page, 3)


def test_someone_who_did_not_cover_is_entered_in_two_taps_the_others_shown_as_covered(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")

    page.get_by_role("button", name="Someone didn't cover: no points to enter").click()
    page.locator('input[name="cover_1"][value="no"]').check()

    # The others covered, as a scorer would write it; each can still be changed.
    for seat in (0, 2, 3):
        expect(page.locator(f'input[name="cover_{seat}"][value="yes"]')).to_be_checked()
    page.click(SAVE_DEAL)

    expect(page.locator(DEAL_ROWS)).to_have_count(1)
    expect_cross(page, [0, 2, 0, 0])  # Bruno alone did not cover: 2 busche (seed 000)
    expect_deal_form(page, 2)


def test_points_that_are_no_points_are_not_counted_nor_is_the_last_player_filled_in(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")

    for seat, value in enumerate(("20", "-3", "10")):
        page.fill(f"#id_points_{seat}", value)

    expect(page.locator("[data-remaining]")).to_have_text("–")
    expect(page.locator("#id_points_3")).to_have_value("")
    page.fill("#id_points_1", "3")  # mended: counted, and Dario gets the rest
    expect(page.locator("#id_points_3")).to_have_value("7")
    expect(page.locator("[data-remaining]")).to_have_text("0")


def test_a_sheet_kept_up_by_the_deals_saved_on_it_reads_as_the_sheet_drawn_afresh(page: Page) -> None:
    # Each deal saved is answered with what it changed, put in its place: past the 30 deals of the
    # table and the 10 changes of the log, the oldest go and the link to the earlier changes shows.
    sign_up(page)
    add_players(page)
    alice = User.objects.get(username="alice")
    players = [Player.objects.get(owner=alice, name=name) for name in PLAYERS]
    match = services.match_create(owner=alice, game="busca-001", options={}, players=players, first_dealer=0)
    for n in range(29):
        services.deal_record(
            match=match, entry={"points": [[14, 10, 9, 7][(s + n) % 4] for s in range(4)]}, author=alice
        )
    page.goto(match.get_absolute_url())
    for number in (30, 31):
        expect_deal_form(page, number)
        fill_points(page, [9, 14, 10, 7])
        page.click(SAVE_DEAL)
        expect(page.locator(DEAL_ROWS).first.locator("th a")).to_have_text(str(number))

    table, log = page.locator(".deal-table tbody"), page.locator("#change-rows")
    expect(page.locator(DEAL_ROWS)).to_have_count(30)
    expect(log.locator("li:not(.more)")).to_have_count(10)
    page.locator("#changes summary").click()
    expect(log.get_by_role("link", name="Show the earlier changes")).to_be_visible()
    kept = (table.inner_text(), log.inner_text(), page.locator("#live-top").inner_text())
    page.reload()
    page.locator("#changes summary").click()
    assert (table.inner_text(), log.inner_text(), page.locator("#live-top").inner_text()) == kept
