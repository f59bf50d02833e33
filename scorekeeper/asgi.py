"""The ASGI application (production: gunicorn with uvicorn's workers, README.md "Live by push"):
Django's, with each match page's stream of events answered in front of it (matches/streams.py)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
django_application = get_asgi_application()

from matches.streams import with_streams  # noqa: E402 (once Django is set up)
from scorekeeper.warm import warm  # noqa: E402

warm()
application = with_streams(django_application)
