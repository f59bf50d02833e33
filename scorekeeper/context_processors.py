"""What every page needs to know of the instance's settings."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest


def accounts(request: HttpRequest) -> dict[str, Any]:
    """Whether sign-up is open: a private instance offers it nowhere (SIGNUP_OPEN)."""
    return {"signup_open": settings.SIGNUP_OPEN}
