"""Busca on the web: the score cross, its deal table and entry form, and what each page asks of it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING, Any, cast

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext

from games.core import resolve_options
from games.web import A4, A5, BlankChoice, Column, Figure, GameWeb, RecordKind, common_said, number

from .drawing import busca_cross
from .forms import BuscaDealForm
from .rules import BuscaVariant
from .sheet import busca_context
from .summary import SUMMARIES

if TYPE_CHECKING:
    from games.document import Match as Rules
    from games.registry import Variant
    from matches.services import Standing

WRITE_HERE = "_" * 10  # a name to write in pencil: a line, as wide as most names
MAX_THRESHOLD = 99  # a blank sheet's victory threshold, at most
PENALTIES = {"renege": gettext_lazy("renege"), "misdeal": gettext_lazy("misdeal")}


class Busca(GameWeb):
    family = "busca"
    form = BuscaDealForm

    def sheet(self, standing: Standing, *, preview: Any, bottom: int, shown: int | None) -> dict[str, Any]:
        match, names, played, rules = standing.match, standing.players, standing.played, standing.rules
        return busca_context(match, names, played, rules, preview, bottom=bottom, shown=shown)

    def deal_said(self, standing: Standing, number: int) -> str:
        from matches import spoken

        return spoken.busca_deal(standing.played.deals[number - 1], standing.players)

    entry_order = ("points", "top", "covered", "last_trick", "penalties", "dealer")

    def entry_said(self, key: str, value: Any, names: Sequence[str]) -> str:
        if key == "points":
            return (
                ", ".join(f"{n} {p}" for n, p in zip(names, value, strict=False)) if value else _("no points")
            )
        if key == "top" and isinstance(value, dict):
            players = ", ".join(map(str, value.get("players") or []))
            return _("only the top: %(names)s, %(points)s points") % {
                "names": players,
                "points": value.get("points"),
            }
        if key == "covered" and isinstance(value, list):
            failed = [n for n, covered in zip(names, value, strict=False) if covered is False]
            said = ngettext("didn't cover: %(names)s", "didn't cover: %(names)s", len(failed))
            return said % {"names": ", ".join(failed)} if failed else ""
        if key == "last_trick":
            return _("last trick: %(name)s") % {"name": value}
        if key == "penalties" and isinstance(value, list):
            kinds = {"renege": _("renege: %(name)s"), "misdeal": _("misdeal: %(name)s")}
            return ", ".join(kinds.get(p.get("kind"), "%(name)s") % {"name": p.get("player")} for p in value)
        return common_said(key, value)

    # -- Money, statistics and the chart --------------------------------------------------------

    def nets(self, rules: Rules, played: Any) -> Sequence[Decimal]:
        return _variant(rules.variant).settle(rules.options, played.totals, played.outcome)

    def standing(self, played: Any, seat: int) -> tuple[int, ...]:
        return (played.totals[seat],)  # fewer busche, better

    figures = (
        Figure("busche_per_deal", gettext_noop("Busche per deal")),
        Figure("uncovered", gettext_noop("Not covered")),
        Figure("tops", gettext_noop("Took the top")),
    )

    def count(self, rules: Rules, played: Any, seat: int) -> dict[str, int]:
        """Busche (penalties included), deals not covered, and deals in which the seat had the most
        points (ties counting for each tied player: which takes the busche when everyone covers)."""
        counts = {"deals": 0, "busche": 0, "uncovered": 0, "tops": 0}
        for deal in played.deals:
            counts["deals"] += 1
            counts["busche"] += deal.busche[seat]
            counts["uncovered"] += not deal.covered[seat]
            if deal.top is not None:
                counts["tops"] += seat in deal.top.seats
            else:
                counts["tops"] += deal.points is not None and deal.points[seat] == max(deal.points)
        return counts

    records = (
        RecordKind("busche_in_a_deal", gettext_noop("Most busche in one deal")),
        RecordKind("clean_run", gettext_noop("Longest run of deals without a busca"), run=True),
    )

    def record_marks(self, rules: Rules, played: Any, seat: int) -> Mapping[str, int]:
        """The most busche the seat took in one deal."""
        return {"busche_in_a_deal": max((deal.busche[seat] for deal in played.deals), default=0)}

    def record_runs(self, rules: Rules, played: Any, seat: int) -> Mapping[str, Sequence[bool]]:
        """Deals without a busca for the seat: its run goes on from one match to the next."""
        return {"clean_run": [not deal.busche[seat] for deal in played.deals]}

    def figure(self, key: str, counts: Mapping[str, int]) -> Any:
        if key == "busche_per_deal":
            deals = counts.get("deals", 0)
            if not deals:
                return None
            return (Decimal(counts.get("busche", 0)) / deals).quantize(
                Decimal("0.01"), rounding=ROUND_HALF_UP
            )
        return super().figure(key, counts)

    chart_caption = gettext_noop("Busche after each deal")
    chart_unit = gettext_noop("busche")

    def chart_limits(self, rules: Rules) -> list[int]:
        """The totals that end the match, as on the score cross."""
        return sorted({t for t in _variant(rules.variant).thresholds(rules.options) if t > 0})

    def chart_note(self, limits: Sequence[int]) -> str:
        note = _("Busche after each deal: the fewer, the better.")
        if limits:
            note += " " + _("The grey lines: the totals that end the match.")
        return note

    # -- The spreadsheet ------------------------------------------------------------------------

    def spreadsheet_columns(self, players: Sequence[str], given: set[str]) -> list[Column]:
        columns: list[Column] = []
        if "last_trick" in given:
            label = _("Card points")  # (xgettext reads no call inside an f-string)
            columns += [(f"{label} {name}", _card_points(seat)) for seat, name in enumerate(players)]
            columns.append((_("Last trick"), lambda entry, result: entry.get("last_trick")))
        if "penalties" in given:
            columns.append((_("Penalties"), lambda entry, result: _penalties(entry.get("penalties"))))
        return columns

    result_labels = {"covered": gettext_lazy("Covered"), "busche": gettext_lazy("Busche")}

    def result_columns(self, key: str, label: str, players: Sequence[str]) -> list[Column] | None:
        """Each player's points; in a deal entered by its top, the top's, the others' left empty (not
        entered), so the top needs no columns of its own."""
        if key == "top":
            return []
        if key != "points":
            return None
        return [(f"{label} {name}", _points(seat, name)) for seat, name in enumerate(players)]

    # -- Paper ----------------------------------------------------------------------------------

    papers = (A4, A5)  # a square cross fills half a sheet of A4

    def rules_summary(self, variant: Variant) -> tuple[str, ...]:
        return SUMMARIES.get(variant.key, ())

    def blank_choice(self, variant: Variant, query: Mapping[str, str]) -> BlankChoice:
        choice = super().blank_choice(variant, query)
        threshold = number(query, "threshold", None, 1, MAX_THRESHOLD)
        if _asks_threshold(variant) and threshold is not None:
            return BlankChoice(choice.players, choice.paper, {"threshold": threshold})
        return choice

    def blank_sheet(self, variant: Variant, choice: BlankChoice) -> dict[str, Any]:
        threshold = choice.asked.get("threshold")
        agreed = {"victory_threshold": threshold} if _asks_threshold(variant) else {}
        thresholds = _variant(variant).thresholds(resolve_options(variant.options, agreed))
        cross = busca_cross(
            [WRITE_HERE] * choice.players,
            [0] * choice.players,
            thresholds,
            label=_("An empty score cross: one arm for each player, to mark the busche in pencil."),
            blank=True,
        )
        return {"thresholds": thresholds, "cross": cross, "asks_threshold": _asks_threshold(variant)}

    # -- A new match ----------------------------------------------------------------------------

    def new_match_problem(self, variant: Variant, options: Mapping[str, Any]) -> str | None:
        if _asks_threshold(variant) and not (options.get("victory_threshold") or options.get("max_deals")):
            return _("Give a victory threshold or a number of deals, or the match will never end.")
        return None

    def rematch_dealer(self, standing: Standing) -> int:
        """The last deal's loser deals (R000-2, R003-2; in 001 the same seat: docs/format.md), as the
        rules choose the next deal's dealer: penalties do not make a player the loser."""
        deals = standing.played.deals
        if not deals:
            return super().rematch_dealer(standing)
        last = deals[-1]
        base = [busche - penalty for busche, penalty in zip(last.busche, last.penalty_busche, strict=True)]
        return _variant(standing.rules.variant).next_dealer(base, last.dealer)


def _variant(variant: Variant) -> BuscaVariant:
    """The variant of a Busca match (the registry's types are every game's)."""
    return cast(BuscaVariant, variant)


def _asks_threshold(variant: Variant) -> bool:
    """Whether the table agrees where the match ends (busca-001): a victory threshold, or none."""
    return any(option.key == "victory_threshold" for option in variant.options)


def _card_points(seat: int) -> Any:
    """The points entered, cards only, when the last trick was named apart (else the result says them)."""

    def value(entry: Mapping[str, Any], result: Mapping[str, Any]) -> Any:
        points = entry.get("points")
        if not entry.get("last_trick") or not isinstance(points, list) or seat >= len(points):
            return None
        return points[seat]

    return value


def _points(seat: int, name: str) -> Any:
    """A player's points as the result gives them; in a deal entered by its top, only the top's."""

    def value(entry: Mapping[str, Any], result: Mapping[str, Any]) -> Any:
        points, top = result.get("points"), result.get("top") or {}
        if isinstance(points, list):
            return points[seat] if seat < len(points) else None
        return top.get("points") if name in (top.get("players") or []) else None

    return value


def _penalties(penalties: Any) -> str | None:
    if not isinstance(penalties, list) or not penalties:
        return None
    return ", ".join(f"{p.get('player')}: {PENALTIES.get(p.get('kind'), p.get('kind'))}" for p in penalties)
