"""Mambassa / Quarantuno (seed 002): hand values, who pays, tokens, pot and the last player standing.

Each player antes one token into the pot and keeps ``lives`` in front; the lowest hand pays
a token into the pot; a player with no tokens left is out; the last one takes the pot.
The rules and their numbers are those of shared/rules/spec.md, sections 6 and 8 (AMB-16 to 24).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .core import Option, Problem, Refused, gettext_noop, replay, split_evenly, to_cents

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


def _runs(by_suit: Mapping[str, set[int]], length: int, ace_low: bool) -> list[tuple[int, str]]:
    """Every run of ``length`` cards of one suit as (top, suit); the ace high, or low too."""
    found = []
    for suit, ranks in by_suit.items():
        if len(ranks) < length:  # a run takes ``length`` cards of its suit (the ace counts once)
            continue
        positions = {11 if rank == ACE else rank for rank in ranks}
        if ACE in ranks and ace_low:
            positions.add(1)
        for top in range(length, 12):
            if all(p in positions for p in range(top - length + 1, top + 1)):
                found.append((top, suit))
    return found


def _number(value: int) -> Decimal:
    return _NUMBERS.get(value) or Decimal(value)


_NUMBERS = {n: Decimal(n) for n in range(-12, 45)}  # the values and keys a hand can have, made once
_SCALA_LUNGA, _SCALA_CORTA = Decimal("39.5"), Decimal("38.5")


def judge(cards: Sequence[Card], ace_low: bool = True) -> Hand:
    """The value of a 4-card hand with every combination of the seed, highest first."""
    return _judged(tuple(cards), ace_low)


# Every replay of a game (each deal entered or corrected replays them all) judges its earlier hands
# again: kept here, they are judged once. A Hand is frozen, so sharing one is safe.
@functools.lru_cache(maxsize=16384)
def _judged(cards: tuple[Card, ...], ace_low: bool) -> Hand:
    counts: dict[int, int] = {}  # cards of each rank
    by_suit: dict[str, set[int]] = {}  # the ranks of each suit
    sums: dict[str, int] = {}  # the value of each suit
    for card in cards:  # one pass: this runs for every hand of every deal of every replay
        rank, suit = card.rank, card.suit
        counts[rank] = counts.get(rank, 0) + 1
        suited = by_suit.get(suit)
        if suited is None:
            by_suit[suit], sums[suit] = {rank}, _VALUES[rank]
        else:
            suited.add(rank)
            sums[suit] += _VALUES[rank]
    most = max(counts.values())
    if counts.get(ACE) == 4:
        return Hand("mambassa", _number(44), (_number(44),))
    if len(by_suit) == 1 and counts.keys() == _QUARANTUNO:
        suit = cards[0].suit
        return Hand("quarantuno", _number(41), (_number(41), _number(SUIT_RANK[suit])), suit=suit)
    if most == 4:
        rank = cards[0].rank
        return Hand("quartina", _number(40), (_number(40), _number(-rank)), rank=rank)
    longest = max(len(suited) for suited in by_suit.values())  # no run is shorter than 3
    runs = _runs(by_suit, 4, ace_low) if longest == 4 else []
    if runs:
        top, suit = max(runs, key=lambda run: (run[0], SUIT_RANK[run[1]]))
        return Hand(
            "scala_lunga",
            _SCALA_LUNGA,
            (_SCALA_LUNGA, _number(top), _number(SUIT_RANK[suit])),
            top=top,
            suit=suit,
        )
    if most == 3:
        rank = next(r for r, n in counts.items() if n == 3)
        return Hand("tris", _number(39), (_number(39), _number(-rank)), rank=rank)
    runs = _runs(by_suit, 3, ace_low) if longest >= 3 else []
    if runs:
        top, suit = max(runs, key=lambda run: (run[0], SUIT_RANK[run[1]]))
        return Hand(
            "scala_corta",
            _SCALA_CORTA,
            (_SCALA_CORTA, _number(top), _number(SUIT_RANK[suit])),
            top=top,
            suit=suit,
        )
    best = max(sums.values())
    return Hand("somma", _number(best), (_number(best),))


_QUARANTUNO = frozenset({FANTE, CAVALLO, RE, ACE})
_VALUES = {rank: Card(rank, "D").value for rank in range(1, 11)}  # a card's value by its rank


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
        Option("stake", 0, _("Money per token."), "number", minimum=0, label=_("Stake")),
        Option(
            "lives",
            3,
            _("Tokens each player keeps in front after putting one in the pot."),
            "int",
            minimum=1,
            label=_("Lives"),
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
        return state.result()

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

    def check_payers(self, number: int, deal: MambassaDeal, active: Sequence[int]) -> list[Problem]:
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
            problems.append(
                self.problem(
                    number, _("with two players left only one pays, the non-dealer on equal hands"), "payers"
                )
            )
        return problems

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
        self.results.append(
            DealResult(
                number=number,
                dealer=dealer,
                hands=hands,
                payers=tuple(sorted(payers)) if not void else (),
                mambassa=mambassa,
                quarantuno=quarantuno if not void else None,
                void=void,
                tokens=tuple(tokens),
                pot=pot,
                eliminated=eliminated,
                next_dealer=None if outcome else self.dealer,
                reentered=reentered,
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
