"""An idle phone's live check costs what the health check costs: one query.

Once a phone's session passed the full access check, "nothing changed" is answered from the
match's version and the session's existence alone; anything else takes the full path.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from matches import live, services
from matches.models import Match

MakeMatch = Callable[..., Match]
HTMX = {"HX-Request": "true"}
EVEN = {"points": [10, 10, 10, 10]}


def live_url(match: Match) -> str:
    match.refresh_from_db()
    return f"{reverse('match_live', args=[match.pk])}?v={match.version}&s={match.status}"


def poll(client: Client, match: Match) -> Any:
    return client.get(live_url(match), headers=HTMX)


def test_an_idle_phone_asking_again_costs_one_query(
    alice_client: Client, make_match: MakeMatch, django_assert_num_queries: Any
) -> None:
    match = make_match(deals=[EVEN])
    assert poll(alice_client, match).status_code == 204  # the full check, remembered

    url = live_url(match)
    with django_assert_num_queries(1):
        response = alice_client.get(url, headers=HTMX)

    assert response.status_code == 204
    assert response.content == b""


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


def test_after_the_trust_window_the_full_check_runs_again(
    alice_client: Client,
    make_match: MakeMatch,
    monkeypatch: pytest.MonkeyPatch,
    django_assert_num_queries: Any,
) -> None:
    match = make_match()
    assert poll(alice_client, match).status_code == 204
    monkeypatch.setattr(live, "TRUST_SECONDS", -1)

    url = live_url(match)
    with django_assert_num_queries(2):  # the session with its user, the match
        assert alice_client.get(url, headers=HTMX).status_code == 204
