"""The Mambassa part of the match document (docs/format.md, "Mambassa"): deals, start and result."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from ..core import Problem, Refused, gettext_noop, is_int, renamed, seat_of
from .rules import Card, Hand, MambassaDeal, MambassaGame, MambassaStart, parse_card

_ = gettext_noop
HAND_KEYS = frozenset({"hands", "dealer"})
PAYER_KEYS = frozenset({"payers", "mambassa", "quarantuno", "dealer"})


def _refuse(template: str, number: int | None, field: str | None = None, **params: Any) -> Refused:
    return Refused([Problem(template, params, deal=number, field=field)])


def _read_hand(raw: Any, player: str, number: int | None) -> tuple[Card, ...] | None:
    if raw is None:
        return None

    def refuse(template: str, **params: Any) -> Refused:
        return Refused([Problem(template, params, deal=number, player=player, field="hands")])

    if not isinstance(raw, list):
        raise refuse(_("%(player)s's hand must be a list of cards"), player=player)
    cards = []
    for code in raw:
        card = parse_card(code)
        if card is None:
            raise refuse(
                _("%(player)s's %(card)s is not a card: write rank and suit, like 1D or CC"),
                card=code,
                player=player,
            )
        cards.append(card)
    return tuple(cards)


def read_deal(raw: Any, players: Sequence[str], number: int | None) -> MambassaDeal:
    """One deal: either the cards shown at the end, or who paid."""
    if not isinstance(raw, dict):
        raise _refuse(_("a deal must be an object"), number)
    if "hands" in raw and "payers" in raw:
        raise _refuse(_("a deal gives either the hands or the payers"), number, "payers")
    keys = HAND_KEYS if "hands" in raw else PAYER_KEYS
    unknown = sorted(set(raw) - keys)
    if unknown:
        raise _refuse(_("unknown key %(key)s in a deal"), number, key=unknown[0])
    dealer = raw.get("dealer")
    dealer_seat = None if dealer is None else seat_of(players, dealer, number, "dealer")
    if "hands" in raw:
        hands = raw["hands"]
        if not isinstance(hands, list) or len(hands) != len(players):
            raise _refuse(_("hands must be a list with one hand per player"), number, "hands")
        return MambassaDeal(
            hands=tuple(_read_hand(h, p, number) for h, p in zip(hands, players, strict=True)),
            dealer=dealer_seat,
        )
    payers = raw.get("payers")
    if not isinstance(payers, list):
        raise _refuse(_("a deal gives either the hands or the payers"), number, "payers")

    def seat(name: Any, field: str) -> int | None:
        return None if name is None else seat_of(players, name, number, field)

    return MambassaDeal(
        payers=tuple(seat_of(players, name, number, "payers") for name in payers),
        mambassa=seat(raw.get("mambassa"), "mambassa"),
        quarantuno=seat(raw.get("quarantuno"), "quarantuno"),
        dealer=dealer_seat,
    )


def rename_deal(raw: Any, old: str, new: str) -> Any:
    """A deal of a document with the player ``old`` called ``new``: the payers, who showed a
    Mambassa or a quarantuno and the dealer name players (the hands go by seat)."""
    if not isinstance(raw, dict):
        return raw
    named = ("mambassa", "quarantuno", "dealer")
    deal = {key: renamed(value, old, new) if key in named else value for key, value in raw.items()}
    if isinstance(raw.get("payers"), list):
        deal["payers"] = [renamed(name, old, new) for name in raw["payers"]]
    return deal


def read_start(raw: Any, players: Sequence[str] | None) -> MambassaStart | None:
    if raw is None:
        return None
    ok = (
        isinstance(raw, dict)
        and set(raw) == {"tokens", "pot"}
        and isinstance(raw["tokens"], list)
        and (players is None or len(raw["tokens"]) == len(players))
        and all(is_int(t) and t >= 0 for t in raw["tokens"])
        and is_int(raw["pot"])
        and raw["pot"] >= 0
    )
    if not ok:
        raise Refused(
            [
                Problem(
                    _("start must be {tokens: one whole number ≥ 0 per player, pot: a whole number ≥ 0}"),
                    field="start",
                )
            ]
        )
    return MambassaStart(tuple(raw["tokens"]), raw["pot"])


def _number(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)


def hand_json(hand: Hand | None) -> dict[str, Any] | None:
    return None if hand is None else {"combination": hand.combination, "value": _number(hand.value)}


def result_json(match: Any, played: MambassaGame, deals: bool = True) -> dict[str, Any]:
    """The ``result`` object of a document (docs/format.md, "Mambassa")."""
    names = match.players

    def name(seat: int | None) -> str | None:
        return None if seat is None else names[seat]

    outcome = played.outcome
    settlement = None
    if outcome is not None:
        net = match.variant.settle(match.options, played)
        settlement = {"stake": match.options["stake"], "net": {names[s]: float(a) for s, a in enumerate(net)}}
    return {
        "deals": [
            {
                "number": d.number,
                "dealer": name(d.dealer),
                "hands": [hand_json(h) for h in d.hands] if d.hands else [None] * len(names),
                "payers": [names[s] for s in d.payers],
                "mambassa": name(d.mambassa),
                "quarantuno": name(d.quarantuno),
                "void": d.void,
                "tokens": list(d.tokens),
                "pot": d.pot,
                "eliminated": [names[s] for s in d.eliminated],
                "next_dealer": name(d.next_dealer),
            }
            for d in (played.deals if deals else ())
        ],
        "tokens": list(played.tokens),
        "pot": played.pot,
        "status": "finished" if outcome else "in_progress",
        "ended_after_deal": outcome.after_deal if outcome else None,
        "end_reason": outcome.reason if outcome else None,
        "winner": name(outcome.winner) if outcome else None,
        "settlement": settlement,
    }


def start_json(start: MambassaStart | None) -> dict[str, Any] | None:
    return {"tokens": list(start.tokens), "pot": start.pot} if start else None


def out_at_start(start: MambassaStart | None) -> frozenset[int]:
    """The players with no token left at the start: they cannot deal."""
    if start is None:
        return frozenset()
    return frozenset(seat for seat, tokens in enumerate(start.tokens) if tokens == 0)
