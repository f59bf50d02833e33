"""Render static/img/icon.svg to the PNG icons phones ask for (run once after changing the SVG).

Headless Debian Chromium draws the SVG at each size; the PNGs are committed, so nothing
here runs at build or test time.  Usage: .venv/bin/python scripts/render_icons.py
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

IMG = Path(__file__).resolve().parent.parent / "static" / "img"
SIZES = {"icon-512.png": 512, "icon-192.png": 192, "apple-touch-icon.png": 180}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]


def main() -> None:
    svg = (IMG / "icon.svg").read_text()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for name, size in SIZES.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            sized = svg.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content(f'<html><body style="margin:0">{sized}</body></html>')
            page.screenshot(path=str(IMG / name))
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
