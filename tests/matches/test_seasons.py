"""Seasons: a club's years, from the month it chose; every statistic reads one season or all time."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from matches import seasons
from matches.models import Player
from matches.services.clubs import personal_club

from .pages import texts
from .played import load

TODAY = timezone.localdate()


@pytest.mark.parametrize(
    ("starts", "day", "label"),
    [
        (1, datetime.date(2026, 1, 1), "2026"),
        (1, datetime.date(2026, 12, 31), "2026"),
        (9, datetime.date(2026, 9, 1), "2026/27"),
        (9, datetime.date(2027, 8, 31), "2026/27"),
        (9, datetime.date(2026, 8, 31), "2025/26"),
    ],
)
def test_a_day_is_in_the_season_that_started_last_on_the_clubs_month(
    starts: int, day: datetime.date, label: str
) -> None:
    season = seasons.season_of(starts, day)

    assert season.label == label
    assert season.holds(day)
    assert season.key == label[:4]


@pytest.mark.parametrize("sent", ["", "junk", "²⁰²⁶", "99999999999999999999", "1899", "-2026"])
def test_anything_but_a_year_or_all_is_the_current_season(sent: str) -> None:
    assert seasons.asked(1, {"season": sent}) == seasons.current(1)


def test_all_reads_all_time_and_a_year_its_season() -> None:
    assert seasons.asked(1, {"season": "all"}) is seasons.ALL_TIME
    assert seasons.asked(9, {"season": "2025"}) == seasons.season_of(9, datetime.date(2025, 10, 1))


def test_the_seasons_offered_are_those_played_newest_first_then_all_time() -> None:
    played = seasons.seasons_played(1, [datetime.date(2024, 5, 1), datetime.date(2024, 6, 1)])

    assert [s.label for s in played] == [seasons.current(1).label, "2024", "All time"]


def last_season() -> datetime.date:
    start = seasons.current(1).start
    assert start is not None
    return start - datetime.timedelta(days=40)


def test_last_seasons_match_is_out_of_this_seasons_figures_but_in_all_time(
    alice: User, alice_client: Client
) -> None:
    load(alice, "busca_finished", last_season())

    this_season = alice_client.get(reverse("stats"))
    all_time = alice_client.get(reverse("stats") + "?season=all")

    assert "No matches in this season yet" in this_season.content.decode()
    assert "Anna" in texts(all_time, "th", scope="row")
    chips = texts(this_season, "a", class_="chip")
    assert chips == [seasons.current(1).label, str(last_season().year), "All time"]


def test_a_players_figures_and_head_to_head_follow_the_season(alice: User, alice_client: Client) -> None:
    load(alice, "whist_anna_carla", last_season())
    load(alice, "whist_anna_dario", TODAY)
    anna, carla = (Player.objects.get(club=personal_club(alice), name=n) for n in ("Anna", "Carla"))

    now = alice_client.get(reverse("stats_player", args=[anna.pk]))
    ever = alice_client.get(reverse("stats_player", args=[anna.pk]) + "?season=all")
    h2h = reverse("stats_head_to_head") + f"?a={anna.pk}&b={carla.pk}"

    assert texts(now, "th", scope="row") == ["Dario"]  # her partners this season
    assert texts(ever, "th", scope="row") == ["Carla", "Dario"]
    assert len(texts(alice_client.get(h2h), "span", class_="date")) == 1  # at one table this season
    assert len(texts(alice_client.get(h2h + "&season=all"), "span", class_="date")) == 2
