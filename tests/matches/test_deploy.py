"""The deployment's entrypoint (deploy/entrypoint.sh: what the container and the systemd units run),
exercised outside a container as a release does it: migrate, then serve with deploy/gunicorn.conf.py."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENTRYPOINT = str(ROOT / "deploy" / "entrypoint.sh")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def production(tmp_path: Path, port: int) -> dict[str, str]:
    """The production settings, as deploy/env.example sets them, on an SQLite file of the test's own."""
    return {
        **{
            name: value
            for name, value in os.environ.items()
            if name not in ("DEBUG", "DJANGO_SETTINGS_MODULE")
        },
        "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'club.sqlite3'}",
        "SECRET_KEY": "a-secret-key-for-this-test-only-0123456789-abcdefghijklmnop",
        "DEBUG": "false",
        "SECURE_SSL_REDIRECT": "false",
        "SECURE_COOKIES": "false",
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "1",
        "ACCESS_LOG": "",
        "BACKUP_DIR": str(tmp_path / "backups"),
    }


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=2) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)


def test_migrate_then_serve_then_back_up_as_a_release_does(tmp_path: Path) -> None:
    port = free_port()
    env = production(tmp_path, port)
    migrated = subprocess.run([ENTRYPOINT, "migrate"], env=env, capture_output=True, text=True)
    assert migrated.returncode == 0, migrated.stderr
    assert "Applying matches.0001" in migrated.stdout

    server = subprocess.Popen([ENTRYPOINT, "serve"], env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if status_of(f"http://127.0.0.1:{port}/health") == 200:
                    break
            except OSError:
                time.sleep(0.2)
        assert status_of(f"http://127.0.0.1:{port}/health") == 200
        assert status_of(f"http://127.0.0.1:{port}/health/full") == 200  # migrated: every part works
        assert status_of(f"http://127.0.0.1:{port}/matches/1/events/") == 404  # the streams are served
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        assert server.wait(timeout=30) == 0  # a clean stop

    backed_up = subprocess.run([ENTRYPOINT, "backup"], env=env, capture_output=True, text=True)
    assert backed_up.returncode == 0, backed_up.stderr
    assert [path.suffix for path in (tmp_path / "backups").iterdir()] == [".sqlite3"]
    assert subprocess.run([ENTRYPOINT, "housekeeping"], env=env, capture_output=True).returncode == 0
