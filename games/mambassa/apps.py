"""The Django app of Mambassa: its templates and static files, and its answers to the web layer."""

from __future__ import annotations

from games import web


class MambassaConfig(web.GameApp):
    name = "games.mambassa"
    label = "mambassa"
    verbose_name = "Mambassa"
    web_class = "games.mambassa.web.Mambassa"
