"""Invite links that end: the owner chooses, as they make a link, whether it works until the end of
the evening, for a week, or until withdrawn. Past its end a link works no more, for new phones and
for those that joined by it, on every path (the page, the quick live check, the stream), and the
daily housekeeping removes it a month later.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from matches import live
from matches.access import invite_create
from matches.models import Deal, Invite, Match
from matches.services.sharing import link_ends

from .guests import join_url, joined
from .pages import text, texts

MakeMatch = Callable[..., Match]
ROME = ZoneInfo("Europe/Rome")
EVEN = {"points_0": "10", "points_1": "10", "points_2": "10", "points_3": "10"}


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 12, day, hour, minute, tzinfo=ROME)


@pytest.mark.parametrize(
    ("made", "ends"),
    [
        (at(4, 21), at(5, 6)),  # an evening's link: until six the next morning
        (at(4, 23, 59), at(5, 6)),
        (at(5, 1, 30), at(5, 6)),  # made after midnight, the same night's six
        (at(5, 4, 30), at(6, 6)),  # made after four in the morning: the next day's (a new evening)
        (at(5, 14), at(6, 6)),
    ],
)
def test_an_evenings_link_ends_at_six_the_next_morning(made: datetime, ends: datetime) -> None:
    assert link_ends("evening", made) == ends


def test_a_weeks_link_ends_seven_days_after_it_was_made_and_the_others_never() -> None:
    assert link_ends("week", at(4, 21)) == at(11, 21)
    assert link_ends("never", at(4, 21)) is None


@pytest.mark.parametrize(("lasts", "days"), [("evening", (0, 1)), ("week", (7, 7)), ("never", None)])
def test_the_owner_chooses_how_long_a_new_link_works_and_the_share_page_says_it(
    lasts: str, days: tuple[int, int] | None, alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()
    share = reverse("match_share", args=[match.pk])
    assert alice_client.get(share).status_code == 200

    page = alice_client.post(share, {"role": "scorer", "lasts": lasts}, follow=True)

    invite = Invite.objects.get(match=match)
    said = texts(page, "p", class_="help")
    if days is None:
        assert invite.expires_at is None
        assert "Works until you withdraw it." in said
    else:
        assert invite.expires_at is not None
        left = invite.expires_at - timezone.now()
        assert timedelta(days=days[0], minutes=-1) < left <= timedelta(days=days[1], hours=1)
        ends = timezone.localtime(invite.expires_at)
        assert f"Ends: {ends.day} {ends:%b}, {ends:%H:%M}." in said


def test_a_link_made_without_a_choice_lasts_the_evening(alice_client: Client, make_match: MakeMatch) -> None:
    """A form sent from a page of before the choice, or tampered with: the shortest, not for ever."""
    match = make_match()
    for lasts in (None, "forever"):
        sent = {"role": "viewer"} if lasts is None else {"role": "viewer", "lasts": lasts}
        alice_client.post(reverse("match_share", args=[match.pk]), sent)
    ends = [invite.expires_at for invite in Invite.objects.filter(match=match)]
    assert ends == [link_ends("evening")] * 2


def test_the_share_page_offers_the_three_choices_in_italian(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()
    page = alice_client.get(reverse("match_share", args=[match.pk]), headers={"accept-language": "it"})
    offered = texts(page, "label", class_="chip")
    ends = timezone.localtime(link_ends("evening"))
    assert offered == [f"fino a fine serata ({ends:%H:%M})", "per una settimana", "finché non lo disattivo"]


def past_its_end(invite: Invite) -> None:
    Invite.objects.filter(pk=invite.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    invite.refresh_from_db()


def test_past_its_end_a_link_works_no_more_for_new_phones_nor_for_those_that_joined(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()
    invite = invite_create(match=match, role="scorer", lasts="evening")
    phone = joined(invite, "Bruno")
    sheet = reverse("match_detail", args=[match.pk])
    assert phone.get(sheet).status_code == 200

    past_its_end(invite)

    for response in (phone.get(sheet), phone.post(reverse("deal_create", args=[match.pk]), EVEN)):
        assert response.status_code == 404
        assert text(response, "h1") == "This link no longer works"
        assert "or its time is up" in response.content.decode()
    assert not Deal.everything.filter(match=match).exists()
    newcomer = Client().get(join_url(invite))
    assert newcomer.status_code == 404
    assert "its time is up" in newcomer.content.decode()
    # The owner's share page no longer offers it.
    assert (
        "Withdraw this link" not in alice_client.get(reverse("match_share", args=[match.pk])).content.decode()
    )


def test_a_phone_that_asked_lately_is_not_told_that_nothing_changed_once_its_link_ended(
    make_match: MakeMatch,
) -> None:
    """The quick live check (matches/live.py) and the stream's check see the end too."""
    match = make_match()
    invite = invite_create(match=match, role="viewer", lasts="week")
    phone = joined(invite, "Carla")
    poll = f"{reverse('match_live', args=[match.pk])}?v={match.version}&s={match.status}"
    assert phone.get(poll, headers={"HX-Request": "true"}).status_code == 204
    session = phone.cookies["sessionid"].value
    assert live.version_followed(match.pk, session, invite.token) == match.version

    past_its_end(invite)

    answer = phone.get(poll, headers={"HX-Request": "true"})
    assert answer.status_code == 404
    assert answer["HX-Redirect"] == reverse("match_detail", args=[match.pk])
    assert live.version_followed(match.pk, session, invite.token) is None


def test_housekeeping_removes_links_a_month_after_they_ended_and_keeps_the_rest(
    make_match: MakeMatch,
) -> None:
    match = make_match()
    working = [
        invite_create(match=match, role="viewer", lasts=lasts) for lasts in ("evening", "week", "never")
    ]
    ended_lately = invite_create(match=match, role="viewer", lasts="week")
    ended_long_ago = invite_create(match=match, role="viewer", lasts="week")
    withdrawn_long_ago = invite_create(match=match, role="viewer")
    Invite.objects.filter(pk=ended_lately.pk).update(expires_at=timezone.now() - timedelta(days=2))
    Invite.objects.filter(pk=ended_long_ago.pk).update(expires_at=timezone.now() - timedelta(days=31))
    Invite.objects.filter(pk=withdrawn_long_ago.pk).update(revoked_at=timezone.now() - timedelta(days=31))

    said = io.StringIO()
    call_command("housekeeping", stdout=said)

    assert "2 links that ended more than 30 days ago: removed" in said.getvalue()
    kept = set(Invite.objects.values_list("pk", flat=True))
    assert kept == {invite.pk for invite in [*working, ended_lately]}
