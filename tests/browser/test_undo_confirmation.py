"""Undo of an old change in a finished match, on a phone, in Italian: the page says what it will do
and asks first; the message after says what was undone."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from matches import services
from matches.models import Player

from .flows import screenshot, sign_up

pytestmark = pytest.mark.browser
ANNA_34 = {"points": [34, 2, 2, 2]}  # 14 busche: two of these end a busca-000 match


def test_undoing_deal_1_of_a_finished_match_says_so_in_italian_and_asks_first(page: Page) -> None:
    sign_up(page)
    alice = User.objects.get(username="alice")
    players = [Player.objects.create(owner=alice, name=name) for name in ("Anna", "Bruno", "Carla", "Dario")]
    match = services.match_create(
        owner=alice, game="busca-000", options={"stake": 1}, players=players, first_dealer=0
    )
    for entry in (ANNA_34, {"points": [10, 10, 10, 10]}, ANNA_34):
        services.deal_record(match=match, entry=entry, author=alice)
    page.goto(f"/matches/{match.pk}/")
    page.locator(".topbar form.lang").get_by_role("button", name="IT", exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", "it")

    page.locator("#changes summary").click()
    row = page.locator("ol.changes > li").filter(has_text="Smazzata 1 inserita")
    row.get_by_role("button", name="Annulla").click()

    expect(page.locator("h2")).to_have_text("Annullare «Smazzata 1 inserita»?")
    expect(page.locator("ul.undo-effects li")).to_have_text(
        [
            "Così si cancella la smazzata 1 e si rinumerano le smazzate 2–3.",
            "La partita è finita: così si riapre.",
            "Cambiano i conti della partita.",
        ]
    )
    confirm = page.get_by_role("button", name="Sì, annullate")
    keep = page.get_by_role("link", name="No, lasciate com'è")
    expect(confirm).to_be_in_viewport()
    expect(keep).to_be_in_viewport()
    # Nothing runs past the phone's width.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "undo-confirmation-it.png")

    confirm.click()

    expect(page).to_have_url(re.compile(rf"/matches/{match.pk}/#change-log$"))  # back at the change log
    expect(page.locator("ul.messages")).to_have_text("Annullato: smazzata 1 inserita. Partita riaperta.")
    assert match.deals.count() == 2
