"""The language switch in the top bar."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .flows import add_players, sign_up, start_match

pytestmark = pytest.mark.browser


def test_the_it_button_switches_the_page_to_italian_and_back(page: Page) -> None:
    # The Italian texts are not asserted: their catalogue is still being written.
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    sheet = page.url
    html = page.locator("html")
    expect(html).to_have_attribute("lang", "en")

    page.locator(".topbar form.lang").get_by_role("button", name="IT", exact=True).click()
    expect(html).to_have_attribute("lang", "it")
    expect(page).to_have_url(sheet)  # the same page, now in Italian
    expect(page.locator(".topbar form.lang button")).to_have_text("EN")
    expect(page.locator("#deal-form")).to_be_visible()

    # The choice sticks for the next page, then EN switches back.
    page.goto("/players/")
    expect(html).to_have_attribute("lang", "it")
    page.locator(".topbar form.lang").get_by_role("button", name="EN", exact=True).click()
    expect(html).to_have_attribute("lang", "en")
    expect(page).to_have_url(re.compile(r"/players/$"))
