"""What a table's pages ask of the person looking: whether they score in a match's club (a rematch,
a note), and the form of a note.

``{% club_scorer match.club_id as scorer %}``: True for the club's organisers and scorers, False for
its members who follow and for phones that joined by a link. ``{% note_form note as form %}``."""

from __future__ import annotations

from typing import Any

from django import template

from matches.house_forms import NoteForm
from matches.models import Membership

register = template.Library()


@register.simple_tag(takes_context=True)
def club_scorer(context: Any, club_id: int) -> bool:
    request = context.get("request")
    if request is None or not request.user.is_authenticated:
        return False
    known: dict[int, bool] = request.__dict__.setdefault("_club_scorer", {})  # once a request a club
    if club_id not in known:
        roles = Membership.objects.filter(club=club_id, user=request.user).values_list("role", flat=True)
        role = roles.first()
        known[club_id] = role in (Membership.Role.ORGANISER, Membership.Role.SCORER)
    return known[club_id]


@register.simple_tag
def note_form(note: str) -> NoteForm:
    return NoteForm(initial={"note": note})
