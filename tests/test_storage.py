"""The static files' storage of production (scorekeeper/storage.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.storage import KeptURLStorage


def storage_with(tmp_path: Path, paths: dict[str, str]) -> KeptURLStorage:
    """A storage over files collected into ``tmp_path``, as its manifest lists them."""
    manifest = {"version": "1.1", "paths": paths, "hash": "test"}
    (tmp_path / "staticfiles.json").write_text(json.dumps(manifest))
    return KeptURLStorage(location=tmp_path, base_url="/static/")


def test_a_file_has_its_hashed_address_worked_out_once(tmp_path: Path) -> None:
    storage = storage_with(tmp_path, {"css/app.css": "css/app.0123456789ab.css"})
    assert storage.url("css/app.css") == "/static/css/app.0123456789ab.css"

    storage.hashed_files["css/app.css"] = "css/app.ba9876543210.css"  # looked up again, it would differ

    assert storage.url("css/app.css") == "/static/css/app.0123456789ab.css"


def test_a_file_missing_from_the_manifest_is_still_refused(tmp_path: Path) -> None:
    storage = storage_with(tmp_path, {})
    with pytest.raises(ValueError, match="Missing staticfiles manifest entry"):
        storage.url("css/none.css")
