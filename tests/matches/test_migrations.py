"""Data migrations: what a database made by an earlier version holds comes out as this version keeps it."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from django.apps import apps
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

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


within_limits = importlib.import_module("matches.migrations.0013_house_rules_within_limits")


def test_house_rules_stored_past_their_limits_are_brought_within_them(
    make_match: MakeMatch, client: Client, alice: User
) -> None:
    match = make_match(deals=[BRUNO_25], stake=1)
    # As an earlier version let a house rules page store them.
    options = {**match.options, "renege_penalty": 99999999999999999999, "stake": 1e30, "single_limit": 0}
    Match.objects.filter(pk=match.pk).update(options=options)

    within_limits.mend(apps, None)

    mended = Match.objects.get(pk=match.pk)
    assert mended.options["renege_penalty"] == 10
    assert mended.options["stake"] == 10_000
    assert mended.options["single_limit"] == 1
    assert mended.version == match.version + 1
    # The single limit of 1 is passed by Bruno's 2 busche: the stored result is the replay's.
    assert mended.status == Match.Status.FINISHED
    assert mended.result["losers"] == ["Bruno"]
    client.force_login(alice)
    assert client.get(reverse("match_detail", args=[match.pk])).status_code == 200


def test_house_rules_within_their_limits_are_left_as_they_are(make_match: MakeMatch) -> None:
    match = make_match(deals=[BRUNO_25], stake=0.5)

    within_limits.mend(apps, None)

    assert Match.objects.get(pk=match.pk).version == match.version
