"""Printing: headless Chromium prints the pages to PDF, and each comes out on the pages expected.

A short match fits on one sheet of A4, and on one of A5 for the Busca cross; a blank sheet
is two pages, the empty drawing on the front and the rules on the back.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from matches.models import Player

from .flows import add_players, play_deal, sign_up, start_match
from .test_accessibility import log_in, new_match

pytestmark = pytest.mark.browser


def pages_printed(page: Page, paper: str) -> int:
    """Print the page as the browser would on ``paper`` and count the sheets."""
    return len(PdfReader(io.BytesIO(page.pdf(format=paper))).pages)


def test_a_short_busca_match_prints_on_one_sheet_of_a4_or_a5(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    play_deal(page, 1, [20, 10, 6, 4])
    play_deal(page, 2, [12, 11, 9, 8])
    play_deal(page, 3, [8, 24, 4, 4])

    page.get_by_role("link", name="Print").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/print/$"))
    expect(page.locator("svg.cross")).to_be_visible()
    expect(page.locator("table.print-table tbody tr")).to_have_count(3)
    expect(page.get_by_role("button", name="Print")).to_be_visible()  # print.js shows it
    assert pages_printed(page, "A4") == 1

    page.get_by_role("link", name="A5").click()
    expect(page).to_have_url(re.compile(r"/print/\?paper=a5$"))
    assert pages_printed(page, "A5") == 1


def test_the_printed_page_leaves_out_the_controls(page: Page) -> None:
    page.goto("/sheets/busca-003/")
    expect(page.locator(".print-controls")).to_be_visible()

    page.emulate_media(media="print")

    expect(page.locator(".print-controls")).to_be_hidden()
    expect(page.locator("svg.cross")).to_be_visible()


@pytest.mark.parametrize(
    ("query", "paper"),
    [
        ("busca-000/", "A4"),
        ("busca-001/?threshold=21", "A4"),
        ("busca-003/", "A4"),
        ("busca-003/?paper=a5", "A5"),
        ("mambassa/?players=8&lives=5", "A4"),
        ("whist/", "A4"),
    ],
)
def test_a_blank_sheet_prints_on_two_pages_the_drawing_then_the_rules(
    page: Page, query: str, paper: str
) -> None:
    page.goto(f"/sheets/{query}")
    expect(page.locator(".sheet-back li").first).to_be_visible()

    assert pages_printed(page, paper) == 2


def test_a_mambassa_table_of_long_names_fits_a_phone_screen_without_scrolling_sideways(
    page: Page, live_server: Any, alice: User
) -> None:
    names = ("Elena Martinelli", "Giovanbattista", "Anna Maria", "Pierluigi", "Franco")
    seated = [Player.objects.create(owner=alice, name=name) for name in names]
    match = new_match(alice, "mambassa", seated, [{"payers": ["Elena Martinelli"]}, {"payers": ["Franco"]}])
    log_in(page, live_server, alice)

    page.goto(f"/matches/{match.pk}/print/")

    expect(page.locator("table.print-table tbody tr")).to_have_count(2)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
