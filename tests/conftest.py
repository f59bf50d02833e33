"""Personas and fixtures shared by the service, view and browser tests.

alice owns the matches; bob is another account that must never see them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import caches

from matches import services
from matches.models import Match, Player

NAMES = ("Anna", "Bruno", "Carla", "Dario")


@pytest.fixture(autouse=True)
def empty_cache() -> Any:
    """Each test begins with nothing in the cache framework's caches, as a server does at its start."""
    for each in caches.all():
        each.clear()
    yield
    for each in caches.all():
        each.clear()


@pytest.fixture
def alice(db: Any) -> User:
    return User.objects.create_user("alice", password="alice-password-1")


@pytest.fixture
def bob(db: Any) -> User:
    return User.objects.create_user("bob", password="bob-password-1")


@pytest.fixture
def players(alice: User) -> list[Player]:
    return [Player.objects.create(owner=alice, name=name) for name in NAMES]


@pytest.fixture
def make_match(alice: User, players: list[Player]) -> Callable[..., Match]:
    """A match of alice's with Anna, Bruno, Carla and Dario, and optionally some deals."""

    def make(game: str = "busca-000", deals: Sequence[dict[str, Any]] = (), **options: Any) -> Match:
        match = services.match_create(
            owner=alice, game=game, options=options, players=players, first_dealer=0
        )
        for entry in deals:
            services.deal_record(match=match, entry=entry, author=alice)
        match.refresh_from_db()
        return match

    return make
