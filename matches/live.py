"""The idle live check at the price of the health check: one query, no session or user loaded.

Every phone showing a match asks every few seconds whether it changed; nearly always it did not.
Once a phone's session has passed the full access check for a match (match_access), this process
remembers it for ``TRUST_SECONDS``; within that time, "nothing changed" (204) is answered with one
query that reads the match's version and whether that session still exists (a logged-out session
does not). A 204 carries nothing, so the worst a withdrawn invite link gets during those seconds is
"nothing changed"; as soon as something changes, or the time is up, the full check runs again.
"""

from __future__ import annotations

import functools
import time

from django.conf import settings
from django.db import connection
from django.http import HttpRequest
from django.utils import timezone

from .models import Match, Session
from .pagecache import Recent
from .plainsql import column, table

TRUST_SECONDS = 30
_CHECKED: Recent[tuple[str, int], float] = Recent(8192)  # (session key, match pk): when checked


def remember(request: HttpRequest, pk: int) -> None:
    """This request's session passed the full access check for match ``pk`` just now."""
    key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    if key:
        _CHECKED.put((key, pk), time.monotonic())


def unchanged(request: HttpRequest, pk: int) -> bool:
    """True when this session was checked lately and match ``pk`` is still at version ``v``."""
    key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    version = request.GET.get("v", "")
    checked = _CHECKED.get((key, pk)) if key else None
    if checked is None or time.monotonic() - checked > TRUST_SECONDS:
        return False
    if not (version.isascii() and version.isdigit() and len(version) < 10):
        return False  # "²" and "٣" are digits to str.isdigit, not to int(): the full check answers them
    if settings.SESSION_ENGINE != "matches.sessions":
        return False  # the one query below reads the database's sessions
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    with connection.cursor() as cursor:
        cursor.execute(_unchanged_sql(), [pk, int(version), key, now])
        return cursor.fetchone() is not None


@functools.cache
def _unchanged_sql() -> str:
    """The one query, written once: building it through the ORM cost more than running it."""
    return (
        f"SELECT 1 FROM {table(Match)} WHERE {column(Match, 'id')} = %s AND {column(Match, 'version')} = %s"
        f" AND EXISTS (SELECT 1 FROM {table(Session)}"
        f" WHERE {column(Session, 'session_key')} = %s AND {column(Session, 'expire_date')} > %s)"
    )
