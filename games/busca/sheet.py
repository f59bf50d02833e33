"""The Busca sheet: the cross and the result above the entry form, the deal table's rows, and where the
penalty busche sit on the cross (``busca_context``: what busca/top.html and deals.html draw)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _

from games.web import editable, latest, name, paid_said, settlement_rows
from matches import spoken

from .drawing import busca_cross
from .rules import BuscaMatch, DealResult

if TYPE_CHECKING:
    from matches.models import Match


def penalty_places(played: BuscaMatch) -> list[list[int]]:
    """For each seat, which of its busche on the cross (0: the first, by the centre) a penalty gave.

    In the order they were marked: each deal's busche from points, then its penalty busche. Busche
    carried over from paper (a match's start) come first and are from points: the paper does not say.
    """
    seats = len(played.totals)
    if not played.deals:
        return [[] for _seat in range(seats)]
    first = played.deals[0]
    marked = [t - b for t, b in zip(first.totals, first.busche, strict=True)]
    places: list[list[int]] = [[] for _seat in range(seats)]
    for deal in played.deals:
        for seat in range(seats):
            from_points = deal.busche[seat] - deal.penalty_busche[seat]
            start = marked[seat] + from_points
            places[seat].extend(range(start, start + deal.penalty_busche[seat]))
            marked[seat] += deal.busche[seat]
    return places


def busca_rows(played: BuscaMatch, names: Sequence[str], shown: int | None = None) -> list[dict[str, Any]]:
    """The deal table, newest deal first: each player's points, busche and running total."""
    return [
        {
            "number": deal.number,
            "dealer": names[deal.dealer],
            "cells": [
                {
                    "points": deal.points[seat] if deal.points else _top_points(deal, seat),
                    "covered": deal.covered[seat],
                    "busche": deal.busche[seat],
                    "total": deal.totals[seat],
                }
                for seat in range(len(names))
            ],
        }
        for deal in reversed(latest(played.deals, shown))
    ]


def _top_points(deal: DealResult, seat: int) -> int | None:
    """A seat's points in a deal entered by its top: the top's own; the others' were not entered."""
    return deal.top.points if deal.top is not None and seat in deal.top.seats else None


def busca_context(
    match: Match,
    names: Sequence[str],
    played: BuscaMatch,
    rules: Any,
    preview: Any,
    bottom: int = 0,
    shown: int | None = None,
) -> dict[str, Any]:
    variant = rules.variant
    outcome, totals = played.outcome, played.totals
    penalties = penalty_places(played)
    label = spoken.busca_label(
        names,
        totals,
        dealer=name(names, played.next_dealer),
        losers=[names[s] for s in outcome.losers] if outcome else (),
        penalties=[len(places) for places in penalties],
    )
    # Drawn only when the drawing is not in the cache already (match_detail.html).
    cross = SimpleLazyObject(
        lambda: busca_cross(
            names,
            totals,
            variant.thresholds(match.options),
            dealer=played.next_dealer,
            losers=outcome.losers if outcome else (),
            winners=outcome.winners if outcome else (),
            label=label,
            dealer_label=_("dealer"),
            bottom=bottom,
            penalties=penalties,
            key_labels=(_("busca from points"), _("penalty busca")),
        )
    )
    settlement = nets = None
    if outcome is not None and match.options.get("stake"):
        nets = variant.settle(match.options, totals, outcome)
        settlement = settlement_rows(names, nets)
    outcome_said = ""
    if outcome is not None:
        result = spoken.busca_result([names[s] for s in outcome.losers], [names[s] for s in outcome.winners])
        outcome_said = spoken.match_over(result, paid_said(names, nets))
    return {
        "outcome_said": outcome_said,
        "totals": totals,
        "losers": [names[s] for s in outcome.losers] if outcome else [],
        "winners": [names[s] for s in outcome.winners] if outcome else [],
        "settlement": settlement,
        "cross": cross,
        # Only when the table is drawn.
        "rows": SimpleLazyObject(lambda: editable(match, busca_rows(played, names, shown))),
        "next_leader": name(names, played.next_leader),
    }
