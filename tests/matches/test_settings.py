"""The production settings refuse to start without a secret key of their own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


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
