"""Short Whist on the web: the two-column sheet, the pairs, their entry in taps, and the rest."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any, cast

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from games.money import whist_nets
from games.web import BlankChoice, Column, Figure, GameWeb, RecordKind, common_said, entry_at, pick

from .drawing import blank_whist_sheet
from .forms import WhistDealForm
from .rules import Whist as WhistRules
from .sheet import pair_names, whist_context
from .summary import SUMMARY

if TYPE_CHECKING:
    from games.document import Match as Rules
    from games.registry import Variant
    from matches.services import Standing


class Whist(GameWeb):
    family = "whist"
    form = WhistDealForm

    def form_kwargs(self, standing: Standing, number: int | None, holder: int) -> dict[str, Any]:
        # The holder's pair is asked first (partners sit opposite).
        return {"options": standing.rules.options, "asked": holder % 2}

    def sheet(self, standing: Standing, *, preview: Any, bottom: int, shown: int | None) -> dict[str, Any]:
        match, names, played, rules = standing.match, standing.players, standing.played, standing.rules
        return whist_context(match, names, played, rules, preview, bottom=bottom, shown=shown)

    def deal_said(self, standing: Standing, number: int) -> str:
        from matches import spoken

        return spoken.whist_deal(standing.played.deals[number - 1], pair_names(standing.players))

    entry_order = ("tricks", "honours", "revoke", "dealer")

    def entry_said(self, key: str, value: Any, names: Sequence[str]) -> str:
        if key in ("tricks", "honours") and isinstance(value, list):
            said = _("tricks %(counts)s") if key == "tricks" else _("honours %(counts)s")
            return said % {"counts": "–".join(str(count) for count in value)}
        if key == "revoke" and value in (0, 1) and len(names) == 4:
            return _("revoke: %(pair)s") % {"pair": pair_names(names)[value]}
        return common_said(key, value)

    def sides(self, names: Sequence[str]) -> Sequence[str]:
        return pair_names(names)

    def winners(self, result: Mapping[str, Any], sides: Sequence[str]) -> list[str]:
        winner = result.get("rubber_winner")
        return [sides[winner]] if winner is not None else []

    # -- Money, statistics and the chart --------------------------------------------------------

    def nets(self, rules: Rules, played: Any) -> Sequence[Decimal]:
        settlement = cast(WhistRules, rules.variant).settle(rules.options, played)
        if settlement is None:
            return []
        return whist_nets(settlement.payer, settlement.amount, rules.options["stake_basis"])

    def won(self, played: Any, seat: int) -> bool:
        """Both players of the pair that won the rubber."""
        return bool(seat % 2 == played.outcome.winner)

    def partner(self, seat: int) -> int | None:
        return (seat + 2) % 4

    figures = (Figure("games_won", gettext_noop("Games won")),)

    records = (
        RecordKind("trebles", gettext_noop("Trebles won (a game to love)"), season_total=True),
        RecordKind("games_won", gettext_noop("Games won"), season_total=True),
    )

    def record_marks(self, rules: Rules, played: Any, seat: int) -> Mapping[str, int]:
        """Games the seat's pair won, and those of them won with the other pair on nothing (a treble)."""
        won = [game for game in played.games if game.winner == seat % 2]
        return {"trebles": sum(1 for game in won if game.opponents_score == 0), "games_won": len(won)}

    def count(self, rules: Rules, played: Any, seat: int) -> dict[str, int]:
        """Games won by the seat's pair."""
        won = sum(1 for game in played.games if game.winner == seat % 2)
        return {"deals": len(played.deals), "games_won": won}

    def running_totals(self, rules: Rules, played: Any) -> tuple[list[str], list[list[int]]]:
        """Per pair, the points it has scored in the rubber: tricks and honours."""
        start = rules.start
        points = [list(start.score) if start else [0, 0]]
        for deal in played.deals:
            points.append([points[-1][p] + deal.trick_points[p] + deal.honour_points[p] for p in (0, 1)])
        return list(pair_names(rules.players)), [[row[p] for row in points] for p in (0, 1)]

    chart_caption = gettext_noop("Points each pair scored, deal by deal")
    chart_unit = gettext_noop("points")

    def chart_note(self, limits: Sequence[int]) -> str:
        return _("Points each pair scored, deal by deal: tricks and honours.")

    # -- The spreadsheet ------------------------------------------------------------------------

    def spreadsheet_columns(self, players: Sequence[str], given: set[str]) -> list[Column]:
        pairs = pair_names(players)
        columns: list[Column] = []
        for key, label in (("tricks", _("Tricks")), ("honours", _("Honours"))):
            columns += [(f"{label} {pair}", entry_at(key, side)) for side, pair in enumerate(pairs)]
        if "revoke" in given:
            columns.append((_("Revoke"), lambda entry, result: pick(pairs, entry.get("revoke"))))
        return columns

    result_labels = {
        "trick_points": gettext_lazy("Trick points"),
        "honour_points": gettext_lazy("Honour points"),
        "score": gettext_lazy("Score"),
    }

    def result_columns(self, key: str, label: str, players: Sequence[str]) -> list[Column] | None:
        if key != "game":
            return None
        pairs = pair_names(players)  # a game ended in this deal: who won it, and its value
        return [
            (_("Game won by"), lambda entry, result: pick(pairs, (result.get("game") or {}).get("winner"))),
            (_("Game points"), lambda entry, result: (result.get("game") or {}).get("game_points")),
        ]

    # -- Paper ----------------------------------------------------------------------------------

    blank_rows = 14

    def rules_summary(self, variant: Variant) -> tuple[str, ...]:
        return SUMMARY

    def blank_sheet(self, variant: Variant, choice: BlankChoice) -> dict[str, Any]:
        pair = "_______ & _______"
        label = _("An empty two-column sheet: one column for each pair.")
        return {"sheet": blank_whist_sheet((pair, pair), rows=14, label=label)}
