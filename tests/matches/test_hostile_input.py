"""Bad input, on purpose: every form and the import get random and hostile values.

Huge and negative numbers, unicode, missing fields, wrong types, 10,000-character names, HTML and
SQL fragments, random bytes. Whatever is sent, the answer is never a server error (the test client
raises it), and it is one of two things:

- accepted: a redirect to the next page, with no error on it;
- refused: nothing stored, and a message on the page (the form's errors, or a message after the
  redirect) that says what was wrong.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import get_resolver, reverse
from django.urls.converters import IntConverter
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.registry import GAMES
from matches.access import invite_create
from matches.models import Change, Deal, Evening, Invite, Match, Payment, Player, Seat

from .games import DEFAULTS
from .guests import joined
from .pages import form_values, texts
from .test_permissions import url_names

MakeMatch = Callable[..., Match]

FUZZ = settings(
    max_examples=40,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

HOSTILE = [
    "",
    " ",
    "0",
    "-1",
    "-40",
    "2147483648",
    "-9223372036854775809",
    "99999999999999999999999999999999",
    "1e309",
    "NaN",
    "Infinity",
    "-Infinity",
    "1.5",
    "0x1F",
    "٣",
    "１２",
    "²",
    "½",
    "true",
    "null",
    "[]",
    '{"a": 1}',
    "x" * 10_000,
    "Anna" * 2_500,
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "' OR '1'='1",
    "1; DROP TABLE matches_match; --",
    "Anna\x00",
    "\u202eannA",
    "🂡🂱🃁",
    "Ånna Çà",
    "\n\t\r",
    "%(name)s %s %d",
    "{{ request }}{% debug %}",
    "../../etc/passwd",
    "2026-02-30",
    "9999-12-31",
    "0000-00-00",
]
values = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(max_size=40),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
)
KEEP, DROP = object(), object()
# Each field of a real form: kept as the page has it, left out, a hostile value, or several values.
field_change = st.one_of(st.just(KEEP), st.just(DROP), values, st.lists(values, min_size=2, max_size=3))


def mangle(base: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    data = {}
    for name, value in base.items():
        change = changes.get(name, KEEP)
        if change is KEEP:
            data[name] = value
        elif change is not DROP:
            data[name] = change
    return data


def changes_for(names: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(dict.fromkeys(names, field_change))


def stored() -> tuple[Any, ...]:
    """Everything a form could write, to see that a refusal wrote nothing."""
    return (
        list(User.objects.order_by("pk").values_list("username", "password")),
        list(Player.objects.order_by("pk").values_list("name", "archived")),
        list(Match.objects.order_by("pk").values_list("options", "version", "evening")),
        list(Deal.everything.order_by("pk").values_list("entry", "version", "deleted_at")),
        list(Evening.objects.order_by("pk").values_list("date", "place", "public_token")),
        list(Evening.players.through.objects.order_by("pk").values_list("evening", "player")),
        list(Payment.objects.order_by("pk").values_list("payer", "payee", "amount")),
        list(Invite.objects.order_by("pk").values_list("token", "revoked_at")),
        Seat.objects.count(),
        Change.objects.count(),
    )


ERROR_MARKS = ('class="error', 'class="errorlist', 'role="alert"')


def shows_an_error(html: str) -> bool:
    return any(mark in html for mark in ERROR_MARKS)


def send(client: Client, url: str, data: dict[str, Any] | None = None, **extra: Any) -> None:
    """Post ``data``: accepted (a redirect to a page without error) or refused (nothing stored, a message)."""
    before = stored()
    response = client.post(url, data or {}, **extra)
    after = stored()
    if response.status_code == 302:
        following = client.get(response["Location"])
        if following.status_code == 200 and not shows_an_error(following.content.decode()):
            return  # accepted
        assert after == before, f"refused after a redirect, yet something was stored: {data!r}"
        assert shows_an_error(following.content.decode()), f"refused without a message: {data!r}"
        return
    assert after == before, f"{response.status_code}, yet something was stored: {data!r}"
    assert response.status_code in (200, 400, 422, 429), f"{response.status_code} for {data!r}"
    assert shows_an_error(response.content.decode()), f"{response.status_code} without a message: {data!r}"


@pytest.fixture(autouse=True)
def no_lockout(settings: Any) -> None:
    """Login throttling has its own tests; here a wrong password is just one more refusal."""
    settings.AXES_ENABLED = False


# -- Accounts ---------------------------------------------------------------------------------------


@FUZZ
@given(changes=changes_for(["username", "password1", "password2"]))
def test_signing_up_with_anything_never_fails(db: Any, changes: dict[str, Any]) -> None:
    base = {"username": "carla", "password1": "a-long-pass-phrase-9", "password2": "a-long-pass-phrase-9"}
    data = mangle(base, changes)
    if data == base:
        return
    send(Client(), reverse("signup"), data)


@FUZZ
@given(changes=changes_for(["username", "password"]))
def test_logging_in_with_anything_never_fails(alice: User, changes: dict[str, Any]) -> None:
    data = mangle({"username": "alice", "password": "not-her-password"}, changes)
    send(Client(), reverse("login"), data)


# -- Players --------------------------------------------------------------------------------------


@FUZZ
@given(changes=changes_for(["name", "next"]))
def test_adding_a_player_with_anything_never_fails(alice_client: Client, changes: dict[str, Any]) -> None:
    send(alice_client, reverse("player_list"), mangle({"name": "Zeno", "next": "/matches/"}, changes))
    assert all(
        0 < len(name) <= 40 and "\x00" not in name for name in Player.objects.values_list("name", flat=True)
    )


@FUZZ
@given(changes=changes_for(["name"]))
def test_renaming_a_player_with_anything_never_fails(
    alice_client: Client, players: list[Player], changes: dict[str, Any]
) -> None:
    send(alice_client, reverse("player_rename", args=[players[0].pk]), mangle({"name": "Annina"}, changes))


# -- New matches, house rules ------------------------------------------------------------------------


@pytest.mark.parametrize("game", list(GAMES))
def test_a_new_match_with_anything_never_fails(
    game: str, alice_client: Client, players: list[Player], eight_players: list[Player]
) -> None:
    page = alice_client.get(reverse("match_new"), {"game": game})
    base = {
        **form_values(page, "match-form"),
        **{f"seat_{n}": str(player.pk) for n, player in enumerate(players)},
        "game": game,
    }
    if game == "busca-001":
        base["opt_max_deals"] = "5"

    @FUZZ
    @given(changes=changes_for([*base, "evening"]))
    def check(changes: dict[str, Any]) -> None:
        send(alice_client, reverse("match_new"), mangle({**base, "evening": "1"}, changes))

    check()


@pytest.mark.parametrize("game", list(GAMES))
def test_changing_the_house_rules_to_anything_never_fails(
    game: str, alice_client: Client, players: list[Player], eight_players: list[Player], alice: User
) -> None:
    from matches import services

    match = services.match_create(owner=alice, game=game, options={}, players=players, first_dealer=0)
    base = {key: "" if value is None else str(value) for key, value in DEFAULTS.get(game, {}).items()}
    base = base or {option.key: str(option.default) for option in GAMES[game].options}

    @FUZZ
    @given(changes=changes_for(list(base)))
    def check(changes: dict[str, Any]) -> None:
        send(alice_client, reverse("match_rules", args=[match.pk]), mangle(base, changes))

    check()


# -- Deals ------------------------------------------------------------------------------------------

DEALS = {
    "busca-000": ({}, {"points_0": "25", "points_1": "8", "points_2": "5", "points_3": "2"}),
    "busca-001": ({"max_deals": 5}, {"points_0": "20", "points_1": "10", "points_2": "6", "points_3": "4"}),
    "busca-003": ({}, {"points_0": "20", "points_1": "5", "points_2": "5", "points_3": "5"}),
    "mambassa": ({}, {"mode": "quick", "payers": "1"}),
    "mambassa cards": (
        {},
        {
            "mode": "cards",
            "hand_0": "FC CC RC 1C",
            "hand_1": "5S 6S 7S 2B",
            "hand_2": "3D 4D 6B RB",
            "hand_3": "1S 3S 7D 1B",
        },
    ),
    "whist": ({}, {"tricks": "9", "honours": "3"}),
}


@pytest.mark.parametrize("kind", list(DEALS))
def test_entering_a_deal_with_anything_never_fails(
    kind: str, alice_client: Client, players: list[Player], alice: User
) -> None:
    from matches import services

    options, typed = DEALS[kind]
    game = kind.split()[0]
    match = services.match_create(owner=alice, game=game, options=options, players=players, first_dealer=0)
    page = alice_client.get(reverse("match_detail", args=[match.pk]))
    base = {**form_values(page, "deal-form"), **typed}

    @FUZZ
    @given(changes=changes_for(list(base)))
    def check(changes: dict[str, Any]) -> None:
        send(alice_client, reverse("deal_create", args=[match.pk]), mangle(base, changes))

    check()


@pytest.mark.parametrize(
    ("game", "deal"),
    [
        ("busca-000", {"points": [25, 8, 5, 2]}),
        ("mambassa", {"payers": ["Bruno"]}),
        ("whist", {"tricks": [9, 4], "honours": [3, 1]}),
    ],
)
def test_correcting_a_deal_with_anything_never_fails(
    game: str, deal: dict[str, Any], alice_client: Client, players: list[Player], alice: User
) -> None:
    from matches import services

    match = services.match_create(owner=alice, game=game, options={}, players=players, first_dealer=0)
    services.deal_record(match=match, entry=deal, author=alice)
    page = alice_client.get(reverse("deal_edit", args=[match.pk, 1]))
    base = form_values(page, "deal-form")

    @FUZZ
    @given(changes=changes_for(list(base)))
    def check(changes: dict[str, Any]) -> None:
        send(alice_client, reverse("deal_edit", args=[match.pk, 1]), mangle(base, changes))

    check()


# -- Sharing, joining ---------------------------------------------------------------------------------


@FUZZ
@given(changes=changes_for(["name"]))
def test_joining_with_any_name_never_fails(make_match: MakeMatch, changes: dict[str, Any]) -> None:
    invite = invite_create(match=make_match(), role=Invite.Role.SCORER)
    send(Client(), reverse("join", args=[invite.token]), mangle({"name": "Ugo"}, changes))


@FUZZ
@given(changes=changes_for(["role", "revoke"]))
def test_the_share_page_takes_anything_without_failing(
    alice_client: Client, make_match: MakeMatch, changes: dict[str, Any]
) -> None:
    match = make_match()
    invite = invite_create(match=match, role=Invite.Role.VIEWER)
    data = mangle({"role": "scorer", "revoke": str(invite.pk)}, changes)
    send(alice_client, reverse("match_share", args=[match.pk]), data)


# -- Evenings, payments -------------------------------------------------------------------------------


@FUZZ
@given(changes=changes_for(["date", "place", "players"]))
def test_a_new_evening_with_anything_never_fails(
    alice_client: Client, players: list[Player], changes: dict[str, Any]
) -> None:
    base = {"date": "2026-11-29", "place": "Bar Sport", "players": [str(p.pk) for p in players]}
    send(alice_client, reverse("evening_list"), mangle(base, changes))


@FUZZ
@given(changes=changes_for(["payer", "payee", "amount"]))
def test_marking_a_payment_with_anything_never_fails(
    alice_client: Client, alice: User, players: list[Player], make_match: MakeMatch, changes: dict[str, Any]
) -> None:
    evening = Evening.objects.create(owner=alice, date="2026-11-29")
    evening.players.set(players)
    match = make_match(deals=[{"points": [34, 2, 2, 2]}, {"points": [34, 2, 2, 2]}], stake=1)
    Match.objects.filter(pk=match.pk).update(evening=evening)
    base = {"payer": str(players[1].pk), "payee": str(players[0].pk), "amount": "0.33"}
    send(alice_client, reverse("payment_toggle", args=[evening.pk]), mangle(base, changes))


# -- Import ----------------------------------------------------------------------------------------

VALID: dict[str, Any] = {
    "format": "scorekeeper-match/1",
    "game": "busca-000",
    "options": {},
    "players": ["Anna", "Bruno", "Carla", "Dario"],
    "first_dealer": "Anna",
    "start": None,
    "deals": [{"points": [25, 8, 5, 2]}],
}
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.sampled_from(HOSTILE)
    | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=12,
)


def upload(content: bytes) -> dict[str, Any]:
    return {"document": SimpleUploadedFile("match.json", content, content_type="application/json")}


@FUZZ
@given(content=st.binary(max_size=3000))
def test_importing_random_bytes_never_fails(alice_client: Client, content: bytes) -> None:
    send(alice_client, reverse("match_import"), upload(content))


@FUZZ
@given(document=json_values)
def test_importing_random_json_never_fails(alice_client: Client, document: Any) -> None:
    send(alice_client, reverse("match_import"), upload(json.dumps(document).encode()))


@FUZZ
@given(key=st.sampled_from(sorted(VALID)), value=json_values)
def test_importing_a_match_document_with_one_hostile_value_never_fails(
    alice_client: Client, key: str, value: Any
) -> None:
    send(alice_client, reverse("match_import"), upload(json.dumps({**VALID, key: value}).encode()))


@FUZZ
@given(
    deal=st.dictionaries(
        st.sampled_from(["points", "covered", "last_trick", "penalties", "dealer"]), json_values
    )
)
def test_importing_a_hostile_deal_never_fails(alice_client: Client, deal: dict[str, Any]) -> None:
    send(alice_client, reverse("match_import"), upload(json.dumps({**VALID, "deals": [deal]}).encode()))


@pytest.mark.parametrize(
    "content",
    [
        json.dumps({**VALID, "deals": [{"points": [10, 10, 10, 10]}] * 10_000}).encode(),
        json.dumps({**VALID, "players": [f"P{n}" for n in range(10_000)]}).encode(),
        json.dumps({**VALID, "players": ["A" * 10_000, "B", "C", "D"]}).encode(),
        ("[" * 100_000 + "]" * 100_000).encode(),
        b"\xff\xfe\x00\x00",
        b"",
        b"x" * 3_000_000,
    ],
    ids=["10000 deals", "10000 players", "a 10000-character name", "deep nesting", "utf-32", "empty", "3 MB"],
)
def test_importing_a_huge_or_strange_document_never_fails(alice_client: Client, content: bytes) -> None:
    send(alice_client, reverse("match_import"), upload(content))


def test_importing_with_no_file_says_to_choose_one(alice_client: Client) -> None:
    send(alice_client, reverse("match_import"), {"document": "not a file"})


# -- Addresses typed by hand -------------------------------------------------------------------------

QUERY_KEYS = [
    "game",
    "evening",
    "v",
    "s",
    "number",
    "typed",
    "a",
    "b",
    "paper",
    "players",
    "lives",
    "holder",
    "seats",
]


@settings(FUZZ, max_examples=15)  # nine pages an example
@given(query=st.dictionaries(st.sampled_from(QUERY_KEYS), values))
def test_pages_take_any_query_string_without_failing(
    alice_client: Client, make_match: MakeMatch, query: dict[str, str]
) -> None:
    match = make_match(deals=[{"points": [25, 8, 5, 2]}])
    scorer_phone = joined(invite_create(match=match, role=Invite.Role.SCORER))
    for client, url in [
        (alice_client, reverse("match_new")),
        (alice_client, reverse("match_detail", args=[match.pk])),
        (alice_client, reverse("match_live", args=[match.pk])),
        (scorer_phone, reverse("match_live", args=[match.pk])),
        (alice_client, reverse("match_list")),
        (alice_client, reverse("evening_list")),
        (alice_client, reverse("stats_head_to_head")),
        (alice_client, reverse("match_print", args=[match.pk])),
        (alice_client, reverse("blank_sheet", args=["mambassa"])),
    ]:
        response = client.get(url, query)
        # 404: the head-to-head page when a or b names no player of hers.
        assert response.status_code in (200, 204, 302, 404), f"{url} {query!r}: {response.status_code}"


@FUZZ
@given(number=st.integers(min_value=-(10**20), max_value=10**20))
def test_addresses_with_any_number_answer_not_found_at_worst(alice_client: Client, number: int) -> None:
    for url in [f"/matches/{number}/", f"/players/{number}/rename/", f"/evenings/{number}/"]:
        response = alice_client.get(url)
        assert response.status_code in (200, 404), f"{url}: {response.status_code}"
    assert not AccessAttempt.objects.exists()


# -- The server errors these tests found, one example each ---------------------------------------------


def test_a_next_address_that_is_not_a_path_opens_the_player_list(alice_client: Client) -> None:
    response = alice_client.post(reverse("player_list"), {"name": "Zeno", "next": "match_list x"})

    assert response["Location"] == reverse("player_list")


@pytest.mark.django_db
def test_a_sign_up_sent_blank_says_what_is_missing(client: Client) -> None:
    page = client.post(reverse("signup"), {})

    assert page.status_code == 200
    assert "This field is required." in page.content.decode()


def test_a_deal_numbered_zero_is_refused_with_a_message(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match(deals=[{"points": [25, 8, 5, 2]}])
    data = {"number": "0", "points_0": "25", "points_1": "8", "points_2": "5", "points_3": "2"}

    send(alice_client, reverse("deal_create", args=[match.pk]), data)
    page = alice_client.post(reverse("deal_create", args=[match.pk]), data)

    assert "This form was sent incomplete; reload the page and enter the deal again." in page.content.decode()
    assert match.deals.count() == 1


@pytest.mark.parametrize("dealer", [" ", "²", "x"])
def test_a_dealer_that_is_no_seat_is_refused_with_a_message(
    dealer: str, alice_client: Client, make_whist: MakeMatch
) -> None:
    match = make_whist()

    send(
        alice_client,
        reverse("deal_create", args=[match.pk]),
        {"tricks": "9", "honours": "²", "dealer": dealer},
    )

    assert not match.deals.exists()


def test_withdrawing_a_link_that_does_not_exist_says_so(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match()

    page = alice_client.post(reverse("match_share", args=[match.pk]), {"revoke": "Î"}, follow=True)

    assert "That link does not exist or no longer works." in page.content.decode()


def test_a_payment_that_is_not_a_transfer_of_the_evening_is_refused(
    alice_client: Client, alice: User, players: list[Player]
) -> None:
    evening = Evening.objects.create(owner=alice, date="2026-11-29")
    data = {"payer": str(players[0].pk), "payee": str(players[1].pk), "amount": "1000000.00"}

    page = alice_client.post(reverse("payment_toggle", args=[evening.pk]), data, follow=True)

    assert "That payment is not one of this evening&#x27;s transfers." in page.content.decode()
    assert not Payment.objects.exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b" " * 2_000_001, "This file is too big for a match document (over 2 MB)"),
        (b"[" * 100_000 + b"]" * 100_000, "The document is nested more than 20 levels deep"),
    ],
    ids=["too big", "nested too deep"],
)
def test_an_import_that_cannot_be_a_match_says_so(alice_client: Client, content: bytes, message: str) -> None:
    page = alice_client.post(reverse("match_import"), upload(content), follow=True)

    assert message in page.content.decode()
    assert not Match.objects.exists()


def test_an_evening_with_a_player_id_too_big_for_the_database_is_refused(
    alice_client: Client, players: list[Player]
) -> None:
    data = {"date": "2026-11-29", "players": [str(players[0].pk), "-9223372036854775809"]}

    send(alice_client, reverse("evening_list"), data)

    assert not Evening.objects.exists()


# -- Each hostile value once, where the web layer reads it ---------------------------------------------
# The fuzzing above samples; these send every value of the lists below, on SQLite and PostgreSQL.

NO_NUMBERS = ["²", "٣", "-1", "99999999999999999999999", "", "1e3", " 7", "9" * 5000, "\x00"]
TOO_BIG = ["99999999999999999999", "9223372036854775808", "18446744073709551616"]


@pytest.mark.parametrize("version", NO_NUMBERS)
def test_a_live_check_with_a_version_that_is_no_number_answers_with_the_sheet(
    alice_client: Client, make_match: MakeMatch, version: str
) -> None:
    match = make_match(deals=[{"points": [25, 8, 5, 2]}])
    url = reverse("match_live", args=[match.pk])
    for phone in (alice_client, joined(invite_create(match=match, role=Invite.Role.SCORER))):
        phone.get(url, {"v": str(match.version)})  # checked once: the cheap check trusts this phone now
        for query in ({"v": version}, {"v": version, "number": version, "s": version, "typed": version}):
            response = phone.get(url, query)
            assert response.status_code == 200, (query, response.status_code)
            assert f'data-version="{match.version}"' in response.content.decode()


@pytest.mark.parametrize("value", NO_NUMBERS)
def test_pages_reading_numbers_from_the_address_take_anything_there(
    alice_client: Client, make_match: MakeMatch, value: str
) -> None:
    match = make_match(deals=[{"points": [25, 8, 5, 2]}])
    keys = ["deal", "deals", "evening", "holder", "game", "a", "b", "players", "lives", "threshold", "paper"]
    for url in [
        reverse("match_detail", args=[match.pk]),
        reverse("match_print", args=[match.pk]),
        reverse("match_chart", args=[match.pk]),
        reverse("match_new"),
        reverse("blank_sheet", args=["mambassa"]),
        reverse("blank_sheet", args=["busca-001"]),
        reverse("stats_head_to_head"),
    ]:
        response = alice_client.get(url, dict.fromkeys(keys, value))
        # 404: the head-to-head page, when a or b names no player of hers.
        assert response.status_code in (200, 404), (url, value, response.status_code)


def int_routes() -> dict[str, dict[str, Any]]:
    """Every route of the site with a number in its path, by name, with its path's converters: the
    URL configuration's own list, so a route added later is tried too."""
    routes = {}
    for name in url_names():
        if ":" in name or name.startswith("<"):
            continue  # the admin's: for staff only, tested with test_permissions
        converters = get_resolver().reverse_dict.getlist(name)[0][-1]
        if any(isinstance(converter, IntConverter) for converter in converters.values()):
            routes[name] = converters
    return routes


@pytest.mark.parametrize("number", TOO_BIG)
def test_addresses_with_numbers_too_big_for_the_database_are_not_found(
    alice_client: Client, make_match: MakeMatch, number: str
) -> None:
    make_match(deals=[{"points": [25, 8, 5, 2]}])
    routes = int_routes()
    assert {"match_detail", "deal_edit", "change_undo", "player_rename", "evening_detail"} <= set(routes)
    for name, converters in routes.items():
        # Each number of the path too big in turn, the others alice's first match, deal and change.
        for key in [key for key, converter in converters.items() if isinstance(converter, IntConverter)]:
            kwargs = {k: int(number) if k == key else 1 for k in converters}
            url = reverse(name, kwargs=kwargs)
            for method in ("get", "post"):
                status = getattr(alice_client, method)(url).status_code
                assert status in (404, 405), f"{method.upper()} {url}: {status}"
            status = Client().get(url).status_code
            assert status in (302, 404, 405), f"GET {url} logged out: {status}"


@pytest.mark.parametrize(
    ("username", "error"),
    [
        ("a" * 256, "Ensure this value has at most 150 characters (it has 256)."),
        ("Anna" * 2_500, "Ensure this value has at most 150 characters (it has 10000)."),
        ("alice\x00", "Null characters are not allowed."),
        (" ", "This field is required."),
    ],
    ids=["256 characters", "10000 characters", "a NUL", "blank"],
)
def test_logging_in_with_a_name_no_account_can_have_answers_the_form_with_its_error(
    alice: User, settings: Any, username: str, error: str
) -> None:
    settings.AXES_ENABLED = True  # as on a server: failed logins are counted in the database

    page = Client().post(reverse("login"), {"username": username, "password": "not-her-password"})

    assert page.status_code == 200
    assert error in page.content.decode()
    assert all(len(attempt.username or "") <= 150 for attempt in AccessAttempt.objects.all())


def test_a_name_too_long_is_not_counted_as_a_failed_login_and_a_real_name_still_is(
    alice: User, settings: Any
) -> None:
    settings.AXES_ENABLED = True
    phone = Client()
    phone.post(reverse("login"), {"username": "a" * 300, "password": "x"})
    page = phone.post(reverse("login"), {"username": "alice", "password": "not-her-password"})

    assert page.status_code == 200
    assert AccessAttempt.objects.get().username == "alice"


NUL, SURROGATE = "\x00", "%ED%A0%80"  # a lone surrogate as a browser's bytes: not UTF-8


def test_an_evening_place_with_a_nul_is_refused_and_says_so(
    alice_client: Client, players: list[Player]
) -> None:
    data = {"date": "2026-11-29", "place": f"Bar{NUL}Sport", "players": [str(p.pk) for p in players]}

    send(alice_client, reverse("evening_list"), data)
    page = alice_client.post(reverse("evening_list"), data)

    assert "Null characters are not allowed." in page.content.decode()
    assert not Evening.objects.exists()


def test_a_mambassa_hand_with_a_nul_is_refused_and_says_so(
    alice_client: Client, make_mambassa: MakeMatch
) -> None:
    match = make_mambassa()
    base = form_values(alice_client.get(reverse("match_detail", args=[match.pk])), "deal-form")
    hands = {
        "hand_0": f"FC CC{NUL} RC 1C",
        "hand_1": "5S 6S 7S 2B",
        "hand_2": "3D 4D 6B RB",
        "hand_3": "1S 3S 7D 1B",
    }
    data = {**base, "mode": "cards", **hands}

    send(alice_client, reverse("deal_create", args=[match.pk]), data)
    page = alice_client.post(reverse("deal_create", args=[match.pk]), data)

    assert "Anna: Null characters are not allowed." in page.content.decode()
    assert not match.deals.exists()


@pytest.mark.parametrize("field", ["token", "number", "dealer", "told", "points_0"])
def test_a_deal_with_a_nul_in_any_field_is_refused_with_a_message(
    alice_client: Client, make_match: MakeMatch, field: str
) -> None:
    match = make_match()
    base = form_values(alice_client.get(reverse("match_detail", args=[match.pk])), "deal-form")
    typed = {"points_0": "25", "points_1": "8", "points_2": "5", "points_3": "2"}
    data = {**base, **typed, field: f"{base.get(field, typed.get(field, '1'))}{NUL}"}

    send(alice_client, reverse("deal_create", args=[match.pk]), data)


@pytest.mark.parametrize("data", [{"role": f"scorer{NUL}"}, {"revoke": f"1{NUL}"}])
def test_a_share_link_asked_with_a_nul_is_refused_with_a_message(
    alice_client: Client, make_match: MakeMatch, data: dict[str, str]
) -> None:
    match = make_match()

    send(alice_client, reverse("match_share", args=[match.pk]), data)

    assert not Invite.objects.exists()


@pytest.mark.parametrize("name", ["evening_list", "player_list", "signup", "login"])
def test_a_lone_surrogate_sent_as_bytes_is_read_as_a_replacement_character_not_a_failure(
    alice_client: Client, players: list[Player], name: str
) -> None:
    body = {
        "evening_list": f"date=2026-11-29&place=Bar{SURROGATE}&players={players[0].pk}",
        "player_list": f"name=Zeno{SURROGATE}",
        "signup": f"username=carla{SURROGATE}&password1=a-long-pass-9x&password2=a-long-pass-9x",
        "login": f"username=alice{SURROGATE}&password=x",
    }[name]

    response = alice_client.post(reverse(name), body, content_type="application/x-www-form-urlencoded")

    assert response.status_code in (200, 302)
    for text in [
        *Evening.objects.values_list("place", flat=True),
        *Player.objects.values_list("name", flat=True),
    ]:
        text.encode("utf-8")  # whatever was stored is text PostgreSQL takes


def test_a_stake_of_1e30_on_a_finished_match_is_refused_on_the_house_rules_page(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[{"points": [34, 2, 2, 2]}, {"points": [34, 2, 2, 2]}], stake=1)
    assert match.status == "finished"
    data = {o.key: "" if o.default is None else str(o.default) for o in GAMES[match.game].options}
    data = {key: value for key, value in data.items() if value not in ("False", "True")}

    for stake in ["1e30", "1E+30", "-1e30", "1" + "0" * 30, "NaN", "Infinity", f"1{NUL}"]:
        send(alice_client, reverse("match_rules", args=[match.pk]), {**data, "stake": stake})
        page = alice_client.post(reverse("match_rules", args=[match.pk]), {**data, "stake": stake})
        assert "stake" in " ".join(texts(page, "p", class_="error")).lower(), stake

    assert Match.objects.get(pk=match.pk).options["stake"] == 1


def test_a_match_carried_over_with_a_thousand_busche_draws_a_hundred_strokes_and_the_count(
    alice_client: Client, alice: User, players: list[Player]
) -> None:
    from matches import services

    # The most a start may carry over; before, a stroke each (a house rule's huge penalty: millions).
    match = services.match_create(
        owner=alice,
        game="busca-003",
        options={},
        players=players,
        first_dealer=0,
        start={"totals": [1000, 3, 0, 1], "deals": 4},
    )
    start = time.perf_counter()

    page = alice_client.get(reverse("match_detail", args=[match.pk]))

    assert page.status_code == 200
    assert time.perf_counter() - start < 2.0
    assert "+ 900" in texts(page, "text", class_="overflow")
    assert "Anna 1000 busche" in page.content.decode()  # the text alternative reads the whole total


@pytest.mark.parametrize(
    ("url_name", "data"),
    [
        ("match_share", {"revoke": "9" * 5000}),
        ("deal_create", {"tricks": "9" * 5000, "honours": "2"}),
        ("deal_create", {"tricks": "9", "honours": "9" * 5000}),
    ],
    ids=["a link to withdraw", "tricks", "honours"],
)
def test_numbers_longer_than_python_reads_are_refused_with_a_message(
    alice_client: Client, make_whist: MakeMatch, url_name: str, data: dict[str, str]
) -> None:
    match = make_whist()
    base = form_values(alice_client.get(reverse("match_detail", args=[match.pk])), "deal-form")

    send(
        alice_client,
        reverse(url_name, args=[match.pk]),
        {**base, **data} if url_name == "deal_create" else data,
    )
