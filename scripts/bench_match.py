"""Time the moments that matter between two deals, on a throwaway database.

Usage: .venv/bin/python scripts/bench_match.py [DEALS]   (DATABASE_URL picks the database)
Prints the median of repeated runs: replaying a match, rendering its page, an idle phone's
live check (answered 204 without rendering), recording a deal.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
# The development settings, as before DEBUG was off by default: no SECRET_KEY needed on a test database.
os.environ.setdefault("DEBUG", "true")

import django

django.setup()

from django.test.utils import get_runner, setup_test_environment  # noqa: E402


def median_ms(action: Callable[[], object], repeat: int = 30) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main(deals: int) -> None:
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.test import Client

    from matches import services
    from matches.models import Player

    setup_test_environment()
    runner = get_runner(settings)(verbosity=0)
    old = runner.setup_databases()
    try:
        user = User.objects.create_user("bench", password="x")
        players = [Player.objects.create(owner=user, name=n) for n in ("Anna", "Bruno", "Carla", "Dario")]
        # busca-001 with no victory threshold and no number of deals: the match stays open.
        match = services.match_create(
            owner=user, game="busca-001", options={}, players=players, first_dealer=0
        )
        for _ in range(deals):
            services.deal_record(match=match, entry={"points": [14, 10, 9, 7]}, author=user)
        client = Client()
        client.force_login(user)
        url = match.get_absolute_url()
        replay = median_ms(lambda: services.match_standing(match))
        page = median_ms(lambda: client.get(url))
        live = f"{url}live/?v={type(match).objects.get(pk=match.pk).version}"
        idle = median_ms(lambda: client.get(live))
        post = median_ms(
            lambda: client.post(
                f"{url}deals/",
                {"points_0": 14, "points_1": 10, "points_2": 9, "points_3": 7},
                headers={"HX-Request": "true"},
            )
        )
        recorded = type(match).objects.get(pk=match.pk).deals.count()
        assert recorded == deals + 30, f"{recorded} deals stored, {deals + 30} expected: a save was refused"
        print(f"{settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}, {deals} deals:")
        print(f"  replay the match       {replay:7.2f} ms")
        print(f"  render the match page  {page:7.2f} ms")
        print(f"  idle live check (204)  {idle:7.2f} ms")
        print(f"  record a deal (htmx)   {post:7.2f} ms")
    finally:
        runner.teardown_databases(old)


if __name__ == "__main__":
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    if not 0 <= deals <= 970:  # a match takes at most 1,000 deals, and 30 more are entered here
        raise SystemExit("DEALS is 0 to 970: a match holds at most 1,000 deals (docs/format.md, Limits)")
    main(deals)
