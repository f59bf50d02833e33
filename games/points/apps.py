"""The Django app of the points board: its templates and static files, and its answers to the web layer."""

from __future__ import annotations

from typing import cast

from games import web


class PointsConfig(web.GameApp):
    name = "games.points"
    label = "points"
    verbose_name = "Points board"
    web_class = "games.points.web.PointsBoard"

    def ready(self) -> None:
        super().ready()
        from django.utils.translation import gettext_lazy

        from .rules import Points

        # The other games' names are their own in every language ("Busca a croce", "Whist"); this
        # one is words, which the pure rules cannot translate: every page that names the game
        # (variant.names) reads it in its own language.
        Points.names = cast(str, gettext_lazy(Points.names))
