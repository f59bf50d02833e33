"""Whist on the web: a new rubber, the two-column sheet, a deal entered by taps, corrections, the payment.

The points are worked out by hand from docs/rules.md, section 7: each trick over six scores
1, three honours 2 and four 3 (honours after tricks; none for a pair that starts the deal on 4); a
game is 5 points, worth 3 when the opponents have 0, 2 when they have 1 or 2, 1 otherwise; two
games win the rubber and 2 more points; the losers pay the difference times the stake.
Anna & Carla are the first pair (seats 0 and 2), Bruno & Dario the second.
"""

from __future__ import annotations

from collections.abc import Callable
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.core import Refused
from matches import services
from matches.models import Match, Player

from .pages import count, form_values, text, texts
from .results import replayed
from .typed import as_typed

MakeWhist = Callable[..., Match]
HTMX = {"HX-Request": "true"}
NEW = reverse("match_new")
FIRST, SECOND = "Anna & Carla", "Bruno & Dario"
DEFAULTS = {
    "stake": 0,
    "four_honours": 3,
    "honour_cutoff": "start_of_deal",
    "game_points": 5,
    "rubber_bonus": 2,
    "stake_basis": "pair",
    "revoke_penalty": "none",
}


def taps(tricks: int | str, honours: int | str, **extra: Any) -> dict[str, str]:
    """What the entry form posts: the tricks and honours tapped for Anna & Carla."""
    return {"tricks": str(tricks), "honours": str(honours), **{k: str(v) for k, v in extra.items()}}


def entry(tricks: int, honours: int, **extra: Any) -> dict[str, Any]:
    """The deal as stored: Bruno & Dario have the rest of the 13 tricks and the 4 honours."""
    return {"tricks": [tricks, 13 - tricks], "honours": [honours, 4 - honours], **extra}


# Anna & Carla: 9 tricks (3) and 3 honours (2) make 5 from 0-0, a treble.
TREBLE = entry(9, 3)
# Bruno & Dario: 9 tricks (3), honours 2-2: 0-3.
BRUNO_3 = entry(4, 2)
# Anna & Carla: 11 tricks (5) from 0-3: a single.
SINGLE = entry(11, 2)
# A rubber won in two games: a treble and a single, 3 + 1 + 2 = 6 points to 0.
TWO_GAMES = (TREBLE, BRUNO_3, SINGLE)


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


def errors(page: Any) -> list[str]:
    return texts(page, "p", class_="error")


class _Games(HTMLParser):
    """Each ``g.game`` of the sheet: its number, winner, last score and the value under its line."""

    def __init__(self) -> None:
        super().__init__()
        self.games: list[dict[str, str]] = []
        self.inside = False
        self.value: list[str] | None = None

    def handle_starttag(self, tag: str, attr_list: list[tuple[str, str | None]]) -> None:
        attrs = dict(attr_list)
        if tag == "g" and "game" in (attrs.get("class") or "").split():
            self.inside = True
            self.games.append(
                {
                    "game": attrs.get("data-game") or "",
                    "winner": attrs.get("data-winner") or "",
                    "score": attrs.get("data-score") or "",
                    "value": "",
                    "value_side": "",
                }
            )
        elif self.inside and tag == "text" and attrs.get("class") == "value":
            self.value = []
            self.games[-1]["value_side"] = attrs.get("data-pair") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "g":
            self.inside = False
        elif tag == "text" and self.value is not None:
            self.games[-1]["value"] = " ".join("".join(self.value).split())
            self.value = None

    def handle_data(self, data: str) -> None:
        if self.value is not None:
            self.value.append(data)


def sheet_games(page: Any) -> list[tuple[str, str, str, str, str]]:
    """The games on the sheet as (number, winner, score, value, side of the value); "" when none."""
    parser = _Games()
    parser.feed(page if isinstance(page, str) else page.content.decode())
    return [(g["game"], g["winner"], g["score"], g["value"], g["value_side"]) for g in parser.games]


def tapped(page: Any) -> dict[str, str]:
    """What the entry form would send of the deal itself (not the hidden bookkeeping fields)."""
    values = form_values(page, "deal-form")
    return {key: values[key] for key in ("tricks", "honours", "revoke", "dealer") if key in values}


def rubber_state(page: Any) -> str:
    return text(page, "p", class_="rubber-state")


# -- a new rubber ------------------------------------------------------------------------------------


def test_the_new_match_page_for_whist_has_four_seats_and_the_house_rules_at_their_defaults(
    alice_client: Client, players: list[Player]
) -> None:
    page = alice_client.get(NEW, {"game": "whist"})

    assert text(page, "a", aria_current="true") == "Whist"
    assert form_values(page, "match-form") == {
        "game": "whist",
        **{f"seat_{seat}": "" for seat in range(4)},
        "first_dealer": "0",
        "opt_stake": "0",
        "opt_four_honours": "3",
        "opt_honour_cutoff": "start_of_deal",
        "opt_game_points": "5",
        "opt_rubber_bonus": "2",
        "opt_stake_basis": "pair",
        "opt_revoke_penalty": "none",
    }
    assert count(page, "select", id="id_seat_4") == 0


def test_a_rubber_created_with_the_defaults_stores_them_and_opens_its_sheet(
    alice_client: Client, players: list[Player]
) -> None:
    data = form_values(alice_client.get(NEW, {"game": "whist"}), "match-form")
    data.update({f"seat_{seat}": str(player.pk) for seat, player in enumerate(players)})

    response = alice_client.post(NEW, data)

    match = Match.objects.get()
    assert response.status_code == 302
    assert response["Location"] == sheet_url(match)
    assert match.game == "whist"
    assert match.options == DEFAULTS
    assert [seat.player.name for seat in match.seats.all()] == ["Anna", "Bruno", "Carla", "Dario"]


def test_a_rubber_created_with_changed_house_rules_stores_them(
    alice_client: Client, players: list[Player]
) -> None:
    data = form_values(alice_client.get(NEW, {"game": "whist"}), "match-form")
    data.update({f"seat_{seat}": str(player.pk) for seat, player in enumerate(players)})
    data.update(
        opt_stake="0.50",
        opt_four_honours="4",
        opt_stake_basis="player",
        opt_revoke_penalty="three_points",
        opt_game_points="7",
    )

    alice_client.post(NEW, data)

    assert Match.objects.get().options == {
        **DEFAULTS,
        "stake": 0.5,
        "four_honours": 4,
        "stake_basis": "player",
        "revoke_penalty": "three_points",
        "game_points": 7,
    }


def test_a_rubber_needs_four_players(alice_client: Client, players: list[Player]) -> None:
    data = form_values(alice_client.get(NEW, {"game": "whist"}), "match-form")
    data.update({f"seat_{seat}": str(player.pk) for seat, player in enumerate(players[:3])})

    page = alice_client.post(NEW, data)

    assert page.status_code == 200
    # The one field in error is the empty fourth seat.
    invalid = text(page, "div", class_="invalid")
    assert invalid.startswith("Seat 4")
    assert invalid.endswith("This field is required.")
    assert not Match.objects.exists()


# -- the sheet ---------------------------------------------------------------------------------------


def test_the_sheet_names_the_pairs_and_says_who_deals_and_who_leads(
    alice_client: Client, make_whist: MakeWhist
) -> None:
    page = alice_client.get(sheet_url(make_whist()))

    assert page.status_code == 200
    assert count(page, "svg", class_="whist-sheet", role="img") == 1
    assert texts(page, "text", class_="pair-name") == [FIRST, SECOND]
    assert text(page, "title", id="whist-title") == (
        "Whist sheet: Anna & Carla 0 games, 0 points; Bruno & Dario 0 games, 0 points; "
        "this game 0 to 0; Anna deals next"
    )
    assert rubber_state(page) == "Games: Anna & Carla 0 – 0 Bruno & Dario"
    # AMB-32: the player to the dealer's right leads, and the deal passes to the right.
    assert text(page, "p", class_="next") == "Anna deals · Bruno leads"
    assert texts(page, "legend") == ["Tricks won by Anna & Carla", "Honours held by Anna & Carla"]
    assert sheet_games(page) == [("1", "", "0,0", "", "")]
    assert text(page, "p", class_="empty") == "No deals yet."


def test_the_entry_form_offers_taps_for_0_to_13_tricks_and_0_to_4_honours_and_no_revoke(
    alice_client: Client, make_whist: MakeWhist
) -> None:
    page = alice_client.get(sheet_url(make_whist()))

    assert texts(page, "div", class_="tricks") == [" ".join(str(n) for n in range(14))]
    assert texts(page, "div", class_="honours") == ["0 1 2 3 4"]
    # No tricks tapped yet, two honours each (none scored); the revoke exists only with a revoke
    # penalty among the house rules.
    assert tapped(page) == {"honours": "2", "dealer": "0"}


def test_a_deal_entered_by_taps_scores_tricks_then_honours_and_wins_a_treble(
    alice_client: Client, make_whist: MakeWhist
) -> None:
    match = make_whist()

    response = alice_client.post(post_url(match), taps(9, 3))

    assert response.status_code == 302
    assert response["Location"] == sheet_url(match)
    assert entries(match) == [TREBLE]
    deal = replayed(match)["deals"][0]
    assert deal["trick_points"] == [3, 0]
    assert deal["honour_points"] == [2, 0]
    assert deal["game"] == {"winner": 0, "opponents_score": 0, "game_points": 3}

    page = alice_client.get(sheet_url(match))
    assert text(page, "td", class_="took") == "5 +3 tricks +2 for honours game +3"
    assert sheet_games(page) == [("1", "0", "5,0", "treble 3", "0"), ("2", "", "0,0", "", "")]
    assert rubber_state(page) == "Games: Anna & Carla 1 – 0 Bruno & Dario"
    assert text(page, "p", class_="next") == "Bruno deals · Carla leads"
    assert "Deal 2" in texts(page, "h2")


def test_a_deal_without_a_game_pencils_each_pairs_running_score(
    alice_client: Client, make_whist: MakeWhist
) -> None:
    match = make_whist()

    # Bruno & Dario: 7 tricks (1) and 3 honours (2); then Anna & Carla 8 tricks (2).
    alice_client.post(post_url(match), taps(6, 1))
    alice_client.post(post_url(match), taps(8, 2))

    page = alice_client.get(sheet_url(match))
    assert sheet_games(page) == [("1", "", "2,3", "", "")]
    assert texts(page, "text", class_="points", data_pair="1") == ["3"]
    assert texts(page, "text", class_="points", data_pair="0") == ["2"]
    assert texts(page, "span", class_="total") == ["2", "3", "0", "3"]  # newest deal first
    assert rubber_state(page) == "Games: Anna & Carla 0 – 0 Bruno & Dario"


def test_the_table_may_choose_another_dealer(alice_client: Client, make_whist: MakeWhist) -> None:
    match = make_whist()

    alice_client.post(post_url(match), taps(6, 2, dealer=2))

    assert entries(match) == [entry(6, 2, dealer="Carla")]
    # The deal passes on from Carla, to the player on her right.
    assert text(alice_client.get(sheet_url(match)), "p", class_="next") == "Dario deals · Anna leads"


# -- what is refused ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "messages", "kept"),
    [
        (taps(14, 3), ["Tricks go from 0 to 13."], {"honours": "3"}),
        (taps(-1, 3), ["Tricks go from 0 to 13."], {"honours": "3"}),
        (taps(9, 5), ["Honours go from 0 to 4."], {"tricks": "9"}),
        (taps(9, -1), ["Honours go from 0 to 4."], {"tricks": "9"}),
        ({"honours": "3"}, ["Tap the tricks Anna & Carla won."], {"honours": "3"}),
        ({"tricks": "9"}, ["Tap how many honours Anna & Carla held (0 to 4)."], {"tricks": "9"}),
        (
            {},
            ["Tap the tricks Anna & Carla won.", "Tap how many honours Anna & Carla held (0 to 4)."],
            {},
        ),
    ],
    ids=["14-tricks", "minus-1-trick", "5-honours", "minus-1-honour", "no-tricks", "no-honours", "no-taps"],
)
def test_an_impossible_or_missing_tap_is_refused_with_a_message_and_nothing_is_stored(
    data: dict[str, str],
    messages: list[str],
    kept: dict[str, str],
    alice_client: Client,
    make_whist: MakeWhist,
) -> None:
    match = make_whist()
    version = stored(match).version

    page = alice_client.post(post_url(match), data)

    assert page.status_code == 422
    assert errors(page) == messages
    values = form_values(page, "deal-form")
    assert {key: values[key] for key in ("tricks", "honours") if key in values} == kept
    assert entries(match) == []
    assert stored(match).version == version
    assert sheet_games(page) == [("1", "", "0,0", "", "")]


def test_a_deal_after_the_rubber_is_won_is_refused(alice_client: Client, make_whist: MakeWhist) -> None:
    match = make_whist(deals=TWO_GAMES)

    page = alice_client.post(post_url(match), taps(9, 3))

    assert page.status_code == 422
    assert text(page, "div", class_="error") == "Deal 4: the match ended after deal 3"
    assert entries(match) == list(TWO_GAMES)


# -- the revoke ----------------------------------------------------------------------------------------


def test_without_a_revoke_penalty_the_engine_refuses_a_revoke_and_the_form_has_none(
    alice_client: Client, alice: User, make_whist: MakeWhist
) -> None:
    match = make_whist()

    with pytest.raises(Refused) as refused:
        services.deal_record(match=match, entry={**TREBLE, "revoke": 1}, author=alice)

    assert [str(problem) for problem in refused.value.problems] == [
        "deal 1: this rubber is played without a revoke penalty"
    ]
    assert entries(match) == []
    # The page offers no revoke; one posted all the same is not part of the deal.
    page = alice_client.get(sheet_url(match))
    assert count(page, "select", name="revoke") == 0
    alice_client.post(post_url(match), taps(9, 3, revoke=1))
    assert entries(match) == [TREBLE]


def test_with_a_revoke_penalty_the_form_asks_which_pair_revoked(
    alice_client: Client, make_whist: MakeWhist
) -> None:
    page = alice_client.get(sheet_url(make_whist(revoke_penalty="three_points")))

    assert texts(page, "select", name="revoke") == [f"nobody {FIRST} {SECOND}"]
    assert form_values(page, "deal-form")["revoke"] == ""


def test_a_revoke_gives_the_opponents_3_points_before_the_tricks(
    alice_client: Client, make_whist: MakeWhist
) -> None:
    # Bruno & Dario: 8 tricks (2). Then Anna & Carla take every trick and hold every honour, but
    # revoke: Bruno & Dario's 3 points come first and win them the game; nothing else is scored.
    match = make_whist(deals=[entry(5, 2)], revoke_penalty="three_points")

    response = alice_client.post(post_url(match), taps(13, 4, revoke=0))

    assert response.status_code == 302
    assert entries(match)[1] == entry(13, 4, revoke=0)
    deal = replayed(match)["deals"][1]
    assert deal["trick_points"] == [0, 0]
    assert deal["honour_points"] == [0, 0]
    assert deal["score"] == [0, 5]
    assert deal["game"] == {"winner": 1, "opponents_score": 0, "game_points": 3}
    page = alice_client.get(sheet_url(match))
    assert sheet_games(page)[0] == ("1", "1", "0,5", "treble 3", "1")
    assert rubber_state(page) == "Games: Anna & Carla 0 – 1 Bruno & Dario"
    # The deal table says who revoked and where the 3 points came from.
    assert texts(page, "small", class_="revoke") == ["revoked", "+3 for the revoke"]


def test_the_revoking_pair_stops_one_point_short_of_the_game(
    alice_client: Client, make_whist: MakeWhist
) -> None:
    match = make_whist(revoke_penalty="three_points")

    # Bruno & Dario revoke: Anna & Carla get 3, then 3 for 9 tricks: 6, a treble.
    alice_client.post(post_url(match), taps(9, 3, revoke=1))
    # Anna & Carla revoke: Bruno & Dario get 3; Anna & Carla's 7 tricks and 4 honours stop at 4.
    alice_client.post(post_url(match), taps(13, 4, revoke=0))

    result = replayed(match)
    assert [d["score"] for d in result["deals"]] == [[6, 0], [4, 3]]
    assert [d["game"] for d in result["deals"]] == [
        {"winner": 0, "opponents_score": 0, "game_points": 3},
        None,
    ]
    assert sheet_games(alice_client.get(sheet_url(match)))[1] == ("2", "", "4,3", "", "")


# -- games and the rubber ------------------------------------------------------------------------------


def test_the_sheet_after_each_game_shows_its_value_on_the_winners_side(
    alice_client: Client, make_whist: MakeWhist
) -> None:
    match = make_whist()

    alice_client.post(post_url(match), taps(9, 3))  # Anna & Carla 5-0: treble
    page = alice_client.get(sheet_url(match))
    assert sheet_games(page) == [("1", "0", "5,0", "treble 3", "0"), ("2", "", "0,0", "", "")]

    alice_client.post(post_url(match), taps(6, 1))  # Bruno & Dario 7 tricks (1), 3 honours (2): 0-3
    alice_client.post(post_url(match), taps(8, 2))  # Anna & Carla 8 tricks (2): 2-3
    alice_client.post(post_url(match), taps(5, 2))  # Bruno & Dario 8 tricks (2): 2-5, a double
    page = alice_client.get(sheet_url(match))
    assert sheet_games(page) == [
        ("1", "0", "5,0", "treble 3", "0"),
        ("2", "1", "2,5", "double 2", "1"),
        ("3", "", "0,0", "", ""),
    ]
    assert texts(page, "text", class_="points", data_pair="1") == ["3", "5"]
    assert rubber_state(page) == "Games: Anna & Carla 1 – 1 Bruno & Dario"
    assert count(page, "section", class_="banner") == 0
    assert count(page, "g", class_="totals") == 0

    # Anna & Carla 7 tricks (1), 4 honours (3): 4-0; on 4 their honours no longer count: 8 tricks win.
    alice_client.post(post_url(match), taps(7, 4))
    alice_client.post(post_url(match), taps(8, 4))
    page = alice_client.get(sheet_url(match))
    assert sheet_games(page)[2] == ("3", "0", "6,0", "treble 3", "0")
    assert replayed(match)["deals"][5]["honour_points"] == [0, 0]
    assert text(page, "section", class_="banner").startswith("Anna & Carla win the rubber")
    # 3 + 3 + 2 for the rubber against 2.
    assert count(page, "g", class_="totals", data_totals="8,2") == 1


def test_a_rubber_won_in_two_games_names_the_winners_the_totals_and_the_payment(
    alice_client: Client, make_whist: MakeWhist
) -> None:
    match = make_whist(deals=TWO_GAMES[:2], stake=0.5)

    alice_client.post(post_url(match), taps(11, 2))

    page = alice_client.get(sheet_url(match))
    assert text(page, "section", class_="banner") == (
        "Anna & Carla win the rubber "
        "Points 6 to 0, the rubber bonus included. "
        "Bruno & Dario pay 6 points: €3.00"
    )
    assert text(page, "p", class_="losers") == "Bruno & Dario pay 6 points: €3.00"
    assert sheet_games(page) == [("1", "0", "5,0", "treble 3", "0"), ("2", "0", "5,3", "single 1", "0")]
    assert rubber_state(page) == "Games: Anna & Carla 2 – 0 Bruno & Dario"
    # Under the double line: the rubber bonus on the winners' side, the totals, what the losers pay.
    assert count(page, "g", class_="rubber", data_winner="0") == 1
    assert text(page, "text", class_="bonus", data_pair="0") == "rubber 2"
    assert count(page, "g", class_="totals", data_totals="6,0") == 1
    assert texts(page, "text", class_="total") == ["total 6", "total 0"]
    assert text(page, "text", class_="pays", data_pair="1") == "pays 6"
    assert count(page, "form", id="deal-form") == 0
    result = replayed(match)
    assert stored(match).status == "finished"
    assert result["rubber_winner"] == 0
    assert result["totals"] == [6, 0]
    assert result["settlement"] == {
        "stake": 0.5,
        "points": 6,
        "payer": 1,
        "payee": 0,
        "amount": 3.0,
        "total": 3.0,
    }


def test_with_a_stake_per_player_each_loser_pays_so_the_pair_pays_twice(
    alice_client: Client, make_whist: MakeWhist
) -> None:
    match = make_whist(deals=TWO_GAMES, stake=0.5, stake_basis="player")

    page = alice_client.get(sheet_url(match))

    assert text(page, "p", class_="losers") == (
        "Bruno & Dario pay 6 points: €6.00 (€3.00 each, to the winner on their right)"
    )
    assert stored(match).result["settlement"]["total"] == 6.0


def test_without_a_stake_the_banner_gives_the_points_only(
    alice_client: Client, make_whist: MakeWhist
) -> None:
    page = alice_client.get(sheet_url(make_whist(deals=TWO_GAMES)))

    assert text(page, "p", class_="losers") == "Bruno & Dario pay 6 points"


def test_without_a_rubber_bonus_the_winners_of_the_rubber_may_be_the_ones_who_pay(
    alice_client: Client, make_whist: MakeWhist
) -> None:
    # Bruno & Dario win a treble; Anna & Carla two singles (the opponents on 3 each time), and
    # with no bonus the rubber is theirs at 2 points to 3: they pay the 1 point of difference.
    bruno_treble = entry(4, 1)
    singles = [BRUNO_3, SINGLE, BRUNO_3, SINGLE]

    page = alice_client.get(sheet_url(make_whist(deals=[bruno_treble, *singles], stake=1, rubber_bonus=0)))

    banner = text(page, "section", class_="banner")
    assert banner.startswith("Anna & Carla win the rubber Points 2 to 3, the rubber bonus included.")
    assert text(page, "p", class_="losers") == "Anna & Carla pay 1 point: €1.00"


def test_a_rubber_begun_on_paper_starts_from_its_games_and_score(
    alice_client: Client, make_whist: MakeWhist
) -> None:
    match = make_whist(start={"score": [3, 0], "games": [{"winner": 1, "game_points": 2}]})

    page = alice_client.get(sheet_url(match))
    assert sheet_games(page) == [("1", "1", "0,0", "double 2", "1"), ("2", "", "3,0", "", "")]
    assert rubber_state(page) == "Games: Anna & Carla 0 – 1 Bruno & Dario"

    # Anna & Carla: 8 tricks (2) on 3 make 5 with the opponents on 0: a treble.
    alice_client.post(post_url(match), taps(8, 2))

    page = alice_client.get(sheet_url(match))
    assert sheet_games(page)[1] == ("2", "0", "5,0", "treble 3", "0")
    assert texts(page, "text", class_="points", data_pair="0") == ["3", "5"]
    assert rubber_state(page) == "Games: Anna & Carla 1 – 1 Bruno & Dario"


# -- htmx ----------------------------------------------------------------------------------------------


def test_an_htmx_post_of_a_deal_returns_only_the_sheet_with_a_fresh_form(
    alice_client: Client, make_whist: MakeWhist
) -> None:
    match = make_whist()

    response = alice_client.post(post_url(match), taps(9, 3), headers=HTMX)

    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="sheet">')
    assert "<html" not in html
    assert entries(match) == [TREBLE]
    assert "Deal 2" in texts(html, "h2")
    assert tapped(html) == {"honours": "2", "dealer": "1"}
    assert sheet_games(html)[0] == ("1", "0", "5,0", "treble 3", "0")


def test_an_htmx_post_of_a_missing_tap_returns_the_sheet_with_the_message(
    alice_client: Client, make_whist: MakeWhist
) -> None:
    match = make_whist()

    response = alice_client.post(post_url(match), {"tricks": "9"}, headers=HTMX)

    html = response.content.decode()
    assert "<html" not in html
    assert errors(html) == ["Tap how many honours Anna & Carla held (0 to 4)."]
    assert form_values(html, "deal-form")["tricks"] == "9"
    assert entries(match) == []


def test_an_htmx_post_that_wins_the_rubber_returns_the_banner(
    alice_client: Client, make_whist: MakeWhist
) -> None:
    match = make_whist(deals=TWO_GAMES[:2], stake=0.5)

    html = alice_client.post(post_url(match), taps(11, 2), headers=HTMX).content.decode()

    assert "<html" not in html
    assert texts(html, "section", class_="banner")[0].startswith("Anna & Carla win the rubber")
    assert count(html, "form", id="deal-form") == 0


# -- corrections ---------------------------------------------------------------------------------------


def test_the_correction_page_shows_the_deal_as_it_was_tapped(
    alice_client: Client, make_whist: MakeWhist
) -> None:
    match = make_whist(deals=TWO_GAMES)

    page = alice_client.get(edit_url(match, 3))

    assert page.status_code == 200
    assert text(page, "h2") == "Correct deal 3"
    # Carla dealt deal 3; Bruno & Dario's share is written beside the taps.
    assert tapped(page) == {"tricks": "11", "honours": "2", "dealer": "2"}
    assert texts(page, "b", data_rest_of="tricks") == ["2"]
    assert texts(page, "b", data_rest_of="honours") == ["2"]


def test_correcting_the_last_deal_of_a_won_rubber_reopens_it(
    alice_client: Client, make_whist: MakeWhist
) -> None:
    match = make_whist(deals=TWO_GAMES, stake=0.5)

    # Deal 3 was really Bruno & Dario's 7 tricks (1): 0-4, and the second game goes on.
    response = alice_client.post(edit_url(match, 3), taps(6, 2, dealer=2))

    assert response.status_code == 302
    assert response["Location"] == f"{sheet_url(match)}#deal-3"
    assert entries(match) == [TREBLE, BRUNO_3, entry(6, 2)]
    assert stored(match).status == "in_progress"
    page = alice_client.get(sheet_url(match))
    assert text(page, "ul", class_="messages") == (
        "Deal 3 corrected: Bruno & Dario score 1 (1 for tricks, 0 for honours). Match reopened."
    )
    assert count(page, "section", class_="banner") == 0
    assert sheet_games(page) == [("1", "0", "5,0", "treble 3", "0"), ("2", "", "0,4", "", "")]
    assert rubber_state(page) == "Games: Anna & Carla 1 – 0 Bruno & Dario"
    assert text(page, "p", class_="next") == "Dario deals · Anna leads"
    assert stored(match).result["settlement"] is None


def test_correcting_the_first_game_recomputes_every_game_after_it(
    alice_client: Client, make_whist: MakeWhist
) -> None:
    match = make_whist(deals=TWO_GAMES)

    # Deal 1 went the other way: Bruno & Dario 9 tricks (3) and 3 honours (2), a treble for them.
    alice_client.post(edit_url(match, 1), taps(4, 1, dealer=0))

    page = alice_client.get(sheet_url(match))
    assert sheet_games(page) == [
        ("1", "1", "0,5", "treble 3", "1"),
        ("2", "0", "5,3", "single 1", "0"),
        ("3", "", "0,0", "", ""),
    ]
    assert rubber_state(page) == "Games: Anna & Carla 1 – 1 Bruno & Dario"
    assert "Deal 4" in texts(page, "h2")


def test_a_correction_that_would_end_the_rubber_before_a_later_deal_is_refused(
    alice_client: Client, make_whist: MakeWhist
) -> None:
    # Game 1 to Anna & Carla; then 1-0 and 1-3.
    match = make_whist(deals=[TREBLE, entry(7, 2), BRUNO_3])
    version = stored(match).version

    # 12 tricks in deal 2 would win the rubber there, and deal 3 would come after its end.
    page = alice_client.post(edit_url(match, 2), taps(12, 2, dealer=1))

    assert page.status_code == 422
    assert text(page, "div", class_="error") == "Deal 3: the match ended after deal 2"
    assert form_values(page, "deal-form")["tricks"] == "12"
    assert entries(match) == [TREBLE, entry(7, 2), BRUNO_3]
    assert stored(match).version == version


# -- other accounts ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "where"),
    [("get", "sheet"), ("post", "deal"), ("get", "edit"), ("post", "edit"), ("post", "delete")],
)
def test_bob_cannot_see_or_change_alices_rubber(
    method: str, where: str, bob_client: Client, make_whist: MakeWhist
) -> None:
    match = make_whist(deals=[TREBLE])
    url = {
        "sheet": sheet_url(match),
        "deal": post_url(match),
        "edit": edit_url(match, 1),
        "delete": reverse("deal_delete", args=[match.pk, 1]),
    }[where]

    response = getattr(bob_client, method)(url, taps(4, 1) if method == "post" else None)

    assert response.status_code == 404
    assert entries(match) == [TREBLE]
