"""What the printed pages show: a match on paper for the archive, and blank sheets for a pencil.

The drawings come from the same geometry as the match page (each game's drawing.py, asked by
its web side); here only what a page of paper adds: its size, a QR code back to the
match, the deals in the order they were played, and the empty rows and the rules of a
blank sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

import segno
from django.utils.safestring import SafeString, mark_safe

from games.registry import GAMES, Variant
from games.web import A5, BlankChoice, web_for

from . import sheets
from .services import Standing


def paper_links(variant: Variant, query: Mapping[str, str]) -> list[dict[str, str]]:
    """The same page on each paper it comes in (A4, or A5 too for the Busca cross): the query
    kept, but for the paper."""
    return [{"size": size, "query": urlencode({**query, "paper": size})} for size in web_for(variant).papers]


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
    web = web_for(variant)
    # On paper the deals go down the page in the order they were played.
    context["rows"] = list(reversed(context["rows"]))
    context.update(
        {
            "paper": web.paper(query.get("paper")),
            "paper_links": paper_links(variant, {}),
            "match_url": url,
            "qr": qr_svg(url),
            "played_on": match.evening.date if match.evening else match.created_at,
            "evening": match.evening,
            "print_deals_template": web.templates.print_deals,
        }
    )
    return context


# -- Blank sheets -------------------------------------------------------------------------------


def blank_choice(variant: Variant, query: Mapping[str, str]) -> BlankChoice:
    """The sheet asked for in ``query``, each number brought within what the game allows."""
    return web_for(variant).blank_choice(variant, query)


def blank_games() -> list[dict[str, Any]]:
    """Every game there is a blank sheet for, in the order of the new-match page."""
    games = []
    for variant in GAMES.values():
        web = web_for(variant)
        if web.rules_summary(variant):
            choice = web.templates.blank + "#choice"  # the fields of its choice (players, lives, …)
            games.append(
                {"variant": variant, "papers": web.papers, "summary": variant.summary, "choice": choice}
            )
    return games


def blank_context(variant: Variant, choice: BlankChoice, query: Mapping[str, str]) -> dict[str, Any]:
    """A blank sheet: the empty drawing and deal rows on the front, the rules on the back.

    Empty deal rows: as many as fit under its drawing on A4, at least 7.5 mm each; in print the
    table then stretches them to fill the page to its foot (print.css), whatever the language makes
    of the lines above them (tests/browser/test_print.py).
    """
    web = web_for(variant)
    rows = web.blank_rows_a5 if choice.paper == A5 else web.blank_rows
    return {
        "variant": variant,
        "choice": choice,
        "paper": choice.paper,
        "paper_links": paper_links(variant, query),
        "rules": web.rules_summary(variant),
        "rows": range(1, rows + 1),
        "columns": range(choice.players),
        "blank_template": web.templates.blank,
        **web.blank_sheet(variant, choice),
    }
