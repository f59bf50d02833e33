"""Live by push: the phones of a table on two app servers, each a uvicorn process of its own, on the
test database (PostgreSQL: the bus between the servers is its NOTIFY; on SQLite these are skipped).

A deal entered on one phone shows on the others at once and without a poll, whichever server each
phone is on; a stream dropped with its server resumes and catches up; a withdrawn link stops its
phone's stream; where no stream can open the page polls as before.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from playwright.sync_api import Browser, Page, expect

from matches import services
from matches.access import invite_create, invite_revoke
from matches.models import Invite, Match, Player

from .conftest import PHONE
from .flows import DEAL_ROWS, PLAYERS, fill_points, save_deal

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="two servers share the test database on PostgreSQL only"
    ),
]

ROOT = Path(__file__).resolve().parents[2]
PUSHED = 2_000  # ms: a deal on the other phones (the bench measures it: docs/bench.md); a poll is 2 s away


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """One app server: uvicorn serving scorekeeper.asgi on the test database (tests/server_settings.py)."""

    def __init__(self, **environment: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.environment = environment
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        given = connection.settings_dict
        user, host, port = given["USER"] or "postgres", given["HOST"] or "127.0.0.1", given["PORT"] or 5432
        database = f"postgres://{user}@{host}:{port}/{given['NAME']}"
        env = {
            **os.environ,
            "DATABASE_URL": database,
            "DJANGO_SETTINGS_MODULE": "tests.server_settings",
            **self.environment,
        }
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "uvicorn",
                "scorekeeper.asgi:application",
                "--lifespan",
                "off",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--log-level",
                "warning",
            ],
            cwd=ROOT,
            env=env,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{self.url}/health", timeout=1):
                    return
            except OSError:
                time.sleep(0.2)
        raise AssertionError(f"the server on {self.url} did not answer")

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


@pytest.fixture
def servers(transactional_db: Any) -> Iterator[Callable[..., Server]]:
    started: list[Server] = []

    def start(**environment: str) -> Server:
        server = Server(**environment)
        server.start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def phones(browser: Browser) -> Iterator[Callable[[Server], Page]]:
    """A phone at the table, on a server of its own choosing; a JavaScript error fails the test."""
    contexts = []
    errors: list[str] = []

    def open_phone(server: Server) -> Page:
        context = browser.new_context(viewport=PHONE, base_url=server.url, locale="en-GB")
        context.set_default_timeout(10_000)
        contexts.append(context)
        phone = context.new_page()
        phone.on("pageerror", lambda error: errors.append(str(error)))
        return phone

    yield open_phone
    for context in contexts:
        context.close()
    if errors:
        pytest.fail("JavaScript errors on a phone:\n" + "\n".join(errors), pytrace=False)


@pytest.fixture
def table(transactional_db: Any) -> tuple[Match, str]:
    """alice's Busca match of four, and her session's cookie."""
    alice = User.objects.create_user("alice", password="alice-password-1")
    players = [Player.objects.create(owner=alice, name=name) for name in PLAYERS]
    match = services.match_create(owner=alice, game="busca-000", options={}, players=players, first_dealer=0)
    client = Client()
    client.force_login(alice)
    return match, client.cookies[settings.SESSION_COOKIE_NAME].value


def owner_phone(open_phone: Callable[[Server], Page], server: Server, match: Match, cookie: str) -> Page:
    phone = open_phone(server)
    phone.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": server.url}])
    phone.goto(f"/matches/{match.pk}/")
    return phone


def guest_phone(open_phone: Callable[[Server], Page], server: Server, invite: Invite, name: str) -> Page:
    phone = open_phone(server)
    phone.goto(f"/join/{invite.token}/")
    phone.fill("#id_name", name)
    phone.get_by_role("button", name="Join").click()
    expect(phone).to_have_url(re.compile(rf"/matches/{invite.match_id}/$"))
    return phone


def polls_of(phone: Page) -> list[str]:
    """The live checks this phone sends from now on, by htmx's timer or by its stream."""
    sent: list[str] = []
    phone.on("request", lambda request: sent.append(request.url) if "/live/" in request.url else None)
    return sent


def expect_stream_open(phone: Page) -> None:
    expect(phone.locator("html")).to_have_attribute("data-stream", "open")


def test_a_deal_shows_on_the_other_phones_at_once_across_two_servers_without_a_poll(
    servers: Callable[..., Server], phones: Callable[[Server], Page], table: tuple[Match, str]
) -> None:
    match, cookie = table
    first, second = servers(), servers()
    anna = owner_phone(phones, first, match, cookie)
    bruno = guest_phone(phones, second, invite_create(match=match, role=Invite.Role.SCORER), "Bruno")
    carla = guest_phone(phones, second, invite_create(match=match, role=Invite.Role.VIEWER), "Carla")
    for phone in (anna, bruno, carla):
        expect_stream_open(phone)
    polled = [polls_of(bruno), polls_of(carla)]
    time.sleep(2.5)  # longer than a poll's 2 s: with a stream open, none is sent
    assert polled == [[], []]

    fill_points(anna, [14, 10, 9, 7])
    save_deal(anna, 1)
    for phone in (bruno, carla):
        expect(phone.locator(DEAL_ROWS)).to_have_count(1, timeout=PUSHED)
    assert [len(sent) for sent in polled] == [1, 1]  # each asked once, told by its stream

    # And back: the scorer on the second server enters deal 2; the owner's phone on the first has it.
    fill_points(bruno, [12, 12, 9, 7])
    save_deal(bruno, 2)
    expect(anna.locator(DEAL_ROWS)).to_have_count(2, timeout=PUSHED)
    expect(carla.locator(DEAL_ROWS)).to_have_count(2, timeout=PUSHED)


def test_a_stream_dropped_with_its_server_resumes_and_catches_up(
    servers: Callable[..., Server], phones: Callable[[Server], Page], table: tuple[Match, str]
) -> None:
    match, cookie = table
    first, second = servers(), servers()
    anna = owner_phone(phones, first, match, cookie)
    carla = guest_phone(phones, second, invite_create(match=match, role=Invite.Role.VIEWER), "Carla")
    expect_stream_open(carla)

    second.stop()  # Carla's server goes; her page keeps what it shows
    expect(carla.locator("html")).not_to_have_attribute("data-stream", "open")
    fill_points(anna, [14, 10, 9, 7])
    save_deal(anna, 1)
    services.deal_record(match=match, entry={"points": [12, 12, 9, 7]}, author=match.owner)
    second.start()  # back on the same address: the stream opens again, saying what it had

    expect_stream_open(carla)
    expect(carla.locator(DEAL_ROWS)).to_have_count(2, timeout=PUSHED + 5_000)
    services.deal_record(match=match, entry={"points": [20, 10, 5, 5]}, author=match.owner)
    expect(carla.locator(DEAL_ROWS)).to_have_count(3, timeout=PUSHED)


def test_a_withdrawn_link_stops_its_phone_at_the_next_event(
    servers: Callable[..., Server], phones: Callable[[Server], Page], table: tuple[Match, str]
) -> None:
    match, _ = table
    server = servers()
    invite = invite_create(match=match, role=Invite.Role.VIEWER)
    carla = guest_phone(phones, server, invite, "Carla")
    expect_stream_open(carla)

    invite_revoke(invite=invite)
    expect(carla.locator("h1")).to_have_text("This link no longer works", timeout=PUSHED)
    expect(carla.locator("main p").first).to_contain_text("The owner of the match withdrew this link")


def test_where_no_stream_opens_the_page_polls(
    servers: Callable[..., Server], phones: Callable[[Server], Page], table: tuple[Match, str]
) -> None:
    """A server that keeps no streams (LIVE_STREAMS=0: each refused, as past its most) still has
    every phone follow the match, by the poll every 2 s."""
    match, cookie = table
    server = servers(LIVE_STREAMS="0")
    anna = owner_phone(phones, server, match, cookie)
    carla = guest_phone(phones, server, invite_create(match=match, role=Invite.Role.VIEWER), "Carla")
    polled = polls_of(carla)
    fill_points(anna, [14, 10, 9, 7])
    save_deal(anna, 1)
    expect(carla.locator(DEAL_ROWS)).to_have_count(1, timeout=3_000)
    expect(carla.locator("html")).not_to_have_attribute("data-stream", "open")
    assert polled, "the page polled"
