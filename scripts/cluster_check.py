"""`make cluster-check`: two app servers behind a proxy, sharing PostgreSQL and Redis and nothing else.

Two gunicorn servers, A and B, as production starts them (deploy/gunicorn.conf.py, one uvicorn
worker each), on a throwaway database, scorekeeper_cluster (made and migrated here, dropped at the
end), the cache and the live bus on Redis database 5 (emptied). haproxy in front (installed with
apt-get when missing; else nginx), round robin with no stickiness: one phone's requests go to both
servers in turn, so its session and the cache must be shared. Deals are entered as faultkit.py
enters them: each with its one-time token, sent again with the same token until answered. Checks:

1. live across servers: a phone's stream on A hears a deal entered on B, and the reverse, and one
   through the proxy (how soon, in ms);
2. the same deal sent to A and B at the same moment (same form, same token) is stored once;
3. server A killed (SIGKILL, master and worker) during a burst of deals through the proxy, started
   again after 2 s: nothing lost, doubled or contradicted (faultkit.tally), and a stream held on A
   (reopened with Last-Event-ID once it dropped, as a browser does) hears a deal entered after;
4. every connection to the database ended, twice, during a burst: the same, with a stream on each
   server; then both servers answer /health/full with everything ok.

Prints each check's figures, then a summary of them all; exits 0 only when every check holds.
With --cluster 1,2 it checks nothing of that, but measures: scripts/load.py --push through the proxy
in front of 1, then 2 app servers of one worker each, and the most tables each served.
Traffic goes only to 127.0.0.1: the proxy at BENCH_PORT (8121), the servers at the next ports.
Usage: .venv/bin/python scripts/cluster_check.py [--tables 20] [--deals 15] [--proxy haproxy|nginx]
       .venv/bin/python scripts/cluster_check.py --cluster 1,2 [--steps 100,200,300,400]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import uuid
from collections import Counter
from collections.abc import Callable
from functools import partial
from pathlib import Path

os.environ.setdefault("BENCH_PORT", "8121")  # the proxy's; the app servers take the next ports
sys.path.insert(0, str(Path(__file__).resolve().parent))

import benchkit
import faultkit
from faultkit import Phone, Tally
from faults import burst, report
from load import VERSION, http

DATABASE_URL = "postgres://postgres@127.0.0.1:5432/scorekeeper_cluster"
REDIS_URL = "redis://127.0.0.1:6379/5"  # a database of Redis's own: flushed at the start and the end
PROXY = benchkit.PORT
HEARD_WITHIN = 5.0  # seconds a stream may take to hear a deal before the check fails
STREAMS_LIVE = 120.0  # the longest a check's streams stay open: every loop here ends by itself
LOG = "/tmp/cluster-check-{}.log"

# No global maxconn: haproxy takes the most connections the limit of open files (ulimit -n) allows.
HAPROXY = """
defaults
    mode http
    maxconn 8000
    timeout connect 2s
    timeout client 65s
    # Over the 20 s between two pings of a quiet stream of events (README.md, "Live by push").
    timeout server 65s
    timeout tunnel 1h
    timeout http-request 10s
    timeout queue 10s
    # A server that refuses the connection (killed, restarting): the request goes to another.
    retries 2
    option redispatch 1
    option forwardfor
    # Each event of a stream passed on at once: else haproxy holds a small chunk back, for the
    # kernel to send with more (MSG_MORE), and a deal reaches the other phones 200 ms later.
    option http-no-delay
frontend front
    bind 127.0.0.1:{proxy}
    default_backend app
backend app
    balance roundrobin
    option httpchk
    http-check send meth GET uri /health
    http-check expect status 200
    http-response set-header X-Served-By %[srv_name]
    # A server killed refuses the check at once; a busy one (its worker answers one page at a time,
    # a burst of deals ahead of the check) is given seconds, not taken out.
    default-server check inter 1s fall 2 rise 2
    timeout check 5s
{servers}
"""

# nginx, if haproxy cannot be had: without the paid version's active checks, a server that refuses is
# left out for 2 s; no buffering, so each event of a stream is passed on at once.
NGINX = """
daemon off; pid {tmp}/nginx.pid; worker_processes 1;
events {{ worker_connections 8000; }}
http {{
    access_log off; client_body_temp_path {tmp}/body; proxy_temp_path {tmp}/proxy;
    map $upstream_addr $served_by {{ {names} default $upstream_addr; }}
    upstream app {{ {servers} }}
    server {{
        listen 127.0.0.1:{proxy};
        location / {{
            proxy_pass http://app; proxy_http_version 1.1; proxy_set_header Connection "";
            proxy_set_header Host $http_host; proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_buffering off; proxy_read_timeout 65s; proxy_next_upstream error timeout http_502;
            add_header X-Served-By $served_by always;
        }}
    }}
}}
"""


# -- The cluster -----------------------------------------------------------------------------------


def installed(name: str) -> bool:
    """Whether ``name`` is there, installing it with apt-get if it is not (CI runs on a fresh machine)."""
    path = f"{os.environ.get('PATH', '')}:/usr/sbin:/sbin"
    if shutil.which(name, path=path):
        return True
    print(f"cluster-check: installing {name}…", file=sys.stderr)
    command = f"apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq {name}"
    subprocess.run(command, shell=True, stdout=subprocess.DEVNULL, check=False)
    return shutil.which(name, path=path) is not None


class Cluster:
    """App servers (A, B, …: one uvicorn worker each) and the proxy in front of them."""

    def __init__(self, tmp: Path, count: int = 2) -> None:
        self.tmp = tmp
        self.ports = {chr(ord("A") + n): PROXY + 1 + n for n in range(count)}
        self.servers: dict[str, subprocess.Popen[bytes]] = {}
        self.proxy: subprocess.Popen[bytes] | None = None
        self.kind = ""

    def start(self, name: str) -> None:
        log, port = LOG.format(name), self.ports[name]
        self.servers[name] = benchkit.start_server(1, log=log, quiet=True, port=port, production=True)

    def kill(self, name: str) -> None:
        """SIGKILL to the server's whole process group: gunicorn's master and its worker, mid-request."""
        os.killpg(self.servers[name].pid, signal.SIGKILL)
        self.servers[name].wait()

    def start_proxy(self, choice: str) -> None:
        self.kind = next((kind for kind in (choice, "nginx") if installed(kind)), "")
        if not self.kind:
            raise SystemExit("cluster-check: neither haproxy nor nginx is installed, nor could be (apt-get)")
        config = self.tmp / f"{self.kind}.conf"
        if self.kind == "haproxy":
            servers = "\n".join(f"    server {name} 127.0.0.1:{port}" for name, port in self.ports.items())
            config.write_text(HAPROXY.format(proxy=PROXY, servers=servers))
            command = ["haproxy", "-db", "-f", str(config)]
        else:
            names = " ".join(f"127.0.0.1:{port} {name};" for name, port in self.ports.items())
            servers = " ".join(
                f"server 127.0.0.1:{p} max_fails=1 fail_timeout=2s;" for p in self.ports.values()
            )
            config.write_text(NGINX.format(proxy=PROXY, names=names, servers=servers, tmp=self.tmp))
            command = ["nginx", "-e", str(self.tmp / "error.log"), "-c", str(config)]
        with open(LOG.format(self.kind), "wb") as log:
            self.proxy = subprocess.Popen(command, stdout=log, stderr=log, start_new_session=True)
        deadline, seen = time.monotonic() + 20, set[str]()
        while not seen >= set(self.ports) and time.monotonic() < deadline and self.proxy.poll() is None:
            seen.add(asyncio.run(served_by("/health", ""))[1])
            time.sleep(0.1)
        if not seen >= set(self.ports):
            raise SystemExit(f"cluster-check: {self.kind} passed no request to some server; see {log.name}")

    def stop(self) -> None:
        for process in [self.proxy, *self.servers.values()]:
            if process is not None:
                benchkit.stop_server(process)  # (SIGTERM to its process group: nginx's workers too)


def answered_by(head: bytes) -> str:
    """Which server answered, as the proxy said in X-Served-By."""
    found = re.search(rb"^x-served-by: *(\S+)", head, re.IGNORECASE | re.MULTILINE)
    return found.group(1).decode() if found else "?"


async def served_by(path: str, cookie: str) -> tuple[int, str]:
    """A GET through the proxy: its status, and which server answered it."""
    try:
        status, response, _ = await asyncio.wait_for(http("GET", path, cookie), 10)
    except (OSError, TimeoutError):
        return 0, "?"
    return status, answered_by(response.split(b"\r\n\r\n", 1)[0])


# -- A phone: its deals and its stream -------------------------------------------------------------


async def send_deal(phone: Phone, number: int, port: int, token: str = "") -> tuple[int, int, bytes]:
    """Deal ``number`` sent once to ``port``, with a new token unless given: status, new version, body."""
    if not token:
        token = str(uuid.uuid4())
        phone.tokens.append(token)
    form = faultkit.deal_form(number, token)
    try:
        request = http("POST", f"/matches/{phone.match}/deals/", phone.cookie, form, port=port)
        status, response, _ = await asyncio.wait_for(request, 15)
    except (OSError, TimeoutError):
        status, response = 0, b""
    phone.attempts += 1
    phone.seen[str(status) if status else "no answer"] += 1
    found = VERSION.search(response)
    return status, int(found.group(1)) if found else 0, response


class Stream:
    """A phone's stream of events (GET /matches/<pk>/events/), read as a browser's EventSource: opened
    again when it ends, after the ``retry:`` the server asked for, with ``Last-Event-ID``, until
    ``until``. ``heard``: when each version was first heard (time.monotonic)."""

    def __init__(self, port: int, phone: Phone, version: int, until: float) -> None:
        self.port, self.phone, self.last, self.until = port, phone, version, until
        self.heard: dict[int, float] = {}
        self.opened: Counter[str] = Counter()  # how each opening was answered
        self.server = "?"  # the server the proxy sent it to
        self.news = asyncio.Event()
        self.task = asyncio.create_task(self.follow())

    async def follow(self) -> None:
        retry = 3.0
        while (left := self.until - time.monotonic()) > 0:
            try:
                retry = await asyncio.wait_for(self.read(retry), left)
            except (OSError, TimeoutError, ValueError):
                self.opened["no answer"] += 1
            await asyncio.sleep(min(retry, max(0.0, self.until - time.monotonic())))

    async def read(self, retry: float) -> float:
        head = [
            f"GET /matches/{self.phone.match}/events/?v={self.last} HTTP/1.1",
            f"Host: {benchkit.HOST}:{self.port}",
            f"Cookie: sessionid={self.phone.cookie}",
            "Accept: text/event-stream",
            *([f"Last-Event-ID: {self.last}"] if self.opened["200"] else []),
        ]
        reader, writer = await asyncio.open_connection(benchkit.HOST, self.port)
        try:
            writer.write(("\r\n".join(head) + "\r\n\r\n").encode())
            status = (await reader.readline()).split(b" ")
            self.opened[status[1].decode() if len(status) > 1 else "no answer"] += 1
            while header := (await reader.readline()).strip():
                if header.lower().startswith(b"x-served-by:"):
                    self.server = answered_by(header)
            self.news.set()
            # An event's lines come whole, each event a chunk of the body: the chunks' sizes are skipped.
            while status[1:2] == [b"200"] and (line := await reader.readline()):
                if line.startswith(b"retry: "):
                    retry = int(line[7:]) / 1000
                elif line.startswith(b"id: "):
                    self.last = int(line[4:])
                    self.heard.setdefault(self.last, time.monotonic())
                    self.news.set()
        finally:
            writer.close()
        return retry

    async def hears(self, version: int, within: float = HEARD_WITHIN) -> float | None:
        """When it first heard ``version`` or a later one (0: was open), waiting up to ``within`` s."""
        ends = time.monotonic() + within
        while True:
            moments = [at for heard, at in self.heard.items() if heard >= version]
            if moments or (version == 0 and self.opened["200"]):
                return min(moments, default=time.monotonic())
            self.news.clear()
            try:
                await asyncio.wait_for(self.news.wait(), max(0.0, ends - time.monotonic()))
            except TimeoutError:
                return None


def phones(count: int, name: str) -> tuple[list[Phone], int]:
    """``count`` phones, each at a new match (faultkit.prepare), and the version the matches are at."""
    from matches.models import Match

    made = faultkit.prepare(count, name)
    return made, Match.objects.get(pk=made[0].match).version


async def heard(stream: Stream, version: int, sent: float, what: str, problems: list[str]) -> str:
    """How long after ``sent`` the stream heard ``version``; a problem if it did not. How its openings
    were answered, if it was opened again."""
    at = await stream.hears(version) if version else None
    opened = ", ".join(f"{n}× {answer}" for answer, n in sorted(stream.opened.items()))
    if at is None:
        problems.append(f"{what}: not heard (the stream's openings: {opened})")
        return f"{what}: not heard"
    again = f" (its openings: {opened})" if stream.opened.total() > 1 else ""
    return f"{what} {1000 * (at - sent):.0f} ms after it was sent{again}"


async def one_more(streams: dict[str, Stream], phone: Phone, number: int, problems: list[str]) -> list[str]:
    """After a burst: deal ``number`` through the proxy, which each stream must hear."""
    sent = time.monotonic()
    status, new, _ = await send_deal(phone, number, PROXY)
    said = []
    for name, stream in streams.items():
        what = f"a stream on {name}, open all along, heard a deal entered after the burst ({status})"
        said.append(await heard(stream, new, sent, what, problems))
    return said


def checked(name: str, phones: list[Phone], saw: str, problems: list[str]) -> Tally:
    """What was stored (faultkit.tally), with what the clients saw and any problem: printed."""
    result = faultkit.tally(name, phones)
    result.saw = f"{saw}; {result.saw}"
    result.problems += problems
    report(result)
    return result


# -- The checks ------------------------------------------------------------------------------------


def live_across(cluster: Cluster) -> Tally:
    """Streams on A, on B and through the proxy; a deal entered on B, then on A, then through the proxy."""
    (phone,), version = phones(1, "live")
    ports = cluster.ports | {"proxy": PROXY}
    problems: list[str] = []

    async def run() -> str:
        until = time.monotonic() + STREAMS_LIVE  # (asyncio.run ends the streams when this returns)
        streams = {name: Stream(port, phone, version, until) for name, port in ports.items()}
        said = []
        for number, (entered, listener) in enumerate([("B", "A"), ("A", "B"), ("proxy", "proxy")], 1):
            stream = streams[listener]
            await stream.hears(0)
            sent = time.monotonic()
            status, new, _ = await send_deal(phone, number, ports[entered])
            on = f" (on {stream.server})" if listener == "proxy" else ""
            what = f"a stream on {listener}{on} heard a deal entered on {entered} ({status})"
            said.append(await heard(stream, new, sent, what, problems))
        pages = [await served_by(f"/matches/{phone.match}/", phone.cookie) for _ in range(6)]
        order = ", ".join(f"{server} {status}" for status, server in pages)
        if {server for _, server in pages} != set(cluster.ports) or any(status != 200 for status, _ in pages):
            problems.append(f"one phone's pages through the proxy, not 200 from each server: {order}")
        return "; ".join([*said, f"one phone's 6 pages through the proxy answered by {order}"])

    return checked("live across servers", [phone], asyncio.run(run()), problems)


def same_deal_twice(cluster: Cluster, deals: int) -> Tally:
    """Each deal, one form and one token, sent to A and to B at once."""
    (phone,), _ = phones(1, "twice")

    async def run() -> str:
        bodies: list[bytes] = []
        for number in range(1, deals + 1):
            token = str(uuid.uuid4())
            phone.tokens.append(token)
            sent = (send_deal(phone, number, port, token) for port in cluster.ports.values())
            bodies += [body for _, _, body in await asyncio.gather(*sent)]
        repeated = sum(b"was already saved" in body or b"it is saved once" in body for body in bodies)
        return f"{deals} deals each sent to A and B at once: {repeated} of {len(bodies)} said: saved before"

    saw = asyncio.run(run())
    problems = [f"{count} posts answered {status}" for status, count in phone.seen.items() if status != "200"]
    return checked(f"the same deal sent to both servers at once, {deals} times", [phone], saw, problems)


def server_killed(cluster: Cluster, args: argparse.Namespace) -> Tally:
    """A burst through the proxy while A is killed, then started again after 2 s (faults.burst); a
    stream on A follows one of its matches, and must be back for a deal entered after."""
    tables, version = phones(args.tables, "killed")
    problems: list[str] = []

    async def kill() -> str:
        await asyncio.to_thread(cluster.kill, "A")
        killed = time.monotonic()
        await asyncio.sleep(2)
        await asyncio.to_thread(cluster.start, "A")
        return (
            f"A killed (SIGKILL, master and worker), answering again after {time.monotonic() - killed:.1f} s"
        )

    async def run() -> str:
        stream = Stream(cluster.ports["A"], tables[0], version, time.monotonic() + STREAMS_LIVE)
        await stream.hears(0)
        what, seconds, during = await burst(tables, args.deals, kill)
        if not during:
            problems.append("the burst was over before the fault: more --tables or --deals")
        said = [f"{what}; {args.tables} tables, {args.tables * args.deals} deals in {seconds:.1f} s"]
        return "; ".join(said + await one_more({"A": stream}, tables[0], args.deals + 1, problems))

    return checked("server A killed during a burst", tables, asyncio.run(run()), problems)


def connections_ended(cluster: Cluster, args: argparse.Namespace) -> Tally:
    """A burst while the database's connections are ended twice; streams on A and B follow one of its
    matches all along, and must hear a deal entered after it."""
    tables, version = phones(args.tables, "ended")
    watched = tables[0]
    problems: list[str] = []

    end = partial(faultkit.end_connections_twice, "postgres://postgres@127.0.0.1:5432/postgres")

    async def run() -> str:
        until = time.monotonic() + STREAMS_LIVE  # (asyncio.run ends the streams when this returns)
        streams = {name: Stream(port, watched, version, until) for name, port in cluster.ports.items()}
        what, seconds, during = await burst(tables, args.deals, end)
        if not during:
            problems.append("the burst was over before the fault: more --tables or --deals")
        said = [f"{what}; {args.tables * args.deals} deals in {seconds:.1f} s"]
        said += await one_more(streams, watched, args.deals + 1, problems)
        for name, port in cluster.ports.items():
            status, response, _ = await http("GET", "/health/full", "", port=port)
            body = response.split(b"\r\n\r\n", 1)[-1]  # (within its chunk)
            parts = json.loads(body[body.find(b"{") : body.rfind(b"}") + 1] or b"{}")
            said.append(f"{name}'s /health/full {status} {parts}")
            if status != 200 or not parts or set(parts.values()) != {"ok"}:
                problems.append(f"{name}'s /health/full answered {status} {parts}")
        return "; ".join(said)

    return checked("every database connection ended during a burst", tables, asyncio.run(run()), problems)


# -- The run ---------------------------------------------------------------------------------------


def fresh() -> None:
    """The throwaway database, migrated, and Redis's database emptied; Django in this process on both."""
    import redis

    benchkit.DATABASE_URL = DATABASE_URL
    os.environ["REDIS_URL"] = REDIS_URL  # for the servers too: benchkit.server_env copies this environment
    redis.Redis.from_url(REDIS_URL).flushdb()
    benchkit.fresh_database()
    benchkit.setup_django()


def cleaned_up() -> None:
    import psycopg
    import redis
    from django.conf import settings

    if settings.configured:
        from django.db import connections

        connections.close_all()
    with psycopg.connect("postgres://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute("DROP DATABASE IF EXISTS scorekeeper_cluster WITH (FORCE)")
    redis.Redis.from_url(REDIS_URL).flushdb()


def running(count: int, args: argparse.Namespace, tmp: Path, work: Callable[[Cluster], None]) -> None:
    """``work`` on ``count`` app servers behind the proxy, on a fresh database; everything stopped and
    dropped after, whatever happened."""
    cluster = Cluster(tmp, count)
    try:
        fresh()
        for name in cluster.ports:
            Path(LOG.format(name)).write_bytes(b"")
            cluster.start(name)
        cluster.start_proxy(args.proxy)
        work(cluster)
    finally:
        cluster.stop()
        cleaned_up()


def checks(args: argparse.Namespace, tmp: Path) -> None:
    results: list[Tally] = []
    began, kind = time.monotonic(), []
    steps: list[Callable[[Cluster], Tally]] = [
        live_across,
        lambda cluster: same_deal_twice(cluster, args.twice),
        lambda cluster: server_killed(cluster, args),
        lambda cluster: connections_ended(cluster, args),
    ]

    def work(cluster: Cluster) -> None:
        kind.append(cluster.kind)
        for number, check in enumerate(steps, 1):
            print(f"cluster-check: check {number} of {len(steps)}…", file=sys.stderr)
            try:
                results.append(check(cluster))
            except Exception as error:  # the others still run, and the summary says which failed
                traceback.print_exc()
                results.append(Tally(f"check {number}", saw=f"it failed: {error!r}", problems=[repr(error)]))

    print("cluster-check: a throwaway database, two app servers and a proxy…", file=sys.stderr)
    running(2, args, tmp, work)
    print(f"\n## Summary: two app servers behind {''.join(kind)}, {time.monotonic() - began:.0f} s\n")
    print("| check | sent | stored | doubled | lost | contradicted | |\n|---|---|---|---|---|---|---|")
    for r in results:
        state = "pass" if r.passed else "FAIL"
        print(f"| {r.fault} | {r.sent} | {r.stored} | {r.doubled} | {r.lost} | {r.contradicted} | {state} |")
    print()
    for r in results:
        print(f"- {r.fault}: {r.saw}" + "".join(f"; FAILED: {problem}" for problem in r.problems[:5]))
    failed = [r.fault for r in results if not r.passed]
    if failed or len(results) < len(steps):
        print(f"\ncluster-check: FAILED: {'; '.join(failed) or 'not every check ran'}")
        sys.exit(1)
    print("\ncluster-check: every check holds")


def capacity(args: argparse.Namespace, tmp: Path) -> None:
    """scripts/load.py --push through the proxy, in front of each number of servers of --cluster."""
    served: dict[int, str] = {}
    for count in [int(n) for n in args.cluster.split(",")]:

        def work(cluster: Cluster, count: int = count) -> None:
            masters = ",".join(str(server.pid) for server in cluster.servers.values())
            env = os.environ | {"BENCH_DATABASE_URL": DATABASE_URL, "BENCH_SECRET_KEY": benchkit.SECRET_KEY}
            command = (
                f"scripts/load.py --push --servers {masters} --workers {count} --seconds 30 --ramp 20".split()
            )
            command = [benchkit.PYTHON, *command, "--steps", args.steps]
            print(f"cluster-check: load.py --push, {count} app servers behind {args.proxy}…", file=sys.stderr)
            done = subprocess.run(command, cwd=benchkit.ROOT, env=env, stdout=subprocess.PIPE, text=True)
            print(done.stdout)
            found = re.search(r"\*\*Tables served\*\*.*\*\*(\d+)\*\*", done.stdout)
            served[count] = found.group(1) if found else f"? (load.py exited {done.returncode})"

        running(count, args, tmp, work)
    print(f"\n## Tables served (load.py --push), app servers of one worker behind {args.proxy}\n")
    print(
        "\n".join(
            f"- {count} server(s): {tables} tables (0: not the first step)"
            for count, tables in served.items()
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--deals", type=int, default=15, help="each table's, in a burst")
    parser.add_argument("--twice", type=int, default=20, help="deals sent to both servers at once")
    parser.add_argument("--proxy", choices=["haproxy", "nginx"], default="haproxy")
    parser.add_argument("--cluster", help="measure instead, with this many app servers (1,2)")
    parser.add_argument("--steps", default="100,200,300,400", help="with --cluster: load.py's")
    args = parser.parse_args()
    if not 1 <= args.deals < benchkit.DEALS_MOST:
        raise SystemExit(f"--deals is 1 to {benchkit.DEALS_MOST - 1}: the most deals a match holds, less one")
    with tempfile.TemporaryDirectory(prefix="cluster-check-") as tmp:
        (capacity if args.cluster else checks)(args, Path(tmp))


if __name__ == "__main__":
    main()
