"""Server-sent events: each match page opens one stream of its match's changes (static/js/live.js).

``GET /matches/<pk>/events/`` is answered here, in front of the pages (scorekeeper/asgi.py), not by
a view behind the middleware: a request of Django's holds a thread (and, under Django's ASGI handler,
its database connection) for as long as it lasts, and a stream lasts for the evening (README.md, "Live
by push"). Here a stream holds neither: it is a coroutine, and its checks run one after another in one
thread of the process.

- When it opens, the full check of a match page: Django's session, its user (``auth.get_user``, which
  checks the session's password hash) and ``access.match_access``; a phone that may not see the match
  gets a 404 (its page then polls, and the poll answers as it always did).
- Each event is the match's version (``id:`` too, so the browser sends ``Last-Event-ID`` when it
  reconnects): on opening, when the phone's version (``?v=`` or ``Last-Event-ID``) is not the match's
  (a phone that was away catches up), and then whenever the bus (matches/bus.py) says the match
  changed. Before each, the session must still exist and, for a guest, the link work
  (``live.version_followed``): a phone logged out or a link withdrawn gets ``event: gone`` and the
  stream ends.
- The stream begins with an ``open`` event, and a ``ping`` every ``HEARTBEAT_SECONDS`` keeps proxies
  from closing it: the page counts a stream open only once it heard it (a proxy that buffers would
  pass the headers and hold the events back), and polls again when it has heard nothing for a while.
  A stream ends after ``LIFE_SECONDS`` and the browser opens it again, so the full check is made anew.
- At most ``LIVE_STREAMS`` streams a process (503 with Retry-After past that: the page polls).
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Awaitable, Callable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib import auth
from django.core.exceptions import DisallowedHost, RequestDataTooBig
from django.core.handlers.asgi import ASGIRequest
from django.db import DatabaseError, close_old_connections
from django.http import Http404
from django.utils.functional import SimpleLazyObject

from . import bus, live
from .access import match_access

logger = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

PATH = re.compile(r"/matches/(\d{1,12})/events/")
HEARTBEAT_SECONDS = 20.0
LIFE_SECONDS = 600.0
RETRY_MS = 3000  # how long the browser waits before it opens a dropped stream again


def with_streams(django: ASGIApp) -> ASGIApp:
    """The pages' ASGI application, with the streams answered in front of it."""

    async def application(scope: Scope, receive: Receive, send: Send) -> None:
        found = PATH.fullmatch(scope.get("path", "")) if scope["type"] == "http" else None
        if found and scope["method"] == "GET":
            await stream(scope, receive, send, int(found[1]))
        else:
            await django(scope, receive, send)

    return application


@dataclass(frozen=True)
class Followed:
    pk: int
    session_key: str
    token: str  # live.MEMBER and the account's id, or the guest's link


# The streams' checks, one after another in one thread of the process, which keeps its database
# connection as a request's is kept (CONN_MAX_AGE): beside the one thread of the pages
# (scorekeeper/asgi.py), not a thread of each stream's own nor many at once.
CHECKS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="streams")


def _checked(function: Callable[..., Any], *args: Any) -> Awaitable[Any]:
    """``function`` in the streams' thread."""

    def run() -> Any:
        close_old_connections()
        try:
            return function(*args)
        finally:
            close_old_connections()

    return asyncio.get_running_loop().run_in_executor(CHECKS, run)


def _opened(request: ASGIRequest, pk: int) -> Followed | int:
    """The full check of a match page: whom the phone follows match ``pk`` as, or the status to answer."""
    try:
        request.get_host()
    except DisallowedHost:
        return 400
    engine = import_module(settings.SESSION_ENGINE)
    request.session = engine.SessionStore(request.COOKIES.get(settings.SESSION_COOKIE_NAME))
    request.user = SimpleLazyObject(partial(auth.get_user, request))  # type: ignore[assignment]
    try:
        access = match_access(request, pk)
    except Http404:
        return 404  # nothing of the session is saved: the page's poll takes the full path
    follows = live.follows_as(request, access)
    return 404 if follows is None else Followed(pk, *follows)


def _since(request: ASGIRequest) -> int | None:
    sent = request.headers.get("Last-Event-ID") or request.GET.get("v", "")
    return int(sent) if sent.isascii() and sent.isdigit() and len(sent) < 10 else None


async def _answer(send: Send, status: int, *, retry_after: int | None = None) -> None:
    headers = [(b"cache-control", b"no-store")]
    if retry_after is not None:
        headers.append((b"retry-after", str(retry_after).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": b""})


async def stream(scope: Scope, receive: Receive, send: Send, pk: int) -> None:
    hub = bus.hub()
    if hub.streams >= settings.LIVE_STREAMS:
        await _answer(send, 503, retry_after=60)  # the page polls
        return
    try:
        request = ASGIRequest(scope, io.BytesIO())
        opened = await _checked(_opened, request, pk)
    except (UnicodeDecodeError, RequestDataTooBig):
        opened = 400
    except DatabaseError:
        logger.warning("a stream of match %s could not open: the database did not answer", pk)
        opened = 503
    if isinstance(opened, int):
        await _answer(send, opened, retry_after=30 if opened == 503 else None)
        return
    follower = hub.follow(pk)
    watching = asyncio.create_task(_until_gone(receive, follower))
    try:
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [
                    (b"content-type", b"text/event-stream; charset=utf-8"),
                    (b"cache-control", b"no-store"),
                    (b"x-accel-buffering", b"no"),  # nginx: pass each event on at once
                ],
            }
        )
        await _events(opened, _since(request), follower, send)
        if not follower.gone:
            await send({"type": "http.response.body", "body": b""})
    finally:
        watching.cancel()
        hub.unfollow(follower)


async def _until_gone(receive: Receive, follower: bus.Follower) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass
    follower.gone = True
    follower.wake.set()


async def _events(followed: Followed, since: int | None, follower: bus.Follower, send: Send) -> None:
    async def say(text: str) -> None:
        await send({"type": "http.response.body", "body": text.encode(), "more_body": True})

    await say(f"retry: {RETRY_MS}\nevent: open\ndata: \n\n")
    clock = asyncio.get_running_loop().time
    ends = clock() + LIFE_SECONDS
    shown = since
    while not follower.gone:
        try:
            version = await _checked(live.version_followed, followed.pk, followed.session_key, followed.token)
        except DatabaseError:
            return  # the browser opens the stream again after RETRY_MS, and polls meanwhile
        if version is None:
            await say("event: gone\ndata: \n\n")
            return
        if version != shown:
            await say(f"id: {version}\ndata: {version}\n\n")
            shown = version
        while not follower.wake.is_set():
            if clock() >= ends:
                return
            try:
                await asyncio.wait_for(follower.wake.wait(), min(HEARTBEAT_SECONDS, ends - clock()))
            except TimeoutError:
                if clock() < ends:
                    await say("event: ping\ndata: \n\n")
        follower.wake.clear()
