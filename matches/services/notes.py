"""The notes a club writes on a match or an evening: who left early, what was agreed, where next.

A note is not part of the match: writing one makes no new version and no line in the change log,
and a match's document (docs/format.md) has no notes."""

from __future__ import annotations

from ..models import Evening, Match


def match_note(*, match: Match, note: str) -> None:
    """Write the note on ``match`` (empty: none). Not part of the match: no new version, no change
    log, and not in its document (docs/format.md has no notes)."""
    Match.objects.filter(pk=match.pk).update(note=note)
    match.note = note


def evening_note(*, evening: Evening, note: str) -> None:
    """Write the note on ``evening`` (empty: none)."""
    Evening.objects.filter(pk=evening.pk).update(note=note)
    evening.note = note
