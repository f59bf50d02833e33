"""Data migrations: what a database made by an earlier version holds comes out as this version keeps it."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from django.apps import apps

from matches.models import Match

from .results import kept, replayed

MakeMatch = Callable[..., Match]
EVEN = {"points": [10, 10, 10, 10]}
BRUNO_25 = {"points": [8, 25, 5, 2]}

results_without_deals = importlib.import_module("matches.migrations.0007_result_without_deals")


def test_a_stored_result_with_every_deal_keeps_their_count_instead(make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN, BRUNO_25])
    Match.objects.filter(pk=match.pk).update(result=replayed(match))  # as an earlier version stored it

    results_without_deals.count_the_deals(apps, None)

    stored = Match.objects.get(pk=match.pk).result
    assert stored == kept(replayed(match))
    assert stored["deal_count"] == 2
    assert "deals" not in stored
