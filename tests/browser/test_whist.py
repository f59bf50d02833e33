"""A rubber of short Whist played on a phone, every deal entered by tapping tricks and honours.

The points are worked out by hand from docs/rules.md, section 7: each trick over six scores
1, three honours 2 and four 3; a game is 5 points, worth 3 (opponents on 0), 2 (on 1 or 2) or 1;
two games win the rubber and 2 more points; the losers pay the difference times the stake.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .flows import (
    DEAL_ROWS,
    PAIRS,
    add_players,
    expect_games_won,
    expect_whist_sheet,
    play_whist_deal,
    screenshot,
    sign_up,
    start_whist,
)

pytestmark = pytest.mark.browser


def expect_next(page: Page, dealer: str, leader: str) -> None:
    expect(page.locator("#deal-form .next")).to_have_text(f"{dealer} deals · {leader} leads")


def expect_row(page: Page, first: str, second: str) -> None:
    """The newest row of the deal table: each pair's score after the deal, and what made it."""
    cells = page.locator(DEAL_ROWS).first.locator("td")
    expect(cells).to_have_text([first, second])


def test_a_rubber_of_three_games_is_played_by_taps(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_whist(page, stake="0.50")
    expect(page.locator("svg.whist-sheet text.pair-name")).to_have_text(list(PAIRS))
    expect_whist_sheet(page, [None])
    expect_games_won(page, 0, 0)
    expect_next(page, "Anna", "Bruno")

    # Game 1. Anna & Carla: 9 tricks (3) and 3 honours (2): 5-0, a treble.
    play_whist_deal(page, 1, 9, 3)
    expect_row(page, "5 +3 tricks +2 for honours game +3", "0")
    expect_whist_sheet(page, [(0, 3), None])
    expect_games_won(page, 1, 0)
    expect_next(page, "Bruno", "Carla")

    # Game 2. Bruno & Dario: 7 tricks (1) and 3 honours (2): 0-3.
    play_whist_deal(page, 2, 6, 1)
    expect_row(page, "0", "3 +1 trick +2 for honours")
    # Anna & Carla: 8 tricks (2): 2-3.
    play_whist_deal(page, 3, 8, 2)
    # Bruno & Dario: 8 tricks (2): 2-5, the opponents on 2: a double.
    play_whist_deal(page, 4, 5, 2)
    expect_row(page, "2", "5 +2 tricks game +2")
    expect_whist_sheet(page, [(0, 3), (1, 2), None])
    game_2 = page.locator('svg.whist-sheet g.game[data-game="2"]')
    expect(game_2.locator('text.points[data-pair="0"]')).to_have_text(["2"])
    expect(game_2.locator('text.points[data-pair="1"]')).to_have_text(["3", "5"])
    expect_games_won(page, 1, 1)
    expect(page.locator(".banner")).to_have_count(0)

    # Game 3. Anna & Carla: 7 tricks (1) and all four honours (3): 4-0.
    play_whist_deal(page, 5, 7, 4)
    expect_row(page, "4 +1 trick +3 for honours", "0")
    expect_next(page, "Bruno", "Carla")
    # Anna & Carla: 8 tricks (2): 6-0, a treble, and the rubber.
    play_whist_deal(page, 6, 8, 2)
    expect_whist_sheet(page, [(0, 3), (1, 2), (0, 3)])
    expect_games_won(page, 2, 1)

    banner = page.locator(".banner")
    expect(banner.locator("h2")).to_have_text(f"{PAIRS[0]} win the rubber")
    # 3 + 3 + 2 for the rubber against 2: Bruno & Dario pay 6 points at 0.50.
    expect(banner).to_contain_text("Points 8 to 2, the rubber bonus included.")
    expect(banner.locator(".losers")).to_have_text(f"{PAIRS[1]} pay 6 points: €3.00")
    end = page.locator("svg.whist-sheet g.totals")
    expect(end).to_have_attribute("data-totals", "8,2")
    expect(page.locator('svg.whist-sheet text.bonus[data-pair="0"]')).to_have_text("rubber 2")
    expect(end.locator('text.pays[data-pair="1"] tspan.number')).to_have_text("6")
    expect(page.locator("#deal-form")).to_have_count(0)
    screenshot(page, "whist-end.png")
