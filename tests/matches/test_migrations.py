"""Data migrations: what a database made by an earlier version holds comes out as this version keeps it."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse
from django.utils import timezone

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


BEFORE_DJANGOS_SESSIONS = [("matches", "0014_deals_name_their_dealer")]


def migrate(targets: list[tuple[str, str]] | None = None) -> None:
    """The test database migrated to ``targets`` (None: every app's latest)."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets or executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_every_live_session_goes_back_to_djangos_table_and_nobody_is_logged_out() -> None:
    migrate(BEFORE_DJANGOS_SESSIONS)
    try:
        app_sessions = MigrationExecutor(connection).loader.project_state(BEFORE_DJANGOS_SESSIONS).apps
        kept_by_the_app = app_sessions.get_model("matches", "Session")
        alice = User.objects.create_user("alice", password="alice-password-1")
        store, later = SessionStore(), timezone.now() + timedelta(days=7)
        logged_in = {
            SESSION_KEY: str(alice.pk),
            BACKEND_SESSION_KEY: "matches.sessions.UserBackend",  # the app's own backend, gone since
            HASH_SESSION_KEY: alice.get_session_auth_hash(),
        }
        guest = {"invites": {"7": {"token": "t" * 43, "name": "Zia"}}}
        for key, data, expiry, user in (
            ("alice" + "a" * 27, logged_in, later, alice.pk),
            ("guest" + "g" * 27, guest, later, None),
            ("gone" + "x" * 28, logged_in, timezone.now() - timedelta(days=1), alice.pk),
        ):
            kept_by_the_app.objects.create(
                session_key=key, session_data=store.encode(data), expire_date=expiry, user_id=user
            )
        # A row Django's table kept from before the app's: logged out since, it must not come back.
        Session.objects.create(
            session_key="stale" + "s" * 27, session_data=store.encode(logged_in), expire_date=later
        )
    finally:
        migrate()

    assert sorted(Session.objects.values_list("session_key", flat=True)) == [
        "alice" + "a" * 27,
        "guest" + "g" * 27,
    ]
    phone = Client()
    phone.cookies[settings.SESSION_COOKIE_NAME] = "alice" + "a" * 27
    assert phone.get(reverse("player_list")).context["user"] == alice
    assert Session.objects.get(session_key="guest" + "g" * 27).get_decoded() == guest
