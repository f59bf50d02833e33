"""A club's data leaves as files, and a person's with them: the club's whole history as match
documents and a spreadsheet; one's own data as JSON; an account deleted, the sheets kept.

alice's club is the family's: bob has joined it and says "this is me" of Bruno. carla plays in a
club of her own, which must never see the family's.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse

from games import document
from matches import club_export, services
from matches.clubs import SESSION_KEY
from matches.models import Change, Club, Deal, Evening, Match, Membership, Player
from matches.services import accounts
from matches.services.club_history import club_history
from matches.services.clubs import club_create, club_join, membership_change, personal_club, player_claim

MakeMatch = Callable[..., Match]
OVER_FOR_ANNA = [{"points": [34, 2, 2, 2]}, {"points": [34, 2, 2, 2]}]  # she loses, the others win
QUARANTUNO = {"hands": [h.split() for h in ("FC CC RC 1C", "5S 6S 7S 2B", "3D 4D 6B RB", "1S 3S 7D 1B")]}
ZIP = reverse("club_export")
XLSX = reverse("club_export_xlsx")
DATA = reverse("account_data")
DELETE = reverse("account_delete")


def logged_in(user: User, club: Club | None = None) -> Client:
    client = Client()
    client.force_login(user)
    if club is not None:
        session = client.session
        session[SESSION_KEY] = club.pk  # looking at ``club``, as after "Show" on the clubs page
        session.save()
    return client


@pytest.fixture
def family(alice: User, bob: User, players: list[Player]) -> Club:
    """alice's club, which bob has joined (a scorer), playing as Bruno."""
    club = personal_club(alice)
    membership, _ = club_join(club=club, user=bob)
    membership_change(membership=membership, role=Membership.Role.SCORER)
    player_claim(player=players[1], user=bob)
    return club


@pytest.fixture
def history(
    family: Club, bob: User, make_match: MakeMatch, make_mambassa: MakeMatch, make_whist: MakeMatch
) -> list[Match]:
    """A finished Busca match of an evening with a stake, one in progress, Mambassa and Whist; bob
    entered a deal of the one in progress."""
    evening = Evening.objects.create(owner=bob, club=family, date=date(2026, 11, 28), place="Bar Sport")
    finished = make_match(deals=OVER_FOR_ANNA, stake=1)
    Match.objects.filter(pk=finished.pk).update(evening=evening, note="Anna = the best")
    running = make_match(deals=[{"points": [25, 8, 5, 2]}])
    services.deal_record(match=running, entry={"points": [10, 10, 10, 10]}, author=bob)
    return [
        finished,
        running,
        make_mambassa(deals=[{"payers": ["Bruno"]}, QUARANTUNO], stake=0.5),
        make_whist(deals=[{"tricks": [9, 4], "honours": [3, 1]}], stake=2),
    ]


def unzipped(response: Any) -> zipfile.ZipFile:
    content = b"".join(response.streaming_content)
    archive = zipfile.ZipFile(io.BytesIO(content))
    assert archive.testzip() is None
    return archive


def sheet_texts(xlsx: bytes) -> dict[str, str]:
    """Each worksheet's XML, with the workbook's shared strings put in place, by the sheet's name."""
    book = zipfile.ZipFile(io.BytesIO(xlsx))
    assert book.testzip() is None
    shared = re.findall(r"<t[^>]*>([^<]*)</t>", book.read("xl/sharedStrings.xml").decode())
    names = re.findall(r'<sheet name="([^"]+)"', book.read("xl/workbook.xml").decode())
    sheets = {}
    for n, name in enumerate(names, start=1):
        xml = book.read(f"xl/worksheets/sheet{n}.xml").decode()
        sheets[name] = re.sub(
            r'<c r="[A-Z]+\d+"( s="\d+")? t="s"><v>(\d+)</v></c>', lambda m: shared[int(m[2])], xml
        )
    return sheets


# -- The club's history ---------------------------------------------------------------------------


def test_the_zip_holds_every_match_as_a_document_that_reads_back_the_same(
    alice: User, history: list[Match]
) -> None:
    response = logged_in(alice).get(ZIP)

    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert response["Content-Disposition"].startswith('attachment; filename="alice-')
    archive = unzipped(response)
    documents = sorted(name for name in archive.namelist() if name.startswith("matches/"))
    assert len(documents) == len(history)
    assert "club.xlsx" in archive.namelist()
    by_pk = {int(name.rsplit("_", 1)[1].removesuffix(".json")): name for name in documents}
    for match in history:
        raw = archive.read(by_pk[match.pk])
        doc = document.parse_document(raw)
        assert doc == services.match_export(match)
        assert document.score_document({k: v for k, v in doc.items() if k != "result"}) == doc


def test_a_document_in_the_zip_imports_as_the_same_match(
    alice: User, carla: User, history: list[Match]
) -> None:
    archive = unzipped(logged_in(alice).get(ZIP))
    name = next(n for n in archive.namelist() if n.endswith(f"_{history[2].pk}.json"))

    copy = services.match_import(owner=carla, doc=document.parse_document(archive.read(name)))

    assert services.match_export(copy) == services.match_export(history[2])


def test_the_documents_are_named_by_date_game_and_players_safely(
    alice: User, family: Club, players: list[Player], make_match: MakeMatch
) -> None:
    players[0].name = "../Niccolò: *1*"
    players[0].save()
    match = make_match()
    day = match.created_at.date().isoformat()

    archive = unzipped(logged_in(alice).get(ZIP))

    assert f"matches/{day}_busca-000_Niccolò_1-Bruno-Carla-Dario_{match.pk}.json" in archive.namelist()
    assert all(not name.startswith(("/", "..")) and "/../" not in name for name in archive.namelist())


def test_the_spreadsheet_lists_every_match_with_its_winners_evening_and_money(
    alice: User, history: list[Match]
) -> None:
    archive = unzipped(logged_in(alice).get(ZIP))
    alone = logged_in(alice).get(XLSX)

    assert alone.status_code == 200
    assert alone["Content-Type"] == club_export.XLSX
    assert alone["Content-Disposition"].startswith('attachment; filename="alice-')
    sheets = sheet_texts(alone.content)
    assert list(sheets) == ["Matches", "Whist", "Mambassa - Quarantuno", "Busca - Busche"]
    assert sheet_texts(archive.read("club.xlsx")).keys() == sheets.keys()
    matches = sheets["Matches"]
    for header in ("Date", "Game", "Players", "Winners", "Evening", "Anna (money)", "Dario (money)"):
        assert f"<t>{header}</t>" in matches or header in matches
    assert "2026-11-28 Bar Sport" in matches
    assert "Anna = the best" in matches
    assert "Anna &amp; Carla" in sheets["Whist"] or "Anna & Carla" in sheets["Whist"]
    # Anna lost the finished Busca match at a stake of 1: she paid 1, shared by the three others.
    first = history[0]
    row = re.search(rf"<row r=\"\d+\"[^>]*><c r=\"A\d+\"[^>]*><v>{first.pk}</v>.*?</row>", matches)
    assert row is not None
    assert "Anna, Bruno, Carla, DarioBruno, Carla, Dario" in re.sub(
        r"<[^>]+>", "", row[0]
    )  # players, winners
    assert re.findall(r'<c r="[J-M]\d+" s="\d+"><v>([-\d.]+)</v>', row[0]) == ["-1", "0.34", "0.33", "0.33"]


def test_the_history_reads_each_match_newest_first_with_its_winners_and_money(
    alice: User, history: list[Match]
) -> None:
    items = list(club_history(history[0].club))

    assert [item.match.pk for item in items] == [m.pk for m in reversed(history)]
    assert sum((sum(item.nets, Decimal(0)) for item in items), Decimal(0)) == 0
    assert items[-1].winners == ["Bruno", "Carla", "Dario"]
    assert items[-1].nets == (Decimal(-1), Decimal("0.34"), Decimal("0.33"), Decimal("0.33"))
    assert items[-2].nets == ()  # in progress


def test_the_deal_sheets_stop_at_their_limit_and_say_where_the_rest_are(
    alice: User, history: list[Match], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Newest first: Whist's deal fits; Mambassa's two do not (1 + 2 > 2), nor any older match's.
    monkeypatch.setattr(club_export, "DEAL_ROWS_MOST", 2)

    sheets = sheet_texts(club_export.club_xlsx(history[0].club))

    assert "every match is in the club" in sheets["Mambassa - Quarantuno"]
    assert "every match is in the club" in sheets["Busca - Busche"]
    assert "every match is in the club" not in sheets["Whist"]


def test_the_matches_sheet_stops_at_its_limit(
    alice: User, history: list[Match], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(club_export, "MATCH_ROWS_MOST", 2)

    matches = sheet_texts(club_export.club_xlsx(history[0].club))["Matches"]

    listed = [int(pk) for pk in re.findall(r'<c r="A\d+"><v>(\d+)</v>', matches)]
    assert listed == [history[3].pk, history[2].pk]
    assert "Older matches are not listed here" in matches


def test_an_empty_club_downloads_an_empty_history(carla: User) -> None:
    archive = unzipped(logged_in(carla).get(ZIP))

    assert archive.namelist() == ["club.xlsx"]
    assert list(sheet_texts(archive.read("club.xlsx"))) == ["Matches"]


def test_a_member_downloads_the_club_they_look_at_and_no_other(
    bob: User, carla: User, history: list[Match], family: Club
) -> None:
    theirs = club_create(user=carla, name="Circolo")
    services.match_create(
        owner=carla,
        club=theirs,
        game="whist",
        options={},
        players=[Player.objects.create(club=theirs, owner=carla, name=n) for n in ("U", "V", "W", "Z")],
        first_dealer=0,
    )

    bobs = unzipped(logged_in(bob, family).get(ZIP))
    carlas = unzipped(logged_in(carla, theirs).get(ZIP))

    assert len(bobs.namelist()) == len(history) + 1
    assert len(carlas.namelist()) == 2
    assert not any("Anna" in name for name in carlas.namelist())
    assert "Anna" not in str(sheet_texts(carlas.read("club.xlsx")))
    # Asking for the family's club in the session is no way in: carla is no member of it.
    assert "Anna" not in str(logged_in(carla, family).get(ZIP).getvalue())


def test_a_visitor_is_sent_to_log_in(client: Client, history: list[Match]) -> None:
    for url in (ZIP, XLSX, DATA, DELETE):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))


def test_the_downloads_are_linked_from_the_matches_and_the_club(alice: User, family: Club) -> None:
    client = logged_in(alice)

    assert ZIP in client.get(reverse("match_list")).content.decode()
    assert XLSX in client.get(reverse("club_detail", args=[family.pk])).content.decode()
    account = client.get(reverse("password_change")).content.decode()
    assert DATA in account
    assert DELETE in account


# -- One's own data -------------------------------------------------------------------------------


def test_ones_own_data_holds_the_account_clubs_players_and_what_was_entered(
    bob: User, carla: User, family: Club, history: list[Match]
) -> None:
    response = logged_in(bob).get(DATA)

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="scorekeeper-bob-')
    data = json.loads(response.content)
    assert data["account"]["username"] == "bob"
    assert data["account"]["date_joined"] == bob.date_joined.isoformat()
    assert [(c["name"], c["role"], c["own"]) for c in data["clubs"]] == [("alice", "scorer", False)]
    assert [p["name"] for p in data["players_linked_to_me"]] == ["Bruno"]
    assert [e["place"] for e in data["evenings_added"]] == ["Bar Sport"]
    assert data["players_added"] == []
    assert data["matches_started"] == []
    assert [(d["match"], d["number"]) for d in data["deals_entered"]] == [(history[1].pk, 2)]
    assert [(c["match"], c["deal"], c["kind"]) for c in data["changes_made"]] == [
        (history[1].pk, 2, "deal_entered")
    ]


def test_ones_own_data_holds_nothing_of_another_account(
    alice: User, bob: User, carla: User, history: list[Match]
) -> None:
    text = logged_in(carla).get(DATA).content.decode()
    data = json.loads(text)

    assert data["account"]["username"] == "carla"
    assert "alice" not in text
    assert "bob" not in text
    assert "Anna" not in text
    assert "Bruno" not in text
    assert all(
        not data[key] for key in ("players_linked_to_me", "deals_entered", "changes_made", "players_added")
    )
    alices = json.loads(logged_in(alice).get(DATA).content)
    assert len(alices["matches_started"]) == len(history)
    assert "bob-password" not in text
    assert "password" not in alices["account"]


# -- Deleting an account --------------------------------------------------------------------------


def test_the_page_says_what_deleting_does(bob: User, family: Club) -> None:
    personal_club(bob)
    page = logged_in(bob).get(DELETE).content.decode()

    assert "cannot be undone" in page
    assert "the club stays for its other members" in page  # the family's
    assert "you are its only member, so the club is deleted" in page  # bob's own
    assert "Bruno (alice)" in page


def test_a_wrong_password_deletes_nothing(bob: User, family: Club, history: list[Match]) -> None:
    client = logged_in(bob)
    client.get(DELETE)
    before = (User.objects.count(), Club.objects.count(), Match.objects.count(), Player.objects.count())

    response = client.post(DELETE, {"password": "not-his-password"})

    assert response.status_code == 400
    assert "That is not your password: nothing was deleted." in response.content.decode()
    after = (User.objects.count(), Club.objects.count(), Match.objects.count(), Player.objects.count())
    assert after == before
    assert Player.objects.get(name="Bruno").account == bob
    assert client.get(reverse("match_list")).status_code == 200, "still logged in"


def test_deleting_keeps_the_sheets_and_unlinks_the_player(
    alice: User, bob: User, family: Club, history: list[Match]
) -> None:
    client = logged_in(bob)
    other_phone = logged_in(bob)
    documents = [services.match_export(match) for match in history]

    response = client.post(DELETE, {"password": "bob-password-1"})

    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert not User.objects.filter(username="bob").exists()
    bruno = Player.objects.get(club=family, name="Bruno")
    assert bruno.account is None
    assert [services.match_export(match) for match in history] == documents
    entered = Deal.objects.get(match=history[1], number=2)
    assert (entered.entered_by, entered.entered_by_name) == (None, "bob")
    assert Change.objects.filter(match=history[1], author_name="bob").exists()
    evening = Evening.objects.get(place="Bar Sport")
    assert (evening.owner, evening.club) == (None, family)
    assert list(family.memberships.values_list("user__username", flat=True)) == ["alice"]
    # Logged out on this phone and on every other.
    assert client.get(reverse("match_list"))["Location"].startswith(reverse("login"))
    assert other_phone.get(reverse("match_list"))["Location"].startswith(reverse("login"))


def test_a_solo_club_goes_with_its_data(bob: User, family: Club) -> None:
    own = personal_club(bob)
    zeno = Player.objects.create(owner=bob, name="Zeno")
    others = [Player.objects.create(owner=bob, name=n) for n in ("Ugo", "Lia", "Eva")]
    match = services.match_create(
        owner=bob, game="busca-000", options={}, players=[zeno, *others], first_dealer=0
    )
    services.deal_record(match=match, entry={"points": [10, 10, 10, 10]}, author=bob)
    Evening.objects.create(owner=bob, date=date(2026, 1, 1))

    done = accounts.account_delete(bob)

    assert done.clubs_deleted == ["bob"]
    assert done.clubs_kept == ["alice"]
    assert not Club.objects.filter(pk=own.pk).exists()
    assert not Player.objects.filter(pk=zeno.pk).exists()
    assert not Match.objects.filter(pk=match.pk).exists()
    assert not Deal.everything.filter(match_id=match.pk).exists()
    assert not Evening.objects.filter(club_id=own.pk).exists()
    assert Club.objects.filter(pk=family.pk).exists()


def test_the_last_organiser_leaves_the_club_to_the_member_who_joined_first(
    alice: User, bob: User, carla: User, family: Club, history: list[Match]
) -> None:
    club_join(club=family, user=carla)  # after bob

    done = accounts.account_delete(alice)

    assert done.new_organisers == {"alice": "bob"}
    assert Membership.objects.get(club=family, user=bob).role == Membership.Role.ORGANISER
    assert Membership.objects.get(club=family, user=carla).role == Membership.Role.MEMBER
    family.refresh_from_db()
    assert family.personal_of is None
    assert Match.objects.filter(club=family).count() == len(history)
    assert all(match.owner_id is None for match in Match.objects.filter(club=family))
    assert Player.objects.filter(club=family).count() == 8  # (Mambassa's eight)


def test_another_organiser_stays_the_only_one(alice: User, bob: User, carla: User, family: Club) -> None:
    membership_change(
        membership=Membership.objects.get(club=family, user=bob), role=Membership.Role.ORGANISER
    )
    club_join(club=family, user=carla)

    done = accounts.account_delete(alice)

    assert done.new_organisers == {}
    assert Membership.objects.get(club=family, user=carla).role == Membership.Role.MEMBER


def test_deleting_says_who_organises_now_and_the_page_said_so_first(
    alice: User, bob: User, family: Club
) -> None:
    client = logged_in(alice)
    assert "bob, who joined first, becomes its organiser" in client.get(DELETE).content.decode()

    response = client.post(DELETE, {"password": "alice-password-1"}, follow=True)

    page = response.content.decode()
    assert "Your account is deleted." in page
    assert "bob is now the organiser of alice." in page


def test_deleting_ends_the_accounts_sessions_and_no_other(alice: User, bob: User, family: Club) -> None:
    logged_in(bob)
    alices = logged_in(alice)

    accounts.account_delete(bob)

    assert Session.objects.count() == 1
    assert alices.get(reverse("match_list")).status_code == 200
