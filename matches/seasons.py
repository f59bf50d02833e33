"""A club's seasons: years that start on the first day of the club's month (January by default).

A match belongs to the season of its date (its evening's, or the day it was started). A page reads
the season asked for from ``?season=`` (the year it starts: ``2026``) or ``?season=all``; nothing
asked for is the current season.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext as _

ALL = "all"
FIRST_YEAR, LAST_YEAR = 1900, 2999  # what ?season= may ask for; anything else is the current season


@dataclass(frozen=True)
class Season:
    """From ``start`` (included) to ``end`` (excluded); both None: all time."""

    start: datetime.date | None
    end: datetime.date | None

    @property
    def key(self) -> str:
        """What ``?season=`` says for it."""
        return str(self.start.year) if self.start else ALL

    @property
    def label(self) -> str:
        """ "2026", or "2026/27" for a season that starts after January; "All time"."""
        if self.start is None or self.end is None:
            return _("All time")
        if self.start.month == 1:
            return str(self.start.year)
        return f"{self.start.year}/{str(self.end.year)[-2:]}"

    def holds(self, day: datetime.date) -> bool:
        if self.start is None or self.end is None:
            return True
        return self.start <= day < self.end


ALL_TIME = Season(None, None)


def season_of(starts: int, day: datetime.date) -> Season:
    """The season of a club whose seasons start in month ``starts`` (1–12) that ``day`` is in."""
    year = day.year if day.month >= starts else day.year - 1
    return starting(starts, year)


def starting(starts: int, year: int) -> Season:
    return Season(datetime.date(year, starts, 1), datetime.date(year + 1, starts, 1))


def current(starts: int) -> Season:
    return season_of(starts, timezone.localdate())


def asked(starts: int, query: Mapping[str, str]) -> Season:
    """The season ``?season=`` asks for: a year, ``all``, or (nothing, or anything else) the current one."""
    sent = query.get("season", "")
    if sent == ALL:
        return ALL_TIME
    if sent.isascii() and sent.isdigit() and FIRST_YEAR <= int(sent) <= LAST_YEAR:
        return starting(starts, int(sent))
    return current(starts)


def seasons_played(starts: int, days: Iterable[datetime.date]) -> list[Season]:
    """The seasons that hold any of ``days``, and the current one, newest first; then all time."""
    found = {season_of(starts, day) for day in days} | {current(starts)}
    return [*sorted(found, key=lambda s: s.start or datetime.date.min, reverse=True), ALL_TIME]
