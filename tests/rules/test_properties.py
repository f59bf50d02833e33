"""Properties that hold for any valid Busca deals and any house rules, checked with hypothesis."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from games import document
from games.busca.rules import VARIANTS, BuscaDeal, BuscaMatch, BuscaStart, BuscaVariant, Outcome, Penalty
from games.core import Option, Refused, Steps, resolve_options, step_on

PLAYERS = ("Anna", "Bruno", "Carla", "Dario")
ENDED = "the match ended after deal %(last)d"
# No example database: the suite leaves no .hypothesis directory behind.
FAST = settings(max_examples=200, deadline=None, database=None)

games = st.sampled_from(sorted(VARIANTS))
seats = st.integers(0, 3)


def option_values(option: Option) -> st.SearchStrategy[Any]:
    if option.key == "stake":
        return st.integers(0, 1000).map(lambda cents: cents / 100)
    if option.kind == "bool":
        return st.booleans()
    if option.kind == "choice":
        return st.sampled_from(option.choices)
    values = st.integers(option.minimum or 0, min(25, option.maximum or 25))
    return st.none() | values if option.nullable else values


@st.composite
def house_rules(draw: st.DrawFn, game: str) -> dict[str, Any]:
    given = {option.key: draw(option_values(option)) for option in VARIANTS[game].options}
    return resolve_options(VARIANTS[game].options, given)


@st.composite
def deals(draw: st.DrawFn, variant: BuscaVariant, opts: dict[str, Any]) -> BuscaDeal:
    """Points adding up to the deal's total (so someone has the last trick's 3), flags that agree."""
    cuts = sorted(draw(st.lists(st.integers(0, variant.deal_total), min_size=3, max_size=3)))
    points = (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], variant.deal_total - cuts[2])
    covered: tuple[bool, ...] | None = None
    if not opts["cover_requires_point"]:  # a pointless trick covers: 0 points says nothing
        covered = tuple(p > 0 or draw(st.booleans()) for p in points)
    penalties: list[Penalty] = []
    dealer = None
    if "renege" in variant.penalty_kinds:
        penalties += [Penalty(seat, "renege") for seat in draw(st.lists(seats, max_size=2))]
    if "misdeal" in variant.penalty_kinds and draw(st.booleans()):
        dealer = draw(seats)  # the table names the dealer, so the misdeal is surely his
        penalties.append(Penalty(dealer, "misdeal"))
    return BuscaDeal(points=points, covered=covered, penalties=tuple(penalties), dealer=dealer)


@st.composite
def matches(draw: st.DrawFn) -> tuple[BuscaVariant, dict[str, Any], int, list[BuscaDeal], BuscaStart | None]:
    game = draw(games)
    opts = draw(house_rules(game))
    variant = VARIANTS[game]
    start = None
    if draw(st.booleans()):
        start = BuscaStart(
            tuple(draw(st.lists(st.integers(0, 8), min_size=4, max_size=4))), draw(st.integers(0, 3))
        )
    return variant, opts, draw(seats), draw(st.lists(deals(variant, opts), max_size=12)), start


def accepted(
    variant: BuscaVariant,
    opts: dict[str, Any],
    first_dealer: int,
    entered: list[BuscaDeal],
    start: BuscaStart | None,
) -> BuscaMatch:
    """The match as the engine takes it; the only refusal of valid deals is one after the end."""
    try:
        return variant.play(opts, PLAYERS, first_dealer, entered, start)
    except Refused as refused:
        problems = refused.problems
    if [p.template for p in problems] == ["the start has already ended the match"]:
        assume(False)
    ends = {p.params["last"] for p in problems}
    assert {p.template for p in problems} == {ENDED}
    assert len(ends) == 1
    (last,) = ends
    assert [p.deal for p in problems] == list(range(last + 1, len(entered) + 1))
    return variant.play(opts, PLAYERS, first_dealer, entered[:last], start)


@FAST
@given(st.data())
def test_every_deal_gives_busche_to_at_least_one_player(data: st.DataObject) -> None:
    game = data.draw(games)
    opts = data.draw(house_rules(game))
    variant = VARIANTS[game]
    deal = data.draw(deals(variant, opts))
    dealer = deal.dealer if deal.dealer is not None else 0
    points, covered, extra = variant.check_deal(deal, opts, PLAYERS, dealer, 1)
    base = variant.base_busche(points, covered, opts)
    assert min(base) >= 0
    assert max(base) >= 1
    assert min(extra) >= 0


@FAST
@given(matches())
def test_the_totals_are_the_start_plus_the_busche_of_every_deal(
    match: tuple[BuscaVariant, dict[str, Any], int, list[BuscaDeal], BuscaStart | None],
) -> None:
    played = accepted(*match)
    running = list(match[4].totals) if match[4] else [0, 0, 0, 0]
    for deal in played.deals:
        running = [t + b for t, b in zip(running, deal.busche, strict=True)]
        assert list(deal.totals) == running
    assert list(played.totals) == running


@FAST
@given(matches())
def test_a_match_ends_at_most_once_and_takes_no_deal_after(
    match: tuple[BuscaVariant, dict[str, Any], int, list[BuscaDeal], BuscaStart | None],
) -> None:
    variant, opts, first_dealer, entered, start = match
    played = accepted(*match)
    count = len(played.deals)
    if played.outcome is not None:
        assert played.outcome.after_deal == count
        assert (played.next_dealer, played.next_leader) == (None, None)
        assert played.deals[-1].next_dealer is None
    for shorter in range(count):
        assert variant.play(opts, PLAYERS, first_dealer, entered[:shorter], start).outcome is None
    assert all(d.next_dealer is not None for d in played.deals[:-1])


@FAST
@given(matches())
def test_a_finished_match_settles_to_zero_and_winners_never_pay_when_losers_pay(
    match: tuple[BuscaVariant, dict[str, Any], int, list[BuscaDeal], BuscaStart | None],
) -> None:
    variant, opts = match[0], match[1]
    played = accepted(*match)
    if played.outcome is not None:
        check_settlement(variant, opts, played.totals, played.outcome)


def check_settlement(variant: BuscaVariant, opts: dict[str, Any], totals: Any, outcome: Outcome) -> None:
    net = variant.settle(opts, totals, outcome)
    assert sum(net) == 0
    assert all(n == n.quantize(Decimal("0.01")) for n in net)
    if opts["settlement_rule"] == "losers_pay":
        assert all(net[s] >= 0 for s in outcome.winners)
        assert all(net[s] <= 0 for s in range(4) if s not in outcome.winners)


@FAST
@given(st.data())
def test_any_settlement_sums_to_zero_to_the_cent(data: st.DataObject) -> None:
    game = data.draw(games)
    opts = data.draw(house_rules(game))
    totals = tuple(data.draw(st.lists(st.integers(0, 40), min_size=4, max_size=4)))
    winners = tuple(sorted(data.draw(st.sets(seats, min_size=1, max_size=3))))
    losers = () if game == "busca-001" else tuple(s for s in range(4) if s not in winners)
    check_settlement(VARIANTS[game], opts, totals, Outcome("test", 1, losers, winners))


@FAST
@given(matches())
def test_playing_on_deal_by_deal_gives_the_replay_of_every_deal_and_leaves_each_state_as_it_was(
    match: tuple[BuscaVariant, dict[str, Any], int, list[BuscaDeal], BuscaStart | None],
) -> None:
    variant, opts, first_dealer, entered, start = match
    played = accepted(variant, opts, first_dealer, entered, start)
    deals = entered[: len(played.deals)]
    state: Steps = variant.replayed(opts, PLAYERS, first_dealer, [], start)
    kept = []
    for number, deal in enumerate(deals, start=1):
        kept.append((state, state.result()))
        state = step_on(state, number, deal)
        assert state.result() == variant.play(opts, PLAYERS, first_dealer, deals[:number], start)
    assert state.result() == played
    # Each state taken on is still the match as it was before that deal.
    assert all(earlier.result() == result for earlier, result in kept)


@FAST
@given(matches(), st.data())
def test_a_match_played_on_from_a_kept_replay_of_its_first_deals_is_its_replay(
    match: tuple[BuscaVariant, dict[str, Any], int, list[BuscaDeal], BuscaStart | None],
    data: st.DataObject,
) -> None:
    """How a web process catches up with deals entered on another one (services._replayed)."""
    variant, opts, first_dealer, entered, start = match
    played = accepted(variant, opts, first_dealer, entered, start)
    deals = tuple(entered[: len(played.deals)])
    cut = data.draw(st.integers(0, len(deals)))
    kept = document.Match(variant, opts, PLAYERS, first_dealer, start, deals[:cut])
    state = variant.replayed(opts, PLAYERS, first_dealer, deals[:cut], start)
    whole = document.Match(variant, opts, PLAYERS, first_dealer, start, deals)

    resumed = whole.played_on(kept, state)

    assert resumed is not None
    assert resumed[0] == played
    assert state.result() == variant.play(opts, PLAYERS, first_dealer, deals[:cut], start)  # as it was
    # Not the start of this match: other house rules, other players, or another deal among the first.
    other_rules = {**opts, "stake": opts.get("stake", 0) + 1}
    assert whole.played_on(dataclasses.replace(kept, options=other_rules), state) is None
    assert whole.played_on(dataclasses.replace(kept, players=PLAYERS[::-1]), state) is None
    if cut:
        assert deals[0].points is not None  # every deal drawn here has its points
        changed = dataclasses.replace(deals[0], points=deals[0].points[::-1])
        assume(changed != deals[0])
        kept_otherwise = dataclasses.replace(kept, deals=(changed, *deals[1:cut]))
        assert whole.played_on(kept_otherwise, state) is None
    if cut < len(deals):  # a longer match is no start of a shorter one
        shorter = dataclasses.replace(whole, deals=deals[:cut])
        assert shorter.played_on(whole, state) is None
