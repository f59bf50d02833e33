"""What became of a deal a phone sent: entered (or stored before, or entered first by another
phone, or moved on meanwhile) or corrected (or corrected meanwhile elsewhere), or why not. The
views map each of these to a response; nothing here decides a rule.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeAlias

from django.contrib.auth.models import User

from games.core import Problem, Refused

from ..models import Deal, Match
from .deals import DealChanged, DealMoved, DealTaken, deal_edit, deal_record
from .reading import Standing, match_standing
from .writing import Author


@dataclass(frozen=True)
class Recorded:
    """The deal is stored; ``standing``: the match as the write left it."""

    deal: Deal
    standing: Standing


@dataclass(frozen=True)
class Repeated:
    """The form's one-time token stored deal ``number`` before (its answer was lost on the way
    back): nothing new is stored."""

    number: int
    standing: Standing


@dataclass(frozen=True)
class TakenByAnother:
    """Another phone (``who``'s) entered deal ``number`` first; nothing of this one was stored.
    ``same``: it entered the very deal this phone sent, which is so stored once."""

    number: int
    who: str
    same: bool
    problems: tuple[Problem, ...]
    standing: Standing


@dataclass(frozen=True)
class MovedOn:
    """Deals were deleted on another phone: the deal this phone meant as ``number`` is now deal
    ``next_number``; nothing was stored."""

    number: int
    next_number: int
    problems: tuple[Problem, ...]
    standing: Standing


@dataclass(frozen=True)
class Rejected:
    """The rules refuse the deal, or its correction (``problems`` say why); nothing was stored."""

    problems: tuple[Problem, ...]
    standing: Standing


# What became of a deal a phone sent to be entered: each says with the match as it now stands.
Entered: TypeAlias = Recorded | Repeated | TakenByAnother | MovedOn | Rejected


def deal_enter(
    *,
    match: Match,
    entry: Mapping[str, Any],
    author: User | Author | None,
    token: uuid.UUID | None,
    number: int | None,
    standing: Standing | None = None,
    dealer: int | None = None,
    told: bool = False,
) -> Entered:
    """Enter the deal a phone's entry form sent (deal_record), and say what became of it.

    ``token`` and ``number``: the form's one-time token and the deal it was for; ``standing``: the
    match as this request replayed it. When another phone entered that deal first, it is this very
    one (``TakenByAnother.same``) if it has the same entry, the same dealer (``dealer``, the seat the
    form named, if any) and the phone was not ``told`` meanwhile that its deal was entered elsewhere
    (it may be typing the next deal, which can go just like this one).
    """
    try:
        deal = deal_record(
            match=match, entry=entry, author=author, token=token, number=number, standing=standing
        )
    except DealTaken as taken:
        now = match_standing(match)
        stored_dealer = now.played.deals[taken.number - 1].dealer
        same = taken.same_as(entry) and dealer in (None, stored_dealer) and not told
        who = taken.deal.entered_by_name or "?"
        return TakenByAnother(taken.number, who, same, taken.problems, now)
    except DealMoved as moved:
        return MovedOn(moved.number, moved.next_number, moved.problems, match_standing(match))
    except Refused as refused:
        return Rejected(refused.problems, standing or match_standing(match, just_read=True))
    if deal.repeated:
        return Repeated(deal.number, match_standing(match))
    return Recorded(deal, deal.standing)


@dataclass(frozen=True)
class Corrected:
    """Deal ``number`` is corrected; ``standing``: the match as it now stands, ``was_over``: whether
    it had ended before the correction."""

    number: int
    was_over: bool
    standing: Standing


@dataclass(frozen=True)
class ChangedMeanwhile:
    """Another phone corrected the deal since this one opened it (it now reads as ``version``);
    this correction is not applied."""

    version: int
    problems: tuple[Problem, ...]
    standing: Standing


def deal_correct(
    *,
    match: Match,
    number: int,
    entry: Mapping[str, Any],
    author: User | Author | None,
    version: int | None,
    standing: Standing | None = None,
) -> Corrected | ChangedMeanwhile | Rejected:
    """Correct deal ``number`` as a phone's form sent it (deal_edit), and say what became of it.

    ``version``: the deal's version the form was shown; ``standing``: the match as this request read it."""
    was_over = match.status == Match.Status.FINISHED  # as this request read it, before the correction
    try:
        deal_edit(match=match, number=number, entry=entry, author=author, version=version)
    except DealChanged as changed:
        return ChangedMeanwhile(changed.deal.version, changed.problems, match_standing(match))
    except Refused as refused:
        return Rejected(refused.problems, standing or match_standing(match, just_read=True))
    return Corrected(number, was_over, match_standing(match))
