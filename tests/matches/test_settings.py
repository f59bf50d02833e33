"""Safe when someone forgets a setting: DEBUG is off unless asked for, a server without a secret key
of its own refuses to start and says what to set, and a server's errors reach its log."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "a-production-key-of-fifty-characters-or-more-0123456789-abcdef",
}
# A view that fails, added to the project's URLs in a process of its own.
FAILING_VIEW = """
from django.test import Client
from django.urls import path
import scorekeeper.urls

def boom(request):
    raise ZeroDivisionError("the sheet does not add up")

scorekeeper.urls.urlpatterns.insert(0, path("boom", boom))
"""


def run_with_nothing_set(*command: str) -> subprocess.CompletedProcess[str]:
    """``command`` as on a fresh server: no variable at all but PATH (``env -i``)."""
    return subprocess.run(
        command,
        cwd=ROOT,
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def run_django(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Python with the project's settings loaded from ``env`` alone (not the test run's)."""
    environment = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
    }
    environment.update(env)
    return subprocess.run(
        [sys.executable, "-c", "import django\ndjango.setup()\n" + code],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def load_settings(**env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DEBUG")}
    environment.update(env, DJANGO_SETTINGS_MODULE="scorekeeper.settings")
    code = "import django; django.setup(); from django.conf import settings; print(settings.DEBUG)"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=environment, capture_output=True, text=True, check=False
    )


def test_a_production_server_without_a_secret_key_refuses_to_start() -> None:
    loaded = load_settings(DEBUG="false")
    assert loaded.returncode != 0
    assert "SECRET_KEY is required when DEBUG is off" in loaded.stderr


def test_a_production_server_with_a_secret_key_starts_with_debug_off() -> None:
    loaded = load_settings(DEBUG="false", SECRET_KEY="x" * 50)
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.strip() == "False"


def test_a_debug_flag_that_is_not_true_or_false_is_refused() -> None:
    loaded = load_settings(DEBUG="maybe")
    assert "DEBUG must be true or false" in loaded.stderr


def test_debug_is_off_when_nothing_asks_for_it() -> None:
    loaded = load_settings(SECRET_KEY="x" * 50)

    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.strip() == "False"


def test_gunicorn_started_with_nothing_set_refuses_to_start_and_says_what_to_set() -> None:
    started = run_with_nothing_set(str(VENV_BIN / "gunicorn"), "scorekeeper.wsgi", "--bind", "127.0.0.1:0")

    assert started.returncode != 0
    assert "SECRET_KEY is required when DEBUG is off. Set SECRET_KEY to a long random value" in started.stderr
    assert "DEBUG=true is for development on your own machine only" in started.stderr


def test_a_management_command_with_nothing_set_refuses_too() -> None:
    checked = run_with_nothing_set(sys.executable, "manage.py", "check")

    assert checked.returncode != 0
    assert "SECRET_KEY is required when DEBUG is off" in checked.stderr


def test_make_run_and_make_migrate_ask_for_debug() -> None:
    planned = subprocess.run(["make", "-n", "run"], cwd=ROOT, capture_output=True, text=True, check=True)

    assert "DEBUG=true .venv/bin/uvicorn scorekeeper.asgi:application --reload" in planned.stdout
    assert "DEBUG=${DEBUG:-true} .venv/bin/python manage.py migrate" in planned.stdout


def test_a_server_error_is_logged_to_standard_error_with_its_traceback_when_debug_is_off() -> None:
    code = (
        FAILING_VIEW + "\nprint(Client(raise_request_exception=False).get('/boom', secure=True).status_code)"
    )
    served = run_django(code, **PRODUCTION)

    assert served.stdout.strip() == "500", served.stderr
    lines = served.stderr.splitlines()
    logged = next(
        i for i, line in enumerate(lines) if "ERROR django.request: Internal Server Error: /boom" in line
    )
    assert lines[logged + 1] == "Traceback (most recent call last):"
    assert "ZeroDivisionError: the sheet does not add up" in lines[logged + 2 :]
    # The visitor sees Django's plain error page, never the debug page with the code.
    assert "the sheet does not add up" not in served.stdout


def test_the_apps_own_warnings_are_logged_to_standard_error_one_line_each() -> None:
    code = "import logging; logging.getLogger('matches.services').warning('deal %s stored twice', 3)"
    logged = run_django(code, **PRODUCTION)

    assert logged.returncode == 0, logged.stderr
    line = r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ WARNING matches.services: deal 3 stored twice$"
    assert re.search(line, logged.stderr, re.MULTILINE), logged.stderr


def test_the_email_goes_to_the_console_unless_an_smtp_server_is_set() -> None:
    code = (
        "from django.conf import settings as s; "
        "print(s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_USE_TLS, s.DEFAULT_FROM_EMAIL)"
    )
    default = run_django(code, **PRODUCTION)
    smtp = run_django(
        code,
        **PRODUCTION,
        EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
        EMAIL_HOST="mail.example.org",
        EMAIL_PORT="587",
        EMAIL_USE_TLS="true",
        DEFAULT_FROM_EMAIL="scores@example.org",
    )

    assert default.stdout.split() == [
        "django.core.mail.backends.console.EmailBackend",
        "localhost",
        "25",
        "False",
        "webmaster@localhost",
    ], default.stderr
    assert smtp.stdout.split() == [
        "django.core.mail.backends.smtp.EmailBackend",
        "mail.example.org",
        "587",
        "True",
        "scores@example.org",
    ], smtp.stderr


def test_the_cache_is_each_processs_memory_bounded_by_entries_unless_redis_is_named() -> None:
    shown = "from django.conf import settings; print(settings.CACHES['default'])"

    alone = run_django(shown, **PRODUCTION)
    with_redis = run_django(shown, REDIS_URL="redis://127.0.0.1:6379/0", **PRODUCTION)

    assert "LocMemCache" in alone.stdout
    assert "'MAX_ENTRIES': 1000" in alone.stdout
    assert "django.core.cache.backends.redis.RedisCache" in with_redis.stdout
    assert "redis://127.0.0.1:6379/0" in with_redis.stdout


def redis_listening() -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", 6379)) == 0


@pytest.mark.skipif(not redis_listening(), reason="no Redis at 127.0.0.1:6379")
def test_with_redis_what_one_process_keeps_another_finds() -> None:
    key = f"scorekeeper-test-{os.getpid()}"
    code = "from django.core.cache import cache; {}"
    env = {"REDIS_URL": "redis://127.0.0.1:6379/0", **PRODUCTION}

    run_django(code.format(f"cache.set({key!r}, 'kept', 30)"), **env)
    found = run_django(code.format(f"print(cache.get({key!r})); cache.delete({key!r})"), **env)

    assert found.stdout.strip() == "kept", found.stderr
