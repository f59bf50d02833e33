"""The ASGI application (production: gunicorn with uvicorn's workers, README.md "Live by push").

Each match page's stream of events is answered by matches/streams.py, a coroutine each. Everything
else is answered by Django's WSGI handler, one request after another in one thread of each process,
as a sync worker of gunicorn answered them: measured at the load of a town's tables, that took less
CPU and answered sooner than Django's ASGI handler, which runs every request at once, each in a
thread of its own (docs/bench.md, "4 December: live by push"). The thread keeps its database
connection as a sync worker did (CONN_MAX_AGE).
"""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import ThreadPoolExecutor
from tempfile import SpooledTemporaryFile
from typing import IO, Any

from asgiref.wsgi import WsgiToAsgiInstance
from django.conf import settings
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
wsgi_application = get_wsgi_application()

from matches.streams import ASGIApp, Receive, Scope, Send, with_streams  # noqa: E402 (once Django is set up)
from scorekeeper.warm import warm  # noqa: E402


class OneThread:
    """A WSGI application served to an ASGI server: each request read whole, then answered in this
    process's one thread for pages, its answer sent whole. Django's pages are not streamed, and a
    file of whitenoise's is a few KB."""

    def __init__(self, wsgi: Any) -> None:
        self.wsgi = wsgi
        self.thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pages")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return  # no lifespan of its own (the workers run with it off), no websockets
        body = SpooledTemporaryFile(max_size=65536)  # noqa: SIM115 (closed by _answer, in the thread)
        # A body over the limit is not read: the page that says so needs only its declared length
        # (scorekeeper.middleware.request_size_limit).
        most = (settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0) + 65536
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                body.close()
                return
            size += len(message.get("body", b""))
            if size <= most:
                body.write(message.get("body", b""))
            if not message.get("more_body"):
                break
        body.seek(0)
        loop = asyncio.get_running_loop()
        start, answer = await loop.run_in_executor(self.thread, self._answer, scope, body)
        await send(start)
        await send({"type": "http.response.body", "body": answer})

    def _answer(self, scope: Scope, body: IO[bytes]) -> tuple[dict[str, Any], bytes]:
        with body:
            # asgiref's adapter: the WSGI environ of the scope, and start_response
            adapter = WsgiToAsgiInstance(self.wsgi)  # type: ignore[no-untyped-call]
            adapter.scope = scope
            try:
                environ = adapter.build_environ(scope, body)  # type: ignore[no-untyped-call]
            except ValueError:  # too many headers of one name
                return {"type": "http.response.start", "status": 400, "headers": []}, b""
            output = self.wsgi(environ, adapter.start_response)
            try:
                answer = b"".join(output)
            finally:
                if hasattr(output, "close"):
                    output.close()  # Django's request_finished: the connection kept or closed
            return adapter.response_start, answer


warm()
pages = OneThread(wsgi_application)
application: ASGIApp = with_streams(pages)
