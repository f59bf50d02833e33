"""A club's sets of house rules ("Le nostre regole"): saved from a match's house rules by an
organiser, read by every member, renamed, changed or deleted by an organiser, and offered by the
new-match page, which fills them in. A set never holds rules its game does not allow."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.core import Refused
from matches.models import CLUB_NAME_MOST, Match, Membership, Player, RuleSet
from matches.services import rule_sets
from matches.services.clubs import personal_club

from .club_people import club_with, logged_in, looking_at
from .guests import scorer, viewer
from .pages import form_values, text, texts

MakeMatch = Callable[..., Match]
OURS = {"stake": 0.5, "single_limit": 30, "renege_penalty": 2}


def save_url(match: Match) -> str:
    return reverse("rule_set_save", args=[match.pk])


def a_set(club: Any, name: str = "Le nostre regole", game: str = "busca-000", **options: Any) -> RuleSet:
    return rule_sets.rule_set_create(club=club, name=name, game=game, options=options or OURS)


# -- Saving a match's rules -------------------------------------------------------------------------


def test_an_organiser_saves_a_matchs_house_rules_as_a_named_set(
    alice_client: Client, alice: User, make_match: MakeMatch
) -> None:
    match = make_match(**OURS)

    response = alice_client.post(save_url(match), {"name": "  Le nostre   regole "})

    assert response["Location"] == reverse("match_rules", args=[match.pk])
    saved = RuleSet.objects.get()
    assert (saved.club, saved.name, saved.game) == (personal_club(alice), "Le nostre regole", "busca-000")
    assert saved.options == match.options  # every rule, the standard ones filled in
    page = alice_client.get(reverse("match_rules", args=[match.pk]))
    assert "This match's rules are saved as “Le nostre regole”" in text(page, "ul", class_="messages")


def test_the_house_rules_page_offers_to_save_them(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match()

    page = alice_client.get(reverse("match_rules", args=[match.pk]))

    assert "Save these rules as…" in texts(page, "h2")
    assert form_values(page, "save-rules-form") == {"name": ""}


@pytest.mark.parametrize("role", [Membership.Role.SCORER, Membership.Role.MEMBER])
def test_only_organisers_save_a_set(alice: User, bob: User, role: str, make_match: MakeMatch) -> None:
    club_with(alice, bob, role)
    match = make_match()

    response = logged_in(bob).post(save_url(match), {"name": "Bob's"})

    assert response.status_code == 403
    assert not RuleSet.objects.exists()


def test_a_phone_with_a_scorers_link_saves_no_set(make_match: MakeMatch) -> None:
    match = make_match()

    assert scorer(match).post(save_url(match), {"name": "Guest's"}).status_code == 403
    assert viewer(match).post(save_url(match), {"name": "Guest's"}).status_code == 403
    assert not RuleSet.objects.exists()


def test_another_club_cannot_save_a_matchs_rules(bob_client: Client, make_match: MakeMatch) -> None:
    match = make_match()

    assert bob_client.post(save_url(match), {"name": "Mine"}).status_code == 404
    assert not RuleSet.objects.exists()


def test_saving_asks_for_a_post(alice_client: Client, make_match: MakeMatch) -> None:
    assert alice_client.get(save_url(make_match())).status_code == 405


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("   ", "Give these rules a name."),
        ("x" * (CLUB_NAME_MOST + 1), "A name has at most 60 characters (this one has 61)."),
        ("Our\x07rules", "with no control characters"),
        ("LE NOSTRE REGOLE", "The club already has rules called “LE NOSTRE REGOLE”: choose another name."),
    ],
)
def test_a_bad_or_taken_name_is_refused_and_nothing_is_saved(
    alice_client: Client, alice: User, make_match: MakeMatch, name: str, said: str
) -> None:
    a_set(personal_club(alice))
    match = make_match()

    response = alice_client.post(save_url(match), {"name": name})

    assert response.status_code == 200
    assert said in response.content.decode()
    assert RuleSet.objects.count() == 1


def test_a_club_keeps_at_most_fifty_sets(alice_client: Client, alice: User, make_match: MakeMatch) -> None:
    club = personal_club(alice)
    for n in range(rule_sets.RULE_SETS_MOST):
        a_set(club, name=f"Set {n}")

    response = alice_client.post(save_url(make_match()), {"name": "One more"})

    assert "A club keeps at most 50 sets of rules" in response.content.decode()
    assert RuleSet.objects.count() == rule_sets.RULE_SETS_MOST
    with pytest.raises(rule_sets.TooManyRuleSets):
        a_set(club, name="Yet another")


# -- What a set may hold ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [{"stake": -1}, {"stake": 0.001}, {"single_limit": 1000}, {"nonsense": True}, {"losers": "everyone"}],
)
def test_a_set_never_holds_rules_its_game_does_not_allow(alice: User, options: dict[str, Any]) -> None:
    with pytest.raises(Refused):
        rule_sets.rule_set_create(club=personal_club(alice), name="Bad", game="busca-000", options=options)
    assert not RuleSet.objects.exists()


def test_a_set_of_an_unknown_game_is_refused(alice: User) -> None:
    with pytest.raises(Refused):
        rule_sets.rule_set_create(club=personal_club(alice), name="Poker", game="poker", options={})


def test_a_set_its_game_no_longer_allows_gives_no_rules(alice: User) -> None:
    stale = RuleSet.objects.create(
        club=personal_club(alice), name="Old", game="busca-000", options={"stake": -5}
    )
    dropped = RuleSet.objects.create(
        club=personal_club(alice), name="Older", game="busca-000", options={"gone": 1, "stake": 2}
    )

    assert rule_sets.rule_set_options(stale) is None
    options = rule_sets.rule_set_options(dropped)
    assert options is not None
    assert options["stake"] == 2
    assert "gone" not in options


# -- The page of the club's rules -------------------------------------------------------------------


def test_every_member_reads_the_clubs_sets_with_what_differs_from_the_standard(
    alice: User, bob: User
) -> None:
    club = club_with(alice, bob, Membership.Role.MEMBER)
    a_set(club)
    a_set(club, name="Whist del giovedì", game="whist", stake=1)
    bob_phone = looking_at(logged_in(bob), club)

    page = bob_phone.get(reverse("rule_sets"))

    assert page.status_code == 200
    html = page.content.decode()
    assert texts(page, "h3") == ["Le nostre regole", "Whist del giovedì"]  # by game, in the games' order
    assert "Renege penalty" in texts(page, "dt")
    assert "Delete" not in texts(page, "button")  # a member reads them
    assert "New match with these rules" not in html  # and starts no match
    assert "The club's organisers make and change its sets of rules." in html


def test_an_organiser_deletes_a_set_and_a_member_cannot(alice_client: Client, alice: User, bob: User) -> None:
    club = club_with(alice, bob, Membership.Role.SCORER)
    ours = a_set(club)
    url = reverse("rule_set_delete", args=[ours.pk])

    assert looking_at(logged_in(bob), club).post(url).status_code == 403
    assert RuleSet.objects.filter(pk=ours.pk).exists()

    response = alice_client.post(url)

    assert response["Location"] == reverse("rule_sets")
    assert not RuleSet.objects.exists()
    assert alice_client.get(url).status_code == 405


def test_an_organiser_renames_a_set_and_changes_its_rules(alice_client: Client, alice: User) -> None:
    ours = a_set(personal_club(alice))
    other = a_set(personal_club(alice), name="Other")
    url = reverse("rule_set_edit", args=[ours.pk])
    page = alice_client.get(url)
    values = form_values(page, "rule-set-form")
    assert values["name"] == "Le nostre regole"
    assert values["opt-single_limit"] == "30"

    taken = alice_client.post(url, {**values, "name": "other"})
    assert "The club already has rules called “other”" in taken.content.decode()

    response = alice_client.post(url, {**values, "name": "Regole di casa", "opt-single_limit": "25"})

    assert response["Location"] == reverse("rule_sets")
    ours.refresh_from_db()
    assert (ours.name, ours.options["single_limit"], ours.options["stake"]) == ("Regole di casa", 25, 0.5)
    other.refresh_from_db()
    assert other.name == "Other"


def test_a_change_to_rules_the_game_does_not_allow_is_refused(alice_client: Client, alice: User) -> None:
    ours = a_set(personal_club(alice))
    url = reverse("rule_set_edit", args=[ours.pk])
    values = form_values(alice_client.get(url), "rule-set-form")

    response = alice_client.post(url, {**values, "opt-stake": "20000"})

    assert response.status_code == 200
    assert "the stake is at most 10000" in response.content.decode().lower()
    ours.refresh_from_db()
    assert ours.options["stake"] == 0.5


def test_an_organiser_makes_a_set_from_the_standard_rules(alice_client: Client, alice: User) -> None:
    url = reverse("rule_set_new") + "?game=whist"
    values = form_values(alice_client.get(url), "rule-set-form")

    response = alice_client.post(url, {**values, "name": "Il nostro Whist", "opt-stake": "2"})

    assert response["Location"] == reverse("rule_sets")
    made = RuleSet.objects.get()
    assert (made.name, made.game, made.options["stake"]) == ("Il nostro Whist", "whist", 2)


def test_a_scorer_makes_no_set(alice: User, bob: User) -> None:
    club = club_with(alice, bob, Membership.Role.SCORER)
    bob_phone = looking_at(logged_in(bob), club)

    assert bob_phone.get(reverse("rule_set_new")).status_code == 403
    assert bob_phone.post(reverse("rule_set_new"), {"game": "whist", "name": "X"}).status_code == 403


def test_a_set_of_another_club_is_not_found(alice: User, bob: User, bob_client: Client) -> None:
    alices = a_set(personal_club(alice))

    assert bob_client.get(reverse("rule_set_edit", args=[alices.pk])).status_code == 404
    assert bob_client.post(reverse("rule_set_delete", args=[alices.pk])).status_code == 404
    assert "Le nostre regole" not in bob_client.get(reverse("rule_sets")).content.decode()
    assert RuleSet.objects.filter(pk=alices.pk).exists()


# -- A new match from a set -------------------------------------------------------------------------


def new_match(client: Client, query: str) -> Any:
    return client.get(reverse("match_new") + query)


def test_the_new_match_page_offers_the_clubs_sets_and_fills_one_in(
    alice_client: Client, alice: User, players: list[Player]
) -> None:
    ours = a_set(personal_club(alice))
    a_set(personal_club(alice), name="Whist", game="whist", stake=1)

    offered = new_match(alice_client, "?game=busca-000")
    assert list(texts(offered, "a", class_="chip")) == ["the standard rules", "Le nostre regole"]
    assert form_values(offered, "match-form")["opt_single_limit"] == "20"

    page = new_match(alice_client, f"?game=busca-000&rules={ours.pk}")

    values = form_values(page, "match-form")
    assert (values["opt_single_limit"], values["opt_stake"], values["opt_renege_penalty"]) == (
        "30",
        "0.5",
        "2",
    )
    assert "“Le nostre regole”; tap to change" in page.content.decode()
    seats = {f"seat_{n}": str(p.pk) for n, p in enumerate(players)}
    started = alice_client.post(reverse("match_new"), {**values, **seats, "first_dealer": "0"})
    assert started.status_code == 302
    assert Match.objects.get().options["single_limit"] == 30


@pytest.mark.parametrize("rules", ["other-club", "other-game", "abc", "9" * 40, "-1", "999999"])
def test_a_set_of_another_club_or_game_or_none_is_ignored(
    alice_client: Client, alice: User, bob: User, rules: str
) -> None:
    theirs = a_set(personal_club(bob), name="Bob's")
    whist = a_set(personal_club(alice), name="Whist", game="whist", stake=3)
    sent = {"other-club": str(theirs.pk), "other-game": str(whist.pk)}.get(rules, rules)

    page = new_match(alice_client, f"?game=busca-000&rules={sent}")

    assert page.status_code == 200
    values = form_values(page, "match-form")
    assert (values["opt_single_limit"], values["opt_stake"]) == ("20", "0")
    assert "rules" not in values


def test_a_set_its_game_no_longer_allows_starts_from_the_standard_rules(
    alice_client: Client, alice: User
) -> None:
    stale = RuleSet.objects.create(
        club=personal_club(alice), name="Old", game="busca-000", options={"stake": -5}
    )

    page = new_match(alice_client, f"?game=busca-000&rules={stale.pk}")
    listed = alice_client.get(reverse("rule_sets"))

    assert form_values(page, "match-form")["opt_stake"] == "0"
    assert "The game no longer allows some of these rules" in listed.content.decode()
