"""The idle live check: "has the match changed since version ``v``?", answered 204 with Django's parts.

Every phone showing a match asks every two seconds whether it changed; nearly always it did not.
That answer is the session (Django's, one query), the match's version and owner (one small query,
the match's row and nothing else) and whether this visitor may follow it (the user, one query, or
the link its session joined by). Anything else takes the full path (views.match_live).
"""

from __future__ import annotations

from django.http import HttpRequest

from .access import may_follow
from .models import Match


def unchanged(request: HttpRequest, pk: int) -> bool:
    """True when match ``pk`` is still at the version ``v`` this phone sent and it may follow it."""
    version = request.GET.get("v", "")
    if not (version.isascii() and version.isdigit() and len(version) < 10):
        return False  # "²" and "٣" are digits to str.isdigit, not to int(): the full check answers them
    found = Match.objects.filter(pk=pk).values_list("version", "owner_id").first()
    if found is None or found[0] != int(version):
        return False
    return may_follow(request, pk, found[1])
