"""Undoing a change of the log, and what an undo would do, for the table to confirm first."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction

from games import document
from games.core import Problem, Refused, gettext_noop

from ..models import Change, Deal, Match
from .deals import deal_delete, deal_edit, deal_restore
from .matches import match_options_change
from .reading import _read, match_read, match_standing
from .writing import Author, _locked

UNDOABLE = (
    Change.Kind.OPTIONS_CHANGED,
    Change.Kind.DEAL_ENTERED,
    Change.Kind.DEAL_EDITED,
    Change.Kind.DEAL_DELETED,
    Change.Kind.DEAL_RESTORED,
)


@transaction.atomic
@transaction.atomic
def change_undo(*, match: Match, change: Change, author: User | Author | None) -> None:
    """Take a change back; the undo is itself a change, which can be undone in turn.

    The match is locked first, and the change and its deal read again under the lock: a deal that
    another phone renumbered or deleted meanwhile, or the same change undone twice, is judged as it
    is now, never acted on by the number it had.
    """
    match = _locked(match)
    change = Change.objects.select_related("deal").get(pk=change.pk)
    deal = change.deal
    if change.kind not in UNDOABLE:
        raise Refused([Problem(gettext_noop("this change follows from the deals and cannot be undone"))])
    if hasattr(change, "undone_by"):
        raise Refused([Problem(gettext_noop("this change has already been undone"))])
    if change.kind == Change.Kind.OPTIONS_CHANGED:
        if match.options != change.after:
            raise Refused(
                [Problem(gettext_noop("the house rules have changed since; undo the later changes first"))]
            )
        assert change.before is not None  # an options change keeps the options it replaced
        match_options_change(match=match, options=change.before, author=author, undoes=change)
        return
    assert deal is not None
    deal.refresh_from_db()
    in_play = deal.deleted_at is None
    if change.kind in (Change.Kind.DEAL_ENTERED, Change.Kind.DEAL_RESTORED) and in_play:
        deal_delete(match=match, number=deal.number, author=author, undoes=change)
    elif change.kind == Change.Kind.DEAL_DELETED and not in_play:
        deal_restore(match=match, deal=deal, author=author, undoes=change)
    elif change.kind == Change.Kind.DEAL_EDITED and in_play and deal.entry == change.after:
        assert change.before is not None  # a correction keeps the entry it replaced
        deal_edit(match=match, number=deal.number, entry=change.before, author=author, undoes=change)
    else:
        raise Refused(
            [
                Problem(
                    gettext_noop("deal %(number)d has changed since; undo the later changes first"),
                    {"number": deal.number},
                )
            ]
        )


@dataclass(frozen=True)
class UndoEffects:
    """What undoing a change would do beyond the change itself, which the table is asked to confirm
    when it deletes a deal, reopens a finished match or changes the money."""

    deletes: int | None = None  # the deal taken out
    restores: int | None = None  # the deal put back
    renumbered: tuple[int, int] | None = None  # the deals that move, numbered as now: first, last
    reopens: bool = False
    finishes: bool = False
    money: bool = False
    evening: bool = False  # the match is counted in an evening's settlement

    @property
    def asks(self) -> bool:
        return self.deletes is not None or self.reopens or self.money


def undo_effects(*, match: Match, change: Change) -> UndoEffects | None:
    """What ``change_undo`` would do to ``match``; nothing is stored. None when the undo would be
    refused (change_undo then says why) or does nothing to ask about beyond the change itself."""
    if change.kind not in UNDOABLE or hasattr(change, "undone_by"):
        return None
    current = match_read(match.pk)
    if current is None:
        return None
    deals = list(current.deals.all())
    entries = [deal.entry for deal in deals]
    options = current.options
    effects: dict[str, Any] = {}
    if change.kind == Change.Kind.OPTIONS_CHANGED:
        if options != change.after:
            return None
        options = {**options, **(change.before or {})}
    else:
        deal = Deal.everything.filter(pk=change.deal_id).first() if change.deal_id is not None else None
        if deal is None:
            return None
        in_play = deal.deleted_at is None
        if change.kind in (Change.Kind.DEAL_ENTERED, Change.Kind.DEAL_RESTORED) and in_play:
            del entries[deal.number - 1]
            effects["deletes"] = deal.number
            if deal.number < len(deals):
                effects["renumbered"] = (deal.number + 1, len(deals))
        elif change.kind == Change.Kind.DEAL_DELETED and not in_play:
            number = min(deal.number, len(deals) + 1)
            entries.insert(number - 1, deal.entry)
            effects["restores"] = number
            if number <= len(deals):
                effects["renumbered"] = (number, len(deals))
        elif change.kind == Change.Kind.DEAL_EDITED and in_play and deal.entry == change.after:
            entries[deal.number - 1] = change.before
        else:
            return None
    was = current.options
    try:
        current.options = options
        rules = _read(current, entries)
    except Refused:
        return None
    finally:
        current.options = was
    try:
        played = rules.replayed()[0]
    except Refused:
        return None
    after = document.result_json(rules, played, deals=False)
    finished_now = current.status == Match.Status.FINISHED
    finished_after = played.outcome is not None
    stored = match_standing(current, just_read=True)
    before = document.result_json(stored.rules, stored.played, deals=False)
    return UndoEffects(
        **effects,
        reopens=finished_now and not finished_after,
        finishes=finished_after and not finished_now,
        money=_money(before) != _money(after),
        evening=current.evening_id is not None,
    )


def _money(result: Mapping[str, Any]) -> Any:
    """Who pays whom what, by a stored result; None where nobody pays (in play, or a stake of 0)."""
    settlement = result.get("settlement")
    if not settlement:
        return None
    if "net" in settlement:  # Busca, Mambassa: each player's net
        return {name: amount for name, amount in settlement["net"].items() if amount} or None
    return (settlement["payer"], settlement["payee"], settlement["total"]) if settlement["total"] else None
