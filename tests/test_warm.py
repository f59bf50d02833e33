"""A web process starts ready (scorekeeper/warm.py): it builds what its first requests would have
built (the URL patterns, every template of the project, both catalogues), and it needs no database
for that, so a worker that starts while the database is down still starts."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import pytest
from django.template import TemplateSyntaxError

from scorekeeper import warm


def test_a_web_process_starts_without_touching_the_database() -> None:
    # No django_db mark: a query here fails the test.
    wsgi = importlib.reload(importlib.import_module("scorekeeper.wsgi"))
    assert callable(wsgi.application)


def test_a_template_that_does_not_compile_stops_the_start_not_a_players_request(
    tmp_path: Path, monkeypatch: Any, settings: Any
) -> None:
    (tmp_path / "broken.html").write_text("{% if %}")
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], tmp_path]}]
    monkeypatch.setattr(warm, "OWN", (*warm.OWN, tmp_path))
    with pytest.raises(TemplateSyntaxError):
        warm.warm()
