"""The score sheet: the cross, entering a deal (plain POST and htmx), correcting and deleting one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from matches import services
from matches.models import Deal, Match

from .pages import count, form_values, text, texts
from .results import replayed
from .typed import as_typed

MakeMatch = Callable[..., Match]
HTMX = {"HX-Request": "true"}
ANNA_34 = {"points": [34, 2, 2, 2]}  # Anna takes 14 busche; two of these end a busca-000 match
EVEN = {"points": [10, 10, 10, 10]}  # one busca each


def deal(*points: int | str | None, **extra: Any) -> dict[str, Any]:
    """What the entry form posts: the points in seating order (None: left blank; a string: typed as
    is) and any other field."""
    data: dict[str, Any] = {f"points_{seat}": "" if p is None else p for seat, p in enumerate(points)}
    return {**data, **extra}


def sheet_url(match: Match) -> str:
    return reverse("match_detail", args=[match.pk])


def post_url(match: Match) -> str:
    return reverse("deal_create", args=[match.pk])


def stored(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def entries(match: Match) -> list[dict[str, Any]]:
    return as_typed(match)  # the dealer only where the table chose one


def errors(page: Any) -> list[str]:
    return texts(page, "p", class_="error")


def assert_losers_and_winners(page: Any, *, losers: str, winners: str) -> None:
    """The banner's two lines end with the names ("Lost: Anna"; the label's words may change)."""
    assert text(page, "p", class_="losers").endswith(f": {losers}")
    assert text(page, "p", class_="winners").endswith(f": {winners}")


# -- the sheet ------------------------------------------------------------------------------


def test_the_sheet_draws_the_score_cross_with_a_text_alternative(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[{"points": [25, 8, 5, 2]}])

    page = alice_client.get(sheet_url(match))

    assert page.status_code == 200
    assert count(page, "svg", role="img") == 1
    assert text(page, "title", id="cross-title") == (
        "Score cross: Anna 5 busche, Bruno 0 busche, Carla 0 busche, Dario 0 busche; Anna deals next"
    )


def test_the_sheet_says_who_deals_and_who_leads_next(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match()
    assert text(alice_client.get(sheet_url(match)), "p", class_="next") == "Anna deals · Bruno leads"

    alice_client.post(post_url(match), deal(8, 25, 5, 2))

    page = alice_client.get(sheet_url(match))
    # Bruno took the busche, so he deals; the player to his right leads.
    assert text(page, "p", class_="next") == "Bruno deals · Carla leads"
    assert "dealer" in text(page, "g", data_seat="1")
    assert "dealer" not in text(page, "g", data_seat="0")


def test_in_busca_003_the_first_deal_is_led_by_whoever_holds_the_5_of_denari(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match("busca-003")

    page = alice_client.get(sheet_url(match))

    assert text(page, "p", class_="next") == "Anna deals · whoever holds the 5 of denari leads"


def test_busca_001_has_no_penalty_inputs(alice_client: Client, make_match: MakeMatch) -> None:
    page = alice_client.get(sheet_url(make_match("busca-001", victory_threshold=10)))

    assert set(form_values(page, "deal-form")) == {f"points_{s}" for s in range(4)} | {
        f"cover_{s}" for s in range(4)
    } | {"last_trick", "dealer", "token", "number", "mode", "top_points"}


def test_the_match_list_shows_matches_in_progress_first_with_their_totals(
    alice_client: Client, make_match: MakeMatch
) -> None:
    make_match(deals=[{"points": [25, 8, 5, 2]}])
    make_match(deals=[ANNA_34, ANNA_34])  # newer, but finished

    page = alice_client.get(reverse("match_list"))

    assert texts(page, "span", class_="players") == [
        "Anna 5 Bruno 0 Carla 0 Dario 0",
        "Anna 28 Bruno 0 Carla 0 Dario 0",
    ]
    assert texts(page, "span", class_="loser") == ["Anna 28"]


# -- entering a deal ---------------------------------------------------------------------------


def test_a_plain_post_of_a_deal_stores_it_and_redirects_to_the_sheet(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()

    response = alice_client.post(post_url(match), deal(25, 8, 5, 2))

    assert response.status_code == 302
    assert response["Location"] == sheet_url(match)
    assert entries(match) == [{"points": [25, 8, 5, 2]}]
    assert stored(match).result["totals"] == [5, 0, 0, 0]


def test_an_htmx_post_of_a_deal_returns_only_the_sheet_with_a_fresh_form(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()

    response = alice_client.post(post_url(match), deal(25, 8, 5, 2), headers=HTMX)

    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="sheet">')
    assert "<html" not in html
    assert entries(match) == [{"points": [25, 8, 5, 2]}]
    assert "Deal 2" in texts(html, "h2")
    assert form_values(html, "deal-form")["points_0"] == ""
    assert "Anna 5 busche" in text(html, "title", id="cross-title")
    # Shown over the next deal's form, as read out (#announce): the deal is saved, and what it did.
    shown = text(html, "p", class_="saved")
    assert shown.startswith("Deal 1 saved: Anna 5 busche")
    assert shown in text(html, "p", id="announce")


def test_an_impossible_deal_is_shown_again_with_the_message_and_nothing_is_stored(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()
    version = stored(match).version

    page = alice_client.post(post_url(match), deal(25, 8, 5, 1))

    assert page.status_code == 422
    assert text(page, "div", class_="error") == "Deal 1: points add up to 39, a deal of Busca / Busche has 40"
    values = form_values(page, "deal-form")
    assert [values[f"points_{s}"] for s in range(4)] == ["25", "8", "5", "1"]
    assert entries(match) == []
    assert stored(match).version == version


def test_a_player_with_no_points_in_busca_000_must_say_whether_he_covered(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()

    # Dario is left blank: the form fills in his 0, and a pointless trick still covers in 000.
    page = alice_client.post(post_url(match), deal(25, 10, 5, None))

    assert page.status_code == 422
    message = "Deal 1: Dario has 0 points; say whether he covered"
    assert errors(page) == [message]
    assert message in text(page, "div", class_="player-row", data_seat="3")
    values = form_values(page, "deal-form")
    assert [values[f"points_{s}"] for s in range(4)] == ["25", "10", "5", ""]
    assert entries(match) == []


def test_saying_that_the_player_with_no_points_did_not_cover_gets_the_deal_through(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()

    alice_client.post(post_url(match), deal(25, 10, 5, None, cover_3="no"))

    assert entries(match) == [{"points": [25, 10, 5, 0], "covered": [None, None, None, False]}]
    # One player did not cover: he takes 2 busche, the top scorer none.
    assert stored(match).result["totals"] == [0, 0, 0, 2]


def test_an_htmx_post_of_an_impossible_deal_returns_the_sheet_with_the_message(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()

    response = alice_client.post(post_url(match), deal(25, 8, 5, 1), headers=HTMX)

    html = response.content.decode()
    assert "<html" not in html
    assert text(html, "div", class_="error") == "Deal 1: points add up to 39, a deal of Busca / Busche has 40"
    assert form_values(html, "deal-form")["points_3"] == "1"
    assert entries(match) == []


def test_the_last_player_is_filled_in_from_the_other_three(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()

    alice_client.post(post_url(match), deal(25, 8, None, 2))

    assert entries(match) == [{"points": [25, 8, 5, 2]}]


def test_the_last_player_filled_in_leaves_out_the_last_trick_when_it_is_given(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()

    alice_client.post(post_url(match), deal(22, 8, 5, None, last_trick=1))

    assert entries(match) == [{"points": [22, 8, 5, 2], "last_trick": "Bruno"}]


def test_three_points_that_already_pass_the_deal_total_are_refused_with_their_sum(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()

    page = alice_client.post(post_url(match), deal(30, 10, 5, None))

    assert page.status_code == 422
    assert text(page, "div", class_="error") == "Deal 1: the points given already add up to 45; a deal has 40"
    assert errors(page) == []
    assert entries(match) == []


def test_two_blank_players_are_refused(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match()

    page = alice_client.post(post_url(match), deal(30, 10, None, None))

    assert page.status_code == 422
    assert "Deal 1: enter every player's points" in text(page, "div", class_="error")
    assert entries(match) == []


def test_an_empty_form_is_refused_with_one_sentence_not_a_question_per_player(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()

    page = alice_client.post(post_url(match), deal(None, None, None, None))

    assert page.status_code == 422
    assert text(page, "div", class_="error") == "Deal 1: nothing entered yet; type the players' points"
    assert errors(page) == []
    assert entries(match) == []


@pytest.mark.parametrize("typed", ["-3", "41", "2.5", "99999999999999999999", "ten"])
def test_points_that_are_no_points_are_refused_naming_the_deal_and_the_player(
    typed: str, alice_client: Client, make_match: MakeMatch
) -> None:
    # What a browser's own checks stop first: sent by a script, or by a browser that does not check.
    match = make_match(deals=[{"points": [25, 8, 5, 2]}])

    page = alice_client.post(post_url(match), deal(20, typed, 10, 10))

    assert page.status_code == 422
    assert errors(page) == ["Deal 2: Bruno's points are a whole number from 0 to 40"]
    assert texts(page, "div", class_="error") == []  # no second, wrong word above the form
    assert form_values(page, "deal-form")["points_1"] == typed
    assert len(entries(match)) == 1


def test_the_last_trick_adds_its_3_points_to_the_player_who_took_it(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()

    alice_client.post(post_url(match), deal(22, 8, 5, 2, last_trick=1))

    result = replayed(match)
    assert entries(match) == [{"points": [22, 8, 5, 2], "last_trick": "Bruno"}]
    assert result["deals"][0]["points"] == [22, 11, 5, 2]
    assert result["totals"] == [2, 0, 0, 0]


def test_points_without_the_last_trick_must_add_up_to_37(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match()

    page = alice_client.post(post_url(match), deal(25, 8, 5, 2, last_trick=1))

    message = text(page, "div", class_="error")
    assert message.startswith("Deal 1: points add up to 40")
    assert message.endswith("a deal of Busca / Busche has 37")
    assert form_values(page, "deal-form")["last_trick"] == "1"
    assert entries(match) == []


def test_each_renege_adds_a_busca_to_the_player_who_reneged(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()

    alice_client.post(post_url(match), deal(25, 8, 5, 2, renege_2=2))

    renege = {"player": "Carla", "kind": "renege"}
    assert entries(match) == [{"points": [25, 8, 5, 2], "penalties": [renege, renege]}]
    assert stored(match).result["totals"] == [5, 0, 2, 0]


def test_the_renege_penalty_follows_the_house_rule(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match(renege_penalty=3)

    alice_client.post(post_url(match), deal(25, 8, 5, 2, renege_2=1))

    assert stored(match).result["totals"] == [5, 0, 3, 0]


def test_a_misdeal_is_charged_to_the_dealer(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match(deals=[{"points": [8, 25, 5, 2]}])  # Bruno took the busche: he deals deal 2

    alice_client.post(post_url(match), deal(25, 8, 5, 2, misdeal=1))

    assert entries(match)[1] == {
        "points": [25, 8, 5, 2],
        "penalties": [{"player": "Bruno", "kind": "misdeal"}],
    }
    assert stored(match).result["totals"] == [5, 5 + 1, 0, 0]


# -- the end of the match ------------------------------------------------------------------


def test_a_finished_match_shows_losers_and_winners_and_no_entry_form(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[ANNA_34, ANNA_34])

    page = alice_client.get(sheet_url(match))

    assert "Match over after deal 2" in text(page, "section", class_="banner")
    assert_losers_and_winners(page, losers="Anna", winners="Bruno, Carla, Dario")
    assert count(page, "form", id="deal-form") == 0


def test_a_finished_match_with_a_stake_shows_who_pays_what(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[ANNA_34, ANNA_34], stake=1)

    page = alice_client.get(sheet_url(match))

    # Anna's stake is shared by the three winners; the odd cent goes to the first in seating order.
    assert texts(page, "ul", class_="settlement") == ["Anna −€1.00 Bruno +€0.34 Carla +€0.33 Dario +€0.33"]


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_a_deal_posted_after_the_end_is_refused_and_no_entry_form_is_offered(
    alice_client: Client, make_match: MakeMatch, headers: dict[str, str]
) -> None:
    match = make_match(deals=[ANNA_34, ANNA_34])
    version = stored(match).version

    page = alice_client.post(post_url(match), deal(10, 10, 10, 10), headers=headers)

    assert text(page, "div", class_="error") == "Deal 3: the match ended after deal 2"
    assert count(page, "form", id="deal-form") == 0
    assert_losers_and_winners(page, losers="Anna", winners="Bruno, Carla, Dario")
    assert len(entries(match)) == 2
    assert stored(match).version == version


def test_the_deal_that_ends_the_match_through_htmx_returns_the_banner(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[ANNA_34])

    html = alice_client.post(post_url(match), deal(34, 2, 2, 2), headers=HTMX).content.decode()

    assert_losers_and_winners(html, losers="Anna", winners="Bruno, Carla, Dario")
    assert count(html, "form", id="deal-form") == 0


# -- correcting and deleting a deal ------------------------------------------------------------


def edit_url(match: Match, number: int) -> str:
    return reverse("deal_edit", args=[match.pk, number])


def delete_url(match: Match, number: int) -> str:
    return reverse("deal_delete", args=[match.pk, number])


def test_the_edit_page_shows_the_deal_as_it_was_entered(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match(
        deals=[
            {
                "points": [22, 8, 5, 2],
                "last_trick": "Bruno",
                "penalties": [{"player": "Carla", "kind": "renege"}, {"player": "Anna", "kind": "misdeal"}],
            }
        ]
    )

    page = alice_client.get(edit_url(match, 1))

    assert page.status_code == 200
    values = form_values(page, "deal-form")
    assert [values[f"points_{s}"] for s in range(4)] == ["22", "8", "5", "2"]
    assert [values[f"renege_{s}"] for s in range(4)] == ["0", "0", "1", "0"]
    assert values["last_trick"] == "1"
    assert values["misdeal"] == "1"


def test_a_deal_imported_with_null_lists_can_be_corrected(alice_client: Client, alice: User) -> None:
    # The document format allows null for covered, last_trick and penalties.
    doc = {
        "format": "scorekeeper-match/1",
        "game": "busca-000",
        "players": ["Anna", "Bruno", "Carla", "Dario"],
        "deals": [{"points": [25, 8, 5, 2], "covered": None, "last_trick": None, "penalties": None}],
    }
    match = services.match_import(owner=alice, doc=doc)

    page = alice_client.get(edit_url(match, 1))

    assert page.status_code == 200
    values = form_values(page, "deal-form")
    assert [values[f"points_{s}"] for s in range(4)] == ["25", "8", "5", "2"]
    assert values["misdeal"] == "0"


def test_correcting_a_deal_stores_it_recomputes_and_says_so(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[{"points": [25, 8, 5, 2]}, EVEN])

    response = alice_client.post(edit_url(match, 1), deal(8, 25, 5, 2))

    assert response.status_code == 302
    assert response["Location"] == f"{sheet_url(match)}#deal-1"  # back to the deal's row
    # Anna dealt deal 2, whoever the corrected deal 1 would have the rules choose (Bruno).
    assert entries(match) == [{"points": [8, 25, 5, 2]}, {**EVEN, "dealer": "Anna"}]
    result = replayed(match)
    assert result["totals"] == [1, 6, 1, 1]
    assert result["deals"][1]["dealer"] == "Anna"
    page = alice_client.get(sheet_url(match))
    assert text(page, "ul", class_="messages") == (
        "Deal 1 corrected: Anna 0 busche, Bruno 5 busche, Carla 0 busche, Dario 0 busche."
    )


def test_a_correction_that_ends_the_match_before_later_deals_is_refused_on_the_edit_page(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[ANNA_34, EVEN, EVEN])
    before = stored(match)

    page = alice_client.post(edit_url(match, 2), deal(34, 2, 2, 2))

    assert page.status_code == 422
    assert text(page, "div", class_="error") == "Deal 3: the match ended after deal 2"
    assert form_values(page, "deal-form")["points_0"] == "34"
    assert entries(match) == [ANNA_34, EVEN, EVEN]
    assert stored(match).version == before.version


def test_a_correction_keeps_the_dealer_the_table_chose(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match(deals=[{"points": [10, 10, 10, 10], "dealer": "Carla"}])

    alice_client.post(edit_url(match, 1), deal(25, 8, 5, 2))

    assert entries(match) == [{"points": [25, 8, 5, 2], "dealer": "Carla"}]
    assert replayed(match)["deals"][0]["dealer"] == "Carla"


def test_editing_a_deal_that_does_not_exist_is_not_found(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN])

    assert alice_client.get(edit_url(match, 2)).status_code == 404
    assert alice_client.post(delete_url(match, 2)).status_code == 404


def test_deleting_a_deal_moves_the_later_ones_up_and_says_so(
    alice_client: Client, make_match: MakeMatch
) -> None:
    carla_25 = {"points": [2, 2, 25, 11]}
    match = make_match(deals=[ANNA_34, EVEN, carla_25])

    response = alice_client.post(delete_url(match, 2), follow=True)

    assert response.redirect_chain == [(f"{sheet_url(match)}#change-log", 302)]
    assert text(response, "ul", class_="messages") == "Deal 2 deleted; the changes below can restore it."
    assert entries(match) == [ANNA_34, {**carla_25, "dealer": "Bruno"}]  # Bruno dealt it
    assert list(Deal.objects.filter(match=match).values_list("number", flat=True)) == [1, 2]
    assert stored(match).result["totals"] == [14, 0, 5, 0]


def test_a_deal_is_deleted_only_by_a_post(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN])

    assert alice_client.get(delete_url(match, 1)).status_code == 405
    assert len(entries(match)) == 1


def test_a_deletion_the_rules_refuse_says_why_and_keeps_the_deal(
    alice_client: Client, make_match: MakeMatch
) -> None:
    # Bruno deals deal 2 and misdeals; without deal 1, Anna would deal it and the misdeal is not his.
    misdeal = {"points": [10, 10, 10, 10], "penalties": [{"player": "Bruno", "kind": "misdeal"}]}
    match = make_match(deals=[EVEN, misdeal])
    # Deal 2 as a document may give it, naming no dealer: the rules say who dealt it.
    Deal.objects.filter(match=match, number=2).update(entry=misdeal)

    page = alice_client.post(delete_url(match, 1), follow=True)

    assert text(page, "ul", class_="messages") == (
        "Deal 1: Bruno did not deal this deal; a misdeal is the dealer's (Anna)"
    )
    assert entries(match) == [EVEN, misdeal]


def test_a_deal_saved_here_or_seen_from_another_phone_brings_the_summary_to_share_up_to_date(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match()
    version = stored(match).version

    saved = alice_client.post(post_url(match), deal(25, 8, 5, 2), headers=HTMX).content.decode()
    seen = alice_client.get(reverse("match_live", args=[match.pk]) + f"?v={version}", headers=HTMX)

    for html in (saved, seen.content.decode()):
        summary = text(html, "textarea", id="summary-text")
        assert "Anna 5, Bruno 0, Carla 0, Dario 0" in summary
        assert 'id="summary-text" hx-swap-oob="true"' in html
    page = alice_client.get(sheet_url(match))
    assert count(page, "textarea", id="summary-text") == 1  # the page itself has one, swapped in place
