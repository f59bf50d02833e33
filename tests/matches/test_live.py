"""Following the sheet live: every phone asks every 2 s whether the match changed.

An idle phone's question is cheap: 204, nothing rendered, no replay. When something changed the
answer is the parts of the page that changed, swapped out of band, never the entry form a phone
is typing in (unless the match ended or reopened); an untouched form left behind moves on.
"""

from __future__ import annotations

from collections.abc import Callable
from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from matches import services
from matches.models import Match

from .guests import scorer, viewer
from .pages import count, texts

MakeMatch = Callable[..., Match]
HTMX = {"HX-Request": "true"}
EVEN = {"points": [10, 10, 10, 10]}
ANNA_34 = {"points": [34, 2, 2, 2]}  # 14 busche: two of these end a busca-000 match
STALE = "A deal was entered on another phone: the next one is deal 2."


def live_url(match: Match, **params: Any) -> str:
    query = "&".join(f"{key}={value}" for key, value in params.items())
    return f"{reverse('match_live', args=[match.pk])}?{query}"


def version(match: Match) -> int:
    return Match.objects.get(pk=match.pk).version


class _Attributes(HTMLParser):
    def __init__(self, element_id: str) -> None:
        super().__init__()
        self.element_id = element_id
        self.found: dict[str, str | None] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if dict(attrs).get("id") == self.element_id and not self.found:
            self.found = dict(attrs)


def attributes(page: Any, element_id: str) -> dict[str, str | None]:
    """The attributes of the element with ``element_id``, unescaped as a browser reads them."""
    parser = _Attributes(element_id)
    parser.feed(page.content.decode())
    assert parser.found, f"no element #{element_id}"
    return parser.found


def deal_rows(page: Any) -> list[str]:
    """The numbers of the deals in the deal table, newest first."""
    return [row.split()[0] for row in texts(page, "th", scope="row")]


def test_the_match_page_polls_its_live_address_every_two_seconds_with_its_version(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])

    page = alice_client.get(reverse("match_detail", args=[match.pk]))

    poll = attributes(page, "live")
    assert poll["hx-get"] == f"{reverse('match_live', args=[match.pk])}?v={version(match)}&s=in_progress"
    assert (poll["hx-trigger"] or "").startswith("every 2s")
    assert poll["hx-swap"] == "outerHTML"
    # (offline.js adds the deal number the entry form is for: tests/browser/test_live.py.)


def test_an_idle_phone_gets_204_with_no_content_no_template_and_no_replay(
    alice_client: Client, make_match: MakeMatch, django_assert_max_num_queries: Any
) -> None:
    match = make_match(deals=[EVEN, EVEN])
    url = live_url(match, v=version(match), s="in_progress", number=3)
    assert alice_client.get(url, headers=HTMX).status_code == 204  # the full check, once

    # The match at that version, while the session lasts: the deals are not read, nothing is replayed.
    with django_assert_max_num_queries(1):
        response = alice_client.get(url, headers=HTMX)

    assert response.status_code == 204
    assert response.content == b""
    assert response.templates == []


def test_an_idle_guest_phone_also_gets_a_cheap_204(
    make_match: MakeMatch, django_assert_max_num_queries: Any
) -> None:
    match = make_match(deals=[EVEN])
    phone = viewer(match)
    url = live_url(match, v=version(match), s="in_progress")
    assert phone.get(url, headers=HTMX).status_code == 204  # the full check, once

    # The match at that version, while the session lasts and the link works.
    with django_assert_max_num_queries(1):
        response = phone.get(url, headers=HTMX)

    assert response.status_code == 204
    assert response.templates == []


def test_a_deal_entered_on_another_phone_comes_back_as_out_of_band_parts_without_the_form_typed_in(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()
    before = version(match)
    bruno = scorer(match, "Bruno")
    bruno.post(reverse("deal_create", args=[match.pk]), {f"points_{s}": "10" for s in range(4)})

    response = alice_client.get(live_url(match, v=before, s="in_progress", number=1, typed=1), headers=HTMX)

    assert response.status_code == 200
    page = response.content.decode()
    assert "<html" not in page
    # The next poll asks from the new version on.
    assert f"?v={version(match)}&amp;s=in_progress" in page
    for part in ("live-top", "entry-notice", "live-deals"):
        assert count(response, "div", id=part, hx_swap_oob="true") == 1
    assert deal_rows(response) == ["1"]
    assert "Deal 1 entered" in texts(response, "b")
    assert any(line.startswith("Bruno ·") for line in texts(response, "small"))
    # What this phone is typing is not touched while the match goes on.
    assert count(response, "div", id="entry") == 0
    assert count(response, "form", id="deal-form") == 0


def test_a_phone_typing_a_deal_already_entered_is_told_the_next_number(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()
    before = version(match)
    services.deal_record(match=match, entry=EVEN, author=match.owner)  # on another of alice's phones

    stale = alice_client.get(live_url(match, v=before, s="in_progress", number=1, typed=1), headers=HTMX)
    fresh = alice_client.get(live_url(match, v=before, s="in_progress", number=2, typed=1), headers=HTMX)
    no_form = alice_client.get(live_url(match, v=before, s="in_progress"), headers=HTMX)

    assert texts(stale, "p", class_="notice") == [STALE]
    assert texts(fresh, "p", class_="notice") == []
    assert texts(no_form, "p", class_="notice") == []
    for response in (stale, fresh, no_form):
        assert count(response, "form", id="deal-form") == 0


def test_an_untouched_form_left_behind_moves_on_to_the_next_deal(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()
    before = version(match)
    services.deal_record(match=match, entry=EVEN, author=match.owner)  # on another of alice's phones

    response = alice_client.get(live_url(match, v=before, s="in_progress", number=1), headers=HTMX)

    assert count(response, "div", id="entry", hx_swap_oob="true") == 1
    assert count(response, "form", id="deal-form") == 1
    assert "Deal 2" in texts(response, "h2")
    assert attributes(response, "id_number")["value"] == "2"
    assert attributes(response, "id_token")["value"] not in ("", None)
    assert texts(response, "p", class_="notice") == []


def test_a_form_ahead_of_the_match_is_left_alone_with_a_word(
    alice_client: Client, make_match: MakeMatch
) -> None:
    # Deal 2 deleted on another phone. (A phone keeping deals offline sends no number: offline.js.)
    match = make_match(deals=[EVEN, EVEN])
    services.deal_delete(match=match, number=2, author=match.owner)

    response = alice_client.get(live_url(match, v=0, s="in_progress", number=3), headers=HTMX)

    assert count(response, "form", id="deal-form") == 0
    assert texts(response, "p", class_="notice") == [
        "Deals changed on another phone: the next one is deal 2."
    ]


@pytest.mark.parametrize("number", ["²", "1" * 5000, "-1", "abc", "0x1"])
def test_a_deal_number_that_is_no_number_is_not_taken_for_one(
    number: str, alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])

    response = alice_client.get(live_url(match, v=0, s="in_progress", number=number, typed=1), headers=HTMX)

    assert response.status_code == 200
    assert texts(response, "p", class_="notice") == []


def test_when_the_match_ends_on_another_phone_the_entry_form_gives_way_to_the_result(
    make_match: MakeMatch,
) -> None:
    match = make_match(deals=[ANNA_34])
    before = version(match)
    bruno, carla = scorer(match, "Bruno"), viewer(match, "Carla")
    bruno.post(reverse("deal_create", args=[match.pk]), {"points_0": "34", "points_1": "2", "points_2": "2"})
    assert Match.objects.get(pk=match.pk).status == Match.Status.FINISHED

    for phone in (bruno, carla):
        response = phone.get(live_url(match, v=before, s="in_progress", number=2), headers=HTMX)

        assert count(response, "div", id="entry", hx_swap_oob="true") == 1
        assert count(response, "form", id="deal-form") == 0
        assert "Match over after deal 2" in texts(response, "h2")
        assert texts(response, "p", class_="notice") == []

    # A phone that was typing the deal is told that what it typed was not saved.
    typing = bruno.get(live_url(match, v=before, s="in_progress", number=2, typed=1), headers=HTMX)
    assert texts(typing, "p", class_="notice") == [
        "The match ended on another phone: what this phone was typing was not saved."
    ]


def test_when_a_finished_match_reopens_a_scorer_gets_the_entry_form_back_and_a_viewer_does_not(
    make_match: MakeMatch,
) -> None:
    match = make_match(deals=[ANNA_34, ANNA_34])
    before = version(match)
    bruno, carla = scorer(match, "Bruno"), viewer(match, "Carla")
    bruno.post(reverse("deal_delete", args=[match.pk, 2]))

    scoring = bruno.get(live_url(match, v=before, s="finished"), headers=HTMX)
    following = carla.get(live_url(match, v=before, s="finished"), headers=HTMX)

    assert count(scoring, "div", id="entry", hx_swap_oob="true") == 1
    assert count(scoring, "form", id="deal-form") == 1
    assert "Deal 2" in texts(scoring, "h2")
    assert count(following, "div", id="entry", hx_swap_oob="true") == 1
    assert count(following, "form", id="deal-form") == 0


def test_a_viewer_follows_the_deals_live(make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN])
    before = version(match)
    carla = viewer(match, "Carla")
    services.deal_record(match=match, entry=ANNA_34, author=match.owner)

    response = carla.get(live_url(match, v=before, s="in_progress"), headers=HTMX)

    assert response.status_code == 200
    assert deal_rows(response) == ["2", "1"]


def test_another_account_cannot_follow_the_match(bob_client: Client, make_match: MakeMatch) -> None:
    match = make_match()

    assert bob_client.get(live_url(match, v=0), headers=HTMX).status_code == 404
