"""Writing accounts: signing up."""

from __future__ import annotations

from django.contrib.auth.models import User


def account_create(*, username: str, email: str, password: str) -> User:
    """A new account (the signup form checked the name is free and the password good enough)."""
    return User.objects.create_user(username=username, email=email, password=password)
