"""Sessions read with their user (matches.sessions): one query for both, and every check Django makes
on a session's user still made: a changed password, a deactivated account, a logout, a lost cookie."""

from __future__ import annotations

from importlib import import_module
from typing import Any

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore as FormerStore
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from matches.models import Session
from matches.sessions import SessionStore, UserBackend

PLAYERS = reverse("player_list")


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_page_reads_the_session_and_its_user_in_one_query(alice_client: Client) -> None:
    with CaptureQueriesContext(connection) as queries:
        assert alice_client.get(PLAYERS).status_code == 200

    reading_the_user = [query["sql"] for query in queries if '"auth_user"' in query["sql"]]
    assert len(reading_the_user) == 1
    assert "_session" in reading_the_user[0]  # joined to the session it was read with


def test_a_session_row_names_its_user_and_logging_out_removes_it(alice: User, client: Client) -> None:
    assert (
        client.post(reverse("login"), {"username": "alice", "password": "alice-password-1"}).status_code
        == 302
    )
    session = Session.objects.get()
    assert session.user == alice
    assert session.get_decoded()[SESSION_KEY] == str(alice.pk)

    client.post(reverse("logout"))

    assert not Session.objects.exists()
    assert client.get(PLAYERS).status_code == 302  # to the login page


def test_a_changed_password_ends_the_other_sessions(alice: User) -> None:
    other_phone = logged_in(alice)
    assert other_phone.get(PLAYERS).status_code == 200

    alice.set_password("a-new-long-pass-phrase")
    alice.save()

    assert other_phone.get(PLAYERS).status_code == 302


def test_a_deactivated_account_is_logged_out(alice: User, alice_client: Client) -> None:
    User.objects.filter(pk=alice.pk).update(is_active=False)

    assert alice_client.get(PLAYERS).status_code == 302


def test_deleting_an_account_deletes_its_sessions(alice: User, alice_client: Client, bob: User) -> None:
    bob_client = logged_in(bob)

    alice.delete()

    assert list(Session.objects.values_list("user", flat=True)) == [bob.pk]
    assert alice_client.get(PLAYERS).status_code == 302
    assert bob_client.get(PLAYERS).status_code == 200


def test_each_request_gets_the_user_of_its_own_session(alice: User, bob: User) -> None:
    alice_phone, bob_phone = logged_in(alice), logged_in(bob)

    for phone, name in ((alice_phone, "alice"), (bob_phone, "bob"), (alice_phone, "alice")):
        assert phone.get(PLAYERS).context["user"].get_username() == name


@pytest.mark.django_db
def test_the_backend_reads_a_user_it_was_not_handed(alice: User, bob: User, alice_client: Any) -> None:
    alice_client.get(PLAYERS)  # alice's session read, and handed over

    assert UserBackend().get_user(bob.pk) == bob
    assert UserBackend().get_user(10_000) is None


def test_the_user_read_with_the_session_is_the_user_as_the_orm_reads_it(alice: User, client: Client) -> None:
    client.post(reverse("login"), {"username": "alice", "password": "alice-password-1"})  # sets last_login

    user = client.get(PLAYERS).context["user"]

    stored = User.objects.get(pk=alice.pk)
    assert stored.last_login is not None
    for field in User._meta.concrete_fields:
        mine, theirs = getattr(user, field.attname), getattr(stored, field.attname)
        assert (mine, type(mine)) == (theirs, type(theirs)), field.name


def test_a_session_made_outside_a_request_logs_its_user_in(alice: User, client: Client) -> None:
    """As the load script makes its tables' sessions."""
    session = SessionStore()
    session[SESSION_KEY] = str(alice.pk)
    session[BACKEND_SESSION_KEY] = "matches.sessions.UserBackend"
    session[HASH_SESSION_KEY] = alice.get_session_auth_hash()
    session.create()
    client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key

    with CaptureQueriesContext(connection) as queries:
        page = client.get(PLAYERS)

    assert page.status_code == 200
    assert page.context["user"] == alice
    assert sum('"auth_user"' in query["sql"] for query in queries) == 1


def test_a_session_of_djangos_former_table_is_carried_over_with_its_user_and_its_invites(
    alice: User, client: Client
) -> None:
    """Moving to the app's sessions logs nobody out, nor takes a guest phone's matches away."""
    former = FormerStore()
    former[SESSION_KEY] = str(alice.pk)
    former[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    former[HASH_SESSION_KEY] = alice.get_session_auth_hash()
    former["invites"] = {"7": {"token": "t" * 43, "name": "Zia"}}
    former.create()
    gone = FormerStore()
    gone.set_expiry(-1)
    gone.create()

    import_module("matches.migrations.0010_sessions_carried_over").carry_over(apps, None)

    carried = Session.objects.get()  # not the expired one
    assert (carried.session_key, carried.user) == (former.session_key, alice)
    assert carried.get_decoded()["invites"] == former["invites"]
    client.cookies[settings.SESSION_COOKIE_NAME] = former.session_key
    assert client.get(PLAYERS).context["user"] == alice
