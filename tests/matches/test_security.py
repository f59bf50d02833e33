"""Safety facts: Django's deployment check finds nothing, every page sends the security headers,
no template holds a script the Content-Security-Policy would block, and guessing passwords is slowed down.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from .pages import texts

ROOT = Path(__file__).resolve().parents[2]
LOGIN = reverse("login")
PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "a-production-key-of-fifty-characters-or-more-0123456789-abcdefghij",
    "ALLOWED_HOSTS": "scores.example.org",
}


def run_django(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Python with the project's settings loaded from ``env`` alone (not the test run's)."""
    names: tuple[str, ...] = (
        "DEBUG",
        "SECRET_KEY",
        "ALLOWED_HOSTS",
        "SECURE_COOKIES",
        "HSTS_SECONDS",
        "SECURE_SSL_REDIRECT",
    )
    # The browser tests allow Django's ORM in Playwright's event loop; no production server does.
    names += ("DJANGO_ALLOW_ASYNC_UNSAFE",)
    environment = {k: v for k, v in os.environ.items() if k not in names}
    environment.update(env, DJANGO_SETTINGS_MODULE="scorekeeper.settings")
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); " + code],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )


# -- Deployment -------------------------------------------------------------------------------


def test_the_deployment_check_finds_nothing_with_the_production_settings() -> None:
    checked = run_django(
        "from django.core.management import call_command; call_command('check', deploy=True)", **PRODUCTION
    )

    assert checked.returncode == 0, checked.stderr
    assert "System check identified no issues" in checked.stdout, checked.stdout + checked.stderr
    assert "WARNINGS" not in checked.stderr


def test_production_cookies_are_secure_and_hidden_from_scripts_and_https_is_enforced() -> None:
    code = (
        "from django.conf import settings as s; "
        "print(s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SESSION_COOKIE_HTTPONLY, "
        "s.CSRF_COOKIE_HTTPONLY, s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS)"
    )
    loaded = run_django(code, **PRODUCTION)

    assert loaded.stdout.split() == ["True", "True", "True", "True", "True", "31536000"], loaded.stderr


def test_a_local_production_server_over_plain_http_can_turn_https_off() -> None:
    """What `make serve-prod` sets to serve on 127.0.0.1 without a certificate."""
    code = "from django.conf import settings as s; print(s.SESSION_COOKIE_SECURE, s.SECURE_SSL_REDIRECT)"
    local = {"SECURE_COOKIES": "false", "SECURE_SSL_REDIRECT": "false", "HSTS_SECONDS": "0"}
    loaded = run_django(code, **PRODUCTION, **local)

    assert loaded.stdout.split() == ["False", "False"], loaded.stderr


def test_a_number_setting_that_is_not_a_number_is_refused() -> None:
    loaded = run_django("", **PRODUCTION, HSTS_SECONDS="a year")

    assert loaded.returncode != 0
    assert "HSTS_SECONDS must be a whole number" in loaded.stderr


# -- Headers ------------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", LOGIN, reverse("signup")])
def test_every_page_sends_the_security_headers(client: Client, url: str) -> None:
    response = client.get(url)

    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"
    policy = {part.split()[0]: part.split()[1:] for part in response["Content-Security-Policy"].split("; ")}
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["form-action"] == ["'self'"]
    assert policy["base-uri"] == ["'self'"]
    assert "'unsafe-inline'" not in response["Content-Security-Policy"]
    assert "'unsafe-eval'" not in response["Content-Security-Policy"]


def test_a_logged_in_session_cookie_cannot_be_read_by_a_script(client: Client, alice: User) -> None:
    client.post(LOGIN, {"username": "alice", "password": "alice-password-1"})

    assert client.cookies["sessionid"]["httponly"] is True
    assert client.cookies["csrftoken"]["httponly"] is True


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
INLINE_HANDLER = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)
INLINE_STYLE = re.compile(r"<style\b|\sstyle\s*=", re.IGNORECASE)


@pytest.mark.parametrize("template", sorted((ROOT / "templates").rglob("*.html")), ids=lambda p: p.name)
def test_no_template_holds_a_script_or_style_the_policy_would_block(template: Path) -> None:
    source = template.read_text(encoding="utf-8")

    assert not INLINE_SCRIPT.search(source), "an inline <script>: move it to static/js"
    assert not INLINE_HANDLER.search(source), "an on...= handler: use a data- attribute and static/js/page.js"
    assert not INLINE_STYLE.search(source), "an inline style: use a class in static/css"


@pytest.mark.parametrize("script", sorted((ROOT / "static" / "js").rglob("*.js")), ids=lambda p: p.name)
def test_no_script_of_ours_evaluates_code(script: Path) -> None:
    source = script.read_text(encoding="utf-8")

    assert not re.search(r"\beval\s*\(|new\s+Function\s*\(|\bFunction\s*\(", source)


# -- Repeated failed logins ----------------------------------------------------------------------


def fail_to_log_in(client: Client, username: str = "alice", times: int = 5) -> None:
    """Wrong passwords: the login page says so four times; the fifth failure locks the name out."""
    for attempt in range(1, times + 1):
        refused = client.post(LOGIN, {"username": username, "password": "a-wrong-guess"})
        assert refused.status_code == (429 if attempt >= 5 else 200)


def test_after_five_failed_logins_even_the_right_password_waits(client: Client, alice: User) -> None:
    fail_to_log_in(client)

    page = client.post(LOGIN, {"username": "alice", "password": "alice-password-1"})

    assert page.status_code == 429
    assert texts(page, "div", class_="error") == [
        "Too many failed logins for this name. Wait 15 minutes and try again."
    ]
    assert not get_user(client).is_authenticated
    # The login page again, with the name typed, not an error page.
    assert 'value="alice"' in page.content.decode()


def test_four_failed_logins_do_not_lock_anyone_out(client: Client, alice: User) -> None:
    fail_to_log_in(client, times=4)

    response = client.post(LOGIN, {"username": "alice", "password": "alice-password-1"})

    assert response.status_code == 302
    assert get_user(client) == alice


def test_the_lockout_is_said_in_italian_too(client: Client, alice: User) -> None:
    fail_to_log_in(client)
    client.cookies["django_language"] = "it"

    page = client.post(LOGIN, {"username": "alice", "password": "alice-password-1"})

    assert page.status_code == 429
    assert texts(page, "div", class_="error") == [
        "Troppi accessi falliti con questo nome. Aspetta 15 minuti e riprova."
    ]


def test_another_name_from_the_same_address_can_still_log_in(client: Client, alice: User, bob: User) -> None:
    fail_to_log_in(client, "alice")

    response = client.post(LOGIN, {"username": "bob", "password": "bob-password-1"})

    assert response.status_code == 302
    assert get_user(client) == bob


def test_the_same_name_from_another_address_can_still_log_in(alice: User) -> None:
    fail_to_log_in(Client(REMOTE_ADDR="203.0.113.7"))

    elsewhere = Client(REMOTE_ADDR="198.51.100.4")
    response = elsewhere.post(LOGIN, {"username": "alice", "password": "alice-password-1"})

    assert response.status_code == 302


def test_after_the_wait_the_right_password_logs_in(client: Client, alice: User) -> None:
    fail_to_log_in(client)
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))

    response = client.post(LOGIN, {"username": "alice", "password": "alice-password-1"})

    assert response.status_code == 302
    assert get_user(client) == alice


def test_a_successful_login_forgets_the_earlier_failures(client: Client, alice: User) -> None:
    fail_to_log_in(client, times=4)
    client.post(LOGIN, {"username": "alice", "password": "alice-password-1"})
    client.post(reverse("logout"))

    fail_to_log_in(client, times=4)
    response = client.post(LOGIN, {"username": "alice", "password": "alice-password-1"})

    assert response.status_code == 302
