"""The pages whose parts are kept in the cache ({% cache %} fragments) still show each phone its own page.

The drawing and the deal table of a match page, and each match's card in the list and in an evening,
are kept by their match's version; what differs between phones (who may score, the language, the
CSRF tokens, the entry form's one-time token) must differ, and what changed must show at once.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Any

from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from matches import services
from matches.models import Change, Evening, Match, Player

from .guests import scorer, viewer
from .pages import count, text, texts

MakeMatch = Callable[..., Match]
EVEN = {"points": [10, 10, 10, 10]}


def page(client: Client, match: Match) -> Any:
    return client.get(reverse("match_detail", args=[match.pk]))


def test_the_undo_button_of_a_kept_change_log_carries_the_token_of_the_phone_that_shows_it(
    alice: User, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    first.force_login(alice)
    second.force_login(alice)
    page(first, match)  # draws and keeps the change log

    shown = page(second, match).content.decode()

    undo = reverse("change_undo", args=[match.pk, Change.objects.get(match=match).pk])
    form = re.search(rf'action="{undo}">\s*<input[^>]*name="csrfmiddlewaretoken" value="([^"]+)"', shown)
    assert form is not None
    response = second.post(undo, {"csrfmiddlewaretoken": form.group(1), "confirmed": "1"})
    assert response.status_code == 302  # accepted: the token is this phone's
    assert Match.objects.get(pk=match.pk).deals.count() == 0


def test_each_page_of_a_kept_entry_form_has_its_own_one_time_token_and_this_phones_csrf_token(
    alice: User, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    phones = [Client(enforce_csrf_checks=True) for _ in range(2)]
    for phone in phones:
        phone.force_login(alice)
    shown = [page(phone, match).content.decode() for phone in phones]  # the second one is kept

    found = [re.search(r'name="token" value="([^"]+)"', html) for html in shown]
    tokens = [token for token in found if token is not None]
    assert len(tokens) == 2
    assert tokens[0].group(1) != tokens[1].group(1)
    # Both phones save their own deal 2 (each with its token, each other points): one is stored, the
    # other told it was taken.
    statuses = []
    for phone, html, token, first in zip(phones, shown, tokens, ("10", "13"), strict=True):
        csrf = re.search(r'id="deal-form".*?name="csrfmiddlewaretoken" value="([^"]+)"', html, re.S)
        assert csrf is not None
        sent = {"csrfmiddlewaretoken": csrf.group(1), "token": token.group(1), "number": "2"}
        points = {"points_0": first, "points_1": "10", "points_2": "10", "points_3": str(20 - int(first))}
        response = phone.post(reverse("deal_create", args=[match.pk]), sent | points)
        statuses.append(response.status_code)
    assert statuses == [302, 422]  # stored; refused as taken (not as a forged or a repeated post)
    assert Match.objects.get(pk=match.pk).deals.count() == 2


def test_a_viewer_does_not_get_the_correction_links_drawn_for_a_scorer(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    edit = reverse("deal_edit", args=[match.pk, 1])
    assert count(page(alice_client, match), "a", href=edit) == 1

    assert count(page(viewer(match), match), "a", href=edit) == 0


def test_the_italian_page_is_not_the_english_one_kept(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN])
    assert "Deals" in texts(page(alice_client, match), "h2")

    alice_client.post(reverse("set_language"), {"language": "it"})

    assert "Deals" not in texts(page(alice_client, match), "h2")


def test_a_renamed_player_is_drawn_with_the_new_name_at_once(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    assert "Dario" in page(alice_client, match).content.decode()

    Player.objects.filter(name="Dario").update(name="Davide")

    shown = page(alice_client, match).content.decode()
    assert "Davide" in shown
    assert "Dario" not in shown


def test_a_new_deal_is_drawn_at_once(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN])
    assert count(page(alice_client, match), "th", scope="row") == 1

    alice_client.post(reverse("deal_create", args=[match.pk]), {f"points_{s}": "10" for s in range(4)})

    assert count(page(alice_client, match), "th", scope="row") == 2


def test_a_message_is_shown_once_on_a_page_of_kept_parts(alice_client: Client, make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN, EVEN])
    page(alice_client, match)  # kept without a message

    alice_client.post(reverse("deal_delete", args=[match.pk, 2]))

    assert texts(page(alice_client, match), "li", class_="success") == [
        "Deal 2 deleted; the changes below can restore it."
    ]
    assert texts(page(alice_client, match), "li", class_="success") == []


def test_the_evening_of_a_match_page_of_kept_parts_is_drawn_as_it_is_now(
    alice: User, alice_client: Client, make_match: MakeMatch
) -> None:
    evening = Evening.objects.create(owner=alice, date=date(2026, 11, 27))
    match = make_match(deals=[EVEN])
    Match.objects.filter(pk=match.pk).update(evening=evening)
    assert texts(page(alice_client, match), "p", class_="evening-link") == ["← Evening of 27 November 2026"]

    Evening.objects.filter(pk=evening.pk).update(date=date(2026, 11, 28))

    assert texts(page(alice_client, match), "p", class_="evening-link") == ["← Evening of 28 November 2026"]


def test_the_owner_and_a_scorer_link_are_not_shown_each_others_page(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    share = reverse("match_share", args=[match.pk])
    assert count(page(alice_client, match), "a", href=share) == 1

    shown = page(scorer(match), match)

    assert shown.status_code == 200
    assert count(shown, "a", href=share) == 0
    assert count(shown, "form", id="deal-form") == 1


def test_the_kept_matches_list_shows_a_new_deal_and_a_new_match_at_once(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    assert texts(alice_client.get(reverse("match_list")), "span", class_="meta")[0].endswith("1 deal")

    alice_client.post(reverse("deal_create", args=[match.pk]), {f"points_{s}": "10" for s in range(4)})
    assert texts(alice_client.get(reverse("match_list")), "span", class_="meta")[0].endswith("2 deals")

    make_match()
    assert len(texts(alice_client.get(reverse("match_list")), "span", class_="meta")) == 2


def test_the_kept_matches_list_shows_a_renamed_player_at_once(
    alice_client: Client, make_match: MakeMatch
) -> None:
    make_match(deals=[EVEN])
    assert "Dario" in alice_client.get(reverse("match_list")).content.decode()

    Player.objects.filter(name="Dario").update(name="Davide")

    shown = alice_client.get(reverse("match_list")).content.decode()
    assert "Davide" in shown
    assert "Dario" not in shown


def test_the_kept_evening_shows_a_new_deal_a_new_match_and_a_renamed_player_at_once(
    alice: User, alice_client: Client, make_match: MakeMatch
) -> None:
    evening = Evening.objects.create(owner=alice, date=date(2026, 11, 27))
    match = make_match(deals=[EVEN])
    Match.objects.filter(pk=match.pk).update(evening=evening)
    url = reverse("evening_detail", args=[evening.pk])
    assert texts(alice_client.get(url), "span", class_="players") == ["Anna 1 Bruno 1 Carla 1 Dario 1"]

    alice_client.post(reverse("deal_create", args=[match.pk]), {f"points_{s}": "10" for s in range(4)})
    assert texts(alice_client.get(url), "span", class_="players") == ["Anna 2 Bruno 2 Carla 2 Dario 2"]

    Match.objects.filter(pk=make_match().pk).update(evening=evening)
    assert len(texts(alice_client.get(url), "span", class_="players")) == 2

    Player.objects.filter(name="Dario").update(name="Davide")
    assert texts(alice_client.get(url), "span", class_="players")[0] == "Anna 2 Bruno 2 Carla 2 Davide 2"


def test_a_corrected_deal_redraws_its_row_and_the_running_totals_of_the_rows_after_it(
    alice: User, alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN, EVEN, EVEN])
    before = texts(page(alice_client, match), "td")

    services.deal_edit(match=match, number=1, entry={"points": [4, 4, 16, 16]}, author=alice)
    kept = texts(page(alice_client, match), "td")
    cache.clear()
    drawn_afresh = texts(page(alice_client, match), "td")

    assert kept == drawn_afresh
    assert kept[:4] != before[:4]  # deal 3's running totals, newest first
    assert kept[8:] != before[8:]  # deal 1


# -- Cards and settlements kept per state of their match -------------------------------------------
# A changed match draws the list or the evening again, but only its own card (and the settlement
# only when a finished match changed): these check that no card or settlement is kept stale.

ANNA_TAKES_14 = {"points": [14, 10, 9, 7]}  # busca-001: Anna takes a busca; after two, Anna pays 1.00


def two_deal_match(make_match: MakeMatch) -> Match:
    """A busca-001 match of alice's that ends at its second deal, played to its first."""
    return make_match("busca-001", deals=[ANNA_TAKES_14], stake=1, max_deals=2)


def play_deal(client: Client, match: Match, entry: dict[str, list[int]] = ANNA_TAKES_14) -> None:
    response = client.post(
        reverse("deal_create", args=[match.pk]), {f"points_{s}": p for s, p in enumerate(entry["points"])}
    )
    assert response.status_code == 302


def in_evening(alice: User, *matches: Match) -> str:
    """An evening of alice's holding ``matches`` (moved without touching them); its address."""
    evening = Evening.objects.create(owner=alice, date=date(2026, 11, 27))
    Match.objects.filter(pk__in=[match.pk for match in matches]).update(evening=evening)
    return reverse("evening_detail", args=[evening.pk])


def test_a_kept_card_in_the_list_shows_its_match_finished_at_once_and_the_other_as_it_was(
    alice_client: Client, make_match: MakeMatch
) -> None:
    finishing, other = two_deal_match(make_match), make_match(deals=[EVEN])
    shown = alice_client.get(reverse("match_list"))
    assert texts(shown, "span", class_="status") == ["in progress", "in progress"]

    play_deal(alice_client, finishing)

    shown = alice_client.get(reverse("match_list"))
    assert texts(shown, "span", class_="status") == ["in progress", "finished"]
    card = text(shown, "li", class_="finished")
    assert "Anna 2 Bruno 0 Carla 0 Dario 0" in card
    assert card.endswith("· 2 deals")
    assert texts(shown, "span", class_="winner") == ["Bruno 0", "Carla 0", "Dario 0"]
    assert count(shown, "a", href=other.get_absolute_url()) == 1
    assert text(shown, "li", class_="in_progress").endswith("1 deal")


def test_a_kept_settlement_counts_a_match_the_moment_it_finishes(
    alice: User, alice_client: Client, make_match: MakeMatch
) -> None:
    finishing = two_deal_match(make_match)
    url = in_evening(alice, finishing, make_match(deals=[EVEN]))
    shown = alice_client.get(url)
    assert text(shown, "p", class_="notice") == "2 matches are still in progress and not counted yet."
    assert texts(shown, "ol", class_="transfers") == []

    play_deal(alice_client, finishing)

    shown = alice_client.get(url)
    assert text(shown, "p", class_="notice") == "1 match is still in progress and not counted yet."
    assert texts(shown, "span", class_="status") == ["finished", "in progress"]
    assert texts(shown, "ol", class_="transfers")[0].startswith("Anna pays Bruno €0.34 Mark paid")


def test_a_kept_settlement_follows_new_house_rules_of_a_finished_match(
    alice: User, alice_client: Client, make_match: MakeMatch
) -> None:
    finished = make_match("busca-001", deals=[ANNA_TAKES_14] * 2, stake=1, max_deals=2)
    url = in_evening(alice, finished)
    assert text(alice_client.get(url), "ul", class_="settlement") == (
        "Bruno +€0.34 Carla +€0.33 Dario +€0.33 Anna −€1.00"
    )

    services.match_options_change(match=finished, options={"stake": 2}, author=alice)

    assert text(alice_client.get(url), "ul", class_="settlement") == (
        "Bruno +€0.67 Carla +€0.67 Dario +€0.66 Anna −€2.00"
    )


def test_a_renamed_player_is_drawn_at_once_in_every_kept_card_and_in_the_kept_settlement(
    alice: User, alice_client: Client, make_match: MakeMatch
) -> None:
    finished = make_match("busca-001", deals=[ANNA_TAKES_14] * 2, stake=1, max_deals=2)
    url = in_evening(alice, finished, make_match(deals=[EVEN]))
    for page_url in (url, reverse("match_list")):
        assert "Dario" in alice_client.get(page_url).content.decode()

    Player.objects.filter(name="Dario").update(name="Davide")

    evening, matches = alice_client.get(url), alice_client.get(reverse("match_list"))
    assert [row.split()[6] for row in texts(evening, "span", class_="players")] == ["Davide", "Davide"]
    assert [row.split()[6] for row in texts(matches, "span", class_="players")] == ["Davide", "Davide"]
    assert "Davide +€0.33" in text(evening, "ul", class_="settlement")
    assert "Anna pays Davide €0.33" in text(evening, "ol", class_="transfers")


def test_a_finished_match_moved_into_the_evening_is_settled_at_once(
    alice: User, alice_client: Client, make_match: MakeMatch
) -> None:
    url = in_evening(alice, make_match(deals=[EVEN]))
    assert texts(alice_client.get(url), "ul", class_="settlement") == []

    finished = make_match("busca-001", deals=[ANNA_TAKES_14] * 2, stake=1, max_deals=2)
    Match.objects.filter(pk=finished.pk).update(evening=Evening.objects.get())

    assert text(alice_client.get(url), "ul", class_="settlement").endswith("Anna −€1.00")


def test_the_shared_evening_does_not_show_the_links_of_the_cards_kept_for_its_owner(
    alice: User, alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    url = in_evening(alice, match)
    Evening.objects.update(public_token="a-shared-evening")
    assert count(alice_client.get(url), "a", href=match.get_absolute_url()) == 1

    shared = Client().get(reverse("evening_public", args=["a-shared-evening"]))

    assert texts(shared, "span", class_="players") == ["Anna 1 Bruno 1 Carla 1 Dario 1"]
    assert count(shared, "a", href=match.get_absolute_url()) == 0
    assert count(alice_client.get(url), "a", href=match.get_absolute_url()) == 1


def test_the_italian_list_and_evening_do_not_show_the_english_cards_kept(
    alice: User, alice_client: Client, make_match: MakeMatch
) -> None:
    url = in_evening(alice, make_match(deals=[EVEN]))
    assert texts(alice_client.get(reverse("match_list")), "span", class_="status") == ["in progress"]
    assert texts(alice_client.get(url), "span", class_="status") == ["in progress"]

    alice_client.post(reverse("set_language"), {"language": "it"})

    assert texts(alice_client.get(reverse("match_list")), "span", class_="status") == ["in corso"]
    assert texts(alice_client.get(url), "span", class_="status") == ["in corso"]


def test_a_kept_card_shows_its_date_in_the_time_zone_of_the_page(
    alice_client: Client, make_match: MakeMatch, settings: Any
) -> None:
    late = make_match(deals=[EVEN])  # begun at half past midnight in Rome: still the 27th in London
    Match.objects.filter(pk=late.pk).update(created_at=datetime(2026, 11, 27, 23, 30, tzinfo=UTC))
    other = make_match(deals=[EVEN])
    assert texts(alice_client.get(reverse("match_list")), "span", class_="meta")[1].startswith("28 Nov 2026")

    settings.TIME_ZONE = "Europe/London"
    play_deal(alice_client, other, EVEN)  # the list is drawn again; the late match's card is kept

    assert texts(alice_client.get(reverse("match_list")), "span", class_="meta")[1].startswith("27 Nov 2026")


# -- The entry form: drawn for each page, never kept --------------------------------------------

BRUNO_TAKES_14 = {"points": [10, 14, 9, 7]}


def entry_form_of(client: Client, match: Match) -> str:
    """The entry form as the match page shows it, its one-time token and CSRF token left out."""
    html = page(client, match).content.decode()
    form = re.search(r'<form id="deal-form".*?</form>', html, re.S)
    assert form is not None
    return re.sub(r'name="(token|csrfmiddlewaretoken)" value="[^"]+"', "", form.group(0))


def test_the_next_deals_form_after_the_same_dealer_has_its_own_number(
    alice_client: Client, make_match: MakeMatch
) -> None:
    """After Anna's busca Anna deals, deal 2 as deal 3: the same form but for its number."""
    match = make_match("busca-001", deals=[ANNA_TAKES_14])
    first = entry_form_of(alice_client, match)
    play_deal(alice_client, match)

    kept = entry_form_of(alice_client, match)
    cache.clear()
    drawn_afresh = entry_form_of(alice_client, match)

    assert kept == drawn_afresh
    assert "Deal 3" in kept
    assert "Save deal 3" in kept
    assert 'name="number" value="3"' in kept
    assert kept == re.sub(r'([Dd]eal |name="number" value=")2\b', r"\g<1>3", first)  # but for its number


def test_the_next_deals_form_is_not_the_one_kept_for_another_dealer(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match("busca-001", deals=[ANNA_TAKES_14])
    assert "Anna deals" in text(page(alice_client, match), "p", class_="next")

    play_deal(alice_client, match, BRUNO_TAKES_14)

    assert "Bruno deals" in text(page(alice_client, match), "p", class_="next")
    assert "Carla leads" in text(page(alice_client, match), "p", class_="next")


# -- A list or an evening of kept cards ----------------------------------------------------------


def test_a_deal_entered_redraws_its_card_in_the_list_and_not_the_others(
    alice: User, alice_client: Client, make_match: MakeMatch
) -> None:
    match, other = make_match(deals=[EVEN]), make_match("busca-001")
    alice_client.get(reverse("match_list"))

    services.deal_record(match=match, entry=EVEN, author=alice)
    shown = alice_client.get(reverse("match_list"))

    assert texts(shown, "span", class_="meta")[1].endswith("2 deals")  # newest first: `other`, then `match`
    assert texts(shown, "span", class_="meta")[0].endswith("0 deals")
    assert other.pk != match.pk


def test_a_match_that_ends_moves_in_the_kept_list_below_those_in_progress(
    alice: User, alice_client: Client, make_match: MakeMatch
) -> None:
    ending, newer = two_deal_match(make_match), make_match()
    assert texts(alice_client.get(reverse("match_list")), "span", class_="status") == ["in progress"] * 2

    services.deal_record(match=ending, entry=ANNA_TAKES_14, author=alice)

    shown = alice_client.get(reverse("match_list"))
    assert texts(shown, "span", class_="status") == ["in progress", "finished"]
    assert count(shown, "a", href=newer.get_absolute_url()) == 1


def test_a_deal_entered_redraws_the_evenings_card_and_summary(
    alice: User, alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    url = in_evening(alice, match, two_deal_match(make_match))
    assert "In progress after 1 deal" in text(alice_client.get(url), "textarea", id="summary-text")

    services.deal_record(match=match, entry=EVEN, author=alice)
    shown = alice_client.get(url)

    assert "In progress after 2 deals" in text(shown, "textarea", id="summary-text")
    assert texts(shown, "span", class_="players")[0] == "Anna 2 Bruno 2 Carla 2 Dario 2"


def test_an_evening_drawn_with_a_message_has_its_cards_and_summary_in_their_places(
    alice: User, alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    in_evening(alice, match)
    evening_pk = Match.objects.get(pk=match.pk).evening_id
    sent = {"payer": "1", "payee": "2", "amount": "1.00"}

    shown = alice_client.post(reverse("payment_toggle", args=[evening_pk]), sent, follow=True)

    assert "That payment is not one of this evening" in shown.content.decode()  # the message shown
    assert texts(shown, "span", class_="players") == ["Anna 1 Bruno 1 Carla 1 Dario 1"]
    assert "In progress after 1 deal" in text(shown, "textarea", id="summary-text")


# -- Tokens are never kept; junk in an address keeps nothing new ---------------------------------


def csrf_tokens(response: Any) -> set[str]:
    """Every CSRF token a page carries: its forms' and the one htmx sends (hx-headers on <body>)."""
    html = response.content.decode()
    found = set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', html))
    return found | set(re.findall(r'"x-csrftoken": "([^"]+)"', html))


def test_two_visitors_of_one_page_each_get_their_own_csrf_token_and_only_theirs_works(
    alice: User, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    phones = [Client(enforce_csrf_checks=True) for _ in range(2)]
    for phone in phones:
        phone.force_login(alice)
    shown = [page(phone, match) for phone in phones]  # the second one's drawing and table from the cache

    tokens = [csrf_tokens(response) for response in shown]
    assert all(tokens)
    assert not tokens[0] & tokens[1]
    language = re.compile(r'<form class="lang" action="([^"]+)" method="post">\s*<input[^>]*value="([^"]+)"')
    found = [language.search(response.content.decode()) for response in shown]
    forms = [form for form in found if form is not None]
    assert len(forms) == 2
    # Each phone's own token switches its language; the other phone's is refused.
    stolen = phones[1].post(forms[0].group(1), {"csrfmiddlewaretoken": forms[0].group(2), "language": "it"})
    assert stolen.status_code == 403
    for phone, form in zip(phones, forms, strict=True):
        response = phone.post(form.group(1), {"csrfmiddlewaretoken": form.group(2), "language": "it"})
        assert response.status_code == 302


def test_a_viewer_never_gets_the_owners_csrf_token_from_a_kept_drawing(
    alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    owners = csrf_tokens(page(alice_client, match))

    guests = csrf_tokens(page(viewer(match), match))

    assert guests
    assert not owners & guests


def test_junk_in_the_address_of_a_page_keeps_nothing_new_in_the_cache(
    alice: User, alice_client: Client, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    urls = [match.get_absolute_url(), reverse("match_list"), in_evening(alice, match)]
    for url in urls:
        alice_client.get(url)
    kept = len(cache._cache)  # type: ignore[attr-defined]  # (LocMemCache's own entries: what a process holds)

    for n in range(40):
        for url in urls:
            assert alice_client.get(f"{url}?junk={n}&x{n}=y").status_code == 200
    assert alice_client.get(f"{match.get_absolute_url()}?deals=all").status_code == 200  # not kept: long

    assert len(cache._cache) == kept  # type: ignore[attr-defined]
