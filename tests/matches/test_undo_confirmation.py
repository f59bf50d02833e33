"""An undo that deletes a deal, reopens a finished match or changes the money says so and asks
first; the message after says what was undone. Any other undo acts at once."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from matches import services
from matches.models import Change, Evening, Match

from .guests import viewer
from .pages import count, text, texts

MakeMatch = Callable[..., Match]
EVEN = {"points": [10, 10, 10, 10]}
ANNA_34 = {"points": [34, 2, 2, 2]}  # 14 busche: two of these end a busca-000 match


def undo_url(match: Match, change: Change) -> str:
    return reverse("change_undo", args=[match.pk, change.pk])


def entered(match: Match, number: int) -> Change:
    return match.changes.get(kind=Change.Kind.DEAL_ENTERED, deal_number=number)


def texts_in(page: Any) -> list[str]:
    """What the confirmation page says the undo will do, one line each."""
    html = page.content.decode()
    start = html.index('<ul class="undo-effects">')
    return texts(html[start : html.index("</ul>", start) + 5], "li")


def test_undoing_the_first_deal_of_a_finished_match_says_what_it_does_and_asks_first(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[ANNA_34, EVEN, ANNA_34], stake=1)
    assert match.status == Match.Status.FINISHED

    page = alice_client.post(undo_url(match, entered(match, 1)))

    assert page.status_code == 200
    assert text(page, "h2") == "Undo “Deal 1 entered”?"
    assert texts_in(page) == [
        "This deletes deal 1 and renumbers deals 2–3.",
        "The match is finished: this reopens it.",
        "The money of the match changes.",
    ]
    assert count(page, "input", name="confirmed", value="1") == 1
    assert count(page, "a", href=f"{match.get_absolute_url()}#changes") == 1  # No: back to the sheet
    stored = Match.objects.get(pk=match.pk)  # nothing is done yet
    assert (stored.version, stored.status, match.deals.count()) == (match.version, Match.Status.FINISHED, 3)


def test_confirming_the_undo_does_it_and_says_what_was_undone(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[ANNA_34, EVEN, ANNA_34])

    response = alice_client.post(undo_url(match, entered(match, 1)), {"confirmed": "1"}, follow=True)

    assert response.redirect_chain == [(f"{match.get_absolute_url()}#change-log", 302)]
    assert text(response, "ul", class_="messages") == "Undone: deal 1 entered. Match reopened."
    stored = Match.objects.get(pk=match.pk)
    assert (stored.status, match.deals.count()) == (Match.Status.IN_PROGRESS, 2)


def test_undoing_the_last_deal_asks_first_as_it_deletes_it(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN, EVEN])

    page = alice_client.post(undo_url(match, entered(match, 2)))

    assert texts_in(page) == ["This deletes deal 2."]
    assert match.deals.count() == 2


def test_an_undo_that_deletes_nothing_reopens_nothing_and_moves_no_money_acts_at_once(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    services.deal_edit(match=match, number=1, entry={"points": [8, 25, 5, 2]}, author=None)

    response = alice_client.post(
        undo_url(match, match.changes.get(kind=Change.Kind.DEAL_EDITED)), follow=True
    )

    assert text(response, "ul", class_="messages") == "Undone: deal 1 corrected."
    assert match.deals.get().entry["points"] == [10, 10, 10, 10]


def test_undoing_new_house_rules_that_change_the_money_of_an_evening_says_so(
    alice_client: Client, alice: User, make_match: MakeMatch
) -> None:
    match = make_match(deals=[ANNA_34, ANNA_34], stake=1)
    evening = Evening.objects.create(owner=alice, date=datetime.date(2026, 11, 29))
    Match.objects.filter(pk=match.pk).update(evening=evening)
    services.match_options_change(match=match, options={"stake": 2}, author=alice)

    page = alice_client.post(undo_url(match, match.changes.get(kind=Change.Kind.OPTIONS_CHANGED)))

    assert texts_in(page) == ["The money of the evening changes."]
    assert Match.objects.get(pk=match.pk).options["stake"] == 2


def test_redoing_a_deal_that_finishes_the_match_asks_first(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[ANNA_34, ANNA_34], stake=1)
    alice_client.post(undo_url(match, entered(match, 2)), {"confirmed": "1"})
    the_undo = Change.objects.get(undoes=entered(match, 2))

    page = alice_client.post(undo_url(match, the_undo))

    assert texts_in(page) == [
        "This puts deal 2 back.",
        "This ends the match.",
        "The money of the match changes.",
    ]


def test_the_confirmation_speaks_italian_to_the_table(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match(deals=[ANNA_34, EVEN, ANNA_34], stake=1)

    page = alice_client.post(undo_url(match, entered(match, 1)), HTTP_ACCEPT_LANGUAGE="it")

    assert text(page, "h2") == "Annullare «Smazzata 1 inserita»?"
    assert texts_in(page)[:2] == [
        "Così si cancella la smazzata 1 e si rinumerano le smazzate 2–3.",
        "La partita è finita: così si riapre.",
    ]
    assert text(page, "button", class_="primary") == "Sì, annullate"


def test_a_viewer_gets_no_confirmation_and_undoes_nothing(make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN, EVEN])

    response = viewer(match).post(undo_url(match, entered(match, 2)))

    assert response.status_code in (403, 404)
    assert match.deals.count() == 2


def test_reopening_a_match_played_for_no_money_says_nothing_of_money(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[ANNA_34, EVEN, ANNA_34])  # a stake of 0

    page = alice_client.post(undo_url(match, entered(match, 1)))

    assert texts_in(page) == [
        "This deletes deal 1 and renumbers deals 2–3.",
        "The match is finished: this reopens it.",
    ]
