"""Geometry of the line charts: a match's running totals, a player's money over time.

Pure Python: no Django here; templates/matches/line_chart.html turns these values into SVG.
Every coordinate is in viewBox units, rounded to one decimal. Colour is never the only
signal: each line has its own dash pattern and marker shape, its name at its end, and a sample
of it beside its name in the legend under the chart.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal, localcontext

from games.drawing import Segment, Text, shorten

# The chart fills the width of a phone held upright; the names take the right-hand column.
WIDTH = 360.0
HEIGHT = 230.0
LEFT = 34.0  # room for the y axis numbers
RIGHT = WIDTH - 84.0  # the plot ends here; the names at the lines' ends go beyond
TOP = 18.0  # room for the y caption above the plot
BOTTOM = HEIGHT - 26.0  # room for the x axis labels below the plot
LABEL_GAP = 12.0  # between two names at the lines' ends, one text line
NAME_LIMIT = 9  # characters of a name at a line's end
MAX_X_LABELS = 7
MAX_MARKED = 24  # with more points than this, a line is marked at its end only
MARKER = 3.2  # half the size of a marker
KEY_WIDTH, KEY_HEIGHT = 28.0, 10.0  # a line's sample in the legend under the chart
SIDE_BY_SIDE = 3.5  # at most this far apart, lines that would lie on one another (``apart``)

# One look per line, in order; a ninth line starts again with the first.
DASHES = ("", "7 4", "2 3", "10 3 2 3", "4 4", "1 5", "12 5", "6 2 2 2")
SHAPES = ("circle", "square", "triangle", "diamond")


@dataclass(frozen=True)
class XTick:
    x: float
    text: str


@dataclass(frozen=True)
class YTick:
    y: float
    value: Decimal


@dataclass(frozen=True)
class Limit:
    """A total that ends the match (a Busca threshold): a line across the plot, its number under it."""

    y: float
    value: Decimal


@dataclass(frozen=True)
class Series:
    """One line: a player's (or a pair's) values, left to right."""

    index: int
    name: str  # as shown at the line's end: shortened when long
    full_name: str
    name_lines: tuple[str, ...]  # the name as shown, one text line each ("Anna &", "Carla")
    values: tuple[Decimal, ...]
    points: str  # the polyline's points, "x,y x,y …"
    markers: str  # one path drawing every marker of the line
    dash: str  # SVG stroke-dasharray; "" is a solid line
    shape: str
    hollow: bool  # the second round of looks has hollow markers
    end: Text  # where the name goes, after the line's last point
    leader: Segment | None  # from the last point to a name moved aside to make room
    key_marker: str  # the marker in the legend's sample of the line (KEY_WIDTH × KEY_HEIGHT)

    @property
    def last(self) -> Decimal:
        return self.values[-1]

    @property
    def css_class(self) -> str:
        return f"series series-{self.index % len(DASHES)}{' hollow' if self.hollow else ''}"


@dataclass(frozen=True)
class LineChart:
    """Everything templates/matches/line_chart.html needs."""

    width: float
    height: float
    left: float
    top: float
    right: float
    bottom: float
    x_ticks: tuple[XTick, ...]
    y_ticks: tuple[YTick, ...]
    zero: float | None  # the y of the zero line, when the values cross it
    limits: tuple[Limit, ...]
    series: tuple[Series, ...]
    label: str  # the text alternative: every figure the chart draws
    title_id: str
    y_caption: str
    x_caption: str

    @property
    def view_box(self) -> str:
        return f"0 0 {WIDTH:g} {HEIGHT:g}"

    @property
    def key_box(self) -> str:
        """The viewBox of a line's sample in the legend."""
        return f"0 0 {KEY_WIDTH:g} {KEY_HEIGHT:g}"

    @property
    def key_y(self) -> float:
        return KEY_HEIGHT / 2

    @property
    def key_width(self) -> float:
        return KEY_WIDTH

    @property
    def limit_x(self) -> float:
        """Where a limit's number starts: under its line at the plot's left, where the lines start low."""
        return self.left + 4

    @property
    def number_x(self) -> float:
        """Where the y axis numbers end, just left of the plot."""
        return self.left - 4


def line_chart(
    names: Sequence[str],
    values: Sequence[Sequence[Decimal | int]],
    x_labels: Sequence[str],
    *,
    label: str = "",
    title_id: str = "chart-title",
    y_caption: str = "",
    x_caption: str = "",
    limits: Sequence[Decimal | int] = (),
    apart: bool = False,
) -> LineChart:
    """Lay out one line per name; every line has one value per x label.

    ``limits``: totals to mark across the plot (those that end a match); the axis reaches them, so
    the players see how far each of them still is. ``apart``: the lines are drawn a little above or
    below their values, each its own way, so that lines with the same values (Mambassa's lives: a
    few small numbers shared by many players) run side by side instead of one over the other.
    """
    if len(names) != len(values):
        raise ValueError(f"one line per name: got {len(names)} names and {len(values)} lines")
    if not names:
        raise ValueError("a chart needs at least one line")
    count = len(x_labels)
    if count == 0 or any(len(line) != count for line in values):
        raise ValueError(f"every line needs one value per x label ({count})")
    lines = [tuple(Decimal(v) for v in line) for line in values]
    marks = sorted({Decimal(v) for v in limits})
    flat = [v for line in lines for v in line] + marks
    low, high, step = nice_scale(min(flat), max(flat))

    def x_of(index: int) -> float:
        if count == 1:
            return (LEFT + RIGHT) / 2
        return LEFT + (RIGHT - LEFT) * index / (count - 1)

    def y_of(value: Decimal) -> float:
        return BOTTOM - (BOTTOM - TOP) * float((value - low) / (high - low))

    # Side by side within a third of one unit of the axis, whatever the number of lines.
    unit = (BOTTOM - TOP) / float(high - low)
    gap = min(SIDE_BY_SIDE, unit / 3 / max(len(lines) - 1, 1)) if apart and len(lines) > 1 else 0.0

    def shift(index: int) -> float:
        return (index - (len(lines) - 1) / 2) * gap

    y_ticks = []
    tick = low
    while tick <= high:
        y_ticks.append(YTick(_r(y_of(tick)), _plain(tick)))
        tick += step
    every = math.ceil(count / MAX_X_LABELS)
    shown = [i for i in range(count) if i % every == 0]
    if shown[-1] != count - 1 and (count - 1) - shown[-1] >= every / 2:
        shown.append(count - 1)  # the last one too, when it does not crowd the one before
    x_ticks = tuple(XTick(_r(x_of(i)), x_labels[i]) for i in shown)

    # A name may ask for a line break ("Anna &\nCarla"): each line is shortened on its own.
    name_lines = [tuple(shorten(part, NAME_LIMIT) for part in name.split("\n")) for name in names]
    ends = _spread([y_of(line[-1]) + shift(i) for i, line in enumerate(lines)], [len(p) for p in name_lines])
    marked = count <= MAX_MARKED
    series = []
    for index, (name, line) in enumerate(zip(names, lines, strict=True)):
        coords = [(x_of(i), y_of(v) + shift(index)) for i, v in enumerate(line)]
        shape = SHAPES[index % len(SHAPES)]
        at = coords if marked else coords[-1:]
        last_x, last_y = coords[-1]
        end_y = ends[index]
        moved = abs(end_y - last_y) > 0.5
        series.append(
            Series(
                index=index,
                name=" ".join(name_lines[index]),
                full_name=" ".join(name.split()),
                name_lines=name_lines[index],
                values=line,
                points=" ".join(f"{_n(x)},{_n(y)}" for x, y in coords),
                markers=" ".join(marker_path(shape, x, y) for x, y in at),
                dash=DASHES[index % len(DASHES)],
                shape=shape,
                hollow=index % len(DASHES) >= len(SHAPES),
                end=Text(_r(RIGHT + 8), _r(end_y + 3.5), "start"),
                leader=Segment(_r(last_x + MARKER), _r(last_y), _r(RIGHT + 6), _r(end_y)) if moved else None,
                key_marker=marker_path(shape, KEY_WIDTH / 2, KEY_HEIGHT / 2),
            )
        )
    if not label:
        label = figures_text(names, lines)
    return LineChart(
        width=WIDTH,
        height=HEIGHT,
        left=LEFT,
        top=TOP,
        right=RIGHT,
        bottom=BOTTOM,
        x_ticks=x_ticks,
        y_ticks=tuple(y_ticks),
        zero=_r(y_of(Decimal(0))) if low < 0 < high else None,
        limits=tuple(Limit(_r(y_of(value)), value) for value in marks),
        series=tuple(series),
        label=label,
        title_id=title_id,
        y_caption=y_caption,
        x_caption=x_caption,
    )


def figures_text(names: Sequence[str], values: Sequence[Sequence[Decimal | int]]) -> str:
    """Every figure of the lines, for the text alternative: "Anna: 0, 5, 7; Bruno: 0, 0, 4"."""
    return "; ".join(
        f"{' '.join(name.split())}: {', '.join(str(v) for v in line)}"
        for name, line in zip(names, values, strict=True)
    )


def nice_scale(low: Decimal, high: Decimal, ticks: int = 5) -> tuple[Decimal, Decimal, Decimal]:
    """An axis from at most ``low`` (and 0) to at least ``high`` in steps of 1, 2 or 5 × 10ⁿ."""
    low, high = min(low, Decimal(0)), max(high, Decimal(0))
    if high == low:
        high = low + 1
    # Enough digits for every figure whole: past 28 (a house rule's huge penalty) quantize refuses.
    with localcontext() as context:
        context.prec = max(context.prec, 28 + max(high.adjusted(), (-low).adjusted(), 0))
        return _nice_scale(low, high, ticks)


def _nice_scale(low: Decimal, high: Decimal, ticks: int) -> tuple[Decimal, Decimal, Decimal]:
    raw = (high - low) / ticks
    power = Decimal(10) ** math.floor(math.log10(raw))
    step = next(m * power for m in (Decimal(1), Decimal(2), Decimal(5), Decimal(10)) if m * power >= raw)
    if low == low.to_integral_value() and high == high.to_integral_value():
        step = max(step, Decimal(1))  # whole busche, lives and points: whole steps
    exponent = step.normalize().as_tuple().exponent
    assert isinstance(exponent, int)  # a finite step
    places = Decimal(1).scaleb(min(0, exponent))
    bottom = ((low / step).to_integral_value(ROUND_FLOOR) * step).quantize(places)
    top = ((high / step).to_integral_value(ROUND_CEILING) * step).quantize(places)
    return bottom, top, step.quantize(places)


def marker_path(shape: str, x: float, y: float, size: float = MARKER) -> str:
    """The SVG path of one marker centred on (x, y)."""
    s = size
    if shape == "circle":
        arc = f"a{_n(s)},{_n(s)} 0 1,0"
        return f"M{_n(x - s)},{_n(y)}{arc} {_n(2 * s)},0{arc} {_n(-2 * s)},0Z"
    if shape == "square":
        return f"M{_n(x - s)},{_n(y - s)}h{_n(2 * s)}v{_n(2 * s)}h{_n(-2 * s)}Z"
    if shape == "triangle":
        t = s * 1.25
        return f"M{_n(x)},{_n(y - t)}L{_n(x + t)},{_n(y + s)}L{_n(x - t)},{_n(y + s)}Z"
    if shape == "diamond":
        d = s * 1.35
        return f"M{_n(x)},{_n(y - d)}L{_n(x + d)},{_n(y)}L{_n(x)},{_n(y + d)}L{_n(x - d)},{_n(y)}Z"
    raise ValueError(f"unknown marker shape {shape!r}")


def _spread(ys: Sequence[float], sizes: Sequence[int]) -> list[float]:
    """The names' heights at the lines' ends, moved apart just enough not to overlap.

    ``sizes`` says how many text lines each name takes; its first line sits at its height.
    """
    order = sorted(range(len(ys)), key=lambda i: (ys[i], i))
    placed = [ys[i] for i in order]
    tall = [sizes[i] * LABEL_GAP for i in order]
    for k in range(1, len(placed)):
        placed[k] = max(placed[k], placed[k - 1] + tall[k - 1])
    # Names pushed below the chart come back up, pushing the others up in turn.
    limit = HEIGHT - 6.0
    for k in range(len(placed) - 1, -1, -1):
        ceiling = limit - tall[k] + LABEL_GAP if k == len(placed) - 1 else placed[k + 1] - tall[k]
        placed[k] = min(placed[k], ceiling)
    result = [0.0] * len(ys)
    for k, i in enumerate(order):
        result[i] = max(placed[k], 6.0)
    return result


def _plain(value: Decimal) -> Decimal:
    """A whole number written out in digits, not as 2.000E+39 (past 28 digits Decimal rounds)."""
    exponent = value.as_tuple().exponent
    return Decimal(int(value)) if isinstance(exponent, int) and exponent > 0 else value


def _r(value: float) -> float:
    return round(value, 1) + 0.0  # + 0.0 turns -0.0 into 0.0


def _n(value: float) -> str:
    return f"{_r(value):g}"
