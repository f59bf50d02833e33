"""The services: the only code that writes. Each change replays the match; a refused change stores nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.core import Refused
from matches import services
from matches.models import Deal, Match, Player

from .games import DEFAULTS, STORED
from .results import replayed
from .typed import numbered

MakeMatch = Callable[..., Match]

# Anna takes 34 points: 14 busche by the table, and she deals again.
ANNA_34 = {"points": [34, 2, 2, 2]}
# Everyone on 10: a four-way tie at the top, one busca each.
EVEN = {"points": [10, 10, 10, 10]}


def stored(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def entries(match: Match) -> list[tuple[int, dict[str, Any]]]:
    return numbered(match)  # as typed: the dealer only where the table chose one


@pytest.mark.parametrize("game", sorted(DEFAULTS))
def test_a_new_match_stores_every_option_with_the_defaults_filled_in(
    game: str, alice: User, players: list[Player]
) -> None:
    match = services.match_create(
        owner=alice, game=game, options={"stake": 2}, players=players, first_dealer=0
    )

    match = stored(match)
    assert match.options == {**STORED[game], "stake": 2}
    assert match.status == Match.Status.IN_PROGRESS
    assert match.result["totals"] == [0, 0, 0, 0]
    assert [seat.player.name for seat in match.seats.all()] == ["Anna", "Bruno", "Carla", "Dario"]


def test_a_new_match_with_an_unknown_option_is_refused_and_not_stored(
    alice: User, players: list[Player]
) -> None:
    with pytest.raises(Refused) as refused:
        services.match_create(
            owner=alice, game="busca-000", options={"jokers": True}, players=players, first_dealer=0
        )

    assert [str(p) for p in refused.value.problems] == ["unknown option jokers"]
    assert not Match.objects.exists()


def test_deals_are_numbered_one_two_three_and_each_bumps_the_version(make_match: MakeMatch) -> None:
    match = make_match()
    versions = [stored(match).version]

    numbers = []
    for entry in ({"points": [25, 8, 5, 2]}, EVEN, {"points": [2, 25, 8, 5]}):
        numbers.append(services.deal_record(match=match, entry=entry, author=None).number)
        versions.append(stored(match).version)

    assert numbers == [1, 2, 3]
    assert versions == [versions[0], versions[0] + 1, versions[0] + 2, versions[0] + 3]
    assert stored(match).result["totals"] == [5 + 1, 1 + 5, 1, 1]


def test_a_deal_records_who_entered_it(make_match: MakeMatch, alice: User) -> None:
    match = make_match()

    deal = services.deal_record(match=match, entry=EVEN, author=alice)

    assert Deal.objects.get(pk=deal.pk).entered_by == alice


def test_an_impossible_deal_is_refused_and_changes_nothing(make_match: MakeMatch) -> None:
    match = make_match(deals=[ANNA_34])
    before = stored(match)

    with pytest.raises(Refused) as refused:
        services.deal_record(match=match, entry={"points": [25, 8, 5, 1]}, author=None)

    assert [str(p) for p in refused.value.problems] == [
        "deal 2: points add up to 39, a deal of busca-000 has 40"
    ]
    after = stored(match)
    assert entries(match) == [(1, ANNA_34)]
    assert after.version == before.version
    assert after.result == before.result


def test_a_deal_after_the_end_of_the_match_is_refused(make_match: MakeMatch) -> None:
    match = make_match(deals=[ANNA_34, ANNA_34])
    before = stored(match)

    with pytest.raises(Refused) as refused:
        services.deal_record(match=match, entry=EVEN, author=None)

    assert [str(p) for p in refused.value.problems] == ["deal 3: the match ended after deal 2"]
    assert len(entries(match)) == 2
    assert stored(match).version == before.version


def test_editing_a_deal_replays_every_deal_after_it_each_dealt_by_who_dealt_it(make_match: MakeMatch) -> None:
    match = make_match(deals=[ANNA_34, EVEN])
    assert replayed(match)["deals"][1]["dealer"] == "Anna"  # she took the busche of deal 1

    services.deal_edit(match=match, number=1, entry=EVEN, author=None)

    result = replayed(match)
    assert result["totals"] == [2, 2, 2, 2]
    # Who dealt deal 2 is a fact (docs/format.md): Anna still; the rules would now choose Bruno.
    assert result["deals"][1]["dealer"] == "Anna"
    assert entries(match) == [(1, EVEN), (2, {**EVEN, "dealer": "Anna"})]
    # The next deal follows the rules: all four took one busca, so Bruno, after the dealer Anna.
    assert result["deals"][1]["next_dealer"] == "Bruno"


def test_editing_the_deal_that_ended_the_match_reopens_it(make_match: MakeMatch) -> None:
    match = make_match(deals=[ANNA_34, ANNA_34])
    before = stored(match)
    assert before.status == Match.Status.FINISHED
    assert before.finished_at is not None

    services.deal_edit(match=match, number=2, entry=EVEN, author=None)

    after = stored(match)
    assert after.status == Match.Status.IN_PROGRESS
    assert after.finished_at is None
    assert after.result["status"] == "in_progress"
    assert after.result["losers"] == []
    assert after.result["totals"] == [15, 1, 1, 1]
    assert after.version == before.version + 1


def test_editing_a_deal_can_end_a_match_in_progress(make_match: MakeMatch) -> None:
    match = make_match(deals=[ANNA_34, EVEN])
    assert stored(match).status == Match.Status.IN_PROGRESS

    services.deal_edit(match=match, number=2, entry=ANNA_34, author=None)

    after = stored(match)
    assert after.status == Match.Status.FINISHED
    assert after.finished_at is not None
    assert after.result["ended_after_deal"] == 2
    assert after.result["end_reason"] == "single_limit"
    assert after.result["losers"] == ["Anna"]
    assert after.result["winners"] == ["Bruno", "Carla", "Dario"]


def test_an_edit_that_would_end_the_match_before_later_deals_is_refused_and_changes_nothing(
    make_match: MakeMatch,
) -> None:
    match = make_match(deals=[ANNA_34, EVEN, EVEN])
    before = stored(match)

    with pytest.raises(Refused) as refused:
        services.deal_edit(match=match, number=2, entry=ANNA_34, author=None)

    assert [str(p) for p in refused.value.problems] == ["deal 3: the match ended after deal 2"]
    after = stored(match)
    assert entries(match) == [(1, ANNA_34), (2, EVEN), (3, EVEN)]
    assert after.version == before.version
    assert after.result == before.result
    assert after.status == Match.Status.IN_PROGRESS


def test_deleting_a_deal_renumbers_the_later_ones_and_replays(make_match: MakeMatch) -> None:
    carla_25 = {"points": [2, 2, 25, 11]}
    match = make_match(deals=[ANNA_34, EVEN, carla_25])
    before = stored(match)

    services.deal_delete(match=match, number=2)

    after = stored(match)
    # Bruno dealt the deal that is now number 2; the rules would have Anna deal it.
    assert entries(match) == [(1, ANNA_34), (2, {**carla_25, "dealer": "Bruno"})]
    assert [d["number"] for d in replayed(after)["deals"]] == [1, 2]
    assert after.result["totals"] == [14, 0, 5, 0]
    assert replayed(after)["deals"][1]["dealer"] == "Bruno"
    assert after.version == before.version + 1


def test_deleting_the_deal_that_ended_the_match_reopens_it(make_match: MakeMatch) -> None:
    match = make_match(deals=[ANNA_34, ANNA_34])

    services.deal_delete(match=match, number=2)

    after = stored(match)
    assert after.status == Match.Status.IN_PROGRESS
    assert after.result["totals"] == [14, 0, 0, 0]


def test_a_deletion_that_makes_a_later_deal_impossible_is_refused_and_changes_nothing(
    make_match: MakeMatch,
) -> None:
    # After EVEN dealt by Anna, Bruno deals deal 2 and misdeals; without deal 1, Anna would deal it.
    misdeal = {"points": [10, 10, 10, 10], "penalties": [{"player": "Bruno", "kind": "misdeal"}]}
    match = make_match(deals=[EVEN, misdeal])
    # Deal 2 as a document may give it, naming no dealer: the rules say who dealt it.
    Deal.objects.filter(match=match, number=2).update(entry=misdeal)
    before = stored(match)

    with pytest.raises(Refused) as refused:
        services.deal_delete(match=match, number=1)

    assert [str(p) for p in refused.value.problems] == [
        "deal 1: Bruno did not deal this deal; a misdeal is the dealer's (Anna)"
    ]
    assert entries(match) == [(1, EVEN), (2, misdeal)]
    assert stored(match).version == before.version


def test_a_match_exported_imported_and_exported_again_gives_the_same_document(
    make_match: MakeMatch, bob: User
) -> None:
    match = make_match(
        deals=[
            {"points": [22, 8, 5, 2], "last_trick": "Bruno"},
            {
                "points": [20, 10, 10, 0],
                "covered": [True, True, True, False],
                "penalties": [{"player": "Carla", "kind": "renege"}, {"player": "Anna", "kind": "misdeal"}],
            },
            {"points": [10, 10, 10, 10], "dealer": "Bruno"},
        ],
        stake=1.5,
    )
    exported = services.match_export(match)

    again = services.match_export(services.match_import(owner=bob, doc=exported))

    assert again == exported
    assert exported["first_dealer"] == "Anna"
    # Anna: 2 by the table, 1 misdeal; Carla: 1 renege; Dario: 2 for not covering; then one each.
    assert exported["result"]["totals"] == [2 + 1 + 1, 0 + 1, 1 + 1, 2 + 1]
    assert exported["result"]["deals"][2]["dealer"] == "Bruno"


def test_a_match_with_a_start_and_another_first_dealer_survives_the_round_trip(alice: User) -> None:
    doc = {
        "format": "scorekeeper-match/1",
        "game": "busca-003",
        "options": {"threshold": 12},
        "players": ["Anna", "Bruno", "Carla", "Dario"],
        "first_dealer": "Carla",
        "start": {"totals": [3, 0, 1, 0]},
        "deals": [{"points": [20, 5, 5, 5]}],
    }
    exported = services.match_export(services.match_import(owner=alice, doc=doc))

    again = services.match_export(services.match_import(owner=alice, doc=exported))

    assert again == exported
    assert exported["start"] == {"totals": [3, 0, 1, 0], "deals": 0}
    assert exported["first_dealer"] == "Carla"
    assert exported["options"] == {**DEFAULTS["busca-003"], "threshold": 12}
    assert exported["result"]["totals"] == [4, 0, 1, 0]


def test_an_import_finds_the_owners_players_by_name_whatever_the_case(
    alice: User, players: list[Player]
) -> None:
    doc = {
        "format": "scorekeeper-match/1",
        "game": "busca-000",
        "players": ["anna", "BRUNO", "Carla", "Elena"],
        "deals": [],
    }

    match = services.match_import(owner=alice, doc=doc)

    seated = [seat.player for seat in match.seats.all()]
    assert seated[:3] == players[:3]
    assert seated[3].name == "Elena"
    assert Player.objects.filter(owner=alice).count() == 5


def test_an_import_with_two_names_for_one_player_is_refused_and_stores_nothing(alice: User) -> None:
    doc = {
        "format": "scorekeeper-match/1",
        "game": "busca-000",
        "players": ["Anna", "anna", "Carla", "Dario"],
    }

    with pytest.raises(Refused) as refused:
        services.match_import(owner=alice, doc=doc)

    assert [str(p) for p in refused.value.problems] == ["Anna sits in two seats"]
    assert not Match.objects.exists()
    assert not Player.objects.exists()


def test_a_match_read_before_deals_were_entered_taken_back_and_corrected_is_replayed_as_it_is_now(
    alice: User, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN, ANNA_34])
    read_before = stored(match)  # as another phone's request read it
    services.deal_record(match=stored(match), entry=EVEN, author=alice)
    services.deal_delete(match=stored(match), number=3, author=alice)
    services.deal_edit(match=stored(match), number=1, entry=ANNA_34, author=alice)

    standing = services.match_standing(read_before)

    assert standing.played == services.reading._read(stored(match)).play()
    assert [list(deal.points) for deal in standing.rules.deals] == [ANNA_34["points"]] * 2


def test_renaming_a_player_makes_a_new_version_of_their_matches(
    make_match: Callable[..., Match], players: list[Player]
) -> None:
    match = make_match(deals=[EVEN])

    services.player_rename(players[1], "Bruna")

    renamed = Match.objects.get(pk=match.pk)
    assert renamed.version == match.version + 1  # the phones showing it see the new name
    assert services.match_standing(renamed, just_read=True).players[1] == "Bruna"


def test_a_deal_entered_with_the_names_read_before_a_rename_takes_the_new_names(
    alice: User, make_match: Callable[..., Match], players: list[Player]
) -> None:
    match = make_match()
    read_before = services.match_standing(match, just_read=True).players

    services.player_rename(players[1], "Bruna")
    deal = services.deal_record(match=match, entry=EVEN, author=alice, players=read_before)

    assert deal.players[1] == "Bruna"
    assert services.match_standing(Match.objects.get(pk=match.pk)).players[1] == "Bruna"
