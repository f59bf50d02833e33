"""A web process made ready before its first request.

A fresh process compiled the URL patterns, the project's templates and the catalogues of both
languages on the requests that first needed them: the first deal a table saved on a fresh worker
took 75–110 ms of server time where the next took 30 (docs/bench.md). Done once as the process
starts (scorekeeper/wsgi.py), with Django's own loader and resolver, the tables never wait for it.
Nothing here touches the database.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.urls import reverse
from django.utils import translation

OWN = (settings.BASE_DIR / "templates", *sorted((settings.BASE_DIR / "games").glob("*/templates")))


def warm() -> None:
    reverse("match_list")  # the first reverse() or resolve() builds the URL patterns
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            translation.gettext("Deal")  # loads the language's catalogue
    for root in OWN:
        for path in sorted(Path(root).rglob("*.html")):
            try:
                get_template(str(path.relative_to(root)))  # compiled into the cached loader
            except TemplateDoesNotExist:
                continue  # a name another app's template of the same name stands in front of
