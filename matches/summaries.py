"""Plain-text summaries of a match and of an evening, ready to paste in a chat."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .amounts import money
from .evenings import Settlement, evening_rows, evening_settlement, played_nets
from .models import Evening, Match
from .services import Standing, match_standing, seat_names
from .sheets import history_row


def _signed(amount: Decimal) -> str:
    return money(amount, signed=True)


def match_summary(match: Match, names: Sequence[str] | None = None, standing: Standing | None = None) -> str:
    """Game, date, each player's score, and how it ended; ``standing``: the match replayed, if this
    request replayed it (a finished match's money is the replay's)."""
    if names is None:
        names = seat_names(match)  # the seats prefetched on an evening: no query
    row = history_row(match, names)  # reads the stored result: the whole replay, as JSON
    # The day the table played, where it sits (a match begun at 00:10 in Rome is not the day before).
    day = formats.date_format(timezone.localtime(match.created_at), "DATE_FORMAT")
    lines = [f"{row['variant'].names} · {day}"]
    lines.append(", ".join(f"{name} {score}" for name, score in row["scores"]))
    if match.status == Match.Status.FINISHED:
        if losers := row["losers"]:
            lines.append(
                ngettext("Loser: %(names)s", "Losers: %(names)s", len(losers)) % {"names": ", ".join(losers)}
            )
        if winners := row["winners"]:
            said = ngettext("Winner: %(names)s", "Winners: %(names)s", len(winners))
            lines.append(said % {"names": ", ".join(winners)})
        if standing is None:
            standing = match_standing(match, just_read=True, players=names)
        nets = played_nets(standing.rules, standing.played)
        if any(nets):  # played for money
            amounts = ", ".join(f"{name} {_signed(net)}" for name, net in zip(names, nets, strict=True))
            lines.append(_("Money: %(amounts)s") % {"amounts": amounts})
    else:
        deals = row["deals"]
        lines.append(
            ngettext("In progress after %(n)d deal", "In progress after %(n)d deals", deals) % {"n": deals}
        )
    return "\n".join(lines)


def evening_summary(
    evening: Evening,
    rows: Sequence[dict[str, Any]] | None = None,
    settlement: Settlement | None = None,
    standings: Mapping[int, Standing] | None = None,
) -> str:
    """The evening's matches, then who pays whom (``rows``, ``settlement`` and the finished
    matches' ``standings`` by pk: as the page has them)."""
    title = formats.date_format(evening.date, "DATE_FORMAT")
    lines = [f"{title} · {evening.place}" if evening.place else title, ""]
    for row in evening_rows(evening) if rows is None else rows:
        match = row["match"]
        lines += [match_summary(match, row["names"], (standings or {}).get(match.pk)), ""]
    if settlement is None:
        settlement = evening_settlement(evening)
    if settlement.transfers:
        lines.append(_("Who pays whom:"))
        for transfer in settlement.transfers:
            mark = " ✓" if transfer.paid else ""
            text = _("%(payer)s pays %(payee)s %(amount)s") % {
                "payer": transfer.payer.name,
                "payee": transfer.payee.name,
                "amount": money(transfer.amount),
            }
            lines.append(f"- {text}{mark}")
    return "\n".join(lines).strip() + "\n"
