"""How many card tables one small server answers: simulated tables against gunicorn, more at each step.

Each table is four phones showing its Busca match, as a table plays: the owner's phone, logged in,
and three phones that joined by the match's scorer link (guests, each with its own session). Every
phone asks the live address every ``--poll`` seconds (2, as the page does: ``?v=`` the version it
shows, the number of the deal its form is for), answered 204 while nothing changed. Every ``--deal``
seconds (30) the table enters a deal from one of its phones in turn, with a one-time token and the
deal's number as the page sends them; the other three phones' next poll sees the new version and
receives the new parts (200), whose version they take, as htmx does. Every table has its own owner,
match and sessions. In each step that many tables sit down at random moments of the first
``--ramp`` seconds (20), as an evening fills up, which is not reported (``--ramp 0``: all at
once, as after a restart in the middle of an evening), then play ``--seconds`` (40); a step
passes when the 99th percentile of every request is under 200 ms and nothing failed. The client
is asyncio on raw sockets, on the same 2 cores as the server and PostgreSQL: what it costs is
taken from the server, and is given in the report, with what the machine's other processes took
meanwhile (the machine is shared).

With ``--push`` the phones follow the match as the page does where a stream opens: each phone holds
one stream of events (matches/streams.py) from the moment it sits down and asks for nothing until an
event says the match changed; the three phones that did not save the deal then ask for the new parts
(200). The stream of every phone is open before the step is measured; the server's CPU is first read
for ``--idle`` seconds (10) in which no table deals (the cost of a quiet table), then the tables play.
A push step passes when the 99th percentile of saving a deal and of every request is under 200 ms,
every other phone of the table shows the deal within 500 ms (99th percentile), and nothing failed.

Traffic goes only to 127.0.0.1. Prints a Markdown table and the largest passing step, last.
Usage: .venv/bin/python scripts/load.py [--steps 100,150,200,250,300] [--seconds 40] [--ramp 20]
       [--workers CORES] [--push] [--idle 10] [--require N] [--servers PID,PID]
       (exit 1 unless the step of N tables passed: `make load` asks for 2,000 pushed; --servers: app
       servers already running, behind the proxy at BENCH_PORT: scripts/cluster_check.py --cluster)
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import os
import random
import re
import sys
import time
import uuid
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))

import benchkit
from benchkit import HOST, PORT

VERSION = re.compile(rb'data-version="(\d+)"')
NEXT_NUMBER = re.compile(rb'name="number" value="(\d+)"')  # the deal the new form is for
CSRF = uuid.uuid4().hex  # a 32-character CSRF secret: the cookie and the header
TIMEOUT = 10.0
LIMIT_MS = 200.0
SHOWN_LIMIT_MS = 500.0  # pushed: a deal on the other phones' screens
PHONES = 4
EVENT = re.compile(rb"^data: (\d+)$", re.MULTILINE)


@dataclass
class Phone:
    cookie: str
    version: int
    deals: int  # the deals its sheet shows: its form is for the next one


@dataclass
class Table:
    match: int
    deals: int  # the deals stored
    phones: list[Phone]
    entered_at: float = 0.0  # when the latest deal was saved (loop time), for how soon the others show it
    entered_version: int = 0


@dataclass
class Step:
    tables: int
    idle: list[float] = field(default_factory=list)  # live checks answered 204
    sheets: list[float] = field(default_factory=list)  # live checks answered with the new parts
    entries: list[float] = field(default_factory=list)  # deals saved
    shown_after: list[float] = field(default_factory=list)  # seconds from a save to another phone showing it
    errors: list[str] = field(default_factory=list)
    cpu: float = 0.0  # seconds of CPU the server (gunicorn and its PostgreSQL backends) spent
    push: bool = False
    streams: int = 0  # streams open when the step began (pushed)
    idle_cpu: float = 0.0  # pushed: seconds of the server's CPU while no table dealt
    idle_seconds: float = 0.0
    memory: tuple[int, int] = (0, 0)  # pushed: the workers' resident memory (KB) before and with the streams
    client_cpu: float = 0.0  # seconds of CPU this client spent
    busy: float = 0.0  # seconds of CPU the whole machine spent
    seconds: float = 0.0
    trace: list[tuple[float, str, int, float, float]] = field(default_factory=list)  # for --trace

    @property
    def every(self) -> list[float]:
        return self.idle + self.sheets + self.entries

    @property
    def passed(self) -> bool:
        every = self.every
        shown = not self.push or (
            bool(self.shown_after) and benchkit.percentile(self.shown_after, 0.99) * 1000 < SHOWN_LIMIT_MS
        )
        return bool(every) and benchkit.percentile(every, 0.99) < LIMIT_MS and shown and not self.errors


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


def machine_busy() -> float:
    """Seconds of CPU the whole machine has spent on anything but idling, so far (/proc/stat)."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]  # idle and iowait
    return (sum(values[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def resident_kb(pids: list[int]) -> int:
    """The resident memory of these processes, in KB (VmRSS)."""
    total = 0
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
        total += int(found.group(1)) if found else 0
    return total


def workers(servers: list[Any]) -> list[int]:
    """The workers of these gunicorn servers (each a Popen, or anything with the pid of its master)."""
    return [pid for server in servers for pid in benchkit.worker_pids(server)]


def server_pids(servers: list[Any]) -> list[int]:
    """The gunicorn workers and the PostgreSQL backends serving the bench database."""
    import psycopg

    name = benchkit.DATABASE_URL.rsplit("/", 1)[-1]
    with psycopg.connect("postgres://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        rows = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()", [name]
        ).fetchall()
    return workers(servers) + [row[0] for row in rows]


def prepare(count: int, deals: int) -> list[Table]:
    """``count`` tables: each an owner with an open Busca match of ``deals`` deals, the owner's
    logged-in session, and three guest sessions that joined by the match's scorer link."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.hashers import make_password
    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.base import VALID_KEY_CHARS
    from django.utils import timezone
    from django.utils.crypto import get_random_string

    from matches import access, services
    from matches.models import Invite

    store_class = import_module(settings.SESSION_ENGINE).SessionStore
    store, model = store_class(), store_class.get_model_class()  # a database-backed engine
    owns = any(f.name == "user" for f in model._meta.get_fields())  # a session row that names its user
    # The backend a log-in records: the first that authenticates (axes' only refuses).
    backend = next(b for b in settings.AUTHENTICATION_BACKENDS if not b.startswith("axes."))
    password = make_password(uuid.uuid4().hex)  # hashed once: the owners never log in by it
    owners = User.objects.bulk_create(User(username=f"table{n}", password=password) for n in range(count))
    rng = random.Random(3)
    expires = timezone.now() + datetime.timedelta(days=14)
    sessions: list[Any] = []
    invites: list[Invite] = []
    tables = []
    for owner in owners:
        doc = benchkit.match_document("busca-001", {"stake": 1}, benchkit.busca_deals(deals, rng))
        match = services.match_import(owner=owner, doc=doc)
        # The link the owner shows the table (matches/access.py): scorers may enter deals too.
        invite = Invite(match=match, token=get_random_string(43), role=Invite.Role.SCORER)
        invites.append(invite)
        logged_in = {
            SESSION_KEY: str(owner.pk),
            BACKEND_SESSION_KEY: backend,
            HASH_SESSION_KEY: owner.get_session_auth_hash(),
        }
        datas: list[tuple[dict[str, Any], int | None]] = [(logged_in, owner.pk)]
        for name in benchkit.NAMES[1:PHONES]:  # as the join view leaves a guest's session
            datas.append(({access.SESSION_KEY: {str(match.pk): {"token": invite.token, "name": name}}}, None))
        phones = []
        for data, user in datas:
            key = get_random_string(32, VALID_KEY_CHARS)
            row = model(session_key=key, session_data=store.encode(data), expire_date=expires)
            if owns:
                row.user_id = user
            sessions.append(row)
            phones.append(Phone(key, match.version, deals))
        tables.append(Table(match.pk, deals, phones))
    Invite.objects.bulk_create(invites)
    model.objects.bulk_create(sessions)
    return tables


async def http(
    method: str, path: str, cookie: str, body: dict[str, str] | None = None, port: int = PORT
) -> tuple[int, bytes, float]:
    """One request on a new connection (as the sync workers of before closed each one), with the headers
    htmx sends: status, body, and when the connection was open (perf_counter). ``port``: another server
    on 127.0.0.1 than the bench's (scripts/cluster_check.py asks each app server and their proxy)."""
    data = urlencode(body).encode() if body is not None else b""
    head = [
        f"{method} {path} HTTP/1.1",
        f"Host: {HOST}:{port}",
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
    reader, writer = await asyncio.open_connection(HOST, port)
    connected = time.perf_counter()
    try:
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        response = await reader.read()
    finally:
        writer.close()
    status = int(response.split(b" ", 2)[1]) if response.startswith(b"HTTP/") else 0
    return status, response, connected


async def timed(step: Step, request: Any, what: str) -> tuple[int, bytes, float] | None:
    """The request's status, body and time in ms; None (and an error counted) if it failed."""
    start = time.perf_counter()
    try:
        status, response, connected = await asyncio.wait_for(request, TIMEOUT)
    except (OSError, TimeoutError) as error:
        step.errors.append(f"{what}: {type(error).__name__} {error}")
        return None
    end = time.perf_counter()
    step.trace.append((start, what, status, (connected - start) * 1000, (end - start) * 1000))
    return status, response, (end - start) * 1000


def _due(moment: float, every: float, now: float) -> float:
    """The next moment of a timer every ``every`` seconds due at ``moment``, not before ``now``: as
    htmx drops a poll due while the last one is still on its way (and a phone, a save), the
    moments missed by a slow answer are skipped, not made up in a burst."""
    while moment < now:
        moment += every
    return moment


@dataclass
class Tally:
    """Where the answers go: the ramp's (not reported), then the step's once the ramp is over."""

    step: Step
    streams: int = 0


async def poller(table: Table, phone: Phone, tally: Tally, joins: float, until: float, every: float) -> None:
    """One phone showing the match from ``joins``: asks the live address every ``every`` seconds."""
    loop = asyncio.get_running_loop()
    moment = joins + random.uniform(0, every)
    while (moment := _due(moment, every, loop.time())) < until:
        await asyncio.sleep(max(0.0, moment - loop.time()))
        moment += every
        await live_check(table, phone, tally)


async def follower(table: Table, phone: Phone, tally: Tally, joins: float, until: float) -> None:
    """One phone showing the match from ``joins``, pushed: its stream of events open until ``until``;
    each event of a version it does not show has it ask for the new parts, as live.js has htmx do."""
    loop = asyncio.get_running_loop()
    await asyncio.sleep(max(0.0, joins - loop.time()))
    head = [
        f"GET /matches/{table.match}/events/?v={phone.version} HTTP/1.1",
        f"Host: {HOST}:{PORT}",
        f"Cookie: sessionid={phone.cookie}",
        "Accept: text/event-stream",
    ]
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, PORT), TIMEOUT)
    except (OSError, TimeoutError) as error:
        tally.step.errors.append(f"stream: {type(error).__name__} {error}")
        return
    try:
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode())
        status = await asyncio.wait_for(reader.readline(), TIMEOUT)
        if b" 200 " not in status:
            tally.step.errors.append(f"stream answered {status.decode().strip()}")
            return
        tally.streams += 1
        buffer = b""
        while (left := until - loop.time()) > 0:
            try:
                chunk = await asyncio.wait_for(reader.read(4096), left)
            except TimeoutError:
                break
            if not chunk:
                tally.step.errors.append("stream: closed by the server")
                return
            buffer += chunk
            versions = [int(v) for v in EVENT.findall(buffer)]
            buffer = buffer[buffer.rfind(b"\n\n") + 2 :] if b"\n\n" in buffer else buffer
            if versions and max(versions) > phone.version:
                await live_check(table, phone, tally)
    finally:
        writer.close()


async def live_check(table: Table, phone: Phone, tally: Tally) -> None:
    """The phone asks whether its match changed: nothing (204), or the new parts (200), whose version
    it takes, as htmx does; polled every 2 s, or told by its stream."""
    loop = asyncio.get_running_loop()
    step = tally.step
    # hx-get's address (its version and status), and the form's deal number that offline.js adds.
    path = f"/matches/{table.match}/live/?v={phone.version}&s=in_progress&number={phone.deals + 1}"
    answer = await timed(step, http("GET", path, phone.cookie), "live check")
    if answer is None:
        return
    status, response, elapsed = answer
    if status == 204:
        step.idle.append(elapsed)
        return
    found = VERSION.search(response)
    if status != 200 or not found:
        step.errors.append(f"live check answered {status}")
        return
    step.sheets.append(elapsed)
    shown, phone.version = phone.version, int(found.group(1))
    number = NEXT_NUMBER.search(response)  # the form moved on to the next deal
    phone.deals = int(number.group(1)) - 1 if number else table.deals
    if shown < table.entered_version <= phone.version:  # the latest deal, saved on another phone
        step.shown_after.append(loop.time() - table.entered_at)


async def dealer(table: Table, tally: Tally, joins: float, until: float, every: float, rotation: int) -> None:
    """The table from ``joins``: every ``every`` seconds one of its phones in turn enters the next deal."""
    loop = asyncio.get_running_loop()
    moment = joins + random.uniform(0, every)
    turn = rotation
    while (moment := _due(moment, every, loop.time())) < until:
        await asyncio.sleep(max(0.0, moment - loop.time()))
        moment += every
        step = tally.step
        phone = table.phones[turn % PHONES]
        turn += 1
        number = phone.deals + 1  # the deal this phone's form is for
        body = {"points_0": "14", "points_1": "10", "points_2": "9", "points_3": "7"}
        body |= {"token": str(uuid.uuid4()), "number": str(number)}
        answer = await timed(step, http("POST", f"/matches/{table.match}/deals/", phone.cookie, body), "save")
        if answer is None:
            continue
        status, response, elapsed = answer
        found = VERSION.search(response)
        if status != 200 or not found:
            step.errors.append(f"save answered {status}")
            continue
        if number != table.deals + 1:
            step.errors.append("save: the phone's form was for a deal entered meanwhile")
            continue
        step.entries.append(elapsed)
        table.deals = phone.deals = number
        phone.version = int(found.group(1))
        table.entered_at, table.entered_version = loop.time(), phone.version


async def run_step(
    tables: list[Table],
    seconds: float,
    poll_every: float,
    deal_every: float,
    ramp: float,
    begin: Any,
    idle: float = 0.0,
    push: bool = False,
    quiet_over: Any = None,
) -> Step:
    """The tables sit down at random moments of the first ``ramp`` seconds, as an evening fills up
    (what they ask meanwhile is not reported), then play ``seconds``; ``begin()`` is called when the
    ramp is over. Pushed, the phones hold their streams from the moment they sit down, and the tables
    deal only after ``idle`` more seconds, at whose end ``quiet_over()`` is called. The step lasts
    until the last answer (its ``seconds``: every rate and share of the report is taken over that)."""
    loop = asyncio.get_running_loop()
    tally = Tally(Step(len(tables), push=push))
    start = loop.time()
    play = start + ramp + idle
    until = play + seconds
    tasks = []
    for n, table in enumerate(tables):
        joins = start + random.uniform(0, ramp)
        if push:
            tasks.append(dealer(table, tally, play, until, deal_every, n))
            tasks += [follower(table, phone, tally, joins, until) for phone in table.phones]
        else:
            tasks.append(dealer(table, tally, joins, until, deal_every, n))
            tasks += [poller(table, phone, tally, joins, until, poll_every) for phone in table.phones]

    step = Step(len(tables), push=push)

    async def ramp_over() -> None:
        await asyncio.sleep(ramp)
        step.streams = tally.streams
        begin()
        tally.step = step
        if push:
            await asyncio.sleep(idle)
            quiet_over()

    await asyncio.gather(ramp_over(), *tasks)
    step.seconds = loop.time() - play
    return step


def measure(
    servers: list[Any],
    tables: list[Table],
    seconds: float,
    poll_every: float,
    deal_every: float,
    ramp: float,
    idle: float = 0.0,
    push: bool = False,
) -> Step:
    """One step, with the CPU the servers, this client and the whole machine spent on it once the
    ramp was over. The server's processes are read every second from then: a PostgreSQL backend
    that ends meanwhile still counts."""
    import threading

    seen: dict[int, float] = {}
    marks: dict[str, Any] = {}
    begun, done = threading.Event(), threading.Event()

    memory_before = resident_kb(workers(servers))

    def begin() -> None:
        marks.update(cpu=cpu_seconds(server_pids(servers)), client=time.process_time(), busy=machine_busy())
        marks["memory"] = resident_kb(workers(servers))
        marks["quiet"] = time.monotonic()
        begun.set()

    def quiet_over() -> None:
        """The tables sat quiet since begin(): what the server spent meanwhile (pushed)."""
        now = cpu_seconds(server_pids(servers))
        marks["idle"] = (
            sum(used - marks["cpu"].get(pid, 0.0) for pid, used in now.items()),
            time.monotonic() - marks["quiet"],
        )
        marks["cpu"] = now
        marks["client"], marks["busy"] = time.process_time(), machine_busy()

    def sample() -> None:
        begun.wait()
        while not done.wait(1.0):
            seen.update(cpu_seconds(server_pids(servers)))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        step = asyncio.run(
            run_step(tables, seconds, poll_every, deal_every, ramp, begin, idle, push, quiet_over)
        )
    finally:
        begun.set()
        done.set()
        sampler.join()
    step.memory = (memory_before, marks.get("memory", 0))
    step.idle_cpu, step.idle_seconds = marks.get("idle", (0.0, 0.0))
    step.client_cpu, step.busy = time.process_time() - marks["client"], machine_busy() - marks["busy"]
    seen.update(cpu_seconds(server_pids(servers)))
    step.cpu = sum(used - marks["cpu"].get(pid, 0.0) for pid, used in seen.items())
    return step


def _ms(values: list[float], share: float) -> str:
    return f"{benchkit.percentile(values, share):.1f}" if values else "–"


def _both(values: list[float]) -> str:
    return f"{_ms(values, 0.5)} / {_ms(values, 0.99)} ms" if values else "–"


def report(
    steps: list[Step], seconds: float, ramp: float, poll_every: float, deal_every: float, workers: int
) -> str:
    lines = [
        f"Each table: {PHONES} phones (the owner's and {PHONES - 1} guests who joined by the scorer link), "
        f"each asking every {poll_every:g} s whether the match changed; a deal entered every "
        f"{deal_every:g} s from one phone in turn, after which the other {PHONES - 1} fetch the new sheet. "
        f"In each step the tables sit down over {ramp:g} s (not reported), then play {seconds:g} s "
        f"(and its last answers); gunicorn with {workers} uvicorn workers; "
        "the client and PostgreSQL on the same 2 cores. Times: median / p99.",
        "",
        "| tables | requests/s | live check, nothing new (204) | live check, new sheet (200) | save a deal "
        "| all: p99 | errors | server CPU: a request / a table | client CPU | other processes | |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    asked = PHONES / poll_every + 1 / deal_every  # the requests a table makes each second, answered in time
    for step in steps:
        every = step.every
        p99 = benchkit.percentile(every, 0.99) if every else float("inf")
        other = max(0.0, step.busy - step.cpu - step.client_cpu)
        per_request = step.cpu / max(len(every) + len(step.errors), 1)  # (one timed out was served too)
        lines.append(
            f"| {step.tables} | {len(every) / step.seconds:.0f} | {_both(step.idle)} | {_both(step.sheets)} "
            f"| {_both(step.entries)} | {p99:.1f} ms | {len(step.errors)} "
            f"| {1000 * per_request:.2f} ms / {1000 * per_request * asked:.1f} ms/s "
            f"| {100 * step.client_cpu / step.seconds:.0f} % | {100 * other / step.seconds:.0f} % "
            f"| {'pass' if step.passed else 'fail'} |"
        )
    shown = [s for s in steps if s.shown_after]
    if shown:
        lines += [
            "",
            "A deal saved on one phone is on the others' screens after (median / p99, seconds): "
            + "; ".join(
                f"{s.tables} tables {benchkit.percentile(s.shown_after, 0.5):.1f} / "
                f"{benchkit.percentile(s.shown_after, 0.99):.1f}"
                for s in shown
            )
            + f" (a poll every {poll_every:g} s: at most {poll_every:g} s and the answer).",
        ]
    lines.append(
        "Server CPU: what the gunicorn workers and their PostgreSQL backends spent for each request "
        f"answered, and so for a table each second ({asked:.2f} requests: one whose phones are answered "
        "in time; a server falling behind answers fewer); client CPU and other processes: the load "
        "generator, and everything else the shared machine ran meanwhile, as a share of one core."
    )
    best = max((s.tables for s in steps if s.passed), default=0)
    lines += ["", f"**Tables served** (p99 under {LIMIT_MS:.0f} ms, no error): **{best}**"]
    measured = [s for s in steps if s.cpu > 0]
    if measured:
        # What one table costs the server each second, whatever else the machine is doing.
        per_table = sum(s.cpu for s in measured) / sum(len(s.every) + len(s.errors) for s in measured) * asked
        lines.append(
            f"Server CPU per table: {1000 * per_table:.2f} ms each second; two cores spent on nothing "
            f"else would serve about {2 / per_table:.0f} tables (the ceiling, before any queueing)."
        )
    errors = sorted({e for s in steps for e in s.errors})
    if errors:
        lines.append(f"Errors seen: {', '.join(errors[:5])}")
    return "\n".join(lines)


def report_push(
    steps: list[Step], seconds: float, ramp: float, idle: float, deal_every: float, workers: int
) -> str:
    lines = [
        f"Each table: {PHONES} phones (the owner's and {PHONES - 1} guests who joined by the scorer link), "
        f"each holding a stream of its match's events; a deal entered every {deal_every:g} s from one phone "
        f"in turn, after which the other {PHONES - 1}, told by their streams, fetch the new parts. In each "
        f"step the tables sit down over {ramp:g} s (not reported), sit quiet {idle:g} s (a quiet table's "
        f"cost), then play {seconds:g} s; gunicorn with {workers} uvicorn workers; the client and "
        "PostgreSQL on the same 2 cores. Times: median / p99.",
        "",
        "| tables | streams | requests/s | save a deal | new parts (200) | all: p99 | shown on the others "
        "| errors | server CPU: a table playing / quiet | memory a stream | client CPU | |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for step in steps:
        every = step.every
        p99 = benchkit.percentile(every, 0.99) if every else float("inf")
        shown = [1000 * s for s in step.shown_after]
        playing = step.cpu / step.seconds / step.tables
        quiet = step.idle_cpu / step.idle_seconds / step.tables if step.idle_seconds else 0.0
        memory = (step.memory[1] - step.memory[0]) / max(step.streams, 1)
        lines.append(
            f"| {step.tables} | {step.streams} | {len(every) / step.seconds:.0f} | {_both(step.entries)} "
            f"| {_both(step.sheets)} | {p99:.1f} ms | {_both(shown)} | {len(step.errors)} "
            f"| {1000 * playing:.2f} / {1000 * quiet:.3f} ms/s | {memory:.1f} KB "
            f"| {100 * step.client_cpu / step.seconds:.0f} % | {'pass' if step.passed else 'fail'} |"
        )
    lines.append(
        "Shown on the others: from a deal's save answered to each other phone holding the new parts. "
        "Server CPU: what the gunicorn workers and their PostgreSQL backends spent each second for a "
        "table, playing and quiet; memory a stream: the workers' resident memory with every stream "
        "open, less before, for each stream."
    )
    best = max((s.tables for s in steps if s.passed), default=0)
    lines += [
        "",
        f"**Tables served** (p99 of every request under {LIMIT_MS:.0f} ms, shown on the others within "
        f"{SHOWN_LIMIT_MS:.0f} ms at p99, no error): **{best}**",
    ]
    errors = sorted({e for s in steps for e in s.errors})
    if errors:
        lines.append(f"Errors seen: {', '.join(errors[:5])}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", default="100,150,200,250,300,400,500")
    parser.add_argument("--seconds", type=float, default=40, help="of play measured in each step")
    parser.add_argument("--ramp", type=float, default=20, help="seconds over which a step's tables sit down")
    parser.add_argument("--poll", type=float, default=2)
    parser.add_argument("--push", action="store_true", help="each phone holds a stream of events, no poll")
    parser.add_argument("--idle", type=float, default=10, help="pushed: seconds the tables sit quiet first")
    parser.add_argument("--deal", type=float, default=30)
    parser.add_argument("--deals", type=int, default=10, help="deals in each match at the start")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2, help="gunicorn's: one a core")
    parser.add_argument(
        "--require", type=int, default=0, help="exit 1 unless the step of this many tables passed"
    )
    parser.add_argument(
        "--servers",
        help="the gunicorn masters' pids (1,2) of servers already answering at BENCH_PORT (a proxy) on "
        "BENCH_DATABASE_URL, migrated, with BENCH_SECRET_KEY: none is started, nor the database made anew",
    )
    parser.add_argument(
        "--trace", help="write every request (step, moment, what, status, connect ms, ms) to this CSV"
    )
    args = parser.parse_args()
    counts = [int(n) for n in args.steps.split(",")]
    entered = len(counts) * (int((args.ramp + args.seconds) / args.deal) + 1)  # the most a table enters
    if args.deals + entered > benchkit.DEALS_MOST:
        raise SystemExit(
            f"a match holds at most {benchkit.DEALS_MOST} deals: --deals {args.deals} is too many"
        )
    if args.require and args.require not in counts:
        raise SystemExit(f"--require {args.require}: that step is not among --steps {args.steps}")

    print("load: preparing the database…", file=sys.stderr)
    if not args.servers:
        benchkit.fresh_database()
    benchkit.setup_django()
    tables = prepare(max(counts), args.deals)
    benchkit.analyze()
    if args.servers:  # already answering at BENCH_PORT: known by their gunicorn masters
        servers: list[Any] = [SimpleNamespace(pid=int(pid)) for pid in args.servers.split(",")]
    else:
        servers = [benchkit.start_server(args.workers)]
    steps = []
    try:
        for count in counts:
            print(
                f"load: {count} tables ({count * PHONES} phones) for {args.ramp:g} + {args.seconds:g} s…",
                file=sys.stderr,
            )
            step = measure(
                servers, tables[:count], args.seconds, args.poll, args.deal, args.ramp, args.idle, args.push
            )
            steps.append(step)
            if not step.passed:
                break  # the next step would only fail harder
    finally:
        if not args.servers:
            benchkit.stop_server(servers[0])
    if args.trace:
        with open(args.trace, "w") as out:
            out.write("tables,moment,what,status,connect_ms,ms\n")
            for step in steps:
                first = min((t[0] for t in step.trace), default=0.0)
                for moment, what, status, connect, total in step.trace:
                    out.write(
                        f"{step.tables},{moment - first:.3f},{what},{status},{connect:.1f},{total:.1f}\n"
                    )
    if args.push:
        print(report_push(steps, args.seconds, args.ramp, args.idle, args.deal, args.workers))
    else:
        print(report(steps, args.seconds, args.ramp, args.poll, args.deal, args.workers))
    if args.require:
        passed = any(s.tables == args.require and s.passed for s in steps)
        print(f"\n{args.require} tables: {'pass' if passed else 'fail'}")
        sys.exit(0 if passed else 1)


if __name__ == "__main__":
    main()
