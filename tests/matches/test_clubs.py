"""Clubs: the people who play together share a roster, matches and evenings, each as their role allows.

alice's personal club becomes the family's: bob joins it by its link, carla by its code; alice
makes bob a scorer. A member follows the matches; a scorer enters deals; an organiser does the rest.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from matches import live, services
from matches.clubs import SESSION_KEY
from matches.models import Club, Evening, Match, Membership, Player
from matches.services.clubs import LastOrganiser, club_join, membership_change, membership_end, personal_club

from .club_people import logged_in, looking_at
from .pages import texts
from .test_migrations import migrate

MakeMatch = Callable[..., Match]
HTMX = {"HX-Request": "true"}
EVEN = {"points": [10, 10, 10, 10]}


@pytest.fixture
def family(alice: User, bob: User, players: list[Player]) -> Club:
    """alice's club, which bob has joined as a member."""
    club = personal_club(alice)
    club_join(club=club, user=bob)
    return club


def test_a_new_account_has_its_own_club_with_itself_as_organiser(alice: User, alice_client: Client) -> None:
    response = alice_client.get(reverse("club_list"))

    club = personal_club(alice)
    assert club.name == "alice"
    assert club.memberships.get().role == Membership.Role.ORGANISER
    assert [name.split()[0] for name in texts(response, "span", class_="name")] == ["alice"]
    assert texts(response, "title") == ["Clubs · Scorekeeper"]
    assert "Change your password" in texts(response, "a")


def test_a_club_is_made_and_its_maker_looks_at_it(alice_client: Client, alice: User) -> None:
    response = alice_client.post(reverse("club_new"), {"name": "  Circolo   del Ponte "})

    club = Club.objects.get(name="Circolo del Ponte")
    assert response["Location"] == club.get_absolute_url()
    assert club.memberships.get(user=alice).is_organiser
    assert alice_client.session[SESSION_KEY] == club.pk
    page = alice_client.get(reverse("player_list"))
    assert "The roster of Circolo del Ponte." in page.content.decode()


def test_a_club_without_a_name_is_refused_and_nothing_is_made(alice_client: Client) -> None:
    response = alice_client.post(reverse("club_new"), {"name": "   "})

    assert response.status_code == 400
    assert "Give the club a name." in response.content.decode()
    assert Club.objects.exclude(personal_of__isnull=False).count() == 0


def test_someone_joins_by_the_clubs_link_after_a_confirmation(alice: User, bob: User) -> None:
    club = personal_club(alice)
    bob_phone = logged_in(bob)
    url = reverse("club_join", args=[club.join_token])

    page = bob_phone.get(url)
    assert "Join alice" in texts(page, "h1")[0]
    assert not club.memberships.filter(user=bob).exists()  # opening the link joins nothing

    joined = bob_phone.post(url)

    assert joined["Location"] == club.get_absolute_url()
    assert club.memberships.get(user=bob).role == Membership.Role.MEMBER
    assert bob_phone.session[SESSION_KEY] == club.pk


def test_a_visitor_opening_the_clubs_link_is_asked_to_log_in_and_comes_back(
    alice: User, client: Client
) -> None:
    club = personal_club(alice)
    url = reverse("club_join", args=[club.join_token])

    page = client.get(url)

    login = reverse("login")
    assert f'href="{login}?next={url}"' in page.content.decode()
    signup = client.get(reverse("signup") + f"?next={url}")
    made = client.post(
        reverse("signup"),
        {"username": "ugo", "password1": "a long password 1", "password2": "a long password 1", "next": url},
    )
    assert signup.status_code == 200
    assert made["Location"] == url


def test_someone_joins_by_the_code_typed_in_any_case_and_with_spaces(alice: User, carla: User) -> None:
    club = personal_club(alice)
    code = f" {club.code[:3].lower()} {club.code[3:]} "

    logged_in(carla).post(reverse("club_join_code"), {"code": code})

    assert club.memberships.filter(user=carla).exists()


def test_a_wrong_code_joins_nothing_and_says_so(carla: User) -> None:
    phone = logged_in(carla)

    response = phone.post(reverse("club_join_code"), {"code": "NOPE99"}, follow=True)

    assert "No club has that code" in response.content.decode()
    assert Membership.objects.filter(user=carla).count() == 1  # her own club only


def test_a_new_link_and_code_shut_out_the_old_ones(alice: User, alice_client: Client, carla: User) -> None:
    club = personal_club(alice)
    old_link, old_code = reverse("club_join", args=[club.join_token]), club.code

    alice_client.post(reverse("club_new_keys", args=[club.pk]))

    phone = logged_in(carla)
    assert phone.get(old_link).status_code == 404
    phone.post(reverse("club_join_code"), {"code": old_code})
    assert not club.memberships.filter(user=carla).exists()


def test_a_member_sees_the_clubs_matches_and_players_but_enters_no_deal(
    family: Club, bob: User, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    bob_phone = looking_at(logged_in(bob), family)

    assert texts(bob_phone.get(reverse("player_list")), "span", class_="name")[0].startswith("Anna")
    assert bob_phone.get(match.get_absolute_url()).status_code == 200
    assert bob_phone.post(reverse("deal_create", args=[match.pk]), {"points_0": "40"}).status_code == 403
    assert bob_phone.get(reverse("match_new")).status_code == 403
    assert 'id="deal-form"' not in bob_phone.get(match.get_absolute_url()).content.decode()


def test_a_scorer_enters_deals_and_starts_matches_but_does_not_change_the_rules(
    family: Club, bob: User, players: list[Player], make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    membership_change(membership=family.memberships.get(user=bob), role=Membership.Role.SCORER)
    bob_phone = looking_at(logged_in(bob), family)

    page = bob_phone.get(match.get_absolute_url())
    assert 'id="deal-form"' in page.content.decode()
    services.deal_record(match=match, entry=EVEN, author=bob)
    assert match.deals.count() == 2
    assert bob_phone.get(reverse("match_rules", args=[match.pk])).status_code == 403
    assert bob_phone.get(reverse("match_new")).status_code == 200


def test_a_member_removed_from_the_club_no_longer_sees_its_matches(
    family: Club, bob: User, alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    bob_phone = looking_at(logged_in(bob), family)
    match.refresh_from_db()
    live = f"{reverse('match_live', args=[match.pk])}?v={match.version}&s={match.status}"
    assert bob_phone.get(live, headers=HTMX).status_code == 204  # followed, and remembered

    membership = family.memberships.get(user=bob)
    alice_client.post(reverse("club_member", args=[family.pk, membership.pk]), {"remove": "1"})

    assert not family.memberships.filter(user=bob).exists()
    assert bob_phone.get(live, headers=HTMX).status_code == 404  # not "nothing changed"
    assert bob_phone.get(match.get_absolute_url()).status_code == 404
    assert [n.split()[0] for n in texts(bob_phone.get(reverse("club_list")), "span", class_="name")] == [
        "bob"
    ]


def test_the_last_organiser_can_neither_leave_nor_step_down(family: Club, alice: User) -> None:
    mine = family.memberships.get(user=alice)

    with pytest.raises(LastOrganiser):
        membership_change(membership=mine, role=Membership.Role.MEMBER)
    with pytest.raises(LastOrganiser):
        membership_end(membership=mine)

    assert family.memberships.get(user=alice).is_organiser


def test_an_organiser_steps_down_once_another_is_organiser(family: Club, alice: User, bob: User) -> None:
    membership_change(membership=family.memberships.get(user=bob), role=Membership.Role.ORGANISER)

    membership_change(membership=family.memberships.get(user=alice), role=Membership.Role.MEMBER)

    assert family.memberships.get(user=alice).role == Membership.Role.MEMBER


def test_one_leaves_a_club_but_never_ones_own(family: Club, alice_client: Client, bob: User) -> None:
    bob_phone = logged_in(bob)

    bob_phone.post(reverse("club_leave", args=[family.pk]))
    refused = alice_client.post(reverse("club_leave", args=[family.pk]), follow=True)

    assert not family.memberships.filter(user=bob).exists()
    assert "This is your own club" in refused.content.decode()


def test_a_member_says_this_is_me_of_one_player_at_a_time(
    family: Club, bob: User, players: list[Player]
) -> None:
    bob_phone = looking_at(logged_in(bob), family)

    bob_phone.post(reverse("player_me", args=[players[1].pk]))
    bob_phone.post(reverse("player_me", args=[players[2].pk]))

    linked = Player.objects.filter(account=bob)
    assert [p.name for p in linked] == ["Carla"]
    assert texts(bob_phone.get(reverse("player_list")), "small", class_="me") == ["you"]


def test_a_player_linked_to_someone_else_cannot_be_taken(
    family: Club, bob: User, carla: User, players: list[Player]
) -> None:
    club_join(club=family, user=carla)
    looking_at(logged_in(bob), family).post(reverse("player_me", args=[players[1].pk]))

    response = looking_at(logged_in(carla), family).post(
        reverse("player_me", args=[players[1].pk]), follow=True
    )

    assert Player.objects.get(pk=players[1].pk).account == bob
    assert "Bruno is already linked to another member." in response.content.decode()


def test_a_member_who_leaves_stays_on_the_sheets_unlinked(
    family: Club, bob: User, players: list[Player]
) -> None:
    looking_at(logged_in(bob), family).post(reverse("player_me", args=[players[1].pk]))

    membership_end(membership=family.memberships.get(user=bob))

    bruno = Player.objects.get(pk=players[1].pk)
    assert bruno.account is None
    assert bruno.club == family


def test_one_sees_only_the_clubs_one_belongs_to(family: Club, carla: User) -> None:
    phone = logged_in(carla)

    assert phone.post(reverse("club_choose", args=[family.pk])).status_code == 404
    assert phone.get(reverse("club_detail", args=[family.pk])).status_code == 404
    assert phone.get(reverse("player_list")).content.decode().count('class="name"') == 0


def test_a_session_pointing_at_a_club_left_since_falls_back_to_ones_own(family: Club, bob: User) -> None:
    bob_phone = looking_at(logged_in(bob), family)
    membership_end(membership=family.memberships.get(user=bob))

    page = bob_phone.get(reverse("player_list"))

    assert page.status_code == 200
    assert "The roster of bob." in page.content.decode()


def test_a_roles_change_is_an_organisers_alone(family: Club, bob: User) -> None:
    bob_phone = logged_in(bob)
    membership = family.memberships.get(user=bob)

    response = bob_phone.post(reverse("club_member", args=[family.pk, membership.pk]), {"role": "organiser"})

    assert response.status_code == 403
    assert family.memberships.get(user=bob).role == Membership.Role.MEMBER


def test_an_organiser_chooses_when_the_seasons_start(family: Club, alice_client: Client) -> None:
    alice_client.post(reverse("club_detail", args=[family.pk]), {"name": "Famiglia", "season_starts": "9"})

    family.refresh_from_db()
    assert (family.name, family.season_starts) == ("Famiglia", 9)


def test_a_month_that_is_none_is_refused(family: Club, alice_client: Client) -> None:
    response = alice_client.post(
        reverse("club_detail", args=[family.pk]), {"name": "F", "season_starts": "13"}
    )

    family.refresh_from_db()
    assert response.status_code == 200
    assert family.season_starts == 1


BEFORE_CLUBS = [("matches", "0016_links_that_end")]


@pytest.mark.django_db(transaction=True)
def test_the_migration_puts_every_accounts_things_into_its_personal_club() -> None:
    migrate(BEFORE_CLUBS)
    try:
        before = MigrationExecutor(connection).loader.project_state(BEFORE_CLUBS).apps
        old_player, old_match, old_evening = (
            before.get_model("matches", name) for name in ("Player", "Match", "Evening")
        )
        alice = User.objects.create_user("alice", password="alice-password-1")
        bob = User.objects.create_user("bob", password="bob-password-1")
        for owner, name in ((alice, "Anna"), (alice, "Bruno"), (bob, "Anna")):
            old_player.objects.create(owner_id=owner.pk, name=name)
        old_match.objects.create(owner_id=alice.pk, game="busca-000")
        old_evening.objects.create(owner_id=bob.pk, date=datetime.date(2026, 11, 28))
    finally:
        migrate()

    alices, bobs = Club.objects.get(personal_of=alice), Club.objects.get(personal_of=bob)
    assert [(m.user, m.role) for m in alices.memberships.all()] == [(alice, Membership.Role.ORGANISER)]
    assert sorted(p.name for p in alices.players.all()) == ["Anna", "Bruno"]
    assert [p.name for p in bobs.players.all()] == ["Anna"]
    assert Match.objects.get().club == alices
    assert Evening.objects.get().club == bobs
    assert alices.code != bobs.code
    assert logged_in(alice).get(reverse("player_list")).content.decode().count('class="name"') == 2


def test_a_stream_followed_by_a_member_ends_once_they_are_removed(
    family: Club, bob: User, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    bob_phone = looking_at(logged_in(bob), family)
    session_key = bob_phone.session.session_key
    assert session_key is not None
    follows = f"{live.MEMBER}{bob.pk}"
    assert live.version_followed(match.pk, session_key, follows) == Match.objects.get(pk=match.pk).version

    membership_end(membership=family.memberships.get(user=bob))

    assert live.version_followed(match.pk, session_key, follows) is None  # the stream says "gone"
