"""The Busca score cross: geometry from games/busca/drawing.py, markup from the template busca/cross.html."""

from __future__ import annotations

import ast
import math
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.busca import drawing
from games.busca.drawing import Arm, Cross, busca_cross
from games.drawing import Segment

NAMES = ("Anna", "Bruno", "Carla", "Dario")
SVG = "{http://www.w3.org/2000/svg}"
NAME_EM = 0.62  # a generous average glyph width, in em, for the check that names fit
NAME_SIZE = 15.0  # font-size of the names in static/css/cross.css


def cross_for(
    total: int, thresholds: tuple[int, ...] = (10, 20), *, dealer: int | None = None, label: str = ""
) -> Cross:
    """Seats 0 and 2 have ``total`` busche, seat 1 none and seat 3 one."""
    return busca_cross(NAMES, [total, 0, total, 1], thresholds, dealer=dealer, label=label)


def distance(arm: Arm, x: float, y: float) -> float:
    """How far out along ``arm`` a point lies."""
    return abs(x - arm.line.x1) + abs(y - arm.line.y1)


def middle(segment: Segment) -> tuple[float, float]:
    return (segment.x1 + segment.x2) / 2, (segment.y1 + segment.y2) / 2


def points(cross: Cross) -> list[tuple[float, float]]:
    found = []
    for arm in cross.arms:
        for segment in (arm.line, *arm.strokes, *arm.ticks):
            found += [(segment.x1, segment.y1), (segment.x2, segment.y2)]
        for box in arm.groups:
            found += [(box.x, box.y), (box.x + box.width, box.y + box.height)]
        found += [(arm.name_at.x, arm.name_at.y), (arm.dealer_at.x, arm.dealer_at.y)]
    found += [(t.at.x, t.at.y) for t in cross.thresholds]
    return found


@pytest.mark.parametrize("total", [0, 1, 5, 23, 60])
def test_each_busca_is_one_stroke_and_each_five_one_square(total: int) -> None:
    cross = cross_for(total)
    assert [len(arm.strokes) for arm in cross.arms] == [total, 0, total, 1]
    assert [len(arm.groups) for arm in cross.arms] == [total // 5, 0, total // 5, 0]
    assert [arm.busche for arm in cross.arms] == [total, 0, total, 1]


@pytest.mark.parametrize("thresholds", [(10, 20), (10,), ()])
@pytest.mark.parametrize("total", [0, 1, 5, 23, 60])
def test_everything_is_drawn_inside_the_view_box(total: int, thresholds: tuple[int, ...]) -> None:
    cross = cross_for(total, thresholds, dealer=0)
    assert cross.view_box == "0 0 360 360"
    for x, y in points(cross):
        assert 0 <= x <= cross.width
        assert 0 <= y <= cross.height


@pytest.mark.parametrize("total", [1, 23, 60])
def test_strokes_go_from_the_centre_outwards_and_stay_on_their_arm(total: int) -> None:
    cross = cross_for(total)
    seat0 = cross.arms[0]
    out = [distance(seat0, *middle(stroke)) for stroke in seat0.strokes]
    assert out == sorted(out)
    assert len(set(out)) == total
    assert out[-1] < distance(seat0, seat0.line.x2, seat0.line.y2)


def test_each_square_closes_its_own_five_strokes() -> None:
    arm = cross_for(23).arms[0]
    for number, box in enumerate(arm.groups):
        inside = [
            stroke
            for stroke in arm.strokes
            if box.x <= middle(stroke)[0] <= box.x + box.width
            and box.y <= middle(stroke)[1] <= box.y + box.height
        ]
        assert inside == list(arm.strokes[number * 5 : number * 5 + 5])


@pytest.mark.parametrize(
    ("seat", "where"),
    [(0, "below"), (1, "right"), (2, "above"), (3, "left")],
)
def test_each_arm_points_to_where_its_player_sits(seat: int, where: str) -> None:
    cross = cross_for(12)
    arm, centre = cross.arms[seat], cross.width / 2
    dx, dy = arm.name_at.x - centre, arm.name_at.y - centre
    end_dx, end_dy = arm.line.x2 - centre, arm.line.y2 - centre
    for x, y in ((dx, dy), (end_dx, end_dy)):
        assert {
            "below": y > abs(x),
            "right": x > abs(y),
            "above": -y > abs(x),
            "left": -x > abs(y),
        }[where]


def test_a_long_name_is_shortened_with_an_ellipsis_and_stays_in_its_quarter() -> None:
    names = ["Annamaria Lucrezia", "Bartolomeo Maria", "Carlo Alberto Dalla", "Domenico Rossi"]
    cross = busca_cross(names, [60, 60, 60, 60], (10, 20), dealer=3)
    centre = cross.width / 2
    for arm, full in zip(cross.arms, names, strict=True):
        assert arm.full_name == full
        assert arm.name.endswith("…")
        assert len(arm.name) <= 12
        assert arm.truncated
        width = NAME_EM * NAME_SIZE * len(f"{arm.name} {arm.busche}")
        left = {"start": arm.name_at.x, "end": arm.name_at.x - width}[arm.name_at.anchor]
        right = left + width
        top, bottom = arm.name_at.y - NAME_SIZE, arm.name_at.y + 4
        assert left >= 0
        assert right <= cross.width
        assert top >= 0
        assert bottom <= cross.height
        # Its own quarter of the sheet: the text crosses no arm.
        assert right < centre or left > centre
        assert bottom < centre or top > centre


def test_a_short_name_is_shown_whole() -> None:
    arm = cross_for(3).arms[0]
    assert arm.name == "Anna"
    assert not arm.truncated


@pytest.mark.parametrize(("thresholds", "ticks"), [((10, 20), 2), ((10,), 1), ((), 0)])
def test_each_threshold_is_one_tick_across_every_arm_and_one_number(
    thresholds: tuple[int, ...], ticks: int
) -> None:
    cross = cross_for(7, thresholds)
    assert [len(arm.ticks) for arm in cross.arms] == [ticks] * 4
    assert [t.value for t in cross.thresholds] == list(thresholds)


def test_a_threshold_tick_falls_between_the_busca_that_reaches_it_and_the_next() -> None:
    arm = cross_for(23).arms[0]
    for threshold, tick in zip((10, 20), arm.ticks, strict=True):
        at = distance(arm, *middle(tick))
        assert distance(arm, *middle(arm.strokes[threshold - 1])) < at
        assert at < distance(arm, *middle(arm.strokes[threshold]))


@pytest.mark.parametrize("total", [0, 23, 60])
def test_the_arm_is_long_enough_for_the_highest_threshold_and_two_more(total: int) -> None:
    arm = cross_for(total).arms[0]
    last_tick = distance(arm, *middle(arm.ticks[-1]))
    room = distance(arm, arm.line.x2, arm.line.y2)
    assert last_tick + 2 * cross_for(total).step <= room


def test_many_busche_draw_closer_together_and_finer_rather_than_overflow() -> None:
    assert cross_for(60).step < cross_for(23).step
    assert cross_for(60).dense
    assert not cross_for(23).dense


def test_the_dealer_the_losers_and_the_winners_are_marked_on_their_own_arms() -> None:
    cross = busca_cross(NAMES, [23, 11, 4, 20], (10, 20), dealer=1, losers=[0, 3], winners=[2])
    assert [arm.is_dealer for arm in cross.arms] == [False, True, False, False]
    assert [arm.is_loser for arm in cross.arms] == [True, False, False, True]
    assert [arm.is_winner for arm in cross.arms] == [False, False, True, False]
    assert [arm.css_class for arm in cross.arms] == [
        "arm seat-0 loser",
        "arm seat-1 dealer",
        "arm seat-2 winner",
        "arm seat-3 loser",
    ]


def test_without_a_dealer_no_arm_is_marked() -> None:
    assert not any(arm.is_dealer for arm in cross_for(3).arms)


def test_the_text_alternative_is_the_callers_or_else_reads_the_score() -> None:
    assert cross_for(3, label="Croce: Anna 3 busche").label == "Croce: Anna 3 busche"
    assert cross_for(3).label == "Anna 3, Bruno 0, Carla 3, Dario 1"


def test_a_cross_needs_four_players_seated_at_the_table() -> None:
    with pytest.raises(ValueError, match="4 arms"):
        busca_cross(NAMES[:3], [1, 2, 3], (10,))
    with pytest.raises(ValueError, match="seat 4"):
        busca_cross(NAMES, [1, 2, 3, 4], (10,), dealer=4)


def test_the_same_score_always_draws_the_same_cross() -> None:
    assert cross_for(23, dealer=2) == cross_for(23, dealer=2)
    for x, y in points(cross_for(23)):
        assert math.isclose(x, round(x, 1))
        assert math.isclose(y, round(y, 1))


def test_the_geometry_module_does_not_import_django() -> None:
    tree = ast.parse(Path(drawing.__file__).read_text())
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


def parts(arm: ET.Element, name: str) -> int:
    """The pieces of an arm's path ``name``: a stroke or a square each, one "M" (move) apiece."""
    path = arm.find(f"{SVG}path[@class='{name}']")
    return 0 if path is None else (path.get("d") or "").count("M")


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_template_draws_a_valid_svg_with_every_stroke_and_square(language: str) -> None:
    names = ["Anna", "Bruno", "Carla", "Domenico Rossi Bianchi"]
    cross = busca_cross(
        names,
        [23, 11, 4, 60],
        (10, 20),
        dealer=3,
        losers=[3],
        winners=[2],
        label="Score cross: Anna 23 busche, Bruno 11, Carla 4, Domenico 60",
        dealer_label="mazziere",
    )
    # Italian writes decimals with a comma; the SVG must still get dots.
    with translation.override(language):
        html = render_to_string("busca/cross.html", {"cross": cross})
    svg = ET.fromstring(html)

    assert svg.tag == f"{SVG}svg"
    assert svg.get("viewBox") == "0 0 360 360"
    assert svg.get("width") is None
    assert svg.get("height") is None
    assert svg.get("role") == "img"
    title = svg.find(f"{SVG}title")
    assert title is not None
    assert title.text == cross.label
    # Named by its <title> alone: an aria-labelledby would make the title its description too, read twice.
    assert svg[0] is title
    assert svg.get("aria-labelledby") is None

    arms = svg.findall(f"{SVG}g")
    assert [arm.get("data-seat") for arm in arms] == ["0", "1", "2", "3"]
    assert [arm.get("data-busche") for arm in arms] == ["23", "11", "4", "60"]
    assert [parts(arm, "strokes") for arm in arms] == [23, 11, 4, 60]  # one "M x y L x y" each
    assert [parts(arm, "groups") for arm in arms] == [4, 2, 0, 12]
    first = cross.arms[0].strokes[0]
    drawn = arms[0].find(f"{SVG}path[@class='strokes']")
    assert drawn is not None
    assert (drawn.get("d") or "").startswith(f"M{first.x1:g} {first.y1:g}L{first.x2:g} {first.y2:g}M")
    assert [len(arm.findall(f"{SVG}line[@class='threshold']")) for arm in arms] == [2, 2, 2, 2]
    assert "loser" in (arms[3].get("class") or "").split()
    assert "winner" in (arms[2].get("class") or "").split()
    assert "mazziere" in "".join(arms[3].itertext())
    assert "mazziere" not in "".join(arms[0].itertext())
    assert "Domenico Ro… 60" in " ".join("".join(arms[3].itertext()).split())
    for element in svg.iter():
        for attribute in ("x", "y", "x1", "y1", "x2", "y2", "width", "height"):
            if element.get(attribute) is not None:
                assert 0 <= float(element.get(attribute) or "") <= 360


@pytest.mark.parametrize("total", [101, 137, 10**20])
def test_past_a_hundred_busche_the_arm_is_full_and_the_rest_is_written_as_a_count(total: int) -> None:
    cross = cross_for(total)
    arm = cross.arms[0]
    assert len(arm.strokes) == drawing.STROKE_CAP
    assert len(arm.groups) == drawing.STROKE_CAP // 5
    assert arm.overflow == total - drawing.STROKE_CAP
    assert arm.busche == total
    assert [a.overflow for a in cross.arms[1:]] == [0, total - drawing.STROKE_CAP, 0]
    for x, y in [*points(cross), (arm.overflow_at.x, arm.overflow_at.y)]:
        assert 0 <= x <= cross.width
        assert 0 <= y <= cross.height


def test_a_hundred_busche_exactly_are_all_drawn_with_no_count_beside() -> None:
    arm = cross_for(100).arms[0]
    assert len(arm.strokes) == 100
    assert arm.overflow == 0


def test_a_threshold_no_table_plays_to_gets_no_tick_past_the_end_of_the_arm() -> None:
    cross = cross_for(7, (10, 10**20))
    assert [t.value for t in cross.thresholds] == [10]
    assert [len(arm.ticks) for arm in cross.arms] == [1] * 4


def test_a_total_of_ten_to_the_twentieth_draws_quickly_and_reads_the_whole_number() -> None:
    total = 10**20
    start = time.perf_counter()
    cross = busca_cross(NAMES, [total, -total, 3, 0], (10**20,), label="")
    html = render_to_string("busca/cross.html", {"cross": cross})
    assert time.perf_counter() - start < 1.0
    svg = ET.fromstring(html)
    assert len(list(svg.iter())) < 60  # elements: the arms, ticks, names, no stroke of its own
    assert len(html) < 40_000
    arms = svg.findall(f"{SVG}g")
    assert [parts(arm, "strokes") for arm in arms] == [100, 0, 3, 0]
    assert "+ 99999999999999999900" in "".join(arms[0].itertext())
    assert f"Anna {total}" in cross.label
