"""Writing players: a new one, one renamed (in every deal and in the change log too), one archived."""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.auth.models import User
from django.db import models, transaction
from django.utils import timezone

from games import document
from games.core import Refused

from .. import bus
from ..models import Change, Club, Deal, Match, Player
from .clubs import personal_club
from .reading import match_standing

logger = logging.getLogger(__name__)


def player_create(*, owner: User, name: str, club: Club | None = None) -> Player:
    """A new player on ``club``'s roster (by default ``owner``'s personal club's), added by ``owner``
    (the form checked that the roster has no player of that name)."""
    return Player.objects.create(club=club or personal_club(owner), owner=owner, name=name)


def player_archive(*, player: Player) -> bool:
    """Archive a player, or bring an archived one back: True when archived now. An archived player
    is offered for no new match and keeps every match played."""
    player.archived = not player.archived
    player.save(update_fields=["archived"])
    return player.archived


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
        bus.changed(match.pk)


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
