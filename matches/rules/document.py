"""The match document of docs/format.md: read one, score it, write it back.

Scores are never trusted from a file: ``score_document`` recomputes everything from
the entered deals. A document that breaks a rule raises ``Refused`` with every problem.
What is common to every game is read here; each family of games reads its own deals,
start and result (``busca_format``, ``mambassa_format``, ``whist_format``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from . import busca_format, mambassa_format, whist_format
from .core import Problem, Refused, Steps, gettext_noop, resolve_options, seat_of, step_on
from .registry import Variant, variant_for

_ = gettext_noop
FORMAT = "scorekeeper-match/1"
FORMATS: dict[str, ModuleType] = {"busca": busca_format, "mambassa": mambassa_format, "whist": whist_format}


@dataclass(frozen=True)
class Match:
    """A document read and checked: everything the engine needs, names turned into seats."""

    variant: Variant
    options: dict[str, Any]
    players: tuple[str, ...]
    first_dealer: int
    start: Any
    deals: tuple[Any, ...]

    @property
    def format(self) -> ModuleType:
        return FORMATS[self.variant.family]

    def play(self) -> Any:
        return self.variant.play(self.options, self.players, self.first_dealer, self.deals, self.start)

    def replayed(self) -> tuple[Any, Steps | None]:
        """The replay and its running state, to take on to a next deal (None: the game replays whole).

        Whist keeps no running state: a rubber is short, and its replay quick.
        """
        replayed = getattr(self.variant, "replayed", None)
        if replayed is None:
            return self.play(), None
        state = replayed(self.options, self.players, self.first_dealer, self.deals, self.start)
        return state.result(), state

    def played_on(self, kept: Match, state: Steps) -> tuple[Any, Steps] | None:
        """This match replayed from ``state``, the running state of ``kept``, when ``kept`` is this
        match cut short (its rules, players and start; its deals the first of these); else None."""
        count = len(kept.deals)
        same = (kept.variant, kept.options, kept.players, kept.first_dealer, kept.start) == (
            self.variant,
            self.options,
            self.players,
            self.first_dealer,
            self.start,
        )
        if not same or count > len(self.deals) or self.deals[:count] != kept.deals:
            return None
        for number in range(count + 1, len(self.deals) + 1):
            state = step_on(state, number, self.deals[number - 1])
        return state.result(), state

    def with_deal(self, deal: Any, state: Steps | None) -> tuple[Match, Any, Steps | None]:
        """This match with ``deal`` (read already) as its next one, replayed: from ``state``, this
        match's running state, when there is one, else from the first deal."""
        longer = dataclasses.replace(self, deals=(*self.deals, deal))
        if state is None:
            return longer, *longer.replayed()
        after = step_on(state, len(longer.deals), deal)
        return longer, after.result(), after


def read_players(raw: Any, variant: Variant, options: Mapping[str, Any]) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(n, str) and n.strip() for n in raw):
        raise Refused([Problem(_("players must be a list of names"), field="players")])
    problem = variant.check_players(len(raw), options)
    if problem is not None:
        raise Refused([problem])
    if len(set(raw)) != len(raw):
        raise Refused([Problem(_("the players' names must all be different"), field="players")])
    return tuple(raw)


def read_document(doc: Any) -> Match:
    """Check a whole document; every problem found is reported at once."""
    if not isinstance(doc, dict):
        raise Refused([Problem(_("a match document must be a JSON object"))])
    if doc.get("format") != FORMAT:
        raise Refused([Problem(_("format must be %(format)s"), {"format": FORMAT}, field="format")])
    variant = variant_for(doc.get("game"))
    game_format = FORMATS[variant.family]
    problems: list[Problem] = []
    options: dict[str, Any] = {spec.key: spec.default for spec in variant.options}
    raw_options = doc.get("options") or {}
    if not isinstance(raw_options, dict):
        problems.append(Problem(_("options must be an object"), field="options"))
    else:
        try:
            options = resolve_options(variant.options, raw_options)
        except Refused as refused:
            problems.extend(refused.problems)
    players: tuple[str, ...] | None = None
    try:
        players = read_players(doc.get("players"), variant, options)
    except Refused as refused:
        player_problems = list(refused.problems)
    start = None
    try:
        start = game_format.read_start(doc.get("start"), players)
    except Refused as refused:
        problems.extend(refused.problems)
    if players is None:
        # Without the players no deal can be read; the problems found so far still count.
        raise Refused([*problems, *player_problems])
    try:
        first_dealer = seat_of(players, doc.get("first_dealer", players[0]), None, "first_dealer")
    except Refused as refused:
        raise Refused([*problems, *refused.problems]) from None
    raw_deals = doc.get("deals", [])
    if not isinstance(raw_deals, list):
        raise Refused([*problems, Problem(_("deals must be a list"), field="deals")])
    deals: list[Any] = []
    for number, raw in enumerate(raw_deals, start=1):
        try:
            deals.append(game_format.read_deal(raw, players, number))
        except Refused as refused:
            problems.extend(refused.problems)
    if problems:
        raise Refused(problems)
    return Match(variant, options, players, first_dealer, start, tuple(deals))


def result_json(match: Match, played: Any, deals: bool = True) -> dict[str, Any]:
    """The ``result`` object of a document, as the game's family writes it.

    Without ``deals``: all but the deal by deal list, which grows with the match; ``deal_count``
    says how many deals were played instead (what a stored match keeps: the replay gives the rest).
    """
    result: dict[str, Any] = match.format.result_json(match, played, deals)
    if not deals:
        del result["deals"]
        result["deal_count"] = len(played.deals)
    return result


def write_document(match: Match, deals: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The document with every option filled in and its ``result``."""
    return {
        "format": FORMAT,
        "game": match.variant.key,
        "options": dict(match.options),
        "players": list(match.players),
        "first_dealer": match.players[match.first_dealer],
        "start": match.format.start_json(match.start),
        "deals": [dict(d) for d in deals],
        "result": result_json(match, match.play()),
    }


def score_document(doc: Any) -> dict[str, Any]:
    match = read_document(doc)
    return write_document(match, doc.get("deals", []))
