"""Backup and restore: every account, and every club with its members, rule sets, players,
evenings and matches, as one JSON document.

Each account carries its own club (its personal club: ``club``, then ``players``, ``evenings`` and
``matches``); ``clubs`` holds the others. Members, owners and the players' "this is me" name
accounts by username. Each match is kept as its match document (docs/format.md, with its
``result``), so a backup is readable, and a restore goes through the same import as an uploaded
match: the deals are judged again by the rules and the scores recomputed, never trusted from the
file. A restore is one transaction: a file with any problem is refused whole and stores nothing.

A backup made before clubs (accounts only, no ``club`` nor ``clubs``) restores as it was kept:
each account's players, evenings and matches into its personal club.

Not kept: the change log (undo history), deleted deals, invite links, live sessions, and who entered
each deal (a match document does not say; a restored deal names no one as having entered it).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models.functions import Lower

from games.core import Problem, Refused
from games.registry import GAMES

from ..models import (
    CLUB_NAME_MOST,
    NOTE_MOST,
    PLAYER_NAME_MOST,
    Club,
    Evening,
    Match,
    Membership,
    Payment,
    Player,
    RuleSet,
)
from .clubs import _keys, personal_club
from .matches import match_import
from .reading import match_export

FORMAT = "scorekeeper-backup/1"
ACCOUNT_FIELDS = ("email", "first_name", "last_name", "is_active", "is_staff", "is_superuser")


def _when(moment: datetime.datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def _name(user: Any) -> str | None:
    """An account by its username (None: no account, or one deleted)."""
    return None if user is None else str(user.get_username())


def account_backup(user: User) -> dict[str, Any]:
    """One account: its login (the password as its hash), and its own club with all in it."""
    own = Club.objects.filter(personal_of=user).first()
    return {
        "username": user.get_username(),
        "password": user.password,
        **{field: getattr(user, field) for field in ACCOUNT_FIELDS},
        "date_joined": _when(user.date_joined),
        "club": None if own is None else club_about(own),
        **club_contents(own),
    }


def club_about(club: Club) -> dict[str, Any]:
    """A club itself: its name, seasons, link and code, members and rule sets."""
    members = club.memberships.select_related("user").order_by("joined_at", "pk")
    return {
        "name": club.name,
        "season_starts": club.season_starts,
        "code": club.code,
        "join_token": club.join_token,
        "created_at": _when(club.created_at),
        "members": [
            {"username": _name(m.user), "role": m.role, "joined_at": _when(m.joined_at)} for m in members
        ],
        "rule_sets": [
            {"name": r.name, "game": r.game, "options": r.options, "created_at": _when(r.created_at)}
            for r in club.rule_sets.order_by(Lower("name"), "pk")
        ],
    }


def club_contents(club: Club | None) -> dict[str, Any]:
    """A club's players, evenings (with their payments) and matches (as documents)."""
    if club is None:
        return {"players": [], "evenings": [], "matches": []}
    evenings = list(
        Evening.objects.filter(club=club)
        .select_related("owner")
        .order_by("date", "created_at", "pk")
        .prefetch_related("players")
    )
    keys = {evening.pk: number for number, evening in enumerate(evenings, start=1)}
    players = Player.objects.filter(club=club).select_related("owner", "account")
    matches = Match.objects.filter(club=club).select_related("owner")
    return {
        "players": [
            {
                "name": player.name,
                "archived": player.archived,
                "owner": _name(player.owner),
                "account": _name(player.account),
                "created_at": _when(player.created_at),
            }
            for player in players.order_by(Lower("name"), "pk")
        ],
        "evenings": [
            {
                "key": keys[evening.pk],
                "date": evening.date.isoformat(),
                "place": evening.place,
                "players": sorted((player.name for player in evening.players.all()), key=str.lower),
                "public_token": evening.public_token,
                "note": evening.note,
                "owner": _name(evening.owner),
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
                "owner": _name(match.owner),
                "note": match.note,
                "created_at": _when(match.created_at),
                "finished_at": _when(match.finished_at),
                "document": match_export(match),
            }
            for match in matches.order_by("created_at", "pk")
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
    """The accounts named (every account when None), in the order they joined, with their own
    clubs, and the other clubs they belong to (every club when None)."""
    with _one_reading():
        return _site_backup(usernames)


def _site_backup(usernames: Iterable[str] | None) -> dict[str, Any]:
    users = get_user_model().objects.order_by("date_joined", "pk")
    clubs = Club.objects.order_by("created_at", "pk")
    if usernames is not None:
        wanted = list(usernames)
        users = users.filter(username__in=wanted)
        missing = sorted(set(wanted) - {user.get_username() for user in users})
        if missing:
            raise Refused([Problem("there is no account %(name)s", {"name": ", ".join(missing)})])
        clubs = clubs.filter(memberships__user__in=users).distinct()
    # Every club but the accounts' own, which each account carries.
    others = clubs.exclude(personal_of__in=users).select_related("personal_of")
    return {
        "format": FORMAT,
        "accounts": [account_backup(user) for user in users],
        "clubs": [
            {**club_about(club), "personal_of": _name(club.personal_of), **club_contents(club)}
            for club in others
        ],
    }


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

    def has(self, key: str) -> bool:
        return isinstance(self.value, dict) and key in self.value

    def items(self, key: str, wrap: str = "", *, optional: bool = False) -> list[Reader]:
        """The list under ``key``; with ``wrap``, each item read as ``{wrap: item}`` (a list of names);
        ``optional``: none when the file has no ``key``."""
        return [
            Reader({wrap: item} if wrap else item, f"{self.where}.{key}[{n}]")
            for n, item in enumerate(self.get(key, list, optional=optional) or [])
        ]

    def text(self, key: str, most: int, *, optional: bool = False, blank: bool = False) -> str | None:
        """A text of at most ``most`` characters (not blank, unless ``blank``)."""
        found: str | None = self.get(key, str, optional=optional)
        if found is not None and (len(found) > most or (not blank and not found.strip())):
            raise self.refuse(f"{key} must be {0 if blank else 1} to {most} characters")
        return found

    def moment(self, key: str) -> datetime.datetime | None:
        text = self.get(key, str, optional=True)
        if text is None:
            return None
        try:
            return datetime.datetime.fromisoformat(text)
        except ValueError:
            raise self.refuse(f"{key} is not a date and time") from None


def site_restore(backup: Any) -> list[str]:
    """Store every account and club of a backup; refused whole if any account already exists.
    The usernames."""
    root = Reader(backup, "backup")
    if not isinstance(backup, dict) or backup.get("format") != FORMAT:
        raise Refused([Problem("this file is not a backup (format %(format)s)", {"format": FORMAT})])
    accounts = root.items("accounts")
    clubs = root.items("clubs", optional=True)  # none in a backup made before clubs
    with transaction.atomic():
        site = _Site()
        for account in accounts:  # every account first: the clubs name their members
            user = _restore_user(account)
            site.users[user.get_username()] = user
        for account in accounts:
            _restore_own_club(site, account)
        for club in clubs:
            about = _restore_club(site, club, personal_of=site.account(club, "personal_of"))
            _restore_contents(site, club, about, owner=None)
        return list(site.users)


class _Site:
    """What a restore has stored so far: the accounts by username, the clubs' links and codes."""

    def __init__(self) -> None:
        self.users: dict[str, Any] = {}
        self.keys: set[str] = set()

    def account(self, item: Reader, key: str) -> Any:
        """The account ``key`` names; None for none, or one the backup does not hold (a backup of
        some accounts names the others' too, as members of their clubs)."""
        name = item.get(key, str, optional=True)
        return None if name is None else self.users.get(name)


def _restore_user(account: Reader) -> Any:
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
    return user


def _restore_own_club(site: _Site, account: Reader) -> None:
    """An account's own club with all in it; a backup made before clubs puts its players, evenings
    and matches in the account's personal club, made now."""
    user = site.users[account.get("username", str)]
    about = account.get("club", dict, optional=True)
    if about is not None:
        club = _restore_club(site, Reader(about, f"{account.where}.club"), personal_of=user)
    elif any(account.get(key, list) for key in ("players", "evenings", "matches")):
        club = personal_club(user)
    else:
        return  # nothing of its own: its club is made when first needed
    # Before clubs, the account owned everything it held.
    _restore_contents(site, account, club, owner=None if account.has("club") else user)


def _restore_club(site: _Site, item: Reader, personal_of: Any) -> Club:
    """A club, its members and its rule sets (its contents: _restore_contents)."""
    starts = item.get("season_starts", int, optional=True) or 1
    if not 1 <= starts <= 12:
        raise item.refuse("season_starts must be a month, 1 to 12")
    keys = _keys()
    for key, most in (("code", Club._meta.get_field("code").max_length), ("join_token", 64)):
        given = item.text(key, most or 0, optional=True)
        if given is not None:
            if given in site.keys or Club.objects.filter(**{key: given}).exists():
                raise item.refuse(f"{key} {given} is another club's")
            keys[key] = given
    site.keys.update(keys.values())
    club = Club.objects.create(
        name=item.text("name", CLUB_NAME_MOST) or "", season_starts=starts, personal_of=personal_of, **keys
    )
    _stamp(Club, club.pk, created_at=item.moment("created_at"))

    members: dict[Any, Membership] = {}
    for member in item.items("members", optional=True):
        user = site.account(member, "username")
        role = member.get("role", str)
        if role not in Membership.Role.values:
            raise member.refuse(f"role must be one of {', '.join(Membership.Role.values)}")
        if user is None:
            continue  # an account the backup does not hold
        if user in members:
            raise member.refuse(f"{user.get_username()} is a member twice")
        members[user] = Membership.objects.create(club=club, user=user, role=role)
        _stamp(Membership, members[user].pk, joined_at=member.moment("joined_at"))
    if personal_of is not None and personal_of not in members:
        members[personal_of] = Membership.objects.create(
            club=club, user=personal_of, role=Membership.Role.ORGANISER
        )
    if members and not any(m.is_organiser for m in members.values()):
        # Its organisers are not in this backup: the member who joined first organises it.
        first = min(members.values(), key=lambda m: (m.joined_at, m.pk))
        Membership.objects.filter(pk=first.pk).update(role=Membership.Role.ORGANISER)

    names: set[str] = set()
    for rule_set in item.items("rule_sets", optional=True):
        name = rule_set.text("name", CLUB_NAME_MOST) or ""
        if name.lower() in names:
            raise rule_set.refuse(f"{name} appears twice")
        names.add(name.lower())
        game = rule_set.get("game", str)
        if game not in GAMES:
            raise rule_set.refuse(f"there is no game {game}")
        made = RuleSet.objects.create(club=club, name=name, game=game, options=rule_set.get("options", dict))
        _stamp(RuleSet, made.pk, created_at=rule_set.moment("created_at"))
    return club


def _stamp(model: Any, pk: int, **moments: datetime.datetime | None) -> None:
    """Put back the moments the backup gives (the database set them to now)."""
    given = {field: moment for field, moment in moments.items() if moment is not None}
    if given:
        model.objects.filter(pk=pk).update(**given)


def _restore_contents(site: _Site, part: Reader, club: Club, owner: Any) -> None:
    """A club's players, evenings and matches; ``owner``: who added each one the file does not say
    (a backup made before clubs)."""

    def added_by(item: Reader) -> Any:
        return site.account(item, "owner") if item.has("owner") else owner

    players: dict[str, Player] = {}
    linked: set[Any] = set()
    for item in part.items("players"):
        name = item.get("name", str)
        if not name.strip() or len(name) > PLAYER_NAME_MOST:
            raise item.refuse(f"name must be 1 to {PLAYER_NAME_MOST} characters")
        if name.lower() in players:
            raise item.refuse(f"{name} appears twice")
        account = site.account(item, "account")
        if account is not None and account in linked:
            raise item.refuse(f"{account.get_username()} is linked to two players")
        linked.add(account)
        players[name.lower()] = Player.objects.create(
            club=club,
            owner=added_by(item),
            account=account,
            name=name,
            archived=bool(item.get("archived", bool, optional=True)),
        )
        _stamp(Player, players[name.lower()].pk, created_at=item.moment("created_at"))

    def player(item: Reader, key: str) -> Player:
        name = item.get(key, str)
        if name.lower() not in players:
            raise item.refuse(f"{key} {name} is not one of the club's players")
        return players[name.lower()]

    evenings: dict[int, Evening] = {}
    for item in part.items("evenings"):
        evenings[item.get("key", int)] = _restore_evening(club, added_by(item), item, player)

    for item in part.items("matches"):
        document = item.get("document", dict)
        try:
            match = match_import(owner=added_by(item), doc=document, club=club)
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
            note=item.text("note", NOTE_MOST, optional=True, blank=True) or "",
            **{field: value for field, value in stamps.items() if value is not None},
        )


def _restore_evening(
    club: Club, owner: Any, item: Reader, player: Callable[[Reader, str], Player]
) -> Evening:
    try:
        day = datetime.date.fromisoformat(item.get("date", str))
    except ValueError:
        raise item.refuse("date is not a date") from None
    evening: Evening = Evening.objects.create(
        club=club,
        owner=owner,
        date=day,
        place=item.get("place", str, optional=True) or "",
        public_token=item.get("public_token", str, optional=True),
        note=item.text("note", NOTE_MOST, optional=True, blank=True) or "",
    )
    evening.full_clean()
    evening.players.set([player(name, "name") for name in item.items("players", wrap="name")])
    _stamp(Evening, evening.pk, created_at=item.moment("created_at"))
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
        _stamp(Payment, made.pk, paid_at=payment.moment("paid_at"))
    return evening
