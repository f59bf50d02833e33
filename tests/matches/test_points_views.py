"""The points board on the web: a new match with its target, deals typed through the form (minus
points too), a refused deal that says which deal and player and keeps what was typed, the end at
the target with who won and the money, corrections, undo, and its document downloaded and imported.

The totals are worked out by hand from docs/rules.md, section 11: each deal's points are added
to each player's total; the match ends after the deal in which a total reaches the target.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from matches import services
from matches.models import Change, Match, Player

from .pages import count, form_values, text, texts
from .typed import as_typed

MakeBoard = Callable[..., Match]
HTMX = {"HX-Request": "true"}
NEW = reverse("match_new")
DEFAULTS = {"stake": 0, "target": 100, "lowest_wins": False}


@pytest.fixture
def make_board(alice: User, players: list[Player]) -> MakeBoard:
    """A points board of alice's: Anna, Bruno and Carla, Anna deals first."""

    def make(deals: Sequence[Sequence[int]] = (), **options: Any) -> Match:
        match = services.match_create(
            owner=alice, game="points", options=options, players=players[:3], first_dealer=0
        )
        for points in deals:
            services.deal_record(match=match, entry={"points": list(points)}, author=alice)
        match.refresh_from_db()
        made: Match = match
        return made

    return make


def typed(*points: int | str) -> dict[str, str]:
    """The entry form as a player fills it: each player's points, in seating order."""
    return {f"points_{seat}": str(value) for seat, value in enumerate(points)}


def sheet_url(match: Match) -> str:
    url: str = reverse("match_detail", args=[match.pk])
    return url


def post_url(match: Match) -> str:
    url: str = reverse("deal_create", args=[match.pk])
    return url


def edit_url(match: Match, number: int) -> str:
    url: str = reverse("deal_edit", args=[match.pk, number])
    return url


def stored(match: Match) -> Match:
    found: Match = Match.objects.get(pk=match.pk)
    return found


def points_of(match: Match) -> list[list[int]]:
    return [entry["points"] for entry in as_typed(match)]


def _rows(page: Any, table: str) -> list[str]:
    """The rows under the header of the table that opens with ``table``, each as its words read."""
    html = page if isinstance(page, str) else page.content.decode()
    inside = html.split(table, 1)[1].split("</table>", 1)[0]
    return [" ".join(row.split()) for row in texts(inside, "tr")][1:]


def standings(page: Any) -> list[str]:
    """The standings, best first: each row's place, player (and what is said of them), total and distance."""
    return _rows(page, '<table class="standings">')


def deal_rows(page: Any) -> list[str]:
    """The deal table's rows, newest first: the number, the dealer, then each player's total and points."""
    return _rows(page, '<table class="deal-table points-table">')


# -- a new match ---------------------------------------------------------------------------------------


def test_the_new_match_page_offers_the_points_board_with_its_target_asked(
    alice_client: Client, players: list[Player]
) -> None:
    page = alice_client.get(NEW, {"game": "points"})

    assert text(page, "a", aria_current="true") == "Points board"
    assert form_values(page, "match-form") == {
        "game": "points",
        **{f"seat_{seat}": "" for seat in range(8)},
        "first_dealer": "0",
        "opt_stake": "0",
        "opt_target": "100",
    }
    assert count(page, "input", id="id_opt_lowest_wins") == 1  # a checkbox: sent only when ticked


def test_a_points_board_created_through_the_page_stores_its_house_rules_and_opens_its_sheet(
    alice_client: Client, players: list[Player]
) -> None:
    data = form_values(alice_client.get(NEW, {"game": "points"}), "match-form")
    data.update({f"seat_{seat}": str(player.pk) for seat, player in enumerate(players[:3])})
    data.update(opt_target="50", opt_lowest_wins="on", opt_stake="1.50")

    response = alice_client.post(NEW, data)

    match = Match.objects.get()
    assert response.status_code == 302
    assert response["Location"] == sheet_url(match)
    assert (match.game, match.options) == ("points", {"stake": 1.5, "target": 50, "lowest_wins": True})
    assert [seat.player.name for seat in match.seats.all()] == ["Anna", "Bruno", "Carla"]
    page = alice_client.get(sheet_url(match))
    assert text(page, "h1") == "Points board"
    assert text(page, "p", class_="board-target") == "Target 50 · the lowest total wins"
    assert text(page, "p", class_="next") == "Anna deals"
    assert text(page, "p", class_="empty") == "No deals yet."


def test_a_points_board_needs_two_players(alice_client: Client, players: list[Player]) -> None:
    data = form_values(alice_client.get(NEW, {"game": "points"}), "match-form")
    data.update(seat_0=str(players[0].pk))

    page = alice_client.post(NEW, data)

    assert page.status_code == 200
    assert text(page, "div", class_="invalid").startswith("Seat 2")
    assert not Match.objects.exists()


def test_a_target_beyond_its_limit_is_refused_on_the_new_match_page(
    alice_client: Client, players: list[Player]
) -> None:
    data = form_values(alice_client.get(NEW, {"game": "points"}), "match-form")
    data.update({f"seat_{seat}": str(player.pk) for seat, player in enumerate(players[:2])})
    data.update(opt_target="100001")

    page = alice_client.post(NEW, data)

    assert texts(page, "p", class_="error") == ["The target is at most 100000 points"]
    assert not Match.objects.exists()


# -- deals entered through the form --------------------------------------------------------------------


def test_the_entry_form_asks_one_number_per_player_typed_or_tapped(
    alice_client: Client, make_board: MakeBoard
) -> None:
    page = alice_client.get(sheet_url(make_board()))

    assert form_values(page, "deal-form").keys() >= {"points_0", "points_1", "points_2", "dealer"}
    html = page.content.decode()
    assert html.count('inputmode="numeric"') == 3
    assert texts(page, "label", for_="id_points_1") == ["Bruno"]
    assert count(page, "button", data_negate="id_points_1") == 1  # ± for minus points
    assert count(page, "button", data_to="id_points_1") == 3  # +1, +5, +10
    assert "Change the sign of Bruno's points" in html
    assert 'aria-label="+5 to Bruno"' in html


def test_deals_typed_add_up_minus_points_too_and_a_blank_counts_0(
    alice_client: Client, make_board: MakeBoard
) -> None:
    match = make_board(target=50)

    assert alice_client.post(post_url(match), typed(20, -5, "")).status_code == 302
    assert alice_client.post(post_url(match), typed(0, "15", "−5")).status_code == 302  # a typographic minus

    assert points_of(match) == [[20, -5, 0], [0, 15, -5]]
    page = alice_client.get(sheet_url(match))
    assert deal_rows(page) == ["2 Bruno 20 0 10 +15 -5 -5", "1 Anna 20 +20 -5 -5 0 0"]
    assert standings(page) == ["1 Anna leads 20 30", "2 Bruno 10 40", "3 Carla deals -5 55"]
    assert text(page, "p", class_="board-lead") == "Anna leads with 20."
    assert text(page, "p", class_="next") == "Carla deals"
    assert "Deal 3" in texts(page, "h2")


def test_an_htmx_deal_returns_the_sheet_and_reads_out_the_deal_and_who_leads(
    alice_client: Client, make_board: MakeBoard
) -> None:
    match = make_board(deals=[(30, 5, 10), (5, 5, 5)])

    html = alice_client.post(post_url(match), typed(10, -5, 0), headers=HTMX).content.decode()

    assert html.lstrip().startswith('<div id="sheet">')
    assert text(html, "p", id="announce") == (
        "Deal 3 saved: Anna 10, Bruno -5, Carla 0. Anna leads with 45; target 100. Anna deals next."
    )
    assert "Deal 4" in texts(html, "h2")


def test_points_beyond_ten_thousand_are_refused_naming_the_deal_and_the_player_and_kept(
    alice_client: Client, make_board: MakeBoard
) -> None:
    match = make_board(deals=[(10, 20, 30)])
    version = stored(match).version

    page = alice_client.post(post_url(match), typed(5, 12000, -3))

    assert page.status_code == 422
    message = "Deal 2: Bruno cannot score 12000 points in a deal: from -10000 to 10000"
    assert texts(page, "p", id="id_points_1_error") == [message]
    # Said next to Bruno's field, which names it: a screen reader hears it with the field.
    html = page.content.decode()
    field = html.split('id="id_points_1"', 1)[1].split(">", 1)[0]
    assert 'aria-invalid="true"' in field
    assert 'aria-describedby="id_points_1_error points-help"' in field
    values = form_values(page, "deal-form")
    assert (values["points_0"], values["points_1"], values["points_2"]) == ("5", "12000", "-3")
    assert points_of(match) == [[10, 20, 30]]
    assert stored(match).version == version


def test_points_that_are_no_number_or_nothing_typed_are_refused_and_nothing_is_stored(
    alice_client: Client, make_board: MakeBoard
) -> None:
    match = make_board()

    page = alice_client.post(post_url(match), typed("12", "twelve", ""))
    assert texts(page, "p", id="id_points_1_error") == [
        "Deal 1: Bruno's points are a whole number, like 12 or -5"
    ]
    assert form_values(page, "deal-form")["points_1"] == "twelve"

    page = alice_client.post(post_url(match), typed("", " ", ""))
    assert text(page, "div", class_="error") == (
        "Deal 1: nothing entered yet; type each player's points (a blank one counts 0)"
    )
    assert points_of(match) == []


def test_the_table_may_choose_another_dealer(alice_client: Client, make_board: MakeBoard) -> None:
    match = make_board()

    alice_client.post(post_url(match), {**typed(1, 2, 3), "dealer": "2"})

    assert as_typed(match) == [{"points": [1, 2, 3], "dealer": "Carla"}]
    assert text(alice_client.get(sheet_url(match)), "p", class_="next") == "Anna deals"


# -- the end -------------------------------------------------------------------------------------------


def test_the_match_ends_after_the_deal_that_reaches_the_target_and_says_who_won_and_the_money(
    alice_client: Client, make_board: MakeBoard
) -> None:
    # docs/rules.md 11.3: 30/20/10, 70/70/5, then Anna's 105 ends it; Bruno and Carla pay 1.50 each.
    match = make_board(deals=[(30, 20, 10), (40, 50, -5)], stake=1.5)

    html = alice_client.post(post_url(match), typed(35, 10, 20), headers=HTMX).content.decode()

    assert text(html, "p", id="announce") == (
        "Deal 3 saved: Anna 35, Bruno 10, Carla 20. "
        "Match over: Anna wins with 105 points; Bruno and Carla pay Anna €1.50 each."
    )
    banner = texts(html, "section", class_="banner")[0]
    assert banner.startswith("Match over after deal 3")
    assert text(html, "p", class_="winners") == "Winner: Anna"
    assert text(html, "p", class_="losers") == "Losers: Bruno, Carla"
    assert texts(html, "ul", class_="settlement") == ["Anna +€3.00 Bruno −€1.50 Carla −€1.50"]
    assert standings(html) == ["1 Anna won 105 reached", "2 Bruno 80 20", "3 Carla 25 75"]
    assert count(html, "form", id="deal-form") == 0
    assert stored(match).status == "finished"
    assert stored(match).result["winners"] == ["Anna"]


def test_with_the_lowest_total_winning_the_players_level_at_the_bottom_share_the_win(
    alice_client: Client, alice: User, players: list[Player]
) -> None:
    # docs/rules.md 11.3, as in Hearts: 103/5/14/5; Bruno and Dario win.
    match = services.match_create(
        owner=alice,
        game="points",
        options={"target": 100, "lowest_wins": True},
        players=players,
        first_dealer=0,
    )
    for points in ([13, 5, 8, 0], [20, 0, 6, 0]):
        services.deal_record(match=match, entry={"points": points}, author=alice)

    alice_client.post(post_url(match), typed(70, 0, 0, 5))

    page = alice_client.get(sheet_url(match))
    assert text(page, "p", class_="winners") == "Winners: Bruno, Dario"
    assert standings(page)[:2] == ["1 Bruno won 5 95", "1 Dario won 5 95"]


def test_a_deal_after_the_end_is_refused(alice_client: Client, make_board: MakeBoard) -> None:
    match = make_board(deals=[(100, 0, 0)])

    page = alice_client.post(post_url(match), typed(1, 2, 3))

    assert "Deal 2: the match ended after deal 1" in text(page, "div", class_="error")
    assert points_of(match) == [[100, 0, 0]]


# -- corrections and undo ------------------------------------------------------------------------------


def test_the_correction_page_shows_the_deal_as_typed(alice_client: Client, make_board: MakeBoard) -> None:
    match = make_board(deals=[(10, -5, 0), (3, 4, 5)])

    page = alice_client.get(edit_url(match, 1))

    assert text(page, "h2") == "Correct deal 1"
    values = form_values(page, "deal-form")
    assert (values["points_0"], values["points_1"], values["points_2"], values["dealer"]) == (
        "10",
        "-5",
        "0",
        "0",
    )


def test_correcting_the_deal_that_ended_the_match_reopens_it(
    alice_client: Client, make_board: MakeBoard
) -> None:
    match = make_board(deals=[(30, 20, 10), (80, 0, 0)], target=100)
    assert stored(match).status == "finished"

    response = alice_client.post(edit_url(match, 2), {**typed(8, 0, 0), "dealer": "1"})

    assert response.status_code == 302
    assert points_of(match) == [[30, 20, 10], [8, 0, 0]]
    assert stored(match).status == "in_progress"
    page = alice_client.get(sheet_url(match))
    assert text(page, "ul", class_="messages") == (
        "Deal 2 corrected: Anna 8, Bruno 0, Carla 0. Anna leads with 38; target 100. Match reopened."
    )
    assert count(page, "section", class_="banner") == 0


def test_a_correction_beyond_the_limit_is_refused_next_to_the_player(
    alice_client: Client, make_board: MakeBoard
) -> None:
    match = make_board(deals=[(1, 2, 3), (4, 5, 6)])

    page = alice_client.post(edit_url(match, 1), {**typed(1, 2, -10001), "dealer": "0"})

    assert page.status_code == 422
    assert texts(page, "p", id="id_points_2_error") == [
        "Deal 1: Carla cannot score -10001 points in a deal: from -10000 to 10000"
    ]
    assert points_of(match) == [[1, 2, 3], [4, 5, 6]]


def test_undoing_the_last_deal_takes_it_out(alice_client: Client, make_board: MakeBoard) -> None:
    match = make_board(deals=[(1, 2, 3), (100, 0, 0)])
    entered = Change.objects.get(match=match, kind=Change.Kind.DEAL_ENTERED, deal_number=2)
    undo = reverse("change_undo", args=[match.pk, entered.pk])

    asked = alice_client.post(undo)  # it deletes a deal and reopens the match: said first
    assert asked.status_code == 200
    response = alice_client.post(undo, {"confirmed": "1"})

    assert response.status_code == 302
    assert points_of(match) == [[1, 2, 3]]
    assert stored(match).status == "in_progress"
    page = alice_client.get(sheet_url(match))
    assert text(page, "ul", class_="messages") == "Undone: deal 2 entered. Match reopened."
    assert "Deal 2" in texts(page, "h2")


# -- the change log, the document, the spreadsheet, paper ---------------------------------------------


def test_the_change_log_says_each_players_points(alice_client: Client, make_board: MakeBoard) -> None:
    match = make_board()
    alice_client.post(post_url(match), typed(7, -2, 0))
    alice_client.post(edit_url(match, 1), {**typed(7, -2, 1), "dealer": "1"})

    page = alice_client.get(sheet_url(match))

    log = " ".join(texts(page, "details", class_="change-log"))
    assert "Anna 7, Bruno -2, Carla 0; dealt by Anna → Anna 7, Bruno -2, Carla 1; dealt by Bruno" in log
    assert "Deal 1 entered" in log


def test_a_downloaded_board_imports_as_an_equal_match(alice_client: Client, make_board: MakeBoard) -> None:
    match = make_board(deals=[(30, 20, 10), (40, 50, -5), (35, 10, 20)], stake=1.5)
    exported = alice_client.get(reverse("match_export_json", args=[match.pk])).content
    document = json.loads(exported)
    assert (document["game"], document["result"]["winners"]) == ("points", ["Anna"])

    upload = SimpleUploadedFile("match.json", exported, content_type="application/json")
    response = alice_client.post(reverse("match_import"), {"document": upload})

    copy = Match.objects.exclude(pk=match.pk).get()
    assert response["Location"] == sheet_url(copy)
    assert services.match_export(copy) == services.match_export(match)


def test_the_spreadsheet_has_each_players_points_and_total(
    alice_client: Client, make_board: MakeBoard
) -> None:
    match = make_board(deals=[(30, 20, 10), (40, 50, -5)])

    rows = (
        alice_client.get(reverse("match_export_csv", args=[match.pk]))
        .content.decode("utf-8-sig")
        .splitlines()
    )

    assert rows[0] == (
        "Deal,Dealer,Points Anna,Points Bruno,Points Carla,Total Anna,Total Bruno,Total Carla,Next dealer"
    )
    assert rows[2] == "2,Bruno,40,50,-5,70,70,5,Carla"


def test_the_printed_board_and_its_blank_sheet_have_a_column_per_player(
    alice_client: Client, make_board: MakeBoard
) -> None:
    match = make_board(deals=[(30, 20, 10)], target=50)

    printed = alice_client.get(reverse("match_print", args=[match.pk]))
    assert printed.status_code == 200
    assert "Each cell: the points of the deal and the running total. The target is 50." in texts(
        printed, "p", class_="help"
    )

    blank = alice_client.get(reverse("blank_sheet", args=["points"]), {"players": "5", "target": "500"})
    assert blank.status_code == 200
    assert count(blank, "th", class_="write-name") == 5
    assert "Target: 500." in text(blank, "p", class_="print-meta")
