"""A club of three accounts plays an evening on three phones, in English and in Italian.

alice makes the club; bob joins by its link, carla by its code; alice makes bob a scorer. They say
"This is me" on the roster, alice starts an evening and a Busca match and saves its rules as the
club's; bob enters the deals while carla's phone follows the sheet. Then everyone reads the season's
leaderboard and a rating chart, bob starts the rematch, and carla downloads the club's history.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Browser, BrowserContext, Page, expect

from matches.models import Club, Match, Player, RuleSet

from .conftest import PHONE
from .flows import DEAL_ROWS, SAVE_DEAL, screenshot

PASSWORD = "a-long-pass-phrase-7"


@pytest.fixture
def phones(browser: Browser, live_server: Any, transactional_db: Any) -> Iterator[dict[str, Any]]:
    """Three phones, each a browser of its own at 390×844, with its account."""
    contexts: list[BrowserContext] = []

    def phone(name: str, language: str) -> Page:
        User.objects.create_user(name, password=PASSWORD)
        context = browser.new_context(
            viewport=PHONE,
            base_url=live_server.url,
            locale=language,
            extra_http_headers={"Accept-Language": language},
        )
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto("/accounts/login/")
        page.fill("#id_username", name)
        page.fill("#id_password", PASSWORD)
        page.locator("main form button[type=submit]").click()
        expect(page).not_to_have_url(re.compile(r"/login/"))
        page.errors = errors  # type: ignore[attr-defined]
        return page

    yield {"phone": phone}
    for context in contexts:
        for page in context.pages:
            assert not page.errors, page.errors  # type: ignore[attr-defined]
        context.close()


def said(language: str, text: str) -> str:
    with translation.override(language):
        return gettext(text)


def post_in(page: Page, action: str) -> None:
    """Tap the button of the form that posts to ``action``."""
    page.locator(f"form[action='{action}'] button[type=submit]").first.click()


def enter_deal(page: Page, number: int, points: list[int]) -> None:
    for seat, value in enumerate(points[:3]):
        page.fill(f"#id_points_{seat}", str(value))
    expect(page.locator("#id_points_3")).to_have_value(str(points[3]))
    page.click(SAVE_DEAL)
    expect(page.locator(DEAL_ROWS)).to_have_count(number)


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_club_of_three_plays_an_evening_reads_its_ratings_and_plays_again(
    phones: dict[str, Any], language: str
) -> None:
    alice, bob, carla = (phones["phone"](name, language) for name in ("alice", "bob", "carla"))

    # alice makes the club, and is looking at it.
    alice.goto("/clubs/")
    alice.fill("#id_name", "Circolo del Ponte")
    post_in(alice, "/clubs/new/")
    club = Club.objects.get(name="Circolo del Ponte")
    expect(alice.locator("[data-testid=club-code]")).to_have_text(club.code)
    expect(alice.locator(".topbar .club-name")).to_contain_text("Circolo del Ponte")

    # bob opens its link, carla types its code.
    bob.goto(f"/clubs/join/{club.join_token}/")
    expect(bob.locator("h1")).to_contain_text("Circolo del Ponte")
    bob.locator("main form button[type=submit]").click()
    expect(bob.locator(".topbar .club-name")).to_contain_text("Circolo del Ponte")
    carla.goto("/clubs/")
    carla.fill("#id_code", club.code.lower())
    post_in(carla, "/clubs/join/")
    expect(carla.locator(".topbar .club-name")).to_contain_text("Circolo del Ponte")

    # alice makes bob a scorer; the roster, and who is who.
    alice.reload()
    bobs = club.memberships.get(user__username="bob")
    alice.select_option(f"#role-{bobs.pk}", "scorer")
    post_in(alice, f"/clubs/{club.pk}/members/{bobs.pk}/")
    expect(alice.locator(f"#role-{bobs.pk}")).to_have_value("scorer")
    alice.goto("/players/")
    for name in ("Anna", "Bruno", "Carla", "Dario"):
        alice.fill('input[name="name"]', name)
        alice.locator("form.inline-add button[type=submit]").click()
        expect(alice.locator("ul.list .name").filter(has_text=re.compile(rf"^{name}$"))).to_be_visible()
    for page, name in ((alice, "Anna"), (bob, "Bruno"), (carla, "Carla")):
        player = Player.objects.get(club=club, name=name)
        page.goto("/players/")
        post_in(page, f"/players/{player.pk}/me/")
        expect(page.locator("small.me")).to_have_count(1)
    linked = Player.objects.filter(account__isnull=False).values_list("name", "account__username")
    assert dict(linked) == {
        "Anna": "alice",
        "Bruno": "bob",
        "Carla": "carla",
    }

    # alice starts the evening and its first match, and saves its rules as the club's.
    alice.goto("/evenings/")
    for name in ("Anna", "Bruno", "Carla", "Dario"):
        alice.locator("label.chip").filter(has_text=name).locator("input").check()
    alice.locator("main form.stack button[type=submit]").click()
    expect(alice).to_have_url(re.compile(r"/evenings/\d+/$"))
    evening = alice.url.rstrip("/").rsplit("/", 1)[1]
    alice.goto(f"/matches/new/?game=busca-000&evening={evening}")
    for seat, name in enumerate(("Anna", "Bruno", "Carla", "Dario")):
        alice.select_option(f"#id_seat_{seat}", label=name)
    alice.locator("#match-form button[type=submit]").last.click()
    expect(alice).to_have_url(re.compile(r"/matches/\d+/$"))
    match = Match.objects.get()
    alice.goto(f"/matches/{match.pk}/rules/")
    alice.fill("#save-rules-form input[name=name]", "Le nostre regole")
    alice.locator("#save-rules-form button[type=submit]").click()
    expect(alice.locator(".messages")).to_contain_text("Le nostre regole")
    assert RuleSet.objects.get(club=club).options == match.options

    # bob enters the deals; carla's phone follows; the third ends the match (Anna and Bruno over 10).
    bob.goto(f"/matches/{match.pk}/")
    carla.goto(f"/matches/{match.pk}/")
    expect(carla.locator("#deal-form")).to_have_count(0)  # a member follows, enters nothing
    for number, points in enumerate(([31, 4, 3, 2], [5, 30, 3, 2], [8, 21, 6, 5]), start=1):
        enter_deal(bob, number, points)
        expect(carla.locator(DEAL_ROWS)).to_have_count(number)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    expect(carla.locator("form.next-match")).to_have_count(0)  # no rematch for a member

    # The season's leaderboard: the winners first, on every phone.
    for page in (alice, bob, carla):
        page.goto("/ratings/")
        expect(page.locator("h1")).to_have_text(said(language, "Ratings"))
        expect(page.locator("th[scope=row]")).to_have_count(4)
        assert sorted(page.locator("th[scope=row]").all_inner_texts()[:2]) == ["Carla", "Dario"]
    carla.locator("th[scope=row] a").filter(has_text="Carla").click()
    expect(carla.locator("svg.line-chart[role=img]")).to_be_visible()
    expect(carla.locator("ol.moves li")).to_have_count(1)
    expect(carla.locator("ol.moves li")).to_contain_text("Anna")
    screenshot(carla, f"club-rating-{language}.png")

    # bob starts the rematch from the finished match: the same seats and the club's rules.
    bob.goto(f"/matches/{match.pk}/")
    bob.locator("form.next-match button[type=submit]").click()
    expect(bob).to_have_url(re.compile(r"/matches/\d+/$"))
    rematch = Match.objects.exclude(pk=match.pk).get()
    assert [s.player.name for s in rematch.seats.order_by("position")] == ["Anna", "Bruno", "Carla", "Dario"]
    assert rematch.options == RuleSet.objects.get(club=club).options
    assert rematch.evening_id == match.evening_id
    expect(bob.locator("#deal-form")).to_be_visible()
    alice.goto("/matches/new/?game=busca-000")
    expect(alice.locator("a.chip").filter(has_text="Le nostre regole")).to_be_visible()

    # carla downloads the club's history: a document for each match, and the spreadsheet.
    carla.goto(f"/clubs/{club.pk}/")
    with carla.expect_download() as download:
        carla.locator("a[href='/club/export.zip']").first.click()
    archive = zipfile.ZipFile(io.BytesIO(open(download.value.path(), "rb").read()))  # noqa: SIM115
    names = archive.namelist()
    assert len([n for n in names if n.endswith(".json")]) == 2
    assert "club.xlsx" in names
    screenshot(alice, f"club-new-match-{language}.png")
