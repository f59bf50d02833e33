"""Who may open what: every URL of the site, for every kind of visitor, answers as the table says.

The table below is the site's permission matrix, one row per URL name. The URLs come from the URL
configuration itself, so a URL added without its row fails ``test_every_url_has_a_row_in_the_matrix``:
no page can escape the matrix. The visitors:

- anonymous: a browser that is not logged in and joined nothing;
- owner: alice, whose match, players and evening the URLs name;
- other: bob, another account;
- viewer, scorer: phones without an account that joined alice's match by a viewer or a scorer link;
- club_scorer, club_member: carla and dan, accounts in alice's club as a scorer and as a member,
  looking at it (alice, the owner, is its organiser).

``LOGIN`` is a redirect to the login page (with ``next``); ``ADMIN_LOGIN`` one to the admin's login.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from games.registry import GAMES
from matches.access import invite_create
from matches.clubs import SESSION_KEY as CLUB_KEY
from matches.models import Club, Evening, Invite, Match, Membership, Player, RuleSet
from matches.services.clubs import club_join, membership_change, personal_club

from .guests import scorer, viewer
from .pages import form_values

LOGIN = "login"  # 302 to the login page
ADMIN_LOGIN = "admin login"  # 302 to the admin's login page
REDIRECT = "302"  # 302 somewhere else: the page that follows a change, or the visitor's own page
ROLES = ("anonymous", "owner", "other", "viewer", "scorer", "club_scorer", "club_member")
Row = dict[str, tuple[Any, ...]]

# fmt: off
MATRIX: dict[str, Row] = {
    # name                  method   anonymous owner    other     viewer    scorer    club_scorer club_member
    # -- anyone ---------------------------------------------------------------------------------
    "health":               {"GET":  (200,      200,      200,      200,      200,      200,      200)},
    "health_full":          {"GET":  (200,      200,      200,      200,      200,      200,      200)},
    "manifest":             {"GET":  (200,      200,      200,      200,      200,      200,      200)},
    "service_worker":       {"GET":  (200,      200,      200,      200,      200,      200,      200)},
    "home":                 {"GET":  (200,      REDIRECT, REDIRECT, REDIRECT, REDIRECT, REDIRECT, REDIRECT)},
    "login":                {"GET":  (200,      200,      200,      200,      200,      200,      200),
    # a wrong password:
                             "POST": (200,      200,      200,      200,      200,      200,      200)},
    "logout":               {"GET":  (405,      405,      405,      405,      405,      405,      405),
                             "POST": (REDIRECT, REDIRECT, REDIRECT, REDIRECT, REDIRECT, REDIRECT, REDIRECT)},
    "signup":               {"GET":  (200,      200,      200,      200,      200,      200,      200),
    # an empty form:
                             "POST": (200,      200,      200,      200,      200,      200,      200)},
    "password_reset":       {"GET":  (200,      200,      200,      200,      200,      200,      200),
    # an empty form:
                             "POST": (200,      200,      200,      200,      200,      200,      200)},
    "password_reset_done":  {"GET":  (200,      200,      200,      200,      200,      200,      200)},
    # no real link:
    "password_reset_confirm":{"GET":  (200,      200,      200,      200,      200,      200,      200)},
    "password_reset_complete":{"GET":  (200,      200,      200,      200,      200,      200,      200)},
    "set_language":         {"GET":  (REDIRECT, REDIRECT, REDIRECT, REDIRECT, REDIRECT, REDIRECT, REDIRECT),
                             "POST": (REDIRECT, REDIRECT, REDIRECT, REDIRECT, REDIRECT, REDIRECT, REDIRECT)},
    "blank_sheets":         {"GET":  (200,      200,      200,      200,      200,      200,      200)},
    "blank_sheet":          {"GET":  (200,      200,      200,      200,      200,      200,      200)},
    "evening_public":       {"GET":  (200,      200,      200,      200,      200,      200,      200)},
    "join":                 {"GET":  (200,      REDIRECT, 200,      200,      200,      REDIRECT, REDIRECT),
                             "POST": (REDIRECT, REDIRECT, REDIRECT, REDIRECT, REDIRECT, REDIRECT, REDIRECT)},
    # -- an account's own things: players, matches list, evenings, stats --------------------------
    # phones: joined ones:
    "match_list":           {"GET":  (LOGIN,    200,      200,      200,      200,      200,      200)},
    "player_list":          {"GET":  (LOGIN,    200,      200,      LOGIN,    LOGIN,    200,      200),
    # bob adds his own:
                             "POST": (LOGIN,    REDIRECT, REDIRECT, LOGIN,    LOGIN,    REDIRECT, 403)},
    "player_rename":        {"GET":  (LOGIN,    200,      404,      LOGIN,    LOGIN,    403,      403),
                             "POST": (LOGIN,    REDIRECT, 404,      LOGIN,    LOGIN,    403,      403)},
    "player_archive":       {"GET":  (LOGIN,    405,      405,      LOGIN,    LOGIN,    403,      403),
                             "POST": (LOGIN,    REDIRECT, 404,      LOGIN,    LOGIN,    403,      403)},
    "match_new":            {"GET":  (LOGIN,    200,      200,      LOGIN,    LOGIN,    200,      403),
    # bob: not his seats:
                             "POST": (LOGIN,    REDIRECT, 200,      LOGIN,    LOGIN,    REDIRECT, 403)},
    "match_import":         {"GET":  (LOGIN,    405,      405,      LOGIN,    LOGIN,    405,      403),
    # bob: into his own:
                             "POST": (LOGIN,    REDIRECT, REDIRECT, LOGIN,    LOGIN,    REDIRECT, 403)},
    "evening_list":         {"GET":  (LOGIN,    200,      200,      LOGIN,    LOGIN,    200,      200),
    # bob: not his seats:
                             "POST": (LOGIN,    REDIRECT, 200,      LOGIN,    LOGIN,    REDIRECT, 403)},
    "evening_detail":       {"GET":  (LOGIN,    200,      404,      LOGIN,    LOGIN,    200,      200)},
    "evening_publish":      {"GET":  (LOGIN,    405,      405,      LOGIN,    LOGIN,    405,      405),
                             "POST": (LOGIN,    REDIRECT, 404,      LOGIN,    LOGIN,    403,      403)},
    "payment_toggle":       {"GET":  (LOGIN,    405,      405,      LOGIN,    LOGIN,    405,      405),
                             "POST": (LOGIN,    REDIRECT, 404,      LOGIN,    LOGIN,    REDIRECT, 403)},
    "stats":                {"GET":  (LOGIN,    200,      200,      LOGIN,    LOGIN,    200,      200)},
    "stats_player":         {"GET":  (LOGIN,    200,      404,      LOGIN,    LOGIN,    200,      200)},
    "stats_head_to_head":   {"GET":  (LOGIN,    200,      200,      LOGIN,    LOGIN,    200,      200)},
    "stats_records":        {"GET":  (LOGIN,    200,      200,      LOGIN,    LOGIN,    200,      200)},
    "rating_list":          {"GET":  (LOGIN,    200,      200,      LOGIN,    LOGIN,    200,      200)},
    "rating_player":        {"GET":  (LOGIN,    200,      404,      LOGIN,    LOGIN,    200,      200)},
    "password_change":      {"GET":  (LOGIN,    200,      200,      LOGIN,    LOGIN,    200,      200),
    # an empty form:
                             "POST": (LOGIN,    200,      200,      LOGIN,    LOGIN,    200,      200)},
    "password_change_done": {"GET":  (LOGIN,    200,      200,      LOGIN,    LOGIN,    200,      200)},
    # -- one match: its owner, and the phones that joined it ---------------------------------------
    "match_detail":         {"GET":  (LOGIN,    200,      404,      200,      200,      200,      200)},
    "match_live":           {"GET":  (LOGIN,    200,      404,      200,      200,      200,      200)},
    # under WSGI, as here: no streams (204, the page polls); under ASGI, matches/streams.py answers
    "match_events":         {"GET":  (LOGIN,    204,      404,      204,      204,      204,      204)},
    "match_export_json":    {"GET":  (LOGIN,    200,      404,      200,      200,      200,      200)},
    "match_export_csv":     {"GET":  (LOGIN,    200,      404,      200,      200,      200,      200)},
    "match_export_xlsx":    {"GET":  (LOGIN,    200,      404,      200,      200,      200,      200)},
    "match_print":          {"GET":  (LOGIN,    200,      404,      200,      200,      200,      200)},
    "match_chart":          {"GET":  (LOGIN,    200,      404,      200,      200,      200,      200)},
    "deal_create":          {"GET":  (405,      405,      405,      405,      405,      405,      405),
                             "POST": (LOGIN,    REDIRECT, 404,      403,      REDIRECT, REDIRECT, 403)},
    "deal_edit":            {"GET":  (LOGIN,    200,      404,      403,      200,      200,      403),
                             "POST": (LOGIN,    REDIRECT, 404,      403,      REDIRECT, REDIRECT, 403)},
    "deal_delete":          {"GET":  (405,      405,      405,      405,      405,      405,      405),
                             "POST": (LOGIN,    REDIRECT, 404,      403,      REDIRECT, REDIRECT, 403)},
    "change_undo":          {"GET":  (405,      405,      405,      405,      405,      405,      405),
                             "POST": (LOGIN,    REDIRECT, 404,      403,      REDIRECT, REDIRECT, 403)},
    "match_rules":          {"GET":  (LOGIN,    200,      404,      403,      403,      403,      403),
    # the owner's alone:
                             "POST": (LOGIN,    REDIRECT, 404,      403,      403,      403,      403)},
    "match_share":          {"GET":  (LOGIN,    200,      404,      403,      403,      403,      403),
                             "POST": (LOGIN,    REDIRECT, 404,      403,      403,      403,      403)},
    # -- clubs: alice organises hers, carla scores in it, dan is a member; bob is in none of it -----
    "club_list":            {"GET":  (LOGIN,    200,      200,      LOGIN,    LOGIN,    200,      200)},
    "club_new":             {"GET":  (LOGIN,    405,      405,      LOGIN,    LOGIN,    405,      405),
                             "POST": (LOGIN,    REDIRECT, REDIRECT, LOGIN,    LOGIN,    REDIRECT, REDIRECT)},
    "club_join_code":       {"GET":  (LOGIN,    405,      405,      LOGIN,    LOGIN,    405,      405),
                             "POST": (LOGIN,    REDIRECT, REDIRECT, LOGIN,    LOGIN,    REDIRECT, REDIRECT)},
    "club_join":            {"GET":  (200,      200,      200,      200,      200,      200,      200),
                             "POST": (LOGIN,    REDIRECT, REDIRECT, LOGIN,    LOGIN,    REDIRECT, REDIRECT)},
    "club_detail":          {"GET":  (LOGIN,    200,      404,      LOGIN,    LOGIN,    200,      200),
                             "POST": (LOGIN,    REDIRECT, 404,      LOGIN,    LOGIN,    403,      403)},
    "club_choose":          {"GET":  (LOGIN,    405,      405,      LOGIN,    LOGIN,    405,      405),
                             "POST": (LOGIN,    REDIRECT, 404,      LOGIN,    LOGIN,    REDIRECT, REDIRECT)},
    "club_member":          {"GET":  (LOGIN,    405,      405,      LOGIN,    LOGIN,    405,      405),
                             "POST": (LOGIN,    REDIRECT, 404,      LOGIN,    LOGIN,    403,      403)},
    "club_leave":           {"GET":  (LOGIN,    405,      405,      LOGIN,    LOGIN,    405,      405),
                             "POST": (LOGIN,    REDIRECT, 404,      LOGIN,    LOGIN,    REDIRECT, REDIRECT)},
    "club_new_keys":        {"GET":  (LOGIN,    405,      405,      LOGIN,    LOGIN,    405,      405),
                             "POST": (LOGIN,    REDIRECT, 404,      LOGIN,    LOGIN,    403,      403)},
    "player_me":            {"GET":  (LOGIN,    405,      405,      LOGIN,    LOGIN,    405,      405),
                             "POST": (LOGIN,    REDIRECT, 404,      LOGIN,    LOGIN,    REDIRECT, REDIRECT)},
    # the club each looks at: bob his own
    "club_export":          {"GET":  (LOGIN,    200,      200,      LOGIN,    LOGIN,    200,      200),
                             "POST": (LOGIN,    405,      405,      LOGIN,    LOGIN,    405,      405)},
    "club_export_xlsx":     {"GET":  (LOGIN,    200,      200,      LOGIN,    LOGIN,    200,      200)},
    # -- one's own account: its data, and deleting it ------------------------------------------------
    "account_data":         {"GET":  (LOGIN,    200,      200,      LOGIN,    LOGIN,    200,      200)},
    "account_delete":       {"GET":  (LOGIN,    200,      200,      LOGIN,    LOGIN,    200,      200),
    # no password:
                             "POST": (LOGIN,    400,      400,      LOGIN,    LOGIN,    400,      400)},
    # -- the club's rules (bob: his own club's), a rematch (the match goes on: back to it), notes ----
    "rule_sets":            {"GET":  (LOGIN,    200,      200,      LOGIN,    LOGIN,    200,      200),
                             "POST": (LOGIN,    405,      405,      LOGIN,    LOGIN,    405,      405)},
    "rule_set_new":         {"GET":  (LOGIN,    200,      200,      LOGIN,    LOGIN,    403,      403),
                             "POST": (LOGIN,    REDIRECT, REDIRECT, LOGIN,    LOGIN,    403,      403)},
    "rule_set_edit":        {"GET":  (LOGIN,    200,      404,      LOGIN,    LOGIN,    403,      403),
                             "POST": (LOGIN,    REDIRECT, 404,      LOGIN,    LOGIN,    403,      403)},
    "rule_set_delete":      {"GET":  (LOGIN,    405,      405,      LOGIN,    LOGIN,    403,      403),
                             "POST": (LOGIN,    REDIRECT, 404,      LOGIN,    LOGIN,    403,      403)},
    "rule_set_save":        {"GET":  (405,      405,      405,      405,      405,      405,      405),
                             "POST": (LOGIN,    REDIRECT, 404,      403,      403,      403,      403)},
    "match_rematch":        {"GET":  (405,      405,      405,      405,      405,      405,      405),
                             "POST": (LOGIN,    REDIRECT, 404,      403,      403,      REDIRECT, 403)},
    "match_note":           {"GET":  (405,      405,      405,      405,      405,      405,      405),
                             "POST": (LOGIN,    REDIRECT, 404,      403,      403,      REDIRECT, 403)},
    "evening_note":         {"GET":  (LOGIN,    405,      405,      LOGIN,    LOGIN,    405,      405),
                             "POST": (LOGIN,    REDIRECT, 404,      LOGIN,    LOGIN,    REDIRECT, 403)},
}
# fmt: on

# The admin is for staff only, and none of the seven is staff: every admin page sends them to its
# login, whatever models are registered there. Its login page is open to anyone; its logout sends
# to the admin's index, which sends to that login.
ADMIN_STAFF_ONLY: Row = {"GET": (ADMIN_LOGIN,) * len(ROLES), "POST": (ADMIN_LOGIN,) * len(ROLES)}
ADMIN_OPEN: dict[str, Row] = {
    "admin:login": {"GET": (200,) * len(ROLES)},
    "admin:logout": {"GET": (REDIRECT,) * len(ROLES), "POST": (REDIRECT,) * len(ROLES)},
}


def url_names(patterns: list[URLPattern | URLResolver] | None = None, namespace: str = "") -> Iterator[str]:
    """Every URL pattern of the site by its full name; an unnamed one as ``<unnamed: route>``."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from url_names(entry.url_patterns, inner)
        elif entry.name:
            yield f"{namespace}{entry.name}"
        elif not namespace.startswith("admin:"):  # the admin's catch-all sends to its login too
            yield f"<unnamed: {entry.pattern}>"


def expected_row(name: str) -> Row | None:
    if name in MATRIX:
        return MATRIX[name]
    if name in ADMIN_OPEN:
        return ADMIN_OPEN[name]
    if name.startswith("admin:"):
        return ADMIN_STAFF_ONLY
    return None


def test_every_url_has_a_row_in_the_matrix() -> None:
    missing = [name for name in url_names() if expected_row(name) is None]

    assert not missing, f"URLs without a row in MATRIX (who may open them?): {missing}"


def test_the_matrix_names_no_url_that_is_gone() -> None:
    assert set(MATRIX) <= set(url_names())


# -- The world the URLs point into ---------------------------------------------------------------


@dataclass
class World:
    match: Match
    player: Player
    evening: Evening
    club: Club
    member: Membership
    join_token: str
    clients: dict[str, Client]
    post_data: dict[str, Callable[[], dict[str, Any]]]

    def kwargs(self, name: str, keys: list[str]) -> dict[str, Any]:
        """Values for a URL's arguments: alice's things, deal 1, the first change, a game, a token."""
        if name.startswith(("player_", "stats_player", "rating_player")):
            pk = self.player.pk
        elif name.startswith("club_"):
            pk = self.club.pk
        elif name.startswith(("evening_", "payment_")):
            pk = self.evening.pk
        elif name in ("rule_set_edit", "rule_set_delete"):
            pk = RuleSet.objects.get(club=self.club).pk
        else:
            pk = self.match.pk
        values: dict[str, Any] = {
            "pk": pk,
            "number": 1,
            "change": self.match.changes.order_by("pk").first().pk,  # type: ignore[union-attr]
            "game": "busca-000",
            "uidb64": "bm9ib2R5",  # a password reset link's, for nobody
            "token": {"evening_public": self.evening.public_token, "club_join": self.club.join_token}.get(
                name, self.join_token
            ),
            "member_pk": self.member.pk,
            # the admin's
            "app_label": "auth",
            "object_id": str(self.match.owner_id),
            "content_type_id": 1,
            "id": 1,
        }
        return {key: values[key] for key in keys}


def url_arguments(name: str) -> list[str]:
    resolver = get_resolver()
    possibilities = resolver.reverse_dict.getlist(name.split(":")[-1]) if ":" not in name else None
    if possibilities is None:
        namespace, short = name.rsplit(":", 1)
        _, inner = resolver.namespace_dict[namespace]
        possibilities = inner.reverse_dict.getlist(short)
    return list(possibilities[0][0][0][1])


@pytest.fixture
def world(alice: User, bob: User, players: list[Player], make_match: Callable[..., Match]) -> World:
    match = make_match(deals=[{"points": [25, 8, 5, 2]}, {"points": [10, 10, 10, 10]}])
    evening = Evening.objects.create(owner=alice, date=date(2026, 11, 28), public_token="evening-link")
    evening.players.set(players)
    Match.objects.filter(pk=match.pk).update(evening=evening)
    owner, other = Client(), Client()
    owner.force_login(alice)
    other.force_login(bob)
    club = personal_club(alice)
    RuleSet.objects.create(club=club, name="Le nostre regole", game="busca-000", options={"stake": 1})
    in_club = {}
    for name, role in (("carla", Membership.Role.SCORER), ("dan", Membership.Role.MEMBER)):
        person = User.objects.create_user(name, password=f"{name}-password-1")
        membership, _ = club_join(club=club, user=person)
        membership_change(membership=membership, role=role)
        in_club[role] = Client()
        in_club[role].force_login(person)
        session = in_club[role].session
        session[CLUB_KEY] = club.pk  # looking at alice's club, as after "Show" on the clubs page
        session.save()
    clients = {
        "anonymous": Client(),
        "owner": owner,
        "other": other,
        "viewer": viewer(match),
        "scorer": scorer(match),
        "club_scorer": in_club[Membership.Role.SCORER],
        "club_member": in_club[Membership.Role.MEMBER],
    }
    join_token = invite_create(match=match, role=Invite.Role.VIEWER).token

    def deal_data() -> dict[str, Any]:
        page = owner.get(reverse("match_detail", args=[match.pk]))
        return {**form_values(page, "deal-form"), "points_0": "25", "points_1": "8", "points_2": "5"}

    def deal_edit_data() -> dict[str, Any]:
        page = owner.get(reverse("deal_edit", args=[match.pk, 1]))
        return {**form_values(page, "deal-form"), "points_0": "24", "points_1": "9"}

    def rules_data() -> dict[str, Any]:
        options = GAMES[match.game].options
        data = {o.key: "" if o.default is None else str(o.default) for o in options if o.kind != "bool"}
        data.update({o.key: "on" for o in options if o.kind == "bool" and o.default})
        return {**data, "stake": "1"}

    def payment_data() -> dict[str, Any]:
        return {"payer": players[0].pk, "payee": players[1].pk, "amount": "1.00"}

    player_pk = players[0].pk
    post_data: dict[str, Callable[[], dict[str, Any]]] = {
        "login": lambda: {"username": "alice", "password": "not-her-password"},
        "set_language": lambda: {"language": "it"},
        "join": lambda: {"name": "Ugo"},
        "player_list": lambda: {"name": "Zeno"},
        "player_rename": lambda: {"name": "Annina"},
        "match_new": lambda: {"game": "busca-000", "seat_0": player_pk, "seat_1": players[1].pk,
                              "seat_2": players[2].pk, "seat_3": players[3].pk, "first_dealer": "0",
                              **{f"opt_{k}": v for k, v in rules_data().items()}},
        "evening_list": lambda: {"date": "2026-11-29", "place": "Bar", "players": [player_pk]},
        "payment_toggle": payment_data,
        "deal_create": deal_data,
        "deal_edit": deal_edit_data,
        "match_rules": rules_data,
        "match_share": lambda: {"role": "viewer"},
        "change_undo": lambda: {"confirmed": "1"},  # as the page that asks first sends it
        "club_new": lambda: {"name": "Circolo"},
        "club_detail": lambda: {"name": "Circolo", "season_starts": "9"},
        "club_member": lambda: {"role": "scorer"},
        "rule_set_new": lambda: {"game": "busca-000", "name": "Regole del sabato",
                                 **{f"opt-{k}": v for k, v in rules_data().items()}},
        "rule_set_edit": lambda: {"name": "Regole del sabato",
                                  **{f"opt-{k}": v for k, v in rules_data().items()}},
        "rule_set_save": lambda: {"name": "Regole del sabato"},
        "match_note": lambda: {"note": "Dario left at eleven."},
        "evening_note": lambda: {"note": "Pizza after."},
    }  # fmt: skip
    member = club.memberships.get(role=Membership.Role.MEMBER)
    return World(match, players[0], evening, club, member, join_token, clients, post_data)


def answered(response: Any) -> Any:
    """The status as the matrix writes it."""
    if response.status_code == 302:
        location = response["Location"]
        if location.startswith(reverse("admin:login")):
            return ADMIN_LOGIN
        if location.startswith(reverse("login") + "?next="):
            return LOGIN
        return REDIRECT
    return response.status_code


@pytest.mark.parametrize("name", list(url_names()))
def test_each_visitor_gets_what_the_matrix_says(world: World, name: str) -> None:
    row = expected_row(name)
    assert row is not None, f"{name} has no row in MATRIX"
    url = reverse(name, kwargs=world.kwargs(name, url_arguments(name)))
    wrong = []
    for method, statuses in row.items():
        for role, status in zip(ROLES, statuses, strict=True):
            client = world.clients[role]
            # Each request starts from the same world: what one visitor changed is rolled back.
            with transaction.atomic():
                if method == "GET":
                    response = client.get(url)
                else:
                    response = client.post(url, world.post_data.get(name.split(":")[-1], dict)())
                transaction.set_rollback(True)
            if answered(response) != status:
                wrong.append(f"{method} {url} as {role}: {answered(response)}, the matrix says {status}")

    assert not wrong, "\n".join(wrong)
