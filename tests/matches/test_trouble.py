"""When the server is in trouble: error pages that say what to do, in the visitor's language; a 503
with Retry-After while the database is unreachable; a health check that fails when saves would; and
SQLite saving again as soon as its file is writable again.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.views import LoginView
from django.db import OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper
from django.test import Client
from django.urls import reverse

from .pages import texts

ROOT = Path(__file__).resolve().parents[2]


def unreachable() -> Any:
    """The database stops answering: every query fails as a connection to a dead server does."""
    return mock.patch.object(
        BaseDatabaseWrapper, "ensure_connection", side_effect=OperationalError("connection refused")
    )


@pytest.mark.parametrize(
    ("language", "heading", "advice"),
    [
        ("en", "The scores cannot be reached just now", "Your deal is kept on this phone and will be sent"),
        ("it", "I punteggi non sono raggiungibili al momento", "La vostra smazzata resta su questo telefono"),
    ],
)
def test_a_page_asked_for_while_the_database_is_unreachable_says_to_try_again_later(
    alice_client: Client, language: str, heading: str, advice: str
) -> None:
    alice_client.raise_request_exception = False
    with unreachable():
        page = alice_client.get(reverse("match_list"), HTTP_ACCEPT_LANGUAGE=language)

    assert page.status_code == 503
    assert page["Retry-After"] == "30"
    assert texts(page, "h1") == [heading]
    assert advice in page.content.decode()
    assert f'<html lang="{language}">' in page.content.decode()


@pytest.mark.parametrize(
    ("language", "heading", "advice"),
    [
        ("en", "Something went wrong on our side", "a deal you were saving is kept on this phone"),
        ("it", "Qualcosa è andato storto da parte nostra", "la smazzata che stavate salvando resta"),
    ],
)
def test_a_server_error_says_nothing_entered_is_lost_in_the_visitors_language(
    client: Client, db: Any, language: str, heading: str, advice: str
) -> None:
    client.raise_request_exception = False
    with mock.patch.object(LoginView, "get", side_effect=RuntimeError("a bug")):
        page = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE=language)

    assert page.status_code == 500
    assert not page.has_header("Retry-After")
    assert texts(page, "h1") == [heading]
    assert advice in page.content.decode()


@pytest.mark.parametrize(
    ("language", "heading"), [("en", "This page is not here"), ("it", "Questa pagina non c'è")]
)
def test_a_page_that_is_not_there_says_so_in_the_visitors_language(
    alice_client: Client, language: str, heading: str
) -> None:
    page = alice_client.get("/matches/999999/", HTTP_ACCEPT_LANGUAGE=language)

    assert page.status_code == 404
    assert texts(page, "h1") == [heading]
    assert 'class="topbar"' in page.content.decode()


def test_the_health_check_fails_while_the_database_is_unreachable(client: Client, db: Any) -> None:
    with unreachable():
        answer = client.get(reverse("health"))

    assert answer.status_code == 503


READ_ONLY = """
import os, sys, tempfile, uuid
where = tempfile.mkdtemp()
os.environ["DATABASE_URL"] = f"sqlite:///{where}/db.sqlite3"
import django
django.setup()
from django.conf import settings
settings.DEBUG = False  # as a server runs: the error pages, not the debug page
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.contrib.auth.models import User
from django.db import close_old_connections, connection
from django.test import Client
from matches import services
from matches.models import Player

user = User.objects.create_user("alice", password="a-long-pass-phrase-7")
players = [Player.objects.create(owner=user, name=name) for name in ("Anna", "Bruno", "Carla", "Dario")]
match = services.match_create(owner=user, game="busca-000", options={}, players=players, first_dealer=0)
phone = Client(HTTP_HOST="127.0.0.1", raise_request_exception=False)
phone.force_login(user)

def served(answer):
    close_old_connections()  # as a server does after each request (the test client does not)
    return answer.status_code

def health():
    return served(phone.get("/health"))

def save(number):
    form = {"points_0": 10, "points_1": 10, "points_2": 10, "points_3": 10}
    form |= {"token": str(uuid.uuid4()), "number": number}
    return served(phone.post(f"/matches/{match.pk}/deals/", form))

print("writable", health(), save(1))
connection.close()
if os.geteuid() == 0:  # root writes to any file: a read-only file is read-only only to another user
    import encodings.unicode_escape  # what the process reads later, read while it can
    from django.template import loader
    from django.urls import get_resolver
    loader.get_template("503.html"), loader.get_template("500.html")
    get_resolver().resolve_error_handler(500)  # imported now: the checkout may be closed to others
    for path in (where, f"{where}/db.sqlite3"):
        os.chown(path, 65534, 65534)
    os.setgid(65534)
    os.setuid(65534)
os.chmod(f"{where}/db.sqlite3", 0o444)
print("read-only", health(), save(2))
os.chmod(f"{where}/db.sqlite3", 0o644)
print("fixed", save(2), health())
"""


def test_on_a_read_only_sqlite_file_the_health_check_fails_and_saves_work_again_once_it_is_fixed() -> None:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    env.pop("DATABASE_URL", None)
    run = subprocess.run(
        [sys.executable, "-c", READ_ONLY], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )

    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split("\n")[:3] == ["writable 200 302", "read-only 503 503", "fixed 302 200"]
