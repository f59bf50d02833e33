"""The home page and signing up."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from .. import services
from ..access import joined_invites
from ..forms import SignupForm
from .common import posted


def home(request: HttpRequest) -> HttpResponse:
    """The welcome page; a phone with an account or a link goes straight to its matches."""
    if request.user.is_authenticated or joined_invites(request):
        return redirect("match_list")
    return render(request, "home.html")


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """A new account, logged in at once, starts by adding its players."""
    if not settings.SIGNUP_OPEN:
        # A private instance (SIGNUP_OPEN=false): the page says so, and a POST makes nothing.
        return render(request, "registration/signup.html", {"closed": True}, status=403)
    form = SignupForm(posted(request))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        user = services.account_create(
            username=data["username"], email=data.get("email", ""), password=data["password1"]
        )
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(_next(request) or "player_list")
    return render(request, "registration/signup.html", {"form": form, "next": _next(request)})


def _next(request: HttpRequest) -> str:
    """Where a new account goes once made (a club's link it came from), if a path of this site."""
    sent = request.POST.get("next") or request.GET.get("next") or ""
    allowed = url_has_allowed_host_and_scheme(sent, {request.get_host()}, request.is_secure())
    return sent if allowed and sent.startswith("/") else ""
