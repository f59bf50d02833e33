"""What the speed scripts share: a throwaway PostgreSQL database, realistic matches, a gunicorn server.

Everything runs on this machine: the database ``scorekeeper_bench`` (never the development or test
ones), gunicorn on 127.0.0.1, traffic only to 127.0.0.1.
"""

from __future__ import annotations

import os
import random
import secrets
import signal
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
PYTHON = str(ROOT / ".venv" / "bin" / "python")
GUNICORN = str(ROOT / ".venv" / "bin" / "gunicorn")
DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/scorekeeper_bench")
HOST, PORT = "127.0.0.1", int(os.environ.get("BENCH_PORT", "8110"))
NAMES = ("Anna", "Bruno", "Carla", "Dario")
# One key for the server and for this process, which makes the sessions the server reads.
SECRET_KEY = os.environ.get("BENCH_SECRET_KEY") or secrets.token_urlsafe(50)


def server_env() -> dict[str, str]:
    """The production settings: DEBUG off, a random key, plain HTTP cookies (loopback has no TLS)."""
    env = dict(os.environ)
    env.update(
        DEBUG="false",
        SECRET_KEY=SECRET_KEY,
        SECURE_COOKIES="false",
        SECURE_SSL_REDIRECT="false",
        DATABASE_URL=DATABASE_URL,
        ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
    )
    return env


def fresh_database() -> None:
    """Drop and create the bench database, then migrate it and collect the static files."""
    import psycopg

    url = urlparse(DATABASE_URL)
    name = url.path.lstrip("/")
    if name in ("", "postgres", "scorekeeper") or name.startswith("test_"):
        raise SystemExit(f"refusing to drop {name!r}: the bench uses its own database")
    params = {"host": url.hostname, "port": url.port or 5432, "user": url.username or "postgres"}
    with psycopg.connect(dbname="postgres", autocommit=True, connect_timeout=5, **params) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    env = server_env()
    subprocess.run([PYTHON, "manage.py", "migrate", "--no-input", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([PYTHON, "manage.py", "collectstatic", "--no-input", "-v0"], cwd=ROOT, env=env, check=True)


def analyze() -> None:
    """Statistics for the query planner, as autovacuum keeps them in production (it is off on the
    shared server here): without them it takes every match's log for a few rows, and sorts it."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def setup_django() -> None:
    """Django in this process, on the bench database (to load matches and make sessions)."""
    os.environ.update(server_env())
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


# -- Realistic matches ------------------------------------------------------------------------


def busca_deals(count: int, rng: random.Random) -> list[dict[str, Any]]:
    """Busca-001 deals: 40 points shared out, now and then a player who did not cover."""
    deals = []
    for _ in range(count):
        cuts = sorted(rng.sample(range(1, 40), 3))
        points = [b - a for a, b in zip([0, *cuts], [*cuts, 40], strict=True)]
        if rng.random() < 0.15:  # someone took no point: he did not cover
            seat = rng.randrange(4)
            points[(seat + 1) % 4] += points[seat]
            points[seat] = 0
        deals.append({"points": points})
    return deals


def mambassa_deals(count: int, rng: random.Random) -> list[dict[str, Any]]:
    """Mambassa deals: two in three with the cards shown, one in three with only who paid."""
    codes = [rank + suit for suit in "DSCB" for rank in "1234567FCR"]
    deals: list[dict[str, Any]] = []
    for number in range(count):
        if number % 3 == 2:
            deals.append({"payers": [rng.choice(NAMES)], "mambassa": None, "quarantuno": None})
        else:
            cards = rng.sample(codes, 16)
            deals.append({"hands": [cards[i : i + 4] for i in range(0, 16, 4)]})
    return deals


def whist_deals(count: int, rng: random.Random) -> list[dict[str, Any]]:
    """Whist deals, mostly close ones (a point or two): with a long game, the rubber stays open."""
    tricks = ([7, 6], [6, 7], [7, 6], [6, 7], [8, 5], [5, 8])
    honours = ([2, 2], [2, 2], [3, 1], [1, 3])
    return [{"tricks": rng.choice(tricks), "honours": rng.choice(honours)} for _ in range(count)]


def documents(deals: int, seed: int = 7) -> dict[str, dict[str, Any]]:
    """The matches of one bench user: each game open at ``deals`` deals, and finished ones for the evening.

    Mambassa gets 200 lives and Whist games of 1,000 points, so that a game can last 300 deals.
    """
    rng = random.Random(seed)

    def doc(game: str, options: dict[str, Any], entries: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "format": "scorekeeper-match/1",
            "game": game,
            "options": options,
            "players": list(NAMES),
            "first_dealer": NAMES[0],
            "start": None,
            "deals": entries,
        }

    return {
        "busca": doc("busca-001", {"stake": 1}, busca_deals(deals, rng)),
        "mambassa": doc("mambassa", {"lives": 200, "stake": 1}, mambassa_deals(deals, rng)),
        "whist": doc("whist", {"game_points": 1000, "stake": 1}, whist_deals(deals, rng)),
        "entry": doc("busca-001", {"stake": 1}, busca_deals(deals, rng)),
        "finished_1": doc("busca-001", {"stake": 1, "max_deals": deals}, busca_deals(deals, rng)),
        "finished_2": doc("busca-001", {"stake": 2, "max_deals": deals}, busca_deals(deals, rng)),
    }


@dataclass
class Fixture:
    """One bench user's matches (pk and version by name), evening and session cookie."""

    deals: int
    matches: dict[str, int]
    versions: dict[str, int]
    evening: int
    cookie: str


def load(deals: int) -> Fixture:
    """Store one user's matches at ``deals`` deals, all in one evening; log the user in."""
    from django.contrib.auth.models import User
    from django.test import Client

    from matches import services
    from matches.models import Change, Evening, Match, Player

    user = User.objects.create_user(f"bench{deals}", password=secrets.token_urlsafe(12))
    evening = Evening.objects.create(owner=user, date="2026-11-28", place="Bar Sport")
    matches, versions = {}, {}
    for name, doc in documents(deals).items():
        match = services.match_import(owner=user, doc=doc)
        match.evening = evening
        match.save(update_fields=["evening"])
        # As if entered at the table: a match's log holds a change for each of its deals.
        entered = Change.Kind.DEAL_ENTERED
        Change.objects.bulk_create(
            Change(
                match=match,
                kind=entered,
                deal=deal,
                deal_number=deal.number,
                after=deal.entry,
                author=user,
                author_name=user.username,
            )
            for deal in match.deals.order_by("number")
        )
        matches[name], versions[name] = match.pk, match.version
        expected = Match.Status.FINISHED if name.startswith("finished") else Match.Status.IN_PROGRESS
        assert match.status == expected, (name, match.status)
    evening.players.set(Player.objects.filter(owner=user))
    client = Client()
    client.force_login(user)
    return Fixture(deals, matches, versions, evening.pk, client.cookies["sessionid"].value)


# -- The server ----------------------------------------------------------------------------------


def start_server(
    workers: int, extra: Sequence[str] = (), log: str = "/tmp/bench-gunicorn.log"
) -> subprocess.Popen[bytes]:
    """gunicorn with the production settings on 127.0.0.1:PORT; returns once /health answers."""
    command = [
        GUNICORN,
        "scorekeeper.wsgi",
        "--bind",
        f"{HOST}:{PORT}",
        "--workers",
        str(workers),
        "--backlog",
        "4096",
        "--error-logfile",
        log,
        *extra,
    ]
    server = subprocess.Popen(command, cwd=ROOT, env=server_env(), start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://{HOST}:{PORT}/health", timeout=1) as response:
                if response.status == 200:
                    return server
        except OSError:
            time.sleep(0.2)
    stop_server(server)
    raise SystemExit(f"gunicorn did not answer on {HOST}:{PORT}; see {log}")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def worker_pids(server: subprocess.Popen[bytes]) -> list[int]:
    """The gunicorn workers: the children of the arbiter."""
    children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
    return [int(pid) for pid in children]


# -- Figures -------------------------------------------------------------------------------------


def percentile(values: Sequence[float], share: float) -> float:
    """The value below which ``share`` of the values lie (nearest rank)."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))
    return ordered[index]


def median(values: Sequence[float]) -> float:
    return statistics.median(values)
