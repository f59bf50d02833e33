"""Clubs: one's clubs and the one looked at, a new club, joining by a link or a code, a club's page
(its members and their roles, its link and code), leaving it; a player of the roster said to be "me"."""

from __future__ import annotations

from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from ..clubs import choose, in_club
from ..forms import ClubCodeForm, ClubForm
from ..http import LoggedInRequest
from ..models import Club, Membership, Player
from ..services import clubs as services
from .common import posted

CLUB_FULL = gettext_lazy("This club has as many members as a club may have (%(most)s).")
TOO_MANY = gettext_lazy("You belong to as many clubs as an account may (%(most)s): leave one first.")
LAST_ORGANISER = gettext_lazy("A club needs an organiser: make another member organiser first.")


def _clubs_page(request: LoggedInRequest, member: Membership, **forms: Any) -> dict[str, Any]:
    """The clubs page: one's clubs, the one looked at marked, and the forms (as sent, if refused)."""
    memberships = (
        Membership.objects.filter(user=request.user)
        .select_related("club")
        .annotate(members=Count("club__memberships"))
        .order_by("club__name", "club__pk")
    )
    return {
        "memberships": memberships,
        "current": member,
        "new_form": ClubForm(),
        "code_form": ClubCodeForm(),
        **forms,
    }


@in_club()
def club_list(request: LoggedInRequest, member: Membership) -> HttpResponse:
    """The clubs one belongs to, the one looked at marked; a new club; joining one by its code."""
    return render(request, "matches/clubs.html", _clubs_page(request, member))


@in_club()
@require_POST
def club_new(request: LoggedInRequest, member: Membership) -> HttpResponse:
    form = ClubForm(request.POST)
    if not form.is_valid():
        return render(request, "matches/clubs.html", _clubs_page(request, member, new_form=form), status=400)
    try:
        club = services.club_create(user=request.user, name=form.cleaned_data["name"])
    except services.TooManyClubs:
        messages.error(request, TOO_MANY % {"most": services.CLUBS_MOST})
        return redirect("club_list")
    choose(request, club.memberships.get(user=request.user))
    messages.success(
        request, _("Club %(name)s made: invite the others with its link or its code.") % {"name": club}
    )
    return redirect(club)


@in_club()
@require_POST
def club_choose(request: LoggedInRequest, member: Membership, pk: int) -> HttpResponse:
    """Look at another of one's clubs: its matches, players, evenings and statistics."""
    chosen = get_object_or_404(Membership.objects.select_related("club"), club__pk=pk, user=request.user)
    choose(request, chosen)
    return redirect("match_list")


@in_club()
@require_POST
def club_join_code(request: LoggedInRequest, member: Membership) -> HttpResponse:
    """Join the club whose code was typed."""
    form = ClubCodeForm(request.POST)
    club = Club.objects.filter(code=form.cleaned_data["code"]).first() if form.is_valid() else None
    if club is None:
        messages.error(request, _("No club has that code: check it with someone of the club."))
        return redirect("club_list")
    return _join(request, club)


@require_http_methods(["GET", "POST"])
def club_join(request: HttpRequest, token: str) -> HttpResponse:
    """The club's link (or its QR code): who is logged in joins with a tap; who is not logs in or
    signs up first, and comes back here."""
    club = Club.objects.filter(join_token=token).first()
    if club is None:
        return render(request, "matches/club_join.html", {"gone": True}, status=404)
    if not request.user.is_authenticated:
        if request.method == "POST":
            return redirect_to_login(request.get_full_path())
        return render(request, "matches/club_join.html", {"club": club, "next": request.get_full_path()})
    if request.method == "POST":
        return _join(request, club)
    already = club.memberships.filter(user=request.user).exists()
    return render(request, "matches/club_join.html", {"club": club, "already": already})


def _join(request: HttpRequest, club: Club) -> HttpResponse:
    try:
        joined, now = services.club_join(club=club, user=request.user)
    except services.ClubFull:
        messages.error(request, CLUB_FULL % {"most": services.MEMBERS_MOST})
        return redirect("club_list")
    except services.TooManyClubs:
        messages.error(request, TOO_MANY % {"most": services.CLUBS_MOST})
        return redirect("club_list")
    choose(request, joined)
    if now:
        messages.success(
            request, _("Welcome to %(name)s. Find yourself among its players: “This is me”.") % {"name": club}
        )
    return redirect(club)


@require_http_methods(["GET", "POST"])
@in_club()
def club_detail(request: LoggedInRequest, member: Membership, pk: int) -> HttpResponse:
    """A club's page: its members and their roles, its link, QR code and code; an organiser renames
    it and chooses when its seasons start."""
    mine = get_object_or_404(Membership.objects.select_related("club"), club__pk=pk, user=request.user)
    club = mine.club
    initial = {"name": club.name, "season_starts": club.season_starts}
    form = ClubForm(posted(request), initial=initial)
    if request.method == "POST":
        if not mine.is_organiser:
            raise PermissionDenied
        if form.is_valid():
            club.name = form.cleaned_data["name"]
            club.season_starts = form.cleaned_data["season_starts"] or 1
            club.save(update_fields=["name", "season_starts"])
            messages.success(request, _("Saved."))
            return redirect(club)
    url = request.build_absolute_uri(reverse("club_join", args=[club.join_token]))
    qr = segno.make(url, error="m").svg_inline(scale=5, dark="#26231f", light="#ffffff", omitsize=True)
    members = club.memberships.select_related("user").order_by("joined_at", "pk")
    linked = dict(Player.objects.filter(club=club, account__isnull=False).values_list("account", "name"))
    context = {
        "club": club,
        "mine": mine,
        "members": [(m, linked.get(m.user_id)) for m in members],
        "roles": Membership.Role.choices,
        "form": form,
        "url": url,
        "qr": mark_safe(qr),
    }
    return render(request, "matches/club.html", context)


@in_club()
@require_POST
def club_member(request: LoggedInRequest, member: Membership, pk: int, member_pk: int) -> HttpResponse:
    """An organiser gives a member another role ("role") or removes them ("remove")."""
    mine = get_object_or_404(Membership, club__pk=pk, user=request.user)
    if not mine.is_organiser:
        raise PermissionDenied
    other = get_object_or_404(Membership.objects.select_related("user"), pk=member_pk, club__pk=pk)
    try:
        if "remove" in request.POST:
            services.membership_end(membership=other)
            messages.success(
                request, _("%(name)s is no longer a member.") % {"name": other.user.get_username()}
            )
        elif request.POST.get("role") in Membership.Role.values:
            services.membership_change(membership=other, role=request.POST["role"])
            messages.success(request, _("Saved."))
    except services.LastOrganiser:
        messages.error(request, LAST_ORGANISER)
    return redirect("club_detail", pk=pk)


@in_club()
@require_POST
def club_leave(request: LoggedInRequest, member: Membership, pk: int) -> HttpResponse:
    mine = get_object_or_404(Membership.objects.select_related("club"), club__pk=pk, user=request.user)
    if mine.club.personal_of_id == request.user.pk:
        messages.error(request, _("This is your own club: it stays yours."))
        return redirect("club_detail", pk=pk)
    try:
        services.membership_end(membership=mine)
    except services.LastOrganiser:
        messages.error(request, LAST_ORGANISER)
        return redirect("club_detail", pk=pk)
    messages.success(request, _("You left %(name)s.") % {"name": mine.club})
    return redirect("club_list")


@in_club()
@require_POST
def club_new_keys(request: LoggedInRequest, member: Membership, pk: int) -> HttpResponse:
    """A new link and code for the club: the old ones let nobody in any more."""
    mine = get_object_or_404(Membership.objects.select_related("club"), club__pk=pk, user=request.user)
    if not mine.is_organiser:
        raise PermissionDenied
    services.club_new_keys(club=mine.club)
    messages.success(request, _("New link and code: the old ones no longer work."))
    return redirect("club_detail", pk=pk)


@in_club()
@require_POST
def player_me(request: LoggedInRequest, member: Membership, pk: int) -> HttpResponse:
    """ "This is me": a member links a player of the roster to their account, or unlinks it; an
    organiser may unlink anyone's."""
    player = get_object_or_404(Player, pk=pk, club=member.club)
    if player.account_id == request.user.pk or (player.account_id and member.is_organiser):
        services.player_unclaim(player=player)
    elif player.account_id is None:
        services.player_claim(player=player, user=request.user)
    else:
        messages.error(request, _("%(name)s is already linked to another member.") % {"name": player.name})
    return redirect("player_list")
