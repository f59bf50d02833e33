"""The club's rules ("Le nostre regole"): named sets of house rules that new matches start from.

Every member reads them; the organisers make, change, rename and delete them, and save a match's
house rules as a set. A scorer starts matches from them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.core import Refused
from games.registry import GAMES, Variant
from games.web import web_for

from ..access import Access
from ..clubs import in_club
from ..forms import OptionsForm, house_rules, problem_text
from ..house_forms import RuleSetNameForm
from ..http import LoggedInRequest
from ..models import Club, Membership, RuleSet
from ..services import rule_sets as service
from .common import posted, with_access


@dataclass(frozen=True)
class Shown:
    """A set as the page shows it: the rules that differ from the standard ones, and all of them."""

    rule_set: RuleSet
    changed: list[tuple[str, str]]
    every: list[tuple[str, str]]
    usable: bool  # False: its game allows these rules no longer; new matches start from the standard


def shown(rule_set: RuleSet, variant: Variant) -> Shown:
    options = service.rule_set_options(rule_set)
    standard = house_rules(variant, {})
    every = house_rules(variant, options or {})
    changed = [row for row, usual in zip(every, standard, strict=True) if row != usual]
    return Shown(rule_set, changed, every, options is not None)


def _by_game(club: Club) -> list[dict[str, Any]]:
    """The club's sets by game, in the order the games are offered; a game without any left out."""
    sets: dict[str, list[RuleSet]] = {}
    for rule_set in RuleSet.objects.filter(club=club):
        sets.setdefault(rule_set.game, []).append(rule_set)
    return [
        {
            "variant": variant,
            "standard": web_for(variant).rules_summary(variant),
            "sets": [shown(rule_set, variant) for rule_set in sets[key]],
        }
        for key, variant in GAMES.items()
        if key in sets
    ]


@in_club()
@require_GET
def rule_sets(request: LoggedInRequest, member: Membership) -> HttpResponse:
    """The club's sets of house rules by game: everyone reads them, an organiser manages them."""
    context = {
        "games": _by_game(member.club),
        "all_games": list(GAMES.values()),
        "member": member,
        "count": RuleSet.objects.filter(club=member.club).count(),
        "most": service.RULE_SETS_MOST,
    }
    return render(request, "matches/rule_sets.html", context)


def refusal(refused: service.RuleSetRefused, name: str) -> str:
    """Why a set could not be saved, in words."""
    if isinstance(refused, service.NameTaken):
        return _("The club already has rules called “%(name)s”: choose another name.") % {"name": name}
    if isinstance(refused, service.TooManyRuleSets):
        return _("A club keeps at most %(most)d sets of rules: delete one you no longer use first.") % {
            "most": service.RULE_SETS_MOST
        }
    return _("Give these rules a name.")


def _variant(request: HttpRequest) -> Variant:
    """The game a new set is of, as asked for ("game"): the first game when it is none."""
    asked = request.POST.get("game") or request.GET.get("game") or ""
    return GAMES.get(asked) or next(iter(GAMES.values()))


def _forms(
    request: HttpRequest, variant: Variant, options: dict[str, Any], name: str = ""
) -> tuple[RuleSetNameForm, OptionsForm]:
    data = posted(request)
    named = RuleSetNameForm(data, initial={"name": name})
    return named, OptionsForm(data, variant=variant, options=options, prefix="opt")


@in_club("organise")
@require_http_methods(["GET", "POST"])
def rule_set_new(request: LoggedInRequest, member: Membership) -> HttpResponse:
    """A new set of the club's, of the game asked for, from the standard rules."""
    variant = _variant(request)
    named, form = _forms(request, variant, {})
    if request.method == "POST" and named.is_valid() and form.is_valid():
        name = named.cleaned_data["name"]
        create = partial(service.rule_set_create, club=member.club, game=variant.key, options=form.options())
        if _saved(named, form, create):
            said = _("“%(name)s” saved: new matches can start from them.")
            messages.success(request, said % {"name": name})
            return redirect("rule_sets")
    context = {"named": named, "form": form, "variant": variant, "games": list(GAMES.values())}
    return render(request, "matches/rule_set_form.html", context)


def _saved(named: forms.Form, form: forms.Form, save: Callable[..., object]) -> bool:
    """Save the set under the name ``named`` holds with ``save`` (a service, given ``name``): False,
    with why on the forms, when its rules (on ``form``) or its name (on ``named``) are refused."""
    try:
        save(name=named.cleaned_data["name"])
    except Refused as refused:
        for problem in refused.problems:
            form.add_error(None, problem_text(problem))
        return False
    except service.RuleSetRefused as refused:
        named.add_error("name", refusal(refused, named.cleaned_data["name"]))
        return False
    return True


def _club_set(member: Membership, pk: int) -> RuleSet:
    rule_set = RuleSet.objects.filter(club=member.club, pk=pk).first()
    if rule_set is None or rule_set.game not in GAMES:
        raise Http404
    return rule_set


@in_club("organise")
@require_http_methods(["GET", "POST"])
def rule_set_edit(request: LoggedInRequest, member: Membership, pk: int) -> HttpResponse:
    """Rename one of the club's sets, or change its rules: the matches started from it keep theirs."""
    rule_set = _club_set(member, pk)
    variant = GAMES[rule_set.game]
    named, form = _forms(request, variant, service.rule_set_options(rule_set) or {}, rule_set.name)
    if request.method == "POST" and named.is_valid() and form.is_valid():
        name = named.cleaned_data["name"]
        if _saved(named, form, partial(service.rule_set_change, rule_set=rule_set, options=form.options())):
            messages.success(request, _("“%(name)s” saved.") % {"name": name})
            return redirect("rule_sets")
    context = {"named": named, "form": form, "variant": variant, "rule_set": rule_set}
    return render(request, "matches/rule_set_form.html", context)


@in_club("organise")
@require_POST
def rule_set_delete(request: LoggedInRequest, member: Membership, pk: int) -> HttpResponse:
    """Delete one of the club's sets: the matches started from it keep their rules."""
    rule_set = _club_set(member, pk)
    service.rule_set_delete(rule_set=rule_set)
    said = _("“%(name)s” deleted; the matches started from them keep their rules.")
    messages.success(request, said % {"name": rule_set.name})
    return redirect("rule_sets")


@require_POST
@with_access(write=True)
def rule_set_save(request: HttpRequest, access: Access) -> HttpResponse:
    """Save a match's house rules, as they are now, as one of its club's sets (its organisers)."""
    if not access.is_owner:
        raise PermissionDenied(_("Only the club's organisers save its sets of rules."))
    match = access.match
    named = RuleSetNameForm(request.POST)
    if named.is_valid():
        name = named.cleaned_data["name"]
        # (Its rules refused: a match stored before a rule it has was refused.)
        create = partial(service.rule_set_create, club=match.club, game=match.game, options=match.options)
        if _saved(named, named, create):
            said = _("This match's rules are saved as “%(name)s”: new matches can start from them.")
            messages.success(request, said % {"name": name})
            return redirect("match_rules", match.pk)
    variant = GAMES[match.game]
    form = OptionsForm(None, variant=variant, options=match.options)
    context = {"match": match, "form": form, "variant": variant, "save_form": named}
    return render(request, "matches/match_rules.html", context)
