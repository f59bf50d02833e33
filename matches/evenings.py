"""An evening: its matches, each player's money over all of them, and who pays whom.

Each match's money comes from the rules engine in its game's unit (a Busca match or busca,
a Mambassa token, a Whist point) times its stake, as its game settles it (``GameWeb.nets``); the
evening adds them up per player and proposes the fewest transfers it can (never more than the
players with a balance, less one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Prefetch
from django.db.models.functions import Lower

from games import document
from games.money import add_up, transfers
from games.web import web_for

from . import services
from .models import Evening, Match, Payment, Player
from .sheets import history_row


def evening_read(pk: int, user: Any) -> Evening | None:
    """Evening ``pk`` of a club ``user`` belongs to, or None; who came (by name) and what was paid
    read along."""
    evenings = Evening.objects.filter(pk=pk, club__memberships__user=user).prefetch_related(
        Prefetch("players", queryset=Player.objects.order_by(Lower("name"), "pk")),
        Prefetch("payments", queryset=Payment.objects.order_by("pk")),
    )
    return evenings.first()


def match_nets(standing: services.Standing) -> dict[Player, Decimal]:
    """Each seated player's money from one finished match (nothing while it is in progress)."""
    players = [seat.player for seat in standing.match.seats.all()]  # prefetched
    return dict(zip(players, played_nets(standing.rules, standing.played), strict=False))


def played_nets(rules: document.Match, played: Any) -> Sequence[Decimal]:
    """Each seat's money from a replayed match, in seat order (empty while it is in progress)."""
    if played.outcome is None:
        return []
    return web_for(rules.variant).nets(rules, played)


@dataclass(frozen=True)
class Transfer:
    """A payment recorded (``paid``), or one the settlement proposes to make."""

    payer: Player
    payee: Player
    amount: Decimal
    paid: bool


@dataclass(frozen=True)
class Settlement:
    balances: list[tuple[Player, Decimal]]
    transfers: list[Transfer]
    unfinished: int  # matches of the evening still in progress, not counted yet


def evening_settlement(
    evening: Evening,
    matches: Sequence[Match] | None = None,
    standings: Mapping[int, services.Standing] | None = None,
) -> Settlement:
    """Each player's balance over the evening's matches and who pays whom.

    ``matches``: read already, their seats with them; ``standings``: their finished matches
    replayed, by pk (else replayed here). The payments: the evening's, as prefetched or read here.
    """
    if matches is None:
        matches = evening_matches(evening)
    # A match in progress counts nothing yet: it is not even replayed.
    finished = [match for match in matches if match.status == Match.Status.FINISHED]
    if standings is None:
        standings = finished_standings(finished)
    balances = add_up([match_nets(standings[match.pk]) for match in finished])
    ranked = sorted(balances.items(), key=lambda item: (-item[1], item[0].name))
    prefetched = "payments" in getattr(evening, "_prefetched_objects_cache", {})  # (evening_read)
    made = list(evening.payments.all() if prefetched else evening.payments.order_by("pk"))
    return Settlement(ranked, _transfers(dict(ranked), made), len(matches) - len(finished))


def finished_standings(matches: Sequence[Match]) -> dict[int, services.Standing]:
    """The finished ones of ``matches`` (their seats read along) replayed, by pk: one query."""
    finished = [match for match in matches if match.status == Match.Status.FINISHED]
    return {standing.match.pk: standing for standing in services.match_standings(finished)}


def _transfers(balances: dict[Player, Decimal], payments: Sequence[Payment]) -> list[Transfer]:
    """The payments made, then who still pays whom: the balances less what was paid.

    A payment made before a match was corrected still counts: what is owed on top is paid on top,
    and what was paid too much comes back.
    """
    players = {player.pk: player for player in balances}
    others = {pk for payment in payments for pk in (payment.payer_id, payment.payee_id)} - players.keys()
    if others:  # paid by or to a player no finished match counts any more (one was reopened)
        players |= Player.objects.in_bulk(others)
    left = dict(balances)
    made = []
    for payment in payments:
        payer, payee = players[payment.payer_id], players[payment.payee_id]
        left[payer] = left.get(payer, Decimal(0)) + payment.amount
        left[payee] = left.get(payee, Decimal(0)) - payment.amount
        made.append(Transfer(payer, payee, payment.amount, paid=True))
    return made + [Transfer(payer, payee, amount, paid=False) for payer, payee, amount in transfers(left)]


def evening_matches(evening: Evening) -> list[Match]:
    """The evening's matches, oldest first, their seats and players read along."""
    matches = evening.matches.order_by("created_at", "pk").prefetch_related(services.seats_with_players())
    return list(matches)


def evening_seating(evening: Evening) -> list[Player]:
    """Who came to ``evening``, in the seats of its latest match (those who sat there first, in
    their order), then the others who came by name: how the next match of the evening is seated."""
    came = [player for player in evening.players.all() if not player.archived]
    latest = evening.matches.order_by("-created_at", "-pk").first()
    seated = [seat.player for seat in latest.seats.select_related("player")] if latest else []
    first = [player for player in seated if player in came]
    return first + [player for player in came if player not in first]


def evening_rows(evening: Evening, matches: Sequence[Match] | None = None) -> list[dict[str, Any]]:
    """The evening's matches, oldest first, with their result (``matches``: read already, their seats
    read along)."""
    if matches is None:
        matches = evening_matches(evening)
    return [history_row(match, services.seat_names(match)) for match in matches]
