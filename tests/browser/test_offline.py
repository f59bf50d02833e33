"""A table without Wi-Fi: deals entered offline are kept on the phone and stored once when it is back.

Playwright's offline mode cuts the phone's network (``context.set_offline``): the page sees
``navigator.onLine`` false and every request fail, as with the Wi-Fi gone.
"""

from __future__ import annotations

import re
import time
import uuid

import pytest
from csp.utils import build_policy
from playwright.sync_api import Page, Route, expect

from matches import services
from matches.models import Deal, Match
from tests.matches.typed import as_typed

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

NOTICE = "#offline-notice"
PENDING = "#pending-deals .pending"
OFFLINE_SHEET = re.compile(
    r"^Offline: showing the sheet as it was at \d\d:\d\d; deals you enter are kept on this phone"
    r" and sent when the connection returns\.$"
)


KEPT_COPY_SHOWS = """async (text) => {
  const kept = await caches.match(location.pathname, { cacheName: "scorekeeper-pages" });
  return kept !== undefined && (await kept.text()).includes(text);
}"""
# The sheet kept on the phone for the match page open: its deal rows, and the deal its form enters.
# Read without its inline styles (a copy taken as htmx swaps may have some): parsed under the page's
# Content-Security-Policy, each would be reported as blocked, and fail the test.
KEPT_SHEET_IS = """async ([rows, form]) => {
  const kept = await caches.match(location.pathname, { cacheName: "scorekeeper-pages" });
  if (kept === undefined) return false;
  const html = (await kept.text()).replace(/ style="[^"]*"/g, "");
  const doc = new DOMParser().parseFromString(html, "text/html");
  const heading = doc.querySelector("#deal-form h2");
  const shown = doc.querySelectorAll(".deal-table tbody tr").length;
  return shown === rows && heading !== null && heading.textContent === form;
}"""
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
KEPT_PAGES = """async () => {
  const cache = await caches.open("scorekeeper-pages");
  return (await cache.keys()).map((request) => request.url);
}"""


def wait_until_kept(page: Page, check: str, arg: object) -> None:
    """Wait until the copy kept on the phone passes ``check``, one of the async checks above.

    Not ``page.wait_for_function``: its predicate must be synchronous, and the promise an async one
    returns is taken for true at once, so it never waited. ``evaluate`` waits for the answer.
    """
    deadline = time.monotonic() + 10
    while not page.evaluate(check, arg):
        assert time.monotonic() < deadline, f"the copy kept on the phone never showed {arg!r}"
        page.wait_for_timeout(50)


def wait_for_service_worker(page: Page) -> None:
    """Wait until the service worker controls the page open, as it does once installed.

    It claims the pages open when it activates; a page whose load crossed its activation can be
    left out of the claim (Chromium does so now and then), and the next load of it is controlled.
    """
    active = page.evaluate(
        """() => Promise.race([
          navigator.serviceWorker.ready.then(() => true),
          new Promise((resolve) => setTimeout(() => resolve(false), 10000)),
        ])"""
    )
    assert active, "no service worker became active for this page"
    if not page.evaluate(CONTROLLED):
        page.reload()
    page.wait_for_function(CONTROLLED)


def match_of(page: Page) -> Match:
    found = re.search(r"/matches/(\d+)/$", page.url)
    assert found, page.url
    return Match.objects.get(pk=int(found.group(1)))


def stored(match: Match, number: int) -> int:
    return Deal.objects.filter(match=match, number=number).count()


def expect_points(page: Page, points: list[int] | list[str]) -> None:
    for seat, value in enumerate(points):
        expect(page.locator(f"#id_points_{seat}")).to_have_value(str(value))


def test_a_deal_entered_offline_waits_on_the_phone_and_is_stored_once_when_the_connection_returns(
    page: Page,
) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    play_deal(page, 1, [25, 8, 5, 2])
    match = match_of(page)

    page.context.set_offline(True)
    expect(page.locator(NOTICE)).to_have_text(OFFLINE_SHEET)
    fill_points(page, [7, 20, 10, 3])
    page.click(SAVE_DEAL)

    # Kept on the phone and shown as waiting, with what was typed; the form goes on to the next deal.
    pending = page.locator(PENDING)
    expect(pending).to_have_count(1)
    expect(pending).to_contain_text("Deal 2: waiting for the connection. It is kept on this phone.")
    expect(pending.locator(".what")).to_have_text("Anna 7 · Bruno 20 · Carla 10 · Dario 3")
    expect_deal_form(page, 3)
    expect_points(page, ["", "", "", ""])
    expect(page.locator(DEAL_ROWS)).to_have_count(1)
    assert stored(match, 2) == 0

    # The table plays on: deal 3 waits too, after deal 2.
    fill_points(page, [10, 10, 15, 5])
    page.click(SAVE_DEAL)
    expect(pending).to_have_count(2)
    expect(pending.nth(1)).to_contain_text("Deal 3: waiting for the connection.")
    expect(pending.nth(1).locator(".what")).to_have_text("Anna 10 · Bruno 10 · Carla 15 · Dario 5")
    expect_deal_form(page, 4)

    # The Wi-Fi returns: each deal is sent in turn with its token, the sheet shows them, the notice goes.
    page.context.set_offline(False)
    expect(page.locator(DEAL_ROWS)).to_have_count(3)
    expect(page.locator(DEAL_ROWS).first.locator("th a")).to_have_text("3")
    expect(page.locator(NOTICE)).to_be_empty()
    expect(pending).to_have_text(
        ["Deal 2, kept on this phone, is now saved.", "Deal 3, kept on this phone, is now saved."]
    )
    expect_deal_form(page, 4)
    assert [deal.entry["points"] for deal in Deal.objects.filter(match=match).order_by("number")] == [
        [25, 8, 5, 2],
        [7, 20, 10, 3],
        [10, 10, 15, 5],
    ]
    # Deal 3 was entered before the phone knew who dealt it: the rules' dealer, not a change of dealer.
    assert all("dealer" not in entry for entry in as_typed(match))

    # Nothing is left to send: a reload finds no deal waiting, and nothing is stored twice.
    page.reload()
    expect(page.locator(DEAL_ROWS)).to_have_count(3)
    expect(page.locator(PENDING)).to_have_count(0)
    assert Deal.objects.filter(match=match).count() == 3


def test_a_deal_whose_answer_never_came_back_is_sent_again_and_stored_once(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    match = match_of(page)

    # The server stores the deal, but the connection drops before its answer reaches the phone.
    def lost_answer(route: Route) -> None:
        route.fetch()
        route.abort("internetdisconnected")

    page.route("**/deals/", lost_answer)
    fill_points(page, [25, 8, 5, 2])
    page.click(SAVE_DEAL)
    expect(page.locator(PENDING)).to_contain_text("Deal 1: waiting for the connection.")
    expect(page.locator(PENDING).locator(".what")).to_have_text("Anna 25 · Bruno 8 · Carla 5 · Dario 2")
    assert stored(match, 1) == 1

    # With the connection good again, the phone sends it once more, with the same token: one deal 1.
    page.unroute("**/deals/")
    expect(page.locator(DEAL_ROWS)).to_have_count(1)
    expect(page.locator(PENDING)).to_have_text("Deal 1, kept on this phone, is now saved.")
    expect_deal_form(page, 2)
    assert Deal.objects.filter(match=match).count() == 1


def test_a_deal_kept_offline_that_another_phone_entered_meanwhile_is_refused_plainly_and_kept(
    page: Page,
) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    match = match_of(page)

    page.context.set_offline(True)
    fill_points(page, [7, 20, 10, 3])
    page.click(SAVE_DEAL)
    expect(page.locator(PENDING)).to_contain_text("Deal 1: waiting for the connection.")

    # Meanwhile Bruno, still online, enters deal 1 on his phone.
    bruno = services.Author(None, "Bruno")
    entry = {"points": [25, 8, 5, 2]}
    services.deal_record(match=match, entry=entry, author=bruno, token=uuid.uuid4(), number=1)

    # Back online: the usual message, what was typed kept in the form as deal 2, nothing stored twice.
    page.context.set_offline(False)
    expect(page.locator("#deal-form .error")).to_contain_text("Deal 1 was just entered on Bruno's phone.")
    expect_deal_form(page, 2)
    expect_points(page, [7, 20, 10, 3])
    refused = "Deal 1 was not saved. Deal 1 was just entered on Bruno's phone."
    expect(page.locator(PENDING)).to_contain_text(refused)
    assert Deal.objects.filter(match=match).count() == 1

    # Reloaded, the form's message and what was typed are gone; the kept deal still says why it was
    # not saved, and goes back into the form with a tap.
    page.reload()
    expect(page.locator(PENDING)).to_contain_text(refused)
    page.get_by_role("button", name="Put it back in the form").click()
    expect_points(page, [7, 20, 10, 3])
    assert Deal.objects.filter(match=match).count() == 1

    # Saved again from the form, it becomes deal 2, and the phone no longer keeps it.
    page.click(SAVE_DEAL)
    expect(page.locator(DEAL_ROWS)).to_have_count(2)
    expect(page.locator(PENDING)).to_have_text("Deal 2, kept on this phone, is now saved.")
    assert stored(match, 2) == 1
    assert Deal.objects.filter(match=match).count() == 2


def test_the_match_page_opens_offline_with_the_last_known_sheet_and_the_deals_kept(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    match = match_of(page)
    # The service worker takes the page over (it claims it once installed).
    wait_for_service_worker(page)
    play_deal(page, 1, [25, 8, 5, 2])
    play_deal(page, 2, [4, 6, 20, 10])
    # The phone keeps the sheet as it changes (a copy written while the page is open): both deals
    # and the form for deal 3, whatever copy of an older sheet was being written meanwhile.
    wait_until_kept(page, KEPT_SHEET_IS, [2, "Deal 3"])

    page.context.set_offline(True)
    copy = page.reload()
    # The sheet as this phone last saw it, from the copy kept on the phone, and saying so; under the
    # same Content-Security-Policy as the page the server sends.
    expect(page.locator(NOTICE)).to_have_text(OFFLINE_SHEET)
    assert copy is not None
    assert copy.headers.get("content-security-policy") == build_policy()
    expect(page.locator(DEAL_ROWS)).to_have_count(2)
    expect_deal_form(page, 3)
    play_offline = [10, 10, 15, 5]
    fill_points(page, play_offline)
    page.click(SAVE_DEAL)
    expect(page.locator(PENDING)).to_contain_text("Deal 3: waiting for the connection.")

    expect_deal_form(page, 4)

    # Reloaded again offline: the deal is still kept, and the form is still at the next one.
    page.reload()
    expect(page.locator(PENDING)).to_contain_text("Deal 3: waiting for the connection.")
    expect_deal_form(page, 4)
    assert Deal.objects.filter(match=match).count() == 2

    page.context.set_offline(False)
    expect(page.locator(DEAL_ROWS)).to_have_count(3)
    expect(page.locator(NOTICE)).to_be_empty()
    expect_deal_form(page, 4)
    assert stored(match, 3) == 1
    assert Deal.objects.filter(match=match).count() == 3


def test_an_older_sheet_kept_last_never_replaces_the_newer_one(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    wait_for_service_worker(page)
    play_deal(page, 1, [25, 8, 5, 2])
    older = page.request.get(page.url).text()  # the page as the server sends it after deal 1
    play_deal(page, 2, [4, 6, 20, 10])
    wait_until_kept(page, KEPT_SHEET_IS, [2, "Deal 3"])

    # Another tab opens the match and a slow network hands it the older page: the service worker
    # and that tab both keep the sheet they were given, after the newer one was kept.
    match_page = re.compile(r"/matches/\d+/$")
    html = "text/html; charset=utf-8"
    page.context.route(match_page, lambda route: route.fulfill(content_type=html, body=older))
    other = page.context.new_page()
    other.goto(page.url)
    expect(other.locator(DEAL_ROWS)).to_have_count(1)
    other.evaluate("navigator.locks.request('scorekeeper-pages', () => null)")  # the writes queued so far
    other.close()
    page.context.unroute(match_page)

    # The phone still keeps the newer sheet, and opens it offline.
    assert page.evaluate(KEPT_SHEET_IS, [2, "Deal 3"])
    page.context.set_offline(True)
    page.reload()
    expect(page.locator(NOTICE)).to_have_text(OFFLINE_SHEET)
    expect(page.locator(DEAL_ROWS)).to_have_count(2)
    expect_deal_form(page, 3)


def test_the_next_deal_being_typed_while_the_kept_one_is_sent_stays_in_the_form(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")

    page.context.set_offline(True)
    fill_points(page, [25, 8, 5, 2])
    page.click(SAVE_DEAL)
    expect(page.locator(PENDING)).to_contain_text("Deal 1: waiting for the connection.")
    expect_deal_form(page, 2)
    page.fill("#id_points_0", "12")
    page.fill("#id_points_1", "9")

    # The kept deal is sent and the sheet redrawn: the half-typed deal 2 is still there.
    page.context.set_offline(False)
    expect(page.locator(DEAL_ROWS)).to_have_count(1)
    expect_deal_form(page, 2)
    expect(page.locator("#id_points_0")).to_have_value("12")
    expect(page.locator("#id_points_1")).to_have_value("9")
    expect(page.locator("#id_points_2")).to_have_value("")


def test_logging_out_leaves_no_sheet_on_the_phone_for_the_next_person(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    wait_for_service_worker(page)
    play_deal(page, 1, [25, 8, 5, 2])
    wait_until_kept(page, KEPT_COPY_SHOWS, "Save deal 2")

    page.get_by_role("button", name="Log out").click()
    expect(page).to_have_url(re.compile(r"/accounts/login/$"))
    assert page.evaluate(KEPT_PAGES) == []
