"""Downloads of data and the end of an account: a club's whole history (a zip of its match
documents and a spreadsheet, or the spreadsheet alone), one's own data, and deleting one's account."""

from __future__ import annotations

import json
from typing import TypeVar

from django import forms
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse, QueryDict, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from .. import club_export as exporting
from ..clubs import in_club
from ..http import LoggedInRequest
from ..models import Membership, Player
from ..services import accounts
from .common import posted

PASSWORD_MOST = 4096  # characters: a longer "password" is no one's, and is not hashed

Download = TypeVar("Download", HttpResponse, StreamingHttpResponse)


def _attached(response: Download, name: str) -> Download:
    """A download, saved as ``name`` (a name with accents too: RFC 6266's ``filename*``)."""
    response["Content-Disposition"] = content_disposition_header(True, name) or "attachment"
    return response


@in_club()
@require_GET
def club_export(request: LoggedInRequest, member: Membership) -> StreamingHttpResponse:
    """The club's whole history: every match as its document, and ``club.xlsx``, in one zip."""
    response = StreamingHttpResponse(exporting.club_zip(member.club), content_type="application/zip")
    return _attached(response, exporting.download_name(member.club, "zip"))


@in_club()
@require_GET
def club_export_xlsx(request: LoggedInRequest, member: Membership) -> HttpResponse:
    """The club's spreadsheet alone: its matches, each player's money, the deals of each game."""
    response = HttpResponse(exporting.club_xlsx(member.club), content_type=exporting.XLSX)
    return _attached(response, exporting.download_name(member.club, "xlsx"))


@login_required
@require_GET
def account_data(request: LoggedInRequest) -> HttpResponse:
    """What the site keeps about the person logged in, as JSON to keep."""
    data = accounts.account_data(request.user)
    response = HttpResponse(
        json.dumps(data, ensure_ascii=False, indent=2), content_type="application/json; charset=utf-8"
    )
    day = timezone.localdate().isoformat()
    return _attached(response, f"scorekeeper-{request.user.get_username()}-{day}.json")


class PasswordAgainForm(forms.Form):
    password = forms.CharField(
        label=gettext_lazy("Your password"),
        strip=False,
        max_length=PASSWORD_MOST,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, data: QueryDict | None, user: User) -> None:
        super().__init__(data)
        self.user = user

    def clean_password(self) -> str:
        password: str = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(
                _("That is not your password: nothing was deleted."), code="password_incorrect"
            )
        return password


@login_required
@require_http_methods(["GET", "POST"])
def account_delete(request: LoggedInRequest) -> HttpResponse:
    """A page that says what deleting one's account does; sent with one's password, it does it."""
    user = request.user
    form = PasswordAgainForm(posted(request), user=user)
    if request.method == "POST" and form.is_valid():
        done = accounts.account_delete(user)
        logout(request)
        messages.success(request, _("Your account is deleted."))
        for club, organiser in done.new_organisers.items():
            messages.info(
                request, _("%(name)s is now the organiser of %(club)s.") % {"name": organiser, "club": club}
            )
        return redirect("home")
    memberships = (
        Membership.objects.filter(user=user).select_related("club").order_by("club__name", "club__pk")
    )
    clubs = []
    for mine in memberships:
        others = mine.club.memberships.exclude(user=user).order_by("joined_at", "pk")
        heir = None
        if mine.is_organiser and not others.filter(role=Membership.Role.ORGANISER).exists():
            first = others.select_related("user").first()
            heir = first.user.get_username() if first is not None else None
        clubs.append({"club": mine.club, "alone": not others.exists(), "heir": heir})
    linked = Player.objects.filter(account=user).select_related("club").order_by("club__name", "name")
    context = {"form": form, "clubs": clubs, "linked": linked}
    return render(request, "registration/account_delete.html", context, status=400 if form.errors else 200)
