"""Invite links: the owner shares a match with the other phones at the table, as scorers or viewers.

A link opens one match only, until the owner withdraws it; a phone that joined needs no account.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable
from typing import Any

import pytest
import segno
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from matches.access import SESSION_KEY, invite_create, invite_revoke
from matches.models import Deal, Invite, Match
from matches.views.matches import OWNER_ONLY_RULES

from .guests import join_url, joined, scorer, viewer
from .pages import Answer, count, text, texts

MakeMatch = Callable[..., Match]


def share_url(match: Match) -> str:
    return reverse("match_share", args=[match.pk])


def sheet_url(match: Match) -> str:
    return reverse("match_detail", args=[match.pk])


def deal_url(match: Match) -> str:
    return reverse("deal_create", args=[match.pk])


def links(page: Any) -> list[str]:
    """The addresses the share page offers to copy, newest first."""
    return re.findall(r'<input id="link-\d+" class="link" type="text" value="([^"]+)"', page.content.decode())


def is_login_redirect(response: Answer) -> bool:
    return response.status_code == 302 and response["Location"].startswith(reverse("login"))


EVEN = {"points_0": "10", "points_1": "10", "points_2": "10", "points_3": "10"}


# -- the share page: only the owner's ------------------------------------------------------------


@pytest.mark.parametrize("role", ["scorer", "viewer"])
def test_the_owner_makes_a_link_and_the_share_page_shows_it_with_its_qr_code(
    role: str, alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()

    response = alice_client.post(share_url(match), {"role": role})

    assert response.status_code == 302
    assert response["Location"] == share_url(match)
    invite = Invite.objects.get(match=match)
    assert invite.role == role
    page = alice_client.get(share_url(match))
    url = f"http://testserver/join/{invite.token}/"
    assert links(page) == [url]
    assert count(page, "section", class_=role) == 1
    # The code is an inline SVG of that very address: what a phone scans is the link shown.
    qr = re.search(r'<div class="qr"[^>]*>(.*?)</div>', page.content.decode(), re.S)
    assert qr is not None
    assert qr.group(1).startswith("<svg")
    expected = segno.make(url, error="m").svg_inline(scale=5, dark="#26231f", light="#ffffff", omitsize=True)
    assert qr.group(1) == expected


def test_an_invite_token_is_unguessable_at_least_128_random_bits_and_url_safe(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()
    for _ in range(3):
        alice_client.post(share_url(match), {"role": "scorer"})

    tokens = list(Invite.objects.values_list("token", flat=True))

    assert len(set(tokens)) == 3
    for token in tokens:
        assert re.fullmatch(r"[A-Za-z0-9_-]+", token)
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        assert len(raw) * 8 >= 128


def test_the_share_page_starts_with_no_links_and_an_unknown_role_makes_none(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()

    alice_client.post(share_url(match), {"role": "owner"})

    assert not Invite.objects.exists()
    assert text(alice_client.get(share_url(match)), "p", class_="empty") == "No links yet."


def test_only_the_owner_sees_the_share_button_on_the_sheet(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()
    share = f'href="{share_url(match)}"'

    assert share in alice_client.get(sheet_url(match)).content.decode()
    assert share not in scorer(match).get(sheet_url(match)).content.decode()
    assert share not in viewer(match).get(sheet_url(match)).content.decode()


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_scorer_or_a_viewer_may_not_open_the_share_page(method: str, make_match: MakeMatch) -> None:
    match = make_match()

    for phone in (scorer(match), viewer(match)):
        response = getattr(phone, method)(share_url(match), {"role": "scorer"})
        assert response.status_code == 403

    assert Invite.objects.count() == 2  # only the two links the phones joined by


# -- the house rules: only the owner's ---------------------------------------------------------------


def rules_url(match: Match) -> str:
    return reverse("match_rules", args=[match.pk])


def test_only_the_owner_sees_the_link_to_change_the_house_rules(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()
    link = f'href="{rules_url(match)}"'

    assert link in alice_client.get(sheet_url(match)).content.decode()
    assert link not in scorer(match).get(sheet_url(match)).content.decode()
    assert link not in viewer(match).get(sheet_url(match)).content.decode()


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_scorer_may_not_change_the_stake_or_any_house_rule_and_is_told_why(
    method: str, make_match: MakeMatch
) -> None:
    match = make_match(stake=1)
    phone = scorer(match)

    response = getattr(phone, method)(rules_url(match), {"stake": "1000", "threshold": "1"})

    assert response.status_code == 403
    assert text(response, "h1") == "This is not yours to change here"
    assert escape(OWNER_ONLY_RULES) in response.content.decode()
    assert Match.objects.get(pk=match.pk).options["stake"] == 1


def test_a_viewer_refused_a_change_reads_why_in_words(make_match: MakeMatch) -> None:
    match = make_match()

    response = viewer(match).post(deal_url(match), EVEN)

    assert response.status_code == 403
    assert text(response, "h1") == "This is not yours to change here"
    assert "whoever made the match can" in response.content.decode()


def test_another_account_finds_no_share_page_and_no_match(bob_client: Client, make_match: MakeMatch) -> None:
    match = make_match()

    assert bob_client.get(share_url(match)).status_code == 404
    assert bob_client.post(share_url(match), {"role": "scorer"}).status_code == 404
    assert bob_client.get(sheet_url(match)).status_code == 404
    assert not Invite.objects.exists()


def test_a_visitor_without_a_link_is_sent_to_log_in(client: Client, make_match: MakeMatch) -> None:
    match = make_match()

    assert is_login_redirect(client.get(sheet_url(match)))
    assert is_login_redirect(client.get(share_url(match)))


# -- joining -------------------------------------------------------------------------------------


def test_joining_by_a_scorer_link_asks_a_name_then_opens_the_match_with_the_entry_form(
    make_match: MakeMatch,
) -> None:
    match = make_match()
    invite = invite_create(match=match, role="scorer")
    phone = Client()

    page = phone.get(join_url(invite))
    assert page.status_code == 200
    assert text(page, "h1") == "Join the match"
    assert "Anna, Bruno, Carla, Dario" in page.content.decode()
    assert "You will be able to enter and correct deals." in texts(page, "p", class_="help")

    response = phone.post(join_url(invite), {"name": "Bruno"})

    assert response.status_code == 302
    assert response["Location"] == sheet_url(match)
    assert phone.session[SESSION_KEY] == {str(match.pk): {"token": invite.token, "name": "Bruno"}}
    sheet = phone.get(sheet_url(match))
    assert sheet.status_code == 200
    assert count(sheet, "form", id="deal-form") == 1


def test_joining_by_a_viewer_link_shows_the_sheet_without_an_entry_form(make_match: MakeMatch) -> None:
    match = make_match(deals=[{"points": [10, 10, 10, 10]}])
    invite = invite_create(match=match, role="viewer")
    phone = Client()
    help_texts = texts(phone.get(join_url(invite)), "p", class_="help")
    assert "You will follow the sheet as the deals are entered." in help_texts
    phone.post(join_url(invite), {"name": "Carla"})

    sheet = phone.get(sheet_url(match))

    assert sheet.status_code == 200
    assert count(sheet, "form", id="deal-form") == 0
    assert text(sheet, "p", class_="notice") == (
        "You are following this match: the players with a scorer's link enter the deals."
    )
    # The log is there to read, without undo buttons.
    assert texts(sheet, "b").count("Deal 1 entered") == 1
    assert "Undo" not in sheet.content.decode()


def test_joining_without_a_name_is_refused_and_opens_nothing(make_match: MakeMatch) -> None:
    match = make_match()
    invite = invite_create(match=match, role="scorer")
    phone = Client()

    page = phone.post(join_url(invite), {"name": "   "})

    assert page.status_code == 200
    assert "A player&#x27;s name cannot be empty" in page.content.decode()
    assert SESSION_KEY not in phone.session
    assert is_login_redirect(phone.get(sheet_url(match)))


def test_a_deal_entered_by_a_joined_scorer_carries_the_name_given(make_match: MakeMatch) -> None:
    match = make_match()
    phone = scorer(match, "Bruno")

    response = phone.post(deal_url(match), EVEN)

    assert response.status_code == 302
    deal = Deal.objects.get(match=match)
    assert (deal.number, deal.entered_by_id, deal.entered_by_name) == (1, None, "Bruno")


def test_another_account_may_join_by_a_link_and_scores_under_the_name_it_gives(
    bob: User, bob_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()
    invite = invite_create(match=match, role="scorer")
    bob_client.post(join_url(invite), {"name": "Bruno"})

    bob_client.post(deal_url(match), EVEN)

    deal = Deal.objects.get(match=match)
    assert (deal.entered_by_id, deal.entered_by_name) == (bob.pk, "Bruno")
    # Still not the owner: no share page.
    assert bob_client.get(share_url(match)).status_code == 403


def test_the_owner_opening_her_own_link_goes_straight_to_the_sheet(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()
    invite = invite_create(match=match, role="viewer")

    response = alice_client.get(join_url(invite))

    assert response.status_code == 302
    assert response["Location"] == sheet_url(match)


def test_a_viewer_may_not_enter_a_deal(make_match: MakeMatch) -> None:
    match = make_match()

    response = viewer(match).post(deal_url(match), EVEN)

    assert response.status_code == 403
    assert not Deal.everything.filter(match=match).exists()


def test_an_unknown_token_opens_nothing(client: Client, db: Any) -> None:
    page = client.get(reverse("join", args=["not-a-token"]))

    assert page.status_code == 404
    assert text(page, "h1") == "This link no longer works"


# -- revoking --------------------------------------------------------------------------------------


def test_a_revoked_link_stops_working_for_new_phones_and_for_those_that_joined(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()
    invite = invite_create(match=match, role="scorer")
    phone = joined(invite, "Bruno")
    assert phone.get(sheet_url(match)).status_code == 200

    response = alice_client.post(share_url(match), {"revoke": invite.pk}, follow=True)

    assert texts(response, "li", class_="success") == ["The link no longer works."]
    invite.refresh_from_db()
    assert invite.revoked_at is not None
    assert links(alice_client.get(share_url(match))) == []
    # A new phone is told so; the phone that joined can neither see nor score the match any more.
    gone = Client().get(join_url(invite))
    assert gone.status_code == 404
    assert text(gone, "h1") == "This link no longer works"
    assert Client().post(join_url(invite), {"name": "Dario"}).status_code == 404
    for response in (phone.get(sheet_url(match)), phone.post(deal_url(match), EVEN)):
        assert is_withdrawn_page(response)
    assert not Deal.everything.filter(match=match).exists()


def is_withdrawn_page(response: Answer) -> bool:
    """The page that tells a phone that joined by a link that the owner withdrew it (not a login form)."""
    return (
        response.status_code == 404
        and text(response, "h1") == "This link no longer works"
        and "The owner of the match withdrew this link" in response.content.decode()
        and count(response, "input", name="password") == 0
    )


def test_a_phone_whose_link_was_withdrawn_is_told_so_in_words_each_time_it_opens_the_match(
    make_match: MakeMatch,
) -> None:
    match = make_match()
    invite = invite_create(match=match, role="scorer")
    phone = joined(invite, "Bruno")
    invite_revoke(invite=invite)

    assert is_withdrawn_page(phone.get(sheet_url(match)))
    assert is_withdrawn_page(phone.get(sheet_url(match)))  # again, after the session has let it go
    assert is_withdrawn_page(phone.get(reverse("match_export_csv", args=[match.pk])))
    assert is_withdrawn_page(phone.get(join_url(invite)))
    # A phone that never joined it is still sent to log in.
    assert is_login_redirect(Client().get(sheet_url(match)))


def test_the_live_check_of_a_phone_whose_link_was_withdrawn_sends_it_to_the_page_that_says_so(
    make_match: MakeMatch,
) -> None:
    match = make_match()
    invite = invite_create(match=match, role="viewer")
    phone = joined(invite, "Carla")
    invite_revoke(invite=invite)

    for _ in range(2):
        response = phone.get(reverse("match_live", args=[match.pk]), {"v": 0}, headers={"HX-Request": "true"})
        assert response["HX-Redirect"] == sheet_url(match)  # htmx goes there: the withdrawn page
    # Sent a deal by htmx, it is sent there as well; offline.js reads whose the page is from its body.
    response = phone.post(deal_url(match), EVEN, headers={"HX-Request": "true"})
    assert response["HX-Redirect"] == sheet_url(match)
    assert is_withdrawn_page(response)


def test_a_phone_that_joins_again_by_a_new_link_follows_the_match_again(make_match: MakeMatch) -> None:
    match = make_match()
    invite = invite_create(match=match, role="viewer")
    phone = joined(invite, "Carla")
    invite_revoke(invite=invite)
    assert is_withdrawn_page(phone.get(sheet_url(match)))

    phone.post(join_url(invite_create(match=match, role="viewer")), {"name": "Carla"})

    assert phone.get(sheet_url(match)).status_code == 200


def test_revoking_one_link_leaves_the_others_working(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match()
    first, second = (invite_create(match=match, role="scorer") for _ in range(2))
    bruno, dario = joined(first, "Bruno"), joined(second, "Dario")

    alice_client.post(share_url(match), {"revoke": first.pk})

    assert is_withdrawn_page(bruno.get(sheet_url(match)))
    assert dario.get(sheet_url(match)).status_code == 200


def test_a_link_of_another_match_cannot_be_revoked_from_this_one(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match, other = make_match(), make_match()
    invite = invite_create(match=other, role="scorer")

    response = alice_client.post(share_url(match), {"revoke": invite.pk}, follow=True)

    assert texts(response, "li", class_="error") == ["That link does not exist or no longer works."]
    invite.refresh_from_db()
    assert invite.revoked_at is None


# -- one link, one match ---------------------------------------------------------------------------


def test_a_link_of_one_match_opens_no_other(make_match: MakeMatch) -> None:
    match, other = make_match(), make_match()
    phone = scorer(match)

    assert phone.get(sheet_url(match)).status_code == 200
    assert is_login_redirect(phone.get(sheet_url(other)))
    assert is_login_redirect(phone.get(reverse("match_live", args=[other.pk])))
    assert is_login_redirect(phone.get(reverse("match_export_json", args=[other.pk])))
    assert is_login_redirect(phone.post(deal_url(other), EVEN))
    assert not Deal.everything.filter(match=other).exists()


def test_a_session_that_claims_another_match_with_this_match_token_gets_nothing(
    make_match: MakeMatch,
) -> None:
    match, other = make_match(), make_match()
    invite = invite_create(match=match, role="scorer")
    phone = joined(invite)
    # Tamper with the session (as a forged cookie would): the token must belong to the match asked for.
    session = phone.session
    session[SESSION_KEY] = {str(other.pk): {"token": invite.token, "name": "Bruno"}}
    session.save()

    assert is_login_redirect(phone.get(sheet_url(other)))
    assert is_login_redirect(phone.post(deal_url(other), EVEN))
    assert not Deal.everything.filter(match=other).exists()


# -- the matches a phone joined ------------------------------------------------------------------


def joined_titles(response: Any) -> list[str]:
    page = response.content.decode()
    if '<section class="joined">' not in page:
        return []
    section = page.split('<section class="joined">', 1)[1].split("</section>", 1)[0]
    return re.findall(r'<a href="(/matches/\d+/)">', section)


def test_a_phone_without_an_account_finds_the_matches_it_joined_on_the_matches_page(
    make_match: MakeMatch,
) -> None:
    first, second = make_match(), make_match()
    phone = scorer(first, "Bruno")
    phone.post(join_url(invite_create(match=second, role="viewer")), {"name": "Bruno"})

    response = phone.get(reverse("match_list"))

    assert response.status_code == 200
    assert joined_titles(response) == [sheet_url(second), sheet_url(first)]  # newest first
    # A guest starts no match and imports nothing.
    assert reverse("match_new") not in response.content.decode()
    assert count(response, "form", class_="card import") == 0


def test_a_withdrawn_link_drops_its_match_from_the_list_and_an_empty_list_asks_to_log_in(
    make_match: MakeMatch,
) -> None:
    match = make_match()
    invite = invite_create(match=match, role="scorer")
    phone = joined(invite, "Bruno")
    assert joined_titles(phone.get(reverse("match_list"))) == [sheet_url(match)]

    invite.revoked_at = invite.created_at
    invite.save()

    assert is_login_redirect(phone.get(reverse("match_list")))


def test_an_account_sees_the_matches_it_joined_apart_from_its_own(
    bob_client: Client, make_match: MakeMatch
) -> None:
    alices = make_match()
    bob_client.post(join_url(invite_create(match=alices, role="viewer")), {"name": "Bruno"})

    response = bob_client.get(reverse("match_list"))

    assert joined_titles(response) == [sheet_url(alices)]
    assert texts(response, "h2") == ["Joined on this phone", "Your matches"]


def test_the_home_page_of_a_phone_that_joined_a_match_opens_its_matches(make_match: MakeMatch) -> None:
    phone = viewer(make_match(), "Bruno")

    response = phone.get(reverse("home"))

    assert response.status_code == 302
    assert response["Location"] == reverse("match_list")
