"""Who holds this phone at the table: the drawing is turned so that player sits at the bottom
(Whist: their pair's column comes first, as a scorer writes "we" on the left).

Chosen on the match page (``?holder=<seat>``, a plain form, so it works without JavaScript)
and remembered in this phone's session for that match, so the live updates, the deals
saved and the pages after a correction keep it.
"""

from __future__ import annotations

from django.http import HttpRequest

from .models import Match

SESSION_KEY = "holders"  # {match pk: seat drawn at the bottom}


def holder_seat(request: HttpRequest, match: Match, seats: int) -> int:
    """The seat drawn at the bottom on this phone: as just chosen, as chosen before, or the first."""
    held = request.session.get(SESSION_KEY, {})
    chosen = request.GET.get("holder", "")
    # A seat has one digit: a longer number is none (and past 4,300 digits int() refuses it).
    if chosen.isascii() and chosen.isdigit() and len(chosen) <= 2 and int(chosen) < seats:
        held = {**held, str(match.pk): int(chosen)}
        request.session[SESSION_KEY] = held
    seat = held.get(str(match.pk), 0)
    return seat if isinstance(seat, int) and 0 <= seat < seats else 0
