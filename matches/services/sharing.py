"""Writing a match's invite links: a new one for a scorer or a viewer, or one withdrawn."""

from __future__ import annotations

import secrets

from django.utils import timezone

from .. import bus
from ..models import Invite, Match


def invite_create(*, match: Match, role: str) -> Invite:
    """A new link for ``role``: 32 random bytes (256 bits) in the URL, unguessable."""
    return Invite.objects.create(match=match, token=secrets.token_urlsafe(32), role=role)


def invite_revoke(*, invite: Invite) -> None:
    """The link no longer works: phones that joined by it follow the match no more."""
    invite.revoked_at = timezone.now()
    invite.save(update_fields=["revoked_at"])
    bus.changed(invite.match_id)  # its streams look again, and end
