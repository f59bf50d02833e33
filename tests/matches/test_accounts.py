"""Accounts: signing up, logging in and out, the login page for anonymous visitors.

Two accounts: bob never sees, nor changes, anything of alice's.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth import get_user
from django.contrib.auth.models import User
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
    assert [d.entry for d in Deal.objects.filter(match=match)] == [{"points": [25, 8, 5, 2]}]
    assert Match.objects.get(pk=match.pk).version == version
    assert Player.objects.get(pk=players[0].pk).name == "Anna"
    assert not Player.objects.get(pk=players[0].pk).archived
