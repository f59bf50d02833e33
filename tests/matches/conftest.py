"""Logged-in clients for the view tests; the personas and matches come from tests/conftest.py."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from matches import services
from matches.models import Match, Player


@pytest.fixture(autouse=True)
def fast_passwords(settings: Any) -> None:
    """Hashing alice's and bob's passwords the production way costs a second a test; nothing here needs it."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def alice_client(client: Client, alice: User) -> Client:
    client.force_login(alice)
    return client


@pytest.fixture
def bob_client(bob: User) -> Client:
    """A second browser, logged in as bob: it must never reach alice's things."""
    other = Client()
    other.force_login(bob)
    return other


# -- Mambassa: up to eight at the table ---------------------------------------------------------

MORE_NAMES = ("Elena", "Fabio", "Gina", "Ivo")


@pytest.fixture
def eight_players(alice: User, players: list[Player]) -> list[Player]:
    """Anna, Bruno, Carla and Dario, then Elena, Fabio, Gina and Ivo: a full Mambassa table."""
    return [*players, *(Player.objects.create(owner=alice, name=name) for name in MORE_NAMES)]


@pytest.fixture
def make_mambassa(alice: User, eight_players: list[Player]) -> Callable[..., Match]:
    """A Mambassa game of alice's with the first ``seats`` of the eight players; Anna deals first."""

    def make(
        seats: int = 4,
        deals: Sequence[dict[str, Any]] = (),
        start: dict[str, Any] | None = None,
        **options: Any,
    ) -> Match:
        match = services.match_create(
            owner=alice,
            game="mambassa",
            options=options,
            players=eight_players[:seats],
            first_dealer=0,
            start=start,
        )
        for entry in deals:
            services.deal_record(match=match, entry=entry, author=alice)
        match.refresh_from_db()
        return match

    return make


# -- Whist: two pairs, partners opposite ----------------------------------------------------------


@pytest.fixture
def make_whist(alice: User, players: list[Player]) -> Callable[..., Match]:
    """A Whist rubber of alice's: Anna & Carla against Bruno & Dario, Anna deals first.

    ``start`` is what a rubber begun on paper carries over (docs/format.md, "Whist").
    """

    def make(
        deals: Sequence[dict[str, Any]] = (), start: dict[str, Any] | None = None, **options: Any
    ) -> Match:
        match = services.match_create(
            owner=alice, game="whist", options=options, players=players, first_dealer=0, start=start
        )
        for entry in deals:
            services.deal_record(match=match, entry=entry, author=alice)
        match.refresh_from_db()
        return match

    return make


@pytest.fixture
def carla(db: Any) -> User:
    """A third account: a member of alice's club, in the clubs' tests."""
    return User.objects.create_user("carla", password="carla-password-1")
