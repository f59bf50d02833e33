"""The points said aloud (static/js/voice.js): its reading of spoken names and numbers, in Italian
and in English, and the button that fills the Busca form, says back what it heard, and saves nothing."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .flows import DEAL_ROWS, SAVE_DEAL, add_players, sign_up, start_match

pytestmark = pytest.mark.browser

NAMES = ["Anna", "Bruno", "Carla", "Dario"]


@pytest.mark.parametrize(
    ("said", "names", "values"),
    [
        ("Anna dodici, Bruno otto, Carla dieci", NAMES, [12, 8, 10, None]),
        ("anna 12 bruno 8 carla 10 dario 10", NAMES, [12, 8, 10, 10]),
        ("Anna ventitré e Bruno quattro", NAMES, [23, 4, None, None]),
        ("Dario ventotto, Carla ventuno, Anna trentasette", NAMES, [37, None, 21, 28]),
        ("Anna quaranta, Bruno zero", NAMES, [40, 0, None, None]),
        ("Anna twenty one, Bruno nineteen and Carla twenty-three", NAMES, [21, 19, 23, None]),
        ("Anna ha fatto quindici punti", NAMES, [15, None, None, None]),  # words between are passed over
        ("Carlo sedici, Bruna tre", NAMES, [None, 3, 16, None]),  # one letter misheard: still the player
        ("Anna Maria dieci, Anna cinque", ["Anna Maria", "Anna", "Bruno", "Carla"], [10, 5, None, None]),
        ("Niccolò sei", ["Niccolò", "Zoë", "Bruno", "Carla"], [6, None, None, None]),
        ("dodici Anna", NAMES, [None, None, None, None]),  # a number before any name belongs to nobody
        ("the weather is fine", NAMES, [None, None, None, None]),
        ("Anna, Bruno otto", NAMES, [None, 8, None, None]),  # a name said without points gets none
    ],
)
def test_what_is_said_is_read_as_each_players_points(
    page: Page, said: str, names: list[str], values: list[int | None]
) -> None:
    page.goto("/signup/")
    result = page.evaluate("([said, names]) => window.scorekeeperVoice.parse(said, names)", [said, names])
    assert result["values"] == values


# A browser that listens: it hears what the test says (window.toSay) and reports the language asked.
LISTENING = """
window.toSay = "";
window.askedLanguage = null;
window.saidBack = null;
class HeardRecognition {
  start() {
    window.askedLanguage = this.lang;
    setTimeout(() => {
      this.onresult({ results: [[{ transcript: window.toSay }]] });
      if (this.onend) this.onend();
    }, 20);
  }
}
window.SpeechRecognition = HeardRecognition;
window.webkitSpeechRecognition = HeardRecognition;
Object.defineProperty(window, "speechSynthesis", {
  configurable: true,
  value: { speak: (utterance) => { window.saidBack = [utterance.text, utterance.lang]; } },
});
"""
DEAF = "delete window.SpeechRecognition; delete window.webkitSpeechRecognition;"


def say(page: Page, words: str) -> None:
    page.evaluate("(words) => { window.toSay = words; }", words)


def test_the_points_said_fill_the_form_are_said_back_and_wait_for_save(page: Page) -> None:
    page.add_init_script(LISTENING)
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")

    say(page, "Anna dodici, Bruno otto, Carla dieci")
    page.get_by_role("button", name="Say the points").click()

    expect(page.locator("#id_points_0")).to_have_value("12")
    expect(page.locator("#id_points_1")).to_have_value("8")
    expect(page.locator("#id_points_2")).to_have_value("10")
    expect(page.locator("#id_points_3")).to_have_value("10")  # the last one filled in, as when typed
    expect(page.locator("[data-voice-heard]")).to_have_text(
        "Heard: Anna 12, Bruno 8, Carla 10. Check the points, then save."
    )
    said_back: Any = page.evaluate("[window.saidBack, window.askedLanguage]")
    assert said_back == [["Anna 12, Bruno 8, Carla 10", "en-GB"], "en-GB"]
    expect(page.locator(DEAL_ROWS)).to_have_count(0)  # never saved by itself

    page.locator(SAVE_DEAL).click()
    expect(page.locator(DEAL_ROWS)).to_have_count(1)


def test_in_italian_it_listens_in_italian_and_says_so(page: Page) -> None:
    page.add_init_script(LISTENING)
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    page.locator(".topbar form.lang").get_by_role("button", name="IT", exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", "it")

    say(page, "Anna venticinque, Bruno otto, Carla cinque")
    page.get_by_role("button", name="Dite i punti").click()

    expect(page.locator("#id_points_3")).to_have_value("2")
    expect(page.locator("[data-voice-heard]")).to_have_text(
        "Ho sentito: Anna 25, Bruno 8, Carla 5. Controllate i punti, poi salvate."
    )
    assert page.evaluate("window.askedLanguage") == "it-IT"


def test_nothing_understood_is_said_and_fills_nothing(page: Page) -> None:
    page.add_init_script(LISTENING)
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")

    say(page, "what a deal")
    page.get_by_role("button", name="Say the points").click()

    expect(page.locator("[data-voice-heard]")).to_contain_text(
        "Nothing understood: say a name, then its points."
    )
    expect(page.locator("#id_points_0")).to_have_value("")


def test_where_the_browser_cannot_listen_there_is_no_button(page: Page) -> None:
    page.add_init_script(DEAF)
    sign_up(page)
    add_players(page)
    start_match(page, "busca-000")
    expect(page.locator("#deal-form [data-voice]")).to_be_hidden()
    expect(page.locator("#id_points_0")).to_be_visible()
