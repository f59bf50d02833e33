"""``{{ amount|money }}`` ("2,50 €", "€2.50") and ``{{ amount|signed_money }}`` ("+2,50 €")."""

from __future__ import annotations

from decimal import Decimal

from django import template

from matches import amounts

register = template.Library()


@register.filter
def money(amount: Decimal | int | float | None) -> str:
    return "" if amount is None or amount == "" else amounts.money(amount)


@register.filter
def signed_money(amount: Decimal | int | float | None) -> str:
    return "" if amount is None or amount == "" else amounts.money(amount, signed=True)
