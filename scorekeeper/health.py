"""The health check: the floor of this stack (one request, one query), also for deployments."""

from __future__ import annotations

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache


@never_cache
def health(request: HttpRequest) -> HttpResponse:
    """``ok`` when the database answers; no session, no user, no template."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return HttpResponse("ok", content_type="text/plain")
