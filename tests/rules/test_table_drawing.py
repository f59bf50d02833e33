"""The Mambassa table: geometry from games/mambassa/drawing.py, markup from mambassa/table.html."""

from __future__ import annotations

import ast
import math
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.drawing import Box
from games.mambassa import drawing as table_drawing
from games.mambassa.drawing import COIN_CAP, SeatDrawing, Table, mambassa_table

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Gina", "Ugo")
LONG_NAMES = (
    "Annamaria Lucrezia",
    "Bartolomeo Maria",
    "Carlo Alberto Dalla",
    "Domenico Rossi",
    "Elisabetta Ferri",
    "Francesco Giuseppe",
    "Giovannina Esposito",
    "Massimiliano Neri",
)
OUT_NOTE = "eliminato dopo la smazzata 12"  # the longest note the Italian sheet writes
SVG = "{http://www.w3.org/2000/svg}"
EM = 0.62  # a generous average glyph width, in em, for the checks that text fits
ASCENT, DESCENT = 0.8, 0.25  # in em, above and below the baseline
NAME_SIZE, NOTE_SIZE, COUNT_SIZE, DEALER_SIZE, POT_SIZE = 14.0, 10.0, 13.0, 9.5, 13.0  # static/css/table.css


def four_at_the_table(**options: object) -> Table:
    """Anna 3, Bruno 2, Carla out after deal 5, Dario 1 and dealing; 6 in the pot."""
    defaults: dict[str, object] = {
        "dealer": 3,
        "out_after": {2: 5},
        "out_labels": {2: "out after deal 5"},
    }
    return mambassa_table(NAMES[:4], [3, 2, 0, 1], 6, **{**defaults, **options})  # type: ignore[arg-type]


def crowded(players: int, held: int, pot: int) -> Table:
    """The worst case: long names, every other player out with a long note, ``held`` tokens each."""
    tokens = [0 if seat % 2 else held for seat in range(players)]
    return mambassa_table(
        LONG_NAMES[:players],
        tokens,
        pot,
        dealer=0,
        winner=0,
        out_after={seat: seat for seat in range(1, players, 2)},
        out_labels=dict.fromkeys(range(1, players, 2), OUT_NOTE),
        dealer_label="mazziere",
        pot_label="piatto",
    )


def text_box(text: str, x: float, y: float, anchor: str, size: float) -> Box:
    width = EM * size * len(text)
    left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
    return Box(left, y - ASCENT * size, width, (ASCENT + DESCENT) * size)


def seat_boxes(seat: SeatDrawing, table: Table) -> list[Box]:
    """Everything a seat draws, as boxes."""
    boxes = [seat.card, seat.dealer_tag]
    boxes.append(text_box(seat.name, seat.name_at.x, seat.name_at.y, seat.name_at.anchor, NAME_SIZE))
    boxes.append(text_box(str(seat.tokens), seat.count_at.x, seat.count_at.y, "start", COUNT_SIZE))
    boxes += [text_box(note.text, note.at.x, note.at.y, note.at.anchor, NOTE_SIZE) for note in seat.notes]
    boxes.append(
        text_box(f"● {table.dealer_label}", seat.dealer_at.x, seat.dealer_at.y, "middle", DEALER_SIZE)
    )
    boxes += [Box(c.x - c.r, c.y - c.r, 2 * c.r, 2 * c.r) for c in (*seat.coins, *seat.lost)]
    return boxes


def pot_box(table: Table) -> Box:
    label = text_box(f"{table.pot_label} {table.pot}", table.pot_at.x, table.pot_at.y, "middle", POT_SIZE)
    return enclosing([label, *(Box(c.x - c.r, c.y - c.r, 2 * c.r, 2 * c.r) for c in table.pot_tokens)])


def enclosing(boxes: list[Box]) -> Box:
    left, top = min(b.x for b in boxes), min(b.y for b in boxes)
    right, bottom = max(b.x + b.width for b in boxes), max(b.y + b.height for b in boxes)
    return Box(left, top, right - left, bottom - top)


def inside(inner: Box, outer: Box) -> bool:
    return (
        outer.x <= inner.x
        and inner.x + inner.width <= outer.x + outer.width
        and outer.y <= inner.y
        and inner.y + inner.height <= outer.y + outer.height
    )


def overlap(a: Box, b: Box) -> bool:
    return a.x < b.x + b.width and b.x < a.x + a.width and a.y < b.y + b.height and b.y < a.y + a.height


def centre_of(box: Box) -> tuple[float, float]:
    return box.x + box.width / 2, box.y + box.height / 2


@pytest.mark.parametrize(
    ("tokens", "lives", "coins", "lost"),
    [
        ([3, 2, 0, 1], 3, [3, 2, 0, 1], [0, 1, 3, 2]),
        ([5, 4, 0], 3, [5, 4, 0], [0, 0, 3]),  # Quarantuno gave two players more than they started with
        ([1, 0], 5, [1, 0], [4, 5]),
        ([32, 0, 0], 3, [32, 0, 0], [0, 3, 3]),
        ([40, 2], 3, [32, 2], [0, 1]),  # more than a heap holds: the number says the rest
    ],
)
def test_each_token_held_is_a_coin_and_each_life_lost_an_empty_ring(
    tokens: list[int], lives: int, coins: list[int], lost: list[int]
) -> None:
    table = mambassa_table(NAMES[: len(tokens)], tokens, 4, lives=lives)
    assert [len(seat.coins) for seat in table.seats] == coins
    assert [len(seat.lost) for seat in table.seats] == lost
    assert [seat.tokens for seat in table.seats] == tokens


@pytest.mark.parametrize(("pot", "coins"), [(0, 0), (1, 1), (6, 6), (32, 32), (64, 32)])
def test_the_pot_draws_its_coins_up_to_a_heap_of_32_and_always_its_number(pot: int, coins: int) -> None:
    table = mambassa_table(NAMES[:4], [3, 2, 0, 1], pot)
    assert table.pot == pot
    assert len(table.pot_tokens) == coins
    assert len(set(table.pot_tokens)) == coins  # no two coins drawn on the same spot


@pytest.mark.parametrize(
    ("seat", "where"),
    [(0, "below"), (1, "right"), (2, "above"), (3, "left")],
)
def test_four_players_sit_bottom_right_top_left_like_the_busca_cross(seat: int, where: str) -> None:
    table = four_at_the_table()
    x, y = centre_of(table.seats[seat].card)
    dx, dy = x - table.width / 2, y - table.height / 2
    assert {
        "below": dy > abs(dx),
        "right": dx > abs(dy),
        "above": -dy > abs(dx),
        "left": -dx > abs(dy),
    }[where]


@pytest.mark.parametrize("players", range(2, 9))
def test_seat_0_is_below_the_centre_and_the_others_follow_counter_clockwise(players: int) -> None:
    table = mambassa_table(NAMES[:players], [3] * players, players)
    angles = []
    for seat in table.seats:
        x, y = centre_of(seat.card)
        # Measured from straight down, turning towards the right: counter-clockwise on screen.
        angles.append(math.degrees(math.atan2(x - table.width / 2, y - table.height / 2)) % 360)
    assert angles[0] == 0
    assert angles == sorted(angles)
    assert len(set(angles)) == players


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize(("held", "pot"), [(0, 0), (3, 7), (16, 32), (32, 64)])
def test_everything_is_drawn_inside_the_view_box(players: int, held: int, pot: int) -> None:
    table = crowded(players, held, pot)
    assert table.view_box == "0 0 360 360"
    sheet = Box(0, 0, table.width, table.height)
    for seat in table.seats:
        for box in seat_boxes(seat, table):
            assert inside(box, sheet), (seat.seat, box)
    assert inside(pot_box(table), sheet)
    top = table.top
    assert inside(Box(top.cx - top.rx, top.cy - top.ry, 2 * top.rx, 2 * top.ry), sheet)


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize(("held", "pot"), [(3, 7), (32, 64)])
def test_each_player_keeps_to_his_own_card_and_no_card_covers_another_or_the_pot(
    players: int, held: int, pot: int
) -> None:
    table = crowded(players, held, pot)
    cards = [seat.card for seat in table.seats]
    for seat in table.seats:
        # The card, and the dealer's tag sticking out above it.
        bottom = seat.card.y + seat.card.height
        room = Box(seat.card.x, seat.dealer_tag.y, seat.card.width, bottom - seat.dealer_tag.y)
        for box in seat_boxes(seat, table):
            assert inside(box, room), (seat.seat, box)
    for index, card in enumerate(cards):
        assert not overlap(card, pot_box(table))
        for other in cards[index + 1 :]:
            assert not overlap(card, other)


def test_a_long_name_is_shortened_with_an_ellipsis() -> None:
    table = crowded(8, 3, 7)
    for seat, full in zip(table.seats, LONG_NAMES, strict=True):
        assert seat.full_name == full
        assert seat.name.endswith("…")
        assert len(seat.name) <= 12
        assert seat.truncated
    assert not four_at_the_table().seats[0].truncated


def test_a_long_out_note_is_written_on_two_lines_broken_between_words() -> None:
    seat = crowded(4, 3, 7).seats[1]
    assert [note.text for note in seat.notes] == ["eliminato dopo la", "smazzata 12"]
    assert seat.notes[0].at.y < seat.notes[1].at.y
    assert seat.name_at.y < seat.notes[0].at.y


def test_the_dealer_the_players_out_and_the_winner_are_marked_on_their_own_seats() -> None:
    table = mambassa_table(NAMES[:4], [0, 12, 0, 0], 0, dealer=1, winner=1, out_after={0: 3, 2: 8, 3: 5})
    assert [seat.css_class for seat in table.seats] == [
        "seat seat-0 out",
        "seat seat-1 dealer winner",
        "seat seat-2 out",
        "seat seat-3 out",
    ]
    assert [seat.out_after for seat in table.seats] == [3, None, 8, 5]


def test_a_player_with_no_tokens_left_is_out_even_when_the_deal_is_not_given() -> None:
    table = mambassa_table(NAMES[:3], [2, 0, 1], 6)
    assert [seat.is_out for seat in table.seats] == [False, True, False]
    assert not any(seat.notes for seat in table.seats)
    assert not any(seat.is_dealer or seat.is_winner for seat in table.seats)


def test_the_text_alternative_is_the_callers_or_else_reads_the_tokens_and_the_pot() -> None:
    assert four_at_the_table(label="Tavolo: Anna 3 gettoni").label == "Tavolo: Anna 3 gettoni"
    assert four_at_the_table().label == "Anna 3, Bruno 2, Carla 0, Dario 1; pot 6"
    assert four_at_the_table(pot_label="piatto").label.endswith("; piatto 6")


@pytest.mark.parametrize(
    ("names", "tokens", "pot", "options", "message"),
    [
        (NAMES[:1], [3], 1, {}, "2 to 8 players: got 1"),
        ((*NAMES, "Zeno"), [3] * 9, 9, {}, "2 to 8 players: got 9"),
        (NAMES[:3], [3, 3], 3, {}, "3 names and 2 counts"),
        (NAMES[:3], [3, -1, 3], 3, {}, "seat 1 has -1 tokens"),
        (NAMES[:3], [3, 3, 3], -2, {}, "the pot holds -2"),
        (NAMES[:3], [3, 3, 3], 3, {"dealer": 3}, "seat 3 is not at the table"),
        (NAMES[:3], [3, 3, 3], 3, {"winner": -1}, "seat -1 is not at the table"),
        (NAMES[:3], [3, 0, 3], 3, {"out_after": {5: 2}}, "seat 5 is not at the table"),
        (NAMES[:3], [3, 3, 3], 3, {"lives": 0}, "at least 1"),
    ],
)
def test_a_table_needs_2_to_8_players_and_sensible_counts(
    names: tuple[str, ...], tokens: list[int], pot: int, options: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        mambassa_table(names, tokens, pot, **options)  # type: ignore[arg-type]


def test_the_same_table_always_draws_the_same_sheet() -> None:
    assert crowded(7, 16, 20) == crowded(7, 16, 20)
    for seat in crowded(7, 16, 20).seats:
        for coin in (*seat.coins, *seat.lost):
            assert math.isclose(coin.x, round(coin.x, 1))
            assert math.isclose(coin.y, round(coin.y, 1))


def test_the_geometry_module_does_not_import_django() -> None:
    tree = ast.parse(Path(table_drawing.__file__).read_text())
    imported = [
        name
        for node in ast.walk(tree)
        for name in (
            [alias.name for alias in node.names]
            if isinstance(node, ast.Import)
            else [node.module or ""]
            if isinstance(node, ast.ImportFrom)
            else []
        )
    ]
    assert not [name for name in imported if name.split(".")[0] == "django"]


def render(table: Table, language: str = "en") -> ET.Element:
    with translation.override(language):
        html = render_to_string("mambassa/table.html", {"table": table})
    return ET.fromstring(html)


def seats_of(svg: ET.Element) -> list[ET.Element]:
    return [g for g in svg.iter(f"{SVG}g") if g.get("data-seat") is not None]


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_template_draws_a_valid_svg_with_every_coin_ring_and_mark(language: str) -> None:
    table = four_at_the_table(label="Mambassa: Anna 3, Bruno 2, Dario 1; pot 6", dealer_label="mazziere")
    svg = render(table, language)

    assert svg.tag == f"{SVG}svg"
    assert svg.get("viewBox") == "0 0 360 360"
    assert svg.get("width") is None
    assert svg.get("height") is None
    assert svg.get("role") == "img"
    title = svg.find(f"{SVG}title")
    assert title is not None
    assert title.text == table.label
    # Named by its <title> alone: an aria-labelledby would make the title its description too, read twice.
    assert svg[0] is title
    assert svg.get("aria-labelledby") is None

    seats = seats_of(svg)
    assert [g.get("data-seat") for g in seats] == ["0", "1", "2", "3"]
    assert [g.get("data-tokens") for g in seats] == ["3", "2", "0", "1"]
    assert [len(g.findall(f"{SVG}circle[@class='token']")) for g in seats] == [3, 2, 0, 1]
    assert [len(g.findall(f"{SVG}circle[@class='lost']")) for g in seats] == [0, 1, 3, 2]
    assert [(g.get("class") or "").split() for g in seats] == [
        ["seat", "seat-0"],
        ["seat", "seat-1"],
        ["seat", "seat-2", "out"],
        ["seat", "seat-3", "dealer"],
    ]
    assert seats[2].get("data-out-after") == "5"
    assert seats[0].get("data-out-after") is None
    assert "out after deal 5" in "".join(seats[2].itertext())
    assert "mazziere" in "".join(seats[3].itertext())
    assert "mazziere" not in "".join(seats[0].itertext())

    pots = [g for g in svg.iter(f"{SVG}g") if g.get("class") == "pot"]
    assert len(pots) == 1
    assert pots[0].get("data-pot") == "6"
    assert len(pots[0].findall(f"{SVG}circle[@class='token']")) == 6
    assert " ".join("".join(pots[0].itertext()).split()) == "pot 6"


def test_the_template_marks_the_winner_and_keeps_a_long_names_full_text_as_a_tooltip() -> None:
    svg = render(crowded(8, 32, 0))
    seats = seats_of(svg)
    assert "winner" in (seats[0].get("class") or "").split()
    assert not any("winner" in (g.get("class") or "").split() for g in seats[1:])
    assert len(seats[0].findall(f"{SVG}circle[@class='token']")) == 32
    name = seats[0].find(f"{SVG}text[@class='name']")
    assert name is not None
    tooltip = name.find(f"{SVG}title")
    assert tooltip is not None
    assert tooltip.text == "Annamaria Lucrezia"
    assert tooltip.tail == "Annamaria L…"
    assert [line.text for line in seats[1].findall(f"{SVG}text[@class='out-note']")] == [
        "eliminato dopo la",
        "smazzata 12",
    ]


@pytest.mark.parametrize("language", ["en", "it"])
def test_coordinates_keep_their_decimal_point_in_every_language(language: str) -> None:
    svg = render(crowded(7, 16, 20), language)
    numbers = [
        value
        for element in svg.iter()
        for attribute in ("x", "y", "cx", "cy", "r", "rx", "ry", "width", "height")
        if (value := element.get(attribute)) is not None
    ]
    assert any("." in value for value in numbers)  # there are decimals, and they kept their dot
    for value in numbers:
        assert 0 <= float(value) <= 360


@pytest.mark.parametrize("players", range(2, 9))
def test_the_rendered_sheet_stays_inside_the_view_box(players: int) -> None:
    svg = render(crowded(players, 32, 64))
    for element in svg.iter():
        for attribute in ("x", "y", "cx", "cy"):
            if element.get(attribute) is not None:
                assert 0 <= float(element.get(attribute) or "") <= 360
        if element.tag == f"{SVG}circle":
            x, y, r = (float(element.get(a) or "") for a in ("cx", "cy", "r"))
            assert r <= x <= 360 - r
            assert r <= y <= 360 - r


def test_ten_to_the_twentieth_tokens_and_lives_draw_a_heap_of_bounded_size_with_the_number() -> None:
    huge = 10**20
    start = time.perf_counter()
    table = mambassa_table(["Anna", "Bruno", "Carla"], [huge, 1, 0], huge, lives=huge)
    html = render_to_string("mambassa/table.html", {"table": table})
    assert time.perf_counter() - start < 1.0
    assert [len(seat.coins) for seat in table.seats] == [COIN_CAP, 1, 0]
    assert all(len(seat.lost) <= COIN_CAP for seat in table.seats)
    assert len(table.pot_tokens) == COIN_CAP
    svg = ET.fromstring(html)
    assert len(list(svg.iter())) < 8 * COIN_CAP
    assert html.count(str(huge)) >= 2  # Anna's count and the pot's, written out
