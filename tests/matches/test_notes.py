"""Notes on a match and on an evening: written by the club's organisers and scorers, read by everyone
who sees the page (a phone that joined by a link, the evening's public page). A note too long is
refused with what was typed kept; it is no part of the match: no version, no change, no document."""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from matches import services
from matches.models import NOTE_MOST, Evening, Match, Membership, Player
from matches.services.notes import match_note

from .club_people import club_with, logged_in
from .guests import scorer, viewer
from .pages import count, text, texts

MakeMatch = Callable[..., Match]
HTMX = {"HX-Request": "true"}
NOTE = "Dario left at eleven;\nnext time at Carla's."


def note_url(match: Match) -> str:
    return reverse("match_note", args=[match.pk])


@pytest.fixture
def evening(alice: User, players: list[Player]) -> Evening:
    return services.evening_create(
        owner=alice, date=datetime.date(2026, 12, 4), place="Da Carla", players=players
    )


# -- A match's note ---------------------------------------------------------------------------------


def test_a_scorer_writes_a_note_that_everyone_reads(alice: User, bob: User, make_match: MakeMatch) -> None:
    club_with(alice, bob, Membership.Role.SCORER)
    match = make_match()
    follower = viewer(match)

    response = logged_in(bob).post(note_url(match), {"note": NOTE.replace("\n", "\r\n")})

    assert response["Location"] == match.get_absolute_url()
    match.refresh_from_db()
    assert match.note == NOTE  # a line end is one character
    for phone in (logged_in(alice), follower):
        page = phone.get(match.get_absolute_url())
        assert text(page, "p", class_="note-text") == "Dario left at eleven; next time at Carla's."
        assert "<br>" in page.content.decode()
    assert count(follower.get(match.get_absolute_url()), "form", action=note_url(match)) == 0


def test_with_htmx_the_note_section_comes_back_saved(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match()

    response = alice_client.post(note_url(match), {"note": "  Stake agreed: 50 cents.  "}, headers=HTMX)

    assert response.status_code == 200
    assert text(response, "p", class_="note-text") == "Stake agreed: 50 cents."
    assert "Note saved." in texts(response, "p", role="status")
    assert Match.objects.get(pk=match.pk).note == "Stake agreed: 50 cents."


def test_a_note_sent_empty_clears_it(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match()
    match_note(match=match, note="Old")

    alice_client.post(note_url(match), {"note": "   "})

    assert Match.objects.get(pk=match.pk).note == ""
    page = alice_client.get(match.get_absolute_url())
    assert count(page, "p", class_="note-text") == 0
    assert "Write a note" in texts(page, "summary")


def test_a_note_too_long_is_refused_and_what_was_typed_is_kept(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()
    typed = "x" * (NOTE_MOST + 1)

    response = alice_client.post(note_url(match), {"note": typed})

    assert response.status_code == 422
    said = text(response, "p", class_="error")
    assert said == "A note has at most 2000 characters; this one has 2001. Shorten it and save it again."
    assert text(response, "textarea") == typed
    assert Match.objects.get(pk=match.pk).note == ""

    swapped = alice_client.post(note_url(match), {"note": typed}, headers=HTMX)
    assert swapped.status_code == 200  # htmx swaps it in: the refusal beside what was typed
    assert text(swapped, "textarea") == typed
    assert "at most 2000 characters" in text(swapped, "p", class_="error")


def test_a_note_with_a_nul_is_refused(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match()

    response = alice_client.post(note_url(match), {"note": "a\x00b"})

    assert response.status_code == 422
    assert Match.objects.get(pk=match.pk).note == ""


def test_a_note_is_no_part_of_the_match(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match(deals=[{"points": [10, 10, 10, 10]}])
    version = match.version

    alice_client.post(note_url(match), {"note": "Secret handshake"})

    match.refresh_from_db()
    assert match.version == version
    assert not match.changes.exclude(kind="deal_entered").exists()
    document = alice_client.get(reverse("match_export_json", args=[match.pk]))
    assert "Secret handshake" not in document.content.decode()
    assert "note" not in json.loads(document.content)


def test_a_member_who_follows_writes_no_note(alice: User, bob: User, make_match: MakeMatch) -> None:
    club_with(alice, bob, Membership.Role.MEMBER)
    match = make_match()
    bob_phone = logged_in(bob)

    assert count(bob_phone.get(match.get_absolute_url()), "form", action=note_url(match)) == 0
    assert bob_phone.post(note_url(match), {"note": "Hi"}).status_code == 403
    assert Match.objects.get(pk=match.pk).note == ""


def test_a_phone_with_a_link_writes_no_note(make_match: MakeMatch) -> None:
    match = make_match()

    assert scorer(match).post(note_url(match), {"note": "Hi"}).status_code == 403
    assert viewer(match).post(note_url(match), {"note": "Hi"}).status_code == 403
    assert Match.objects.get(pk=match.pk).note == ""


def test_another_club_and_a_visitor_write_none(
    bob_client: Client, client: Client, make_match: MakeMatch
) -> None:
    match = make_match()

    assert bob_client.post(note_url(match), {"note": "Hi"}).status_code == 404
    assert client.post(note_url(match), {"note": "Hi"}).status_code == 302  # to log in
    assert bob_client.get(note_url(match)).status_code == 405
    assert Match.objects.get(pk=match.pk).note == ""


# -- An evening's note ------------------------------------------------------------------------------


def test_a_scorer_writes_the_evenings_note_and_its_public_page_shows_it(
    alice: User, bob: User, evening: Evening
) -> None:
    club_with(alice, bob, Membership.Role.SCORER)
    url = reverse("evening_note", args=[evening.pk])

    response = logged_in(bob).post(url, {"note": "Pizza after."})

    assert response["Location"] == evening.get_absolute_url()
    assert Evening.objects.get(pk=evening.pk).note == "Pizza after."
    page = logged_in(alice).get(evening.get_absolute_url())
    assert text(page, "p", class_="note-text") == "Pizza after."
    assert count(page, "form", action=url) == 1
    token = services.evening_publish(evening=evening)
    public = Client().get(reverse("evening_public", args=[token]))
    assert text(public, "p", class_="note-text") == "Pizza after."
    assert count(public, "form", action=url) == 0


def test_the_evenings_note_with_htmx_and_too_long(alice_client: Client, evening: Evening) -> None:
    url = reverse("evening_note", args=[evening.pk])

    saved = alice_client.post(url, {"note": "Pizza after."}, headers=HTMX)
    refused = alice_client.post(url, {"note": "y" * (NOTE_MOST + 5)})

    assert text(saved, "p", class_="note-text") == "Pizza after."
    assert refused.status_code == 422
    assert text(refused, "textarea") == "y" * (NOTE_MOST + 5)
    assert Evening.objects.get(pk=evening.pk).note == "Pizza after."


def test_a_member_who_follows_or_another_club_writes_no_evening_note(
    alice: User, bob: User, evening: Evening
) -> None:
    url = reverse("evening_note", args=[evening.pk])
    carla = User.objects.create_user("carla")

    assert logged_in(carla).post(url, {"note": "Hi"}).status_code == 404
    club_with(alice, bob, Membership.Role.MEMBER)
    bob_phone = logged_in(bob)
    assert count(bob_phone.get(evening.get_absolute_url()), "form", action=url) == 0
    assert bob_phone.post(url, {"note": "Hi"}).status_code == 403
    assert Client().post(url, {"note": "Hi"}).status_code == 302  # to log in
    assert Evening.objects.get(pk=evening.pk).note == ""
