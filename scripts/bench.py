"""`make bench`: the pages a table uses, timed against the production server, next to the floor.

Starts gunicorn (DEBUG off, PostgreSQL, whitenoise) on a throwaway database holding realistic
matches of every game, short (10 deals) and long (Busca at 300 deals; Mambassa, 8 players with 20
lives, at 140 and a Whist rubber of games to 20 at 56: about the longest games the house rules'
limits allow), then asks for each page many times, interleaved, over loopback: each page's median
and 99th percentile, its ratio to /health (a read and a no-op write: the floor), and how much
slower it is long than short. Then the page weight, the rules engine, the load a server takes and
the time from "save" to the new drawing (scripts/load.py, bench_engine.py, bench_browser.py). The
report goes to standard output and to BENCH_REPORT (default docs/bench.md).

Usage: .venv/bin/python scripts/bench.py [--rounds N] [--workers N] [--only pages,weight,engine,load,browser]
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import re
import secrets
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))

import benchkit
from benchkit import HOST, PORT, Fixture

CSRF = secrets.token_hex(16)  # a 32-character CSRF secret, sent as the cookie and as the header


class Browser:
    """One phone: a keep-alive connection (reopened when gunicorn's sync worker closes it) and a session."""

    def __init__(self, cookie: str) -> None:
        self.connection = http.client.HTTPConnection(HOST, PORT, timeout=30)
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
    fixture: Fixture,
) -> dict[str, tuple[Callable[[], tuple[int, bytes]], int, Callable[[], None]]]:
    """Each page of one bench user: the request, its expected status, and what undoes it (unmeasured)."""
    phone = Browser(fixture.cookie)
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


def measure_pages(fixtures: list[Fixture], rounds: int) -> dict[str, dict[int, list[float]]]:
    """Every page at every size and the floor, once per round, interleaved: a busy machine slows all alike."""
    floor = Browser("")
    actions = {f.deals: page_actions(f) for f in fixtures}
    times: dict[str, dict[int, list[float]]] = {"Health (floor)": {0: []}}
    for deals, pages in actions.items():
        for name in pages:
            times.setdefault(name, {})[deals] = []
    for pages in actions.values():  # warm every worker: templates compiled, connections open
        for name, (action, expect, undo) in pages.items():
            for _ in range(4):
                timed(action, expect, name)
                undo()
    for _ in range(rounds):
        times["Health (floor)"][0].append(timed(lambda: floor.request("GET", "/health"), 200))
        for deals, pages in actions.items():
            for name, (action, expect, undo) in pages.items():
                times[name][deals].append(timed(action, expect, f"{name}, {deals} deals"))
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


# -- Page weight ---------------------------------------------------------------------------------


def page_weight(fixture: Fixture) -> str:
    """The match page (gzipped, as a proxy would send it) and the files of a first visit, from whitenoise.

    A first visit loads the page's own files, then the service worker fetches the rest of what it
    keeps for offline use: both totals are given.
    """
    lines = ["| file | loaded by | plain | gzip | brotli | Cache-Control |", "|---|---|---:|---:|---:|---|"]
    phone = Browser(fixture.cookie)
    pages = {}
    for game in ("busca", "mambassa", "whist"):
        status, html = phone.request("GET", f"/matches/{fixture.matches[game]}/")
        assert status == 200
        pages[game] = html
        packed = len(gzip.compress(html, 6))
        lines.append(
            f"| match page, {benchkit.LABELS[game]}: {fixture.sizes[game]} deals | | {_kb(len(html))} "
            f"| {_kb(packed)} | | |"
        )
    html = pages["busca"].decode()
    # A browser fetches an apple-touch-icon only when the page is added to a home screen.
    own = list(
        dict.fromkeys(
            re.findall(r'<(?:link|script)(?![^>]*apple-touch-icon)[^>]*(?:href|src)="(/static/[^"]+)"', html)
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
    ]
    return "\n".join(lines)


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--sizes", default="10,300")
    parser.add_argument("--only", default="pages,weight,engine,browser,load")
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
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; gunicorn, {args.workers} sync workers, "
        "DEBUG off, PostgreSQL, on this 2-core machine (shared: the figures are upper bounds).",
    ]
    server = benchkit.start_server(args.workers)
    try:
        if "pages" in parts:
            print(f"timing the pages, {args.rounds} rounds…", file=sys.stderr)
            times = measure_pages(fixtures, args.rounds)
            report += [
                "",
                f"## Pages ({args.rounds} requests each, interleaved)",
                "",
                pages_intro(fixtures),
                "",
                pages_table(times, fixtures),
            ]
        if "weight" in parts:
            report += ["", "## Page weight", "", page_weight(fixtures[0])]
        if "browser" in parts:
            print("timing save → drawing in Chromium…", file=sys.stderr)
            entry = str(fixtures[0].matches["entry"])
            report += ["", "## Save → drawing", "", run_script("bench_browser.py", fixtures[0].cookie, entry)]
    finally:
        benchkit.stop_server(server)
    if "engine" in parts:
        print("timing the rules engine…", file=sys.stderr)
        report += ["", "## Rules engine", "", run_script("bench_engine.py")]
    if "load" in parts:
        print("load: simulated tables…", file=sys.stderr)
        report += ["", "## Load", "", run_script("load.py", "--workers", str(args.workers))]
    text = "\n".join(report) + "\n"
    print(text)
    Path(args.report).write_text(text)


if __name__ == "__main__":
    main()
