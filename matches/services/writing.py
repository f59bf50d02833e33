"""What every write shares: who made it, the change log, the stored result, the match's row lock."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from games import document

from .. import bus
from ..models import Change, Deal, Match


@dataclass(frozen=True)
class Author:
    """Who made a change: an account, or a phone that joined by an invite link."""

    user: User | None
    name: str


def _author(author: User | Author | None) -> Author:
    if isinstance(author, Author):
        return author
    if author is None:
        return Author(None, "")
    return Author(author, author.get_username())


def _log(
    match: Match,
    kind: str,
    author: Author,
    *,
    deal: Deal | None = None,
    before: Any = None,
    after: Any = None,
    undoes: Change | None = None,
) -> Change:
    return Change.objects.create(
        match=match,
        kind=kind,
        deal=deal,
        deal_number=deal.number if deal is not None else None,
        before=before,
        after=after,
        author=author.user,
        author_name=author.name,
        undoes=undoes,
    )


def _refresh(
    match: Match,
    rules: document.Match,
    author: Author | None = None,
    played: Any = None,
    also: Sequence[str] = (),
) -> None:
    """Store the replay's result on the match (the cache), bump its version, log an end or a reopening.

    ``played``: the replay of ``rules``, when the caller has it; ``also``: other fields of the match
    the caller changed, stored with these.
    """
    if played is None:
        played = rules.play()
    was_finished = match.status == Match.Status.FINISHED
    match.result = document.result_json(rules, played, deals=False)  # its size stays that of one deal
    finished = played.outcome is not None
    match.status = Match.Status.FINISHED if finished else Match.Status.IN_PROGRESS
    if finished and match.finished_at is None:
        match.finished_at = timezone.now()
    elif not finished:
        match.finished_at = None
    match.version += 1
    match.save(update_fields=["result", "status", "finished_at", "version", "updated_at", *also])
    bus.changed(match.pk)  # the phones streaming it hear it when this commits
    if author is not None and finished != was_finished:
        kind = Change.Kind.MATCH_FINISHED if finished else Change.Kind.MATCH_REOPENED
        _log(match, kind, author, after={"ended_after_deal": match.result.get("ended_after_deal")})


def _locked(match: Match) -> Match:
    """The match read anew with its row locked (concurrent writes to the match queue there); not its
    stored result, which the write replaces."""
    return Match.objects.select_for_update().defer("result").get(pk=match.pk)
