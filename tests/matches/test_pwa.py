"""The installable app: the manifest, the icons and the service worker, as a phone fetches them."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from pathlib import Path
from typing import Any

import django
import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import Client

from matches import services
from scorekeeper import pwa

pytestmark = pytest.mark.django_db


def manifest(client: Client, language: str = "en") -> dict[str, object]:
    response = client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    data: dict[str, object] = json.loads(response.content)
    return data


def test_the_manifest_opens_the_matches_full_screen_in_the_pages_colours(client: Client) -> None:
    data = manifest(client)
    assert data["name"] == data["short_name"] == "Scorekeeper"
    assert data["start_url"] == "/matches/"
    assert data["scope"] == "/"
    assert data["display"] == "standalone"
    page = client.get("/").content.decode()
    theme = re.search(r'<meta name="theme-color" content="([^"]+)"', page)
    assert theme
    assert data["theme_color"] == theme.group(1)
    assert data["background_color"] == "#fbf7ee"


def test_the_manifest_is_in_the_phones_language(client: Client) -> None:
    assert manifest(client, "it")["lang"] == "it"
    assert manifest(client, "en")["lang"] == "en"


def test_the_manifest_icons_exist_for_any_launcher_and_for_masks(client: Client) -> None:
    icons = manifest(client)["icons"]
    assert isinstance(icons, list)
    sizes = {(icon["sizes"], icon["purpose"]) for icon in icons}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable"), ("any", "any")} <= sizes
    for icon in icons:
        found = finders.find(icon["src"].removeprefix("/static/"))
        assert isinstance(found, str), icon["src"]
        if icon["type"] == "image/png":
            # A PNG of the size the manifest says (width and height from the IHDR chunk).
            head = Path(found).read_bytes()[:24]
            assert head[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
            assert icon["sizes"] == f"{width}x{height}"


def test_every_page_links_the_manifest_the_icons_and_the_offline_script(client: Client) -> None:
    page = client.get("/accounts/login/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert re.search(r'<link rel="apple-touch-icon" href="/static/img/apple-touch-icon[^"]*\.png">', page)
    assert re.search(r'<link rel="icon" href="/static/img/icon[^"]*\.svg" type="image/svg\+xml">', page)
    assert re.search(r'<script src="/static/js/offline[^"]*\.js" defer></script>', page)
    assert 'id="offline-notice"' in page
    assert 'data-sw="/sw.js"' in page


def test_the_service_worker_is_served_from_the_root_as_javascript_never_from_a_stale_cache(
    client: Client,
) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/javascript; charset=utf-8"
    assert "no-cache" in response["Cache-Control"]
    # At the root, its scope is the whole site: every page, and the pages it keeps.
    assert response.wsgi_request.path == "/sw.js"


def test_the_service_worker_precaches_the_files_the_pages_use_under_a_version_drawn_from_them(
    client: Client,
) -> None:
    script = client.get("/sw.js").content.decode()
    page = client.get("/accounts/login/").content.decode()
    listed = re.search(r"const PRECACHE = \[(.*?),?\s*\];", script, re.S)
    assert listed, "the service worker names the files it keeps"
    precached = set(json.loads("[" + listed.group(1) + "]"))
    used = set(re.findall(r'(?:src|href)="(/static/[^"]+\.(?:css|js))"', page))
    assert used
    assert used <= precached
    urls, version = pwa.precache()
    assert f'const VERSION = "{version}";' in script
    assert len(version) == 12
    assert set(urls) == precached


def test_the_statistics_style_is_left_to_the_statistics_pages_and_out_of_the_first_download(
    client: Client, alice_client: Client
) -> None:
    script = client.get("/sw.js").content.decode()
    assert "css/stats" not in script
    assert "css/stats" not in alice_client.get("/matches/").content.decode()
    assert "css/stats" in alice_client.get("/stats/").content.decode()


def test_the_service_worker_speaks_the_phones_language(client: Client) -> None:
    script = client.get("/sw.js", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert 'const OFFLINE_PAGE = "<!doctype html><html lang=\\"it\\">' in script


def test_the_service_worker_is_served_with_the_hashed_static_files_of_production(
    client: Client, settings: object, tmp_path: Path
) -> None:
    # With DEBUG off, static files have hashed names read from a manifest made by collectstatic.
    # (Changing STORAGES makes Django drop its storage objects, before and after.)
    settings.STATIC_ROOT = tmp_path  # type: ignore[attr-defined]
    settings.STORAGES = {  # type: ignore[attr-defined]
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)
    pwa._precache_once.cache_clear()
    try:
        response = client.get("/sw.js")
        script = response.content.decode()
    finally:
        pwa._precache_once.cache_clear()

    assert response.status_code == 200
    assert re.search(r"/static/css/app\.[0-9a-f]{12}\.css", script)


def test_the_card_picker_is_left_to_mambassa_pages_and_out_of_the_first_download(
    client: Client, alice_client: Client, alice: Any, players: Any
) -> None:
    busca = services.match_create(owner=alice, game="busca-000", options={}, players=players, first_dealer=0)
    mambassa = services.match_create(
        owner=alice, game="mambassa", options={}, players=players, first_dealer=0
    )

    script = client.get("/sw.js").content.decode()
    assert "js/cards" not in script
    assert "css/cards" not in script
    assert "js/cards" not in alice_client.get(busca.get_absolute_url()).content.decode()
    assert "js/cards" in alice_client.get(mambassa.get_absolute_url()).content.decode()


def test_the_scripts_a_phone_downloads_in_production_are_stripped_of_their_comments(
    client: Client, settings: object, tmp_path: Path
) -> None:
    settings.STATIC_ROOT = tmp_path  # type: ignore[attr-defined]
    settings.STORAGES = {  # type: ignore[attr-defined]
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "scorekeeper.staticstorage.MinifiedManifestStaticFilesStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)
    names = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
    source = (Path(__file__).parents[2] / "static" / "js" / "offline.js").read_text()
    served = (tmp_path / names["js/offline.js"]).read_bytes()

    first_comment = source.splitlines()[0].removeprefix("// ")
    assert first_comment.startswith("Offline use.")
    assert first_comment not in served.decode()
    for code in ('"scorekeeper-pages"', "htmx:configRequest", "navigator.serviceWorker.register"):
        assert code in served.decode()
    assert len(gzip.compress(served)) < 0.75 * len(gzip.compress(source.encode()))
    # Its name changes with what is served, so a phone's cache (immutable) never keeps an old copy.
    assert names["js/offline.js"] == f"js/offline.{hashlib.md5(served).hexdigest()[:12]}.js"
    # Django's admin scripts go out as Django ships them, licences and all.
    admin = Path(django.__file__).parent / "contrib" / "admin" / "static" / "admin" / "js" / "core.js"
    assert (tmp_path / names["admin/js/core.js"]).read_bytes() == admin.read_bytes()
