"""What a page of one game adds to the page every game shares (base.html): its own styles and scripts."""

from __future__ import annotations

from typing import Any

from django import template

from games.registry import GAMES
from games.web import web_for

register = template.Library()


@register.filter
def game_stylesheets(variant: Any) -> tuple[str, ...]:
    """The static paths of the stylesheets the game of ``variant`` adds (none on other pages)."""
    return web_for(variant).stylesheets if getattr(variant, "key", None) in GAMES else ()


@register.filter
def game_scripts(variant: Any) -> tuple[str, ...]:
    """The static paths of the scripts the game of ``variant`` adds (none on other pages)."""
    return web_for(variant).scripts if getattr(variant, "key", None) in GAMES else ()
