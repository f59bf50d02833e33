"""What a table does around its matches: a rematch, and notes on a match or an evening.

Both are for the club's members who score (its organisers and scorers): a phone that joined a
match by a scorer's link enters that match's deals, and does not start matches in the club or
write on its pages."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_POST

from games.core import Refused

from ..access import Access
from ..clubs import club_role
from ..house_forms import NoteForm
from ..http import HtmxHttpRequest, LoggedInRequest
from ..models import Evening, Match
from ..services.notes import evening_note as write_evening_note
from ..services.notes import match_note as write_match_note
from ..services.rematch import StillInProgress
from ..services.rematch import match_rematch as start_rematch
from .common import with_access

MEMBERS_ONLY = gettext_noop(
    "Only the club's organisers and scorers do this: a scorer's link enters the deals of its match."
)


def club_scorer(access: Access) -> bool:
    """Whether ``access`` is a member's of the match's club who scores (not a phone's by a link)."""
    return access.can_score and not access.link


@require_POST
@with_access(write=True)
def match_rematch(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    """Start the same match again: the same players in the same seats, the same house rules and
    evening, and the first dealer the rules choose. Sent twice, or from two phones, it starts one."""
    if not club_scorer(access):
        raise PermissionDenied(_(MEMBERS_ONLY))
    user = request.user
    assert user.is_authenticated  # a member of the club
    try:
        rematch, started = start_rematch(match=access.match, owner=user)
    except StillInProgress:
        messages.error(request, _("This match is still in progress: a rematch starts once it is over."))
        return redirect(access.match)
    except Refused:  # rules the game allows no longer (a match stored by an older version)
        messages.error(request, _("This match's rules can no longer start a match: start a new one."))
        return redirect(access.match)
    if not started:
        messages.info(request, _("The rematch was already started: here it is."))
    return redirect(rematch)


def _note_section(
    request: HtmxHttpRequest, form: NoteForm, note: str, url: str, back: str, saved: bool = False
) -> HttpResponse:
    """The note's part of a page (htmx), or, refused without htmx, a page of its own with what was
    typed and why it was refused."""
    context = {"note": note, "note_form": form, "note_url": url, "note_saved": saved, "back": back}
    if request.htmx:
        return render(request, "matches/_note.html", context)
    return render(request, "matches/note.html", context, status=422)


@require_POST
@with_access(write=True)
def match_note(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    """Write the note on a match (empty: no note)."""
    if not club_scorer(access):
        raise PermissionDenied(_(MEMBERS_ONLY))
    match: Match = access.match
    return _note_sent(request, match, lambda note: write_match_note(match=match, note=note))


def _urls(place: Match | Evening) -> tuple[str, str]:
    name = "match_note" if isinstance(place, Match) else "evening_note"
    return reverse(name, args=[place.pk]), place.get_absolute_url()


@login_required
@require_POST
def evening_note(request: LoggedInRequest, pk: int) -> HttpResponse:
    """Write the note on an evening (empty: no note): the club's organisers and scorers."""
    evening = Evening.objects.filter(pk=pk, club__memberships__user=request.user).first()
    if evening is None:
        raise Http404
    if not club_role(evening.club_id, request.user).can_score:
        raise PermissionDenied(_(MEMBERS_ONLY))
    return _note_sent(request, evening, lambda note: write_evening_note(evening=evening, note=note))


def _note_sent(
    request: HtmxHttpRequest, place: Match | Evening, write: Callable[[str], None]
) -> HttpResponse:
    """Write the note sent on ``place`` (a match or an evening), or refuse it keeping what was typed."""
    url, back = _urls(place)
    form = NoteForm(request.POST)
    if not form.is_valid():
        return _note_section(request, form, place.note, url, back)
    write(form.cleaned_data["note"])
    if request.htmx:
        return _note_section(
            request, NoteForm(initial={"note": place.note}), place.note, url, back, saved=True
        )
    messages.success(request, _("Note saved."))
    return redirect(place)
