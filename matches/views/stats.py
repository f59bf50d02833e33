"""The statistics pages: every player per game, one player, two players, a match's chart."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from games.web import web_for

from .. import records, seasons, services, stats
from ..access import Access
from ..clubs import in_club
from ..http import LoggedInRequest
from ..models import Membership, Player
from .common import with_access


def _seasons(request: LoggedInRequest, member: Membership) -> dict[str, Any]:
    """The season asked for (``?season=``; the current one by default) and those to choose from."""
    starts = member.club.season_starts
    return {
        "season": seasons.asked(starts, request.GET),
        "seasons": seasons.seasons_played(starts, stats.match_dates(member.club)),
    }


@in_club()
def stats_index(request: LoggedInRequest, member: Membership) -> HttpResponse:
    context = _seasons(request, member)
    context["tables"] = stats.game_tables(stats.replayed_matches(member.club, season=context["season"]))
    return render(request, "matches/stats.html", context)


@in_club()
def stats_records(request: LoggedInRequest, member: Membership) -> HttpResponse:
    """The club's records in the season asked for, game by game."""
    context = _seasons(request, member)
    context["families"] = records.club_records(stats.replayed_matches(member.club), context["season"])
    return render(request, "matches/stats_records.html", context)


@in_club()
def stats_player(request: LoggedInRequest, member: Membership, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk, club=member.club)
    others = Player.objects.filter(club=member.club).exclude(pk=pk)
    context = _seasons(request, member)
    context.update(
        {
            "stats": stats.player_stats(member.club, player, context["season"]),
            "player": player,
            "others": others,
        }
    )
    return render(request, "matches/stats_player.html", context)


@in_club()
def stats_head_to_head(request: LoggedInRequest, member: Membership) -> HttpResponse:
    """Two of the club's players, chosen in the form on the page (``?a=…&b=…``).

    Anything else asked for (another club's player, a typo) gets the form back with a notice.
    """
    players = {str(p.pk): p for p in Player.objects.filter(club=member.club)}
    chosen = [request.GET.get(key, "").strip() for key in ("a", "b")]
    context: dict[str, Any] = {**_seasons(request, member), "players": players.values(), "chosen": chosen}
    a, b = (players.get(pk) for pk in chosen)
    if a is not None and b is not None and a != b:
        context["h2h"] = stats.head_to_head(member.club, a, b, context["season"])
        context["h2h_keep"] = f"a={a.pk}&b={b.pk}&"  # the season's links keep the two players
    elif any(chosen):
        context["not_two"] = True
    return render(request, "matches/stats_head_to_head.html", context)


@with_access()
def match_chart(request: HttpRequest, access: Access) -> HttpResponse:
    """A match's running totals as lines: anyone who may see the match may see its chart."""
    standing = services.match_standing(access.match, just_read=True)
    chart = stats.match_chart(standing.rules, standing.played)
    web = web_for(standing.rules.variant)
    note = web.chart_note(web.chart_limits(standing.rules)) if chart else ""  # under the lines drawn
    context = {"match": access.match, "variant": standing.rules.variant, "chart": chart, "chart_note": note}
    return render(request, "matches/match_chart.html", context)
