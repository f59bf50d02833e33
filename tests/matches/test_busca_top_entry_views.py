"""A Busca deal entered by its top on the web: the house rule that starts a table on it, the form
that posts it, its refusals in a player's words with what was typed kept, its row and its correction."""

from __future__ import annotations

from collections.abc import Callable

from django.test import Client
from django.urls import reverse

from matches.models import Match

from .pages import count, form_values, text, texts
from .test_views import HTMX, entries, errors, post_url, sheet_url, stored

MakeMatch = Callable[..., Match]
BRUNO_16 = {"mode": "top", "top": ["1"], "top_points": "16"}


def test_the_house_rule_says_which_entry_a_deal_starts_with(
    alice_client: Client, make_match: MakeMatch
) -> None:
    everyone = alice_client.get(sheet_url(make_match()))
    by_top = alice_client.get(sheet_url(make_match(top_entry=True)))

    assert form_values(everyone, "deal-form")["mode"] == "full"
    assert form_values(by_top, "deal-form")["mode"] == "top"
    # Both entries are on the page, to change for one deal: the points of each player, the top's.
    assert count(by_top, "input", name="points_0") == 1
    assert count(by_top, "input", name="top_points") == 1
    assert count(by_top, "input", name="top", type="checkbox") == 4
    assert count(by_top, "input", name="missed", type="checkbox") == 4


def test_a_deal_entered_by_its_top_is_stored_so_and_scored(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(top_entry=True)

    response = alice_client.post(post_url(match), BRUNO_16, headers=HTMX)

    assert response.status_code == 200
    assert entries(match) == [{"top": {"players": ["Bruno"], "points": 16}}]
    assert stored(match).result["totals"] == [0, 1, 0, 0]
    html = response.content.decode()
    # The row says the top's points and no one else's: they were not entered.
    assert texts(html, "td") == ["0 –", "1 16 +1", "0 –", "0 –"]
    # The change log says what was entered: only the top, not "no points".
    assert "Deal 1 entered only the top: Bruno, 16 points" in " ".join(texts(html, "li"))
    assert "Deal 2" in texts(html, "h2")
    assert form_values(html, "deal-form")["mode"] == "top"
    assert form_values(html, "deal-form")["top_points"] == ""


def test_players_who_did_not_cover_are_marked_and_take_the_busche(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(top_entry=True)

    alice_client.post(post_url(match), {"mode": "top", "top": ["0"], "top_points": "30", "missed": ["3"]})

    assert entries(match) == [
        {"top": {"players": ["Anna"], "points": 30}, "covered": [True, True, True, False]}
    ]
    assert stored(match).result["totals"] == [0, 0, 0, 2]  # 000: one who did not cover takes 2


def test_a_top_that_cannot_be_is_refused_naming_the_deal_and_the_player_and_kept(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(top_entry=True)
    version = stored(match).version

    page = alice_client.post(post_url(match), {"mode": "top", "top": ["1"], "top_points": "9"})

    assert page.status_code == 422
    assert errors(page) == [
        "Deal 1: if Bruno took the most, 9, every other player who covered took at most 8: the points "
        "do not reach the deal's 40"
    ]
    values = form_values(page, "deal-form")
    assert (values["mode"], values["top"], values["top_points"]) == ("top", "1", "9")
    assert entries(match) == []
    assert stored(match).version == version


def test_an_entry_by_the_top_with_nothing_tapped_says_what_is_missing(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(top_entry=True)

    page = alice_client.post(post_url(match), {"mode": "top", "top_points": ""})

    assert page.status_code == 422
    assert errors(page) == ["Deal 1: tap who took the most points", "Deal 1: type how many points they took"]
    assert entries(match) == []


def test_a_top_score_that_is_no_number_is_refused_with_its_limits(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(top_entry=True)

    for typed in ("41", "-3", "1e9", "x" * 5000):
        page = alice_client.post(post_url(match), {"mode": "top", "top": ["0"], "top_points": typed})
        assert page.status_code == 422
        assert errors(page) == ["Deal 1: the top score is a whole number from 0 to 40"]
    assert entries(match) == []


def test_the_full_entry_can_still_be_chosen_for_one_deal(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match(top_entry=True)

    alice_client.post(
        post_url(match), {"mode": "full", **{f"points_{s}": p for s, p in enumerate([25, 8, 5, 2])}}
    )

    assert entries(match) == [{"points": [25, 8, 5, 2]}]


def test_a_deal_entered_by_its_top_is_corrected_in_the_same_entry(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[{"points": None, "top": {"players": ["Bruno"], "points": 16}}])
    edit = reverse("deal_edit", args=[match.pk, 1])

    values = form_values(alice_client.get(edit), "deal-form")
    assert (values["mode"], values["top"], values["top_points"]) == ("top", "1", "16")

    alice_client.post(edit, {"mode": "top", "top": ["0", "1"], "top_points": "13"})

    assert entries(match) == [{"top": {"players": ["Anna", "Bruno"], "points": 13}}]
    assert stored(match).result["totals"] == [1, 1, 0, 0]


def test_the_new_match_form_offers_the_top_entry_among_the_house_rules(alice_client: Client) -> None:
    page = alice_client.get(reverse("match_new") + "?game=busca-000")
    assert "Enter the top scorers only" in text(page, "form", id="match-form")
