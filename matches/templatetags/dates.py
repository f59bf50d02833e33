"""``{{ evening|evening_of }}``: "Serata dell'1 dicembre 2026, da Anna" (matches/dates.py)."""

from __future__ import annotations

from typing import Any

from django import template

from matches import dates

register = template.Library()


@register.filter
def evening_of(evening: Any) -> str:
    return dates.evening_of(evening.date, evening.place or "")
