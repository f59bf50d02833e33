"""The drawings turned so that whoever holds the phone sits at the bottom (the ``bottom`` seat)."""

from __future__ import annotations

import math

import pytest

from games.busca.drawing import SIZE, busca_cross
from games.mambassa.drawing import mambassa_table

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ivo")


def pointing(x: float, y: float) -> str:
    """Where a point lies from the centre of the sheet: "below", "right", "above" or "left"."""
    dx, dy = x - SIZE / 2, y - SIZE / 2
    if abs(dy) > abs(dx):
        return "below" if dy > 0 else "above"
    return "right" if dx > 0 else "left"


@pytest.mark.parametrize("bottom", range(4))
def test_the_cross_turns_so_the_bottom_seat_points_down_and_the_others_follow_counter_clockwise(
    bottom: int,
) -> None:
    cross = busca_cross(NAMES[:4], [3, 0, 7, 12], (10,), dealer=1, bottom=bottom)

    sides = {arm.seat: pointing(arm.line.x2, arm.line.y2) for arm in cross.arms}

    order = ["below", "right", "above", "left"]
    assert sides == {(bottom + step) % 4: side for step, side in enumerate(order)}
    # Each name stays at the end of its own arm, the dealer's mark with it.
    for arm in cross.arms:
        assert pointing(arm.name_at.x, arm.name_at.y) in (sides[arm.seat], *_beside(sides[arm.seat]))
    assert [arm.busche for arm in cross.arms] == [3, 0, 7, 12]  # the scores do not move


def _beside(side: str) -> tuple[str, ...]:
    # A name is written beside the tip of its arm, so it may lean to the neighbouring quarter.
    return {"below": ("right",), "right": ("above",), "above": ("left",), "left": ("below",)}[side]


def test_the_thresholds_are_numbered_beside_the_bottom_arm_whoever_sits_there() -> None:
    turned = busca_cross(NAMES[:4], [0, 0, 0, 0], (10, 20), bottom=2)
    straight = busca_cross(NAMES[:4], [0, 0, 0, 0], (10, 20))
    assert turned.thresholds == straight.thresholds


def test_a_seat_not_at_the_table_cannot_be_at_the_bottom() -> None:
    with pytest.raises(ValueError, match="seat 4 is not at the table"):
        busca_cross(NAMES[:4], [0, 0, 0, 0], (10,), bottom=4)
    with pytest.raises(ValueError, match="seat 5 is not at the table"):
        mambassa_table(NAMES[:5], [3] * 5, 0, bottom=5)


@pytest.mark.parametrize("players", range(2, 9))
def test_the_table_turns_so_the_bottom_seat_sits_below_the_centre(players: int) -> None:
    bottom = players - 1
    table = mambassa_table(NAMES[:players], [3] * players, 0, bottom=bottom)
    angles = {}
    for seat in table.seats:
        x = seat.card.x + seat.card.width / 2
        y = seat.card.y + seat.card.height / 2
        angles[seat.seat] = math.degrees(math.atan2(x - table.width / 2, y - table.height / 2)) % 360

    assert angles[bottom] == 0
    # Then counter-clockwise on screen from the holder: the next seat, and so on round the table.
    around = [angles[(bottom + step) % players] for step in range(players)]
    assert around == sorted(around)
