"""Dates in English as the players' own calendar writes them: day, month, year ("1 December 2026"),
never the month first ("12/01/2026" reads as 12 January at an Italian table)."""

DATE_FORMAT = "j F Y"
SHORT_DATE_FORMAT = "j M Y"
MONTH_DAY_FORMAT = "j M"
