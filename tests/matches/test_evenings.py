"""Evenings: matches played together, each player's money over all of them, and who pays whom."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from matches import services
from matches.models import Evening, Match, Player

from .pages import text, texts

# Busca a croce, golden vector B003-M1: Anna and Bruno lose; Carla and Dario win.
B003_M1 = [
    {"points": [15, 15, 3, 2]},
    {"points": [15, 3, 15, 2]},
    {"points": [12, 12, 8, 3]},
    {"points": [3, 14, 10, 8]},
    {"points": [2, 15, 15, 3]},
]


def evening_of(client: Client, players: list[Player]) -> Evening:
    response = client.post(
        reverse("evening_list"),
        {"date": "2026-11-29", "place": "Da Carla", "players": [p.pk for p in players]},
    )
    evening = Evening.objects.get()
    assert response.headers["Location"] == evening.get_absolute_url()
    return evening


def busca_in(evening: Evening, make_match: Callable[..., Match]) -> Match:
    """Golden match B003-M1 played for 2 in the evening: Anna pays Carla 2, Bruno pays Dario 2."""
    busca = make_match("busca-003", deals=B003_M1, stake=2)
    busca.evening = evening
    busca.save()
    return busca


def test_an_evening_is_created_with_who_came(alice_client: Client, players: list[Player]) -> None:
    evening = evening_of(alice_client, players[:3])
    assert list(evening.players.order_by("name")) == players[:3]
    assert "Da Carla" in alice_client.get(evening.get_absolute_url()).content.decode()


def test_an_evening_page_names_who_came_by_name_also_when_shared(
    alice_client: Client, players: list[Player]
) -> None:
    evening = evening_of(alice_client, players[:3])
    alice_client.post(reverse("evening_publish", args=[evening.pk]))
    evening.refresh_from_db()

    own = alice_client.get(evening.get_absolute_url())
    shared = Client().get(reverse("evening_public", args=[evening.public_token]))

    for page in (own, shared):
        assert "Anna, Bruno, Carla" in texts(page, "p", class_="help")


def test_a_new_match_started_from_the_evening_belongs_to_it(
    alice_client: Client, players: list[Player]
) -> None:
    evening = evening_of(alice_client, players)
    page = alice_client.get(reverse("match_new"), {"game": "busca-003", "evening": str(evening.pk)})
    assert f'name="evening" value="{evening.pk}"' in page.content.decode()
    form = {f"seat_{s}": str(p.pk) for s, p in enumerate(players)} | {
        "first_dealer": "0",
        "game": "busca-003",
    }
    form |= {"opt_stake": "2", "opt_settlement_rule": "losers_pay", "opt_renege_penalty": "1"}
    form |= {"opt_top_score": "one", "opt_tie_scope": "any", "opt_high_pair_tie": "4", "opt_threshold": "10"}
    form |= {"opt_losers": "two_highest", "evening": str(evening.pk)}
    alice_client.post(reverse("match_new"), form)
    assert Match.objects.get().evening == evening


def seated(page: str, seats: int) -> list[str]:
    """The name picked in each seat of the new match form."""
    picked = []
    for seat in range(seats):
        select = page.split(f'id="id_seat_{seat}"', 1)[1].split("</select>", 1)[0]
        found = re.search(r'<option value="\d+" selected>([^<]+)</option>', select)
        picked.append(found.group(1) if found else "")
    return picked


def test_a_new_match_of_the_evening_seats_who_came_as_they_sat_last(
    alice_client: Client, alice: User, players: list[Player]
) -> None:
    anna, bruno, _carla, dario = players
    elena = Player.objects.create(owner=alice, name="Elena")
    evening = evening_of(alice_client, [dario, bruno, anna, elena])
    # Nothing played yet: who came, by name.
    first = alice_client.get(reverse("match_new"), {"game": "busca-000", "evening": str(evening.pk)})
    assert seated(first.content.decode(), 4) == ["Anna", "Bruno", "Dario", "Elena"]

    last = services.match_create(
        owner=alice, game="busca-000", options={}, players=[dario, anna, elena, bruno], first_dealer=0
    )
    last.evening = evening
    last.save()
    page = alice_client.get(
        reverse("match_new"), {"game": "mambassa", "evening": str(evening.pk)}
    ).content.decode()

    assert seated(page, 4) == ["Dario", "Anna", "Elena", "Bruno"]
    # Who came is offered first in each seat; Carla, who did not come, after them.
    seat = page.split('id="id_seat_0"', 1)[1].split("</select>", 1)[0]
    assert re.findall(r"<optgroup label=\"([^\"]+)\">", seat) == ["Who came", "Other players"]
    assert re.findall(r"<option value=\"\d+\"[^>]*>([^<]+)<", seat) == [
        "Dario",
        "Anna",
        "Elena",
        "Bruno",
        "Carla",
    ]
    # The first dealer is named among them, and a match without an evening seats nobody.
    assert 'data-seat-name="0">Dario<' in page
    plain = alice_client.get(reverse("match_new"), {"game": "busca-000"}).content.decode()
    assert seated(plain, 4) == ["", "", "", ""]
    assert "<optgroup" not in plain


def test_a_new_match_of_another_owners_evening_seats_nobody(
    bob_client: Client, alice_client: Client, players: list[Player]
) -> None:
    evening = evening_of(alice_client, players)
    page = bob_client.get(reverse("match_new"), {"game": "busca-000", "evening": str(evening.pk)})
    assert "Anna" not in page.content.decode()


def test_the_settlement_adds_up_every_finished_match_and_proposes_transfers(
    alice_client: Client, players: list[Player], make_match: Callable[..., Match]
) -> None:
    evening = evening_of(alice_client, players)
    busca_in(evening, make_match)  # Anna, Bruno −2; Carla, Dario +2
    unfinished = make_match("busca-000", deals=[{"points": [25, 8, 5, 2]}], stake=100)
    unfinished.evening = evening
    unfinished.save()

    page = alice_client.get(evening.get_absolute_url()).content.decode()

    assert "1 match is still in progress and not counted yet." in page
    assert "<b>Anna</b> pays <b>Carla</b> €2.00" in page
    assert "<b>Bruno</b> pays <b>Dario</b> €2.00" in page
    assert page.count('class="transfers"') == 1


def test_a_transfer_can_be_marked_paid_and_unmarked(
    alice_client: Client, players: list[Player], make_match: Callable[..., Match]
) -> None:
    evening = evening_of(alice_client, players)
    busca_in(evening, make_match)
    anna, _, carla, _ = players
    paid = {"payer": anna.pk, "payee": carla.pk, "amount": "2.00"}
    assert "✓ paid" not in alice_client.get(evening.get_absolute_url()).content.decode()

    alice_client.post(reverse("payment_toggle", args=[evening.pk]), paid)
    assert evening.payments.get().amount == Decimal("2.00")
    assert "✓ paid" in alice_client.get(evening.get_absolute_url()).content.decode()

    alice_client.post(reverse("payment_toggle", args=[evening.pk]), {**paid, "paid": "1"})  # taken back
    assert not evening.payments.exists()
    assert "✓ paid" not in alice_client.get(evening.get_absolute_url()).content.decode()


def transfer_lines(client: Client, evening: Evening) -> list[str]:
    """Each line of the page's "who pays whom", with its mark: "Anna pays Carla €2.00 ✓ paid"."""
    page = client.get(evening.get_absolute_url())
    return [line for line in texts(page, "li") if " pays " in line]


def test_payments_made_still_count_after_a_match_is_corrected_or_reopened(
    alice_client: Client, players: list[Player], make_match: Callable[..., Match]
) -> None:
    evening = evening_of(alice_client, players)
    busca = busca_in(evening, make_match)  # Anna pays Carla 2, Bruno pays Dario 2
    anna, bruno, carla, dario = players
    for payer, payee in ((anna, carla), (bruno, dario)):
        sent = {"payer": payer.pk, "payee": payee.pk, "amount": "2.00"}
        alice_client.post(reverse("payment_toggle", args=[evening.pk]), sent)

    # The stake goes up to 3 after everybody paid: only what is owed on top is left to pay.
    services.match_options_change(match=busca, options={"stake": 3}, author=busca.owner)
    assert transfer_lines(alice_client, evening) == [
        "Anna pays Carla €2.00 ✓ paid",
        "Bruno pays Dario €2.00 ✓ paid",
        "Anna pays Carla €1.00 Mark paid",
        "Bruno pays Dario €1.00 Mark paid",
    ]

    # The match reopens (its last deal taken back): nothing is owed any more, so the money comes back.
    services.deal_delete(match=busca, number=5, author=busca.owner)
    assert transfer_lines(alice_client, evening) == [
        "Anna pays Carla €2.00 ✓ paid",
        "Bruno pays Dario €2.00 ✓ paid",
        "Carla pays Anna €2.00 Mark paid",
        "Dario pays Bruno €2.00 Mark paid",
    ]

    # A payment recorded by mistake is taken back with its own button.
    taken_back = {"payer": anna.pk, "payee": carla.pk, "amount": "2.00", "paid": "1"}
    alice_client.post(reverse("payment_toggle", args=[evening.pk]), taken_back)
    assert transfer_lines(alice_client, evening) == [
        "Bruno pays Dario €2.00 ✓ paid",
        "Dario pays Bruno €2.00 Mark paid",
    ]


def test_a_transfer_proposed_again_after_a_correction_is_marked_paid_not_taken_for_the_one_paid(
    alice_client: Client, players: list[Player], make_match: Callable[..., Match]
) -> None:
    evening = evening_of(alice_client, players)
    busca = busca_in(evening, make_match)
    anna, _, carla, _ = players
    toggle = reverse("payment_toggle", args=[evening.pk])
    alice_client.post(toggle, {"payer": anna.pk, "payee": carla.pk, "amount": "2.00", "paid": "0"})
    services.match_options_change(match=busca, options={"stake": 4}, author=busca.owner)
    assert transfer_lines(alice_client, evening)[:3] == [
        "Anna pays Carla €2.00 ✓ paid",
        "Anna pays Carla €2.00 Mark paid",  # the other half, the same figure
        "Bruno pays Dario €4.00 Mark paid",
    ]

    alice_client.post(toggle, {"payer": anna.pk, "payee": carla.pk, "amount": "2.00", "paid": "0"})

    assert evening.payments.count() == 2
    assert transfer_lines(alice_client, evening) == [
        "Anna pays Carla €2.00 ✓ paid",
        "Anna pays Carla €2.00 ✓ paid",
        "Bruno pays Dario €4.00 Mark paid",
    ]


def test_another_account_cannot_open_the_evening(
    alice_client: Client, bob_client: Client, players: list[Player]
) -> None:
    evening = evening_of(alice_client, players)
    assert bob_client.get(evening.get_absolute_url()).status_code == 404
    assert bob_client.post(reverse("payment_toggle", args=[evening.pk]), {}).status_code == 404


def test_the_evening_summary_lists_the_matches_and_who_pays_whom(
    alice_client: Client, players: list[Player], make_match: Callable[..., Match]
) -> None:
    evening = evening_of(alice_client, players)
    busca_in(evening, make_match)

    page = alice_client.get(evening.get_absolute_url()).content.decode()

    assert "Busca a croce" in page
    assert "Anna 10, Bruno 11, Carla 8, Dario 0" in page
    assert "Losers: Anna, Bruno" in page
    assert "- Anna pays Carla €2.00" in page


def test_a_shared_evening_opens_read_only_by_its_link_until_it_is_withdrawn(
    alice_client: Client, players: list[Player], make_match: Callable[..., Match]
) -> None:
    evening = evening_of(alice_client, players)
    busca_in(evening, make_match)
    alice_client.post(reverse("evening_publish", args=[evening.pk]))
    evening.refresh_from_db()
    assert evening.public_token is not None
    assert len(evening.public_token) >= 43  # 32 random bytes, URL-safe

    public = Client().get(reverse("evening_public", args=[evening.public_token]))
    assert public.status_code == 200
    text = public.content.decode()
    assert "<b>Anna</b> pays <b>Carla</b> €2.00" in text
    assert "Mark paid" not in text
    assert "New match in this evening" not in text

    token = evening.public_token
    alice_client.post(reverse("evening_publish", args=[evening.pk]))
    assert Client().get(reverse("evening_public", args=[token])).status_code == 404


def test_the_match_page_offers_a_summary_to_paste(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match("busca-003", deals=B003_M1)
    page = alice_client.get(match.get_absolute_url()).content.decode()
    assert (
        "Anna 10, Bruno 11, Carla 8, Dario 0\nLosers: Anna, Bruno\nWinners: Carla, Dario</textarea>" in page
    )


def test_an_evening_is_dated_day_first_in_either_language(
    alice_client: Client, players: list[Player]
) -> None:
    evening = evening_of(alice_client, players)

    english = alice_client.get(evening.get_absolute_url())
    italian = alice_client.get(evening.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="it")

    assert texts(english, "h1") == ["29 November 2026 · Da Carla"]
    assert texts(italian, "h1") == ["29 novembre 2026 · Da Carla"]


def test_a_summary_says_the_money_of_a_match_played_for_a_stake_and_a_lone_winner_in_the_singular(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    busca = make_match("busca-003", deals=B003_M1, stake=2)  # Anna, Bruno −2; Carla, Dario +2
    whist = make_match("whist", deals=[{"tricks": [13, 0], "honours": [4, 0]}] * 2, stake=1)

    busca_summary = text(alice_client.get(busca.get_absolute_url()), "textarea", id="summary-text")
    whist_summary = text(alice_client.get(whist.get_absolute_url()), "textarea", id="summary-text")

    assert busca_summary.endswith(
        "Winners: Carla, Dario Money: Anna −€2.00, Bruno −€2.00, Carla +€2.00, Dario +€2.00"
    )
    assert "Winner: Anna & Carla" in whist_summary
    assert whist_summary.endswith("Money: Anna +€4.00, Bruno −€4.00, Carla +€4.00, Dario −€4.00")


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_new_evening_is_dated_today_in_the_date_fields_own_format_in_either_language(
    language: str, alice_client: Client
) -> None:
    page = alice_client.get(reverse("evening_list"), HTTP_ACCEPT_LANGUAGE=language).content.decode()

    # An <input type="date"> takes 2026-12-01 only: a date written 01/12/2026 leaves it empty.
    assert re.search(r'type="date" name="date" value="\d{4}-\d{2}-\d{2}"', page)


def test_a_summary_counts_one_deal_in_the_singular(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match(deals=[{"points": [25, 8, 5, 2]}])

    summary = text(alice_client.get(match.get_absolute_url()), "textarea", id="summary-text")

    assert summary.endswith("In progress after 1 deal")


def first_payment_form(client: Client, evening: Evening) -> dict[str, str]:
    """What the first "Segnate pagato" (or "✓ pagato") form of the Italian page sends, as a browser would."""
    page = client.get(evening.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="it").content.decode()
    form = page.split(f'action="{reverse("payment_toggle", args=[evening.pk])}"')[1].split("</form>")[0]
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))


def test_in_italian_a_transfer_is_marked_paid_and_unmarked_with_the_values_its_page_sends(
    alice_client: Client, players: list[Player], make_match: Callable[..., Match]
) -> None:
    evening = evening_of(alice_client, players)
    busca_in(evening, make_match)
    services.match_options_change(match=evening.matches.get(), options={"stake": 0.5}, author=evening.owner)

    sent = first_payment_form(alice_client, evening)
    assert sent["amount"] == "0.5"  # never "0,5": the server reads it back
    alice_client.post(reverse("payment_toggle", args=[evening.pk]), sent, HTTP_ACCEPT_LANGUAGE="it")
    assert evening.payments.get().amount == Decimal("0.50")

    alice_client.post(
        reverse("payment_toggle", args=[evening.pk]),
        first_payment_form(alice_client, evening),
        HTTP_ACCEPT_LANGUAGE="it",
    )
    assert not evening.payments.exists()


@pytest.mark.parametrize(("language", "day"), [("en", "2 December 2026"), ("it", "2 dicembre 2026")])
def test_a_summary_is_dated_the_day_the_table_played_where_it_sits(
    language: str, day: str, alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match(deals=[{"points": [25, 8, 5, 2]}])
    # 23:10 UTC on 1 December is ten past midnight on 2 December in Rome (TIME_ZONE).
    Match.objects.filter(pk=match.pk).update(created_at=datetime(2026, 12, 1, 23, 10, tzinfo=UTC))

    page = alice_client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language)

    assert text(page, "textarea", id="summary-text").startswith(f"Busca / Busche · {day} ")
