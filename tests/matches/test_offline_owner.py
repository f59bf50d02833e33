"""Whose a page is: what a phone keeps offline belongs to the session that made it (offline.js, sw.js).

Every page says whose it is on ``<html data-owner>``: "none" without a session, else a value drawn
from the session key, which changes when the session does (login, logout, expiry, a withdrawn link).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse

from matches.access import invite_create, invite_revoke
from matches.models import Invite, Match

from .guests import join_url, scorer

pytestmark = pytest.mark.django_db

OWNER = re.compile(r'<html lang="[a-z-]+" data-owner="([^"]*)">')


def owner_of(client: Client, url: str) -> str:
    response = client.get(url, follow=True)
    found = OWNER.search(response.content.decode())
    assert found, response.content.decode()[:300]
    return found.group(1)


def session_key(client: Client) -> str:
    return client.cookies["sessionid"].value


def test_logging_out_asks_the_browser_to_clear_what_it_keeps_of_the_site(alice_client: Client) -> None:
    response = alice_client.post(reverse("logout"))

    assert response.status_code == 302
    assert response["Clear-Site-Data"] == '"cache", "storage"'


def test_a_page_says_whose_it_is_and_not_by_its_session_key(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match()
    owner = owner_of(alice_client, reverse("match_list"))
    key = session_key(alice_client)

    assert re.fullmatch(r"[0-9a-f]{24}", owner)
    assert owner not in key
    assert key not in owner
    assert owner_of(alice_client, match.get_absolute_url()) == owner
    assert owner_of(Client(), reverse("login")) == "none"


def test_two_sessions_never_see_each_others_mark_on_the_same_page(
    alice: User, make_match: Callable[..., Match]
) -> None:
    # Each phone of the owner's is told its own, however the page is drawn.
    match = make_match()
    phones = [Client(), Client()]
    for phone in phones:
        phone.force_login(alice)
    first, second = (owner_of(phone, match.get_absolute_url()) for phone in phones)

    assert first != second
    assert owner_of(phones[0], match.get_absolute_url()) == first
    assert owner_of(phones[1], match.get_absolute_url()) == second
    guest = scorer(match)
    assert owner_of(guest, match.get_absolute_url()) not in (first, second)


def test_another_account_logging_in_on_the_phone_makes_the_pages_anothers(
    client: Client, alice: User, bob: User
) -> None:
    client.force_login(alice)
    alices = owner_of(client, reverse("match_list"))
    response = client.post(reverse("login"), {"username": "bob", "password": "bob-password-1"})
    assert response.status_code == 302

    assert owner_of(client, reverse("match_list")) not in (alices, "none")


def test_an_expired_session_leaves_pages_that_are_nobodys(alice_client: Client) -> None:
    assert owner_of(alice_client, reverse("match_list")) != "none"

    Session.objects.all().delete()

    assert owner_of(alice_client, reverse("match_list")) == "none"  # the login page, where it is sent


def test_a_withdrawn_link_makes_the_guests_pages_anothers_at_its_next_page(
    make_match: Callable[..., Match],
) -> None:
    match = make_match()
    guest = scorer(match)
    before = owner_of(guest, match.get_absolute_url())
    assert owner_of(guest, reverse("match_list")) == before

    invite_revoke(invite=match.invites.get())

    # The match page tells a guest without a working link that it was withdrawn: a page of another owner.
    after = owner_of(guest, match.get_absolute_url())
    assert after not in (before, "none")
    assert owner_of(guest, reverse("login")) == after


def test_a_withdrawn_link_seen_on_the_matches_page_makes_the_guests_pages_anothers(
    make_match: Callable[..., Match],
) -> None:
    match = make_match()
    kept = make_match()
    guest = scorer(match)
    guest.post(join_url(invite_create(match=kept, role=Invite.Role.VIEWER)), {"name": "Bruno"})
    before = owner_of(guest, reverse("match_list"))

    invite_revoke(invite=match.invites.get())

    assert owner_of(guest, reverse("match_list")) not in (before, "none")
    assert guest.get(kept.get_absolute_url()).status_code == 200  # the other link still works
    assert guest.get(match.get_absolute_url()).status_code == 404  # the page that says it was withdrawn


def test_a_withdrawn_link_opened_again_makes_the_guests_pages_anothers(
    make_match: Callable[..., Match],
) -> None:
    match = make_match()
    invite = invite_create(match=match, role=Invite.Role.SCORER)
    guest = Client()
    guest.post(join_url(invite), {"name": "Bruno"})
    before = owner_of(guest, match.get_absolute_url())

    invite_revoke(invite=invite)
    response = guest.get(join_url(invite))

    assert response.status_code == 404
    assert OWNER.search(response.content.decode()).group(1) not in (before, "none")  # type: ignore[union-attr]
