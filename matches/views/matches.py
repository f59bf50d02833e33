"""The matches: the list, a new one, a match's page and its house rules."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games.core import Refused, gettext_noop
from games.registry import GAMES, Variant

from .. import evenings, services, sheets
from ..access import Access, joined_invites
from ..clubs import in_club, membership
from ..forms import MatchForm, OptionsForm, game_choices, problem_text
from ..holder import holder_seat
from ..house_forms import RuleSetNameForm
from ..http import LoggedInRequest
from ..models import Club, Evening, Match, Membership, Player, RuleSet
from ..services.rule_sets import rule_set_options
from .common import posted, with_access


def match_list(request: HttpRequest) -> HttpResponse:
    mine = membership(request).club_id if request.user.is_authenticated else None
    joined = [invite.match for invite in joined_invites(request) if invite.match.club_id != mine]
    joined_rows = [sheets.history_row(match, services.seat_names(match)) for match in joined]
    if not request.user.is_authenticated:
        # A phone that joined by a link has no account, but has its matches.
        if not joined:
            return redirect_to_login(request.get_full_path())
        return render(request, "matches/match_list.html", {"rows": [], "joined": joined_rows, "guest": True})
    # In progress first, then newest first (the order of the club's index); each card is a
    # {% cache %} fragment of _match_card.html, kept by its match's version.
    matches = (
        Match.objects.filter(club=mine)
        .order_by("-status", "-created_at", "-pk")
        .prefetch_related(services.seats_with_players())
    )
    rows = [sheets.history_row(match, services.seat_names(match)) for match in matches]
    return render(request, "matches/match_list.html", {"rows": rows, "joined": joined_rows})


FIRST_GAME = next(iter(GAMES))  # the new-match page offers the first game listed first


@in_club("score")
@require_http_methods(["GET", "POST"])
def match_new(request: LoggedInRequest, member: Membership) -> HttpResponse:
    """A new match of the club: the game (asked for by "game"), its house rules, who sits where and
    deals first; of an evening ("evening"), seated as its latest match."""
    game = request.POST.get("game") or request.GET.get("game") or FIRST_GAME
    variant = GAMES.get(game, GAMES[FIRST_GAME])
    evening_pk = _evening_key(request.POST.get("evening") or request.GET.get("evening"))
    players = Player.objects.filter(club=member.club, archived=False)
    evening = Evening.objects.filter(club=member.club, pk=evening_pk).first() if evening_pk else None
    came = evenings.evening_seating(evening) if evening else []
    # Started from one of the club's sets of rules ("rules"): its house rules filled in.
    asked = request.POST.get("rules") or request.GET.get("rules")
    rule_set, set_options = chosen_rules(member.club, variant, asked)
    initial = {f"opt_{key}": value for key, value in set_options.items()}
    form = MatchForm(
        posted(request), variant=variant, players=list(players), evening_players=came, initial=initial
    )
    if request.method == "POST" and form.is_valid():
        try:
            match = services.match_create(
                owner=request.user,
                club=member.club,
                game=variant.key,
                options=form.options(),
                players=form.players(),
                first_dealer=form.first_dealer(),
                evening=evening,
            )
        except Refused as refused:
            for problem in refused.problems:
                form.add_error(None, problem_text(problem))
        else:
            return redirect(match)
    context = {
        "form": form,
        "variant": variant,
        "games": game_choices(),
        "players": players,
        "evening": evening_pk,
        "rule_sets": RuleSet.objects.filter(club=member.club, game=variant.key),
        "rule_set": rule_set,
    }
    template = "matches/match_new.html#match-form" if request.htmx else "matches/match_new.html"
    return render(request, template, context)


def chosen_rules(club: Club, variant: Variant, sent: str | None) -> tuple[RuleSet | None, dict[str, Any]]:
    """The club's set of rules a new match starts from (its key ``sent``), and its house rules; none
    (and no rules) for a set of another club or another game, or one its game allows no longer."""
    if not (sent and sent.isascii() and sent.isdigit() and len(sent) <= 18):
        return None, {}
    rule_set = RuleSet.objects.filter(club=club, game=variant.key, pk=sent).first()
    options = rule_set_options(rule_set) if rule_set is not None else None
    return (rule_set, options) if rule_set is not None and options is not None else (None, {})


def _evening_key(sent: str | None) -> str | None:
    """The evening a new match is asked for, as a key the database can hold (18 digits at most),
    or None: anything else is no evening of the owner's."""
    return sent if sent and sent.isascii() and sent.isdigit() and len(sent) <= 18 else None


@with_access()
def match_detail(request: HttpRequest, access: Access) -> HttpResponse:
    match = access.match
    standing = services.match_standing(match, just_read=True)
    bottom = holder_seat(request, match, len(standing.players))
    all_deals = request.GET.get("deals") == "all"
    context = sheets.sheet_context(standing, can_score=access.can_score, bottom=bottom, all_deals=all_deals)
    context["is_organiser"] = access.is_owner  # its links and its house rules
    return render(request, "matches/match_detail.html", context)


OWNER_ONLY_RULES = gettext_noop(
    "Only the match's owner changes its house rules: they decide the money and the penalties. "
    "A scorer's link enters and corrects the deals."
)


@require_http_methods(["GET", "POST"])
@with_access(write=True)
def match_rules(request: HttpRequest, access: Access) -> HttpResponse:
    """Change the house rules of a match: it is replayed under the new ones. The owner's alone: every
    rule moves busche, tokens, points or money, and a scorer's link is for entering the deals."""
    if not access.is_owner:
        raise PermissionDenied(_(OWNER_ONLY_RULES))
    match = access.match
    variant = GAMES[match.game]
    form = OptionsForm(posted(request), variant=variant, options=match.options)
    if request.method == "POST" and form.is_valid():
        try:
            services.match_options_change(match=match, options=form.options(), author=access.author)
        except Refused as refused:
            for problem in refused.problems:
                form.add_error(None, problem_text(problem))
        else:
            messages.success(request, _("House rules changed; every deal was scored again."))
            return redirect(match)
    context = {"match": match, "form": form, "variant": variant, "save_form": RuleSetNameForm()}
    return render(request, "matches/match_rules.html", context)
