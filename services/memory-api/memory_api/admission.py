"""Admission: at most N API requests run at once; the others wait at the door, holding nothing.

Under a load the machine cannot serve as fast as it comes (measured: 200 sessions on 2 shared
cores), every request still started at once: each took a pool connection, gave it back, queued
again for the next one (policy, session context, the write) behind all the others, and the
pool's acquire timeout turned the queue into 503s (11% of requests). Here requests queue once,
before they take a connection, an embedding slot or the extraction thread; once admitted a
request runs to the end with what it needs. A request that waits longer than `wait_s` is
answered 503 with Retry-After (the machine is overloaded: say so rather than hold it forever).
Only /v1/ routes are admitted this way: health, readiness and metrics always answer.
"""
from __future__ import annotations

import asyncio

import orjson
from prometheus_client import Gauge
from starlette.types import ASGIApp, Receive, Scope, Send

waiting = Gauge("memory_admission_waiting", "API requests waiting for admission (MEMORY_MAX_INFLIGHT reached)")
running = Gauge("memory_admission_running", "API requests admitted and running")

RETRY_AFTER_S = 2


class AdmissionMiddleware:
    def __init__(self, app: ASGIApp, limit: int, wait_s: float) -> None:
        self.app, self.limit, self.wait_s = app, limit, wait_s
        self._slots: asyncio.Semaphore | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.limit <= 0 or scope["type"] != "http" or not scope["path"].startswith("/v1/"):
            await self.app(scope, receive, send)
            return
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.limit)
        waiting.inc()
        try:
            await asyncio.wait_for(self._slots.acquire(), self.wait_s)
        except TimeoutError:
            await _overloaded(send, self.wait_s)
            return
        finally:
            waiting.dec()
        running.inc()
        try:
            await self.app(scope, receive, send)
        finally:
            running.dec()
            self._slots.release()


async def _overloaded(send: Send, wait_s: float) -> None:
    body = orjson.dumps({"error": {"code": "overloaded", "details": {"waited_s": wait_s},
                                   "message": f"the service is at capacity; retry in {RETRY_AFTER_S} s"}})
    await send({"type": "http.response.start", "status": 503,
                "headers": [(b"content-type", b"application/json"), (b"retry-after", str(RETRY_AFTER_S).encode()),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
