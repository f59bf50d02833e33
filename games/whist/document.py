"""The Whist part of the match document (docs/format.md, "Whist"): deals, start and result."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Problem, Refused, gettext_noop, is_int, renamed, seat_of
from .rules import Game, Rubber, WhistDeal, WhistStart

_ = gettext_noop
DEAL_KEYS = frozenset({"tricks", "honours", "revoke", "dealer"})
GAME_KEYS = frozenset({"winner", "opponents_score", "game_points"})


def _pair_of_numbers(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(is_int(v) for v in value)


def read_deal(raw: Any, players: Sequence[str], number: int | None) -> WhistDeal:
    def refuse(template: str, field: str | None = None, **params: Any) -> Refused:
        return Refused([Problem(template, params, deal=number, field=field)])

    if not isinstance(raw, dict):
        raise refuse(_("a deal must be an object"))
    unknown = sorted(set(raw) - DEAL_KEYS)
    if unknown:
        raise refuse(_("unknown key %(key)s in a deal"), key=unknown[0])
    if not _pair_of_numbers(raw.get("tricks")):
        raise refuse(_("tricks must be 2 whole numbers, one per pair"), "tricks")
    if not _pair_of_numbers(raw.get("honours")):
        raise refuse(_("honours must be 2 whole numbers, one per pair"), "honours")
    revoke = raw.get("revoke")
    if revoke is not None and not (is_int(revoke) and revoke in (0, 1)):  # JSON's false is no pair
        raise refuse(_("revoke must be the pair that revoked: 0 or 1"), "revoke")
    dealer = raw.get("dealer")
    return WhistDeal(
        tricks=(raw["tricks"][0], raw["tricks"][1]),
        honours=(raw["honours"][0], raw["honours"][1]),
        revoke=revoke,
        dealer=None if dealer is None else seat_of(players, dealer, number, "dealer"),
    )


def rename_deal(raw: Any, old: str, new: str) -> Any:
    """A deal of a document with the player ``old`` called ``new``: only its dealer names a player."""
    if not isinstance(raw, dict) or "dealer" not in raw:
        return raw
    return {**raw, "dealer": renamed(raw["dealer"], old, new)}


def _is_game(raw: Any) -> bool:
    """A finished game as the result writes it; the opponents' score may be left out."""
    if not isinstance(raw, dict) or not set(raw) <= GAME_KEYS:
        return False
    opponents = raw.get("opponents_score")
    return (
        is_int(raw.get("winner"))
        and raw["winner"] in (0, 1)
        and is_int(raw.get("game_points"))
        and raw["game_points"] in (1, 2, 3)
        and (opponents is None or (is_int(opponents) and opponents >= 0))
    )


def read_start(raw: Any, players: Sequence[str] | None) -> WhistStart | None:
    if raw is None:
        return None
    games = raw.get("games", []) if isinstance(raw, dict) else None
    ok = (
        isinstance(raw, dict)
        and set(raw) <= {"score", "games"}
        and _pair_of_numbers(raw.get("score"))
        and all(s >= 0 for s in raw["score"])
        and isinstance(games, list)
        and all(_is_game(g) for g in games)
    )
    if not ok:
        raise Refused(
            [
                Problem(
                    _(
                        "start must be {score: 2 whole numbers ≥ 0, "
                        "games: [{winner: 0 or 1, game_points: 1 to 3}]}"
                    ),
                    field="start",
                )
            ]
        )
    assert isinstance(games, list)
    return WhistStart(
        (raw["score"][0], raw["score"][1]),
        tuple(Game(g["winner"], g.get("opponents_score"), g["game_points"]) for g in games),
    )


def game_json(game: Game | None) -> dict[str, Any] | None:
    if game is None:
        return None
    return {"winner": game.winner, "opponents_score": game.opponents_score, "game_points": game.game_points}


def result_json(match: Any, played: Rubber, deals: bool = True) -> dict[str, Any]:
    """The ``result`` object of a document (docs/format.md, "Whist")."""
    names = match.players
    outcome = played.outcome
    settlement = match.variant.settle(match.options, played)
    return {
        "deals": [
            {
                "number": d.number,
                "dealer": names[d.dealer],
                "trick_points": list(d.trick_points),
                "honour_points": list(d.honour_points),
                "score": list(d.score),
                "game": game_json(d.game),
                "next_dealer": None if d.next_dealer is None else names[d.next_dealer],
            }
            for d in (played.deals if deals else ())
        ],
        "games": [game_json(g) for g in played.games],
        "score": list(played.score),
        "status": "finished" if outcome else "in_progress",
        "ended_after_deal": outcome.after_deal if outcome else None,
        "end_reason": outcome.reason if outcome else None,
        "rubber_winner": outcome.winner if outcome else None,
        "totals": list(match.variant.totals(match.options, played)),
        "settlement": None
        if settlement is None
        else {
            "stake": match.options["stake"],
            "points": settlement.points,
            "payer": settlement.payer,
            "payee": settlement.payee,
            "amount": float(settlement.amount),
            "total": float(settlement.total),
        },
    }


def start_json(start: WhistStart | None) -> dict[str, Any] | None:
    if start is None:
        return None
    # A game keeps the opponents' score it was entered with, so the output reads back the same.
    games = [
        game_json(g) if g.opponents_score is not None else {"winner": g.winner, "game_points": g.game_points}
        for g in start.games
    ]
    return {"score": list(start.score), "games": games}


def out_at_start(start: WhistStart | None) -> frozenset[int]:
    """Nobody is out of a rubber."""
    return frozenset()
