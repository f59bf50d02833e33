"""What a response says of its caching, and how big a request may be.

Someone's pages and exports are kept by no cache (``private, no-store``); the static files keep
their own caching, and the few responses that say theirs on purpose keep it. A request a bit over
a match document's 2 MB is read; a bigger one is refused with a page that says why, never a 500.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.templatetags.static import static
from django.test import Client
from django.urls import reverse

from matches.models import Match

from .guests import viewer
from .pages import texts

MakeMatch = Callable[..., Match]
PRIVATE = "private, no-store"


def test_a_match_page_is_kept_by_no_cache(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match(deals=[{"points": [25, 8, 5, 2]}])

    page = alice_client.get(match.get_absolute_url())

    assert page.status_code == 200
    assert page["Cache-Control"] == PRIVATE


def test_a_match_page_opened_with_a_link_is_kept_by_no_cache(make_match: MakeMatch) -> None:
    match = make_match()

    page = viewer(match).get(match.get_absolute_url())

    assert page.status_code == 200
    assert page["Cache-Control"] == PRIVATE


@pytest.mark.parametrize("export", ["match_export_json", "match_export_csv"])
def test_an_export_is_kept_by_no_cache(alice_client: Client, make_match: MakeMatch, export: str) -> None:
    match = make_match(deals=[{"points": [25, 8, 5, 2]}])

    download = alice_client.get(reverse(export, args=[match.pk]))

    assert download.status_code == 200
    assert download["Cache-Control"] == PRIVATE


def test_the_lists_and_the_login_page_are_kept_by_no_cache(alice_client: Client) -> None:
    for url in (reverse("match_list"), reverse("player_list"), reverse("evening_list"), reverse("stats")):
        assert "no-store" in alice_client.get(url)["Cache-Control"], url
    login = Client().get(reverse("login"))
    assert "private" in login["Cache-Control"]
    assert "no-store" in login["Cache-Control"]


def test_a_static_file_of_production_keeps_its_long_immutable_caching(settings: Any, tmp_path: Path) -> None:
    # Collected with hashed names, as `make serve-prod` does, and served by whitenoise.
    # (Changing STORAGES makes Django drop its storage objects, before and after.)
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)

    stylesheet = Client().get(static("css/app.css"))

    assert stylesheet.status_code == 200
    assert stylesheet["Cache-Control"] == "max-age=315360000, public, immutable"


@pytest.mark.django_db
def test_the_service_worker_and_the_health_check_keep_the_caching_they_ask_for(client: Client) -> None:
    assert client.get(reverse("service_worker"))["Cache-Control"] == "no-cache"
    assert "max-age=0" in client.get(reverse("health"))["Cache-Control"]


def test_a_match_document_a_bit_over_2_mb_reaches_the_import(alice_client: Client) -> None:
    document = SimpleUploadedFile("match.json", b" " * 2_100_000, content_type="application/json")

    answer = alice_client.post(reverse("match_import"), {"document": document}, follow=True)

    # The request was read: the import itself judges the file, and says why it is no match.
    assert answer.redirect_chain == [(reverse("match_list"), 302)]
    assert "This file is too big for a match document (over 2 MB)" in texts(answer, "li")


def test_a_request_too_big_to_read_gets_a_page_that_says_so(alice_client: Client) -> None:
    document = SimpleUploadedFile("match.json", b" " * (4 * 1024 * 1024), content_type="application/json")

    answer = alice_client.post(reverse("match_import"), {"document": document})

    assert answer.status_code == 413
    assert texts(answer, "h1") == ["This is too big to send"]
    assert "over 3 MB" in answer.content.decode()
    assert answer["Cache-Control"] == PRIVATE


def test_a_request_too_big_gets_the_page_in_the_phones_language(alice_client: Client) -> None:
    answer = alice_client.post(
        reverse("match_import"), {"notes": "x" * (4 * 1024 * 1024)}, HTTP_ACCEPT_LANGUAGE="it"
    )

    assert answer.status_code == 413
    assert texts(answer, "h1") == ["È troppo grande da inviare"]


def test_a_form_with_thousands_of_fields_is_refused_as_a_bad_request(alice_client: Client) -> None:
    fields = {f"field_{n}": "1" for n in range(2000)}

    answer = alice_client.post(reverse("player_list"), fields)

    assert answer.status_code == 400
