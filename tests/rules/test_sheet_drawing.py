"""The Whist sheet: geometry from games/whist/drawing.py, markup from the template whist/sheet.html."""

from __future__ import annotations

import ast
import math
import time
import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.drawing import Box, Text
from games.whist import drawing as sheet_drawing
from games.whist.drawing import GameColumn, Sheet, whist_sheet

PAIRS = ("Anna & Carla", "Bruno & Dario")
LONG_PAIRS = ("Annamaria Lucrezia & Bartolomeo", "Massimiliano Neri & Giovannina")
SVG = "{http://www.w3.org/2000/svg}"
EM = 0.62  # a generous average glyph width, in em, for the checks that text fits
ASCENT, DESCENT = 0.8, 0.25  # in em, above and below the baseline
NAME_SIZE, POINT_SIZE, NOTE_SIZE, TOTAL_SIZE = 15.0, 15.0, 13.0, 15.0  # static/css/whist.css
ITALIAN = {
    "value_labels": {3: "cappotto", 2: "doppio", 1: "semplice"},
    "bonus_label": "rubber",
    "total_label": "totale",
    "pays_label": "paga",
}

# The rubber of the brief: NS treble, EW single, NS double; 7 to 1 with the bonus.
RUBBER = (
    GameColumn(((2, 3, 5), ()), 0, 3),
    GameColumn(((1,), (2, 4, 5)), 1, 1),
    GameColumn(((1, 3, 4, 6), (2,)), 0, 2),
)
IN_PROGRESS = (GameColumn(((1, 3), (2,)), None, None),)


def finished(**options: object) -> Sheet:
    return whist_sheet(PAIRS, RUBBER, rubber_winner=0, totals=(7, 1), **options)  # type: ignore[arg-type]


def crowded(games: int, numbers: int = 15) -> Sheet:
    """The worst case: long names, ``numbers`` two-digit numbers a column, long labels."""
    column = tuple(range(10, 10 + numbers))
    played = [GameColumn((column, column), game % 2, 3) for game in range(games)]
    over = games >= 2
    if not over:
        played.append(GameColumn((column, column), None, None))
    return whist_sheet(
        LONG_PAIRS,
        played,
        rubber_winner=1 if over else None,
        value_labels={3: "cappotto lunghissimo", 2: "doppio", 1: "semplice"},
        bonus_label="premio di rubber",
        total_label="totale punti",
        pays_label="paga la differenza",
    )


def text_box(text: str, at: Text, size: float) -> Box:
    width = EM * size * len(text)
    left = {"start": at.x, "middle": at.x - width / 2, "end": at.x - width}[at.anchor]
    return Box(left, at.y - ASCENT * size, width, (ASCENT + DESCENT) * size)


def writing(sheet: Sheet) -> list[tuple[int, Box]]:
    """Everything written on the sheet, as boxes, with the column it belongs to."""
    boxes = [(head.pair, text_box(head.name, head.at, NAME_SIZE)) for head in sheet.heads]
    for game in sheet.games:
        boxes += [(mark.pair, text_box(str(mark.value), mark.at, POINT_SIZE)) for mark in game.points]
        if game.value is not None:
            value = game.value
            boxes.append((value.pair, text_box(f"{value.label} {value.value}", value.at, NOTE_SIZE)))
    if sheet.end is not None:
        for note, size in (
            (sheet.end.bonus, NOTE_SIZE),
            (sheet.end.pays, NOTE_SIZE),
            *((total, TOTAL_SIZE) for total in sheet.end.totals),
        ):
            boxes.append((note.pair, text_box(f"{note.label} {note.value}", note.at, size)))
    return boxes


def inside(inner: Box, outer: Box) -> bool:
    return (
        outer.x <= inner.x
        and inner.x + inner.width <= outer.x + outer.width
        and outer.y <= inner.y
        and inner.y + inner.height <= outer.y + outer.height
    )


def overlap(a: Box, b: Box) -> bool:
    return a.x < b.x + b.width and b.x < a.x + a.width and a.y < b.y + b.height and b.y < a.y + a.height


@pytest.mark.parametrize(
    "games",
    [
        (),
        IN_PROGRESS,
        RUBBER,
        (GameColumn(((), ()), 1, 2), GameColumn(((), (3,)), None, None)),
    ],
)
def test_each_pencilled_number_is_written_once_in_its_own_pairs_column(games: tuple[GameColumn, ...]) -> None:
    sheet = whist_sheet(PAIRS, games)
    assert len(sheet.games) == len(games)
    for block, game in zip(sheet.games, games, strict=True):
        for pair in (0, 1):
            column = block.column(pair)
            assert [mark.value for mark in column] == list(game.points[pair])
            assert all(pair * sheet.width / 2 < mark.at.x < (pair + 1) * sheet.width / 2 for mark in column)


def test_numbers_read_left_to_right_then_on_the_next_row_and_only_the_last_stands_out() -> None:
    sheet = crowded(1)
    column = sheet.games[0].column(0)
    rows: dict[float, list[float]] = {}
    for mark in column:
        rows.setdefault(round(mark.at.y / 10), []).append(mark.at.x)
    assert len(rows) > 1
    assert all(xs == sorted(xs) for xs in rows.values())
    assert list(rows) == sorted(rows)
    assert len({(mark.at.x, round(mark.at.y)) for mark in column}) == len(column)
    assert [mark.latest for mark in column] == [False] * 14 + [True]
    assert sheet.games[0].score == (24, 24)


def test_a_won_games_value_is_written_under_its_line_on_the_winners_side() -> None:
    sheet = finished()
    half = sheet.width / 2
    for block, (winner, label, value) in zip(
        sheet.games, [(0, "treble", 3), (1, "single", 1), (0, "double", 2)], strict=True
    ):
        assert block.winner == winner
        assert block.value is not None
        assert (block.value.pair, block.value.label, block.value.value) == (winner, label, value)
        assert winner * half < block.value.at.x < (winner + 1) * half
        assert block.rule is not None
        assert block.rule.y1 == block.rule.y2
        assert max(mark.at.y for mark in block.points) < block.rule.y1 < block.value.at.y - NOTE_SIZE * ASCENT


def test_the_game_in_progress_has_no_line_and_no_value() -> None:
    block = whist_sheet(PAIRS, IN_PROGRESS).games[0]
    assert block.in_progress
    assert block.rule is None
    assert block.value is None
    assert block.score == (3, 2)


def test_games_go_down_the_page_and_the_sheet_grows_with_them() -> None:
    sheet = finished()
    lines = [block.rule.y1 for block in sheet.games if block.rule is not None]
    assert lines == sorted(lines)
    for block, next_block in pairwise(sheet.games):
        assert block.value is not None
        assert block.value.at.y < min(mark.at.y for mark in next_block.points) - POINT_SIZE * ASCENT
    heights = [whist_sheet(PAIRS, RUBBER[:count]).height for count in range(4)]
    assert heights == sorted(heights)
    assert len(set(heights)) == 4


def test_a_game_carried_over_from_paper_shows_just_its_value_below_a_row_left_empty() -> None:
    sheet = whist_sheet(PAIRS, [GameColumn(((), ()), 0, 3)])
    block = sheet.games[0]
    assert block.points == ()
    assert block.rule is not None
    assert block.rule.y1 - sheet.head_rule.y1 >= 20
    assert block.value is not None
    assert (block.value.pair, block.value.value) == (0, 3)


def test_totals_are_written_only_when_the_rubber_is_over() -> None:
    assert whist_sheet(PAIRS, RUBBER[:2] + IN_PROGRESS).end is None
    end = finished().end
    assert end is not None
    assert end.winner == 0
    assert [total.value for total in end.totals] == [7, 1]
    assert (end.bonus.pair, end.bonus.label, end.bonus.value) == (0, "rubber", 2)
    assert (end.pays.pair, end.pays.label, end.pays.value) == (1, "pays", 6)
    last_game = finished().games[-1].value
    assert last_game is not None
    assert last_game.at.y < end.rules[0].y1 < end.rules[1].y1 < end.bonus.at.y < end.totals[0].at.y


def test_without_totals_the_finished_sheet_adds_up_the_values_and_the_bonus() -> None:
    end = whist_sheet(PAIRS, RUBBER, rubber_winner=0, rubber_bonus=3).end
    assert end is not None
    assert [total.value for total in end.totals] == [8, 1]
    assert end.pays.value == 7


@pytest.mark.parametrize("games", range(4))
@pytest.mark.parametrize("numbers", [0, 1, 7, 15])
def test_everything_is_written_inside_the_view_box_and_inside_its_own_column(
    games: int, numbers: int
) -> None:
    sheet = crowded(games, numbers)
    assert sheet.view_box == f"0 0 360 {sheet.height:g}"
    half = sheet.width / 2
    for pair, box in writing(sheet):
        # Clear of the paper's edge and of the line between the columns.
        assert inside(box, Box(pair * half + 2, 0, half - 4, sheet.height)), (pair, box)
    lines = [sheet.head_rule, sheet.divider, *(b.rule for b in sheet.games if b.rule)]
    if sheet.end is not None:
        lines += sheet.end.rules
    for line in lines:
        for x, y in ((line.x1, line.y1), (line.x2, line.y2)):
            assert 0 <= x <= sheet.width
            assert 0 <= y <= sheet.height


@pytest.mark.parametrize("left_pair", [0, 1])
def test_the_holders_pair_is_written_in_the_left_column_and_the_sheet_is_otherwise_the_same(
    left_pair: int,
) -> None:
    sheet = finished(left_pair=left_pair)
    half = sheet.width / 2
    for pair, box in writing(sheet):
        side = pair if left_pair == 0 else 1 - pair
        assert inside(box, Box(side * half + 2, 0, half - 4, sheet.height)), (pair, box)
    dealing = whist_sheet(PAIRS, IN_PROGRESS, dealer=1, left_pair=left_pair)
    assert (dealing.dealer_at.x < half) == (left_pair == 1)  # type: ignore[union-attr]
    same = finished()
    assert (sheet.height, sheet.label, [h.name for h in sheet.heads]) == (
        same.height,
        same.label,
        [h.name for h in same.heads],
    )
    with pytest.raises(ValueError, match="the pair on the left is 0 or 1"):
        finished(left_pair=2)


@pytest.mark.parametrize("games", range(4))
def test_no_writing_covers_other_writing_or_a_line_across_the_page(games: int) -> None:
    sheet = crowded(games)
    boxes = [box for _, box in writing(sheet)]
    for index, box in enumerate(boxes):
        for other in boxes[index + 1 :]:
            assert not overlap(box, other), (box, other)
    across = [sheet.head_rule.y1, *(b.rule.y1 for b in sheet.games if b.rule)]
    if sheet.end is not None:
        across += [rule.y1 for rule in sheet.end.rules]
    for box in boxes:
        assert not any(box.y < y < box.y + box.height for y in across), box


@pytest.mark.parametrize("numbers", [(1, 3, 5), (10, 11, 12, 13, 14, 15, 16, 17, 18)])
def test_neighbouring_numbers_stand_apart_even_with_two_digits(numbers: tuple[int, ...]) -> None:
    column = whist_sheet(PAIRS, [GameColumn((numbers, ()), None, None)]).games[0].column(0)
    gap = 0.3 * POINT_SIZE  # about a space between two numbers
    for mark, following in pairwise(column):
        box, other = (
            text_box(str(mark.value), mark.at, POINT_SIZE),
            text_box(str(following.value), following.at, POINT_SIZE),
        )
        if abs(box.y - other.y) < POINT_SIZE:  # the same row
            assert box.x + box.width + gap <= other.x


def test_a_games_value_sits_nearer_its_own_line_than_the_next_games_numbers() -> None:
    sheet = finished()
    for block, next_block in pairwise(sheet.games):
        assert block.rule is not None
        assert block.value is not None
        value = text_box(f"{block.value.label} {block.value.value}", block.value.at, NOTE_SIZE)
        below = min(text_box(str(m.value), m.at, POINT_SIZE).y for m in next_block.points)
        assert value.y - block.rule.y1 < below - (value.y + value.height)


def test_a_long_pair_name_is_shortened_with_an_ellipsis_and_kept_whole_for_a_tooltip() -> None:
    sheet = crowded(2)
    for head, full in zip(sheet.heads, LONG_PAIRS, strict=True):
        assert head.full_name == full
        assert head.name.endswith("…")
        assert head.truncated
    assert [head.name for head in finished().heads] == list(PAIRS)
    assert not any(head.truncated for head in finished().heads)


def test_the_text_alternative_is_the_callers_or_else_reads_the_games() -> None:
    assert finished(label="Whist: Anna & Carla win 7 to 1").label == "Whist: Anna & Carla win 7 to 1"
    assert whist_sheet(PAIRS, (RUBBER[0], *IN_PROGRESS)).label == (
        "Anna & Carla – Bruno & Dario: game 1 to Anna & Carla, 3; game 2 3–2"
    )


@pytest.mark.parametrize(
    ("games", "options", "message"),
    [
        ((), {"rubber_winner": 2}, "pair 2 is not at the table"),
        ((), {"totals": (7, 1)}, "only under a finished rubber"),
        ((GameColumn(((), ()), 2, 1),), {}, "game 1: pair 2 is not at the table"),
        ((GameColumn(((), ()), 0, None),), {}, "game 1 was won, so it needs its value"),
        ((GameColumn(((1,), ()), None, 3),), {}, "game 1 is in progress, so it has no value"),
        ((*IN_PROGRESS, RUBBER[0]), {}, "game 1 is in progress, but games follow it"),
        ((*RUBBER[:2], *IN_PROGRESS), {"rubber_winner": 0}, "game 3 is in progress, but the rubber is over"),
    ],
)
def test_a_sheet_needs_two_pairs_and_games_that_make_sense(
    games: tuple[GameColumn, ...], options: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        whist_sheet(PAIRS, games, **options)  # type: ignore[arg-type]


def test_the_sheet_has_one_column_per_pair() -> None:
    with pytest.raises(ValueError, match="2 columns, one per pair: got 3 names"):
        whist_sheet(("A", "B", "C"), ())  # type: ignore[arg-type]


def test_the_same_rubber_always_draws_the_same_sheet() -> None:
    assert crowded(3) == crowded(3)
    for block in crowded(3).games:
        for mark in block.points:
            assert math.isclose(mark.at.x, round(mark.at.x, 1))
            assert math.isclose(mark.at.y, round(mark.at.y, 1))


def test_the_geometry_module_does_not_import_django() -> None:
    tree = ast.parse(Path(sheet_drawing.__file__).read_text())
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


def render(sheet: Sheet, language: str = "en") -> ET.Element:
    with translation.override(language):
        html = render_to_string("whist/sheet.html", {"sheet": sheet})
    return ET.fromstring(html)


def games_of(svg: ET.Element) -> list[ET.Element]:
    return svg.findall(f"{SVG}g[@class='game']")


def flat(element: ET.Element) -> str:
    return " ".join("".join(element.itertext()).split())


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_template_draws_a_valid_svg_with_every_number_value_and_total(language: str) -> None:
    sheet = finished(label="Whist: Anna & Carla win the rubber 7 to 1", **ITALIAN)
    svg = render(sheet, language)

    assert svg.tag == f"{SVG}svg"
    assert svg.get("class") == "whist-sheet"
    assert svg.get("viewBox") == sheet.view_box
    assert svg.get("width") is None
    assert svg.get("height") is None
    assert svg.get("role") == "img"
    title = svg.find(f"{SVG}title")
    assert title is not None
    assert title.text == sheet.label
    # Named by its <title> alone: an aria-labelledby would make the title its description too, read twice.
    assert svg[0] is title
    assert svg.get("aria-labelledby") is None
    assert [flat(t) for t in svg.findall(f"{SVG}text[@class='pair-name']")] == list(PAIRS)

    games = games_of(svg)
    assert [g.get("data-game") for g in games] == ["1", "2", "3"]
    assert [g.get("data-winner") for g in games] == ["0", "1", "0"]
    counts = [
        [len(g.findall(f"{SVG}text[@class='points'][@data-pair='{pair}']")) for pair in (0, 1)] for g in games
    ]
    assert counts == [[3, 0], [1, 3], [4, 1]]
    values = [g.find(f"{SVG}text[@class='value']") for g in games]
    assert [(v.get("data-pair"), flat(v)) for v in values if v is not None] == [
        ("0", "cappotto 3"),
        ("1", "semplice 1"),
        ("0", "doppio 2"),
    ]
    assert len(games[0].findall(f"{SVG}line[@class='game-rule']")) == 1

    totals = [g for g in svg.iter(f"{SVG}g") if g.get("class") == "totals"]
    assert len(totals) == 1
    assert totals[0].get("data-totals") == "7,1"
    assert [flat(t) for t in totals[0].findall(f"{SVG}text[@class='total']")] == ["totale 7", "totale 1"]
    pays = totals[0].find(f"{SVG}text[@class='pays']")
    assert pays is not None
    assert (pays.get("data-pair"), flat(pays)) == ("1", "paga 6")
    rubber = [g for g in svg.iter(f"{SVG}g") if g.get("class") == "rubber"]
    assert len(rubber[0].findall(f"{SVG}line[@class='rubber-rule']")) == 2
    assert flat(rubber[0]) == "rubber 2"


def test_the_template_writes_no_totals_while_the_rubber_goes_on() -> None:
    svg = render(whist_sheet(PAIRS, (RUBBER[0], *IN_PROGRESS)))
    games = games_of(svg)
    assert [g.get("data-winner") for g in games] == ["0", ""]
    assert games[1].get("data-score") == "3,2"
    assert games[1].find(f"{SVG}text[@class='value']") is None
    assert games[1].find(f"{SVG}line") is None
    assert [g for g in svg.iter(f"{SVG}g") if g.get("class") in ("totals", "rubber")] == []
    latest = games[1].findall(f"{SVG}text[@data-latest='true']")
    assert [(t.get("data-pair"), t.text) for t in latest] == [("0", "3"), ("1", "2")]


def test_the_template_keeps_a_long_pair_name_whole_as_a_tooltip() -> None:
    names = render(crowded(2)).findall(f"{SVG}text[@class='pair-name']")
    tooltips = [name.find(f"{SVG}title") for name in names]
    assert [t.text for t in tooltips if t is not None] == list(LONG_PAIRS)


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("games", range(4))
def test_coordinates_keep_their_decimal_point_and_stay_in_the_view_box(language: str, games: int) -> None:
    sheet = crowded(games)
    svg = render(sheet, language)
    numbers = [
        value
        for element in svg.iter()
        for attribute in ("x", "y", "x1", "y1", "x2", "y2", "width", "height")
        if (value := element.get(attribute)) is not None
    ]
    assert any("." in value for value in numbers)  # there are decimals, and they kept their dot
    assert not any("," in value for value in numbers)
    for value in numbers:
        assert 0 <= float(value) <= max(sheet.width, sheet.height)
    width, height = (float(n) for n in (svg.get("viewBox") or "").split()[2:])
    for element in svg.iter():
        if element.get("y") is not None:
            assert 0 <= float(element.get("y") or "") <= height
        if element.get("x") is not None:
            assert 0 <= float(element.get("x") or "") <= width


def test_a_score_of_ten_to_the_twentieth_is_written_one_number_a_row_and_draws_quickly() -> None:
    huge = 10**20
    games = (
        GameColumn(((huge, huge + 3), (5,)), 0, 3),
        GameColumn(((2,), (huge * 7,)), None, None),
    )
    start = time.perf_counter()
    sheet = whist_sheet(PAIRS, games)
    svg = render(sheet)
    assert time.perf_counter() - start < 1.0
    first = sheet.games[0].column(0)
    assert [mark.value for mark in first] == [huge, huge + 3]
    assert first[0].at.y < first[1].at.y  # one a row
    assert len(list(svg.iter())) < 40
    assert str(huge * 7) in sheet.label
