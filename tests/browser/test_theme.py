"""The colours of the page: as the phone is set, or light or dark as chosen, remembered on the phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .flows import sign_up

pytestmark = pytest.mark.browser

PAPER = "() => getComputedStyle(document.body).backgroundColor"
LIGHT_PAPER, DARK_PAPER = "rgb(251, 247, 238)", "rgb(27, 26, 23)"


def choose(page: Page, colours: str) -> None:
    choice = page.get_by_role("group", name="Colours").get_by_role("button", name=colours)
    choice.click()
    expect(choice).to_have_attribute("aria-pressed", "true")


def test_the_page_follows_the_phone_until_light_or_dark_is_chosen_and_then_keeps_that(page: Page) -> None:
    page.emulate_media(color_scheme="dark")
    sign_up(page)
    assert page.evaluate(PAPER) == DARK_PAPER  # as the phone is set
    expect(page.get_by_role("button", name="As the phone")).to_have_attribute("aria-pressed", "true")

    choose(page, "Light")
    assert page.evaluate(PAPER) == LIGHT_PAPER
    page.goto("/matches/")
    assert page.evaluate(PAPER) == LIGHT_PAPER  # remembered on the next page
    page.emulate_media(color_scheme="light")
    choose(page, "Dark")
    assert page.evaluate(PAPER) == DARK_PAPER
    choose(page, "As the phone")
    assert page.evaluate(PAPER) == LIGHT_PAPER
    page.emulate_media(color_scheme="dark")  # the phone's setting changed: the page follows at once
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
