"""The match document of docs/format.md: read one, score it, write it back.

Scores are never trusted from a file: ``score_document`` recomputes everything from
the entered deals. A document that breaks a rule raises ``Refused`` with every problem.
What is common to every game is read here; each family of games reads its own deals,
start and result (``busca.document``, ``mambassa.document``, ``whist.document``,
``points.document``).
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from .busca import document as busca_format
from .core import (
    DEALS_MOST,
    Problem,
    Refused,
    Steps,
    gettext_noop,
    name_problem,
    repeated_name_problem,
    resolve_options,
    seat_of,
    shown,
    step_on,
    written_options,
)
from .mambassa import document as mambassa_format
from .points import document as points_format
from .registry import Variant, variant_for
from .whist import document as whist_format

_ = gettext_noop
FORMAT = "scorekeeper-match/1"
FORMATS: dict[str, ModuleType] = {
    "busca": busca_format,
    "mambassa": mambassa_format,
    "whist": whist_format,
    "points": points_format,
}
# The keys of a document; its ``result`` is read and never trusted (it is computed again).
KEYS = frozenset({"format", "game", "options", "players", "first_dealer", "start", "deals", "result"})
# docs/format.md, "Limits": a document is at most 2 MB of JSON, nested at most 20 levels deep.
BYTES_MOST = 2_000_000
DEPTH_MOST = 20


class _NotJSON(ValueError):
    """A number JSON has no room for, seen while parsing."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.text)
        self.problem = problem


def _refuse_constant(name: str) -> Any:
    raise _NotJSON(Problem(_("the document holds %(value)s, which is no JSON number"), {"value": name}))


def _number(text: str) -> Any:
    """A JSON number with room in a double (1e308 at most), so 1e400 is no infinity and a 5,000-digit
    integer is refused before Python is asked to read it."""
    if len(text) > 400 or not math.isfinite(float(text)):
        raise _NotJSON(Problem(_("the document holds a number too large: %(value)s"), {"value": shown(text)}))
    return float(text) if any(c in text for c in ".eE") else int(text)


def too_large(most: int = BYTES_MOST) -> Problem:
    return Problem(_("this file is too big for a match document (over %(size)d MB)"), {"size": most // 10**6})


def parse_document(data: bytes, most: int | None = BYTES_MOST) -> Any:
    """The JSON of a document, or Refused with one line saying why it is none (docs/format.md,
    "Limits"): too large (``most`` bytes; None for no limit), not UTF-8, not JSON, nested too deep,
    a number JSON has no room for, or a lone surrogate ("\\ud800"), which is no text.

    Quick and small whatever arrives: the size is checked first, and the depth without recursion.
    """
    if most is not None and len(data) > most:
        raise Refused([too_large(most)])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Refused(
            [Problem(_("the document is not UTF-8 text (byte %(at)d)"), {"at": error.start + 1})]
        ) from None
    try:
        doc = json.loads(
            text.removeprefix("\ufeff"),
            parse_int=_number,
            parse_float=_number,
            parse_constant=_refuse_constant,
        )
    except _NotJSON as error:
        raise Refused([error.problem]) from None
    except json.JSONDecodeError as error:
        params = {"why": error.msg, "line": error.lineno, "column": error.colno}
        raise Refused(
            [Problem(_("the document is not JSON: %(why)s at line %(line)d, column %(column)d"), params)]
        ) from None
    except RecursionError:  # JSON nested thousands deep
        raise Refused([_too_deep()]) from None
    _check_values(doc)
    return doc


def _too_deep() -> Problem:
    return Problem(_("the document is nested more than %(most)d levels deep"), {"most": DEPTH_MOST})


def _check_values(doc: Any) -> None:
    """Walked without recursion: no deeper than DEPTH_MOST (the document itself is level 1), and no
    text holding a lone surrogate, which JSON's "\\ud800" gives and no UTF-8 can carry."""
    waiting: list[tuple[Any, int]] = [(doc, 1)]
    while waiting:
        value, depth = waiting.pop()
        if isinstance(value, dict | list):
            if depth > DEPTH_MOST:
                raise Refused([_too_deep()])
            items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
            waiting.extend((item, depth + 1) for item in items)
        elif isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                problem = Problem(
                    _("the document holds a lone surrogate (a \\ud800 escape), which is no text")
                )
                raise Refused([problem]) from None


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
        if len(self.deals) >= DEALS_MOST:
            raise Refused([_too_many_deals(len(self.deals) + 1)])
        longer = dataclasses.replace(self, deals=(*self.deals, deal))
        if state is None:
            return longer, *longer.replayed()
        after = step_on(state, len(longer.deals), deal)
        return longer, after.result(), after


def _too_many_deals(number: int | None) -> Problem:
    return Problem(
        _("a match holds at most %(most)d deals"), {"most": DEALS_MOST}, deal=number, field="deals"
    )


def read_players(raw: Any, variant: Variant, options: Mapping[str, Any]) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(n, str) for n in raw):
        raise Refused([Problem(_("players must be a list of names"), field="players")])
    problem = variant.check_players(len(raw), options)
    if problem is not None:
        raise Refused([problem])
    problem = next((p for p in map(name_problem, raw) if p is not None), None) or repeated_name_problem(raw)
    if problem is not None:
        raise Refused([problem])
    return tuple(name.strip() for name in raw)


def read_first_dealer(raw: Any, players: Sequence[str], start: Any, game_format: ModuleType) -> int:
    """Who deals first: ``players[0]`` by default, or the first still in when that player is out at
    the start (Mambassa); a first dealer named who is out is refused, as a deal's dealer is."""
    out = game_format.out_at_start(start)
    if raw is None:
        return next((seat for seat in range(len(players)) if seat not in out), 0)
    seat = seat_of(players, raw, None, "first_dealer")
    if seat in out and len(out) < len(players):
        raise Refused(
            [
                Problem(
                    _("%(player)s is out and cannot deal"),
                    {"player": players[seat]},
                    player=players[seat],
                    field="first_dealer",
                )
            ]
        )
    return seat


def read_document(doc: Any) -> Match:
    """Check a whole document; every problem found is reported at once."""
    if not isinstance(doc, dict):
        raise Refused([Problem(_("a match document must be a JSON object"))])
    if doc.get("format") != FORMAT:
        raise Refused([Problem(_("format must be %(format)s"), {"format": FORMAT}, field="format")])
    variant = variant_for(doc.get("game"))
    game_format = FORMATS[variant.family]
    problems: list[Problem] = [
        Problem(_("unknown key %(key)s in a match document"), {"key": shown(key)}, field=key)
        for key in doc
        if key not in KEYS
    ]
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
        first_dealer = read_first_dealer(doc.get("first_dealer"), players, start, game_format)
    except Refused as refused:
        raise Refused([*problems, *refused.problems]) from None
    raw_deals = doc.get("deals", [])
    if not isinstance(raw_deals, list):
        raise Refused([*problems, Problem(_("deals must be a list"), field="deals")])
    if len(raw_deals) > DEALS_MOST:
        raise Refused([*problems, _too_many_deals(None)])
    deals: list[Any] = []
    for number, raw in enumerate(raw_deals, start=1):
        try:
            deals.append(game_format.read_deal(raw, players, number))
        except Refused as refused:
            problems.extend(refused.problems)
    if problems:
        raise Refused(problems)
    return Match(variant, options, players, first_dealer, start, tuple(deals))


def rename_deal(game: str, raw: Any, old: str, new: str) -> Any:
    """A deal of a ``game`` document with the player named ``old`` named ``new`` wherever it names
    them (a renamed player: the deals name players by name)."""
    return FORMATS[variant_for(game).family].rename_deal(raw, old, new)


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
        "options": written_options(match.variant.options, match.options),
        "players": list(match.players),
        "first_dealer": match.players[match.first_dealer],
        "start": match.format.start_json(match.start),
        "deals": [dict(d) for d in deals],
        "result": result_json(match, match.play()),
    }


def score_document(doc: Any) -> dict[str, Any]:
    match = read_document(doc)
    return write_document(match, doc.get("deals", []))
