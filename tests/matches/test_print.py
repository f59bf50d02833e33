"""Paper: a match printed for the archive, and blank sheets to fill in with a pencil.

The PDFs themselves (the page count on A4 and A5) are checked in tests/browser/test_print.py.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
import segno
from django.test import Client
from django.urls import reverse

from games.busca.drawing import busca_cross
from games.mambassa.drawing import mambassa_table
from games.registry import GAMES
from games.web import web_for
from games.whist.drawing import blank_whist_sheet
from matches.models import Match

from .guests import scorer, viewer
from .pages import count, text, texts

# Every game that has a blank sheet, and the rules on its back.
SUMMARIES = {key: web_for(key).rules_summary(v) for key, v in GAMES.items() if web_for(key).rules_summary(v)}

# Anna takes 2, then 1, then 8, then Bruno 4: a short Busca 000 match, still going (11, 4, 0, 0).
BUSCA_DEALS = [{"points": p} for p in ([20, 10, 6, 4], [12, 11, 9, 8], [28, 4, 4, 4], [8, 24, 4, 4])]
# Anna takes 10 more: 21, over 20, so Anna loses and the others win.
BUSCA_FINISHED = [*BUSCA_DEALS, {"points": [30, 4, 3, 3]}]


def print_url(match: Match, **query: str) -> str:
    url = reverse("match_print", args=[match.pk])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def sheet_url(game: str, **query: str) -> str:
    url = reverse("blank_sheet", args=[game])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


# -- A match on paper ---------------------------------------------------------------------------


def test_the_print_view_shows_the_cross_every_deal_in_order_and_the_result(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match(deals=BUSCA_FINISHED, stake=1)

    page = alice_client.get(print_url(match))

    assert page.status_code == 200
    assert count(page, "svg", class_="cross", role="img") == 1
    assert [int(n) for n in texts(page, "th", scope="row")] == [1, 2, 3, 4, 5]
    assert text(page, "p", class_="print-players") == "Players: Anna, Bruno, Carla, Dario"
    assert texts(page, "h2") == ["Match over after deal 5", "Deals"]
    assert "Anna" in text(page, "p", class_="losers")
    assert count(page, "ul", class_="settlement") == 1
    # Nothing to enter or correct on paper.
    assert count(page, "form") == 0
    assert reverse("deal_edit", args=[match.pk, 1]) not in page.content.decode()


def test_the_print_view_has_a_qr_code_that_opens_the_match_page(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match(deals=BUSCA_DEALS)

    page = alice_client.get(print_url(match))

    address = f"http://testserver{match.get_absolute_url()}"
    assert text(page, "span", class_="match-url") == address
    # The same modules segno draws for that address: the code reads as the match page.
    expected = segno.make(address, error="m").svg_inline(
        scale=4, dark="#000000", light="#ffffff", omitsize=True, svgclass="qr"
    )
    assert expected in page.content.decode()
    assert count(page, "svg", class_="qr") == 1


def test_the_match_page_links_to_its_print_view(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match()

    page = alice_client.get(match.get_absolute_url())

    assert f'href="{print_url(match)}"' in page.content.decode()


def test_a_viewer_and_a_scorer_by_invite_link_can_print_the_match(make_match: Callable[..., Match]) -> None:
    match = make_match(deals=BUSCA_DEALS)

    for phone in (viewer(match), scorer(match)):
        page = phone.get(print_url(match))

        assert page.status_code == 200
        assert count(page, "svg", class_="cross") == 1
        assert len(texts(page, "th", scope="row")) == 4


def test_another_account_finds_no_print_view_and_a_visitor_is_asked_to_log_in(
    client: Client, bob_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match(deals=BUSCA_DEALS)

    assert bob_client.get(print_url(match)).status_code == 404
    visitor = client.get(print_url(match))
    assert visitor.status_code == 302
    assert visitor["Location"].startswith(reverse("login"))


def test_a_busca_match_prints_on_a5_when_asked(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match(deals=BUSCA_DEALS)

    a4 = alice_client.get(print_url(match)).content.decode()
    a5 = alice_client.get(print_url(match, paper="a5")).content.decode()

    assert "paper-a5.css" not in a4
    assert "paper-a5.css" in a5
    assert 'class="print-page paper-a5"' in a5
    assert texts(a5, "a", class_="current") == ["A5"]


def test_mambassa_and_whist_print_only_on_a4(
    alice_client: Client, make_mambassa: Callable[..., Match], make_whist: Callable[..., Match]
) -> None:
    mambassa = make_mambassa(deals=[{"payers": ["Bruno"]}, {"payers": ["Bruno", "Dario"]}])
    whist = make_whist(deals=[{"tricks": [9, 4], "honours": [3, 1]}])

    for match, drawing in ((mambassa, "mambassa-table"), (whist, "whist-sheet")):
        page = alice_client.get(print_url(match, paper="a5"))

        assert page.status_code == 200
        assert "paper-a5.css" not in page.content.decode()
        assert count(page, "span", class_="paper-switch") == 0
        assert count(page, "svg", class_=drawing, role="img") == 1
    assert [int(n) for n in texts(alice_client.get(print_url(mambassa)), "th", scope="row")] == [1, 2]
    assert texts(alice_client.get(print_url(whist)), "th", scope="row") == ["1"]


def test_the_print_button_is_left_to_a_script_and_hidden_without_it(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    page = alice_client.get(print_url(make_match())).content.decode()

    assert "js/print.js" in page
    assert '<button class="primary small" type="button" data-print hidden>' in page


# -- Blank sheets -------------------------------------------------------------------------------


def test_the_blank_sheets_page_needs_no_account_and_offers_every_game(client: Client) -> None:
    page = client.get(reverse("blank_sheets"))

    assert page.status_code == 200
    for game in SUMMARIES:
        assert count(page, "form", id=f"blank-{game}") == 1


def test_the_home_page_links_to_the_blank_sheets(client: Client) -> None:
    assert f'href="{reverse("blank_sheets")}"' in client.get(reverse("home")).content.decode()


@pytest.mark.parametrize(
    ("game", "query", "ticks"),
    [
        ("busca-000", {}, 2),  # two players over 10, or one over 20
        ("busca-001", {"threshold": "21"}, 1),
        ("busca-001", {}, 0),  # a match of so many deals: no threshold to mark
        ("busca-003", {}, 1),  # two players at 10
    ],
)
def test_a_blank_busca_sheet_has_an_empty_arm_for_each_player_with_the_thresholds_ticked(
    client: Client, game: str, query: dict[str, str], ticks: int
) -> None:
    page = client.get(sheet_url(game, **query))

    assert page.status_code == 200
    assert count(page, "g", class_="arm") == 4
    assert count(page, "line", class_="threshold") == 4 * ticks
    assert count(page, "path", class_="strokes") == 0
    assert count(page, "tspan", class_="total") == 0
    assert len(texts(page, "th", scope="row")) == 15  # empty deal rows to fill in (its page, in print)


def test_a_blank_mambassa_sheet_has_a_coin_for_each_life_and_the_pot(client: Client) -> None:
    page = client.get(sheet_url("mambassa", players="6", lives="5"))

    assert page.status_code == 200
    assert count(page, "g", class_="seat") == 6
    assert (
        count(page, "circle", class_="token") == 6 * 5 + 6
    )  # the lives, and each player's first token in the pot
    assert count(page, "text", class_="count") == 0  # no numbers: the pencil writes them
    assert count(page, "th", class_="write-name") == 6  # a column per player in the deal rows


def test_a_blank_mambassa_sheet_keeps_to_the_table_the_game_allows(client: Client) -> None:
    page = client.get(sheet_url("mambassa", players="20", lives="x"))

    assert count(page, "g", class_="seat") == 8
    assert count(page, "circle", class_="token") == 8 * 3 + 8


def test_a_blank_whist_sheet_has_two_columns_and_lines_to_write_on(client: Client) -> None:
    page = client.get(sheet_url("whist"))

    assert page.status_code == 200
    assert count(page, "text", class_="pair-name") == 2
    assert count(page, "line", class_="guide") > 10
    assert count(page, "g", class_="game") == 0


@pytest.mark.parametrize("game", list(SUMMARIES))
def test_the_back_of_every_blank_sheet_summarises_the_rules_of_its_game(client: Client, game: str) -> None:
    page = client.get(sheet_url(game))

    lines = texts(page, "li")
    assert count(page, "section", class_="sheet-back") == 1
    assert 10 <= len(SUMMARIES[game]) <= 20
    assert lines == [" ".join(line.split()) for line in SUMMARIES[game]]


def test_only_the_print_paper_a5_is_offered_for_the_busca_cross(client: Client) -> None:
    busca = client.get(sheet_url("busca-003", paper="a5")).content.decode()
    whist = client.get(sheet_url("whist", paper="a5")).content.decode()

    assert "paper-a5.css" in busca
    assert "paper-a5.css" not in whist


def test_an_unknown_game_has_no_blank_sheet(client: Client) -> None:
    assert client.get(sheet_url("scopa")).status_code == 404


# -- The empty drawings -------------------------------------------------------------------------


def test_an_empty_cross_is_marked_blank_and_holds_no_strokes() -> None:
    cross = busca_cross(["_"] * 4, [0] * 4, (10, 20), blank=True)

    assert cross.blank
    assert all(not arm.strokes and len(arm.ticks) == 2 for arm in cross.arms)


def test_an_empty_table_centres_the_coins_without_a_number() -> None:
    drawn = mambassa_table(["_"] * 4, [3] * 4, 4, blank=True)
    counted = mambassa_table(["_"] * 4, [3] * 4, 4)

    assert drawn.blank
    # Without the number after them, the coins sit further right, centred on the card.
    assert drawn.seats[0].coins[0].x > counted.seats[0].coins[0].x
    middle = (drawn.seats[0].coins[0].x + drawn.seats[0].coins[-1].x) / 2
    assert middle == pytest.approx(drawn.seats[0].card.x + drawn.seats[0].card.width / 2, abs=0.2)


def test_an_empty_whist_sheet_grows_with_its_rows() -> None:
    short = blank_whist_sheet(("a", "b"), rows=4)
    tall = blank_whist_sheet(("a", "b"), rows=14)

    assert len(tall.guides) == 14
    assert tall.height - short.height == pytest.approx(10 * 20.0)
    assert tall.divider.y2 == pytest.approx(tall.height - 8.0)
    with pytest.raises(ValueError, match="at least one row"):
        blank_whist_sheet(("a", "b"), rows=0)


@pytest.mark.parametrize("game", ["busca-001", "mambassa"])
def test_a_blank_sheets_name_columns_are_left_for_the_pencil_but_named_for_a_screen_reader(
    client: Client, game: str
) -> None:
    page = client.get(sheet_url(game))

    headers = texts(page, "th", class_="write-name")
    assert headers == [f"Player {n}" for n in range(1, len(headers) + 1)]
    assert count(page, "span", class_="sr-only") >= len(headers) == 4  # shown on no paper
