"""`make bench`: the pages a table uses, timed against the production server, next to the floor.

Starts gunicorn (DEBUG off, PostgreSQL, whitenoise) on a throwaway database holding realistic
matches of every game, short (10 deals) and long (Busca at 300 deals; Mambassa, 8 players with 20
lives, at 140 and a Whist rubber of games to 20 at 56: about the longest games the house rules'
limits allow), then asks for each page many times, interleaved, over loopback: each page's median
and 99th percentile, its ratio to /health (a read and a no-op write: the floor), and how much
slower it is long than short; then the same pages with Django's cache switched off
(scripts/bench_settings_nocache.py), side by side. Then the page weight, the time from "save" to
the new drawing at both sizes (bench_browser.py), a web process's memory once it has shown 2,000
different matches, with the cache and without, the rules engine (bench_engine.py) and the tables a
server takes (load.py). The report goes to standard output and to --report (default docs/bench.md).

Usage: .venv/bin/python scripts/bench.py [--rounds N] [--workers N]
       [--only pages,nocache,weight,browser,memory,engine,load]
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import os
import random
import re
import secrets
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from functools import partial
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))

import benchkit
from benchkit import HOST, PORT, Fixture

CSRF = secrets.token_hex(16)  # a 32-character CSRF secret, sent as the cookie and as the header


class Browser:
    """One phone: a keep-alive connection (reopened when the server closes it) and a session."""

    def __init__(self, cookie: str, port: int = PORT) -> None:
        self.connection = http.client.HTTPConnection(HOST, port, timeout=30)
        self.headers = {"Cookie": f"sessionid={cookie}; csrftoken={CSRF}"}

    def request(
        self, method: str, path: str, body: dict[str, str] | None = None, htmx: bool = False
    ) -> tuple[int, bytes]:
        headers = dict(self.headers)
        data = None
        if htmx:
            headers["HX-Request"] = "true"
        if body is not None:
            data = urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = CSRF
        self.connection.request(method, path, body=data, headers=headers)
        response = self.connection.getresponse()
        content = response.read()
        if response.getheader("Connection", "").lower() == "close":
            self.connection.close()
        return response.status, content


def timed(action: Callable[[], tuple[int, bytes]], expect: int, name: str = "") -> float:
    start = time.perf_counter()
    status, content = action()
    elapsed = (time.perf_counter() - start) * 1000
    if status != expect:
        raise SystemExit(f"{name}: expected {expect}, got {status}: {content[:300]!r}")
    return elapsed


def page_actions(
    fixture: Fixture, port: int = PORT
) -> dict[str, tuple[Callable[[], tuple[int, bytes]], int, Callable[[], None]]]:
    """Each page of one bench user: the request, its expected status, and what undoes it (unmeasured)."""
    phone = Browser(fixture.cookie, port)
    m = fixture.matches
    busca_live = f"/matches/{m['busca']}/live/?v={fixture.versions['busca']}&s=in_progress"
    entry = f"/matches/{m['entry']}/deals/"
    number = str(fixture.deals + 1)

    def enter() -> tuple[int, bytes]:
        body = {"points_0": "14", "points_1": "10", "points_2": "9", "points_3": "7"}
        body |= {"token": str(uuid.uuid4()), "number": number}
        return phone.request("POST", entry, body, htmx=True)

    def take_back() -> None:  # keep the match at its size: delete the deal just entered
        status, _ = phone.request("POST", f"/matches/{m['entry']}/deals/{number}/delete/", {})
        assert status == 302, status
        # Followed, as a browser does: its message ("Deal 11 deleted.") is shown there, not on the
        # next page timed, which would be drawn afresh for it.
        status, _ = phone.request("GET", f"/matches/{m['entry']}/")
        assert status == 200, status

    def nothing() -> None:
        pass

    return {
        "Match page, Busca": (lambda: phone.request("GET", f"/matches/{m['busca']}/"), 200, nothing),
        "Match page, Mambassa": (lambda: phone.request("GET", f"/matches/{m['mambassa']}/"), 200, nothing),
        "Match page, Whist": (lambda: phone.request("GET", f"/matches/{m['whist']}/"), 200, nothing),
        "Idle live check (204)": (lambda: phone.request("GET", busca_live, htmx=True), 204, nothing),
        "Enter a deal (htmx)": (enter, 200, take_back),
        "Matches list (6 matches)": (lambda: phone.request("GET", "/matches/"), 200, nothing),
        "Evening and settlement (6 matches)": (
            lambda: phone.request("GET", f"/evenings/{fixture.evening}/"),
            200,
            nothing,
        ),
    }


Times = dict[str, dict[int, list[float]]]  # page name: deals: milliseconds


def measure_pages(fixtures: list[Fixture], rounds: int, ports: tuple[int, ...] = (PORT,)) -> list[Times]:
    """Every page at every size and the floor, once per round, on each server in turn (its port), all
    interleaved: a busy machine slows all alike. The times of each server, in the order of ``ports``."""
    floors = [Browser("", port) for port in ports]
    actions = [{f.deals: page_actions(f, port) for f in fixtures} for port in ports]
    times: list[Times] = [{"Health (floor)": {0: []}} for _ in ports]
    for deals, pages in actions[0].items():
        for name in pages:
            for kept in times:
                kept.setdefault(name, {})[deals] = []
    for server in actions:  # warm every worker: templates compiled, connections open
        for pages in server.values():
            for name, (action, expect, undo) in pages.items():
                for _ in range(4):
                    timed(action, expect, name)
                    undo()
    for _ in range(rounds):
        for floor, kept in zip(floors, times, strict=True):
            kept["Health (floor)"][0].append(timed(partial(floor.request, "GET", "/health"), 200))
        for deals in actions[0]:
            for name in actions[0][deals]:
                for server, kept in zip(actions, times, strict=True):
                    action, expect, undo = server[deals][name]
                    kept[name][deals].append(timed(action, expect, f"{name}, {deals} deals"))
                    undo()
    return times


# The match each page shows, by the page's name in page_actions: its row says how many deals it holds.
SHOWS = {
    "Match page, Busca": "busca",
    "Match page, Mambassa": "mambassa",
    "Match page, Whist": "whist",
    "Idle live check (204)": "busca",
    "Enter a deal (htmx)": "entry",
}


def row_name(name: str, fixtures: list[Fixture]) -> str:
    """The page's name with what its match is and holds in the short and the long run, as measured."""
    match = SHOWS.get(name)
    if match is None:
        return name
    game = "busca" if match == "entry" else match
    page = name.removesuffix(", Busca").removesuffix(", Mambassa").removesuffix(", Whist")
    deals = " / ".join(str(f.sizes[match]) for f in fixtures)
    return f"{page}, {benchkit.LABELS[game]}: {deals} deals"


def pages_intro(fixtures: list[Fixture]) -> str:
    short, long = fixtures
    sizes = long.sizes
    return (
        f"Short: every match at {short.deals} deals. Long: the Busca matches at {long.deals} deals, and "
        "about the longest games the house rules' limits allow with realistic deals (scripts/benchkit.py): "
        f"{benchkit.LABELS['mambassa']}, at {sizes['mambassa']} deals; {benchkit.LABELS['whist']}, at "
        f"{sizes['whist']}."
    )


def pages_table(times: dict[str, dict[int, list[float]]], fixtures: list[Fixture]) -> str:
    floor = benchkit.median(times["Health (floor)"][0])
    floor_p99 = benchkit.percentile(times["Health (floor)"][0], 0.99)
    sizes = [f.deals for f in fixtures]
    small, large = sizes
    lines = [
        "| page | short: median | p99 | × floor | long: median | p99 | × floor | long ÷ short |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
        f"| /health (a no-op write, the floor) | {floor:.1f} ms | {floor_p99:.1f} ms | 1.0 | | | | |",
    ]
    for name, by_size in times.items():
        if name == "Health (floor)":
            continue
        cells = []
        for deals in sizes:
            med = benchkit.median(by_size[deals])
            cells += [
                f"{med:.1f} ms",
                f"{benchkit.percentile(by_size[deals], 0.99):.1f} ms",
                f"{med / floor:.1f}",
            ]
        growth = benchkit.median(by_size[large]) / benchkit.median(by_size[small])
        lines.append(f"| {row_name(name, fixtures)} | {' | '.join(cells)} | {growth:.2f} |")
    return "\n".join(lines)


NOCACHE_SETTINGS = "bench_settings_nocache"  # scripts/bench_settings_nocache.py


def cache_table(cached: Times, uncached: Times, fixtures: list[Fixture]) -> str:
    """Each page and size timed with the cache and without it (the same rounds, another server)."""
    lines = [
        "| page | deals | cache on: median | p99 | cache off: median | p99 | off ÷ on |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    by_deals = {f.deals: f for f in fixtures}
    for name, by_size in cached.items():
        for deals, times in by_size.items():
            off = uncached[name][deals]
            if deals in by_deals and name in SHOWS:
                deals = by_deals[deals].sizes[SHOWS[name]]  # what the match holds (Whist: 56 at most)
            on_median, off_median = benchkit.median(times), benchkit.median(off)
            on_p99, off_p99 = benchkit.percentile(times, 0.99), benchkit.percentile(off, 0.99)
            lines.append(
                f"| {name} | {deals or ''} | {on_median:.1f} ms | {on_p99:.1f} ms "
                f"| {off_median:.1f} ms | {off_p99:.1f} ms | {off_median / on_median:.2f} |"
            )
    return "\n".join(lines)


def uses_django_cache() -> bool:
    """Whether the app keeps anything through Django's cache framework (else the switch changes nothing)."""
    code = [benchkit.ROOT / "matches", benchkit.ROOT / "games", benchkit.ROOT / "scorekeeper"]
    templates = benchkit.ROOT / "templates"
    found = any("django.core.cache" in f.read_text() for d in code if d.is_dir() for f in d.rglob("*.py"))
    return found or any("{% cache " in f.read_text() for f in templates.rglob("*.html"))


# -- Memory --------------------------------------------------------------------------------------

MEMORY_MATCHES = 2000
MEMORY_MOST = 250 * 1024 * 1024  # a web process's memory, the target (issue 22)


def load_many(count: int) -> tuple[str, list[int]]:
    """``count`` different matches of one user, of every game and length (Busca of 5 to 300 deals,
    Mambassa of 8 players up to 140, Whist up to 56): the session cookie and the matches' pks."""
    from django.contrib.auth.models import User
    from django.test import Client

    from matches import services

    user = User.objects.create_user("memory", password=secrets.token_urlsafe(12))
    rng = random.Random(11)
    mambassa = benchkit.long_mambassa(benchkit.MAMBASSA_LONGEST)
    whist = benchkit.long_whist(benchkit.WHIST_LONGEST)
    pks = []
    for n in range(count):
        if n % 5 == 3:
            doc = {**mambassa, "deals": mambassa["deals"][: rng.randint(5, len(mambassa["deals"]))]}
        elif n % 5 == 4:
            doc = {**whist, "deals": whist["deals"][: rng.randint(5, len(whist["deals"]))]}
        else:
            doc = benchkit.match_document(
                "busca-001", {"stake": 1}, benchkit.busca_deals(rng.randint(5, 300), rng)
            )
        pks.append(services.match_import(owner=user, doc=doc).pk)
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value, pks


def rss(pid: int) -> tuple[int, int]:
    """A process's resident memory now and at its peak, in bytes (/proc: VmRSS, VmHWM)."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines())
    return int(fields["VmRSS"].split()[0]) * 1024, int(fields["VmHWM"].split()[0]) * 1024


def measure_memory(cookie: str, pks: list[int], settings: str) -> tuple[int, int, int, float]:
    """One web process (so that it draws every match itself) shows each match once: its memory
    before, after, and at its peak, and the median time of a first view."""
    server = benchkit.start_server(1, settings=settings)
    try:
        (worker,) = benchkit.worker_pids(server)
        phone = Browser(cookie)
        for _ in range(20):  # imports done, templates compiled, its connection open
            timed(lambda: phone.request("GET", f"/matches/{pks[0]}/"), 200, "memory, warming up")
        before, _ = rss(worker)
        times = [timed(partial(phone.request, "GET", f"/matches/{pk}/"), 200, "memory") for pk in pks]
        after, peak = rss(worker)
    finally:
        benchkit.stop_server(server)
    return before, after, peak, benchkit.median(times)


def memory_table(results: dict[str, tuple[int, int, int, float]], count: int) -> str:
    lines = [
        f"One gunicorn worker shows {count:,} different matches once each (Busca of 5 to 300 deals, "
        f"{benchkit.LABELS['mambassa']} up to {benchkit.MAMBASSA_LONGEST}, {benchkit.LABELS['whist']} up "
        f"to {benchkit.WHIST_LONGEST}): one process draws them all, the most any of the workers would "
        "hold. Memory read from /proc (resident, VmRSS; peak, VmHWM).",
        "",
        "| cache | before | after | peak | a first view: median | target |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for name, (before, after, peak, median) in results.items():
        lines.append(
            f"| {name} | {_mb(before)} | {_mb(after)} | {_mb(peak)} | {median:.1f} ms "
            f"| under {_mb(MEMORY_MOST)}: {_verdict(peak < MEMORY_MOST)} |"
        )
    return "\n".join(lines)


def _mb(size: int) -> str:
    return f"{size / 1024 / 1024:.0f} MB"


# -- Page weight ---------------------------------------------------------------------------------


PAGE_MOST, FIRST_VISIT_MOST = 14 * 1024, 50 * 1024  # the targets, compressed (issue 22)


def page_weight(fixtures: list[Fixture]) -> str:
    """The match pages, short and long (gzipped, as a proxy would send them), and the files of a first
    visit, from whitenoise.

    A first visit loads the page's own files, then the service worker fetches the rest of what it
    keeps for offline use: both totals are given.
    """
    lines = ["| file | loaded by | plain | gzip | brotli | Cache-Control |", "|---|---|---:|---:|---:|---|"]
    pages: dict[str, bytes] = {}
    heaviest = (0, "")
    for fixture in fixtures:
        phone = Browser(fixture.cookie)
        for game in ("busca", "mambassa", "whist"):
            status, html = phone.request("GET", f"/matches/{fixture.matches[game]}/")
            assert status == 200
            pages.setdefault(game, html)  # the first visit: the short match's
            packed = len(gzip.compress(html, 6))
            name = f"{benchkit.LABELS[game]}: {fixture.sizes[game]} deals"
            heaviest = max(heaviest, (packed, name))
            lines.append(f"| match page, {name} | | {_kb(len(html))} | {_kb(packed)} | | |")
    phone = Browser(fixtures[0].cookie)
    page = pages["busca"].decode()
    # A browser fetches an apple-touch-icon only when the page is added to a home screen.
    own = list(
        dict.fromkeys(
            re.findall(r'<(?:link|script)(?![^>]*apple-touch-icon)[^>]*(?:href|src)="(/static/[^"]+)"', page)
        )
    )
    page_total = {"gzip": len(gzip.compress(pages["busca"], 6))}
    page_total["br"] = page_total["gzip"]  # pages are not compressed by brotli here
    offline_total = {"gzip": 0, "br": 0}
    status, worker = phone.request("GET", "/sw.js")
    kept: list[str] = []
    if status == 200:
        offline_total["gzip"] += len(gzip.compress(worker, 6))
        offline_total["br"] += len(gzip.compress(worker, 6))
        # The files the worker keeps: its PRECACHE list, a JSON array of addresses.
        precache = re.search(r"const PRECACHE = \[(.*?),?\s*\];", worker.decode(), re.S)
        strings = json.loads(f"[{precache.group(1)}]") if precache else []
        kept = [
            u for u in dict.fromkeys(strings) if u.startswith("/static/") and u != "/static/" and u not in own
        ]
        lines.append(
            f"| sw.js | service worker | {_kb(len(worker))} | {_kb(len(gzip.compress(worker, 6)))} | |"
        )
    else:
        lines.append(f"| sw.js | service worker | answered {status} | | | |")
    for path in own + kept:
        sizes, cache = {}, ""
        for encoding in ("identity", "gzip", "br"):
            connection = http.client.HTTPConnection(HOST, PORT, timeout=10)
            connection.request("GET", path, headers={"Accept-Encoding": encoding})
            response = connection.getresponse()
            sizes[encoding] = len(response.read())
            cache = response.getheader("Cache-Control", "")
            connection.close()
        total = page_total if path in own else offline_total
        for encoding in ("gzip", "br"):
            total[encoding] += sizes[encoding]
        who = "the page" if path in own else "offline copy"
        name = path.rsplit("/", 1)[-1]
        lines.append(
            f"| {name} | {who} | {_kb(sizes['identity'])} | {_kb(sizes['gzip'])} | {_kb(sizes['br'])} "
            f"| {cache} |"
        )
    both = {encoding: page_total[encoding] + offline_total[encoding] for encoding in ("gzip", "br")}
    lines += [
        f"| **first visit: the Busca page and its files** | | | **{_kb(page_total['gzip'])}** "
        f"| **{_kb(page_total['br'])}** |",
        f"| **and the offline copy the service worker keeps** | | | **{_kb(both['gzip'])}** "
        f"| **{_kb(both['br'])}** |",
        "",
        f"Targets: a match page under {_kb(PAGE_MOST)} compressed: the heaviest here, {heaviest[1]}, "
        f"{_kb(heaviest[0])} gzip ({_verdict(heaviest[0] < PAGE_MOST)}); the first visit under "
        f"{_kb(FIRST_VISIT_MOST)}: {_kb(page_total['gzip'])} gzip, {_kb(page_total['br'])} brotli "
        f"({_verdict(page_total['gzip'] < FIRST_VISIT_MOST)}), and {_kb(both['gzip'])} / "
        f"{_kb(both['br'])} with the offline copy ({_verdict(both['gzip'] < FIRST_VISIT_MOST)}).",
    ]
    return "\n".join(lines)


def _verdict(passed: bool) -> str:
    return "pass" if passed else "fail"


def _kb(size: int) -> str:
    return f"{size / 1024:.1f} KB"


# -- The whole run -------------------------------------------------------------------------------


def run_script(name: str, *args: str) -> str:
    """Another bench script, against the same server; its Markdown report."""
    result = subprocess.run(
        [benchkit.PYTHON, str(Path(__file__).with_name(name)), *args],
        cwd=benchkit.ROOT,
        capture_output=True,
        text=True,
    )
    sys.stderr.write(result.stderr)
    if result.returncode != 0:
        return f"({name} failed: exit {result.returncode})"
    return result.stdout.strip()


def _load_average() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


def _code() -> str:
    """The commit measured, and whether the tree had changes not committed yet (or "" outside git)."""

    def git(*args: str) -> str:
        result = subprocess.run(["git", *args], cwd=benchkit.ROOT, capture_output=True, text=True)
        return result.stdout.strip() if result.returncode == 0 else ""

    commit = git("rev-parse", "--short", "HEAD")
    if not commit:
        return ""
    changed = git("status", "--porcelain", "--untracked-files=no")
    return f" The code of commit {commit}{' with changes not committed yet' if changed else ''}."


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2, help="gunicorn's: one a core")
    parser.add_argument("--sizes", default="10,300")
    parser.add_argument("--only", default="pages,nocache,weight,browser,memory,engine,load")
    parser.add_argument("--memory-matches", type=int, default=MEMORY_MATCHES)
    parser.add_argument("--report", default=str(benchkit.ROOT / "docs" / "bench.md"))
    args = parser.parse_args()
    parts = args.only.split(",")
    sizes = [int(s) for s in args.sizes.split(",")]
    if len(sizes) != 2 or not 1 <= sizes[0] < sizes[1] < benchkit.DEALS_MOST:
        raise SystemExit(
            f"--sizes: two numbers of deals, the smaller first, under {benchkit.DEALS_MOST} (a match's most)"
        )

    print("preparing the bench database…", file=sys.stderr)
    benchkit.fresh_database()
    benchkit.setup_django()
    fixtures = [benchkit.load(deals) for deals in sizes]
    benchkit.analyze()
    report = [
        "# Speed, measured",
        "",
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; gunicorn, {args.workers} uvicorn workers, "
        "DEBUG off, PostgreSQL, on this 2-core machine (shared: the figures are upper bounds).",
    ]
    started, code = _load_average(), _code()
    servers = [benchkit.start_server(args.workers)]
    try:
        if "nocache" in parts:  # a second server beside it, the same but with no cache, on the next port
            log = "/tmp/bench-gunicorn-nocache.log"
            servers.append(
                benchkit.start_server(args.workers, log=log, settings=NOCACHE_SETTINGS, port=PORT + 1)
            )
        if "pages" in parts or "nocache" in parts:
            print(f"timing the pages, {args.rounds} rounds…", file=sys.stderr)
            ports = (PORT, PORT + 1) if "nocache" in parts else (PORT,)
            times = measure_pages(fixtures, args.rounds, ports)
            report += [
                "",
                f"## Pages ({args.rounds} requests each, interleaved)",
                "",
                pages_intro(fixtures),
                "",
                pages_table(times[0], fixtures),
            ]
        if "nocache" in parts:
            switched = (
                "Django's cache framework"
                if uses_django_cache()
                else "Django's cache framework, which the app does not use yet: the two servers are the same"
            )
            report += [
                "",
                "## The cache switched off",
                "",
                f"The same pages, in the same rounds, from a second server beside the first: the same "
                f"settings but every cache of CACHES a DummyCache (scripts/{NOCACHE_SETTINGS}.py), which "
                f"switches off what the app keeps through {switched}.",
                "",
                cache_table(times[0], times[1], fixtures),
            ]
            benchkit.stop_server(servers.pop())
        if "weight" in parts:
            report += ["", "## Page weight", "", page_weight(fixtures)]
        if "browser" in parts:
            print("timing save → drawing in Chromium…", file=sys.stderr)
            shown = [str(x) for f in fixtures for x in (f.cookie, f.matches["entry"])]
            report += ["", "## Save → drawing", "", run_script("bench_browser.py", *shown)]
    finally:
        for server in servers:
            benchkit.stop_server(server)
    if "memory" in parts:
        print(f"memory: {args.memory_matches} matches, each shown once…", file=sys.stderr)
        cookie, pks = load_many(args.memory_matches)
        benchkit.analyze()
        results = {"on": measure_memory(cookie, pks, "scorekeeper.settings")}
        if "nocache" in parts:
            results["off"] = measure_memory(cookie, pks, NOCACHE_SETTINGS)
        report += ["", "## Memory", "", memory_table(results, len(pks))]
    if "engine" in parts:
        print("timing the rules engine…", file=sys.stderr)
        report += ["", "## Rules engine", "", run_script("bench_engine.py")]
    if "load" in parts:
        print("load: simulated tables…", file=sys.stderr)
        pushed = run_script(
            "load.py",
            "--push",
            "--steps",
            "250,500,750,1000,1500,2000",
            "--ramp",
            "40",
            "--workers",
            str(args.workers),
        )
        polled = run_script("load.py", "--steps", "100,200,300,400", "--workers", str(args.workers))
        report += [
            "",
            "## Load, pushed",
            "",
            pushed,
            "",
            "## Load, polling (where no stream opens)",
            "",
            polled,
        ]
    # How busy the shared machine was (1-minute load average; 2 is both cores busy).
    report[2] += f"{code} Load average at the start {started}, at the end {_load_average()}."
    text = "\n".join(report) + "\n"
    print(text)
    Path(args.report).write_text(text)


if __name__ == "__main__":
    main()
