"""Share from the table: the summary and a picture of the sheet (a PNG drawn in the browser from
the drawing) through the phone's own share sheet, and copied where the phone has none."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .flows import add_players, play_deal, sign_up, start_evening, start_match, start_whist, tap_deal

pytestmark = pytest.mark.browser

# The phone's share sheet, as a page sees it: what it is given is kept to look at, a picture with
# how many of its pixels are ink (dark), to tell a drawing from a blank.
SHARE_SHEET = """
window.shared = null;
navigator.canShare = (data) => true;
navigator.share = async (data) => {
  const files = [];
  for (const file of data.files || []) {
    const bitmap = await createImageBitmap(file);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext("2d");
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let ink = 0;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i] + pixels[i + 1] + pixels[i + 2] < 200) ink++;
    files.push({name: file.name, type: file.type, width: bitmap.width, height: bitmap.height, ink});
  }
  window.shared = {title: data.title, text: data.text || null, files};
};
"""
WHEN_SHARED = """() => new Promise((resolve) => {
  const ask = () => (window.shared ? resolve(window.shared) : setTimeout(ask, 50));
  ask();
})"""
NO_SHARE_SHEET = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"


def test_the_summary_and_a_picture_of_the_sheet_go_to_the_phones_share_sheet(page: Page) -> None:
    page.add_init_script(SHARE_SHEET)
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    play_deal(page, 1, [25, 8, 5, 2])

    page.get_by_role("button", name="Share the summary").click()
    shared = page.evaluate(WHEN_SHARED)
    assert shared["title"].startswith("Busca / Busche")
    assert "Anna 5, Bruno 0, Carla 0, Dario 0" in shared["text"]

    page.evaluate("window.shared = null")
    page.get_by_role("button", name="Share a picture of the sheet").click()
    (picture,) = page.evaluate(WHEN_SHARED)["files"]
    assert (picture["name"], picture["type"]) == ("busca-busche.png", "image/png")
    cross = page.locator("#live-top svg").first.bounding_box()
    assert cross is not None
    assert picture["width"] == round(cross["width"] * 2)  # twice the screen's size, sharp on a phone
    assert picture["height"] == round((cross["height"] + 32) * 2)  # under a line: which match, when
    assert picture["ink"] > 2000  # the cross, its names and its busche: not a blank picture


def test_without_a_share_sheet_the_summary_is_copied(page: Page) -> None:
    page.add_init_script(NO_SHARE_SHEET)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    sign_up(page)
    add_players(page)
    start_whist(page)
    tap_deal(page, 9, 3)
    page.locator("#deal-form button.big").click()
    expect(page.locator(".deal-table tbody tr")).to_have_count(1)

    page.get_by_role("button", name="Share the summary").click()
    expect(page.locator("button[data-share]")).to_have_text("Summary copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == page.locator("#summary-text").input_value()
    assert "Anna & Carla" in copied


def test_the_evening_offers_its_summary_but_no_picture(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_evening(page, place="Da Carla")
    expect(page.get_by_role("button", name="Share the summary")).to_be_visible()
    expect(page.get_by_role("button", name="Share a picture of the sheet")).to_have_count(0)
