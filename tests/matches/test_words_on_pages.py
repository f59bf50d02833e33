"""What players read on the pages, in Italian: the game's name (no key), money with its sign and
decimal comma, lower-case months and an elided "dell'", "Chi deve a chi"."""

from __future__ import annotations

import datetime
from collections.abc import Callable

from django.test import Client
from django.urls import reverse

from matches.models import Evening, Match
from tests.matches.test_whist_views import TWO_GAMES

IT = {"Accept-Language": "it"}
# Golden match B003-M1 (tests/matches/test_evenings.py): Anna and Bruno lose, Carla and Dario win.
B003_M1 = [
    {"points": [15, 15, 3, 2]},
    {"points": [15, 3, 15, 2]},
    {"points": [12, 12, 8, 3]},
    {"points": [3, 14, 10, 8]},
    {"points": [2, 15, 15, 3]},
]


def finished_in_an_evening(make_match: Callable[..., Match]) -> Match:
    match = make_match("busca-003", deals=B003_M1, stake=0.5)
    match.evening = Evening.objects.create(
        owner=match.owner, date=datetime.date(2026, 12, 1), place="da Carla"
    )
    match.save()
    return match


def test_the_match_page_names_the_game_and_its_evening_in_italian(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = finished_in_an_evening(make_match)
    page = alice_client.get(match.get_absolute_url(), headers=IT).content.decode()
    assert '<h1 class="match-title">Busca a croce</h1>' in page
    assert "busca-003" not in page.split("<main", 1)[1].replace('value="busca-003"', "")
    assert "Serata dell&#x27;1 dicembre 2026, da Carla" in page
    assert "−0,50\u00a0€" in page
    assert "+0,50\u00a0€" in page


def test_the_printed_match_reads_its_house_rules_with_colons_and_money(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = finished_in_an_evening(make_match)
    page = alice_client.get(reverse("match_print", args=[match.pk]), headers=IT).content.decode()
    assert "Posta: 0,50\u00a0€" in page
    assert "<h1>Busca a croce</h1>" in page


def test_the_evening_says_who_owes_whom_with_the_amount_before_the_payee(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    evening = finished_in_an_evening(make_match).evening
    assert evening is not None
    page = alice_client.get(evening.get_absolute_url(), headers=IT).content.decode()
    assert "Chi deve a chi" in page
    assert "<b>Anna</b> paga 0,50\u00a0€ a <b>Carla</b>" in page
    assert "1 dicembre 2026" in page


def test_a_whist_payment_is_an_amount_the_losers_mark_is_not_beside(
    alice_client: Client, make_whist: Callable[..., Match]
) -> None:
    match = make_whist(deals=TWO_GAMES, stake=0.5)
    page = alice_client.get(match.get_absolute_url()).content.decode()
    # a11y.css marks the losers' names with ✗, never the sum they pay (strong.amount).
    assert '<strong class="amount">€3.00</strong>' in page
