"""Small function views: fetch, form, service, then render (htmx: a fragment) or redirect."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Mapping
from decimal import Decimal
from functools import wraps
from typing import Any

import segno
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games import document
from games.core import Problem, Refused, gettext_noop
from games.registry import GAMES
from games.web import web_for

from . import evenings, live, services, sheets, spreadsheet, summaries
from .access import (
    Access,
    invite_create,
    invite_revoke,
    joined_invites,
    leave_withdrawn,
    match_access,
    was_withdrawn,
)
from .access import join as access_join
from .deal_forms import seat_number
from .forms import (
    EveningForm,
    JoinForm,
    MatchForm,
    OptionsForm,
    PlayerForm,
    SignupForm,
    game_choices,
    problem_text,
)
from .holder import holder_seat
from .models import Evening, Invite, Match, Player


def posted(request: HttpRequest) -> QueryDict | None:
    """What a POST sent, even nothing: a form sent blank is refused with its errors, not shown anew."""
    return request.POST if request.method == "POST" else None


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


@login_required
@require_http_methods(["GET", "POST"])
def player_list(request: HttpRequest) -> HttpResponse:
    form = PlayerForm(posted(request), owner=request.user)
    if request.method == "POST" and form.is_valid():
        Player.objects.create(owner=request.user, name=form.cleaned_data["name"])
        next_url = request.POST.get("next", "")
        # Only back into this site, by a path: a posted "next" must not send the player elsewhere,
        # nor be taken for the name of a view.
        allowed = url_has_allowed_host_and_scheme(next_url, {request.get_host()}, request.is_secure())
        if not (allowed and next_url.startswith("/")):
            next_url = reverse("player_list")
        return redirect(next_url)
    players = Player.objects.filter(owner=request.user)
    return render(request, "matches/players.html", {"form": form, "players": players})


@login_required
@require_http_methods(["GET", "POST"])
def player_rename(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk, owner=request.user)
    form = PlayerForm(posted(request), owner=request.user, instance=player, initial={"name": player.name})
    if request.method == "POST" and form.is_valid():
        services.player_rename(player, form.cleaned_data["name"])
        return redirect("player_list")
    return render(request, "matches/player_rename.html", {"form": form, "player": player})


@login_required
@require_POST
def player_archive(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk, owner=request.user)
    player.archived = not player.archived
    player.save(update_fields=["archived"])
    return redirect("player_list")


def match_list(request: HttpRequest) -> HttpResponse:
    joined = [invite.match for invite in joined_invites(request) if invite.match.owner_id != request.user.pk]
    joined_rows = [sheets.history_row(match, services.seat_names(match)) for match in joined]
    if not request.user.is_authenticated:
        # A phone that joined by a link has no account, but has its matches.
        if not joined:
            return redirect_to_login(request.get_full_path())
        return render(request, "matches/match_list.html", {"rows": [], "joined": joined_rows, "guest": True})
    # In progress first, then newest first (the order of the owner's index); each card is a
    # {% cache %} fragment of _match_card.html, kept by its match's version.
    matches = (
        Match.objects.filter(owner=request.user)
        .order_by("-status", "-created_at", "-pk")
        .prefetch_related(services.seats_with_players())
    )
    rows = [sheets.history_row(match, services.seat_names(match)) for match in matches]
    return render(request, "matches/match_list.html", {"rows": rows, "joined": joined_rows})


FIRST_GAME = next(iter(GAMES))  # the new-match page offers the first game listed first


@login_required
@require_http_methods(["GET", "POST"])
def match_new(request: HttpRequest) -> HttpResponse:
    game = request.POST.get("game") or request.GET.get("game") or FIRST_GAME
    evening_pk = request.POST.get("evening") or request.GET.get("evening")
    # A key the database holds (at most 19 digits), or none: a longer one is no evening of hers.
    evening_pk = evening_pk if str(evening_pk).isascii() and str(evening_pk).isdigit() else None
    evening_pk = evening_pk if evening_pk and len(evening_pk) <= 18 else None
    variant = GAMES.get(game, GAMES[FIRST_GAME])
    players = Player.objects.filter(owner=request.user, archived=False)
    evening = Evening.objects.filter(owner=request.user, pk=evening_pk).first() if evening_pk else None
    came = evenings.evening_seating(evening) if evening else []
    form = MatchForm(posted(request), variant=variant, players=players, evening_players=came)
    if request.method == "POST" and form.is_valid():
        try:
            match = services.match_create(
                owner=request.user,
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
    }
    template = "matches/match_new.html#match-form" if request.htmx else "matches/match_new.html"
    return render(request, template, context)


def with_access(write: bool = False) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Give the view its Access to the match; send a visitor who is not logged in to log in."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, pk: int, **kwargs: Any) -> HttpResponse:
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


def link_withdrawn(request: HttpRequest, pk: int) -> HttpResponse:
    """A phone that joined match ``pk`` by a link the owner withdrew is told so in words, whatever
    of the match it asks for; htmx (the live poll, a deal sent) is sent to that page."""
    response = render(request, "matches/join_gone.html", {"withdrawn": True}, status=404)
    if request.htmx:
        response["HX-Redirect"] = reverse("match_detail", args=[pk])
    return response


@with_access()
def match_detail(request: HttpRequest, access: Access) -> HttpResponse:
    match = access.match
    standing = services.match_standing(match, just_read=True)
    bottom = holder_seat(request, match, len(standing.players))
    all_deals = request.GET.get("deals") == "all"
    context = sheets.sheet_context(standing, can_score=access.can_score, bottom=bottom, all_deals=all_deals)
    context["summary"] = summaries.match_summary(match, standing.players, standing)
    return render(request, "matches/match_detail.html", context)


def match_live(request: HttpRequest, pk: int) -> HttpResponse:
    """What changed since version ``v``: nothing (204: live.py) or the parts that changed."""
    if live.unchanged(request, pk):
        return HttpResponse(status=204)
    return _match_live(request, pk)


@with_access()
def _match_live(request: HttpRequest, access: Access) -> HttpResponse:
    if request.GET.get("v") == str(access.match.version):
        return HttpResponse(status=204)
    standing = services.match_standing(access.match, just_read=True)
    bottom = holder_seat(request, access.match, len(standing.players))
    context = sheets.sheet_context(standing, can_score=access.can_score, bottom=bottom)
    context["announcement"] = sheets.latest_deal(standing, saved=False)
    # The poll sends the number of the deal this phone's form is for, and whether anything is typed
    # in it. A form left behind by a deal entered elsewhere moves on to the next deal, unless it is
    # being typed in: then it is left alone, with a word that it is stale. An end replaces it.
    number, typed = request.GET.get("number") or "", request.GET.get("typed") == "1"
    sent = int(number) if number.isascii() and number.isdigit() and len(number) <= 6 else None
    next_number = context["next_number"]
    status_changed = request.GET.get("s") not in (None, access.match.status)
    context["form_behind"] = sent is not None and sent < next_number and not typed and not status_changed
    context["replace_form"] = status_changed or context["form_behind"]
    if not context["replace_form"] and sent is not None and sent != next_number:
        context["stale_form"] = "behind" if sent < next_number else "ahead"
    context["typing_lost"] = status_changed and typed and standing.played.outcome is not None
    return render(request, "matches/match_detail.html#live", context)


@require_POST
@with_access(write=True)
def deal_create(request: HttpRequest, access: Access) -> HttpResponse:
    match = access.match
    standing = services.match_standing(match, just_read=True)
    form: Any = sheets.entry_form(standing, request.POST)
    preview = notice = None
    if form.is_valid():
        entry = form.entry()
        try:
            if "preview" in request.POST:  # judge the hands shown, store nothing
                preview = services.deal_preview(match=match, entry=entry, standing=standing)
            else:
                token, number = form.cleaned_data["token"], form.cleaned_data["number"]
                deal = services.deal_record(
                    match=match,
                    entry=entry,
                    author=access.author,
                    token=token,
                    number=number,
                    standing=standing,
                )
        except (services.DealTaken, services.DealMoved) as taken:
            standing = services.match_standing(match)
            if isinstance(taken, services.DealTaken) and _same_deal(request, standing, taken, entry):
                # Both phones entered this very deal: it is stored once, and this phone moves on.
                notice = _(
                    "Deal %(number)d was just entered on %(who)s's phone, as typed here: it is saved once."
                )
                notice %= {"number": taken.number, "who": taken.deal.entered_by_name or "?"}
                if not request.htmx:
                    messages.info(request, notice)
                    return redirect(match)
                form = None
            else:
                form = _kept_for_next(request, standing, taken)
        except Refused as refused:
            form.add_problems(refused.problems)
        else:
            if preview is None:
                if deal.repeated:  # said with the sheet it concerns, not on a later page
                    notice = _("Deal %(number)d was already saved.") % {"number": deal.number}
                if not request.htmx:
                    if notice:
                        messages.info(request, notice)
                    return redirect(match)
                form = None
                if deal.repeated:
                    standing = services.match_standing(match)
                else:  # the match as the write left it, its new version replayed: not read again
                    match, standing = deal.match, deal.standing
    bottom = holder_seat(request, match, len(standing.players))
    context = sheets.sheet_context(standing, form, preview, bottom=bottom)
    if form is None:  # saved: the page reads out the deal's result
        context["announcement"] = notice or sheets.latest_deal(standing, saved=True)
    context["entry_notice"] = notice
    if request.htmx:
        return render(request, "matches/match_detail.html#sheet", context)
    return render(request, "matches/match_detail.html", context, status=200 if preview else 422)


def _same_deal(
    request: HttpRequest, standing: services.Standing, taken: services.DealTaken, entry: Mapping[str, Any]
) -> bool:
    """Whether the deal another phone stored is the very one this phone sent: the same entry, the
    same dealer, and sent by a phone not told meanwhile that its deal was entered elsewhere (it may
    be typing the next deal, which can go just like this one)."""
    dealer = seat_number(request.POST.get("dealer"))
    stored_dealer = standing.played.deals[taken.number - 1].dealer
    told = request.POST.get("told") == "1"
    return taken.same_as(entry) and dealer in (None, stored_dealer) and not told


def _kept_for_next(
    request: HttpRequest, standing: services.Standing, taken: services.DealTaken | services.DealMoved
) -> Any:
    """What this phone typed, in the form of the next deal, to be saved as that, or dropped."""
    data = request.POST.copy()
    data["number"] = str(len(standing.played.deals) + 1)
    if standing.played.next_dealer is not None:
        # The dealer sent was the one for the old number: at its new number, the rules say who.
        data["dealer"] = str(standing.played.next_dealer)
    form = sheets.entry_form(standing, data)
    form.is_valid()
    form.add_problems(taken.problems)
    form.taken = taken
    return form


@require_http_methods(["GET", "POST"])
@with_access(write=True)
def deal_edit(request: HttpRequest, access: Access, number: int) -> HttpResponse:
    match = access.match
    get_object_or_404(match.deals, number=number)
    standing = services.match_standing(match, just_read=True)
    holder = holder_seat(request, match, len(standing.players))
    form: Any = sheets.entry_form(standing, posted(request), number=number, holder=holder)
    preview = None
    if request.method == "POST" and form.is_valid() and "preview" in request.POST:
        # Judge the hands of the corrected deal, store nothing.
        try:
            deal = services.deal_preview(match=match, entry=form.entry(), number=number)
            preview = web_for(standing.rules.variant).preview(deal, standing)
        except Refused as refused:
            form.add_problems(refused.problems)
    elif request.method == "POST" and form.is_valid():
        try:
            services.deal_edit(
                match=match,
                number=number,
                entry=form.entry(),
                author=access.author,
                version=form.cleaned_data["version"],
            )
        except services.DealChanged as changed:
            # What this phone typed stays, now over the version it was shown: saved again, it applies.
            data = request.POST.copy()
            data["version"] = str(changed.deal.version)
            form = sheets.entry_form(services.match_standing(match), data, number=number)
            form.is_valid()
            form.add_problems(changed.problems)
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
        "form_template": web_for(standing.rules.variant).templates.form,
        "preview": preview,
    }
    return render(request, "matches/deal_edit.html", context, status=422 if form.errors else 200)


@require_POST
@with_access(write=True)
def deal_delete(request: HttpRequest, access: Access, number: int) -> HttpResponse:
    match = access.match
    get_object_or_404(match.deals, number=number)
    try:
        services.deal_delete(match=match, number=number, author=access.author)
    except Refused as refused:
        for problem in refused.problems:
            messages.error(request, problem_text(problem))
    else:
        messages.success(
            request, _("Deal %(number)d deleted; the changes below can restore it.") % {"number": number}
        )
    return redirect(reverse("match_detail", args=[match.pk]))


@require_POST
@with_access(write=True)
def change_undo(request: HttpRequest, access: Access, change: int) -> HttpResponse:
    """Undo a change; one that deletes a deal, reopens a finished match or changes the money is
    first shown on a page that says so, and done when that page's Confirm is sent."""
    match = access.match
    undone = get_object_or_404(match.changes, pk=change)
    said = sheets.change_text(undone)
    if request.POST.get("confirmed") != "1":
        effects = services.undo_effects(match=match, change=undone)
        if effects is not None and effects.asks:
            variant = GAMES[match.game]
            context = {"match": match, "variant": variant, "change": undone, "said": said, "effects": effects}
            return render(request, "matches/change_undo.html", context)
    try:
        services.change_undo(match=match, change=undone, author=access.author)
    except Refused as refused:
        for problem in refused.problems:
            messages.error(request, problem_text(problem))
    else:
        messages.success(request, _("Undone: %(change)s.") % {"change": said[:1].lower() + said[1:]})
    return redirect(match)


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
    return render(request, "matches/match_rules.html", {"match": match, "form": form, "variant": variant})


@require_http_methods(["GET", "POST"])
@with_access(write=True)
def match_share(request: HttpRequest, access: Access) -> HttpResponse:
    """The owner's invite links, with their QR codes: make one, or withdraw one."""
    match = access.match
    if not access.is_owner:
        raise PermissionDenied
    if request.method == "POST":
        revoke = request.POST.get("revoke", "")
        if revoke:
            pk = int(revoke) if revoke.isascii() and revoke.isdigit() and len(revoke) <= 18 else None
            invite = match.invites.filter(pk=pk, revoked_at__isnull=True).first()
            if invite is None:
                messages.error(request, _("That link does not exist or was already withdrawn."))
            else:
                invite_revoke(invite=invite)
                messages.success(request, _("The link no longer works."))
        elif request.POST.get("role") in Invite.Role.values:
            invite_create(match=match, role=request.POST["role"])
        else:
            messages.error(request, _("Choose a link for a scorer or for a viewer."))
        return redirect("match_share", pk=match.pk)
    links = []
    for invite in match.invites.filter(revoked_at__isnull=True).order_by("-created_at"):
        url = request.build_absolute_uri(reverse("join", args=[invite.token]))
        qr = segno.make(url, error="m").svg_inline(scale=5, dark="#26231f", light="#ffffff", omitsize=True)
        links.append({"invite": invite, "url": url, "qr": mark_safe(qr)})
    return render(request, "matches/share.html", {"match": match, "links": links})


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, token: str) -> HttpResponse:
    """A phone opens an invite link: it gives a name and follows (or scores) that one match."""
    invite = Invite.objects.filter(token=token).select_related("match").first()
    if invite is None or invite.revoked_at is not None:
        if invite is not None:
            leave_withdrawn(request, invite)  # what this phone kept under it goes
        return render(request, "matches/join_gone.html", {"withdrawn": invite is not None}, status=404)
    match = invite.match
    if request.user.is_authenticated and match.owner_id == request.user.pk:
        return redirect(match)
    form = JoinForm(posted(request))
    if request.method == "POST" and form.is_valid():
        access_join(request, invite, form.cleaned_data["name"])
        return redirect(match)
    names = [seat.player.name for seat in match.seats.select_related("player")]
    context = {"form": form, "invite": invite, "match": match, "names": names, "variant": GAMES[match.game]}
    return render(request, "matches/join.html", context)


@with_access()
def match_export_json(request: HttpRequest, access: Access) -> HttpResponse:
    document = services.match_export(access.match)
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False, indent=2), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="match-{access.match.pk}.json"'
    return response


@with_access()
def match_export_csv(request: HttpRequest, access: Access) -> HttpResponse:
    """The deals for a spreadsheet in the page's language (spreadsheet.py: ``;`` in Italian)."""
    table = spreadsheet.deal_table(services.match_export(access.match))
    response = HttpResponse(spreadsheet.write_csv(table), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="match-{access.match.pk}.csv"'
    return response


@with_access()
def match_export_xlsx(request: HttpRequest, access: Access) -> HttpResponse:
    """The same deals as an Excel workbook."""
    table = spreadsheet.deal_table(services.match_export(access.match))
    response = HttpResponse(
        spreadsheet.write_xlsx(table, title=_("Deals")),
        content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    )
    response["Content-Disposition"] = f'attachment; filename="match-{access.match.pk}.xlsx"'
    return response


@login_required
@require_POST
def match_import(request: HttpRequest) -> HttpResponse:
    """A match document uploaded from the matches page becomes a new match, or is refused whole."""
    upload = request.FILES.get("document")
    try:
        if upload is None:
            raise Refused([Problem(gettext_noop("choose a match document (.json) to import"))])
        # A file over the limit is refused unread (its size is known), and at most one byte past
        # the limit is ever read: parse_document says what else it is not (docs/format.md, "Limits").
        if upload.size is not None and upload.size > document.BYTES_MOST:
            raise Refused([document.too_large()])
        data = upload.read(document.BYTES_MOST + 1)
        match = services.match_import(owner=request.user, doc=document.parse_document(data))
    except Refused as refused:
        for problem in refused.problems:
            messages.error(request, problem_text(problem))
        return redirect("match_list")
    messages.success(request, _("Match imported."))
    return redirect(match)


@login_required
@require_http_methods(["GET", "POST"])
def evening_list(request: HttpRequest) -> HttpResponse:
    form = EveningForm(posted(request), owner=request.user, initial={"date": timezone.localdate()})
    if request.method == "POST" and form.is_valid():
        evening = Evening.objects.create(
            owner=request.user, date=form.cleaned_data["date"], place=form.cleaned_data["place"]
        )
        evening.players.set(form.cleaned_data["players"])
        return redirect(evening)
    evenings = Evening.objects.filter(owner=request.user).prefetch_related("players")
    return render(request, "matches/evenings.html", {"form": form, "evenings": evenings})


def _evening_context(evening: Evening, public: bool = False) -> dict[str, Any]:
    """The evening's page: its matches (each card a {% cache %} fragment of evening.html), who pays
    whom, and the summary; the finished matches replayed once for both."""
    matches = evenings.evening_matches(evening)
    rows = evenings.evening_rows(evening, matches)
    standings = evenings.finished_standings(matches)
    settlement = evenings.evening_settlement(evening, matches, standings)
    return {
        "evening": evening,
        "came": [player.name for player in evening.players.all()],
        "rows": rows,
        "settlement": settlement,
        "summary": summaries.evening_summary(evening, rows, settlement, standings),
        "public": public,
    }


@login_required
def evening_detail(request: HttpRequest, pk: int) -> HttpResponse:
    evening = evenings.evening_read(pk, request.user.pk)  # who came and what was paid read along
    if evening is None:
        raise Http404
    context = _evening_context(evening)
    if evening.public_token:
        context["public_url"] = request.build_absolute_uri(
            reverse("evening_public", args=[evening.public_token])
        )
    return render(request, "matches/evening.html", context)


@login_required
@require_POST
def evening_publish(request: HttpRequest, pk: int) -> HttpResponse:
    """Share the evening read-only by a link, or withdraw that link."""
    evening = get_object_or_404(Evening, pk=pk, owner=request.user)
    evening.public_token = None if evening.public_token else secrets.token_urlsafe(32)
    evening.save(update_fields=["public_token"])
    return redirect(evening)


def evening_public(request: HttpRequest, token: str) -> HttpResponse:
    """The read-only page of a shared evening: its matches and who pays whom."""
    evening = get_object_or_404(Evening, public_token=token)
    return render(request, "matches/evening.html", _evening_context(evening, public=True))


@login_required
@require_POST
def payment_toggle(request: HttpRequest, pk: int) -> HttpResponse:
    """Mark one of the evening's transfers paid, or take back a payment; anything else is refused."""
    evening = get_object_or_404(Evening, pk=pk, owner=request.user)
    sent = [request.POST.get(key, "") for key in ("payer", "payee", "amount", "paid")]
    if evenings.payment_toggle(evening=evening, which=lambda transfer: _is_transfer(transfer, *sent)) is None:
        messages.error(request, _("That payment is not one of this evening's transfers."))
    return redirect(evening)


def _is_transfer(transfer: evenings.Transfer, payer: str, payee: str, amount: str, paid: str) -> bool:
    """Whether the form sent names ``transfer``: a payment made ("paid": 1) or one still to make."""
    try:
        same_amount = Decimal(amount) == transfer.amount
    except ArithmeticError:  # not a number, or a signalling NaN
        return False
    same_people = (payer, payee) == (str(transfer.payer.pk), str(transfer.payee.pk))
    return same_people and same_amount and transfer.paid == (paid == "1")


def home(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated or joined_invites(request):
        return redirect("match_list")
    return render(request, "home.html")
