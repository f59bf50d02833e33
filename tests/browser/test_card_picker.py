"""The 40-card picker of a Mambassa showdown, on a page of its own: no database, no server.

The partial is rendered with a tiny form of four hand fields and set into a phone-sized page
with the stylesheets and cards.js inlined, as base.html would load them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from django import forms
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from playwright.sync_api import Browser, Locator, Page, expect

from .conftest import PHONE
from .flows import PLAYERS

pytestmark = pytest.mark.browser

STATIC = Path(settings.BASE_DIR) / "static"
PICKER = Path(settings.BASE_DIR) / "games" / "mambassa" / "static" / "mambassa"  # the card picker's own
SHOT = Path("/tmp/picker.png")


class HandsForm(forms.Form):
    hand_0 = forms.CharField(required=False)
    hand_1 = forms.CharField(required=False)
    hand_2 = forms.CharField(required=False)
    hand_3 = forms.CharField(required=False)


def picker_html(language: str = "en", hands: Mapping[str, str] | None = None) -> str:
    """The partial for Anna, Bruno, Carla and Dario, holding ``hands`` ({"hand_0": "1D 5S"})."""
    form = HandsForm(initial=dict(hands or {}))
    rows = [
        {"seat": seat, "name": name, "field": form[f"hand_{seat}"], "errors": []}
        for seat, name in enumerate(PLAYERS)
    ]
    with translation.override(language):
        return render_to_string("mambassa/card_picker.html", {"rows": rows})


def phone_page(language: str = "en", hands: Mapping[str, str] | None = None) -> str:
    css = (STATIC / "css" / "app.css").read_text() + "\n" + (PICKER / "css" / "cards.css").read_text()
    script = (PICKER / "js" / "cards.js").read_text()
    return f"""<!doctype html>
<html lang="{language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>{css}</style><script>{script}</script></head>
<body><main><form id="deal-form" class="entry card" method="post" action="/deals/">
<h2>Deal 1</h2>{picker_html(language, hands)}<button class="primary big" type="submit">Save deal 1</button>
</form></main></body></html>"""


def open_phone(browser: Browser, *, javascript: bool = True) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE, java_script_enabled=javascript)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    if errors:
        pytest.fail("JavaScript errors on the page:\n" + "\n".join(errors), pytrace=False)


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    """A phone-sized page that fails the test on a JavaScript error."""
    yield from open_phone(browser)


@pytest.fixture
def phone_without_js(browser: Browser) -> Iterator[Page]:
    yield from open_phone(browser, javascript=False)


def card(page: Page, code: str) -> Locator:
    return page.locator(f'.pick[data-card="{code}"]')


def chip(page: Page, name: str) -> Locator:
    return page.locator(".picker-chip").filter(has_text=name)


def tap(page: Page, *codes: str) -> None:
    for code in codes:
        card(page, code).click()


def test_tapping_cards_fills_each_hand_and_moves_on_after_the_fourth(phone: Page) -> None:
    phone.set_content(phone_page())
    expect(phone.locator(".pick")).to_have_count(40)
    expect(chip(phone, "Anna")).to_have_attribute("aria-pressed", "true")
    expect(phone.locator(".picker-say")).to_have_text("Cards for Anna: 0/4")

    phone.get_by_role("button", name="A ace of denari", exact=True).click()
    phone.get_by_role("button", name="5 five of spade", exact=True).click()
    phone.get_by_role("button", name="3 three of coppe", exact=True).click()
    expect(phone.locator("#id_hand_0")).to_have_value("1D 5S 3C")
    expect(card(phone, "3C")).to_have_attribute("aria-pressed", "true")
    expect(chip(phone, "Anna")).to_contain_text("3/4")
    expect(phone.locator(".hand-row[data-seat='0'] .mini:not(.empty)")).to_have_count(3)

    # The fourth card completes Anna's hand: the picker moves on to Bruno.
    phone.get_by_role("button", name="R king of bastoni", exact=True).click()
    expect(phone.locator("#id_hand_0")).to_have_value("1D 5S 3C RB")
    expect(chip(phone, "Anna")).to_contain_text("4/4")
    expect(chip(phone, "Anna")).to_have_attribute("aria-pressed", "false")
    expect(chip(phone, "Bruno")).to_have_attribute("aria-pressed", "true")
    expect(phone.locator(".picker-say")).to_have_text("Cards for Bruno: 0/4")

    # Anna's ace cannot be given to Bruno: it shows whose it is, and says so when tapped.
    ace = card(phone, "1D")
    expect(ace).to_have_attribute("aria-label", "A ace of denari, Anna has it")
    expect(ace).to_have_class("pick taken")
    expect(ace.locator(".holder")).to_have_text("A")
    ace.click()
    expect(phone.locator(".picker-say")).to_have_text("ace of denari: Anna has it")
    expect(phone.locator("#id_hand_1")).to_have_value("")
    expect(phone.locator("#id_hand_0")).to_have_value("1D 5S 3C RB")

    # Bruno gets the cavallo of coppe, and a second tap takes it back.
    tap(phone, "CC")
    expect(phone.locator("#id_hand_1")).to_have_value("CC")
    expect(chip(phone, "Bruno")).to_contain_text("1/4")
    tap(phone, "CC")
    expect(phone.locator("#id_hand_1")).to_have_value("")
    expect(card(phone, "CC")).to_have_attribute("aria-pressed", "false")

    # Back to Anna: her five of spade goes back to the deck.
    chip(phone, "Anna").click()
    expect(card(phone, "5S")).to_have_attribute("aria-pressed", "true")
    tap(phone, "5S")
    expect(phone.locator("#id_hand_0")).to_have_value("1D 3C RB")
    expect(chip(phone, "Anna")).to_contain_text("3/4")
    expect(card(phone, "5S")).to_have_class("pick")

    # Typing into Carla's field updates the picker; leaving it tidies the codes.
    carla = phone.locator("#id_hand_2")
    carla.fill("7s fd,")
    expect(chip(phone, "Carla")).to_contain_text("2/4")
    expect(chip(phone, "Carla")).to_have_attribute("aria-pressed", "true")
    expect(card(phone, "7S")).to_have_attribute("aria-pressed", "true")
    expect(card(phone, "FD")).to_have_class("pick mine")
    carla.blur()
    expect(carla).to_have_value("7S FD")
    # Tapping now gives the cards to Carla, after what she typed.
    tap(phone, "2B")
    expect(carla).to_have_value("7S FD 2B")

    # A card typed into a second hand is flagged there; the deck still shows Anna's.
    phone.locator("#id_hand_3").fill("1D")
    expect(phone.locator(".hand-row[data-seat='3'] .mini.clash")).to_have_count(1)
    expect(card(phone, "1D").locator(".holder")).to_have_text("A")

    posted = phone.evaluate("new URLSearchParams(new FormData(document.forms[0])).toString()")
    assert posted == "hand_0=1D+3C+RB&hand_1=&hand_2=7S+FD+2B&hand_3=1D"
    phone.locator("[data-hands]").screenshot(path=str(SHOT))


def test_the_picker_names_the_cards_in_italian_on_an_italian_page(phone: Page) -> None:
    phone.set_content(phone_page("it", {"hand_0": "1D 2D 3D 4D"}))
    expect(phone.get_by_role("button", name="C cavallo di coppe", exact=True)).to_be_visible()
    expect(card(phone, "1D")).to_have_attribute("aria-label", "A asso di denari, ce l'ha Anna")
    expect(phone.locator(".picker-say")).to_have_text("Carte di Bruno: 0/4")


def test_the_picker_comes_back_after_htmx_swaps_the_form(phone: Page) -> None:
    phone.set_content(phone_page())
    tap(phone, "1D")
    # The server answers with the form again, as typed: htmx swaps it in and settles.
    swapped = picker_html(hands={"hand_0": "1D 5S", "hand_1": "RB"})
    phone.evaluate(
        """html => {
            document.querySelector("[data-hands]").outerHTML = html;
            document.body.dispatchEvent(new CustomEvent("htmx:afterSettle", {bubbles: true}));
        }""",
        swapped,
    )
    expect(phone.locator(".picker-chip")).to_have_count(4)
    expect(phone.locator(".pick")).to_have_count(40)
    expect(card(phone, "5S")).to_have_attribute("aria-pressed", "true")
    expect(card(phone, "RB")).to_have_attribute("aria-label", "R king of bastoni, Bruno has it")
    tap(phone, "7C")
    expect(phone.locator("#id_hand_0")).to_have_value("1D 5S 7C")


def test_without_javascript_the_hands_are_plain_text_fields(phone_without_js: Page) -> None:
    page = phone_without_js
    page.set_content(phone_page())
    expect(page.locator("[data-picker]")).to_be_hidden()
    expect(page.locator("#hands-help")).to_be_visible()
    page.get_by_label("Bruno").fill("1D 5S 3C 2B")
    expect(page.locator("#id_hand_1")).to_have_value("1D 5S 3C 2B")
