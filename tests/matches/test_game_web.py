"""Every game answers the web layer's questions (games/web.py), each from its own package; a simple
game answers most of them with the defaults, as the points board does."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from types import SimpleNamespace
from typing import Any

import pytest
from django.template.loader import get_template
from django.utils import translation

from games.core import resolve_options
from games.points.rules import POINTS, PointsDeal
from games.registry import GAMES
from games.web import GameWeb, web_for
from matches.deal_forms import ShowsEveryError

PLAYERS = ("Anna", "Bruno", "Carla")


@pytest.mark.parametrize("key", list(GAMES))
def test_every_game_has_its_web_side_and_every_template_it_names(key: str) -> None:
    variant = GAMES[key]
    web = web_for(key)

    assert web is web_for(variant)
    assert web.family == variant.family
    assert web.rules_summary(variant)  # every game has a blank sheet, with its rules on the back
    for name in dataclasses.astuple(web.templates):
        get_template(name)


def test_a_family_whose_app_is_not_installed_is_named_in_the_error() -> None:
    tarot: Any = SimpleNamespace(key="tarot", family="tarot")  # a game whose package is not written
    with pytest.raises(LookupError, match=r"games\.tarot to INSTALLED_APPS"):
        web_for(tarot)


class Board(GameWeb):
    """A points board's web side, as short as a game can write it."""

    family = "points"
    form = ShowsEveryError


def board(deals: list[tuple[int, ...]]) -> Any:
    """A standing of a points board of Anna, Bruno and Carla to 50, a stake of 1, Anna first to deal."""
    options = resolve_options(POINTS.options, {"target": 50, "stake": 1})
    played = POINTS.play(options, PLAYERS, 0, [PointsDeal(points) for points in deals])
    rules = SimpleNamespace(variant=POINTS, options=options, players=PLAYERS, start=None)
    match = SimpleNamespace(pk=7, options=options)
    return SimpleNamespace(match=match, players=PLAYERS, rules=rules, played=played)


def test_a_simple_game_draws_its_sheet_of_totals_with_the_defaults() -> None:
    standing = board([(30, 10, -5), (25, 0, 5)])  # Anna reaches 55: over the target of 50
    web = Board()

    sheet = web.sheet(standing, preview=None, bottom=0, shown=None)
    assert sheet["totals"] == [("Anna", 55), ("Bruno", 10), ("Carla", 0)]
    assert (sheet["winners"], sheet["losers"]) == (["Anna"], ["Bruno", "Carla"])
    assert sheet["settlement"] == [
        {"name": "Anna", "amount": Decimal(2)},
        {"name": "Bruno", "amount": Decimal(-1)},
        {"name": "Carla", "amount": Decimal(-1)},
    ]
    newest = sheet["rows"][0]  # newest first, each with the address that corrects it
    assert (newest["number"], newest["dealer"], newest["edit_url"]) == (
        2,
        "Bruno",
        "/matches/7/deals/2/edit/",
    )
    assert newest["cells"][0] == {"points": 25, "total": 55}
    assert web.deal_said(standing, 1) == "Anna 30, Bruno 10, Carla -5"
    with translation.override("en"):
        said = web.sheet(standing, preview=None, bottom=0, shown=None)["outcome_said"]
    assert said == "Match over: Anna wins; Bruno and Carla pay Anna €1.00 each."
    assert web.sheet(board([(30, 10, -5)]), preview=None, bottom=0, shown=None)["outcome_said"] == ""
    assert web.templates.form == "points/form.html"


def test_a_simple_game_is_counted_and_charted_with_the_defaults() -> None:
    standing = board([(30, 10, -5), (25, 0, 5)])
    rules, played, web = standing.rules, standing.played, Board()

    assert web.nets(rules, played) == [Decimal(2), Decimal(-1), Decimal(-1)]
    assert [web.won(played, seat) for seat in range(3)] == [True, False, False]
    assert web.standing(played, 0) < web.standing(played, 1) == web.standing(played, 2)
    assert web.running_totals(rules, played) == (list(PLAYERS), [[0, 30, 55], [0, 10, 10], [0, -5, 0]])
    assert web.count(rules, played, 1) == {"deals": 2}
    assert web.winners({"winners": ["Anna"], "totals": [55, 10, 0]}, PLAYERS) == ["Anna"]
    assert web.scores({"winners": ["Anna"], "totals": [55, 10, 0]}) == [55, 10, 0]
    assert web.partner(0) is None
    assert not web.has_partners
