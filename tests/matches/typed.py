"""A match's deals as the table typed them: what most tests compare.

Every deal stored names who dealt it (services record the dealer as the table saw it, docs/format.md
"Points made clear"); the forms name a dealer only when the table chose another than the rules. So
that a test reads what was typed, the dealer is left out here where it is the rules' choice.
"""

from __future__ import annotations

from typing import Any

from matches import services
from matches.models import Deal, Match


def as_typed(match: Match) -> list[dict[str, Any]]:
    """The match's deals in play, oldest first, without the dealer where the rules chose them."""
    standing = services.match_standing(Match.objects.get(pk=match.pk))
    names, played = standing.players, standing.played.deals
    typed = []
    for deal in Deal.objects.filter(match=match).order_by("number"):
        rules_dealer = (
            standing.rules.first_dealer if deal.number == 1 else played[deal.number - 2].next_dealer
        )
        entry = dict(deal.entry)
        if rules_dealer is not None and entry.get("dealer") == names[rules_dealer]:
            del entry["dealer"]
        typed.append(entry)
    return typed


def numbered(match: Match) -> list[tuple[int, dict[str, Any]]]:
    """``as_typed`` with each deal's number."""
    return list(enumerate(as_typed(match), start=1))
