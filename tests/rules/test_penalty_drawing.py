"""Penalty busche on the Busca cross: a dot where a busca from points is a stroke, and a key under it."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from django.template.loader import render_to_string

from games.busca.drawing import SIZE, busca_cross

NAMES = ("Anna", "Bruno", "Carla", "Dario")
SVG = "{http://www.w3.org/2000/svg}"


def test_a_busca_a_penalty_gave_is_drawn_as_a_dot_in_its_place_not_as_a_stroke() -> None:
    plain = busca_cross(NAMES, [5, 1, 0, 0], (10,))
    marked = busca_cross(NAMES, [5, 1, 0, 0], (10,), penalties=[[4], [0], [], []])

    anna, bruno = marked.arms[0], marked.arms[1]
    assert (len(anna.strokes), len(anna.dots)) == (4, 1)
    assert (len(bruno.strokes), len(bruno.dots)) == (0, 1)
    assert anna.dots_path.count("M") == 1
    assert bruno.strokes_path == ""
    # Each in the place its busca had: Anna's fifth, Bruno's first; the five still closed in a square.
    fifth, first = plain.arms[0].strokes[4], plain.arms[1].strokes[0]
    assert abs(anna.dots[0].x - (fifth.x1 + fifth.x2) / 2) < 1.5
    assert abs(anna.dots[0].y - (fifth.y1 + fifth.y2) / 2) < 1.5
    assert abs(bruno.dots[0].x - (first.x1 + first.x2) / 2) < 1.5
    assert len(anna.groups) == 1
    assert marked.penalties == 2


def test_the_key_line_is_drawn_under_the_cross_only_when_a_penalty_busca_is() -> None:
    without = busca_cross(NAMES, [3, 0, 0, 0], (10,), penalties=[[], [], [], []])
    assert without.key is None
    assert without.height == SIZE

    cross = busca_cross(
        NAMES, [3, 0, 0, 0], (10,), penalties=[[2], [], [], []], key_labels=("from points", "penalty")
    )
    assert cross.key is not None
    assert cross.height > SIZE
    assert cross.key.stroke_at.y > SIZE
    assert cross.key.dot_at.y > SIZE
    assert cross.view_box == f"0 0 360 {cross.height:g}"


def test_the_cross_markup_draws_the_dots_apart_and_the_key_says_what_each_mark_is() -> None:
    cross = busca_cross(
        NAMES,
        [6, 0, 0, 2],
        (10,),
        penalties=[[5], [], [], [0, 1]],
        key_labels=("busca from points", "penalty busca"),
    )
    svg = ET.fromstring(render_to_string("busca/cross.html", {"cross": cross}))

    anna = svg.find(f'{SVG}g[@data-seat="0"]')
    dario = svg.find(f'{SVG}g[@data-seat="3"]')
    assert anna is not None
    assert dario is not None
    anna_dots = anna.find(f'{SVG}path[@class="penalty-dots"]')
    assert anna_dots is not None
    assert anna_dots.get("data-penalties") == "1"
    assert anna.find(f'{SVG}path[@class="strokes"]') is not None
    dario_dots = dario.find(f'{SVG}path[@class="penalty-dots"]')
    assert dario_dots is not None
    assert dario_dots.get("data-penalties") == "2"
    assert dario.find(f'{SVG}path[@class="strokes"]') is None  # both of Dario's were penalties
    key = svg.find(f'{SVG}g[@class="key"]')
    assert key is not None
    assert ["".join(t.itertext()) for t in key.iter(f"{SVG}text")] == ["busca from points", "penalty busca"]
    assert key.find(f"{SVG}line") is not None
    assert key.find(f'{SVG}path[@class="penalty-dots"]') is not None


def test_a_turned_cross_draws_the_dots_on_the_arm_of_the_seat_that_took_them() -> None:
    upright = busca_cross(NAMES, [0, 0, 3, 0], (10,), penalties=[[], [], [1], []])
    turned = busca_cross(NAMES, [0, 0, 3, 0], (10,), penalties=[[], [], [1], []], bottom=2)

    assert len(turned.arms[2].dots) == 1
    # Carla's arm points up when Anna holds the phone, down when Carla does: so does her dot.
    assert upright.arms[2].dots[0].y < SIZE / 2 < turned.arms[2].dots[0].y


def test_penalty_places_past_the_busche_drawn_are_not_drawn() -> None:
    cross = busca_cross(NAMES, [2, 0, 0, 0], (10,), penalties=[[7], [], [], []])
    assert cross.arms[0].dots == ()
    assert cross.key is None
    assert len(cross.arms[0].strokes) == 2
