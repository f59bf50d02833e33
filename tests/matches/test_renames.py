"""A player renamed after their matches were played: the deals name players, and a rename never
touches what was played. Every game and every kind of deal that names a player, and the change
log's undo and redo of what was done under the old name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from matches import services
from matches.models import Change, Deal, Match, Player

from .pages import text
from .results import replayed

MakeMatch = Callable[..., Match]
SHOWN_HANDS = [["FC", "CC", "RC", "1C"], ["5S", "6S", "7S", "2B"], ["RD", "RS", "RB", "4S"]]


def rename(client: Client, player: Player, name: str) -> Any:
    return client.post(reverse("player_rename", args=[player.pk]), {"name": name})


def sheet(client: Client, match: Match) -> Any:
    return client.get(reverse("match_detail", args=[match.pk]))


def entries(match: Match) -> list[dict[str, Any]]:
    return [deal.entry for deal in Deal.objects.filter(match=match).order_by("number")]


def table(alice: User) -> list[Player]:
    """Gino, Lia and Ugo, as the players page adds them."""
    return [Player.objects.create(owner=alice, name=name) for name in ("Gino", "Lia", "Ugo")]


def mambassa(alice: User, seated: list[Player], deals: list[dict[str, Any]]) -> Match:
    match = services.match_create(owner=alice, game="mambassa", options={}, players=seated, first_dealer=0)
    for entry in deals:
        services.deal_record(match=match, entry=entry, author=alice)
    return Match.objects.get(pk=match.pk)


def test_renaming_who_paid_a_mambassa_deal_keeps_the_match(alice_client: Client, alice: User) -> None:
    gino, lia, ugo = table(alice)
    match = mambassa(alice, [gino, lia, ugo], [{"payers": ["Lia"]}])
    before = replayed(match)

    response = rename(alice_client, lia, "Lia Rossi")

    assert response.status_code == 302
    assert sheet(alice_client, match).status_code == 200
    assert entries(match) == [{"payers": ["Lia Rossi"], "dealer": "Gino"}]
    after = replayed(match)
    assert after["tokens"] == before["tokens"]
    assert after["deals"][0]["payers"] == ["Lia Rossi"]


def test_renaming_who_showed_a_mambassa_or_a_quarantuno_and_who_dealt_keeps_them(
    alice_client: Client, alice: User
) -> None:
    gino, lia, ugo = table(alice)
    deals = [
        {"payers": ["Gino", "Ugo"], "mambassa": "Lia"},
        {"payers": ["Gino"], "quarantuno": "Lia"},
        {"payers": ["Ugo"], "dealer": "Lia"},
    ]
    match = mambassa(alice, [gino, lia, ugo], deals)
    before = replayed(match)

    rename(alice_client, lia, "Lia Rossi")

    stored = entries(match)
    assert stored[0]["mambassa"] == stored[1]["quarantuno"] == stored[2]["dealer"] == "Lia Rossi"
    after = replayed(match)
    assert (after["tokens"], after["pot"]) == (before["tokens"], before["pot"])
    assert [deal["dealer"] for deal in after["deals"]][2] == "Lia Rossi"


def test_renaming_a_player_leaves_the_hands_shown_which_go_by_seat(alice_client: Client, alice: User) -> None:
    gino, lia, ugo = table(alice)
    match = mambassa(alice, [gino, lia, ugo], [{"hands": SHOWN_HANDS}])
    before = replayed(match)

    rename(alice_client, lia, "Lia Rossi")

    assert entries(match) == [{"hands": SHOWN_HANDS, "dealer": "Gino"}]
    assert replayed(match)["deals"][0]["hands"] == before["deals"][0]["hands"]
    assert sheet(alice_client, match).status_code == 200


def test_renaming_who_took_the_last_trick_or_a_penalty_of_a_busca_deal_keeps_them(
    alice_client: Client, make_match: MakeMatch, players: list[Player]
) -> None:
    entry = {
        "points": [20, 0, 10, 7],
        "last_trick": "Bruno",
        "penalties": [{"player": "Bruno", "kind": "renege"}, {"player": "Anna", "kind": "misdeal"}],
    }
    match = make_match(deals=[entry])
    before = replayed(match)

    rename(alice_client, players[1], "Bruno B.")
    rename(alice_client, players[0], "Annalisa")

    assert entries(match) == [
        {
            "points": [20, 0, 10, 7],
            "last_trick": "Bruno B.",
            "penalties": [
                {"player": "Bruno B.", "kind": "renege"},
                {"player": "Annalisa", "kind": "misdeal"},
            ],
            "dealer": "Annalisa",
        }
    ]
    assert replayed(match)["totals"] == before["totals"]
    assert sheet(alice_client, match).status_code == 200


def test_renaming_who_dealt_a_whist_deal_keeps_the_rubber(
    alice_client: Client, make_whist: MakeMatch, players: list[Player]
) -> None:
    match = make_whist(deals=[{"tricks": [9, 4], "honours": [3, 1]}, {"tricks": [4, 9], "honours": [1, 3]}])
    before = replayed(match)

    rename(alice_client, players[1], "Bruno B.")

    assert [entry["dealer"] for entry in entries(match)] == ["Anna", "Bruno B."]
    assert replayed(match)["score"] == before["score"]
    assert sheet(alice_client, match).status_code == 200


def test_a_deal_deleted_before_a_rename_is_restored_after_it(
    alice_client: Client, make_match: MakeMatch, players: list[Player]
) -> None:
    match = make_match(deals=[{"points": [10, 10, 10, 10]}, {"points": [8, 22, 5, 2], "last_trick": "Bruno"}])
    deleted = services.deal_delete(match=match, number=2)

    rename(alice_client, players[1], "Bruno B.")
    services.deal_restore(match=match, deal=Deal.everything.get(pk=deleted.pk), author=None)

    assert entries(match)[1]["last_trick"] == "Bruno B."


def test_an_undo_and_a_redo_of_a_change_made_before_a_rename_work_after_it(
    alice_client: Client, make_match: MakeMatch, players: list[Player]
) -> None:
    match = make_match(deals=[{"points": [10, 10, 10, 10]}])
    services.deal_edit(
        match=match, number=1, entry={"points": [8, 22, 5, 2], "last_trick": "Bruno"}, author=None
    )
    corrected = match.changes.get(kind=Change.Kind.DEAL_EDITED)

    rename(alice_client, players[1], "Bruno B.")
    response = alice_client.post(reverse("change_undo", args=[match.pk, corrected.pk]), follow=True)

    assert text(response, "ul", class_="messages") == "Undone: deal 1 corrected."
    assert entries(match) == [{"points": [10, 10, 10, 10], "dealer": "Anna"}]
    the_undo = Change.objects.get(undoes=corrected)
    alice_client.post(reverse("change_undo", args=[match.pk, the_undo.pk]))
    assert entries(match) == [{"points": [8, 22, 5, 2], "last_trick": "Bruno B.", "dealer": "Anna"}]


def test_the_change_log_names_the_player_by_the_new_name(
    alice_client: Client, make_match: MakeMatch, players: list[Player]
) -> None:
    match = make_match(deals=[{"points": [8, 22, 5, 2], "last_trick": "Bruno"}])

    rename(alice_client, players[1], "Bruno B.")

    row = Change.objects.get(match=match, kind=Change.Kind.DEAL_ENTERED)
    assert row.after is not None
    assert row.after["last_trick"] == "Bruno B."
    assert "last trick: Bruno B." in sheet(alice_client, match).content.decode()


def test_a_rename_touches_only_the_matches_the_player_sits_in(
    alice: User, make_match: MakeMatch, players: list[Player]
) -> None:
    match = make_match(deals=[{"points": [8, 22, 5, 2], "last_trick": "Bruno"}])
    gino, lia, ugo = table(alice)
    other = mambassa(alice, [gino, lia, ugo], [{"payers": ["Lia"]}])
    version = Match.objects.get(pk=other.pk).version

    services.player_rename(players[1], "Bruno B.")

    assert entries(other) == [{"payers": ["Lia"], "dealer": "Gino"}]
    assert Match.objects.get(pk=other.pk).version == version
    assert entries(match)[0]["last_trick"] == "Bruno B."


def test_an_imported_document_naming_a_player_in_another_case_names_them_as_the_seat_does(
    alice_client: Client, alice: User, players: list[Player]
) -> None:
    doc = {
        "format": "scorekeeper-match/1",
        "game": "busca-000",
        "players": ["anna", "Bruno", "Carla", "Dario"],
        "deals": [{"points": [20, 5, 5, 7], "last_trick": "anna"}],
    }

    match = services.match_import(owner=alice, doc=doc)

    assert entries(match) == [{"points": [20, 5, 5, 7], "last_trick": "Anna"}]
    assert sheet(alice_client, match).status_code == 200
    assert Player.objects.filter(owner=alice, name__iexact="anna").count() == 1


def test_a_match_no_replay_reads_does_not_stop_a_rename_of_its_player(
    alice: User, make_match: Callable[..., Match]
) -> None:
    match = make_match(deals=[{"points": [25, 8, 5, 2]}])
    # As an older version could leave it: a deal naming someone who is not at the table.
    Deal.objects.filter(match=match).update(entry={"points": [25, 8, 5, 2], "dealer": "Nobody"})
    anna = Player.objects.get(owner=alice, name="Anna")

    services.player_rename(anna, "Annalisa")

    assert Player.objects.get(pk=anna.pk).name == "Annalisa"
    assert Match.objects.get(pk=match.pk).result == match.result  # kept as it was
