"""Login sessions read together with their user: one query where Django makes two on every page.

Django reads the session, finds the user's id in it, then reads the user. Here the session row
names its user (``Session.user``), so the session is read with its user joined in, and the
authentication backend hands that user over instead of reading it again. Django still checks the
user against the session (a changed password ends the other sessions) and that it may log in.
"""

from __future__ import annotations

import functools
from contextvars import ContextVar
from typing import Any

from django.contrib import auth
from django.contrib.auth.backends import ModelBackend
from django.contrib.sessions.backends import db
from django.db import connection
from django.http import HttpRequest
from django.utils import timezone
from django.utils.crypto import salted_hmac

from .plainsql import column, columns, table

# The user read with the session this thread read last, until the backend takes it.
_read_with_session: ContextVar[Any] = ContextVar("read_with_session", default=None)


class SessionStore(db.SessionStore):
    """The database session store (``SESSION_ENGINE = "matches.sessions"``) on ``matches.Session``."""

    @classmethod
    def get_model_class(cls) -> Any:
        from .models import Session

        return Session

    def load(self) -> dict[str, Any]:
        _read_with_session.set(None)
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        with connection.cursor() as cursor:
            cursor.execute(_session_sql(), [self.session_key, now])
            row = cursor.fetchone()
        if row is None:  # none, or expired
            self._session_key = None
            return {}
        data, *user = row
        if user[0] is not None:
            _read_with_session.set(columns(auth.get_user_model()).make(user))
        return self.decode(data)

    def create_model_instance(self, data: dict[str, Any]) -> Any:
        session = super().create_model_instance(data)
        session.user_id = data.get(auth.SESSION_KEY)
        return session

    async def acreate_model_instance(self, data: dict[str, Any]) -> Any:
        session = await super().acreate_model_instance(data)
        session.user_id = data.get(auth.SESSION_KEY)
        return session


def owner_marker(request: HttpRequest) -> str:
    """Whose this page is, for what the phone keeps of it offline (offline.js, sw.js): "none"
    without a session, else a value drawn from the session key that changes with it (at login,
    logout, expiry, and when a link the session joined by is withdrawn: access.py). Not a secret,
    and not the key: an HMAC of it, which tells nothing of the key."""
    session = request.session
    if not session.keys() or session.session_key is None:  # (keys() reads it: an expired one has none)
        return "none"
    return salted_hmac("matches.sessions.owner_marker", session.session_key).hexdigest()[:24]


class UserBackend(ModelBackend):
    """Django's ModelBackend, except that the user just read with the session is not read again."""

    def get_user(self, user_id: Any) -> Any:
        user = _read_with_session.get()
        _read_with_session.set(None)  # handed over once: a later request reads its own
        if user is None or user.pk != user_id:
            return super().get_user(user_id)
        return user if self.user_can_authenticate(user) else None


@functools.cache
def _session_sql() -> str:
    """The session's data and its user's every column, for an unexpired session key."""
    session, user = SessionStore.get_model_class(), auth.get_user_model()
    return (
        f"SELECT {column(session, 'session_data')}, {columns(user).sql} FROM {table(session)}"
        f" LEFT JOIN {table(user)} ON {column(session, 'user')} = {column(user, user._meta.pk.name)}"
        f" WHERE {column(session, 'session_key')} = %s AND {column(session, 'expire_date')} > %s"
    )
