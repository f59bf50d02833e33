"""Accounts: signing up, what the site holds about a person (their own data, to download), and
deleting an account."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib.auth import SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.db import transaction
from django.db.models.functions import Lower
from django.utils import timezone

from ..models import Change, Club, Deal, Evening, Match, Membership, Player

DATA_FORMAT = "scorekeeper-personal-data/1"
LOGINS_MOST = 1000  # of the log of logins (and of failed ones), the newest: the rest go within 30 days


def account_create(*, username: str, email: str, password: str) -> User:
    """A new account (the signup form checked the name is free and the password good enough)."""
    return User.objects.create_user(username=username, email=email, password=password)


# -- One's own data -------------------------------------------------------------------------------


def _when(moment: datetime.datetime | datetime.date | None) -> str | None:
    return None if moment is None else moment.isoformat()


def account_data(user: User) -> dict[str, Any]:
    """Everything the site keeps that is about ``user``: the account, its clubs and roles, the
    players linked to it ("this is me"), what it added, the deals it entered and the changes it
    made, and its logins. Nothing of another account but the names of the clubs and matches."""
    clubs = Membership.objects.filter(user=user).select_related("club").order_by("joined_at", "pk")
    linked = Player.objects.filter(account=user).select_related("club").order_by("club__name", "pk")
    players = Player.objects.filter(owner=user).select_related("club").order_by(Lower("name"), "pk")
    matches = Match.objects.filter(owner=user).select_related("club").order_by("created_at", "pk")
    evenings = Evening.objects.filter(owner=user).select_related("club").order_by("date", "pk")
    deals = Deal.everything.filter(entered_by=user).order_by("created_at", "pk")
    changes = Change.objects.filter(author=user).order_by("created_at", "pk")
    logins = AccessLog.objects.filter(username=user.get_username()).order_by("-attempt_time")
    failed = AccessFailureLog.objects.filter(username=user.get_username()).order_by("-attempt_time")
    return {
        "format": DATA_FORMAT,
        "made_at": _when(timezone.now()),
        "account": {
            "username": user.get_username(),
            "email": user.email,
            "first_name": user.first_name,
            "last_name": user.last_name,
            "date_joined": _when(user.date_joined),
            "last_login": _when(user.last_login),
        },
        "clubs": [
            {
                "id": m.club_id,
                "name": m.club.name,
                "role": m.role,
                "joined_at": _when(m.joined_at),
                "own": m.club.personal_of_id == user.pk,
            }
            for m in clubs
        ],
        "players_linked_to_me": [
            {"id": p.pk, "name": p.name, "club": p.club_id, "club_name": p.club.name} for p in linked
        ],
        "players_added": [
            {"id": p.pk, "name": p.name, "club": p.club_id, "created_at": _when(p.created_at)}
            for p in players
        ],
        "matches_started": [
            {"id": m.pk, "game": m.game, "club": m.club_id, "created_at": _when(m.created_at)}
            for m in matches
        ],
        "evenings_added": [
            {
                "id": e.pk,
                "date": _when(e.date),
                "place": e.place,
                "club": e.club_id,
                "created_at": _when(e.created_at),
            }
            for e in evenings
        ],
        "deals_entered": [
            {"match": match, "number": number, "as": name, "at": _when(at), "deleted": deleted is not None}
            for match, number, name, at, deleted in deals.values_list(
                "match_id", "number", "entered_by_name", "created_at", "deleted_at"
            )
        ],
        "changes_made": [
            {"match": match, "kind": kind, "deal": number, "as": name, "at": _when(at)}
            for match, kind, number, name, at in changes.values_list(
                "match_id", "kind", "deal_number", "author_name", "created_at"
            )
        ],
        "logins": [
            {
                "at": _when(log.attempt_time),
                "logged_out_at": _when(log.logout_time),
                "ip_address": log.ip_address,
                "browser": log.user_agent,
            }
            for log in logins[:LOGINS_MOST]
        ],
        "failed_logins": [
            {"at": _when(log.attempt_time), "ip_address": log.ip_address, "browser": log.user_agent}
            for log in failed[:LOGINS_MOST]
        ],
    }


# -- Deleting an account --------------------------------------------------------------------------


@dataclass
class Deleted:
    """What deleting an account did to its clubs (by name)."""

    clubs_deleted: list[str] = field(default_factory=list)
    clubs_kept: list[str] = field(default_factory=list)
    new_organisers: dict[str, str] = field(default_factory=dict)  # club: the member now organiser


def club_delete(club: Club) -> None:
    """A club and everything of it: its matches first (their seats hold its players)."""
    Match.objects.filter(club=club).delete()
    club.delete()


@transaction.atomic
def account_delete(user: User) -> Deleted:
    """Delete ``user``: in each of its clubs, a club of which it is the only member goes with all
    its data; any other club stays, and if it was its last organiser, the member who joined
    earliest becomes organiser. Its players stay on the sheets, linked to no one; what it added
    and entered stays, under the name it was entered by. Its sessions end (every phone it is
    logged in on), and its record of logins goes."""
    done = Deleted()
    mine = Membership.objects.select_for_update().filter(user=user).select_related("club").order_by("pk")
    for membership in list(mine):
        club = membership.club
        others = list(
            Membership.objects.select_for_update()
            .filter(club=club)
            .exclude(user=user)
            .select_related("user")
            .order_by("joined_at", "pk")
        )
        if not others:
            done.clubs_deleted.append(club.name)
            club_delete(club)
            continue
        done.clubs_kept.append(club.name)
        if membership.is_organiser and not any(other.is_organiser for other in others):
            heir = others[0]
            heir.role = Membership.Role.ORGANISER
            heir.save(update_fields=["role"])
            done.new_organisers[club.name] = heir.user.get_username()
    # Player.account, the owners and the authors are SET_NULL: the names on the sheets stay.
    Player.objects.filter(account=user).update(account=None)
    _end_sessions(user)
    username = user.get_username()
    AccessLog.objects.filter(username=username).delete()
    AccessFailureLog.objects.filter(username=username).delete()
    AccessAttempt.objects.filter(username=username).delete()
    user.delete()
    return done


def _end_sessions(user: User) -> None:
    """Every session logged in to ``user`` (Django's session table: the user is in each one's
    data, which the database cannot search, so each live one is read)."""
    pk = str(user.pk)
    live = Session.objects.filter(expire_date__gt=timezone.now())
    keys = [s.session_key for s in live.iterator() if str(s.get_decoded().get(SESSION_KEY)) == pk]
    Session.objects.filter(session_key__in=keys).delete()
