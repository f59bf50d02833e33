"""A rematch: once a match is over, one tap starts the same players in the same seats, under the same
house rules and in the same evening, with the first dealer the rules choose: in Busca the last
deal's loser (who would have dealt next), in Whist the player to the right of the last dealer.
Sent twice, or from two phones, it starts one match."""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from matches import services
from matches.models import Match, Membership, Player
from matches.services.rematch import StillInProgress, match_rematch

from .club_people import club_with, logged_in
from .guests import scorer, viewer
from .pages import count, text

MakeMatch = Callable[..., Match]
BRUNO_34 = {"points": [2, 34, 2, 2]}  # Bruno takes 14 busche; twice ends a busca-000 match (28 > 20)
SLAM = {"tricks": [13, 0], "honours": [4, 0]}  # Anna & Carla win a Whist game in one deal


def rematch_url(match: Match) -> str:
    return reverse("match_rematch", args=[match.pk])


def seated(match: Match) -> list[str]:
    return [seat.player.name for seat in match.seats.order_by("position")]


@pytest.fixture
def finished(make_match: MakeMatch) -> Match:
    """A busca-000 match of alice's, over after deal 2: Anna dealt deal 1, Bruno (its loser) deal 2."""
    return make_match(deals=[BRUNO_34, BRUNO_34], stake=0.5, single_limit=25)


def test_a_rematch_starts_the_same_players_in_the_same_seats_under_the_same_rules(
    alice_client: Client, alice: User, finished: Match
) -> None:
    assert finished.status == Match.Status.FINISHED

    response = alice_client.post(rematch_url(finished))

    rematch = Match.objects.exclude(pk=finished.pk).get()
    assert response["Location"] == rematch.get_absolute_url()
    assert (rematch.club_id, rematch.game, rematch.owner) == (finished.club_id, "busca-000", alice)
    assert rematch.options == finished.options
    assert seated(rematch) == seated(finished) == ["Anna", "Bruno", "Carla", "Dario"]
    assert rematch.status == Match.Status.IN_PROGRESS
    assert not rematch.deals.exists()
    assert rematch.note == ""
    assert rematch.start is None


def test_in_busca_the_last_deals_loser_deals_first(alice_client: Client, finished: Match) -> None:
    """R000-2: «chi perde sarà il mazziere al successivo giro». Bruno lost deal 2, which he dealt;
    passing the deal to the right would wrongly give it to Carla."""
    alice_client.post(rematch_url(finished))

    rematch = Match.objects.exclude(pk=finished.pk).get()
    assert rematch.first_dealer == 1  # Bruno
    assert services.match_standing(rematch).played.next_dealer == 1


def test_in_busca_croce_the_busca_taker_deals_first(alice: User, make_match: MakeMatch) -> None:
    """R003-2: «è mazziere chi ha segnato una busca». Carla and Dario tie at 15 each deal (4 busche
    each) and reach 12 after deal 3, which Dario dealt: of the two takers, the first after him deals."""
    deal = {"points": [2, 3, 15, 15]}
    match = make_match("busca-003", deals=[deal, deal, deal])
    assert match.status == Match.Status.FINISHED
    assert services.match_standing(match).played.deals[-1].dealer == 3  # Dario

    rematch, started = match_rematch(match=match, owner=alice)

    assert started
    assert rematch.first_dealer == 2  # Carla, not Anna (the seat to the right of Dario)


def test_in_whist_the_deal_passes_to_the_right_of_the_last_dealer(
    alice_client: Client, make_whist: MakeMatch
) -> None:
    rubber = make_whist(deals=[SLAM, SLAM], stake=1)  # Anna dealt deal 1, Bruno deal 2
    assert rubber.status == Match.Status.FINISHED

    alice_client.post(rematch_url(rubber))

    rematch = Match.objects.exclude(pk=rubber.pk).get()
    assert (rematch.game, rematch.first_dealer) == ("whist", 2)  # Carla
    assert rematch.options == rubber.options


def test_a_rematch_is_of_the_same_evening(alice: User, players: list[Player], alice_client: Client) -> None:
    evening = services.evening_create(
        owner=alice, date=datetime.date(2026, 12, 4), place="Da Carla", players=players
    )
    match = services.match_create(
        owner=alice, game="busca-000", options={}, players=players, first_dealer=0, evening=evening
    )
    for deal in (BRUNO_34, BRUNO_34):
        services.deal_record(match=match, entry=deal, author=alice)

    alice_client.post(rematch_url(match))

    assert Match.objects.exclude(pk=match.pk).get().evening == evening


def test_sent_twice_it_starts_one_match_and_the_second_finds_it(
    alice_client: Client, finished: Match
) -> None:
    first = alice_client.post(rematch_url(finished))
    second = alice_client.post(rematch_url(finished))

    assert Match.objects.count() == 2
    assert first["Location"] == second["Location"]
    page = alice_client.get(second["Location"])
    assert "The rematch was already started: here it is." in text(page, "ul", class_="messages")


def test_another_phone_tapping_rematch_joins_the_same_one(
    alice: User, bob: User, alice_client: Client, finished: Match
) -> None:
    club_with(alice, bob, Membership.Role.SCORER)
    alice_client.post(rematch_url(finished))

    bobs = logged_in(bob).post(rematch_url(finished))

    assert Match.objects.count() == 2
    assert bobs["Location"] == Match.objects.exclude(pk=finished.pk).get().get_absolute_url()


def test_a_new_match_after_the_rematch_is_another(alice: User, finished: Match) -> None:
    rematch, started = match_rematch(match=finished, owner=alice)
    assert started
    for deal in (BRUNO_34, BRUNO_34):
        services.deal_record(match=rematch, entry=deal, author=alice)

    again, started_again = match_rematch(match=rematch.__class__.objects.get(pk=rematch.pk), owner=alice)

    assert started_again
    assert again.pk not in (finished.pk, rematch.pk)


def test_a_match_in_progress_has_no_rematch_yet(
    alice_client: Client, make_match: MakeMatch, alice: User
) -> None:
    match = make_match(deals=[BRUNO_34])

    response = alice_client.post(rematch_url(match))

    assert response["Location"] == match.get_absolute_url()
    assert Match.objects.count() == 1
    page = alice_client.get(match.get_absolute_url())
    assert "a rematch starts once it is over" in text(page, "ul", class_="messages")
    assert count(page, "form", action=rematch_url(match)) == 0
    with pytest.raises(StillInProgress):
        match_rematch(match=match, owner=alice)


def test_an_archived_player_keeps_their_seat(
    alice_client: Client, finished: Match, players: list[Player]
) -> None:
    services.player_archive(player=players[3])

    alice_client.post(rematch_url(finished))

    assert seated(Match.objects.exclude(pk=finished.pk).get())[3] == "Dario"


# -- Who may start one ------------------------------------------------------------------------------


def test_a_scorer_of_the_club_starts_it_and_owns_it(alice: User, bob: User, finished: Match) -> None:
    club_with(alice, bob, Membership.Role.SCORER)
    bob_phone = logged_in(bob)

    page = bob_phone.get(finished.get_absolute_url())
    assert count(page, "form", action=rematch_url(finished)) == 1
    response = bob_phone.post(rematch_url(finished))

    rematch = Match.objects.exclude(pk=finished.pk).get()
    assert response["Location"] == rematch.get_absolute_url()
    assert (rematch.owner, rematch.club_id) == (bob, finished.club_id)


def test_a_member_who_follows_starts_none(alice: User, bob: User, finished: Match) -> None:
    club_with(alice, bob, Membership.Role.MEMBER)
    bob_phone = logged_in(bob)

    assert count(bob_phone.get(finished.get_absolute_url()), "form", action=rematch_url(finished)) == 0
    assert bob_phone.post(rematch_url(finished)).status_code == 403
    assert Match.objects.count() == 1


def test_a_phone_with_a_link_starts_no_match_in_the_club(finished: Match) -> None:
    scorer_phone, viewer_phone = scorer(finished), viewer(finished)

    assert count(scorer_phone.get(finished.get_absolute_url()), "form", action=rematch_url(finished)) == 0
    assert scorer_phone.post(rematch_url(finished)).status_code == 403
    assert viewer_phone.post(rematch_url(finished)).status_code == 403
    assert Match.objects.count() == 1


def test_another_club_and_a_visitor_start_none(bob_client: Client, client: Client, finished: Match) -> None:
    assert bob_client.post(rematch_url(finished)).status_code == 404
    assert client.post(rematch_url(finished)).status_code == 302  # to log in
    assert Match.objects.count() == 1


def test_a_rematch_asks_for_a_post(alice_client: Client, finished: Match) -> None:
    assert alice_client.get(rematch_url(finished)).status_code == 405
    assert Match.objects.count() == 1
