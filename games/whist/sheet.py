"""The Whist sheet's parts: the pairs, the games of the two-column sheet, the deal table's rows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from games.web import latest

from .drawing import GameColumn
from .rules import Rubber

if TYPE_CHECKING:
    from matches.models import Match


def pair_names(names: Sequence[str]) -> tuple[str, str]:
    """Partners sit opposite: the first and third player, the second and fourth."""
    return f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"


def whist_columns(match: Match, rubber: Rubber) -> list[GameColumn]:
    """Each game as the sheet shows it: the running points of each pair, deal by deal."""
    start = match.start or {}
    columns = [GameColumn(((), ()), game["winner"], game["game_points"]) for game in start.get("games", [])]
    points: tuple[list[int], list[int]] = ([], [])
    before = list(start.get("score", [0, 0]))
    for pair in (0, 1):
        if before[pair]:
            points[pair].append(before[pair])
    for deal in rubber.deals:
        for pair in (0, 1):
            if deal.score[pair] != before[pair]:
                points[pair].append(deal.score[pair])
        before = list(deal.score)
        if deal.game is not None:
            columns.append(
                GameColumn((tuple(points[0]), tuple(points[1])), deal.game.winner, deal.game.game_points)
            )
            points, before = ([], []), [0, 0]
    if rubber.outcome is None:
        columns.append(GameColumn((tuple(points[0]), tuple(points[1])), None, None))
    return columns


def whist_rows(
    match: Match,
    names: Sequence[str],
    rubber: Rubber,
    rules: Any,
    shown: int | None = None,
    order: tuple[int, int] = (0, 1),
) -> list[dict[str, Any]]:
    """The deal table, newest deal first: trick and honour points, the score, the games won;
    a cell per pair, in ``order``."""
    return [
        {
            "number": deal.number,
            "dealer": names[deal.dealer],
            "cells": [
                {
                    "pair": pair,
                    "score": deal.score[pair],
                    "tricks": deal.trick_points[pair],
                    "honours": deal.honour_points[pair],
                    "honours_not_counted": deal.honours_not_counted[pair],
                }
                for pair in order
            ],
            "game": deal.game,
            "revoke": entry.revoke,
            # The three points a revoke gives (by that house rule) are in no trick or honour count.
            "penalty": 3
            if entry.revoke is not None and match.options["revoke_penalty"] == "three_points"
            else 0,
        }
        for deal, entry in zip(
            reversed(latest(rubber.deals, shown)),
            reversed(latest(rules.deals[: len(rubber.deals)], shown)),
            strict=True,
        )
    ]
