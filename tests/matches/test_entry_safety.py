"""No deal lost, stored twice or silently overwritten when several phones score one match.

Each entry form carries a one-time token (a repeated submission finds the deal it stored) and
the number of the deal it means to enter (a deal entered meanwhile elsewhere is not overwritten);
a correction carries the version of the deal it corrects.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse

from matches import services
from matches.models import Change, Deal, Match

from .guests import scorer, viewer
from .pages import count, form_values, text, texts
from .typed import numbered

MakeMatch = Callable[..., Match]
HTMX = {"HX-Request": "true"}
EVEN = {"points": [10, 10, 10, 10]}
BRUNO_25 = {"points": [8, 25, 5, 2]}  # Bruno takes 5 busche, so he deals the next deal


def sheet_url(match: Match) -> str:
    return reverse("match_detail", args=[match.pk])


def post_url(match: Match) -> str:
    return reverse("deal_create", args=[match.pk])


def edit_url(match: Match, number: int) -> str:
    return reverse("deal_edit", args=[match.pk, number])


def entries(match: Match) -> list[tuple[int, dict[str, Any]]]:
    return numbered(match)  # as typed: the dealer only where the table chose one


def alert(page: Any) -> str:
    """The refusal at the top of the entry form."""
    return text(page, "div", class_="error", role="alert")


def typed(form: dict[str, str], *points: int) -> dict[str, str]:
    """The entry form as the page gave it, with these points typed in."""
    return {**form, **{f"points_{seat}": str(p) for seat, p in enumerate(points)}}


def points_shown(page: Any) -> list[str]:
    values = form_values(page, "deal-form")
    return [values[f"points_{seat}"] for seat in range(4)]


# -- one-time tokens: a repeated submission stores the deal once ---------------------------------


def test_the_service_stores_a_repeated_token_once_and_says_it_was_repeated(
    alice: User, make_match: MakeMatch
) -> None:
    match = make_match()
    token = uuid.uuid4()

    first = services.deal_record(match=match, entry=EVEN, author=alice, token=token, number=1)
    version = Match.objects.get(pk=match.pk).version
    again = services.deal_record(match=match, entry=EVEN, author=alice, token=token, number=1)

    assert first.repeated is False
    assert again.repeated is True
    assert again.pk == first.pk
    assert entries(match) == [(1, EVEN)]
    assert Match.objects.get(pk=match.pk).version == version  # nothing changed the second time
    assert Change.objects.filter(kind=Change.Kind.DEAL_ENTERED).count() == 1


def test_a_repeated_token_finds_its_deal_even_after_later_deals_and_other_values(
    alice: User, make_match: MakeMatch
) -> None:
    match = make_match()
    token = uuid.uuid4()
    services.deal_record(match=match, entry=EVEN, author=alice, token=token, number=1)
    services.deal_record(match=match, entry=BRUNO_25, author=alice, token=uuid.uuid4(), number=2)

    # A late resend of the first form: not "deal 1 was just entered", not a third deal.
    again = services.deal_record(match=match, entry=BRUNO_25, author=alice, token=token, number=1)

    assert (again.repeated, again.number) == (True, 1)
    assert entries(match) == [(1, EVEN), (2, BRUNO_25)]


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_the_same_form_sent_twice_stores_one_deal_and_shows_the_stored_result(
    headers: dict[str, str], alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()
    form = typed(form_values(alice_client.get(sheet_url(match)), "deal-form"), 10, 10, 10, 10)
    assert form["number"] == "1"
    uuid.UUID(form["token"])  # a real one-time token

    alice_client.post(post_url(match), form, headers=headers)
    again = alice_client.post(post_url(match), form, follow=True, headers=headers)

    assert entries(match) == [(1, EVEN)]
    # Said with the sheet it concerns (after the redirect, or in the htmx answer itself), not later.
    if not headers:
        assert texts(again, "li", class_="info") == ["Deal 1 was already saved."]
    else:
        assert texts(again, "p", class_="notice") == ["Deal 1 was already saved."]
    assert [row.split()[0] for row in texts(again, "th", scope="row")] == ["1"]
    # The sheet then offers a fresh form, for deal 2, with a new token, and says nothing more of it.
    page = alice_client.get(sheet_url(match))
    assert "already saved" not in page.content.decode()
    fresh = form_values(page, "deal-form")
    assert fresh["number"] == "2"
    assert fresh["token"] != form["token"]


def test_the_database_refuses_a_second_deal_with_the_same_token_in_a_match_even_without_the_service(
    make_match: MakeMatch,
) -> None:
    match = make_match()
    token = uuid.uuid4()
    Deal.objects.create(match=match, number=1, entry=EVEN, token=token)

    with pytest.raises(IntegrityError), transaction.atomic():
        Deal.objects.create(match=match, number=2, entry=EVEN, token=token)

    assert Deal.everything.filter(token=token).count() == 1


def test_the_same_token_in_another_match_is_that_matchs_own_deal(alice: User, make_match: MakeMatch) -> None:
    first, second = make_match(), make_match()
    token = uuid.uuid4()
    services.deal_record(match=first, entry=EVEN, author=alice, token=token, number=1)

    deal = services.deal_record(match=second, entry=BRUNO_25, author=alice, token=token, number=1)

    assert (deal.repeated, deal.match_id) == (False, second.pk)
    assert entries(first) == [(1, EVEN)]
    assert entries(second) == [(1, BRUNO_25)]


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_a_form_sent_to_another_match_with_a_token_used_there_is_stored_not_taken_as_already_saved(
    headers: dict[str, str], alice_client: Client, make_match: MakeMatch
) -> None:
    first, second = make_match(), make_match()
    form = typed(form_values(alice_client.get(sheet_url(first)), "deal-form"), 10, 10, 10, 10)
    alice_client.post(post_url(first), form, headers=headers)

    page = alice_client.post(post_url(second), typed(form, 8, 25, 5, 2), follow=True, headers=headers)

    assert entries(first) == [(1, EVEN)]
    assert entries(second) == [(1, BRUNO_25)]
    assert "Deal 1 was already saved." not in page.content.decode()


def test_where_the_database_decides_a_token_of_another_match_never_hides_this_matchs_deal(
    alice: User, make_match: MakeMatch, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As on SQLite, where the constraints decide: this phone read the match before Bruno's deal 1,
    and its form's token entered a deal of another match; it is told of Bruno's deal, not "saved"."""
    match, other = make_match(), make_match()
    token = uuid.uuid4()
    services.deal_record(match=other, entry=EVEN, author=alice, token=token, number=1)
    read_before = services.match_standing(match)
    bruno = services.deal_record(match=match, entry=BRUNO_25, author=services.Author(None, "Bruno"))
    monkeypatch.setattr(services.deals, "_standing", lambda match, players, deals=None: read_before)

    with pytest.raises(services.DealTaken) as taken:
        services.deal_record(match=match, entry=EVEN, author=alice, token=token)

    assert (taken.value.number, taken.value.deal.pk) == (1, bruno.pk)
    assert entries(match) == [(1, BRUNO_25)]


def test_the_database_refuses_two_deals_in_play_with_one_number_but_keeps_deleted_ones(
    alice: User, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    services.deal_delete(match=match, number=1, author=alice)
    Deal.objects.create(match=match, number=1, entry=BRUNO_25)  # the deleted deal 1 is out of play

    with pytest.raises(IntegrityError), transaction.atomic():
        Deal.objects.create(match=match, number=1, entry=EVEN)

    assert Deal.everything.filter(match=match, number=1).count() == 2


def test_where_the_database_decides_a_deal_entered_meanwhile_is_said_and_nothing_is_stored(
    alice: User, make_match: MakeMatch, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As on SQLite, where a write does not queue behind another: this phone read the match
    before Bruno's deal 1 was stored, and meant its own deal to be deal 1 too."""
    match = make_match()
    read_before = services.match_standing(match)
    bruno = services.deal_record(match=match, entry=BRUNO_25, author=services.Author(None, "Bruno"))
    monkeypatch.setattr(services.deals, "_standing", lambda match, players, deals=None: read_before)
    version = Match.objects.get(pk=match.pk).version

    with pytest.raises(services.DealTaken) as taken:
        services.deal_record(match=match, entry=EVEN, author=alice, token=uuid.uuid4())

    assert (taken.value.number, taken.value.deal.pk) == (1, bruno.pk)
    assert entries(match) == [(1, BRUNO_25)]
    assert Change.objects.filter(match=match).count() == 1
    assert Match.objects.get(pk=match.pk).version == version


def test_where_the_database_decides_a_repeated_token_finds_its_deal(
    alice: User, make_match: MakeMatch, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = make_match()
    token = uuid.uuid4()
    read_before = services.match_standing(match)
    first = services.deal_record(match=match, entry=EVEN, author=alice, token=token)
    monkeypatch.setattr(services.deals, "_standing", lambda match, players, deals=None: read_before)

    again = services.deal_record(match=match, entry=EVEN, author=alice, token=token, number=1)

    assert (again.repeated, again.pk) == (True, first.pk)
    assert entries(match) == [(1, EVEN)]


def test_a_database_refusal_after_the_deal_is_not_taken_for_a_deal_entered_meanwhile(
    alice: User, make_match: MakeMatch, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = make_match(deals=[EVEN])

    def refused(*args: Any, **kwargs: Any) -> None:
        raise IntegrityError("the log refused it")

    monkeypatch.setattr(services.deals, "_log", refused)

    with pytest.raises(IntegrityError, match="the log refused it"):
        services.deal_record(match=match, entry=BRUNO_25, author=alice, token=uuid.uuid4())
    assert entries(match) == [(1, EVEN)]  # the deal went with the rest of the write


def two_forms_open(alice_client: Client, match: Match) -> tuple[Client, dict[str, str], dict[str, str]]:
    """Bruno joins by a scorer link; his phone and alice's both open the form of the next deal."""
    bruno = scorer(match, "Bruno")
    alice_form = form_values(alice_client.get(sheet_url(match)), "deal-form")
    return bruno, alice_form, form_values(bruno.get(sheet_url(match)), "deal-form")


# -- two phones enter the same deal ----------------------------------------------------------------


def test_the_service_refuses_a_deal_number_already_taken_and_stores_nothing(
    alice: User, make_match: MakeMatch
) -> None:
    match = make_match()
    bruno = services.Author(None, "Bruno")
    services.deal_record(match=match, entry=EVEN, author=bruno, token=uuid.uuid4(), number=1)

    with pytest.raises(services.DealTaken) as taken:
        services.deal_record(match=match, entry=BRUNO_25, author=alice, token=uuid.uuid4(), number=1)

    assert [str(p) for p in taken.value.problems] == ["Deal 1 was just entered on Bruno's phone."]
    assert taken.value.deal.entry == {**EVEN, "dealer": "Anna"}
    assert entries(match) == [(1, EVEN)]


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_two_phones_entering_the_very_same_deal_store_it_once_and_both_move_on(
    headers: dict[str, str], alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()
    bruno, alice_form, bruno_form = two_forms_open(alice_client, match)
    bruno.post(post_url(match), typed(bruno_form, 10, 10, 10, 10))

    page = alice_client.post(post_url(match), typed(alice_form, 10, 10, 10, 10), follow=True, headers=headers)

    said = "Deal 1 was just entered on Bruno's phone, as typed here: it is saved once."
    assert page.status_code == 200
    assert entries(match) == [(1, EVEN)]
    assert said in (texts(page, "li", class_="info") if not headers else texts(page, "p", class_="notice"))
    # Nothing waits to be saved again: the form is a blank one, for deal 2.
    assert [row.split()[0] for row in texts(page, "th", scope="row")] == ["1"]
    assert "Deal 2" in texts(page, "h2")
    assert points_shown(page) == ["", "", "", ""]


@pytest.mark.parametrize(
    ("bruno_dealer", "told"),
    [("2", "0"), ("0", "1")],
    ids=["another dealer named", "told its deal was entered"],
)
def test_the_same_points_are_not_taken_for_the_same_deal_when_the_dealer_differs_or_the_phone_was_told(
    bruno_dealer: str, told: str, alice_client: Client, make_match: MakeMatch
) -> None:
    # Bruno saved deal 1 (naming Carla as its dealer, or not). Alice's phone sends the same points:
    # with Anna as dealer, or after the word that deal 1 was entered (she may be typing deal 2).
    match = make_match()
    bruno, alice_form, bruno_form = two_forms_open(alice_client, match)
    bruno.post(post_url(match), {**typed(bruno_form, 10, 10, 10, 10), "dealer": bruno_dealer})

    page = alice_client.post(
        post_url(match), {**typed(alice_form, 10, 10, 10, 10), "dealer": "0", "told": told}
    )

    assert page.status_code == 422
    assert alert(page).startswith("Deal 1 was just entered on Bruno's phone.")
    assert "Deal 2" in texts(page, "h2")  # what she sent waits to be saved as deal 2, or dropped
    assert points_shown(page) == ["10", "10", "10", "10"]
    assert len(entries(match)) == 1


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_the_second_phone_to_enter_a_deal_is_told_whose_it_is_and_keeps_what_it_typed(
    headers: dict[str, str], alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()
    bruno, alice_form, bruno_form = two_forms_open(alice_client, match)
    bruno.post(post_url(match), typed(bruno_form, 10, 10, 10, 10))

    page = alice_client.post(post_url(match), typed(alice_form, 20, 10, 5, 5), headers=headers)

    assert page.status_code == (200 if headers else 422)
    assert entries(match) == [(1, EVEN)]
    assert alert(page).startswith("Deal 1 was just entered on Bruno's phone.")
    assert "What you typed is kept below: save it as deal 2, or drop it" in alert(page)
    # The stored deal is on the sheet; what alice typed waits in a form for deal 2.
    assert [row.split()[0] for row in texts(page, "th", scope="row")] == ["1"]
    assert "Deal 2" in texts(page, "h2")
    assert points_shown(page) == ["20", "10", "5", "5"]
    kept = form_values(page, "deal-form")
    assert kept["number"] == "2"

    # Saved as it is shown, it becomes deal 2.
    alice_client.post(post_url(match), kept, headers=headers)

    assert entries(match) == [(1, EVEN), (2, {"points": [20, 10, 5, 5]})]


def test_a_deal_kept_after_another_phone_took_its_number_is_dealt_by_the_next_dealer(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()
    bruno = scorer(match, "Bruno")
    alice_form = form_values(alice_client.get(sheet_url(match)), "deal-form")
    assert alice_form["dealer"] == "0"  # Anna deals deal 1
    bruno.post(post_url(match), typed(form_values(bruno.get(sheet_url(match)), "deal-form"), 8, 25, 5, 2))

    page = alice_client.post(post_url(match), typed(alice_form, 20, 10, 5, 5))

    # Bruno took the busche of deal 1, so he deals deal 2: Anna was only deal 1's dealer.
    kept = form_values(page, "deal-form")
    assert kept["dealer"] == "1"
    alice_client.post(post_url(match), kept)
    assert entries(match)[1] == (2, {"points": [20, 10, 5, 5]})


def test_a_deal_aimed_past_the_next_number_is_refused_with_the_number_it_now_has(
    alice: User, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])

    with pytest.raises(services.DealMoved) as moved:
        services.deal_record(match=match, entry=BRUNO_25, author=alice, token=uuid.uuid4(), number=3)

    assert [str(p) for p in moved.value.problems] == ["Deals changed on another phone: deal 3 is now deal 2."]
    assert entries(match) == [(1, EVEN)]


def test_a_form_for_a_deal_that_moved_up_is_renumbered_and_then_saved(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN, EVEN])
    form = form_values(alice_client.get(sheet_url(match)), "deal-form")
    assert form["number"] == "3"
    scorer(match, "Bruno").post(reverse("deal_delete", args=[match.pk, 2]))

    page = alice_client.post(post_url(match), typed(form, 20, 10, 5, 5))

    assert page.status_code == 422
    assert alert(page).startswith("Deals changed on another phone: deal 3 is now deal 2.")
    assert points_shown(page) == ["20", "10", "5", "5"]
    kept = form_values(page, "deal-form")
    assert kept["number"] == "2"

    alice_client.post(post_url(match), kept)

    assert entries(match) == [(1, EVEN), (2, {"points": [20, 10, 5, 5]})]


# -- two phones correct the same deal --------------------------------------------------------------


def test_the_service_refuses_a_correction_of_an_older_version_and_says_what_the_deal_now_reads(
    alice: User, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    services.deal_edit(
        match=match, number=1, entry=BRUNO_25, author=services.Author(None, "Bruno"), version=1
    )

    with pytest.raises(services.DealChanged) as changed:
        services.deal_edit(match=match, number=1, entry={"points": [20, 10, 5, 5]}, author=alice, version=1)

    assert [str(p) for p in changed.value.problems] == [
        "Deal 1 was changed by Bruno meanwhile; it now reads: points [8, 25, 5, 2]. "
        "Check it, then correct it again if needed."
    ]
    deal = Deal.objects.get(match=match, number=1)
    assert (deal.entry, deal.version) == ({**BRUNO_25, "dealer": "Anna"}, 2)


def test_the_second_of_two_corrections_is_refused_with_the_first_shown_and_its_values_kept(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN, EVEN])
    bruno = scorer(match, "Bruno")
    alice_form = form_values(alice_client.get(edit_url(match, 1)), "deal-form")
    bruno_form = form_values(bruno.get(edit_url(match, 1)), "deal-form")
    assert alice_form["version"] == bruno_form["version"] == "1"
    assert bruno.post(edit_url(match, 1), typed(bruno_form, 8, 25, 5, 2)).status_code == 302

    page = alice_client.post(edit_url(match, 1), typed(alice_form, 20, 10, 5, 5))

    assert page.status_code == 422
    assert alert(page) == (
        "Deal 1 was changed by Bruno meanwhile; it now reads: points [8, 25, 5, 2]. "
        "Check it, then correct it again if needed."
    )
    assert points_shown(page) == ["20", "10", "5", "5"]
    assert entries(match)[0] == (1, BRUNO_25)

    # Having read what Bruno saved, alice may still save hers: now over the version she was shown.
    kept = form_values(page, "deal-form")
    assert kept["version"] == "2"
    assert alice_client.post(edit_url(match, 1), kept).status_code == 302
    assert entries(match)[0] == (1, {"points": [20, 10, 5, 5]})


def test_a_correction_of_the_current_version_goes_through_and_bumps_it(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    form = form_values(alice_client.get(edit_url(match, 1)), "deal-form")

    alice_client.post(edit_url(match, 1), typed(form, 8, 25, 5, 2))

    deal = Deal.objects.get(match=match, number=1)
    assert (deal.entry, deal.version) == ({**BRUNO_25, "dealer": "Anna"}, 2)
    assert form_values(alice_client.get(edit_url(match, 1)), "deal-form")["version"] == "2"


# -- a viewer writes nothing -----------------------------------------------------------------------

WRITES = {
    "enter a deal": ("post", "deal_create", {}),
    "open a correction": ("get", "deal_edit", {"number": 1}),
    "correct a deal": ("post", "deal_edit", {"number": 1}),
    "delete a deal": ("post", "deal_delete", {"number": 1}),
    "undo a change": ("post", "change_undo", {"change": None}),
    "share the match": ("post", "match_share", {}),
}


@pytest.mark.parametrize("write", WRITES.values(), ids=WRITES.keys())
def test_a_viewer_is_forbidden_every_write_and_nothing_changes(
    write: tuple[str, str, dict[str, Any]], make_match: MakeMatch
) -> None:
    method, name, kwargs = write
    match = make_match(deals=[EVEN])
    if "change" in kwargs:
        kwargs = {"change": Change.objects.get(match=match).pk}
    version = Match.objects.get(pk=match.pk).version
    phone = viewer(match)

    response = getattr(phone, method)(
        reverse(name, kwargs={"pk": match.pk, **kwargs}),
        {f"points_{seat}": "10" for seat in range(4)} | {"role": "scorer"},
    )

    assert response.status_code == 403
    assert Match.objects.get(pk=match.pk).version == version
    assert entries(match) == [(1, EVEN)]
    assert match.invites.count() == 1


def test_a_viewer_page_offers_no_entry_form_and_no_correction_form(make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN])

    page = viewer(match).get(sheet_url(match))

    assert count(page, "form", id="deal-form") == 0
    assert count(page, "form", action=reverse("change_undo", args=[match.pk, Change.objects.get().pk])) == 0
