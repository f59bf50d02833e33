"""The limits of docs/format.md ("Limits") in the web forms: refused in the engine's words, what was
typed kept, nothing stored."""

from __future__ import annotations

import html
import io
import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from games.registry import GAMES
from matches import services
from matches.models import Change, Deal, Match, Player

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


# -- deals and imports ----------------------------------------------------------------------------

EVEN = {"points": [10, 10, 10, 10]}  # one busca each; busca-001 with no threshold never ends


def match_document(deals: list[Any], **more: Any) -> dict[str, Any]:
    return {
        "format": "scorekeeper-match/1",
        "game": "busca-001",
        "players": ["Anna", "Bruno", "Carla", "Dario"],
        "deals": deals,
        **more,
    }


def test_the_1001st_deal_entered_on_the_web_is_refused_with_the_engine_s_sentence(
    alice_client: Client, alice: User
) -> None:
    match = services.match_import(owner=alice, doc=match_document([EVEN] * 1000))
    points = {f"points_{seat}": "10" for seat in range(4)}

    page = alice_client.post(reverse("deal_create", args=[match.pk]), points)

    assert "Deal 1001: a match holds at most 1000 deals" in page.content.decode()
    assert Deal.objects.filter(match=match).count() == 1000


def upload(content: bytes) -> dict[str, Any]:
    return {"document": SimpleUploadedFile("match.json", content, content_type="application/json")}


FINISHED_000 = {
    "format": "scorekeeper-match/1",
    "game": "busca-000",
    "players": ["Anna", "Bruno", "Carla", "Dario"],
    "deals": [{"points": [34, 2, 2, 2]}, {"points": [34, 2, 2, 2]}],
}


@pytest.mark.parametrize(
    ("content", "sentence"),
    [
        (json.dumps({**FINISHED_000, "options": {"stake": 1e30}}).encode(), "The stake is at most 10000"),
        (
            json.dumps({**FINISHED_000, "players": ["A" * 41, "Bruno", "Carla", "Dario"]}).encode(),
            "The name AAAAAAAAAAAAAAAAAAAA… is too long: a name has at most 40 characters",
        ),
        (
            json.dumps({**FINISHED_000, "players": ["Anna\x00", "Bruno", "Carla", "Dario"]}).encode(),
            "A player's name cannot hold control characters",
        ),
        (
            json.dumps({**FINISHED_000, "players": ["\ud800", "Bruno", "Carla", "Dario"]}).encode(),
            "The document holds a lone surrogate (a \\ud800 escape), which is no text",
        ),
        (json.dumps({**FINISHED_000, "deals": [EVEN] * 1001}).encode(), "A match holds at most 1000 deals"),
        (b'{"format": 1e400}', "The document holds a number too large: 1e400"),
        (b"[" * 21 + b"]" * 21, "The document is nested more than 20 levels deep"),
    ],
    ids=["stake 1e30", "41 characters", "NUL", "lone surrogate", "1001 deals", "1e400", "21 deep"],
)
def test_an_import_past_a_limit_is_refused_on_the_matches_page_in_one_line(
    alice_client: Client, alice: User, content: bytes, sentence: str
) -> None:
    page = alice_client.post(reverse("match_import"), upload(content), follow=True)

    assert page.status_code == 200
    assert sentence in html.unescape(page.content.decode())
    assert not Match.objects.exists()
    assert not Player.objects.exists()


class Counted(io.BytesIO):
    """An upload that counts what is read of it."""

    read_sizes: list[int]

    def read(self, size: int | None = -1) -> bytes:
        self.read_sizes.append(-1 if size is None else size)
        return super().read(size)


def test_an_upload_is_never_read_past_the_limit(alice: User, rf: Any) -> None:
    from django.contrib.messages.storage.fallback import FallbackStorage
    from django.core.files.uploadedfile import InMemoryUploadedFile

    from matches.views.exports import match_import

    stream = Counted(b" " * 2_000_000 + b"[]" * 1000)
    stream.read_sizes = []
    upload = InMemoryUploadedFile(stream, "document", "match.json", "application/json", None, None)
    request = rf.post(reverse("match_import"))
    request.user, request.FILES["document"] = alice, upload
    request.session = {}
    request._messages = FallbackStorage(request)

    match_import(request)

    assert stream.read_sizes == [2_000_001]
    assert [str(m) for m in request._messages] == ["This file is too big for a match document (over 2 MB)"]
