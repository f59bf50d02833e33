"""The match document of shared/INTERCHANGE.md: read one, score it, write it back.

Scores are never trusted from a file: ``score_document`` recomputes everything from
the entered deals. A document that breaks a rule raises ``Refused`` with every problem.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .busca import SEATS, BuscaDeal, BuscaMatch, BuscaStart, BuscaVariant, Penalty
from .core import Problem, Refused, gettext_noop, resolve_options
from .registry import variant_for

_ = gettext_noop
FORMAT = "scorekeeper-match/1"
DEAL_KEYS = frozenset({"points", "covered", "last_trick", "penalties", "dealer"})


@dataclass(frozen=True)
class Match:
    """A document read and checked: everything the engine needs, names turned into seats."""

    variant: BuscaVariant
    options: dict[str, Any]
    players: tuple[str, ...]
    first_dealer: int
    start: BuscaStart | None
    deals: tuple[BuscaDeal, ...]

    def play(self) -> BuscaMatch:
        return self.variant.play(self.options, self.players, self.first_dealer, self.deals, self.start)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_players(raw: Any) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(n, str) and n.strip() for n in raw):
        raise Refused([Problem(_("players must be a list of names"), field="players")])
    if len(raw) != SEATS:
        raise Refused(
            [Problem(_("a Busca match has 4 players, not %(count)d"), {"count": len(raw)}, field="players")]
        )
    if len(set(raw)) != len(raw):
        raise Refused([Problem(_("the players' names must all be different"), field="players")])
    return tuple(raw)


def _seat(players: Sequence[str], name: Any, number: int | None, field: str) -> int:
    if name not in players:
        raise Refused(
            [Problem(_("%(name)s is not a player of this match"), {"name": name}, deal=number, field=field)]
        )
    return players.index(name)


def read_deal(raw: Any, players: Sequence[str], number: int | None) -> BuscaDeal:
    """One deal of a document (or of the entry form) turned into engine input."""

    def refuse(template: str, field: str | None = None, **params: Any) -> Refused:
        return Refused([Problem(template, params, deal=number, field=field)])

    if not isinstance(raw, dict):
        raise refuse(_("a deal must be an object"))
    unknown = sorted(set(raw) - DEAL_KEYS)
    if unknown:
        raise refuse(_("unknown key %(key)s in a deal"), key=unknown[0])
    points = raw.get("points")
    if points is not None and (
        not isinstance(points, list) or len(points) != SEATS or not all(_is_int(p) for p in points)
    ):
        raise refuse(_("points must be 4 whole numbers, one per player"), "points")
    covered = raw.get("covered")
    if covered is not None and (
        not isinstance(covered, list)
        or len(covered) != SEATS
        or not all(c is None or isinstance(c, bool) for c in covered)
    ):
        raise refuse(_("covered must be 4 values true or false, one per player"), "covered")
    last_trick = raw.get("last_trick")
    last_seat = None if last_trick is None else _seat(players, last_trick, number, "last_trick")
    penalties_raw = raw.get("penalties") or []
    if not isinstance(penalties_raw, list) or not all(
        isinstance(p, dict) and set(p) == {"player", "kind"} for p in penalties_raw
    ):
        raise refuse(_("penalties must be a list of {player, kind}"), "penalties")
    penalties = tuple(
        Penalty(_seat(players, p["player"], number, "penalties"), str(p["kind"])) for p in penalties_raw
    )
    dealer = raw.get("dealer")
    return BuscaDeal(
        points=tuple(points) if points is not None else None,
        covered=tuple(covered) if covered is not None else None,
        last_trick=last_seat,
        penalties=penalties,
        dealer=None if dealer is None else _seat(players, dealer, number, "dealer"),
    )


def read_start(raw: Any) -> BuscaStart | None:
    if raw is None:
        return None
    ok = (
        isinstance(raw, dict)
        and set(raw) <= {"totals", "deals"}
        and isinstance(raw.get("totals"), list)
        and len(raw["totals"]) == SEATS
        and all(_is_int(t) and t >= 0 for t in raw["totals"])
        and _is_int(raw.get("deals", 0))
        and raw.get("deals", 0) >= 0
    )
    if not ok:
        raise Refused(
            [
                Problem(
                    _("start must be {totals: 4 whole numbers ≥ 0, deals: a whole number ≥ 0}"), field="start"
                )
            ]
        )
    return BuscaStart(tuple(raw["totals"]), raw.get("deals", 0))


def read_document(doc: Any) -> Match:
    """Check a whole document; every problem found is reported at once."""
    if not isinstance(doc, dict):
        raise Refused([Problem(_("a match document must be a JSON object"))])
    if doc.get("format") != FORMAT:
        raise Refused([Problem(_("format must be %(format)s"), {"format": FORMAT}, field="format")])
    variant = variant_for(doc.get("game"))
    problems: list[Problem] = []
    options: dict[str, Any] = {}
    raw_options = doc.get("options") or {}
    if not isinstance(raw_options, dict):
        problems.append(Problem(_("options must be an object"), field="options"))
    else:
        try:
            options = resolve_options(variant.options, raw_options)
        except Refused as refused:
            problems.extend(refused.problems)
    start = None
    try:
        start = read_start(doc.get("start"))
    except Refused as refused:
        problems.extend(refused.problems)
    try:
        players = read_players(doc.get("players"))
        first_dealer = _seat(players, doc.get("first_dealer", players[0]), None, "first_dealer")
    except Refused as refused:
        # Without the players no deal can be read; the problems found so far still count.
        raise Refused([*problems, *refused.problems]) from None
    raw_deals = doc.get("deals", [])
    if not isinstance(raw_deals, list):
        raise Refused([*problems, Problem(_("deals must be a list"), field="deals")])
    deals: list[BuscaDeal] = []
    for number, raw in enumerate(raw_deals, start=1):
        try:
            deals.append(read_deal(raw, players, number))
        except Refused as refused:
            problems.extend(refused.problems)
    if problems:
        raise Refused(problems)
    return Match(variant, options, players, first_dealer, start, tuple(deals))


def result_json(match: Match, played: BuscaMatch) -> dict[str, Any]:
    """The ``result`` object of a document (INTERCHANGE.md, "Busca")."""
    names = match.players

    def name(seat: int | None) -> str | None:
        return None if seat is None else names[seat]

    outcome = played.outcome
    settlement = None
    if outcome is not None:
        net = match.variant.settle(match.options, played.totals, outcome)
        settlement = {
            "stake": match.options["stake"],
            "net": {names[seat]: float(amount) for seat, amount in enumerate(net)},
        }
    return {
        "deals": [
            {
                "number": d.number,
                "dealer": name(d.dealer),
                "leader": name(d.leader),
                "points": list(d.points) if d.points is not None else None,
                "covered": list(d.covered),
                "busche": list(d.busche),
                "totals": list(d.totals),
                "next_dealer": name(d.next_dealer),
                "next_leader": name(d.next_leader),
            }
            for d in played.deals
        ],
        "totals": list(played.totals),
        "status": "finished" if outcome else "in_progress",
        "ended_after_deal": outcome.after_deal if outcome else None,
        "end_reason": outcome.reason if outcome else None,
        "losers": [names[s] for s in outcome.losers] if outcome else [],
        "winners": [names[s] for s in outcome.winners] if outcome else [],
        "ranking": [names[s] for s in played.ranking],
        "settlement": settlement,
    }


def write_document(match: Match, deals: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The document with every option filled in and its ``result``."""
    return {
        "format": FORMAT,
        "game": match.variant.key,
        "options": dict(match.options),
        "players": list(match.players),
        "first_dealer": match.players[match.first_dealer],
        "start": ({"totals": list(match.start.totals), "deals": match.start.deals} if match.start else None),
        "deals": [dict(d) for d in deals],
        "result": result_json(match, match.play()),
    }


def score_document(doc: Any) -> dict[str, Any]:
    match = read_document(doc)
    return write_document(match, doc.get("deals", []))
