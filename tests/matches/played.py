"""Played matches for the tests of seasons, records and ratings: the statistics' fixtures
(fixtures/stats), imported into an account's personal club and dated."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from matches import services
from matches.models import Match

FIXTURES = Path(__file__).parent / "fixtures" / "stats"


def load(owner: User, name: str, day: datetime.date | None = None) -> Match:
    """The fixture ``name`` imported, begun (and finished, if it is) on ``day`` (today by default)."""
    return imported(owner, json.loads((FIXTURES / f"{name}.json").read_text()), day)


def imported(owner: User, doc: dict[str, Any], day: datetime.date | None = None) -> Match:
    """A match built by the import service, begun (and finished, if it is) at 20:00 on ``day``, a
    minute later for each match before it, so that they keep the order they were loaded in."""
    match = services.match_import(owner=owner, doc=doc)
    began = timezone.make_aware(datetime.datetime.combine(day or timezone.localdate(), datetime.time(20)))
    began += datetime.timedelta(minutes=Match.objects.count())
    Match.objects.filter(pk=match.pk).update(created_at=began, finished_at=began)
    match.refresh_from_db()
    return match
