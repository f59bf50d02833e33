"""The line charts' geometry (matches/charts.py): no database, no Django."""

from __future__ import annotations

import itertools
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from matches import charts

D = Decimal
NAMES = ["Anna", "Bruno", "Carla", "Dario"]


def busca_chart() -> charts.LineChart:
    # The running busche of a Busca match: Carla and Dario never take one, so their lines coincide.
    values = [[0, 5, 7, 17, 17, 23], [0, 0, 0, 0, 4, 4], [0] * 6, [0] * 6]
    return charts.line_chart(NAMES, values, [str(n) for n in range(6)])


@pytest.mark.parametrize(
    ("low", "high", "axis"),
    [
        (D(0), D(23), (D(0), D(25), D(5))),  # busche: steps of five, like the squares of the cross
        (D(0), D(3), (D(0), D(3), D(1))),  # lives: never half a life
        (D(0), D(0), (D(0), D(1), D(1))),  # nothing yet: still an axis
        (D("-5.66"), D("0.34"), (D(-6), D(2), D(2))),  # money lost: zero stays on the axis
        (D("0.5"), D("2.5"), (D(0), D("2.5"), D("0.5"))),  # cents: steps of fifty cents
    ],
)
def test_the_axis_runs_in_round_steps_from_zero(
    low: Decimal, high: Decimal, axis: tuple[Decimal, ...]
) -> None:
    assert charts.nice_scale(low, high) == axis


def test_each_line_has_its_own_dash_and_marker_so_colour_is_not_the_only_signal() -> None:
    chart = charts.line_chart([f"P{i}" for i in range(8)], [[i, i + 1] for i in range(8)], ["0", "1"])
    looks = {(s.dash, s.shape, s.hollow) for s in chart.series}
    assert len(looks) == 8
    assert len({s.dash for s in chart.series}) == 8
    assert len({s.shape for s in chart.series[:4]}) == 4


def ys(line: charts.Series) -> list[float]:
    return [float(point.split(",")[1]) for point in line.points.split()]


def test_lines_drawn_apart_run_side_by_side_where_their_values_are_the_same() -> None:
    # Mambassa's lives: eight players, 3 each, most of them still on 3 after four deals.
    values = [[3, 3, 3, 2, 2], [3, 3, 3, 3, 3], [3, 2, 2, 2, 1], [3, 3, 3, 3, 3]] * 2
    names = [f"P{n}" for n in range(8)]
    together = charts.line_chart(names, values, [str(n) for n in range(5)])
    apart = charts.line_chart(names, values, [str(n) for n in range(5)], apart=True)

    # Drawn as they are, equal lives lie on one another; apart, no two lines share a point.
    assert ys(together.series[1]) == ys(together.series[3])
    starts = [ys(line)[0] for line in apart.series]
    assert len(set(starts)) == 8
    # Each stays within a third of a life of its value, in order, and keeps its own look.
    unit = (apart.bottom - apart.top) / 3  # the axis runs 0 to 3
    assert max(starts) - min(starts) <= unit / 3 + 0.1
    assert starts == sorted(starts)
    assert len({(line.dash, line.shape, line.hollow) for line in apart.series}) == 8
    assert all(line.key_marker.startswith("M") for line in apart.series)


def test_names_at_the_lines_ends_never_overlap_and_stay_on_the_chart() -> None:
    chart = charts.line_chart(
        [f"P{i}" for i in range(8)], [[0, 0] for _ in range(8)], ["0", "1"]
    )  # eight lines ending on the same value
    heights = sorted(s.end.y for s in chart.series)
    assert all(b - a >= charts.LABEL_GAP - 0.1 for a, b in itertools.pairwise(heights))
    assert all(0 < y <= chart.height for y in heights)
    # A name moved away from its line's end is joined to it by a short leader line.
    assert all((s.leader is not None) == (abs(s.end.y - 3.5 - chart.bottom) > 0.5) for s in chart.series)


def test_lines_span_the_plot_from_the_first_deal_to_the_last() -> None:
    chart = busca_chart()
    anna = [tuple(map(float, p.split(","))) for p in chart.series[0].points.split()]
    assert anna[0] == (chart.left, chart.bottom)  # 0 busche before the first deal
    assert anna[-1][0] == chart.right
    assert chart.top <= anna[-1][1] < chart.bottom  # 23 busche, under the top of the axis (25)
    assert [t.value for t in chart.y_ticks] == [0, 5, 10, 15, 20, 25]


def test_the_text_alternative_reads_every_figure() -> None:
    assert busca_chart().label == (
        "Anna: 0, 5, 7, 17, 17, 23; Bruno: 0, 0, 0, 0, 4, 4; Carla: 0, 0, 0, 0, 0, 0; Dario: 0, 0, 0, 0, 0, 0"
    )


def test_each_line_ends_with_its_name_and_last_value() -> None:
    chart = busca_chart()
    assert [(s.name, s.last) for s in chart.series] == [
        ("Anna", Decimal(23)),
        ("Bruno", Decimal(4)),
        ("Carla", Decimal(0)),
        ("Dario", Decimal(0)),
    ]
    assert all(s.end.x > chart.right for s in chart.series)


def test_long_names_are_shortened_at_the_line_end_but_kept_whole() -> None:
    chart = charts.line_chart(["Massimiliano Rossi"], [[1, 2]], ["0", "1"])
    assert chart.series[0].name == "Massimil…"
    assert chart.series[0].full_name == "Massimiliano Rossi"


def test_a_long_match_is_labelled_every_few_deals_and_marked_at_the_end_only() -> None:
    count = 41
    chart = charts.line_chart(["Anna"], [list(range(count))], [str(n) for n in range(count)])
    assert len(chart.x_ticks) <= charts.MAX_X_LABELS + 1
    assert chart.x_ticks[0].text == "0"
    assert chart.series[0].markers.count("M") == 1
    short = charts.line_chart(["Anna"], [[0, 1, 2]], ["0", "1", "2"])
    assert short.series[0].markers.count("M") == 3


def test_the_zero_line_shows_when_money_goes_below_it() -> None:
    money = charts.line_chart(["Anna"], [[D("-1"), D("2"), D("4.5")]], ["20 Nov", "27 Nov", "28 Nov"])
    assert money.zero is not None
    assert money.top < money.zero < money.bottom
    assert busca_chart().zero is None


def test_a_single_point_sits_in_the_middle() -> None:
    chart = charts.line_chart(["Anna"], [[D("3")]], ["27 Nov"])
    x, _ = chart.series[0].points.split(",")
    assert float(x) == (chart.left + chart.right) / 2


@pytest.mark.parametrize("shape", charts.SHAPES)
def test_every_marker_is_a_closed_path_around_its_point(shape: str) -> None:
    path = charts.marker_path(shape, 100.0, 50.0)
    assert path.startswith("M")
    assert path.endswith("Z")


@pytest.mark.parametrize(
    ("names", "values", "x_labels"),
    [
        (["Anna", "Bruno"], [[1, 2]], ["0", "1"]),  # a name without a line
        (["Anna"], [[1, 2, 3]], ["0", "1"]),  # more values than labels
        ([], [], ["0"]),  # nothing to draw
    ],
)
def test_lines_that_do_not_match_their_labels_are_refused(
    names: list[str], values: list[list[int]], x_labels: list[str]
) -> None:
    with pytest.raises(ValueError, match="line"):
        charts.line_chart(names, values, x_labels)


def test_the_chart_geometry_loads_no_django() -> None:
    code = "import sys, matches.charts; print(any(m.split('.')[0] == 'django' for m in sys.modules))"
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_pairs_name_goes_on_two_lines_and_keeps_its_room() -> None:
    chart = charts.line_chart(["Anna &\nCarla", "Bruno &\nDario"], [[0, 7], [0, 7]], ["0", "1"])
    first, second = chart.series
    assert first.name_lines == ("Anna &", "Carla")
    assert first.full_name == "Anna & Carla"
    # Two text lines each: the second name starts below both lines of the first.
    assert abs(second.end.y - first.end.y) >= 2 * charts.LABEL_GAP - 0.1
    assert chart.label == "Anna & Carla: 0, 7; Bruno & Dario: 0, 7"


def test_a_total_that_ends_the_match_is_marked_across_the_plot_and_the_axis_reaches_it() -> None:
    values = [[0, 5, 7, 17, 17, 23], [0, 0, 0, 0, 4, 4]]
    chart = charts.line_chart(NAMES[:2], values, [str(n) for n in range(6)], limits=[41, 31, 31])
    assert [limit.value for limit in chart.limits] == [D(31), D(41)]  # once each, lowest first
    assert chart.y_ticks[-1].value >= D(41)
    top_of_lines = min(float(point.split(",")[1]) for point in chart.series[0].points.split())
    assert chart.top <= chart.limits[1].y < chart.limits[0].y < top_of_lines
    assert busca_chart().limits == ()


@pytest.mark.parametrize("huge", [10**20, 10**40, -(10**60)])
def test_totals_past_any_table_still_chart_with_a_few_whole_numbers_on_the_axis(huge: int) -> None:
    chart = charts.line_chart(["Anna", "Bruno"], [[0, huge], [0, 1]], ["0", "1"], limits=[10])
    assert 2 <= len(chart.y_ticks) <= 7
    assert all("E" not in str(tick.value) for tick in chart.y_ticks)
    assert str(huge) in chart.label
    assert chart.y_ticks[0].value <= min(huge, 0) < max(huge, 1) <= chart.y_ticks[-1].value
