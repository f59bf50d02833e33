"""Faster than the pencil: a typical deal of every game (the second: the page as it stands after a
deal saved), counted in taps and keys from the sheet to the saved deal, each tap on something already
on screen (no scrolling to find it); and the page's own number pad that makes the Busca count."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from .flows import (
    DEAL_ROWS,
    MAMBASSA_LOG,
    SAVE_DEAL,
    add_players,
    expect_deal_form,
    play_deal,
    play_whist_deal,
    save_mambassa_deal,
    sign_up,
    start_mambassa,
    start_match,
    start_whist,
    tap_label,
    tap_on_screen,
    tap_payers,
)

pytestmark = pytest.mark.browser

# Every tap (a pointer put down) and every key pressed on the page, from the sheet on.
COUNT = """() => {
  window.taps = 0;
  window.keys = 0;
  document.addEventListener("pointerdown", () => { window.taps += 1; }, true);
  document.addEventListener("keydown", () => { window.keys += 1; }, true);
}"""
COUNTED = "() => window.taps + window.keys"


def key(page: Page, digit: str) -> Locator:
    return page.locator(f'#deal-form [data-numpad] [data-key="{digit}"]')


def test_a_busca_deal_is_seven_taps_on_the_number_pad(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    play_deal(page, 1, [20, 10, 6, 4])
    page.evaluate(COUNT)

    tap_on_screen(page, page.locator("#id_points_0"))  # Anna's points: the pad comes up
    for digit in "1410" + "9":  # 14 and 10: two digits each go on to the next; 9 cannot grow
        tap_on_screen(page, key(page, digit))
    expect(page.locator("#id_points_3")).to_have_value("7")  # the last one filled in
    tap_on_screen(page, page.locator(SAVE_DEAL))

    expect(page.locator(DEAL_ROWS)).to_have_count(2)
    assert page.evaluate(COUNTED) == 7  # the target: at most 8 with the full entry


def start_busca_by_the_top(page: Page) -> None:
    """A Busca match whose house rules start every deal on the entry by the top."""
    page.goto("/matches/new/?game=busca-000")
    for seat, name in enumerate(["Anna", "Bruno", "Carla", "Dario"]):
        page.select_option(f"#id_seat_{seat}", label=name)
    page.locator("details.house-rules summary").click()
    page.check("#id_opt_top_entry")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator("#deal-form .pick-top input")).to_be_checked()


def enter_by_the_top(page: Page, name: str, points: str, tap: Callable[[Locator], None]) -> None:
    """The top's chip (its points are then asked, the pad up), its points on the pad, and Save."""
    tap(page.locator("#deal-form .top-scorers label.chip").filter(has_text=re.compile(rf"^\s*{name}\s*$")))
    expect(page.locator("#id_top_points")).to_be_focused()
    for digit in points:
        tap(key(page, digit))
    tap(page.locator(SAVE_DEAL))


def test_a_busca_deal_by_its_top_is_four_taps(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_busca_by_the_top(page)
    enter_by_the_top(page, "Anna", "25", lambda target: target.click())
    expect(page.locator(DEAL_ROWS)).to_have_count(1)
    page.evaluate(COUNT)

    enter_by_the_top(page, "Bruno", "16", lambda target: tap_on_screen(page, target))  # two digits: complete

    expect(page.locator(DEAL_ROWS)).to_have_count(2)
    assert page.evaluate(COUNTED) == 4  # the target: at most 5 with the entry by the top
    expect(page.locator(DEAL_ROWS).first.locator("td")).to_have_text(["5 –", "1 16 +1", "0 –", "0 –"])


def test_a_mambassa_deal_of_who_pays_is_one_tap_and_save(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_mambassa(page)
    tap_payers(page, "Anna")
    save_mambassa_deal(page, 1)
    page.evaluate(COUNT)

    payer = page.locator("#deal-form .payers label.chip").filter(has_text=re.compile(r"^\s*Bruno\s*$"))
    tap_on_screen(page, payer)
    tap_on_screen(page, page.locator("#deal-form button.primary"))

    expect(page.locator(MAMBASSA_LOG)).to_have_count(2)
    assert page.evaluate(COUNTED) == 2


def test_a_whist_deal_without_honours_scored_is_two_taps(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_whist(page)
    play_whist_deal(page, 1, 6, 3)
    page.evaluate(COUNT)

    # two each, none scored, unless tapped otherwise
    expect(tap_label(page, "honours", 2).locator("input")).to_be_checked()
    tap_on_screen(page, tap_label(page, "tricks", 7))
    tap_on_screen(page, page.locator(SAVE_DEAL))

    expect(page.locator(DEAL_ROWS)).to_have_count(2)
    assert page.evaluate(COUNTED) == 2
    # Deal 1: Anna & Carla 6 tricks (Bruno & Dario 1 point) and 3 honours (2 points); deal 2: their
    # 7 tricks, 1 point, and no honours scored.
    expect(page.locator(DEAL_ROWS).first.locator(".total")).to_have_text(["3", "1"])
    expect(page.locator("#deal-form .tap-grid.honours input:checked")).to_have_value("2")


def test_the_number_pad_types_deletes_goes_on_and_never_opens_the_phones_keyboard(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    pad = page.get_by_role("group", name="Number pad")
    expect(pad).to_be_hidden()  # only while points are entered, as a keyboard
    page.locator("#id_points_0").click()
    expect(pad).to_be_visible()
    expect(page.locator("#id_points_0")).to_have_attribute("inputmode", "none")

    for digit in "35":  # 3 may become 30-something; 35 is complete
        key(page, digit).click()
    expect(page.locator("#id_points_1")).to_be_focused()
    pad.get_by_role("button", name="Delete a digit").click()  # nothing typed here: back to Anna
    expect(page.locator("#id_points_0")).to_be_focused()
    key(page, "2").click()  # typed over what the field showed
    expect(page.locator("#id_points_0")).to_have_value("2")
    pad.get_by_role("button", name="Delete a digit").click()
    expect(page.locator("#id_points_0")).to_have_value("")
    for digit in "30":
        key(page, digit).click()
    expect(page.locator("#id_points_1")).to_be_focused()  # 30 is complete: on to Bruno by itself
    pad.get_by_role("button", name="Next player").click()  # → out of habit: still Bruno, not skipped
    expect(page.locator("#id_points_1")).to_be_focused()
    pad.get_by_role("button", name="Next player").click()  # Bruno's stays empty: on to Carla
    expect(page.locator("#id_points_2")).to_be_focused()
    key(page, "0").click()  # 0 cannot grow
    expect(page.locator("#id_points_3")).to_be_focused()
    for digit in "10":
        key(page, digit).click()
    expect(page.locator("#id_points_1")).to_have_value("0")  # what is left: filled in by the page
    expect(page.locator("[data-remaining]")).to_have_text("0")

    # The sheet above stays in reach: a tap there puts the keys away.
    page.locator(".match-title").click()
    expect(pad).to_be_hidden()


def test_a_next_after_each_value_out_of_habit_skips_nobody_and_overwrites_nothing(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    page.locator("#id_points_0").click()
    for typed in ("12", "10", "8"):  # each complete (two digits, or 8 that cannot grow): the pad goes on
        for digit in typed:
            key(page, digit).click()
        key(page, "next").click()
    expect(page.locator("#id_points_3")).to_be_focused()
    for field, value in enumerate(("12", "10", "8", "10")):  # Dario's filled in: what is left
        expect(page.locator(f"#id_points_{field}")).to_have_value(value)


def test_the_phones_own_keyboard_can_be_chosen_and_stays_chosen_on_this_phone(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    page.get_by_role("button", name="Phone keyboard").click()

    expect(page.locator("#id_points_0")).to_be_focused()
    expect(page.locator("#id_points_0")).to_have_attribute("inputmode", "numeric")
    expect(page.get_by_role("group", name="Number pad")).to_be_hidden()
    page.reload()
    expect_deal_form(page, 1)
    page.locator("#id_points_0").click()
    expect(page.get_by_role("group", name="Number pad")).to_be_hidden()
    expect(page.get_by_role("button", name="Phone keyboard")).to_have_attribute("aria-pressed", "true")
