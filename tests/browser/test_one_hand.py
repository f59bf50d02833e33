"""One phone at the table: the keyboard alone, thumb-sized targets, big text, dark mode, the screen
kept awake, and the entry panel turned for the player opposite."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from matches.models import Deal, Match, Player

from .flows import DEAL_ROWS, box, screenshot, viewport
from .test_accessibility import BUSCA_DEAL, log_in, new_match

pytestmark = pytest.mark.browser

TAP = 47.5  # px: a 48 px target, measured with sub-pixel rounding

# Everything a finger or the keyboard can act on, as it is drawn (a radio hidden under its chip or
# its tap square is measured by the label around it).
INTERACTIVE = """
() => Array.from(document.querySelectorAll(
  'a[href], button, select, input:not([type=hidden]), textarea, summary, label.chip, label.tap'
)).filter((el) => {
  const box = el.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;  // not shown
  // measured by its label
  if (el.matches('label.chip input, label.tap input, .hand-row input')) return false;
  if (el.closest('p, li.detail, .help, dd') && el.matches('a') && !el.matches('.button')) {
    return false;  // a link inside a sentence: WCAG's inline exception
  }
  return true;
}).map((el) => {
  const box = el.getBoundingClientRect();
  const name = (el.getAttribute('aria-label') || el.textContent || el.name || el.id || '').trim();
  return {what: el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : ''),
          name: name, width: Math.round(box.width), height: Math.round(box.height)};
})
"""

FOCUS_RING = """
() => {
  const el = document.activeElement;
  const style = getComputedStyle(el);
  // The whist taps show the focus of their hidden radio on the square next to it.
  const shown = el.matches('.tap input') ? getComputedStyle(el.nextElementSibling) : style;
  return {style: shown.outlineStyle, width: parseFloat(shown.outlineWidth), colour: shown.outlineColor};
}
"""


@pytest.fixture
def alices_page(page: Page, live_server: Any, alice: User) -> Page:
    log_in(page, live_server, alice)
    return page


def small_targets(page: Page) -> list[dict[str, Any]]:
    return [t for t in page.evaluate(INTERACTIVE) if t["width"] < TAP or t["height"] < TAP]


def tab_to(page: Page, selector: str, *, back: bool = False, limit: int = 40) -> None:
    """Press Tab (Shift+Tab) until the element matching ``selector`` has the focus."""
    for _ in range(limit):
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"{selector} never got the focus with {'Shift+Tab' if back else 'Tab'}")


def expect_focus_ring(page: Page) -> None:
    ring = page.evaluate(FOCUS_RING)
    assert ring["style"] != "none", ring
    assert ring["width"] >= 2, ring


def test_a_whole_busca_deal_is_entered_with_the_keyboard_alone(
    alices_page: Page, alice: User, players: list[Player]
) -> None:
    page = alices_page
    match = new_match(alice, "busca-000", players)
    page.goto(match.get_absolute_url())

    tab_to(page, "#id_points_0")
    expect_focus_ring(page)
    page.keyboard.type("25")
    page.keyboard.press("Tab")
    expect(page.locator("#id_points_1")).to_be_focused()
    page.keyboard.type("8")
    page.keyboard.press("Tab")
    page.keyboard.type("4")
    # Back to Bruno's points and on again to correct Carla's: select what is there, type over it.
    page.keyboard.press("Shift+Tab")
    expect(page.locator("#id_points_1")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator("#id_points_2")).to_be_focused()
    page.keyboard.press("Control+A")
    page.keyboard.type("5")
    expect(page.locator("#id_points_3")).to_have_value("2")  # filled in: 40 in all

    # The penalties open with the keyboard too: Enter on their summary.
    tab_to(page, "details.penalties summary")
    expect_focus_ring(page)
    page.keyboard.press("Enter")
    expect(page.locator("details.penalties").first).to_have_attribute("open", "")
    tab_to(page, "#deal-form button.big")
    expect_focus_ring(page)
    page.keyboard.press("Space")

    expect(page.locator(DEAL_ROWS)).to_have_count(1)
    assert [d.entry for d in Deal.objects.filter(match=match)] == [{**BUSCA_DEAL, "dealer": "Anna"}]
    expect(page.locator("#announce")).to_have_text(
        "Deal 1 saved: Anna 5 busche, Bruno 0 busche, Carla 0 busche, Dario 0 busche. Anna deals next."
    )
    # The focus is back in the new form, ready for the next deal.
    expect(page.locator("#id_points_0")).to_be_focused()


def test_whist_taps_and_the_card_picker_show_the_keyboard_focus(
    alices_page: Page, alice: User, players: list[Player]
) -> None:
    page = alices_page
    page.goto(new_match(alice, "whist", players).get_absolute_url())
    tab_to(page, ".tap input")
    expect_focus_ring(page)
    page.keyboard.press("ArrowRight")  # radios: arrows move and choose
    expect(page.locator('.tricks input[value="1"]')).to_be_checked()
    expect_focus_ring(page)

    page.goto(new_match(alice, "mambassa", players).get_absolute_url())
    tab_to(page, "label.pick-quick input")
    page.keyboard.press("ArrowRight")
    expect(page.locator("label.pick-cards input")).to_be_checked()
    expect(page.locator(".picker")).to_be_visible()
    tab_to(page, "button.pick")
    expect_focus_ring(page)
    page.keyboard.press("Enter")
    expect(page.locator("#id_hand_0")).not_to_have_value("")


@pytest.mark.parametrize("game", ["busca-000", "mambassa", "whist"])
def test_every_target_on_the_match_page_is_at_least_48_px(
    alices_page: Page, alice: User, players: list[Player], game: str
) -> None:
    page = alices_page
    deals: dict[str, list[dict[str, Any]]] = {
        "busca-000": [BUSCA_DEAL],
        "mambassa": [{"payers": ["Bruno"]}],
        "whist": [],
    }
    page.goto(new_match(alice, game, players, deals[game]).get_absolute_url())
    page.evaluate("document.querySelectorAll('details').forEach((d) => d.open = true)")

    assert small_targets(page) == [], small_targets(page)
    if game == "mambassa":
        page.locator("#deal-form label.pick-cards").click()
        expect(page.locator(".picker")).to_be_visible()
        assert small_targets(page) == []


@pytest.mark.parametrize("game", ["busca-000", "mambassa", "whist"])
def test_the_match_page_fits_the_phone_with_text_at_twice_its_size(
    alices_page: Page, alice: User, players: list[Player], game: str
) -> None:
    page = alices_page
    page.goto(new_match(alice, game, players).get_absolute_url())
    body = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")

    page.evaluate("document.documentElement.style.fontSize = '200%'")  # the phone's text size at 200 %

    assert page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)") == 2 * body
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport(page)["width"]
    screenshot(page, f"big-text-{game}.png")


@pytest.mark.parametrize("game", ["busca-000", "mambassa", "whist"])
def test_dark_mode_follows_the_system_on_the_match_page_and_its_drawing(
    alices_page: Page, alice: User, players: list[Player], game: str
) -> None:
    page = alices_page
    page.emulate_media(color_scheme="dark")
    page.goto(new_match(alice, game, players, [BUSCA_DEAL] if game == "busca-000" else []).get_absolute_url())

    luminance = """(colour) => {
      const [r, g, b] = colour.match(/[\\d.]+/g).slice(0, 3).map(Number);
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    }"""
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    ink = page.evaluate("getComputedStyle(document.body).color")
    paper = page.evaluate("getComputedStyle(document.querySelector('svg .paper')).fill")
    name = "getComputedStyle(document.querySelector('svg text.name, svg text.pair-name')).fill"
    pencil = page.evaluate(name)
    assert page.evaluate(luminance, background) < 0.2
    assert page.evaluate(luminance, ink) > 0.8
    assert page.evaluate(luminance, paper) < 0.2  # the drawing's paper is dark too
    assert page.evaluate(luminance, pencil) > 0.8
    screenshot(page, f"dark-{game}.png")


WAKE_LOCK_STUB = """
window.__wake = [];
Object.defineProperty(navigator, 'wakeLock', {value: {request: (type) => {
  window.__wake.push(type);
  const sentinel = new EventTarget();
  sentinel.release = () => { window.__wake.push('released'); sentinel.dispatchEvent(new Event('release')); };
  return Promise.resolve(sentinel);
}}});
"""


def test_the_screen_stays_awake_during_a_match_and_not_after_it(
    alices_page: Page, alice: User, players: list[Player]
) -> None:
    page = alices_page
    page.add_init_script(WAKE_LOCK_STUB)
    playing = new_match(alice, "busca-000", players)
    over = new_match(alice, "busca-000", players, [{"points": [34, 2, 2, 2]}] * 2)

    page.goto(playing.get_absolute_url())
    expect(page.locator("html")).to_have_attribute("data-awake", "true")
    assert page.evaluate("window.__wake") == ["screen"]

    page.goto(over.get_absolute_url())
    page.wait_for_load_state("load")
    assert page.evaluate("window.__wake") == []


def test_a_page_without_wake_lock_works_all_the_same(
    alices_page: Page, alice: User, players: list[Player]
) -> None:
    page = alices_page
    page.add_init_script("delete Navigator.prototype.wakeLock")
    page.goto(new_match(alice, "busca-000", players).get_absolute_url())
    expect(page.locator("#deal-form")).to_be_visible()  # and no script error (the page fixture checks)


def test_the_entry_panel_turns_for_the_player_opposite_and_stays_turned_after_a_deal(
    alices_page: Page, alice: User, players: list[Player]
) -> None:
    page = alices_page
    match = new_match(alice, "busca-000", players)
    page.goto(match.get_absolute_url())
    turn = page.get_by_role("button", name="Turn for the player opposite")
    expect(turn).to_have_attribute("aria-pressed", "false")

    turn.click()

    expect(page.locator("#entry")).to_have_class(re.compile(r"\bturned\b"))
    expect(turn).to_have_attribute("aria-pressed", "true")
    for seat, value in enumerate((25, 8, 5)):
        page.fill(f"#id_points_{seat}", str(value))
    page.locator("#deal-form button.big").click()
    expect(page.locator(DEAL_ROWS)).to_have_count(1)
    expect(page.locator("#entry")).to_have_class(re.compile(r"\bturned\b"))
    expect(page.locator("#id_points_0")).not_to_be_focused()  # a tap: no keyboard popping up
    screenshot(page, "turned-entry.png")

    page.get_by_role("button", name="Turn for the player opposite").click()
    expect(page.locator("#entry")).not_to_have_class(re.compile(r"\bturned\b"))


# Tap "Save deal", then read the new sheet as htmx leaves it, before the browser draws a frame:
# what the first frame after the save shows.
SAVE_AND_READ_THE_FIRST_FRAME = """
() => new Promise((resolve) => {
  const swap = new MutationObserver(() => {
    if (!document.querySelector('.deal-table tbody tr')) return;
    swap.disconnect();
    const cross = document.querySelector('#live-top svg').getBoundingClientRect();
    resolve({
      open_covers: document.querySelectorAll('#deal-form [data-cover]:not([hidden])').length,
      cross: [cross.top, cross.bottom],
    });
  });
  swap.observe(document.body, { childList: true, subtree: true });
  document.querySelector('#deal-form button.big').click();
})
"""


def test_a_deal_saved_at_the_foot_of_the_form_shows_the_new_cross_in_the_first_frame(
    alices_page: Page, alice: User, players: list[Player]
) -> None:
    page = alices_page
    page.goto(new_match(alice, "busca-000", players).get_absolute_url())
    for seat, value in enumerate((25, 8, 5)):
        page.fill(f"#id_points_{seat}", str(value))
    save = page.locator("#deal-form button.big")
    save.scroll_into_view_if_needed()  # a thumb taps what it sees: the cross is out of sight above
    assert box(save)["y"] > 0 > box(page.locator("#live-top svg"))["y"]

    drawn = page.evaluate(SAVE_AND_READ_THE_FIRST_FRAME)

    # Not the new form with every player's cover question open, at the old scroll position, put
    # right a frame later: the form as it stays, and the cross in view.
    assert drawn["open_covers"] == 0
    top, bottom = drawn["cross"]
    assert 0 <= top < bottom <= viewport(page)["height"]
    # All of it: none under the sticky top bar, two rows tall on a phone.
    assert box(page.locator(".topbar"))["height"] <= top


def test_the_drawing_turns_so_the_phones_holder_sits_at_the_bottom(
    alices_page: Page, alice: User, players: list[Player]
) -> None:
    page = alices_page
    match: Match = new_match(alice, "busca-000", players, [BUSCA_DEAL])
    page.goto(match.get_absolute_url())
    bottom_arm = """() => Array.from(document.querySelectorAll('svg.cross g.arm')).find(
      (arm) => { const line = arm.ownerSVGElement.querySelectorAll('line.axis')[arm.dataset.seat];
                 return +line.getAttribute('y2') > +line.getAttribute('y1') + 1; }).dataset.seat"""
    assert page.evaluate(bottom_arm) == "0"

    page.select_option("#holder", label="Carla")
    with page.expect_navigation():  # a plain form: the page is drawn anew, turned
        page.get_by_role("button", name="Turn", exact=True).click()

    assert page.evaluate(bottom_arm) == "2"
    page.goto(match.get_absolute_url())  # remembered on this phone
    assert page.evaluate(bottom_arm) == "2"
    expect(page.locator("#holder")).to_have_value("2")


def test_a_required_choice_left_empty_is_shown_below_the_sticky_top_bar_not_under_it(
    alices_page: Page, alice: User, players: list[Player]
) -> None:
    page = alices_page
    page.goto(new_match(alice, "whist", players).get_absolute_url())
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    tricks = page.locator("#deal-form .tap-grid.tricks")
    bar = box(page.locator(".topbar"))
    below_bar = bar["y"] + bar["height"]
    assert box(tricks)["y"] < below_bar  # out of sight, above or under the bar
    scrolled = page.evaluate("window.scrollY")

    # No tricks chosen: the browser brings the first choice into view to ask for it.
    page.locator("#deal-form button.big").click()

    page.wait_for_function(f"() => window.scrollY < {scrolled}")
    assert box(tricks)["y"] >= below_bar
