"""The site backup keeps clubs: their members and roles, rule sets, players (who added each, and the
member who said "this is me"), notes; a restore puts them back, and a backup made before clubs
restores into each account's own club.

The Circolo: alice made it and organises it, bob scores in it and plays as Bruno; alice has her own
club too, and bob an evening in the Circolo.
"""

from __future__ import annotations

import copy
import json
from datetime import date
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.core import Refused
from matches import services
from matches.models import Club, Evening, Match, Membership, Player, RuleSet
from matches.services import accounts, backup
from matches.services.clubs import club_create, club_join, membership_change, personal_club, player_claim

from .test_backup import empty_the_database

FINISHED = [{"points": [34, 2, 2, 2]}, {"points": [34, 2, 2, 2]}]


@pytest.fixture
def circolo(alice: User, bob: User, players: list[Player]) -> Club:
    club = club_create(user=alice, name="Circolo del lunedì")
    club.season_starts = 9
    club.save()
    membership, _ = club_join(club=club, user=bob)
    membership_change(membership=membership, role=Membership.Role.SCORER)
    RuleSet.objects.create(club=club, name="Le nostre regole", game="busca-000", options={"stake": 1})
    seated = [
        Player.objects.create(club=club, owner=alice, name="Anna"),
        Player.objects.create(club=club, owner=bob, name="Bruno"),
        Player.objects.create(club=club, owner=alice, name="Carla"),
        Player.objects.create(club=club, owner=bob, name="Dario"),
    ]
    Player.objects.create(club=club, owner=alice, name="Ivo", archived=True)
    player_claim(player=seated[1], user=bob)
    evening = Evening.objects.create(club=club, owner=bob, date=date(2026, 11, 30), place="Bar", note="Pizza")
    evening.players.set(seated)
    match = services.match_create(
        owner=bob, club=club, game="busca-000", options={"stake": 1}, players=seated, first_dealer=1
    )
    for entry in FINISHED:
        services.deal_record(match=match, entry=entry, author=bob)
    Match.objects.filter(pk=match.pk).update(evening=evening, note="Bruno dealt badly")
    services.match_create(owner=alice, game="whist", options={}, players=players, first_dealer=0)  # her own
    return club


def restored_circolo() -> Club:
    return Club.objects.get(name="Circolo del lunedì")


def test_a_club_with_two_members_is_backed_up_and_restored_as_it_was(circolo: Club) -> None:
    before = backup.site_backup()
    code, token = circolo.code, circolo.join_token
    empty_the_database()

    assert backup.site_restore(json.loads(json.dumps(before))) == ["alice", "bob"]

    assert backup.site_backup() == before
    club = restored_circolo()
    assert (club.code, club.join_token, club.season_starts, club.personal_of) == (code, token, 9, None)
    roles = [(m.user.username, m.role) for m in club.memberships.order_by("joined_at")]
    assert roles == [("alice", "organiser"), ("bob", "scorer")]
    assert Player.objects.get(club=club, name="Bruno").account == User.objects.get(username="bob")
    assert Player.objects.get(club=club, name="Dario").owner == User.objects.get(username="bob")
    assert Player.objects.get(club=club, name="Ivo").archived
    assert [(r.name, r.game, r.options) for r in club.rule_sets.all()] == [
        ("Le nostre regole", "busca-000", {"stake": 1})
    ]
    match = Match.objects.get(club=club)
    assert (match.note, match.owner.username if match.owner else None) == ("Bruno dealt badly", "bob")
    assert match.evening is not None
    assert match.evening.note == "Pizza"
    assert match.status == Match.Status.FINISHED
    alices = personal_club(User.objects.get(username="alice"))
    assert Match.objects.filter(club=alices, game="whist").count() == 1


def test_the_backup_says_where_each_thing_is(circolo: Club) -> None:
    saved = backup.site_backup()

    alice, bob = saved["accounts"]
    assert alice["club"]["name"] == "alice"
    assert [m["document"]["game"] for m in alice["matches"]] == ["whist"]
    assert bob["club"] is None  # he never needed a club of his own
    (club,) = saved["clubs"]
    assert club["personal_of"] is None
    assert [(m["username"], m["role"]) for m in club["members"]] == [
        ("alice", "organiser"),
        ("bob", "scorer"),
    ]
    assert {p["name"]: (p["owner"], p["account"]) for p in club["players"]}["Bruno"] == ("bob", "bob")
    assert [(m["owner"], m["note"], m["evening"]) for m in club["matches"]] == [
        ("bob", "Bruno dealt badly", 1)
    ]


def test_a_backup_of_one_member_holds_their_clubs_and_restores_them_with_an_organiser(
    circolo: Club,
) -> None:
    saved = backup.site_backup(["bob"])
    empty_the_database()

    assert backup.site_restore(saved) == ["bob"]

    club = restored_circolo()
    assert [(m.user.username, m.role) for m in club.memberships.all()] == [("bob", "organiser")]
    assert Player.objects.get(club=club, name="Anna").owner is None  # alice's: not in this backup
    assert Match.objects.filter(club=club).count() == 1
    assert not Club.objects.filter(name="alice").exists()


def test_a_backup_made_before_clubs_restores_into_each_owners_own_club(circolo: Club) -> None:
    saved = backup.site_backup()
    old = copy.deepcopy(saved)
    del old["clubs"]
    for account in old["accounts"]:
        del account["club"]
        for player in account["players"]:
            for key in ("owner", "account", "created_at"):
                del player[key]
        for evening in account["evenings"]:
            del evening["owner"], evening["note"]
        for match in account["matches"]:
            del match["owner"], match["note"]
    empty_the_database()

    assert backup.site_restore(old) == ["alice", "bob"]

    alice = User.objects.get(username="alice")
    own = Club.objects.get(personal_of=alice)
    assert [(m.user, m.role) for m in own.memberships.all()] == [(alice, "organiser")]
    assert sorted(Player.objects.filter(club=own).values_list("name", "owner")) == [
        (name, alice.pk) for name in ("Anna", "Bruno", "Carla", "Dario")
    ]
    assert Match.objects.get(club=own).owner == alice
    assert not Club.objects.filter(personal_of__username="bob").exists()


def test_a_club_whose_account_was_deleted_is_backed_up_and_restored(
    alice: User, bob: User, circolo: Club
) -> None:
    accounts.account_delete(bob)
    saved = backup.site_backup()
    empty_the_database()

    assert backup.site_restore(saved) == ["alice"]

    club = restored_circolo()
    assert Player.objects.get(club=club, name="Bruno").account is None
    assert Match.objects.get(club=club).owner is None
    assert backup.site_backup() == saved


def refused(document: Any) -> list[str]:
    with pytest.raises(Refused) as refusal:
        backup.site_restore(document)
    assert not User.objects.exists(), "a refused restore stores nothing"
    assert not Club.objects.exists()
    return [str(problem) for problem in refusal.value.problems]


AT = "backup.clubs[0]"


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (
            lambda c: c["members"][1].update(role="boss"),
            f"{AT}.members[1]: role must be one of organiser, scorer, member",
        ),
        (lambda c: c["members"].append(c["members"][1]), f"{AT}.members[2]: bob is a member twice"),
        (lambda c: c.update(season_starts=13), f"{AT}: season_starts must be a month, 1 to 12"),
        (lambda c: c.update(name=" "), f"{AT}: name must be 1 to 60 characters"),
        (lambda c: c["rule_sets"][0].update(game="scopa"), f"{AT}.rule_sets[0]: there is no game scopa"),
        (lambda c: c["players"][4].update(account="bob"), f"{AT}.players[4]: bob is linked to two players"),
        (
            lambda c: c["matches"][0].update(note="x" * 2001),
            f"{AT}.matches[0]: note must be 0 to 2000 characters",
        ),
        (lambda c: c["matches"][0].update(evening=2), f"{AT}.matches[0]: there is no evening 2"),
    ],
)
def test_a_club_that_breaks_a_rule_is_refused_whole(circolo: Club, change: Any, problem: str) -> None:
    saved = backup.site_backup()
    empty_the_database()
    change(saved["clubs"][0])

    assert refused(saved) == [problem]


def test_two_clubs_with_one_code_are_refused(circolo: Club) -> None:
    saved = backup.site_backup()
    empty_the_database()
    saved["clubs"][0]["code"] = saved["accounts"][0]["club"]["code"]

    assert refused(saved) == [f"backup.clubs[0]: code {saved['clubs'][0]['code']} is another club's"]
