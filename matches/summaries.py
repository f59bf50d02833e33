"""Plain-text summaries of a match and of an evening, ready to paste in a chat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils import formats
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from .evenings import Settlement, evening_rows, evening_settlement
from .models import Evening, Match
from .pagecache import Recent
from .services import seat_names, state_key
from .sheets import history_row


def _money(amount: object) -> str:
    return formats.number_format(amount, 2)


def match_summary(match: Match, names: Sequence[str] | None = None) -> str:
    """Game, date, each player's score, and how it ended (kept per version of the match and language)."""
    if names is None:
        names = seat_names(match)  # the seats prefetched on an evening: no query
    key = ("summary", *state_key(match, names), get_language())
    return SUMMARIES.get_or_make(key, lambda: _match_summary(match, names))


SUMMARIES: Recent[tuple[Any, ...], str] = Recent(512)


def _match_summary(match: Match, names: Sequence[str]) -> str:
    row = history_row(match, names)  # reads the stored result: the whole replay, as JSON
    lines = [f"{row['variant'].names} · {formats.date_format(match.created_at, 'SHORT_DATE_FORMAT')}"]
    lines.append(", ".join(f"{name} {score}" for name, score in row["scores"]))
    if match.status == Match.Status.FINISHED:
        if row["losers"]:
            lines.append(_("Losers: %(names)s") % {"names": ", ".join(row["losers"])})
        if row["winners"]:
            lines.append(_("Winners: %(names)s") % {"names": ", ".join(row["winners"])})
    else:
        lines.append(_("In progress after %(n)d deals") % {"n": row["deals"]})
    return "\n".join(lines)


def evening_summary(
    evening: Evening, rows: Sequence[dict[str, Any]] | None = None, settlement: Settlement | None = None
) -> str:
    """The evening's matches, then who pays whom (``rows`` and ``settlement``: as the page has them)."""
    title = formats.date_format(evening.date, "DATE_FORMAT")
    lines = [f"{title} · {evening.place}" if evening.place else title, ""]
    for row in evening_rows(evening) if rows is None else rows:
        lines += [match_summary(row["match"], row["names"]), ""]
    if settlement is None:
        settlement = evening_settlement(evening)
    if settlement.transfers:
        lines.append(_("Who pays whom:"))
        for transfer in settlement.transfers:
            mark = " ✓" if transfer.paid else ""
            text = _("%(payer)s pays %(payee)s %(amount)s") % {
                "payer": transfer.payer.name,
                "payee": transfer.payee.name,
                "amount": _money(transfer.amount),
            }
            lines.append(f"- {text}{mark}")
    return "\n".join(lines).strip() + "\n"
