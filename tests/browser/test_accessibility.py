"""Every page passes axe-core with nothing serious or critical, in light and in dark mode.

The pages are listed by who opens them: anyone, the owner of the matches, a phone that
follows a match by its link. Forms are also checked while they show their errors. A page
added to the app is one line in one of the lists below.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from typing import Any, Literal

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Page, expect

from matches import services
from matches.access import invite_create
from matches.models import Evening, Match, Player

from .flows import PASSWORD, type_over

pytestmark = pytest.mark.browser

AXE = Axe()
# WCAG 2.2 A and AA (which bring the tap target size) and axe's best practices.
RULES = {"runOnly": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]}
SERIOUS = ("serious", "critical")
SCHEMES: tuple[Literal["light", "dark"], ...] = ("light", "dark")

BUSCA_DEAL = {"points": [25, 8, 5, 2]}
ANNA_34 = {"points": [34, 2, 2, 2]}  # two of these end a busca-000 match


def violations(page: Page) -> list[str]:
    """axe's serious and critical findings on the page as it is now, one readable line each."""
    found = AXE.run(page, options=RULES).response["violations"]
    if os.environ.get("AXE_ALL"):  # AXE_ALL=1 pytest -s …: every finding, the minor ones too
        print("AXE", page.url, [(r["id"], r["impact"], len(r["nodes"])) for r in found])
    lines = []
    for rule in found:
        if rule["impact"] not in SERIOUS:
            continue
        for node in rule["nodes"]:
            where = " ".join(str(t) for t in node["target"])
            why = node.get("failureSummary", "").replace("\n", " ")
            lines.append(f"[{rule['impact']}] {rule['id']}: {rule['help']}\n    at {where}\n    {why}")
    return lines


class Audit:
    """Collects the findings of every page, in both colour schemes, and reports them all at once."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.found: list[str] = []
        self.checked: list[str] = []

    def check(self, name: str) -> None:
        """Audit the page as it stands (already loaded), in light and in dark mode."""
        for scheme in SCHEMES:
            # Without motion: a colour half-way through its transition to the new scheme is not the page's.
            self.page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
            for line in violations(self.page):
                self.found.append(f"{name} ({scheme}, {self.page.url}):\n  {line}")
        self.page.emulate_media(color_scheme="light")
        self.checked.append(name)

    def visit(self, urls: Iterable[str]) -> None:
        for url in urls:
            self.page.goto(url)
            self.check(url)

    def assert_clean(self) -> None:
        assert self.checked
        assert not self.found, f"{len(self.found)} serious or critical axe findings:\n\n" + "\n\n".join(
            self.found
        )


def log_in(page: Page, live_server: Any, user: User) -> None:
    """Give the browser alice's session, as if she had logged in on it."""
    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )


def new_match(owner: User, game: str, players: list[Player], deals: Iterable[dict[str, Any]] = ()) -> Match:
    match = services.match_create(owner=owner, game=game, options={}, players=players, first_dealer=0)
    for entry in deals:
        services.deal_record(match=match, entry=entry, author=owner)
    match.refresh_from_db()
    return match


@pytest.fixture
def audit(page: Page) -> Audit:
    return Audit(page)


@pytest.fixture
def tables(alice: User, players: list[Player]) -> dict[str, Match]:
    """One match of each game under way, and a finished Busca match, in an evening."""
    evening = Evening.objects.create(owner=alice, date="2026-11-28", place="Da Carla", public_token="x" * 40)
    evening.players.set(players)
    made = {
        "busca": new_match(alice, "busca-000", players, [BUSCA_DEAL]),
        "busca-over": new_match(alice, "busca-000", players, [ANNA_34, ANNA_34]),
        "mambassa": new_match(alice, "mambassa", players, [{"payers": ["Bruno"]}]),
        "whist": new_match(alice, "whist", players, [{"tricks": [9, 4], "honours": [3, 1]}]),
    }
    for match in made.values():
        match.evening = evening
        match.save(update_fields=["evening"])
    return made


# The owner's pages; each function of a match gives its URL. New pages: one line here.
OWNER_PAGES: tuple[Callable[[dict[str, Match], list[Player]], str], ...] = (
    lambda t, p: reverse("match_list"),
    lambda t, p: reverse("player_list"),
    lambda t, p: reverse("player_rename", args=[p[0].pk]),
    lambda t, p: reverse("match_new") + "?game=busca-000",
    lambda t, p: reverse("match_new") + "?game=busca-003",
    lambda t, p: reverse("match_new") + "?game=mambassa",
    lambda t, p: reverse("match_new") + "?game=whist",
    lambda t, p: reverse("match_detail", args=[t["busca"].pk]),
    lambda t, p: reverse("match_detail", args=[t["busca-over"].pk]),
    lambda t, p: reverse("match_detail", args=[t["mambassa"].pk]),
    lambda t, p: reverse("match_detail", args=[t["whist"].pk]),
    lambda t, p: reverse("deal_edit", args=[t["busca"].pk, 1]),
    lambda t, p: reverse("deal_edit", args=[t["mambassa"].pk, 1]),
    lambda t, p: reverse("deal_edit", args=[t["whist"].pk, 1]),
    lambda t, p: reverse("match_rules", args=[t["busca"].pk]),
    lambda t, p: reverse("match_rules", args=[t["mambassa"].pk]),
    lambda t, p: reverse("match_rules", args=[t["whist"].pk]),
    lambda t, p: reverse("match_share", args=[t["busca"].pk]),
    lambda t, p: reverse("evening_list"),
    lambda t, p: reverse("evening_detail", args=[t["busca"].evening_id]),
    lambda t, p: reverse("match_print", args=[t["busca-over"].pk]),
    lambda t, p: reverse("match_print", args=[t["mambassa"].pk]),
    lambda t, p: reverse("match_print", args=[t["whist"].pk]),
    lambda t, p: reverse("match_chart", args=[t["busca"].pk]),
    lambda t, p: reverse("blank_sheets"),
    lambda t, p: reverse("blank_sheet", args=["busca-000"]),
    lambda t, p: reverse("blank_sheet", args=["mambassa"]),
    lambda t, p: reverse("blank_sheet", args=["whist"]),
    lambda t, p: reverse("stats"),
    lambda t, p: reverse("stats_player", args=[p[0].pk]),
    lambda t, p: reverse("stats_head_to_head") + f"?a={p[0].pk}&b={p[1].pk}",
)

ANONYMOUS_PAGES: tuple[Callable[[dict[str, Match]], str], ...] = (
    lambda t: reverse("home"),
    lambda t: reverse("signup"),
    lambda t: reverse("login"),
    lambda t: reverse("join", args=["no-such-link"]),
    lambda t: reverse("evening_public", args=["x" * 40]),
)


def test_the_pages_anyone_can_open_have_no_serious_accessibility_problem(
    page: Page, audit: Audit, tables: dict[str, Match]
) -> None:
    audit.visit(url(tables) for url in ANONYMOUS_PAGES)
    invite = invite_create(match=tables["busca"], role="viewer")
    audit.visit([reverse("join", args=[invite.token])])

    # The forms, showing their errors.
    page.goto(reverse("signup"))
    page.fill("#id_username", "carla")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD + "x")
    page.get_by_role("button", name="Sign up").click()
    expect(page.locator(".field.invalid")).not_to_have_count(0)
    audit.check("sign-up with passwords that differ")

    page.goto(reverse("login"))
    page.fill("#id_username", "nobody")
    page.fill("#id_password", "wrong-password")
    page.get_by_role("button", name="Log in").click()
    expect(page.locator("form .errorlist, form .error").first).to_be_visible()
    audit.check("log-in with a wrong password")

    page.goto(reverse("join", args=[invite.token]))
    page.locator("form button[type=submit]").click()
    audit.check("join without a name")
    audit.assert_clean()


def test_the_owners_pages_have_no_serious_accessibility_problem(
    page: Page, live_server: Any, audit: Audit, alice: User, players: list[Player], tables: dict[str, Match]
) -> None:
    log_in(page, live_server, alice)
    invite_create(match=tables["busca"], role="scorer")
    invite_create(match=tables["busca"], role="viewer")
    audit.visit(url(tables, players) for url in OWNER_PAGES)

    # A Busca deal whose points do not add up.
    page.goto(tables["busca"].get_absolute_url())
    for seat, value in enumerate((10, 10, 10)):
        page.fill(f"#id_points_{seat}", str(value))
    type_over(page, 3, 5)
    page.locator("#deal-form button.big").click()
    expect(page.locator("#deal-form .error").first).to_be_visible()
    audit.check("a Busca deal that does not add up")

    # Mambassa: the card picker, then the hands judged, then a deal without payers.
    page.goto(tables["mambassa"].get_absolute_url())
    page.locator("#deal-form label.pick-cards").click()
    expect(page.locator(".picker")).to_be_visible()
    page.locator('#deal-form button.picker-chip[data-seat="0"]').click()
    for code in ("1D", "2D", "3D"):
        page.locator(f'#deal-form button.pick[data-card="{code}"]').click()
    audit.check("the Mambassa card picker")
    page.locator("#deal-form label.pick-quick").click()
    page.locator("#deal-form button.primary").click()
    expect(page.locator("#deal-form .error").first).to_be_visible()
    audit.check("a Mambassa deal without payers")

    # Whist: a deal with nothing tapped (past the browser's own check of the required taps).
    page.goto(tables["whist"].get_absolute_url())
    page.evaluate("document.querySelector('#deal-form').noValidate = true")
    page.locator("#deal-form button.primary").click()
    expect(page.locator("#deal-form .error").first).to_be_visible()
    audit.check("a Whist deal with nothing tapped")

    # A new match with one player in two seats.
    page.goto(reverse("match_new") + "?game=busca-000")
    for seat, name in enumerate(("Anna", "Anna", "Carla", "Dario")):
        page.select_option(f"#id_seat_{seat}", label=name)
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".error").first).to_be_visible()
    audit.check("a new match with a player twice")

    # A player's name left empty, and a player added twice.
    page.goto(reverse("player_rename", args=[players[0].pk]))
    page.fill("#id_name", "Bruno")
    page.locator("form button[type=submit]").last.click()
    audit.check("renaming a player to another's name")
    audit.assert_clean()


def test_a_phone_following_by_link_has_no_serious_accessibility_problem(
    page: Page, audit: Audit, tables: dict[str, Match]
) -> None:
    for role in ("viewer", "scorer"):
        invite = invite_create(match=tables["mambassa"], role=role)
        page.goto(reverse("join", args=[invite.token]))
        page.fill("#id_name", "Elena")
        page.locator("form button[type=submit]").click()
        expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
        audit.check(f"a Mambassa game followed by a {role}")
    audit.assert_clean()
