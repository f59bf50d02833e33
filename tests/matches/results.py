"""A match's result as a document has it, and what a stored match keeps of it (services._refresh)."""

from __future__ import annotations

from typing import Any

from matches import services
from matches.models import Match


def replayed(match: Match) -> dict[str, Any]:
    """The whole result of the match as stored now, its deals replayed (what an export holds)."""
    result: dict[str, Any] = services.match_export(Match.objects.get(pk=match.pk))["result"]
    return result


def kept(result: dict[str, Any]) -> dict[str, Any]:
    """What a stored match keeps of a document's result: all but the deals' list, their count instead."""
    return {
        **{key: value for key, value in result.items() if key != "deals"},
        "deal_count": len(result["deals"]),
    }
