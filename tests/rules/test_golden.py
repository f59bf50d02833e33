"""The Busca vectors of tests/data/examples.json, replayed through the engine.

The vectors give tricks; the engine takes who covered. In 000 and 003 a trick is a cover, so
``covered`` is ``tricks > 0`` (given for everyone, so pointless tricks count); in 001 the engine
derives it from the points, as the table would enter it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.busca.rules import VARIANTS, BuscaDeal, BuscaMatch, Penalty
from games.core import resolve_options

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "examples.json"
VECTORS = [v for v in json.loads(EXAMPLES.read_text())["vectors"] if v["variant"].startswith("busca")]
# The vectors' names for end reasons, where they differ from the engine's (docs/format.md).
END_REASONS = {("busca-001", "threshold"): "victory_threshold"}


def by_kind(kind: str) -> list[Any]:
    return [pytest.param(v, id=v["id"]) for v in VECTORS if v["kind"] == kind]


def game_of(vector: dict[str, Any]) -> str:
    return str(vector["variant"]).replace("_", "-")


def deal_of(game: str, raw: dict[str, Any]) -> BuscaDeal:
    covered = None if game == "busca-001" else tuple(t > 0 for t in raw["tricks"])
    reneges = raw.get("penalties") or raw.get("renegePenalties") or [0, 0, 0, 0]
    penalties = tuple(Penalty(seat, "renege") for seat, count in enumerate(reneges) for _ in range(count))
    return BuscaDeal(points=tuple(raw["points"]), covered=covered, penalties=penalties)


def play(vector: dict[str, Any], deals: list[dict[str, Any]], **options: Any) -> BuscaMatch:
    game = game_of(vector)
    variant = VARIANTS[game]
    opts = resolve_options(variant.options, options)
    players = vector["input"]["players"]
    return variant.play(opts, players, 0, [deal_of(game, d) for d in deals])


def default_next_dealer(busche: list[int], dealer: int) -> int:
    """AMB-05: the most busche; among equals, the first in seating order after the dealer."""
    after_dealer = [(dealer + k) % 4 for k in range(1, 5)]
    return next(seat for seat in after_dealer if busche[seat] == max(busche))


def test_the_examples_file_has_busca_vectors_of_every_kind_and_variant() -> None:
    found = {(game_of(v), v["kind"]) for v in VECTORS}
    assert found == {(g, k) for g in VARIANTS for k in ("busca_deal", "busca_match")}


@pytest.mark.parametrize("vector", by_kind("busca_deal"))
def test_a_deal_gives_the_busche_of_the_example(vector: dict[str, Any]) -> None:
    (deal,) = play(vector, [vector["input"]]).deals
    assert list(deal.busche) == vector["expected"]["busche"]


@pytest.mark.parametrize("vector", [p for p in by_kind("busca_deal") if "covered" in p.values[0]["expected"]])
def test_a_deal_shows_who_covered_as_in_the_example(vector: dict[str, Any]) -> None:
    (deal,) = play(vector, [vector["input"]]).deals
    assert list(deal.covered) == vector["expected"]["covered"]


@pytest.mark.parametrize(
    "vector", [p for p in by_kind("busca_deal") if "nextDealer" in p.values[0]["expected"]]
)
def test_the_player_who_took_the_busche_deals_next(vector: dict[str, Any]) -> None:
    (deal,) = play(vector, [vector["input"]]).deals
    players = vector["input"]["players"]
    expected = vector["expected"]["nextDealer"]
    if expected is None:  # the rules do not decide: the documented default applies
        expected = players[default_next_dealer(vector["expected"]["busche"], deal.dealer)]
    assert deal.next_dealer is not None
    assert players[deal.next_dealer] == expected


@pytest.mark.parametrize(
    "vector", [p for p in by_kind("busca_deal") if "nextLeader" in p.values[0]["expected"]]
)
def test_in_001_the_player_right_of_the_busca_taker_leads_next(vector: dict[str, Any]) -> None:
    (deal,) = play(vector, [vector["input"]]).deals
    assert deal.next_leader is not None
    assert vector["input"]["players"][deal.next_leader] == vector["expected"]["nextLeader"]


@pytest.mark.parametrize("vector", [p for p in by_kind("busca_deal") if p.values[0]["id"] == "B003-08"])
def test_a_tie_below_the_top_does_not_mark_when_only_top_ties_count(vector: dict[str, Any]) -> None:
    (deal,) = play(vector, [vector["input"]], tie_scope="top").deals
    assert list(deal.busche) == vector["expected"]["busche_if_tieScope_top"]


def play_match(vector: dict[str, Any]) -> BuscaMatch:
    raw = vector["input"]
    options = {}
    if "victoryThreshold" in raw:
        options["victory_threshold"] = raw["victoryThreshold"]
    if "maxDeals" in raw:
        options["max_deals"] = raw["maxDeals"]
    return play(vector, raw["deals"], **options)


@pytest.mark.parametrize("vector", by_kind("busca_match"))
def test_a_match_gives_the_busche_of_each_deal(vector: dict[str, Any]) -> None:
    played = play_match(vector)
    assert [list(d.busche) for d in played.deals] == vector["expected"]["buschePerDeal"]


@pytest.mark.parametrize("vector", by_kind("busca_match"))
def test_a_match_keeps_the_running_totals(vector: dict[str, Any]) -> None:
    played = play_match(vector)
    assert [list(d.totals) for d in played.deals] == vector["expected"]["totalsAfterDeal"]
    assert list(played.totals) == vector["expected"]["totalsAfterDeal"][-1]


@pytest.mark.parametrize("vector", by_kind("busca_match"))
def test_a_match_ends_after_the_deal_of_the_example(vector: dict[str, Any]) -> None:
    outcome = play_match(vector).outcome
    assert outcome is not None
    assert outcome.after_deal == vector["expected"]["matchEndsAfterDeal"]


@pytest.mark.parametrize("vector", by_kind("busca_match"))
def test_a_match_has_the_winners_and_losers_of_the_example(vector: dict[str, Any]) -> None:
    outcome = play_match(vector).outcome
    assert outcome is not None
    players = vector["input"]["players"]
    assert [players[s] for s in outcome.winners] == vector["expected"]["winners"]
    # 001 names no losers: only its winners, the fewest busche (docs/format.md).
    assert [players[s] for s in outcome.losers] == vector["expected"].get("losers", [])


@pytest.mark.parametrize(
    "vector", [p for p in by_kind("busca_match") if "endReason" in p.values[0]["expected"]]
)
def test_a_match_ends_for_the_reason_of_the_example(vector: dict[str, Any]) -> None:
    outcome = play_match(vector).outcome
    assert outcome is not None
    reason = vector["expected"]["endReason"]
    assert outcome.reason == END_REASONS.get((game_of(vector), reason), reason)


@pytest.mark.parametrize(
    "vector", [p for p in by_kind("busca_match") if "nextDealerAfterDeal" in p.values[0]["expected"]]
)
def test_a_match_passes_the_deal_as_in_the_example(vector: dict[str, Any]) -> None:
    played = play_match(vector)
    players = vector["input"]["players"]
    dealers = [None if d.next_dealer is None else players[d.next_dealer] for d in played.deals]
    assert dealers == vector["expected"]["nextDealerAfterDeal"]


@pytest.mark.parametrize(
    "vector", [p for p in by_kind("busca_match") if "rankingLowToHigh" in p.values[0]["expected"]]
)
def test_a_match_ranks_players_from_fewest_busche(vector: dict[str, Any]) -> None:
    played = play_match(vector)
    players = vector["input"]["players"]
    assert [players[s] for s in played.ranking] == vector["expected"]["rankingLowToHigh"]
