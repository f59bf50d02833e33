"""The ratings of the club being looked at: its leaderboard per family of games and season, and one
player's rating over time with why each match moved it."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render

from .. import ratings, seasons, stats
from ..clubs import in_club
from ..http import LoggedInRequest
from ..models import Membership, Player


@dataclass(frozen=True)
class Chosen:
    """What both pages show: the season and the family asked for, the choices, and the board."""

    season: seasons.Season
    seasons: list[seasons.Season]
    key: str  # the rating shown (GameWeb.rated_as): a family of games
    choices: list[tuple[str, str]]  # every rating the club's matches moved: its key and name
    board: list[ratings.Rated]


def _chosen(request: LoggedInRequest, member: Membership) -> Chosen:
    reps = stats.replayed_matches(member.club)
    starts = member.club.season_starts
    season = seasons.asked(starts, request.GET)
    families = ratings.families(reps)
    family = request.GET.get("rating", "")
    if family not in families:
        family = families[0] if families else ""
    return Chosen(
        season,
        seasons.seasons_played(starts, [rep.date for rep in reps if rep.finished]),
        family,
        [(key, ratings.family_name(key)) for key in families],
        ratings.rate(reps, family, season) if family else [],
    )


@in_club()
def rating_list(request: LoggedInRequest, member: Membership) -> HttpResponse:
    """The leaderboard: every player rated in the family and season asked for, best first."""
    return render(request, "matches/ratings.html", {"chosen": _chosen(request, member)})


@in_club()
def rating_player(request: LoggedInRequest, member: Membership, pk: int) -> HttpResponse:
    """One player's rating over time in the family and season asked for, and why each match moved it."""
    player = get_object_or_404(Player, pk=pk, club=member.club)
    chosen = _chosen(request, member)
    rated = next((entry for entry in chosen.board if entry.player.pk == player.pk), None)
    context = {
        "chosen": chosen,
        "player": player,
        "rated": rated,
        "place": chosen.board.index(rated) + 1 if rated else None,
        "chart": ratings.rating_chart(rated, chosen.key) if rated else None,
        "moves": list(reversed(rated.moves)) if rated else [],
    }
    return render(request, "matches/rating_player.html", context)
