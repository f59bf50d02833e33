"""The health checks, answered whatever the Host header (a load balancer asks by the server's address):
``/health``, the floor of this stack (one request, a few queries), for a load balancer; and
``/health/full``, for an operator: the database takes a write, every migration is applied, the caches
answer and so does the live bus."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

from django.core.cache import caches
from django.db import DatabaseError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache

from matches import bus

logger = logging.getLogger(__name__)

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


def _migrated() -> None:
    executor = MigrationExecutor(connection)
    if executor.migration_plan(executor.loader.graph.leaf_nodes()):
        raise Unwritable("migrations are not all applied: run manage.py migrate")


def _cached() -> None:
    for alias in ("default", "live"):
        cache = caches[alias]
        cache.set("health", "ok", 10)
        if cache.get("health") != "ok":
            raise Unwritable(f"the cache {alias!r} keeps nothing")


def _bus_heard() -> None:
    kind = bus.carrier()
    if kind == "redis":
        bus.redis_client().ping()
    elif kind == "postgres":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, '')", [bus.CHANNEL])


@never_cache
def health_full(request: HttpRequest) -> HttpResponse:
    """Each part and whether it works: 200 when all do, else 503. Its words name no host or user."""
    parts = {"database": _can_write, "migrations": _migrated, "cache": _cached, "bus": _bus_heard}
    said: dict[str, str] = {}
    for name, check in parts.items():
        try:
            check()
            said[name] = "ok"
        except Unwritable as trouble:
            said[name] = f"failing: {trouble}"
        except Exception:  # a host, a user, a password may be in its text: that is for the log
            logger.warning("health: %s is failing", name, exc_info=True)
            said[name] = "failing"
    healthy = all(value == "ok" for value in said.values())
    return JsonResponse(said, status=200 if healthy else 503)
