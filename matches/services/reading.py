"""Reading a match: its document, its players in seating order, its replay (its standing), its
change log; nothing here writes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict

from django.db.models import Exists, OuterRef, Prefetch, QuerySet

from games import document
from games.core import Steps, written_options
from games.registry import variant_for

from ..models import Change, Deal, Match, Seat

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


@dataclass(frozen=True)
class Standing:
    """A match read from the database and replayed: what the pages draw."""

    match: Match
    players: tuple[str, ...]
    rules: document.Match
    played: Any  # the replay: BuscaMatch, MambassaGame or Rubber
    state: Steps | None = None  # the replay's running state, to take it on to a next deal (None: Whist)


def match_document(
    match: Match, deals: Sequence[Mapping[str, Any]] | None = None, players: Sequence[str] | None = None
) -> dict[str, Any]:
    """The match as a document of docs/format.md, without its ``result``."""
    if deals is None:
        deals = deal_entries(match)
    if players is None:
        players = seat_names(match)
    return {
        "format": document.FORMAT,
        "game": match.game,
        "options": written_options(variant_for(match.game).options, match.options),
        "players": list(players),
        "first_dealer": None,
        "start": match.start,
        "deals": list(deals),
    }


def deal_entries(match: Match) -> list[dict[str, Any]]:
    """The match's deals as entered, in order: plain values, as making 300 models would take longer."""
    if "deals" in getattr(match, "_prefetched_objects_cache", {}):
        return [deal.entry for deal in match.deals.all()]
    return list(match.deals.values_list("entry", flat=True))


def seats_with_players(through: str = "seats") -> Prefetch[str, QuerySet[Seat]]:
    """For ``prefetch_related``: the matches' seats with their players, in one query."""
    return Prefetch(through, queryset=Seat.objects.select_related("player"))


def seat_names(match: Match) -> tuple[str, ...]:
    """The players' names in seating order (one query, or none where the seats were prefetched)."""
    if "seats" in getattr(match, "_prefetched_objects_cache", {}):
        return tuple(seat.player.name for seat in match.seats.all())
    return tuple(match.seats.order_by("position").values_list("player__name", flat=True))


def match_read(pk: int) -> Match | None:
    """Match ``pk`` with its evening and its seated players (two queries), None if there is none."""
    matches = Match.objects.select_related("evening").prefetch_related(seats_with_players())
    return matches.filter(pk=pk).first()


class _Undone(TypedDict):
    undone: bool


def latest_changes_query(pk: int, count: int) -> QuerySet[WithAnnotations[Change, _Undone]]:
    """Match ``pk``'s latest ``count`` changes, newest first, each with whether an undo took it back
    (``undone``): read in the order of the log's index, so as quickly at the 3,000th change as at
    the 30th."""
    undone = Exists(Change.objects.filter(undoes=OuterRef("pk")))
    return Change.objects.filter(match_id=pk).annotate(undone=undone).order_by("-created_at", "-pk")[:count]


def latest_changes(pk: int, count: int) -> list[tuple[Change, bool]]:
    """latest_changes_query's changes, each with whether it was undone."""
    return [(change, change.undone) for change in latest_changes_query(pk, count)]


def _read(
    match: Match, deals: Sequence[Mapping[str, Any]] | None = None, players: Sequence[str] | None = None
) -> document.Match:
    doc = match_document(match, deals, players)
    doc["first_dealer"] = doc["players"][match.first_dealer]
    return document.read_document(doc)


def _standing(
    match: Match, players: Sequence[str], deals: Sequence[Mapping[str, Any]] | None = None
) -> Standing:
    """The match replayed from its first deal (``deals``: its deals, read already)."""
    rules = _read(match, deals, players)
    played, state = rules.replayed()
    return Standing(match, rules.players, rules, played, state)


def match_standing(match: Match, just_read: bool = False, players: Sequence[str] | None = None) -> Standing:
    """The match replayed, as it is now in the database (``match`` is brought up to date first).

    ``just_read``: this request has just read the match and changed nothing, so it is not asked
    again; ``players``: its players' names, read with it.
    """
    if not just_read:
        current = Match.objects.filter(pk=match.pk).values_list("version", "updated_at").first()
        if current is not None and current != (match.version, match.updated_at):
            match.refresh_from_db()  # changed since it was read, by this request or another (seats too)
            players = None
    return _standing(match, players if players is not None else seat_names(match))


def match_standings(matches: Sequence[Match]) -> list[Standing]:
    """Matches just read (their seats prefetched) replayed, with one query for all their deals."""
    entries: dict[int, list[Any]] = {match.pk: [] for match in matches}
    if entries:
        deals = Deal.objects.filter(match_id__in=entries).order_by("match_id", "number")
        for match_id, entry in deals.values_list("match_id", "entry"):
            entries[match_id].append(entry)
    return [_standing(match, seat_names(match), entries[match.pk]) for match in matches]


def match_export(match: Match) -> dict[str, Any]:
    """The match's document with its ``result``, both from one reading of its deals.

    Read twice, a deal entered between the two readings would be listed but not scored.
    """
    deals = deal_entries(match)
    return document.write_document(_read(match, deals), deals)
