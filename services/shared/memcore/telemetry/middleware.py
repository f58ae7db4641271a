"""Per request: the latency histogram by route template and status (pure ASGI, no buffering), and the
settings of FastAPI's native OpenTelemetry support, which makes the server span of each request
(continuing the caller's trace from its traceparent header, named by the route template)."""
from __future__ import annotations

import time

from opentelemetry import trace

from . import metrics

UNMATCHED = "unmatched"  # a path no route matched: never its raw text (it may hold ids or names)
NOT_TRACED = frozenset({"/metrics", "/healthz", "/readyz"})  # scrapes and probes: counted, not traced

# FastAPI(telemetry=TELEMETRY): server spans only. Its per-dependency and serialization spans cost
# time on every request and say little beyond our stage spans; its logs would record exception
# messages (which may quote input); its own metrics are OpenTelemetry's, ours are Prometheus'.
TELEMETRY = {"tracing": True, "operation_spans": False, "logs": False, "metrics": False,
             "exclude": lambda scope: scope.get("path") in NOT_TRACED}


class TelemetryMiddleware:
    def __init__(self, app, service: str):
        self.app, self.service = app, service

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        status = {"code": 500}

        async def send_status(message):
            if message["type"] == "http.response.start":
                status["code"] = message["status"]
            await send(message)

        start = time.perf_counter()
        try:
            await self.app(scope, receive, send_status)
        finally:
            route = getattr(scope.get("route"), "path", None) or UNMATCHED
            metrics.http_latency.labels(self.service, scope.get("method", "GET"), route,
                                        str(status["code"])).observe(time.perf_counter() - start)


def current_trace_id() -> str | None:
    ctx = trace.get_current_span().get_span_context()
    return format(ctx.trace_id, "032x") if ctx.is_valid else None
