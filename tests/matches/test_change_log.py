"""The change log: every change to a match with who made it, when, and what it was before and after.

Any deal change can be undone, the undo is itself a change (and can be undone: a redo), and a
deleted deal is kept so that it can be restored.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.core import Refused
from matches import services, sheets
from matches.models import Change, Deal, Match

from .guests import scorer, viewer
from .pages import texts
from .typed import numbered

MakeMatch = Callable[..., Match]
EVEN = {"points": [10, 10, 10, 10]}
BRUNO_25 = {"points": [8, 25, 5, 2]}
CARLA_25 = {"points": [8, 5, 25, 2]}
ANNA_34 = {"points": [34, 2, 2, 2]}  # 14 busche: two of these end a busca-000 match
BRUNO = services.Author(None, "Bruno")


def log(match: Match) -> list[tuple[str, int | None, str]]:
    """The match's changes, oldest first: kind, deal number and author."""
    return [(c.kind, c.deal_number, c.author_name) for c in match.changes.order_by("created_at", "pk")]


def last(match: Match) -> Change:
    return match.changes.order_by("-created_at", "-pk")[0]


def change(match: Match, kind: str, number: int | None = None) -> Change:
    """The latest change of this kind (about deal ``number``)."""
    return match.changes.filter(kind=kind, deal_number=number).order_by("-pk")[0]


def entries(match: Match) -> list[tuple[int, dict[str, Any]]]:
    return numbered(match)  # as typed: the dealer only where the table chose one


def undo(match: Match, done: Change, author: Any) -> None:
    services.change_undo(match=match, change=done, author=author)


def refusal(match: Match, done: Change, author: Any) -> list[str]:
    with pytest.raises(Refused) as refused:
        undo(match, done, author)
    return [str(p) for p in refused.value.problems]


def undo_url(match: Match, done: Change) -> str:
    return reverse("change_undo", args=[match.pk, done.pk])


# -- what is logged ----------------------------------------------------------------------------------


def test_entering_a_deal_logs_who_and_the_deal_as_entered(alice: User, make_match: MakeMatch) -> None:
    match = make_match()

    services.deal_record(match=match, entry=EVEN, author=alice)

    entered = last(match)
    assert (entered.kind, entered.deal_number, entered.author, entered.author_name) == (
        Change.Kind.DEAL_ENTERED,
        1,
        alice,
        "alice",
    )
    # As entered, with who dealt it: the rules chose Anna.
    assert (entered.before, entered.after) == (None, {**EVEN, "dealer": "Anna"})
    assert entered.created_at is not None


def test_a_correction_logs_the_deal_before_and_after_under_the_name_of_the_phone(
    make_match: MakeMatch,
) -> None:
    match = make_match(deals=[EVEN])

    services.deal_edit(match=match, number=1, entry=BRUNO_25, author=BRUNO)

    edited = last(match)
    assert (edited.kind, edited.deal_number, edited.author, edited.author_name) == (
        Change.Kind.DEAL_EDITED,
        1,
        None,
        "Bruno",
    )
    assert (edited.before, edited.after) == ({**EVEN, "dealer": "Anna"}, {**BRUNO_25, "dealer": "Anna"})


def test_a_deletion_logs_the_deal_it_took_out_and_a_restore_the_deal_it_put_back(
    alice: User, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN, BRUNO_25])

    deleted = services.deal_delete(match=match, number=1, author=BRUNO)
    took_out = (last(match).kind, last(match).before, last(match).after)
    assert took_out == (Change.Kind.DEAL_DELETED, {**EVEN, "dealer": "Anna"}, None)
    assert entries(match) == [(1, {**BRUNO_25, "dealer": "Bruno"})]  # who dealt it stays
    assert Deal.everything.get(pk=deleted.pk).deleted_at is not None  # kept, out of play

    services.deal_restore(match=match, deal=deleted, author=alice)

    restored = last(match)
    assert (restored.kind, restored.deal_number, restored.author_name) == (
        Change.Kind.DEAL_RESTORED,
        1,
        "alice",
    )
    assert restored.after == {**EVEN, "dealer": "Anna"}
    assert entries(match) == [(1, EVEN), (2, BRUNO_25)]


def test_the_end_of_a_match_and_its_reopening_are_logged_with_who_caused_them(
    alice: User, make_match: MakeMatch
) -> None:
    match = make_match(deals=[ANNA_34])

    services.deal_record(match=match, entry=ANNA_34, author=BRUNO)
    services.deal_delete(match=match, number=2, author=alice)

    assert log(match)[-4:] == [
        (Change.Kind.DEAL_ENTERED, 2, "Bruno"),
        (Change.Kind.MATCH_FINISHED, None, "Bruno"),
        (Change.Kind.DEAL_DELETED, 2, "alice"),
        (Change.Kind.MATCH_REOPENED, None, "alice"),
    ]
    assert change(match, Change.Kind.MATCH_FINISHED).after == {"ended_after_deal": 2}


def test_a_refused_deal_logs_nothing(alice: User, make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN])
    before = log(match)

    with pytest.raises(Refused):
        services.deal_record(match=match, entry={"points": [10, 10, 10, 9]}, author=alice)

    assert log(match) == before


# -- undo and redo ---------------------------------------------------------------------------------


def test_undoing_an_entered_deal_takes_it_out_and_logs_the_undo(alice: User, make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN, BRUNO_25])
    entered = change(match, Change.Kind.DEAL_ENTERED, 2)

    undo(match, entered, BRUNO)

    assert entries(match) == [(1, EVEN)]
    taken_back = last(match)
    assert (taken_back.kind, taken_back.deal_number, taken_back.author_name) == (
        Change.Kind.DEAL_DELETED,
        2,
        "Bruno",
    )
    assert taken_back.undoes == entered
    assert Match.objects.get(pk=match.pk).result["totals"] == [1, 1, 1, 1]


def test_undoing_a_correction_puts_the_deal_back_as_it_was(alice: User, make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN])
    services.deal_edit(match=match, number=1, entry=BRUNO_25, author=BRUNO)

    undo(match, change(match, Change.Kind.DEAL_EDITED, 1), alice)

    assert entries(match) == [(1, EVEN)]
    taken_back = last(match)
    assert (taken_back.kind, taken_back.before, taken_back.after) == (
        Change.Kind.DEAL_EDITED,
        {**BRUNO_25, "dealer": "Anna"},
        {**EVEN, "dealer": "Anna"},
    )
    assert Deal.objects.get(match=match).version == 3  # two corrections: a later edit from version 2 fails


def test_undoing_a_deletion_restores_the_deal_at_its_place(alice: User, make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN, BRUNO_25, CARLA_25])
    services.deal_delete(match=match, number=2, author=alice)
    assert entries(match) == [(1, EVEN), (2, CARLA_25)]

    undo(match, change(match, Change.Kind.DEAL_DELETED, 2), alice)

    assert entries(match) == [(1, EVEN), (2, BRUNO_25), (3, CARLA_25)]
    assert last(match).kind == Change.Kind.DEAL_RESTORED


def test_undoing_a_restore_takes_the_deal_out_again(alice: User, make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN, BRUNO_25])
    deleted = services.deal_delete(match=match, number=1, author=alice)
    services.deal_restore(match=match, deal=deleted, author=alice)

    undo(match, change(match, Change.Kind.DEAL_RESTORED, 1), alice)

    assert entries(match) == [(1, {**BRUNO_25, "dealer": "Bruno"})]
    assert last(match).kind == Change.Kind.DEAL_DELETED


def test_an_undo_can_itself_be_undone_a_redo(alice: User, make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN, BRUNO_25])
    undo(match, change(match, Change.Kind.DEAL_ENTERED, 2), alice)
    the_undo = last(match)

    undo(match, the_undo, BRUNO)

    assert entries(match) == [(1, EVEN), (2, BRUNO_25)]
    redo = last(match)
    assert (redo.kind, redo.undoes, redo.author_name) == (Change.Kind.DEAL_RESTORED, the_undo, "Bruno")
    # The first deal of the two undone back and forth is the same row, never a copy.
    assert Deal.everything.filter(match=match).count() == 2


def test_a_change_is_undone_only_once(alice: User, make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN, BRUNO_25])
    entered = change(match, Change.Kind.DEAL_ENTERED, 2)
    undo(match, entered, alice)
    entered.refresh_from_db()

    assert refusal(match, entered, alice) == ["this change has already been undone"]
    assert entries(match) == [(1, EVEN)]


def test_a_correction_is_not_undone_over_a_later_one(alice: User, make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN])
    services.deal_edit(match=match, number=1, entry=BRUNO_25, author=alice)
    first = last(match)
    services.deal_edit(match=match, number=1, entry=CARLA_25, author=BRUNO)
    count = match.changes.count()

    assert refusal(match, first, alice) == ["deal 1 has changed since; undo the later changes first"]
    assert entries(match) == [(1, CARLA_25)]
    assert match.changes.count() == count


def test_a_deletion_is_not_undone_when_the_deal_was_restored_since(
    alice: User, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    deleted = services.deal_delete(match=match, number=1, author=alice)
    deletion = last(match)
    services.deal_restore(match=match, deal=deleted, author=alice)

    assert refusal(match, deletion, alice) == ["deal 1 has changed since; undo the later changes first"]
    assert entries(match) == [(1, EVEN)]


def test_the_end_of_a_match_is_not_undone_by_itself(alice: User, make_match: MakeMatch) -> None:
    match = make_match(deals=[ANNA_34, ANNA_34])

    assert refusal(match, change(match, Change.Kind.MATCH_FINISHED), alice) == [
        "this change follows from the deals and cannot be undone"
    ]
    # Undoing the deal that ended it reopens it, and says so.
    undo(match, change(match, Change.Kind.DEAL_ENTERED, 2), alice)
    assert Match.objects.get(pk=match.pk).status == Match.Status.IN_PROGRESS
    assert last(match).kind == Change.Kind.MATCH_REOPENED


def test_an_undo_the_rules_refuse_says_why_and_stores_nothing(alice: User, make_match: MakeMatch) -> None:
    # Bruno deals deal 2 and misdeals; without deal 1, Anna would deal it and the misdeal is not his.
    misdeal = {"points": [10, 10, 10, 10], "penalties": [{"player": "Bruno", "kind": "misdeal"}]}
    match = make_match(deals=[EVEN, misdeal])
    # Deal 2 as a document may give it, naming no dealer: the rules say who dealt it.
    Deal.objects.filter(match=match, number=2).update(entry=misdeal)
    count = match.changes.count()

    assert refusal(match, change(match, Change.Kind.DEAL_ENTERED, 1), alice) == [
        "deal 1: Bruno did not deal this deal; a misdeal is the dealer's (Anna)"
    ]
    assert entries(match) == [(1, EVEN), (2, misdeal)]
    assert match.changes.count() == count


# -- the log on the match page, and undo by its buttons ------------------------------------------------


def test_the_match_page_shows_the_log_newest_first_with_who_what_and_an_undo_button(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    services.deal_edit(match=match, number=1, entry=BRUNO_25, author=BRUNO)

    page = alice_client.get(reverse("match_detail", args=[match.pk]))

    log = page.content.decode().split('<ol class="changes"')[1]
    items = texts(log, "li")
    assert len(items) == 3
    assert items[2] == "Show the earlier changes"
    assert '<li class="more" hidden>' in log  # none earlier: the link is hidden
    even, bruno_25 = "Anna 10, Bruno 10, Carla 10, Dario 10", "Anna 8, Bruno 25, Carla 5, Dario 2"
    assert items[0].startswith(f"Deal 1 corrected {even} → {bruno_25} Bruno · ")
    assert items[0].endswith("Undo")
    assert items[1].startswith(f"Deal 1 entered {even} alice · ")
    for done in match.changes.all():
        assert f'action="{undo_url(match, done)}"' in page.content.decode()


def test_the_match_page_shows_the_latest_ten_changes_and_links_to_the_others(
    alice_client: Client, make_match: MakeMatch
) -> None:
    deals = [{"points": [14, 10, 8, 3]}] * 12
    match = make_match("busca-003", deals=deals, threshold=100)  # 12 changes, none an end
    url = reverse("match_detail", args=[match.pk])

    page = alice_client.get(url).content.decode()
    items = texts(page.split('<ol class="changes"')[1], "li")
    every = alice_client.get(url + "?deals=all").content.decode()

    newest_ten = [f"Deal {n} entered" for n in range(12, 2, -1)]
    assert [item.split(" Anna 14")[0] for item in items[:10]] == newest_ten
    assert len(items) == 11
    assert items[10] == "Show the earlier changes"
    assert f'href="{url}?deals=all#changes"' in page
    assert '<details class="card change-log" id="changes" open>' in every
    assert len(texts(every.split('<ol class="changes"')[1], "li")) == 12


def test_the_log_marks_an_undone_change_and_offers_a_redo_of_the_undo(
    alice_client: Client, make_match: MakeMatch, alice: User
) -> None:
    match = make_match(deals=[EVEN, BRUNO_25])
    entered = change(match, Change.Kind.DEAL_ENTERED, 2)
    undo(match, entered, alice)

    page = alice_client.get(reverse("match_detail", args=[match.pk])).content.decode()

    items = texts(page.split('<ol class="changes"')[1], "li")
    assert items[0].startswith("Deal 2 deleted Anna 8, Bruno 25, Carla 5, Dario 2 alice · ")
    assert items[0].endswith("Redo")
    assert items[1].startswith("Deal 2 entered")
    assert items[1].endswith("· undone")  # no button: it was undone
    assert f'action="{undo_url(match, entered)}"' not in page


def test_the_reopening_of_a_match_reads_plainly_in_the_log(
    alice_client: Client, make_match: MakeMatch, alice: User
) -> None:
    match = make_match(deals=[ANNA_34, ANNA_34])
    services.deal_delete(match=match, number=2, author=alice)

    page = alice_client.get(reverse("match_detail", args=[match.pk])).content.decode()

    items = texts(page.split('<ol class="changes"')[1], "li")
    assert items[0].startswith("Match reopened alice · ")
    assert "null" not in items[0]
    assert any(item.startswith("Match over alice · ") for item in items)


def test_the_undo_button_takes_a_deal_back_and_says_so(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN, BRUNO_25])

    undone = change(match, Change.Kind.DEAL_ENTERED, 2)
    # Taking a deal out asks first (test_undo_confirmation): confirmed, as that page sends it.
    response = alice_client.post(undo_url(match, undone), {"confirmed": "1"}, follow=True)

    assert response.redirect_chain == [(reverse("match_detail", args=[match.pk]) + "#change-log", 302)]
    assert texts(response, "li", class_="success") == ["Undone: deal 2 entered."]
    assert entries(match) == [(1, EVEN)]


def test_a_deal_deleted_from_the_sheet_is_restored_by_the_undo_button_of_its_deletion(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN, BRUNO_25, CARLA_25])
    page = alice_client.post(reverse("deal_delete", args=[match.pk, 2]), follow=True)
    assert texts(page, "li", class_="success") == ["Deal 2 deleted; the changes below can restore it."]
    assert entries(match) == [(1, EVEN), (2, CARLA_25)]

    alice_client.post(undo_url(match, change(match, Change.Kind.DEAL_DELETED, 2)))

    assert entries(match) == [(1, EVEN), (2, BRUNO_25), (3, CARLA_25)]
    assert last(match).kind == Change.Kind.DEAL_RESTORED


def test_a_scorer_phone_may_undo_and_the_undo_carries_its_name(make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN])
    phone = scorer(match, "Dario")

    phone.post(undo_url(match, change(match, Change.Kind.DEAL_ENTERED, 1)), {"confirmed": "1"})

    assert entries(match) == []
    assert (last(match).kind, last(match).author_name) == (Change.Kind.DEAL_DELETED, "Dario")


def test_an_undo_refused_by_the_button_says_why_and_changes_nothing(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    services.deal_edit(match=match, number=1, entry=BRUNO_25, author=BRUNO)
    services.deal_edit(match=match, number=1, entry=CARLA_25, author=BRUNO)
    first = match.changes.filter(kind=Change.Kind.DEAL_EDITED).order_by("pk").first()
    assert first is not None
    count = match.changes.count()

    response = alice_client.post(undo_url(match, first), follow=True)

    assert texts(response, "li", class_="error") == ["Deal 1 has changed since; undo the later changes first"]
    assert entries(match) == [(1, CARLA_25)]
    assert match.changes.count() == count


def test_undo_is_only_a_post_and_only_for_a_change_of_this_match(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match, other = make_match(deals=[EVEN]), make_match(deals=[EVEN])
    entered = change(match, Change.Kind.DEAL_ENTERED, 1)

    assert alice_client.get(undo_url(match, entered)).status_code == 405
    assert alice_client.post(reverse("change_undo", args=[other.pk, entered.pk])).status_code == 404
    assert entries(match) == [(1, EVEN)]


def test_a_viewer_reads_the_log_but_may_not_undo(make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN])
    phone = viewer(match)
    entered = change(match, Change.Kind.DEAL_ENTERED, 1)

    page = phone.get(reverse("match_detail", args=[match.pk])).content.decode()

    assert texts(page.split('<ol class="changes"')[1], "li")[0].startswith("Deal 1 entered")
    assert undo_url(match, entered) not in page
    assert phone.post(undo_url(match, entered)).status_code == 403
    assert entries(match) == [(1, EVEN)]


# -- what each change says, in the players' words -----------------------------------------------


def details(match: Match) -> list[str]:
    """What the log says of each change, newest first."""
    return [row["detail"] for row in sheets.change_rows(match)["rows"]]


def test_a_busca_deal_reads_with_the_players_names_not_the_stored_fields(make_match: MakeMatch) -> None:
    entry = {
        "points": [20, 0, 10, 7],
        "covered": [True, False, True, True],
        "last_trick": "Carla",
        "penalties": [{"player": "Bruno", "kind": "renege"}, {"player": "Anna", "kind": "misdeal"}],
        "dealer": "Anna",
    }
    match = make_match(deals=[entry])

    assert details(match) == [
        "Anna 20, Bruno 0, Carla 10, Dario 7; didn't cover: Bruno; last trick: Carla;"
        " renege: Bruno, misdeal: Anna"
    ]  # who dealt: the deal table says; the log only where a correction changes it


def test_a_whist_deal_reads_as_tricks_and_honours_of_each_pair(make_match: MakeMatch) -> None:
    match = make_match("whist", deals=[{"tricks": [9, 4], "honours": [3, 1]}], revoke_penalty="three_points")
    services.deal_record(match=match, entry={"tricks": [6, 7], "honours": [2, 2], "revoke": 1}, author=BRUNO)

    assert details(match) == ["tricks 6–7; honours 2–2; revoke: Bruno & Dario", "tricks 9–4; honours 3–1"]


def test_a_mambassa_deal_reads_as_who_paid_or_the_cards_shown(make_match: MakeMatch) -> None:
    hands = [
        ["1D", "1S", "1C", "1B"],
        ["FC", "CC", "RC", "3C"],
        ["5S", "6S", "7S", "2B"],
        ["4D", "5D", "6B", "7C"],
    ]
    match = make_match("mambassa", deals=[{"payers": ["Bruno", "Carla", "Dario"], "mambassa": "Anna"}])
    services.deal_record(match=match, entry={"hands": hands}, author=BRUNO)

    assert details(match) == [
        "Anna 1D 1S 1C 1B, Bruno FC CC RC 3C, Carla 5S 6S 7S 2B, Dario 4D 5D 6B 7C",
        "paying: Bruno, Carla, Dario; Mambassa: Anna",
    ]


def test_new_house_rules_read_as_the_match_page_lists_them(make_match: MakeMatch, alice: User) -> None:
    match = make_match("busca-001", stake=1)
    services.match_options_change(match=match, options={"stake": 2, "max_deals": 12}, author=alice)

    assert details(match) == ["Stake: €2.00; Number of deals: 12"]


def test_the_log_reads_in_italian_on_an_italian_page(make_match: MakeMatch) -> None:
    entry = {"points": [30, 0, 7, 0], "covered": [True, False, True, True], "last_trick": "Anna"}
    match = make_match(deals=[entry])

    with translation.override("it"):
        detail = details(match)[0]

    assert detail.startswith("Anna 30, Bruno 0, Carla 7, Dario 0; ")
    assert "didn't cover" not in detail
    assert "last trick" not in detail


def test_the_log_offers_undo_to_a_scorer_and_only_says_who_did_what_to_a_follower(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[{"points": [25, 8, 5, 2]}])
    url = reverse("match_detail", args=[match.pk])

    scoring = alice_client.get(url)
    following = viewer(match, "Carla").get(url)

    assert "Changes who did what, and undo" in texts(scoring, "summary")
    assert "Changes who did what" in texts(following, "summary")
    assert "Undo" not in following.content.decode()
