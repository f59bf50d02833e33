"""``{% match_title match %}``: which match a page is about, for its <title>.

"Busca / Busche: Anna, Bruno, Carla, Dario", and for the members of its club its evening too
(" · Evening of 28 November 2026, Da Carla"): a tab, a window list and a screen reader opening
the page say which table it is, not only which game.
"""

from __future__ import annotations

from typing import Any

from django import template

from games.registry import GAMES
from matches import dates, services
from matches.access import SESSION_KEY

register = template.Library()


@register.simple_tag(takes_context=True)
def match_title(context: Any, match: Any) -> str:
    names = ", ".join(services.seat_names(match))
    title = f"{GAMES[match.game].names}: {names}"
    request = context.get("request")
    # A guest's link opens the match alone: its evening is not theirs.
    joined = request.session.get(SESSION_KEY, {}) if request is not None else {}
    mine = request is not None and request.user.is_authenticated and str(match.pk) not in joined
    if match.evening_id and mine:
        title += f" · {dates.evening_of(match.evening.date, match.evening.place or '')}"
    return title
