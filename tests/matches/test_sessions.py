"""Sessions are Django's own, in the database: every check Django makes on a session's user is made
(a changed password, a deactivated or deleted account, a logout), and each request gets its own user."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse

PLAYERS = reverse("player_list")


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_logging_in_keeps_a_session_and_logging_out_removes_it(alice: User, client: Client) -> None:
    response = client.post(reverse("login"), {"username": "alice", "password": "alice-password-1"})
    assert response.status_code == 302
    session = Session.objects.get()
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


def test_deleting_an_account_logs_its_phones_out(alice: User, alice_client: Client, bob: User) -> None:
    bob_client = logged_in(bob)

    alice.delete()

    assert alice_client.get(PLAYERS).status_code == 302
    assert bob_client.get(PLAYERS).status_code == 200


def test_each_request_gets_the_user_of_its_own_session(alice: User, bob: User) -> None:
    alice_phone, bob_phone = logged_in(alice), logged_in(bob)

    for phone, name in ((alice_phone, "alice"), (bob_phone, "bob"), (alice_phone, "alice")):
        assert phone.get(PLAYERS).context["user"].get_username() == name


def test_a_session_made_outside_a_request_logs_its_user_in(alice: User, client: Client) -> None:
    """As a script makes the sessions of its phones (the load test's tables)."""
    session = SessionStore()
    session[SESSION_KEY] = str(alice.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[-1]
    session[HASH_SESSION_KEY] = alice.get_session_auth_hash()
    session.create()
    assert session.session_key is not None
    client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key

    page = client.get(PLAYERS)

    assert page.status_code == 200
    assert page.context["user"] == alice
