"""An idle phone's live check is cheap: once its session passed the full check, "nothing changed"
(204) is one small query, whatever the size of the match; anything else takes the full path, and
nothing that lost its access meanwhile is told that nothing changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.cache import caches
from django.test import Client
from django.urls import reverse

from matches import services
from matches.access import invite_revoke
from matches.models import Invite, Match

from .guests import viewer

MakeMatch = Callable[..., Match]
HTMX = {"HX-Request": "true"}
EVEN = {"points": [10, 10, 10, 10]}


def live_url(match: Match) -> str:
    match.refresh_from_db()
    return f"{reverse('match_live', args=[match.pk])}?v={match.version}&s={match.status}"


def poll(client: Client, match: Match) -> Any:
    return client.get(live_url(match), headers=HTMX)


def test_an_idle_phone_asking_again_costs_one_small_query_however_long_the_match(
    alice_client: Client, make_match: MakeMatch, django_assert_num_queries: Any
) -> None:
    for deals in (1, 40):
        url = live_url(make_match("busca-001", deals=[EVEN] * deals))
        assert alice_client.get(url, headers=HTMX).status_code == 204  # the full check, once
        for _ in range(3):
            with django_assert_num_queries(1):  # the match at that version, while the session lasts
                response = alice_client.get(url, headers=HTMX)

            assert response.status_code == 204
            assert response.content == b""


def test_an_idle_guest_phone_asks_for_its_link_in_the_same_query(
    make_match: MakeMatch, django_assert_num_queries: Any
) -> None:
    match = make_match(deals=[EVEN])
    guest = viewer(match)
    url = live_url(match)
    assert guest.get(url, headers=HTMX).status_code == 204

    with django_assert_num_queries(1):  # the match at that version, the session, the link
        assert guest.get(url, headers=HTMX).status_code == 204


def test_a_session_whose_password_changed_elsewhere_hears_nothing_once_its_time_is_up(
    alice: Any, alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    assert poll(alice_client, match).status_code == 204
    alice.set_password("a new one, changed on another phone")
    alice.save()
    assert poll(alice_client, match).status_code == 204  # "nothing changed", for FOLLOW_SECONDS at most

    caches["live"].clear()  # as when FOLLOW_SECONDS are over

    assert poll(alice_client, match).status_code == 286  # logged out: htmx stops polling


def test_a_guest_whose_link_was_withdrawn_is_not_told_that_nothing_changed(make_match: MakeMatch) -> None:
    match = make_match()
    guest = viewer(match)
    assert poll(guest, match).status_code == 204

    invite_revoke(invite=Invite.objects.get(match=match))

    assert poll(guest, match).status_code == 404  # the page that says the link was withdrawn


def test_a_changed_match_is_sent_at_once_to_an_idle_phone(
    alice: Any, alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    url = f"{reverse('match_live', args=[match.pk])}?v={Match.objects.get(pk=match.pk).version}"
    assert alice_client.get(url, headers=HTMX).status_code == 204

    services.deal_record(match=match, entry=EVEN, author=alice)

    response = alice_client.get(url, headers=HTMX)
    assert response.status_code == 200
    assert b'id="live-deals"' in response.content


def test_a_phone_that_logged_out_is_not_told_that_nothing_changed(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()
    cookie = alice_client.cookies["sessionid"].value
    assert poll(alice_client, match).status_code == 204

    alice_client.post(reverse("logout"))
    alice_client.cookies["sessionid"] = cookie  # the old cookie, sent again

    assert poll(alice_client, match).status_code == 286  # htmx stops polling


def test_another_account_never_gets_the_quick_answer(
    alice_client: Client, bob_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()
    assert poll(alice_client, match).status_code == 204

    assert poll(bob_client, match).status_code == 404
