"""Logged-in clients for the view tests; the personas and matches come from tests/conftest.py."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client


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
