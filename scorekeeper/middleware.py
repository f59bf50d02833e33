"""Safety nets for every response: pages are kept by no cache, a body too big is not read, and the
health checks answer whatever Host header they are asked with."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

Handler = Callable[[HttpRequest], HttpResponse]


def private_pages(get_response: Handler) -> Handler:
    """``Cache-Control: private, no-store`` for a response that says nothing of its own caching.

    The pages and the exports hold someone's scores and money: no shared cache (a proxy, a CDN)
    keeps them, and no browser keeps them on disk. A view that means otherwise says so itself
    (the service worker, /health: scorekeeper/pwa.py, health.py) and is left alone, as are the
    static files, answered by whitenoise before this. The copies the service worker keeps for
    offline use are in the Cache API, which this header does not govern.
    """

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if not response.has_header("Cache-Control"):
            response["Cache-Control"] = "private, no-store"
        return response

    return middleware


def request_size_limit(get_response: Handler) -> Handler:
    """A body over DATA_UPLOAD_MAX_MEMORY_SIZE, files included, is answered 413 before it is read.

    Django's own limit counts the fields alone: an uploaded file of any size would be read to the
    end and written to disk before the import view could refuse it.
    """

    def middleware(request: HttpRequest) -> HttpResponse:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0  # Django refuses a body it cannot measure when it reads it
        if limit is not None and length > limit:
            context = {"limit_mb": limit // (1024 * 1024)}
            return render(request, "413.html", context, status=413)
        return get_response(request)

    return middleware


def health_any_host(get_response: Handler) -> Handler:
    """The health checks, answered before anything reads the Host header (ALLOWED_HOSTS): a load
    balancer asks by the server's address, and an operator by localhost."""
    from .health import health, health_full

    def middleware(request: HttpRequest) -> HttpResponse:
        if request.path_info == "/health":
            return health(request)
        if request.path_info == "/health/full":
            return health_full(request)
        return get_response(request)

    return middleware
