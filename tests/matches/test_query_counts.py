"""Every page asks the database as often with 40 deals, 8 players and 10 matches as with 3, 4 and 1.

A page whose queries grow with the deals, the players or the matches (an "N+1") gets slower
with every deal of an evening; here each page is asked for at both sizes under the same limit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import reverse

from matches import services
from matches.access import invite_create
from matches.models import Evening, Match, Player

SMALL = {"deals": 3, "players": 4, "matches": 1}
LARGE = {"deals": 40, "players": 8, "matches": 10}
NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ivo")
HTMX = {"HX-Request": "true"}


def document(game: str, options: dict[str, Any], players: list[str], deals: list[Any]) -> dict[str, Any]:
    return {
        "format": "scorekeeper-match/1",
        "game": game,
        "options": options,
        "players": players,
        "first_dealer": players[0],
        "start": None,
        "deals": deals,
    }


@dataclass
class World:
    """One account's things at one size: a match of every game, finished matches in an evening."""

    user: User
    busca: Match
    mambassa: Match
    whist: Match
    evening: Evening
    player: Player
    other: Player


def build(user: User, deals: int, players: int, matches: int) -> World:
    names = list(NAMES[:players])
    for name in names:
        Player.objects.create(owner=user, name=name)
    four = names[:4]
    busca_deals = [{"points": [14, 10, 9, 7]}] * deals
    payers = [{"payers": [names[n % players]], "mambassa": None, "quarantuno": None} for n in range(deals)]
    # Games to 20 points (the most a table may set): Anna & Carla win the first game in 20 deals,
    # Bruno & Dario the second in 20 more, so 40 deals and the next still make one rubber.
    whist_deals = [
        {"tricks": [7, 6] if n < 20 or n >= 40 else [6, 7], "honours": [2, 2]} for n in range(deals)
    ]
    busca = services.match_import(owner=user, doc=document("busca-001", {}, four, busca_deals))
    mambassa = services.match_import(
        owner=user, doc=document("mambassa", {"lives": 20, "stake": 1}, names, payers)
    )
    whist = services.match_import(owner=user, doc=document("whist", {"game_points": 20}, four, whist_deals))
    evening = Evening.objects.create(owner=user, date="2026-11-28", place="Bar Sport")
    evening.players.set(Player.objects.filter(owner=user))
    for _ in range(matches):
        finished = services.match_import(
            owner=user, doc=document("busca-001", {"stake": 1, "max_deals": deals}, four, busca_deals)
        )
        finished.evening = evening
        finished.save(update_fields=["evening"])
    for match in (busca, mambassa, whist):
        services.deal_record(match=match, entry=_next_deal(match), author=user)  # one change logged
        invite_create(match=match, role="viewer")
        match.refresh_from_db()
    evening.public_token = f"public-{user.pk}"
    evening.save(update_fields=["public_token"])
    owned = Player.objects.filter(owner=user)
    return World(user, busca, mambassa, whist, evening, owned.get(name="Anna"), owned.get(name="Bruno"))


def _next_deal(match: Match) -> dict[str, Any]:
    if match.game == "mambassa":
        return {"payers": ["Anna"], "mambassa": None, "quarantuno": None}
    if match.game == "whist":
        return {"tricks": [7, 6], "honours": [2, 2]}
    return {"points": [14, 10, 9, 7]}


Request = Callable[[Client, World], Any]


def get(path: Callable[[World], str], **headers: str) -> Request:
    return lambda client, world: client.get(path(world), headers=headers)


def enter_a_deal(client: Client, world: World) -> Any:
    data = {"points_0": "14", "points_1": "10", "points_2": "9", "points_3": "7"}
    return client.post(reverse("deal_create", args=[world.busca.pk]), data, headers=HTMX)


def live(changed: bool) -> Request:
    def ask(client: Client, world: World) -> Any:
        match = world.busca
        version = match.version - 1 if changed else match.version
        url = f"{reverse('match_live', args=[match.pk])}?v={version}&s={match.status}"
        return client.get(url, headers=HTMX)

    return ask


def match_url(name: str, game: str) -> Callable[[World], str]:
    return lambda world: reverse(name, args=[getattr(world, game).pk])


PAGES: dict[str, tuple[Request, int]] = {
    # page: (the request, the most queries it may make at any size). Every logged-in page reads the
    # club it shows in the top bar: one query.
    "match page, Busca": (get(match_url("match_detail", "busca")), 10),
    "match page, Mambassa": (get(match_url("match_detail", "mambassa")), 11),
    "match page, Whist": (get(match_url("match_detail", "whist")), 10),
    "idle live check": (live(changed=False), 3),
    "live check after a change": (live(changed=True), 9),
    "entering a deal (htmx)": (enter_a_deal, 23),
    "matches list": (get(lambda w: reverse("match_list")), 7),
    "players": (get(lambda w: reverse("player_list")), 5),
    "evenings": (get(lambda w: reverse("evening_list")), 7),
    "evening with its settlement": (get(lambda w: reverse("evening_detail", args=[w.evening.pk])), 20),
    "public evening": (get(lambda w: reverse("evening_public", args=[w.evening.public_token])), 20),
    "share": (get(match_url("match_share", "busca")), 7),
    "house rules": (get(match_url("match_rules", "busca")), 6),
    "export (JSON)": (get(match_url("match_export_json", "busca")), 8),
    "export (CSV)": (get(match_url("match_export_csv", "busca")), 8),
    "print": (get(match_url("match_print", "busca")), 9),
    "chart": (get(match_url("match_chart", "whist")), 7),
    "statistics": (get(lambda w: reverse("stats")), 7),
    "a player's statistics": (get(lambda w: reverse("stats_player", args=[w.player.pk])), 9),
    "head to head": (
        get(lambda w: f"{reverse('stats_head_to_head')}?a={w.player.pk}&b={w.other.pk}"),
        10,
    ),
}


@pytest.mark.parametrize("page", PAGES)
def test_a_page_makes_no_more_queries_with_more_deals_players_and_matches(
    page: str, alice: User, bob: User, django_assert_max_num_queries: Any
) -> None:
    request, most = PAGES[page]
    counts = []
    for user, size in ((alice, SMALL), (bob, LARGE)):
        world = build(user, **size)
        client = Client()
        client.force_login(user)
        request(client, world)  # once before counting: a first visit may set up its session
        world.busca.refresh_from_db()
        with django_assert_max_num_queries(most) as queries:
            response = request(client, world)
        assert response.status_code in (200, 204), (page, size, response.status_code)
        counts.append(len(queries))
    assert counts[0] == counts[1], f"{page}: {counts[0]} queries at {SMALL}, {counts[1]} at {LARGE}"


def test_the_change_log_reads_a_matchs_latest_changes_in_the_order_of_an_index(
    make_match: Callable[..., Match],
) -> None:
    """Not every change of the match sorted to show ten: a long match's page would grow with it."""
    match = make_match(deals=[{"points": [10, 10, 10, 10]}] * 3)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":  # a tiny table is read any way: ask for the best plan
            for way in ("seqscan", "bitmapscan", "sort"):  # as for a long match's change log
                cursor.execute(f"SET LOCAL enable_{way} = off")
    plan = services.latest_changes_query(match.pk, 11).explain()  # as the change log reads

    assert "change_log_order_idx" in plan
    assert "Sort" not in plan  # PostgreSQL
    assert "TEMP B-TREE" not in plan  # SQLite
