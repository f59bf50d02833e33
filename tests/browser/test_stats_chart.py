"""A Mambassa chart at the table: each player's line told apart by its dash, marker and legend."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from matches import services
from matches.models import Player

from .flows import box, screenshot, sign_up

pytestmark = pytest.mark.browser

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]


def test_a_mambassa_chart_draws_lines_side_by_side_with_a_legend(page: Page) -> None:
    sign_up(page)
    owner = User.objects.get(username="alice")
    players = [Player.objects.create(owner=owner, name=name) for name in NAMES]
    match = services.match_create(
        owner=owner, game="mambassa", options={"lives": 3}, players=players, first_dealer=0
    )
    for payers in (["Bruno"], ["Carla"], ["Bruno", "Dario"], ["Elena"], ["Bruno"]):
        services.deal_record(match=match, entry={"payers": payers}, author=owner)

    page.goto(f"/matches/{match.pk}/chart/")

    legend = page.locator(".chart-legend li")
    expect(legend).to_have_count(6)
    expect(legend).to_have_text(["Anna 3", "Bruno 0", "Carla 2", "Dario 2", "Elena 2", "Fabio 3"])
    for sample in legend.locator("svg").all():
        assert box(sample)["width"] > 20  # a visible sample of the line
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "mambassa-chart.png")
