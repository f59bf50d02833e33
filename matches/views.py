"""Small function views: fetch, form, service, then render (htmx: a fragment) or redirect."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from . import services, sheets
from .forms import MatchForm, PlayerForm, SignupForm, game_choices, problem_text
from .models import Match, Player
from .rules.core import Refused
from .rules.registry import GAMES


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return redirect("player_list")
    return render(request, "registration/signup.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def player_list(request: HttpRequest) -> HttpResponse:
    form = PlayerForm(request.POST or None, owner=request.user)
    if request.method == "POST" and form.is_valid():
        Player.objects.create(owner=request.user, name=form.cleaned_data["name"])
        next_url = request.POST.get("next", "")
        # Only back into this site: a posted "next" must not send the player elsewhere.
        if not url_has_allowed_host_and_scheme(next_url, {request.get_host()}, request.is_secure()):
            next_url = "player_list"
        return redirect(next_url)
    players = Player.objects.filter(owner=request.user)
    return render(request, "matches/players.html", {"form": form, "players": players})


@login_required
@require_http_methods(["GET", "POST"])
def player_rename(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk, owner=request.user)
    form = PlayerForm(
        request.POST or None, owner=request.user, instance=player, initial={"name": player.name}
    )
    if request.method == "POST" and form.is_valid():
        player.name = form.cleaned_data["name"]
        player.save(update_fields=["name"])
        return redirect("player_list")
    return render(request, "matches/player_rename.html", {"form": form, "player": player})


@login_required
@require_POST
def player_archive(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk, owner=request.user)
    player.archived = not player.archived
    player.save(update_fields=["archived"])
    return redirect("player_list")


@login_required
def match_list(request: HttpRequest) -> HttpResponse:
    matches = (
        Match.objects.filter(owner=request.user)
        .order_by("-status", "-created_at")  # "in_progress" > "finished": in progress first
        .prefetch_related("seats__player")
    )
    rows = [sheets.history_row(match, [seat.player.name for seat in match.seats.all()]) for match in matches]
    return render(request, "matches/match_list.html", {"rows": rows})


@login_required
@require_http_methods(["GET", "POST"])
def match_new(request: HttpRequest) -> HttpResponse:
    game = request.POST.get("game") or request.GET.get("game") or "busca-000"
    variant = GAMES.get(game, GAMES["busca-000"])
    players = Player.objects.filter(owner=request.user, archived=False)
    form = MatchForm(request.POST or None, variant=variant, players=players)
    if request.method == "POST" and form.is_valid():
        try:
            match = services.match_create(
                owner=request.user,
                game=variant.key,
                options=form.options(),
                players=form.players(),
                first_dealer=form.first_dealer(),
            )
        except Refused as refused:
            for problem in refused.problems:
                form.add_error(None, problem_text(problem))
        else:
            return redirect(match)
    context = {"form": form, "variant": variant, "games": game_choices(), "players": players}
    template = "matches/match_new.html#match-form" if request.htmx else "matches/match_new.html"
    return render(request, template, context)


def _owned_match(request: HttpRequest, pk: int) -> Match:
    return get_object_or_404(Match, pk=pk, owner=request.user)


@login_required
def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    standing = services.match_standing(_owned_match(request, pk))
    return render(request, "matches/match_detail.html", sheets.sheet_context(standing))


@login_required
@require_POST
def deal_create(request: HttpRequest, pk: int) -> HttpResponse:
    match = _owned_match(request, pk)
    standing = services.match_standing(match)
    form: Any = sheets.entry_form(standing, request.POST)
    preview = None
    if form.is_valid():
        try:
            if "preview" in request.POST:  # judge the hands shown, store nothing
                preview = services.deal_preview(match=match, entry=form.entry())
            else:
                services.deal_record(match=match, entry=form.entry(), author=request.user)
        except Refused as refused:
            form.add_problems(refused.problems)
        else:
            if preview is None:
                if not request.htmx:
                    return redirect(match)
                form = None
                standing = services.match_standing(match)
    context = sheets.sheet_context(standing, form, preview)
    if request.htmx:
        return render(request, "matches/match_detail.html#sheet", context)
    return render(request, "matches/match_detail.html", context, status=200 if preview else 422)


@login_required
@require_http_methods(["GET", "POST"])
def deal_edit(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    match = _owned_match(request, pk)
    get_object_or_404(match.deals, number=number)
    standing = services.match_standing(match)
    form: Any = sheets.entry_form(standing, request.POST or None, number=number)
    if request.method == "POST" and form.is_valid():
        try:
            services.deal_edit(match=match, number=number, entry=form.entry(), author=request.user)
        except Refused as refused:
            form.add_problems(refused.problems)
        else:
            messages.success(request, _("Deal %(number)d corrected.") % {"number": number})
            return redirect(match)
    context = {
        "match": match,
        "form": form,
        "number": number,
        "variant": standing.rules.variant,
        "names": standing.players,
        "form_template": f"matches/{standing.rules.variant.family}_form.html",
    }
    return render(request, "matches/deal_edit.html", context, status=422 if form.errors else 200)


@login_required
@require_POST
def deal_delete(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    match = _owned_match(request, pk)
    get_object_or_404(match.deals, number=number)
    try:
        services.deal_delete(match=match, number=number)
    except Refused as refused:
        for problem in refused.problems:
            messages.error(request, problem_text(problem))
    else:
        messages.success(request, _("Deal %(number)d deleted.") % {"number": number})
    return redirect(reverse("match_detail", args=[match.pk]))


def home(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("match_list")
    return render(request, "home.html")
