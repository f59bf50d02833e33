"""The only code that writes. Each write to a match is one transaction with the match row locked,
and one that says what became of a phone's entry returns it as a value (entries.Entered).

A match's standings are the replay of its deals through the rules engine; the ``result`` stored
on the match is a cache that ``writing._refresh`` rebuilds after every change.

By area: reading (nothing written), writing (what every write shares), accounts, players,
matches, deals, entries (what became of a phone's entry), undo, evenings, sharing, and backup (the
whole site out and back in, for the commands); every public name but backup's is importable from
here."""

from __future__ import annotations

from .accounts import account_create
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
from .entries import (
    ChangedMeanwhile,
    Corrected,
    Entered,
    MovedOn,
    Recorded,
    Rejected,
    Repeated,
    TakenByAnother,
    deal_correct,
    deal_enter,
)
from .evenings import evening_create, evening_publish, payment_toggle
from .matches import match_create, match_import, match_options_change
from .players import DEAL_CHANGES, player_archive, player_create, player_rename
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
from .sharing import invite_create, invite_revoke
from .undo import UNDOABLE, UndoEffects, change_undo, undo_effects
from .writing import Author

__all__ = [
    "DEAL_CHANGES",
    "UNDOABLE",
    "Author",
    "ChangedMeanwhile",
    "Corrected",
    "DealChanged",
    "DealMoved",
    "DealTaken",
    "Entered",
    "MovedOn",
    "Recorded",
    "Rejected",
    "Repeated",
    "Standing",
    "TakenByAnother",
    "UndoEffects",
    "account_create",
    "change_undo",
    "deal_correct",
    "deal_delete",
    "deal_edit",
    "deal_enter",
    "deal_entries",
    "deal_preview",
    "deal_record",
    "deal_restore",
    "evening_create",
    "evening_publish",
    "invite_create",
    "invite_revoke",
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
    "payment_toggle",
    "player_archive",
    "player_create",
    "player_rename",
    "seat_names",
    "seats_with_players",
    "undo_effects",
]
