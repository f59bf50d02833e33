"""The deals for a spreadsheet: a CSV that opens right in an Italian spreadsheet, and an .xlsx.

Italian: cells separated by ``;``, decimal commas, UTF-8 with a byte order mark, headers and yes/no
in Italian, names instead of JSON, and what the table entered beside what the rules made of it.
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Callable

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from matches import services, spreadsheet
from matches.models import Match, Player

from .pages import Answer

MakeMatch = Callable[..., Match]
NAMES = ["Anna", "Bruno", "Carla", "Dario"]
BOM = "\ufeff"


def csv_url(match: Match) -> str:
    return reverse("match_export_csv", args=[match.pk])


def xlsx_url(match: Match) -> str:
    return reverse("match_export_xlsx", args=[match.pk])


def download(client: Client, url: str, language: str = "en") -> Answer:
    return client.get(url, headers={"Accept-Language": language})


def rows(response: Answer, separator: str = ",") -> list[dict[str, str]]:
    """The CSV's deals, each by its header; the file begins with a byte order mark."""
    text = response.content.decode("utf-8")
    assert text.startswith(BOM)
    header, *deals = csv.reader(io.StringIO(text[1:]), delimiter=separator)
    assert all(len(deal) == len(header) for deal in deals)
    return [dict(zip(header, deal, strict=True)) for deal in deals]


def header(response: Answer, separator: str = ",") -> list[str]:
    return next(csv.reader(io.StringIO(response.content.decode("utf-8")[1:]), delimiter=separator))


def test_the_match_page_offers_the_deals_as_csv_and_as_xlsx(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()

    page = alice_client.get(reverse("match_detail", args=[match.pk])).content.decode()

    assert f'href="{csv_url(match)}" download' in page
    assert f'href="{xlsx_url(match)}" download' in page


def test_an_italian_csv_of_busca_is_separated_by_semicolons_in_italian_words(
    alice_client: Client, make_match: MakeMatch
) -> None:
    # Deal 2: Carla takes the last trick (37 card points entered), Dario does not cover, Bruno reneges.
    match = make_match(
        deals=[
            {"points": [25, 8, 5, 2]},
            {
                "points": [20, 10, 7, 0],
                "last_trick": "Carla",
                "covered": [True, True, True, False],
                "penalties": [{"player": "Bruno", "kind": "renege"}],
            },
        ]
    )

    response = download(alice_client, csv_url(match), "it")

    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="match-{match.pk}.csv"'
    first, second = rows(response, ";")
    assert list(first)[:3] == ["Smazzata", "Punti delle carte Anna", "Punti delle carte Bruno"]
    assert {"L'ultima presa", "Penalità"} <= set(first)
    assert (first["Smazzata"], first["Mazziere"], first["Busche Anna"], first["Totale Anna"]) == (
        "1",
        "Anna",
        "5",
        "5",
    )
    assert [first[f"Coperto {name}"] for name in NAMES] == ["sì"] * 4
    # What was entered, beside what the rules made of it: card points, the last trick, the penalty.
    assert [second[f"Punti delle carte {name}"] for name in NAMES] == ["20", "10", "7", "0"]
    assert [second[f"Punti {name}"] for name in NAMES] == ["20", "10", "10", "0"]
    assert (second["L'ultima presa"], second["Penalità"]) == ("Carla", "Bruno: rinuncia")
    assert [second[f"Coperto {name}"] for name in NAMES] == ["sì", "sì", "sì", "no"]
    assert first["L'ultima presa"] == first["Penalità"] == ""


def test_an_english_csv_keeps_commas_and_english_words(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match(deals=[{"points": [25, 8, 5, 2]}])

    response = download(alice_client, csv_url(match), "en")

    assert header(response) == [
        "Deal",
        "Dealer",
        "Leads",
        *(f"Points {name}" for name in NAMES),
        *(f"Covered {name}" for name in NAMES),
        *(f"Busche {name}" for name in NAMES),
        *(f"Total {name}" for name in NAMES),
        "Next dealer",
        "Next to lead",
    ]
    (deal,) = rows(response)
    assert [deal[f"Covered {name}"] for name in NAMES] == ["yes"] * 4
    assert "True" not in response.content.decode()


def test_a_mambassa_csv_has_the_cards_shown_and_the_hands_values_with_decimal_commas_in_italian(
    alice_client: Client, make_mambassa: Callable[..., Match]
) -> None:
    # Deal 1: the cards shown (Anna's Mambassa, Bruno's and Carla's scala corta at 38.5); deal 2: said.
    hands = [["1D", "1S", "1C", "1B"], ["FC", "CC", "RC", "3C"], ["5S", "6S", "7S", "2B"]]
    match = make_mambassa(seats=3, deals=[{"hands": hands}, {"payers": ["Bruno"], "quarantuno": "Carla"}])

    first, second = rows(download(alice_client, csv_url(match), "it"), ";")

    assert first["Carte Anna"] == "asso di denari, asso di spade, asso di coppe, asso di bastoni"
    assert first["Carte Bruno"] == "fante di coppe, cavallo di coppe, re di coppe, 3 di coppe"
    assert (first["Mano Anna"], first["Valore Anna"]) == ("Mambassa", "44")
    assert (first["Mano Bruno"], first["Valore Bruno"]) == ("scala corta", "38,5")
    assert first["Chi paga"] == "Bruno, Carla"  # names, not ["Bruno", "Carla"]
    assert first["Smazzata nulla"] == "no"
    assert (second["Chi paga"], second["Quarantuno"], second["Carte Anna"], second["Mano Anna"]) == (
        "Bruno",
        "Carla",
        "",
        "",
    )
    assert "[" not in "".join(first.values()) + "".join(second.values())


def test_a_whist_csv_has_tricks_and_honours_and_the_game_won_in_words(
    alice_client: Client, make_whist: Callable[..., Match]
) -> None:
    match = make_whist(deals=[{"tricks": [9, 4], "honours": [3, 1]}, {"tricks": [6, 7], "honours": [2, 2]}])

    first, second = rows(download(alice_client, csv_url(match)))

    pairs = ("Anna & Carla", "Bruno & Dario")
    assert [first[f"Tricks {pair}"] for pair in pairs] == ["9", "4"]
    assert [first[f"Honours {pair}"] for pair in pairs] == ["3", "1"]
    assert [first[f"Trick points {pair}"] for pair in pairs] == ["3", "0"]
    assert (first["Game won by"], first["Game points"]) == ("Anna & Carla", "3")
    assert (second["Game won by"], second["Game points"]) == ("", "")
    assert "{" not in response_text(alice_client, match)


def response_text(client: Client, match: Match) -> str:
    return download(client, csv_url(match)).content.decode()


def test_the_csv_of_a_match_without_deals_is_a_header_alone(
    alice_client: Client, make_match: MakeMatch
) -> None:
    response = download(alice_client, csv_url(make_match()), "it")

    assert response.content.decode("utf-8") == BOM + "Smazzata\r\n"


FORMULAS = ['=HYPERLINK("http://x","y")', "@SUM(1)", "+1", "-1+2"]


def test_a_player_named_like_a_formula_reaches_the_csv_as_text_no_spreadsheet_runs(
    alice_client: Client, alice: User
) -> None:
    named = [Player.objects.create(owner=alice, name=name) for name in FORMULAS]
    match = services.match_create(owner=alice, game="busca-000", options={}, players=named, first_dealer=0)
    services.deal_record(match=match, entry={"points": [25, 8, 5, 2]}, author=alice)

    response = download(alice_client, csv_url(match), "it")
    text = response.content.decode("utf-8")[1:]
    head, deal = csv.reader(io.StringIO(text), delimiter=";")

    assert deal[:3] == ["1", '\'=HYPERLINK("http://x","y")', "'@SUM(1)"]  # number, dealer, leader
    assert deal[-2:] == ['\'=HYPERLINK("http://x","y")', "'@SUM(1)"]  # next dealer and leader
    assert head[3:7] == [f"Punti {name}" for name in FORMULAS]
    for cell in [*head, *deal]:
        assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell


def test_in_the_csv_numbers_stay_numbers_negative_ones_too_and_only_text_gets_the_quote() -> None:
    doc = {
        "game": "busca-000",
        "players": ["-1+2", "Bruno", "+1", "Dario"],
        "deals": [{}],
        "result": {"deals": [{"number": 1, "dealer": "-1+2", "money": [-2.5, 2.5, 0, 0], "note": "\tx"}]},
    }

    head, deal = spreadsheet.deal_table(doc)

    assert head == ["Deal", "Dealer", "money -1+2", "money Bruno", "money +1", "money Dario", "note"]
    assert deal == [1, "'-1+2", -2.5, 2.5, 0, 0, "'\tx"]
    assert spreadsheet.write_csv([deal]).decode() == BOM + "1,'-1+2,-2.5,2.5,0,0,'\tx\r\n"


def test_the_xlsx_holds_the_same_deals_with_numbers_as_numbers(
    alice_client: Client, make_mambassa: Callable[..., Match]
) -> None:
    hands = [["1D", "1S", "1C", "1B"], ["FC", "CC", "RC", "3C"], ["5S", "6S", "7S", "2B"]]
    match = make_mambassa(seats=3, deals=[{"hands": hands}])

    response = download(alice_client, xlsx_url(match), "it")

    assert response["Content-Type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert response["Content-Disposition"] == f'attachment; filename="match-{match.pk}.xlsx"'
    book = zipfile.ZipFile(io.BytesIO(response.content))
    strings = book.read("xl/sharedStrings.xml").decode()
    sheet = book.read("xl/worksheets/sheet1.xml").decode()
    for text in ("Mazziere", "scala corta", "asso di denari, asso di spade, asso di coppe, asso di bastoni"):
        assert f"<t>{text}</t>" in strings
    assert "<t></t>" not in strings  # an empty cell is left empty
    assert "<v>38.5</v>" in sheet  # a number the spreadsheet shows as 38,5 in Italian
    assert "<f>" not in sheet  # no formula


def test_the_xlsx_keeps_a_name_like_a_formula_as_text(alice_client: Client, alice: User) -> None:
    named = [Player.objects.create(owner=alice, name=name) for name in FORMULAS]
    match = services.match_create(owner=alice, game="busca-000", options={}, players=named, first_dealer=0)
    services.deal_record(match=match, entry={"points": [25, 8, 5, 2]}, author=alice)

    book = zipfile.ZipFile(io.BytesIO(download(alice_client, xlsx_url(match)).content))

    assert "<f>" not in book.read("xl/worksheets/sheet1.xml").decode()
    assert '<t>=HYPERLINK("http://x","y")</t>' in book.read("xl/sharedStrings.xml").decode()


def test_a_busca_deal_entered_by_its_top_has_the_tops_points_and_the_others_left_empty(
    alice_client: Client, make_match: MakeMatch
) -> None:
    top = {"points": None, "top": {"players": ["Anna", "Carla"], "points": 13}}
    match = make_match(deals=[top, {"points": [25, 8, 5, 2]}])

    first, second = rows(download(alice_client, csv_url(match), "en"))

    assert [first[f"Points {name}"] for name in NAMES] == ["13", "", "13", ""]  # the others not entered
    assert [first[f"Busche {name}"] for name in NAMES] == ["1", "0", "1", "0"]
    assert [second[f"Points {name}"] for name in NAMES] == ["25", "8", "5", "2"]
    assert "top" not in header(download(alice_client, csv_url(match), "en"))
