"""Reading a club's whole history for its download: every match as its document (docs/format.md,
with its ``result``), who won and each seat's money, read a batch of matches at a time, so that a
club of ten thousand matches costs no more memory than one of a hundred; nothing here writes."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Prefetch
from django.utils import timezone

from games import document
from games.core import Refused
from games.web import web_for

from ..models import Club, Deal, Match
from .reading import _read, deal_entries, match_document, seat_names, seats_with_players

BATCH = 100  # matches read (with their seats and deals) at a time


@dataclass(frozen=True)
class Exported:
    """A match as its club's download holds it."""

    match: Match
    date: datetime.date  # its evening's, or the day it was started
    names: tuple[str, ...]  # in seating order
    document: dict[str, Any]  # with its ``result``, unless the rules can no longer read it
    winners: list[str]  # names (Whist: the pair); empty while in progress
    nets: tuple[Decimal, ...]  # each seat's money; empty while in progress


def club_history(club: Club, newest_first: bool = True) -> Iterator[Exported]:
    """Every match of ``club``, newest first (or oldest first), each with its document."""
    order = ("-created_at", "-pk") if newest_first else ("created_at", "pk")
    pks = list(Match.objects.filter(club=club).order_by(*order).values_list("pk", flat=True))
    for start in range(0, len(pks), BATCH):
        batch = pks[start : start + BATCH]
        matches = Match.objects.filter(pk__in=batch).select_related("evening")
        matches = matches.prefetch_related(
            seats_with_players(), Prefetch("deals", queryset=Deal.objects.order_by("number"))
        )
        found = {match.pk: match for match in matches}
        for pk in batch:
            if pk in found:  # (deleted meanwhile: left out)
                yield exported(found[pk])


def exported(match: Match) -> Exported:
    """One match read for the download (its seats and deals prefetched, or read here)."""
    deals = deal_entries(match)
    names = seat_names(match)
    day = match.evening.date if match.evening else timezone.localdate(match.created_at)
    web = web_for(match.game)
    try:
        rules = _read(match, deals, names)
        doc = document.write_document(rules, deals)
        played = rules.play()
    except Refused:
        # A match the rules can no longer read (stored by an older version): its document as
        # stored, without a result, and what its stored result said.
        doc = match_document(match, deals, names)
        doc["first_dealer"] = names[match.first_dealer] if match.first_dealer < len(names) else None
        return Exported(match, day, names, doc, web.winners(match.result, web.sides(names)), ())
    nets = tuple(web.nets(rules, played)) if played.outcome is not None else ()
    return Exported(match, day, names, doc, web.winners(doc["result"], web.sides(names)), nets)
