"""Admission (memory_api.admission): at most N API requests run at once; the rest wait, then get a
503 with Retry-After; health and metrics are never held back."""
import asyncio

import httpx
import pytest

from memory_api.admission import AdmissionMiddleware

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


def slow_app(running: list[int], peak: list[int]):
    async def app(scope, receive, send):
        running[0] += 1
        peak[0] = max(peak[0], running[0])
        try:
            await asyncio.sleep(0.3)
        finally:
            running[0] -= 1
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})
    return app


async def test_requests_beyond_the_limit_wait_their_turn():
    running, peak = [0], [0]
    app = AdmissionMiddleware(slow_app(running, peak), limit=2, wait_s=5)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
        answers = await asyncio.gather(*(c.get("/v1/memory/x") for _ in range(6)))
    assert [r.status_code for r in answers] == [200] * 6
    assert peak[0] == 2


async def test_a_request_that_waits_too_long_gets_503_with_retry_after_and_health_is_not_held():
    running, peak = [0], [0]
    app = AdmissionMiddleware(slow_app(running, peak), limit=1, wait_s=0.05)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
        first, second, health = await asyncio.gather(c.get("/v1/memory/x"), c.get("/v1/memory/y"), c.get("/healthz"))
    assert first.status_code == 200 and health.status_code == 200
    assert second.status_code == 503
    assert second.headers["retry-after"] == "2"
    assert second.json()["error"]["code"] == "overloaded"
    assert peak[0] == 2  # the one admitted request and the health check; never two /v1 requests at once


async def test_limit_zero_admits_everything():
    running, peak = [0], [0]
    app = AdmissionMiddleware(slow_app(running, peak), limit=0, wait_s=0.01)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
        answers = await asyncio.gather(*(c.get("/v1/memory/x") for _ in range(4)))
    assert all(r.status_code == 200 for r in answers) and peak[0] == 4
