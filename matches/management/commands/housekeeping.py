"""What a timer or cron runs once a day (README.md, "Hosting"): Django's expired sessions go, and so
do the login throttle's records once they no longer count (failures past the cool-off) or are older
than ``--days`` (the log of logins and failures), and invite links that stopped working (past their
end, or withdrawn) more than ``--days`` ago. Prints what it removed."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from axes.handlers.proxy import AxesProxyHandler
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser
from django.db.models import Q
from django.utils import timezone

from matches.models import Invite


class Command(BaseCommand):
    help = (
        "Remove expired sessions, old records of the login throttle and links long ended (for a daily timer)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days", type=int, default=30, help="the login log's records and ended links kept (days)"
        )

    def handle(self, *args: Any, days: int, **options: Any) -> None:
        now = timezone.now()
        expired = Session.objects.filter(expire_date__lt=now).count()
        call_command("clearsessions")
        stale = AccessAttempt.objects.filter(attempt_time__lt=now - settings.AXES_COOLOFF_TIME).delete()[0]
        logs = AxesProxyHandler.reset_logs(age_days=days) + AxesProxyHandler.reset_failure_logs(age_days=days)
        long_ago = now - timedelta(days=days)
        links = Invite.objects.filter(Q(expires_at__lt=long_ago) | Q(revoked_at__lt=long_ago)).delete()[0]
        self.stdout.write(
            f"{expired} expired sessions, {stale} failed logins past their cool-off, "
            f"{logs} login records older than {days} days, "
            f"{links} links that ended more than {days} days ago: removed"
        )
