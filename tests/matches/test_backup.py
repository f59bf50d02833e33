"""Backup and restore: every match of every account leaves as a document and comes back exactly.

The round trip: a site with matches of every game, an evening with a payment, two accounts; a
backup; an emptied database; a restore; a second backup identical to the first.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.test import RequestFactory

from games.core import Refused
from matches import services
from matches.models import Evening, Match, Payment, Player
from matches.services import backup

MakeMatch = Callable[..., Match]
QUARANTUNO_DEAL = {"hands": [h.split() for h in ("FC CC RC 1C", "5S 6S 7S 2B", "3D 4D 6B RB", "1S 3S 7D 1B")]}


@pytest.fixture
def site(
    alice: User,
    bob: User,
    players: list[Player],
    make_match: MakeMatch,
    make_mambassa: MakeMatch,
    make_whist: MakeMatch,
) -> list[Match]:
    """Matches of every game, finished and in progress, an evening with a payment, bob's own match."""
    evening = Evening.objects.create(
        owner=alice, date=date(2026, 11, 28), place="Bar Sport", public_token="t"
    )
    evening.players.set(players)
    matches = [
        make_match(deals=[{"points": [34, 2, 2, 2]}, {"points": [34, 2, 2, 2]}], stake=1),  # finished
        make_match(deals=[{"points": [25, 8, 5, 2]}], renege_penalty=2),
        make_match("busca-001", deals=[{"points": [20, 10, 6, 4]}], max_deals=3),
        services.match_import(
            owner=alice,
            doc={
                "format": "scorekeeper-match/1",
                "game": "busca-003",
                "options": {"threshold": 12},
                "players": ["Anna", "Bruno", "Carla", "Dario"],
                "first_dealer": "Carla",
                "start": {"totals": [3, 0, 1, 0]},
                "deals": [{"points": [20, 5, 5, 5]}],
            },
        ),
        make_mambassa(deals=[{"payers": ["Bruno"]}, QUARANTUNO_DEAL], stake=0.5),
        make_whist(deals=[{"tricks": [9, 4], "honours": [3, 1]}], stake=2),
    ]
    Match.objects.filter(pk__in=[matches[0].pk, matches[4].pk]).update(evening=evening)
    Payment.objects.create(evening=evening, payer=players[1], payee=players[0], amount=Decimal("1.00"))
    archived = Player.objects.get(owner=alice, name="Ivo")
    archived.archived = True
    archived.save()
    bobs = [Player.objects.create(owner=bob, name=name) for name in ("Anna", "Zeno", "Ugo", "Lia")]
    matches.append(services.match_create(owner=bob, game="whist", options={}, players=bobs, first_dealer=2))
    return matches


def empty_the_database() -> None:
    if connection.vendor == "postgresql":
        # Inside the test's transaction: check the deferred foreign keys now, or TRUNCATE refuses.
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    call_command("flush", interactive=False, verbosity=0)
    assert not User.objects.exists()
    assert not Match.objects.exists()


def test_a_restored_backup_backs_up_exactly_as_before(site: list[Match]) -> None:
    before = backup.site_backup()
    documents = {match.pk: services.match_export(match) for match in site}
    empty_the_database()

    assert backup.site_restore(json.loads(json.dumps(before))) == ["alice", "bob"]

    assert backup.site_backup() == before
    restored = Match.objects.order_by("owner__date_joined", "created_at", "pk")
    assert [services.match_export(match) for match in restored] == list(documents.values())


def test_a_backup_keeps_each_match_document_the_evening_and_its_payment(site: list[Match]) -> None:
    alice = backup.site_backup(["alice"])["accounts"][0]

    assert [m["document"]["game"] for m in alice["matches"]] == [
        "busca-000",
        "busca-000",
        "busca-001",
        "busca-003",
        "mambassa",
        "whist",
    ]
    assert alice["matches"][0]["document"] == services.match_export(site[0])
    assert [m["evening"] for m in alice["matches"]] == [1, None, None, None, 1, None]
    evening = alice["evenings"][0]
    assert (evening["date"], evening["place"]) == ("2026-11-28", "Bar Sport")
    assert [(p["payer"], p["payee"], p["amount"]) for p in evening["payments"]] == [("Bruno", "Anna", "1.00")]
    assert {p["name"]: p["archived"] for p in alice["players"]}["Ivo"] is True


def test_a_restored_account_logs_in_with_its_password(site: list[Match]) -> None:
    saved = backup.site_backup()
    empty_the_database()
    backup.site_restore(saved)

    request = RequestFactory().post("/accounts/login/")
    assert authenticate(request, username="alice", password="alice-password-1") is not None


def test_the_commands_write_a_file_and_read_it_back(site: list[Match], tmp_path: Path) -> None:
    path = tmp_path / "backup.json"
    call_command("backup", output=str(path))
    saved = json.loads(path.read_text(encoding="utf-8"))
    empty_the_database()
    out = io.StringIO()

    call_command("restore", str(path), stdout=out)

    assert out.getvalue().split() == ["alice", "bob"]
    assert backup.site_backup() == saved
    assert Match.objects.count() == len(site)


def test_a_backup_of_one_account_holds_only_that_account(site: list[Match]) -> None:
    out = io.StringIO()
    call_command("backup", owner=["bob"], stdout=out)

    saved = json.loads(out.getvalue())

    assert [account["username"] for account in saved["accounts"]] == ["bob"]
    assert [m["document"]["players"] for m in saved["accounts"][0]["matches"]] == [
        ["Anna", "Zeno", "Ugo", "Lia"]
    ]


def test_a_backup_of_an_unknown_account_is_refused(site: list[Match]) -> None:
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit:
        call_command("backup", owner=["carla"], stderr=err)

    assert exit.value.code == 1
    assert err.getvalue().strip() == "there is no account carla"


def refused_restore(document: Any) -> list[str]:
    before = (User.objects.count(), Match.objects.count(), Player.objects.count(), Evening.objects.count())
    with pytest.raises(Refused) as refused:
        backup.site_restore(document)
    after = (User.objects.count(), Match.objects.count(), Player.objects.count(), Evening.objects.count())
    assert after == before, "a refused restore stores nothing"
    return [str(problem) for problem in refused.value.problems]


def test_a_restore_over_an_existing_account_is_refused_and_stores_nothing(site: list[Match]) -> None:
    saved = backup.site_backup()
    empty_the_database()
    User.objects.create_user("bob")

    assert refused_restore(saved) == [
        "backup.accounts[1]: the account bob already exists; restore into an empty database"
    ]
    assert not User.objects.filter(username="alice").exists(), "alice came first and is rolled back"


def test_a_backup_with_a_broken_match_is_refused_whole(site: list[Match]) -> None:
    saved = backup.site_backup()
    empty_the_database()
    saved["accounts"][1]["matches"][0]["document"]["deals"] = [{"tricks": [9, 9], "honours": [3, 1]}]

    problems = refused_restore(saved)

    assert problems == ["backup.accounts[1].matches[0]: deal 1: tricks add up to 18; the two pairs take 13"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("document", "problem"),
    [
        ([], "this file is not a backup (format scorekeeper-backup/1)"),
        ({"format": "scorekeeper-match/1"}, "this file is not a backup (format scorekeeper-backup/1)"),
        ({"format": "scorekeeper-backup/1"}, "backup: accounts is missing"),
        ({"format": "scorekeeper-backup/1", "accounts": [7]}, "backup.accounts[0]: must be an object"),
        ({"format": "scorekeeper-backup/1", "accounts": [{}]}, "backup.accounts[0]: username is missing"),
        (
            {"format": "scorekeeper-backup/1", "accounts": [{"username": "x", "password": 3}]},
            "backup.accounts[0].password: has the wrong type",
        ),
    ],
)
def test_a_file_that_is_not_a_backup_is_refused_with_where_it_breaks(document: Any, problem: str) -> None:
    assert refused_restore(document) == [problem]


def test_the_restore_command_refuses_a_broken_file_on_standard_error(tmp_path: Path, db: Any) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "scorekeeper-backup/1", "accounts": [', encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()

    with pytest.raises(SystemExit) as exit:
        call_command("restore", str(path), stdout=out, stderr=err)

    assert exit.value.code == 1
    assert out.getvalue() == ""
    assert err.getvalue() == "the document is not JSON: Expecting value at line 1, column 49\n"
    assert not User.objects.exists()
