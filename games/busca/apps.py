"""The Django app of Busca: its templates and static files, and its answers to the web layer."""

from __future__ import annotations

from games import web


class BuscaConfig(web.GameApp):
    name = "games.busca"
    label = "busca"
    verbose_name = "Busca"
    web_class = "games.busca.web.Busca"
