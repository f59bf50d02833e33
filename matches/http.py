"""The request as the app's views see it, for the type checker: HtmxMiddleware's ``request.htmx`` on
every request, and an account as ``request.user`` behind ``login_required``.

At run time each is a plain HttpRequest: nothing here is instantiated, a view only annotates with it.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """Any request: django_htmx.middleware.HtmxMiddleware (in MIDDLEWARE) sets ``htmx`` on each."""

    htmx: HtmxDetails


class LoggedInRequest(HtmxHttpRequest):
    """A request that ``login_required`` let through: its user is an account, never anonymous."""

    user: User
