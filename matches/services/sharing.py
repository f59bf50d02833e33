"""Writing a match's invite links: a new one for a scorer or a viewer, lasting as long as its owner
chose, or one withdrawn."""

from __future__ import annotations

import secrets
from datetime import datetime, time, timedelta

from django.utils import timezone

from .. import bus
from ..models import Invite, Match

EVENING_ENDS = time(6)  # an evening's link works until the next 6 in the morning, local time
EVENING_AT_LEAST = timedelta(hours=2)  # (made after 4 in the morning: the next day's)
LASTS = ("evening", "week", "never")  # how long a new link works: the owner's choice


def link_ends(lasts: str, now: datetime | None = None) -> datetime | None:
    """When a link made ``now`` that ``lasts`` (one of ``LASTS``) stops working; None: never."""
    now = now or timezone.now()
    if lasts == "week":
        return now + timedelta(days=7)
    if lasts == "evening":
        local = timezone.localtime(now)
        ends = timezone.make_aware(datetime.combine(local.date(), EVENING_ENDS))
        while ends - now < EVENING_AT_LEAST:
            ends = timezone.make_aware(datetime.combine(ends.date() + timedelta(days=1), EVENING_ENDS))
        return ends
    return None


def invite_create(*, match: Match, role: str, lasts: str = "never") -> Invite:
    """A new link for ``role`` that works as long as ``lasts`` says: 32 random bytes (256 bits) in
    the URL, unguessable."""
    token = secrets.token_urlsafe(32)
    return Invite.objects.create(match=match, token=token, role=role, expires_at=link_ends(lasts))


def invite_revoke(*, invite: Invite) -> None:
    """The link no longer works: phones that joined by it follow the match no more."""
    invite.revoked_at = timezone.now()
    invite.save(update_fields=["revoked_at"])
    bus.changed(invite.match_id)  # its streams look again, and end
