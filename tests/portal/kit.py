"""The portal's browser kit, shared by tests/portal and the S7 scenario (tests/scenarios): Playwright
for Python driving Debian's chromium (scripts/install.sh installs it; Playwright's own browser download
cannot work offline), a family on the running API, and the helpers that sign in and read what the
companion is given. A test module imports the fixtures it uses (tests/portal/conftest.py imports them
for the portal tests)."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

CHROMIUM = os.environ.get("MEMORY_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
# Flags a headless chromium needs on a closed network, as root, without a GPU.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser():
    """Module scope, not session: Playwright's sync API keeps its event loop marked as running in
    this thread while it is open, so any later test that calls asyncio.run() or asks for the running
    loop (redis-py's token manager) would find Playwright's loop."""
    if CHROMIUM is None:
        pytest.fail("chromium is not installed: run `make install` (scripts/install.sh installs it with apt)")
    from playwright.sync_api import sync_playwright

    expect.set_options(timeout=30_000)  # a loaded 2-core CI machine answers slower than the 5 s default

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


@pytest.fixture
def family(new_tenant):
    t = new_tenant("parent", "child", "orchestrator")
    parent, child, orchestrator = t["clients"]
    child_id = t["users"][1]["user_id"]
    r = parent.put(f"/v1/users/{child_id}/policy", json={"age_band": "8_12", "review_new_types": ["skill"]})
    assert r.status_code == 200, r.text
    r = parent.post("/v1/memory/candidates", json={"owner_id": child_id, "items": [
        {"text": "Leo loves triceratops.", "type": "preference"},
        {"text": "Leo walks the dog with grandpa on Sundays.", "type": "semantic"}]})
    assert r.status_code == 200, r.text
    for text in ("Grandpa Joe takes Leo fishing at the lake.", "Joseph Miller taught Leo to tie knots."):
        r = parent.post("/v1/conversations/s-family/turns", json={"speaker": "parent", "text": text,
                                                                  "owner_id": child_id})
        assert r.status_code == 200, r.text
    held = child.post("/v1/memory/candidates", json={"items": [{"text": "Leo can ride a bike without stabilisers.",
                                                                "type": "skill"}]})
    assert held.status_code == 200 and held.json()["items"][0]["memory"] is None, held.text
    return {"t": t, "parent": parent, "child": child, "orchestrator": orchestrator, "child_id": child_id,
            "parent_token": t["users"][0]["token"], "child_token": t["users"][1]["token"]}


def context_of(f, query: str) -> dict:
    r = f["orchestrator"].post("/v1/memory/contextify", json={"query": query, "owner_id": f["child_id"],
                                                              "token_budget": 800})
    assert r.status_code == 200, r.text
    return r.json()


def child_texts(f) -> list[str]:
    r = f["parent"].get("/v1/memory/list", params={"owner_id": f["child_id"], "limit": 200})
    return [m["text"] for m in r.json()["items"]]


def sign_in(page, api_url: str, token: str) -> None:
    page.goto(f"{api_url}/portal")
    field = page.get_by_label("Your sign-in code")
    expect(field).to_be_focused()
    page.keyboard.type(token)  # keyboard only: the field has focus, Enter submits
    page.keyboard.press("Enter")


def shot(page, screenshots, name: str) -> None:
    if screenshots:
        page.screenshot(path=str(screenshots / f"{name}.png"), full_page=True)
