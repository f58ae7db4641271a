"""Browser tests of the portal: Playwright for Python driving Debian's chromium (scripts/install.sh
installs it; Playwright's own browser download cannot work offline)."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("MEMORY_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
# Flags a headless chromium needs on a closed network, as root, without a GPU.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session", autouse=True)
def patient_assertions():
    """A loaded 2-core CI machine answers slower than Playwright's 5 s default for expect()."""
    from playwright.sync_api import expect

    expect.set_options(timeout=30_000)


@pytest.fixture(scope="module")
def browser():
    """Module scope, not session: Playwright's sync API keeps its event loop marked as running in
    this thread while it is open, so any later test that calls asyncio.run() or asks for the running
    loop (redis-py's token manager) would find Playwright's loop."""
    if CHROMIUM is None:
        pytest.fail("chromium is not installed: run `make install` (scripts/install.sh installs it with apt)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def screenshots() -> Path | None:
    """Where to save screenshots of the main screens (MEMORY_PORTAL_SCREENSHOTS=docs/portal to refresh the docs)."""
    target = os.environ.get("MEMORY_PORTAL_SCREENSHOTS")
    if not target:
        return None
    path = Path(target)
    path.mkdir(parents=True, exist_ok=True)
    return path
