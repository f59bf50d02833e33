"""The evenings: their list, an evening's page, its public link, its payments."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from .. import evenings, services, summaries
from ..clubs import club_role, in_club
from ..forms import EveningForm
from ..http import LoggedInRequest
from ..models import Evening, Membership
from .common import posted


@in_club()
@require_http_methods(["GET", "POST"])
def evening_list(request: LoggedInRequest, member: Membership) -> HttpResponse:
    """The club's evenings, and a new one with who came (a scorer or an organiser)."""
    form = EveningForm(posted(request), club=member.club, initial={"date": timezone.localdate()})
    if request.method == "POST" and not member.can_score:
        raise PermissionDenied
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        evening = services.evening_create(
            owner=request.user,
            club=member.club,
            date=data["date"],
            place=data["place"],
            players=data["players"],
        )
        return redirect(evening)
    evenings = Evening.objects.filter(club=member.club).prefetch_related("players")
    return render(request, "matches/evenings.html", {"form": form, "evenings": evenings})


def _evening_context(evening: Evening, public: bool = False) -> dict[str, Any]:
    """The evening's page: its matches (each card a {% cache %} fragment of evening.html), who pays
    whom, and the summary; the finished matches replayed once for both."""
    matches = evenings.evening_matches(evening)
    rows = evenings.evening_rows(evening, matches)
    standings = evenings.finished_standings(matches)
    settlement = evenings.evening_settlement(evening, matches, standings)
    return {
        "evening": evening,
        "came": [player.name for player in evening.players.all()],
        "rows": rows,
        "settlement": settlement,
        "summary": summaries.evening_summary(evening, rows, settlement, standings),
        "public": public,
    }


@login_required
def evening_detail(request: LoggedInRequest, pk: int) -> HttpResponse:
    """The club's page of an evening, with its read-only link if it has one."""
    evening = evenings.evening_read(pk, request.user)  # who came and what was paid read along
    if evening is None:
        raise Http404
    context = _evening_context(evening)
    context["role"] = club_role(evening.club_id, request.user)
    if evening.public_token:
        context["public_url"] = request.build_absolute_uri(
            reverse("evening_public", args=[evening.public_token])
        )
    return render(request, "matches/evening.html", context)


@login_required
@require_POST
def evening_publish(request: LoggedInRequest, pk: int) -> HttpResponse:
    """Share the evening read-only by a link, or withdraw that link (an organiser)."""
    evening = get_object_or_404(Evening, pk=pk, club__memberships__user=request.user)
    if not club_role(evening.club_id, request.user).is_organiser:
        raise PermissionDenied
    services.evening_publish(evening=evening)
    return redirect(evening)


def evening_public(request: HttpRequest, token: str) -> HttpResponse:
    """The read-only page of a shared evening: its matches and who pays whom."""
    evening = get_object_or_404(Evening, public_token=token)
    return render(request, "matches/evening.html", _evening_context(evening, public=True))


@login_required
@require_POST
def payment_toggle(request: LoggedInRequest, pk: int) -> HttpResponse:
    """Mark one of the evening's transfers paid, or take back a payment (a scorer or an organiser);
    anything else is refused."""
    evening = get_object_or_404(Evening, pk=pk, club__memberships__user=request.user)
    if not club_role(evening.club_id, request.user).can_score:
        raise PermissionDenied
    sent = [request.POST.get(key, "") for key in ("payer", "payee", "amount", "paid")]
    if services.payment_toggle(evening=evening, which=lambda transfer: _is_transfer(transfer, *sent)) is None:
        messages.error(request, _("That payment is not one of this evening's transfers."))
    return redirect(evening)


def _is_transfer(transfer: evenings.Transfer, payer: str, payee: str, amount: str, paid: str) -> bool:
    """Whether the form sent names ``transfer``: a payment made ("paid": 1) or one still to make."""
    try:
        same_amount = Decimal(amount) == transfer.amount
    except ArithmeticError:  # not a number, or a signalling NaN
        return False
    same_people = (payer, payee) == (str(transfer.payer.pk), str(transfer.payee.pk))
    return same_people and same_amount and transfer.paid == (paid == "1")
