"""The only code that writes. Each write is one transaction with the match row locked.

A match's standings are the replay of its deals through the rules engine; the
``result`` stored on the match is a cache that ``_refresh`` rebuilds after every change.

By area: reading, writing, players, matches, deals, undo; every public name is importable from here."""

from __future__ import annotations

from .deals import (
    DealChanged,
    DealMoved,
    DealTaken,
    deal_delete,
    deal_edit,
    deal_preview,
    deal_record,
    deal_restore,
)
from .matches import match_create, match_import, match_options_change
from .players import DEAL_CHANGES, player_rename
from .reading import (
    Standing,
    deal_entries,
    latest_changes,
    latest_changes_query,
    match_document,
    match_export,
    match_read,
    match_standing,
    match_standings,
    seat_names,
    seats_with_players,
)
from .undo import UNDOABLE, UndoEffects, change_undo, undo_effects
from .writing import Author

__all__ = [
    "DEAL_CHANGES",
    "UNDOABLE",
    "Author",
    "DealChanged",
    "DealMoved",
    "DealTaken",
    "Standing",
    "UndoEffects",
    "change_undo",
    "deal_delete",
    "deal_edit",
    "deal_entries",
    "deal_preview",
    "deal_record",
    "deal_restore",
    "latest_changes",
    "latest_changes_query",
    "match_create",
    "match_document",
    "match_export",
    "match_import",
    "match_options_change",
    "match_read",
    "match_standing",
    "match_standings",
    "player_rename",
    "seat_names",
    "seats_with_players",
    "undo_effects",
]
