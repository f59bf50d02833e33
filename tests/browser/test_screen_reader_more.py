"""More of what a player hears, types and reads, whatever they see: read from Chromium itself.

The keyboard (Enter in a points field), what a screen reader is told (the accessibility tree through
the DevTools protocol: names, roles, live regions), the page's titles, and the phone's text at twice
its size (Page.setFontSizes, as the phone's font-size setting does) on a 390 px screen.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Page, expect

from matches import services
from matches.models import Evening, Match, Player

from .flows import PASSWORD, screenshot
from .test_accessibility import BUSCA_DEAL, log_in, new_match
from .test_screen_reader import Tree, name, state

pytestmark = pytest.mark.browser

EVEN = {"points": [10, 10, 10, 10]}
DECORATIONS = re.compile("[←⟲▸▾]")


@pytest.fixture
def evening(alice: User, players: list[Player]) -> Evening:
    """An evening at Carla's: a Busca match under way and one finished with money to settle."""
    made = Evening.objects.create(owner=alice, date="2026-11-28", place="Da Carla")
    made.players.set(players)
    playing = new_match(alice, "busca-000", players, [BUSCA_DEAL, EVEN])
    settled = services.match_create(
        owner=alice, game="busca-003", options={"stake": 2.5}, players=players, first_dealer=0
    )
    for _ in range(4):
        services.deal_record(match=settled, entry={"points": [9, 9, 9, 8]}, author=alice)
    for match in (playing, settled):
        match.evening = made
        match.save(update_fields=["evening"])
    return made


@pytest.fixture
def owner(page: Page, live_server: Any, alice: User) -> Page:
    log_in(page, live_server, alice)
    return page


def in_italian(page: Page) -> None:
    origin = re.match(r"https?://[^/]+", page.url)
    assert origin
    page.context.add_cookies([{"name": "django_language", "value": "it", "url": origin.group(0)}])


def playing(evening: Evening) -> Match:
    return evening.matches.get(game="busca-000")


# -- The keyboard --------------------------------------------------------------------------------


def test_enter_in_a_points_field_saves_the_deal_and_the_next_deal_starts_at_its_first_field(
    owner: Page, evening: Evening
) -> None:
    page = owner
    page.goto(playing(evening).get_absolute_url())
    page.locator("#id_points_0").focus()
    for value in ("25", "8", "5"):
        page.keyboard.type(value)
        page.keyboard.press("Tab")
    expect(page.locator("#id_points_3")).to_have_value("2")
    page.locator("#id_points_2").focus()  # back to Carla's, the last one typed
    page.keyboard.press("Enter")

    expect(page.locator("#deal-form h2")).to_have_text("Deal 4")
    # Anna's, where the next deal's numbers begin: not Carla's again, where Enter was pressed.
    expect(page.locator("#id_points_0")).to_be_focused()
    page.keyboard.type("7")
    expect(page.locator("#id_points_0")).to_have_value("7")


def test_a_refused_deal_sent_with_enter_puts_the_focus_on_the_field_that_is_wrong(
    owner: Page, evening: Evening
) -> None:
    page = owner
    page.goto(playing(evening).get_absolute_url())
    page.evaluate("document.querySelector('#deal-form').noValidate = true")
    page.locator("#id_points_0").focus()
    page.keyboard.type("41")
    page.keyboard.press("Tab")
    page.keyboard.type("0")
    page.keyboard.press("Enter")

    expect(page.locator("#id_points_0_error")).to_be_visible()
    expect(page.locator("#id_points_0")).to_be_focused()


def test_points_still_to_assign_is_said_once_the_number_settles_not_at_every_key(
    owner: Page, evening: Evening
) -> None:
    page = owner
    page.clock.install()
    page.goto(playing(evening).get_absolute_url())
    shown = page.locator("#deal-form .remaining")
    said = page.locator("#deal-form [data-remaining-said]")
    tree = Tree(page)
    assert state(tree.one("#deal-form .remaining"), "live") is None  # the count itself is quiet
    assert tree.one("#deal-form [data-remaining-said]")["role"]["value"] == "status"

    page.locator("#id_points_0").focus()
    page.keyboard.type("1")
    expect(shown).to_contain_text("39")
    page.clock.run_for(400)
    page.keyboard.type("2")  # 12: the 39 of the first key is never said
    expect(shown).to_contain_text("28")
    page.clock.run_for(600)
    expect(said).to_have_text("")
    page.clock.run_for(200)
    expect(said).to_have_text("Points still to assign: 28")

    # Leaving the field says it at once.
    page.keyboard.type("0")
    page.keyboard.press("Tab")
    expect(said).to_have_text("Points still to assign: -80")


# -- What a screen reader is told ----------------------------------------------------------------


def test_a_table_wider_than_the_phone_is_a_named_region_scrolled_from_the_keyboard(
    owner: Page, evening: Evening
) -> None:
    page = owner
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.goto(playing(evening).get_absolute_url())
    scroller = page.locator(".table-scroll")
    assert scroller.evaluate("el => el.scrollWidth > el.clientWidth"), "the table fits: nothing to scroll"
    region = Tree(page).one(".table-scroll")
    assert (region["role"]["value"], name(region), state(region, "focusable")) == ("region", "Deals", True)

    scroller.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("End")
    expect(scroller).not_to_have_js_property("scrollLeft", 0)


def test_each_number_of_the_deal_table_is_read_with_its_player_and_its_deal(
    owner: Page, evening: Evening
) -> None:
    page = owner
    page.goto(playing(evening).get_absolute_url())
    tree = Tree(page)
    columns = [name(n) for n in tree.of(".deal-table thead th")]
    assert [n["role"]["value"] for n in tree.of(".deal-table thead th")] == ["columnheader"] * 5
    assert columns == ["Deal", "Anna", "Bruno", "Carla", "Dario"]
    rows = list(tree.of(".deal-table tbody th"))
    assert [n["role"]["value"] for n in rows] == ["rowheader"] * 2
    assert [name(n).split()[0] for n in rows] == ["2", "1"]


def decorations_read(page: Page) -> list[str]:
    return [name(n) for n in Tree(page).nodes if not n.get("ignored") and DECORATIONS.search(name(n))]


def test_arrows_and_drawn_symbols_are_not_read_aloud(owner: Page, evening: Evening) -> None:
    page = owner
    match = playing(evening)
    page.goto(match.get_absolute_url())
    page.locator("details.penalties summary").first.click()
    tree = Tree(page)
    assert name(tree.one("[data-turn-entry]")) == "Turn for the player opposite"
    assert name(tree.one(".evening-link a")) == "Evening of 28 November 2026, Da Carla"
    assert [name(n) for n in tree.of("details.penalties summary")] == ["Penalties", "Someone else dealt?"]
    assert decorations_read(page) == []
    for url in (
        reverse("deal_edit", args=[match.pk, 1]),
        reverse("match_chart", args=[match.pk]),
        reverse("evening_detail", args=[evening.pk]),
        reverse("stats_player", args=[match.seats.first().player_id]),
    ):
        page.goto(url)
        assert decorations_read(page) == [], url


def test_the_language_button_names_its_language_in_that_language(owner: Page, evening: Evening) -> None:
    page = owner
    page.goto(reverse("evening_list"))
    button = page.locator(".topbar form.lang button")
    expect(button).to_have_attribute("lang", "it")
    assert Tree(page).one(".topbar form.lang button")["description"]["value"] == "Italiano"
    button.click()
    expect(button).to_have_attribute("lang", "en")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    assert Tree(page).one(".topbar form.lang button")["description"]["value"] == "English"


def test_the_first_tab_offers_a_link_past_the_top_bar(owner: Page, evening: Evening) -> None:
    page = owner
    page.goto(playing(evening).get_absolute_url())
    skip = page.locator("a.skip-link")
    expect(skip).not_to_be_in_viewport()
    page.keyboard.press("Tab")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    assert name(Tree(page).one("a.skip-link")) == "Skip to the content"
    screenshot(page, "skip-link.png")
    page.keyboard.press("Enter")
    expect(page.locator("main")).to_be_focused()
    page.keyboard.press("Tab")  # on into the page's own content, past the top bar
    assert page.evaluate("document.querySelector('main').contains(document.activeElement)")


def test_titles_say_which_match_and_which_evening_and_that_a_form_has_errors(
    owner: Page, evening: Evening
) -> None:
    page = owner
    match = playing(evening)
    the_match = "Busca / Busche: Anna, Bruno, Carla, Dario · Evening of 28 November 2026, Da Carla"
    page.goto(match.get_absolute_url())
    expect(page).to_have_title(f"{the_match} · Scorekeeper")
    page.goto(reverse("evening_detail", args=[evening.pk]))
    expect(page).to_have_title("Evening of 28 November 2026, Da Carla · Scorekeeper")
    page.goto(reverse("match_chart", args=[match.pk]))
    expect(page).to_have_title(f"Chart · {the_match} · Scorekeeper")

    page.goto(reverse("deal_edit", args=[match.pk, 1]))
    expect(page).to_have_title(f"Correct deal 1 · {the_match} · Scorekeeper")
    page.evaluate("document.querySelector('#deal-form').noValidate = true")
    page.fill("#id_points_0", "41")
    page.locator("#deal-form button.big").click()
    expect(page).to_have_title(f"Error: Correct deal 1 · {the_match} · Scorekeeper")

    # In Italian too, on a form anyone opens.
    page.context.clear_cookies()
    in_italian(page)
    page.goto(reverse("signup"))
    page.fill("#id_username", "carla")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD + "x")
    page.locator("form button[type=submit]").click()
    expect(page).to_have_title(re.compile(r"^Errore: "))


def test_each_mark_paid_button_is_named_after_its_payment(owner: Page, evening: Evening) -> None:
    page = owner
    page.goto(reverse("evening_detail", args=[evening.pk]))
    buttons = list(Tree(page).of("ol.transfers button"))
    names = [name(n) for n in buttons]
    assert len(names) >= 2
    assert len(set(names)) == len(names), names
    assert all(re.fullmatch(r"Mark paid: \w+ pays \w+ €\d+\.\d\d", n) for n in names), names
    first = names[0]

    page.get_by_role("button", name=first).click()
    paid = Tree(page).one("ol.transfers li.paid button")
    assert (name(paid), state(paid, "pressed")) == (first, "true")

    in_italian(page)
    page.reload()
    italian = [name(n) for n in Tree(page).of("ol.transfers button")]
    assert all(re.fullmatch(r"Segnate pagato: \w+ paga \d+,\d\d\s€ a \w+", n) for n in italian), italian
