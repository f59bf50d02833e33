"""What a phone keeps offline belongs to the session that made it: the next person never sees it.

The pages kept for offline use and the deals waiting to be sent go when the session ends, in any
way: a logout, another account logging in, an expired session, a guest's link withdrawn.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from playwright.sync_api import Page, expect

from matches import services
from matches.access import invite_create, invite_revoke
from matches.models import Deal, Invite, Match, Player

from .flows import PASSWORD, PLAYERS, SAVE_DEAL, add_players, fill_points, play_deal, sign_up, start_match
from .test_offline import KEPT_COPY_SHOWS, KEPT_PAGES, PENDING, wait_for_service_worker, wait_until_kept

pytestmark = pytest.mark.browser

NOT_KEPT = "This page was not kept on this phone."
PUT_COPY = """async ([path, html, owner]) => {
  const cache = await caches.open("scorekeeper-pages");
  const headers = { "Content-Type": "text/html; charset=utf-8", "X-Sheet-Owner": owner };
  await cache.put(path, new Response(html, { headers }));
}"""
WAITING = """() => Object.keys(localStorage).filter((key) => key.startsWith("scorekeeper:pending:"))"""


def log_in(page: Page, username: str) -> None:
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(re.compile(r"/matches/$"))


def path_of(url: str) -> str:
    return re.sub(r"^https?://[^/]+", "", url)


def kept_pages(page: Page) -> set[str]:
    return {path_of(url) for url in page.evaluate(KEPT_PAGES)}


def wait_for_kept_pages(page: Page, paths: set[str]) -> None:
    """The copies kept on the phone come and go as the cache answers: wait until they are among ``paths``."""
    deadline = time.monotonic() + 10
    while not kept_pages(page) <= paths:
        assert time.monotonic() < deadline, f"the phone keeps {kept_pages(page)}, not only {paths}"
        page.wait_for_timeout(50)


def alices_match_kept(page: Page) -> str:
    """alice's match with a deal, kept on the phone by its service worker; its address."""
    sign_up(page, "alice")
    add_players(page)
    start_match(page, "busca-000")
    wait_for_service_worker(page)
    play_deal(page, 1, [25, 8, 5, 2])
    wait_until_kept(page, KEPT_COPY_SHOWS, "Save deal 2")
    return page.url


def expect_nothing_of_alices_offline(page: Page, alices: str) -> None:
    """bob's phone, offline: alice's match is not there, nor in the list of matches kept."""
    wait_for_kept_pages(page, {"/matches/"})  # at most bob's own list, kept as he logged in
    page.context.set_offline(True)
    page.goto(alices)
    expect(page.locator("main")).to_contain_text(NOT_KEPT)
    expect(page.locator("#sheet")).to_have_count(0)
    page.goto("/matches/")
    expect(page.locator("h1")).to_be_visible()
    expect(page.locator("main")).not_to_contain_text("busca-000")
    expect(page.locator(f'a[href="{path_of(alices)}"]')).to_have_count(0)


def test_after_a_logout_the_next_account_finds_nothing_of_the_last_ones_offline(
    page: Page, django_user_model: Any
) -> None:
    alices = alices_match_kept(page)
    # A deal of alice's waits on the phone too: the connection drops each time it is sent.
    page.route("**/deals/", lambda route: route.abort("internetdisconnected"))
    fill_points(page, [7, 20, 10, 3])
    page.click(SAVE_DEAL)
    expect(page.locator(PENDING)).to_contain_text("Deal 2: waiting for the connection.")
    page.unroute("**/deals/")
    page.get_by_role("button", name="Log out").click()
    expect(page).to_have_url(re.compile(r"/accounts/login/$"))
    django_user_model.objects.create_user("bob", password=PASSWORD)

    log_in(page, "bob")

    assert page.evaluate(WAITING) == []
    expect_nothing_of_alices_offline(page, alices)


def test_another_account_logging_in_on_the_phone_finds_nothing_of_the_last_ones_offline(
    page: Page, django_user_model: Any
) -> None:
    alices = alices_match_kept(page)
    django_user_model.objects.create_user("bob", password=PASSWORD)

    log_in(page, "bob")  # alice never logged out

    expect_nothing_of_alices_offline(page, alices)


def test_a_copy_of_the_last_sessions_left_on_the_phone_is_never_shown_to_the_next(
    page: Page, django_user_model: Any
) -> None:
    alices = alices_match_kept(page)
    sheet, alice = page.content(), page.evaluate("document.documentElement.dataset.owner")
    django_user_model.objects.create_user("bob", password=PASSWORD)
    log_in(page, "bob")
    wait_for_kept_pages(page, {"/matches/"})

    # A tab still open on alice's sheet writes it late, after bob's first page cleared hers.
    page.evaluate(PUT_COPY, [path_of(alices), sheet, alice])
    page.context.set_offline(True)
    page.goto(alices)

    expect(page.locator("main")).to_contain_text(NOT_KEPT)


@pytest.fixture
def bobs_match(django_user_model: Any) -> Callable[[], Match]:
    def make() -> Match:
        bob: User = django_user_model.objects.create_user("bob", password=PASSWORD)
        players = [Player.objects.create(owner=bob, name=name) for name in PLAYERS]
        return services.match_create(owner=bob, game="busca-000", options={}, players=players, first_dealer=0)

    return make


def test_a_deal_waiting_when_its_session_expired_is_dropped_not_sent_by_the_next_account(
    page: Page, bobs_match: Callable[[], Match]
) -> None:
    # alice scores bob's match on this phone, by his link, and keeps a deal while offline.
    match = bobs_match()
    link = f"/join/{invite_create(match=match, role=Invite.Role.SCORER).token}/"
    sign_up(page, "alice")
    page.goto(link)
    page.fill("#id_name", "alice")
    page.get_by_role("button", name="Join").click()
    expect(page).to_have_url(re.compile(rf"/matches/{match.pk}/$"))
    wait_for_service_worker(page)
    page.context.set_offline(True)
    fill_points(page, [7, 20, 10, 3])
    page.click(SAVE_DEAL)
    expect(page.locator(PENDING)).to_contain_text("Deal 1: waiting for the connection.")
    page.goto("/accounts/login/")  # (no connection: the page is not there)
    expect(page.locator("main")).to_contain_text(NOT_KEPT)

    # Her session ends on the server; back online, bob logs in on the phone and opens his match.
    Session.objects.all().delete()
    page.context.set_offline(False)
    posted: list[str] = []
    page.on("request", lambda request: posted.append(request.url) if request.method == "POST" else None)
    log_in(page, "bob")
    page.goto(match.get_absolute_url())

    expect(page.locator("#deal-form h2")).to_have_text("Deal 1")
    page.wait_for_timeout(500)  # time for a deal kept on the phone to be sent, were it still there
    expect(page.locator(PENDING)).to_have_count(0)
    assert page.evaluate(WAITING) == []
    assert not Deal.objects.filter(match=match).exists()
    assert not [url for url in posted if url.endswith("/deals/")]


def test_a_deal_waiting_on_a_sheet_whose_session_expired_is_dropped_when_the_connection_returns(
    page: Page,
) -> None:
    sign_up(page, "alice")
    add_players(page)
    start_match(page, "busca-000")
    match = Match.objects.get()
    page.context.set_offline(True)
    fill_points(page, [7, 20, 10, 3])
    page.click(SAVE_DEAL)
    expect(page.locator(PENDING)).to_contain_text("Deal 1: waiting for the connection.")

    # The server, asked to store it, sends the phone to log in: her session is over, and the deal
    # goes with it (as the login page would clear it).
    Session.objects.all().delete()
    page.context.set_offline(False)

    expect(page.locator(PENDING)).to_have_count(0)
    assert page.evaluate(WAITING) == []
    assert not Deal.objects.filter(match=match).exists()


def test_a_guests_phone_clears_the_match_it_kept_at_its_next_page_once_the_link_is_withdrawn(
    page: Page, bobs_match: Callable[[], Match]
) -> None:
    match = bobs_match()
    invite = invite_create(match=match, role=Invite.Role.SCORER)
    page.goto(f"/join/{invite.token}/")
    page.fill("#id_name", "Carla")
    page.get_by_role("button", name="Join").click()
    expect(page).to_have_url(re.compile(rf"/matches/{match.pk}/$"))
    wait_for_service_worker(page)
    page.reload()  # the page as the server sends it, kept by the service worker
    wait_until_kept(page, KEPT_COPY_SHOWS, "Save deal 1")
    sheet = page.url

    invite_revoke(invite=invite)
    page.goto("/")  # the guest's next page: the link no longer works, and what it kept goes

    expect(page.locator("h1")).to_be_visible()
    wait_for_kept_pages(page, set())
    page.context.set_offline(True)
    page.goto(sheet)
    expect(page.locator("main")).to_contain_text(NOT_KEPT)
