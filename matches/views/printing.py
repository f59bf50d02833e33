"""Pages made for paper: a match to print for the archive, and blank sheets for a pencil."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games.registry import GAMES
from games.web import web_for

from .. import printing, services
from ..access import Access
from .common import with_access


@with_access()
def match_print(request: HttpRequest, access: Access) -> HttpResponse:
    """The match on A4 (or A5, for a Busca cross), with a QR code that opens the match page."""
    standing = services.match_standing(access.match, just_read=True)
    url = request.build_absolute_uri(access.match.get_absolute_url())
    context = printing.print_context(standing, url=url, query=request.GET)
    return render(request, "matches/print_match.html", context)


def blank_sheets(request: HttpRequest) -> HttpResponse:
    """Choose a blank sheet to print: the game, and where it matters the players and their lives."""
    return render(request, "matches/blank_sheets.html", {"games": printing.blank_games()})


def blank_sheet(request: HttpRequest, game: str) -> HttpResponse:
    """An empty drawing and deal rows on the front, the rules of the game on the back."""
    variant = GAMES.get(game)
    if variant is None or not web_for(variant).rules_summary(variant):  # no rules for its back: none
        raise Http404
    query = request.GET.dict()
    context = printing.blank_context(variant, printing.blank_choice(variant, query), query)
    return render(request, "matches/blank_sheet.html", context)
