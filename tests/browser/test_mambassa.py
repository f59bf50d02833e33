"""A Mambassa game played on a phone to its last player: mostly by tapping who pays, once by tapping the
cards each player shows and letting the app judge them first.

The tokens are worked out by hand from docs/rules.md, section 6: 3 lives each and 4 in the pot;
each payer puts a token in the pot; Quarantuno takes one back; the deal passes over players who are out.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .flows import (
    JUDGE_HANDS,
    MAMBASSA_LOG,
    add_players,
    enter_by,
    expect_deal_form,
    expect_out,
    expect_table,
    pick_hands,
    save_mambassa_deal,
    screenshot,
    sign_up,
    start_mambassa,
    tap_payers,
)

pytestmark = pytest.mark.browser


def expect_dealer(page: Page, name: str) -> None:
    expect(page.locator("#deal-form .next")).to_have_text(f"{name} deals")


def expect_judged(page: Page, hands: list[str], paying: list[str], lines: list[str]) -> None:
    """The hands as the app judged them, who pays, and why; nothing saved yet."""
    preview = page.locator("#deal-form .preview")
    expect(preview.locator(".hand-list li")).to_have_text(hands)
    expect(preview.locator(".hand-list li.pays")).to_have_text(paying)
    expect(preview.locator("p")).to_have_text(lines)


def test_a_mambassa_game_is_played_to_the_last_player_left(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_mambassa(page, stake="1")
    expect_table(page, [3, 3, 3, 3], 4)
    expect_dealer(page, "Anna")

    # Deal 1: Bruno has the lowest hand.
    tap_payers(page, "Bruno")
    save_mambassa_deal(page, 1)
    expect_table(page, [3, 2, 3, 3], 5)
    expect_dealer(page, "Bruno")

    # Deal 2: the hands are tapped into the picker, judged, then saved.
    expect_deal_form(page, 2)
    enter_by(page, "cards")
    expect(page.locator("#deal-form .picker .pick")).to_have_count(40)
    pick_hands(page, {0: "FC CC RC 1C", 1: "5S 6S 7S 2B", 2: "3D 4D 6B RB", 3: "1S 3S 7D 1B"})
    page.click(JUDGE_HANDS)
    expect_judged(
        page,
        [
            "Anna Quarantuno of coppe",
            "Bruno scala corta to the 7 of spade",
            "Carla 16",
            "Dario 14",
        ],
        paying=["Dario 14"],
        lines=["Dario pays: 14, the lowest.", "Anna shows Quarantuno and takes a token from the pot."],
    )
    # Judging stores nothing: the table has not moved, and the hands are still there, in the picker too.
    expect(page.locator(MAMBASSA_LOG)).to_have_count(1)
    expect_table(page, [3, 2, 3, 3], 5)
    expect(page.locator("#id_hand_3")).to_have_value("1S 3S 7D 1B")
    expect(page.locator('#deal-form button.pick[data-card="1B"]')).to_have_class(re.compile(r"\btaken\b"))
    save_mambassa_deal(page, 2)
    # Dario's token goes in; Anna's Quarantuno takes one out: she has 4, more than her lives.
    expect_table(page, [4, 2, 3, 2], 5)
    expect(page.locator(MAMBASSA_LOG).first.locator("p").first).to_have_text("Dario pays: 14, the lowest.")
    expect_dealer(page, "Carla")

    # Deal 3: the form offers the cards again; Bruno and Dario tie for the lowest hand.
    expect(page.locator("#deal-form label.pick-cards input")).to_be_checked()
    enter_by(page, "quick")
    tap_payers(page, "Bruno", "Dario")
    save_mambassa_deal(page, 3)
    expect_table(page, [4, 1, 3, 1], 7)
    expect_dealer(page, "Dario")

    # Deal 4: Bruno loses his last life.
    tap_payers(page, "Bruno")
    save_mambassa_deal(page, 4)
    expect_table(page, [4, 0, 3, 1], 8)
    expect_out(page, 1, after_deal=4)
    expect(page.locator("#deal-form .payers label.chip")).to_have_text(["Anna", "Carla", "Dario"])
    expect_dealer(page, "Anna")

    # Deal 5: Carla shows Mambassa; "who pays" left empty, the app makes Anna and Dario pay.
    page.select_option("#id_mambassa", label="Carla")
    save_mambassa_deal(page, 5)
    expect_table(page, [3, 0, 3, 0], 10)
    expect(page.locator(MAMBASSA_LOG).first.locator("p").first).to_have_text(
        "Carla shows Mambassa: everyone else pays."
    )
    expect_out(page, 3, after_deal=5)
    expect_dealer(page, "Carla")  # after Anna, passing over Bruno

    # Deals 6 and 7: two players left; Carla pays twice.
    tap_payers(page, "Carla")
    save_mambassa_deal(page, 6)
    expect_table(page, [3, 0, 2, 0], 11)
    expect_dealer(page, "Anna")
    tap_payers(page, "Carla")
    save_mambassa_deal(page, 7)
    expect_table(page, [3, 0, 1, 0], 12)
    expect_dealer(page, "Carla")

    # Deal 8, with the cards: only Anna and Carla are dealt in.
    enter_by(page, "cards")
    expect(page.locator("#deal-form .picker-chip")).to_have_count(2)
    pick_hands(page, {0: "1D 2D 3D 4D", 2: "5C 7B FS 2S"})
    page.click(JUDGE_HANDS)
    expect_judged(
        page,
        ["Anna scala lunga to the 4 of denari", "Carla 12"],
        paying=["Carla 12"],
        lines=["Carla pays: 12, the lowest.", "Carla is out."],
    )
    save_mambassa_deal(page, 8)

    # Carla is out: Anna is the last player left and takes the whole pot, 4 × 4 tokens.
    banner = page.locator(".banner")
    expect(banner.locator("h2")).to_have_text("Match over after deal 8")
    expect(banner.locator(".winners")).to_have_text("Anna is the last player left and takes the pot.")
    # Each brought 4 tokens at 1 a token: the winner nets 4 × 3.
    expect(banner.locator(".settlement li")).to_have_text(
        ["Anna +€12.00", "Bruno −€4.00", "Carla −€4.00", "Dario −€4.00"]
    )
    expect_table(page, [16, 0, 0, 0], 0)
    expect(page.locator('svg.mambassa-table g.seat[data-seat="0"]')).to_have_class(re.compile(r"\bwinner\b"))
    expect_out(page, 2, after_deal=8)
    expect(page.locator("#deal-form")).to_have_count(0)
    screenshot(page, "mambassa-end.png")
