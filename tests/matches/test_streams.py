"""A match page's stream of events (matches/streams.py), spoken to as an ASGI server speaks to it.

Each test runs the ASGI application in an event loop of its own, with a phone's cookie, while the
deals are written as the pages write them, in a transaction that commits: the bus (matches/bus.py)
carries the change, within this process on SQLite and through PostgreSQL's NOTIFY on PostgreSQL.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable, Coroutine, Iterator, MutableMapping
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.db import connections
from django.test import Client

from matches import bus, services, streams
from matches.access import invite_revoke
from matches.models import Invite, Match
from scorekeeper.asgi import application, pages

from .guests import scorer

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 10.0  # seconds: far more than an event takes, so a test fails rather than hangs
DEAL = {"points": [14, 10, 9, 7]}
OPENED = f"retry: {streams.RETRY_MS}\nevent: open\ndata: "


@pytest.fixture(autouse=True)
def checks_leave_no_connection() -> Iterator[None]:
    """The streams' thread and the pages' keep their database connections, as a server's do; a
    test's are closed after it, so the test database can be dropped at the end."""
    yield
    for thread in (streams.CHECKS, pages.thread):
        thread.submit(connections.close_all).result()


class Phone:
    """One stream opened on the ASGI application: what it sent, event by event."""

    def __init__(self, path: str, cookie: str, query: str = "", headers: dict[str, str] | None = None):
        self.sent: asyncio.Queue[MutableMapping[str, Any]] = asyncio.Queue()
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.inbox.put_nowait({"type": "http.request", "body": b"", "more_body": False})
        given = {
            "host": "testserver",
            "cookie": f"{settings.SESSION_COOKIE_NAME}={cookie}",
            **(headers or {}),
        }
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "root_path": "",
            "query_string": query.encode(),
            "headers": [(name.encode(), value.encode()) for name, value in given.items()],
            "client": ("127.0.0.1", 50000),
            "server": ("testserver", 80),
        }
        self.task: asyncio.Future[None] = asyncio.ensure_future(
            application(scope, self.inbox.get, self.sent.put)
        )
        self.text = ""

    async def start(self) -> MutableMapping[str, Any]:
        return await asyncio.wait_for(self.sent.get(), WAIT)

    async def event(self) -> str:
        """The next event or comment, without its blank line."""
        while "\n\n" not in self.text:
            message = await asyncio.wait_for(self.sent.get(), WAIT)
            assert message["type"] == "http.response.body"
            if not message.get("more_body"):
                return ""  # the stream ended
            self.text += message["body"].decode()
        said, self.text = self.text.split("\n\n", 1)
        return said

    async def leave(self) -> None:
        self.inbox.put_nowait({"type": "http.disconnect"})
        await asyncio.wait_for(self.task, WAIT)


def in_loop(test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run ``test`` in an event loop of its own, in a thread of its own: the browser tests' Playwright
    keeps a loop running in this one."""
    failed: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(test())
        except BaseException as error:  # raised again in the test's thread
            failed.append(error)

    runner = threading.Thread(target=run, daemon=True)
    runner.start()
    runner.join(6 * WAIT)
    assert not runner.is_alive(), "the test's event loop did not end: a task ignored its cancellation"
    if failed:
        raise failed[0]


def session_of(client: Client) -> str:
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def events_path(match: Match) -> str:
    return f"/matches/{match.pk}/events/"


def elsewhere(write: Callable[..., Any], **given: Any) -> Awaitable[Any]:
    """``write`` run in a thread of its own, as another request is, in a transaction that commits;
    the thread's database connection is closed after it."""

    def run() -> Any:
        try:
            return write(**given)
        finally:
            connections.close_all()

    return sync_to_async(run, thread_sensitive=False)()


async def looked() -> None:
    """The streams' checks made so far are over (they run one after another in one thread). A
    person's tap comes long after a stream's first look; on SQLite in memory, where a read and a write
    of one table at the same moment fail, a test waits for it too."""
    await asyncio.get_running_loop().run_in_executor(streams.CHECKS, lambda: None)


async def record(match: Match, author: User) -> None:
    """A deal entered as a page enters it, once the streams have looked."""
    await looked()
    await elsewhere(services.deal_record, match=match, entry=DEAL, author=author)


def test_a_phone_behind_catches_up_at_once_then_hears_each_deal(
    alice: User, alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match(deals=[DEAL])  # version 2: created, one deal

    async def test() -> None:
        phone = Phone(events_path(match), session_of(alice_client), "v=1")
        start = await phone.start()
        assert start["status"] == 200
        assert (b"content-type", b"text/event-stream; charset=utf-8") in start["headers"]
        assert await phone.event() == OPENED
        assert await phone.event() == "id: 2\ndata: 2"  # what it missed, at once
        await record(match, alice)
        assert await phone.event() == "id: 3\ndata: 3"
        await record(match, alice)
        assert await phone.event() == "id: 4\ndata: 4"
        await phone.leave()
        assert bus.hub().streams == 0

    in_loop(test)


def test_a_phone_up_to_date_hears_nothing_until_a_deal(
    alice: User, alice_client: Client, make_match: Callable[..., Match], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reconnecting, the browser says the last version it had (Last-Event-ID): nothing is sent
    again; a quiet stream is kept open by a ping."""
    monkeypatch.setattr(streams, "HEARTBEAT_SECONDS", 0.2)
    match = make_match(deals=[DEAL])

    async def test() -> None:
        phone = Phone(events_path(match), session_of(alice_client), "v=0", {"last-event-id": "2"})
        await phone.start()
        assert await phone.event() == OPENED
        assert await phone.event() == "event: ping\ndata: "
        await record(match, alice)
        assert await phone.event() == "id: 3\ndata: 3"
        await phone.leave()

    in_loop(test)


def test_every_phone_of_the_table_hears_a_deal_entered_on_one(
    alice: User, alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match, other = make_match(), make_match()
    guest = scorer(match)

    async def test() -> None:
        phones = [Phone(events_path(match), session_of(c)) for c in (alice_client, guest, alice_client)]
        elsewhere = Phone(events_path(other), session_of(alice_client), "v=1")
        for phone in [*phones, elsewhere]:
            await phone.start()
            assert await phone.event() == OPENED
        for phone in phones:
            assert await phone.event() == "id: 1\ndata: 1"
        await record(match, alice)
        for phone in phones:
            assert await phone.event() == "id: 2\ndata: 2"
        for phone in [*phones, elsewhere]:
            await phone.leave()
        # another match's deal is not its news
        assert elsewhere.text == ""
        assert elsewhere.sent.empty()

    in_loop(test)


def test_a_withdrawn_link_ends_its_stream(alice: User, make_match: Callable[..., Match]) -> None:
    match = make_match()
    guest = scorer(match)
    invite = Invite.objects.get(match=match)

    async def test() -> None:
        phone = Phone(events_path(match), session_of(guest), "v=1")
        await phone.start()
        assert await phone.event() == OPENED
        await looked()
        await elsewhere(invite_revoke, invite=invite)
        assert await phone.event() == "event: gone\ndata: "
        assert await phone.event() == ""  # and the stream ends
        await phone.leave()

    in_loop(test)


def test_a_phone_logged_out_hears_no_more(
    alice: User, alice_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match()
    key = session_of(alice_client)

    async def test() -> None:
        phone = Phone(events_path(match), key, "v=1")
        await phone.start()
        assert await phone.event() == OPENED
        await looked()
        await elsewhere(Session.objects.filter(session_key=key).delete)
        await record(match, alice)  # the next event finds the session gone
        assert await phone.event() == "event: gone\ndata: "
        await phone.leave()

    in_loop(test)


def test_who_may_not_see_the_match_gets_no_stream(
    alice: User, bob_client: Client, make_match: Callable[..., Match]
) -> None:
    match = make_match()

    async def test() -> None:
        for cookie in ("", "not-a-session", session_of(bob_client)):
            phone = Phone(events_path(match), cookie)
            start = await phone.start()
            assert start["status"] == 404
            await asyncio.wait_for(phone.task, WAIT)
        nowhere = Phone("/matches/999999/events/", "")
        assert (await nowhere.start())["status"] == 404
        await asyncio.wait_for(nowhere.task, WAIT)
        assert bus.hub().streams == 0

    in_loop(test)


def test_past_the_most_streams_a_process_keeps_the_page_polls(
    alice: User, alice_client: Client, make_match: Callable[..., Match], settings: Any
) -> None:
    settings.LIVE_STREAMS = 1
    match = make_match()

    async def test() -> None:
        first = Phone(events_path(match), session_of(alice_client))
        assert (await first.start())["status"] == 200
        second = Phone(events_path(match), session_of(alice_client))
        refused = await second.start()
        assert refused["status"] == 503
        assert (b"retry-after", b"60") in refused["headers"]
        await asyncio.wait_for(second.task, WAIT)
        await first.leave()

    in_loop(test)


def test_a_stream_ends_after_its_life_and_is_opened_anew(
    alice: User, alice_client: Client, make_match: Callable[..., Match], monkeypatch: pytest.MonkeyPatch
) -> None:
    """So that the full check (a changed password, say) is made again now and then."""
    monkeypatch.setattr(streams, "LIFE_SECONDS", 0.3)
    match = make_match()

    async def test() -> None:
        phone = Phone(events_path(match), session_of(alice_client), "v=1")
        await phone.start()
        assert await phone.event() == OPENED
        assert await phone.event() == ""
        await asyncio.wait_for(phone.task, WAIT)
        assert bus.hub().streams == 0

    in_loop(test)


def test_the_pages_are_served_by_the_same_application(
    alice_client: Client, make_match: Callable[..., Match]
) -> None:
    """Everything but a stream goes on to Django: the match page, and its events' address under WSGI."""
    match = make_match()

    async def test() -> None:
        phone = Phone(f"/matches/{match.pk}/", session_of(alice_client))
        start = await phone.start()
        assert start["status"] == 200
        body = b""
        while True:
            message = await asyncio.wait_for(phone.sent.get(), WAIT)
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        assert f'data-events="/matches/{match.pk}/events/"'.encode() in body
        await asyncio.wait_for(phone.task, WAIT)

    in_loop(test)
    assert alice_client.get(f"/matches/{match.pk}/events/").status_code == 204  # WSGI: no streams, poll
