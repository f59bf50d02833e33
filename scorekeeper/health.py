"""The health check: the floor of this stack (one request, a few queries), also for deployments."""

from __future__ import annotations

import shutil
from pathlib import Path

from django.db import DatabaseError, connection, transaction
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache

# Below this much free disk beside an SQLite file, the next saves may fail: not healthy.
SQLITE_FREE_BYTES_LEAST = 1024 * 1024


class Unwritable(Exception):
    """The database answers but would refuse a save."""


def _can_write() -> None:
    """A write that changes nothing, rolled back: refused on a read-only SQLite file or PostgreSQL replica.

    It deletes no row of django_migrations (a tiny table every database here has), in a transaction
    (on SQLite it begins by taking the write lock, as a save does), then rolls back.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_is_in_recovery()")
            if cursor.fetchone()[0]:
                raise Unwritable("PostgreSQL is in recovery (a replica)")
    if connection.vendor == "sqlite":
        where = Path(str(connection.settings_dict["NAME"])).parent
        if where.is_dir() and shutil.disk_usage(where).free < SQLITE_FREE_BYTES_LEAST:
            raise Unwritable("the disk of the database file is full")
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("DELETE FROM django_migrations WHERE id < 0")
        transaction.set_rollback(True)


@never_cache
def health(request: HttpRequest) -> HttpResponse:
    """``ok`` when the database answers and would take a save; else 503. No session, no user, no template."""
    try:
        _can_write()
    except Unwritable as trouble:
        return HttpResponse(f"unhealthy: {trouble}", content_type="text/plain", status=503)
    except DatabaseError:  # its text may name hosts and users: that is for the log, not a public page
        return HttpResponse("unhealthy: the database refuses a write", content_type="text/plain", status=503)
    return HttpResponse("ok", content_type="text/plain")
