"""The roster of the club being looked at: add (a scorer or an organiser), rename and archive (an
organiser)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods, require_POST

from .. import services
from ..clubs import in_club
from ..forms import PlayerForm
from ..http import LoggedInRequest
from ..models import Membership, Player
from .common import posted


@in_club()
@require_http_methods(["GET", "POST"])
def player_list(request: LoggedInRequest, member: Membership) -> HttpResponse:
    """The club's players, and a new one (from the new-match page too, which it goes back to)."""
    form = PlayerForm(posted(request), club=member.club)
    if request.method == "POST" and not member.can_score:
        raise PermissionDenied
    if request.method == "POST" and form.is_valid():
        services.player_create(owner=request.user, club=member.club, name=form.cleaned_data["name"])
        next_url = request.POST.get("next", "")
        # Only back into this site, by a path: a posted "next" must not send the player elsewhere,
        # nor be taken for the name of a view.
        allowed = url_has_allowed_host_and_scheme(next_url, {request.get_host()}, request.is_secure())
        if not (allowed and next_url.startswith("/")):
            next_url = reverse("player_list")
        return redirect(next_url)
    players = Player.objects.filter(club=member.club).select_related("account")
    return render(request, "matches/players.html", {"form": form, "players": players})


@in_club("organise")
@require_http_methods(["GET", "POST"])
def player_rename(request: LoggedInRequest, member: Membership, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk, club=member.club)
    form = PlayerForm(posted(request), club=member.club, instance=player, initial={"name": player.name})
    if request.method == "POST" and form.is_valid():
        services.player_rename(player, form.cleaned_data["name"])
        return redirect("player_list")
    return render(request, "matches/player_rename.html", {"form": form, "player": player})


@in_club("organise")
@require_POST
def player_archive(request: LoggedInRequest, member: Membership, pk: int) -> HttpResponse:
    """Archive a player, or bring one back."""
    player = get_object_or_404(Player, pk=pk, club=member.club)
    services.player_archive(player=player)
    return redirect("player_list")
