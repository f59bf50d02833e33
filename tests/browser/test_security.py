"""The Content-Security-Policy in a real browser: a script slipped into a page does not run, and what
the pages did with inline handlers (ask before deleting, select a link to copy) still works from
static/js/page.js.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Dialog, Page, expect

from .conftest import PHONE
from .flows import add_players, play_deal, sign_up, start_match

pytestmark = pytest.mark.browser


def test_a_script_slipped_into_a_page_does_not_run(
    browser: Browser, live_server: Any, transactional_db: Any
) -> None:
    # A context of its own: the ``page`` fixture fails any test whose page reports a blocked script.
    context = browser.new_context(viewport=PHONE, base_url=live_server.url)
    page = context.new_page()
    blocked: list[str] = []
    page.on("console", lambda message: blocked.append(message.text) if message.type == "error" else None)
    page.goto("/accounts/login/")

    page.evaluate(
        """() => {
            const script = document.createElement("script");
            script.textContent = "window.injected = true";
            document.body.appendChild(script);
            document.body.insertAdjacentHTML("beforeend", '<img src="x:" onerror="window.injected = true">');
        }"""
    )

    expect(page.locator("html")).to_have_class(re.compile(r"\bjs\b"))  # our own script ran
    assert page.evaluate("() => window.injected") is None
    assert any("Content Security Policy" in text for text in blocked)
    context.close()


def open_deal_1(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    play_deal(page, 1, [25, 8, 5, 2])
    page.locator(".deal-table tbody th a").filter(has_text=re.compile(r"^1$")).click()
    expect(page).to_have_url(re.compile(r"/deals/1/edit/$"))


def test_deleting_a_deal_asks_first_and_a_no_keeps_it(page: Page) -> None:
    open_deal_1(page)
    questions: list[str] = []

    def say_no(dialog: Dialog) -> None:
        questions.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", say_no)
    page.get_by_role("button", name="Delete deal 1").click()

    assert questions == ["Delete deal 1? The later deals move up one."]
    expect(page).to_have_url(re.compile(r"/deals/1/edit/$"))


def test_deleting_a_deal_asks_first_and_a_yes_deletes_it(page: Page) -> None:
    open_deal_1(page)

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Delete deal 1").click()

    expect(page.locator(".messages")).to_contain_text("Deal 1 deleted")
    expect(page.locator(".deal-table tbody tr")).to_have_count(0)


def test_a_tap_on_a_shared_link_selects_all_of_it_to_copy(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    page.goto(page.url + "share/")
    page.get_by_role("button", name="New viewer link").click()
    link = page.locator("input.link")

    link.click()

    selected = page.evaluate(
        "() => [document.activeElement.selectionStart, document.activeElement.selectionEnd]"
    )
    assert selected == [0, len(link.input_value())]
