"""What the views share: the access to a match they are given, and a form's posted data."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.urls import reverse

from ..access import match_access, was_withdrawn
from ..http import HtmxHttpRequest


def posted(request: HttpRequest) -> QueryDict | None:
    """What a POST sent, even nothing: a form sent blank is refused with its errors, not shown anew."""
    return request.POST if request.method == "POST" else None


def with_access(write: bool = False) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Give the view its Access to the match; send a visitor who is not logged in to log in."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HtmxHttpRequest, pk: int, **kwargs: Any) -> HttpResponse:
            try:
                access = match_access(request, pk, write=write)
            except Http404:
                if was_withdrawn(request, pk):
                    return link_withdrawn(request, pk)
                if not request.user.is_authenticated:
                    if request.htmx and request.method == "GET":
                        return HttpResponse(status=286)  # the link was withdrawn: htmx stops polling
                    return redirect_to_login(request.get_full_path())
                raise
            return view(request, access, **kwargs)

        return wrapper

    return decorate


def link_withdrawn(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A phone that joined match ``pk`` by a link the owner withdrew is told so in words, whatever
    of the match it asks for; htmx (the live poll, a deal sent) is sent to that page."""
    response = render(request, "matches/join_gone.html", {"withdrawn": True}, status=404)
    if request.htmx:
        response["HX-Redirect"] = reverse("match_detail", args=[pk])
    return response
