"""A match shared by links: the owner's invites, and a phone joining by one."""

from __future__ import annotations

import segno
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games.registry import GAMES

from .. import services
from ..access import Access, leave_withdrawn
from ..access import join as access_join
from ..forms import JoinForm
from ..models import Invite, Match
from ..services.sharing import LASTS, link_ends
from .common import posted, with_access


@require_http_methods(["GET", "POST"])
@with_access(write=True)
def match_share(request: HttpRequest, access: Access) -> HttpResponse:
    """The owner's invite links, with their QR codes: make one, or withdraw one."""
    match = access.match
    if not access.is_owner:
        raise PermissionDenied
    if request.method == "POST":
        _share_change(request, match)
        return redirect("match_share", pk=match.pk)
    links = []
    for invite in match.invites.working().order_by("-created_at"):
        url = request.build_absolute_uri(reverse("join", args=[invite.token]))
        qr = segno.make(url, error="m").svg_inline(scale=5, dark="#26231f", light="#ffffff", omitsize=True)
        links.append({"invite": invite, "url": url, "qr": mark_safe(qr)})
    context = {"match": match, "links": links, "evening_ends": link_ends("evening")}
    return render(request, "matches/share.html", context)


def _share_change(request: HttpRequest, match: Match) -> None:
    """Make the link the owner asked for ("role"), or withdraw one ("revoke": its key); what
    happened is said above the links."""
    revoke = request.POST.get("revoke", "")
    if revoke:
        valid = revoke.isascii() and revoke.isdigit() and len(revoke) <= 18
        invite = match.invites.working().filter(pk=int(revoke)).first() if valid else None
        if invite is None:
            messages.error(request, _("That link does not exist or no longer works."))
        else:
            services.invite_revoke(invite=invite)
            messages.success(request, _("The link no longer works."))
    elif request.POST.get("role") in Invite.Role.values:
        lasts = request.POST.get("lasts", "")
        services.invite_create(
            match=match, role=request.POST["role"], lasts=lasts if lasts in LASTS else "evening"
        )
    else:
        messages.error(request, _("Choose a link for a scorer or for a viewer."))


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, token: str) -> HttpResponse:
    """A phone opens an invite link: it gives a name and follows (or scores) that one match."""
    invite = Invite.objects.filter(token=token).select_related("match").first()
    if invite is None or not invite.works:
        if invite is not None:
            leave_withdrawn(request, invite)  # what this phone kept under it goes
        return render(request, "matches/join_gone.html", {"withdrawn": invite is not None}, status=404)
    match = invite.match
    if request.user.is_authenticated and match.club.memberships.filter(user=request.user).exists():
        return redirect(match)  # a member of its club follows it as one
    form = JoinForm(posted(request))
    if request.method == "POST" and form.is_valid():
        access_join(request, invite, form.cleaned_data["name"])
        return redirect(match)
    names = [seat.player.name for seat in match.seats.select_related("player")]
    context = {"form": form, "invite": invite, "match": match, "names": names, "variant": GAMES[match.game]}
    return render(request, "matches/join.html", context)
