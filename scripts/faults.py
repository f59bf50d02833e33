"""`make faults`: deals entered while the server and its database fail, and what was stored after.

Everything runs on a PostgreSQL of this run's own (scripts/privatepg.py: a temporary directory, its
own port, removed at the end), so the one on 5432 is never touched; gunicorn, with the production
settings, on 127.0.0.1. Each step is a burst of deal entries, tables in parallel, each deal with its
one-time token as a phone's form sends it, and a phone sends a failed one again, same token, until
it is answered (scripts/faultkit.py). Meanwhile:

1. gunicorn workers are killed (SIGKILL, mid-request);
2. every connection of the app's database is ended (pg_terminate_backend), twice;
3. PostgreSQL restarts (pg_ctl restart -m fast);
4. PostgreSQL crashes (pg_ctl stop -m immediate), and starts again;
5. PostgreSQL is stopped for about 10 s: connections are refused, the app answers 503 with
   Retry-After, /health answers 503;
6. matches are exported (export.json) again and again: each export's result must be what
   `manage.py score` computes from its deals, and its deals those stored;
7. in Chromium, a deal saved while the database is stopped waits on the phone, and is stored
   once after the database is back.

Prints what clients saw and what was stored, step by step, then a summary; exits 0 only when
nothing was lost, doubled or contradicted. Traffic goes only to 127.0.0.1.
Usage: .venv/bin/python scripts/faults.py [--tables 20] [--deals 15]
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

os.environ.setdefault("BENCH_PORT", "8181")  # the faults server's own port
sys.path.insert(0, str(Path(__file__).resolve().parent))

import benchkit
import faultkit
from faultkit import Phone, Tally
from load import http
from privatepg import PrivatePostgres

DEADLINE = 90  # seconds a step's phones go on sending before what is unsent counts as lost
Fault = Callable[[], Coroutine[Any, Any, str]]


async def burst(phones: list[Phone], deals: int, fault: Fault) -> tuple[str, float, bool]:
    """The phones enter their deals while ``fault`` happens: what the fault did, how long it all took,
    and whether the fault came while the phones were still entering (else the step proves nothing)."""
    start = time.monotonic()
    deadline = start + DEADLINE
    entering = asyncio.gather(*(faultkit.enter_deals(phone, deals, deadline) for phone in phones))
    await asyncio.sleep(0.7)
    during = not entering.done()
    what = await fault()
    await entering
    return what, time.monotonic() - start, during


def step(
    name: str, args: argparse.Namespace, fault: Callable[[list[Phone]], Fault]
) -> tuple[Tally, list[Phone]]:
    print(f"faults: {name}…", file=sys.stderr)
    phones = faultkit.prepare(args.tables, f"faults{len(args.done) + 1}")
    what, seconds, during = asyncio.run(burst(phones, args.deals, fault(phones)))
    result = faultkit.tally(f"{name}: {what}", phones)
    if not during:
        result.problems.append("the burst was over before the fault: more --tables or --deals")
    result.saw = f"{args.tables} tables, {result.sent} deals in {seconds:.1f} s: {result.saw}"
    args.done.append(result)
    return result, phones


def killing_workers(server: Any, kills: int) -> Callable[[list[Phone]], Fault]:
    def fault(phones: list[Phone]) -> Fault:
        async def kill() -> str:
            killed = 0
            for n in range(kills):
                await asyncio.sleep(0.7 if n else 0)
                workers = benchkit.worker_pids(server)
                if workers:
                    os.kill(workers[killed % len(workers)], signal.SIGKILL)
                    killed += 1
            return f"{killed} workers killed"

        return kill

    return fault


def ending_connections(pg: PrivatePostgres) -> Callable[[list[Phone]], Fault]:
    def fault(phones: list[Phone]) -> Fault:
        return lambda: faultkit.end_connections_twice(pg.url("postgres"))

    return fault


def with_postgres(action: Callable[[], str]) -> Callable[[list[Phone]], Fault]:
    def fault(phones: list[Phone]) -> Fault:
        async def act() -> str:
            return await asyncio.to_thread(action)

        return act

    return fault


def restart(pg: PrivatePostgres) -> str:
    began = time.monotonic()
    pg.restart()
    return f"restarted in {time.monotonic() - began:.1f} s"


def crash(pg: PrivatePostgres) -> str:
    began = time.monotonic()
    pg.stop("immediate")
    pg.start()
    return f"crashed, up again in {time.monotonic() - began:.1f} s"


def outage(pg: PrivatePostgres, seconds: float) -> str:
    """Stop PostgreSQL for ``seconds``, asking /health meanwhile."""
    pg.stop("fast")
    began = time.monotonic()
    health = []
    while time.monotonic() - began < seconds:
        status, _, _ = asyncio.run(http("GET", "/health", ""))
        health.append(status)
        time.sleep(1)
    pg.start()
    answers = ", ".join(sorted({str(s) for s in health}))
    return f"refusing connections for {time.monotonic() - began:.0f} s (/health answered {answers})"


def exporting(exports: list[tuple[int, bytes]], deals: int) -> Callable[[list[Phone]], Fault]:
    """Three readers export matches of the burst, one after another, till every phone has its deals in."""

    def fault(phones: list[Phone]) -> Fault:
        async def reader(seed: int) -> None:
            rng = random.Random(seed)
            began = time.monotonic()
            while time.monotonic() - began < DEADLINE and not all(p.seen["200"] >= deals for p in phones):
                phone = rng.choice(phones)
                status, response, _ = await http("GET", f"/matches/{phone.match}/export.json", phone.cookie)
                exports.append(
                    (phone.match if status == 200 else -status, response.split(b"\r\n\r\n", 1)[-1])
                )

        async def export() -> str:
            await asyncio.gather(*(reader(seed) for seed in range(3)))
            return f"{len(exports)} exports"

        return export

    return fault


def check_exports(result: Tally, exports: list[tuple[int, bytes]]) -> None:
    """Each export against `manage.py score` on it, and its deals against those stored."""
    from django.core.management import call_command

    from matches.models import Deal

    for match, body in exports:
        if match < 0:
            result.contradicted += 1
            result.problems.append(f"an export answered {-match}")
            continue
        doc = json.loads(body)
        scored = io.StringIO()
        with tempfile.NamedTemporaryFile(suffix=".json") as file:
            file.write(body)
            file.flush()
            call_command("score", file.name, stdout=scored)
        if json.loads(scored.getvalue())["result"] != doc["result"]:
            result.contradicted += 1
            result.problems.append(f"an export of match {match}: its result is not what score computes")
        stored = [deal.entry["points"] for deal in Deal.objects.filter(match_id=match).order_by("number")]
        if [deal["points"] for deal in doc["deals"]] != stored[: len(doc["deals"])]:
            result.contradicted += 1
            result.problems.append(f"an export of match {match}: its deals are not those stored")
    counts = sorted(len(json.loads(body)["deals"]) for match, body in exports if match > 0)
    if counts:
        result.saw += f"; {len(counts)} exports of {counts[0]} to {counts[-1]} deals, each checked with score"


def browser_outage(pg: PrivatePostgres, args: argparse.Namespace) -> Tally:
    """A deal saved in Chromium while the database is stopped: kept on the phone, stored once after."""
    from playwright.sync_api import expect, sync_playwright

    from matches.models import Change, Deal

    print("faults: a deal saved in Chromium while the database is stopped…", file=sys.stderr)
    phone = faultkit.prepare(1, f"faults{len(args.done) + 1}")[0]
    base = f"http://{benchkit.HOST}:{benchkit.PORT}"
    seen: list[str] = []
    result = Tally("a deal saved in Chromium while PostgreSQL is stopped for ~5 s", sent=1)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
            context.add_cookies([{"name": "sessionid", "value": phone.cookie, "url": base}])
            page = context.new_page()
            page.on("response", lambda r: seen.append(str(r.status)) if r.url.endswith("/deals/") else None)
            page.goto(f"{base}/matches/{phone.match}/")
            for seat, points in enumerate([25, 8, 5]):
                page.fill(f"#id_points_{seat}", str(points))
            expect(page.locator("#id_points_3")).to_have_value("2")
            pg.stop("fast")
            began = time.monotonic()
            page.click("#deal-form button.big")
            pending = page.locator("#pending-deals .pending")
            expect(pending).to_contain_text("Deal 1: waiting for the connection.", timeout=20_000)
            time.sleep(max(0.0, 5 - (time.monotonic() - began)))
            pg.start()
            # The phone sends it again by itself once the 503's Retry-After (30 s) has passed.
            expect(pending).to_have_text("Deal 1, kept on this phone, is now saved.", timeout=60_000)
            waited = time.monotonic() - began
            result.saw = (
                f"the deal's posts answered {', '.join(seen)}; kept on the phone, saved after {waited:.0f} s"
            )
        except AssertionError as error:
            result.problems.append(f"the phone did not say what it should: {str(error).splitlines()[0]}")
            result.saw = f"the deal's posts answered {', '.join(seen) or 'nothing'}"
        finally:
            browser.close()
    if not (pg.data / "postmaster.pid").exists():
        pg.start()
    from django.db import connection

    connection.close()
    stored = list(Deal.objects.filter(match_id=phone.match))
    result.stored = len(stored)
    result.lost = 1 if not stored else 0
    result.doubled = max(0, len(stored) - 1)
    if any(deal.entry["points"] != [25, 8, 5, 2] for deal in stored):
        result.contradicted += 1
    if Change.objects.filter(match_id=phone.match, kind=Change.Kind.DEAL_ENTERED).count() != len(stored):
        result.contradicted += 1
        result.problems.append("the change log does not hold the deal once")
    args.done.append(result)
    return result


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]


def report(result: Tally) -> None:
    print(f"\n### {result.fault}: {'pass' if result.passed else 'FAIL'}")
    print(f"- clients saw: {result.saw}")
    print(
        f"- stored: {result.stored} of {result.sent} deals; {result.lost} lost, {result.doubled} doubled, "
        f"{result.contradicted} contradicted"
    )
    for problem in result.problems[:10]:
        print(f"- {problem}")
    sys.stdout.flush()


def run(pg: PrivatePostgres, args: argparse.Namespace) -> None:
    benchkit.DATABASE_URL = pg.url("scorekeeper_faults")
    with __import__("psycopg").connect(pg.url("postgres"), autocommit=True) as conn:
        conn.execute("CREATE DATABASE scorekeeper_faults")
    print("faults: migrating the private database…", file=sys.stderr)
    env = benchkit.server_env()
    for command in (["migrate", "--no-input", "-v0"], ["collectstatic", "--no-input", "-v0"]):
        subprocess.run([benchkit.PYTHON, "manage.py", *command], cwd=benchkit.ROOT, env=env, check=True)
    benchkit.setup_django()
    server = benchkit.start_server(args.workers, log="/tmp/bench-faults.log", quiet=True)
    try:
        report(
            step(
                "gunicorn workers killed (SIGKILL) during a burst", args, killing_workers(server, args.kills)
            )[0]
        )
        report(step("every database connection ended during a burst", args, ending_connections(pg))[0])
        report(step("PostgreSQL restarted during a burst", args, with_postgres(lambda: restart(pg)))[0])
        report(step("PostgreSQL crashed during a burst", args, with_postgres(lambda: crash(pg)))[0])
        report(
            step("PostgreSQL down during a burst", args, with_postgres(lambda: outage(pg, args.outage)))[0]
        )
        exports: list[tuple[int, bytes]] = []
        result, _ = step("exports during a burst", args, exporting(exports, args.deals))
        check_exports(result, exports)
        report(result)
        report(browser_outage(pg, args))
    finally:
        benchkit.stop_server(server)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--deals", type=int, default=15)
    parser.add_argument("--kills", type=int, default=4)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--outage", type=float, default=10, help="seconds PostgreSQL refuses connections")
    args = parser.parse_args()
    if not 1 <= args.deals <= benchkit.DEALS_MOST:
        raise SystemExit(f"--deals is 1 to {benchkit.DEALS_MOST}: the most deals a match holds")
    args.done = []
    print("faults: a PostgreSQL of this run's own…", file=sys.stderr)
    with PrivatePostgres() as pg:
        try:
            run(pg, args)
        finally:
            from django.conf import settings

            if settings.configured:
                from django.db import connections

                connections.close_all()  # before the server and its directory go
    lines = [
        "",
        "| step | sent | stored | doubled | lost | contradicted | |",
        "|---|---|---|---|---|---|---|",
    ]
    for result in args.done:
        lines.append(
            f"| {result.fault} | {result.sent} | {result.stored} | {result.doubled} | {result.lost} "
            f"| {result.contradicted} | {'pass' if result.passed else 'FAIL'} |"
        )
    print("\n".join(lines))
    if len(args.done) < 7 or not all(result.passed for result in args.done):
        sys.exit(1)


if __name__ == "__main__":
    main()
