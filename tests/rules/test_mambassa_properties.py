"""Properties of any Mambassa game with valid deals and any house rules, checked with hypothesis.

A game is built deal by deal: each deal is drawn for the players still in after the deals before
it, either as hands dealt from a shuffled deck (now and then with four aces or a Quarantuno
slipped in) or as payers, as a table would enter them.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from itertools import combinations
from random import Random
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from games.core import Steps, resolve_options, step_on
from games.mambassa.rules import (
    DECK,
    MAMBASSA,
    SUITS,
    Card,
    MambassaDeal,
    MambassaGame,
    MambassaStart,
    _hand_bits,
    _judge_any,
    _judge_four,
    judge,
)

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Gina", "Ugo")
# No example database: the suite leaves no .hypothesis directory behind.
FAST = settings(max_examples=150, deadline=None, database=None)
MAX_DEALS = 30

ACES = tuple(card for card in DECK if card.rank == 1)
SPECIALS = ("none", "none", "mambassa", "quarantuno", "two_quarantuno")
KINDS = ("plain", "plain", "mambassa", "quarantuno")


def quarantuno(suit: str) -> tuple[Card, ...]:
    return tuple(card for card in DECK if card.suit == suit and card.rank in (1, 8, 9, 10))


@st.composite
def house_rules(draw: st.DrawFn, players: int) -> dict[str, Any]:
    given = {
        "stake": draw(st.integers(0, 1000)) / 100,
        "lives": draw(st.integers(1, 3)),
        "max_players": draw(st.sampled_from([8, 7] if players <= 7 else [8])),
        "holder_pays": draw(st.booleans()),
        "ace_low": draw(st.booleans()),
        "all_out_at_once": draw(st.sampled_from(["void", "split_pot", "everyone_reenters"])),
    }
    return resolve_options(MAMBASSA.options, given)


def pick(draw: st.DrawFn, seats: Sequence[int]) -> int:
    return seats[draw(st.integers(0, len(seats) - 1))]


@st.composite
def shown_deal(draw: st.DrawFn, active: list[int], seats: int) -> MambassaDeal:
    """Hands for the players still in, from one deck; sometimes four aces or Quarantuno for someone."""
    special = draw(st.sampled_from(SPECIALS))
    planted: list[tuple[Card, ...]] = []
    if special == "mambassa":
        planted = [ACES]
    elif special == "quarantuno":
        planted = [quarantuno(draw(st.sampled_from("DSCB")))]
    elif special == "two_quarantuno":
        suit = draw(st.sampled_from("DSC"))
        planted = [quarantuno(suit), quarantuno(draw(st.sampled_from("DSCB"[SUITS.index(suit) + 1 :])))]
    planted = planted[: len(active)]
    used = {card for hand in planted for card in hand}
    # One seed shuffles the deck: far cheaper to draw than a permutation, card by card.
    shuffle = Random(draw(st.integers(0, 2**32 - 1)))
    deck = shuffle.sample([card for card in DECK if card not in used], 40 - len(used))
    holders = shuffle.sample(active, len(active))
    hands: dict[int, tuple[Card, ...]] = dict(zip(holders, planted, strict=False))
    rest = [seat for seat in active if seat not in hands]
    for n, seat in enumerate(rest):
        hands[seat] = tuple(deck[4 * n : 4 * n + 4])
    return MambassaDeal(hands=tuple(hands.get(seat) for seat in range(seats)))


@st.composite
def paid_deal(draw: st.DrawFn, active: list[int], opts: dict[str, Any]) -> MambassaDeal:
    """Who paid, as the table says it: the checks that can be made on payers all pass."""
    kind = draw(st.sampled_from(KINDS))
    if kind == "mambassa":
        holder = pick(draw, active)
        payers = tuple(s for s in active if s != holder or opts["holder_pays"])
        return MambassaDeal(payers=payers, mambassa=holder)
    if len(active) == 2:
        payers = (pick(draw, active),)
    else:  # any players but not none: a bit mask over those still in
        mask = draw(st.integers(1, 2 ** len(active) - 1))
        payers = tuple(seat for n, seat in enumerate(active) if mask >> n & 1)
    declarer = pick(draw, active) if kind == "quarantuno" else None
    return MambassaDeal(payers=payers, quarantuno=declarer)


@st.composite
def starts(draw: st.DrawFn, seats: int, lives: int) -> MambassaStart | None:
    if not draw(st.booleans()):
        return None
    tokens = tuple(draw(st.lists(st.integers(0, lives + 1), min_size=seats, max_size=seats)))
    assume(sum(1 for t in tokens if t > 0) >= 2)
    return MambassaStart(tokens, (lives + 1) * seats - sum(tokens))


Table = tuple[dict[str, Any], tuple[str, ...], int, MambassaStart | None, list[MambassaDeal], MambassaGame]


@st.composite
def games(draw: st.DrawFn) -> Table:
    """A game of 2 to 8 players, played deal by deal until it ends or MAX_DEALS is reached."""
    seats = draw(st.integers(2, 8))
    opts = draw(house_rules(seats))
    players = NAMES[:seats]
    first_dealer = draw(st.integers(0, seats - 1))
    start = draw(starts(seats, opts["lives"]))
    deals: list[MambassaDeal] = []
    # The state after each deal, carried on as a start so that drawing the game takes linear time.
    now = MAMBASSA.play(opts, players, first_dealer, [], start)
    while now.outcome is None and len(deals) < MAX_DEALS:
        active = list(now.active)
        deal = draw(shown_deal(active, seats)) if draw(st.booleans()) else draw(paid_deal(active, opts))
        deals.append(deal)
        assert now.next_dealer is not None
        now = MAMBASSA.play(opts, players, now.next_dealer, [deal], MambassaStart(now.tokens, now.pot))
    game = MAMBASSA.play(opts, players, first_dealer, deals, start)
    # A start carries a game on exactly: replaying every deal from the beginning ends the same.
    assert (game.tokens, game.pot, game.next_dealer) == (now.tokens, now.pot, now.next_dealer)
    return opts, players, first_dealer, start, deals, game


def tokens_before(table: Table) -> list[tuple[int, ...]]:
    """The tokens in front of each player before each deal."""
    opts, players, _, start, _, game = table
    first = start.tokens if start else (opts["lives"],) * len(players)
    return [first, *(deal.tokens for deal in game.deals[:-1])]


@FAST
@given(games())
def test_tokens_and_pot_always_make_lives_plus_one_per_player(table: Table) -> None:
    opts, players, _, _, deals, game = table
    total = (opts["lives"] + 1) * len(players)
    assert len(game.deals) == len(deals)
    assert all(sum(deal.tokens) + deal.pot == total for deal in game.deals)
    assert all(min(deal.tokens) >= 0 and deal.pot >= 0 for deal in game.deals)
    assert sum(game.tokens) + game.pot == total


@FAST
@given(games())
def test_a_player_who_is_out_never_pays_nor_holds_a_hand(table: Table) -> None:
    _, _, _, _, deals, game = table
    for before, entered, deal in zip(tokens_before(table), deals, game.deals, strict=True):
        active = {seat for seat, t in enumerate(before) if t > 0}
        assert set(deal.payers) <= active
        assert {s for s in (deal.mambassa, deal.quarantuno) if s is not None} <= active
        assert set(deal.eliminated) <= active
        assert before[deal.dealer] > 0
        if entered.hands is not None:
            assert deal.hands is not None
            assert {seat for seat, hand in enumerate(deal.hands) if hand is not None} == active
        if deal.next_dealer is not None:
            assert deal.tokens[deal.next_dealer] > 0


@FAST
@given(games())
def test_a_deal_moves_one_token_per_payer_unless_it_is_void(table: Table) -> None:
    _, _, _, _, _, game = table
    for before, deal in zip(tokens_before(table), game.deals, strict=True):
        if deal.void:
            assert (deal.tokens, deal.payers) == (before, ())
            continue
        assert deal.payers
        if game.outcome is not None and deal is game.deals[-1]:
            continue  # the winner has taken the pot
        if not deal.reentered:
            refund = [1 if seat == deal.quarantuno else 0 for seat in range(len(before))]
            paid = [1 if seat in deal.payers else 0 for seat in range(len(before))]
            assert list(deal.tokens) == [t - p + r for t, p, r in zip(before, paid, refund, strict=True)]


@FAST
@given(games())
def test_a_game_ends_once_with_one_winner_holding_every_token(table: Table) -> None:
    opts, players, _, _, deals, game = table
    if game.outcome is None:
        assert len(deals) == MAX_DEALS
        assert len(game.active) >= 2
        assert all(deal.next_dealer is not None for deal in game.deals)
        return
    assert game.outcome.after_deal == len(deals)
    assert game.next_dealer is None
    assert game.deals[-1].next_dealer is None
    assert all(deal.next_dealer is not None for deal in game.deals[:-1])
    if opts["all_out_at_once"] != "split_pot":
        assert game.outcome.reason == "last_player"
    if game.outcome.reason == "last_player":
        winner = game.outcome.winner
        assert winner is not None
        assert game.active == (winner,)
        assert game.tokens[winner] == (opts["lives"] + 1) * len(players)
        assert game.pot == 0
    else:
        assert game.outcome.winner is None
        assert game.active == ()
        assert game.outcome.sharers == game.deals[-1].eliminated


@FAST
@given(games())
def test_a_finished_game_settles_to_zero_to_the_cent(table: Table) -> None:
    opts, players, _, _, _, game = table
    assume(game.outcome is not None)
    assert game.outcome is not None
    net = MAMBASSA.settle(opts, game)
    assert sum(net) == 0
    assert all(n == n.quantize(Decimal("0.01")) for n in net)
    brought = (Decimal(str(opts["stake"])) * (opts["lives"] + 1)).quantize(Decimal("0.01"))
    takers = {game.outcome.winner} if game.outcome.winner is not None else set(game.outcome.sharers)
    assert all(n == -brought for seat, n in enumerate(net) if seat not in takers)
    if game.outcome.winner is not None:
        assert net[game.outcome.winner] == brought * (len(players) - 1)


@FAST
@given(st.permutations(DECK), st.booleans())
def test_the_key_orders_hands_as_their_combination_values_do(deck: list[Card], ace_low: bool) -> None:
    hands = [judge(deck[4 * n : 4 * n + 4], ace_low) for n in range(10)]
    for a, b in combinations(hands, 2):
        assert a.key[0] == a.value
        assert (a.key < b.key) + (a.key == b.key) + (a.key > b.key) == 1
        if a.value > b.value:
            assert a.key > b.key
        if a.key == b.key:  # different cards: only plain sums can be equal
            assert (a.combination, b.combination) == ("somma", "somma")
    assert sorted(hands, key=lambda h: h.key) == sorted(hands, key=lambda h: (h.value, h.key))


def test_every_hand_of_four_cards_is_judged_alike_by_its_bits_and_card_by_card() -> None:
    """The quick judgement (four different cards as 40 bits) agrees with counting the cards one by one.

    Every hand of four cards of the 40 (91,390 of them), the ace low and not.
    """
    differ = [
        (hand, ace_low)
        for hand in combinations(DECK, 4)
        for ace_low in (True, False)
        if _judge_four(_hand_bits(hand), ace_low) != _judge_any(hand, ace_low)
    ]
    assert differ == []


@FAST
@given(games())
def test_playing_on_deal_by_deal_gives_the_replay_of_every_deal_and_leaves_each_state_as_it_was(
    table: Table,
) -> None:
    opts, players, first_dealer, start, deals, game = table
    state: Steps = MAMBASSA.replayed(opts, players, first_dealer, [], start)
    kept = []
    for number, deal in enumerate(deals, start=1):
        kept.append((state, state.result()))
        state = step_on(state, number, deal)
        assert state.result() == MAMBASSA.play(opts, players, first_dealer, deals[:number], start)
    assert state.result() == game
    # Each state taken on is still the game as it was before that deal.
    assert all(earlier.result() == result for earlier, result in kept)
