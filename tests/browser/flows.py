"""What a user does and checks on the real pages, shared by the journeys.

Everything waits through Playwright's ``expect``: the sheet is swapped by htmx after a deal
is saved, so a step waits for the new deal row, never for a fixed time.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from django.utils import translation
from playwright.sync_api import FloatRect, Locator, Page, ViewportSize, expect

from games.registry import GAMES

PLAYERS = ("Anna", "Bruno", "Carla", "Dario")  # seated in this order: seat 0 to seat 3
PASSWORD = "a-long-pass-phrase-7"
SHOTS = Path("/tmp/shots")  # screenshots to look at, outside the repository

DEAL_ROWS = ".deal-table tbody tr"
SAVE_DEAL = "#deal-form button.big"


def sign_up(page: Page, username: str = "alice") -> None:
    page.goto("/signup/")
    page.fill("#id_username", username)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    # A new account lands on its (empty) player list.
    expect(page).to_have_url(re.compile(r"/players/$"))


def add_players(page: Page, names: Iterable[str] = PLAYERS) -> None:
    page.goto("/players/")
    for name in names:
        page.fill('input[name="name"]', name)
        page.get_by_role("button", name="Add", exact=True).click()
        expect(page.locator("ul.list .name").filter(has_text=re.compile(rf"^{name}$"))).to_be_visible()


def start_evening(page: Page, players: Iterable[str] = PLAYERS, place: str = "") -> None:
    """A new evening of ``players``, from the evenings page; it opens on its page."""
    page.goto("/evenings/")
    if place:
        page.fill("#id_place", place)
    for name in players:
        page.locator("label.chip").filter(has_text=name).locator("input").check()
    page.get_by_role("button", name="Start the evening").click()
    expect(page).to_have_url(re.compile(r"/evenings/\d+/$"))


def expect_game(page: Page, game: str) -> None:
    """The match page is of ``game``: its title names the game as a player says it (no key)."""
    with translation.override("en"):
        names = str(GAMES[game].names)
    expect(page.locator(".match-title")).to_have_text(names)


def start_match(page: Page, game: str, seats: Sequence[str] = PLAYERS) -> None:
    """A new match of ``game`` with the default house rules; the first seat deals first."""
    page.goto(f"/matches/new/?game={game}")
    for seat, name in enumerate(seats):
        page.select_option(f"#id_seat_{seat}", label=name)
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    expect_game(page, game)
    expect_deal_form(page, 1)


def expect_deal_form(page: Page, number: int) -> None:
    expect(page.locator("#deal-form h2")).to_have_text(f"Deal {number}")


def fill_points(page: Page, points: Sequence[int]) -> None:
    """Type three players' points; the page fills in the fourth, which must be ``points[3]``."""
    for seat, value in enumerate(points[:3]):
        page.fill(f"#id_points_{seat}", str(value))
    expect(page.locator("#id_points_3")).to_have_value(str(points[3]))


def type_over(page: Page, seat: int, value: int) -> None:
    """Select what a points field shows and type over it, as a user corrects a number.

    Not ``fill()``: on a field that entry.js filled in, fill() appends ("5" becomes "54"),
    and clearing the field does not help, because the script fills a lone blank field again.
    """
    field = page.locator(f"#id_points_{seat}")
    field.focus()  # Chromium ignores select() on a number field that never had the focus
    field.select_text()
    field.press_sequentially(str(value))
    expect(field).to_have_value(str(value))


def save_deal(page: Page, number: int) -> None:
    """Save the deal in the form and wait until the sheet shows it as deal ``number``."""
    page.click(SAVE_DEAL)
    expect(page.locator(DEAL_ROWS)).to_have_count(number)
    # The newest deal is the first row.
    expect(page.locator(DEAL_ROWS).first.locator("th a")).to_have_text(str(number))


def play_deal(page: Page, number: int, points: Sequence[int], *, not_covering: Iterable[int] = ()) -> None:
    expect_deal_form(page, number)
    fill_points(page, points)
    for seat in not_covering:
        page.locator(f'input[name="cover_{seat}"][value="no"]').check()
    save_deal(page, number)


def expect_cross(page: Page, busche: Sequence[int]) -> None:
    """Each seat's arm of the cross: its total, one stroke per busca, a box per five."""
    for seat, total in enumerate(busche):
        arm = page.locator(f'svg.cross g.arm[data-seat="{seat}"]')
        expect(arm).to_have_attribute("data-busche", str(total))
        expect(arm.locator("tspan.total")).to_have_text(str(total))
        assert path_parts(arm.locator("path.strokes")) == total
        assert path_parts(arm.locator("path.groups")) == total // 5


def path_parts(path: Locator) -> int:
    """How many pieces (one "M" each) a drawn path has: strokes or squares; none without the path."""
    return (path.get_attribute("d") or "").count("M") if path.count() else 0


def box(element: Locator) -> FloatRect:
    """Where an element is drawn on the page; it must be drawn (Playwright has no box for a hidden one)."""
    drawn = element.bounding_box()
    assert drawn is not None, f"{element} is not drawn"
    return drawn


def viewport(page: Page) -> ViewportSize:
    """The size of the phone's screen: every page here has one (conftest.PHONE)."""
    size = page.viewport_size
    assert size is not None
    return size


def tap_on_screen(page: Page, target: Locator) -> None:
    """Tap what a player sees: it must be on screen as it is, under the top bar, not behind the pad."""
    box = target.bounding_box()
    assert box is not None
    top = page.evaluate("() => document.querySelector('.topbar').getBoundingClientRect().bottom")
    assert top <= box["y"], "a scroll would be needed to reach it"
    assert box["y"] + box["height"] <= viewport(page)["height"], "a scroll would be needed to reach it"
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).outerHTML.slice(0, 80)", middle)
    assert target.evaluate(
        "(element, [x, y]) => element.contains(document.elementFromPoint(x, y))", middle
    ), hit
    page.mouse.click(*middle)


def names_in(text: str) -> set[str]:
    return {name.strip() for name in text.split(",")}


def expect_match_over(page: Page, after_deal: int, losers: set[str], winners: set[str]) -> None:
    banner = page.locator(".banner")
    expect(banner.locator("h2")).to_have_text(f"Match over after deal {after_deal}")
    assert names_in(banner.locator(".losers strong").inner_text()) == losers
    assert names_in(banner.locator(".winners strong").inner_text()) == winners
    # The cross marks them too.
    for seat, name in enumerate(PLAYERS):
        arm = page.locator(f'svg.cross g.arm[data-seat="{seat}"]')
        expect(arm).to_have_class(re.compile(r"\bloser\b" if name in losers else r"\bwinner\b"))
    # Nothing more to enter.
    expect(page.locator("#deal-form")).to_have_count(0)


def screenshot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    # From the top: scrolled, the sticky top bar would be drawn across the middle of the page.
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / name), full_page=True)


# -- Mambassa ------------------------------------------------------------------------------------

MAMBASSA_LOG = "ol.deal-log > li"
SAVE_MAMBASSA_DEAL = "#deal-form button.primary"
JUDGE_HANDS = "#deal-form button[name=preview]"


def start_mambassa(page: Page, seats: Sequence[str] = PLAYERS, *, stake: str | None = None) -> None:
    """A new Mambassa game at the default house rules, but for the stake; the first seat deals."""
    page.goto("/matches/new/?game=mambassa")
    for seat, name in enumerate(seats):
        page.select_option(f"#id_seat_{seat}", label=name)
    if stake is not None:
        page.locator("details.house-rules summary").click()
        page.fill("#id_opt_stake", stake)
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    expect_game(page, "mambassa")
    expect_deal_form(page, 1)


def enter_by(page: Page, mode: str) -> None:
    """Choose how to enter the deal: "quick" (who pays) or "cards" (the hands shown)."""
    page.locator(f"#deal-form label.pick-{mode}").click()
    expect(page.locator(f"#deal-form label.pick-{mode} input")).to_be_checked()


def tap_payers(page: Page, *names: str) -> None:
    """Tap the chips of the players who pay (the lowest hand, and every hand tied with it)."""
    for name in names:
        chip = page.locator("#deal-form .payers label.chip").filter(has_text=re.compile(rf"^\s*{name}\s*$"))
        chip.click()
        expect(chip.locator("input")).to_be_checked()


def pick_hands(page: Page, hands: dict[int, str]) -> None:
    """Give each player (by seat) the cards shown, tapping that player's chip, then each card."""
    for seat, shown in hands.items():
        page.locator(f'#deal-form button.picker-chip[data-seat="{seat}"]').click()
        for code in shown.split():
            page.locator(f'#deal-form button.pick[data-card="{code}"]').click()
        expect(page.locator(f"#id_hand_{seat}")).to_have_value(shown)


def save_mambassa_deal(page: Page, number: int) -> None:
    """Save the deal in the form and wait until the deal log shows it as deal ``number``."""
    page.click(SAVE_MAMBASSA_DEAL)
    expect(page.locator(MAMBASSA_LOG)).to_have_count(number)
    # The newest deal is the first in the log.
    expect(page.locator(MAMBASSA_LOG).first.locator(".deal-head a")).to_have_text(f"Deal {number}")


def expect_table(page: Page, tokens: Sequence[int], pot: int) -> None:
    """Each player's tokens on the table (a coin each, and the number), and the pot."""
    for seat, held in enumerate(tokens):
        place = page.locator(f'svg.mambassa-table g.seat[data-seat="{seat}"]')
        expect(place).to_have_attribute("data-tokens", str(held))
        expect(place.locator("text.count")).to_have_text(str(held))
        expect(place.locator("circle.token")).to_have_count(held)
    pot_drawn = page.locator("svg.mambassa-table g.pot")
    expect(pot_drawn).to_have_attribute("data-pot", str(pot))
    expect(pot_drawn.locator("circle.token")).to_have_count(pot)


def expect_out(page: Page, seat: int, after_deal: int) -> None:
    """A player who is out: greyed on the table, with the deal he went out after."""
    place = page.locator(f'svg.mambassa-table g.seat[data-seat="{seat}"]')
    expect(place).to_have_class(re.compile(r"\bout\b"))
    expect(place).to_have_attribute("data-out-after", str(after_deal))
    expect(place.locator("text.out-note")).to_have_text(f"out after deal {after_deal}")


# -- Whist ---------------------------------------------------------------------------------------

PAIRS = ("Anna & Carla", "Bruno & Dario")  # partners sit opposite: seats 0 and 2, seats 1 and 3


def start_whist(page: Page, seats: Sequence[str] = PLAYERS, *, stake: str | None = None) -> None:
    """A new Whist rubber at the default house rules, but for the stake; the first seat deals."""
    page.goto("/matches/new/?game=whist")
    for seat, name in enumerate(seats):
        page.select_option(f"#id_seat_{seat}", label=name)
    if stake is not None:
        page.locator("details.house-rules summary").click()
        page.fill("#id_opt_stake", stake)
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    expect_game(page, "whist")
    expect_deal_form(page, 1)


def tap_label(page: Page, grid: str, value: int) -> Locator:
    """One number of a tap grid ("tricks" or "honours") of the entry form."""
    labels = page.locator(f"#deal-form .tap-grid.{grid} label.tap")
    return labels.filter(has_text=re.compile(rf"^\s*{value}\s*$"))


def tap(page: Page, grid: str, value: int) -> None:
    """Tap one number of a tap grid ("tricks" or "honours") of the entry form."""
    label = tap_label(page, grid, value)
    label.click()
    expect(label.locator("input")).to_be_checked()


def tap_deal(page: Page, tricks: int, honours: int) -> None:
    """Tap the first pair's tricks and honours; the page writes what the second pair has."""
    tap(page, "tricks", tricks)
    expect(page.locator('#deal-form [data-rest-of="tricks"]')).to_have_text(str(13 - tricks))
    tap(page, "honours", honours)
    expect(page.locator('#deal-form [data-rest-of="honours"]')).to_have_text(str(4 - honours))


def play_whist_deal(page: Page, number: int, tricks: int, honours: int) -> None:
    expect_deal_form(page, number)
    tap_deal(page, tricks, honours)
    save_deal(page, number)


def expect_whist_sheet(page: Page, games: Sequence[tuple[int, int] | None]) -> None:
    """The games down the sheet: (winner, value) for each won game, None for the one in progress.

    A won game has its value ("treble 3") under its line on the winner's side, and nothing on the other.
    """
    blocks = page.locator("svg.whist-sheet g.game")
    expect(blocks).to_have_count(len(games))
    for number, game in enumerate(games, start=1):
        block = page.locator(f'svg.whist-sheet g.game[data-game="{number}"]')
        if game is None:
            expect(block).to_have_attribute("data-winner", "")
            expect(block.locator("text.value")).to_have_count(0)
            continue
        winner, value = game
        expect(block).to_have_attribute("data-winner", str(winner))
        expect(block.locator(f'text.value[data-pair="{winner}"] tspan.number')).to_have_text(str(value))
        expect(block.locator(f'text.value[data-pair="{1 - winner}"]')).to_have_count(0)


def expect_games_won(page: Page, first: int, second: int) -> None:
    expect(page.locator(".rubber-state")).to_have_text(f"Games: {PAIRS[0]} {first} – {second} {PAIRS[1]}")
