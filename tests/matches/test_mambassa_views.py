"""Mambassa on the web: a new game of 2 to 8, the table of tokens, a deal entered by who pays or by the
cards shown, the hands judged before saving, corrections, and the last player left.

The tokens are worked out by hand from docs/rules.md, section 6: each player starts with
``lives`` tokens in front and one in the pot; each payer moves one token into the pot.
"""

from __future__ import annotations

from collections.abc import Callable
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from matches.models import Match, Player

from .pages import count, form_values, text, texts
from .typed import as_typed

MakeMambassa = Callable[..., Match]
HTMX = {"HX-Request": "true"}
NEW = reverse("match_new")
NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ivo"]
DEFAULTS = {
    "stake": 0,
    "lives": 3,
    "max_players": 8,
    "holder_pays": False,
    "ace_low": True,
    "all_out_at_once": "void",
}

# Hands shown at the end of a deal, in seating order: Anna, Bruno, Carla, Dario.
# Anna: Quarantuno of coppe (41); Bruno: scala corta to the 7 of spade (38.5);
# Carla: bastoni 6 + 10 = 16; Dario: spade 11 + 3 = 14, the lowest.
QUARANTUNO_HANDS = ("FC CC RC 1C", "5S 6S 7S 2B", "3D 4D 6B RB", "1S 3S 7D 1B")
QUARANTUNO_DEAL = {"hands": [hand.split() for hand in QUARANTUNO_HANDS]}
# Anna: scala corta to the 5 of coppe; Bruno: scala corta to the 7 of spade, which beats it;
# Carla: tris of re (39); Dario: scala lunga to the 4 of denari (39.5). Anna pays.
RUNS_HANDS = ("3C 4C 5C 2B", "5S 6S 7S 6B", "RD RS RB 4S", "1D 2D 3D 4D")


# -- what a player posts ---------------------------------------------------------------------------


def quick(*payers: int, mambassa: int | None = None, quarantuno: int | None = None) -> dict[str, Any]:
    """The quick form: the payer chips ticked (by seat) and who showed Mambassa or Quarantuno."""
    return {
        "mode": "quick",
        "payers": [str(seat) for seat in payers],
        "mambassa": "" if mambassa is None else str(mambassa),
        "quarantuno": "" if quarantuno is None else str(quarantuno),
    }


def cards(*hands: str, **extra: str) -> dict[str, str]:
    """The cards form: each player's hand as typed ("1D 5S 3C 2B"), in seating order."""
    return {"mode": "cards", **{f"hand_{seat}": hand for seat, hand in enumerate(hands)}, **extra}


JUDGE = {"preview": "1"}  # the "Judge the hands" button


# -- where things are --------------------------------------------------------------------------------


def sheet_url(match: Match) -> str:
    return reverse("match_detail", args=[match.pk])


def post_url(match: Match) -> str:
    return reverse("deal_create", args=[match.pk])


def edit_url(match: Match, number: int) -> str:
    return reverse("deal_edit", args=[match.pk, number])


def stored(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def entries(match: Match) -> list[dict[str, Any]]:
    return as_typed(match)  # the dealer only where the table chose one


def _html(page: Any) -> str:
    return page if isinstance(page, str) else page.content.decode()


class _Elements(HTMLParser):
    """The markup of every ``<tag>`` whose attributes include the wanted ones (outermost only)."""

    def __init__(self, tag: str, wanted: dict[str, str]) -> None:
        super().__init__(convert_charrefs=False)
        self.tag, self.wanted = tag, wanted
        self.found: list[str] = []
        self.depth = 0

    def _wanted(self, attrs: dict[str, str | None]) -> bool:
        for key, value in self.wanted.items():
            have = attrs.get(key) or ""
            if not (value in have.split() if key == "class" else have == value):
                return False
        return True

    def _add(self, markup: str) -> None:
        self.found[-1] += markup

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth:
            self._add(self.get_starttag_text() or "")
            self.depth += tag == self.tag
        elif tag == self.tag and self._wanted(dict(attrs)):
            self.depth = 1
            self.found.append(self.get_starttag_text() or "")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth:
            self._add(self.get_starttag_text() or "")

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            self._add(f"</{tag}>")
            self.depth -= tag == self.tag

    def handle_data(self, data: str) -> None:
        if self.depth:
            self._add(data)

    def handle_entityref(self, name: str) -> None:
        self.handle_data(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self.handle_data(f"&#{name};")


def elements(page: Any, tag: str, **attrs: str) -> list[str]:
    """The markup of each matching element: ``class_="hand-row", data_seat="3"``."""
    parser = _Elements(tag, {key.rstrip("_").replace("_", "-"): value for key, value in attrs.items()})
    parser.feed(_html(page))
    return parser.found


def attributes(page: Any, tag: str) -> list[dict[str, str]]:
    """The attributes of every ``<tag>`` on the page, in order."""
    found: list[dict[str, str]] = []

    class Parser(HTMLParser):
        def handle_starttag(self, name: str, attrs: list[tuple[str, str | None]]) -> None:
            if name == tag:
                found.append({key: value or "" for key, value in attrs})

    Parser().feed(_html(page))
    return found


def errors(page: Any) -> list[str]:
    """Every message of refusal on the page, next to a field or above the form."""
    return texts(page, "p", class_="error") + [
        line for block in elements(page, "div", class_="error") for line in texts(block, "p")
    ]


def hand_errors(page: Any) -> dict[int, list[str]]:
    """The messages under each player's hand field, by seat, for the rows that have one."""
    found = {}
    for row in attributes(page, "div"):
        if "hand-row" in row.get("class", "").split():
            seat = int(row["data-seat"])
            (html,) = elements(page, "div", class_="hand-row", data_seat=str(seat))
            if texts(html, "p", class_="error"):
                found[seat] = texts(html, "p", class_="error")
    return found


def seats_drawn(page: Any) -> list[dict[str, str]]:
    """The players' places on the table as the SVG draws them (``g.seat``), in seat order."""
    seats = [a for a in attributes(page, "g") if "seat" in a.get("class", "").split()]
    return sorted(seats, key=lambda a: int(a["data-seat"]))


def table(page: Any) -> tuple[list[int], int]:
    """The tokens in front of each player on the table, and in the pot."""
    (pot,) = [a for a in attributes(page, "g") if a.get("class") == "pot"]
    return [int(seat["data-tokens"]) for seat in seats_drawn(page)], int(pot["data-pot"])


def classes(page: Any, seat: int) -> set[str]:
    return set(seats_drawn(page)[seat]["class"].split())


def offered(page: Any, name: str) -> list[str]:
    """The values of the inputs called ``name``: the payer chips offered, by seat."""
    return [a["value"] for a in attributes(page, "input") if a.get("name") == name]


def checked(page: Any, name: str) -> list[str]:
    """The values of the ticked boxes called ``name``: the payer chips."""
    return [a["value"] for a in attributes(page, "input") if a.get("name") == name and "checked" in a]


def logged(page: Any, number: int) -> str:
    """Deal ``number``'s entry in the deal log (the log is newest first)."""
    (log,) = elements(page, "ol", class_="deal-log")
    items = elements(log, "li")
    return items[len(items) - number]


def explained(page: Any, number: int) -> list[str]:
    """The sentences that say who paid deal ``number`` and why (not its line of tokens)."""
    item = logged(page, number)
    tokens = texts(item, "p", class_="tokens")
    return [line for line in texts(item, "p") if line not in tokens]


def judged(html: str) -> list[tuple[str, bool]]:
    """The hands of a deal as judged: ("Anna Quarantuno of coppe", whether that player pays)."""
    (hands,) = elements(html, "ul", class_="hand-list")
    items = elements(hands, "li")
    return [(texts(item, "li")[0], 'class="pays"' in item.split(">")[0]) for item in items]


# -- a new game ------------------------------------------------------------------------------------


def new_game_form(client: Client) -> dict[str, str]:
    return form_values(client.get(NEW, {"game": "mambassa"}), "match-form")


def seated(players: list[Player], how_many: int) -> dict[str, str]:
    return {f"seat_{seat}": str(player.pk) for seat, player in enumerate(players[:how_many])}


def test_the_new_game_page_has_eight_seats_with_the_first_two_required(
    alice_client: Client, eight_players: list[Player]
) -> None:
    page = alice_client.get(NEW, {"game": "mambassa"})

    seats = [a for a in attributes(page, "select") if a["name"].startswith("seat_")]
    assert [a["name"] for a in seats] == [f"seat_{n}" for n in range(8)]
    assert ["required" in a for a in seats] == [True, True] + [False] * 6
    assert new_game_form(alice_client) == {
        "game": "mambassa",
        **{f"seat_{n}": "" for n in range(8)},
        "first_dealer": "0",
        "opt_stake": "0",
        "opt_lives": "3",
        "opt_max_players": "8",
        "opt_ace_low": "on",
        "opt_all_out_at_once": "void",
    }


@pytest.mark.parametrize("how_many", [2, 3, 5, 8])
def test_a_game_of_two_to_eight_players_opens_its_table(
    how_many: int, alice_client: Client, eight_players: list[Player]
) -> None:
    data = {**new_game_form(alice_client), **seated(eight_players, how_many)}

    response = alice_client.post(NEW, data)

    match = Match.objects.get()
    assert response.status_code == 302
    assert response["Location"] == sheet_url(match)
    assert match.game == "mambassa"
    assert match.options == DEFAULTS
    assert [seat.player.name for seat in match.seats.all()] == NAMES[:how_many]
    page = alice_client.get(sheet_url(match))
    # Three lives in front of each player, and the ante of each in the pot.
    assert table(page) == ([3] * how_many, how_many)
    assert text(page, "p", class_="next") == "Anna deals"
    assert checked(page, "mode") == ["quick"]
    assert offered(page, "payers") == [str(seat) for seat in range(how_many)]


def test_a_game_needs_a_second_player(alice_client: Client, eight_players: list[Player]) -> None:
    data = {**new_game_form(alice_client), **seated(eight_players, 1)}

    page = alice_client.post(NEW, data)

    assert page.status_code == 200
    seat_2 = text(page, "div", class_="invalid")
    assert seat_2.startswith("Seat 2 ")
    assert seat_2.endswith(" This field is required.")
    assert not Match.objects.exists()


def test_eight_players_are_refused_when_the_house_rule_seats_seven(
    alice_client: Client, eight_players: list[Player]
) -> None:
    data = {**new_game_form(alice_client), **seated(eight_players, 8), "opt_max_players": "7"}

    page = alice_client.post(NEW, data)

    assert page.status_code == 200
    assert text(page, "div", class_="error") == "Mambassa is played by 2 to 7 players, not 8"
    assert form_values(page, "match-form") == data  # what was chosen is kept
    assert not Match.objects.exists()


def test_seven_players_sit_at_a_table_for_seven(alice_client: Client, eight_players: list[Player]) -> None:
    data = {**new_game_form(alice_client), **seated(eight_players, 7), "opt_max_players": "7"}

    alice_client.post(NEW, data)

    match = Match.objects.get()
    assert match.options == {**DEFAULTS, "max_players": 7}
    assert match.result["tokens"] == [3] * 7


# -- the table ----------------------------------------------------------------------------------------


def test_the_sheet_draws_the_table_with_each_players_tokens_and_the_pot(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa(deals=[{"payers": ["Bruno"]}, {"payers": ["Bruno", "Dario"]}])

    page = alice_client.get(sheet_url(match))

    assert page.status_code == 200
    assert count(page, "svg", role="img") == 1
    assert text(page, "title", id="table-title") == (
        "Lives and pot: Anna 3 tokens, Bruno 1 token, Carla 3 tokens, Dario 2 tokens; pot 7; Carla deals next"
    )
    assert table(page) == ([3, 1, 3, 2], 7)
    # Each player's place shows a coin per token, an empty ring per life lost, and the number.
    assert [text(seat, "text", class_="count") for seat in elements(page, "g", class_="seat")] == [
        "3",
        "1",
        "3",
        "2",
    ]
    (bruno,) = elements(page, "g", class_="seat", data_seat="1")
    assert count(bruno, "circle", class_="token") == 1
    assert count(bruno, "circle", class_="lost") == 2
    (pot,) = elements(page, "g", class_="pot")
    assert count(pot, "circle", class_="token") == 7
    assert text(pot, "text", class_="pot-label") == "pot 7"
    # Anna dealt deal 1, Bruno deal 2: Carla deals next, and the table marks her.
    assert "dealer" in classes(page, 2)
    assert text(page, "p", class_="next") == "Carla deals"


# -- quick entry: who pays ----------------------------------------------------------------------------


def test_one_payer_moves_one_token_into_the_pot(alice_client: Client, make_mambassa: MakeMambassa) -> None:
    match = make_mambassa()

    response = alice_client.post(post_url(match), quick(1))

    assert response.status_code == 302
    assert response["Location"] == sheet_url(match)
    assert entries(match) == [{"payers": ["Bruno"]}]
    page = alice_client.get(sheet_url(match))
    assert table(page) == ([3, 2, 3, 3], 5)
    assert explained(page, 1) == ["Bruno pays."]
    assert texts(logged(page, 1), "p", class_="tokens") == ["Anna 3 Bruno 2 Carla 3 Dario 3"]


def test_two_tied_payers_each_pay_a_token(alice_client: Client, make_mambassa: MakeMambassa) -> None:
    match = make_mambassa()

    alice_client.post(post_url(match), quick(1, 3))

    assert entries(match) == [{"payers": ["Bruno", "Dario"]}]
    page = alice_client.get(sheet_url(match))
    assert table(page) == ([3, 2, 3, 2], 6)
    assert explained(page, 1) == ["Bruno and Dario pay."]


def test_nobody_ticked_without_a_mambassa_is_refused(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa()

    page = alice_client.post(post_url(match), quick())

    assert page.status_code == 422
    assert errors(page) == ["Deal 1: tap who pays: the lowest hand, or every tied lowest hand"]
    assert entries(match) == []


def test_a_mambassa_with_who_pays_left_empty_makes_everyone_else_pay(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa()

    alice_client.post(post_url(match), quick(mambassa=2))

    assert entries(match) == [{"payers": ["Anna", "Bruno", "Dario"], "mambassa": "Carla"}]
    page = alice_client.get(sheet_url(match))
    assert table(page) == ([2, 2, 3, 2], 7)
    assert explained(page, 1) == ["Carla shows Mambassa: everyone else pays."]


def test_a_mambassa_with_who_pays_left_empty_charges_only_the_players_still_in(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    # One life each: Bruno pays deal 1 and is out; Carla's Mambassa then puts Anna and Dario out too.
    match = make_mambassa(lives=1, deals=[{"payers": ["Bruno"]}])

    alice_client.post(post_url(match), quick(mambassa=2))

    assert entries(match)[1] == {"payers": ["Anna", "Dario"], "mambassa": "Carla"}
    assert stored(match).result["winner"] == "Carla"


def test_a_mambassa_when_the_holder_pays_too_charges_everyone(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa(holder_pays=True)

    alice_client.post(post_url(match), quick(mambassa=2))

    assert entries(match) == [{"payers": ["Anna", "Bruno", "Carla", "Dario"], "mambassa": "Carla"}]
    page = alice_client.get(sheet_url(match))
    assert table(page) == ([2, 2, 2, 2], 8)
    assert explained(page, 1) == ["Carla shows Mambassa: everyone pays."]


def test_a_mambassa_with_the_wrong_payers_is_refused_with_the_rules_message(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa()
    version = stored(match).version

    page = alice_client.post(post_url(match), quick(1, mambassa=0))

    assert page.status_code == 422
    message = "Deal 1: with Anna's Mambassa these players pay: Bruno, Carla, Dario"
    assert errors(page) == [message]
    assert message in text(page, "fieldset", class_="payers")
    # What was chosen is kept.
    assert checked(page, "payers") == ["1"]
    assert form_values(page, "deal-form")["mambassa"] == "0"
    assert entries(match) == []
    assert stored(match).version == version


def test_quarantuno_gives_its_holder_a_token_back_from_the_pot(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa()

    alice_client.post(post_url(match), quick(1, quarantuno=2))

    assert entries(match) == [{"payers": ["Bruno"], "quarantuno": "Carla"}]
    page = alice_client.get(sheet_url(match))
    # Bruno's token goes in, Carla's comes out: she holds 4, more than her three lives.
    assert table(page) == ([3, 2, 4, 3], 4)
    assert explained(page, 1) == ["Bruno pays.", "Carla shows Quarantuno and takes a token from the pot."]


def test_mambassa_and_quarantuno_in_the_same_deal_are_refused(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa()

    page = alice_client.post(post_url(match), quick(mambassa=0, quarantuno=2))

    assert page.status_code == 422
    message = "Deal 1: Mambassa and Quarantuno cannot be shown in the same deal"
    assert errors(page) == [message]
    assert message in elements(page, "div", class_="invalid")[0]
    assert entries(match) == []


def test_with_two_players_left_only_one_pays(alice_client: Client, make_mambassa: MakeMambassa) -> None:
    match = make_mambassa(seats=2)

    page = alice_client.post(post_url(match), quick(0, 1))

    assert page.status_code == 422
    assert errors(page) == [
        "Deal 1: with two players left only one pays: on equal hands Bruno, who did not deal"
    ]
    assert entries(match) == []


@pytest.mark.parametrize(
    "named",
    [quick(1), quick(mambassa=1), quick(2, quarantuno=1)],
    ids=["payer", "mambassa", "quarantuno"],
)
def test_a_player_who_is_out_named_in_a_deal_is_refused_saying_when_he_went_out(
    named: dict[str, Any], alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    # One life each: Bruno pays deal 1 and is out. A second phone at the table still offers him.
    match = make_mambassa(lives=1, deals=[{"payers": ["Bruno"]}])
    version = stored(match).version

    page = alice_client.post(post_url(match), named)

    assert page.status_code == 422
    assert errors(page) == ["Deal 2: Bruno went out after deal 1 and cannot play"]
    assert entries(match) == [{"payers": ["Bruno"]}]
    assert stored(match).version == version


def test_a_player_who_is_out_is_no_longer_offered(alice_client: Client, make_mambassa: MakeMambassa) -> None:
    match = make_mambassa(lives=1, deals=[{"payers": ["Bruno"]}])

    page = alice_client.get(sheet_url(match))

    assert offered(page, "payers") == ["0", "2", "3"]
    assert texts(page, "select", name="mambassa") == ["nobody Anna Carla Dario"]
    assert texts(page, "select", name="quarantuno") == ["nobody Anna Carla Dario"]
    hands = [a["name"] for a in attributes(page, "input") if a.get("name", "").startswith("hand_")]
    assert hands == ["hand_0", "hand_2", "hand_3"]


# -- cards entry: the hands shown are judged -----------------------------------------------------------


def test_the_hands_shown_are_judged_and_the_log_says_who_pays_and_why(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa()

    response = alice_client.post(post_url(match), cards(*QUARANTUNO_HANDS))

    assert response.status_code == 302
    assert entries(match) == [QUARANTUNO_DEAL]
    page = alice_client.get(sheet_url(match))
    # Dario's 14 pays a token; Anna's Quarantuno takes one back.
    assert table(page) == ([4, 3, 3, 2], 4)
    assert explained(page, 1) == [
        "Dario pays: 14, the lowest.",
        "Anna shows Quarantuno and takes a token from the pot.",
    ]
    assert judged(logged(page, 1)) == [
        ("Anna Quarantuno of coppe", False),
        ("Bruno scala corta to the 7 of spade", False),
        ("Carla 16", False),
        ("Dario 14", True),
    ]


def test_the_log_says_why_the_lower_of_two_equal_combinations_pays(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa()

    alice_client.post(post_url(match), cards(*RUNS_HANDS))

    page = alice_client.get(sheet_url(match))
    assert table(page) == ([2, 3, 3, 3], 5)
    assert explained(page, 1) == [
        "Anna pays: scala corta to the 5 of coppe, the lowest.",
        "Bruno's scala corta to the 7 of spade beats Anna's scala corta to the 5 of coppe.",
    ]
    assert judged(logged(page, 1)) == [
        ("Anna scala corta to the 5 of coppe", True),
        ("Bruno scala corta to the 7 of spade", False),
        ("Carla tris of re", False),
        ("Dario scala lunga to the 4 of denari", False),
    ]


def test_cards_typed_in_lower_case_with_commas_are_read(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa()
    typed = [hand.lower().replace(" ", ", ") for hand in QUARANTUNO_HANDS]

    alice_client.post(post_url(match), cards(*typed))

    assert entries(match) == [QUARANTUNO_DEAL]


def test_the_next_deal_offers_the_cards_again_after_a_deal_entered_with_cards(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa(deals=[QUARANTUNO_DEAL])

    page = alice_client.get(sheet_url(match))

    assert checked(page, "mode") == ["cards"]
    assert [form_values(page, "deal-form")[f"hand_{seat}"] for seat in range(4)] == ["", "", "", ""]


def test_judging_the_hands_shows_them_and_stores_nothing(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa()
    version = stored(match).version

    page = alice_client.post(post_url(match), cards(*QUARANTUNO_HANDS, **JUDGE))

    assert page.status_code == 200
    (preview,) = elements(page, "section", class_="preview")
    assert judged(preview) == [
        ("Anna Quarantuno of coppe", False),
        ("Bruno scala corta to the 7 of spade", False),
        ("Carla 16", False),
        ("Dario 14", True),
    ]
    assert texts(preview, "p") == [
        "Dario pays: 14, the lowest.",
        "Anna shows Quarantuno and takes a token from the pot.",
    ]
    # The hands stay in the form, ready to be saved; the table has not moved.
    values = form_values(page, "deal-form")
    assert [values[f"hand_{seat}"] for seat in range(4)] == list(QUARANTUNO_HANDS)
    assert values["mode"] == "cards"
    assert table(page) == ([3, 3, 3, 3], 4)
    assert entries(match) == []
    assert stored(match).version == version


def test_judging_a_mambassa_says_everyone_else_pays(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa()

    hands = ("2D 3D 4D 5D", "1D 1S 1C 1B", "6S 7S FS 2B", "RC CC 3B 4B")

    page = alice_client.post(post_url(match), cards(*hands, **JUDGE))

    (preview,) = elements(page, "section", class_="preview")
    assert texts(preview, "p") == ["Bruno shows Mambassa: everyone else pays."]
    assert judged(preview) == [
        ("Anna scala lunga to the 5 of denari", True),
        ("Bruno Mambassa", False),
        ("Carla scala corta to the fante of spade", True),
        ("Dario 20", True),
    ]
    assert entries(match) == []


@pytest.mark.parametrize(
    ("dario", "message"),
    [
        ("2B 3B 5B 1S", "Deal 1: 1S is given to both Bruno and Dario"),
        ("2B 3B 5B", "Deal 1: Dario has 3 cards; a hand has 4"),
        ("2B 3B 5B XB", "Deal 1: Dario's XB is not a card: write rank and suit, like 1D or CC"),
        ("2B 3B 5B 5B", "Deal 1: 5B is given twice to Dario"),
        ("", "Deal 1: Dario has 0 cards; a hand has 4"),
    ],
    ids=["given-twice", "three-cards", "unknown-card", "twice-in-one-hand", "no-cards"],
)
@pytest.mark.parametrize("judge", [False, True], ids=["save", "judge"])
def test_a_hand_that_cannot_be_is_refused_next_to_that_players_field(
    dario: str, message: str, judge: bool, alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa()
    version = stored(match).version
    hands = ("FC CC RC 1C", "1S 6S 7S 2C", "3D 4D 6B RB", dario)

    page = alice_client.post(post_url(match), cards(*hands, **(JUDGE if judge else {})))

    assert page.status_code == 422
    assert hand_errors(page) == {3: [message]}
    assert errors(page) == [message]
    (row,) = elements(page, "div", class_="hand-row", data_seat="3")
    assert 'aria-invalid="true"' in row
    values = form_values(page, "deal-form")
    assert [values[f"hand_{seat}"] for seat in range(4)] == list(hands)
    assert count(page, "section", class_="preview") == 0
    assert entries(match) == []
    assert stored(match).version == version


def test_every_hand_that_cannot_be_is_refused_at_once(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa()

    page = alice_client.post(post_url(match), cards("FC CC RC 1C", "1S 6S 7S", "3D 4D 6B RB", "1C 2B 3B 4B"))

    assert hand_errors(page) == {
        1: ["Deal 1: Bruno has 3 cards; a hand has 4"],
        3: ["Deal 1: 1C is given to both Anna and Dario"],
    }
    assert entries(match) == []


# -- the end of the game -----------------------------------------------------------------------------


def everyone_but_anna(seats: int) -> dict[str, Any]:
    """A deal in which every player but Anna ties for the lowest hand."""
    return {"payers": NAMES[1:seats]}


@pytest.mark.parametrize(
    ("seats", "lives", "stake"),
    [(4, 3, 0.5), (3, 1, 2), (8, 2, 0.25)],
    ids=["4-players", "3-players-1-life", "8-players"],
)
def test_the_last_player_left_takes_the_pot_and_the_money(
    seats: int, lives: int, stake: float, alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa(seats, [everyone_but_anna(seats)] * (lives - 1), lives=lives, stake=stake)

    page = alice_client.post(post_url(match), quick(*range(1, seats)), follow=True)

    assert text(page, "section", class_="banner").startswith(f"Match over after deal {lives}")
    assert text(page, "p", class_="winners") == "Anna is the last player left and takes the pot."
    # Everyone brought lives + 1 tokens; the winner takes them all.
    brought = (lives + 1) * stake
    won = (lives + 1) * (seats - 1) * stake
    assert texts(page, "ul", class_="settlement") == [
        " ".join([f"Anna +€{won:.2f}", *(f"{name} −€{brought:.2f}" for name in NAMES[1:seats])])
    ]
    assert table(page) == ([(lives + 1) * seats] + [0] * (seats - 1), 0)
    assert "winner" in classes(page, 0)
    assert all("out" in classes(page, seat) for seat in range(1, seats))
    assert count(page, "form", id="deal-form") == 0
    assert stored(match).status == Match.Status.FINISHED


def test_without_a_stake_the_banner_names_the_winner_and_no_money(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa(3, [everyone_but_anna(3)], lives=1)

    page = alice_client.get(sheet_url(match))

    assert text(page, "p", class_="winners") == "Anna is the last player left and takes the pot."
    assert count(page, "ul", class_="settlement") == 0


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_a_deal_after_the_end_is_refused(
    headers: dict[str, str], alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa(3, [everyone_but_anna(3)], lives=1)
    version = stored(match).version

    page = alice_client.post(post_url(match), quick(0), headers=headers)

    assert errors(page) == ["Deal 2: the match ended after deal 1"]
    assert count(page, "form", id="deal-form") == 0
    assert text(page, "p", class_="winners") == "Anna is the last player left and takes the pot."
    assert len(entries(match)) == 1
    assert stored(match).version == version


def test_players_who_are_out_are_greyed_on_the_table_with_the_deal_they_went_out_after(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa(lives=1, deals=[{"payers": ["Bruno"]}, {"payers": ["Dario"]}])

    page = alice_client.get(sheet_url(match))

    assert table(page) == ([1, 0, 1, 0], 6)
    assert ["out" in classes(page, seat) for seat in range(4)] == [False, True, False, True]
    assert [seat.get("data-out-after") for seat in seats_drawn(page)] == [None, "1", None, "2"]
    for seat, note in [(1, "out after deal 1"), (3, "out after deal 2")]:
        (place,) = elements(page, "g", class_="seat", data_seat=str(seat))
        assert texts(place, "text", class_="out-note") == [note]
    assert count(page, "text", class_="out-note") == 2
    assert explained(page, 1) == ["Bruno pays.", "Bruno is out."]
    # The deal skips those who are out: Anna, then Carla, then Anna again.
    assert text(logged(page, 2), "small") == "Carla dealt · pot 6"
    assert text(page, "p", class_="next") == "Anna deals"
    assert "Bruno out, Carla 1 token, Dario out" in text(page, "title", id="table-title")


# -- correcting an earlier deal ------------------------------------------------------------------------


def test_the_edit_page_shows_a_quick_deal_as_it_was_entered(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa(deals=[{"payers": ["Bruno", "Dario"], "quarantuno": "Anna"}])

    page = alice_client.get(edit_url(match, 1))

    assert page.status_code == 200
    assert text(page, "h2") == "Correct deal 1"
    assert checked(page, "mode") == ["quick"]
    assert checked(page, "payers") == ["1", "3"]
    values = form_values(page, "deal-form")
    assert (values["mambassa"], values["quarantuno"], values["dealer"]) == ("", "0", "0")
    # A plain form: the correction goes to the edit page, not through htmx into a sheet.
    (form,) = [a for a in attributes(page, "form") if a.get("id") == "deal-form"]
    assert form["action"] == edit_url(match, 1)
    assert "hx-post" not in form


def test_the_edit_page_shows_a_cards_deal_as_it_was_entered(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa(deals=[{"payers": ["Bruno"]}, QUARANTUNO_DEAL])

    page = alice_client.get(edit_url(match, 2))

    assert checked(page, "mode") == ["cards"]
    values = form_values(page, "deal-form")
    assert [values[f"hand_{seat}"] for seat in range(4)] == list(QUARANTUNO_HANDS)
    assert values["dealer"] == "1"  # Bruno dealt deal 2


def test_judging_the_hands_of_a_correction_shows_them_and_changes_nothing(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa(deals=[QUARANTUNO_DEAL, {"payers": ["Dario"]}])
    version = stored(match).version

    page = alice_client.post(edit_url(match, 1), cards(*RUNS_HANDS, **JUDGE))

    assert page.status_code == 200
    (preview,) = elements(page, "section", class_="preview")
    assert texts(preview, "p")[0] == "Anna pays: scala corta to the 5 of coppe, the lowest."
    # The new hands stay in the form, ready to be saved as the correction; nothing moved.
    values = form_values(page, "deal-form")
    assert [values[f"hand_{seat}"] for seat in range(4)] == list(RUNS_HANDS)
    assert texts(page, "button", class_="primary") == ["Save the correction"]
    assert entries(match) == [QUARANTUNO_DEAL, {"payers": ["Dario"]}]
    assert stored(match).version == version


def test_correcting_a_quick_deal_replays_the_later_deals(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    # Two lives: Bruno pays deals 1 and 2 and is out; Carla pays deal 3.
    match = make_mambassa(
        lives=2, deals=[{"payers": ["Bruno"]}, {"payers": ["Bruno"]}, {"payers": ["Carla"]}]
    )
    assert table(alice_client.get(sheet_url(match))) == ([2, 0, 1, 2], 7)

    # It was Dario who paid deal 1: Bruno has lost one life only and is still in.
    response = alice_client.post(edit_url(match, 1), quick(3))

    assert response.status_code == 302
    assert response["Location"] == f"{sheet_url(match)}#deal-1"
    assert entries(match) == [{"payers": ["Dario"]}, {"payers": ["Bruno"]}, {"payers": ["Carla"]}]
    page = alice_client.get(sheet_url(match))
    assert text(page, "ul", class_="messages") == "Deal 1 corrected: Dario pays."
    assert table(page) == ([2, 1, 1, 1], 7)
    assert not any("out" in classes(page, seat) for seat in range(4))
    assert explained(page, 2) == ["Bruno pays."]
    assert offered(page, "payers") == ["0", "1", "2", "3"]
    assert text(page, "p", class_="next") == "Dario deals"


def test_correcting_a_cards_deal_judges_the_new_hands_and_replays(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa(deals=[QUARANTUNO_DEAL, {"payers": ["Dario"]}])
    assert table(alice_client.get(sheet_url(match))) == ([4, 3, 3, 1], 5)

    response = alice_client.post(edit_url(match, 1), cards(*RUNS_HANDS))

    assert response.status_code == 302
    page = alice_client.get(sheet_url(match))
    # Now Anna's scala corta to the 5 pays, and nobody takes a token back.
    assert table(page) == ([2, 3, 3, 2], 6)
    assert explained(page, 1)[0] == "Anna pays: scala corta to the 5 of coppe, the lowest."
    assert entries(match)[0] == {"hands": [hand.split() for hand in RUNS_HANDS]}


def test_a_correction_that_leaves_a_later_payer_out_is_refused(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    deals = [{"payers": ["Bruno"]}, {"payers": ["Carla"]}, {"payers": ["Bruno"]}]
    match = make_mambassa(lives=2, deals=deals)
    version = stored(match).version

    # Bruno paying deal 2 as well would put him out before deal 3, which he pays.
    page = alice_client.post(edit_url(match, 2), quick(1))

    assert page.status_code == 422
    message = "Deal 3: Bruno went out after deal 2 and cannot play"
    assert errors(page) == [message]
    # Said above the form: deal 2's payers are not what is wrong.
    assert message in text(page, "div", class_="error")
    assert message not in text(page, "fieldset", class_="payers")
    assert checked(page, "payers") == ["1"]
    assert entries(match) == deals
    assert stored(match).version == version


def test_a_correction_with_a_card_given_twice_is_refused_next_to_that_player(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa(deals=[QUARANTUNO_DEAL])
    hands = (*QUARANTUNO_HANDS[:3], "1S 3S 7D RC")

    page = alice_client.post(edit_url(match, 1), cards(*hands))

    assert page.status_code == 422
    assert hand_errors(page) == {3: ["Deal 1: RC is given to both Anna and Dario"]}
    assert form_values(page, "deal-form")["hand_3"] == "1S 3S 7D RC"
    assert entries(match) == [QUARANTUNO_DEAL]


# -- htmx -----------------------------------------------------------------------------------------------


def test_an_htmx_post_returns_only_the_sheet_with_the_table_moved(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa()

    response = alice_client.post(post_url(match), quick(1), headers=HTMX)

    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="sheet">')
    assert "<html" not in html
    assert entries(match) == [{"payers": ["Bruno"]}]
    assert table(html) == ([3, 2, 3, 3], 5)
    assert "Deal 2" in texts(html, "h2")
    assert checked(html, "payers") == []  # a fresh form
    assert text(html, "p", class_="next") == "Bruno deals"


def test_an_htmx_refusal_returns_the_sheet_with_the_message_and_the_hands_typed(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa()
    hands = (*QUARANTUNO_HANDS[:3], "1S 3S 7D")

    html = alice_client.post(post_url(match), cards(*hands), headers=HTMX).content.decode()

    assert html.lstrip().startswith('<div id="sheet">')
    assert hand_errors(html) == {3: ["Deal 1: Dario has 3 cards; a hand has 4"]}
    assert form_values(html, "deal-form")["hand_3"] == "1S 3S 7D"
    assert entries(match) == []


def test_judging_the_hands_through_htmx_returns_the_sheet_with_the_judgement(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa()

    html = alice_client.post(post_url(match), cards(*RUNS_HANDS, **JUDGE), headers=HTMX).content.decode()

    assert html.lstrip().startswith('<div id="sheet">')
    (preview,) = elements(html, "section", class_="preview")
    assert texts(preview, "p")[0] == "Anna pays: scala corta to the 5 of coppe, the lowest."
    assert form_values(html, "deal-form")["hand_0"] == RUNS_HANDS[0]
    assert entries(match) == []


def test_the_deal_that_ends_the_game_through_htmx_returns_the_banner(
    alice_client: Client, make_mambassa: MakeMambassa
) -> None:
    match = make_mambassa(3, lives=1, stake=1)

    html = alice_client.post(post_url(match), quick(1, 2), headers=HTMX).content.decode()

    assert html.lstrip().startswith('<div id="sheet">')
    assert text(html, "p", class_="winners") == "Anna is the last player left and takes the pot."
    assert texts(html, "ul", class_="settlement") == ["Anna +€4.00 Bruno −€2.00 Carla −€2.00"]
    assert count(html, "form", id="deal-form") == 0


# -- another account ----------------------------------------------------------------------------------


def test_another_account_cannot_see_or_change_a_mambassa_game(
    bob_client: Client, make_mambassa: MakeMambassa, bob: User
) -> None:
    match = make_mambassa(deals=[{"payers": ["Bruno"]}])
    version = stored(match).version

    assert bob_client.get(sheet_url(match)).status_code == 404
    assert bob_client.post(post_url(match), quick(2)).status_code == 404
    assert bob_client.post(post_url(match), cards(*QUARANTUNO_HANDS, **JUDGE)).status_code == 404
    assert bob_client.get(edit_url(match, 1)).status_code == 404
    assert bob_client.post(edit_url(match, 1), quick(3)).status_code == 404
    assert bob_client.post(reverse("deal_delete", args=[match.pk, 1])).status_code == 404
    assert entries(match) == [{"payers": ["Bruno"]}]
    assert stored(match).version == version
