"""The only code that writes. Each write is one transaction with the match row locked.

A match's standings are the replay of its deals through the rules engine; the
``result`` stored on the match is a cache that ``_refresh`` rebuilds after every change.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict

from django.contrib.auth.models import User
from django.db import IntegrityError, models, transaction
from django.db.models import Exists, OuterRef, Prefetch, QuerySet
from django.utils import timezone

from games import document
from games.core import Problem, Refused, Steps, gettext_noop, repeated_name_problem

from .models import Change, Deal, Evening, Match, Player, Seat

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Standing:
    """A match read from the database and replayed: what the pages draw."""

    match: Match
    players: tuple[str, ...]
    rules: document.Match
    played: Any  # the replay: BuscaMatch, MambassaGame or Rubber
    state: Steps | None = None  # the replay's running state, to take it on to a next deal (None: Whist)


def match_document(
    match: Match, deals: Sequence[Mapping[str, Any]] | None = None, players: Sequence[str] | None = None
) -> dict[str, Any]:
    """The match as a document of docs/format.md, without its ``result``."""
    if deals is None:
        deals = deal_entries(match)
    if players is None:
        players = seat_names(match)
    return {
        "format": document.FORMAT,
        "game": match.game,
        "options": match.options,
        "players": list(players),
        "first_dealer": None,
        "start": match.start,
        "deals": list(deals),
    }


def deal_entries(match: Match) -> list[dict[str, Any]]:
    """The match's deals as entered, in order: plain values, as making 300 models would take longer."""
    if "deals" in getattr(match, "_prefetched_objects_cache", {}):
        return [deal.entry for deal in match.deals.all()]
    return list(match.deals.values_list("entry", flat=True))


def seats_with_players(through: str = "seats") -> Prefetch[str, QuerySet[Seat]]:
    """For ``prefetch_related``: the matches' seats with their players, in one query."""
    return Prefetch(through, queryset=Seat.objects.select_related("player"))


def seat_names(match: Match) -> tuple[str, ...]:
    """The players' names in seating order (one query, or none where the seats were prefetched)."""
    if "seats" in getattr(match, "_prefetched_objects_cache", {}):
        return tuple(seat.player.name for seat in match.seats.all())
    return tuple(match.seats.order_by("position").values_list("player__name", flat=True))


def match_read(pk: int) -> Match | None:
    """Match ``pk`` with its evening and its seated players (two queries), None if there is none."""
    matches = Match.objects.select_related("evening").prefetch_related(seats_with_players())
    return matches.filter(pk=pk).first()


class _Undone(TypedDict):
    undone: bool


def latest_changes_query(pk: int, count: int) -> QuerySet[WithAnnotations[Change, _Undone]]:
    """Match ``pk``'s latest ``count`` changes, newest first, each with whether an undo took it back
    (``undone``): read in the order of the log's index, so as quickly at the 3,000th change as at
    the 30th."""
    undone = Exists(Change.objects.filter(undoes=OuterRef("pk")))
    return Change.objects.filter(match_id=pk).annotate(undone=undone).order_by("-created_at", "-pk")[:count]


def latest_changes(pk: int, count: int) -> list[tuple[Change, bool]]:
    """latest_changes_query's changes, each with whether it was undone."""
    return [(change, change.undone) for change in latest_changes_query(pk, count)]


def _read(
    match: Match, deals: Sequence[Mapping[str, Any]] | None = None, players: Sequence[str] | None = None
) -> document.Match:
    doc = match_document(match, deals, players)
    doc["first_dealer"] = doc["players"][match.first_dealer]
    return document.read_document(doc)


def _standing(
    match: Match, players: Sequence[str], deals: Sequence[Mapping[str, Any]] | None = None
) -> Standing:
    """The match replayed from its first deal (``deals``: its deals, read already)."""
    rules = _read(match, deals, players)
    played, state = rules.replayed()
    return Standing(match, rules.players, rules, played, state)


def match_standing(match: Match, just_read: bool = False, players: Sequence[str] | None = None) -> Standing:
    """The match replayed, as it is now in the database (``match`` is brought up to date first).

    ``just_read``: this request has just read the match and changed nothing, so it is not asked
    again; ``players``: its players' names, read with it.
    """
    if not just_read:
        current = Match.objects.filter(pk=match.pk).values_list("version", "updated_at").first()
        if current is not None and current != (match.version, match.updated_at):
            match.refresh_from_db()  # changed since it was read, by this request or another (seats too)
            players = None
    return _standing(match, players if players is not None else seat_names(match))


def match_standings(matches: Sequence[Match]) -> list[Standing]:
    """Matches just read (their seats prefetched) replayed, with one query for all their deals."""
    entries: dict[int, list[Any]] = {match.pk: [] for match in matches}
    if entries:
        deals = Deal.objects.filter(match_id__in=entries).order_by("match_id", "number")
        for match_id, entry in deals.values_list("match_id", "entry"):
            entries[match_id].append(entry)
    return [_standing(match, seat_names(match), entries[match.pk]) for match in matches]


def match_export(match: Match) -> dict[str, Any]:
    """The match's document with its ``result``, both from one reading of its deals.

    Read twice, a deal entered between the two readings would be listed but not scored.
    """
    deals = deal_entries(match)
    return document.write_document(_read(match, deals), deals)


@dataclass(frozen=True)
class Author:
    """Who made a change: an account, or a phone that joined by an invite link."""

    user: User | None
    name: str


def _author(author: User | Author | None) -> Author:
    if isinstance(author, Author):
        return author
    if author is None:
        return Author(None, "")
    return Author(author, author.get_username())


def _log(
    match: Match,
    kind: str,
    author: Author,
    *,
    deal: Deal | None = None,
    before: Any = None,
    after: Any = None,
    undoes: Change | None = None,
) -> Change:
    return Change.objects.create(
        match=match,
        kind=kind,
        deal=deal,
        deal_number=deal.number if deal is not None else None,
        before=before,
        after=after,
        author=author.user,
        author_name=author.name,
        undoes=undoes,
    )


def _refresh(
    match: Match,
    rules: document.Match,
    author: Author | None = None,
    played: Any = None,
    also: Sequence[str] = (),
) -> None:
    """Store the replay's result on the match (the cache), bump its version, log an end or a reopening.

    ``played``: the replay of ``rules``, when the caller has it; ``also``: other fields of the match
    the caller changed, stored with these.
    """
    if played is None:
        played = rules.play()
    was_finished = match.status == Match.Status.FINISHED
    match.result = document.result_json(rules, played, deals=False)  # its size stays that of one deal
    finished = played.outcome is not None
    match.status = Match.Status.FINISHED if finished else Match.Status.IN_PROGRESS
    if finished and match.finished_at is None:
        match.finished_at = timezone.now()
    elif not finished:
        match.finished_at = None
    match.version += 1
    match.save(update_fields=["result", "status", "finished_at", "version", "updated_at", *also])
    if author is not None and finished != was_finished:
        kind = Change.Kind.MATCH_FINISHED if finished else Change.Kind.MATCH_REOPENED
        _log(match, kind, author, after={"ended_after_deal": match.result.get("ended_after_deal")})


def _locked(match: Match) -> Match:
    """The match read anew with its row locked (concurrent writes to the match queue there); not its
    stored result, which the write replaces."""
    return Match.objects.select_for_update().defer("result").get(pk=match.pk)


@transaction.atomic
def player_rename(player: Player, name: str) -> None:
    """Rename a player; what their matches name them by follows, and nothing of what was played.

    The deals name players by name (Deal.entry is the deal in the document's form), and so do the
    change log's before and after, which undo and redo put back: each is rewritten from the old
    name to the new in this transaction, deleted deals too (they may be restored). The stored
    results of their matches, which name who won and lost, follow.
    """
    old = player.name
    player.name = name
    player.save(update_fields=["name"])
    for match in Match.objects.filter(seats__player=player).order_by("pk").select_for_update():
        _rename_in_deals(match, old, name)
        try:
            standing = match_standing(match, just_read=True)
        except Refused:  # a match no replay reads (stored by an older version) keeps the result it had
            logger.warning("match %s could not be replayed after renaming %s", match.pk, name)
            continue
        result = document.result_json(standing.rules, standing.played, deals=False)
        # A new version: the pages showing the match show the new name, and a write that read the
        # old one reads the names again.
        version = models.F("version") + 1
        Match.objects.filter(pk=match.pk).update(result=result, version=version, updated_at=timezone.now())


# The changes whose before and after are deals as entered.
DEAL_CHANGES = (
    Change.Kind.DEAL_ENTERED,
    Change.Kind.DEAL_EDITED,
    Change.Kind.DEAL_DELETED,
    Change.Kind.DEAL_RESTORED,
)


def _rename_in_deals(match: Match, old: str, new: str) -> None:
    """Every deal of ``match``, in play or deleted, and every deal its change log holds, naming the
    player ``old`` as ``new``."""

    def rename(entry: Any) -> Any:
        return entry if entry is None else document.rename_deal(match.game, entry, old, new)

    deals = [deal for deal in Deal.everything.filter(match=match) if rename(deal.entry) != deal.entry]
    for deal in deals:
        deal.entry = rename(deal.entry)
    Deal.everything.bulk_update(deals, ["entry"])
    changes = []
    for change in match.changes.filter(kind__in=DEAL_CHANGES):
        before, after = rename(change.before), rename(change.after)
        if (before, after) != (change.before, change.after):
            change.before, change.after = before, after
            changes.append(change)
    Change.objects.bulk_update(changes, ["before", "after"])


@transaction.atomic
def match_create(
    *,
    owner: User,
    game: str,
    options: Mapping[str, Any],
    players: Sequence[Player],
    first_dealer: int,
    start: Mapping[str, Any] | None = None,
    evening: Evening | None = None,
) -> Match:
    match = Match.objects.create(
        owner=owner, game=game, options=dict(options), first_dealer=first_dealer, start=start, evening=evening
    )
    Seat.objects.bulk_create(
        Seat(match=match, player=player, position=position) for position, player in enumerate(players)
    )
    rules = _read(match, [])
    # Store every option, the defaults filled in, so later changes of a default do not move old matches.
    match.options = rules.options
    _refresh(match, rules, also=["options"])
    return match


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


@transaction.atomic
def match_options_change(
    *,
    match: Match,
    options: Mapping[str, Any],
    author: User | Author | None,
    undoes: Change | None = None,
) -> Match:
    """Play on under other house rules: every deal is replayed, and the match may end or reopen."""
    who = _author(author)
    match = _locked(match)
    before = match.options
    match.options = {**before, **options}
    rules = _read(match)
    played = rules.play()
    match.options = rules.options
    _log(match, Change.Kind.OPTIONS_CHANGED, who, before=before, after=match.options, undoes=undoes)
    _refresh(match, rules, who, played, also=["options"])
    return match


@transaction.atomic
@transaction.atomic
def change_undo(*, match: Match, change: Change, author: User | Author | None) -> None:
    """Take a change back; the undo is itself a change, which can be undone in turn.

    The match is locked first, and the change and its deal read again under the lock: a deal that
    another phone renumbered or deleted meanwhile, or the same change undone twice, is judged as it
    is now, never acted on by the number it had.
    """
    match = _locked(match)
    change = Change.objects.select_related("deal").get(pk=change.pk)
    deal = change.deal
    if change.kind not in UNDOABLE:
        raise Refused([Problem(gettext_noop("this change follows from the deals and cannot be undone"))])
    if hasattr(change, "undone_by"):
        raise Refused([Problem(gettext_noop("this change has already been undone"))])
    if change.kind == Change.Kind.OPTIONS_CHANGED:
        if match.options != change.after:
            raise Refused(
                [Problem(gettext_noop("the house rules have changed since; undo the later changes first"))]
            )
        assert change.before is not None  # an options change keeps the options it replaced
        match_options_change(match=match, options=change.before, author=author, undoes=change)
        return
    assert deal is not None
    deal.refresh_from_db()
    in_play = deal.deleted_at is None
    if change.kind in (Change.Kind.DEAL_ENTERED, Change.Kind.DEAL_RESTORED) and in_play:
        deal_delete(match=match, number=deal.number, author=author, undoes=change)
    elif change.kind == Change.Kind.DEAL_DELETED and not in_play:
        deal_restore(match=match, deal=deal, author=author, undoes=change)
    elif change.kind == Change.Kind.DEAL_EDITED and in_play and deal.entry == change.after:
        assert change.before is not None  # a correction keeps the entry it replaced
        deal_edit(match=match, number=deal.number, entry=change.before, author=author, undoes=change)
    else:
        raise Refused(
            [
                Problem(
                    gettext_noop("deal %(number)d has changed since; undo the later changes first"),
                    {"number": deal.number},
                )
            ]
        )


@dataclass(frozen=True)
class UndoEffects:
    """What undoing a change would do beyond the change itself, which the table is asked to confirm
    when it deletes a deal, reopens a finished match or changes the money."""

    deletes: int | None = None  # the deal taken out
    restores: int | None = None  # the deal put back
    renumbered: tuple[int, int] | None = None  # the deals that move, numbered as now: first, last
    reopens: bool = False
    finishes: bool = False
    money: bool = False
    evening: bool = False  # the match is counted in an evening's settlement

    @property
    def asks(self) -> bool:
        return self.deletes is not None or self.reopens or self.money


def undo_effects(*, match: Match, change: Change) -> UndoEffects | None:
    """What ``change_undo`` would do to ``match``; nothing is stored. None when the undo would be
    refused (change_undo then says why) or does nothing to ask about beyond the change itself."""
    if change.kind not in UNDOABLE or hasattr(change, "undone_by"):
        return None
    current = match_read(match.pk)
    if current is None:
        return None
    deals = list(current.deals.all())
    entries = [deal.entry for deal in deals]
    options = current.options
    effects: dict[str, Any] = {}
    if change.kind == Change.Kind.OPTIONS_CHANGED:
        if options != change.after:
            return None
        options = {**options, **(change.before or {})}
    else:
        deal = Deal.everything.filter(pk=change.deal_id).first() if change.deal_id is not None else None
        if deal is None:
            return None
        in_play = deal.deleted_at is None
        if change.kind in (Change.Kind.DEAL_ENTERED, Change.Kind.DEAL_RESTORED) and in_play:
            del entries[deal.number - 1]
            effects["deletes"] = deal.number
            if deal.number < len(deals):
                effects["renumbered"] = (deal.number + 1, len(deals))
        elif change.kind == Change.Kind.DEAL_DELETED and not in_play:
            number = min(deal.number, len(deals) + 1)
            entries.insert(number - 1, deal.entry)
            effects["restores"] = number
            if number <= len(deals):
                effects["renumbered"] = (number, len(deals))
        elif change.kind == Change.Kind.DEAL_EDITED and in_play and deal.entry == change.after:
            entries[deal.number - 1] = change.before
        else:
            return None
    was = current.options
    try:
        current.options = options
        rules = _read(current, entries)
    except Refused:
        return None
    finally:
        current.options = was
    try:
        played = rules.replayed()[0]
    except Refused:
        return None
    after = document.result_json(rules, played, deals=False)
    finished_now = current.status == Match.Status.FINISHED
    finished_after = played.outcome is not None
    stored = match_standing(current, just_read=True)
    before = document.result_json(stored.rules, stored.played, deals=False)
    return UndoEffects(
        **effects,
        reopens=finished_now and not finished_after,
        finishes=finished_after and not finished_now,
        money=_money(before) != _money(after),
        evening=current.evening_id is not None,
    )


def _money(result: Mapping[str, Any]) -> Any:
    """Who pays whom what, by a stored result; None where nobody pays (in play, or a stake of 0)."""
    settlement = result.get("settlement")
    if not settlement:
        return None
    if "net" in settlement:  # Busca, Mambassa: each player's net
        return {name: amount for name, amount in settlement["net"].items() if amount} or None
    return (settlement["payer"], settlement["payee"], settlement["total"]) if settlement["total"] else None


UNDOABLE = (
    Change.Kind.OPTIONS_CHANGED,
    Change.Kind.DEAL_ENTERED,
    Change.Kind.DEAL_EDITED,
    Change.Kind.DEAL_DELETED,
    Change.Kind.DEAL_RESTORED,
)


@transaction.atomic
def match_import(*, owner: User, doc: Any) -> Match:
    """Store a document as a new match of ``owner``; players are found or added by name."""
    rules = document.read_document(doc)
    played = rules.play()
    players = []
    for name in rules.players:
        player = Player.objects.filter(owner=owner, name__iexact=name).first()
        players.append(player or Player.objects.create(owner=owner, name=name))
    # Two names that differ only in case find the same player of the account: named, as the engine does.
    twice = repeated_name_problem([player.name for player in players])
    if twice is not None:
        raise Refused([twice])
    match = Match.objects.create(
        owner=owner,
        game=rules.variant.key,
        options=rules.options,
        first_dealer=rules.first_dealer,
        start=doc.get("start"),
    )
    Seat.objects.bulk_create(
        Seat(match=match, player=player, position=position) for position, player in enumerate(players)
    )
    # A name the account has in another case ("anna" found "Anna"): the deals name the player as
    # the seat does, or the match could not be read back.
    deals = list(doc.get("deals", []))
    for name, player in zip(rules.players, players, strict=True):
        if player.name != name:
            deals = [document.rename_deal(match.game, deal, name, player.name) for deal in deals]
    if deals != list(doc.get("deals", [])):
        rules = _read(match, deals)
        played = rules.play()
    Deal.objects.bulk_create(
        Deal(match=match, number=number, entry=entry, entered_by=None)
        for number, entry in enumerate(deals, start=1)
    )
    _refresh(match, rules, played=played)
    return match
