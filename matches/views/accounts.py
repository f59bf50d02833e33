"""The home page and signing up."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from ..access import joined_invites
from ..forms import SignupForm
from .common import posted


def home(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated or joined_invites(request):
        return redirect("match_list")
    return render(request, "home.html")


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if not settings.SIGNUP_OPEN:
        # A private instance (SIGNUP_OPEN=false): the page says so, and a POST makes nothing.
        return render(request, "registration/signup.html", {"closed": True}, status=403)
    form = SignupForm(posted(request))
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("player_list")
    return render(request, "registration/signup.html", {"form": form})
