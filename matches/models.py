"""Players, matches, seats and deals. Deals are the truth; a match's standings are their replay."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Player(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=40)
    archived = models.BooleanField(_("archived"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = [Lower("name")]
        constraints = [
            # "Anna" and "anna" at one table would be the same person on the sheet.
            models.UniqueConstraint("owner", Lower("name"), name="player_name_unique_per_owner"),
        ]

    def __str__(self) -> str:
        return self.name


class Match(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", _("in progress")
        FINISHED = "finished", _("finished")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="matches")
    game = models.CharField(_("game"), max_length=20)
    options = models.JSONField(_("house rules"), default=dict)
    first_dealer = models.PositiveSmallIntegerField(default=0)
    start = models.JSONField(null=True, blank=True)
    # A cache of the replay, rebuilt after every change: the deals are the truth.
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS)
    result = models.JSONField(default=dict)
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            # The history page lists one owner's matches, in progress first, newest first.
            models.Index(fields=["owner", "status", "-created_at"], name="match_history_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"

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


class Deal(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField()
    # The deal as the players entered it, in the match document's form (INTERCHANGE.md).
    entry = models.JSONField()
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            # A deal is never stored twice: one row per number in a match.
            models.UniqueConstraint("match", "number", name="deal_number_unique"),
        ]

    def __str__(self) -> str:
        return f"deal {self.number} of {self.match}"
