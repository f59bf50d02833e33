"""A points board played on a phone to its end: points typed and tapped (± for minus points), a deal
refused with what was typed kept, the standings against the target, and the page that says who won;
in English and in Italian, with nothing serious for axe on the way.

The totals are worked out by hand from docs/rules.md, section 11.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .flows import SAVE_DEAL, add_players, screenshot, sign_up
from .test_accessibility import Audit

pytestmark = pytest.mark.browser

ROWS = ".points-table tbody tr"


def start_board(
    page: Page, seats: list[str], *, target: str, lowest_wins: bool = False, stake: str = ""
) -> None:
    """A new points board through the new-match page: its seats, the target asked, the house rules."""
    page.goto("/matches/new/?game=points")
    for seat, name in enumerate(seats):
        page.select_option(f"#id_seat_{seat}", label=name)
    page.fill("#id_opt_target", target)
    if lowest_wins or stake:
        page.locator("details.house-rules summary").click()
    if lowest_wins:
        page.check("#id_opt_lowest_wins")
    if stake:
        page.fill("#id_opt_stake", stake)
    page.locator("#match-form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))


def save(page: Page, number: int) -> None:
    page.click(SAVE_DEAL)
    expect(page.locator(ROWS)).to_have_count(number)
    expect(page.locator(ROWS).first.locator("th a")).to_have_text(str(number))


def tap(page: Page, seat: int, *keys: str) -> None:
    """Tap the keys beside a player's points: "±", "+1", "+5", "+10"."""
    for key in keys:
        selector = (
            f'[data-negate="id_points_{seat}"]'
            if key == "±"
            else f'[data-add="{key[1:]}"][data-to="id_points_{seat}"]'
        )
        page.locator(f"#deal-form {selector}").click()


def standings(page: Page) -> list[str]:
    return [" ".join(row.split()) for row in page.locator(".standings tbody tr").all_inner_texts()]


def test_a_board_of_three_is_typed_and_tapped_to_its_target(page: Page) -> None:
    audit = Audit(page)
    sign_up(page)
    add_players(page, ("Anna", "Bruno", "Carla"))
    start_board(page, ["Anna", "Bruno", "Carla"], target="100", stake="1.50")
    expect(page.locator(".match-title")).to_have_text("Points board")
    expect(page.locator(".board-target")).to_have_text("Target 100 · the highest total wins")
    expect(page.locator("#deal-form .next")).to_have_text("Anna deals")
    audit.check("a new points board")

    # Deal 1, typed: 30, 20, 10.
    page.fill("#id_points_0", "30")
    page.fill("#id_points_1", "20")
    page.fill("#id_points_2", "10")
    save(page, 1)
    expect(page.locator("#announce")).to_have_text(
        "Deal 1 saved: Anna 30, Bruno 20, Carla 10. Anna leads with 30; target 100. Bruno deals next."
    )

    # Deal 2, tapped: Anna +10 +10 +10 +10, Bruno +10 ×5, Carla ± +5 (−5); the form's numbers follow the taps.
    tap(page, 0, "+10", "+10", "+10", "+10")
    tap(page, 1, "+10", "+10", "+10", "+10", "+10")
    tap(page, 2, "±", "+5")
    expect(page.locator("#id_points_0")).to_have_value("40")
    expect(page.locator("#id_points_1")).to_have_value("50")
    expect(page.locator("#id_points_2")).to_have_value("-5")
    save(page, 2)
    expect(page.locator(ROWS).first).to_contain_text("Bruno")
    expect(page.locator(".board-lead")).to_have_text("Anna and Bruno lead with 70.")
    assert standings(page) == ["1 Anna leads 70 30", "1 Bruno leads 70 30", "3 Carla deals 5 95"]

    # Deal 3: Bruno's points mistyped beyond the limit: refused, said next to him, nothing lost.
    page.fill("#id_points_0", "35")
    page.fill("#id_points_1", "10000010")
    page.fill("#id_points_2", "20")
    page.click(SAVE_DEAL)
    error = page.locator("#id_points_1_error")
    expect(error).to_have_text("Deal 3: Bruno cannot score 10000010 points in a deal: from -10000 to 10000")
    expect(page.locator("#id_points_1")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#id_points_0")).to_have_value("35")
    expect(page.locator("#id_points_2")).to_have_value("20")
    expect(page.locator(ROWS)).to_have_count(2)
    audit.check("a refused deal of a points board")
    screenshot(page, "points-refused.png")

    page.fill("#id_points_1", "10")
    save(page, 3)

    # Anna's 105 reaches the target: she wins; Bruno and Carla pay her 1.50 each.
    banner = page.locator(".banner")
    expect(banner.locator("h2")).to_have_text("Match over after deal 3")
    expect(banner.locator(".winners")).to_have_text("Winner: Anna")
    expect(banner.locator(".losers")).to_have_text("Losers: Bruno, Carla")
    expect(banner.locator(".settlement")).to_contain_text("+€3.00")
    expect(page.locator("#announce")).to_have_text(
        "Deal 3 saved: Anna 35, Bruno 10, Carla 20. "
        "Match over: Anna wins with 105 points; Bruno and Carla pay Anna €1.50 each."
    )
    assert standings(page) == ["1 Anna won 105 reached", "2 Bruno 80 20", "3 Carla 25 75"]
    expect(page.locator("#deal-form")).to_have_count(0)
    audit.check("a finished points board")
    screenshot(page, "points-over.png")
    audit.assert_clean()


def test_a_board_where_the_lowest_wins_is_played_in_italian(page: Page) -> None:
    sign_up(page)
    add_players(page, ("Anna", "Bruno"))
    page.locator(".topbar form.lang").get_by_role("button", name="IT", exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", "it")
    start_board(page, ["Anna", "Bruno"], target="30", lowest_wins=True)
    expect(page.locator(".match-title")).to_have_text("Tabellone a punti")
    expect(page.locator(".board-target")).to_have_text("Traguardo 30 · vince il totale più basso")

    tap(page, 0, "+10", "+5")
    page.fill("#id_points_1", "−2")  # the typographic minus a phone's keyboard may give
    save(page, 1)
    expect(page.locator("#announce")).to_have_text(
        "Smazzata 1 salvata: Anna 15, Bruno -2. Bruno è in testa con -2; traguardo 30. Poi dà le carte Bruno."
    )

    tap(page, 0, "+10", "+5")
    save(page, 2)
    banner = page.locator(".banner")
    expect(banner.locator("h2")).to_have_text("Partita finita dopo la smazzata 2")
    expect(banner.locator(".winners")).to_have_text("Vincitore: Bruno")
    expect(page.locator(".standings tbody tr").first).to_contain_text("Bruno")
    expect(page.locator("#announce")).to_contain_text("Partita finita: Bruno vince con -2 punti.")
    screenshot(page, "points-it-over.png")
