"""The only code that writes. Each write is one transaction with the match row locked.

A match's standings are the replay of its deals through the rules engine; the
``result`` stored on the match is a cache that ``_refresh`` rebuilds after every change.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from .models import Deal, Match, Player, Seat
from .rules import document
from .rules.core import Problem, Refused, gettext_noop


@dataclass(frozen=True)
class Standing:
    """A match read from the database and replayed: what the pages draw."""

    match: Match
    players: tuple[str, ...]
    rules: document.Match
    played: Any  # the replay: BuscaMatch or MambassaGame


def match_document(match: Match, deals: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The match as a document of INTERCHANGE.md, without its ``result``."""
    if deals is None:
        deals = [deal.entry for deal in match.deals.all()]
    return {
        "format": document.FORMAT,
        "game": match.game,
        "options": match.options,
        "players": [seat.player.name for seat in match.seats.select_related("player")],
        "first_dealer": None,
        "start": match.start,
        "deals": list(deals),
    }


def _read(match: Match, deals: Sequence[Mapping[str, Any]] | None = None) -> document.Match:
    doc = match_document(match, deals)
    doc["first_dealer"] = doc["players"][match.first_dealer]
    return document.read_document(doc)


def match_standing(match: Match) -> Standing:
    rules = _read(match)
    return Standing(match, rules.players, rules, rules.play())


def match_export(match: Match) -> dict[str, Any]:
    rules = _read(match)
    return document.write_document(rules, [deal.entry for deal in match.deals.all()])


def _refresh(match: Match, rules: document.Match) -> None:
    """Store the replay's result on the match (the cache) and bump its version."""
    played = rules.play()
    match.result = document.result_json(rules, played)
    finished = played.outcome is not None
    match.status = Match.Status.FINISHED if finished else Match.Status.IN_PROGRESS
    if finished and match.finished_at is None:
        match.finished_at = timezone.now()
    elif not finished:
        match.finished_at = None
    match.version += 1
    match.save()


def _locked(match: Match) -> Match:
    return Match.objects.select_for_update().get(pk=match.pk)


@transaction.atomic
def match_create(
    *,
    owner: AbstractBaseUser,
    game: str,
    options: Mapping[str, Any],
    players: Sequence[Player],
    first_dealer: int,
    start: Mapping[str, Any] | None = None,
) -> Match:
    match = Match.objects.create(
        owner=owner, game=game, options=dict(options), first_dealer=first_dealer, start=start
    )
    Seat.objects.bulk_create(
        Seat(match=match, player=player, position=position) for position, player in enumerate(players)
    )
    rules = _read(match, [])
    # Store every option, the defaults filled in, so later changes of a default do not move old matches.
    match.options = rules.options
    _refresh(match, rules)
    return match


@transaction.atomic
def deal_record(*, match: Match, entry: Mapping[str, Any], author: AbstractBaseUser | None) -> Deal:
    """Add the next deal; an impossible deal raises Refused and stores nothing."""
    match = _locked(match)
    entries = [deal.entry for deal in match.deals.all()]
    rules = _read(match, [*entries, entry])
    rules.play()
    deal = Deal.objects.create(match=match, number=len(entries) + 1, entry=dict(entry), entered_by=author)
    _refresh(match, rules)
    return deal


def deal_preview(*, match: Match, entry: Mapping[str, Any]) -> Any:
    """What the next deal would give, judged by the engine; nothing is stored."""
    entries = [deal.entry for deal in match.deals.all()]
    played = _read(match, [*entries, entry]).play()
    return played.deals[-1]


@transaction.atomic
def deal_edit(
    *, match: Match, number: int, entry: Mapping[str, Any], author: AbstractBaseUser | None
) -> Deal:
    """Replace deal ``number``; every later deal is replayed, and the match may end or reopen."""
    match = _locked(match)
    deals = list(match.deals.all())
    entries = [deal.entry for deal in deals]
    entries[number - 1] = dict(entry)
    rules = _read(match, entries)
    rules.play()
    deal = deals[number - 1]
    deal.entry = dict(entry)
    deal.entered_by = author
    deal.save()
    _refresh(match, rules)
    return deal


@transaction.atomic
def deal_delete(*, match: Match, number: int) -> None:
    """Remove deal ``number``; the later deals move up one and everything is replayed."""
    match = _locked(match)
    deals = list(match.deals.all())
    entries = [deal.entry for i, deal in enumerate(deals, start=1) if i != number]
    rules = _read(match, entries)
    rules.play()
    deals[number - 1].delete()
    for deal in deals[number:]:  # in ascending order, so each number is free when it is taken
        deal.number -= 1
        deal.save(update_fields=["number"])
    _refresh(match, rules)


@transaction.atomic
def match_import(*, owner: AbstractBaseUser, doc: Any) -> Match:
    """Store a document as a new match of ``owner``; players are found or added by name."""
    rules = document.read_document(doc)
    rules.play()
    players = []
    for name in rules.players:
        player = Player.objects.filter(owner=owner, name__iexact=name).first()
        players.append(player or Player.objects.create(owner=owner, name=name))
    if len({p.pk for p in players}) != len(players):
        raise Refused([Problem(gettext_noop("the players' names must all be different"), field="players")])
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
    Deal.objects.bulk_create(
        Deal(match=match, number=number, entry=entry, entered_by=None)
        for number, entry in enumerate(doc.get("deals", []), start=1)
    )
    _refresh(match, rules)
    return match
