"""The Busca part of the match document (docs/format.md, "Busca"): deals, start and result."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Problem, Refused, gettext_noop, is_int, renamed, seat_of
from .rules import SEATS, BuscaDeal, BuscaMatch, BuscaStart, Penalty, TopScore

_ = gettext_noop
DEAL_KEYS = frozenset({"points", "covered", "last_trick", "penalties", "dealer", "top"})
START_MOST = 1000  # busche of a total, and deals, carried over from paper (docs/format.md, "Limits")
TOP_MOST = 40  # the most points of a deal, in every variant


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
        not isinstance(points, list) or len(points) != SEATS or not all(is_int(p) for p in points)
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
    last_seat = None if last_trick is None else seat_of(players, last_trick, number, "last_trick")
    penalties_raw = raw.get("penalties") or []
    if not isinstance(penalties_raw, list) or not all(
        isinstance(p, dict) and set(p) == {"player", "kind"} for p in penalties_raw
    ):
        raise refuse(_("penalties must be a list of {player, kind}"), "penalties")
    penalties = tuple(
        Penalty(seat_of(players, p["player"], number, "penalties"), str(p["kind"])) for p in penalties_raw
    )
    top = None if raw.get("top") is None else read_top(raw["top"], players, number)
    dealer = raw.get("dealer")
    return BuscaDeal(
        points=tuple(points) if points is not None else None,
        covered=tuple(covered) if covered is not None else None,
        last_trick=last_seat,
        penalties=penalties,
        dealer=None if dealer is None else seat_of(players, dealer, number, "dealer"),
        top=top,
    )


def read_top(raw: Any, players: Sequence[str], number: int | None) -> TopScore:
    """A deal's ``top``: the players who took the most points, each of them ``points``."""
    refused = Refused(
        [
            Problem(
                _("top must be {players: 1 to 4 players, points: a whole number from 0 to %(most)d}"),
                {"most": TOP_MOST},
                deal=number,
                field="top",
            )
        ]
    )
    if not (
        isinstance(raw, dict)
        and set(raw) == {"players", "points"}
        and isinstance(raw["players"], list)
        and 1 <= len(raw["players"]) <= SEATS
        and is_int(raw["points"])
        and 0 <= raw["points"] <= TOP_MOST
    ):
        raise refused
    seats = {seat_of(players, name, number, "top") for name in raw["players"]}
    if len(seats) != len(raw["players"]):
        raise refused
    return TopScore(tuple(sorted(seats)), raw["points"])


def rename_deal(raw: Any, old: str, new: str) -> Any:
    """A deal of a document with the player ``old`` called ``new``: the last trick, the penalties,
    the dealer and the top name players; anything that is no deal is left as it is."""
    if not isinstance(raw, dict):
        return raw
    deal = {
        key: renamed(value, old, new) if key in ("last_trick", "dealer") else value
        for key, value in raw.items()
    }
    if isinstance(raw.get("top"), dict) and isinstance(raw["top"].get("players"), list):
        deal["top"] = {**raw["top"], "players": [renamed(p, old, new) for p in raw["top"]["players"]]}
    if isinstance(raw.get("penalties"), list):
        deal["penalties"] = [
            {**p, "player": renamed(p.get("player"), old, new)}
            if isinstance(p, dict) and "player" in p
            else p
            for p in raw["penalties"]
        ]
    return deal


def read_start(raw: Any, players: Sequence[str] | None) -> BuscaStart | None:
    if raw is None:
        return None
    ok = (
        isinstance(raw, dict)
        and set(raw) <= {"totals", "deals"}
        and isinstance(raw.get("totals"), list)
        and len(raw["totals"]) == SEATS
        and all(is_int(t) and 0 <= t <= START_MOST for t in raw["totals"])
        and is_int(raw.get("deals", 0))
        and 0 <= raw.get("deals", 0) <= START_MOST
    )
    if not ok:
        template = _(
            "start must be {totals: 4 whole numbers from 0 to %(most)d, "
            "deals: a whole number from 0 to %(most)d}"
        )
        raise Refused([Problem(template, {"most": START_MOST}, field="start")])
    return BuscaStart(tuple(raw["totals"]), raw.get("deals", 0))


def result_json(match: Any, played: BuscaMatch, deals: bool = True) -> dict[str, Any]:
    """The ``result`` object of a document (docs/format.md, "Busca")."""
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
                **({"top": top_json(d.top, names)} if d.top is not None else {}),
            }
            for d in (played.deals if deals else ())
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


def top_json(top: TopScore, names: Sequence[str]) -> dict[str, Any]:
    return {"players": [names[seat] for seat in top.seats], "points": top.points}


def start_json(start: BuscaStart | None) -> dict[str, Any] | None:
    return {"totals": list(start.totals), "deals": start.deals} if start else None


def out_at_start(start: BuscaStart | None) -> frozenset[int]:
    """Nobody is out of a Busca match."""
    return frozenset()
