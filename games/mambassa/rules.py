"""Mambassa / Quarantuno (seed 002): hand values, who pays, tokens, pot and the last player standing.

Each player antes one token into the pot and keeps ``lives`` in front; the lowest hand pays
a token into the pot; a player with no tokens left is out; the last one takes the pot.
The rules and their numbers are those of docs/rules.md, sections 6 and 8 (AMB-16 to 24).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..core import STAKE_LIMITS, Option, Problem, Refused, gettext_noop, replay, split_evenly, to_cents

_ = gettext_noop
RANKS = "1234567FCR"  # rank index 1..10; the ace also counts as 11, after the re, in a run
SUITS = "DSCB"  # denari > spade > coppe > bastoni
SUIT_RANK = {"D": 4, "S": 3, "C": 2, "B": 1}
ACE, FANTE, CAVALLO, RE = 1, 8, 9, 10


@dataclass(frozen=True, order=True)
class Card:
    rank: int  # 1 (asso) .. 10 (re)
    suit: str  # D, S, C or B

    @property
    def code(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    @property
    def value(self) -> int:
        """Aces 11, figures 10, the others their number."""
        return 11 if self.rank == ACE else self.rank if self.rank < FANTE else 10


def parse_card(code: Any) -> Card | None:
    """``"1D"`` → the ace of denari; None for anything that is not a card of the 40."""
    if not isinstance(code, str) or len(code) != 2 or code[0] not in RANKS or code[1] not in SUITS:
        return None
    return Card(RANKS.index(code[0]) + 1, code[1])


DECK = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 11))


@dataclass(frozen=True)
class Hand:
    """A 4-card hand judged: its combination, its value and a key to order it (higher is better)."""

    combination: str  # mambassa, quarantuno, quartina, scala_lunga, tris, scala_corta, somma
    value: Decimal
    key: tuple[Decimal, ...]
    rank: int | None = None  # the rank of a quartina or tris
    top: int | None = None  # the highest card of a run (ace after the re = 11)
    suit: str | None = None  # the suit of a run or of Quarantuno


def _all_runs(length: int, ace_low: bool) -> tuple[tuple[int, frozenset[int]], ...]:
    """Every run of ``length`` cards as (top, its ranks), lowest first; the ace after the re, or low too."""
    lowest = 1 if ace_low else 2  # the position of the lowest card: the ace low is position 1
    return tuple(
        (top, frozenset(ACE if position == 11 else position for position in range(top - length + 1, top + 1)))
        for top in range(lowest + length - 1, 12)
    )


_RUNS = {(length, ace_low): _all_runs(length, ace_low) for length in (3, 4) for ace_low in (False, True)}


def _runs(by_suit: Mapping[str, set[int]], length: int, ace_low: bool) -> list[tuple[int, str]]:
    """Every run of ``length`` cards of one suit as (top, suit); the ace high, or low too."""
    return [
        (top, suit)
        for suit, ranks in by_suit.items()
        if len(ranks) >= length  # a run takes ``length`` cards of its suit (the ace counts once)
        for top, run in _RUNS[length, bool(ace_low)]
        if run <= ranks
    ]


def _best_run(runs: Sequence[tuple[int, str]]) -> tuple[int, str]:
    """The highest run: by its top card, then by its suit."""
    return max(runs, key=lambda run: (run[0], SUIT_RANK[run[1]]))


def _number(value: int) -> Decimal:
    return _NUMBERS.get(value) or Decimal(value)


_NUMBERS = {n: Decimal(n) for n in range(-12, 45)}  # the values and keys a hand can have, made once
_SCALA_LUNGA, _SCALA_CORTA = Decimal("39.5"), Decimal("38.5")
_QUARANTUNO = frozenset({FANTE, CAVALLO, RE, ACE})
_VALUES = {rank: Card(rank, "D").value for rank in range(1, 11)}  # a card's value by its rank


# Every judgement a hand can get, made once: a Hand is frozen, so one serves every hand judged alike.
def _quarantuno(suit: str) -> Hand:
    return Hand("quarantuno", _number(41), (_number(41), _number(SUIT_RANK[suit])), suit=suit)


def _of_a_kind(combination: str, value: int, rank: int) -> Hand:
    """A quartina or a tris: the lower rank is the better one."""
    return Hand(combination, _number(value), (_number(value), _number(-rank)), rank=rank)


def _run(combination: str, value: Decimal, top: int, suit: str) -> Hand:
    return Hand(combination, value, (value, _number(top), _number(SUIT_RANK[suit])), top=top, suit=suit)


def _somma(best: int) -> Hand:
    """The value of the best suit; only a hand that is not four cards of the 40 can pass 44."""
    return _SOMME.get(best) or Hand("somma", _number(best), (_number(best),))


_MAMBASSA = Hand("mambassa", _number(44), (_number(44),))
_QUARANTUNI = {suit: _quarantuno(suit) for suit in SUITS}
_QUARTINE = {rank: _of_a_kind("quartina", 40, rank) for rank in range(1, 11)}
_TRIS = {rank: _of_a_kind("tris", 39, rank) for rank in range(1, 11)}
_LUNGHE = {
    (top, suit): _run("scala_lunga", _SCALA_LUNGA, top, suit) for top in range(4, 12) for suit in SUITS
}
_CORTE = {(top, suit): _run("scala_corta", _SCALA_CORTA, top, suit) for top in range(3, 12) for suit in SUITS}
_SOMME = {best: Hand("somma", _number(best), (_number(best),)) for best in range(45)}


def judge(cards: Sequence[Card], ace_low: bool = True) -> Hand:
    """The value of a 4-card hand with every combination of the seed, highest first."""
    hand = _hand_bits(cards)
    return _judge_four(hand, ace_low) if hand else _judge_any(cards, ace_low)


# Four different cards, as every deal shows, are judged as 40 bits: the ten ranks of denari (the ace
# lowest), then of spade, coppe and bastoni. Every replay judges every hand again, so this is kept quick.
_CARD_BITS = {
    suit: {rank: 1 << (10 * position + rank - 1) for rank in range(1, 11)}
    for position, suit in enumerate(SUITS)
}
_SUIT_BITS = (1 << 10) - 1  # the ten ranks of one suit
_RANK_BITS = _CARD_BITS[SUITS[0]]  # denari's bits are the lowest ten


def _bits(ranks: frozenset[int]) -> int:
    """A set of ranks of one suit as the bits of denari."""
    return sum(_RANK_BITS[rank] for rank in ranks)


def _hand_bits(cards: Sequence[Card]) -> int:
    """Four different cards of the 40 as bits; 0 for any other hand."""
    if len(cards) != 4:
        return 0
    try:
        first, second, third, fourth = cards
        hand = (
            _CARD_BITS[first.suit][first.rank]
            | _CARD_BITS[second.suit][second.rank]
            | _CARD_BITS[third.suit][third.rank]
            | _CARD_BITS[fourth.suit][fourth.rank]
        )
    except KeyError:  # not a card of the 40
        return 0
    return hand if hand.bit_count() == 4 else 0  # fewer: a card given twice


def _suit_table(ace_low: bool, suit: str) -> list[Hand | None]:
    """What each set of up to four ranks of ``suit`` holds on its own, by its bits; None for nothing.

    Written from the lowest to the highest, each replacing the one before: a scala corta, a scala
    lunga, Quarantuno.
    """
    table: list[Hand | None] = [None] * (_SUIT_BITS + 1)
    for made, length in ((_CORTE, 3), (_LUNGHE, 4)):
        for top, ranks in _RUNS[length, ace_low]:  # the lowest top first
            run = _bits(ranks)
            for other in (0, *_RANK_BITS.values()):
                if (run | other).bit_count() <= 4:
                    table[run | other] = made[top, suit]
    table[_bits(_QUARANTUNO)] = _QUARANTUNI[suit]
    return table


# By the ace low or not: the tables of _suit_table, one per suit, in the order of the bits.
_SUIT_TABLES = {ace_low: tuple(_suit_table(ace_low, suit) for suit in SUITS) for ace_low in (False, True)}
_SUMS = [
    sum(_VALUES[rank] for rank, bit in _RANK_BITS.items() if bits & bit) for bits in range(_SUIT_BITS + 1)
]


def _judge_four(hand: int, ace_low: bool) -> Hand:
    """Four different cards, as bits: each combination is a few operations on the bits of the suits.

    In four cards the combinations exclude one another: Quarantuno and the runs take three or four
    cards of one suit, the tris three suits and the quartina all four. So no order is to be kept
    but that every one of them beats the plain sum.
    """
    d, s, c, b = hand & _SUIT_BITS, hand >> 10 & _SUIT_BITS, hand >> 20 & _SUIT_BITS, hand >> 30
    alone = _SUIT_TABLES[True] if ace_low else _SUIT_TABLES[False]
    made = alone[0][d] or alone[1][s] or alone[2][c] or alone[3][b]
    if made is not None:
        return made
    three = d & s & (c | b) | c & b & (d | s)  # a rank held in three suits, or in four
    if three:
        rank = three.bit_length()
        if not d & s & c & b:
            return _TRIS[rank]
        return _MAMBASSA if rank == ACE else _QUARTINE[rank]
    return _SOMME[max(_SUMS[d], _SUMS[s], _SUMS[c], _SUMS[b])]


def _judge_any(cards: Sequence[Card], ace_low: bool) -> Hand:
    """Any cards at all, counted one by one: a card given twice, or not four cards.

    The replay refuses such a hand, but ``judge()`` still says what it is worth.
    """
    counts: dict[int, int] = {}  # cards of each rank
    by_suit: dict[str, set[int]] = {}  # the ranks of each suit
    sums: dict[str, int] = {}  # the value of each suit
    for card in cards:
        rank, suit = card.rank, card.suit
        counts[rank] = counts.get(rank, 0) + 1
        by_suit.setdefault(suit, set()).add(rank)
        sums[suit] = sums.get(suit, 0) + _VALUES[rank]
    most = max(counts.values())
    if counts.get(ACE) == 4:
        return _MAMBASSA
    if len(by_suit) == 1 and counts.keys() == _QUARANTUNO:
        return _QUARANTUNI[cards[0].suit]
    if most == 4:
        return _QUARTINE[cards[0].rank]
    longest = max(len(suited) for suited in by_suit.values())  # no run is shorter than 3
    runs = _runs(by_suit, 4, ace_low) if longest == 4 else []
    if runs:
        return _LUNGHE[_best_run(runs)]
    if most == 3:
        return _TRIS[next(r for r, n in counts.items() if n == 3)]
    runs = _runs(by_suit, 3, ace_low) if longest >= 3 else []
    if runs:
        return _CORTE[_best_run(runs)]
    return _somma(max(sums.values()))


@dataclass(frozen=True)
class MambassaDeal:
    """One deal as the table enters it: the cards shown, or just who paid (seat indices)."""

    hands: tuple[tuple[Card, ...] | None, ...] | None = None
    payers: tuple[int, ...] | None = None
    mambassa: int | None = None  # who showed one, in the quick form
    quarantuno: int | None = None
    dealer: int | None = None  # a dealer the table chose instead of the rules' choice


@dataclass(frozen=True)
class MambassaStart:
    """Tokens in front of each player and in the pot, carried over from a game in progress."""

    tokens: tuple[int, ...]
    pot: int


@dataclass(frozen=True)
class DealResult:
    number: int
    dealer: int
    hands: tuple[Hand | None, ...] | None  # None when the deal stated its payers
    payers: tuple[int, ...]
    mambassa: int | None
    quarantuno: int | None
    void: bool
    tokens: tuple[int, ...]
    pot: int
    eliminated: tuple[int, ...]
    next_dealer: int | None
    reentered: bool = False


@dataclass(frozen=True)
class Outcome:
    reason: str  # "last_player" or "split_pot"
    after_deal: int
    winner: int | None
    sharers: tuple[int, ...] = ()  # with split_pot: who shares the pot


@dataclass(frozen=True)
class MambassaGame:
    deals: tuple[DealResult, ...]
    tokens: tuple[int, ...]
    pot: int
    outcome: Outcome | None
    next_dealer: int | None
    out_after: Mapping[int, int]  # seat → the deal after which it went out (0: before the first)

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(seat for seat, tokens in enumerate(self.tokens) if tokens > 0)


class Mambassa:
    """The one Mambassa variant: the seed's rules, with the house options of Appendix A."""

    key = "mambassa"
    family = "mambassa"
    names = "Mambassa / Quarantuno"
    min_players = 2
    summary = _(
        "Lives and a pot: each deal the lowest hand pays a token; Mambassa (four aces) makes everyone "
        "else pay, Quarantuno takes a token back; the last player left takes the pot."
    )
    options = (
        Option("stake", 0, _("Money per token."), "number", minimum=0, label=_("Stake"), **STAKE_LIMITS),
        Option(
            "lives",
            3,
            _("Tokens each player keeps in front after putting one in the pot."),
            "int",
            minimum=1,
            label=_("Lives"),
            maximum=20,
            limits=_("the lives are a whole number from %(minimum)d to %(maximum)d"),
            most=_("the lives are at most %(maximum)d"),
        ),
        Option(
            "max_players",
            8,
            _("How many may sit at the table: 7 or 8."),
            "choice",
            (8, 7),
            label=_("Players"),
        ),
        Option(
            "holder_pays",
            False,
            _("The player who shows Mambassa pays a token too."),
            "bool",
            label=_("Mambassa holder pays"),
        ),
        Option(
            "ace_low",
            True,
            _("The ace may start a run (A-2-3) as well as end one (C-R-A)."),
            "bool",
            label=_("Ace low in runs"),
        ),
        Option(
            "all_out_at_once",
            "void",
            _(
                "When a deal would put every remaining player out: cancel it, split the pot, "
                "or everyone re-enters."
            ),
            "choice",
            ("void", "split_pot", "everyone_reenters"),
            label=_("Everyone out at once"),
        ),
    )

    def max_players(self, opts: Mapping[str, Any]) -> int:
        return int(opts["max_players"])

    def check_players(self, count: int, opts: Mapping[str, Any]) -> Problem | None:
        if self.min_players <= count <= self.max_players(opts):
            return None
        return Problem(
            _("Mambassa is played by 2 to %(most)d players, not %(count)d"),
            {"most": self.max_players(opts), "count": count},
            field="players",
        )

    def judge(self, cards: Sequence[Card], opts: Mapping[str, Any]) -> Hand:
        return judge(cards, bool(opts["ace_low"]))

    def next_active(self, seat: int, tokens: Sequence[int]) -> int:
        """The next player to the right who is still in the game."""
        count = len(tokens)
        return next(s % count for s in range(seat + 1, seat + count + 1) if tokens[s % count] > 0)

    def play(
        self,
        opts: Mapping[str, Any],
        players: Sequence[str],
        first_dealer: int,
        deals: Sequence[MambassaDeal],
        start: MambassaStart | None = None,
    ) -> MambassaGame:
        """Replay a game deal by deal; every problem of every deal is reported at once."""
        return self.replayed(opts, players, first_dealer, deals, start).result()

    def replayed(
        self,
        opts: Mapping[str, Any],
        players: Sequence[str],
        first_dealer: int,
        deals: Sequence[MambassaDeal],
        start: MambassaStart | None = None,
    ) -> _Replay:
        """The running state after every deal, which ``core.step_on`` takes on to the next."""
        if start is not None:
            expected = (int(opts["lives"]) + 1) * len(players)
            if sum(start.tokens) + start.pot != expected:
                raise Refused(
                    [
                        Problem(
                            _("tokens and pot add up to %(sum)d; with these lives they make %(expected)d"),
                            {"sum": sum(start.tokens) + start.pot, "expected": expected},
                            field="start",
                        )
                    ]
                )
        state = _Replay(self, opts, players, first_dealer, start)
        replay(state, deals, ended_at_start=start is not None and state.outcome is not None)
        return state

    def settle(self, opts: Mapping[str, Any], game: MambassaGame) -> list[Decimal]:
        """Each player's money at the end, to the cent: + won, − lost.

        Everyone brought ``lives`` + 1 tokens, worth the same rounded amount; the winner takes
        all of it, or, with ``split_pot``, those who went out together share it (extra cents to
        the first). Rounding each player's stake once keeps the nets summing to zero.
        """
        seats = len(game.tokens)
        outcome = game.outcome
        if outcome is None:
            return [Decimal(0)] * seats
        stake = Decimal(str(opts["stake"]))
        brought = to_cents(stake * (int(opts["lives"]) + 1))
        cents = [-brought] * seats
        takers = (outcome.winner,) if outcome.winner is not None else outcome.sharers
        for seat, share in zip(takers, split_evenly(brought * seats, len(takers)), strict=True):
            cents[seat] += share
        return [Decimal(c) / 100 for c in cents]


class _Replay:
    def __init__(
        self,
        rules: Mambassa,
        opts: Mapping[str, Any],
        players: Sequence[str],
        first_dealer: int,
        start: MambassaStart | None,
    ) -> None:
        self.rules, self.opts, self.players = rules, opts, players
        seats = len(players)
        lives = int(opts["lives"])
        self.tokens = list(start.tokens) if start else [lives] * seats
        self.pot = start.pot if start else seats
        self.results: list[DealResult] = []
        self.out_after = {seat: 0 for seat in range(seats) if self.tokens[seat] == 0}
        self.outcome: Outcome | None = None
        active = [seat for seat in range(seats) if self.tokens[seat] > 0]
        if len(active) <= 1:
            self.outcome = Outcome("last_player", 0, active[0] if active else None)
        self.dealer = first_dealer
        if self.tokens[first_dealer] == 0 and active:
            self.dealer = rules.next_active(first_dealer, self.tokens)

    def problem(
        self, number: int, template: str, field: str, seat: int | None = None, **params: Any
    ) -> Problem:
        player = self.players[seat] if seat is not None else None
        if player is not None:
            params["player"] = player
        return Problem(template, params, deal=number, player=player, field=field)

    def out_of_the_game(self, number: int, seat: int, field: str) -> Problem:
        """A player who is out named in a deal; "after deal 0" would not read, so the start is named."""
        out = self.out_after.get(seat, 0)
        if out == 0:
            return self.problem(number, _("%(player)s was out from the start and cannot play"), field, seat)
        return self.problem(
            number, _("%(player)s went out after deal %(out)d and cannot play"), field, seat, out=out
        )

    def check_hands(
        self, number: int, deal: MambassaDeal, active: Sequence[int]
    ) -> tuple[tuple[Hand | None, ...], list[Problem]]:
        assert deal.hands is not None
        judged = self.judge_shown(deal.hands, active)
        if judged is not None:
            return judged, []
        problems: list[Problem] = []
        seen: dict[tuple[int, str], int] = {}
        hands: list[Hand | None] = []
        for seat, cards in enumerate(deal.hands):
            if seat not in active:
                if cards is not None:
                    problems.append(
                        self.problem(number, _("%(player)s is out and has no hand"), "hands", seat)
                    )
                hands.append(None)
                continue
            if cards is None:
                template = _("%(player)s is still in the game: enter a hand of 4 cards")
                problems.append(self.problem(number, template, "hands", seat))
                hands.append(None)
                continue
            if len(cards) != 4:
                problems.append(
                    self.problem(
                        number,
                        _("%(player)s has %(count)d cards; a hand has 4"),
                        "hands",
                        seat,
                        count=len(cards),
                    )
                )
                hands.append(None)
                continue
            for card in cards:
                key = (card.rank, card.suit)  # hashed faster than the card itself
                if key in seen:
                    template = (
                        _("%(card)s is given twice to %(player)s")
                        if seen[key] == seat
                        else _("%(card)s is given to both %(other)s and %(player)s")
                    )
                    problems.append(
                        self.problem(
                            number, template, "hands", seat, card=card.code, other=self.players[seen[key]]
                        )
                    )
                seen.setdefault(key, seat)
            hands.append(self.rules.judge(cards, self.opts))
        return tuple(hands), problems

    def judge_shown(
        self, shown: Sequence[tuple[Card, ...] | None], active: Sequence[int]
    ) -> tuple[Hand | None, ...] | None:
        """Each hand judged, if the deal is as it should be; None if not, for check_hands to say why.

        As it should be: four different cards for each player still in, none for the others, and
        no card shown twice. The hands are judged as bits (see ``_CARD_BITS``), quicker than cards.
        """
        hands: list[Hand | None] = []
        dealt = 0  # the cards shown so far, as bits
        for seat, cards in enumerate(shown):
            if cards is None:
                if seat in active:
                    return None
                hands.append(None)
                continue
            bits = _hand_bits(cards)
            if not bits or bits & dealt or seat not in active:
                return None
            dealt |= bits
            hands.append(_judge_four(bits, self.opts["ace_low"]))
        return tuple(hands)

    def outcome_from_hands(
        self, hands: Sequence[Hand | None], active: Sequence[int]
    ) -> tuple[list[int], int | None, int | None]:
        """Who pays, who showed Mambassa, who takes a token back for Quarantuno."""
        judged = {seat: hand for seat in active if (hand := hands[seat]) is not None}
        mambassa = next((s for s, h in judged.items() if h.combination == "mambassa"), None)
        if mambassa is not None:
            payers = [s for s in active if s != mambassa or self.opts["holder_pays"]]
            return payers, mambassa, None
        low = min(h.key for h in judged.values())
        payers = [s for s, h in judged.items() if h.key == low]
        if len(active) == 2 and len(payers) == 2:
            payers = [s for s in payers if s != self.dealer]  # two left and equal: the non-dealer pays
        quarantuni = [s for s, h in judged.items() if h.combination == "quarantuno"]
        # Two Quarantuno shown: the higher one takes the token (AMB-20), the declarer being unknown.
        quarantuno = max(quarantuni, key=lambda s: judged[s].key) if quarantuni else None
        return payers, None, quarantuno

    def check_payers(
        self, number: int, deal: MambassaDeal, active: Sequence[int], known: bool = True
    ) -> list[Problem]:
        """``known`` False: who is still in is not known (after a deal refused), and what follows
        from it (who pays for a Mambassa, one payer of two) is not checked."""
        assert deal.payers is not None
        problems = []
        named: list[tuple[int | None, str]] = [(seat, "payers") for seat in deal.payers]
        named += [(deal.mambassa, "mambassa"), (deal.quarantuno, "quarantuno")]
        for seat, field in named:
            if seat is not None and seat not in active:
                problems.append(self.out_of_the_game(number, seat, field))
        if problems:
            return problems
        if len(set(deal.payers)) != len(deal.payers):
            problems.append(self.problem(number, _("a player can pay only once a deal"), "payers"))
        if not deal.payers:
            problems.append(
                self.problem(number, _("say who pays: at least one player pays each deal"), "payers")
            )
        if deal.mambassa is not None and deal.quarantuno is not None:
            problems.append(
                self.problem(
                    number, _("Mambassa and Quarantuno cannot be shown in the same deal"), "quarantuno"
                )
            )
        elif not known:
            pass
        elif deal.mambassa is not None:
            expected = sorted(s for s in active if s != deal.mambassa or self.opts["holder_pays"])
            if sorted(deal.payers) != expected:
                problems.append(
                    self.problem(
                        number,
                        _("with %(player)s's Mambassa these players pay: %(payers)s"),
                        "payers",
                        deal.mambassa,
                        payers=", ".join(self.players[s] for s in expected),
                    )
                )
        elif len(active) == 2 and len(deal.payers) == 2:
            other = next(seat for seat in active if seat != self.dealer)  # who pays on equal hands
            template = _("with two players left only one pays: on equal hands %(player)s, who did not deal")
            problems.append(self.problem(number, template, "payers", other))
        return problems

    @property
    def ended(self) -> bool:
        return self.outcome is not None

    def check_alone(self, number: int, deal: MambassaDeal) -> None:
        """The deal's own checks, whoever is still in: four cards a hand, none twice; payers once."""
        if deal.hands is not None:
            shown = [seat for seat, cards in enumerate(deal.hands) if cards is not None]
            problems = self.check_hands(number, deal, shown)[1]
        else:
            problems = self.check_payers(number, deal, range(len(self.players)), known=False)
        if problems:
            raise Refused(problems)

    def step(self, number: int, deal: MambassaDeal) -> None:
        if self.outcome is not None:
            raise Refused(
                [
                    Problem(
                        _("the match ended after deal %(last)d"),
                        {"last": self.outcome.after_deal},
                        deal=number,
                    )
                ]
            )
        if deal.dealer is not None and deal.dealer != self.dealer:
            if self.tokens[deal.dealer] == 0:
                raise Refused(
                    [self.problem(number, _("%(player)s is out and cannot deal"), "dealer", deal.dealer)]
                )
            self.dealer = deal.dealer
        active = [seat for seat, tokens in enumerate(self.tokens) if tokens > 0]
        hands: tuple[Hand | None, ...] | None = None
        if deal.hands is not None:
            hands, problems = self.check_hands(number, deal, active)
            if problems:
                raise Refused(problems)
            payers, mambassa, quarantuno = self.outcome_from_hands(hands, active)
        else:
            problems = self.check_payers(number, deal, active)
            if problems:
                raise Refused(problems)
            assert deal.payers is not None
            payers, mambassa, quarantuno = list(deal.payers), deal.mambassa, deal.quarantuno
        self.apply(number, hands, payers, mambassa, quarantuno, active)

    def apply(
        self,
        number: int,
        hands: tuple[Hand | None, ...] | None,
        payers: Sequence[int],
        mambassa: int | None,
        quarantuno: int | None,
        active: Sequence[int],
    ) -> None:
        tokens, pot = list(self.tokens), self.pot
        for seat in payers:
            tokens[seat] -= 1
            pot += 1
        if quarantuno is not None:
            tokens[quarantuno] += 1
            pot -= 1
        void = reentered = False
        outcome = None
        if not any(tokens[seat] > 0 for seat in active):
            rule = self.opts["all_out_at_once"]
            if rule == "void":
                tokens, pot, void = list(self.tokens), self.pot, True
            elif rule == "everyone_reenters":
                tokens = [1] * len(tokens)
                pot -= len(tokens)
                reentered = True
                self.out_after.clear()
            else:
                outcome = Outcome("split_pot", number, None, tuple(active))
        eliminated = tuple(seat for seat in active if tokens[seat] == 0)
        for seat in eliminated:
            self.out_after[seat] = number
        still = [seat for seat, t in enumerate(tokens) if t > 0]
        if outcome is None and len(still) == 1:
            winner = still[0]
            tokens[winner] += pot  # the last player takes the pot
            pot = 0
            outcome = Outcome("last_player", number, winner)
        self.tokens, self.pot, self.outcome = tokens, pot, outcome
        dealer = self.dealer
        if outcome is None:
            self.dealer = self.rules.next_active(dealer, tokens)
        payers = tuple(sorted(payers)) if not void else ()
        quarantuno = quarantuno if not void else None
        next_dealer = None if outcome else self.dealer
        # Every field by position, in order, from a name alike: quicker than by keyword, for every deal.
        self.results.append(
            DealResult(
                number,
                dealer,
                hands,
                payers,
                mambassa,
                quarantuno,
                void,
                tuple(tokens),
                pot,
                eliminated,
                next_dealer,
                reentered,
            )
        )

    def result(self) -> MambassaGame:
        return MambassaGame(
            deals=tuple(self.results),
            tokens=tuple(self.tokens),
            pot=self.pot,
            outcome=self.outcome,
            next_dealer=None if self.outcome else self.dealer,
            out_after=dict(self.out_after),
        )


MAMBASSA = Mambassa()
