"""Records: each game says what its records are and what a match marks towards them; a club's page
names the holders for the season, every one of them when tied."""

from __future__ import annotations

import datetime
import json
from typing import Any

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from matches import records, seasons, stats
from matches.services.clubs import personal_club

from .pages import texts
from .played import FIXTURES, imported, load

TODAY = timezone.localdate()


def held(owner: User, season: seasons.Season = seasons.ALL_TIME) -> dict[str, dict[str, records.Record]]:
    found = records.club_records(stats.replayed_matches(personal_club(owner)), season)
    return {f.key: {r.label: r for r in f.records} for f in found}


def test_busca_marks_the_most_busche_of_one_deal_and_the_longest_clean_run(alice: User) -> None:
    load(alice, "busca_finished")
    rep = stats.replayed_matches(personal_club(alice))[0]
    busche = [[deal.busche[seat] for deal in rep.played.deals] for seat in range(4)]

    busca = held(alice)["busca"]

    most = max(max(row) for row in busche)
    assert busca["Most busche in one deal"].value == most
    assert busca["Most busche in one deal"].holders == [
        rep.players[seat].name for seat in range(4) if max(busche[seat]) == most
    ]
    assert busca["Most busche in one deal"].match == rep.match
    runs = []
    for row in busche:
        run = best = 0
        for taken in row:
            run = 0 if taken else run + 1
            best = max(best, run)
        runs.append(best)
    assert busca["Longest run of deals without a busca"].value == max(runs)


def busca_doc() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((FIXTURES / "busca_finished.json").read_text())
    return doc


CLEAN_RUN = "Longest run of deals without a busca"


def test_a_run_without_a_busca_goes_on_into_the_next_match_and_names_both_when_tied(alice: User) -> None:
    load(alice, "busca_finished")  # Carla and Dario take no busca in its 5 deals
    second = load(alice, "busca_finished")

    run = held(alice)["busca"][CLEAN_RUN]

    assert (run.value, sorted(run.holders), run.match) == (10, ["Carla", "Dario"], second)


def test_a_busca_ends_the_run_and_the_next_match_starts_none_afresh(alice: User) -> None:
    load(alice, "busca_finished")
    doc = busca_doc()
    doc["deals"][3] = {"points": [10, 3, 24, 3]}  # Carla, not Bruno, takes the fourth deal's busche
    second = imported(alice, doc)
    rep = stats.replayed_matches(personal_club(alice))[1]
    assert rep.finished
    assert [deal.busche[2] for deal in rep.played.deals] == [0, 0, 0, 4, 0]

    run = held(alice)["busca"][CLEAN_RUN]

    assert (run.value, run.holders, run.match) == (10, ["Dario"], second)  # Carla's: 8, then 1


def test_a_run_does_not_go_on_from_last_season(alice: User) -> None:
    start = seasons.current(1).start
    assert start is not None
    load(alice, "busca_finished", start - datetime.timedelta(days=3))
    load(alice, "busca_finished")

    assert held(alice, seasons.current(1))["busca"][CLEAN_RUN].value == 5
    assert held(alice)["busca"][CLEAN_RUN].value == 10


def test_the_most_matches_won_names_every_winner_tied(alice: User) -> None:
    load(alice, "busca_finished")
    rep = stats.replayed_matches(personal_club(alice))[0]
    winners = sorted(p.name for seat, p in enumerate(rep.players) if rep.won(seat))

    won = held(alice)["busca"]["Most matches won"]

    assert (won.value, sorted(won.holders)) == (1, winners)


def test_whist_counts_trebles_and_games_won_by_each_pair(alice: User) -> None:
    load(alice, "whist_anna_carla")
    rep = stats.replayed_matches(personal_club(alice))[0]
    games = rep.played.games

    whist = held(alice)["whist"]

    best_pair = max((0, 1), key=lambda pair: sum(1 for g in games if g.winner == pair))
    assert whist["Games won"].value == sum(1 for g in games if g.winner == best_pair)
    trebles = [sum(1 for g in games if g.winner == pair and g.opponents_score == 0) for pair in (0, 1)]
    if max(trebles):
        assert whist["Trebles won (a game to love)"].value == max(trebles)
    else:
        assert "Trebles won (a game to love)" not in whist  # a mark of 0 is no record


def test_mambassa_counts_the_hands_made_over_the_season(alice: User) -> None:
    load(alice, "mambassa")
    load(alice, "mambassa")
    rep = stats.replayed_matches(personal_club(alice))[0]
    made = [sum(1 for d in rep.played.deals if d.mambassa == seat) for seat in range(3)]

    mambassa = held(alice)["mambassa"]

    if max(made):
        assert mambassa["Mambassa hands made"].value == 2 * max(made)
    assert mambassa["Most deals played in one match"].value == len(rep.played.deals)


def test_a_match_of_another_season_sets_no_record_of_this_one(alice: User) -> None:
    start = seasons.current(1).start
    assert start is not None
    load(alice, "busca_finished", start - datetime.timedelta(days=10))

    assert held(alice, seasons.current(1)) == {}
    assert "busca" in held(alice)


def test_the_records_page_shows_the_clubs_season_and_nothing_of_another(
    alice: User, alice_client: Client, bob_client: Client
) -> None:
    load(alice, "busca_finished")
    load(alice, "busca_in_progress")  # no record in a match still going on

    page = alice_client.get(reverse("stats_records"))

    assert texts(page, "h2") == ["Busca / Busche"]
    assert "Most matches won" in texts(page, "dt")
    assert "No finished match in this season yet" in bob_client.get(reverse("stats_records")).content.decode()
