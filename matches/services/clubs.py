"""Writing clubs: a personal one for every account, a new one, joining by a link or a code, roles,
removing a member, a player of the roster linked to a member's account ("this is me")."""

from __future__ import annotations

import secrets
from typing import Any

from django.db import IntegrityError, transaction

from ..models import CLUB_NAME_MOST, Club, Membership, Player

# A code to type at the table: 6 characters with no 0/O, 1/I/L to misread.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
CLUBS_MOST = 50  # clubs one account may belong to
MEMBERS_MOST = 200  # members of one club


class ClubFull(ValueError):
    """The club has as many members as a club may have."""


class TooManyClubs(ValueError):
    """The account belongs to as many clubs as an account may."""


class LastOrganiser(ValueError):
    """A club keeps at least one organiser: the last one cannot leave or become something else."""


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def _keys() -> dict[str, str]:
    return {"join_token": secrets.token_urlsafe(32), "code": _new_code()}


def _create(name: str, **fields: Any) -> Club:
    """A club with a fresh link and code (a code already taken, 1 in 900 million, is drawn again)."""
    for _ in range(5):
        try:
            with transaction.atomic():
                return Club.objects.create(name=name[:CLUB_NAME_MOST], **fields, **_keys())
        except IntegrityError:
            if Club.objects.filter(**{k: v for k, v in fields.items() if k == "personal_of"}).exists():
                raise
    raise IntegrityError("no free club code")


def personal_club(user: Any) -> Club:
    """``user``'s personal club, made with them as its organiser the first time it is asked for."""
    club = Club.objects.filter(personal_of=user).first()
    if club is not None:
        return club
    with transaction.atomic():
        try:
            with transaction.atomic():
                club = _create(user.get_username(), personal_of=user)
        except IntegrityError:  # made meanwhile by another request of the same account
            return Club.objects.get(personal_of=user)
        Membership.objects.create(club=club, user=user, role=Membership.Role.ORGANISER)
    return club


@transaction.atomic
def club_create(*, user: Any, name: str) -> Club:
    """A new club, with ``user`` its organiser."""
    if Membership.objects.filter(user=user).count() >= CLUBS_MOST:
        raise TooManyClubs
    club = _create(name)
    Membership.objects.create(club=club, user=user, role=Membership.Role.ORGANISER)
    return club


@transaction.atomic
def club_join(*, club: Club, user: Any) -> tuple[Membership, bool]:
    """``user`` joins ``club`` as a member; True when they joined now (a member already keeps their role)."""
    Club.objects.select_for_update().filter(pk=club.pk).first()  # one join at a time counts the members
    membership = Membership.objects.filter(club=club, user=user).first()
    if membership is not None:
        return membership, False
    if Membership.objects.filter(user=user).count() >= CLUBS_MOST:
        raise TooManyClubs
    if club.memberships.count() >= MEMBERS_MOST:
        raise ClubFull
    return Membership.objects.create(club=club, user=user, role=Membership.Role.MEMBER), True


def club_new_keys(*, club: Club) -> None:
    """A new link and a new code: the old ones let nobody in any more."""
    for _ in range(5):
        try:
            with transaction.atomic():
                Club.objects.filter(pk=club.pk).update(**_keys())
                break
        except IntegrityError:
            continue
    club.refresh_from_db(fields=["join_token", "code"])


@transaction.atomic
def membership_change(*, membership: Membership, role: str) -> None:
    """Give a member another role; the last organiser stays one."""
    _keep_an_organiser(membership)
    membership.role = role
    membership.save(update_fields=["role"])


@transaction.atomic
def membership_end(*, membership: Membership) -> None:
    """A member leaves the club, or is removed: their player stays on the roster and the sheets,
    no longer linked to them."""
    _keep_an_organiser(membership)
    Player.objects.filter(club=membership.club_id, account=membership.user_id).update(account=None)
    membership.delete()


def _keep_an_organiser(membership: Membership) -> None:
    if not membership.is_organiser:
        return
    organisers = Membership.objects.select_for_update().filter(
        club=membership.club_id, role=Membership.Role.ORGANISER
    )
    if len(organisers) <= 1:
        raise LastOrganiser


@transaction.atomic
def player_claim(*, player: Player, user: Any) -> None:
    """``user`` says "this is me" of ``player``: the one player linked to them in the club."""
    Player.objects.filter(club=player.club_id, account=user).exclude(pk=player.pk).update(account=None)
    player.account = user
    player.save(update_fields=["account"])


def player_unclaim(*, player: Player) -> None:
    player.account = None
    player.save(update_fields=["account"])
