"""What the drawings' geometry gives their large-text layout (static/css: text at about 120 % and more)."""

from __future__ import annotations

import pytest

from games.busca import drawing
from games.busca.drawing import busca_cross
from games.drawing import large_text_length
from games.mambassa import drawing as table_drawing
from games.mambassa.drawing import mambassa_table
from games.whist import drawing as sheet_drawing

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Gina", "Ugo")


@pytest.mark.parametrize(
    ("name", "length"),
    [("Anna", ""), ("Massimo", ""), ("Francesca", "1"), ("Alessandro", "2"), ("Massimiliano", "2")],
)
def test_a_name_past_seven_characters_is_written_smaller_with_large_text_the_longer_the_smaller(
    name: str, length: str
) -> None:
    assert large_text_length(name) == length


@pytest.mark.parametrize("bottom", range(4))
def test_each_arm_says_the_side_it_points_to_so_its_labels_grow_away_from_the_lines(bottom: int) -> None:
    cross = busca_cross(NAMES[:4], [3, 1, 0, 2], (10,), dealer=1, bottom=bottom)
    sides = {arm.seat: arm.side for arm in cross.arms}
    assert sides[bottom] == "bottom"
    assert [sides[(bottom + place) % 4] for place in range(4)] == list(drawing.SIDES)
    # The name under the arm at the bottom, the one at the top above it: the side is where it is drawn.
    by_side = {arm.side: arm.name_at.y for arm in cross.arms}
    assert by_side["top"] < by_side["right"] < by_side["left"] < by_side["bottom"]


@pytest.mark.parametrize("players", range(2, 9))
def test_with_large_text_each_card_is_drawn_taller_around_its_coins_and_stays_on_the_sheet(
    players: int,
) -> None:
    tokens = [3, 0, 2, 1, 3, 3, 2, 1][:players]
    table = mambassa_table(
        NAMES[:players], tokens, 6, dealer=players - 1, out_after={1: 4}, out_labels={1: "out after deal 4"}
    )
    for seat in table.seats:
        big, card = seat.card_large, seat.card
        assert (big.x, big.width) == (card.x, card.width)
        assert big.y < card.y
        assert big.y + big.height >= card.y + card.height
        for coin in (*seat.coins, *seat.lost):
            assert big.y < coin.y - coin.r
            assert coin.y + coin.r < big.y + big.height
        drop = table_drawing.LARGE_DROP if seat.drops else 0.0
        assert big.y + drop >= 0
        assert big.y + big.height + drop <= table.height
        # The dealer's tag, grown from its foot on the card's risen top edge, on the sheet too.
        tag_top = (
            big.y + drop - table_drawing.TAB_RISE - table_drawing.TAB_HEIGHT * (table_drawing.LARGE_TAG - 1)
        )
        assert tag_top >= table_drawing.MARGIN - 0.1
    # Only cards at the top edge come down: those whose tag would leave the sheet, not the others.
    tops = [seat.card.y for seat in table.seats]
    assert all(seat.card.y < min(tops) + 20 for seat in table.seats if seat.drops)
    assert not all(seat.drops for seat in table.seats)


def test_a_pairs_long_name_and_a_long_dealers_line_are_written_smaller_with_large_text() -> None:
    sheet = sheet_drawing.whist_sheet(
        ("Anna & Carla", "Massimiliano & Bea"), [], dealer=1, dealer_label="Massimiliano deals"
    )
    assert [head.long for head in sheet.heads] == ["", "2"]
    assert sheet.dealer_long == "1"
    assert (
        sheet_drawing.whist_sheet(
            ("Anna & Carla", "Bruno & Dario"), [], dealer=0, dealer_label="Anna deals"
        ).dealer_long
        == ""
    )
