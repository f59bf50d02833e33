"""The rules engine alone: a 1,000-deal Busca match, the longest Mambassa games and Whist rubber replayed.

Deals per second. Mambassa and Whist are as long as the house rules' limits let a real game go
(benchkit, "The house rules' limits"): 140 deals for 8 players with 20 lives, 75 for 4, and a
rubber of games to 20 points at 56 deals.

No database and no Django: the match documents are read once, then only ``play()`` is timed (the
replay every page and every entered deal runs), in CPU time, so that other work sharing the machine
does not count. Prints a Markdown table.
Usage: .venv/bin/python scripts/bench_engine.py [--seconds S]
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import benchkit

from games import document


def deals_per_second(play: Callable[[], object], deals: int, seconds: float) -> tuple[float, float]:
    """The best and the median rate over repeated replays lasting ``seconds`` in all."""
    rates: list[float] = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end or len(rates) < 5:
        start = time.process_time()  # this process's CPU time: other work on the machine does not count
        play()
        rates.append(deals / max(time.process_time() - start, 1e-9))
    rates.sort()
    return rates[-1], rates[len(rates) // 2]


def games() -> dict[str, tuple[document.Match, int]]:
    rng = random.Random(11)
    busca = benchkit.match_document("busca-001", {}, benchkit.busca_deals(1000, rng))
    four = benchkit.mambassa_deals(
        benchkit.MAMBASSA_4_LONGEST, random.Random(benchkit.MAMBASSA_4_SEED), benchkit.NAMES
    )
    mambassa_4 = benchkit.match_document("mambassa", benchkit.MAMBASSA_OPTIONS, four)
    mambassa = benchkit.long_mambassa(benchkit.MAMBASSA_LONGEST)
    whist = benchkit.long_whist(benchkit.WHIST_LONGEST)
    lives = benchkit.MAMBASSA_OPTIONS["lives"]
    found = {}
    for name, doc in (
        ("Busca (busca-001), 1,000 deals", busca),
        (f"{benchkit.LABELS['mambassa']}, {len(mambassa['deals'])} deals", mambassa),
        (f"Mambassa, {len(benchkit.NAMES)} players, {lives} lives, {len(four)} deals", mambassa_4),
        (f"{benchkit.LABELS['whist']}, {len(whist['deals'])} deals", whist),
    ):
        rules = document.read_document(doc)
        assert rules.play().outcome is None, name
        found[name] = (rules, len(doc["deals"]))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    lines = ["| replay | median | best |", "|---|---:|---:|"]
    for name, (rules, deals) in games().items():
        best, median = deals_per_second(rules.play, deals, args.seconds)
        lines.append(f"| {name} | {median:,.0f} deals/s | {best:,.0f} deals/s |")
        if name.startswith("Mambassa"):
            # Each hand judged afresh, as in a process that never saw this game.
            best, median = deals_per_second(functools.partial(cold, rules), deals, args.seconds)
            lines.append(f"| {name}, each hand judged afresh | {median:,.0f} deals/s | {best:,.0f} deals/s |")
    print("\n".join(lines))


def cold(rules: document.Match) -> object:
    """A replay in a process that never saw the game: the engine keeps nothing between replays
    (no judgement of a hand is cached any more), so this is the replay above, kept to compare."""
    return rules.play()


if __name__ == "__main__":
    main()
