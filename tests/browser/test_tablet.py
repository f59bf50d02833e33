"""A tablet in the middle of the table (1024×768) and a phone turned on its side (844×390): the
drawing and the entry side by side, every deal of every game entered with taps on what is on screen,
in Italian and in English."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, ViewportSize, expect

from .flows import (
    DEAL_ROWS,
    MAMBASSA_LOG,
    SAVE_DEAL,
    add_players,
    box,
    play_deal,
    sign_up,
    start_mambassa,
    start_match,
    start_whist,
    tap_label,
    tap_on_screen,
    viewport,
)

pytestmark = pytest.mark.browser

TABLET: ViewportSize = {"width": 1024, "height": 768}
ON_ITS_SIDE: ViewportSize = {"width": 844, "height": 390}


def in_italian(page: Page) -> None:
    page.locator(".topbar form.lang").get_by_role("button", name="IT", exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", "it")


def expect_side_by_side(page: Page) -> None:
    """The drawing on the left and the entry on the right, both begun on the first screen."""
    drawing, entry = box(page.locator("#live-top")), box(page.locator("#deal-form"))
    assert drawing["x"] + drawing["width"] <= entry["x"], (drawing, entry)
    assert drawing["y"] < viewport(page)["height"]
    assert entry["y"] < viewport(page)["height"]


def key(page: Page, digit: str) -> Locator:
    return page.locator(f'#deal-form [data-numpad] [data-key="{digit}"]')


def enter_busca_on_the_pad(page: Page, swipe: bool = False) -> None:
    """A deal of 14, 10, 9 and the rest on the number pad, each key on screen, the drawing beside it
    (on a low screen, after a swipe that brings the first player's field to the middle)."""
    if swipe:
        page.locator("#id_points_0").evaluate("field => field.scrollIntoView({block: 'center'})")
    tap_on_screen(page, page.locator("#id_points_0"))
    pad = page.locator("#deal-form [data-numpad]")
    expect(pad).to_be_visible()
    assert box(pad)["x"] >= box(page.locator("#live-top"))["x"] + box(page.locator("#live-top"))["width"]
    for digit in "1410" + "9":
        tap_on_screen(page, key(page, digit))
    expect(page.locator("#id_points_3")).to_have_value("7")
    tap_on_screen(page, page.locator(SAVE_DEAL))


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_busca_deal_on_a_tablet_beside_its_drawing(page: Page, language: str) -> None:
    page.set_viewport_size(TABLET)
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    if language == "it":
        in_italian(page)
    expect_side_by_side(page)
    enter_busca_on_the_pad(page, swipe=True)
    expect(page.locator(DEAL_ROWS)).to_have_count(1)
    # Anna, with the most points, takes a busca: 1 busca over 14 points; the others none.
    expect(page.locator(DEAL_ROWS).first.locator("td")).to_have_text(["1 14 +1", "0 10", "0 9", "0 7"])
    expect_side_by_side(page)


def test_a_busca_deal_on_a_phone_on_its_side(page: Page) -> None:
    page.set_viewport_size(ON_ITS_SIDE)
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    play_deal(page, 1, [20, 10, 6, 4])
    in_italian(page)
    expect_side_by_side(page)
    enter_busca_on_the_pad(page, swipe=True)
    expect(page.locator(DEAL_ROWS)).to_have_count(2)


@pytest.mark.parametrize("language", ["en", "it"])
def test_whist_and_mambassa_deals_on_a_tablet(page: Page, language: str) -> None:
    page.set_viewport_size(TABLET)
    sign_up(page)
    add_players(page)
    start_mambassa(page)
    mambassa = page.url
    start_whist(page)
    if language == "it":
        in_italian(page)
    expect_side_by_side(page)
    tap_on_screen(page, tap_label(page, "tricks", 8))
    tap_on_screen(page, page.locator(SAVE_DEAL))
    expect(page.locator(DEAL_ROWS)).to_have_count(1)

    page.goto(mambassa)
    expect_side_by_side(page)
    payer = page.locator("#deal-form .payers label.chip").filter(has_text=re.compile(r"^\s*Bruno\s*$"))
    tap_on_screen(page, payer)
    tap_on_screen(page, page.locator("#deal-form button.primary"))
    expect(page.locator(MAMBASSA_LOG)).to_have_count(1)
