"""gunicorn's worker for this app: uvicorn's, serving the ASGI application (scorekeeper/asgi.py).

gunicorn keeps what it did (one worker a core, restarts, timeouts, logs); uvicorn, the encode
project's ASGI server, serves in each worker the pages (Django's sync views in threads) and the
streams of events, thousands a process, each a coroutine. A stream never ends by itself, so a worker
that is asked to stop gives its streams ``STREAMS_GRACE`` seconds and then closes them: each phone
opens its stream again on another worker, saying the last version it had (matches/streams.py).
"""

from __future__ import annotations

from typing import Any, ClassVar

from uvicorn_worker import UvicornWorker

STREAMS_GRACE = 5


class Worker(UvicornWorker):
    CONFIG_KWARGS: ClassVar[dict[str, Any]] = {
        "loop": "uvloop",
        "http": "httptools",
        "lifespan": "off",  # Django has no start or end of its own to run
        "timeout_graceful_shutdown": STREAMS_GRACE,
    }
