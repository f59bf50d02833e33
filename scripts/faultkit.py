"""What the faults steps share: phones entering deals with one-time tokens, and what the database then holds.

A phone sends each deal as the deal form does (its token, its number); a request that failed (no
answer, 500, 502, 503) is sent again with the same token until it is answered or the step's deadline
passes. Then ``tally`` compares what the phones meant with what was stored: every deal once (not
lost, not doubled), in its place and as entered, logged once, each match's result the replay of its
deals (else contradicted).
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field

import benchkit
from load import http

# Seconds a phone waits after a 503 before it sends the deal again. The server's Retry-After asks for
# 30; these phones are hurried, so that a step lasts seconds (the browser step waits the full time).
WAIT_AFTER_503 = 0.5
WAIT_AFTER_FAILURE = 0.1


def points_of(number: int) -> list[int]:
    """Deal ``number``'s points (busca-001: 40 shared out), different from the deals either side."""
    points = [14, 10, 9, 7]
    turn = number % 4
    return points[turn:] + points[:turn]


@dataclass
class Phone:
    match: int
    cookie: str
    tokens: list[str] = field(default_factory=list)  # the token of deal n at index n - 1
    attempts: int = 0
    seen: Counter[str] = field(default_factory=Counter)  # what the requests were answered
    retry_after: int = 0  # 503 answers that said when to ask again
    refused: list[str] = field(default_factory=list)


@dataclass
class Tally:
    """One step, as clients saw it and as it was stored."""

    fault: str
    sent: int = 0  # deals the phones meant to store
    stored: int = 0
    doubled: int = 0
    lost: int = 0
    contradicted: int = 0
    saw: str = ""
    problems: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not (self.lost or self.doubled or self.contradicted or self.problems)


def prepare(tables: int, name: str) -> list[Phone]:
    """A user ``name`` with ``tables`` new Busca matches, one phone (logged in) for each."""
    from django.contrib.auth.models import User
    from django.test import Client

    from matches import services

    user = User.objects.create_user(name, password=uuid.uuid4().hex)
    client = Client()
    client.force_login(user)
    cookie = client.cookies["sessionid"].value
    phones = []
    for _ in range(tables):
        match = services.match_import(owner=user, doc=benchkit.match_document("busca-001", {"stake": 1}, []))
        phones.append(Phone(match.pk, cookie))
    return phones


def deal_form(number: int, token: str) -> dict[str, str]:
    """The deal form as a phone sends deal ``number``: its points, its one-time token, its number."""
    points = {f"points_{seat}": str(p) for seat, p in enumerate(points_of(number))}
    return points | {"token": token, "number": str(number)}


async def enter_deals(phone: Phone, deals: int, deadline: float) -> None:
    """One table's phone enters ``deals`` deals one after the other, sending a form again until answered."""
    for number in range(1, deals + 1):
        token = str(uuid.uuid4())
        phone.tokens.append(token)
        body = deal_form(number, token)
        while time.monotonic() < deadline:
            phone.attempts += 1
            try:
                status, response, _ = await asyncio.wait_for(
                    http("POST", f"/matches/{phone.match}/deals/", phone.cookie, body), 15
                )
            except (OSError, TimeoutError, IndexError, ValueError) as error:
                status, response = 0, type(error).__name__.encode()
            phone.seen[str(status) if status else "no answer"] += 1
            if status == 200:
                break
            if status not in (0, 500, 502, 503):
                phone.refused.append(f"deal {number} of match {phone.match} answered {status}")
                break
            if status == 503 and b"\r\nRetry-After:" in response.split(b"\r\n\r\n", 1)[0]:
                phone.retry_after += 1
            await asyncio.sleep(WAIT_AFTER_503 if status == 503 else WAIT_AFTER_FAILURE)
        else:
            return  # the deadline passed: the rest of this table's deals are never sent (lost)


def saw(phones: list[Phone]) -> str:
    """What the phones' requests were answered, and how many were sent again."""
    seen: Counter[str] = sum((p.seen for p in phones), Counter())
    sent = sum(len(p.tokens) for p in phones)
    retries = sum(p.attempts for p in phones) - sent
    answers = ", ".join(f"{count}× {status}" for status, count in sorted(seen.items()))
    with_retry_after = sum(p.retry_after for p in phones)
    return f"{answers}; {retries} sent again" + (
        f" ({with_retry_after} 503s said Retry-After)" if with_retry_after else ""
    )


def tally(fault: str, phones: list[Phone]) -> Tally:
    """What the database holds against what the phones meant."""
    from django.db import connection

    from games import document
    from matches import services
    from matches.models import Change, Deal, Match

    connection.close()  # this process's connection may have died with the database
    result = Tally(fault, saw=saw(phones))
    for phone in phones:
        result.problems += phone.refused
        stored = list(Deal.everything.filter(match_id=phone.match).order_by("number"))
        tokens = [str(deal.token) for deal in stored]
        result.sent += len(phone.tokens)
        result.stored += len(stored)
        lost = sum(1 for token in phone.tokens if token not in tokens)
        result.lost += lost
        result.doubled += len(stored) - (len(phone.tokens) - lost)
        for deal in stored:
            # The entry as sent; the web pages add who dealt it, as the table saw it (docs/format.md).
            entry = {k: v for k, v in deal.entry.items() if k != "dealer"}
            meant = phone.tokens.index(str(deal.token)) + 1 if str(deal.token) in phone.tokens else None
            if meant != deal.number or entry != {"points": points_of(deal.number)} or deal.deleted_at:
                result.contradicted += 1
                result.problems.append(f"match {phone.match}: deal {deal.number} is not what its phone sent")
        logged = Change.objects.filter(match_id=phone.match, kind=Change.Kind.DEAL_ENTERED).count()
        if logged != len(stored):
            result.contradicted += 1
            result.problems.append(
                f"match {phone.match}: {logged} deals in the change log, {len(stored)} stored"
            )
        match = Match.objects.get(pk=phone.match)
        standing = services.match_standing(match)
        if match.result != document.result_json(standing.rules, standing.played, deals=False):
            result.contradicted += 1
            result.problems.append(f"match {phone.match}: its stored result is not the replay of its deals")
    return result


async def end_connections_twice(admin_url: str) -> str:
    """Every connection to the bench database (benchkit.DATABASE_URL) but this one ended, twice, 0.7 s
    apart, through the server at ``admin_url``: what was done."""

    def terminate() -> int:
        import psycopg

        with psycopg.connect(admin_url, autocommit=True) as conn:
            row = conn.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = %s AND pid <> pg_backend_pid()",
                [benchkit.DATABASE_URL.rsplit("/", 1)[-1]],
            ).fetchone()
        return row[0] if row else 0

    ended = 0
    for n in range(2):
        await asyncio.sleep(0.7 if n else 0)
        ended += await asyncio.to_thread(terminate)
    return f"{ended} connections ended (pg_terminate_backend, twice)"
