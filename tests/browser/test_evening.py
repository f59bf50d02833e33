"""An evening at one table: a Busca match and a Mambassa game, settled up before going home.

The money is worked out by hand. Busca 000 with a stake of 5, losers pay: the two losers pay 5 each,
shared by the two winners. Mambassa with 1 life and 1 a token: each brings 2 tokens (a life and one
in the pot), the last player left takes all 8.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .flows import (
    PLAYERS,
    add_players,
    expect_match_over,
    play_deal,
    save_mambassa_deal,
    screenshot,
    sign_up,
    start_evening,
    tap_payers,
)

pytestmark = pytest.mark.browser


def start_in_evening(page: Page, game: str, options: dict[str, str]) -> None:
    """From the evening page: a new match of ``game``, everyone seated in order, these house rules."""
    page.get_by_role("link", name="New match in this evening").click()
    # A game's card shows its name, not its key: found by the link it is.
    page.locator(f'.games a.game-card[href*="game={game}&"]').click()
    # The form is swapped in by htmx, which then puts the game in the address.
    expect(page).to_have_url(re.compile(rf"game={game}&evening=\d+$"))
    expect(page.locator('#match-form input[name="game"]')).to_have_value(game)
    for seat, name in enumerate(PLAYERS):
        page.select_option(f"#id_seat_{seat}", label=name)
    page.locator("details.house-rules summary").click()
    for name, value in options.items():
        page.fill(f"#id_opt_{name}", value)
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))


def back_to_evening(page: Page) -> None:
    page.locator(".evening-link a").click()
    expect(page).to_have_url(re.compile(r"/evenings/\d+/$"))


def test_an_evening_of_busca_and_mambassa_is_settled_and_a_transfer_marked_paid(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_evening(page, place="Da Carla")
    expect(page.locator("h1")).to_contain_text("Da Carla")

    # Busca 000, vector B000-M2: Anna and Bruno go over the limit.
    start_in_evening(page, "busca-000", {"stake": "5"})
    play_deal(page, 1, [31, 4, 3, 2])
    play_deal(page, 2, [28, 12, 0, 0], not_covering=[2, 3])
    play_deal(page, 3, [5, 30, 3, 2])
    play_deal(page, 4, [8, 21, 6, 5])
    expect_match_over(page, 4, losers={"Anna", "Bruno"}, winners={"Carla", "Dario"})

    # The finished match leads to the next one of the evening.
    start_in_evening(page, "mambassa", {"stake": "1", "lives": "1"})
    for number, payer in enumerate(["Bruno", "Carla", "Dario"], start=1):
        tap_payers(page, payer)
        save_mambassa_deal(page, number)
    expect(page.locator(".banner .winners")).to_have_text("Anna is the last player left and takes the pot.")

    back_to_evening(page)
    expect(page.locator("ul.matches .match-card .status")).to_have_text(["finished", "finished"])
    # Busca: Anna −5, Bruno −5, Carla +5, Dario +5; Mambassa: Anna +6, the others −2 each.
    # Balances, most owed first.
    expect(page.locator("ul.settlement li")).to_have_text(
        ["Carla +€3.00", "Dario +€3.00", "Anna +€1.00", "Bruno −€7.00"]
    )
    # Bruno alone owes: three transfers, one to each of the others.
    transfers = page.locator("ol.transfers li")
    expect(transfers).to_have_count(3)
    expect(transfers.locator("span")).to_have_text(
        ["Bruno pays Carla €3.00", "Bruno pays Dario €3.00", "Bruno pays Anna €1.00"]
    )

    to_anna = transfers.filter(has_text="Bruno pays Anna €1.00")
    to_anna.get_by_role("button", name="Mark paid").click()
    to_anna = page.locator("ol.transfers li").filter(has_text="Bruno pays Anna €1.00")
    expect(to_anna).to_have_class(re.compile(r"\bpaid\b"))
    expect(to_anna.get_by_role("button")).to_have_attribute("aria-pressed", "true")
    # Paid stays paid: it is stored, not only shown.
    page.reload()
    paid = page.locator("ol.transfers li.paid")
    expect(paid).to_have_count(1)
    expect(paid.locator("span")).to_have_text("Bruno pays Anna €1.00")
    screenshot(page, "evening-settled.png")


def test_the_next_match_of_an_evening_seats_its_players_as_they_sat(page: Page) -> None:
    sign_up(page)
    add_players(page, [*PLAYERS, "Elena"])
    start_evening(page, ("Dario", "Bruno", "Elena", "Anna"))

    page.get_by_role("link", name="New match in this evening").click()
    names = [page.locator(f"#id_seat_{seat} option:checked") for seat in range(4)]
    for chosen, name in zip(names, ["Anna", "Bruno", "Dario", "Elena"], strict=True):
        expect(chosen).to_have_text(name)
    # Reseated, the match started: the next one of the evening keeps those seats, whatever the game.
    for seat, name in enumerate(["Dario", "Anna", "Elena", "Bruno"]):
        page.select_option(f"#id_seat_{seat}", label=name)
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    back_to_evening(page)
    page.get_by_role("link", name="New match in this evening").click()
    page.locator(".games a.game-card").filter(has_text="Mambassa").click()
    expect(page).to_have_url(re.compile(r"game=mambassa&evening=\d+$"))
    for seat, name in enumerate(["Dario", "Anna", "Elena", "Bruno"]):
        expect(page.locator(f"#id_seat_{seat} option:checked")).to_have_text(name)
    groups = page.locator("#id_seat_0 optgroup")
    expect(groups).to_have_count(2)
    expect(groups.first.locator("option")).to_have_text(["Dario", "Anna", "Elena", "Bruno"])
    expect(groups.nth(1).locator("option")).to_have_text(["Carla"])
    expect(page.locator("label.chip").first).to_contain_text("Dario")  # the first dealer, by name
    screenshot(page, "new-match-of-the-evening.png")
