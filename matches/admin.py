"""The admin: what an operator mends without a shell (a player's name, a link, a session).

A match, its deals and its change log are only read here: the deals are the truth and the match's
result is their replay (services), so neither is changed behind the services' back. They can be
deleted. Accounts are Django's own admin (deactivate one there: its sessions then stop working).
"""

from __future__ import annotations

from typing import TypeVar

from django.contrib import admin
from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.db.models import Model, QuerySet
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from .models import Change, Club, Deal, Evening, Invite, Match, Membership, Payment, Player, RuleSet, Seat
from .services import evening_publish, invite_revoke

M = TypeVar("M", bound=Model)


class ReadOnly(admin.ModelAdmin[M]):
    """Shown and deleted, never added nor changed here."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: M | None = None) -> bool:
        return False


class MembershipInline(admin.TabularInline[Membership, Club]):
    model = Membership
    extra = 0
    fields = ["user", "role", "joined_at"]
    readonly_fields = ["user", "joined_at"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin[Club]):
    """A club's name and roles are mended here (an organiser who left, a role given by mistake)."""

    list_display = ["name", "personal_of", "code", "created_at"]
    search_fields = ["name", "code", "memberships__user__username"]
    list_select_related = ["personal_of"]
    fields = ["name", "season_starts", "personal_of", "code", "created_at"]
    readonly_fields = ["personal_of", "code", "created_at"]
    inlines = [MembershipInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # made by their organisers, and personal ones when first needed


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin[Membership]):
    list_display = ["user", "club", "role", "joined_at"]
    list_filter = ["role"]
    search_fields = ["user__username", "club__name"]
    list_select_related = ["user", "club"]
    fields = ["user", "club", "role", "joined_at"]
    readonly_fields = ["user", "club", "joined_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # people join by the club's link or code


@admin.register(RuleSet)
class RuleSetAdmin(ReadOnly[RuleSet]):
    list_display = ["name", "club", "game", "created_at"]
    search_fields = ["name", "club__name"]
    list_select_related = ["club"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin[Player]):
    list_display = ["name", "club", "account", "archived", "created_at"]
    list_filter = ["archived"]
    search_fields = ["name", "club__name", "owner__username"]
    list_select_related = ["club", "account"]
    # The club is fixed: moving a player would leave its seats at another club's matches.
    fields = ["name", "archived", "club", "account", "owner", "created_at"]
    readonly_fields = ["club", "account", "owner", "created_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # players are added at their club's table


class SeatInline(admin.TabularInline[Seat, Match]):
    model = Seat
    readonly_fields = ("position", "player")
    fields = readonly_fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Match | None = None) -> bool:
        return False


@admin.register(Seat)
class SeatAdmin(ReadOnly[Seat]):
    list_display = ["__str__", "match", "player", "position"]
    search_fields = ["player__name", "match__club__name"]
    list_select_related = ["match", "player"]

    def has_delete_permission(self, request: HttpRequest, obj: Seat | None = None) -> bool:
        return False  # a match without its seats would be no match


@admin.register(Match)
class MatchAdmin(ReadOnly[Match]):
    list_display = ["__str__", "game", "club", "status", "created_at", "finished_at"]
    list_filter = ["status", "game"]
    search_fields = ["club__name", "owner__username", "seats__player__name"]
    list_select_related = ["club"]
    date_hierarchy = "created_at"
    inlines = [SeatInline]


class Kept(ReadOnly[M]):
    """Not even deleted here: the match's result is their replay (a deal is deleted at the table)."""

    def has_delete_permission(self, request: HttpRequest, obj: M | None = None) -> bool:
        return False


@admin.register(Deal)
class DealAdmin(Kept[Deal]):
    list_display = ["__str__", "match", "number", "entered_by_name", "created_at", "deleted_at"]
    list_filter = [("deleted_at", admin.EmptyFieldListFilter), "match__game"]
    search_fields = ["entered_by_name", "match__club__name"]
    list_select_related = ["match"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Deal]:
        return Deal.everything.all()  # the deleted deals too, which the default manager leaves out


@admin.register(Change)
class ChangeAdmin(Kept[Change]):
    list_display = ["__str__", "match", "kind", "deal_number", "author_name", "created_at"]
    list_filter = ["kind"]
    search_fields = ["author_name", "match__club__name"]
    list_select_related = ["match"]


@admin.register(Invite)
class InviteAdmin(admin.ModelAdmin[Invite]):
    list_display = ["__str__", "match", "role", "created_at", "expires_at", "revoked_at"]
    list_filter = ["role", ("revoked_at", admin.EmptyFieldListFilter)]
    search_fields = ["match__club__name", "token"]
    list_select_related = ["match"]
    fields = ["match", "role", "token", "created_at", "expires_at", "revoked_at"]
    readonly_fields = ["match", "token", "created_at"]
    actions = ["withdraw"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # a link is made on the match's share page, with a token no one chose

    @admin.action(description=_("Withdraw the selected links"))
    def withdraw(self, request: HttpRequest, queryset: QuerySet[Invite]) -> None:
        working = list(queryset.filter(revoked_at__isnull=True))
        for invite in working:
            invite_revoke(invite=invite)
        count = len(working)
        self.message_user(
            request,
            ngettext("%(count)d link withdrawn.", "%(count)d links withdrawn.", count) % {"count": count},
        )


class PaymentInline(admin.TabularInline[Payment, Evening]):
    model = Payment
    readonly_fields = ("payer", "payee", "amount", "paid_at")
    fields = readonly_fields
    extra = 0

    def has_add_permission(self, request: HttpRequest, obj: Evening | None = None) -> bool:
        return False


@admin.register(Evening)
class EveningAdmin(admin.ModelAdmin[Evening]):
    list_display = ["__str__", "club", "date", "place", "has_public_link"]
    list_filter = ["date"]
    search_fields = ["place", "club__name", "players__name"]
    list_select_related = ["club"]
    fields = ["date", "place", "club", "owner", "players", "public_token", "note", "created_at"]
    # Who came is the club's own players, chosen at the table; the public link is made there.
    readonly_fields = ["club", "owner", "players", "public_token", "created_at"]
    inlines = [PaymentInline]
    actions = ["stop_sharing"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.display(boolean=True, description=_("public link"))
    def has_public_link(self, evening: Evening) -> bool:
        return evening.public_token is not None

    @admin.action(description=_("Withdraw the public links of the selected evenings"))
    def stop_sharing(self, request: HttpRequest, queryset: QuerySet[Evening]) -> None:
        shared = list(queryset.filter(public_token__isnull=False))
        for evening in shared:  # through the service that writes evenings, as the owner's button does
            evening_publish(evening=evening)
        count = len(shared)
        self.message_user(
            request,
            ngettext("%(count)d public link withdrawn.", "%(count)d public links withdrawn.", count)
            % {"count": count},
        )


@admin.register(Payment)
class PaymentAdmin(ReadOnly[Payment]):
    list_display = ["__str__", "evening", "amount", "paid_at"]
    search_fields = ["payer__name", "payee__name", "evening__club__name"]
    list_select_related = ["evening", "payer", "payee"]


@admin.register(Session)
class SessionAdmin(ReadOnly[Session]):
    """A phone's login or its joined matches (Django's own session table); deleting it logs that
    phone out."""

    # The key and the data stay out of sight: the key is what the phone's cookie holds.
    list_display = ["user", "expire_date", "expired"]
    list_display_links = ["expire_date"]
    list_filter = ["expire_date"]
    search_fields = ["session_key"]  # (see get_search_results: by the user's name)
    readonly_fields = ("user", "expire_date")
    fields = readonly_fields
    ordering = ["-expire_date"]

    @admin.display(description=_("user"))
    def user(self, session: Session) -> User | None:
        """The account the session is logged in to, read from its data; none for a guest's phone."""
        pk = session.get_decoded().get(SESSION_KEY)
        return get_user_model()._default_manager.filter(pk=pk).first() if pk is not None else None

    @admin.display(boolean=True, description=_("expired"))
    def expired(self, session: Session) -> bool:
        return session.expire_date <= timezone.now()

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[Session], search_term: str
    ) -> tuple[QuerySet[Session], bool]:
        """The sessions of the accounts whose name holds ``search_term``: the user is in each
        session's data, which the database cannot search, so each is read (a site's few hundred)."""
        if not search_term:
            return queryset, False
        users = get_user_model()._default_manager.filter(username__icontains=search_term)
        pks = {str(pk) for pk in users.values_list("pk", flat=True)}
        keys = [s.session_key for s in queryset.iterator() if str(s.get_decoded().get(SESSION_KEY)) in pks]
        return queryset.filter(session_key__in=keys), False
