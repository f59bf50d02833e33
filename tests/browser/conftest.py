"""One headless Chromium per test session, one fresh page (a phone, 390×844) per test.

The browser is Debian's Chromium: these tests never download one. Without it they are
skipped, except where REQUIRE_BROWSER is set (CI sets it): there a missing browser fails
the run, because a skipped journey proves nothing.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect, sync_playwright

# Playwright's sync API runs an event loop in this thread; without this, Django would refuse
# the database access that the live server and the fixtures make from it.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE: ViewportSize = {"width": 390, "height": 844}

# A slow CI machine gets more than Playwright's default 5 s before an expectation fails.
expect.set_options(timeout=10_000)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} is missing (apt-get install chromium)"
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail(f"REQUIRE_BROWSER is set but {reason}", pytrace=False)
        pytest.skip(f"browser tests need Chromium: {reason}")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def quick_passwords(settings: Any) -> None:
    """Sign-up hashes a password; the fast hasher keeps each journey's first step short."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def page(browser: Browser, live_server: Any, transactional_db: Any) -> Iterator[Page]:
    """A fresh phone-sized page on the live server: relative URLs like "/signup/" work.

    A JavaScript error on the page fails the test: the entry form depends on its script. So does
    anything the Content-Security-Policy blocks (an inline script, style or handler): it would not run.
    """
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale="en-GB")
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console",
        lambda message: (
            errors.append(message.text)
            if message.type == "error" and "Content Security Policy" in message.text
            else None
        ),
    )
    yield page
    context.close()
    if errors:
        pytest.fail("JavaScript errors on the page:\n" + "\n".join(errors), pytrace=False)
