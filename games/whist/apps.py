"""The Django app of Whist: its templates and static files, and its answers to the web layer."""

from __future__ import annotations

from games import web


class WhistConfig(web.GameApp):
    name = "games.whist"
    label = "whist"
    verbose_name = "Whist"
    web_class = "games.whist.web.Whist"
