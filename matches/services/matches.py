"""Writing matches: a new one, its house rules changed, one imported from a document."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction

from games import document
from games.core import Refused, repeated_name_problem

from ..models import Change, Club, Deal, Evening, Match, Player, Seat
from .clubs import personal_club
from .reading import _read
from .writing import Author, _author, _locked, _log, _refresh


@transaction.atomic
def match_create(
    *,
    owner: User,
    club: Club | None = None,
    game: str,
    options: Mapping[str, Any],
    players: Sequence[Player],
    first_dealer: int,
    start: Mapping[str, Any] | None = None,
    evening: Evening | None = None,
) -> Match:
    """A new match of ``club`` (by default ``owner``'s personal one), started by ``owner``."""
    match = Match.objects.create(
        club=club or personal_club(owner),
        owner=owner,
        game=game,
        options=dict(options),
        first_dealer=first_dealer,
        start=start,
        evening=evening,
    )
    Seat.objects.bulk_create(
        Seat(match=match, player=player, position=position) for position, player in enumerate(players)
    )
    rules = _read(match, [])
    # Store every option, the defaults filled in, so later changes of a default do not move old matches.
    match.options = rules.options
    _refresh(match, rules, also=["options"])
    return match


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
def match_import(*, owner: User, doc: Any, club: Club | None = None) -> Match:
    """Store a document as a new match of ``club`` (by default ``owner``'s personal one); players
    are found in its roster or added to it by name."""
    club = club or personal_club(owner)
    rules = document.read_document(doc)
    played = rules.play()
    players = []
    for name in rules.players:
        player = Player.objects.filter(club=club, name__iexact=name).first()
        players.append(player or Player.objects.create(club=club, owner=owner, name=name))
    # Two names that differ only in case find the same player of the account: named, as the engine does.
    twice = repeated_name_problem([player.name for player in players])
    if twice is not None:
        raise Refused([twice])
    match = Match.objects.create(
        club=club,
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
