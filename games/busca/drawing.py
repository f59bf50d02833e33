"""Geometry of the score drawings; the templates only turn these values into SVG markup.

Pure Python: no Django here. Every coordinate is in viewBox units, rounded to one
decimal, so the markup stays short and the same input always draws the same sheet.

The Busca score cross (seed 003): «I punti vengono riportati su una grande croce …
Alla fine di ogni smazzata si riporta sul braccio di essa il numero di busche
ottenute. Ogni gruppo di 5 busche è serrato in quadrato.»
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.drawing import Box, Segment, Text, large_text_length, shorten

SEATS = 4
GROUP = 5  # busche closed in one square
SIDES = ("bottom", "right", "top", "left")  # where each place is drawn: which way its text grows

# The sheet: a square, so it fills the width of a phone held upright.
SIZE = 360.0
CENTRE = SIZE / 2
MARGIN = 14.0
ARM = CENTRE - MARGIN  # from the centre to the end of each arm
FIRST = 20.0  # the first square starts here, clear of the other arms' squares
TIP_GAP = 4.0  # room left between the last possible stroke and the end of the arm
MAX_STEP = 6.5  # room for one busca along the arm when there are few to draw
DENSE_STEP = 3.5  # below this, strokes are drawn thinner (the "dense" CSS class)
LABEL_GAP = 5.0  # between the threshold ticks and a name
# Busche drawn on one arm, twenty squares: more than a table reaches (a match ends at 10 or
# 20, and the last deal adds a few). Past it the arm is full and "+ 37" says the rest, so a
# house rule's huge penalty still draws a sheet of bounded size; the total is written anyway.
STROKE_CAP = 100
# A busca that a penalty gave (a renege, a misdeal) is a dot, not a stroke: never taken for one
# from points, in any colour or none (print). A key under the cross says so, when there is one.
DOT_RADIUS = 3.4  # wider than the arm's line it sits on, as wide as a busca's room at most
KEY_ROOM = 24.0  # the sheet's extra height for the key line

# Unit vectors from the centre towards each seat (SVG's y grows downwards):
# seat 0 at the bottom, then counter-clockwise: right, top, left.
DIRECTIONS: tuple[tuple[float, float], ...] = ((0.0, 1.0), (1.0, 0.0), (0.0, -1.0), (-1.0, 0.0))


@dataclass(frozen=True)
class Threshold:
    """A match-end threshold: the number, written once beside its tick on seat 0's arm."""

    value: int
    at: Text


@dataclass(frozen=True)
class Arm:
    """One player's arm of the cross, pointing to where the player sits."""

    seat: int
    name: str  # as shown: truncated with an ellipsis when long
    full_name: str
    busche: int
    line: Segment
    strokes: tuple[Segment, ...]  # one per busca from points, from the centre out, up to STROKE_CAP
    groups: tuple[Box, ...]  # one per complete group of five
    strokes_path: str  # the strokes as one SVG path: one element however many busche
    dots: tuple[Text, ...]  # one per penalty busca, in its place along the arm (x, y: its centre)
    dots_path: str  # the dots as one SVG path
    groups_path: str  # the squares closing each five as one SVG path
    ticks: tuple[Segment, ...]  # one per threshold, across this arm
    overflow: int  # busche past STROKE_CAP, not drawn: written as "+ 37"
    overflow_at: Text  # where that goes: opposite the name, by the end of the arm
    name_at: Text
    dealer_at: Text  # where the dealer's label goes, used when is_dealer
    is_dealer: bool
    is_loser: bool
    is_winner: bool
    place: int = 0  # where the arm is drawn: 0 at the bottom, then counter-clockwise

    @property
    def truncated(self) -> bool:
        return self.name != self.full_name

    @property
    def side(self) -> str:
        """Which side of the sheet the arm points to: its labels grow away from the lines."""
        return SIDES[self.place]

    @property
    def long(self) -> str:
        """How much smaller the name is written with large text: "" not at all, "1" a little, "2" more."""
        return large_text_length(self.name)

    @property
    def css_class(self) -> str:
        flags = [
            ("dealer", self.is_dealer),
            ("loser", self.is_loser),
            ("winner", self.is_winner),
        ]
        return " ".join(["arm", f"seat-{self.seat}", *(flag for flag, on in flags if on)])


@dataclass(frozen=True)
class Key:
    """The key line under the cross: a stroke is a busca from points, a dot one from a penalty."""

    stroke: Segment
    stroke_label: str
    stroke_at: Text
    dot_path: str
    dot_label: str
    dot_at: Text


@dataclass(frozen=True)
class Cross:
    """Everything busca/cross.html needs to draw the score cross."""

    width: float
    height: float
    arms: tuple[Arm, ...]
    thresholds: tuple[Threshold, ...]
    label: str  # the text alternative, read by screen readers
    dealer_label: str
    title_id: str
    step: float  # room for one busca along an arm
    blank: bool = False  # a sheet to fill in with a pencil: no totals written
    key: Key | None = None  # the key line under the cross: drawn when a penalty busca is

    @property
    def penalties(self) -> int:
        return sum(len(arm.dots) for arm in self.arms)

    @property
    def dense(self) -> bool:
        """Busche so close together that the strokes need a finer pencil."""
        return self.step < DENSE_STEP

    @property
    def view_box(self) -> str:
        return f"0 0 {_number(self.width)} {_number(self.height)}"


def busca_cross(
    names: Sequence[str],
    totals: Sequence[int],
    thresholds: Sequence[int],
    *,
    dealer: int | None = None,
    losers: Sequence[int] = (),
    winners: Sequence[int] = (),
    label: str = "",
    dealer_label: str = "dealer",
    title_id: str = "cross-title",
    blank: bool = False,
    bottom: int = 0,
    penalties: Sequence[Sequence[int]] = (),
    key_labels: tuple[str, str] = ("busca from points", "penalty"),
) -> Cross:
    """Lay out the cross for four players seated in order around the phone.

    ``penalties``: for each seat, which of its busche (0 the first, by the centre) a penalty gave;
    those are drawn as dots, and the key line (``key_labels``: the stroke's, the dot's) under the cross.

    ``blank`` draws a sheet to print and fill in with a pencil: the arms and the threshold
    ticks, the names as given (lines to write on, say), and no totals. ``bottom`` is the seat
    drawn at the bottom, nearest whoever holds the phone; the others follow counter-clockwise.
    """
    if len(names) != SEATS or len(totals) != SEATS:
        raise ValueError(f"the cross has {SEATS} arms: got {len(names)} names and {len(totals)} totals")
    for seat in (*([] if dealer is None else [dealer]), *losers, *winners, bottom):
        if not 0 <= seat < SEATS:
            raise ValueError(f"seat {seat} is not at the table: seats go from 0 to {SEATS - 1}")
    marks = sorted({t for t in thresholds if t > 0})

    # Every arm shares one scale, long enough for the highest threshold and two more
    # busche, or for the highest total; with many busche the strokes draw closer, up to
    # STROKE_CAP. A threshold past the arm's end gets no tick: no table plays to it.
    capacity = min(max([GROUP, *(t + 2 for t in marks), *totals]), STROKE_CAP)
    marks = [t for t in marks if t < capacity]
    step = min(MAX_STEP, (ARM - FIRST - TIP_GAP) / _extent(capacity))
    # The square's side along the arm is five steps; across it never gets too thin to read.
    half = max(GROUP * step / 2, 8.0)
    stroke_half = half - max(step / 2, 2.5)
    tick_half = half + 4.0

    arms = tuple(
        _arm(
            seat,
            names[seat],
            totals[seat],
            marks,
            step=step,
            half=half,
            stroke_half=stroke_half,
            tick_half=tick_half,
            is_dealer=seat == dealer,
            is_loser=seat in losers,
            is_winner=seat in winners,
            place=(seat - bottom) % SEATS,
            penalties=tuple(sorted(set(penalties[seat]))) if penalties else (),
        )
        for seat in range(SEATS)
    )
    key = _key(*key_labels) if any(arm.dots for arm in arms) else None
    # Each number once, on the free side of the bottom arm (its name is on the other side).
    labels = tuple(
        Threshold(
            value=t,
            at=Text(_r(CENTRE - tick_half - 3), _r(CENTRE + FIRST + _tick(t) * step + 4), "end"),
        )
        for t in marks
    )
    if not label:
        label = ", ".join(f"{name} {total}" for name, total in zip(names, totals, strict=True))
    return Cross(
        width=SIZE,
        height=SIZE + (KEY_ROOM if key else 0),
        arms=arms,
        thresholds=labels,
        label=label,
        dealer_label=dealer_label,
        title_id=title_id,
        step=_r(step),
        blank=blank,
        key=key,
    )


def _key(stroke_label: str, dot_label: str) -> Key:
    """The key line, under the sheet's square: a stroke and its words, then a dot and its words."""
    y = SIZE + KEY_ROOM / 2
    left = MARGIN + 4
    dot_x = CENTRE + 8
    return Key(
        stroke=Segment(_r(left), _r(y - 6), _r(left), _r(y + 6)),
        stroke_label=stroke_label,
        stroke_at=Text(_r(left + 8), _r(y + 4), "start"),
        dot_path=_dot(dot_x, y, DOT_RADIUS),
        dot_label=dot_label,
        dot_at=Text(_r(dot_x + 8), _r(y + 4), "start"),
    )


def _arm(
    seat: int,
    name: str,
    total: int,
    marks: Sequence[int],
    *,
    step: float,
    half: float,
    stroke_half: float,
    tick_half: float,
    is_dealer: bool,
    is_loser: bool,
    is_winner: bool,
    place: int,
    penalties: tuple[int, ...] = (),
) -> Arm:
    """Seat ``seat``'s arm, drawn at ``place``: 0 at the bottom, then counter-clockwise."""

    def segment(along1: float, across1: float, along2: float, across2: float) -> Segment:
        return _segment(place, along1, across1, along2, across2)

    ticks = tuple(
        segment(FIRST + _tick(t) * step, tick_half, FIRST + _tick(t) * step, -tick_half) for t in marks
    )

    # The name sits beside the end of the arm, each in its own quarter of the sheet,
    # so long names never cross another arm: upright text, whatever the seat.
    tip = CENTRE + ARM
    low = CENTRE - ARM
    gap = tick_half + LABEL_GAP
    name_at, dealer_at, overflow_at = {
        0: (
            Text(CENTRE + gap, tip + 5, "start"),
            Text(CENTRE + gap, tip - 13, "start"),
            Text(CENTRE - gap, tip + 5, "end"),
        ),
        1: (
            Text(tip, CENTRE - gap - 3, "end"),
            Text(tip, CENTRE - gap - 21, "end"),
            Text(tip, CENTRE + gap + 12, "end"),
        ),
        2: (
            Text(CENTRE - gap, low + 5, "end"),
            Text(CENTRE - gap, low + 21, "end"),
            Text(CENTRE + gap, low + 5, "start"),
        ),
        3: (
            Text(low, CENTRE + gap + 12, "start"),
            Text(low, CENTRE + gap + 28, "start"),
            Text(low, CENTRE - gap - 3, "start"),
        ),
    }[place]
    drawn = min(max(total, 0), STROKE_CAP)

    return Arm(
        seat=seat,
        name=shorten(name),
        full_name=name,
        busche=total,
        line=segment(0, 0, ARM, 0),
        **_pencilled(drawn, place, step, half, stroke_half, tuple(p for p in penalties if 0 <= p < drawn)),
        ticks=ticks,
        overflow=max(total, 0) - drawn,
        overflow_at=_rounded(overflow_at),
        name_at=_rounded(name_at),
        dealer_at=_rounded(dealer_at),
        is_dealer=is_dealer,
        is_loser=is_loser,
        is_winner=is_winner,
        place=place,
    )


def _point(place: int, along: float, across: float) -> tuple[float, float]:
    """A point of the arm drawn at ``place``; ``across`` to its left, looking out from the centre."""
    dx, dy = DIRECTIONS[place]
    return CENTRE + dx * along + dy * across, CENTRE + dy * along - dx * across


def _segment(place: int, along1: float, across1: float, along2: float, across2: float) -> Segment:
    (x1, y1), (x2, y2) = _point(place, along1, across1), _point(place, along2, across2)
    return Segment(_r(x1), _r(y1), _r(x2), _r(y2))


@functools.lru_cache(maxsize=512)
def _pencilled(
    total: int, place: int, step: float, half: float, stroke_half: float, penalties: tuple[int, ...] = ()
) -> dict[str, Any]:
    """An arm's strokes, dots and squares, and their SVG paths: the same for every arm of that size.

    Kept, as a long match has hundreds of strokes, and a new deal changes few arms.
    """
    strokes = []
    dots = []
    radius = min(DOT_RADIUS, max(step * 0.55, 1.4))
    for index in range(total):
        along = FIRST + _slot(index) * step
        if index in penalties:
            x, y = _point(place, along, 0)
            dots.append(Text(_r(x), _r(y), "middle"))
            continue
        # A pencil is never quite straight: tilt and shorten each stroke a little.
        tilt = _jitter(index, 1) * min(step * 0.12, 0.8)
        trim = abs(_jitter(index, 2)) * stroke_half * 0.1
        strokes.append(
            _segment(place, along - tilt, stroke_half - trim, along + tilt, -stroke_half + trim / 2)
        )
    groups = []
    for group in range(total // GROUP):
        start = FIRST + group * (GROUP + 1) * step
        (x1, y1), (x2, y2) = _point(place, start, half), _point(place, start + GROUP * step, -half)
        groups.append(Box(_r(min(x1, x2)), _r(min(y1, y2)), _r(abs(x2 - x1)), _r(abs(y2 - y1))))
    return {
        "strokes": tuple(strokes),
        "groups": tuple(groups),
        "strokes_path": "".join(
            f"M{_number(s.x1)} {_number(s.y1)}L{_number(s.x2)} {_number(s.y2)}" for s in strokes
        ),
        "dots": tuple(dots),
        "dots_path": "".join(_dot(d.x, d.y, radius) for d in dots),
        "groups_path": "".join(
            f"M{_number(b.x)} {_number(b.y)}h{_number(b.width)}v{_number(b.height)}h{_number(-b.width)}Z"
            for b in groups
        ),
    }


def _dot(x: float, y: float, radius: float) -> str:
    """A filled round dot, as two half circles of one path."""
    r = _r(radius)
    return f"M{_number(_r(x - r))} {_number(_r(y))}a{_number(r)} {_number(r)} 0 1 0 {_number(2 * r)} 0" + (
        f"a{_number(r)} {_number(r)} 0 1 0 {_number(-2 * r)} 0Z"
    )


def _slot(index: int) -> float:
    """Centre of busca number ``index + 1``, in steps from FIRST: five, a gap, five, …"""
    return index // GROUP * (GROUP + 1) + index % GROUP + 0.5


def _tick(threshold: int) -> float:
    """Halfway between the busca that reaches ``threshold`` and the next one."""
    return (_slot(threshold - 1) + _slot(threshold)) / 2


def _extent(count: int) -> float:
    """Steps from FIRST to the far side of busca number ``count``."""
    return _slot(count - 1) + 0.5


def _jitter(index: int, salt: int) -> float:
    """A repeatable wobble in [-1, 1] for stroke ``index``."""
    value = math.sin(index * 12.9898 + salt * 78.233) * 43758.5453
    return (value - math.floor(value)) * 2 - 1


def _r(value: float) -> float:
    return round(value, 1) + 0.0  # + 0.0 turns -0.0 into 0.0


def _rounded(text: Text) -> Text:
    return Text(_r(text.x), _r(text.y), text.anchor)


def _number(value: float) -> str:
    return f"{value:g}"
