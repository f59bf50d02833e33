"""People of a club for the tests of its rules, rematches and notes: bob joins alice's club with a role."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from matches.models import Club, Membership
from matches.services.clubs import club_join, membership_change, personal_club


def club_with(organiser: User, bob: User, role: str) -> Club:
    """``organiser``'s personal club (alice's, in the tests), which bob has joined as ``role``."""
    club = personal_club(organiser)
    membership, _ = club_join(club=club, user=bob)
    if role != Membership.Role.MEMBER:
        membership_change(membership=membership, role=role)
    return club


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def looking_at(client: Client, club: Club) -> Client:
    """As after tapping "Show" by ``club`` on the clubs page."""
    response = client.post(reverse("club_choose", args=[club.pk]))
    assert response.status_code == 302
    return client
