"""What a screen reader, voice control and a dark phone get from the pages: read from Chromium itself.

The names, descriptions and states are the ones Chromium hands to assistive technology (its
accessibility tree, through the DevTools protocol); the colours are the computed ones, in light and
in dark mode. axe-core (test_accessibility.py) checks the rules; these check what a player hears.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Literal

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Page, expect

from matches import services
from matches.access import invite_create
from matches.models import Evening, Match, Player

from .flows import PASSWORD, type_over
from .test_accessibility import ANNA_34, BUSCA_DEAL, log_in, new_match

pytestmark = pytest.mark.browser

EVEN = {"points": [10, 10, 10, 10]}


class Tree:
    """The page's accessibility tree as Chromium exposes it, with a way to find an element's node."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.nodes = self.cdp.send("Accessibility.getFullAXTree")["nodes"]

    def of(self, selector: str, hidden_too: bool = False) -> Iterator[dict[str, Any]]:
        """The accessibility nodes of the elements that match a CSS selector, in page order (an empty
        node for each one out of the tree, when hidden_too)."""
        root = self.cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        ids = self.cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": selector})["nodeIds"]
        by_dom = {node.get("backendDOMNodeId"): node for node in self.nodes}
        for node_id in ids:
            backend = self.cdp.send("DOM.describeNode", {"nodeId": node_id})["node"]["backendNodeId"]
            if hidden_too and backend not in by_dom:
                yield {}
                continue
            assert backend in by_dom, f"{selector}: an element out of the accessibility tree (hidden?)"
            yield by_dom[backend]

    def one(self, selector: str) -> dict[str, Any]:
        found = list(self.of(selector))
        assert len(found) == 1, f"{selector}: {len(found)} elements"
        return found[0]

    def with_role(self, role: str) -> list[dict[str, Any]]:
        return [n for n in self.nodes if not n.get("ignored") and n.get("role", {}).get("value") == role]


def name(node: dict[str, Any]) -> str:
    return str(node.get("name", {}).get("value", ""))


def description(node: dict[str, Any]) -> str:
    return str(node.get("description", {}).get("value", ""))


def state(node: dict[str, Any], prop: str) -> Any:
    return next((p["value"].get("value") for p in node.get("properties", []) if p["name"] == prop), None)


def dangling_descriptions(page: Page) -> list[str]:
    """Every id an aria-describedby (or aria-labelledby) names that no element on the page has."""
    dangling: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('[aria-describedby], [aria-labelledby]')].flatMap(el =>
             ['aria-describedby', 'aria-labelledby'].flatMap(attr => (el.getAttribute(attr) || '')
               .split(/\\s+/).filter(id => id && !document.getElementById(id))
               .map(id => `${el.id || el.name || el.tagName} ${attr}=${id}`)))"""
    )
    return dangling


@pytest.fixture
def tables(alice: User, players: list[Player]) -> dict[str, Match]:
    evening = Evening.objects.create(owner=alice, date="2026-11-28", place="Da Carla")
    evening.players.set(players)
    made = {
        "busca": new_match(alice, "busca-000", players, [BUSCA_DEAL, EVEN, EVEN]),
        "busca-over": new_match(alice, "busca-000", players, [ANNA_34, ANNA_34]),
        "mambassa": new_match(alice, "mambassa", players, [{"payers": ["Bruno"]}]),
        "whist": new_match(alice, "whist", players, [{"tricks": [9, 4], "honours": [3, 1]}]),
    }
    for match in made.values():
        match.evening = evening
        match.save(update_fields=["evening"])
    return made


@pytest.fixture
def owner(page: Page, live_server: Any, alice: User) -> Page:
    log_in(page, live_server, alice)
    return page


def test_every_help_and_refusal_a_field_names_is_on_its_page(
    page: Page, live_server: Any, alice: User, players: list[Player], tables: dict[str, Match]
) -> None:
    invite = invite_create(match=tables["busca"], role="viewer")
    page.goto(reverse("signup"))
    page.fill("#id_username", "carla")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD + "x")
    page.get_by_role("button", name="Sign up").click()
    expect(page.locator(".field.invalid")).not_to_have_count(0)
    assert dangling_descriptions(page) == []
    page.goto(reverse("join", args=[invite.token]))
    page.locator("form button[type=submit]").click()
    assert dangling_descriptions(page) == []

    log_in(page, live_server, alice)
    pages = [
        reverse("match_new") + f"?game={game}" for game in ("busca-000", "busca-003", "mambassa", "whist")
    ] + [
        reverse("match_rules", args=[tables["busca"].pk]),
        reverse("match_rules", args=[tables["whist"].pk]),
        reverse("player_rename", args=[players[0].pk]),
        reverse("evening_list"),
        tables["busca"].get_absolute_url(),
        tables["mambassa"].get_absolute_url(),
        tables["whist"].get_absolute_url(),
    ]
    for url in pages:
        page.goto(url)
        assert dangling_descriptions(page) == [], url
    # A house rule reads its help with its field.
    page.goto(reverse("match_new") + "?game=busca-000")
    page.locator("details.house-rules summary").click()
    helped = [n for n in Tree(page).of(".house-rules input, .house-rules select") if description(n)]
    assert helped, "no house rule reads its help"


def test_a_refused_deal_marks_the_field_and_reads_the_refusal_with_it(
    owner: Page, tables: dict[str, Match]
) -> None:
    page = owner
    page.goto(tables["busca"].get_absolute_url())
    page.evaluate("document.querySelector('#deal-form').noValidate = true")
    for seat, value in enumerate((41, 0, 0)):
        page.fill(f"#id_points_{seat}", str(value))
    type_over(page, 3, 0)
    page.locator("#deal-form button.big").click()
    refusal = page.locator("#id_points_0_error")
    expect(refusal).to_be_visible()
    points = Tree(page).one("#id_points_0")
    assert state(points, "invalid") == "true"
    assert refusal.inner_text() in description(points)
    assert dangling_descriptions(page) == []

    # Whist: nothing tapped; the group of taps is invalid and reads why.
    page.goto(tables["whist"].get_absolute_url())
    page.evaluate("document.querySelector('#deal-form').noValidate = true")
    page.locator("#deal-form button.primary").click()
    refusal = page.locator("#id_tricks_error")
    expect(refusal).to_be_visible()
    tree = Tree(page)
    tricks = tree.one("fieldset.taps:has(#id_tricks_error)")
    assert refusal.inner_text() in description(tricks)
    assert all(state(radio, "invalid") == "true" for radio in tree.of("input[name=tricks]"))
    assert dangling_descriptions(page) == []


def test_a_failed_log_in_is_said_aloud_and_the_first_dealer_is_a_named_group(
    page: Page, live_server: Any, alice: User, players: list[Player]
) -> None:
    page.goto(reverse("login"))
    page.fill("#id_username", "alice")
    page.fill("#id_password", "not-her-password")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("alert")).to_contain_text("enter a correct username and password")
    expect(page).to_have_title(re.compile(r"^Error: Not logged in"))

    log_in(page, live_server, alice)
    page.goto(reverse("match_new") + "?game=busca-000")
    groups = [name(n) for n in Tree(page).with_role("group")]
    assert "First dealer" in groups
    expect(page.get_by_role("group", name="First dealer").get_by_role("radio")).to_have_count(4)


def test_each_drawing_says_its_sentence_once(owner: Page, tables: dict[str, Match]) -> None:
    page = owner
    for url in (
        tables["busca"].get_absolute_url(),
        tables["mambassa"].get_absolute_url(),
        tables["whist"].get_absolute_url(),
        reverse("match_chart", args=[tables["busca"].pk]),
    ):
        page.goto(url)
        images = Tree(page).of("svg[role=img]")
        for image in images:
            assert name(image), url
            assert description(image) != name(image), f"{url}: “{name(image)}” is read twice"


def test_repeated_buttons_are_named_after_what_they_act_on(
    owner: Page, alice: User, players: list[Player], tables: dict[str, Match]
) -> None:
    page = owner
    match = tables["busca"]
    services.deal_edit(match=match, number=2, entry=BUSCA_DEAL, author=alice)
    page.goto(match.get_absolute_url())
    page.locator("#changes summary").click()
    undos = [name(n) for n in Tree(page).of(".changes button")]
    assert len(undos) >= 4
    assert len(set(undos)) == len(undos), undos
    assert "Undo: Deal 2 corrected" in undos
    assert all(re.match(r"(Undo|Redo): Deal \d", n) for n in undos), undos

    page.goto(reverse("player_list"))
    renames = [name(n) for n in Tree(page).of("ul.list a.button")]
    assert renames == [f"Rename {p.name}" for p in sorted(players, key=lambda p: p.name)]
    buttons = [name(n) for n in Tree(page).of("ul.list button")]  # "Anna is me", "Archive Anna"…
    assert len(set(buttons)) == len(buttons) == 2 * len(players)


def visible_labels_missing_from_names(page: Page, selector: str) -> list[str]:
    """The buttons on screen whose accessible name does not contain the words they show (a key that
    shows a sign and no word, such as ⌫, is named by what it does)."""
    tree = Tree(page)
    buttons = page.locator(selector)
    missing = []
    for index, node in enumerate(tree.of(selector, hidden_too=True)):
        if not buttons.nth(index).is_visible():
            continue
        assert node, f"{selector}: a button on screen out of the accessibility tree"
        shown = " ".join(buttons.nth(index).inner_text().split()).lower()
        if re.search(r"\w", shown) and shown not in name(node).lower():
            missing.append(f"shows “{shown}”, named “{name(node)}”")
    return missing


def test_buttons_are_named_with_the_words_they_show(owner: Page, tables: dict[str, Match]) -> None:
    page = owner
    page.goto(tables["busca"].get_absolute_url())
    page.locator("details.penalties summary").first.click()
    plus = [name(n) for n in Tree(page).of("#deal-form button[data-plus]")]
    assert plus
    assert all(n.startswith("+1 ") for n in plus), plus
    assert "+1 renege by Anna" in plus
    assert visible_labels_missing_from_names(page, "#deal-form button") == []
    page.locator("#id_points_0").focus()
    keys = [name(n) for n in Tree(page).of("#deal-form [data-numpad] button")]
    assert keys[:4] == ["1", "2", "3", "Delete a digit"], keys
    assert visible_labels_missing_from_names(page, "#deal-form button") == []

    page.goto(tables["mambassa"].get_absolute_url())
    page.locator("#deal-form label.pick-cards").click()
    page.locator('#deal-form button.pick[data-card="1D"]').click()
    page.locator('#deal-form button.picker-chip[data-seat="1"]').click()
    expect(page.locator('#deal-form button.pick[data-card="1D"]')).to_have_class(re.compile("taken"))
    assert visible_labels_missing_from_names(page, "#deal-form button") == []
    assert name(Tree(page).one('button.pick[data-card="1D"]')).startswith("A ace of denari")


def test_the_evening_says_in_words_who_lost(owner: Page, tables: dict[str, Match]) -> None:
    page = owner
    page.goto(reverse("evening_detail", args=[tables["busca"].evening_id]))
    over = page.locator(".match-card.finished")
    expect(over).to_contain_text("lost: Anna")
    expect(over).to_contain_text("won: Bruno, Carla, Dario")


def luminance(rgb: str) -> float:
    values = [int(v) / 255 for v in re.findall(r"[\d.]+", rgb)[:3]]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in values)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# Each element's colour (the property named) and the background of the nearest box that has one.
COLOURS = """([selector, prop]) => [...document.querySelectorAll(selector)].map(el => {
  const clear = box => /rgba\\(.*, 0\\)|transparent/.test(getComputedStyle(box).backgroundColor);
  let box = el.parentElement;
  while (box && clear(box)) box = box.parentElement;
  const ground = box ? getComputedStyle(box).backgroundColor : 'rgb(255, 255, 255)';
  return [selector, getComputedStyle(el)[prop], ground];
})"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_chart_lines_and_field_borders_stand_out_three_to_one(
    owner: Page, tables: dict[str, Match], scheme: Literal["light", "dark"]
) -> None:
    page = owner
    page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
    page.goto(reverse("match_chart", args=[tables["busca"].pk]))
    lines = page.evaluate(COLOURS, [".line-chart .series polyline", "stroke"])
    limits = page.evaluate(COLOURS, [".line-chart .limit", "stroke"])
    assert len(lines) == 4
    assert limits
    page.goto(reverse("match_new") + "?game=busca-000")
    fields = page.evaluate(COLOURS, ["#match-form select", "borderTopColor"])
    page.goto(reverse("player_list"))
    fields += page.evaluate(COLOURS, ["form.inline-add input[type=text]", "borderTopColor"])
    assert fields
    weak = [
        f"{what}: {colour} on {ground} is {contrast(colour, ground):.2f}:1"
        for what, colour, ground in lines + limits + fields
        if contrast(colour, ground) < 3
    ]
    assert weak == []
