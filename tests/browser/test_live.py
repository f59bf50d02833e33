"""Several phones at one table: the owner shares the match, the others join by its link and follow live.

Phone A (alice, the owner) and phone B (Bruno, no account) are two browser contexts: two
phones with their own cookies. The sheet polls every 2 s; a deal entered on one phone must
be on the other within 3 s, without a reload and without touching what the other is typing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from matches import services
from matches.models import Match

from .conftest import PHONE
from .flows import (
    DEAL_ROWS,
    SAVE_DEAL,
    add_players,
    expect_deal_form,
    fill_points,
    play_deal,
    sign_up,
    start_match,
)

pytestmark = pytest.mark.browser

LIVE = 3_000  # ms: the bound for a deal to reach the other phones


@pytest.fixture
def other_phone(browser: Browser, live_server: Any, page: Page) -> Iterator[Callable[[], Page]]:
    """Open another phone at the table: a fresh browser context, so a session of its own.

    As for ``page``, a JavaScript error on it fails the test.
    """
    contexts = []
    errors: list[str] = []

    def open_phone() -> Page:
        context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale="en-GB")
        context.set_default_timeout(10_000)
        contexts.append(context)
        phone = context.new_page()
        phone.on("pageerror", lambda error: errors.append(str(error)))
        return phone

    yield open_phone
    for context in contexts:
        context.close()
    if errors:
        pytest.fail("JavaScript errors on another phone:\n" + "\n".join(errors), pytrace=False)


def make_link(page: Page, role: str) -> str:
    """On the match page: open Share, make a new ``role`` link, read it; back to the sheet."""
    sheet = page.url
    page.get_by_role("link", name="Share", exact=True).click()
    expect(page.locator("h1")).to_have_text("Share the match")
    before = page.locator(f"section.invite.{role}").count()
    page.get_by_role("button", name=f"New {role} link").click()
    invite = page.locator(f"section.invite.{role}")
    expect(invite).to_have_count(before + 1)
    newest = invite.first
    # The QR code to scan, and the same link to copy.
    expect(newest.locator(".qr svg")).to_be_visible()
    link = newest.locator("input.link").input_value()
    assert re.fullmatch(r"http://[^/]+/join/[A-Za-z0-9_-]{43}/", link), link
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    newest.get_by_role("button", name="Copy").click()
    expect(newest.get_by_role("button", name="Copied")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == link
    page.goto(sheet)
    return link


def join(phone: Page, link: str, name: str) -> None:
    phone.goto(link)
    expect(phone.locator("h1")).to_have_text("Join the match")
    phone.fill("#id_name", name)
    phone.get_by_role("button", name="Join").click()
    expect(phone).to_have_url(re.compile(r"/matches/\d+/$"))


def test_a_deal_entered_on_one_phone_reaches_the_other_within_3_seconds(
    page: Page, other_phone: Callable[[], Page]
) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    sheet = page.url
    link = make_link(page, "scorer")

    # Phone B opens the link of the QR code, gives a name, and lands on the same sheet.
    bruno = other_phone()
    join(bruno, link, "Bruno")
    assert bruno.url == sheet
    expect_deal_form(bruno, 1)
    expect(bruno.get_by_role("link", name="Share", exact=True)).to_have_count(0)

    # B starts typing deal 1; meanwhile A enters deal 1.
    bruno.fill("#id_points_0", "7")
    play_deal(page, 1, [25, 8, 5, 2])

    # B shows it within 3 s, without a reload, and keeps what it was typing.
    expect(bruno.locator(DEAL_ROWS)).to_have_count(1, timeout=LIVE)
    expect(bruno.locator(DEAL_ROWS).first.locator("th a")).to_have_text("1")
    expect(bruno.locator("#id_points_0")).to_have_value("7")
    expect(bruno.locator("#entry-notice")).to_have_text(
        "A deal was entered on another phone: the next one is deal 2."
    )
    expect(bruno.locator(".change-log")).to_contain_text("Deal 1 entered")
    assert bruno.url == sheet

    # B saves what it typed: deal 1 is taken, so B is told by whom, and its deal waits as deal 2.
    fill_points(bruno, [7, 20, 10, 3])
    bruno.click(SAVE_DEAL)
    expect(bruno.locator("#deal-form .error")).to_contain_text("Deal 1 was just entered on alice's phone.")
    expect_deal_form(bruno, 2)
    for seat, value in enumerate(["7", "20", "10", "3"]):
        expect(bruno.locator(f"#id_points_{seat}")).to_have_value(value)
    expect(bruno.locator(DEAL_ROWS)).to_have_count(1)

    bruno.click(SAVE_DEAL)
    expect(bruno.locator(DEAL_ROWS)).to_have_count(2)
    expect_deal_form(bruno, 3)

    # A shows B's deal 2 within 3 s, logged under B's name.
    expect(page.locator(DEAL_ROWS)).to_have_count(2, timeout=LIVE)
    expect(page.locator(DEAL_ROWS).first.locator("th a")).to_have_text("2")
    expect(page.locator(".change-log li").first).to_contain_text("Deal 2 entered")
    expect(page.locator(".change-log li").first).to_contain_text("Bruno")
    # A typed nothing in its form since: it moves on to deal 3, with no word about it.
    expect_deal_form(page, 3)
    expect(page.locator("#entry-notice")).to_have_text("")

    # Now A starts typing deal 3 while B enters it: A's form is left as it was, with a word.
    page.fill("#id_points_0", "12")
    fill_points(bruno, [10, 10, 10, 10])
    bruno.click(SAVE_DEAL)
    expect(page.locator("#entry-notice")).to_have_text(
        "A deal was entered on another phone: the next one is deal 4.", timeout=LIVE
    )
    expect(page.locator("#id_points_0")).to_have_value("12")
    expect(page.locator("#deal-form h2")).to_have_text("Deal 3")


def test_a_viewer_link_follows_the_sheet_live_with_no_entry_form(
    page: Page, other_phone: Callable[[], Page]
) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    link = make_link(page, "viewer")

    carla = other_phone()
    join(carla, link, "Carla")

    expect(carla.locator("#deal-form")).to_have_count(0)
    expect(carla.locator("#entry")).to_contain_text("You are following this match")
    expect(carla.locator(".deals .empty")).to_be_visible()

    play_deal(page, 1, [25, 8, 5, 2])

    expect(carla.locator(DEAL_ROWS)).to_have_count(1, timeout=LIVE)
    expect(carla.locator("#deal-form")).to_have_count(0)
    expect(carla.locator(".change-log button")).to_have_count(0)  # no undo for a viewer


def test_a_withdrawn_link_no_longer_opens_the_match(page: Page, other_phone: Callable[[], Page]) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    link = make_link(page, "scorer")

    page.get_by_role("link", name="Share", exact=True).click()
    page.get_by_role("button", name="Withdraw this link").click()
    expect(page.locator(".messages")).to_contain_text("The link no longer works.")
    expect(page.locator("section.invite")).to_have_count(0)

    dario = other_phone()
    dario.goto(link)
    expect(dario.locator("h1")).to_have_text("This link no longer works")


def test_a_guest_following_the_match_is_told_in_words_when_the_owner_withdraws_the_link(
    page: Page, other_phone: Callable[[], Page]
) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    link = make_link(page, "viewer")
    carla = other_phone()
    join(carla, link, "Carla")
    sheet = carla.url

    page.get_by_role("link", name="Share", exact=True).click()
    page.get_by_role("button", name="Withdraw this link").click()

    # The live poll sends Carla's phone to the page that says so: no login form.
    expect(carla.locator("main p").first).to_contain_text(
        "The owner of the match withdrew this link", timeout=LIVE
    )
    expect(carla.locator("h1")).to_have_text("This link no longer works")
    expect(carla.locator("input[type=password]")).to_have_count(0)
    carla.goto(sheet)  # opened again later: the same words
    expect(carla.locator("main p").first).to_contain_text("The owner of the match withdrew this link")
    expect(carla).to_have_url(sheet)


def test_a_deal_from_another_phone_leaves_this_phone_where_its_reader_has_it(
    page: Page, other_phone: Callable[[], Page]
) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    link = make_link(page, "scorer")
    bruno = other_phone()
    join(bruno, link, "Bruno")
    expect_deal_form(bruno, 1)

    # B types the next deal, the Save button under its thumb: the sheet's top is out of view.
    bruno.fill("#id_points_0", "7")
    bruno.locator(SAVE_DEAL).scroll_into_view_if_needed()
    assert bruno.evaluate("window.scrollY") > 200
    typing = bruno.locator("#id_points_0")
    before = typing.bounding_box()

    play_deal(page, 1, [25, 8, 5, 2])

    expect(bruno.locator(DEAL_ROWS)).to_have_count(1, timeout=LIVE)
    bruno.wait_for_timeout(100)  # past htmx's settling
    # The field being typed in has not moved on the screen (the page used to jump to the cross).
    after = typing.bounding_box()
    assert before is not None
    assert after is not None
    assert abs(after["y"] - before["y"]) < 5
    expect(typing).to_have_value("7")


# Typing begins while the poll's answer is on its way: the answer was drawn for an untouched form.
TYPE_WHILE_THE_POLL_IS_ANSWERED = """
() => document.addEventListener("htmx:beforeSend", (event) => {
  if (event.detail.elt.id === "live") document.getElementById("id_points_0").value = "12";
}, { once: true })
"""


def test_a_form_typed_in_while_the_poll_is_answered_is_kept_with_a_word(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    match = Match.objects.get()
    page.wait_for_timeout(2_500)  # a poll or two of an untouched form, answered 204

    page.evaluate(TYPE_WHILE_THE_POLL_IS_ANSWERED)
    services.deal_record(match=match, entry={"points": [25, 8, 5, 2]}, author=match.owner)

    expect(page.locator(DEAL_ROWS)).to_have_count(1, timeout=LIVE)
    expect(page.locator("#entry-notice")).to_have_text(
        "A deal was entered on another phone: the next one is deal 2."
    )
    expect_deal_form(page, 1)
    expect(page.locator("#id_points_0")).to_have_value("12")
