"""The installable app: its web app manifest, and the service worker that keeps it usable offline.

Both are served from the site root, so the service worker's scope covers every page. The
service worker is a template: it names the static files by their hashed URLs, and its cache
version is drawn from them, so a deploy that changes a file gives phones a new worker.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
from typing import Any

from csp.utils import build_policy
from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template import Context, Template
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

# The same colours as base.html's <meta name="theme-color"> and app.css's --paper.
THEME_COLOR = "#1f5f45"
BACKGROUND_COLOR = "#fbf7ee"
# Static files of the project not worth a phone's storage before they are asked for.
# Left out of the service worker's first download: the launcher's icons (fetched when the app is
# installed), what only printing uses, and the statistics' and charts' style (pages never kept
# offline). A game's own static files (its app's static/, as Mambassa's card picker) are not the
# project's: left out too (a Busca or Whist table never needs it; a Mambassa page is kept offline
# only once opened online, which fetched it). The worker keeps each of them once a page asks for it.
NOT_PRECACHED = re.compile(r"^img/.*\.png$|^css/(print|paper-a5|stats)\.css$|^js/print\.js$")


class LogoutView(auth_views.LogoutView):
    """Django's logout, and the browser asked to clear what it keeps of the site: the service
    worker's pages and the deals waiting on the phone go with the session. Not relied on alone
    (a browser may ignore it, and an expired session has no logout): offline.js clears them too,
    as the next page says it is nobody's (sessions.owner_marker)."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = super().post(request, *args, **kwargs)
        response["Clear-Site-Data"] = '"cache", "storage"'
        return response


def _icon(path: str, sizes: str, kind: str, purpose: str) -> dict[str, str]:
    return {"src": static(path), "sizes": sizes, "type": kind, "purpose": purpose}


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """What "Add to home screen" reads: the name, the icons, and to open full screen on the matches."""
    data = {
        "id": "/",
        "name": gettext("Scorekeeper"),
        "short_name": gettext("Scorekeeper"),
        "description": gettext("The scores of Busca, Mambassa and Short Whist, kept at the table."),
        "lang": get_language(),
        "start_url": reverse("match_list"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": [
            {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"},
            # The drawing keeps everything inside the central circle a launcher's mask leaves.
            {
                "src": static("img/icon-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
            {"src": static("img/icon.svg"), "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
        ],
    }
    return JsonResponse(
        data, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False}
    )


def _project_static_files() -> list[str]:
    """The project's own static files (static/), as paths relative to STATIC_URL."""
    finder = finders.get_finder("django.contrib.staticfiles.finders.FileSystemFinder")
    paths = {path.replace("\\", "/") for path, _storage in finder.list(["*.map", ".*"])}
    return sorted(path for path in paths if not NOT_PRECACHED.match(path))


def _htmx_urls() -> list[str]:
    """The htmx files base.html loads: whatever {% htmx_script %} puts in the page."""
    tag = Template("{% load django_htmx %}{% htmx_script %}").render(Context())
    return re.findall(r'src="([^"]+)"', tag)


def precache() -> tuple[list[str], str]:
    """The static URLs every page uses, and a version that changes whenever one of them does."""
    if settings.DEBUG:
        return _precache_now()  # files change under a developer's hands: look every time
    return _precache_once()


def _precache_now() -> tuple[list[str], str]:
    urls = [static(path) for path in _project_static_files()] + _htmx_urls()
    digest = hashlib.sha256("\n".join(urls).encode())
    if settings.DEBUG:
        # Without hashed names, a file's size and time of change say that it changed.
        finder = finders.get_finder("django.contrib.staticfiles.finders.FileSystemFinder")
        for path in _project_static_files():
            found = finder.find(path)
            if isinstance(found, str):
                stat = os.stat(found)
                digest.update(f"{path}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    return urls, digest.hexdigest()[:12]


@functools.cache
def _precache_once() -> tuple[list[str], str]:
    # Hashed names: the URLs alone say when a file changed, and they change only with a deploy.
    return _precache_now()


@require_GET
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, at the root so that its scope is the whole site; always revalidated."""
    urls, version = precache()
    context = {
        "version": version,
        "precache": urls,
        "static_prefix": settings.STATIC_URL,  # static("") has no entry in a hashed manifest
        "offline_url": reverse("match_list"),
        "stylesheet": static("css/app.css"),
        # A copy of a page kept on the phone by offline.js has no headers of the server's: the worker
        # serves it under the same policy as the pages.
        "policy": build_policy(),
        # The page shown offline for a page this phone never kept.
        "offline_title": gettext("Offline"),
        "offline_text": gettext(
            "This page was not kept on this phone. Open it again when the connection returns,"
            " or go back to a match you opened before."
        ),
        "offline_link": gettext("Matches"),
    }
    return render(request, "sw.js", context, content_type="application/javascript; charset=utf-8")
