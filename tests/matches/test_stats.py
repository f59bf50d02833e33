"""Statistics against figures computed by hand from the match documents in fixtures/stats/.

The five documents, all of alice's (Anna, Bruno, Carla, Dario):

* busca_finished (busca-000, stake 1, dated 20 Nov): points per deal, Anna Bruno Carla Dario,
  25/8/5/2, 0/20/10/10 (Anna did not cover), 30/4/3/3, 10/24/3/3, 26/5/5/4. Busche: Anna 5, 2
  (alone not covering: 2), 10 (30 − 20), 0, 6 (26 − 20) = 23 > 20, so Anna loses after deal 5;
  Bruno 4 (24 − 20) in deal 4. Losers pay 1, shared by three winners: Bruno +0.34, Carla and
  Dario +0.33 (the odd cent to the first winner), Anna −1.00.
* busca_in_progress (busca-000, seats Bruno Carla Dario Anna, dated 28 Nov): 12/12/10/6 (Bruno and
  Carla tie at the top: 1 busca each), 5/0/5/30 with Carla not covering (2 busche).
* mambassa (lives 2, stake 0.5, Anna Bruno Carla, dated 27 Nov): payers Bruno; Bruno and Carla
  (Bruno out); Anna; Carla (out): Anna wins. Each brought 3 tokens × 0.5 = 1.50: Anna +3.00.
* whist_anna_carla (stake 1, 27 Nov, after the Mambassa): Anna & Carla v Bruno & Dario; tricks
  13-0 (7 points, a treble for Anna's pair), 4-9 (3 for Bruno's), 2-11 (5 more: a treble for
  Bruno's), 12-1 (6: a treble for Anna's; the rubber). 3 + 3 + 2 = 8 against 3: 5 × 1 = 5.00 a
  pair, 2.50 each.
* whist_anna_dario (stake 0.5, 28 Nov): Anna & Dario v Bruno & Carla, 13-0 twice: two trebles and
  the rubber, 8 × 0.5 = 4.00 a pair, 2.00 each.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.busca.rules import BuscaVariant
from matches import services, stats
from matches.models import Evening, Match, Player
from matches.services.clubs import personal_club

from .guests import viewer
from .pages import texts

FIXTURES = Path(__file__).parent / "fixtures" / "stats"
D = Decimal


def load(owner: User, name: str, day: int, evening: Evening | None = None) -> Match:
    doc = json.loads((FIXTURES / f"{name}.json").read_text())
    match = services.match_import(owner=owner, doc=doc)
    # The day it began, at 20:00 plus a minute per match, so matches of one day keep their order.
    began = timezone.make_aware(datetime.datetime(2026, 11, day, 20, Match.objects.count()))
    Match.objects.filter(pk=match.pk).update(created_at=began, evening=evening)
    match.refresh_from_db()
    return match


@pytest.fixture
def evening_matches(alice: User) -> dict[str, Match]:
    """Every document of fixtures/stats imported into alice's account."""
    friday = Evening.objects.create(owner=alice, date=datetime.date(2026, 11, 27), place="Bar")
    return {
        "busca_finished": load(alice, "busca_finished", 20),
        "mambassa": load(alice, "mambassa", 26, friday),
        "whist_anna_carla": load(alice, "whist_anna_carla", 26, friday),
        "busca_in_progress": load(alice, "busca_in_progress", 28),
        "whist_anna_dario": load(alice, "whist_anna_dario", 28),
    }


def player(owner: User, name: str) -> Player:
    return Player.objects.get(owner=owner, name=name)


def figures(owner: User, game: str) -> dict[str, stats.Figures]:
    tables = stats.game_tables(stats.replayed_matches(personal_club(owner)))
    table = next(t for t in tables if t.variant.key == game)
    return {p.name: f for p, f in table.rows}


# -- Figures -------------------------------------------------------------------------------------


def test_busca_figures_add_up_finished_and_in_progress_matches(alice: User, evening_matches: Any) -> None:
    busca = figures(alice, "busca-000")
    anna, bruno, carla, dario = (busca[n] for n in ("Anna", "Bruno", "Carla", "Dario"))
    # Both Busca matches count as played; only the finished one has a winner and a loser.
    assert (anna.played, anna.won, anna.lost, anna.in_progress) == (2, 0, 1, 1)
    assert (bruno.played, bruno.won, bruno.lost) == (2, 1, 0)
    # Deals: 5 + 2 = 7 each. Busche: Anna 23 + 0, Bruno 4 + 1, Carla 0 + (1 + 2), Dario 0.
    assert (anna.deals, anna.busche, bruno.busche, carla.busche, dario.busche) == (7, 23, 5, 3, 0)
    # Per deal: 23 / 7 = 3.2857… → 3.29; 5 / 7 = 0.714… → 0.71; 3 / 7 = 0.428… → 0.43.
    assert (anna.busche_per_deal, bruno.busche_per_deal, carla.busche_per_deal) == (
        D("3.29"),
        D("0.71"),
        D("0.43"),
    )
    # Not covered: Anna in deal 2 of the first match, Carla in deal 2 of the second.
    assert (anna.uncovered, bruno.uncovered, carla.uncovered, dario.uncovered) == (1, 0, 1, 0)
    # The top: Anna 25, 30, 26 and 30 (second match); Bruno 20 (while Anna did not cover), 24 and 12
    # (tied with Carla); Carla 12; Dario never.
    assert (anna.tops, bruno.tops, carla.tops, dario.tops) == (4, 3, 1, 0)


def test_a_match_started_and_never_dealt_does_not_count_as_played(
    alice: User, alice_client: Client, evening_matches: Any
) -> None:
    seated = [player(alice, name) for name in ("Anna", "Bruno", "Carla", "Dario")]
    for game in ("busca-000", "mambassa"):  # the table sat down, then went home
        services.match_create(owner=alice, game=game, options={}, players=seated, first_dealer=0)

    busca = figures(alice, "busca-000")
    assert (busca["Anna"].played, busca["Anna"].in_progress) == (2, 1)  # as before: the two dealt
    assert "Dario" not in figures(alice, "mambassa")  # he sat only in the Mambassa never dealt
    anna = stats.player_stats(personal_club(alice), player(alice, "Anna"))
    assert sum(f.played for f in anna.games) == len(anna.matches) == 5
    page = alice_client.get(reverse("stats_player", args=[player(alice, "Dario").pk]))
    assert "Mambassa" not in " ".join(texts(page, "h2"))


def test_mambassa_counts_lives_lost_and_games_won(alice: User, evening_matches: Any) -> None:
    mambassa = figures(alice, "mambassa")
    # Anna paid once (deal 3) and won; Bruno paid in deals 1 and 2; Carla in deals 2 and 4.
    assert (mambassa["Anna"].won, mambassa["Anna"].lives_lost) == (1, 1)
    assert (mambassa["Bruno"].lost, mambassa["Bruno"].lives_lost) == (1, 2)
    assert (mambassa["Carla"].lost, mambassa["Carla"].lives_lost) == (1, 2)
    # Deals played while still in: Anna and Carla all 4, Bruno 2 (out after deal 2).
    assert (mambassa["Anna"].deals, mambassa["Bruno"].deals, mambassa["Carla"].deals) == (4, 2, 4)
    assert "Dario" not in mambassa


def test_whist_counts_rubbers_and_games_won_by_partner(alice: User, evening_matches: Any) -> None:
    whist = figures(alice, "whist")
    # Anna won both rubbers: games 2 (with Carla) + 2 (with Dario).
    assert (whist["Anna"].played, whist["Anna"].won, whist["Anna"].games_won) == (2, 2, 4)
    # Bruno lost both: 1 game with Dario, none with Carla.
    assert (whist["Bruno"].lost, whist["Bruno"].games_won) == (2, 1)
    # Carla: won with Anna (2 games), lost with Bruno (0); Dario: lost with Bruno (1), won with Anna (2).
    assert (whist["Carla"].won, whist["Carla"].lost, whist["Carla"].games_won) == (1, 1, 2)
    assert (whist["Dario"].won, whist["Dario"].lost, whist["Dario"].games_won) == (1, 1, 3)

    partners = {
        p.name: f for p, f in stats.player_stats(personal_club(alice), player(alice, "Bruno")).partners
    }
    assert (partners["Dario"].played, partners["Dario"].lost, partners["Dario"].games_won) == (1, 1, 1)
    assert (partners["Carla"].played, partners["Carla"].lost, partners["Carla"].games_won) == (1, 1, 0)


def test_a_players_money_runs_by_evening_date(alice: User, evening_matches: Any) -> None:
    anna = stats.player_stats(personal_club(alice), player(alice, "Anna"))
    oldest_first = anna.matches[::-1]
    # 20 Nov Busca −1.00; 27 Nov (the evening, although begun on the 26th) Mambassa +3.00, then
    # Whist +2.50; 28 Nov the Busca in progress (no money), Whist +2.00. Total 6.50.
    assert [line.rep.date.day for line in oldest_first] == [20, 27, 27, 28, 28]
    assert [line.net for line in oldest_first] == [D("-1"), D("3"), D("2.5"), None, D("2")]
    assert [line.cumulative for line in oldest_first] == [D("-1"), D("2"), D("4.5"), None, D("6.5")]
    assert (anna.money, anna.finished) == (D("6.5"), 4)
    by_game = {f.game: f.money for f in anna.games}
    assert by_game == {"busca-000": D("-1"), "mambassa": D("3"), "whist": D("4.5")}


def test_head_to_head_counts_who_finished_ahead_and_the_money(alice: User, evening_matches: Any) -> None:
    h2h = stats.head_to_head(personal_club(alice), player(alice, "Anna"), player(alice, "Bruno"))
    # Together in all five; four finished. Bruno ahead in the finished Busca (4 busche to 23);
    # Anna ahead in the Mambassa (she won) and in both rubbers (opponents each time).
    assert (len(h2h.meetings), h2h.finished) == (5, 4)
    assert (h2h.a_ahead, h2h.b_ahead, h2h.level) == (3, 1, 0)
    # Anna −1.00 + 3.00 + 2.50 + 2.00 = 6.50; Bruno +0.34 − 1.50 − 2.50 − 2.00 = −5.66.
    assert (h2h.money_a, h2h.money_b) == (D("6.5"), D("-5.66"))

    partners = stats.head_to_head(personal_club(alice), player(alice, "Anna"), player(alice, "Carla"))
    # Busca: Carla 0 busche to Anna's 23; Mambassa: Anna won; Whist 1: partners, level; Whist 2:
    # Anna's pair won.
    assert (partners.a_ahead, partners.b_ahead, partners.level) == (2, 1, 1)
    assert [m.partners for m in partners.meetings if m.rep.match.game == "whist"] == [False, True]


def test_running_totals_follow_the_deals(alice: User, evening_matches: Any) -> None:
    reps = {r.match.pk: r for r in stats.replayed_matches(personal_club(alice))}
    busca = reps[evening_matches["busca_finished"].pk]
    assert stats.running_totals(busca.rules, busca.played) == (
        ["Anna", "Bruno", "Carla", "Dario"],
        [[0, 5, 7, 17, 17, 23], [0, 0, 0, 0, 4, 4], [0] * 6, [0] * 6],
    )
    mambassa = reps[evening_matches["mambassa"].pk]
    # Lives: 2 each; Anna keeps 1 at the end (the pot she takes is not lives).
    assert stats.running_totals(mambassa.rules, mambassa.played)[1] == [
        [2, 2, 2, 1, 1],
        [2, 1, 0, 0, 0],
        [2, 2, 1, 1, 0],
    ]
    whist = reps[evening_matches["whist_anna_carla"].pk]
    # Points scored: Anna & Carla 7, 0, 0, 6; Bruno & Dario 0, 3, 5, 0.
    assert stats.running_totals(whist.rules, whist.played) == (
        ["Anna & Carla", "Bruno & Dario"],
        [[0, 7, 7, 7, 13], [0, 0, 3, 8, 8]],
    )


def test_statistics_cost_the_same_queries_however_many_matches(alice: User, evening_matches: Any) -> None:
    with CaptureQueriesContext(connection) as few:
        stats.game_tables(stats.replayed_matches(personal_club(alice)))
    for name in ("busca_finished", "mambassa", "whist_anna_carla"):
        load(alice, name, 29)
    with CaptureQueriesContext(connection) as more:
        stats.game_tables(stats.replayed_matches(personal_club(alice)))
    assert len(more) == len(few)


# -- Pages ---------------------------------------------------------------------------------------


def test_the_statistics_page_shows_each_game_per_player(
    alice: User, alice_client: Client, evening_matches: Any
) -> None:
    page = alice_client.get(reverse("stats")).content.decode()
    for game in ("Busca / Busche", "Mambassa / Quarantuno", "Whist"):
        assert game in page
    # Anna's Busca row: played 2, won 0, lost 1, 3.29 busche a deal, 1 not covered, 4 tops.
    anna = reverse("stats_player", args=[player(alice, "Anna").pk])
    row = re.search(rf'<a href="{anna}\?season=\d+"[^>]*>Anna</a></th>(.*?)</tr>', page, re.S)
    assert row is not None
    assert re.findall(r"<td>([^<]*)</td>", row.group(1)) == ["2", "0", "1", "3.29", "1", "4"]
    # Each number under the name of what it counts: as many heads as cells, in every game's table.
    busca = page[page.index("Busca / Busche") :]
    heads = re.findall(r'<th scope="col">([^<]*)</th>', busca[: busca.index("</thead>")])
    assert heads == ["Player", "Played", "Won", "Lost", "Busche per deal", "Not covered", "Took the top"]
    for table in re.findall(r"<table.*?</table>", page, re.S):
        columns = len(re.findall(r'<th scope="col">', table))
        for cells in re.findall(r"<tr>\s*<th scope=\"row\">.*?</tr>", table, re.S):
            assert 1 + cells.count("<td>") == columns


def test_a_players_page_draws_their_money_and_reads_it(
    alice: User, alice_client: Client, evening_matches: Any
) -> None:
    anna = player(alice, "Anna")
    page = alice_client.get(reverse("stats_player", args=[anna.pk])).content.decode()
    assert '<svg class="line-chart"' in page
    title = re.search(r'<title id="money-chart-title">(.*?)</title>', page, re.S)
    assert title is not None
    # After each finished match: −1.00, then +3.00 (2.00), +2.50 (4.50), +2.00 (6.50).
    assert "Busca / Busche −€1.00, total −€1.00" in title.group(1)
    assert "Whist +€2.00, total +€6.50" in title.group(1)
    assert "By partner" in page


def test_a_players_page_speaks_italian(alice: User, alice_client: Client, evening_matches: Any) -> None:
    anna = player(alice, "Anna")
    page = alice_client.get(
        reverse("stats_player", args=[anna.pk]), headers={"accept-language": "it"}
    ).content.decode()
    # Italian numbers: a comma before the cents, the sign after them.
    assert "+6,50\u00a0€" in page


def test_head_to_head_page_compares_two_players(
    alice: User, alice_client: Client, evening_matches: Any
) -> None:
    a, b = player(alice, "Anna"), player(alice, "Bruno")
    page = alice_client.get(reverse("stats_head_to_head"), {"a": a.pk, "b": b.pk}).content.decode()
    assert "Anna – Bruno" in page
    assert "+€6.50" in page
    assert "−€5.66" in page


def test_the_match_chart_reads_the_running_totals(alice_client: Client, evening_matches: Any) -> None:
    match = evening_matches["busca_finished"]
    assert (
        reverse("match_chart", args=[match.pk]) in alice_client.get(match.get_absolute_url()).content.decode()
    )
    page = alice_client.get(reverse("match_chart", args=[match.pk])).content.decode()
    assert "Anna: 0, 5, 7, 17, 17, 23; Bruno: 0, 0, 0, 0, 4, 4" in page
    assert page.count("<polyline") == 4


def test_the_chart_waits_for_the_first_deal(alice_client: Client, make_match: Callable[..., Match]) -> None:
    page = alice_client.get(reverse("match_chart", args=[make_match().pk])).content.decode()
    assert "The chart appears after the first deal." in page


@pytest.mark.parametrize("page", ["stats_player", "match_chart"])
def test_another_account_sees_nothing_of_alices(
    bob_client: Client, alice: User, evening_matches: Any, page: str
) -> None:
    pk = player(alice, "Anna").pk if page == "stats_player" else evening_matches["mambassa"].pk
    assert bob_client.get(reverse(page, args=[pk])).status_code == 404


def test_another_account_cannot_compare_alices_players(bob_client: Client, evening_matches: Any) -> None:
    alice = evening_matches["mambassa"].owner
    anna, bruno = player(alice, "Anna"), player(alice, "Bruno")
    response = bob_client.get(reverse("stats_head_to_head"), {"a": anna.pk, "b": bruno.pk})
    # Bob gets his own form back, with a notice: nothing of Anna's or Bruno's.
    page = response.content.decode()
    assert "Choose two different players." in page
    assert "Anna" not in page
    assert "Bruno" not in page


@pytest.mark.parametrize("query", [{"a": "x", "b": "1"}, {"a": "1", "b": "1"}, {"a": str(10**30), "b": "2"}])
def test_head_to_head_asks_again_for_two_players_when_the_choice_is_wrong(
    alice_client: Client, evening_matches: Any, query: dict[str, str]
) -> None:
    response = alice_client.get(reverse("stats_head_to_head"), query)
    assert response.status_code == 200
    assert "Choose two different players." in response.content.decode()


def test_another_accounts_statistics_hold_none_of_alices_matches(
    bob_client: Client, evening_matches: Any
) -> None:
    page = bob_client.get(reverse("stats")).content.decode()
    assert "Anna" not in page
    assert "No matches in this season yet" in page


def test_statistics_need_a_login(client: Client) -> None:
    response = client.get(reverse("stats"))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_a_phone_that_follows_the_match_by_a_link_sees_its_chart_but_no_statistics(
    evening_matches: Any,
) -> None:
    match = evening_matches["whist_anna_carla"]
    phone = viewer(match)
    page = phone.get(reverse("match_chart", args=[match.pk])).content.decode()
    # Points scored: Anna & Carla 0, 7, 7, 7, 13; Bruno & Dario 0, 0, 3, 8, 8.
    assert "Anna &amp; Carla: 0, 7, 7, 7, 13; Bruno &amp; Dario: 0, 0, 3, 8, 8" in page
    assert phone.get(reverse("stats")).status_code == 302  # the statistics are the owner's, after a login


def test_the_busca_chart_marks_the_totals_that_end_the_match(
    alice_client: Client, evening_matches: Any
) -> None:
    match = evening_matches["busca_finished"]
    variant = services.match_standing(match).rules.variant
    assert isinstance(variant, BuscaVariant)
    ends = sorted({t for t in variant.thresholds(match.options) if t > 0})
    assert ends  # every Busca variant of the fixtures ends at some total

    page = alice_client.get(reverse("match_chart", args=[match.pk])).content.decode()

    assert page.count('class="limit"') == len(ends)
    assert texts(page, "text", **{"class": "limit-value"}) == [str(t) for t in ends]
    assert f"the match ends at: {', '.join(str(t) for t in ends)}" in page


def test_a_mambassa_chart_marks_no_busca_threshold(alice_client: Client, evening_matches: Any) -> None:
    match = evening_matches["mambassa"]
    page = alice_client.get(reverse("match_chart", args=[match.pk])).content.decode()
    assert "<polyline" in page
    assert 'class="limit"' not in page


def test_each_line_of_a_mambassa_chart_can_be_told_apart_without_its_colour(
    alice_client: Client, make_mambassa: Callable[..., Match]
) -> None:
    # Six players, three lives: after two deals four of them still have 3, drawn side by side.
    match = make_mambassa(seats=6, lives=3, deals=[{"payers": ["Bruno"]}, {"payers": ["Carla"]}])

    page = alice_client.get(reverse("match_chart", args=[match.pk])).content.decode()

    lines = re.findall(r'<polyline points="([^"]+)"( stroke-dasharray="([^"]+)")?/>', page)
    assert len(lines) == 6
    assert len({points for points, _, _ in lines}) == 6  # no line over another
    assert len({dash for _, _, dash in lines}) == 6  # each its dash pattern (the first solid)
    # The legend: each line's sample, its dash and marker, beside its name and its lives left.
    legend = page.split('<ul class="chart-legend">', 1)[1].split("</ul>", 1)[0]
    assert texts(legend, "li") == ["Anna 3", "Bruno 2", "Carla 2", "Dario 3", "Elena 3", "Fabio 3"]
    assert legend.count('<path class="marker"') == 6
    assert [dash or "" for _, _, dash in lines] == re.findall(
        r'<line x1="0"[^>]*?(?: stroke-dasharray="([^"]*)")?/>', legend
    )
