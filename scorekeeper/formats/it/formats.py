"""Dates in Italian without a leading zero on the day ("1 Dicembre 2026", "1/12/2026")."""

DATE_FORMAT = "j F Y"
SHORT_DATE_FORMAT = "j/n/Y"
