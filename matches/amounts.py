"""Sums of money as the players read them, in one place: two decimals in the reader's language and
the currency sign (settings.CURRENCY, "€" unless the environment says otherwise) where that
language writes it: "2,50 €" in Italian, "€2.50" in English. The CSV export keeps plain numbers.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.utils import formats
from django.utils.translation import get_language

NBSP = "\u00a0"  # "2,50 €" never breaks between the amount and its sign
MINUS = "\u2212"
# Languages that write the sign before the amount, with no space ("€2.50"); the others after it.
SIGN_FIRST = ("en",)


def money(amount: Decimal | int | float, *, signed: bool = False) -> str:
    """``amount`` with two decimals and the currency sign; ``signed``: "+" before a gain too."""
    value = Decimal(str(amount))
    figures = formats.number_format(abs(value), 2)
    currency = settings.CURRENCY
    if not currency:
        text = figures
    elif (get_language() or settings.LANGUAGE_CODE).split("-")[0] in SIGN_FIRST:
        text = f"{currency}{figures}"
    else:
        text = f"{figures}{NBSP}{currency}"
    if value < 0:
        return MINUS + text
    return "+" + text if signed and value > 0 else text
