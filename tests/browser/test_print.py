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

from .flows import add_players, play_deal, sign_up, start_match, viewport
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
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport(page)["width"]


def rotated(points: list[int], deals: int) -> list[dict[str, Any]]:
    """Deals in which the top points go round the table, so that nobody reaches a limit."""
    return [
        {"points": points[-(n % 4) :] + points[: -(n % 4)] if n % 4 else list(points)} for n in range(deals)
    ]


CARDS = [
    ["1D", "1S", "1C", "1B"],
    ["FC", "CC", "RC", "3C"],
    ["5S", "6S", "7S", "2B"],
    ["2D", "3D", "4D", "5D"],
    ["6C", "7C", "2C", "4C"],
    ["FD", "CD", "RD", "6D"],
    ["2S", "3S", "4S", "FS"],
    ["3B", "4B", "5B", "6B"],
]
NINE_DEALS = {
    "busca-000": rotated([22, 8, 6, 4], 9),
    "busca-001": rotated([22, 8, 6, 4], 9),
    "busca-003": rotated([19, 8, 5, 3], 9),
    "whist": [{"tricks": [7, 6] if n % 2 == 0 else [6, 7], "honours": [2, 2]} for n in range(9)],
    # Eight at the table, minus points too, nobody near the target of 100.
    "points": [{"points": [(3 * n + 5 * seat) % 11 - 4 for seat in range(8)]} for n in range(9)],
}
KEYS = {
    "busca": "Each cell: the points of the deal",
    "mambassa": "Each player's tokens and the pot after each deal.",
    "whist": "Each cell: the pair's score after the deal",
    "points": "Each cell: the points of the deal and the running total. The target is 100.",
}


@pytest.mark.parametrize("game", ["busca-000", "busca-001", "busca-003", "mambassa", "whist", "points"])
def test_a_match_of_nine_deals_prints_on_one_sheet_of_a4_with_its_key(
    page: Page, live_server: Any, alice: User, players: list[Player], game: str
) -> None:
    seated, deals = list(players), NINE_DEALS.get(game, [])
    if game in ("mambassa", "points"):  # eight at the table: the longest rows
        seated += [
            Player.objects.create(owner=alice, name=name) for name in ("Elena", "Fabio", "Gina", "Ivo")
        ]
    if game == "mambassa":  # and the cards of two deals shown
        names = [player.name for player in seated]
        deals = [{"payers": [names[n]]} for n in range(7)]
        deals[2:2] = [{"hands": CARDS}, {"hands": CARDS[1:] + CARDS[:1]}]
    match = new_match(alice, game, seated, deals)
    log_in(page, live_server, alice)

    page.goto(f"/matches/{match.pk}/print/")

    expect(page.locator("table.print-table tbody tr")).to_have_count(9)
    sheets = PdfReader(io.BytesIO(page.pdf(format="A4"))).pages
    assert len(sheets) == 1
    text = " ".join(sheets[0].extract_text().split())
    assert KEYS[game.split("-")[0]] in text
    assert text.count("Scan to open the match") == 1


@pytest.mark.parametrize(
    ("query", "paper", "height"),
    [
        ("busca-000/", "A4", 272),
        ("busca-003/?paper=a5", "A5", 193),
        ("mambassa/?players=2&lives=1", "A4", 272),
        ("mambassa/?players=8&lives=9", "A4", 272),
        ("whist/", "A4", 272),
    ],
)
def test_a_blank_sheets_rows_fill_its_front_page(page: Page, query: str, paper: str, height: int) -> None:
    # The page as it prints: its width and height inside the margins (A4 12 mm, A5 8 mm), in px.
    width = {"A4": 186, "A5": 132}[paper]
    page.set_viewport_size({"width": round(width * 96 / 25.4), "height": round(height * 96 / 25.4)})
    page.emulate_media(media="print")
    page.goto(f"/sheets/{query}")

    table = page.locator(".blank-table").bounding_box()
    row = page.locator(".blank-table tbody tr").first.bounding_box()
    assert table is not None
    assert row is not None
    foot = height * 96 / 25.4
    assert foot - (table["y"] + table["height"]) < row["height"] / 2  # no room left for another row
    assert row["height"] >= 7 * 96 / 25.4  # and each row tall enough to write in
    assert pages_printed(page, paper) == 2
