"""The Whist sheet: the pairs, the games of the two-column sheet, the deal table's rows
(``whist_context``: what whist/top.html and deals.html draw)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _

from games.web import editable, latest, name
from matches import spoken
from matches.amounts import money

from .drawing import GameColumn, whist_sheet
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


def whist_context(
    match: Match,
    names: Sequence[str],
    rubber: Rubber,
    rules: Any,
    preview: Any,
    bottom: int = 0,
    shown: int | None = None,
) -> dict[str, Any]:
    variant = rules.variant
    pairs = pair_names(names)
    outcome = rubber.outcome
    totals = variant.totals(match.options, rubber)
    label = spoken.whist_label(
        pairs,
        (rubber.wins(0), rubber.wins(1)),
        totals,
        rubber.score,
        dealer=name(names, rubber.next_dealer),
        winner=pairs[outcome.winner] if outcome else None,
    )
    # Drawn only when the drawing is not in the cache already (match_detail.html).
    sheet = SimpleLazyObject(
        lambda: whist_sheet(
            pairs,
            whist_columns(match, rubber),
            value_labels={3: _("treble"), 2: _("double"), 1: _("single")},
            rubber_winner=outcome.winner if outcome else None,
            rubber_bonus=int(match.options["rubber_bonus"]),
            totals=totals if outcome else None,
            bonus_label=_("rubber"),
            total_label=_("total"),
            pays_label=_("pays"),
            label=label,
            dealer=None if rubber.next_dealer is None else rubber.next_dealer % 2,
            dealer_label=_("%(dealer)s deals") % {"dealer": name(names, rubber.next_dealer)},
            left_pair=bottom % 2,  # the pair of who holds the phone (partners sit opposite)
        )
    )
    settlement = variant.settle(match.options, rubber)
    outcome_said = ""
    if outcome is not None and settlement is not None:
        each = match.options["stake_basis"] == "player"
        amount = money(settlement.amount if each else settlement.total) if settlement.total else None
        outcome_said = spoken.match_over(
            spoken.whist_result(
                pairs[outcome.winner], pairs[settlement.payer], settlement.points, amount, each
            )
        )
    # When the table is drawn.
    order = (0, 1) if bottom % 2 == 0 else (1, 0)  # the holder's pair first, as on the sheet
    rows = SimpleLazyObject(lambda: editable(match, whist_rows(match, names, rubber, rules, shown, order)))
    return {
        "outcome_said": outcome_said,
        "pairs": pairs,
        "sheet": sheet,
        "rows": rows,
        # The pairs, and their games won, in the order the sheet and the table show them.
        "shown_pairs": [pairs[pair] for pair in order],
        "shown_games": [rubber.wins(pair) for pair in order],
        "score": rubber.score,
        "totals": totals,
        "winner_pair": pairs[outcome.winner] if outcome else None,
        "loser_pair": pairs[settlement.payer] if settlement else None,  # who pays, not always the losers
        "payment": settlement,
        "stake_basis": match.options["stake_basis"],
        "next_leader": name(names, (rubber.next_dealer + 1) % 4 if rubber.next_dealer is not None else None),
    }
