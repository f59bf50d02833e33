"""How a match ended, read out with the deal that ended it, and what the other phones hear of a
correction or an undo made elsewhere (tests/browser/test_spoken_outcomes.py hears them in Chromium)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from matches import services
from matches.models import Change, Match

from .guests import viewer
from .pages import text

HTMX = {"HX-Request": "true"}
ANNA_34 = {"points": [34, 2, 2, 2]}  # Anna takes 14 busche; two of these end a busca-000 match
EVEN = {"points": [10, 10, 10, 10]}
TREBLE = {"tricks": [9, 4], "honours": [3, 1]}  # Anna & Carla 5 to 0: a game worth 3


def saved(client: Client, match: Match, data: dict[str, Any], language: str = "en") -> str:
    """What the phone that saves a deal reads out: the live region the htmx answer fills."""
    headers = {**HTMX, "Accept-Language": language}
    page = client.post(reverse("deal_create", args=[match.pk]), data, headers=headers)
    return text(page, "p", id="announce")


def heard_elsewhere(match: Match, version: int) -> str:
    """What a viewer's phone, showing ``version`` of the match, reads out at its next live check."""
    page = viewer(match).get(reverse("match_live", args=[match.pk]), {"v": str(version)}, headers=HTMX)
    return text(page, "p", id="announce")


BUSCA_34 = {f"points_{seat}": str(points) for seat, points in enumerate(ANNA_34["points"])}


def test_without_a_stake_the_end_says_who_lost_and_no_money(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match(deals=[ANNA_34])

    said = saved(alice_client, match, BUSCA_34)

    assert said.endswith("Dario 0 busche. Match over: Anna loses.")


def test_a_sum_split_unevenly_says_what_the_loser_pays_each_winner(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match(deals=[ANNA_34], stake=1)

    said = saved(alice_client, match, BUSCA_34)

    assert said.endswith("Match over: Anna loses; Anna pays Bruno €0.34, Carla €0.33 and Dario €0.33.")


def test_a_busca_won_by_the_fewest_busche_names_its_winners(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match("busca-001", victory_threshold=5, stake=3)

    said = saved(alice_client, match, BUSCA_34)

    assert said.endswith(
        "Match over: Bruno, Carla and Dario win; Anna pays Bruno, Carla and Dario €1.00 each."
    )


def test_a_mambassa_pot_shared_says_who_shares_it_and_what_each_takes(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match(
        "mambassa",
        deals=[{"payers": ["Bruno"]}],
        lives=1,
        stake=1,
        all_out_at_once="split_pot",
    )

    said = saved(alice_client, match, {"mode": "quick", "payers": ["0", "2", "3"]})  # all out at once

    # Each brought two tokens at €1.00: the three share Bruno's too.
    assert said.endswith(
        "Match over: Anna, Carla and Dario share the pot; Bruno pays Anna €0.67, Carla €0.67 and Dario €0.66."
    )


def test_a_rubber_paid_per_player_says_what_each_pays_and_to_whom(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match("whist", deals=[TREBLE], stake=0.5, stake_basis="player")

    said = saved(alice_client, match, {"tricks": "9", "honours": "3"})

    assert said.endswith(
        "Match over: Anna & Carla win the rubber; "
        "Bruno & Dario pay 8 points: €4.00 each, to the winner on their right."
    )


def test_in_italian_the_end_is_said_to_the_table(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match(deals=[ANNA_34], stake=3)

    said = saved(alice_client, match, BUSCA_34, "it")

    assert said.endswith("Partita finita: perde Anna; Anna paga 1,00 € ciascuno a Bruno, Carla e Dario.")


def test_a_viewer_hears_what_changed_when_it_is_not_a_new_deal(
    alice: User, make_match: Callable[..., Match]
) -> None:
    match = make_match(deals=[EVEN, EVEN, EVEN])

    services.deal_edit(match=match, number=2, entry=ANNA_34, author=alice)
    assert heard_elsewhere(match, match.version) == (
        "The sheet changed. Deal 2 corrected: Anna 14 busche, Bruno 0 busche, Carla 0 busche, Dario 0 busche."
    )
    match.refresh_from_db()
    services.deal_delete(match=match, number=3, author=alice)
    assert heard_elsewhere(match, match.version) == "The sheet changed. Deal 3 deleted."
    match.refresh_from_db()
    services.change_undo(match=match, change=match.changes.get(kind=Change.Kind.DEAL_DELETED), author=alice)
    assert heard_elsewhere(match, match.version) == "The sheet changed. Undone: deal 3 deleted."


def test_a_correction_that_takes_back_the_end_says_the_match_is_reopened(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match(deals=[ANNA_34, ANNA_34], stake=3)
    version = match.version

    page = alice_client.post(
        reverse("deal_edit", args=[match.pk, 2]), {f"points_{seat}": "10" for seat in range(4)}, follow=True
    )

    said = (
        "Deal 2 corrected: Anna 1 busca, Bruno 1 busca, Carla 1 busca, Dario 1 busca. Match reopened."  # tied
    )
    assert text(page, "ul", class_="messages") == said
    assert heard_elsewhere(match, version) == f"The sheet changed. {said}"
