"""What the drawings of every game share: lines, boxes, where a text goes, a name made to fit.

Pure Python: no Django here. Every coordinate is in viewBox units; the templates only turn these
values into SVG markup.
"""

from __future__ import annotations

from dataclasses import dataclass

NAME_LIMIT = 12  # characters shown of a name, the ellipsis included
# With the phone's text at twice its size (static/css/cross.css, "large"), a name and its total
# fill a quarter of the Busca cross at 7 characters; longer names are written smaller there, not cut.
LARGE_TEXT_NAME = 7


@dataclass(frozen=True)
class Segment:
    """A straight line: an arm, a busca stroke or a threshold tick."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Box:
    """The square that closes a group of five busche."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Text:
    """Where a line of text goes; ``anchor`` is SVG's text-anchor."""

    x: float
    y: float
    anchor: str  # "start", "middle" or "end"


def large_text_length(name: str, fits: int = LARGE_TEXT_NAME) -> str:
    """A name's length class for large text: "" when ``fits`` characters or fewer, else "1" or "2"."""
    if len(name) <= fits:
        return ""
    return "1" if len(name) <= fits + 2 else "2"


def shorten(name: str, limit: int = NAME_LIMIT) -> str:
    """The name as it fits at the end of an arm: at most ``limit`` characters."""
    name = " ".join(name.split())
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"
