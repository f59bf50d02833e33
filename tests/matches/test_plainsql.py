"""The queries every page asks, in plain SQL (matches.plainsql): what they make is what the ORM makes."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches import services
from matches.evenings import evening_read
from matches.models import Evening, Match, Payment, Player
from matches.services import match_read, matches_read


def same_fields(made: Any, stored: Any, without: tuple[str, ...] = ()) -> None:
    for field in type(stored)._meta.concrete_fields:
        if field.name in without:
            continue
        mine, theirs = getattr(made, field.attname), getattr(stored, field.attname)
        assert (mine, type(mine)) == (theirs, type(theirs)), field.name


def test_a_match_read_is_the_match_the_orm_reads_with_its_evening(
    alice: User, make_match: Callable[..., Match]
) -> None:
    match = make_match(deals=[{"points": [10, 10, 10, 10]}], stake=2)
    match.evening = Evening.objects.create(owner=alice, date=datetime.date(2026, 11, 28), place="Bar Sport")
    match.save()

    with CaptureQueriesContext(connection) as queries:
        read = match_read(match.pk)
        evening = read.evening

    assert len(queries) == 1
    same_fields(read, Match.objects.get(pk=match.pk), without=("result",))
    same_fields(evening, Evening.objects.get(pk=match.evening.pk))
    assert read.options["stake"] == 2
    assert read.result == Match.objects.get(pk=match.pk).result  # left out, read when asked for


def test_a_match_without_an_evening_reads_none_without_asking_again(make_match: Callable[..., Match]) -> None:
    match = make_match()

    read = match_read(match.pk)

    with CaptureQueriesContext(connection) as queries:
        assert read.evening is None
    assert len(queries) == 0


def test_a_match_that_is_not_there_reads_none(make_match: Callable[..., Match]) -> None:
    match = make_match()

    assert match_read(match.pk + 1) is None
    assert match_read(2**63) is None  # past any id: no database error
    assert match_read(-(2**63) - 1) is None
    assert match_read(match.pk, locked=True) is not None


def test_an_evening_read_has_who_came_by_name_and_what_was_paid_as_the_orm_reads_them(
    alice: User, bob: User, players: list[Player]
) -> None:
    evening = Evening.objects.create(owner=alice, date=datetime.date(2026, 11, 28))
    players[2].name = "anna bis"  # sorted by name whatever the case: Anna, anna bis, Bruno, Dario
    players[2].save()
    evening.players.set(players)
    Payment.objects.create(evening=evening, payer=players[1], payee=players[0], amount=Decimal("2.50"))

    read = evening_read(evening.pk, alice.pk)

    assert read is not None
    same_fields(read.evening, Evening.objects.get(pk=evening.pk))
    assert [player.name for player in read.came] == ["Anna", "anna bis", "Bruno", "Dario"]
    (paid,) = read.paid
    same_fields(paid, Payment.objects.get())
    assert paid.amount == Decimal("2.50")
    assert evening_read(evening.pk, bob.pk) is None  # not bob's
    assert evening_read(2**63, alice.pk) is None


def test_an_evening_nobody_came_to_yet_reads_with_nobody(alice: User) -> None:
    evening = Evening.objects.create(owner=alice, date=datetime.date(2026, 11, 28))

    read = evening_read(evening.pk, alice.pk)

    assert read is not None
    assert (read.evening.pk, read.came, read.paid) == (evening.pk, [], [])


def test_matches_read_by_pk_are_whole_and_those_not_there_left_out(make_match: Callable[..., Match]) -> None:
    first, second = make_match(deals=[{"points": [10, 10, 10, 10]}]), make_match()

    read = matches_read([second.pk, first.pk, second.pk + 100])

    assert sorted(read) == sorted([first.pk, second.pk])
    same_fields(read[first.pk], Match.objects.get(pk=first.pk))  # its stored result too
    assert matches_read([]) == {}


def test_a_match_read_has_its_players_names_in_seating_order(make_match: Callable[..., Match]) -> None:
    match = make_match()

    read = match_read(match.pk)

    with CaptureQueriesContext(connection) as queries:
        assert services.seat_names(read) == ("Anna", "Bruno", "Carla", "Dario")
    assert len(queries) == 0


def test_names_read_with_a_match_are_read_again_once_a_player_is_renamed(
    make_match: Callable[..., Match], players: list[Player]
) -> None:
    read = match_read(make_match().pk)

    services.player_rename(players[0], "Annetta")

    assert services.match_standing(read).players == ("Annetta", "Bruno", "Carla", "Dario")
