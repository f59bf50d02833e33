"""Downloading a match (its document; its deals for a spreadsheet: test_spreadsheet.py) and importing a
document as a new match.

An imported document is judged like the command line judges it: refused whole, with the same
messages, and nothing stored.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.urls import reverse

from matches import services
from matches.models import Deal, Match, Player

from .guests import viewer
from .pages import texts

MakeMatch = Callable[..., Match]
NAMES = ["Anna", "Bruno", "Carla", "Dario"]
IMPORT = reverse("match_import")


def json_url(match: Match) -> str:
    return reverse("match_export_json", args=[match.pk])


def csv_url(match: Match) -> str:
    return reverse("match_export_csv", args=[match.pk])


def upload(content: str | bytes, name: str = "match.json") -> SimpleUploadedFile:
    data = content.encode("utf-8") if isinstance(content, str) else content
    return SimpleUploadedFile(name, data, content_type="application/json")


def document(deals: list[Any], game: str = "busca-000", **extra: Any) -> dict[str, Any]:
    return {"format": "scorekeeper-match/1", "game": game, "players": NAMES, "deals": deals, **extra}


def command_lines(doc: Any, tmp_path: Any, owner: str = "alice") -> list[str]:
    """What ``import_match`` prints on standard error for ``doc``: one line per problem."""
    path = tmp_path / "match.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("import_match", str(path), "--owner", owner, stdout=io.StringIO(), stderr=err)
    return err.getvalue().splitlines()


def errors(page: Any) -> list[str]:
    return texts(page, "li", class_="error")


# -- downloads ---------------------------------------------------------------------------------------


def test_the_match_page_offers_both_downloads(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match()

    page = alice_client.get(reverse("match_detail", args=[match.pk])).content.decode()

    assert f'href="{json_url(match)}" download' in page
    assert f'href="{csv_url(match)}" download' in page


def test_the_json_download_is_the_match_document_of_the_command_line(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[{"points": [25, 8, 5, 2]}, {"points": [10, 10, 10, 10]}])

    response = alice_client.get(json_url(match))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="match-{match.pk}.json"'
    assert json.loads(response.content) == services.match_export(match)
    out = io.StringIO()
    call_command("export_match", str(match.pk), stdout=out)
    assert json.loads(response.content) == json.loads(out.getvalue())


def test_a_viewer_may_download_and_another_account_may_not(bob_client: Client, make_match: MakeMatch) -> None:
    match = make_match(deals=[{"points": [10, 10, 10, 10]}])
    phone = viewer(match)

    assert json.loads(phone.get(json_url(match)).content) == services.match_export(match)
    assert phone.get(csv_url(match)).status_code == 200
    assert bob_client.get(json_url(match)).status_code == 404
    assert bob_client.get(csv_url(match)).status_code == 404


# -- import ------------------------------------------------------------------------------------------


def test_the_matches_page_has_an_import_form_for_a_document(alice_client: Client, db: Any) -> None:
    page = alice_client.get(reverse("match_list")).content.decode()

    assert f'action="{IMPORT}" enctype="multipart/form-data"' in page
    assert '<input type="file" name="document"' in page
    assert "<title>Matches · Scorekeeper</title>" in page


def test_an_imported_document_becomes_a_new_match_of_the_user_and_opens_it(
    alice: User, alice_client: Client, players: list[Player]
) -> None:
    deals = [{"points": [25, 8, 5, 2]}, {"points": [20, 10, 10, 0], "covered": [True, True, True, False]}]

    response = alice_client.post(IMPORT, {"document": upload(json.dumps(document(deals)))}, follow=True)

    match = Match.objects.get()
    assert response.redirect_chain == [(reverse("match_detail", args=[match.pk]), 302)]
    assert texts(response, "li", class_="success") == ["Match imported."]
    assert (match.owner, match.game) == (alice, "busca-000")
    assert [d.entry for d in Deal.objects.filter(match=match)] == deals
    assert match.result["totals"] == [5, 0, 0, 2]
    # The players are alice's own, found by name: no second Anna.
    assert [seat.player for seat in match.seats.all()] == players
    assert Player.objects.filter(owner=alice).count() == 4


def test_a_downloaded_document_imports_as_an_equal_match(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match(deals=[{"points": [25, 8, 5, 2]}, {"points": [10, 10, 10, 10]}])
    exported = alice_client.get(json_url(match)).content

    response = alice_client.post(IMPORT, {"document": upload(exported)})

    copy = Match.objects.exclude(pk=match.pk).get()
    assert response["Location"] == reverse("match_detail", args=[copy.pk])
    assert services.match_export(copy) == services.match_export(match)


def test_a_document_that_breaks_a_rule_shows_the_command_line_messages_and_stores_nothing(
    alice_client: Client, players: list[Player], tmp_path: Any
) -> None:
    doc = document([{"points": [25, 8, 5, 2]}, {"points": [20, 10, 5, 4]}, {"points": [41, 0, 0, 0]}])
    lines = command_lines(doc, tmp_path)
    assert lines  # the command refuses it, a line per problem

    response = alice_client.post(IMPORT, {"document": upload(json.dumps(doc))}, follow=True)

    assert response.redirect_chain == [(reverse("match_list"), 302)]
    # The same sentences, each begun with a capital as the pages write them, the game by its name
    # where the command line keeps its key (docs/format.md).
    said = [line.replace("busca-000", "Busca / Busche") for line in lines]
    assert errors(response) == [line[:1].upper() + line[1:] for line in said]
    assert errors(response)[0] == "Deal 2: points add up to 39, a deal of Busca / Busche has 40"
    assert not Match.objects.exists()
    assert not Deal.everything.exists()
    assert Player.objects.count() == 4


def test_a_document_with_a_new_player_that_is_refused_adds_no_player(
    alice_client: Client, players: list[Player], tmp_path: Any
) -> None:
    doc = {**document([{"points": [39, 0, 0, 0]}]), "players": ["Anna", "Bruno", "Carla", "Zeno"]}
    lines = command_lines(doc, tmp_path)

    response = alice_client.post(IMPORT, {"document": upload(json.dumps(doc))}, follow=True)

    said = [line.replace("busca-000", "Busca / Busche") for line in lines]
    assert errors(response) == [line[:1].upper() + line[1:] for line in said]
    assert not Player.objects.filter(name="Zeno").exists()
    assert not Match.objects.exists()


def test_a_document_of_an_unknown_game_is_refused_like_on_the_command_line(
    alice_client: Client, alice: User, tmp_path: Any
) -> None:
    doc = document([], game="scopa")
    lines = command_lines(doc, tmp_path)

    response = alice_client.post(IMPORT, {"document": upload(json.dumps(doc))}, follow=True)

    assert errors(response) == [line[:1].upper() + line[1:] for line in lines]
    assert not Match.objects.exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            b"{not json",
            "The document is not JSON: Expecting property name enclosed in double quotes at line 1, column 2",
        ),
        (b"\xff\xfe\x00garbage", "The document is not UTF-8 text (byte 1)"),
    ],
    ids=["broken JSON", "not UTF-8"],
)
def test_a_file_that_is_not_json_is_refused_plainly(
    content: bytes, message: str, alice_client: Client, alice: User
) -> None:
    response = alice_client.post(IMPORT, {"document": upload(content)}, follow=True)

    assert errors(response) == [message]
    assert not Match.objects.exists()


def test_an_import_without_a_file_asks_for_one(alice_client: Client, alice: User) -> None:
    response = alice_client.post(IMPORT, {}, follow=True)

    assert errors(response) == ["Choose a match document (.json) to import"]


def test_import_needs_an_account_and_a_post(client: Client, alice_client: Client, db: Any) -> None:
    doc = json.dumps(document([]))

    assert alice_client.get(IMPORT).status_code == 405
    alice_client.logout()
    response = alice_client.post(IMPORT, {"document": upload(doc)})
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert not Match.objects.exists()


def test_a_download_while_a_deal_is_entered_lists_the_deals_its_result_is_computed_from(
    alice_client: Client, alice: User, make_match: MakeMatch
) -> None:
    match = make_match(deals=[{"points": [25, 8, 5, 2]}, {"points": [10, 10, 10, 10]}])
    deals_read: list[str] = []
    entered: list[str] = []

    def another_phone_saves(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if deals_read and not entered:  # the download has read the deals and reads on
            entered.append(sql)
            again = Match.objects.get(pk=match.pk)
            services.deal_record(match=again, entry={"points": [10] * 4}, author=alice)
        elif Deal._meta.db_table in sql and sql.lstrip().upper().startswith("SELECT"):
            deals_read.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(another_phone_saves):
        doc = alice_client.get(json_url(match)).json()

    # The deals are read once: a deal entered after that reading is in neither the list nor the result.
    assert len(deals_read) == 1
    assert len(doc["deals"]) == len(doc["result"]["deals"])
