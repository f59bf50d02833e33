"""What the services say became of a deal a phone sent (services.entries): the page only shows it.

Entered: recorded, repeated (its one-time token stored it before), taken by another phone (the very
same deal, or another), moved on (deals deleted elsewhere), or rejected by the rules; corrected,
changed meanwhile elsewhere, or rejected. Whatever is said, nothing is stored twice or overwritten.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

from django.contrib.auth.models import User

from matches import services
from matches.models import Deal, Match

from .typed import numbered

MakeMatch = Callable[..., Match]
EVEN = {"points": [10, 10, 10, 10]}
BRUNO_25 = {"points": [8, 25, 5, 2]}
BRUNO = services.Author(None, "Bruno")


def test_a_deal_sent_once_is_recorded_with_the_match_as_it_now_stands(
    alice: User, make_match: MakeMatch
) -> None:
    match = make_match()

    entered = services.deal_enter(match=match, entry=EVEN, author=alice, token=uuid.uuid4(), number=1)

    assert isinstance(entered, services.Recorded)
    assert (entered.deal.number, len(entered.standing.played.deals)) == (1, 1)
    assert numbered(match) == [(1, EVEN)]


def test_a_deal_sent_again_with_its_token_is_repeated_and_stored_once(
    alice: User, make_match: MakeMatch
) -> None:
    match = make_match()
    token = uuid.uuid4()
    services.deal_enter(match=match, entry=EVEN, author=alice, token=token, number=1)

    again = services.deal_enter(match=match, entry=EVEN, author=alice, token=token, number=1)

    assert isinstance(again, services.Repeated)
    assert again.number == 1
    assert numbered(match) == [(1, EVEN)]


def test_a_deal_another_phone_entered_first_is_taken_by_it_and_this_one_is_not_stored(
    alice: User, make_match: MakeMatch
) -> None:
    match = make_match()
    read_before = services.match_standing(match)
    services.deal_record(match=match, entry=BRUNO_25, author=BRUNO)

    entered = services.deal_enter(
        match=match, entry=EVEN, author=alice, token=uuid.uuid4(), number=1, standing=read_before
    )

    assert isinstance(entered, services.TakenByAnother)
    assert (entered.number, entered.who, entered.same) == (1, "Bruno", False)
    assert [problem.text for problem in entered.problems] == ["Deal 1 was just entered on Bruno's phone."]
    assert len(entered.standing.played.deals) == 1  # the sheet it is shown with has Bruno's deal
    assert numbered(match) == [(1, BRUNO_25)]


def test_the_very_deal_another_phone_entered_first_is_said_to_be_stored_once(
    alice: User, make_match: MakeMatch
) -> None:
    match = make_match()
    read_before = services.match_standing(match)
    services.deal_record(match=match, entry=EVEN, author=BRUNO)

    entered = services.deal_enter(
        match=match, entry=EVEN, author=alice, token=uuid.uuid4(), number=1, standing=read_before, dealer=0
    )

    assert isinstance(entered, services.TakenByAnother)
    assert entered.same
    assert Deal.objects.filter(match=match).count() == 1


def test_the_same_points_are_another_deal_under_another_dealer_or_from_a_phone_told_meanwhile(
    alice: User, make_match: MakeMatch
) -> None:
    """A phone told that its deal was entered elsewhere may be typing the next deal, which can go
    just like this one; a deal another player dealt is another deal."""
    match = make_match()
    services.deal_record(match=match, entry=EVEN, author=BRUNO)

    told = services.deal_enter(match=match, entry=EVEN, author=alice, token=uuid.uuid4(), number=1, told=True)
    dealt_by_carla = services.deal_enter(
        match=match, entry=EVEN, author=alice, token=uuid.uuid4(), number=1, dealer=2
    )

    assert isinstance(told, services.TakenByAnother)
    assert not told.same
    assert isinstance(dealt_by_carla, services.TakenByAnother)
    assert not dealt_by_carla.same
    assert Deal.objects.filter(match=match).count() == 1


def test_a_deal_meant_past_the_next_one_is_moved_on_to_its_number_now(
    alice: User, make_match: MakeMatch
) -> None:
    """Deals 2 and 3 were deleted on another phone: the deal this one meant as 4 is now deal 2."""
    match = make_match(deals=[EVEN])

    entered = services.deal_enter(match=match, entry=BRUNO_25, author=alice, token=uuid.uuid4(), number=4)

    assert isinstance(entered, services.MovedOn)
    assert (entered.number, entered.next_number) == (4, 2)
    assert numbered(match) == [(1, EVEN)]


def test_an_impossible_deal_is_rejected_with_what_is_wrong_and_nothing_stored(
    alice: User, make_match: MakeMatch
) -> None:
    match = make_match()

    entered = services.deal_enter(
        match=match, entry={"points": [10, 10, 10, 9]}, author=alice, token=uuid.uuid4(), number=1
    )

    assert isinstance(entered, services.Rejected)
    assert entered.problems
    assert numbered(match) == []


def test_a_correction_is_corrected_unless_the_deal_changed_meanwhile_on_another_phone(
    alice: User, make_match: MakeMatch
) -> None:
    match = make_match(deals=[EVEN])
    opened = match.deals.get(number=1).version  # both phones open the correction of deal 1
    services.deal_edit(match=match, number=1, entry=BRUNO_25, author=BRUNO, version=opened)

    late = services.deal_correct(match=match, number=1, entry=EVEN, author=alice, version=opened)
    again = services.deal_correct(match=match, number=1, entry=EVEN, author=alice, version=opened + 1)

    assert isinstance(late, services.ChangedMeanwhile)
    assert late.version == opened + 1
    assert isinstance(again, services.Corrected)
    assert (again.number, again.was_over) == (1, False)
    assert numbered(match) == [(1, EVEN)]


def test_an_impossible_correction_is_rejected_and_the_deal_stays(alice: User, make_match: MakeMatch) -> None:
    match = make_match(deals=[EVEN])

    corrected = services.deal_correct(
        match=match, number=1, entry={"points": [40, 1, 0, 0]}, author=alice, version=None
    )

    assert isinstance(corrected, services.Rejected)
    assert corrected.problems
    assert numbered(match) == [(1, EVEN)]
