"""The production settings with Django's cache switched off, for `make bench`'s side-by-side run.

Every cache the settings name answers as Django's DummyCache: nothing is kept, every ``get``
misses, so each page is drawn in full. The bench starts gunicorn with
``DJANGO_SETTINGS_MODULE=bench_settings_nocache`` and ``--pythonpath scripts``
(benchkit.start_server's ``settings``). Only what the app keeps through Django's cache framework
is switched off; a process's own memory of anything else stays as it is.
"""

from scorekeeper import settings as _production
from scorekeeper.settings import *  # noqa: F403

CACHES = {
    alias: {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
    for alias in getattr(_production, "CACHES", None) or {"default": {}}
}
