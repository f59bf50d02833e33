"""Ratings: each finished match moves its players' ratings in its family of games, as the rules placed
them; the leaderboard ranks a club's players by season; each move says why.

The matches are the statistics' fixtures (fixtures/stats), imported into alice's club and dated.
"""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from matches import ratings, seasons, stats
from matches.models import Match, Player
from matches.services.clubs import personal_club

from .pages import texts
from .played import load


def board(owner: User, family: str, season: seasons.Season = seasons.ALL_TIME) -> dict[str, ratings.Rated]:
    reps = stats.replayed_matches(personal_club(owner))
    return {r.player.name: r for r in ratings.rate(reps, family, season)}


def places(owner: User, match: Match) -> dict[str, tuple[int, ...]]:
    """Where the rules placed each player of ``match`` (lower is better)."""
    rep = next(rep for rep in stats.replayed_matches(personal_club(owner)) if rep.match.pk == match.pk)
    return {player.name: rep.standing(seat) for seat, player in enumerate(rep.players)}


TODAY = timezone.localdate()


def test_the_winner_of_a_busca_match_rates_above_the_loser_and_ties_share(alice: User) -> None:
    match = load(alice, "busca_finished", TODAY)
    placed = places(alice, match)

    rated = board(alice, "busca")

    best, worst = min(placed, key=placed.__getitem__), max(placed, key=placed.__getitem__)
    assert len(set(placed.values())) < len(placed)  # two players finished level
    assert rated[best].rating > 0 > rated[worst].rating
    for a in placed:
        for b in placed:
            if placed[a] == placed[b]:
                assert rated[a].rating == rated[b].rating
            elif placed[a] < placed[b]:
                assert rated[a].rating > rated[b].rating


def test_a_match_in_progress_moves_no_rating(alice: User) -> None:
    load(alice, "busca_in_progress", TODAY)

    assert board(alice, "busca") == {}


def test_whist_partners_move_together_and_the_pair_that_won_rates_above(alice: User) -> None:
    match = load(alice, "whist_anna_carla", TODAY)
    placed = places(alice, match)

    rated = board(alice, "whist")

    assert rated["Anna"].rating == rated["Carla"].rating
    assert rated["Bruno"].rating == rated["Dario"].rating
    winners = "Anna" if placed["Anna"] < placed["Bruno"] else "Bruno"
    losers = "Bruno" if winners == "Anna" else "Anna"
    assert rated[winners].rating > rated[losers].rating
    partner = {"Anna": "Carla", "Bruno": "Dario"}[winners]
    beaten = {"Anna": "Bruno (0.0) and Dario (0.0)", "Bruno": "Anna (0.0) and Carla (0.0)"}[winners]
    last = rated[winners].last
    assert last is not None
    assert f": won with {partner} in Whist; ahead of {beaten}." in last.why()
    lost = rated[losers].last
    assert lost is not None
    assert ": lost with " in lost.why()
    assert "; behind " in lost.why()


def test_the_families_are_rated_apart(alice: User) -> None:
    load(alice, "busca_finished", TODAY)
    load(alice, "mambassa", TODAY)

    busca, mambassa = board(alice, "busca"), board(alice, "mambassa")

    assert set(mambassa) == {"Anna", "Bruno", "Carla"}
    assert all(len(r.moves) == 1 for r in [*busca.values(), *mambassa.values()])


def test_each_season_starts_afresh_and_all_time_counts_both(alice: User) -> None:
    start = seasons.current(1).start
    assert start is not None
    last_year = start - datetime.timedelta(days=30)
    load(alice, "busca_finished", last_year)
    load(alice, "busca_finished", TODAY)

    this_season = board(alice, "busca", seasons.current(1))
    all_time = board(alice, "busca")

    assert {len(r.moves) for r in this_season.values()} == {1}
    assert {len(r.moves) for r in all_time.values()} == {2}
    assert max(r.rating for r in all_time.values()) > max(r.rating for r in this_season.values())


def test_why_a_rating_moved_names_the_place_and_the_players_beaten(alice: User) -> None:
    match = load(alice, "busca_finished", datetime.date(2026, 11, 20))
    placed = places(alice, match)
    best = min(placed, key=placed.__getitem__)

    move = board(alice, "busca")[best].moves[0]

    said = move.why()
    level = [name for name in placed if name != best and placed[name] == placed[best]]
    beaten = [name for name in placed if placed[name] > placed[best]]
    # everyone's first match: all rated 0.0 before it
    assert said == (
        f"+{move.change} on 20 Nov: first of 4 in Busca / Busche; level with {level[0]} (0.0); "
        f"ahead of {beaten[0]} (0.0) and {beaten[1]} (0.0)."
    )
    worst = max(placed, key=placed.__getitem__)
    last = board(alice, "busca")[worst].moves[0].why()
    assert last.startswith("−")
    assert ": fourth of 4 in Busca / Busche; behind " in last


def test_the_leaderboard_lists_the_club_best_first_and_links_each_chart(
    alice: User, alice_client: Client
) -> None:
    load(alice, "busca_finished", TODAY)
    rated = board(alice, "busca")

    page = alice_client.get(reverse("rating_list"))

    names = texts(page, "th", scope="row")
    assert names == sorted(rated, key=lambda n: (-rated[n].rating, n.lower()))
    anna = Player.objects.get(name="Anna")
    chart = alice_client.get(reverse("rating_player", args=[anna.pk]))
    assert chart.status_code == 200
    assert "Anna&#x27;s rating in Busca / Busche after each finished match:" in chart.content.decode()
    assert 'role="img"' in chart.content.decode()


def test_an_empty_club_is_told_when_ratings_start(alice_client: Client) -> None:
    page = alice_client.get(reverse("rating_list"))

    assert "No finished match yet" in page.content.decode()


@pytest.mark.parametrize(
    "query", ["?season=junk", "?rating=nothing", "?season=99999999999999999999", "?season=all"]
)
def test_anything_asked_for_reads_a_season_and_a_family(
    alice: User, alice_client: Client, query: str
) -> None:
    load(alice, "busca_finished", TODAY)

    page = alice_client.get(reverse("rating_list") + query)

    assert page.status_code == 200
    assert len(texts(page, "th", scope="row")) == 4


def test_another_clubs_player_is_not_found(alice: User, bob_client: Client) -> None:
    load(alice, "busca_finished", TODAY)
    anna = Player.objects.get(name="Anna")

    assert bob_client.get(reverse("rating_player", args=[anna.pk])).status_code == 404
    assert texts(bob_client.get(reverse("rating_list")), "th", scope="row") == []


def test_matches_are_rated_in_the_order_they_finished(alice: User) -> None:
    first = load(alice, "whist_anna_carla", TODAY)
    second = load(alice, "whist_anna_dario", TODAY)
    # the match begun first finished last
    assert second.finished_at is not None
    Match.objects.filter(pk=first.pk).update(finished_at=second.finished_at + datetime.timedelta(hours=1))

    moves = board(alice, "whist")["Anna"].moves

    assert [move.rep.match.pk for move in moves] == [second.pk, first.pk]
    assert moves[1].before == moves[0].after


def test_a_players_page_says_why_each_match_moved_the_rating_newest_first(
    alice: User, alice_client: Client
) -> None:
    load(alice, "busca_finished", datetime.date(2026, 11, 20))
    load(alice, "busca_finished", datetime.date(2026, 11, 27))
    anna = board(alice, "busca")["Anna"]
    assert anna.last is not None

    page = alice_client.get(reverse("rating_player", args=[anna.player.pk]) + "?season=all")

    said = [text for text in texts(page, "li") if " on 2" in text]
    assert said == [move.why() for move in reversed(anna.moves)]
    assert said[0].startswith(f"{anna.last.change_text} on 27 Nov:")
    row = texts(alice_client.get(reverse("rating_list") + "?season=all"), "tr")
    assert any(r.split()[1] == "Anna" and r.split()[-1] == anna.last.change_text for r in row[1:])


def test_a_player_with_no_rated_match_is_told_so(alice: User, alice_client: Client) -> None:
    load(alice, "busca_finished", TODAY)
    other = Player.objects.create(owner=alice, name="Elsa")

    page = alice_client.get(reverse("rating_player", args=[other.pk]))

    assert page.status_code == 200
    assert "Elsa has no finished match of this game in this season." in page.content.decode()
    assert 'role="img"' not in page.content.decode()
