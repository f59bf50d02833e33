"""The people alice plays with: added once per name (whatever the case), renamed, archived and restored."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from matches.models import Match, Player

from .pages import count, text, texts

PLAYERS = reverse("player_list")
MakeMatch = Callable[..., Match]


def names(owner: User) -> list[str]:
    return list(Player.objects.filter(owner=owner).values_list("name", flat=True))


def rename_url(player: Player) -> str:
    return reverse("player_rename", args=[player.pk])


def archive_url(player: Player) -> str:
    return reverse("player_archive", args=[player.pk])


def test_adding_a_player_lists_them(alice_client: Client, alice: User) -> None:
    response = alice_client.post(PLAYERS, {"name": "  Anna "}, follow=True)

    assert response.redirect_chain == [(PLAYERS, 302)]
    assert names(alice) == ["Anna"]
    assert texts(response, "span", class_="name") == ["Anna"]


def test_a_name_already_taken_in_another_case_is_refused_with_a_message(
    alice_client: Client, alice: User, players: list[Player]
) -> None:
    page = alice_client.post(PLAYERS, {"name": "anna"})

    assert page.status_code == 200
    assert text(page, "p", class_="error") == "You already have a player called anna."
    assert count(page, "input", name="name", value="anna") == 1  # what was typed is kept
    assert names(alice) == ["Anna", "Bruno", "Carla", "Dario"]


def test_names_are_unique_per_account_only(bob_client: Client, bob: User, players: list[Player]) -> None:
    bob_client.post(PLAYERS, {"name": "Anna"})

    assert names(bob) == ["Anna"]


def test_a_blank_name_is_refused(alice_client: Client, alice: User) -> None:
    page = alice_client.post(PLAYERS, {"name": "   "})

    assert page.status_code == 200
    assert text(page, "p", class_="error") == "A player's name cannot be empty"
    assert names(alice) == []


def test_after_adding_a_player_the_page_goes_back_where_it_was_asked_to(
    alice_client: Client, alice: User
) -> None:
    response = alice_client.post(PLAYERS, {"name": "Anna", "next": reverse("match_new")})

    assert response["Location"] == reverse("match_new")


def test_after_adding_a_player_an_address_outside_the_site_is_not_followed(
    alice_client: Client, alice: User
) -> None:
    response = alice_client.post(PLAYERS, {"name": "Anna", "next": "https://elsewhere.example/"})

    assert response["Location"] == PLAYERS
    assert names(alice) == ["Anna"]


def test_renaming_a_player_changes_the_name_everywhere(
    alice_client: Client, alice: User, players: list[Player]
) -> None:
    page = alice_client.get(rename_url(players[0]))
    assert count(page, "input", name="name", value="Anna") == 1

    response = alice_client.post(rename_url(players[0]), {"name": "Annalisa"})

    assert response["Location"] == PLAYERS
    assert names(alice) == ["Annalisa", "Bruno", "Carla", "Dario"]


def test_a_player_may_be_renamed_to_the_same_name_in_another_case(
    alice_client: Client, alice: User, players: list[Player]
) -> None:
    alice_client.post(rename_url(players[0]), {"name": "ANNA"})

    assert names(alice) == ["ANNA", "Bruno", "Carla", "Dario"]


def test_renaming_a_player_to_another_players_name_is_refused(
    alice_client: Client, alice: User, players: list[Player]
) -> None:
    page = alice_client.post(rename_url(players[0]), {"name": "bruno"})

    assert page.status_code == 200
    assert text(page, "p", class_="error") == "You already have a player called bruno."
    assert names(alice) == ["Anna", "Bruno", "Carla", "Dario"]


def test_archiving_a_player_marks_them_and_restoring_brings_them_back(
    alice_client: Client, players: list[Player]
) -> None:
    page = alice_client.post(archive_url(players[3]), follow=True)

    assert Player.objects.get(pk=players[3].pk).archived
    assert texts(page, "li", class_="archived") == ["Dario (archived) This is me Rename Restore"]

    page = alice_client.post(archive_url(players[3]), follow=True)

    assert not Player.objects.get(pk=players[3].pk).archived
    assert texts(page, "li", class_="archived") == []


def test_a_player_is_archived_only_by_a_post(alice_client: Client, players: list[Player]) -> None:
    assert alice_client.get(archive_url(players[0])).status_code == 405
    assert not Player.objects.get(pk=players[0].pk).archived


def test_a_renamed_player_is_named_among_the_losers_and_winners_of_their_finished_matches(
    alice_client: Client, make_match: MakeMatch, players: list[Player]
) -> None:
    match = make_match("busca-001", deals=[{"points": [34, 2, 2, 2]}] * 3, max_deals=3)
    assert match.status == Match.Status.FINISHED
    loser = match.result["losers"][0] if match.result["losers"] else match.result["winners"][0]
    player = next(p for p in players if p.name == loser)

    alice_client.post(rename_url(player), {"name": "Zeno"})

    match.refresh_from_db()
    named = match.result["losers"] + match.result["winners"]
    assert "Zeno" in named
    assert loser not in named
    assert "Zeno" in alice_client.get(reverse("match_list")).content.decode()
    assert loser not in alice_client.get(reverse("match_list")).content.decode()
