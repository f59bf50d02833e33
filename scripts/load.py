"""How many card tables one small server answers: simulated tables against gunicorn, more at each step.

Each table is one phone showing its Busca match: it asks the live address every ``--poll``
seconds (3) and enters a deal every ``--deal`` seconds (30), as htmx does (an HX-Request, the
version it shows; a changed match answers with the new parts, whose version the phone takes).
Every table has its own session and match. Each step runs ``--seconds`` with that many tables,
started at random moments so that they are not in step; a step passes when the 99th percentile
of every request is under 200 ms and nothing failed. The client is asyncio on raw sockets, on
the same 2 cores as the server and PostgreSQL: what it costs is taken from the server.

Traffic goes only to 127.0.0.1. Prints a Markdown table and the largest passing step.
Usage: .venv/bin/python scripts/load.py [--steps 100,250,500,750,1000] [--seconds 40] [--workers 3]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))

import benchkit
from benchkit import HOST, PORT

VERSION = re.compile(rb'data-version="(\d+)"')
CSRF = uuid.uuid4().hex  # a 32-character CSRF secret: the cookie and the header
TIMEOUT = 10.0


@dataclass
class Table:
    match: int
    version: int
    deals: int
    cookie: str


@dataclass
class Step:
    tables: int
    polls: list[float] = field(default_factory=list)
    entries: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    cpu: float = 0.0  # seconds of CPU the server (gunicorn and its PostgreSQL backends) spent


def cpu_seconds(pids: list[int]) -> dict[int, float]:
    """The CPU time (user and system) each process has used so far."""
    used = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        used[pid] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return used


def server_pids(server: Any) -> list[int]:
    """The gunicorn workers and the PostgreSQL backends serving the bench database."""
    import psycopg

    name = benchkit.DATABASE_URL.rsplit("/", 1)[-1]
    with psycopg.connect("postgres://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        rows = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()", [name]
        ).fetchall()
    return benchkit.worker_pids(server) + [row[0] for row in rows]


def prepare(count: int, deals: int) -> list[Table]:
    """``count`` open Busca matches of ``deals`` deals, each with its own logged-in session."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.models import User

    from matches import services
    from matches.sessions import SessionStore, UserBackend

    user = User.objects.create_user("load", password=uuid.uuid4().hex)
    rng = random.Random(3)
    tables = []
    for _ in range(count):
        doc = benchkit.match_document("busca-001", {"stake": 1}, benchkit.busca_deals(deals, rng))
        match = services.match_import(owner=user, doc=doc)
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = f"{UserBackend.__module__}.{UserBackend.__qualname__}"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        assert session.session_key is not None
        tables.append(Table(match.pk, match.version, deals, session.session_key))
    return tables


async def http(method: str, path: str, cookie: str, body: dict[str, str] | None = None) -> tuple[int, bytes]:
    """One request on a new connection (gunicorn's sync workers close each one): status and body."""
    data = urlencode(body).encode() if body is not None else b""
    head = [
        f"{method} {path} HTTP/1.1",
        f"Host: {HOST}:{PORT}",
        f"Cookie: sessionid={cookie}; csrftoken={CSRF}",
        "HX-Request: true",
        "Connection: close",
    ]
    if body is not None:
        head += [
            "Content-Type: application/x-www-form-urlencoded",
            f"Content-Length: {len(data)}",
            f"X-CSRFToken: {CSRF}",
        ]
    reader, writer = await asyncio.open_connection(HOST, PORT)
    try:
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        response = await reader.read()
    finally:
        writer.close()
    status = int(response.split(b" ", 2)[1]) if response.startswith(b"HTTP/") else 0
    return status, response


async def phone(table: Table, step: Step, until: float, poll_every: float, deal_every: float) -> None:
    """One table's phone: polls, and enters a deal now and then, until ``until``."""
    loop = asyncio.get_running_loop()
    next_poll = loop.time() + random.uniform(0, poll_every)
    next_deal = loop.time() + random.uniform(0, deal_every)
    while True:
        moment = min(next_poll, next_deal)
        if moment >= until:
            return
        await asyncio.sleep(max(0.0, moment - loop.time()))
        entering = next_deal <= next_poll
        if entering:
            next_deal += deal_every
            body = {"points_0": "14", "points_1": "10", "points_2": "9", "points_3": "7"}
            body |= {"token": str(uuid.uuid4()), "number": str(table.deals + 1)}
            request = http("POST", f"/matches/{table.match}/deals/", table.cookie, body)
        else:
            next_poll += poll_every
            path = f"/matches/{table.match}/live/?v={table.version}&s=in_progress"
            request = http("GET", path, table.cookie)
        start = time.perf_counter()
        try:
            status, response = await asyncio.wait_for(request, TIMEOUT)
        except (OSError, TimeoutError) as error:
            step.errors.append(f"{type(error).__name__}: {error}")
            continue
        elapsed = (time.perf_counter() - start) * 1000
        expected = (200,) if entering else (200, 204)
        if status not in expected:
            step.errors.append(f"{'POST' if entering else 'GET'} answered {status}")
            continue
        (step.entries if entering else step.polls).append(elapsed)
        if entering:
            table.deals += 1
        found = VERSION.search(response)
        if found:
            table.version = int(found.group(1))


async def run_step(tables: list[Table], seconds: float, poll_every: float, deal_every: float) -> Step:
    step = Step(len(tables))
    until = asyncio.get_running_loop().time() + seconds
    await asyncio.gather(*(phone(t, step, until, poll_every, deal_every) for t in tables))
    return step


def report(steps: list[Step], seconds: float, poll_every: float, deal_every: float, workers: int) -> str:
    lines = [
        f"Each table: one phone polling every {poll_every:g} s and entering a deal every {deal_every:g} s; "
        f"{seconds:g} s per step; gunicorn with {workers} sync workers; the client on the same 2 cores.",
        "",
        "| tables | requests/s | polls: median | p99 | deals entered: median | p99 | all: p99 | errors | "
        "server CPU per request | |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    best = 0
    for step in steps:
        every = step.polls + step.entries
        p99 = benchkit.percentile(every, 0.99) if every else float("inf")
        ok = p99 < 200 and not step.errors
        if ok:
            best = max(best, step.tables)

        def cell(values: list[float], share: float) -> str:
            return f"{benchkit.percentile(values, share):.1f} ms" if values else "–"

        lines.append(
            f"| {step.tables} | {len(every) / seconds:.0f} "
            f"| {cell(step.polls, 0.5)} | {cell(step.polls, 0.99)} "
            f"| {cell(step.entries, 0.5)} | {cell(step.entries, 0.99)} | {p99:.1f} ms | {len(step.errors)} "
            f"| {1000 * step.cpu / max(len(every), 1):.1f} ms | {'pass' if ok else 'fail'} |"
        )
    lines += ["", f"**Tables served** (p99 under 200 ms, no error): **{best}**"]
    measured = [step for step in steps if step.cpu > 0]
    if measured:
        # What one table costs the server each second, whatever else the machine is doing.
        per_table = sum(s.cpu for s in measured) / sum(s.tables * seconds for s in measured)
        lines.append(
            f"Server CPU per table: {1000 * per_table:.1f} ms each second; two cores spent on nothing "
            f"else would serve about {2 / per_table:.0f} tables (the ceiling, before any queueing)."
        )
    errors = sorted({e for s in steps for e in s.errors})
    if errors:
        lines.append(f"Errors seen: {', '.join(errors[:5])}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", default="100,250,500,750,1000,1250,1500")
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--poll", type=float, default=3)
    parser.add_argument("--deal", type=float, default=30)
    parser.add_argument("--deals", type=int, default=10, help="deals in each match at the start")
    parser.add_argument("--workers", type=int, default=3)
    args = parser.parse_args()
    counts = [int(n) for n in args.steps.split(",")]
    entered = len(counts) * (int(args.seconds / args.deal) + 1)  # the most a table enters in the run
    if args.deals + entered > benchkit.DEALS_MOST:
        raise SystemExit(
            f"a match holds at most {benchkit.DEALS_MOST} deals: --deals {args.deals} is too many"
        )

    print("load: preparing the database…", file=sys.stderr)
    benchkit.fresh_database()
    benchkit.setup_django()
    tables = prepare(max(counts), args.deals)
    benchkit.analyze()
    server = benchkit.start_server(args.workers)
    steps = []
    try:
        for count in counts:
            print(f"load: {count} tables for {args.seconds:g} s…", file=sys.stderr)
            before = cpu_seconds(server_pids(server))
            step = asyncio.run(run_step(tables[:count], args.seconds, args.poll, args.deal))
            after = cpu_seconds(server_pids(server))
            step.cpu = sum(after[pid] - before.get(pid, 0.0) for pid in after)
            steps.append(step)
            every = step.polls + step.entries
            if step.errors or not every or benchkit.percentile(every, 0.99) >= 200:
                break  # the next step would only fail harder
    finally:
        benchkit.stop_server(server)
    print(report(steps, args.seconds, args.poll, args.deal, args.workers))


if __name__ == "__main__":
    main()
