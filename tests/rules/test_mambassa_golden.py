"""The Mambassa vectors of tests/data/examples.json, replayed through the engine.

A deal vector gives the tokens before the deal for the players still at the table, and how many
sat down at the start of the game: those who are missing went out earlier. They are added at
the end of the seating as players with 0 tokens, so that tokens + pot make (lives + 1) × players.
"""

from __future__ import annotations

import json
from decimal import Decimal
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from games.core import resolve_options
from games.mambassa.rules import (
    MAMBASSA,
    Card,
    DealResult,
    MambassaDeal,
    MambassaGame,
    MambassaStart,
    judge,
    parse_card,
)

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "examples.json"
VECTORS = [v for v in json.loads(EXAMPLES.read_text())["vectors"] if v["variant"].startswith("mambassa")]
DEFAULTS = resolve_options(MAMBASSA.options, {})


def by_kind(kind: str) -> list[Any]:
    return [pytest.param(v, id=v["id"]) for v in VECTORS if v["kind"] == kind]


def cards(codes: list[str]) -> tuple[Card, ...]:
    parsed = []
    for code in codes:
        card = parse_card(code)
        assert card is not None, code
        parsed.append(card)
    return tuple(parsed)


def key(numbers: list[float]) -> tuple[Decimal, ...]:
    return tuple(Decimal(str(n)) for n in numbers)


def seating(vector: dict[str, Any]) -> list[str]:
    """The vector's players, then one who went out earlier for each missing seat (0 tokens).

    MD-05 shows two players left of the four who began: 2 + 2 tokens and a pot of 12 make 16 only
    with the two who are out, so they sit here as out-1 and out-2, with no hand.
    """
    shown = list(vector["input"]["players"])
    missing = vector["input"]["playersAtStartOfGame"] - len(shown)
    return shown + [f"out-{n}" for n in range(1, missing + 1)]


def play_deal(vector: dict[str, Any]) -> tuple[list[str], MambassaGame, DealResult]:
    raw = vector["input"]
    players = seating(vector)
    tokens = tuple(raw["tokensBefore"].get(p, 0) for p in players)
    start = MambassaStart(tokens, raw["potBefore"])
    assert sum(tokens) + start.pot == (DEFAULTS["lives"] + 1) * len(players)
    hands = tuple(cards(raw["hands"][p]) if p in raw["hands"] else None for p in players)
    game = MAMBASSA.play(DEFAULTS, players, players.index(raw["dealer"]), [MambassaDeal(hands=hands)], start)
    (deal,) = game.deals
    return players, game, deal


def test_the_examples_file_has_mambassa_vectors_of_every_kind() -> None:
    assert {v["kind"] for v in VECTORS} == {"mambassa_hand", "mambassa_ranking", "mambassa_deal"}


@pytest.mark.parametrize("vector", by_kind("mambassa_hand"))
def test_a_hand_has_the_combination_value_and_key_of_the_example(vector: dict[str, Any]) -> None:
    hand = judge(cards(vector["input"]["cards"]))
    expected = vector["expected"]
    assert (hand.combination, hand.value, hand.key) == (
        expected["combination"],
        Decimal(str(expected["value"])),
        key(expected["compareKey"]),
    )


@pytest.mark.parametrize(
    "vector", [p for p in by_kind("mambassa_hand") if "if_aceLow_false" in p.values[0]["expected"]]
)
def test_without_the_low_ace_a_hand_scores_as_in_the_example(vector: dict[str, Any]) -> None:
    hand = judge(cards(vector["input"]["cards"]), ace_low=False)
    expected = vector["expected"]["if_aceLow_false"]
    assert (hand.combination, hand.value, hand.key) == (
        expected["combination"],
        Decimal(str(expected["value"])),
        key(expected["compareKey"]),
    )


@pytest.mark.parametrize("vector", by_kind("mambassa_ranking"))
def test_the_ranked_hands_come_out_strictly_in_the_order_of_the_example(vector: dict[str, Any]) -> None:
    hands = [judge(cards(codes)) for codes in vector["input"]["handsHighestFirst"]]
    expected = vector["expected"]
    assert [h.combination for h in hands] == expected["combinations"]
    assert [h.value for h in hands] == [Decimal(str(v)) for v in expected["values"]]
    assert [h.key for h in hands] == [key(k) for k in expected["compareKeys"]]
    assert expected["strictlyDecreasing"]
    assert all(higher.key > lower.key for higher, lower in pairwise(hands))


@pytest.mark.parametrize("vector", by_kind("mambassa_deal"))
def test_a_deal_judges_each_hand_as_in_the_example(vector: dict[str, Any]) -> None:
    players, _, deal = play_deal(vector)
    assert deal.hands is not None
    judged = {
        players[seat]: {"combination": h.combination, "value": h.value, "compareKey": h.key}
        for seat, h in enumerate(deal.hands)
        if h is not None
    }
    assert judged == {
        name: {
            "combination": e["combination"],
            "value": Decimal(str(e["value"])),
            "compareKey": key(e["compareKey"]),
        }
        for name, e in vector["expected"]["hands"].items()
    }


@pytest.mark.parametrize("vector", by_kind("mambassa_deal"))
def test_a_deal_makes_the_players_of_the_example_pay(vector: dict[str, Any]) -> None:
    players, _, deal = play_deal(vector)
    assert [players[s] for s in deal.payers] == vector["expected"]["payers"]
    assert not deal.void


@pytest.mark.parametrize("vector", by_kind("mambassa_deal"))
def test_a_quarantuno_takes_a_token_from_the_pot_as_in_the_example(vector: dict[str, Any]) -> None:
    players, _, deal = play_deal(vector)
    takers = [] if deal.quarantuno is None else [players[deal.quarantuno]]
    assert takers == vector["expected"]["quarantunoTakesFromPot"]


@pytest.mark.parametrize("vector", by_kind("mambassa_deal"))
def test_a_deal_leaves_the_tokens_and_pot_of_the_example(vector: dict[str, Any]) -> None:
    players, game, deal = play_deal(vector)
    shown = vector["input"]["players"]
    assert {p: deal.tokens[players.index(p)] for p in shown} == vector["expected"]["tokensAfter"]
    assert all(t == 0 for p, t in zip(players, deal.tokens, strict=True) if p not in shown)
    assert deal.pot == vector["expected"]["potAfter"]
    assert (game.tokens, game.pot) == (deal.tokens, deal.pot)


@pytest.mark.parametrize("vector", by_kind("mambassa_deal"))
def test_a_deal_puts_out_the_players_of_the_example(vector: dict[str, Any]) -> None:
    players, _, deal = play_deal(vector)
    assert [players[s] for s in deal.eliminated] == vector["expected"]["eliminated"]


@pytest.mark.parametrize("vector", by_kind("mambassa_deal"))
def test_the_deal_passes_to_the_dealer_of_the_example(vector: dict[str, Any]) -> None:
    players, game, deal = play_deal(vector)
    assert players[deal.dealer] == vector["input"]["dealer"]
    next_dealer = None if deal.next_dealer is None else players[deal.next_dealer]
    assert next_dealer == vector["expected"]["nextDealer"]
    assert game.next_dealer == deal.next_dealer


@pytest.mark.parametrize("vector", by_kind("mambassa_deal"))
def test_the_game_has_the_winner_of_the_example(vector: dict[str, Any]) -> None:
    players, game, _ = play_deal(vector)
    winner = None if game.outcome is None else game.outcome.winner
    assert (None if winner is None else players[winner]) == vector["expected"]["gameWinner"]
