"""The limits of docs/format.md ("Limits") in the web forms: refused in the engine's words, what was
typed kept, nothing stored."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from matches.models import Change, Match, Player
from matches.rules.registry import GAMES

from .pages import form_values, text, texts

NEW = reverse("match_new")
HUGE = "99999999999999999999"

# Every number of a house rule, a value past its top and the sentence that refuses it.
TOO_BIG = [
    ("busca-000", "stake", "10000.01", "The stake is at most 10000"),
    ("busca-000", "renege_penalty", "11", "The renege penalty is at most 10 busche"),
    ("busca-000", "renege_penalty", HUGE, "The renege penalty is at most 10 busche"),
    ("busca-000", "misdeal_penalty", "11", "The misdeal penalty is at most 10 busche"),
    ("busca-000", "single_limit", "101", "The limit for one player is at most 100 busche"),
    ("busca-000", "pair_limit", "101", "The limit for two players is at most 100 busche"),
    ("busca-001", "victory_threshold", "1001", "The victory threshold is at most 1000 busche"),
    ("busca-001", "max_deals", "1001", "The number of deals is at most 1000"),
    ("busca-003", "threshold", "101", "The threshold is at most 100 busche"),
    ("mambassa", "lives", "21", "The lives are at most 20"),
    ("whist", "game_points", "21", "The points for a game are at most 20"),
    ("whist", "rubber_bonus", "21", "The rubber bonus is at most 20 points"),
]
# Values that are no value of the rule at all: a fraction, too small, too many decimals, text.
NOT_ONE = [
    ("busca-000", "renege_penalty", "2.5", "The renege penalty is a whole number of busche from 0 to 10"),
    ("busca-000", "renege_penalty", "-1", "The renege penalty is a whole number of busche from 0 to 10"),
    ("busca-000", "renege_penalty", "9" * 5000, "The renege penalty is at most 10 busche"),
    ("busca-000", "stake", "0.125", "The stake is a sum from 0 to 10000, with at most two decimals"),
    ("busca-000", "stake", "1e-400", "The stake is a sum from 0 to 10000, with at most two decimals"),
    ("busca-000", "stake", "1e30", "The stake is at most 10000"),
    ("busca-000", "stake", "NaN", "The stake is a sum from 0 to 10000, with at most two decimals"),
    ("whist", "game_points", "1", "The points for a game are a whole number from 2 to 20"),
]


def field_error(page: Any) -> str:
    """The refusals shown next to the inputs."""
    errors = [e for e in texts(page, "p", class_="error") if e]
    assert errors, "no refusal on the page"
    return " ".join(errors)


def rules_posted(game: str, **typed: str) -> dict[str, str]:
    """The house rules page sent at the defaults (ticked boxes send "on"), but for ``typed``."""
    data = {}
    for option in GAMES[game].options:
        if option.kind == "bool":
            if option.default:
                data[option.key] = "on"
        else:
            data[option.key] = "" if option.default is None else str(option.default)
    return {**data, **typed}


def default(game: str, key: str) -> Any:
    return next(option.default for option in GAMES[game].options if option.key == key)


@pytest.mark.parametrize(("game", "key", "typed", "sentence"), TOO_BIG + NOT_ONE)
def test_the_house_rules_page_refuses_a_value_past_its_limit_and_keeps_what_was_typed(
    alice_client: Client, make_match: Any, game: str, key: str, typed: str, sentence: str
) -> None:
    match = make_match(game)

    page = alice_client.post(reverse("match_rules", args=[match.pk]), rules_posted(game, **{key: typed}))

    assert page.status_code == 200
    assert field_error(page) == sentence
    assert f'name="{key}" value="{typed}"' in page.content.decode()
    match.refresh_from_db()
    assert match.options[key] == default(game, key)
    assert not Change.objects.filter(match=match, kind=Change.Kind.OPTIONS_CHANGED).exists()


@pytest.mark.parametrize(("game", "key", "typed", "sentence"), TOO_BIG + NOT_ONE)
def test_the_new_match_page_refuses_a_value_past_its_limit_and_keeps_what_was_typed(
    alice_client: Client, players: list[Player], game: str, key: str, typed: str, sentence: str
) -> None:
    data = form_values(alice_client.get(NEW, {"game": game}), "match-form")
    data.update({f"seat_{seat}": str(player.pk) for seat, player in enumerate(players)})
    data[f"opt_{key}"] = typed

    page = alice_client.post(NEW, data)

    assert page.status_code == 200
    assert field_error(page) == sentence
    assert form_values(page, "match-form")[f"opt_{key}"] == typed
    assert not Match.objects.exists()


def test_the_house_rules_page_takes_a_value_at_its_limit(alice_client: Client, make_match: Any) -> None:
    match = make_match()
    data = rules_posted("busca-000", renege_penalty="10", stake="10000")

    alice_client.post(reverse("match_rules", args=[match.pk]), data)

    match.refresh_from_db()
    assert (match.options["renege_penalty"], match.options["stake"]) == (10, 10000)


# -- names ----------------------------------------------------------------------------------------

BAD_NAMES = [
    ("A" * 41, "The name AAAAAAAAAAAAAAAAAAAA… is too long: a name has at most 40 characters"),
    ("Anna\x00", "A player&#x27;s name cannot hold control characters"),
    ("An\tna", "A player&#x27;s name cannot hold control characters"),
    ("   ", "A player&#x27;s name cannot be empty"),
]


@pytest.mark.parametrize(("name", "sentence"), BAD_NAMES, ids=["41 characters", "NUL", "tab", "spaces"])
def test_a_player_whose_name_breaks_a_limit_is_refused_and_not_stored(
    alice_client: Client, alice: User, name: str, sentence: str
) -> None:
    page = alice_client.post(reverse("player_list"), {"name": name})

    assert page.status_code == 200
    assert sentence in page.content.decode()
    assert not Player.objects.exists()


def test_a_name_of_40_characters_trimmed_is_taken(alice_client: Client, alice: User) -> None:
    alice_client.post(reverse("player_list"), {"name": "  " + "A" * 40 + "  "})

    assert list(Player.objects.values_list("name", flat=True)) == ["A" * 40]


def test_the_new_match_page_names_the_player_seated_twice(
    alice_client: Client, players: list[Player]
) -> None:
    data = form_values(alice_client.get(NEW, {"game": "busca-000"}), "match-form")
    data.update({f"seat_{seat}": str(players[i].pk) for seat, i in enumerate([0, 1, 0, 3])})

    page = alice_client.post(NEW, data)

    assert text(page, "div", class_="error") == "Anna sits in two seats"
    assert not Match.objects.exists()
