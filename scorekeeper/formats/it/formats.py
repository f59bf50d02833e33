"""Dates in Italian as an Italian writes them: no leading zero on the day and the month in lower
case ("1 dicembre 2026", "1/12/2026", "1 dic").

Django's Italian catalogue capitalises the month names ("1 Dicembre 2026"), so the long dates use
``E``, the months' "alt. month" forms, which our own catalogue gives in lower case
(scorekeeper/formats/months.py); ``b`` is already lower case.
"""

DATE_FORMAT = "j E Y"
SHORT_DATE_FORMAT = "j/n/Y"
MONTH_DAY_FORMAT = "j b"
YEAR_MONTH_FORMAT = "E Y"
