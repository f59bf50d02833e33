"""Entering deals as the players found it at the table: the filled-in points typed over, the game
tapped on "New match", the Whist form after a deal kept offline, the next form in view after a save,
and no console error or CSP report all along.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .flows import (
    SAVE_DEAL,
    SAVE_MAMBASSA_DEAL,
    add_players,
    expect_deal_form,
    fill_points,
    play_deal,
    play_whist_deal,
    save_mambassa_deal,
    sign_up,
    start_mambassa,
    start_match,
    start_whist,
    tap,
    tap_deal,
    tap_payers,
)

pytestmark = pytest.mark.browser

PENDING = "#pending-deals .pending"

# Every Content-Security-Policy violation the page meets, reported or not to the console: a style
# attribute set by a script, a style element, an inline handler. Installed before any page script.
LISTEN_FOR_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  const what = event.blockedURI || "inline";
  window.__violations.push(event.violatedDirective + " " + what + " " + event.sample);
});
"""


@pytest.fixture
def watched(page: Page) -> list[str]:
    """The page, with every console error (of any kind) and every CSP violation it meets listed."""
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.add_init_script(LISTEN_FOR_VIOLATIONS)
    return errors


def violations(page: Page) -> list[str]:
    return list(page.evaluate("window.__violations || []"))


def in_view(page: Page, selector: str) -> bool:
    """All of the element inside the phone's screen (390×844), under the sticky top bar."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not drawn"
    bar = page.locator(".topbar").bounding_box()
    top = bar["y"] + bar["height"] if bar else 0
    return (
        box["y"] >= top - 1
        and box["y"] + box["height"] <= 844 + 1
        and box["x"] >= 0
        and box["x"] + box["width"] <= 391
    )


def partly_in_view(page: Page, selector: str, at_least: float = 40) -> bool:
    """At least ``at_least`` px of the drawing's height on screen, under the top bar."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not drawn"
    bar = page.locator(".topbar").bounding_box()
    top = bar["y"] + bar["height"] if bar else 0
    shown = min(box["y"] + box["height"], 844) - max(box["y"], top)
    return shown >= at_least


def expect_next_form_in_view(page: Page, first_field: str, save: str, drawing: str) -> None:
    page.wait_for_timeout(100)  # the scroll that follows the swap (entry.js), in the frame after
    assert in_view(page, first_field), "the next deal's first field is off screen"
    assert in_view(page, save), "the next deal's Save button is off screen"
    assert partly_in_view(page, drawing), "the drawing is scrolled away"
    # The Save bar (sticky at the screen's foot: the form is taller than the screen) hides no part of it.
    field, button = page.locator(first_field).first.bounding_box(), page.locator(save).bounding_box()
    assert field is not None
    assert button is not None
    assert field["y"] + field["height"] <= button["y"]


# -- 5. The last player's points ------------------------------------------------------------------


def test_the_points_the_page_filled_in_are_selected_when_tapped_so_a_4_typed_replaces_the_5(
    page: Page,
) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    fill_points(page, [20, 10, 5, 5])

    # A tap on Dario's 5, filled in by the page, then a 4: Dario has 4, not 54.
    page.click("#id_points_3")
    page.keyboard.press("4")
    expect(page.locator("#id_points_3")).to_have_value("4")
    expect(page.locator("[data-remaining]")).to_have_text("1")

    # What the user typed is his: a tap places the caret as in any field, and a 0 after the 4 is 40.
    page.click("#id_points_0")
    page.keyboard.press("End")
    page.keyboard.press("0")
    expect(page.locator("#id_points_0")).to_have_value("200")


# -- 6. New match -----------------------------------------------------------------------------------


def test_the_game_tapped_on_new_match_is_the_one_marked_and_keeps_the_focus(page: Page) -> None:
    sign_up(page)
    add_players(page)
    page.goto("/matches/new/")
    cards = page.locator("nav.games a.game-card")
    expect(cards.first).to_have_attribute("aria-current", "true")

    whist = page.locator("#game-whist")
    whist.click()
    expect(page).to_have_url(re.compile(r"\?game=whist$"))
    expect(page.locator('#match-form input[name="game"]')).to_have_value("whist")
    expect(page.locator("#game-whist")).to_have_attribute("aria-current", "true")
    expect(page.locator("#game-whist")).to_have_class(re.compile(r"\bselected\b"))
    expect(page.locator('nav.games a[aria-current="true"]')).to_have_count(1)
    expect(page.locator("nav.games a.selected")).to_have_count(1)

    # By the keyboard: the focus stays on the game chosen, marked too.
    page.focus("#game-mambassa")
    page.keyboard.press("Enter")
    expect(page.locator('#match-form input[name="game"]')).to_have_value("mambassa")
    expect(page.locator('nav.games a[aria-current="true"]')).to_have_attribute("id", "game-mambassa")
    assert page.evaluate("document.activeElement.id") == "game-mambassa"


# -- 7. Whist after a deal kept offline ------------------------------------------------------------


def test_the_whist_form_after_a_deal_kept_offline_shows_no_remainders_of_that_deal(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_whist(page)
    play_whist_deal(page, 1, 8, 1)

    page.context.set_offline(True)
    tap_deal(page, 7, 3)
    page.click(SAVE_DEAL)
    expect(page.locator(PENDING)).to_have_count(1)
    expect_deal_form(page, 3)

    # The form for deal 3 is as a new deal's: no tricks tapped, so nothing said of the second pair's,
    # and two honours each (deal 2's 3 and 1 gone).
    expect(page.locator("#deal-form .tricks input:checked")).to_have_count(0)
    expect(page.locator("#deal-form .honours input:checked")).to_have_value("2")
    expect(page.locator('#deal-form [data-rest-of="tricks"]')).to_have_text("–")
    expect(page.locator('#deal-form [data-rest-of="honours"]')).to_have_text("2")
    tap(page, "tricks", 4)
    expect(page.locator('#deal-form [data-rest-of="tricks"]')).to_have_text("9")
    expect(page.locator('#deal-form [data-rest-of="honours"]')).to_have_text("2")
    page.context.set_offline(False)
    expect(page.locator(PENDING)).to_have_text(["Deal 2, kept on this phone, is now saved."])


# -- 8. The next form in view after a save ---------------------------------------------------------


def test_after_a_busca_save_the_next_form_its_save_button_and_the_cross_are_on_screen(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    for number in (1, 2):
        play_deal(page, number, [20, 10, 5, 5])
        expect_deal_form(page, number + 1)
        expect_next_form_in_view(page, "#id_points_0", SAVE_DEAL, "svg.cross")


def test_after_a_whist_save_the_next_form_its_save_button_and_the_sheet_are_on_screen(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_whist(page)
    for number in (1, 2):
        play_whist_deal(page, number, 7, 2)
        expect_next_form_in_view(page, "#deal-form .tap-grid.tricks label.tap", SAVE_DEAL, "svg.whist-sheet")


def test_after_a_mambassa_save_the_next_form_its_save_button_and_the_table_are_on_screen(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_mambassa(page)
    for number, payer in ((1, "Bruno"), (2, "Carla")):
        tap_payers(page, payer)
        save_mambassa_deal(page, number)
        expect_next_form_in_view(
            page, "#deal-form label.pick-quick", SAVE_MAMBASSA_DEAL, "svg.mambassa-table"
        )


# -- 20. No console error on a save ----------------------------------------------------------------


def expect_clean(page: Page, errors: list[str]) -> None:
    assert violations(page) == []
    assert errors == []
    # htmx, configured by base.html's meta tag, writes no style: no indicator style element, and
    # no style attribute copied over when it settles a swap.
    config = page.evaluate(
        "({ styles: htmx.config.includeIndicatorStyles, settle: htmx.config.attributesToSettle })"
    )
    assert config == {"styles": False, "settle": ["class", "width", "height"]}
    assert page.locator("[style], style").count() == 0


def test_saving_a_busca_deal_online_and_offline_reports_no_console_error_nor_csp_violation(
    page: Page, watched: list[str]
) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    play_deal(page, 1, [20, 10, 5, 5])
    play_deal(page, 2, [5, 20, 10, 5])
    page.context.set_offline(True)
    fill_points(page, [10, 5, 20, 5])
    page.click(SAVE_DEAL)
    expect(page.locator(PENDING)).to_have_count(1)
    page.context.set_offline(False)
    expect(page.locator(PENDING)).to_have_text(["Deal 3, kept on this phone, is now saved."])
    play_deal(page, 4, [5, 5, 10, 20])
    expect_clean(page, watched)


def test_saving_a_whist_deal_online_and_offline_reports_no_console_error_nor_csp_violation(
    page: Page, watched: list[str]
) -> None:
    sign_up(page)
    add_players(page)
    start_whist(page)
    play_whist_deal(page, 1, 8, 1)
    page.context.set_offline(True)
    tap_deal(page, 7, 3)
    page.click(SAVE_DEAL)
    expect(page.locator(PENDING)).to_have_count(1)
    page.context.set_offline(False)
    expect(page.locator(PENDING)).to_have_text(["Deal 2, kept on this phone, is now saved."])
    play_whist_deal(page, 3, 6, 2)
    expect_clean(page, watched)


def test_saving_a_mambassa_deal_online_and_offline_reports_no_console_error_nor_csp_violation(
    page: Page, watched: list[str]
) -> None:
    sign_up(page)
    add_players(page)
    start_mambassa(page)
    tap_payers(page, "Bruno")
    save_mambassa_deal(page, 1)
    page.context.set_offline(True)
    tap_payers(page, "Carla")
    page.click(SAVE_MAMBASSA_DEAL)
    expect(page.locator(PENDING)).to_have_count(1)
    page.context.set_offline(False)
    expect(page.locator(PENDING)).to_have_text(["Deal 2, kept on this phone, is now saved."])
    tap_payers(page, "Dario")
    save_mambassa_deal(page, 3)
    expect_clean(page, watched)
