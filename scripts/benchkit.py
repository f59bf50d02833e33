"""What the speed scripts share: a throwaway PostgreSQL database, realistic matches, a gunicorn server.

Everything runs on this machine: the database ``scorekeeper_bench`` (never the development or test
ones), gunicorn on 127.0.0.1, traffic only to 127.0.0.1.
"""

from __future__ import annotations

import os
import random
import secrets
import signal
import socket
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
if str(ROOT) not in sys.path:  # the rules engine: its limits, and it plays Mambassa deals as they are dealt
    sys.path.insert(0, str(ROOT))

# The most deals a match holds (docs/format.md, "Limits"), for load.py and faults.py.
from games.core import DEALS_MOST as DEALS_MOST  # noqa: E402

DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/scorekeeper_bench")
HOST, PORT = "127.0.0.1", int(os.environ.get("BENCH_PORT", "8110"))
NAMES = ("Anna", "Bruno", "Carla", "Dario")
# One key for the server and for this process, which makes the sessions the server reads.
SECRET_KEY = os.environ.get("BENCH_SECRET_KEY") or secrets.token_urlsafe(50)


def server_env(settings: str = "scorekeeper.settings") -> dict[str, str]:
    """The production settings: DEBUG off, a random key, plain HTTP cookies (loopback has no TLS).
    ``settings``: another settings module, one of scripts/ (bench_settings_nocache: no cache)."""
    env = dict(os.environ)
    env.update(
        DEBUG="false",
        SECRET_KEY=SECRET_KEY,
        SECURE_COOKIES="false",
        SECURE_SSL_REDIRECT="false",
        DATABASE_URL=DATABASE_URL,
        ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SETTINGS_MODULE=settings,
    )
    return env


def fresh_database() -> None:
    """Drop and create the bench database, then migrate it and collect the static files."""
    import psycopg

    url = urlparse(DATABASE_URL)
    name = url.path.lstrip("/")
    if name in ("", "postgres", "scorekeeper") or name.startswith("test_"):
        raise SystemExit(f"refusing to drop {name!r}: the bench uses its own database")
    with psycopg.connect(
        dbname="postgres",
        host=url.hostname,
        port=url.port or 5432,
        user=url.username or "postgres",
        autocommit=True,
        connect_timeout=5,
    ) as conn:
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


# The house rules' limits (docs/format.md, "Limits") keep Mambassa and Whist far from 300 deals. The
# longest games they allow with realistic deals: Mambassa with 8 players and 20 lives each, the most of
# both (each deal costs a token or more, and 140 of the 160 go before one player is left: of 200 games
# dealt as mambassa_deals deals them, the median lasted 130 deals, the longest 141), or with 4 players
# (median 70, longest 76); a Whist rubber of games to 20 points (of 500 rubbers of close deals dealt as
# whist_deals deals them, the median lasted 37 deals, the longest 57). Quarantuno's token back is too
# rare to count, and so is a deal that would put everyone out (`all_out_at_once`: none in 200 games).
# Each seed below deals the longest game seen, still open after its number of deals.
MAMBASSA_PLAYERS = (*NAMES, "Elena", "Fabio", "Gina", "Luca")
MAMBASSA_OPTIONS = {"lives": 20}
MAMBASSA_LONGEST, MAMBASSA_SEED = 140, 133
MAMBASSA_4_LONGEST, MAMBASSA_4_SEED = 75, 55
WHIST_OPTIONS = {"game_points": 20}
WHIST_LONGEST, WHIST_SEED = 56, 480
LABELS = {
    "busca": "Busca (busca-001)",
    "mambassa": f"Mambassa, {len(MAMBASSA_PLAYERS)} players, {MAMBASSA_OPTIONS['lives']} lives",
    "whist": f"Whist, games to {WHIST_OPTIONS['game_points']}",
}


def mambassa_deals(
    count: int, rng: random.Random, players: Sequence[str] = MAMBASSA_PLAYERS
) -> list[dict[str, Any]]:
    """Mambassa deals of a game with MAMBASSA_OPTIONS: two in three with the cards of every player
    still in shown, one in three with only who paid (one of them). Played as they are dealt, so that
    only players still in play; SystemExit if the game ends within ``count`` deals."""
    from games.core import resolve_options
    from games.mambassa import document as mambassa_format
    from games.mambassa.rules import MAMBASSA

    codes = [rank + suit for suit in "DSCB" for rank in "1234567FCR"]
    state = MAMBASSA.replayed(resolve_options(MAMBASSA.options, MAMBASSA_OPTIONS), players, 0, [])
    deals: list[dict[str, Any]] = []
    for number in range(1, count + 1):
        if state.ended:
            raise SystemExit(f"this Mambassa game ended after deal {number - 1}, before {count}")
        still = [seat for seat, tokens in enumerate(state.tokens) if tokens > 0]
        if number % 3 == 0:
            deal: dict[str, Any] = {
                "payers": [players[rng.choice(still)]],
                "mambassa": None,
                "quarantuno": None,
            }
        else:
            cards = iter(rng.sample(codes, 4 * len(still)))
            deal = {
                "hands": [
                    [next(cards) for _ in range(4)] if seat in still else None for seat in range(len(players))
                ]
            }
        state.step(number, mambassa_format.read_deal(deal, players, number))
        deals.append(deal)
    if state.ended:
        raise SystemExit(f"this Mambassa game ended after deal {count}")
    return deals


def whist_deals(count: int, rng: random.Random) -> list[dict[str, Any]]:
    """Whist deals, mostly close ones (a point or two): with games to 20, the rubber stays open long."""
    tricks = ([7, 6], [6, 7], [7, 6], [6, 7], [8, 5], [5, 8])
    honours = ([2, 2], [2, 2], [3, 1], [1, 3])
    return [{"tricks": rng.choice(tricks), "honours": rng.choice(honours)} for _ in range(count)]


def match_document(
    game: str, options: dict[str, Any], entries: list[dict[str, Any]], players: Sequence[str] = NAMES
) -> dict[str, Any]:
    return {
        "format": "scorekeeper-match/1",
        "game": game,
        "options": options,
        "players": list(players),
        "first_dealer": players[0],
        "start": None,
        "deals": entries,
    }


def long_mambassa(deals: int) -> dict[str, Any]:
    """The first ``deals`` deals (at most MAMBASSA_LONGEST) of one of the longest Mambassa games."""
    entries = mambassa_deals(min(deals, MAMBASSA_LONGEST), random.Random(MAMBASSA_SEED))
    return match_document("mambassa", {**MAMBASSA_OPTIONS, "stake": 1}, entries, MAMBASSA_PLAYERS)


def long_whist(deals: int) -> dict[str, Any]:
    """The first ``deals`` deals (at most WHIST_LONGEST) of one of the longest Whist rubbers."""
    entries = whist_deals(min(deals, WHIST_LONGEST), random.Random(WHIST_SEED))
    return match_document("whist", {**WHIST_OPTIONS, "stake": 1}, entries)


def documents(deals: int, seed: int = 7) -> dict[str, dict[str, Any]]:
    """The matches of one bench user, each game open at ``deals`` deals (Mambassa and Whist at most at
    their longest), and two finished Busca matches of ``deals`` deals for the evening."""
    rng = random.Random(seed)
    busca = {"stake": 1}  # no victory threshold: the match goes on as long as the table plays
    return {
        "busca": match_document("busca-001", busca, busca_deals(deals, rng)),
        "mambassa": long_mambassa(deals),
        "whist": long_whist(deals),
        "entry": match_document("busca-001", busca, busca_deals(deals, rng)),
        "finished_1": match_document("busca-001", {"stake": 1, "max_deals": deals}, busca_deals(deals, rng)),
        "finished_2": match_document("busca-001", {"stake": 2, "max_deals": deals}, busca_deals(deals, rng)),
    }


@dataclass
class Fixture:
    """One bench user's matches (pk, version and deals by name), evening and session cookie."""

    deals: int
    matches: dict[str, int]
    versions: dict[str, int]
    sizes: dict[str, int]
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
    matches, versions, sizes = {}, {}, {}
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
        matches[name], versions[name], sizes[name] = match.pk, match.version, len(doc["deals"])
        expected = Match.Status.FINISHED if name.startswith("finished") else Match.Status.IN_PROGRESS
        assert match.status == expected, (name, match.status)
    evening.players.set(Player.objects.filter(owner=user))
    client = Client()
    client.force_login(user)
    return Fixture(deals, matches, versions, sizes, evening.pk, client.cookies["sessionid"].value)


# -- The server ----------------------------------------------------------------------------------


def start_server(
    workers: int,
    extra: Sequence[str] = (),
    log: str = "/tmp/bench-gunicorn.log",
    quiet: bool = False,
    settings: str = "scorekeeper.settings",
    port: int = PORT,
    production: bool = False,
) -> subprocess.Popen[bytes]:
    """gunicorn with the production settings on 127.0.0.1:``port``; returns once /health answers.
    ``quiet``: what the app logs (each 503 of a faults run, say) goes to ``log`` too, not to stderr.
    ``settings``: another settings module (server_env); those of scripts/ are found there.
    ``production``: started as deploy/scorekeeper.service starts it, with deploy/gunicorn.conf.py
    (BIND and WEB_CONCURRENCY from the environment; no access log), its log on stderr unless ``quiet``."""
    with socket.socket() as probe:  # another server there would answer /health for this one
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gunicorn: closed ones may linger
        try:
            probe.bind((HOST, port))
        except OSError:
            raise SystemExit(f"{HOST}:{port} is taken by another server: BENCH_PORT picks another") from None
    command = [
        GUNICORN,
        "scorekeeper.asgi:application",
        "--worker-class",
        "scorekeeper.workers.Worker",
        "--bind",
        f"{HOST}:{port}",
        "--workers",
        str(workers),
        "--backlog",
        "4096",
        "--error-logfile",
        log,
        *(["--pythonpath", str(ROOT / "scripts")] if settings != "scorekeeper.settings" else []),
        *extra,
    ]
    env = server_env(settings)
    if production:
        config = str(ROOT / "deploy" / "gunicorn.conf.py")
        command = [GUNICORN, "-c", config, "scorekeeper.asgi:application", *extra]
        env.update(BIND=f"{HOST}:{port}", WEB_CONCURRENCY=str(workers), ACCESS_LOG="")
    output = open(log, "ab") if quiet else None  # noqa: SIM115 (closed once the server holds its copy)
    server = subprocess.Popen(
        command, cwd=ROOT, env=env, start_new_session=True, stdout=output, stderr=output
    )
    if output is not None:
        output.close()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://{HOST}:{port}/health", timeout=1) as response:
                if response.status == 200:
                    return server
        except OSError:
            time.sleep(0.2)
    stop_server(server)
    raise SystemExit(f"gunicorn did not answer on {HOST}:{port}; see {log}")


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
