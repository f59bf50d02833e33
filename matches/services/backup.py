"""Backup and restore: every account's players, evenings and matches as one JSON document.

Each match is kept as its match document (docs/format.md, with its ``result``), so a backup is
readable, and a restore goes through the same import as an uploaded match: the deals are judged
again by the rules and the scores recomputed, never trusted from the file. A restore is one
transaction: a file with any problem is refused whole and stores nothing.

Not kept: the change log (undo history), deleted deals, invite links, live sessions, and who entered
each deal (a match document does not say; a restored deal names no one as having entered it).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models.functions import Lower

from games.core import Problem, Refused

from ..models import PLAYER_NAME_MOST, Evening, Match, Payment, Player
from .matches import match_import
from .reading import match_export

FORMAT = "scorekeeper-backup/1"
ACCOUNT_FIELDS = ("email", "first_name", "last_name", "is_active", "is_staff", "is_superuser")


def _when(moment: datetime.datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def _evenings(user: User) -> list[Evening]:
    return list(
        Evening.objects.filter(owner=user).order_by("date", "created_at", "pk").prefetch_related("players")
    )


def account_backup(user: User) -> dict[str, Any]:
    """One account: its login (the password as its hash), players, evenings and matches."""
    evenings = _evenings(user)
    keys = {evening.pk: number for number, evening in enumerate(evenings, start=1)}
    return {
        "username": user.get_username(),
        "password": user.password,
        **{field: getattr(user, field) for field in ACCOUNT_FIELDS},
        "date_joined": _when(user.date_joined),
        "players": [
            {"name": player.name, "archived": player.archived}
            for player in Player.objects.filter(owner=user).order_by(Lower("name"), "pk")
        ],
        "evenings": [
            {
                "key": keys[evening.pk],
                "date": evening.date.isoformat(),
                "place": evening.place,
                "players": sorted((player.name for player in evening.players.all()), key=str.lower),
                "public_token": evening.public_token,
                "created_at": _when(evening.created_at),
                "payments": [
                    {
                        "payer": payment.payer.name,
                        "payee": payment.payee.name,
                        "amount": str(payment.amount),
                        "paid_at": _when(payment.paid_at),
                    }
                    for payment in evening.payments.select_related("payer", "payee").order_by("paid_at", "pk")
                ],
            }
            for evening in evenings
        ],
        "matches": [
            {
                "evening": keys.get(match.evening_id) if match.evening_id else None,
                "created_at": _when(match.created_at),
                "finished_at": _when(match.finished_at),
                "document": match_export(match),
            }
            for match in Match.objects.filter(owner=user).order_by("created_at", "pk")
        ],
    }


@contextmanager
def _one_reading() -> Iterator[None]:
    """On PostgreSQL, the whole backup reads one snapshot: every match as it was at one moment.

    (Each match's document is one reading of its deals on any database: services.match_export. On
    SQLite a transaction would take the write lock, so phones could not save while it runs.)
    """
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        yield
        return
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        yield


def site_backup(usernames: Iterable[str] | None = None) -> dict[str, Any]:
    """The accounts named (every account when None), in the order they joined."""
    with _one_reading():
        return _site_backup(usernames)


def _site_backup(usernames: Iterable[str] | None) -> dict[str, Any]:
    users = get_user_model().objects.order_by("date_joined", "pk")
    if usernames is not None:
        wanted = list(usernames)
        users = users.filter(username__in=wanted)
        missing = sorted(set(wanted) - {user.get_username() for user in users})
        if missing:
            raise Refused([Problem("there is no account %(name)s", {"name": ", ".join(missing)})])
    return {"format": FORMAT, "accounts": [account_backup(user) for user in users]}


# -- Restore --------------------------------------------------------------------------------------


class Reader:
    """Reads one part of the file, naming where a problem is: ``accounts[0].matches[2]: …``."""

    def __init__(self, value: Any, where: str) -> None:
        self.value, self.where = value, where

    def refuse(self, what: str) -> Refused:
        return Refused([Problem("%(where)s: %(what)s", {"where": self.where, "what": what})])

    def get(self, key: str, kind: type | tuple[type, ...], *, optional: bool = False) -> Any:
        if not isinstance(self.value, dict):
            raise self.refuse("must be an object")
        if key not in self.value:
            if optional:
                return None
            raise self.refuse(f"{key} is missing")
        found = self.value[key]
        if optional and found is None:
            return None
        if not isinstance(found, kind) or (kind is int and isinstance(found, bool)):
            raise Reader(found, f"{self.where}.{key}").refuse("has the wrong type")
        return found

    def items(self, key: str, wrap: str = "") -> list[Reader]:
        """The list under ``key``; with ``wrap``, each item read as ``{wrap: item}`` (a list of names)."""
        return [
            Reader({wrap: item} if wrap else item, f"{self.where}.{key}[{n}]")
            for n, item in enumerate(self.get(key, list))
        ]

    def moment(self, key: str) -> datetime.datetime | None:
        text = self.get(key, str, optional=True)
        if text is None:
            return None
        try:
            return datetime.datetime.fromisoformat(text)
        except ValueError:
            raise self.refuse(f"{key} is not a date and time") from None


def site_restore(backup: Any) -> list[str]:
    """Store every account of a backup; refused whole if any account already exists. The usernames."""
    root = Reader(backup, "backup")
    if not isinstance(backup, dict) or backup.get("format") != FORMAT:
        raise Refused([Problem("this file is not a backup (format %(format)s)", {"format": FORMAT})])
    accounts = root.items("accounts")
    with transaction.atomic():
        return [_restore_account(account) for account in accounts]


def _restore_account(account: Reader) -> str:
    username: str = account.get("username", str)
    User = get_user_model()
    if User.objects.filter(username=username).exists():
        raise account.refuse(f"the account {username} already exists; restore into an empty database")
    user = User(username=username, password=account.get("password", str))
    for field in ACCOUNT_FIELDS:
        value = account.get(field, str if field.endswith(("name", "email")) else bool, optional=True)
        if value is not None:
            setattr(user, field, value)
    joined = account.moment("date_joined")
    if joined is not None:
        user.date_joined = joined
    user.full_clean(exclude=["password", "last_login"])
    user.save()

    players: dict[str, Player] = {}
    for item in account.items("players"):
        name = item.get("name", str)
        if not name.strip() or len(name) > PLAYER_NAME_MOST:
            raise item.refuse(f"name must be 1 to {PLAYER_NAME_MOST} characters")
        if name.lower() in players:
            raise item.refuse(f"{name} appears twice")
        players[name.lower()] = Player.objects.create(
            owner=user, name=name, archived=bool(item.get("archived", bool, optional=True))
        )

    def player(item: Reader, key: str) -> Player:
        name = item.get(key, str)
        if name.lower() not in players:
            raise item.refuse(f"{key} {name} is not one of the account's players")
        return players[name.lower()]

    evenings: dict[int, Evening] = {}
    for item in account.items("evenings"):
        evenings[item.get("key", int)] = _restore_evening(user, item, player)

    for item in account.items("matches"):
        document = item.get("document", dict)
        try:
            match = match_import(owner=user, doc=document)
        except Refused as refused:
            raise Refused(
                [
                    Problem("%(where)s: %(what)s", {"where": item.where, "what": str(p)})
                    for p in refused.problems
                ]
            ) from refused
        key = item.get("evening", int, optional=True)
        if key is not None and key not in evenings:
            raise item.refuse(f"there is no evening {key}")
        stamps = {"created_at": item.moment("created_at"), "finished_at": item.moment("finished_at")}
        Match.objects.filter(pk=match.pk).update(
            evening=evenings.get(key) if key is not None else None,
            **{field: value for field, value in stamps.items() if value is not None},
        )
    return username


def _restore_evening(user: Any, item: Reader, player: Any) -> Evening:
    try:
        day = datetime.date.fromisoformat(item.get("date", str))
    except ValueError:
        raise item.refuse("date is not a date") from None
    evening: Evening = Evening.objects.create(
        owner=user,
        date=day,
        place=item.get("place", str, optional=True) or "",
        public_token=item.get("public_token", str, optional=True),
    )
    evening.full_clean()
    evening.players.set([player(name, "name") for name in item.items("players", wrap="name")])
    created = item.moment("created_at")
    if created is not None:
        Evening.objects.filter(pk=evening.pk).update(created_at=created)
    for payment in item.items("payments"):
        try:
            amount = Decimal(payment.get("amount", str))
        except InvalidOperation:
            raise payment.refuse("amount is not a number") from None
        if not amount.is_finite() or amount <= 0 or amount != amount.quantize(Decimal("0.01")):
            raise payment.refuse("amount must be a positive sum of money")
        made = Payment.objects.create(
            evening=evening, payer=player(payment, "payer"), payee=player(payment, "payee"), amount=amount
        )
        paid = payment.moment("paid_at")
        if paid is not None:
            Payment.objects.filter(pk=made.pk).update(paid_at=paid)
    return evening
