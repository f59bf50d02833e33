"""The Busca sheet's parts: the deal table's rows, and where the penalty busche sit on the cross."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.web import latest

from .rules import BuscaMatch


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
                    "points": deal.points[seat] if deal.points else None,
                    "covered": deal.covered[seat],
                    "busche": deal.busche[seat],
                    "total": deal.totals[seat],
                }
                for seat in range(len(names))
            ],
        }
        for deal in reversed(latest(played.deals, shown))
    ]
