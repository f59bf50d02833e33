"""Whole matches played on a phone, from sign-up to the final banner."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .flows import (
    add_players,
    expect_cross,
    expect_deal_form,
    expect_match_over,
    fill_points,
    play_deal,
    save_deal,
    screenshot,
    sign_up,
    start_match,
)

pytestmark = pytest.mark.browser


def test_a_busca_000_match_is_played_to_its_end_and_names_the_losers(page: Page) -> None:
    # The deals of vector B000-M2, with the busche worked out by hand from spec section 2.
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    expect_cross(page, [0, 0, 0, 0])

    # 31 is the top score: 31 - 20 = 11 busche to Anna, who deals next (R000-2).
    play_deal(page, 1, [31, 4, 3, 2])
    expect_cross(page, [11, 0, 0, 0])
    expect(page.locator("#deal-form .next")).to_contain_text("Anna deals")

    # Carla and Dario took no trick: two non-coverers take 4 each, the top scorer nothing.
    expect_deal_form(page, 2)
    fill_points(page, [28, 12, 0, 0])
    # The page asks about covering only where the points cannot tell: 0 points.
    for seat, asked in enumerate([False, False, True, True]):
        cover = page.locator(f'.player-row[data-seat="{seat}"] [data-cover]')
        if asked:
            expect(cover).to_be_visible()
        else:
            expect(cover).to_be_hidden()
    page.locator('input[name="cover_2"][value="no"]').check()
    page.locator('input[name="cover_3"][value="no"]').check()
    save_deal(page, 2)
    expect_cross(page, [11, 0, 4, 4])

    # 30 points: 10 busche to Bruno, exactly 10 is not over the limit, so play goes on.
    play_deal(page, 3, [5, 30, 3, 2])
    expect_cross(page, [11, 10, 4, 4])

    # 21 points: 2 busche; Bruno passes 10 too, and two players over 10 end the match.
    play_deal(page, 4, [8, 21, 6, 5])
    expect_cross(page, [11, 12, 4, 4])
    expect_match_over(page, 4, losers={"Anna", "Bruno"}, winners={"Carla", "Dario"})
    screenshot(page, "busca-000-final.png")


def test_a_busca_003_match_ends_when_two_players_reach_ten(page: Page) -> None:
    # The deals of vector B003-M1 (35 points a deal), busche by hand from spec section 4.
    sign_up(page)
    add_players(page)
    start_match(page, "busca-003")

    play_deal(page, 1, [15, 15, 3, 2])  # a pair tied at 15: 4 busche each
    expect_cross(page, [4, 4, 0, 0])
    play_deal(page, 2, [15, 3, 15, 2])  # again, Anna and Carla
    expect_cross(page, [8, 4, 4, 0])
    play_deal(page, 3, [12, 12, 8, 3])  # a pair tied at 9 to 14: 2 each; Anna reaches 10 alone
    expect_cross(page, [10, 6, 4, 0])
    expect(page.locator(".banner")).to_have_count(0)
    play_deal(page, 4, [3, 14, 10, 8])  # all different: the top scorer marks 1
    expect_cross(page, [10, 7, 4, 0])
    play_deal(page, 5, [2, 15, 15, 3])  # 4 each to Bruno and Carla: Bruno reaches 11
    expect_cross(page, [10, 11, 8, 0])

    # Two players at 10 or more: the two highest lose, the other two win.
    expect_match_over(page, 5, losers={"Anna", "Bruno"}, winners={"Carla", "Dario"})
    screenshot(page, "busca-003-final.png")
