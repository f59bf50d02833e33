"""Players, matches, seats and deals. Deals are the truth; a match's standings are their replay."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

if TYPE_CHECKING:
    from .services import Standing


CLUB_NAME_MOST = 60  # characters
NOTE_MOST = 2000  # characters of a note on a match or an evening


class Club(models.Model):
    """The people who play together: their roster of players, matches and evenings, seasons and ratings.

    Every account has a personal club (``personal_of``), made the first time it is needed, so an
    account that never joins another keeps everything as it was."""

    name = models.CharField(_("name"), max_length=CLUB_NAME_MOST)
    personal_of = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="personal_club",
    )
    # To join: a link (and its QR code) carries ``join_token``; a person at the table types ``code``.
    # An organiser makes new ones, which ends the old.
    join_token = models.CharField(max_length=64, unique=True)
    code = models.CharField(_("code"), max_length=8, unique=True)
    # Seasons are years that start on the first of this month: January by default, September for a
    # club that stops in summer.
    season_starts = models.PositiveSmallIntegerField(_("seasons start in"), default=1)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("club_detail", args=[self.pk])


class Membership(models.Model):
    class Role(models.TextChoices):
        ORGANISER = "organiser", _("organiser")  # everything: members, rules, deletions
        SCORER = "scorer", _("scorer")  # starts matches and enters deals
        MEMBER = "member", _("member")  # follows the matches and reads the statistics

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["joined_at", "pk"]
        constraints = [
            # One role a person in a club: joining twice changes nothing.
            models.UniqueConstraint("club", "user", name="membership_unique_per_club"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.club} as {self.role}"

    @property
    def can_score(self) -> bool:
        return self.role in (self.Role.ORGANISER, self.Role.SCORER)

    @property
    def is_organiser(self) -> bool:
        return self.role == self.Role.ORGANISER


class RuleSet(models.Model):
    """A club's named house rules for one game ("Le nostre regole"): new matches start from them."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="rule_sets")
    name = models.CharField(_("name"), max_length=CLUB_NAME_MOST)
    game = models.CharField(pgettext_lazy("which card game", "game"), max_length=20)
    options = models.JSONField(_("house rules"), default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = [Lower("name")]  # type: ignore[list-item]
        constraints = [
            models.UniqueConstraint("club", Lower("name"), name="rule_set_name_unique_per_club"),
        ]

    def __str__(self) -> str:
        return self.name


def personal_club(user: Any) -> Club:
    """``user``'s personal club, made (with them as its organiser) the first time it is asked for."""
    from .services.clubs import personal_club as made

    return made(user)


PLAYER_NAME_MOST = 40  # characters


class Player(models.Model):
    """A name on the club's roster. ``account``: the member who said "this is me", if one did."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    # Who added it: kept for the record (and the club defaults to their personal one); None once
    # that account is deleted, when the player stays on the sheets.
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="players"
    )
    account = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players_as_me",
        verbose_name=_("account"),
    )
    name = models.CharField(_("name"), max_length=PLAYER_NAME_MOST)
    archived = models.BooleanField(_("archived"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        # Django orders by any expression; django-stubs 5.2 allows only a name or an OrderBy here.
        ordering = [Lower("name")]  # type: ignore[list-item]
        constraints = [
            # "Anna" and "anna" at one table would be the same person on the sheet.
            models.UniqueConstraint("club", Lower("name"), name="player_name_unique_per_club"),
            # One player a member in a club's roster.
            models.UniqueConstraint("club", "account", name="player_account_unique_per_club"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.club_id is None and self.owner_id is not None:
            self.club = personal_club(self.owner)
        super().save(*args, **kwargs)


class Match(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", _("in progress")
        FINISHED = "finished", _("finished")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="matches")
    # Who started it (see Player.owner).
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="matches"
    )
    game = models.CharField(pgettext_lazy("which card game", "game"), max_length=20)
    options = models.JSONField(_("house rules"), default=dict)
    first_dealer = models.PositiveSmallIntegerField(default=0)
    start = models.JSONField(null=True, blank=True)
    # A cache of the replay, rebuilt after every change: the deals are the truth. The result keeps
    # all of a document's ``result`` but its deal by deal list (``deal_count`` instead): see
    # services._refresh; an export replays the deals for the whole of it.
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS)
    result = models.JSONField(default=dict)
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    evening = models.ForeignKey(
        "Evening", on_delete=models.SET_NULL, null=True, blank=True, related_name="matches"
    )
    note = models.TextField(_("note"), max_length=NOTE_MOST, blank=True)

    class Meta:
        verbose_name_plural = "matches"  # as the admin names them, not "matchs"
        ordering = ["-created_at"]
        indexes = [
            # The history page lists one club's matches, in progress first, newest first.
            models.Index(fields=["club", "status", "-created_at"], name="match_history_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.club_id is None and self.owner_id is not None:
            self.club = personal_club(self.owner)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("match_detail", args=[self.pk])


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint("match", "position", name="seat_position_unique"),
            # One person cannot sit twice at the same table.
            models.UniqueConstraint("match", "player", name="seat_player_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in seat {self.position + 1}"


class LiveDeals(models.Manager["Deal"]):
    """The deals in play: a deleted deal is kept (it can be restored) but is not part of the match."""

    def get_queryset(self) -> models.QuerySet[Deal]:
        return super().get_queryset().filter(deleted_at__isnull=True)


class Deal(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField()
    # The deal as the players entered it, in the match document's form (docs/format.md).
    entry = models.JSONField()
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_by_name = models.CharField(max_length=60, blank=True)
    # The one-time token of the form that entered it: a repeated submission finds this deal.
    token = models.UUIDField(null=True, blank=True)
    # Grows at every correction: an edit based on an older version is refused, never merged.
    version = models.PositiveIntegerField(default=1)
    deleted_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = LiveDeals()
    everything = models.Manager()  # noqa: DJ012 (ruff takes LiveDeals() for a field)

    # Never stored: what services.deal_record tells of the deal it returns. Whether it was stored
    # before (its one-time token sent again), and, for a deal just stored, the players it was read
    # with and the match as the deal leaves it.
    repeated: bool
    players: tuple[str, ...]
    standing: Standing

    class Meta:
        ordering = ["number"]
        base_manager_name = "everything"
        constraints = [
            # A deal is never stored twice: one deal in play per number in a match.
            models.UniqueConstraint(
                "match",
                "number",
                condition=models.Q(deleted_at__isnull=True),
                name="deal_number_unique",
            ),
            # A form's one-time token enters one deal of its match, however often it is sent; the same
            # token in another match is another deal (a copied form), never taken for this one.
            models.UniqueConstraint("match", "token", name="deal_token_unique_per_match"),
        ]

    def __str__(self) -> str:
        return f"deal {self.number} of {self.match}"


class Invites(models.QuerySet["Invite"]):
    def working(self) -> Invites:
        """The links that still work: not withdrawn, and not past their end."""
        ends = models.Q(expires_at__isnull=True) | models.Q(expires_at__gt=timezone.now())
        return self.filter(ends, revoked_at__isnull=True)


class Invite(models.Model):
    """A link that lets a phone without an account follow a match, or score it too, until its owner
    withdraws it or its end (``expires_at``, chosen by the owner; none: until withdrawn) comes."""

    class Role(models.TextChoices):
        SCORER = "scorer", _("scorer")
        VIEWER = "viewer", _("viewer")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="invites")
    token = models.CharField(max_length=64, unique=True)
    role = models.CharField(max_length=6, choices=Role.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(_("works until"), null=True, blank=True)

    objects = Invites.as_manager()

    def __str__(self) -> str:
        return f"{self.role} link to {self.match}"

    @property
    def works(self) -> bool:
        return self.revoked_at is None and (self.expires_at is None or self.expires_at > timezone.now())


class Change(models.Model):
    """One change to a match, with who made it and what it was before and after: the base of undo."""

    class Kind(models.TextChoices):
        DEAL_ENTERED = "deal_entered", _("deal entered")
        DEAL_EDITED = "deal_edited", _("deal corrected")
        DEAL_DELETED = "deal_deleted", _("deal deleted")
        DEAL_RESTORED = "deal_restored", _("deal restored")
        OPTIONS_CHANGED = "options_changed", _("house rules changed")
        MATCH_FINISHED = "match_finished", _("match finished")
        MATCH_REOPENED = "match_reopened", _("match reopened")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="changes")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    deal_number = models.PositiveIntegerField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    author_name = models.CharField(max_length=60)
    # Set on an undo: the change it took back. A change is undone when one undo points at it.
    undoes = models.OneToOneField(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="undone_by"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            # The match page lists a match's latest changes first: read in the index's order, ten
            # rows cost the same in a match of 3,000 changes as in one of 30.
            models.Index(fields=["match", "-created_at", "-id"], name="change_log_order_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} in {self.match} by {self.author_name}"


class Evening(models.Model):
    """Players who met one evening and the matches they played: settled together at the end."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="evenings")
    # Who added it (see Player.owner).
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="evenings"
    )
    date = models.DateField(_("date"))
    place = models.CharField(_("place"), max_length=80, blank=True)
    players = models.ManyToManyField(Player, related_name="evenings", verbose_name=_("who came"))
    # Set when the owner shares the evening: a read-only page anyone with the link can open.
    public_token = models.CharField(max_length=64, unique=True, null=True, blank=True)
    note = models.TextField(_("note"), max_length=NOTE_MOST, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-created_at"]

    def __str__(self) -> str:
        return f"{self.date} {self.place}".strip()

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.club_id is None and self.owner_id is not None:
            self.club = personal_club(self.owner)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("evening_detail", args=[self.pk])


class Payment(models.Model):
    """A transfer of the evening's settlement that the players marked as paid."""

    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="payments")
    payer = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    payee = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    amount = models.DecimalField(max_digits=10, decimal_places=2)
    paid_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.payer} paid {self.payee} {self.amount}"
