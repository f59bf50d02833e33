"""Entering, correcting, deleting and undoing deals, and the live check of a match's page."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import reswap

from games.core import Refused
from games.registry import GAMES
from games.web import web_for

from .. import live, services, sheets, spoken
from ..access import Access
from ..deal_forms import seat_number
from ..forms import problem_text
from ..holder import holder_seat
from ..http import HtmxHttpRequest
from ..models import Match
from .common import posted, with_access


def match_live(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """What changed since version ``v``: nothing (204: live.py) or the parts that changed."""
    if live.unchanged(request, pk):
        return HttpResponse(status=204)
    return _match_live(request, pk)


@require_http_methods(["GET"])
@with_access()
def match_events(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    """The match's stream of events is answered in front of Django under ASGI (matches/streams.py);
    this server (WSGI: runserver, the tests' live server) has none, and says so: 204, and the page polls."""
    return HttpResponse(status=204)


@with_access()
def _match_live(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    live.remember(request, access)
    if request.GET.get("v") == str(access.match.version):
        return HttpResponse(status=204)
    standing = services.match_standing(access.match, just_read=True)
    bottom = holder_seat(request, access.match, len(standing.players))
    context = sheets.sheet_context(standing, can_score=access.can_score, bottom=bottom)
    context["announcement"] = sheets.sheet_changed(standing, outcome=context["outcome_said"])
    # The poll sends the number of the deal this phone's form is for, and whether anything is typed
    # in it. A form left behind by a deal entered elsewhere moves on to the next deal, unless it is
    # being typed in: then it is left alone, with a word that it is stale. An end replaces it.
    number, typed = request.GET.get("number") or "", request.GET.get("typed") == "1"
    sent = int(number) if number.isascii() and number.isdigit() and len(number) <= 6 else None
    next_number = context["next_number"]
    status_changed = request.GET.get("s") not in (None, access.match.status)
    context["form_behind"] = sent is not None and sent < next_number and not typed and not status_changed
    context["replace_form"] = status_changed or context["form_behind"]
    if not context["replace_form"] and sent is not None and sent != next_number:
        context["stale_form"] = "behind" if sent < next_number else "ahead"
    context["typing_lost"] = status_changed and typed and standing.played.outcome is not None
    return render(request, "matches/match_detail.html#live", context)


@require_POST
@with_access(write=True)
def deal_create(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    """Enter the next deal, or judge the hands it shows ("preview") and store nothing."""
    standing = services.match_standing(access.match, just_read=True)
    form: Any = sheets.entry_form(standing, request.POST)
    if not form.is_valid():
        return _sheet(request, standing, form)
    if "preview" in request.POST:
        try:
            preview = services.deal_preview(match=access.match, entry=form.entry(), standing=standing)
        except Refused as refused:
            form.add_problems(refused.problems)
            return _sheet(request, standing, form)
        return _sheet(request, standing, form, preview=preview)
    entered = services.deal_enter(
        match=access.match,
        entry=form.entry(),
        author=access.author,
        token=form.cleaned_data["token"],
        number=form.cleaned_data["number"],
        standing=standing,
        dealer=seat_number(request.POST.get("dealer")),
        told=request.POST.get("told") == "1",
    )
    return _entered(request, form, entered)


def _entered(request: HtmxHttpRequest, form: Any, entered: services.Entered) -> HttpResponse:
    """What the phone that sent a deal is shown: the sheet with the next deal's form (a page
    without htmx: the match's page), or what it typed again with why it was not stored."""
    standing = entered.standing
    if isinstance(entered, services.Rejected):
        form.add_problems(entered.problems)
        return _sheet(request, standing, form)
    if isinstance(entered, services.MovedOn) or (
        isinstance(entered, services.TakenByAnother) and not entered.same
    ):
        return _sheet(request, standing, _kept_for_next(request, standing, entered))
    notice = _entry_notice(entered)
    if not request.htmx:
        if notice:
            messages.info(request, notice)
        return redirect(standing.match)
    if isinstance(entered, services.Recorded) and _quick(request, standing):
        return _sheet(request, standing, None, quick=True)
    return _sheet(request, standing, None, notice=notice)


def _quick(request: HtmxHttpRequest, standing: services.Standing) -> bool:
    """Whether the phone that saved the deal just stored showed the match as it was just before
    (offline.js sends the version its sheet shows, ``sheet``), with a deal or more, and the match
    goes on: its table then needs only the new deal's row (match_detail.html#quick). A deal bumps
    the version by one."""
    before = standing.match.version - 1
    played = standing.played
    return request.POST.get("sheet") == str(before) and len(played.deals) > 1 and played.outcome is None


def _entry_notice(entered: services.Entered) -> str | None:
    """What is said of a deal stored before, with the sheet it concerns (not on a later page)."""
    if isinstance(entered, services.Repeated):
        return _("Deal %(number)d was already saved.") % {"number": entered.number}
    if isinstance(entered, services.TakenByAnother):  # this very deal: stored once, this phone moves on
        notice = _("Deal %(number)d was just entered on %(who)s's phone, as typed here: it is saved once.")
        return notice % {"number": entered.number, "who": entered.who}
    return None


def _sheet(
    request: HtmxHttpRequest,
    standing: services.Standing,
    form: Any,
    preview: Any = None,
    notice: str | None = None,
    quick: bool = False,
) -> HttpResponse:
    """The match's sheet with the entry form ``form`` (None: the next deal's, the deal just saved
    read out); htmx gets the fragment, a page without it the whole page, refused unless a preview.
    ``quick``: only what changed on the sheet of the phone that saved the deal (_quick)."""
    bottom = holder_seat(request, standing.match, len(standing.players))
    context = sheets.sheet_context(standing, form, preview, bottom=bottom, newest_only=quick)
    if form is None:  # saved: the page reads out the deal's result, and shows it over the next form
        saved = sheets.latest_deal(standing, saved=True, outcome=context["outcome_said"])
        context["announcement"] = notice or saved
        context["saved_said"] = saved
    context["entry_notice"] = notice
    if quick and not context["changes"]["more"]:  # no change log on that sheet (an imported match's)
        return _sheet(request, standing, form, preview, notice)
    if quick:
        return reswap(render(request, "matches/match_detail.html#quick", context), "none")
    if request.htmx:
        return render(request, "matches/match_detail.html#sheet", context)
    return render(request, "matches/match_detail.html", context, status=200 if preview else 422)


def _kept_for_next(
    request: HtmxHttpRequest, standing: services.Standing, taken: services.TakenByAnother | services.MovedOn
) -> Any:
    """What this phone typed, in the form of the next deal, to be saved as that, or dropped."""
    data = request.POST.copy()
    data["number"] = str(len(standing.played.deals) + 1)
    if standing.played.next_dealer is not None:
        # The dealer sent was the one for the old number: at its new number, the rules say who.
        data["dealer"] = str(standing.played.next_dealer)
    form = sheets.entry_form(standing, data)
    form.is_valid()
    form.add_problems(taken.problems)
    form.taken = taken
    return form


@require_http_methods(["GET", "POST"])
@with_access(write=True)
def deal_edit(request: HtmxHttpRequest, access: Access, number: int) -> HttpResponse:
    """Correct deal ``number``, or judge the hands of the corrected deal ("preview") and store nothing."""
    match = access.match
    get_object_or_404(match.deals, number=number)
    standing = services.match_standing(match, just_read=True)
    holder = holder_seat(request, match, len(standing.players))
    form: Any = sheets.entry_form(standing, posted(request), number=number, holder=holder)
    if request.method != "POST" or not form.is_valid():
        return _correction(request, standing, form, number)
    if "preview" in request.POST:
        try:
            deal = services.deal_preview(match=match, entry=form.entry(), number=number)
        except Refused as refused:
            form.add_problems(refused.problems)
            return _correction(request, standing, form, number)
        preview = web_for(standing.rules.variant).preview(deal, standing)
        return _correction(request, standing, form, number, preview=preview)
    corrected = services.deal_correct(
        match=match,
        number=number,
        entry=form.entry(),
        author=access.author,
        version=form.cleaned_data["version"],
        standing=standing,
    )
    return _corrected(request, form, number, corrected)


def _corrected(
    request: HtmxHttpRequest,
    form: Any,
    number: int,
    corrected: services.Corrected | services.ChangedMeanwhile | services.Rejected,
) -> HttpResponse:
    """The match's page once a deal is corrected, else the correction again with why it was not."""
    standing = corrected.standing
    if isinstance(corrected, services.Corrected):
        # Said after the page loads (base.html, page.js); the browser puts the focus on the element
        # the address names: the link that corrects this deal, where the correction began.
        said = sheets.deal_corrected(standing, number, was_over=corrected.was_over)
        messages.success(request, said)
        return redirect(f"{standing.match.get_absolute_url()}#deal-{number}")
    if isinstance(corrected, services.ChangedMeanwhile):
        # What this phone typed stays, now over the version it was shown: saved again, it applies.
        data = request.POST.copy()
        data["version"] = str(corrected.version)
        form = sheets.entry_form(standing, data, number=number)
        form.is_valid()
    form.add_problems(corrected.problems)
    return _correction(request, standing, form, number)


def _correction(
    request: HtmxHttpRequest, standing: services.Standing, form: Any, number: int, preview: Any = None
) -> HttpResponse:
    """The page that corrects deal ``number``: its form, and what it would give (``preview``)."""
    context = {
        "match": standing.match,
        "form": form,
        "number": number,
        "variant": standing.rules.variant,
        "names": standing.players,
        "form_template": web_for(standing.rules.variant).templates.form,
        "preview": preview,
    }
    return render(request, "matches/deal_edit.html", context, status=422 if form.errors else 200)


@require_POST
@with_access(write=True)
def deal_delete(request: HtmxHttpRequest, access: Access, number: int) -> HttpResponse:
    match = access.match
    get_object_or_404(match.deals, number=number)
    try:
        services.deal_delete(match=match, number=number, author=access.author)
    except Refused as refused:
        for problem in refused.problems:
            messages.error(request, problem_text(problem))
    else:
        messages.success(
            request, _("Deal %(number)d deleted; the changes below can restore it.") % {"number": number}
        )
    return redirect(reverse("match_detail", args=[match.pk]) + "#change-log")


@require_POST
@with_access(write=True)
def change_undo(request: HtmxHttpRequest, access: Access, change: int) -> HttpResponse:
    """Undo a change; one that deletes a deal, reopens a finished match or changes the money is
    first shown on a page that says so, and done when that page's Confirm is sent."""
    match = access.match
    undone = get_object_or_404(match.changes, pk=change)
    said = sheets.change_text(undone)
    if request.POST.get("confirmed") != "1":
        effects = services.undo_effects(match=match, change=undone)
        if effects is not None and effects.asks:
            variant = GAMES[match.game]
            context = {"match": match, "variant": variant, "change": undone, "said": said, "effects": effects}
            return render(request, "matches/change_undo.html", context)
    try:
        services.change_undo(match=match, change=undone, author=access.author)
    except Refused as refused:
        for problem in refused.problems:
            messages.error(request, problem_text(problem))
    else:
        was_over = match.status == Match.Status.FINISHED  # as it was read, before the undo
        follows = sheets.after_change(services.match_standing(match), was_over=was_over)
        messages.success(request, spoken.with_outcome(sheets.undone_said(undone), follows))
    # Said after the page loads (base.html, page.js); the focus back on the change log (its summary).
    return redirect(f"{match.get_absolute_url()}#change-log")
