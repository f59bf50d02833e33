"""The month names of the ``E`` date format, marked here so that our catalogues keep them.

Django's own catalogues give these "alt. month" forms; ours take precedence (LOCALE_PATHS), and
the Italian one writes them in lower case, as Italian does: "1 dicembre 2026", not "1 Dicembre".
"""

from django.utils.translation import pgettext_lazy

MONTHS = (
    pgettext_lazy("alt. month", "January"),
    pgettext_lazy("alt. month", "February"),
    pgettext_lazy("alt. month", "March"),
    pgettext_lazy("alt. month", "April"),
    pgettext_lazy("alt. month", "May"),
    pgettext_lazy("alt. month", "June"),
    pgettext_lazy("alt. month", "July"),
    pgettext_lazy("alt. month", "August"),
    pgettext_lazy("alt. month", "September"),
    pgettext_lazy("alt. month", "October"),
    pgettext_lazy("alt. month", "November"),
    pgettext_lazy("alt. month", "December"),
)
