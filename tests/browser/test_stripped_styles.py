"""The style sheets a phone downloads in production are stripped of their comments and white space
(scorekeeper/staticstorage.py): Chromium reads each as the very same rules as the one written."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

ROOT = Path(__file__).parents[2]
# Each rule as Chromium reads it. A custom property keeps its value as written, white space and all:
# "clamp(-4px, 1rem)" and "clamp(-4px,1rem)" are one value, written two ways.
RULES = """(text) => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  return [...sheet.cssRules].map((rule) => rule.cssText.replace(/,\\s+/g, ","));
}"""


def test_each_stripped_style_sheet_is_read_as_the_same_rules(
    browser: Browser, settings: Any, tmp_path: Path
) -> None:
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "scorekeeper.staticstorage.MinifiedManifestStaticFilesStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)
    names = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
    sheets = sorted(name for name in names if name.endswith(".css") and not name.startswith("admin/"))
    assert "css/app.css" in sheets
    page = browser.new_page()
    try:
        for name in sheets:
            source = next(
                p for p in [ROOT / "static" / name, *ROOT.glob(f"games/*/static/{name}")] if p.exists()
            )
            written, served = source.read_text(), (tmp_path / names[name]).read_text()
            assert page.evaluate(RULES, written) == page.evaluate(RULES, served), name
            if "/*" in written:  # a sheet with comments comes out smaller
                assert len(gzip.compress(served.encode())) < len(gzip.compress(written.encode())), name
    finally:
        page.close()
