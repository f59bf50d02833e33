"""The admin: every model of the app is there, and an operator mends things without a shell.

An operator renames a player, deactivates an account, withdraws a link or logs a phone out; a
match, its deals and its change log are read there but never changed behind the services' back.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from decimal import Decimal
from typing import Any, TypeVar

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth import get_user
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.db.models import Model
from django.test import Client
from django.urls import reverse

from matches import services
from matches.access import invite_create
from matches.models import Deal, Evening, Invite, Match, Payment, Player, RuleSet

from .guests import join_url
from .pages import form_values, texts

MakeMatch = Callable[..., Match]
M = TypeVar("M", bound=Model)
MODELS = [model._meta.model_name for model in apps.get_app_config("matches").get_models()]


def admin_url(model: type[Model] | Model, view: str, *args: Any) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


@pytest.fixture
def everything(alice: User, players: list[Player], make_match: MakeMatch) -> dict[str, Model]:
    """One of each of the app's models, all of alice's, a deal deleted at the table among them."""
    match = make_match(deals=[{"points": [25, 8, 5, 2]}, {"points": [10, 10, 10, 10]}])
    services.deal_delete(match=match, number=2, author=alice)
    evening = Evening.objects.create(owner=alice, date=date(2026, 11, 28), place="Bar", public_token="link")
    evening.players.set(players)
    phone = Client()
    phone.force_login(alice)
    return {
        "player": players[0],
        "match": match,
        "seat": match.seats.all()[0],
        "deal": Deal.everything.filter(match=match)[0],
        "invite": invite_create(match=match, role=Invite.Role.VIEWER),
        "change": match.changes.all()[0],
        "evening": evening,
        "payment": Payment.objects.create(
            evening=evening, payer=players[0], payee=players[1], amount=Decimal("1.50")
        ),
        "session": Session.objects.get(session_key=phone.session.session_key),
        "club": match.club,
        "membership": match.club.memberships.get(),
        "ruleset": RuleSet.objects.create(club=match.club, name="Le nostre regole", game="busca-000"),
    }


def one(everything: dict[str, Model], name: str, model: type[M]) -> M:
    """The fixture's ``name``, a ``model``."""
    thing = everything[name]
    assert isinstance(thing, model)
    return thing


def test_every_model_of_the_app_is_in_the_admin() -> None:
    missing = [
        model.__name__
        for model in apps.get_app_config("matches").get_models()
        if not admin.site.is_registered(model)
    ]

    assert missing == []


@pytest.mark.parametrize("name", MODELS)
def test_each_models_list_search_and_page_open_for_a_superuser(
    name: str, admin_client: Client, everything: dict[str, Model]
) -> None:
    thing = everything[name]

    listed = admin_client.get(admin_url(thing, "changelist"))
    searched = admin_client.get(admin_url(thing, "changelist"), {"q": "alice"})
    page = admin_client.get(admin_url(thing, "change", thing.pk))

    assert listed.status_code == 200
    assert listed.context["cl"].result_count >= 1
    assert searched.status_code == 200
    assert page.status_code == 200


def test_the_deals_deleted_at_the_table_are_listed_too(
    admin_client: Client, everything: dict[str, Model]
) -> None:
    listed = admin_client.get(admin_url(Deal, "changelist"))

    assert listed.context["cl"].result_count == 2
    deleted = admin_client.get(admin_url(Deal, "changelist"), {"deleted_at__isempty": "0"})
    assert [deal.number for deal in deleted.context["cl"].result_list] == [2]


def test_an_operator_renames_a_player(admin_client: Client, everything: dict[str, Model]) -> None:
    player = one(everything, "player", Player)

    saved = admin_client.post(admin_url(player, "change", player.pk), {"name": "Annina"})

    assert saved.status_code == 302
    player.refresh_from_db()
    assert player.name == "Annina"
    assert player.owner is not None
    assert player.owner.username == "alice"


def test_an_operator_deactivates_an_account_and_its_phones_are_logged_out(
    admin_client: Client, alice: User, alice_client: Client
) -> None:
    url = admin_url(alice, "change", alice.pk)
    sent = form_values(admin_client.get(url), "user_form")
    del sent["is_active"]
    for empty in ("groups", "user_permissions"):  # a multiple choice with none chosen sends nothing
        del sent[empty]

    saved = admin_client.post(url, sent)

    assert saved.status_code == 302, texts(saved, "ul", class_="errorlist")
    alice.refresh_from_db()
    assert not alice.is_active
    assert not get_user(alice_client).is_authenticated


def test_an_operator_withdraws_a_link_and_it_no_longer_opens_the_match(
    admin_client: Client, everything: dict[str, Model]
) -> None:
    invite = one(everything, "invite", Invite)

    done = admin_client.post(
        admin_url(Invite, "changelist"), {"action": "withdraw", "_selected_action": [invite.pk]}, follow=True
    )

    assert texts(done, "li", class_="info") == ["1 link withdrawn."]
    invite.refresh_from_db()
    assert invite.revoked_at is not None
    gone = Client().get(join_url(invite))
    assert gone.status_code == 404
    assert texts(gone, "h1") == ["This link no longer works"]


def test_an_operator_withdraws_an_evenings_public_link(
    admin_client: Client, everything: dict[str, Model]
) -> None:
    evening = one(everything, "evening", Evening)

    done = admin_client.post(
        admin_url(Evening, "changelist"),
        {"action": "stop_sharing", "_selected_action": [evening.pk]},
        follow=True,
    )

    assert texts(done, "li", class_="info") == ["1 public link withdrawn."]
    evening.refresh_from_db()
    assert evening.public_token is None
    assert Client().get(reverse("evening_public", args=["link"])).status_code == 404


def test_a_matchs_stored_result_is_shown_but_cannot_be_changed(
    admin_client: Client, everything: dict[str, Model]
) -> None:
    match = one(everything, "match", Match)
    result = Match.objects.get(pk=match.pk).result

    page = admin_client.get(admin_url(match, "change", match.pk))
    changed = admin_client.post(admin_url(match, "change", match.pk), {"result": "{}", "status": "finished"})

    assert "Result" in page.content.decode()
    assert 'name="result"' not in page.content.decode()
    assert changed.status_code == 403
    assert Match.objects.get(pk=match.pk).result == result
    assert admin_client.get(admin_url(Match, "add")).status_code == 403


def test_a_deal_is_not_deleted_behind_the_matchs_back(
    admin_client: Client, everything: dict[str, Model]
) -> None:
    deal = one(everything, "deal", Deal)

    refused = admin_client.post(admin_url(deal, "delete", deal.pk), {"post": "yes"})

    assert refused.status_code == 403
    assert Deal.everything.filter(pk=deal.pk).exists()


def test_deleting_a_session_logs_that_phone_out(
    admin_client: Client, alice: User, alice_client: Client
) -> None:
    session = Session.objects.get(session_key=alice_client.session.session_key)

    admin_client.post(admin_url(session, "delete", session.pk), {"post": "yes"})

    assert not get_user(alice_client).is_authenticated


def test_the_sessions_are_listed_with_their_user_and_found_by_the_users_name(
    admin_client: Client, everything: dict[str, Model]
) -> None:
    session = one(everything, "session", Session)
    listed = admin_client.get(admin_url(session, "changelist"))
    assert "alice" in texts(listed, "td")

    found = admin_client.get(admin_url(session, "changelist"), {"q": "ali"})
    not_found = admin_client.get(admin_url(session, "changelist"), {"q": "nobody"})

    assert [row.pk for row in found.context["cl"].result_list] == [session.pk]
    assert not_found.context["cl"].result_count == 0


def test_a_session_shows_its_user_and_expiry_never_its_data(
    admin_client: Client, everything: dict[str, Model]
) -> None:
    session = one(everything, "session", Session)

    page = admin_client.get(admin_url(session, "change", session.pk)).content.decode()

    assert "alice" in page
    assert session.session_data not in page


def test_the_admin_index_names_the_apps_models_in_plain_english(admin_client: Client) -> None:
    index = admin_client.get(reverse("admin:index"))

    links = texts(index, "a")
    assert "Matches" in links
    assert "Players" in links
    assert "Matchs" not in links
