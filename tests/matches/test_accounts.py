"""Accounts: signing up, logging in and out, the login page for anonymous visitors.

Two accounts: bob never sees, nor changes, anything of alice's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse

from matches.models import Deal, Match, Player

from .pages import texts

MakeMatch = Callable[..., Match]
LOGIN = reverse("login")


@pytest.mark.django_db
def test_signing_up_creates_the_account_and_logs_in(client: Client) -> None:
    response = client.post(
        reverse("signup"),
        {"username": "carla", "password1": "a-long-pass-phrase-9", "password2": "a-long-pass-phrase-9"},
    )

    assert response.status_code == 302
    assert response["Location"] == reverse("player_list")
    user = get_user(client)
    assert user.is_authenticated
    assert user.get_username() == "carla"
    assert client.get(reverse("player_list")).status_code == 200


@pytest.mark.django_db
def test_signing_up_with_two_different_passwords_creates_nothing(client: Client) -> None:
    page = client.post(
        reverse("signup"),
        {"username": "carla", "password1": "a-long-pass-phrase-9", "password2": "another-pass-phrase-9"},
    )

    assert page.status_code == 200
    assert texts(page, "p", class_="error") == ["The two password fields didn’t match."]
    assert not User.objects.filter(username="carla").exists()
    assert not get_user(client).is_authenticated


def test_logging_in_opens_the_match_list(client: Client, alice: User) -> None:
    response = client.post(LOGIN, {"username": "alice", "password": "alice-password-1"})

    assert response.status_code == 302
    assert response["Location"] == reverse("match_list")
    assert get_user(client) == alice


def test_logging_in_with_a_wrong_password_is_refused(client: Client, alice: User) -> None:
    page = client.post(LOGIN, {"username": "alice", "password": "not-her-password"})

    assert page.status_code == 200
    assert not get_user(client).is_authenticated


def test_logging_in_goes_back_to_the_page_asked_for(client: Client, alice: User) -> None:
    players = reverse("player_list")

    response = client.post(LOGIN, {"username": "alice", "password": "alice-password-1", "next": players})

    assert response["Location"] == players


def test_logging_out_ends_the_session(alice_client: Client) -> None:
    response = alice_client.post(reverse("logout"))

    assert response.status_code == 302
    assert response["Location"] == LOGIN
    assert not get_user(alice_client).is_authenticated
    assert alice_client.get(reverse("player_list")).status_code == 302


def test_the_home_page_welcomes_visitors_and_sends_players_to_their_matches(alice_client: Client) -> None:
    assert Client().get(reverse("home")).status_code == 200
    response = alice_client.get(reverse("home"))
    assert response["Location"] == reverse("match_list")


# -- one's own password -------------------------------------------------------------------------

PASSWORD_CHANGE = reverse("password_change")
RESET = reverse("password_reset")
RESET_LINK = re.compile(r"http://testserver(/accounts/password/reset/[^/\s]+/[^/\s]+/)")


@pytest.mark.django_db
def test_signing_up_keeps_an_email_address_for_a_forgotten_password(client: Client) -> None:
    form = client.get(reverse("signup"))
    assert "Optional: only to send you a link if you forget your password." in texts(form, "p", class_="help")

    client.post(
        reverse("signup"),
        {
            "username": "carla",
            "email": "carla@example.org",
            "password1": "a-long-pass-phrase-9",
            "password2": "a-long-pass-phrase-9",
        },
    )

    assert User.objects.get(username="carla").email == "carla@example.org"


@pytest.mark.django_db
def test_the_login_page_offers_sign_up_and_a_forgotten_password(client: Client) -> None:
    page = client.get(LOGIN)

    assert "Forgot your password?" in texts(page, "a")
    assert "Sign up" in texts(page, "a")


def test_changing_ones_password_keeps_this_phone_logged_in_and_logs_the_others_out(
    alice: User, alice_client: Client
) -> None:
    other_phone = Client()
    other_phone.force_login(alice)
    assert "Change your password" in texts(
        alice_client.get(reverse("club_list")), "a"
    )  # behind the club's name

    response = alice_client.post(
        PASSWORD_CHANGE,
        {
            "old_password": "alice-password-1",
            "new_password1": "a-new-pass-phrase-7",
            "new_password2": "a-new-pass-phrase-7",
        },
    )

    assert response["Location"] == reverse("password_change_done")
    done = alice_client.get(response["Location"])
    assert texts(done, "h1") == ["Password changed"]
    assert get_user(alice_client) == alice
    assert alice_client.get(reverse("player_list")).status_code == 200
    assert not get_user(other_phone).is_authenticated
    alice.refresh_from_db()
    assert alice.check_password("a-new-pass-phrase-7")


def test_a_wrong_old_password_changes_nothing(alice: User, alice_client: Client) -> None:
    page = alice_client.post(
        PASSWORD_CHANGE,
        {
            "old_password": "a-guess",
            "new_password1": "a-new-pass-phrase-7",
            "new_password2": "a-new-pass-phrase-7",
        },
    )

    assert page.status_code == 200
    assert texts(page, "p", class_="error") == [
        "Your old password was entered incorrectly. Please enter it again."
    ]
    alice.refresh_from_db()
    assert alice.check_password("alice-password-1")


@pytest.mark.django_db
def test_changing_a_password_needs_a_login(client: Client) -> None:
    response = client.get(PASSWORD_CHANGE)

    assert response["Location"] == f"{LOGIN}?next={PASSWORD_CHANGE}"


def test_a_forgotten_password_is_reset_through_a_link_sent_by_email(client: Client, alice: User) -> None:
    alice.email = "alice@example.org"
    alice.save()

    sent = client.post(RESET, {"email": "alice@example.org"})

    assert sent["Location"] == reverse("password_reset_done")
    assert texts(client.get(sent["Location"]), "h1") == ["Check your e-mail"]
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["alice@example.org"]
    link = RESET_LINK.search(str(mail.outbox[0].body))
    assert link, mail.outbox[0].body
    # The link's token is moved into the (anonymous) session, and the form asks for a new password.
    form_url = client.get(link.group(1))["Location"]
    assert texts(client.get(form_url), "h1") == ["Choose a new password"]
    done = client.post(
        form_url, {"new_password1": "a-new-pass-phrase-7", "new_password2": "a-new-pass-phrase-7"}
    )
    assert done["Location"] == reverse("password_reset_complete")
    assert texts(client.get(done["Location"]), "h1") == ["Password changed"]
    assert not get_user(client).is_authenticated

    assert client.post(LOGIN, {"username": "alice", "password": "alice-password-1"}).status_code == 200
    logged_in = client.post(LOGIN, {"username": "alice", "password": "a-new-pass-phrase-7"})
    assert logged_in["Location"] == reverse("match_list")
    # Used once, the link no longer works.
    used = client.get(link.group(1), follow=True)
    assert texts(used, "h1") == ["This link no longer works"]


def test_a_reset_for_an_unknown_address_sends_nothing_and_says_the_same(client: Client, alice: User) -> None:
    sent = client.post(RESET, {"email": "nobody@example.org"})

    assert sent["Location"] == reverse("password_reset_done")
    assert mail.outbox == []


def test_the_reset_pages_are_in_italian_for_an_italian_phone(client: Client) -> None:
    page = client.get(RESET, HTTP_ACCEPT_LANGUAGE="it")

    assert texts(page, "h1") == ["Avete dimenticato la password?"]
    assert texts(page, "button", class_="primary") == ["Chiedete il link"]


# -- a private instance: sign-up closed ---------------------------------------------------------


@pytest.mark.django_db
def test_with_sign_up_closed_the_page_says_so_and_makes_no_account(client: Client, settings: Any) -> None:
    settings.SIGNUP_OPEN = False

    page = client.get(reverse("signup"))
    posted = client.post(
        reverse("signup"),
        {"username": "carla", "password1": "a-long-pass-phrase-9", "password2": "a-long-pass-phrase-9"},
    )

    assert page.status_code == 403
    assert "Sign-up is closed: this is a private scorekeeper." in page.content.decode()
    assert texts(page, "form", class_="card") == []
    assert posted.status_code == 403
    assert not User.objects.filter(username="carla").exists()
    assert not get_user(client).is_authenticated


@pytest.mark.django_db
def test_with_sign_up_closed_the_login_and_home_pages_do_not_offer_it(client: Client, settings: Any) -> None:
    settings.SIGNUP_OPEN = False

    for url in (LOGIN, reverse("home")):
        page = client.get(url)
        assert page.status_code == 200
        assert "Sign up" not in texts(page, "a"), url
        assert reverse("signup") not in page.content.decode(), url


# -- anonymous visitors -------------------------------------------------------------------------

ANONYMOUS_GETS = [
    ("player_list", ()),
    ("match_list", ()),
    ("match_new", ()),
    ("match_detail", ("match",)),
    ("deal_edit", ("match", 1)),
    ("player_rename", ("player",)),
]
ANONYMOUS_POSTS = [
    ("deal_create", ("match",)),
    ("deal_edit", ("match", 1)),
    ("deal_delete", ("match", 1)),
    ("player_list", ()),
    ("player_archive", ("player",)),
    ("match_new", ()),
]


def url_for(name: str, args: tuple[object, ...], match: Match, player: Player) -> str:
    concrete = [match.pk if a == "match" else player.pk if a == "player" else a for a in args]
    return reverse(name, args=concrete)


@pytest.mark.parametrize(("name", "args"), ANONYMOUS_GETS)
def test_an_anonymous_visitor_is_sent_to_the_login_page(
    name: str, args: tuple[object, ...], client: Client, make_match: MakeMatch, players: list[Player]
) -> None:
    url = url_for(name, args, make_match(deals=[{"points": [25, 8, 5, 2]}]), players[0])

    response = client.get(url)

    assert response.status_code == 302
    assert response["Location"] == f"{LOGIN}?next={url}"


@pytest.mark.parametrize(("name", "args"), ANONYMOUS_POSTS)
def test_an_anonymous_post_changes_nothing_and_is_sent_to_the_login_page(
    name: str, args: tuple[object, ...], client: Client, make_match: MakeMatch, players: list[Player]
) -> None:
    match = make_match(deals=[{"points": [25, 8, 5, 2]}])
    url = url_for(name, args, match, players[0])

    response = client.post(url, {"points_0": 40, "points_1": 0, "points_2": 0, "points_3": 0, "name": "Zoe"})

    assert response.status_code == 302
    assert response["Location"].startswith(f"{LOGIN}?next=")
    assert Deal.objects.filter(match=match).count() == 1
    assert Match.objects.count() == 1
    assert Player.objects.count() == 4
    assert not Player.objects.filter(archived=True).exists()


# -- two accounts ---------------------------------------------------------------------------------


def test_bob_does_not_see_alices_matches_in_his_list(bob_client: Client, make_match: MakeMatch) -> None:
    make_match()

    page = bob_client.get(reverse("match_list"))

    assert texts(page, "li", class_="match-card") == []


def test_bob_does_not_see_alices_players(bob_client: Client, players: list[Player]) -> None:
    page = bob_client.get(reverse("player_list"))

    assert texts(page, "span", class_="name") == []


@pytest.mark.parametrize(
    ("method", "name", "args"),
    [
        ("get", "match_detail", ("match",)),
        ("post", "deal_create", ("match",)),
        ("get", "deal_edit", ("match", 1)),
        ("post", "deal_edit", ("match", 1)),
        ("post", "deal_delete", ("match", 1)),
        ("get", "player_rename", ("player",)),
        ("post", "player_rename", ("player",)),
        ("post", "player_archive", ("player",)),
    ],
)
def test_bob_gets_not_found_for_alices_things_and_changes_nothing(
    method: str,
    name: str,
    args: tuple[object, ...],
    bob_client: Client,
    make_match: MakeMatch,
    players: list[Player],
) -> None:
    match = make_match(deals=[{"points": [25, 8, 5, 2]}])
    version = Match.objects.get(pk=match.pk).version
    url = url_for(name, args, match, players[0])
    data = {"points_0": 40, "points_1": 0, "points_2": 0, "points_3": 0, "name": "Zoe"}

    response = getattr(bob_client, method)(url, data if method == "post" else None)

    assert response.status_code == 404
    assert [d.entry for d in Deal.objects.filter(match=match)] == [
        {"points": [25, 8, 5, 2], "dealer": "Anna"}
    ]
    assert Match.objects.get(pk=match.pk).version == version
    assert Player.objects.get(pk=players[0].pk).name == "Anna"
    assert not Player.objects.get(pk=players[0].pk).archived
