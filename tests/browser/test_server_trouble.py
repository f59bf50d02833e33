"""The server in trouble (its database down, say): a deal saved meanwhile waits on the phone as an
offline one does, and a match page reloaded meanwhile opens from the copy the phone keeps.

Playwright's routes stand in for the troubled server: they answer the deal's post, or the match
page, with a server error, or never answer at all. The error page's body is anything: the phone
never reads it.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import Page, Route, expect

from matches.models import Deal

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
from .test_offline import (
    KEPT_SHEET_IS,
    NOTICE,
    OFFLINE_SHEET,
    PENDING,
    match_of,
    wait_for_service_worker,
    wait_until_kept,
)

pytestmark = pytest.mark.browser

DEALS = "**/deals/"
# A match page, and the sheet's poll: all the server answers while its database is down.
MATCH_PAGE = re.compile(r"/matches/\d+/(live/\?.*)?$")


def token_of(route: Route) -> str:
    return parse_qs(route.request.post_data or "")["token"][0]


@pytest.mark.parametrize(
    ("status", "stored_first"),
    [(500, True), (503, False)],
    ids=["500-after-storing-it", "503-before-storing-it"],
)
def test_a_deal_the_server_answers_with_an_error_waits_on_the_phone_and_is_stored_once_when_it_recovers(
    page: Page, status: int, stored_first: bool
) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    match = match_of(page)
    posted: list[str] = []

    # The server fails the deal: after storing it (the answer failed), or before reaching it.
    def troubled(route: Route) -> None:
        posted.append(token_of(route))
        if stored_first:
            route.fetch()
        route.fulfill(status=status, content_type="text/html", body=f"<h1>Server Error ({status})</h1>")

    page.route(DEALS, troubled)
    fill_points(page, [25, 8, 5, 2])
    page.click(SAVE_DEAL)

    # Kept on the phone with the same line as offline; the form goes on to the next deal.
    pending = page.locator(PENDING)
    expect(pending).to_have_count(1)
    expect(pending).to_contain_text("Deal 1: waiting for the connection. It is kept on this phone.")
    expect(pending.locator(".what")).to_have_text("Anna 25 · Bruno 8 · Carla 5 · Dario 2")
    expect_deal_form(page, 2)
    expect(page.get_by_text(f"Server Error ({status})")).to_have_count(0)
    assert Deal.objects.filter(match=match).count() == (1 if stored_first else 0)

    # The server recovers: the phone sends the deal again, with its token, and it is stored once.
    page.unroute(DEALS)
    expect(page.locator(DEAL_ROWS)).to_have_count(1)
    expect(pending).to_have_text("Deal 1, kept on this phone, is now saved.")
    expect_deal_form(page, 2)
    deal = Deal.objects.get(match=match)
    assert str(deal.token) == posted[0]
    assert deal.entry["points"] == [25, 8, 5, 2]


def test_a_deal_whose_answer_takes_too_long_waits_on_the_phone_and_is_stored_once(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    match = match_of(page)
    page.evaluate("document.getElementById('offline-notice').dataset.dealTimeout = '1000'")  # not 10 s
    hanging: list[Route] = []

    def never_answers(route: Route) -> None:
        hanging.append(route)  # the server takes the post and never answers

    page.route(DEALS, never_answers)

    fill_points(page, [25, 8, 5, 2])
    page.click(SAVE_DEAL)
    expect(page.locator(PENDING)).to_contain_text("Deal 1: waiting for the connection.")
    expect_deal_form(page, 2)
    assert hanging, "the deal was never posted"
    token = token_of(hanging[0])

    page.unroute(DEALS)
    expect(page.locator(DEAL_ROWS)).to_have_count(1)
    expect(page.locator(PENDING)).to_have_text("Deal 1, kept on this phone, is now saved.")
    deal = Deal.objects.get(match=match)
    assert str(deal.token) == token


def a_match_kept_on_the_phone(page: Page) -> None:
    """A Busca match with one deal, whose page the service worker keeps."""
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    wait_for_service_worker(page)
    play_deal(page, 1, [25, 8, 5, 2])
    wait_until_kept(page, KEPT_SHEET_IS, [1, "Deal 2"])


def test_a_match_page_reloaded_while_the_server_fails_opens_from_the_copy_on_the_phone(page: Page) -> None:
    a_match_kept_on_the_phone(page)

    def unavailable(route: Route) -> None:
        route.fulfill(status=503, content_type="text/html", body="Server Error (503)")

    page.context.route(MATCH_PAGE, unavailable)
    page.reload()
    # The sheet as the phone last saw it, saying so; not the server's bare error page.
    expect(page.locator(NOTICE)).to_have_text(OFFLINE_SHEET)
    expect(page.locator(DEAL_ROWS)).to_have_count(1)
    expect_deal_form(page, 2)
    expect(page.get_by_text("Server Error (503)")).to_have_count(0)

    # The server recovers: the sheet's poll reaches it, and the notice goes.
    page.context.unroute(MATCH_PAGE)
    expect(page.locator(NOTICE)).to_be_empty()


def test_a_match_page_the_server_refuses_is_never_covered_with_the_copy_on_the_phone(page: Page) -> None:
    a_match_kept_on_the_phone(page)

    def forbidden(route: Route) -> None:
        route.fulfill(status=403, content_type="text/html", body="<p>Not yours to see.</p>")

    page.context.route(MATCH_PAGE, forbidden)
    answer = page.reload()
    assert answer is not None
    assert answer.status == 403
    expect(page.get_by_text("Not yours to see.")).to_be_visible()
    expect(page.locator(DEAL_ROWS)).to_have_count(0)
