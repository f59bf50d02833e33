"""Busca entered by its top, as a table uses it: from the keyboard alone, without a connection (kept
on the phone and stored once), seen on another phone of the table, refused in words, in Italian."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from matches.models import Deal
from tests.matches.typed import as_typed

from .flows import DEAL_ROWS, SAVE_DEAL, add_players, expect_deal_form, sign_up
from .test_live import join, make_link, other_phone  # noqa: F401 (a fixture)
from .test_offline import PENDING, match_of
from .test_screen_reader import Tree, name
from .test_taps import start_busca_by_the_top

pytestmark = pytest.mark.browser


def chip(page: Page, group: str, name: str) -> Locator:
    return page.locator(f"#deal-form .{group} label.chip").filter(has_text=re.compile(rf"^\s*{name}\s*$"))


def enter(page: Page, name: str, points: str) -> None:
    chip(page, "top-scorers", name).click()
    expect(page.locator("#id_top_points")).to_be_focused()
    for digit in points:
        page.locator(f'#deal-form [data-numpad] [data-key="{digit}"]').click()


def test_a_deal_by_its_top_from_the_keyboard_alone(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_busca_by_the_top(page)
    page.evaluate("localStorage.setItem('scorekeeper-keyboard', 'phone')")  # a keyboard of its own
    page.reload()

    page.locator("#deal-form .top-scorers input").first.focus()  # Anna's
    page.keyboard.press("Tab")  # Bruno's
    page.keyboard.press("Space")
    expect(page.locator("#id_top_points")).to_be_focused()  # his points are asked next
    page.keyboard.type("16")
    page.keyboard.press("Enter")

    expect(page.locator(DEAL_ROWS)).to_have_count(1)
    expect(page.locator(DEAL_ROWS).first.locator("td")).to_have_text(["0 –", "1 16 +1", "0 –", "0 –"])


def test_a_deal_by_its_top_kept_offline_is_stored_once_and_reaches_the_other_phone(
    page: Page,
    other_phone: Callable[[], Page],  # noqa: F811 (the fixture of test_live)
) -> None:
    sign_up(page)
    add_players(page)
    start_busca_by_the_top(page)
    link = make_link(page, "scorer")
    carla = other_phone()
    join(carla, link, "Carla")
    match = match_of(page)

    page.context.set_offline(True)
    enter(page, "Dario", "25")
    chip(page, "missed", "Anna").click()
    page.locator(SAVE_DEAL).click()
    pending = page.locator(PENDING)
    expect(pending).to_have_count(1)
    expect(pending.locator(".what")).to_have_text(
        "Who took the most points (all of them when tied): Dario · Their points (each, when tied) 25 · "
        "Who did not cover: Anna"
    )
    expect_deal_form(page, 2)
    assert Deal.objects.filter(match=match).count() == 0

    page.context.set_offline(False)
    expect(pending).to_have_text(["Deal 1, kept on this phone, is now saved."])
    expect(page.locator(DEAL_ROWS)).to_have_count(1)
    # Anna did not cover: 2 busche for her (000), none for the top.
    expect(carla.locator(DEAL_ROWS)).to_have_count(1, timeout=5_000)
    expect(carla.locator(DEAL_ROWS).first.locator("td")).to_have_text(["2 – ✗ +2", "0 –", "0 –", "0 25"])
    assert as_typed(match) == [
        {"top": {"players": ["Dario"], "points": 25}, "covered": [False, True, True, True]}
    ]


def test_in_italian_a_top_that_cannot_be_is_refused_in_words_and_kept(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_busca_by_the_top(page)
    page.locator(".topbar form.lang").get_by_role("button", name="IT", exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", "it")

    enter(page, "Anna", "9")
    page.locator(SAVE_DEAL).click()

    expect(page.locator("#deal-form .error").first).to_have_text(
        "Smazzata 1: se il massimo è di Anna con 9 punti, ogni altro giocatore che ha coperto ne ha al "
        "massimo 8: non si arriva ai 40 della smazzata"
    )
    expect(page.locator("#id_top_points")).to_have_value("9")
    expect(page.locator("#deal-form .top-scorers input[value='0']")).to_be_checked()
    expect(page.locator(DEAL_ROWS)).to_have_count(0)


def test_a_screen_reader_hears_the_top_entry_as_named_boxes_and_a_points_field(page: Page) -> None:
    sign_up(page)
    add_players(page)
    start_busca_by_the_top(page)

    tree = Tree(page)
    boxes = list(tree.of("#deal-form .top-scorers input"))
    assert [name(node) for node in boxes] == ["Anna", "Bruno", "Carla", "Dario"]
    assert {node["role"]["value"] for node in boxes} == {"checkbox"}
    assert name(tree.one("#id_top_points")) == "Their points (each, when tied)"
    assert [name(node) for node in tree.of("#deal-form .missed input")] == ["Anna", "Bruno", "Carla", "Dario"]
    groups = [name(node) for node in tree.with_role("group")]
    assert "Who took the most points (all of them when tied)" in groups
    assert "Who did not cover" in groups
