"""A rematch: the same players in the same seats, the same house rules and evening, and the right
first dealer."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction

from games.core import Refused
from games.web import web_for

from ..models import Match, Player
from .matches import match_create
from .reading import match_standing

REMATCH_LOOKS_AT = 20  # later matches of the club searched for one at the same table


class StillInProgress(ValueError):
    """A rematch is of a finished match."""


def rematch_of(match: Match) -> Match | None:
    """The match these players started next at this table, if they did: the first later match of
    the club, of the same game, with the same players in the same seats."""
    seats = list(match.seats.order_by("position").values_list("player_id", flat=True))
    if not seats:
        return None
    later = (
        Match.objects.filter(club=match.club_id, game=match.game, pk__gt=match.pk)
        .filter(seats__position=0, seats__player=seats[0])
        .order_by("pk")
        .prefetch_related("seats")[:REMATCH_LOOKS_AT]
    )
    for candidate in later:
        if [seat.player_id for seat in sorted(candidate.seats.all(), key=lambda s: s.position)] == seats:
            return candidate
    return None


@transaction.atomic
def match_rematch(*, match: Match, owner: User) -> tuple[Match, bool]:
    """Start the rematch of the finished ``match``, started by ``owner``: True when started now. When
    the table already started it (another phone's tap, or this form sent twice), that one, and False.

    Its first dealer is whoever the rules would have deal next had the match gone on (the game's
    GameWeb.rematch_dealer). A player archived since keeps their seat: they played this match."""
    match = Match.objects.select_for_update().get(pk=match.pk)  # one rematch at a time of a match
    if match.status != Match.Status.FINISHED:
        raise StillInProgress
    started = rematch_of(match)
    if started is not None:
        return started, False
    try:
        dealer = web_for(match.game).rematch_dealer(match_standing(match, just_read=True))
    except Refused:  # a match no replay reads (stored by an older version): its own first dealer
        dealer = match.first_dealer
    seated = dict(Player.objects.filter(seats__match=match).values_list("seats__position", "pk"))
    players = Player.objects.in_bulk(seated.values())
    rematch = match_create(
        owner=owner,
        club=match.club,
        game=match.game,
        options=match.options,
        players=[players[seated[position]] for position in sorted(seated)],
        first_dealer=dealer,
        evening=match.evening,
    )
    return rematch, True
