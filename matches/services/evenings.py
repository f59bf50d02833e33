"""Writing evenings: a new one with who came, its read-only link, and its payments marked paid."""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from django.contrib.auth.models import User
from django.db import transaction

from ..models import Club, Evening, Payment, Player
from .clubs import personal_club

if TYPE_CHECKING:
    from ..evenings import Transfer


@transaction.atomic
def evening_create(
    *, owner: User, date: datetime.date, place: str, players: Iterable[Player], club: Club | None = None
) -> Evening:
    """A new evening of ``club`` (by default ``owner``'s personal one), with who came."""
    evening = Evening.objects.create(club=club or personal_club(owner), owner=owner, date=date, place=place)
    evening.players.set(players)
    return evening


def evening_publish(*, evening: Evening) -> str | None:
    """Share the evening read-only by a new link, or withdraw the one it has: its token now (None:
    withdrawn). The token is 32 random bytes, unguessable."""
    evening.public_token = None if evening.public_token else secrets.token_urlsafe(32)
    evening.save(update_fields=["public_token"])
    return evening.public_token


@transaction.atomic
def payment_toggle(*, evening: Evening, which: Callable[[Transfer], bool]) -> bool | None:
    """Record the transfer ``which`` picks as paid, or take back the payment it picks; True when it
    is now paid, None when it picks none. Two phones marking the same transfer queue here (the
    evening is locked): the second finds it paid already, and records nothing."""
    from ..evenings import evening_settlement  # the evening's money reads the matches through this package

    Evening.objects.select_for_update().filter(pk=evening.pk).first()
    transfer = next((t for t in evening_settlement(evening).transfers if which(t)), None)
    if transfer is None:
        return None
    if transfer.paid:
        same = evening.payments.filter(payer=transfer.payer, payee=transfer.payee, amount=transfer.amount)
        payment = same.order_by("-pk").first()  # one of them, if the same payment was made twice
        if payment is not None:
            payment.delete()
        return False
    payer, payee = transfer.payer, transfer.payee
    Payment.objects.create(evening=evening, payer=payer, payee=payee, amount=transfer.amount)
    return True
