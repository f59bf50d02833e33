"""The ASGI application (production: gunicorn with uvicorn's workers, README.md "Live by push").

Each match page's stream of events is answered by matches/streams.py, a coroutine each; everything
else by Django's WSGI handler, one request after another in one thread of each process (asgiref's
WsgiToAsgi), as a sync worker of gunicorn served them: measured at the load of a town's tables, that
answered faster and for less CPU than Django's ASGI handler, which runs each request in a thread
of its own, all at once (docs/bench.md, "The server").
"""

import os

from asgiref.wsgi import WsgiToAsgi
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
wsgi_application = get_wsgi_application()

from matches.streams import with_streams  # noqa: E402 (once Django is set up)
from scorekeeper.warm import warm  # noqa: E402

warm()
application = with_streams(WsgiToAsgi(wsgi_application))  # type: ignore[no-untyped-call]
