"""Login sessions read together with their user: one query where Django makes two on every page.

Django reads the session, finds the user's id in it, then reads the user. Here the session row
names its user (``Session.user``), so the session is read with its user joined in, and the
authentication backend hands that user over instead of reading it again. Django still checks the
user against the session (a changed password ends the other sessions) and that it may log in.

The query is plain SQL, written once: every page asks it, and building it through the ORM cost
more than running it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from typing import Any

from django.contrib import auth
from django.contrib.auth.backends import ModelBackend
from django.contrib.sessions.backends import db
from django.db import connection
from django.utils import timezone

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
            _read_with_session.set(_user(user))
        return self.decode(data)

    def create_model_instance(self, data: dict[str, Any]) -> Any:
        session = super().create_model_instance(data)
        session.user_id = data.get(auth.SESSION_KEY)
        return session


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
    session = SessionStore.get_model_class()._meta
    user = auth.get_user_model()._meta
    quote = connection.ops.quote_name

    def column(meta: Any, name: str) -> str:
        return f"{quote(meta.db_table)}.{quote(meta.get_field(name).column)}"

    users = ", ".join(f"{quote(user.db_table)}.{quote(field.column)}" for field in user.concrete_fields)
    return (
        f"SELECT {column(session, 'session_data')}, {users} FROM {quote(session.db_table)}"
        f" LEFT JOIN {quote(user.db_table)} ON {column(session, 'user')} = {column(user, user.pk.name)}"
        f" WHERE {column(session, 'session_key')} = %s AND {column(session, 'expire_date')} > %s"
    )


def _user(values: Sequence[Any]) -> Any:
    """The user from its columns as the database gave them, turned into Python as the ORM does."""
    model = auth.get_user_model()
    converted = []
    for value, (converters, column) in zip(values, _converters(), strict=True):
        for convert in converters:
            value = convert(value, column, connection)
        converted.append(value)
    return model.from_db(connection.alias, None, converted)


@functools.cache
def _converters() -> list[tuple[list[Callable[..., Any]], Any]]:
    """For each column of the user: what turns the database's value into the field's (a date,
    a boolean on SQLite), and the column they are given."""
    meta = auth.get_user_model()._meta
    columns = [field.get_col(meta.db_table) for field in meta.concrete_fields]
    return [
        (connection.ops.get_db_converters(column) + column.get_db_converters(connection), column)
        for column in columns
    ]
