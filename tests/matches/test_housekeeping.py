"""The daily housekeeping of a deployment: what has expired goes, what still counts stays."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO
from typing import Any

from axes.models import AccessAttempt, AccessLog
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.utils import timezone


def session(expires_in: timedelta) -> str:
    store = SessionStore()
    store["seen"] = True
    store.create()
    Session.objects.filter(pk=store.session_key).update(expire_date=timezone.now() + expires_in)
    return str(store.session_key)


def test_expired_sessions_and_old_login_records_go_and_the_rest_stays(db: Any) -> None:
    gone, kept = session(-timedelta(hours=1)), session(timedelta(days=3))
    old = AccessAttempt.objects.create(username="anna", ip_address="10.0.0.1", failures_since_start=3)
    fresh = AccessAttempt.objects.create(username="bruno", ip_address="10.0.0.2", failures_since_start=3)
    AccessAttempt.objects.filter(pk=old.pk).update(attempt_time=timezone.now() - timedelta(hours=2))
    old_log = AccessLog.objects.create(username="anna", ip_address="10.0.0.1")
    fresh_log = AccessLog.objects.create(username="anna", ip_address="10.0.0.1")
    AccessLog.objects.filter(pk=old_log.pk).update(attempt_time=timezone.now() - timedelta(days=40))

    said = StringIO()
    call_command("housekeeping", stdout=said)

    assert set(Session.objects.values_list("pk", flat=True)) == {kept}
    assert gone not in Session.objects.values_list("pk", flat=True)
    assert list(AccessAttempt.objects.values_list("pk", flat=True)) == [fresh.pk]  # its cool-off still runs
    assert list(AccessLog.objects.values_list("pk", flat=True)) == [fresh_log.pk]
    assert said.getvalue().strip() == (
        "1 expired sessions, 1 failed logins past their cool-off, 1 login records older than 30 days, "
        "0 links that ended more than 30 days ago: removed"
    )
