"""Writing deals: entering one (once, whatever phone sends it how often), correcting, deleting,
restoring; and what a deal would give, stored nowhere."""

from __future__ import annotations

import dataclasses
import json
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from games import document
from games.core import Problem, Refused, gettext_noop

from ..models import Change, Deal, Match
from .reading import Standing, _read, _standing, deal_entries, match_standing, seat_names
from .writing import Author, _author, _locked, _log, _refresh


class DealTaken(Refused):
    """Another phone entered the deal this one meant to enter; nothing of this one was stored."""

    def __init__(self, number: int, deal: Deal) -> None:
        who = deal.entered_by_name or "?"
        super().__init__(
            [
                Problem(
                    gettext_noop("Deal %(number)d was just entered on %(who)s's phone."),
                    {"number": number, "who": who},
                )
            ]
        )
        self.number, self.deal = number, deal

    def same_as(self, entry: Mapping[str, Any]) -> bool:
        """Whether the deal stored has the entry this phone sent, who dealt aside: the form sent back
        names the dealer of the deal it is now for, so the dealer is compared apart."""

        def played(deal_entry: Mapping[str, Any]) -> dict[str, Any]:
            return {key: value for key, value in deal_entry.items() if key != "dealer"}

        return played(self.deal.entry) == played(entry)


class DealMoved(Refused):
    """Deals were deleted elsewhere: the deal this phone meant to enter now has another number."""

    def __init__(self, number: int, next_number: int) -> None:
        super().__init__(
            [
                Problem(
                    gettext_noop("Deals changed on another phone: deal %(number)d is now deal %(next)d."),
                    {"number": number, "next": next_number},
                )
            ]
        )
        self.number, self.next_number = number, next_number


class DealChanged(Refused):
    """The deal was corrected elsewhere since this phone opened it; the correction is not applied."""

    def __init__(self, deal: Deal) -> None:
        who = deal.entered_by_name or "?"
        # What was played: every deal names its dealer, which the phone's form shows already.
        played = {key: value for key, value in deal.entry.items() if key != "dealer"}
        now = "; ".join(f"{key} {json.dumps(value, ensure_ascii=False)}" for key, value in played.items())
        super().__init__(
            [
                Problem(
                    gettext_noop(
                        "Deal %(number)d was changed by %(who)s meanwhile; it now reads: %(now)s. "
                        "Check it, then correct it again if needed."
                    ),
                    {"number": deal.number, "who": who, "now": now},
                )
            ]
        )
        self.deal = deal


def deal_record(
    *,
    match: Match,
    entry: Mapping[str, Any],
    author: User | Author | None,
    token: uuid.UUID | None = None,
    number: int | None = None,
    players: Sequence[str] | None = None,
    standing: Standing | None = None,
) -> Deal:
    """Add the next deal; an impossible deal raises Refused and stores nothing.

    ``token`` is the entry form's one-time token: sent again, it finds the deal it stored
    (``deal.repeated`` is then true) instead of storing a second one. ``number`` is the deal
    the phone meant to enter: if another phone entered it first, DealTaken says so.
    ``players``: the names read with ``match``, if this request read them (not read again);
    ``standing``: the match as this request replayed it, played on from if nothing changed it since.
    A deal stored has the match's new ``standing`` (the pages showing it need not replay it again).
    """
    try:
        return _deal_record(match, entry, _author(author), token, number, players, standing)
    except _DealClash as clash:
        # Where row locks do not queue (SQLite), the constraints decide; nothing was stored.
        # Its token in this match only: the same token in another match is not this deal.
        stored = Deal.everything.filter(token=token, match=match).first() if token is not None else None
        if stored is not None:
            stored.repeated = True
            return stored
        taker = match.deals.filter(number=clash.number).first()  # entered meanwhile elsewhere
        if taker is None:
            raise clash.refused from None
        raise DealTaken(clash.number, taker) from None


class _DealClash(Exception):
    """The database refused deal ``number`` (its number or its token were taken meanwhile)."""

    def __init__(self, number: int, refused: IntegrityError) -> None:
        super().__init__(number)
        self.number, self.refused = number, refused


@transaction.atomic
def _deal_record(
    match: Match,
    entry: Mapping[str, Any],
    who: Author,
    token: uuid.UUID | None,
    number: int | None,
    players: Sequence[str] | None,
    standing: Standing | None,
) -> Deal:
    locked = _locked(match)  # concurrent entries for one match queue here
    # What was read before the lock is still the match if nothing changed it since: every change
    # bumps its version (a renamed player too).
    if standing is not None and standing.match.version == locked.version:
        rules, state = standing.rules, standing.state
    else:
        current = _standing(
            locked, players if players is not None and locked.version == match.version else seat_names(locked)
        )
        rules, state = current.rules, current.state
    match = locked
    count = len(rules.deals)
    taken = number is not None and number <= count
    if token is not None and (number is None or taken):  # a new deal's number is free: not sent before
        stored = Deal.everything.filter(token=token, match=match).first()
        if stored is not None:  # sent again, its answer lost on the way back
            stored.repeated = True
            return stored
    if number is not None and taken:
        raise DealTaken(number, match.deals.get(number=number))
    if number is not None and number > count + 1:
        raise DealMoved(number, count + 1)
    rules, played, state = rules.with_deal(rules.format.read_deal(entry, rules.players, count + 1), state)
    entry, rules = _with_dealer(rules, played, entry, count + 1)
    try:
        deal = Deal.objects.create(
            match=match,
            number=count + 1,
            entry=entry,
            entered_by=who.user,
            entered_by_name=who.name,
            token=token,
        )
    except IntegrityError as refused:  # the transaction is rolled back on the way out
        raise _DealClash(count + 1, refused) from refused
    _log(match, Change.Kind.DEAL_ENTERED, who, deal=deal, after=deal.entry)
    _refresh(match, rules, who, played)
    deal.repeated = False
    deal.players = rules.players  # read under the lock
    deal.standing = Standing(match, rules.players, rules, played, state)
    return deal


def _with_dealer(
    rules: document.Match, played: Any, entry: Mapping[str, Any], number: int
) -> tuple[dict[str, Any], document.Match]:
    """Deal ``number``'s entry naming who dealt it, as the table saw it (docs/format.md, "Points
    made clear"): the table's choice if it named one, else the rules' choice, which the replay
    ``played`` of ``rules`` says. ``rules`` is given back reading the deal so, as it is stored.

    Who dealt is a fact once a deal is played: correcting an earlier deal does not change it.
    """
    if "dealer" in entry or number > len(played.deals) or played.deals[number - 1].dealer is None:
        return dict(entry), rules
    seat = played.deals[number - 1].dealer
    deals = list(rules.deals)
    deals[number - 1] = dataclasses.replace(deals[number - 1], dealer=seat)
    return {**entry, "dealer": rules.players[seat]}, dataclasses.replace(rules, deals=tuple(deals))


def deal_preview(
    *, match: Match, entry: Mapping[str, Any], number: int | None = None, standing: Standing | None = None
) -> Any:
    """What the next deal, or deal ``number`` corrected, would give; nothing is stored.

    ``standing``: the match as this request replayed it (else replayed here)."""
    if number is None:
        current = standing or match_standing(match, just_read=True)
        rules, state = current.rules, current.state
        deal = rules.format.read_deal(entry, rules.players, len(rules.deals) + 1)
        return rules.with_deal(deal, state)[1].deals[-1]
    entries = deal_entries(match)
    entries[number - 1] = dict(entry)
    return _read(match, entries).play().deals[number - 1]


@transaction.atomic
def deal_edit(
    *,
    match: Match,
    number: int,
    entry: Mapping[str, Any],
    author: User | Author | None,
    version: int | None = None,
    undoes: Change | None = None,
) -> Deal:
    """Replace deal ``number``; every later deal is replayed, and the match may end or reopen.

    ``version`` is the deal's version the phone corrected: if it was corrected elsewhere since,
    DealChanged refuses this correction instead of silently overwriting the other one.
    """
    who = _author(author)
    match = _locked(match)
    deals = list(match.deals.all())
    deal = deals[number - 1]
    if version is not None and version != deal.version:
        raise DealChanged(deal)
    entries = [d.entry for d in deals]
    entries[number - 1] = dict(entry)
    rules = _read(match, entries)
    played = rules.play()
    entry, rules = _with_dealer(rules, played, entry, number)
    before = deal.entry
    deal.entry = entry
    deal.entered_by, deal.entered_by_name = who.user, who.name
    deal.version += 1
    deal.save()
    _log(match, Change.Kind.DEAL_EDITED, who, deal=deal, before=before, after=deal.entry, undoes=undoes)
    _refresh(match, rules, who, played)
    return deal


@transaction.atomic
def deal_delete(
    *,
    match: Match,
    number: int,
    author: User | Author | None = None,
    undoes: Change | None = None,
) -> Deal:
    """Take deal ``number`` out of the match (kept, to be restored); the later deals move up one."""
    who = _author(author)
    match = _locked(match)
    deals = list(match.deals.all())
    entries = [deal.entry for i, deal in enumerate(deals, start=1) if i != number]
    rules = _read(match, entries)
    played = rules.play()
    deal = deals[number - 1]
    deal.deleted_at = timezone.now()
    deal.save(update_fields=["deleted_at"])
    for later in deals[number:]:  # in ascending order, so each number is free when it is taken
        later.number -= 1
        later.save(update_fields=["number"])
    _log(match, Change.Kind.DEAL_DELETED, who, deal=deal, before=deal.entry, undoes=undoes)
    _refresh(match, rules, who, played)
    return deal


@transaction.atomic
def deal_restore(
    *, match: Match, deal: Deal, author: User | Author | None, undoes: Change | None = None
) -> Deal:
    """Put a deleted deal back where it was; the deals from there on move down one."""
    who = _author(author)
    match = _locked(match)
    deals = list(match.deals.all())
    number = min(deal.number, len(deals) + 1)
    entries = [d.entry for d in deals]
    entries.insert(number - 1, deal.entry)
    rules = _read(match, entries)
    played = rules.play()
    # A deal deleted before deals recorded who dealt them is dealt, put back, as the rules say there.
    deal.entry, rules = _with_dealer(rules, played, deal.entry, number)
    for later in reversed(deals[number - 1 :]):  # in descending order, so each number is free
        later.number += 1
        later.save(update_fields=["number"])
    deal.number, deal.deleted_at = number, None
    deal.save(update_fields=["number", "deleted_at", "entry"])
    _log(match, Change.Kind.DEAL_RESTORED, who, deal=deal, after=deal.entry, undoes=undoes)
    _refresh(match, rules, who, played)
    return deal
