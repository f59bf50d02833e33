"""An evening's date in a sentence: "Evening of 1 December 2026", "Serata dell'1 dicembre 2026".

Italian elides the article before a number read with a vowel: dell'1, dell'8, dell'11 (uno,
otto, undici), but del 2, del 21. The sentence with the elision has its own context, so each
language says it its own way (English has the same words for both).
"""

from __future__ import annotations

import datetime

from django.utils import formats
from django.utils.translation import gettext, pgettext

# Days of the month read beginning with a vowel in Italian: uno, otto, undici.
VOWEL_DAYS = (1, 8, 11)


def evening_of(date: datetime.date, place: str = "") -> str:
    """The evening of ``date`` (at ``place``), in the reader's language."""
    params = {"date": formats.date_format(date, "DATE_FORMAT"), "place": place}
    if date.day in VOWEL_DAYS:
        if place:
            return pgettext("a day read with a vowel first", "Evening of %(date)s, %(place)s") % params
        return pgettext("a day read with a vowel first", "Evening of %(date)s") % params
    if place:
        return gettext("Evening of %(date)s, %(place)s") % params
    return gettext("Evening of %(date)s") % params
