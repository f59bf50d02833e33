"""`make faults`: deals entered while gunicorn workers are killed, and a database that drops every connection.

1. A burst of deal entries, tables in parallel, each deal with its own one-time token as a
   phone's form sends it; meanwhile gunicorn workers are killed (SIGKILL, mid-request). A phone
   whose request failed sends the same form again (same token, same deal number) until it gets
   an answer. Then the database must hold every intended deal exactly once, numbered without a
   gap, each with its log entry, and each match's stored result must be the replay of its deals.
2. PostgreSQL restarting, as the app sees it: every connection of the bench database is ended
   (pg_terminate_backend; the shared server itself is not restarted); the pages must go on
   answering, the server reconnecting by itself.

Traffic goes only to 127.0.0.1. Prints a Markdown report; exits 1 when a check fails.
Usage: .venv/bin/python scripts/faults.py [--tables 20] [--deals 15] [--kills 4]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import benchkit
from load import http

POINTS = {"points_0": "14", "points_1": "10", "points_2": "9", "points_3": "7"}


@dataclass
class Phone:
    match: int
    cookie: str
    tokens: list[str] = field(default_factory=list)  # the token of deal n at index n - 1
    attempts: int = 0
    failures: list[str] = field(default_factory=list)


def prepare(tables: int) -> list[Phone]:
    from django.contrib.auth.models import User
    from django.test import Client

    from matches import services

    user = User.objects.create_user("faults", password=uuid.uuid4().hex)
    client = Client()
    client.force_login(user)
    cookie = client.cookies["sessionid"].value
    phones = []
    for _ in range(tables):
        match = services.match_import(owner=user, doc=benchkit.match_document("busca-001", {"stake": 1}, []))
        phones.append(Phone(match.pk, cookie))
    return phones


async def enter_deals(phone: Phone, deals: int) -> None:
    """One table's phone enters ``deals`` deals one after the other, sending a form again until answered."""
    for number in range(1, deals + 1):
        token = str(uuid.uuid4())
        phone.tokens.append(token)
        body = {**POINTS, "token": token, "number": str(number)}
        while True:
            phone.attempts += 1
            try:
                status, _ = await asyncio.wait_for(
                    http("POST", f"/matches/{phone.match}/deals/", phone.cookie, body), 15
                )
            except (OSError, TimeoutError, IndexError, ValueError) as error:
                phone.failures.append(type(error).__name__)
                status = 0
            if status == 200:
                break
            if status not in (0, 500, 502, 503):
                raise SystemExit(f"deal {number} of match {phone.match} refused: {status}")
            phone.failures.append(str(status) if status else "connection closed")
            await asyncio.sleep(0.05)  # a phone retries at once; htmx would too after an error


async def killer(server: Any, kills: int, every: float) -> list[int]:
    """SIGKILL a busy gunicorn worker every ``every`` seconds, ``kills`` times."""
    killed = []
    for _ in range(kills):
        await asyncio.sleep(every)
        workers = benchkit.worker_pids(server)
        if workers:
            victim = workers[len(killed) % len(workers)]
            os.kill(victim, signal.SIGKILL)
            killed.append(victim)
    return killed


async def burst(server: Any, phones: list[Phone], deals: int, kills: int) -> tuple[list[int], float]:
    start = time.perf_counter()
    killing = asyncio.create_task(killer(server, kills, 0.7))
    await asyncio.gather(*(enter_deals(phone, deals) for phone in phones))
    killed = await killing
    return killed, time.perf_counter() - start


def check_stored(phones: list[Phone], deals: int) -> list[str]:
    """What the database holds against what the phones meant: every deal once, no gap, results that agree."""
    from matches import services
    from matches.models import Change, Deal, Match
    from matches.rules import document

    problems = []
    for phone in phones:
        stored = list(Deal.everything.filter(match_id=phone.match).order_by("number"))
        numbers = [deal.number for deal in stored]
        if numbers != list(range(1, deals + 1)):
            problems.append(f"match {phone.match}: deals {numbers}, expected 1..{deals}")
        if [str(deal.token) for deal in stored] != phone.tokens:
            problems.append(f"match {phone.match}: the stored tokens are not the phone's, in order")
        # The entry as sent; the web pages add who dealt it, as the table saw it (docs/format.md).
        sent = [{k: v for k, v in deal.entry.items() if k != "dealer"} for deal in stored]
        if any(deal.deleted_at is not None for deal in stored) or any(
            entry != {"points": [14, 10, 9, 7]} for entry in sent
        ):
            problems.append(f"match {phone.match}: a deal differs from what was entered")
        logged = Change.objects.filter(match_id=phone.match, kind=Change.Kind.DEAL_ENTERED).count()
        if logged != deals:
            problems.append(f"match {phone.match}: {logged} deals in the change log, expected {deals}")
        match = Match.objects.get(pk=phone.match)
        standing = services.match_standing(match)
        if match.result != document.result_json(standing.rules, standing.played, deals=False):
            problems.append(f"match {phone.match}: its stored result is not the replay of its deals")
    return problems


def reconnect(phone: Phone, requests: int) -> tuple[int, int, int]:
    """End every connection of the bench database, then ask for pages: how many answered, how many failed."""
    import psycopg

    async def ask() -> list[int]:
        statuses = []
        for n in range(requests):
            path = "/health" if n % 2 else f"/matches/{phone.match}/"
            try:
                status, _ = await asyncio.wait_for(http("GET", path, phone.cookie), 15)
            except (OSError, TimeoutError) as error:
                print(f"faults: {error}", file=sys.stderr)
                status = 0
            statuses.append(status)
        return statuses

    asyncio.run(ask())  # every worker holds a connection now
    name = benchkit.DATABASE_URL.rsplit("/", 1)[-1]
    with psycopg.connect("postgres://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        ended = conn.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            [name],
        ).fetchone()
    statuses = asyncio.run(ask())
    answered = sum(1 for s in statuses if s == 200)
    return (ended[0] if ended else 0), answered, len(statuses) - answered


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--deals", type=int, default=15)
    parser.add_argument("--kills", type=int, default=4)
    parser.add_argument("--workers", type=int, default=3)
    args = parser.parse_args()
    if not 1 <= args.deals <= benchkit.DEALS_MOST:
        raise SystemExit(f"--deals is 1 to {benchkit.DEALS_MOST}: the most deals a match holds")

    print("faults: preparing the database…", file=sys.stderr)
    benchkit.fresh_database()
    benchkit.setup_django()
    phones = prepare(args.tables)
    server = benchkit.start_server(args.workers, log="/tmp/bench-faults.log")
    try:
        print("faults: a burst of deals while workers are killed…", file=sys.stderr)
        killed, seconds = asyncio.run(burst(server, phones, args.deals, args.kills))
        time.sleep(1)
        print("faults: every database connection ended…", file=sys.stderr)
        ended, answered, failed = reconnect(phones[0], 20)
    finally:
        benchkit.stop_server(server)
    from django.db import connection

    connection.close()  # this process's connection was ended too
    problems = check_stored(phones, args.deals)
    intended = args.tables * args.deals
    attempts = sum(p.attempts for p in phones)
    failures = [f for p in phones for f in p.failures]
    lines = [
        "| fault | what happened | check | |",
        "|---|---|---|---|",
        f"| {len(killed)} gunicorn workers killed (SIGKILL) during a burst of {intended} deal entries "
        f"({args.tables} tables in parallel, {seconds:.1f} s) | {attempts} requests, {len(failures)} failed "
        f"({', '.join(sorted(set(failures))) or 'none'}) and were sent again with the same token "
        f"| {intended - len(problems) if problems else intended} of {intended} deals stored exactly once, "
        f"numbered without a gap, logged once, results equal to the replay "
        f"| {'pass' if not problems else 'FAIL'} |",
        f"| PostgreSQL restart as the app sees it: {ended} connections of the bench database ended "
        f"| the next {answered + failed} requests: {answered} answered 200, {failed} failed "
        f"| the app reconnects by itself | {'pass' if not failed else 'FAIL'} |",
    ]
    print("\n".join(lines))
    for problem in problems[:10]:
        print(f"- {problem}")
    if problems or failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
