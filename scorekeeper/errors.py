"""The page for a server error: 503 with Retry-After while the database is unreachable, else 500.

Django calls ``server_error`` for any exception a view, a template or a middleware let through
(when DEBUG is off), inside the ``except`` that caught it. It renders with no request and no context,
so that it works when the database, the session or the user cannot be read.
"""

from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template import loader

# Seconds a phone (or a proxy) waits before it asks again.
RETRY_AFTER = 30
UNREACHABLE = (OperationalError, InterfaceError)


def server_error(request: HttpRequest) -> HttpResponse:
    unreachable = isinstance(sys.exc_info()[1], UNREACHABLE)
    name, status = ("503.html", 503) if unreachable else ("500.html", 500)
    try:
        body: str = loader.render_to_string(name)
    except Exception:  # the error page itself must never fail
        body = "<!doctype html><title>Server error</title><h1>Server error</h1>"
    response = HttpResponse(body, status=status)
    response["Cache-Control"] = "no-store"
    if unreachable:
        response["Retry-After"] = str(RETRY_AFTER)
    return response
