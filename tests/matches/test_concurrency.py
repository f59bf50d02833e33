"""Real concurrent requests against the live server, on PostgreSQL: phones racing for one deal.

Each phone is a real HTTP connection with its own session cookie (as a browser has), opened
beforehand; a barrier releases all the requests at the same moment. The match row lock of the
services queues them; the unique constraints would catch anything the lock let through.
"""

from __future__ import annotations

import http.client
import secrets
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any
from urllib.parse import urlencode, urlsplit

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import reverse

from matches.access import invite_create
from matches.models import Change, Deal, Evening, Match, Payment, Player

from .guests import join_url
from .pages import text
from .test_evenings import B003_M1

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="row locks and concurrent writers need PostgreSQL: SQLite serialises every write "
        "(set DATABASE_URL=postgres://... to run these)",
    ),
    pytest.mark.django_db(transaction=True),
]

MakeMatch = Callable[..., Match]
CSRF = secrets.token_hex(16)  # 32 characters: a CSRF secret the cookie and the form both carry


@dataclass(frozen=True)
class Answer:
    status: int
    location: str
    body: str
    sent: float  # when the request left, and when its answer was in (time.monotonic)
    answered: float


class Phone:
    """A phone on the live server: a session cookie, and posts made over real HTTP connections."""

    def __init__(self, server_url: str, client: Client) -> None:
        self.address = urlsplit(server_url)
        self.cookie = f"sessionid={client.cookies['sessionid'].value}; csrftoken={CSRF}"

    def connect(self) -> http.client.HTTPConnection:
        connection = http.client.HTTPConnection(self.address.netloc, timeout=60)  # "host:port"
        connection.connect()
        return connection

    def post(
        self,
        connection: http.client.HTTPConnection,
        path: str,
        data: dict[str, Any],
        barrier: threading.Barrier,
    ) -> Answer:
        body = urlencode({**data, "csrfmiddlewaretoken": CSRF})
        headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": self.cookie}
        barrier.wait()
        sent = time.monotonic()
        connection.request("POST", path, body=body, headers=headers)
        response = connection.getresponse()
        answer = Answer(
            response.status,
            response.getheader("Location") or "",
            response.read().decode("utf-8"),
            sent,
            time.monotonic(),
        )
        connection.close()
        return answer


def race(posts: Sequence[tuple[Phone, str, dict[str, Any]]]) -> list[Answer]:
    """Send every post at the same moment, each from its own thread and connection; their answers."""
    barrier = threading.Barrier(len(posts))
    answers: list[Answer | BaseException | None] = [None] * len(posts)
    connections = [phone.connect() for phone, _, _ in posts]

    def send(index: int) -> None:
        phone, path, data = posts[index]
        try:
            answers[index] = phone.post(connections[index], path, data, barrier)
        except BaseException as error:  # reported below, in the test's thread
            barrier.abort()
            answers[index] = error

    threads = [threading.Thread(target=send, args=(index,)) for index in range(len(posts))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    for answer in answers:
        if not isinstance(answer, Answer):
            raise AssertionError(f"a request failed: {answer!r}")
    return answers  # type: ignore[return-value]


def owner_phone(server_url: str, user: User) -> Phone:
    client = Client()
    client.force_login(user)
    return Phone(server_url, client)


def guest_phone(server_url: str, match: Match, name: str) -> Phone:
    client = Client()
    client.post(join_url(invite_create(match=match, role="scorer")), {"name": name})
    return Phone(server_url, client)


def deal_form(number: int, points: Sequence[int], token: uuid.UUID | None = None) -> dict[str, Any]:
    """The entry form of deal ``number`` as a phone sends it: points, its one-time token and number."""
    form: dict[str, Any] = {f"points_{seat}": p for seat, p in enumerate(points)}
    return {**form, "token": str(token or uuid.uuid4()), "number": number}


def overlapped(answers: Sequence[Answer]) -> bool:
    """Whether every request was sent before any answer came back: they were in flight together."""
    return max(a.sent for a in answers) < min(a.answered for a in answers)


ROUNDS = 5  # one race can miss the moment both read the deals; five rarely all do


def test_two_phones_entering_the_same_deal_at_the_same_moment_store_one_and_the_other_is_told(
    live_server: Any, alice: User, make_match: MakeMatch
) -> None:
    match = make_match()
    alice_phone, bruno_phone = (
        owner_phone(live_server.url, alice),
        guest_phone(live_server.url, match, "Bruno"),
    )
    path = reverse("deal_create", args=[match.pk])
    # Two readings of the same cards (the very same deal would be stored once, with no one told off:
    # test_entry_safety.py); whichever is stored, no deal ends the match.
    anna_typed, bruno_typed = [10, 10, 10, 10], [10, 10, 9, 11]

    for number in range(1, ROUNDS + 1):
        answers = race(
            [
                (alice_phone, path, deal_form(number, anna_typed)),
                (bruno_phone, path, deal_form(number, bruno_typed)),
            ]
        )

        assert overlapped(answers)
        assert [a.status for a in answers] in ([302, 422], [422, 302]), [a.body[:200] for a in answers]
        deal = Deal.everything.get(match=match, number=number)  # exactly one deal, whoever won
        winner = deal.entered_by_name
        refused = answers[1] if winner == "alice" else answers[0]
        assert refused.status == 422
        assert text(refused.body, "div", class_="error", role="alert").startswith(
            f"Deal {number} was just entered on {winner}'s phone."
        )

    assert Deal.everything.filter(match=match).count() == ROUNDS
    assert Change.objects.filter(match=match, kind=Change.Kind.DEAL_ENTERED).count() == ROUNDS


def test_two_phones_entering_the_very_same_deal_at_once_store_it_once_and_neither_is_refused(
    live_server: Any, alice: User, make_match: MakeMatch
) -> None:
    match = make_match()
    phones = [owner_phone(live_server.url, alice), guest_phone(live_server.url, match, "Bruno")]
    path = reverse("deal_create", args=[match.pk])

    answers = race([(phone, path, deal_form(1, [10, 10, 10, 10])) for phone in phones])

    assert overlapped(answers)
    assert [a.status for a in answers] == [302, 302], [a.body[:200] for a in answers]
    assert Deal.everything.filter(match=match).count() == 1
    assert Change.objects.filter(match=match, kind=Change.Kind.DEAL_ENTERED).count() == 1


def test_a_whole_table_entering_deal_1_at_once_stores_one_and_tells_every_other_phone(
    live_server: Any, alice: User, make_match: MakeMatch
) -> None:
    match = make_match()
    names = ["Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ivo"]
    phones = [owner_phone(live_server.url, alice), *(guest_phone(live_server.url, match, n) for n in names)]
    path = reverse("deal_create", args=[match.pk])

    # Each phone its own reading of the deal (the very same one would be stored once, no one told off).
    readings = [[10, 10, 10 - seat, 10 + seat] for seat in range(len(phones))]
    answers = race(
        [(phone, path, deal_form(1, points)) for phone, points in zip(phones, readings, strict=True)]
    )

    assert overlapped(answers)
    deal = Deal.everything.get(match=match)
    assert sorted(a.status for a in answers) == [302] + [422] * 7, [a.body[:200] for a in answers]
    for answer in answers:
        if answer.status == 422:
            assert text(answer.body, "div", class_="error", role="alert").startswith(
                f"Deal 1 was just entered on {deal.entered_by_name}'s phone."
            )


def test_fifty_copies_of_one_form_sent_at_once_store_one_deal(
    live_server: Any, alice: User, make_match: MakeMatch
) -> None:
    match = make_match()
    version = Match.objects.get(pk=match.pk).version
    phone = owner_phone(live_server.url, alice)
    form = deal_form(1, [20, 10, 5, 5], uuid.uuid4())
    path = reverse("deal_create", args=[match.pk])

    answers = race([(phone, path, form)] * 50)

    assert overlapped(answers)
    # One stored it; the 49 others found it by its token and went back to the sheet too.
    assert {(a.status, a.location) for a in answers} == {(302, reverse("match_detail", args=[match.pk]))}
    assert [(d.number, d.entry, str(d.token)) for d in Deal.everything.filter(match=match)] == [
        (1, {"points": [20, 10, 5, 5], "dealer": "Anna"}, form["token"])  # with who dealt it
    ]
    assert Change.objects.filter(match=match, kind=Change.Kind.DEAL_ENTERED).count() == 1
    assert Match.objects.get(pk=match.pk).version == version + 1


def test_two_phones_correcting_one_deal_at_the_same_moment_apply_one_and_refuse_the_other(
    live_server: Any, alice: User, make_match: MakeMatch
) -> None:
    match = make_match(deals=[{"points": [10, 10, 10, 10]}])
    alice_phone, bruno_phone = (
        owner_phone(live_server.url, alice),
        guest_phone(live_server.url, match, "Bruno"),
    )
    path = reverse("deal_edit", args=[match.pk, 1])
    anna_typed, bruno_typed = [20, 10, 5, 5], [8, 25, 5, 2]

    def correction(points: list[int]) -> dict[str, Any]:
        return {**{f"points_{seat}": p for seat, p in enumerate(points)}, "version": 1}

    answers = race(
        [(alice_phone, path, correction(anna_typed)), (bruno_phone, path, correction(bruno_typed))]
    )

    assert overlapped(answers)
    assert sorted(a.status for a in answers) == [302, 422]
    deal = Deal.objects.get(match=match)
    assert deal.version == 2  # one correction, not two
    first = "alice" if deal.entered_by_name == "alice" else "Bruno"
    applied = anna_typed if first == "alice" else bruno_typed
    assert deal.entry == {"points": applied, "dealer": "Anna"}
    refused = next(a for a in answers if a.status == 422)
    assert text(refused.body, "div", class_="error", role="alert").startswith(
        f"Deal 1 was changed by {first} meanwhile; it now reads: points {applied}."
    )
    assert Change.objects.filter(match=match, kind=Change.Kind.DEAL_EDITED).count() == 1


def test_two_phones_marking_the_same_transfer_paid_at_once_record_one_payment(
    live_server: Any, alice: User, players: list[Player], make_match: MakeMatch
) -> None:
    evening = Evening.objects.create(owner=alice, date="2026-11-29")
    match = make_match("busca-003", deals=B003_M1, stake=2)  # Anna pays Carla 2, Bruno pays Dario 2
    Match.objects.filter(pk=match.pk).update(evening=evening)
    anna, _, carla, _ = players
    phones = [owner_phone(live_server.url, alice) for _ in range(2)]
    path = reverse("payment_toggle", args=[evening.pk])
    sent = {"payer": anna.pk, "payee": carla.pk, "amount": "2.00", "paid": "0"}

    answers = race([(phone, path, sent) for phone in phones])

    assert overlapped(answers)
    assert [a.status for a in answers] == [302, 302]
    # Under the evening's lock the second finds it paid already: one payment, not two.
    assert [(p.payer_id, p.payee_id, p.amount) for p in Payment.objects.all()] == [
        (anna.pk, carla.pk, Decimal("2.00"))
    ]
