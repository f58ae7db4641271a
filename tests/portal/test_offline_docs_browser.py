"""Every service's API docs work without internet (issue 33): in a real browser, /docs (Swagger UI)
and /redoc of memory-api, the policy service and the consolidator render, and no request leaves
the machine; /favicon.ico answers 200."""
from __future__ import annotations

import uuid
from urllib.parse import urlsplit

import httpx
import pytest
from playwright.sync_api import expect

from memcore.devstack.live_server import LiveServer

pytestmark = pytest.mark.slow
LOCAL = {"127.0.0.1", "localhost"}


@pytest.fixture(scope="module")
def consolidator_url(stack_env, embedder):
    from consolidator.app import create_app
    from consolidator.settings import ConsolidatorSettings

    settings = ConsolidatorSettings(
        MEMORY_APP_DATABASE_URL=stack_env["MEMORY_APP_DATABASE_URL"],
        MEMORY_RELAY_DATABASE_URL=stack_env["MEMORY_RELAY_DATABASE_URL"],
        REDIS_URL=stack_env["REDIS_URL"], stream_prefix=f"docstest:{uuid.uuid4().hex[:8]}",
        consumer_group=f"docs-{uuid.uuid4().hex[:6]}", log_level="WARNING")
    server = LiveServer(create_app(settings, embedder=embedder), "consolidator").start()
    yield server.url
    server.stop()


@pytest.fixture(scope="module")
def services(api_url, policy_server, consolidator_url) -> dict[str, str]:
    return {"memory-api": api_url, "policy service": policy_server.url, "memory consolidator": consolidator_url}


@pytest.mark.parametrize("service", ["memory-api", "policy service", "memory consolidator"])
def test_docs_render_from_the_service_itself(browser, services, service):
    base = services[service]
    ctx = browser.new_context()
    outside: list[str] = []

    def only_local(route):
        if urlsplit(route.request.url).hostname in LOCAL:
            route.continue_()
        else:  # recorded and refused at once: a closed network would leave the page blank
            outside.append(route.request.url)
            route.abort()

    ctx.route("**/*", only_local)
    page = ctx.new_page()
    page.goto(f"{base}/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text(service)
    expect(page.locator(".swagger-ui .opblock").first).to_be_visible()  # the operations, from /openapi.json
    page.wait_for_load_state("networkidle")
    page.goto(f"{base}/redoc")
    expect(page.get_by_role("heading", level=1)).to_contain_text(service)
    page.wait_for_load_state("networkidle")
    ctx.close()
    assert outside == []
    icon = httpx.get(f"{base}/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/") and icon.content
