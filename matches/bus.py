"""The live bus: a write says "match 12 changed" once its transaction commits, and every web process
streaming match 12 to a phone (matches/streams.py) hears it at once, whichever process made the write.

Three carriers, one chosen by the settings (``LIVE_BUS``, README.md "Live by push"):

- ``redis``: Redis publish and subscribe, when ``REDIS_URL`` is set (the cache's Redis): published
  after the commit.
- ``postgres``: PostgreSQL's ``NOTIFY``, sent inside the write's transaction, which PostgreSQL delivers
  only when it commits (and never when it rolls back); each process listens on one connection.
- ``local``: within one process (SQLite, or a single server): published after the commit.

A message is the match's pk and nothing else: what changed, and whether the phone may still see it,
is read by the stream from the database. Each time a process has (again) begun to listen, it wakes
every stream it holds, so a change made before, or while the carrier was lost, is not missed.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import connection, transaction

logger = logging.getLogger(__name__)

CHANNEL = "scorekeeper_live"
RECONNECT_SECONDS = 1.0


def carrier() -> str:
    """The carrier of this configuration: the setting, or Redis when there is one, PostgreSQL when
    the database is, else this process."""
    chosen: str = getattr(settings, "LIVE_BUS", "")
    if chosen:
        return chosen
    if getattr(settings, "REDIS_URL", ""):
        return "redis"
    return "postgres" if connection.vendor == "postgresql" else "local"


def changed(match_pk: int) -> None:
    """Match ``match_pk`` changed in the transaction under way: say so when (and if) it commits."""
    kind = carrier()
    if kind == "postgres":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, str(match_pk)])
    else:
        transaction.on_commit(lambda: _publish(kind, match_pk))


def _publish(kind: str, match_pk: int) -> None:
    if kind == "redis":
        try:
            redis_client().publish(CHANNEL, str(match_pk))
        except Exception:  # the deal is stored: the phones see it at their next poll or reconnection
            logger.warning("the live bus could not publish match %s", match_pk, exc_info=True)
    elif _hub is not None:
        _hub.deliver_threadsafe(match_pk)


_redis_client: Any = None


def redis_client() -> Any:
    global _redis_client
    if _redis_client is None:
        import redis

        _redis_client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2)
    return _redis_client


@dataclass(eq=False)
class Follower:
    """One stream following one match: woken when it changes, or when its phone is gone."""

    match_pk: int
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    gone: bool = False


class Hub:
    """This process's streams, by match, and the task that hears the carrier for them."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.followers: defaultdict[int, set[Follower]] = defaultdict(set)
        self.listening: asyncio.Task[None] | None = None
        self.streams = 0

    def follow(self, match_pk: int) -> Follower:
        follower = Follower(match_pk)
        self.followers[match_pk].add(follower)
        self.streams += 1
        if self.listening is None and carrier() != "local":
            self.listening = self.loop.create_task(_listen(self, carrier()))
        return follower

    def unfollow(self, follower: Follower) -> None:
        followers = self.followers.get(follower.match_pk)
        if followers is not None and follower in followers:
            followers.discard(follower)
            self.streams -= 1
            if not followers:
                del self.followers[follower.match_pk]

    def deliver(self, match_pk: int) -> None:
        for follower in self.followers.get(match_pk, ()):
            follower.wake.set()

    def deliver_threadsafe(self, match_pk: int) -> None:
        if not self.loop.is_closed():  # (a loop that ended, as a test's does, has no streams)
            self.loop.call_soon_threadsafe(self.deliver, match_pk)

    def wake_all(self) -> None:
        """Each stream looks at its match again."""
        for followers in self.followers.values():
            for follower in followers:
                follower.wake.set()


_hub: Hub | None = None
_hub_lock = threading.Lock()


def hub() -> Hub:
    """This process's hub, on the running event loop (a new loop, as in tests, gets a new hub)."""
    global _hub
    loop = asyncio.get_running_loop()
    with _hub_lock:
        if _hub is None or _hub.loop is not loop:
            _hub = Hub(loop)
        return _hub


async def _listen(hub: Hub, kind: str) -> None:
    """Hear the carrier for as long as the process lives, connecting again when it is lost."""
    while True:
        try:
            if kind == "redis":
                await _listen_redis(hub)
            else:
                await _listen_postgres(hub)
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.warning("the live bus (%s) was lost; connecting again", kind, exc_info=True)
        await asyncio.sleep(RECONNECT_SECONDS)


async def _listen_postgres(hub: Hub) -> None:
    import psycopg

    given = connection.settings_dict
    options = given.get("OPTIONS", {})
    params = {
        "dbname": given["NAME"],
        "user": given.get("USER") or None,
        "password": given.get("PASSWORD") or None,
        "host": given.get("HOST") or None,
        "port": given.get("PORT") or None,
        "connect_timeout": options.get("connect_timeout"),
        "sslmode": options.get("sslmode"),
    }
    async with await psycopg.AsyncConnection.connect(
        autocommit=True, **{key: value for key, value in params.items() if value is not None}
    ) as listener:
        await listener.execute(f"LISTEN {CHANNEL}")
        hub.wake_all()
        async for notice in listener.notifies():
            if notice.payload.isdigit():
                hub.deliver(int(notice.payload))


async def _listen_redis(hub: Hub) -> None:
    import redis.asyncio

    client = redis.asyncio.Redis.from_url(settings.REDIS_URL)
    task = asyncio.current_task()
    try:
        async with client.pubsub() as pubsub:
            await pubsub.subscribe(CHANNEL)
            hub.wake_all()
            # redis-py (8.1) can swallow a cancellation that arrives while it reads, and its
            # listen() then waits for ever: a stopping process or a test's loop would hang. Reading
            # a second at a time and asking whether the task was cancelled ends it within a second.
            while task is None or not task.cancelling():
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                data = message["data"] if message else b""
                if isinstance(data, bytes) and data.isdigit():
                    hub.deliver(int(data))
            raise asyncio.CancelledError
    finally:
        await client.aclose()
