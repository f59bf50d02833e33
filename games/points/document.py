"""The points board's part of the match document (docs/format.md, "Points board"): deals, start and result.

The game is this project's own addition to the format: other tools that read match documents may
not know the key "points".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Problem, Refused, gettext_noop, is_int, renamed, seat_of
from ..money import transfers
from .rules import POINTS, PointsDeal, PointsMatch, PointsStart

_ = gettext_noop
DEAL_KEYS = frozenset({"points", "dealer"})


def _numbers(value: Any, count: int | None) -> bool:
    """One whole number per player (JSON's true and false are no numbers); any count without players."""
    return (
        isinstance(value, list) and (count is None or len(value) == count) and all(is_int(v) for v in value)
    )


def read_deal(raw: Any, players: Sequence[str], number: int | None) -> PointsDeal:
    def refuse(template: str, field: str | None = None, **params: Any) -> Refused:
        return Refused([Problem(template, params, deal=number, field=field)])

    if not isinstance(raw, dict):
        raise refuse(_("a deal must be an object"))
    unknown = sorted(set(raw) - DEAL_KEYS)
    if unknown:
        raise refuse(_("unknown key %(key)s in a deal"), key=unknown[0])
    if not _numbers(raw.get("points"), len(players)):
        raise refuse(
            _("points must be %(count)d whole numbers, one per player"), "points", count=len(players)
        )
    dealer = raw.get("dealer")
    deal = PointsDeal(
        points=tuple(raw["points"]),
        dealer=None if dealer is None else seat_of(players, dealer, number, "dealer"),
    )
    # The limits are the deal's own: said now, with the other deals' problems, not after them.
    POINTS.check_deal(deal, players, number)
    return deal


def rename_deal(raw: Any, old: str, new: str) -> Any:
    """A deal of a document with the player ``old`` called ``new``: only its dealer names a player."""
    if not isinstance(raw, dict) or "dealer" not in raw:
        return raw
    return {**raw, "dealer": renamed(raw["dealer"], old, new)}


def read_start(raw: Any, players: Sequence[str] | None) -> PointsStart | None:
    if raw is None:
        return None
    count = None if players is None else len(players)
    if not (isinstance(raw, dict) and set(raw) == {"totals"} and _numbers(raw["totals"], count)):
        raise Refused([Problem(_("start must be {totals: one whole number per player}"), field="start")])
    return PointsStart(tuple(raw["totals"]))


def result_json(match: Any, played: PointsMatch, deals: bool = True) -> dict[str, Any]:
    """The ``result`` object of a document (docs/format.md, "Points board")."""
    names = match.players
    outcome = played.outcome
    settlement = None
    if outcome is not None:
        net = match.variant.settle(match.options, played)
        settlement = {
            "stake": match.options["stake"],
            "net": {names[s]: float(a) for s, a in enumerate(net)},
            "transfers": [
                {"payer": names[payer], "payee": names[payee], "amount": float(amount)}
                for payer, payee, amount in transfers(dict(enumerate(net)))
            ],
        }
    return {
        "deals": [
            {
                "number": d.number,
                "dealer": names[d.dealer],
                "points": list(d.points),
                "totals": list(d.totals),
                "next_dealer": None if d.next_dealer is None else names[d.next_dealer],
            }
            for d in (played.deals if deals else ())
        ],
        "totals": list(played.totals),
        "status": "finished" if outcome else "in_progress",
        "ended_after_deal": outcome.after_deal if outcome else None,
        "end_reason": outcome.reason if outcome else None,
        "winners": [names[s] for s in outcome.winners] if outcome else [],
        "losers": [names[s] for s in outcome.losers] if outcome else [],
        "ranking": [names[s] for s in played.ranking],
        "places": list(played.places),
        "settlement": settlement,
    }


def start_json(start: PointsStart | None) -> dict[str, Any] | None:
    return {"totals": list(start.totals)} if start else None


def out_at_start(start: PointsStart | None) -> frozenset[int]:
    """Nobody is out of a points board."""
    return frozenset()
