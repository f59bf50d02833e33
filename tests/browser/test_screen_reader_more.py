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
from .test_accessibility import BUSCA_DEAL, OWNER_PAGES, log_in, new_match
from .test_accessibility import tables as tables  # a fixture: one match of each game, in an evening
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
    expect(said).to_have_text("Points over the deal's total: 80")
    expect(shown.locator("[data-over]")).to_be_visible()  # said so, not "still to assign: -80"
    expect(shown.locator("[data-left]")).to_be_hidden()


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
        reverse("stats_player", args=[match.seats.all()[0].player_id]),
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
    expect(page.locator("ol.transfers li.paid")).to_have_count(1)
    paid = Tree(page).one("ol.transfers li.paid button")
    assert (name(paid), state(paid, "pressed")) == (first, "true")

    in_italian(page)
    page.reload()
    italian = [name(n) for n in Tree(page).of("ol.transfers button")]
    assert all(re.fullmatch(r"Segnate pagato: \w+ paga \d+,\d\d\s€ a \w+", n) for n in italian), italian


# -- The phone's text at twice its size ----------------------------------------------------------

RUBBER = [  # a Whist rubber won 2 games to 1, with a few deals in each game
    {"tricks": [7, 6], "honours": [3, 1]},
    {"tricks": [6, 7], "honours": [1, 3]},
    {"tricks": [7, 6], "honours": [2, 2]},
    {"tricks": [8, 5], "honours": [2, 2]},
    {"tricks": [6, 7], "honours": [2, 2]},
    {"tricks": [7, 6], "honours": [2, 2]},
    {"tricks": [9, 4], "honours": [3, 1]},
]

# The size each element matching a selector is drawn at on the screen, in px: in a drawing, its font
# size times the drawing's scale (its viewBox units to the screen's pixels).
DRAWN_SIZES = """(selector) => [...document.querySelectorAll(selector)].filter(el => el.checkVisibility())
  .map(el => parseFloat(getComputedStyle(el).fontSize)
    * (el.closest('svg') ? el.closest('svg').getScreenCTM().a : 1))"""

# What a reader would see collide in a drawing: writing outside it, two pieces of writing on one
# another, writing across the lines of the cross or the lines of a chart. A text's box is its em box,
# less the empty top of it above the capitals (INK).
INK = """box => ({left: box.left, right: box.right, top: box.top + 0.15 * box.height, bottom: box.bottom})"""
CLASHES = """(selector) => {
  const svg = document.querySelector(selector);
  const frame = svg.getBoundingClientRect();
  const seen = el => el.checkVisibility() && el.getBoundingClientRect().width > 0;
  const ink = INK;
  const over = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
  const said = el => `${el.getAttribute('class') || 'text'} “${el.textContent.trim()}”`;
  const texts = [...svg.querySelectorAll('text')].filter(seen);
  const lines = [...svg.querySelectorAll('line.axis, path.strokes, path.groups, polyline')].filter(seen);
  const found = [];
  texts.forEach((text, i) => {
    const box = ink(text.getBoundingClientRect());
    const out = box.left < frame.left - 1 || box.right > frame.right + 1
      || box.top < frame.top - 1 || box.bottom > frame.bottom + 1;
    if (out) found.push(`${said(text)} outside the drawing`);
    texts.slice(i + 1).filter(other => over(box, ink(other.getBoundingClientRect())))
      .forEach(other => found.push(`${said(text)} on ${said(other)}`));
    lines.filter(line => over(box, line.getBoundingClientRect()))
      .forEach(line => found.push(`${said(text)} across ${line.getAttribute('class') || line.tagName}`));
  });
  return found;
}""".replace("INK", INK)


def at_twice_the_text(page: Page) -> float:
    """The phone's text at 200 %, as its font-size setting puts it (1rem: 32 px); the body's text size."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.wait_for_function("() => getComputedStyle(document.documentElement).fontSize === '32px'")
    return float(page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)"))


def expect_drawn_at_least(page: Page, selector: str, size: float) -> None:
    sizes = page.evaluate(DRAWN_SIZES, selector)
    assert sizes, f"nothing shown matches {selector}"
    assert min(sizes) >= size, f"{selector}: drawn at {sorted(sizes)[:3]} px, less than {size:.1f}"


def expect_fits_the_phone(page: Page, drawing: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate(CLASHES, drawing) == []


def many_players(alice: User, names: list[str]) -> list[Player]:
    return [Player.objects.create(owner=alice, name=n) for n in names]


LONG_NAMES = ["Francesca", "Massimiliano", "Bea", "Giovanni Battista"]


@pytest.mark.parametrize("names", [["Anna", "Bruno", "Carla", "Dario"], LONG_NAMES])
@pytest.mark.parametrize("holder", [0, 1, 2, 3])
def test_at_twice_the_text_the_cross_writes_its_scores_as_large_as_the_text_and_keeps_clear_of_its_arms(
    owner: Page, alice: User, names: list[str], holder: int
) -> None:
    page = owner
    players = many_players(alice, [f"{n}" for n in names])
    match = services.match_create(owner=alice, game="busca-000", options={}, players=players, first_dealer=2)
    penalty = {"points": [10, 10, 10, 10], "penalties": [{"player": names[1], "kind": "renege"}]}
    for entry in (BUSCA_DEAL, penalty, {"points": [3, 20, 12, 5]}):
        services.deal_record(match=match, entry=entry, author=alice)
    page.goto(f"{match.get_absolute_url()}?holder={holder}")
    body = at_twice_the_text(page)

    expect_drawn_at_least(page, "svg.cross tspan.total", 0.85 * body)
    expect_drawn_at_least(page, "svg.cross .dealer-label", 0.6 * body)
    expect_drawn_at_least(page, "svg.cross text.name", 0.45 * body)  # a long name smaller, never cut
    expect_fits_the_phone(page, "svg.cross")
    if holder == 0:
        screenshot(page, f"big-text-cross-{len(names[1])}.png")


@pytest.mark.parametrize(
    "names",
    [
        ["Anna", "Bruno", "Carla", "Dario"],
        ["Anna", "Massimiliano", "Carla", "Dario", "Elena", "Francesca", "Gianni", "Ugo"],
    ],
)
def test_at_twice_the_text_the_mambassa_table_writes_the_lives_as_large_as_the_text_on_taller_cards(
    owner: Page, alice: User, names: list[str]
) -> None:
    page = owner
    players = many_players(alice, names)
    match = services.match_create(owner=alice, game="mambassa", options={}, players=players, first_dealer=2)
    for payers in ([names[0]], [names[1], names[2]], [names[-1]], [names[-1]], [names[-1]]):
        services.deal_record(match=match, entry={"payers": payers}, author=alice)
    page.goto(match.get_absolute_url())
    body = at_twice_the_text(page)

    expect_drawn_at_least(page, "svg.mambassa-table g.seat > text.count", 0.85 * body)
    expect_drawn_at_least(page, "svg.mambassa-table .dealer-label", 0.55 * body)
    expect_fits_the_phone(page, "svg.mambassa-table")
    # Each name, number and coin on its card, now drawn taller (a text's box: its capitals, its baseline).
    inside = page.evaluate(
        """() => [...document.querySelectorAll('svg.mambassa-table g.seat')].flatMap(seat => {
          const card = seat.querySelector('rect.place.large').getBoundingClientRect();
          return [...seat.querySelectorAll('text.name, text.count, circle')].filter(el => {
            const em = el.getBoundingClientRect();
            const box = el.matches('text') ? {...(INK)(em), bottom: em.bottom - 0.2 * em.height} : em;
            return box.left < card.left || box.right > card.right || box.top < card.top
              || box.bottom > card.bottom;
          }).map(el => `${seat.dataset.seat}: ${el.getAttribute('class')} ${el.textContent}`);
        })""".replace("INK", INK)
    )
    assert inside == []
    screenshot(page, f"big-text-mambassa-{len(names)}.png")


def test_at_twice_the_text_the_whist_sheet_writes_each_games_score_as_large_as_the_text(
    owner: Page, alice: User, players: list[Player]
) -> None:
    page = owner
    match = new_match(alice, "whist", players, RUBBER)
    page.goto(match.get_absolute_url())
    superseded = page.locator("svg.whist-sheet text.points:not([data-latest])")
    expect(superseded.first).to_be_visible()
    body = at_twice_the_text(page)

    expect_drawn_at_least(page, "svg.whist-sheet text.points, svg.whist-sheet text.total", 0.85 * body)
    expect_drawn_at_least(page, "svg.whist-sheet .pair-name", 0.55 * body)
    # Each column keeps its latest number, the game's score; every deal's is in the deal table.
    expect(superseded.first).to_be_hidden()
    expect_fits_the_phone(page, "svg.whist-sheet")
    screenshot(page, "big-text-whist.png")

    in_progress = new_match(alice, "whist", players, RUBBER[:1])
    page.goto(in_progress.get_absolute_url())
    expect_drawn_at_least(page, "svg.whist-sheet .dealer-label", 0.6 * body)
    expect_fits_the_phone(page, "svg.whist-sheet")


def test_at_twice_the_text_a_chart_gives_its_lines_names_and_figures_to_the_legend(
    owner: Page, evening: Evening, alice: User
) -> None:
    page = owner
    page.goto(reverse("match_chart", args=[playing(evening).pk]))
    body = at_twice_the_text(page)

    expect(page.locator("svg.line-chart .series .name").first).to_be_hidden()
    legend = page.locator(".chart-legend li")
    expect(legend).to_have_text(["Anna 6", "Bruno 1", "Carla 1", "Dario 1"])
    expect_drawn_at_least(page, ".chart-legend b", 0.85 * body)
    expect_drawn_at_least(page, "svg.line-chart .tick", 0.5 * body)
    expect_fits_the_phone(page, "svg.line-chart")

    # One line (a player's money): its legend too, which at the usual size its name at its end says.
    page.goto(reverse("stats_player", args=[alice.players.get(name="Anna").pk]))
    expect(page.locator(".chart-legend li")).to_have_text(["Anna -2.50"])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_at_the_usual_text_size_the_drawings_are_drawn_as_they_always_were(
    owner: Page, evening: Evening, alice: User, players: list[Player]
) -> None:
    page = owner
    drawn_as_drawn = """() => [...document.querySelectorAll('svg[role=img] text, svg[role=img] rect')]
      .filter(el => !['none', 'matrix(1, 0, 0, 1, 0, 0)'].includes(getComputedStyle(el).transform))
      .map(el => el.getAttribute('class'))"""
    for url in (
        playing(evening).get_absolute_url(),
        new_match(alice, "mambassa", players, [{"payers": ["Bruno"]}]).get_absolute_url(),
        new_match(alice, "whist", players, RUBBER).get_absolute_url(),
        reverse("match_chart", args=[playing(evening).pk]),
    ):
        page.goto(url)
        assert page.evaluate(drawn_as_drawn) == [], url
        scores = "svg[role=img] .total, svg[role=img] .count, svg[role=img] .points"
        sizes = page.evaluate(DRAWN_SIZES, scores)
        assert all(size < 17 for size in sizes), url  # 15 px and 13 px, the sheet's own sizes
    expect(page.locator(".chart-legend li")).to_have_count(4)
    page.goto(reverse("stats_player", args=[alice.players.get(name="Anna").pk]))
    expect(page.locator(".chart-legend")).to_be_hidden()  # one line: its name at its end
    expect(page.locator("svg.line-chart .series .name")).to_be_visible()


@pytest.mark.parametrize("language", ["en", "it"])
def test_at_twice_the_text_no_page_is_wider_than_the_phone(
    owner: Page, tables: dict[str, Match], players: list[Player], language: str
) -> None:
    page = owner
    if language == "it":
        page.goto(reverse("match_list"))
        in_italian(page)
    wider = []
    for url in (page_of(tables, players) for page_of in OWNER_PAGES):
        page.goto(url)
        at_twice_the_text(page)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 390:
            wider.append(f"{url}: {width} px")
    assert wider == []
