"""A phone whose sheet showed the match just before the deal it saves is sent only what the deal
changed: the new deal's row for the top of its table, the drawing, the next deal's form and the change
log (match_detail.html#quick). Drawn so, its sheet reads as the one drawn afresh."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.test import Client
from django.urls import reverse

from matches import services
from matches.models import Match

from .pages import count, texts

MakeMatch = Callable[..., Match]
EVEN = {"points": [10, 10, 10, 10]}
HTMX = {"HX-Request": "true", "HX-Target": "sheet"}


def save(client: Client, match: Match, sheet: int | None) -> Any:
    data = {f"points_{s}": str(p) for s, p in enumerate([14, 10, 9, 7])}
    data["number"] = str(match.deals.count() + 1)
    if sheet is not None:
        data["sheet"] = str(sheet)
    return client.post(reverse("deal_create", args=[match.pk]), data, headers=HTMX)


def test_a_deal_saved_from_the_sheet_just_before_it_sends_its_row_alone(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN, EVEN])
    response = save(alice_client, match, sheet=match.version)

    assert response.status_code == 200
    assert response["HX-Reswap"] == "none"  # the sheet stays; its parts are swapped in their places
    assert count(response, "tr") == 1
    assert 'hx-swap-oob="afterbegin:#deal-rows"' in response.content.decode()
    afresh = alice_client.get(reverse("match_detail", args=[match.pk]))
    assert texts(response, "td") == texts(afresh, "td")[:4]  # the new row, as the full table draws it
    for part in ("live-top", "entry", "live"):
        assert count(response, "div", id=part) == 1
    # Its change, put at the top of the log, as the whole log draws it.
    assert 'hx-swap-oob="afterbegin:#change-rows"' in response.content.decode()
    log = afresh.content.decode().split('<ol class="changes"')[1]
    assert texts(response, "li") == texts(log, "li")[:1]


def test_a_sheet_behind_by_a_change_is_sent_whole(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN, EVEN])
    response = save(alice_client, match, sheet=match.version - 1)

    assert "HX-Reswap" not in response
    assert count(response, "div", id="sheet") == 1
    assert count(response, "tr") == 1 + 3  # the header and every deal


def test_the_deal_that_ends_the_match_is_sent_with_the_whole_sheet(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match("busca-001", deals=[EVEN], max_deals=2)
    response = save(alice_client, match, sheet=match.version)

    assert "HX-Reswap" not in response
    assert count(response, "div", id="sheet") == 1


def test_a_sheet_without_a_change_log_is_sent_whole(alice_client: Client, alice: Any) -> None:
    # An imported match has its deals but no changes yet: its sheet has no log to put one on.
    players = ["Anna", "Bruno", "Carla", "Dario"]
    doc = {"format": "scorekeeper-match/1", "game": "busca-000", "options": {}, "players": players}
    match = services.match_import(owner=alice, doc={**doc, "first_dealer": "Anna", "deals": [EVEN, EVEN]})
    response = save(alice_client, match, sheet=match.version)

    assert "HX-Reswap" not in response
    assert count(response, "div", id="sheet") == 1
    assert count(response, "details", id="changes") == 1
