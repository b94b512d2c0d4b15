"""Headless Chromium for the Mini App's tests: Debian's package (/usr/bin/chromium, which
.ci/run installs), driven by Playwright's Python API; Playwright's own browser download
is never used. Without a chromium the tests skip, saying why, except in CI (CI=1), where
a missing browser is a failure."""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

CHROMIUM = os.environ.get("DURAK_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def need_chromium() -> None:
    missing = None
    try:
        import playwright  # noqa: F401
    except ImportError:
        missing = "the playwright package is not installed (pip install -e '.[dev]')"
    if missing is None and not os.path.exists(CHROMIUM):
        missing = f"no chromium at {CHROMIUM} (apt-get install -y chromium; .ci/run does)"
    if missing is not None:
        if os.environ.get("CI"):
            pytest.fail(f"Mini App browser tests cannot run in CI: {missing}")
        pytest.skip(f"Mini App browser tests need a browser: {missing}")


@asynccontextmanager
async def chromium() -> AsyncIterator:
    need_chromium()
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield browser
        finally:
            await browser.close()


async def open_page(browser, url: str, *, viewport: dict | None = None, theme=None,
                    errors: list | None = None, init_script: str = "", **options):
    """A page at a phone's size (or ``viewport``) at 2x; ``theme``: the colour scheme the
    browser reports follows Telegram's (dark when its background is); ``errors``: console
    errors and uncaught exceptions are appended to it; ``init_script`` runs before the
    page's own; ``options`` go to the browser context (e.g. ``reduced_motion``)."""
    dark = bool(theme) and theme.get("bg_color", "#fff").lower() not in ("#fff", "#ffffff")
    context = await browser.new_context(viewport=viewport or PHONE, device_scale_factor=2,
                                        color_scheme="dark" if dark else "light", **options)
    page = await context.new_page()
    if init_script:
        await page.add_init_script(init_script)
    if errors is not None:
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
    await page.goto(url)
    return page
