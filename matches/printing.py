"""What the printed pages show: a match on paper for the archive, and blank sheets for a pencil.

The drawings come from the same geometry as the match page (drawing.py, table_drawing.py,
sheet_drawing.py); here only what a page of paper adds: its size, a QR code back to the
match, the deals in the order they were played, and the empty rows and the rules of a
blank sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import segno
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.core import resolve_options
from games.registry import GAMES, Variant

from . import sheets
from .drawing import busca_cross
from .rules_summary import SUMMARIES
from .services import Standing
from .sheet_drawing import blank_whist_sheet
from .table_drawing import MAX_PLAYERS, MIN_PLAYERS, mambassa_table

A4, A5 = "a4", "a5"
WRITE_HERE = "_" * 10  # a name to write in pencil: a line, as wide as most names
MAX_LIVES = 9
MAX_THRESHOLD = 99

# Empty deal rows on the front of a blank sheet: as many as fit under its drawing on A4, at
# least 7.5 mm each; in print the table then stretches them to fill the page to its foot
# (print.css), whatever the language makes of the lines above them (tests/browser/test_print.py).
BLANK_ROWS = {"busca": 15, "mambassa": 18, "whist": 14}
BLANK_ROWS_A5 = 9  # under the cross on A5


def paper_for(variant: Variant, asked: str | None) -> str:
    """A4, or A5 for the Busca cross when asked: a square cross fills half a sheet of A4."""
    return A5 if asked == A5 and variant.family == "busca" else A4


def papers(variant: Variant) -> tuple[str, ...]:
    return (A4, A5) if variant.family == "busca" else (A4,)


def paper_links(variant: Variant, query: Mapping[str, str]) -> list[dict[str, str]]:
    """The same page on each paper it comes in: the query kept, but for the paper."""
    return [{"size": size, "query": urlencode({**query, "paper": size})} for size in papers(variant)]


def qr_svg(url: str) -> SafeString:
    """The QR code of ``url`` as inline SVG, sized by the stylesheet, black on white."""
    svg = segno.make(url, error="m").svg_inline(
        scale=4, dark="#000000", light="#ffffff", omitsize=True, svgclass="qr"
    )
    return mark_safe(svg)  # segno's own markup: the URL is in it as black modules, never as text


def print_context(standing: Standing, *, url: str, query: Mapping[str, str]) -> dict[str, Any]:
    """A match on paper: its title, drawing, result, every deal in order, and a QR code to ``url``."""
    context = sheets.sheet_context(standing, can_score=False, all_deals=True)
    variant, match = context["variant"], context["match"]
    # On paper the deals go down the page in the order they were played.
    context["rows"] = list(reversed(context["rows"]))
    context.update(
        {
            "paper": paper_for(variant, query.get("paper")),
            "paper_links": paper_links(variant, {}),
            "match_url": url,
            "qr": qr_svg(url),
            "played_on": match.evening.date if match.evening else match.created_at,
            "evening": match.evening,
            "family": variant.family,
        }
    )
    return context


# -- Blank sheets -------------------------------------------------------------------------------


@dataclass(frozen=True)
class BlankChoice:
    """What a blank sheet is for: how many at the table, how many lives, where the match ends."""

    players: int
    lives: int
    threshold: int | None  # busca-001's victory threshold, when agreed
    paper: str


def _number(query: Mapping[str, str], key: str, default: int | None, low: int, high: int) -> int | None:
    """A whole number from the query, kept between ``low`` and ``high``; ``default`` when missing."""
    try:
        value = int(query.get(key, ""))
    except ValueError:
        return default
    return min(max(value, low), high)


def blank_choice(variant: Variant, query: Mapping[str, str]) -> BlankChoice:
    """The sheet asked for in ``query``, each number brought within what the game allows."""
    players = variant.min_players
    if variant.family == "mambassa":
        players = _number(query, "players", 4, MIN_PLAYERS, MAX_PLAYERS) or 4
    return BlankChoice(
        players=players,
        lives=_number(query, "lives", 3, 1, MAX_LIVES) or 3,
        threshold=_number(query, "threshold", None, 1, MAX_THRESHOLD),
        paper=paper_for(variant, query.get("paper")),
    )


def blank_games() -> list[dict[str, Any]]:
    """Every game there is a blank sheet for, in the order of the new-match page."""
    return [
        {"variant": variant, "papers": papers(variant), "summary": variant.summary}
        for key, variant in GAMES.items()
        if key in SUMMARIES
    ]


def blank_context(variant: Variant, choice: BlankChoice, query: Mapping[str, str]) -> dict[str, Any]:
    """A blank sheet: the empty drawing and deal rows on the front, the rules on the back."""
    family = variant.family
    rows = BLANK_ROWS_A5 if choice.paper == A5 else BLANK_ROWS[family]
    context: dict[str, Any] = {
        "variant": variant,
        "family": family,
        "choice": choice,
        "paper": choice.paper,
        "paper_links": paper_links(variant, query),
        "rules": SUMMARIES[variant.key],
        "rows": range(1, rows + 1),
        "columns": range(choice.players),
    }
    if family == "busca":
        options = resolve_options(variant.options, _busca_options(variant, choice))
        context["thresholds"] = variant.thresholds(options)
        context["cross"] = busca_cross(
            [WRITE_HERE] * choice.players,
            [0] * choice.players,
            context["thresholds"],
            label=_("An empty score cross: one arm for each player, to mark the busche in pencil."),
            blank=True,
        )
    elif family == "mambassa":
        context["table"] = mambassa_table(
            [WRITE_HERE] * choice.players,
            [choice.lives] * choice.players,
            choice.players,  # each player's first token, put in the pot at once
            lives=choice.lives,
            label=_("An empty table: each player's lives as coins to cross out, and the pot."),
            pot_label=_("pot"),
            blank=True,
        )
    else:
        pair = "_______ & _______"
        context["sheet"] = blank_whist_sheet(
            (pair, pair), rows=14, label=_("An empty two-column sheet: one column for each pair.")
        )
    return context


def _busca_options(variant: Variant, choice: BlankChoice) -> dict[str, Any]:
    if variant.key == "busca-001":
        return {"victory_threshold": choice.threshold}
    return {}
