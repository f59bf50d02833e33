"""The idle live check: "has the match changed since version ``v``?", answered 204 with one query.

Every phone showing a match asks every two seconds whether it changed; nearly always it did not.
Once a phone's session has passed the full access check for a match (views.match_live), Django's
cache (``live``) remembers for ``FOLLOW_SECONDS`` who it followed the match as: a member of its club
(``@`` and the account's id), or a guest by the link with that token. Within that time "nothing
changed" is one query: the match at that version, while the session is still in Django's session
table (logging out deletes it) and the member is still in the club or, for a guest, the link still
works (removing the member or withdrawing the link ends the quick answer at once). Nothing else is read: no
session data, no user. Anything else takes the full path, which checks everything again.

A 204 carries nothing, so the one thing those seconds let through is "nothing changed" to a
session whose owner changed their password elsewhere (Django's check of the session's password
hash is the full path's), until the match changes or the time is up.
"""

from __future__ import annotations

import functools
from typing import Any

from django.conf import settings
from django.contrib.sessions.models import Session
from django.core.cache import caches
from django.db import connection
from django.db.models import Exists, OuterRef
from django.http import HttpRequest
from django.utils import timezone

from .access import Access
from .models import Invite, Match, Membership

FOLLOW_SECONDS = 300
# What is remembered for a member's session, before the account's id; a guest's is its link's token.
MEMBER = "@"


def _session_key(request: HttpRequest) -> str | None:
    """The session key the phone's cookie sends, if it could be one of Django's."""
    sent = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    return sent if sent.isascii() and sent.isalnum() and len(sent) <= 40 else None


def follows_as(request: HttpRequest, access: Access) -> tuple[str, str] | None:
    """The session key this phone sent and whom it follows ``access``'s match as (``MEMBER`` and the
    account's id, or a guest's link token), once it passed the full check; None for a session Django
    did not find."""
    session_key = _session_key(request)
    if session_key is None or session_key != request.session.session_key:
        return None  # a session Django did not find (it would be a new one)
    return session_key, access.link or f"{MEMBER}{request.user.pk}"


def remember(request: HttpRequest, access: Access) -> None:
    """This request's session passed the full check for its match just now (``access``)."""
    follows = follows_as(request, access)
    if follows is not None:
        session_key, token = follows
        caches["live"].set(f"{access.match.pk}:{session_key}", token, FOLLOW_SECONDS)


def version_followed(pk: int, session_key: str, token: str) -> int | None:
    """Match ``pk``'s version, while the session that passed the full check for it lasts and, for a
    member, its membership lasts or, for a guest, its link ``token`` works; None once it does not (a
    stream then ends: matches/streams.py)."""
    sessions = Session.objects.filter(session_key=session_key, expire_date__gt=timezone.now())
    match = Match.objects.filter(pk=pk).filter(Exists(sessions))
    if token.startswith(MEMBER):
        member = Membership.objects.filter(club=OuterRef("club"), user=int(token[len(MEMBER) :]))
        match = match.filter(Exists(member))
    else:
        match = match.filter(Exists(Invite.objects.working().filter(match=pk, token=token)))
    return match.values_list("version", flat=True).first()


def unchanged(request: HttpRequest, pk: int) -> bool:
    """True when match ``pk`` is still at the version ``v`` this phone sent, and the phone was
    checked lately and may still follow it."""
    version = request.GET.get("v", "")
    if not (version.isascii() and version.isdigit() and len(version) < 10):
        return False  # "²" and "٣" are digits to str.isdigit, not to int(): the full check answers them
    session_key = _session_key(request)
    if session_key is None or settings.SESSION_ENGINE != "django.contrib.sessions.backends.db":
        return False
    token = caches["live"].get(f"{pk}:{session_key}")
    if token is None:
        return False
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    with connection.cursor() as cursor:
        if token.startswith(MEMBER):
            cursor.execute(_sql(guest=False), [pk, int(version), session_key, now, int(token[len(MEMBER) :])])
        else:
            cursor.execute(_sql(guest=True), [pk, int(version), session_key, now, pk, token, now])
        return cursor.fetchone() is not None


@functools.cache
def _sql(*, guest: bool) -> str:
    """The one query, in SQL: the ORM took longer to build it than the database took to answer it
    (README.md, "Speed")."""
    match, session, invite, member = (model._meta for model in (Match, Session, Invite, Membership))

    def column(meta: Any, name: str) -> str:
        return f"{meta.db_table}.{meta.get_field(name).column}"

    sql = (
        f"SELECT 1 FROM {match.db_table} WHERE {column(match, 'id')} = %s AND {column(match, 'version')} = %s"
        f" AND EXISTS (SELECT 1 FROM {session.db_table} WHERE {column(session, 'session_key')} = %s"
        f" AND {column(session, 'expire_date')} > %s)"
    )
    if not guest:
        sql += (
            f" AND EXISTS (SELECT 1 FROM {member.db_table}"
            f" WHERE {column(member, 'club')} = {column(match, 'club')} AND {column(member, 'user')} = %s)"
        )
    else:
        sql += (
            f" AND EXISTS (SELECT 1 FROM {invite.db_table} WHERE {column(invite, 'match')} = %s"
            f" AND {column(invite, 'token')} = %s AND {column(invite, 'revoked_at')} IS NULL"
            f" AND ({column(invite, 'expires_at')} IS NULL OR {column(invite, 'expires_at')} > %s))"
        )
    return sql
