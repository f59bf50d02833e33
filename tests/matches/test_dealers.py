"""Who dealt a deal is a fact once it is played (docs/format.md, "Points made clear"): each deal
stored names its dealer as the table saw it, a correction of an earlier deal leaves it, and only the
next deal follows the rules from the corrected sheet."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from django.apps import apps
from django.test import Client
from django.urls import reverse

from matches import services
from matches.models import Change, Deal, Match

from .pages import form_values, text, texts
from .results import replayed

MakeMatch = Callable[..., Match]
# Busca a croce: whoever marks a busca deals next.
ANNA_TOP = {"points": [20, 5, 5, 5]}
BRUNO_TOP = {"points": [5, 20, 5, 5]}
CARLA_TOP = {"points": [5, 5, 20, 5]}
THREE_MARK = {"points": [9, 9, 9, 8]}  # Anna, Bruno and Carla each mark three


def dealers(match: Match) -> list[str]:
    return [deal["dealer"] for deal in replayed(match)["deals"]]


def sheet_url(match: Match) -> str:
    return reverse("match_detail", args=[match.pk])


def edit_url(match: Match, number: int) -> str:
    return reverse("deal_edit", args=[match.pk, number])


def test_each_deal_entered_names_who_dealt_it_the_rules_choice_or_the_tables(make_match: MakeMatch) -> None:
    match = make_match("busca-003", deals=[ANNA_TOP, BRUNO_TOP, {**THREE_MARK, "dealer": "Dario"}])

    assert [deal.entry["dealer"] for deal in Deal.objects.filter(match=match)] == ["Anna", "Anna", "Dario"]


def test_a_correction_of_an_earlier_deal_keeps_who_dealt_the_later_ones(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match("busca-003", deals=[ANNA_TOP, BRUNO_TOP, THREE_MARK])
    assert dealers(match) == ["Anna", "Anna", "Bruno"]  # the page said Bruno deals deal 3

    response = alice_client.post(
        edit_url(match, 2),
        {
            **form_values(alice_client.get(edit_url(match, 2)), "deal-form"),
            "points_0": "5",
            "points_1": "5",
            "points_2": "20",
            "points_3": "5",
        },
    )

    assert response.status_code == 302
    assert replayed(match)["deals"][1]["busche"] == [0, 0, 1, 0]  # Carla marked deal 2 now
    assert dealers(match) == ["Anna", "Anna", "Bruno"]
    # Only the next deal follows the rules: Bruno dealt deal 3, which Anna, Bruno and Carla marked.
    assert replayed(match)["deals"][2]["next_dealer"] == "Carla"
    page = alice_client.get(sheet_url(match))
    assert texts(page, "small", class_="dealer")[:3] == ["Bruno", "Anna", "Anna"]  # newest first
    printed = alice_client.get(reverse("match_print", args=[match.pk]))
    assert texts(printed, "td", class_="dealer") == ["Anna", "Anna", "Bruno"]
    exported = alice_client.get(reverse("match_export_json", args=[match.pk])).json()
    assert [deal["dealer"] for deal in exported["deals"]] == ["Anna", "Anna", "Bruno"]
    assert [deal["dealer"] for deal in exported["result"]["deals"]] == ["Anna", "Anna", "Bruno"]


def test_a_deleted_deal_leaves_who_dealt_the_later_ones(make_match: MakeMatch) -> None:
    match = make_match("busca-003", deals=[ANNA_TOP, BRUNO_TOP, THREE_MARK])

    services.deal_delete(match=match, number=1)

    assert dealers(match) == ["Anna", "Bruno"]


def test_a_later_misdeal_no_longer_blocks_the_correction_of_an_earlier_deal(
    alice_client: Client, make_match: MakeMatch
) -> None:
    # Busca / Busche: the deal's loser deals next, and a misdeal is that deal's dealer's.
    match = make_match(deals=[{"points": [10, 10, 10, 10]}] * 3 + [{"points": [5, 25, 5, 5]}])
    assert replayed(match)["deals"][3]["next_dealer"] == "Bruno"
    misdeal = {"points": [10, 10, 10, 10], "penalties": [{"player": "Bruno", "kind": "misdeal"}]}
    services.deal_record(match=match, entry=misdeal, author=None)
    form = form_values(alice_client.get(edit_url(match, 4)), "deal-form")

    # Carla took deal 4's busche instead: the rules would now have her deal deal 5.
    response = alice_client.post(edit_url(match, 4), {**form, "points_1": "5", "points_2": "25"})

    assert response.status_code == 302
    assert dealers(match)[4] == "Bruno"
    busche = replayed(match)["deals"][4]["busche"]
    assert busche[1] == busche[0] + 1  # his misdeal counts


def test_a_refusal_about_a_later_deal_is_said_above_the_form_not_under_a_field_of_this_one(
    alice_client: Client, make_match: MakeMatch
) -> None:
    misdeal = {"points": [10, 10, 10, 10], "penalties": [{"player": "Bruno", "kind": "misdeal"}]}
    match = make_match(deals=[{"points": [10, 10, 10, 10]}, misdeal])
    # Deal 2 as a document may give it, naming no dealer: the rules say who dealt it.
    Deal.objects.filter(match=match, number=2).update(entry=misdeal)
    form = form_values(alice_client.get(edit_url(match, 1)), "deal-form")

    # Carla takes deal 1's busche: by the rules she, not Bruno, deals deal 2.
    page = alice_client.post(
        edit_url(match, 1), {**form, "points_0": "5", "points_1": "5", "points_2": "25", "points_3": "5"}
    )

    assert page.status_code == 422
    message = "Deal 2: Bruno did not deal this deal; a misdeal is the dealer's (Carla)"
    assert text(page, "div", class_="error") == message
    assert message not in " ".join(texts(page, "p", class_="error"))


name_the_dealers = importlib.import_module("matches.migrations.0014_deals_name_their_dealer")


def test_deals_stored_before_dealers_were_recorded_are_given_the_dealer_each_had(
    make_match: MakeMatch,
) -> None:
    match = make_match("busca-003", deals=[ANNA_TOP, BRUNO_TOP, THREE_MARK])
    services.deal_edit(match=match, number=3, entry=THREE_MARK, author=None)
    for deal in Deal.objects.filter(match=match):  # as an earlier version stored them
        entry = {key: value for key, value in deal.entry.items() if key != "dealer"}
        Deal.objects.filter(pk=deal.pk).update(entry=entry)
        Change.objects.filter(deal=deal).update(after=entry)

    name_the_dealers.name_the_dealers(apps, None)

    assert [deal.entry.get("dealer") for deal in Deal.objects.filter(match=match)] == [
        "Anna",
        "Anna",
        "Bruno",
    ]
    # The correction's undo still finds the deal as the change left it.
    edited = match.changes.get(kind=Change.Kind.DEAL_EDITED)
    assert edited.after == {**THREE_MARK, "dealer": "Bruno"}
    services.change_undo(match=match, change=edited, author=None)
    services.deal_edit(match=match, number=2, entry=CARLA_TOP, author=None)
    assert dealers(match) == ["Anna", "Anna", "Bruno"]
