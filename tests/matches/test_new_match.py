"""The new-match page: one of the three Busca games, its house rules at their defaults, four seats."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from matches.models import Match, Player

from .games import STORED
from .pages import count, form_values, text, texts

NEW = reverse("match_new")
GAME_NAMES = {
    "busca-000": "Busca / Busche",
    "busca-001": "Traversone, Rovescino, Ciapanò, Tressette a perdere",
    "busca-003": "Busca a croce",
}
# Every game on offer, in the registry's order, as its card on the new match page shows it.
OFFERED = {**GAME_NAMES, "mambassa": "Mambassa / Quarantuno", "whist": "Whist", "points": "Points board"}
EMPTY_SEATS = {"seat_0": "", "seat_1": "", "seat_2": "", "seat_3": "", "first_dealer": "0"}
# What the form sends untouched: unticked boxes send nothing, an empty number sends "".
FORM_DEFAULTS = {
    "busca-000": {
        "opt_stake": "0",
        "opt_settlement_rule": "losers_pay",
        "opt_renege_penalty": "1",
        "opt_misdeal_penalty": "1",
        "opt_single_limit": "20",
        "opt_pair_limit": "10",
        "opt_limit_strict": "on",
        "opt_losers": "all_over_limit",
    },
    "busca-001": {
        "opt_stake": "0",
        "opt_settlement_rule": "losers_pay",
        "opt_cover_requires_point": "on",
        "opt_non_cover_rule": "one_times_n",
        "opt_victory_threshold": "",
        "opt_max_deals": "",
    },
    "busca-003": {
        "opt_stake": "0",
        "opt_settlement_rule": "losers_pay",
        "opt_renege_penalty": "1",
        "opt_top_score": "one",
        "opt_tie_scope": "any",
        "opt_high_pair_tie": "4",
        "opt_threshold": "10",
        "opt_losers": "two_highest",
    },
}


def seated(players: list[Player], order: str = "0123") -> dict[str, str]:
    return {f"seat_{seat}": str(players[int(i)].pk) for seat, i in enumerate(order)}


def new_match_form(client: Client, game: str) -> dict[str, str]:
    return form_values(client.get(NEW, {"game": game}), "match-form")


@pytest.mark.parametrize("game", sorted(GAME_NAMES))
def test_the_new_match_page_offers_every_game_and_marks_the_chosen_one(
    game: str, alice_client: Client, players: list[Player]
) -> None:
    page = alice_client.get(NEW, {"game": game})

    cards = texts(page, "a", class_="game-card")
    # Each game by its name, never by its key in documents.
    assert cards == list(OFFERED.values())
    assert text(page, "a", aria_current="true") == GAME_NAMES[game]


@pytest.mark.parametrize("game", sorted(GAME_NAMES))
def test_the_new_match_page_shows_the_house_rules_with_the_defaults_preselected(
    game: str, alice_client: Client, players: list[Player]
) -> None:
    assert new_match_form(alice_client, game) == {"game": game, **EMPTY_SEATS, **FORM_DEFAULTS[game]}


@pytest.mark.parametrize("game", ["busca-000", "busca-003"])
def test_a_match_created_with_the_defaults_stores_them_and_opens_its_sheet(
    game: str, alice_client: Client, players: list[Player]
) -> None:
    data = {**new_match_form(alice_client, game), **seated(players)}

    response = alice_client.post(NEW, data)

    match = Match.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("match_detail", args=[match.pk])
    assert match.game == game
    assert match.options == STORED[game]


def test_a_new_match_seats_the_players_in_the_order_given_with_the_chosen_dealer(
    alice_client: Client, players: list[Player]
) -> None:
    data = {**new_match_form(alice_client, "busca-000"), **seated(players, "2031"), "first_dealer": "2"}

    page = alice_client.post(NEW, data, follow=True)

    match = Match.objects.get()
    assert [seat.player.name for seat in match.seats.all()] == ["Carla", "Anna", "Dario", "Bruno"]
    assert match.first_dealer == 2
    assert text(page, "p", class_="next") == "Dario deals · Bruno leads"


def test_changed_house_rules_are_stored(alice_client: Client, players: list[Player]) -> None:
    data = {
        **new_match_form(alice_client, "busca-000"),
        **seated(players),
        "opt_stake": "0.50",
        "opt_single_limit": "30",
        "opt_tie_multiplier": "on",
        "opt_losers": "two_highest",
    }
    del data["opt_limit_strict"]  # unticked

    alice_client.post(NEW, data)

    assert Match.objects.get().options == {
        **STORED["busca-000"],
        "stake": 0.5,
        "single_limit": 30,
        "tie_multiplier": True,
        "limit_strict": False,
        "losers": "two_highest",
    }


def test_busca_001_without_a_victory_threshold_or_a_number_of_deals_is_refused(
    alice_client: Client, players: list[Player]
) -> None:
    data = {**new_match_form(alice_client, "busca-001"), **seated(players)}

    page = alice_client.post(NEW, data)

    assert page.status_code == 200
    assert text(page, "div", class_="error") == (
        "Give a victory threshold or a number of deals, or the match will never end."
    )
    assert form_values(page, "match-form") == data  # what was chosen is kept
    assert not Match.objects.exists()


@pytest.mark.parametrize(
    ("limit", "stored"),
    [
        ({"opt_victory_threshold": "15"}, {"victory_threshold": 15}),
        ({"opt_max_deals": "12"}, {"max_deals": 12}),
    ],
)
def test_busca_001_with_a_threshold_or_a_number_of_deals_is_created(
    limit: dict[str, str], stored: dict[str, Any], alice_client: Client, players: list[Player]
) -> None:
    data = {**new_match_form(alice_client, "busca-001"), **seated(players), **limit}

    response = alice_client.post(NEW, data)

    assert response.status_code == 302
    assert Match.objects.get().options == {**STORED["busca-001"], **stored}


def test_the_same_player_in_two_seats_is_refused(alice_client: Client, players: list[Player]) -> None:
    data = {**new_match_form(alice_client, "busca-000"), **seated(players, "0120")}

    page = alice_client.post(NEW, data)

    assert page.status_code == 200
    assert text(page, "div", class_="error") == "Anna sits in two seats"
    assert not Match.objects.exists()


def dealer_choices(page: Any, seats: int) -> list[str]:
    return [text(page, "span", data_seat_name=str(seat)) for seat in range(seats)]


def test_a_refused_match_names_the_first_dealer_choices_by_the_players_seated(
    alice_client: Client, players: list[Player]
) -> None:
    data = {**new_match_form(alice_client, "busca-001"), **seated(players, "1230")}

    page = alice_client.post(NEW, data)  # refused: no threshold and no number of deals

    assert dealer_choices(page, 4) == ["Bruno", "Carla", "Dario", "Anna"]


def test_an_empty_seat_as_first_dealer_is_refused_with_a_word_next_to_the_choice(
    alice_client: Client, players: list[Player]
) -> None:
    data = {**new_match_form(alice_client, "mambassa"), **seated(players[:3], "012"), "first_dealer": "6"}

    page = alice_client.post(NEW, data)

    assert page.status_code == 200
    assert texts(page, "p", class_="error") == ["Nobody sits in that seat."]
    assert dealer_choices(page, 4) == ["Anna", "Bruno", "Carla", "Seat 4"]
    assert not Match.objects.exists()


def test_an_archived_player_is_not_offered_a_seat(alice_client: Client, players: list[Player]) -> None:
    Player.objects.filter(name="Dario").update(archived=True)

    page = alice_client.get(NEW)

    assert texts(page, "select", name="seat_0") == ["— Anna Bruno Carla"]


def test_another_accounts_player_cannot_be_seated(
    alice_client: Client, players: list[Player], bob: User
) -> None:
    bobs = Player.objects.create(owner=bob, name="Ettore")
    data = {**new_match_form(alice_client, "busca-000"), **seated(players), "seat_3": str(bobs.pk)}

    page = alice_client.post(NEW, data)

    assert page.status_code == 200
    assert "Ettore" not in texts(page, "select", name="seat_3")[0]
    assert not Match.objects.exists()


def test_with_fewer_than_four_players_the_page_says_so(alice_client: Client, alice: User) -> None:
    Player.objects.create(owner=alice, name="Anna")

    page = alice_client.get(NEW)

    assert count(page, "p", class_="notice") == 1


def test_with_four_players_there_is_no_notice(alice_client: Client, players: list[Player]) -> None:
    assert count(alice_client.get(NEW), "p", class_="notice") == 0


def test_choosing_another_game_through_htmx_returns_only_its_form(
    alice_client: Client, players: list[Player]
) -> None:
    response = alice_client.get(NEW, {"game": "busca-003"}, headers={"HX-Request": "true"})

    html = response.content.decode()
    assert html.lstrip().startswith('<form id="match-form"')
    assert "<html" not in html
    assert form_values(html, "match-form")["game"] == "busca-003"
