"""A club's records in a season: per family of games, the most matches won and the game's own records
(``GameWeb.records``: most busche in one deal, Mambassa hands made, Whist trebles…).

A record is the best of one match (with the match where it was set: the first, when equalled later),
a run of deals that goes on from one of the season's matches to the next, in the order they were
played (with the match where it reached its length), or a season's total; every player who holds it
is named. A mark of 0 is no record.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from games.web import RecordKind

from .models import Match
from .ratings import families, family_name
from .seasons import Season
from .stats import Replayed

MATCHES_WON = RecordKind("matches_won", "", season_total=True)  # every game's, labelled where shown


@dataclass
class Record:
    label: str
    value: int = 0
    holders: list[str] = field(default_factory=list)
    match: Match | None = None  # where a best of one match was set
    date: datetime.date | None = None


@dataclass(frozen=True)
class FamilyRecords:
    key: str  # the games' (GameWeb.rated_as)
    name: str
    records: list[Record]


def club_records(reps: Sequence[Replayed], season: Season) -> list[FamilyRecords]:
    """The records of every family of games the club finished a match of in ``season``."""
    reps = [rep for rep in reps if rep.finished and season.holds(rep.date)]
    found = []
    for family in families(reps):
        played = sorted(
            (rep for rep in reps if rep.web.rated_as() == family),
            key=lambda r: (r.date, r.match.created_at, r.match.pk),
        )
        kinds = [MATCHES_WON, *played[0].web.records]
        records = [_record(kind, played) for kind in kinds]
        found.append(FamilyRecords(family, family_name(family), [r for r in records if r.value > 0]))
    return found


def _record(kind: RecordKind, played: Sequence[Replayed]) -> Record:
    label = _("Most matches won") if kind is MATCHES_WON else _(kind.label)
    if kind.run:
        return _run(kind, label, played)
    record = Record(label)
    totals: dict[str, int] = defaultdict(int)
    for rep in played:
        for seat, player in enumerate(rep.players):
            if kind is MATCHES_WON:
                mark = int(bool(rep.won(seat)))
            else:
                mark = rep.web.record_marks(rep.rules, rep.played, seat).get(kind.key, 0)
            if kind.season_total:
                totals[player.name] += mark
            elif mark > record.value:
                record.value, record.holders, record.match, record.date = (
                    mark,
                    [player.name],
                    rep.match,
                    rep.date,
                )
            elif mark == record.value and mark > 0 and player.name not in record.holders:
                record.holders.append(player.name)
    if kind.season_total and totals:
        record.value = max(totals.values())
        record.holders = sorted(
            (name for name, total in totals.items() if total == record.value), key=str.lower
        )
    return record


def _run(kind: RecordKind, label: str, played: Sequence[Replayed]) -> Record:
    """The longest run of deals, each player's going on across the matches in the order played."""
    record = Record(label)
    runs: dict[int, int] = defaultdict(int)  # each player's run so far
    for rep in played:
        for seat, player in enumerate(rep.players):
            for goes_on in rep.web.record_runs(rep.rules, rep.played, seat).get(kind.key, ()):
                runs[player.pk] = runs[player.pk] + 1 if goes_on else 0
                run = runs[player.pk]
                if run > record.value:
                    record.value, record.holders = run, [player.name]
                    record.match, record.date = rep.match, rep.date
                elif run == record.value and run > 0 and player.name not in record.holders:
                    record.holders.append(player.name)
    return record
