"""Phones at the table without an account: they join a match by an invite link and give a name."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from matches.access import invite_create
from matches.models import Invite, Match


def join_url(invite: Invite) -> str:
    return reverse("join", args=[invite.token])


def joined(invite: Invite, name: str = "Bruno") -> Client:
    """A fresh phone that opened ``invite`` and gave ``name``: its session remembers the match."""
    phone = Client()
    response = phone.post(join_url(invite), {"name": name})
    assert response.status_code == 302, response.content.decode()
    return phone


def scorer(match: Match, name: str = "Bruno") -> Client:
    """A phone that joined ``match`` by a new scorer link: it may enter and correct deals."""
    return joined(invite_create(match=match, role=Invite.Role.SCORER), name)


def viewer(match: Match, name: str = "Carla") -> Client:
    """A phone that joined ``match`` by a new viewer link: it only follows the sheet."""
    return joined(invite_create(match=match, role=Invite.Role.VIEWER), name)
