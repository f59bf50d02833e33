"""Repeated failed logins (django-axes): the login page says to wait, instead of a bare error page."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import ngettext

# 429 Too Many Requests: the name and password may be right; this address must wait.
LOCKED_OUT_STATUS = 429


def locked_out(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """The login page again, with the name typed and why it cannot log in now."""
    minutes = max(1, int(settings.AXES_COOLOFF_TIME.total_seconds() // 60))
    message = ngettext(
        "Too many failed logins for this name. Wait %(minutes)d minute and try again.",
        "Too many failed logins for this name. Wait %(minutes)d minutes and try again.",
        minutes,
    ) % {"minutes": minutes}
    # An unbound form: validating it again would count one more failed attempt.
    form = AuthenticationForm(request, initial={"username": request.POST.get("username", "")[:150]})
    context = {"form": form, "locked_out": message, "next": request.POST.get("next", "")}
    return render(request, "registration/login.html", context, status=LOCKED_OUT_STATUS)


def client_ip(request: HttpRequest) -> str | None:
    """The address failed logins are counted for: the proxy's client, when a trusted proxy names it."""
    if settings.BEHIND_HTTPS_PROXY:
        forwarded: str = request.META.get("HTTP_X_FORWARDED_FOR", "")
        # The proxy appends the address it saw last; whatever comes before it the client could write.
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last:
            return last
    address: str | None = request.META.get("REMOTE_ADDR")
    return address
