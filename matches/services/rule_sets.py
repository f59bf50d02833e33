"""Writing a club's rule sets ("Le nostre regole"): named house rules of one game that new matches
start from. A set holds only rules the game allows: its options are judged by the rules engine
(``resolve_options``) before they are stored, and again when a new match reads them."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from django.db import IntegrityError, transaction

from games.core import Refused, resolve_options
from games.registry import GAMES, Variant

from ..models import CLUB_NAME_MOST, Club, RuleSet

RULE_SETS_MOST = 50  # rule sets of one club


class RuleSetRefused(ValueError):
    """What is wrong with a rule set's name or number, for the person who asked (see its subclasses)."""


class NameRefused(RuleSetRefused):
    """The name is empty, too long or holds control characters."""


class NameTaken(RuleSetRefused):
    """Another set of the club has this name (in any case)."""


class TooManyRuleSets(RuleSetRefused):
    """The club has as many rule sets as a club may have."""


def rule_set_name(name: str) -> str:
    """A set's name as stored: spaces trimmed and runs of them made one. NameRefused when nothing
    is left, when it is longer than a club's name may be, or when it holds control characters."""
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp") for c in name):
        raise NameRefused
    tidy = " ".join(name.split())
    if not tidy or len(tidy) > CLUB_NAME_MOST:
        raise NameRefused
    return tidy


def _name_taken(club: Club, name: str, but: RuleSet | None = None) -> bool:
    taken = RuleSet.objects.filter(club=club, name__iexact=name)
    if but is not None:
        taken = taken.exclude(pk=but.pk)
    return taken.exists()


def _game(game: str) -> Variant:
    if game not in GAMES:
        raise Refused([])  # no form offers another game: nothing to say but no
    return GAMES[game]


@transaction.atomic
def rule_set_create(*, club: Club, name: str, game: str, options: Mapping[str, Any]) -> RuleSet:
    """A new set of ``club``'s: Refused (the engine's problems) for rules the game does not allow,
    RuleSetRefused for its name or when the club has RULE_SETS_MOST already."""
    variant = _game(game)
    resolved = resolve_options(variant.options, options)
    name = rule_set_name(name)
    Club.objects.select_for_update().filter(pk=club.pk).first()  # one new set at a time counts them
    if RuleSet.objects.filter(club=club).count() >= RULE_SETS_MOST:
        raise TooManyRuleSets
    if _name_taken(club, name):
        raise NameTaken
    try:
        with transaction.atomic():
            return RuleSet.objects.create(club=club, name=name, game=variant.key, options=resolved)
    except IntegrityError:  # the same name saved meanwhile by another request
        raise NameTaken from None


@transaction.atomic
def rule_set_change(
    *, rule_set: RuleSet, name: str | None = None, options: Mapping[str, Any] | None = None
) -> RuleSet:
    """Rename a set, or give it other rules (of its game, judged as rule_set_create judges them)."""
    fields = []
    if options is not None:
        rule_set.options = resolve_options(_game(rule_set.game).options, options)
        fields.append("options")
    if name is not None:
        name = rule_set_name(name)
        if _name_taken(rule_set.club, name, but=rule_set):
            raise NameTaken
        rule_set.name = name
        fields.append("name")
    try:
        with transaction.atomic():
            rule_set.save(update_fields=fields)
    except IntegrityError:
        raise NameTaken from None
    return rule_set


def rule_set_delete(*, rule_set: RuleSet) -> None:
    """Forget a set: the matches started from it keep their rules (each stores its own)."""
    rule_set.delete()


def rule_set_options(rule_set: RuleSet) -> dict[str, Any] | None:
    """The house rules a new match takes from ``rule_set``, every one filled in; None when the game
    allows them no longer (a set stored before its game changed): the match then starts from the
    standard rules. A rule the game has since dropped is left out."""
    variant = GAMES.get(rule_set.game)
    if variant is None or not isinstance(rule_set.options, dict):
        return None
    known = {option.key for option in variant.options}
    try:
        return resolve_options(variant.options, {k: v for k, v in rule_set.options.items() if k in known})
    except Refused:
        return None
