"""What a screen reader says at the moments that matter: the end of a match, a correction, an undo.

A live-region recorder (RECORDER) notes what Chromium would have a screen reader announce: the
text of a live region (aria-live, role=status or alert) each time it changes after it was on the
page. A region that arrives already filled says nothing, as with a real screen reader, and is not
noted. Each test has the phone that acts and a viewer's phone, which follows by the live check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from matches import services
from matches.access import invite_create
from matches.models import Match, Player

from .conftest import PHONE
from .flows import SAVE_DEAL, SAVE_MAMBASSA_DEAL, fill_points, screenshot, tap_deal, tap_payers
from .test_accessibility import log_in

pytestmark = pytest.mark.browser

ANNA_34 = {"points": [34, 2, 2, 2]}  # 14 busche: two of these end a busca-000 match
EVEN = {"points": [10, 10, 10, 10]}
TREBLE = {"tricks": [9, 4], "honours": [3, 1]}  # Anna & Carla 5 to 0: a game worth 3

# Installed before any script of the page: each live region's new text, as it changes.
RECORDER = """
(() => {
  const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
  const known = new WeakSet();
  const note = () => document.querySelectorAll(LIVE).forEach((region) => known.add(region));
  window.__spoken = [];
  const heard = new MutationObserver((mutations) => {
    const changed = new Set();
    for (const mutation of mutations) {
      const node = mutation.target.nodeType === 1 ? mutation.target : mutation.target.parentElement;
      const region = node && node.closest(LIVE);
      if (region && known.has(region)) changed.add(region);  // there before this change
    }
    changed.forEach((region) => {
      const text = region.textContent.replace(/\\s+/g, " ").trim();
      if (text) window.__spoken.push(text);
    });
    note();
  });
  document.addEventListener("DOMContentLoaded", () => {
    note();
    heard.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
})();
"""

HEARD = "(start) => window.__spoken.some((said) => said.startsWith(start))"


def heard(phone: Page, start: str) -> str:
    """What the phone read out that begins with ``start``, once it has (waits for it)."""
    phone.wait_for_function(HEARD, arg=start)
    said: list[str] = phone.evaluate("(start) => window.__spoken.filter((s) => s.startsWith(start))", start)
    assert len(said) == 1, said  # read out once
    return said[0]


@pytest.fixture
def owner(page: Page, live_server: Any, alice: User) -> Page:
    """Alice's phone, the match's owner, with the recorder."""
    log_in(page, live_server, alice)
    page.add_init_script(RECORDER)
    return page


@pytest.fixture
def viewer(browser: Browser, live_server: Any) -> Iterator[Callable[..., Page]]:
    """Open a viewer's phone on a match by its viewer link: a browser context of its own, with the
    recorder; a JavaScript error on it fails the test."""
    contexts, errors = [], []

    def open_phone(match: Match, language: str = "en") -> Page:
        locale = {"en": "en-GB", "it": "it-IT"}[language]
        context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale=locale)
        context.set_default_timeout(10_000)
        contexts.append(context)
        phone = context.new_page()
        phone.on("pageerror", lambda error: errors.append(str(error)))
        phone.add_init_script(RECORDER)
        phone.goto(reverse("join", args=[invite_create(match=match, role="viewer").token]))
        phone.fill("#id_name", "Carla")
        phone.locator("form button[type=submit]").click()
        expect(phone.locator("#sheet")).to_be_visible()
        expect(phone.locator("html")).to_have_attribute("lang", language)
        return phone

    yield open_phone
    for context in contexts:
        context.close()
    if errors:
        pytest.fail("JavaScript errors on the viewer's phone:\n" + "\n".join(errors), pytrace=False)


def made(alice: User, players: list[Player], game: str, deals: list[dict[str, Any]], **options: Any) -> Match:
    match = services.match_create(owner=alice, game=game, options=options, players=players, first_dealer=0)
    for entry in deals:
        services.deal_record(match=match, entry=entry, author=alice)
    match.refresh_from_db()
    return match


def in_italian(phone: Page) -> None:
    phone.locator(".topbar form.lang").get_by_role("button", name="IT", exact=True).click()
    expect(phone.locator("html")).to_have_attribute("lang", "it")


# -- 1. The end of a match -------------------------------------------------------------------------


def test_the_deal_that_ends_a_busca_match_says_who_lost_and_who_pays_whom_and_brings_the_focus_to_it(
    owner: Page, viewer: Callable[..., Page], alice: User, players: list[Player]
) -> None:
    match = made(alice, players, "busca-000", [ANNA_34], stake=3)
    follower = viewer(match)
    owner.goto(match.get_absolute_url())

    fill_points(owner, [34, 2, 2, 2])
    owner.locator("#id_points_2").press("Enter")  # saved from the keyboard

    over = "Match over: Anna loses; Anna pays Bruno, Carla and Dario €1.00 each."
    assert heard(owner, "Deal 2 saved:") == (
        f"Deal 2 saved: Anna 14 busche, Bruno 0 busche, Carla 0 busche, Dario 0 busche. {over}"
    )
    # Not left on <body> with the entry form gone: on the result, which reads it again.
    result = owner.locator("#result")
    expect(result).to_be_focused()
    expect(result).to_contain_text("Match over after deal 2")
    screenshot(owner, "spoken-busca-over.png")

    assert heard(follower, "The sheet changed.") == (
        f"The sheet changed. Deal 2: Anna 14 busche, Bruno 0 busche, Carla 0 busche, Dario 0 busche. {over}"
    )
    expect(follower.locator("#result")).to_be_focused()


def test_the_deal_that_ends_a_mambassa_game_says_who_takes_the_pot_in_italian(
    owner: Page, viewer: Callable[..., Page], alice: User, players: list[Player]
) -> None:
    match = made(alice, players, "mambassa", [{"payers": ["Bruno"]}, {"payers": ["Carla"]}], lives=1, stake=1)
    follower = viewer(match, "it")
    owner.goto(match.get_absolute_url())
    in_italian(owner)

    tap_payers(owner, "Dario")
    owner.click(SAVE_MAMBASSA_DEAL)

    # Each brought two tokens at 1,00 €: Anna, the last left, takes the six of the others.
    over = "Partita finita: Anna prende il piatto; Bruno, Carla e Dario pagano 2,00 € a testa a Anna."
    assert heard(owner, "Smazzata 3 salvata:") == f"Smazzata 3 salvata: Paga Dario. Dario è fuori. {over}"
    expect(owner.locator("#result")).to_be_focused()
    assert heard(follower, "Il foglio è cambiato.") == (
        f"Il foglio è cambiato. Smazzata 3: Paga Dario. Dario è fuori. {over}"
    )
    expect(follower.locator("#result")).to_be_focused()


def test_the_deal_that_wins_the_rubber_says_who_pays_and_no_money_without_a_stake(
    owner: Page, viewer: Callable[..., Page], alice: User, players: list[Player]
) -> None:
    match = made(alice, players, "whist", [TREBLE])
    follower = viewer(match, "it")
    owner.goto(match.get_absolute_url())

    tap_deal(owner, 9, 3)
    owner.click(SAVE_DEAL)

    # Two trebles and the rubber's 2: 8 points to 0, no stake.
    assert heard(owner, "Deal 2 saved:").endswith(
        "Anna & Carla win the game. Match over: Anna & Carla win the rubber; Bruno & Dario pay 8 points."
    )
    expect(owner.locator("#result")).to_be_focused()
    assert heard(follower, "Il foglio è cambiato.").endswith(
        "Partita finita: Anna & Carla vincono il rubber; Bruno & Dario pagano 8 punti."
    )
    expect(follower.locator("#result")).to_be_focused()


def test_a_viewer_whose_focus_is_elsewhere_keeps_it_and_hears_the_end(
    owner: Page, viewer: Callable[..., Page], alice: User, players: list[Player]
) -> None:
    match = made(alice, players, "busca-000", [ANNA_34])
    follower = viewer(match)
    holder = follower.locator("#holder")
    holder.focus()
    owner.goto(match.get_absolute_url())

    fill_points(owner, [34, 2, 2, 2])
    owner.click(SAVE_DEAL)

    # No stake: nobody pays anything.
    assert heard(follower, "The sheet changed.").endswith("Match over: Anna loses.")
    expect(holder).to_be_focused()


# -- 4. A correction and an undo: a page load ------------------------------------------------------


def test_a_correction_is_said_after_the_page_loads_with_the_focus_back_on_its_deal(
    owner: Page, viewer: Callable[..., Page], alice: User, players: list[Player]
) -> None:
    match = made(alice, players, "busca-000", [ANNA_34, EVEN], stake=3)
    follower = viewer(match)
    owner.goto(match.get_absolute_url())

    owner.locator("#deal-2").click()
    for seat, value in enumerate((34, 2, 2, 2)):
        owner.fill(f"#id_points_{seat}", str(value))
    owner.click(SAVE_DEAL)

    # The correction ends the match: that is said too.
    said = (
        "Deal 2 corrected: Anna 14 busche, Bruno 0 busche, Carla 0 busche, Dario 0 busche. "
        "Match over: Anna loses; Anna pays Bruno, Carla and Dario €1.00 each."
    )
    assert heard(owner, "Deal 2 corrected:") == said
    expect(owner.locator(".messages")).to_have_text(said)  # what the page shows, too
    expect(owner.locator("#deal-2")).to_be_focused()  # where the correction started
    screenshot(owner, "spoken-corrected.png")

    assert heard(follower, "The sheet changed.") == f"The sheet changed. {said}"
    expect(follower.locator("#result")).to_be_focused()


def test_an_undo_says_what_it_took_back_in_italian_with_the_focus_back_on_the_change_log(
    owner: Page, viewer: Callable[..., Page], alice: User, players: list[Player]
) -> None:
    match = made(alice, players, "busca-000", [ANNA_34, ANNA_34], stake=1)
    follower = viewer(match, "it")
    owner.goto(match.get_absolute_url())
    in_italian(owner)

    owner.locator("#changes summary").click()
    owner.locator("ol.changes > li").filter(has_text="Smazzata 2 inserita").get_by_role("button").click()
    owner.get_by_role("button", name="Sì, annullate").click()  # it deletes the deal: asked first

    assert heard(owner, "Annullato:") == "Annullato: smazzata 2 inserita. Partita riaperta."
    changes = owner.locator("#changes")
    expect(changes).to_have_attribute("open", "")
    expect(changes.locator("summary")).to_be_focused()
    assert heard(follower, "Il foglio è cambiato.") == (
        "Il foglio è cambiato. Annullato: smazzata 2 inserita. Partita riaperta."
    )

    # Redone: the match is over again, and that is said with it.
    owner.get_by_role("button", name="Rifai: Smazzata 2 cancellata").click()
    owner.get_by_role("button", name="Sì, annullate").click()
    again = (
        "Annullato: smazzata 2 cancellata. Partita finita: perde Anna; "
        "Anna paga 0,34 € a Bruno, 0,33 € a Carla e 0,33 € a Dario."
    )
    assert heard(owner, "Annullato: smazzata 2 cancellata.") == again
    expect(owner.locator("#changes summary")).to_be_focused()
    follower.wait_for_function(HEARD, arg=f"Il foglio è cambiato. {again}")
    expect(follower.locator("#result")).to_be_focused()
