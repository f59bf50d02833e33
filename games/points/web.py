"""The points board on the web: the standings against the target, the deal table of running totals,
one number per player in the entry form, and what is said of a deal. Every other question is
answered by GameWeb's defaults, made for a game whose replay has deals with points and totals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from games.money import transfers
from games.web import BlankChoice, GameWeb, common_said, number

from .forms import PointsDealForm
from .rules import MAX_PLAYERS, MIN_PLAYERS, PointsMatch
from .summary import SUMMARY

if TYPE_CHECKING:
    from games.document import Match as Rules
    from games.registry import Variant
    from matches.services import Standing


class PointsBoard(GameWeb):
    family = "points"
    form = PointsDealForm
    stylesheets = ("points/board.css",)
    scripts = ("points/board.js",)  # the taps beside each player's points; the form works without it

    # -- The match page -------------------------------------------------------------------------

    def sheet(self, standing: Standing, *, preview: Any, bottom: int, shown: int | None) -> dict[str, Any]:
        """The default sheet of totals, and the standings: each player's place, total and distance
        to the target, best first, the leaders marked (nobody leads when everyone is level)."""
        context = super().sheet(standing, preview=preview, bottom=bottom, shown=shown)
        names, played = standing.players, standing.played
        options = standing.match.options
        target, places = int(options["target"]), played.places
        leaders = _leaders(played) if played.deals else ()
        leaders = () if len(leaders) == len(names) else leaders
        context.update(
            {
                "target": target,
                "lowest_wins": bool(options["lowest_wins"]),
                "standings": [
                    {
                        "name": names[seat],
                        "total": played.totals[seat],
                        "place": places[seat],
                        "to_go": max(target - played.totals[seat], 0),
                        "leads": seat in leaders,
                        "deals": seat == played.next_dealer,
                        "won": played.outcome is not None and seat in played.outcome.winners,
                    }
                    for seat in played.ranking
                ],
                "lead_said": _lead(names, played) if played.deals and played.outcome is None else "",
            }
        )
        return context

    def outcome_said(self, standing: Standing, nets: Sequence[Decimal] | None) -> str:
        """ "Match over: Anna wins with 105 points; Bruno pays Anna €1.50 and Carla pays Anna €1.50."."""
        from matches import spoken
        from matches.amounts import money

        played, names = standing.played, standing.players
        outcome = played.outcome
        if outcome is None:
            return ""
        best = played.totals[outcome.winners[0]]
        winners = [names[seat] for seat in outcome.winners]
        result = ngettext(
            "%(names)s wins with %(total)d points", "%(names)s win with %(total)d points", len(winners)
        ) % {"names": spoken.listed(winners), "total": best}
        paid = ""
        if nets is not None:
            owed = transfers(dict(enumerate(nets)))
            paid = spoken.payments(
                [(names[payer], names[payee], money(amount)) for payer, payee, amount in owed]
            )
        return spoken.match_over(result, paid)

    # -- What is said about a deal --------------------------------------------------------------

    def deal_said(self, standing: Standing, number: int) -> str:
        """ "Anna 10, Bruno -5, Carla 0. Anna leads with 45; target 100" (who leads now, while the
        match goes on: how it ended is said after it)."""
        said = super().deal_said(standing, number)
        played = standing.played
        if played.outcome is not None:
            return said
        target = int(standing.match.options["target"])
        lead = _("%(lead)s; target %(target)d") % {"lead": _lead(standing.players, played), "target": target}
        return f"{said}. {lead}"

    entry_order = ("points", "dealer")

    def entry_said(self, key: str, value: Any, names: Sequence[str]) -> str:
        if key == "points" and isinstance(value, list):
            return ", ".join(f"{n} {p}" for n, p in zip(names, value, strict=False))
        return common_said(key, value)

    # -- Statistics and the chart ---------------------------------------------------------------

    def standing(self, played: Any, seat: int) -> tuple[int, ...]:
        """Its place at the end: 1 for the winners, tied players level."""
        place: int = played.places[seat]
        return (place,)

    chart_caption = gettext_noop("Totals after each deal")

    def chart_limits(self, rules: Rules) -> list[int]:
        """The target, drawn across the chart."""
        return [int(rules.options["target"])]

    def chart_note(self, limits: Sequence[int]) -> str:
        note = _("Totals after each deal.")
        if limits:
            note += " " + _("The grey line: the target, which ends the match.")
        return note

    # -- Paper ----------------------------------------------------------------------------------

    blank_rows = 18  # no drawing above the table: the deal rows have the page

    def rules_summary(self, variant: Variant) -> tuple[str, ...]:
        return SUMMARY

    def blank_choice(self, variant: Variant, query: Mapping[str, str]) -> BlankChoice:
        players = number(query, "players", 4, MIN_PLAYERS, MAX_PLAYERS) or 4
        target = number(query, "target", None, 1, 100_000)
        asked = {"target": target} if target is not None else {}
        return BlankChoice(players, self.paper(query.get("paper")), asked)

    def blank_sheet(self, variant: Variant, choice: BlankChoice) -> dict[str, Any]:
        return {"target": choice.asked.get("target")}


def _leaders(played: PointsMatch) -> tuple[int, ...]:
    """The seats with the best total (the lowest with ``lowest_wins``)."""
    best = played.better(played.ranking[0])
    return tuple(seat for seat in played.ranking if played.better(seat) == best)


def _lead(names: Sequence[str], played: PointsMatch) -> str:
    """ "Anna leads with 45", "Anna and Bruno lead with 45", "Everyone has 0"."""
    from matches import spoken

    leaders = _leaders(played)
    total = played.totals[leaders[0]]
    if len(leaders) == len(names):
        lead = _("everyone has %(total)d") % {"total": total}
    else:
        lead = ngettext("%(names)s leads with %(total)d", "%(names)s lead with %(total)d", len(leaders)) % {
            "names": spoken.listed([names[seat] for seat in leaders]),
            "total": total,
        }
    return lead[:1].upper() + lead[1:]
